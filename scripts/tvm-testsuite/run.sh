#!/usr/bin/env bash
# Harvests the TIR programs of Apache TVM's own tests and judges them with tirconf: what tirconf
# reads, what its checker says, whether TVM reads back what tirconf prints as the same program,
# and whether the oracle finds each before/after pair equivalent on random arguments.
#
# Usage: scripts/tvm-testsuite/run.sh TVM_TESTS_DIR [OUT_DIR] [-- report.py options]
#   TVM_TESTS_DIR  TVM's tests/python (holding tir-transform/ and tir-schedule/)
#   OUT_DIR        where the harvest goes (default build/tvm-testsuite); regenerated, not kept
# TIRCONF_PYTHON: a Python that can import tvm and pytest (default python3).
# The summary is printed and written to OUT_DIR/report.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tests=${1:?usage: run.sh TVM_TESTS_DIR [OUT_DIR] [-- report options]}
shift
out=$root/build/tvm-testsuite
if [[ $# -gt 0 && $1 != -- ]]; then
  out=$(realpath -m "$1")
  shift
fi
[[ ${1:-} == -- ]] && shift
python=${TIRCONF_PYTHON:-python3}
tirconf=${TIRCONF:-$root/build/tools/tirconf}
"$python" -c "import tvm, pytest" || { echo "run.sh: $python cannot import tvm and pytest" >&2; exit 2; }
rm -rf "$out"
mkdir -p "$out"
echo "harvesting TVM's tir-transform and tir-schedule tests into $out ..."
(cd "$tests" && TIRCONF_HARVEST_OUT=$out PYTHONPATH=$root/scripts/tvm-testsuite${PYTHONPATH:+:$PYTHONPATH} \
  "$python" -m pytest -q -p harvest_plugin -p no:cacheprovider tir-transform tir-schedule \
  >"$out/pytest.log" 2>&1) || true
tail -1 "$out/pytest.log"
"$python" "$root/scripts/tvm-testsuite/report.py" "$out" --tirconf "$tirconf" "$@" | tee "$out/report.md"
