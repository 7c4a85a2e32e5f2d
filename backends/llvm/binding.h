// The binding checks of a buffer parameter ("Semantics of Statements / 1. PrimFunc",
// [bind.dtype] .. [bind.elem_offset]) as data: which field of which argument is compared with
// what, and which failure site reports it. An entry's DLTensor checks are built once, as one
// list, and then either run by the host in C++ before it calls the entry (run_on_host, from
// llvm_backend.cc) or lowered into the entry (lower_module.cc): the same checks in the same
// order, through the same failure sites, either way.
//
// The host runs the list whenever no check compares with an expression (every buffer field is
// absent, an IntImm or a Var). Binding checks were over a third of the optimized code of a
// typical generated program, code that tests nothing of LLVM the bodies do not test, and each
// costs -O2 time; the generated entry then only reads the fields that bind Vars.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ir/expr.h"
#include "ir/module.h"
#include "runtime/argument.h"
#include "runtime/outcome.h"

namespace tirconf::backends::llvm_jit {

struct BindingCheck {
  // What the check reads, as an int64 (DLTensor fields for an entry's argument).
  enum class Field : uint8_t {
    DType, // the packed DLDataType: code | bits << 8 | lanes << 16
    NDim,
    HasStrides, // 1 when the tensor has a strides array, 0 when it is null
    Shape,      // shape[k] (ndim was checked before)
    Stride,     // strides[k], or the compact row-major stride of the shape when there are none
    ByteOffset,
    ElemOffset, // byte_offset / elem_bytes
    None,       // nothing (Compare::Fail)
  };
  // What the value must be.
  enum class Compare : uint8_t {
    Equal,      // `value`
    EqualVar,   // the value of `var`, bound before (a scalar param, or an earlier field)
    EqualExpr,  // the value of `expr`, an expression of Vars bound before (generated code only)
    Fits,       // in [lo, hi], `var`'s dtype's range (u64: not negative); then it binds `var`
    MultipleOf, // a multiple of `value`
    Fail,       // nothing: the check always fails
  };
  Field field = Field::None;
  Compare compare = Compare::Fail;
  uint32_t param = 0; // the argument's index among the function's params
  uint32_t k = 0;     // Shape, Stride: the dimension
  int64_t elem_bytes = 1;
  int64_t value = 0;
  int64_t lo = 0, hi = 0;
  bool u64 = false;
  ir::PrimExpr expr;                // EqualVar, EqualExpr, Fits: the buffer field
  const ir::VarNode *var = nullptr; // EqualVar, Fits
  int slot = -1;                    // EqualVar, Fits: where the host keeps var's value
  // The failure site. Its details: a = the field's value; b = what it was compared with
  // (Equal, EqualVar, EqualExpr), else 0.
  int site = -1;
};

// Adds a failure site (ModuleLowering::add_site) and returns its id.
using SiteAdder =
    std::function<int(runtime::ErrorClass, const char *rule, ir::SourceLoc, std::string message)>;

// Vars bound so far while binding, each with its host slot (-1: none).
class BoundVars {
public:
  void add(const ir::VarNode *v, int slot = -1) { slots_.emplace(v, slot); }
  bool contains(const ir::VarNode *v) const { return slots_.count(v) != 0; }
  int slot(const ir::VarNode *v) const;
  bool all_bound(const ir::PrimExpr &e) const; // every Var of e
  int next_slot = 0;                           // slots handed out so far

private:
  std::unordered_map<const ir::VarNode *, int> slots_;
};

// Where a buffer field's value comes from: which field of which argument.
struct FieldRef {
  BindingCheck::Field field;
  uint32_t param = 0, k = 0;
  int64_t elem_bytes = 1;
};

// The check binding one buffer field (a shape extent, a stride, elem_offset) to the value the
// argument supplies: an absent field requires 0; an unbound integer Var takes the value if its
// dtype can hold it (and is bound from then on, with a host slot); an IntImm, a bound Var or an
// expression of bound Vars must equal it; an expression of unbound Vars cannot be bound.
// `what` names the field in messages ("argument A: shape[0]"). Throws LoweringError for a Var
// that is not an integer scalar.
BindingCheck field_check(const ir::PrimExpr &field, FieldRef from, BoundVars &bound,
                         const std::string &what, const char *rule, ir::SourceLoc loc,
                         const SiteAdder &add_site);

struct EntryBinding {
  std::vector<BindingCheck> checks; // buffer params in param order, each dtype .. elem_offset
  std::vector<std::pair<uint32_t, int>> scalar_slots; // integer scalar param -> slot
  int slots = 0;
  bool host_runs = false; // no check needs generated code (EqualExpr)
};

// The checks of `f`'s buffer params bound from DLTensors ([bind.buffer_param]): dtype, ndim,
// shape, strides, byte_offset, elem_offset, in that order, as TVM's argument binder makes them.
// Throws UnsupportedError for a buffer dtype DLPack cannot express.
EntryBinding plan_entry_binding(const ir::PrimFuncNode &f, const SiteAdder &add_site);

// The first check of `b` (host_runs) that fails on `args`, with its site and details.
struct BindingFailure {
  int site;
  int64_t detail[2];
};
std::optional<BindingFailure> run_on_host(const EntryBinding &b,
                                          std::span<const runtime::Argument> args);

} // namespace tirconf::backends::llvm_jit
