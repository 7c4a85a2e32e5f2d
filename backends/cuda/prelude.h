// The CUDA C++ every generated translation unit starts with: fixed-width integer types (NVRTC
// has no <cstdint> without the toolkit's headers), the status word (status.h) and its failure
// function, and the integer operations whose C++ forms would be undefined or differ from the
// spec: wrapping arithmetic is done in unsigned types ([sem.expr.int_wrap]), and division is
// exact FloorDiv / FloorMod ([sem.expr.floordiv], [sem.expr.floormod]) with the divide-by-zero
// check left to the caller, which reports it through the status word.
#pragma once

namespace tirconf::backends::cuda {

const char *prelude();
// What a translation unit that uses float16 or bfloat16 adds before the prelude: CUDA's headers
// for them (found through the include folder nvrtc.cc passes) and their FloorDiv / FloorMod.
const char *narrow_float_prelude();

} // namespace tirconf::backends::cuda
