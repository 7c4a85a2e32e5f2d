// CUDA C++ to PTX with NVRTC, and a cache of the results by source hash: a corpus file compiled
// once per case, or a program compiled again after a finding, costs one compilation.
#pragma once

#include <string>

namespace tirconf::backends::cuda {

// The options every program is compiled with, and why:
//   --fmad=false           no contraction of a * b + c into one rounding ([sem.expr.float_ieee])
//   --prec-div=true, --prec-sqrt=true   IEEE division and square root, correctly rounded
//   --ftz=false            subnormals kept
//   -arch=compute_XY       PTX for a virtual architecture, JIT-compiled by the driver for the
//                          device it runs on (CUDA 13 needs compute_75 or newer)
//   -pch                   NVRTC's automatic precompiled header: cuda_fp16.h and cuda_bf16.h,
//                          which programs using float16 or bfloat16 start with, are parsed once
//                          per process (a third of such a program's compile time)
//   -I<toolkit include>    where those headers are
std::string nvrtc_options_text(const std::string &arch);

// The toolkit's include folder, for cuda_fp16.h and cuda_bf16.h: TIRCONF_CUDA_INCLUDE, else the
// one configured; empty if neither.
std::string include_dir();

// compute_80 unless TIRCONF_CUDA_ARCH says otherwise ("compute_90").
std::string default_arch();

struct PtxResult {
  bool ok = false;
  std::string ptx;
  std::string log; // NVRTC's log: the errors when !ok
  double seconds = 0;
  bool cached = false;
};

// Compiles `source` for `arch`, or returns the cached PTX of an equal source. Thread-safe.
PtxResult compile_to_ptx(const std::string &source, const std::string &arch);

// "13.0": the NVRTC this binary uses.
std::string nvrtc_version();

} // namespace tirconf::backends::cuda
