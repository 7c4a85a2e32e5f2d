# Every dependency comes from a Debian package (scripts/install-deps.sh installs them).
# Found once here; each target links only what it needs.
find_package(yaml-cpp REQUIRED)
find_package(CLI11 REQUIRED)
find_package(nlohmann_json REQUIRED)
if(TIRCONF_BUILD_TESTS)
  find_package(GTest REQUIRED)
  find_package(rapidcheck REQUIRED)
endif()
if(TIRCONF_BUILD_BENCH)
  find_package(benchmark REQUIRED)
endif()
# LLVM 14 (backends/llvm), Z3 (prover), dlpack (tensor arguments).
find_package(LLVM 14 CONFIG QUIET PATHS /usr/lib/llvm-14/lib/cmake/llvm)
find_package(PkgConfig REQUIRED)
pkg_check_modules(Z3 QUIET IMPORTED_TARGET z3)
find_path(DLPACK_INCLUDE_DIR dlpack/dlpack.h)
