#!/usr/bin/env bash
# `tirconf run BEFORE --against AFTER` end to end: the verdict line and its exit code (0 agree or
# nothing compared, 1 a finding, 2 a pair that cannot be judged or bad input), --json, and the
# arguments of a finding read back by `tirconf run --args` to the value the verdict names.
# Usage: run_against_cli_test.sh TIRCONF
set -u
tirconf=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/cli_lib.sh"

program() {  # program NAME BODY: a TVMScript file with the imports
  printf 'from tvm.script import tir as T\n\n%s\n' "$2" >"$work/$1.py"
}
program add '@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for i in range(16):
        B[i] = A[i] + 1'
program add_split '@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for io, ii in T.grid(4, 4):
        B[io * 4 + ii] = A[io * 4 + ii] + 1'
program add_short '@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for i in range(15):
        B[i] = A[i] + 1'
program add_shifted '@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for i in range(16):
        B[i] = A[i + 1] + 1'
program add_div '@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for i in range(16):
        B[i] = A[i] + A[i] // A[i]'
program add_8 '@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    for i in range(8):
        B[i] = A[i] + 1'
program add_extern '@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for i in range(16):
        B[i] = T.call_extern("int32", "inc", A[i])'
program past_end '@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    B[0] = A[16]'
program invalid '@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    B[0] = T.float32(1)'

# 0: the same program with its loop split by hand.
expect_rc 0 "split loop agrees" -- "$tirconf" run "$work/add.py" --against "$work/add_split.py"
expect_text "$work/out" "agree: 8 trials of seed 0 agree" "the agree line"
expect_rc 0 "--trials" -- "$tirconf" run "$work/add.py" --against "$work/add_split.py" --trials 3 --seed 9
expect_text "$work/out" "agree: 3 trials of seed 9 agree" "trials and seed are honoured"
# 0, said so: BEFORE reads past the end whatever the arguments.
expect_rc 0 "nothing compared" -- "$tirconf" run "$work/past_end.py" --against "$work/add.py"
expect_text "$work/out" "before-unspecified: BEFORE is unspecified on the arguments of all 32 trials" "says nothing was compared"
expect_text "$work/out" "[unspec.oob]" "names the rule"

# 1: AFTER leaves B[15] as it was.
expect_rc 1 "off by one differs" -- "$tirconf" run "$work/add.py" --against "$work/add_short.py"
expect_text "$work/out" ": B[15] is " "names the element"
expect_text "$work/out" "  arguments: A = int32[16] [" "shows the arguments"
# 1: AFTER reads A[16].
expect_rc 1 "after unspecified" -- "$tirconf" run "$work/add.py" --against "$work/add_shifted.py"
expect_text "$work/out" "after-unspecified: trial 0 of seed 0: AFTER: unspecified out-of-bounds [unspec.oob] at $work/add_shifted.py:6:16" "names rule and location"
# 1: AFTER divides by A[i], which is 0 in some trial (0 is an edge value).
expect_rc 1 "error differs" -- "$tirconf" run "$work/add.py" --against "$work/add_div.py"
expect_text "$work/out" "error-differs: trial " "the error-differs line"
expect_text "$work/out" "error divide-by-zero [sem.expr.floordiv]" "names the error's rule"

# --json, and the finding's arguments reproduce it with `run --args`.
expect_rc 1 "json" -- "$tirconf" run "$work/add.py" --against "$work/add_short.py" --json
expect_text "$work/out" '"verdict": "differ"' "json verdict"
expect_text "$work/out" '"flat_index": 15' "json difference"
if command -v python3 >/dev/null; then
  cp "$work/out" "$work/verdict.json"
  python3 - "$work/verdict.json" "$work/finding_args.json" "$work/expected" <<'P'
import json, sys
r = json.load(open(sys.argv[1]))
t = next(t for t in r["trials"] if t["verdict"] == "differ")
json.dump(t["args"], open(sys.argv[2], "w"))
open(sys.argv[3], "w").write(t["difference"]["before"])
P
  expect_rc 0 "the finding's arguments run" -- "$tirconf" run "$work/add.py" --args "$work/finding_args.json" --json
  python3 - "$work/out" "$work/expected" <<'P' && passes=$((passes + 1)) || { echo "FAIL: run --args does not give the value the verdict names"; failures=$((failures + 1)); }
import json, sys
run = json.load(open(sys.argv[1]))
sys.exit(0 if run["buffers"]["B"]["data"][15] == open(sys.argv[2]).read() else 1)
P
fi

# 2: the pair cannot be judged, or bad input.
expect_rc 2 "incomparable" -- "$tirconf" run "$work/add.py" --against "$work/add_8.py"
expect_text "$work/out" "incomparable: parameter 1 (A): shape [16] in BEFORE, [8] in AFTER" "names the parameter"
expect_rc 2 "cannot run" -- "$tirconf" run "$work/add.py" --against "$work/add_extern.py"
expect_text "$work/out" "cannot-run: the oracle cannot run AFTER" "which side"
expect_text "$work/out" "[unspec.builtin_unlisted]" "and why"
expect_rc 2 "invalid after" -- "$tirconf" run "$work/add.py" --against "$work/invalid.py"
expect_text "$work/err" "invalid.py:5:5: error[" "the checker's diagnostic with file:line:col"
expect_rc 2 "unreadable after" -- "$tirconf" run "$work/add.py" --against "$work/nope.py"
expect_text "$work/err" "nope.py" "names the file"
expect_rc 2 "no such function" -- "$tirconf" run "$work/add.py" --against "$work/add_split.py" --func f
expect_text "$work/err" "no PrimFunc named 'f'" "names the function"
expect_rc 2 "--trials without --against" -- "$tirconf" run "$work/add.py" --trials 3
expect_rc 2 "--args with --against" -- "$tirconf" run "$work/add.py" --against "$work/add.py" --args x.json
expect_rc 2 "neither --args nor --against" -- "$tirconf" run "$work/add.py"

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
