# TIRCONF_FUZZ_TARGETS: the libFuzzer targets of fuzz/targets. libFuzzer only sees coverage of
# code compiled with its instrumentation, so every library gets it (and the sanitizers), not just
# the targets; the targets alone are linked with the fuzzing engine, which supplies main().
#
# By hand, the defaults below are enough (CXX=clang++-14). OSS-Fuzz and ClusterFuzzLite put
# their own instrumentation and sanitizers in CXXFLAGS and name the engine in LIB_FUZZING_ENGINE
# (a flag or a library): .clusterfuzzlite/build.sh then empties the two flag lists and passes
# the engine on.
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "TIRCONF_FUZZ_TARGETS needs clang, whose runtime holds libFuzzer "
                      "(e.g. CC=clang-14 CXX=clang++-14)")
endif()

set(TIRCONF_FUZZ_COMPILE_FLAGS "-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer"
    CACHE STRING "flags every library of the fuzz build is compiled with (empty: CXXFLAGS has them)")
set(TIRCONF_FUZZ_LINK_FLAGS "-fsanitize=address,undefined"
    CACHE STRING "flags every executable of the fuzz build is linked with (empty: CXXFLAGS has them)")
if(DEFINED ENV{LIB_FUZZING_ENGINE})
  set(_tirconf_engine "$ENV{LIB_FUZZING_ENGINE}")
else()
  set(_tirconf_engine "-fsanitize=fuzzer")
endif()
set(TIRCONF_FUZZ_ENGINE "${_tirconf_engine}"
    CACHE STRING "what the fuzz targets are linked with to get main() ($LIB_FUZZING_ENGINE)")

separate_arguments(_tirconf_compile UNIX_COMMAND "${TIRCONF_FUZZ_COMPILE_FLAGS}")
separate_arguments(_tirconf_link UNIX_COMMAND "${TIRCONF_FUZZ_LINK_FLAGS}")
add_compile_options(${_tirconf_compile})
add_link_options(${_tirconf_link})
