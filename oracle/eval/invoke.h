// PrimFunc invocation (spec "Semantics of Statements / 1. PrimFunc"): binding params, running the
// body, returning. Two kinds of caller:
//
//   the entry call (run()): buffer params receive DLTensors (NDArrays) and are checked and bound
//   as the spec says (bind.*); the tensor's memory becomes an allocation whose slots are copied
//   back into the NDArray when the call ends (sem.stmt.primfunc.outputs);
//
//   a Call of a GlobalVar from TIR (sem.expr.call.primfunc): arguments are Values. A buffer param
//   receives a handle (e.g. `A.data`) and binds as a DLTensor would whose data is that handle,
//   whose byte_offset is 0 and whose strides are null: its dtype must be the allocation's element
//   type, its shape must already be known (IntImms, or Vars bound by scalar params, which are
//   bound first: bind.order), its strides default to compact, its elem_offset must be 0. The
//   callee then reads and writes the caller's memory in place. Two handle arguments whose
//   element ranges overlap alias (unspec.dltensor_alias).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "ir/module.h"
#include "oracle/eval/interpreter.h"
#include "oracle/eval/machine.h"
#include "runtime/value.h"

namespace tirconf::oracle::eval {

// How binding messages and ok outcomes name a parameter: as the program wrote it. TVMScript's
// `A: T.Buffer(...)` makes a handle param "A_handle" for the buffer "A"; that one is "A".
std::string param_display_name(const ir::PrimFuncNode &func, const ir::Var &param);

// Runs `func` on entry arguments; buffer arguments are updated in place.
runtime::Value call_entry(Machine &m, const ir::PrimFuncNode &func, std::span<Argument> args);

// Runs `func` for a Call node at `call_loc`.
runtime::Value call_primfunc(Machine &m, const ir::PrimFuncNode &func, const std::string &name,
                             const std::vector<runtime::Value> &args, ir::SourceLoc call_loc);

} // namespace tirconf::oracle::eval
