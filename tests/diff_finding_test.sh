#!/usr/bin/env bash
# The finding path of `tirconf diff`: a backend whose outcomes differ from the oracle's (the test
# hook --inject-mismatch alters llvm-O2's) makes each compared program a finding: exit 1, a
# FINDING line, and in --out a conformance file plus a JSON record per program. The conformance
# file reads back with `tirconf test` and holds the oracle's outcome (it passes on the oracle and
# on the unaltered backend), and the record names the seed, the backend and the first difference.
# Usage: diff_finding_test.sh TIRCONF
set -u
tirconf=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/cli_lib.sh"

expect_rc 1 "diff with an injected mismatch" -- \
  "$tirconf" diff --backends oracle,llvm-O0,llvm-O2 --seed 5 --count 3 --out "$work/findings" -q \
  --inject-mismatch llvm-O2
expect_text "$work/out" "FINDING diff_5_0 (seed 5 program 0" "a FINDING line names seed and program"
expect_text "$work/out" "llvm-O2: " "the finding names the backend"
for i in 0 1 2; do
  f="$work/findings/diff_5_$i"
  if [ -f "$f.py" ] && [ -f "$f.json" ]; then passes=$((passes + 1)); else
    echo "FAIL: no finding files for program $i"; ls "$work/findings" 2>&1 | head; failures=$((failures + 1)); continue; fi
  expect_text "$f.json" '"seed": 5' "the record has the seed"
  expect_text "$f.json" '"backend": "llvm-O2"' "the record names the backend"
  expect_text "$f.json" '"reference": "oracle"' "the record names the reference"
  if ! grep -qF '"first_difference"' "$f.json" && ! grep -qF '"check": "' "$f.json"; then
    echo "FAIL: the record of program $i says nothing of what differed"; failures=$((failures + 1)); fi
  expect_rc 0 "the finding file passes on the oracle" -- "$tirconf" test "$f.py"
  expect_rc 0 "the finding file passes on the unaltered llvm-O2" -- "$tirconf" test --impl llvm-O2 "$f.py"
  expect_rc 0 "the finding file passes on llvm-O0" -- "$tirconf" test --impl llvm-O0 "$f.py"
done
# The altered backend alone reproduces the finding from the file.
expect_rc 1 "diff of the finding file with the mismatch" -- \
  "$tirconf" diff --backends oracle,llvm-O2 "$work/findings/diff_5_0.py" -q --inject-mismatch llvm-O2
expect_rc 0 "diff of the finding file without it" -- "$tirconf" diff --backends oracle,llvm-O2 "$work/findings/diff_5_0.py" -q

echo "diff_finding_test: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
