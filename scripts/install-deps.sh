#!/usr/bin/env bash
# Installs, with apt-get, whichever of tirconf's Debian 12 build dependencies are missing.
set -euo pipefail

packages=(
  cmake ninja-build g++ ccache pkg-config clang-format
  llvm-14-dev clang-14 libclang-rt-14-dev   # backends/llvm, libFuzzer
  libz3-dev                                  # prover
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
  libyaml-cpp-dev libdlpack-dev libcli11-dev nlohmann-json3-dev libzip-dev
  python3                                    # the external-implementation tests' stand-in worker
  zip                                        # fuzz targets' seed corpora (OSS-Fuzz takes zips)
  python3-jsonschema                         # report.json checked against its schema
  chromium                                   # report.html rendered in a real browser by a test
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing: ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
