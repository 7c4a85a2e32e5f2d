// Base classes of the TIR tree. Nodes are immutable and shared (std::shared_ptr<const T>); a Var is
// identified by its node, not its name, so two Vars named "i" are different variables.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ir/dtype.h"
#include "ir/source_loc.h"
#include "ir/type.h"

namespace tirconf::ir {

template <class T> using Ref = std::shared_ptr<const T>;

enum class ExprKind : uint8_t {
#define TIR_EXPR_KIND(Name) Name,
#include "ir/node_kinds.def"
};

enum class StmtKind : uint8_t {
#define TIR_STMT_KIND(Name) Name,
#include "ir/node_kinds.def"
};

const char *kind_name(ExprKind k);
const char *kind_name(StmtKind k);

// enable_shared_from_this lets a mutator hand back the original node when nothing changed.
struct ExprNode : std::enable_shared_from_this<ExprNode> {
  ExprKind kind;
  DataType dtype;
  SourceLoc loc;

protected:
  ExprNode(ExprKind k, DataType t, SourceLoc l) : kind(k), dtype(t), loc(l) {}
  ~ExprNode() = default;
};

struct StmtNode : std::enable_shared_from_this<StmtNode> {
  StmtKind kind;
  SourceLoc loc;

protected:
  StmtNode(StmtKind k, SourceLoc l) : kind(k), loc(l) {}
  ~StmtNode() = default;
};

// shared_ptr's deleter is bound at make_shared time to the concrete type, so the protected
// non-virtual destructors above are safe.
using PrimExpr = Ref<ExprNode>;
using Stmt = Ref<StmtNode>;

#define TIR_EXPR_KIND(Name) struct Name##Node;
#define TIR_STMT_KIND(Name) struct Name##Node;
#include "ir/node_kinds.def"

using Var = Ref<VarNode>;
using IntImm = Ref<IntImmNode>;

struct BufferNode;
using Buffer = Ref<BufferNode>;
struct IterVarNode;
using IterVar = Ref<IterVarNode>;
struct GlobalVarNode;
using GlobalVar = Ref<GlobalVarNode>;

// Downcast by kind; returns nullptr if `e` is not a T.
template <class T> const T *as(const PrimExpr &e) {
  return e && e->kind == T::kKind ? static_cast<const T *>(e.get()) : nullptr;
}
template <class T> const T *as(const Stmt &s) {
  return s && s->kind == T::kKind ? static_cast<const T *>(s.get()) : nullptr;
}
// Shared-ownership downcast, for when the caller keeps the node.
template <class T> Ref<T> cast(const PrimExpr &e) {
  return e && e->kind == T::kKind ? std::static_pointer_cast<const T>(e) : nullptr;
}
template <class T> Ref<T> cast(const Stmt &s) {
  return s && s->kind == T::kKind ? std::static_pointer_cast<const T>(s) : nullptr;
}

// Annotation and attribute values (Attrs, For/Block annotations, an AttrStmt's node). The spec
// allows arbitrary TVM objects that matter only at compile time; we keep what TVMScript writes:
// PrimExprs (incl. StringImm), lists, dicts with string keys, and objects made by a TVMScript
// call, kept as that call (`T.target({...})`, `T.comm_reducer(lambda x, y: x + y, [0.0])`).
// A `lambda` is an object too: its parameters (Vars), then its result (an expression, or a list
// for a tuple). Its Vars are bound by it alone, so walks over a program's expressions skip it.
struct AttrEntry;
struct AttrValue {
  PrimExpr expr;               // set for an expression
  std::vector<AttrValue> list; // the elements when is_list; an object's arguments
  bool is_list = false;
  std::vector<AttrEntry> dict; // the entries when is_dict
  bool is_dict = false;
  std::string object; // the maker of an object: "T.target", "T.comm_reducer", "lambda"

  bool is_expr() const { return !is_list && !is_dict && object.empty(); }
  bool is_lambda() const { return object == "lambda"; }
};
// A dict entry, shaped like an Annotations entry. Not a std::pair: a pair may not hold a type
// that is still incomplete, and clang with libstdc++ rejects std::pair<std::string, AttrValue>
// inside AttrValue's own definition (the fuzz targets are built with clang).
struct AttrEntry {
  std::string first;
  AttrValue second;
};
inline constexpr const char *kLambda = "lambda";

// Calls f on each expression of v outside lambdas, in order.
template <class F> void for_each_expr(const AttrValue &v, F &&f) {
  if (v.is_lambda())
    return;
  if (v.is_expr()) {
    if (v.expr)
      f(v.expr);
    return;
  }
  for (const auto &e : v.list)
    for_each_expr(e, f);
  for (const auto &[k, e] : v.dict)
    for_each_expr(e, f);
}
using Annotations = std::vector<std::pair<std::string, AttrValue>>;

} // namespace tirconf::ir
