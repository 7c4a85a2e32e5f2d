// Arguments for a generated main: tensors of the buffer parameters' dtypes and shapes (symbolic
// dimensions at the values chosen for their shape Vars) and scalars, with values biased towards
// the edges of each dtype (literals.h). Values only go in: nothing about them is assumed by the
// program, whose safety never depends on its inputs.
#pragma once

#include <utility>
#include <vector>

#include "generators/choices.h"
#include "generators/profile.h"
#include "generators/program_gen.h"

namespace tirconf::gen {

struct InputPlan {
  std::vector<std::pair<const ir::VarNode *, int64_t>> shape_values; // symbolic extents
};

std::vector<ArgSpec> make_arguments(Rand &r, const Profile &p, const ir::PrimFuncNode &f,
                                    const InputPlan &plan);

} // namespace tirconf::gen
