#!/usr/bin/env bash
# Planted miscompilations (backends/llvm/planted.h, a test-only switch): with
# TIRCONF_TEST_PLANT_MISCOMPILE=KIND, `tirconf diff` finds each kind on llvm-O2 and on it alone
# (llvm-O0 is unaffected), the finding file reproduces it with the switch and passes without; the
# same programs give no finding with the switch unset or empty; an unknown kind is a compile error
# naming the known kinds, never a silent clean run.
# The windows of programs (seed 1, --first, --count) were measured: each holds findings of its
# kind (the commit that added this test lists each kind's findings per 100 programs).
# Usage: planted_miscompile_test.sh TIRCONF
set -u
tirconf=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/cli_lib.sh"

window() { # window FIRST COUNT: diff options for programs FIRST .. FIRST+COUNT-1 of seed 1
  echo "--seed 1 --first $1 --count $2 -q"
}
expect_no_text() { # expect_no_text FILE NEEDLE DESCRIPTION
  if grep -qF -- "$2" "$1"; then
    echo "FAIL: $3: '$2' in output"; sed 's/^/  | /' "$1" | head -20; failures=$((failures + 1))
  else passes=$((passes + 1)); fi
}

# kind, first program, count.
kinds=(
  "floormod-as-truncmod 0 10"
  "signed-minmax-as-unsigned 0 12"
  "shuffle-wrong-lane 554 5"
  "select-arms-swapped 110 10"
  "cast-float-to-int-rounds 10 5"
  "loop-extent-off-by-one 0 12"
  "lost-store-in-vectorized-loop 0 12"
  "shift-right-signed-as-logical 35 5"
)
for entry in "${kinds[@]}"; do
  read -r kind first count <<<"$entry"
  out="$work/$kind"
  # shellcheck disable=SC2046
  expect_rc 1 "$kind: diff finds it" -- env TIRCONF_TEST_PLANT_MISCOMPILE="$kind" \
    "$tirconf" diff --backends oracle,llvm-O0,llvm-O2 $(window "$first" "$count") --out "$out"
  expect_text "$work/out" "llvm-O2: Value mismatch" "$kind: a value mismatch of llvm-O2"
  expect_no_text "$work/out" "): llvm-O0: " "$kind: llvm-O0 is unaffected (no finding of it)"
  expect_text "$work/out" "llvm-O0: $count compared, 0 findings" "$kind: llvm-O0 compared every program"
  expect_no_text "$work/out" "does not reproduce alone" "$kind: each finding reproduces alone"
  finding=$(ls "$out"/*.py 2>/dev/null | head -1)
  if [ -z "$finding" ]; then
    echo "FAIL: $kind: no finding file in --out"; failures=$((failures + 1)); continue
  fi
  expect_rc 1 "$kind: the finding file reproduces it" -- env TIRCONF_TEST_PLANT_MISCOMPILE="$kind" \
    "$tirconf" diff --backends oracle,llvm-O2 -q "$finding"
  expect_rc 0 "$kind: the finding file passes without the switch" -- \
    "$tirconf" diff --backends oracle,llvm-O2 -q "$finding"
done

# Without the switch (unset, or empty) the same windows give no finding.
# shellcheck disable=SC2046
expect_rc 0 "unset: no finding in programs 0..14" -- \
  env -u TIRCONF_TEST_PLANT_MISCOMPILE "$tirconf" diff --backends oracle,llvm-O0,llvm-O2 $(window 0 15)
# shellcheck disable=SC2046
expect_rc 0 "empty: no finding in programs 35..39" -- env TIRCONF_TEST_PLANT_MISCOMPILE= \
  "$tirconf" diff --backends oracle,llvm-O0,llvm-O2 $(window 35 5)
# shellcheck disable=SC2046
expect_rc 0 "unset: no finding in programs 110..119" -- \
  env -u TIRCONF_TEST_PLANT_MISCOMPILE "$tirconf" diff --backends oracle,llvm-O0,llvm-O2 $(window 110 10)
# shellcheck disable=SC2046
expect_rc 0 "unset: no finding in the shuffle window" -- \
  env -u TIRCONF_TEST_PLANT_MISCOMPILE "$tirconf" diff --backends oracle,llvm-O0,llvm-O2 $(window 554 5)

# An unknown kind fails every compile of both LLVM levels, naming the known kinds.
# shellcheck disable=SC2046
expect_rc 1 "unknown kind: a finding" -- env TIRCONF_TEST_PLANT_MISCOMPILE=no-such-kind \
  "$tirconf" diff --backends oracle,llvm-O0,llvm-O2 $(window 0 1)
expect_text "$work/out" "llvm-O0: Compile error: TIRCONF_TEST_PLANT_MISCOMPILE=no-such-kind names no planted miscompilation" \
  "unknown kind: llvm-O0 fails to compile, saying why"
expect_text "$work/out" "llvm-O2: Compile error: TIRCONF_TEST_PLANT_MISCOMPILE=no-such-kind" \
  "unknown kind: llvm-O2 fails to compile"
expect_text "$work/out" "floormod-as-truncmod, " "unknown kind: the known kinds are listed"

echo "planted_miscompile_test: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
