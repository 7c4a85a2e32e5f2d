// The interpreter's fast paths: the one hook through which anything faster than the plain node of
// a rule gets into a compiled PrimFunc.
//
// The plain nodes (eval_expr.cc, builtins.cc, exec_stmt.cc, exec_loops.cc, exec_block.cc) are
// the spec's semantics, one node per rule, values passed as runtime::Values. A fast path is a
// node specialised for one common shape of a node (a scalar type fixed when compiled, indices
// that are loop Vars, a block whose iter vars are its loops' Vars, ...) that does exactly what
// the plain node does: the same value, the same order of evaluation, the same checks and
// outcomes, the same rule counts (RunOptions::coverage) and steps. Where its hot case does not
// apply at run time, it takes a general path written like the plain node.
//
// Compiler::expr / stmt ask the hook first, when RunOptions::fast_paths is on, and build the
// plain node when it answers null; a fast node compiles its children through the Compiler too,
// so fast and plain nodes mix freely (a plain parent calls value(), which a scalar fast node
// gives by converting its bits; a fast parent calls bits(), which a plain node gives by taking
// its value's lane). Which shapes have a fast path is the table in fast_paths.cc; the nodes are
// in fast_expr.cc, fast_stmt.cc and fast_block.cc, their shared parts in fast_nodes.h.
// tests/eval_fast_paths_test.cc runs the corpus and generated programs with the hook on and off
// and requires identical outcomes, coverage and steps.
#pragma once

#include "oracle/eval/plan.h"

namespace tirconf::oracle::eval {

// A node equivalent to the plain one for `e` / `s` and faster, or null when no fast path applies
// to its shape. `c` knows what the compilation so far has learned: the slots of Vars and
// Buffers, and which Vars are loop_vars.
CExprPtr fast_path(Compiler &c, const ir::PrimExpr &e);
CStmtPtr fast_path(Compiler &c, const ir::Stmt &s);

} // namespace tirconf::oracle::eval
