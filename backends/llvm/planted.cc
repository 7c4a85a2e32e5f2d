// TEST ONLY: the planted miscompilations' table and the environment switch (planted.h).
#include "backends/llvm/planted.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "ir/visitor.h"

namespace tirconf::backends::llvm_jit {

namespace {

constexpr PlantKind kKinds[] = {
    {Plant::FloorModAsTruncMod, "floormod-as-truncmod",
     "signed integer FloorMod lowered as the truncated remainder (srem), without the correction "
     "toward the divisor's sign"},
    {Plant::SignedMinMaxAsUnsigned, "signed-minmax-as-unsigned",
     "Min and Max of signed integers compare their operands as unsigned"},
    {Plant::ShuffleWrongLane, "shuffle-wrong-lane",
     "a Shuffle's lane 0 takes the lane after the one its constant index names (mod the lanes)"},
    {Plant::SelectArmsSwapped, "select-arms-swapped",
     "a Select whose condition compares two floats picks its arms the other way round"},
    {Plant::CastFloatToIntRounds, "cast-float-to-int-rounds",
     "a cast from a float to an integer rounds to nearest (halves away from zero) instead of "
     "truncating"},
    {Plant::LoopExtentOffByOne, "loop-extent-off-by-one",
     "a serial For with a constant extent of 3 or more runs one iteration less"},
    {Plant::LostStoreInVectorizedLoop, "lost-store-in-vectorized-loop",
     "the last BufferStore to a buffer parameter in a vectorized For's body is dropped (its value "
     "is still evaluated)"},
    {Plant::ShiftRightSignedAsLogical, "shift-right-signed-as-logical",
     "tir.shift_right of a signed integer shifts in zeros (lshr) instead of the sign bit"},
};

// Every store of the walked statement, in program order, to a buffer parameter of the function.
class LastParamStore : public ir::IRVisitor {
public:
  explicit LastParamStore(const ir::PrimFuncNode &f) : f_(f) {}
  const ir::BufferStoreNode *last = nullptr;

protected:
  void VisitStmt_(const ir::BufferStoreNode *op) override {
    for (const auto &[param, buffer] : f_.buffer_map)
      if (buffer->data == op->buffer->data)
        last = op;
    ir::IRVisitor::VisitStmt_(op);
  }

private:
  const ir::PrimFuncNode &f_;
};

} // namespace

std::span<const PlantKind> plant_kinds() {
  return kKinds;
}

Plant plant_from_env(int opt_level) {
  const char *v = std::getenv(kPlantEnv);
  if (!v || !*v)
    return Plant::None;
  for (const PlantKind &k : kKinds)
    if (k.name == std::string(v))
      return opt_level == 2 ? k.plant : Plant::None;
  std::string known;
  for (const PlantKind &k : kKinds)
    known += std::string(known.empty() ? "" : ", ") + k.name;
  throw std::runtime_error(
      std::string(kPlantEnv) + "=" + v +
      " names no planted miscompilation (a test-only switch; known kinds: " + known + ")");
}

const ir::BufferStoreNode *store_to_lose(const ir::PrimFuncNode &f, const ir::Stmt &body) {
  LastParamStore v(f);
  v.VisitStmt(body);
  return v.last;
}

} // namespace tirconf::backends::llvm_jit
