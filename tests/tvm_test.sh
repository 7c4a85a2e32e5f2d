#!/usr/bin/env bash
# Apache TVM through the adapter (backends/external/tvm), when a Python that can import tvm is
# given (TIRCONF_PYTHON, default python3); otherwise the test reports itself skipped (exit 77).
# The conformance corpus on TVM with the shipped expectations exits 0; a short differential run
# completes, and every finding it writes is reproduced by `tirconf conform`; killing TVM's worker
# process in the middle of a run loses no program: the program it was running is a crash finding
# and the run goes on with a fresh worker.
# Usage: tvm_test.sh TIRCONF SOURCE_DIR
set -u
tirconf=$1
src=$2
python=${TIRCONF_PYTHON:-python3}
if ! "$python" -c "import tvm" >/dev/null 2>&1; then
  echo "skipped: no TVM ($python cannot import tvm; set TIRCONF_PYTHON to a Python that can)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/cli_lib.sh"

expect_rc 0 "the corpus on TVM with the shipped expectations" -- "$tirconf" conform --impl tvm \
  "$src/corpus/conformance" --expectations "$src/corpus/expectations/tvm-v0.20.yaml" --jobs 2
expect_text "$work/out" "0 unexpected failures, 0 unexpected passes" "TVM fails exactly as expected"

expect_rc 1 "without expectations, TVM's failures are listed" -- "$tirconf" conform --impl tvm \
  "$src/corpus/conformance/semantics/expr" --rules "sem.expr.div"
expect_text "$work/out" "CRASH div_zero_int_error.py [sem.expr.div]" "each with its rule"

# tvm-cuda needs a TVM built with CUDA and a GPU; without them it says so and runs nothing.
if "$python" -c "import tvm, sys; sys.exit(0 if tvm.cuda(0).exist else 1)" >/dev/null 2>&1; then
  expect_rc 0 "the corpus on tvm-cuda" -- "$tirconf" conform --impl tvm-cuda \
    "$src/corpus/conformance/semantics/stmt" --allow-unexpected-pass
else
  expect_rc 2 "tvm-cuda without a GPU is unavailable" -- "$tirconf" conform --impl tvm-cuda \
    "$src/corpus/conformance/binding"
  expect_text "$work/err" "no cuda device" "and says why"
fi

# A differential run; its findings reproduce on TVM.
"$tirconf" diff --backends oracle,tvm --seed 3 --count 40 --jobs 2 --out "$work/findings" -q \
  --localize >"$work/diff" 2>&1
rc=$?
if [ "$rc" -gt 1 ]; then echo "FAIL: diff on tvm: exit $rc"; sed 's/^/  | /' "$work/diff" | tail; failures=$((failures + 1)); else passes=$((passes + 1)); fi
expect_text "$work/diff" "40 programs" "the run covers every program"
if ls "$work/findings"/*.py >/dev/null 2>&1; then
  expect_rc 1 "every finding fails on TVM" -- "$tirconf" conform --impl tvm "$work/findings"
  expect_text "$work/out" " 0 passed" "no finding passes on TVM"
  expect_rc 0 "every finding passes on the oracle" -- "$tirconf" test "$work/findings"
  expect_text "$work/diff" "LOCALIZED" "diff --localize localizes the first finding of a signature"
fi

# Kill TVM's worker while a run is going on: the run completes with every program accounted for.
"$tirconf" diff --backends oracle,tvm --seed 4 --count 60 --out "$work/killed" -q >"$work/kdiff" 2>&1 &
run=$!
killed=0
for _ in $(seq 1 100); do
  sleep 0.3
  # The run's own worker: a child of this diff process (others on the machine are not ours).
  pid=$(pgrep -P "$run" -f "external/tvm/worker.py" | head -1)
  if [ -n "$pid" ] && [ "$killed" -lt 2 ]; then kill -KILL "$pid" && killed=$((killed + 1)); sleep 2; fi
  kill -0 "$run" 2>/dev/null || break
done
wait "$run"
rc=$?
if [ "$rc" -gt 1 ] || [ "$killed" -eq 0 ]; then
  echo "FAIL: diff with a killed worker: exit $rc, $killed kills"; sed 's/^/  | /' "$work/kdiff" | tail
  failures=$((failures + 1))
else passes=$((passes + 1)); fi
expect_text "$work/kdiff" "60 programs" "no program is lost when the worker is killed"
expect_text "$work/kdiff" "killed by SIGKILL" "the killed run is a crash finding"

# Translation validation: schedules of a matmul, an elementwise chain and a reduction (tiling,
# cache_read + compute_at, GPU thread binding, decompose_reduction, vectorize, compute_inline,
# reverse_compute_inline, rfactor) applied inside TVM, every step validated by the oracle; then
# TVM's default lowering pipeline, validated pass by pass up to MakePackedAPI, after which the
# oracle cannot run the packed calling convention.
for program in matmul elementwise_chain reduction; do
  data="$src/tests/data/validate/$program"
  steps=$(grep -c '"primitive"' "$data.steps.json")
  expect_rc 0 "every schedule step of $program validates" -- "$tirconf" validate --impl tvm \
    "$data.py" --replay "$data.steps.json"
  expect_text "$work/out" "$steps steps, $steps validated" "no step of $program refused or failed"
  expect_rc 0 "TVM's default pipeline on $program validates" -- "$tirconf" validate --impl tvm \
    "$data.py" --passes default
  expect_text "$work/out" "ends at step 45 MakePackedAPI: cannot-run" "up to MakePackedAPI"
done
# Pipeline bisection of TVM's known wrong values (reduced diff findings): one is Simplify's, one
# happens after the last pass the oracle can run (MakePackedAPI on: code generation).
regressions="$src/corpus/conformance/regressions/tvm"
expect_rc 1 "a finding localized to a pass" -- "$tirconf" validate --impl tvm --passes default \
  "$regressions/float_mul_zero_sign_ok.py"
expect_text "$work/out" "localized to Simplify (step 12)" "named"
expect_rc 0 "a finding localized after the passes" -- "$tirconf" validate --impl tvm \
  --passes default "$regressions/uint64_sub_wrap_ok.py"
expect_text "$work/out" "the difference arises at MakePackedAPI or after it" "named"
# The adapter's pass list is TVM's own pipeline, pass for pass.
expect_rc 0 "the adapter's default pipeline is TVM's" -- "$python" - "$src/backends/external/tvm" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import passes, tvm
from tvm.script import tir as T
mod = tvm.IRModule({"main": tvm.script.from_source(
    "@T.prim_func\ndef main(A: T.Buffer((4,), 'int32')):\n"
    "    for i in range(4):\n        A[i] = A[i] + 1\n")})
target = tvm.target.Target("llvm").with_host(tvm.target.Target("llvm"))
theirs = passes.top_level_passes(tvm, mod, target, 3)
ours = [passes.make_pass(tvm, p, target).info.name for p in passes.default_pipeline()[1:]]
sys.exit(0 if theirs == ours else "TVM runs %s, the adapter %s" % (theirs, ours))
PY

echo "tvm_test: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
