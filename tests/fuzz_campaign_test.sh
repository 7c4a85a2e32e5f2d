#!/usr/bin/env bash
# `tirconf fuzz` campaigns (fuzz/campaign.h) on llvm-O2 with a planted miscompilation
# (backends/llvm/planted.h), so that there are findings to group:
# - an uninterrupted run gives findings grouped by signature, stats, a log and exit 1;
# - the same run killed with SIGKILL twice and resumed ends with the same result.json, and a
#   SIGTERM stops it cleanly (resumable) and leaves no temporary file behind;
# - two shards merged equal the unsharded run;
# - signatures an expectations file lists are known: counted, not reduced, exit 0;
# - a new signature is reduced into findings/<slug>/reduced.py;
# - bad usage exits 2 and never touches an existing campaign.
# Usage: fuzz_campaign_test.sh TIRCONF
set -u
tirconf=$1
work=$(mktemp -d)
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
. "$(dirname "$0")/cli_lib.sh"
export TIRCONF_TEST_PLANT_MISCOMPILE=floormod-as-truncmod
# The planted miscompilation writes out of bounds, corrupting its worker: --fresh-workers keeps
# what one chunk's programs do to a worker from reaching another chunk's results.
run=(--backends oracle,llvm-O0,llvm-O2 --seed 1 --count 60 --reduce 0 -q --checkpoint-seconds 0.05
  --fresh-workers)

same_result() { # same_result DIR DESCRIPTION: DIR/result.json equals the uninterrupted run's
  if cmp -s "$work/whole/result.json" "$1/result.json"; then passes=$((passes + 1)); else
    echo "FAIL: $2: result.json differs from the uninterrupted run's"
    diff "$work/whole/result.json" "$1/result.json" | head -20 | sed 's/^/  | /'
    failures=$((failures + 1))
  fi
}

# The uninterrupted run.
expect_rc 1 "a campaign with findings exits 1" -- "$tirconf" fuzz "${run[@]}" --out "$work/whole"
expect_text "$work/out" "new signature" "the summary counts new signatures"
for f in checkpoint.json stats.json result.json campaign.log; do
  expect_rc 0 "whole: $f written" -- test -s "$work/whole/$f"
done
signatures=$(find "$work/whole/findings" -name signature.json | wc -l)
expect_rc 0 "whole: findings grouped by signature ($signatures)" -- test "$signatures" -ge 1
kept=$(find "$work/whole/findings" -name 'diff_1_*.py' | head -1)
expect_rc 1 "a kept program reproduces the finding" -- "$tirconf" test --impl llvm-O2 "$kept"
expect_text "$work/whole/result.json" '"programs": 60' "whole: every program counted once"
expect_text "$work/whole/stats.json" '"rules_reached"' "stats: rule coverage"
expect_text "$work/whole/campaign.log" "NEW signature" "log: each new signature"

# Killed with SIGKILL twice, then resumed to the end.
killed=$work/killed
"$tirconf" fuzz "${run[@]}" --out "$killed" >/dev/null 2>&1 &
sleep 1.5
kill -9 $! 2>/dev/null
wait $! 2>/dev/null
"$tirconf" fuzz --out "$killed" --resume -q --checkpoint-seconds 0.05 >/dev/null 2>&1 &
sleep 1.5
kill -9 $! 2>/dev/null
wait $! 2>/dev/null
expect_rc 1 "resumed after two kills" -- "$tirconf" fuzz --out "$killed" --resume -q
same_result "$killed" "killed twice and resumed"
expect_text "$killed/campaign.log" "RESUME" "log: the resumptions"
expect_rc 0 "no temporary file left" -- test -z "$(find "$killed" -name '*.tmp')"

# SIGTERM stops it at the next program; it resumes with the same options given again.
termed=$work/termed
"$tirconf" fuzz "${run[@]}" --out "$termed" >"$work/term.out" 2>&1 &
sleep 1.5
kill -TERM $!
wait $!
expect_text "$work/term.out" "continue with tirconf fuzz" "SIGTERM: says how to resume"
expect_rc 1 "resumed after SIGTERM" -- "$tirconf" fuzz "${run[@]}" --out "$termed" --resume
same_result "$termed" "stopped with SIGTERM and resumed"

# Two shards merged equal the run.
expect_rc 1 "shard 0/2" -- "$tirconf" fuzz "${run[@]}" --shard 0/2 --out "$work/s0"
expect_rc 1 "shard 1/2" -- "$tirconf" fuzz "${run[@]}" --shard 1/2 --out "$work/s1"
expect_rc 1 "merge" -- "$tirconf" fuzz merge "$work/s0" "$work/s1" --out "$work/merged"
same_result "$work/merged" "shards 0/2 and 1/2 merged"
expect_rc 2 "merge: a shard given twice" -- "$tirconf" fuzz merge "$work/s0" "$work/s0" --out "$work/m2"
expect_rc 2 "merge: not a shard of the run" -- "$tirconf" fuzz merge "$work/s0" "$work/whole" --out "$work/m3"
expect_rc 2 "resume a merge" -- "$tirconf" fuzz --out "$work/merged" --resume

# Known signatures: an expectations file listing every signature the run found.
{
  echo "implementation: llvm-O2"
  echo "signatures:"
  grep -o '"signature": "[^"]*"' "$work/whole/result.json" | sed 's/"signature": \(.*\)/  \1: {reason: "planted"}/'
} >"$work/known.yaml"
expect_rc 0 "only known signatures: exit 0" -- "$tirconf" fuzz "${run[@]}" --out "$work/known" \
  --expectations "$work/known.yaml"
expect_text "$work/out" "0 new signatures" "known: none new"
expect_text "$work/known/result.json" '"known": true' "known: marked in the result"
echo 'signatures: {"not a signature": {reason: x}}' >"$work/bad.yaml"
expect_rc 2 "malformed expectations" -- "$tirconf" fuzz "${run[@]}" --out "$work/bad" \
  --expectations "$work/bad.yaml"
expect_text "$work/err" "bad.yaml:1:" "malformed expectations: file and line"

# A new signature is reduced.
expect_rc 1 "reduce new signatures" -- "$tirconf" fuzz --backends oracle,llvm-O2 --seed 1 \
  --count 4 --reduce 30 -q --out "$work/reduced"
reduced=$(find "$work/reduced/findings" -name reduced.py | head -1)
expect_rc 0 "reduced.py written" -- test -s "$reduced"
expect_rc 1 "the reduced file reproduces" -- "$tirconf" test --impl llvm-O2 "$reduced"

# Bad usage: exit 2, the existing campaign untouched.
before=$(cat "$work/whole/checkpoint.json")
expect_rc 2 "an existing campaign without --resume" -- "$tirconf" fuzz "${run[@]}" --out "$work/whole"
expect_rc 2 "resume with another seed" -- "$tirconf" fuzz --seed 2 --out "$work/whole" --resume
expect_rc 0 "the campaign is untouched" -- test "$before" = "$(cat "$work/whole/checkpoint.json")"
expect_rc 2 "resume without a checkpoint" -- "$tirconf" fuzz --out "$work/none" --resume
expect_rc 2 "no --out" -- "$tirconf" fuzz --count 3
expect_rc 2 "neither --time nor --count" -- "$tirconf" fuzz --out "$work/x"
expect_rc 2 "bad duration" -- "$tirconf" fuzz --time 8x --out "$work/x"
expect_rc 2 "bad shard" -- "$tirconf" fuzz --count 3 --shard 2/2 --out "$work/x"
expect_rc 2 "unknown backend" -- "$tirconf" fuzz --count 3 --backends oracle,nope --out "$work/y"

echo "fuzz campaigns: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
