// Constructors and small helpers of the IR nodes.
#include <algorithm>

#include "ir/module.h"

namespace tirconf::ir {

const char *kind_name(ExprKind k) {
  switch (k) {
#define TIR_EXPR_KIND(Name)                                                                        \
  case ExprKind::Name:                                                                             \
    return #Name;
#include "ir/node_kinds.def"
  }
  return "?";
}

const char *kind_name(StmtKind k) {
  switch (k) {
#define TIR_STMT_KIND(Name)                                                                        \
  case StmtKind::Name:                                                                             \
    return #Name;
#include "ir/node_kinds.def"
  }
  return "?";
}

std::string to_string(const Type &t) {
  switch (t.kind) {
  case Type::Kind::Prim:
    return to_string(t.dtype);
  case Type::Kind::Pointer:
    return "Pointer(" + to_string(*t.element) + ", \"" + t.storage_scope + "\")";
  case Type::Kind::Tuple: {
    std::string s = "Tuple(";
    for (size_t i = 0; i < t.fields.size(); ++i)
      s += (i ? ", " : "") + to_string(t.fields[i]);
    return s + ")";
  }
  }
  return "?";
}

const char *to_string(IterVarType t) {
  switch (t) {
  case IterVarType::DataPar:
    return "DataPar";
  case IterVarType::ThreadIndex:
    return "ThreadIndex";
  case IterVarType::CommReduce:
    return "CommReduce";
  case IterVarType::Ordered:
    return "Ordered";
  case IterVarType::Opaque:
    return "Opaque";
  case IterVarType::Unrolled:
    return "Unrolled";
  case IterVarType::Vectorized:
    return "Vectorized";
  case IterVarType::Parallelized:
    return "Parallelized";
  case IterVarType::Tensorized:
    return "Tensorized";
  }
  return "?";
}

const char *to_string(ForKind k) {
  switch (k) {
  case ForKind::Serial:
    return "serial";
  case ForKind::Parallel:
    return "parallel";
  case ForKind::Vectorized:
    return "vectorized";
  case ForKind::Unrolled:
    return "unroll";
  case ForKind::ThreadBinding:
    return "thread_binding";
  }
  return "?";
}

Var make_var(std::string name, DataType t, SourceLoc l) {
  Type ann = t.is_void() ? Type::Tuple() : Type::Prim(t);
  return std::make_shared<VarNode>(std::move(name), std::move(ann), l);
}

Var make_var(std::string name, Type annotation, SourceLoc l) {
  return std::make_shared<VarNode>(std::move(name), std::move(annotation), l);
}

IntImm make_int(DataType t, int64_t v, SourceLoc l) {
  return std::make_shared<IntImmNode>(t, v, l);
}

PrimExpr make_buffer_load(Buffer b, std::vector<PrimExpr> indices, SourceLoc l,
                          PrimExpr predicate) {
  int index_lanes = indices.empty() ? 1 : indices.back()->dtype.lanes;
  DataType t = b->dtype.with_lanes(b->dtype.lanes * index_lanes);
  return std::make_shared<BufferLoadNode>(t, std::move(b), std::move(indices), l,
                                          std::move(predicate));
}

bool is_binary(ExprKind k) {
  switch (k) {
#define TIR_BINARY_KIND(Name, op)                                                                  \
  case ExprKind::Name:                                                                             \
    return true;
#include "ir/node_kinds.def"
  default:
    return false;
  }
}

bool is_comparison(ExprKind k) {
  return k == ExprKind::EQ || k == ExprKind::NE || k == ExprKind::LT || k == ExprKind::LE ||
         k == ExprKind::GE || k == ExprKind::GT;
}

PrimExpr make_binary(ExprKind k, PrimExpr a, PrimExpr b, SourceLoc l) {
  DataType t = is_comparison(k) ? DataType::Bool(a->dtype.lanes) : a->dtype;
  switch (k) {
#define TIR_BINARY_KIND(Name, op)                                                                  \
  case ExprKind::Name:                                                                             \
    return std::make_shared<Name##Node>(t, std::move(a), std::move(b), l);
#include "ir/node_kinds.def"
  default:
    return nullptr;
  }
}

const std::string &BufferNode::scope() const {
  static const std::string global = "global";
  if (data && data->type_annotation.is_pointer())
    return data->type_annotation.storage_scope;
  return global;
}

Var AttrStmtNode::bound_var() const {
  if (attr_key != "thread_extent" && attr_key != "virtual_thread")
    return nullptr;
  if (auto *iv = std::get_if<IterVar>(&node))
    return *iv ? (*iv)->var : nullptr;
  if (auto *e = std::get_if<PrimExpr>(&node))
    return cast<VarNode>(*e);
  return nullptr;
}

Buffer PrimFuncNode::buffer_for(const Var &param) const {
  for (const auto &[v, b] : buffer_map)
    if (v == param)
      return b;
  return nullptr;
}

const std::string &PrimFuncNode::arg_name(const Var &param) const {
  if (auto b = buffer_for(param))
    return b->name;
  return param->name_hint;
}

Var PrimFuncNode::param_named(std::string_view name) const {
  for (const auto &p : params)
    if (arg_name(p) == name)
      return p;
  for (const auto &p : params)
    if (p->name_hint == name)
      return p;
  return nullptr;
}

PrimFunc IRModuleNode::lookup(std::string_view name) const {
  for (const auto &[g, f] : functions)
    if (g->name_hint == name)
      return f;
  return nullptr;
}

GlobalVar IRModuleNode::global_var(std::string_view name) const {
  for (const auto &[g, f] : functions)
    if (g->name_hint == name)
      return g;
  return nullptr;
}

} // namespace tirconf::ir
