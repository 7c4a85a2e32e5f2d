#!/usr/bin/env bash
# Instructions the reference interpreter executes for one call of an oracle_bench kernel, counted
# by callgrind inside the interpreter's thread only: compiling and running the PrimFunc (the type
# check runs in the caller's thread before it, and Google Benchmark's own work, are not counted). Unlike time, the count does not depend on what else
# the machine is running, so it compares two builds exactly.
#   bench/count_instructions.sh BUILD_DIR BENCHMARK [WORK]
# BENCHMARK is a name of oracle_bench.cc (BM_MatmulInt32, ...); WORK, when given, is the units
# of work per call (262144 multiply-accumulates for the matmuls, 1048576 elements for the
# elementwise kernel), and the count per unit is printed too.
set -euo pipefail
build=${1:?build directory}
benchmark=${2:?benchmark name}
work=${3:-}
out=$(mktemp)
trap 'rm -f "$out" "$out.log"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect='*interpret_thread*' \
  "$build/bench/tirconf_bench" --benchmark_filter="^$benchmark/" --benchmark_min_time=0 >/dev/null 2>"$out.log"
# --benchmark_min_time=0 runs the kernel once.
total=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out.log")
if [[ -z "$total" || "$total" == 0 ]]; then
  echo "no instructions counted: is $benchmark a benchmark of $build/bench/tirconf_bench?" >&2
  exit 1
fi
if [[ -n "$work" ]]; then
  echo "$benchmark: $total instructions per call, $((total / work)) per unit of work"
else
  echo "$benchmark: $total instructions per call"
fi
