// TEST ONLY: planted miscompilations, for testing tools that work on findings (a test-case
// reducer must bring a real-looking bug down to the construct it is in; an outcome altered after
// the fact, as diff's --inject-mismatch does, reproduces on any program and cannot test that).
//
// TIRCONF_TEST_PLANT_MISCOMPILE=<kind> makes llvm-O2 lower one construct wrongly; llvm-O0 is
// never affected, so `diff --backends oracle,llvm-O0,llvm-O2` shows llvm-O2 alone differing.
// Off by default: unset or empty plants nothing. A value that names no kind makes every compile
// of the LLVM backend (both levels) fail with a compile error listing the kinds: a misspelt kind
// must not pass for a clean run.
//
// Each kind is planted at one lowering site, which asks FunctionLowering::planted(Plant::...):
// grep for that to find them.
#pragma once

#include <span>

#include "ir/module.h"

namespace tirconf::backends::llvm_jit {

enum class Plant {
  None,
  FloorModAsTruncMod,        // lower_expr.cc int_division
  SignedMinMaxAsUnsigned,    // lower_expr.cc binary
  ShuffleWrongLane,          // lower_expr.cc Shuffle
  SelectArmsSwapped,         // lower_expr.cc Select
  CastFloatToIntRounds,      // lower_expr.cc Cast
  LoopExtentOffByOne,        // lower_stmt.cc For
  LostStoreInVectorizedLoop, // lower_stmt.cc For, BufferStore
  ShiftRightSignedAsLogical, // lower_builtins.cc tir.shift_right
};

struct PlantKind {
  Plant plant;
  const char *name;        // the value of TIRCONF_TEST_PLANT_MISCOMPILE that selects it
  const char *description; // what llvm-O2 then does wrong, in one line
};
std::span<const PlantKind> plant_kinds();

inline constexpr const char *kPlantEnv = "TIRCONF_TEST_PLANT_MISCOMPILE";

// The miscompilation to plant at `opt_level` as the environment asks: None when the variable is
// unset or empty, or at any level but 2. Throws std::runtime_error naming the known kinds when it
// names none of them (at every level).
Plant plant_from_env(int opt_level);

// LostStoreInVectorizedLoop: the store it drops in a vectorized loop's body, the last one (in
// program order) that writes a buffer parameter of `f` (so the loss shows in an output, and
// never leaves memory uninitialized that a run could read); null if none.
const ir::BufferStoreNode *store_to_lose(const ir::PrimFuncNode &f, const ir::Stmt &body);

} // namespace tirconf::backends::llvm_jit
