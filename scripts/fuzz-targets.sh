#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/targets) by running .clusterfuzzlite/build.sh here with
# what OSS-Fuzz's libFuzzer + ASan/UBSan build sets (clang-14, sanitizer and coverage flags,
# LIB_FUZZING_ENGINE), into DIR (default build-fuzz/): DIR/out is what OSS-Fuzz would get, the
# targets with their options, dictionary and seed zips; DIR/work the build tree and the seeds.
#
# --smoke SECONDS then runs each target that long on its seeds, under ASan and UBSan
# (halt_on_error), and fails naming the targets that crashed; their logs and crash inputs stay
# in DIR/smoke. Exit 77 (skipped) without clang-14 and its libFuzzer.
#
#   scripts/fuzz-targets.sh [--smoke SECONDS] [--dir DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$root/build-fuzz
smoke=0
while [ $# -gt 0 ]; do
  case $1 in
  --smoke) smoke=$2; shift 2 ;;
  --dir) dir=$(realpath -m "$2"); shift 2 ;;
  *) echo "usage: $0 [--smoke SECONDS] [--dir DIR]" >&2; exit 2 ;;
  esac
done

# A fuzzer that links is the test for clang-14 and libFuzzer (Debian libclang-rt-14-dev).
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
echo 'extern "C" int LLVMFuzzerTestOneInput(const char *, unsigned long) { return 0; }' >"$probe/p.cc"
if ! command -v clang++-14 >/dev/null || ! clang++-14 -fsanitize=fuzzer "$probe/p.cc" -o "$probe/p" 2>/dev/null; then
  echo "skipped: no clang-14/libFuzzer (Debian clang-14, libclang-rt-14-dev)"
  exit 77
fi
if ! command -v zip >/dev/null; then
  echo "skipped: no zip (the seed corpora are zip files, as OSS-Fuzz takes them)"
  exit 77
fi

flags="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
flags+=" -fsanitize=address,undefined -fsanitize=fuzzer-no-link"
export CC=clang-14 CXX=clang++-14 CFLAGS=$flags CXXFLAGS=$flags
export LIB_FUZZING_ENGINE=-fsanitize=fuzzer
export SRC=$root TIRCONF_SRC=$root WORK=$dir/work OUT=$dir/out
# As scripts/build.sh: let ccache share results between clones.
export CCACHE_BASEDIR=$root CCACHE_NOHASHDIR=1
mkdir -p "$WORK" "$OUT"
"$root/.clusterfuzzlite/build.sh"
echo "fuzz targets in $OUT"
[ "$smoke" = 0 ] && exit 0

export ASAN_OPTIONS=abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
failed=()
for t in reader checker_oracle differential simplifier; do
  run=$dir/smoke/$t
  rm -rf "$run"
  mkdir -p "$run/corpus"
  args=(-max_total_time="$smoke" -error_exitcode=1 -timeout=60 -print_final_stats=1
    -artifact_prefix="$run/")
  # The target's .options, as OSS-Fuzz passes them: [libfuzzer] key = value.
  while IFS=' =' read -r key value; do
    case $key in
    '' | '['* | '#'*) ;;
    dict) args+=("-dict=$OUT/$value") ;;
    *) args+=("-$key=$value") ;;
    esac
  done <"$OUT/$t.options"
  if "$OUT/$t" "${args[@]}" "$run/corpus" "$WORK/tirconf-seeds/$t" >"$run/log" 2>&1; then
    echo "$t: ok, $(grep -o 'number_of_executed_units: [0-9]*' "$run/log" | cut -d' ' -f2) executions"
  else
    failed+=("$t")
    tail -n 40 "$run/log"
    echo "$t: FAILED (log and crash input in $run)"
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "crashed: ${failed[*]}"
  exit 1
fi
