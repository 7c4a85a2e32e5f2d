#!/usr/bin/env bash
# `tirconf reduce` on planted miscompilations of llvm-O2 (backends/llvm/planted.h, a test-only
# switch): for each kind, the first finding `diff` makes is reduced to a few lines that still
# hold the planted construct; the result passes on the oracle and fails on llvm-O2 with the
# switch. Also: --save files one reproducer per signature, --jobs does not change the result, a
# --test command drives the reduction, and a finding that does not reproduce is refused.
# Usage: reduce_cli_test.sh TIRCONF
set -u
tirconf=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/cli_lib.sh"

program_lines() { # the module's lines, front matter and provenance comments left out
  sed -n '/^@I.ir_module\|^@T.prim_func/,$p' "$1" | grep -cv '^\s*$'
}

# kind, first program, count (windows of seed 1 holding findings of the kind), and what the
# reduced program must still contain.
kinds=(
  "floormod-as-truncmod 0 10 %|FloorMod"
  "signed-minmax-as-unsigned 0 12 T\.(min|max|Min|Max)"
  "select-arms-swapped 110 10 T.Select"
  "cast-float-to-int-rounds 10 5 T.Cast"
  "loop-extent-off-by-one 0 12 for "
  "lost-store-in-vectorized-loop 0 12 T.vectorized"
  "shift-right-signed-as-logical 35 5 shift_right"
)
for entry in "${kinds[@]}"; do
  read -r kind first count needle <<<"$entry"
  export TIRCONF_TEST_PLANT_MISCOMPILE=$kind
  out="$work/$kind"
  expect_rc 1 "$kind: diff finds it" -- "$tirconf" diff --backends oracle,llvm-O2 --seed 1 \
    --first "$first" --count "$count" -q --out "$out"
  finding=$(ls "$out"/*.py 2>/dev/null | head -1)
  if [ -z "$finding" ]; then
    echo "FAIL: $kind: no finding file"; failures=$((failures + 1)); continue
  fi
  expect_rc 0 "$kind: reduce" -- "$tirconf" reduce "$finding" -q --jobs 2 --json "$out/report.json"
  reduced="${finding%.py}.reduced.py"
  expect_text "$work/out" "signature: wrong-value | llvm-O2 |" "$kind: the finding's signature"
  if grep -qE -- "$needle" "$reduced"; then passes=$((passes + 1)); else
    echo "FAIL: $kind: the planted construct ($needle) is gone"; sed 's/^/  | /' "$reduced"
    failures=$((failures + 1)); fi
  lines=$(program_lines "$reduced")
  if [ "$lines" -gt 14 ]; then
    echo "FAIL: $kind: reduced to $lines lines (want a few)"; sed 's/^/  | /' "$reduced"
    failures=$((failures + 1))
  else passes=$((passes + 1)); fi
  expect_rc 0 "$kind: the reduced file passes on the oracle" -- "$tirconf" test "$reduced"
  # FloorMod lowered as a truncated remainder makes negative indices: its reduced program reads
  # out of bounds in llvm-O2's code, and what it reads there (heap contents, pointers moved by
  # ASLR) decides whether a later process sees the wrong value. Its reproduction is not stable.
  if [ "$kind" != floormod-as-truncmod ]; then
    expect_rc 1 "$kind: and fails on llvm-O2 with the switch" -- "$tirconf" test --impl llvm-O2 "$reduced"
  fi
  unset TIRCONF_TEST_PLANT_MISCOMPILE
  expect_rc 0 "$kind: and passes on llvm-O2 without it" -- "$tirconf" test --impl llvm-O2 "$reduced"
  echo "$kind: $(program_lines "$finding") -> $lines lines"
done

# One job or two: the same file. (A kind whose miscompiled code stays in bounds: one that writes
# out of bounds may crash or not depending on the worker's heap layout, and no reducer can be
# deterministic over that.)
export TIRCONF_TEST_PLANT_MISCOMPILE=select-arms-swapped
finding=$(ls "$work/select-arms-swapped"/*.py | grep -v reduced | head -1)
expect_rc 0 "one job" -- "$tirconf" reduce "$finding" -q --out "$work/one.py"
expect_rc 0 "two jobs" -- "$tirconf" reduce "$finding" -q --jobs 2 --out "$work/two.py"
if cmp -s "$work/one.py" "$work/two.py"; then passes=$((passes + 1)); else
  echo "FAIL: --jobs changes the result"; diff "$work/one.py" "$work/two.py" | head; failures=$((failures + 1)); fi

export TIRCONF_TEST_PLANT_MISCOMPILE=signed-minmax-as-unsigned
finding=$(ls "$work/signed-minmax-as-unsigned"/*.py | grep -v reduced | head -1)

# --save: one file per signature; a second, no smaller, is not written again.
expect_rc 0 "save" -- "$tirconf" reduce "$finding" -q --save --regressions "$work/regressions"
saved=$(ls "$work"/regressions/llvm-O2/wrong-value-llvm-O2-int*.py 2>/dev/null | head -1)
if [ -n "$saved" ]; then passes=$((passes + 1)); else
  echo "FAIL: --save wrote no regressions/llvm-O2/<signature>.py"; failures=$((failures + 1)); fi
expect_text "$saved" "# reduced from: seed 1 program" "the saved file says where it came from"
expect_text "$saved" "# signature: wrong-value | llvm-O2 |" "the saved file records its signature"
expect_rc 0 "save again" -- "$tirconf" reduce "$finding" -q --save --regressions "$work/regressions"
expect_text "$work/out" "already saved" "the same signature is not saved twice"

# A user's interestingness test: here, "llvm-O2 fails the file" (exit 0 = interesting).
cat >"$work/still-fails.sh" <<SH
#!/bin/sh
! "$tirconf" test --impl llvm-O2 "\$1" >/dev/null 2>&1
SH
chmod +x "$work/still-fails.sh"
expect_rc 0 "--test" -- "$tirconf" reduce "$finding" -q --test "$work/still-fails.sh" --out "$work/by-test.py"
expect_rc 1 "--test result still fails on llvm-O2" -- "$tirconf" test --impl llvm-O2 "$work/by-test.py"
expect_rc 0 "--test result passes on the oracle" -- "$tirconf" test "$work/by-test.py"

# diff --reduce: the first finding of each signature, reduced into OUT/reduced/.
expect_rc 1 "diff --reduce" -- "$tirconf" diff --backends oracle,llvm-O2 --seed 1 --count 10 -q \
  --out "$work/diff-reduce" --reduce 60
expect_text "$work/out" "REDUCED diff_1_1 (wrong-value | llvm-O2 | int32 buffer element)" \
  "diff --reduce reduces the first finding of a signature"
expect_rc 0 "the reduced findings pass on the oracle" -- "$tirconf" test "$work/diff-reduce/reduced"
expect_rc 1 "and fail on llvm-O2" -- "$tirconf" test --impl llvm-O2 "$work/diff-reduce/reduced"
expect_rc 2 "diff --reduce needs --out" -- "$tirconf" diff --backends oracle,llvm-O2 --seed 1 \
  --count 2 --reduce

# Without the switch the finding does not reproduce: nothing to reduce.
unset TIRCONF_TEST_PLANT_MISCOMPILE
expect_rc 1 "no reproduction" -- "$tirconf" reduce "$finding" -q --out "$work/none.py"
expect_text "$work/err" "does not reproduce" "says it does not reproduce"
expect_rc 2 "bad input" -- "$tirconf" reduce "$work/missing.py" --impl llvm-O2

echo "reduce_cli: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
