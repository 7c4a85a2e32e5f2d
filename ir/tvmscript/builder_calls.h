// The T.* functions, as a table from name to handler (internal to ir/tvmscript/builder_*.cc).
//
// Each handler builds what python/tvm/script/ir_builder/tir/ir.py and
// src/script/ir_builder/tir/ir.cc (TVM v0.20) build for one call; signatures and defaults are
// TVM's. The handlers are grouped as TVM groups them, one file per group:
//   builder_calls_stmt.cc    the function, loops and the statements that open a scope
//   builder_calls_block.cc   blocks and their axes
//   builder_calls_buffer.cc  buffer declarations and allocations
//   builder_calls_expr.cc    scalar dtype constructors, expression node constructors, casts
//   builder_calls_op.cc      operator functions and intrinsics (tvm.tir.op)
// builder_calls.cc puts the groups into one table; builder_call_args.cc binds and converts the
// arguments.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ir/builtins.h"
#include "ir/tvmscript/builder.h"

namespace tirconf::ir::script {

// One call of a T.* function being built.
struct CallSite {
  Builder &b;
  const std::string &fn; // the name after `T.`: "serial", "axis.spatial"
  CallArgs &args;
  const NameHints *names;
  SourceLoc loc;

  // Python argument binding (bind_params) for this callee.
  Params bind(std::initializer_list<std::string_view> params,
              size_t max_positional = static_cast<size_t>(-1)) const;
  // A parameter the call must have given ("missing required argument" otherwise).
  const Value &required(const Arg &a, std::string_view param) const;
  // The name the assignment gives to result i (empty without one).
  std::string hint(size_t i = 0) const;
  Value expr(PrimExpr e) const { return Value::of(std::move(e), loc); }
  std::shared_ptr<FrameSpec> frame(FrameSpec::Kind k) const;
  Value frame_value(std::shared_ptr<FrameSpec> f) const;
};

using CallHandler = Value (*)(CallSite &);
struct CallEntry {
  std::string_view name;
  CallHandler handler;
};

// ---- the groups, as TVM groups them (each file's table)
std::span<const CallEntry> function_calls();  // builder_calls_stmt.cc
std::span<const CallEntry> loop_calls();      // builder_calls_stmt.cc
std::span<const CallEntry> statement_calls(); // builder_calls_stmt.cc
std::span<const CallEntry> block_calls();     // builder_calls_block.cc
std::span<const CallEntry> axis_calls();      // builder_calls_block.cc
std::span<const CallEntry> buffer_calls();    // builder_calls_buffer.cc
std::span<const CallEntry> dtype_calls();     // builder_calls_expr.cc: T.handle, T.void
std::span<const CallEntry> expr_node_calls(); // builder_calls_expr.cc
std::span<const CallEntry> cast_calls();      // builder_calls_expr.cc
std::span<const CallEntry> operator_calls();  // builder_calls_op.cc
std::span<const CallEntry> intrinsic_calls(); // builder_calls_op.cc
std::span<const CallEntry> object_calls();    // builder_calls_object.cc

// ---- families of names no fixed table lists
// T.int32(), T.int32(x), T.float32("inf"), T.float16x4(x): one constructor per dtype spelling.
Value scalar_constructor(CallSite &c, DataType t);
// T.sqrt(x), T.bitwise_and(x, y), ...: a catalogued builtin (ir/builtins.h).
Value catalog_builtin(CallSite &c, const BuiltinInfo &info);
Value tvm_builtin(CallSite &c, const BuiltinInfo &info);

// ---- argument binding and conversions (builder_call_args.cc)

// Python argument binding: positional arguments fill `names` in order (up to `max_positional`),
// then keywords by name. Unknown or repeated arguments are errors, as in Python.
Params bind_params(const CallArgs &a, const std::string &fn,
                   std::initializer_list<std::string_view> names,
                   size_t max_positional = static_cast<size_t>(-1));
// Given and not None.
bool given(const Arg &v);
SourceLoc loc_of(const Value &v, SourceLoc fallback);
std::string str_of(const Value &v, const char *what, SourceLoc loc);
DataType dtype_of(const Value &v, SourceLoc loc);
// An integer constant within int32.
int64_t int_of(const Value &v, const char *what, SourceLoc loc);
bool bool_of(const Value &v, const char *what, SourceLoc loc);
int lanes_of(const Value &v, SourceLoc loc);
// A value that may be a PrimExpr condition; Python bools become IntImm(bool).
PrimExpr cond_of(Builder &b, const Value &v, SourceLoc loc);
// One PrimExpr, or each element of a list or tuple.
std::vector<PrimExpr> expr_list(Builder &b, const Value &v, const char *what, SourceLoc loc);
Annotations annotations_of(Builder &b, const Value &v, SourceLoc loc);
// An annotation or attribute value: a PrimExpr, a list, a dict, an object.
AttrValue attr_value(Builder &b, const Value &v, SourceLoc loc);
// The dtype a T.<name> spelling names ("int32", "boolean"); none for "handle" and "void".
std::optional<DataType> dtype_from_name(std::string_view name);
// tvm::cast: folds constants, keeps same-dtype values, broadcasts scalars to vector types.
PrimExpr cast_to(DataType t, const PrimExpr &v, SourceLoc loc);

} // namespace tirconf::ir::script
