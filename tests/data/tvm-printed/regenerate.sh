#!/usr/bin/env bash
# Prints every program here again with the user's Apache TVM, through tirconf's adapter: tirconf
# reads each file, prints it, and TVM reads that and prints it back (`tirconf print --impl`).
# Run it with a TVM of the version these files name (v0.20.0), then review the diff: a change is
# either TVM's new dialect or a printing difference of tirconf's to look at. Then check the round
# trip: tirconf print --impl tvm --roundtrip tests/data/tvm-printed
# Usage: tests/data/tvm-printed/regenerate.sh [TIRCONF] [IMPL]   (TIRCONF_PYTHON: TVM's Python)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tirconf=${1:-$here/../../../build/tools/tirconf}
impl=${2:-tvm}
for f in "$here"/*.py; do
  "$tirconf" print --impl "$impl" "$f" >"$f.new"
  mv "$f.new" "$f"
done
git -C "$here" diff --stat -- .
