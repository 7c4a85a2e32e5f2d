#!/usr/bin/env bash
# The main job on the embedded default: install what is missing, build, check the corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
build/tools/tirconf check corpus/
