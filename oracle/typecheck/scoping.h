// "Variable Scoping": SSA, lexical scope of every binding site, where buffers may be used, and
// which GlobalVars a call may name. A walk of its own, separate from typing: it carries the set
// of Vars in scope, which the typing rules never need.
#pragma once

#include "oracle/typecheck/context.h"

namespace tirconf::oracle::typecheck {

void check_scoping(Context &ctx, const ir::PrimFunc &f);

} // namespace tirconf::oracle::typecheck
