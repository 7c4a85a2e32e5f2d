#!/usr/bin/env bash
# An oracle bug is never silent. The test hook --oracle-disable-rule RULE plants an
# inconsistency in the oracle: its checker drops RULE, so a program violating only RULE reaches
# the evaluator, which meets what the checker should have rejected. `tirconf diff` must report
# that as a finding of the oracle (exit 1, a FINDING line naming the rule and the site, the
# summary's internal-error count, a conformance file and a JSON record), not skip it as an
# invalid program; `tirconf test` must fail the case as an oracle internal error.
# Usage: diff_oracle_finding_test.sh TIRCONF
set -u
tirconf=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/cli_lib.sh"

# [type.expr.mod.int] truncating Mod is defined on integers only: float operands are invalid.
cat >"$work/float_mod.py" <<'PY'
"""
description: truncmod of float operands, which type.expr.mod.int rejects
args:
  A: {dtype: float32, shape: [2], data: [7.5, 2.0]}
  B: {dtype: float32, shape: [1]}
expect:
  buffers: {B: [1.5]}
"""
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((2,), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = T.truncmod(A[0], A[1])
PY
rule=type.expr.mod.int
site="$work/float_mod.py:13:12"

# Without the hook the checker rejects it: skipped as invalid, nothing found.
expect_rc 0 "diff of the invalid program" -- "$tirconf" diff --backends oracle "$work/float_mod.py" -q
expect_text "$work/out" "1 invalid" "the program is skipped as invalid"

# With it, the evaluator's internal error is a finding of the oracle.
expect_rc 1 "diff with the planted inconsistency" -- "$tirconf" diff --backends oracle,llvm-O0 \
  "$work/float_mod.py" --out "$work/findings" -q --oracle-disable-rule "$rule"
expect_text "$work/out" "FINDING float_mod_case0 ($work/float_mod.py case 0): oracle: Internal error: [$rule] at $site" \
  "the FINDING line names the oracle, the rule and the site"
expect_text "$work/out" "0 invalid" "the program is not counted as invalid"
expect_text "$work/out" "oracle internal errors: 1" "the summary counts the internal error"
expect_text "$work/out" "1 finding" "the internal error is a finding"
f="$work/findings/float_mod_case0"
if [ -f "$f.py" ] && [ -f "$f.json" ]; then passes=$((passes + 1)); else
  echo "FAIL: no finding files"; ls "$work/findings" 2>&1 | head; failures=$((failures + 1)); fi
expect_text "$f.json" '"backend": "oracle"' "the record names the oracle as the culprit"
expect_text "$f.json" '"check": "Internal error"' "the record names the check"
expect_text "$f.json" '"kind": "internal-error"' "the record holds the internal-error outcome"
expect_text "$f.json" "\"rule\": \"$rule\"" "the record names the rule"
# The finding file states the evaluator's claim: the checker should reject the program by the
# rule. The intact oracle agrees; the one with the planted inconsistency fails it.
expect_rc 0 "the finding file passes on the intact oracle" -- "$tirconf" test "$f.py"
expect_rc 1 "the finding file fails with the inconsistency" -- \
  "$tirconf" test "$f.py" --oracle-disable-rule "$rule"

# `tirconf test` calls it an oracle internal error, not invalid.
expect_rc 1 "test with the planted inconsistency" -- \
  "$tirconf" test "$work/float_mod.py" --oracle-disable-rule "$rule"
expect_text "$work/out" "oracle internal error [$rule] at $site" "test reports an oracle internal error"
if grep -q "checker rejects" "$work/out"; then
  echo "FAIL: test reports the planted program as rejected by the checker"; failures=$((failures + 1)); else
  passes=$((passes + 1)); fi

echo "diff_oracle_finding_test: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
