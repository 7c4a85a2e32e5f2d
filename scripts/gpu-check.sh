#!/usr/bin/env bash
# The checks of the CUDA backend that need a GPU, as one run for a machine that has one (about
# eight minutes): builds tirconf, says which GPU and driver it sees, runs the compile-only tests,
# then the conformance corpus on `cuda`, 2,000 programs of the gpu profile against the oracle
# and the bench kernels' times on the oracle, llvm-O2 and cuda, and prints a summary. Where
# `cuda` cannot run kernels (no device, no driver, a driver too old for the toolkit's PTX) it
# says why and stops after the compile-only checks.
#
#   scripts/gpu-check.sh [--count N]        # N generated programs (default 2000)
set -uo pipefail
cd "$(dirname "$0")/.."
count=2000
[ "${1:-}" = "--count" ] && count=$2
out=build/gpu-check
mkdir -p "$out"

scripts/build.sh >"$out/build.log" 2>&1 || { tail -n 30 "$out/build.log"; echo "gpu-check: build failed"; exit 2; }
tirconf=build/tools/tirconf
echo "== device"
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
else
  echo "no nvidia-smi"
fi

echo "== compile-only (NVRTC)"
ctest --test-dir build -R '^cuda_' --output-on-failure | tail -n 8

echo "== can cuda run kernels here?"
# One file that any running backend passes: anything but "1 passed" means kernels do not run.
"$tirconf" test --impl cuda corpus/conformance/semantics/expr/call_primfunc_ok.py >"$out/probe.log" 2>&1
if ! grep -q "^1 passed" "$out/probe.log"; then
  cat "$out/probe.log"
  echo "gpu-check: cuda does not run kernels here; only the compile-only checks above stand"
  exit 0
fi

echo "== corpus on cuda"
corpus_rc=0
"$tirconf" test --impl cuda corpus/conformance >"$out/corpus.log" 2>&1 || corpus_rc=$?
grep -E '^(FAIL|CRASH|TIMEOUT)' "$out/corpus.log" | head -n 40
tail -n 2 "$out/corpus.log"

echo "== $count gpu-profile programs: oracle against cuda"
diff_rc=0
"$tirconf" diff --backends oracle,cuda --profile gpu --seed 1 --count "$count" --out "$out/findings" \
  >"$out/diff.log" 2>&1 || diff_rc=$?
tail -n 12 "$out/diff.log"

echo "== bench kernels: oracle, llvm-O2 and cuda side by side (a cuda run includes its copies)"
build/bench/tirconf_bench --benchmark_filter='BM_Kernel' --benchmark_min_time=0.3 2>&1 |
  grep -E '^BM_Kernel' | tee "$out/bench.log"

echo "== summary"
echo "corpus: $(tail -n 1 "$out/corpus.log") (exit $corpus_rc)"
echo "diff: $(grep -E 'findings$' "$out/diff.log" | tail -n 1) (exit $diff_rc; findings in $out/findings)"
[ "$corpus_rc" = 0 ] && [ "$diff_rc" = 0 ]
