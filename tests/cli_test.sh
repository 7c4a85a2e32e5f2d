#!/usr/bin/env bash
# End-to-end checks of the tirconf CLI: exit codes (0 ok, 1 found something, 2 bad input),
# outputs, and that bad input leaves no partial output file.
# Usage: cli_test.sh TIRCONF TVM_PRINTED_DIR
set -u
tirconf=$1
tvm_printed=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/cli_lib.sh"

# run: add.py computes B[i] = A[i] // 3 + A[i] % 3 (FloorDiv/FloorMod by hand below).
cat >"$work/args.json" <<'J'
{"A": {"dtype": "int32", "shape": [16], "data": [-7, -1, 0, 7, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15]},
 "B": {"dtype": "int32", "shape": [16]}}
J
expect_rc 0 "run add.py" -- "$tirconf" run "$tvm_printed/add.py" --args "$work/args.json" --out "$work/out.json"
# -7 // 3 = -3, -7 % 3 = 2 -> -1;  -1 -> -1 + 2 = 1;  0 -> 0;  7 -> 2 + 1 = 3
expect_text "$work/out.json" '"ok"' "run writes the outcome JSON"
expect_text "$work/out" "B=[-1, 1, 0, 3," "run prints the final buffers"
expect_rc 0 "run with npz output" -- "$tirconf" run "$tvm_printed/add.py" --args "$work/args.json" --out "$work/out.npz"
expect_rc 0 "run with npz input" -- "$tirconf" run "$tvm_printed/add.py" --args "$work/out.npz"
expect_rc 0 "rule coverage" -- "$tirconf" run "$tvm_printed/add.py" --args "$work/args.json" --rule-coverage
expect_text "$work/out" "sem.expr.floordiv 16" "coverage counts every FloorDiv"

# Bad input: exit 2, the file and field named, no output file left behind.
echo '{"A": {"dtype": "int33", "shape": [16]}, "B": {"dtype": "int32", "shape": [16]}}' >"$work/bad_dtype.json"
expect_rc 2 "unknown dtype" -- "$tirconf" run "$tvm_printed/add.py" --args "$work/bad_dtype.json" --out "$work/never.json"
expect_text "$work/err" "bad_dtype.json:1:" "unknown dtype names the file and line"
expect_text "$work/err" "args.A.dtype" "unknown dtype names the field"
[ ! -e "$work/never.json" ] && passes=$((passes + 1)) || { echo "FAIL: partial output written"; failures=$((failures + 1)); }
echo '{"A": {"dtype": "int32", "shape": [16]}}' >"$work/missing.json"
expect_rc 2 "missing argument" -- "$tirconf" run "$tvm_printed/add.py" --args "$work/missing.json"
expect_text "$work/err" "args.B: missing" "missing argument names the parameter"
head -c 60 "$work/out.npz" >"$work/truncated.npz"
expect_rc 2 "truncated npz" -- "$tirconf" run "$tvm_printed/add.py" --args "$work/truncated.npz"
expect_rc 2 "unreadable program" -- "$tirconf" run "$work/nope.py" --args "$work/args.json"
expect_rc 2 "bad usage" -- "$tirconf" run
expect_rc 2 "unknown verb" -- "$tirconf" frobnicate

# A run that divides by zero is a finding: exit 1.
cat >"$work/div.py" <<'P'
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32"), n: T.int32):
    A[0] = T.Div(A[0], n)
P
echo '{"A": {"dtype": "int32", "shape": [1], "data": [5]}, "n": 0}' >"$work/div.json"
expect_rc 1 "divide by zero" -- "$tirconf" run "$work/div.py" --args "$work/div.json"
expect_text "$work/out" "divide-by-zero" "error class printed"

# check / test
expect_rc 0 "check TVM-printed programs" -- "$tirconf" check "$tvm_printed"
cat >"$work/bad.py" <<'P'
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = T.Cast("float32", i)
P
expect_rc 1 "check an invalid program" -- "$tirconf" check "$work/bad.py"
expect_text "$work/out" "bad.py:7:9: error[type.stmt.bufferstore.value_elem]" "diagnostic with file:line:col and rule"
printf '"""\nexpect: {buffers: {A: [1, 2}\n"""\nfrom tvm.script import tir as T\n' >"$work/malformed_test.py"
expect_rc 2 "test with malformed front matter" -- "$tirconf" test "$work/malformed_test.py" --junit "$work/j.xml"
expect_text "$work/out" "0 passed, 1 failed" "summary line"
expect_rc 0 "rules" -- "$tirconf" rules --kind typing
expect_rc 2 "rules with an unknown kind" -- "$tirconf" rules --kind nonsense

# diff with a time budget and no count: it generates programs until the budget is spent, then
# stops and summarizes (a run that never stopped would hit ctest's timeout).
expect_rc 0 "diff for a time budget" -- "$tirconf" diff --backends oracle,llvm-O0 --seed 3 --time 2 -q
expect_text "$work/out" "programs in" "the time-limited diff ends with its summary"
expect_text "$work/out" "0 findings" "the time-limited diff's findings line"
expect_rc 2 "diff with a seed but neither count nor time" -- "$tirconf" diff --seed 3 -q
expect_text "$work/err" "--seed needs --count or --time" "what is missing"

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
