#!/bin/bash -eu
# Builds tirconf's libFuzzer targets into $OUT, the way OSS-Fuzz and ClusterFuzzLite call a
# project's build.sh: the compilers ($CC, $CXX), their instrumentation and sanitizers ($CFLAGS,
# $CXXFLAGS) and the fuzzing engine ($LIB_FUZZING_ENGINE: a flag or a library) come from the
# environment; the checkout is $SRC/tirconf (TIRCONF_SRC overrides), the build tree goes under
# $WORK. scripts/fuzz-targets.sh runs this outside Docker with the same variables set.
#
# $OUT receives each target with its .options, the TVMScript dictionary, and
# <target>_seed_corpus.zip; the seeds also stay unzipped in $WORK/tirconf-seeds/<target>.
src=${TIRCONF_SRC:-$SRC/tirconf}
build=$WORK/tirconf-build
seeds=$WORK/tirconf-seeds
targets=(reader checker_oracle differential simplifier)

# Debian's libLLVM, Z3 and yaml-cpp are built against libstdc++: link against it too, not against
# the libc++ OSS-Fuzz adds to CXXFLAGS.
export CXXFLAGS=${CXXFLAGS//-stdlib=libc++/}

# Every flag comes from CXXFLAGS (the TIRCONF_FUZZ_*_FLAGS defaults emptied). Build type None:
# no -O2 -g -DNDEBUG of CMake's own types on top of them, so assertions stay on.
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None \
  -DTIRCONF_FUZZ_TARGETS=ON -DTIRCONF_BUILD_TESTS=OFF -DTIRCONF_BUILD_BENCH=OFF \
  -DTIRCONF_FUZZ_COMPILE_FLAGS= -DTIRCONF_FUZZ_LINK_FLAGS= \
  -DTIRCONF_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" >/dev/null
# The build runs a tool of its own (the rule scanner), instrumented like the rest; its
# allocations at exit are no finding.
ASAN_OPTIONS=detect_leaks=0 cmake --build "$build" --target tirconf_fuzz_targets

for t in "${targets[@]}"; do
  cp "$build/fuzz/targets/$t" "$src/fuzz/targets/$t.options" "$OUT/"
done
cp "$src/fuzz/targets/tvmscript.dict" "$OUT/"
# The runner image has none of the build's libraries (libLLVM, Z3, yaml-cpp, ...): every one the
# targets load but glibc's goes to $OUT/lib, where their RPATH finds it.
rm -rf "${OUT:?}/lib"
mkdir -p "$OUT/lib"
for t in "${targets[@]}"; do ldd "$build/fuzz/targets/$t"; done | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' |
  sort -u | grep -vE '/(libc|libm|libdl|libpthread|librt|ld-linux[^/]*)\.so' |
  xargs -r cp -L -t "$OUT/lib"

# Seeds. reader, checker_oracle: the conformance files and the programs TVM printed, under flat
# names. differential, simplifier: pseudo-random bytes from fixed seeds (every build the same),
# each file one program's draws or one expression's bytes.
rm -rf "$seeds"
mkdir -p "$seeds/reader"
(cd "$src" && find corpus tests/data/tvm-printed -name '*.py' | sort) | while read -r f; do
  cp "$src/$f" "$seeds/reader/${f//\//_}"
done
cp -r "$seeds/reader" "$seeds/checker_oracle"
python3 - "$seeds" <<'PY'
import os, random, sys
for target, count, size in (("differential", 64, 4096), ("simplifier", 64, 64)):
    folder = os.path.join(sys.argv[1], target)
    os.makedirs(folder)
    rng = random.Random(target)
    for i in range(count):
        with open(os.path.join(folder, "seed%02d" % i), "wb") as f:
            f.write(bytes(rng.randrange(256) for _ in range(size)))
PY
for t in "${targets[@]}"; do
  rm -f "$OUT/${t}_seed_corpus.zip"
  (cd "$seeds/$t" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
done
