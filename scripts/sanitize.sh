#!/usr/bin/env bash
# Builds into build-asan/ with AddressSanitizer + UndefinedBehaviorSanitizer and runs the test
# suite there (slower than scripts/test.sh; not part of CI's time budget).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTIRCONF_SANITIZE=ON \
  -DTIRCONF_BUILD_BENCH=OFF >/dev/null
ninja -C build-asan
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j2
