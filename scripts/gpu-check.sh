#!/usr/bin/env bash
# The checks of the CUDA backend that need a GPU, as one run for a machine that has one (about
# eight minutes): says which GPU and driver it sees, runs the CUDA unit tests and the
# compile-only checks, then the conformance corpus on `cuda`, 2,000 programs of the gpu profile
# against the oracle and the bench kernels' times on the oracle, llvm-O2 and cuda, and prints a
# summary. Where `cuda` cannot run kernels (no device, no driver, a driver too old for the
# toolkit's PTX) it says why and stops after the compile-only checks.
#
#   scripts/gpu-check.sh [--count N] [--out DIR]    # builds here (scripts/build.sh)
#   scripts/gpu-check.sh --bundle FILE [...]        # runs the binaries scripts/gpu-bundle.sh
#                                                   # packed, on a machine that cannot build
set -uo pipefail
cd "$(dirname "$0")/.."
count=2000
bundle=
out=build/gpu-check
while [ $# -gt 0 ]; do
  case $1 in
  --count) count=$2; shift 2 ;;
  --bundle) bundle=$2; shift 2 ;;
  --out) out=$2; shift 2 ;;
  *) echo "usage: scripts/gpu-check.sh [--count N] [--bundle FILE] [--out DIR]" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"

if [ -n "$bundle" ]; then
  unpacked=$(mktemp -d)
  tar -C "$unpacked" -xJf "$bundle" || { echo "gpu-check: cannot unpack $bundle"; exit 2; }
  # NVRTC and cuda_fp16.h from this machine's toolkit.
  nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  cuda_home=$(dirname "$(dirname "$nvcc")")
  export LD_LIBRARY_PATH="$unpacked/lib:$cuda_home/lib64:$cuda_home/lib:${LD_LIBRARY_PATH:-}"
  export TIRCONF_CUDA_INCLUDE=${TIRCONF_CUDA_INCLUDE:-$cuda_home/include}
  bin=$unpacked/bin
  tirconf=$bin/tirconf bench=$bin/tirconf_bench unit=$bin/tirconf_cuda_tests
else
  scripts/build.sh >"$out/build.log" 2>&1 ||
    { tail -n 30 "$out/build.log"; echo "gpu-check: build failed"; exit 2; }
  tirconf=build/tools/tirconf bench=build/bench/tirconf_bench unit=build/tests/tirconf_cuda_tests
fi

echo "== device"
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
else
  echo "no nvidia-smi"
fi

echo "== CUDA unit tests (generated source, host side, and a kernel run where a GPU is)"
# CudaCompileAll reads the corpus from the source folder the binary was built in: the
# compile-only runs below cover it wherever this runs.
"$unit" --gtest_brief=1 --gtest_filter='-CudaCompileAll.*' 2>&1 | tail -n 4
echo "== compile-only (NVRTC): corpus, 200 generated programs, 100 of the gpu profile"
summary='^(diff --compile-only|  cuda:|[0-9]+ compile failures)'
for what in "corpus/conformance" "--seed 19 --count 200" "--profile gpu --seed 23 --count 100"; do
  # shellcheck disable=SC2086 # $what is several arguments
  "$tirconf" diff --backends oracle,cuda --compile-only -q $what 2>&1 | grep -E "$summary"
done

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
"$bench" --benchmark_filter='^BM_Kernel' --benchmark_min_time=0.3 2>&1 |
  grep -E '^BM_Kernel' | tee "$out/bench.log"

echo "== summary"
echo "corpus: $(tail -n 1 "$out/corpus.log") (exit $corpus_rc)"
echo "diff: $(grep -E 'findings$' "$out/diff.log" | tail -n 1) (exit $diff_rc; findings in $out/findings)"
[ "$corpus_rc" = 0 ] && [ "$diff_rc" = 0 ]
