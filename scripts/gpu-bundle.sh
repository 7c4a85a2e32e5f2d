#!/usr/bin/env bash
# Packs what scripts/gpu-check.sh runs into one archive for a GPU machine that cannot build
# tirconf (no Debian build dependencies, no package registry): tirconf, tirconf_bench and
# tirconf_cuda_tests, stripped, with every shared library they load that such a machine may lack.
# The C runtime, the CUDA driver and NVRTC are left to that machine: its own driver must match
# its GPU, and its toolkit gives NVRTC and cuda_fp16.h. Same processor architecture only.
#
#   scripts/gpu-bundle.sh [OUT.tar.xz]     # default .gpu/bundle.tar.xz (ignored by git)
#   then, there:  scripts/gpu-check.sh --bundle .gpu/bundle.tar.xz
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.gpu/bundle.tar.xz}
scripts/build.sh >/dev/null
ninja -C build tirconf tirconf_bench tirconf_cuda_tests >/dev/null
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/lib"
binaries=(build/tools/tirconf build/bench/tirconf_bench build/tests/tirconf_cuda_tests)
for b in "${binaries[@]}"; do
  strip -o "$stage/bin/$(basename "$b")" "$b"
done
# Libraries every Linux machine with a CUDA driver has, or that must be its own.
provided='^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|libgcc_s|libstdc\+\+|libcuda|libnvrtc)\.'
ldd "${binaries[@]}" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' | sort -u |
  while read -r name path; do
    [[ $name =~ $provided ]] || cp -L "$path" "$stage/lib/$name"
  done
mkdir -p "$(dirname "$out")"
tar -C "$stage" -cf - bin lib | xz -T0 -6 >"$out"
echo "$out: $(du -h "$out" | cut -f1), $(ls "$stage/lib" | wc -l) libraries: $(ls "$stage/lib" | tr '\n' ' ')"
