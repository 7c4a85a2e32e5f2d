#!/usr/bin/env bash
# `tirconf simplify-check --impl tvm`: without TVM the verb says why and exits 2; with TVM (a
# Python that can import tvm, TIRCONF_PYTHON) a short run completes, counts every expression in
# one class, and every reproducer it writes passes on the oracle and fails on TVM. Without TVM
# the test reports itself skipped (exit 77).
# Usage: simplify_tvm_test.sh TIRCONF
set -u
tirconf=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/cli_lib.sh"

TIRCONF_PYTHON=/nonexistent/python3 expect_rc 2 "no TVM: bad usage" -- \
  "$tirconf" simplify-check --impl tvm --count 5
expect_text "$work/err" "skipped: tvm not available here:" "no TVM: the reason is given"

python=${TIRCONF_PYTHON:-python3}
if ! "$python" -c "import tvm" >/dev/null 2>&1; then
  echo "skipped: no TVM ($python cannot import tvm; set TIRCONF_PYTHON to a Python that can)"
  exit 77
fi

"$tirconf" simplify-check --impl tvm --seed 11 --count 300 --jobs 2 --out "$work/found" \
  >"$work/run" 2>&1
rc=$?
if [ "$rc" -gt 1 ]; then echo "FAIL: simplify-check --impl tvm: exit $rc"; sed 's/^/  | /' "$work/run" | tail; failures=$((failures + 1)); else passes=$((passes + 1)); fi
expect_text "$work/run" "300 expressions, simplifier tvm" "the run covers every expression"
if ls "$work/found"/*.py >/dev/null 2>&1; then
  [ "$rc" -eq 1 ] && passes=$((passes + 1)) || { echo "FAIL: findings written, exit $rc"; failures=$((failures + 1)); }
  expect_rc 0 "every reproducer passes on the oracle" -- "$tirconf" test "$work/found"
  expect_rc 1 "every reproducer fails on TVM" -- "$tirconf" conform --impl tvm "$work/found"
  expect_text "$work/out" " 0 passed" "no reproducer passes on TVM"
fi

echo "simplify_tvm_test: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
