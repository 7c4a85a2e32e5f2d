// PrimExpr nodes, one per alternative of the spec's PrimExpr grammar. Each comment gives the
// node's meaning in a line; the rule IDs in spec/ hold the full typing and evaluation rules.
#pragma once

#include "ir/node.h"

namespace tirconf::ir {

#define TIR_NODE_KIND(Name)                                                                        \
  static constexpr ExprKind kKind = ExprKind::Name;                                                \
  static constexpr const char *kName = #Name;

// A variable. dtype is Handle for pointer-annotated Vars, Void for TupleType([]).
struct VarNode final : ExprNode {
  TIR_NODE_KIND(Var)
  std::string name_hint;
  Type type_annotation;
  // TVM's SizeVar (`T.int32(is_size_var=True)`): a Var its compiler may assume non-negative. The
  // spec has no such promise; the oracle treats it as any Var, and it is kept to print it back.
  bool size_var = false;
  VarNode(std::string name, Type annotation, SourceLoc l = {})
      : ExprNode(kKind, annotation.var_dtype(), l), name_hint(std::move(name)),
        type_annotation(std::move(annotation)) {}
};
Var make_var(std::string name, DataType t, SourceLoc l = {});
Var make_var(std::string name, Type annotation, SourceLoc l = {});

// An integer constant; uint64 values above INT64_MAX are not representable (as in TVM).
struct IntImmNode final : ExprNode {
  TIR_NODE_KIND(IntImm)
  int64_t value;
  IntImmNode(DataType t, int64_t v, SourceLoc l = {}) : ExprNode(kKind, t, l), value(v) {}
};
IntImm make_int(DataType t, int64_t v, SourceLoc l = {});
inline IntImm make_int32(int64_t v, SourceLoc l = {}) {
  return make_int(DataType::Int(32), v, l);
}
inline IntImm make_bool(bool v, SourceLoc l = {}) {
  return make_int(DataType::Bool(), v, l);
}

// A floating-point constant of dtype float16/32/64 or bfloat16, stored as a double.
struct FloatImmNode final : ExprNode {
  TIR_NODE_KIND(FloatImm)
  double value;
  FloatImmNode(DataType t, double v, SourceLoc l = {}) : ExprNode(kKind, t, l), value(v) {}
};

// A constant C string; evaluates to a handle to it.
struct StringImmNode final : ExprNode {
  TIR_NODE_KIND(StringImm)
  std::string value;
  StringImmNode(std::string v, SourceLoc l = {})
      : ExprNode(kKind, DataType::Handle(), l), value(std::move(v)) {}
};

// Converts `value` to dtype, lane by lane, with C/static_cast rules.
struct CastNode final : ExprNode {
  TIR_NODE_KIND(Cast)
  PrimExpr value;
  CastNode(DataType t, PrimExpr v, SourceLoc l = {}) : ExprNode(kKind, t, l), value(std::move(v)) {}
};

// Evaluates all three operands (not short-circuiting) and picks per lane.
struct SelectNode final : ExprNode {
  TIR_NODE_KIND(Select)
  PrimExpr condition, true_value, false_value;
  SelectNode(PrimExpr c, PrimExpr t, PrimExpr f, SourceLoc l = {})
      : ExprNode(kKind, t->dtype, l), condition(std::move(c)), true_value(std::move(t)),
        false_value(std::move(f)) {}
};

// Reads buffer elements; a vector last index reads one element per lane.
struct BufferLoadNode final : ExprNode {
  TIR_NODE_KIND(BufferLoad)
  Buffer buffer;
  std::vector<PrimExpr> indices;
  // TVM's masked vector load (`A.vload(idx, predicate=mask)`), outside the spec; null if none.
  PrimExpr predicate;
  BufferLoadNode(DataType t, Buffer b, std::vector<PrimExpr> idx, SourceLoc l = {},
                 PrimExpr pred = {})
      : ExprNode(kKind, t, l), buffer(std::move(b)), indices(std::move(idx)),
        predicate(std::move(pred)) {}
};
// dtype per "Rules for Assigning Datatypes" 7: buffer element type times the last index's lanes.
PrimExpr make_buffer_load(Buffer b, std::vector<PrimExpr> indices, SourceLoc l = {},
                          PrimExpr predicate = {});

// The vector base + i * stride for i in [0, lanes).
struct RampNode final : ExprNode {
  TIR_NODE_KIND(Ramp)
  PrimExpr base, stride;
  int lanes;
  RampNode(PrimExpr b, PrimExpr s, int n, SourceLoc l = {})
      : ExprNode(kKind, b->dtype.with_lanes(n), l), base(std::move(b)), stride(std::move(s)),
        lanes(n) {}
};

// A vector of `lanes` copies of a scalar.
struct BroadcastNode final : ExprNode {
  TIR_NODE_KIND(Broadcast)
  PrimExpr value;
  int lanes;
  BroadcastNode(PrimExpr v, int n, SourceLoc l = {})
      : ExprNode(kKind, v->dtype.with_lanes(n), l), value(std::move(v)), lanes(n) {}
};

// Binds var to value within body.
struct LetNode final : ExprNode {
  TIR_NODE_KIND(Let)
  Var var;
  PrimExpr value, body;
  LetNode(Var v, PrimExpr val, PrimExpr b, SourceLoc l = {})
      : ExprNode(kKind, b->dtype, l), var(std::move(v)), value(std::move(val)), body(std::move(b)) {
  }
};

// A call of a builtin (op, e.g. "tir.ret") or of a PrimFunc of the module (callee).
struct CallNode final : ExprNode {
  TIR_NODE_KIND(Call)
  std::string op;   // builtin name, empty when callee is set
  GlobalVar callee; // set for calls between PrimFuncs
  std::vector<PrimExpr> args;
  CallNode(DataType t, std::string o, GlobalVar g, std::vector<PrimExpr> a, SourceLoc l = {})
      : ExprNode(kKind, t, l), op(std::move(o)), callee(std::move(g)), args(std::move(a)) {}
  bool is_builtin(std::string_view name) const { return !callee && op == name; }
};

// Lane i of the result is lane indices[i] of the concatenation of `vectors`.
struct ShuffleNode final : ExprNode {
  TIR_NODE_KIND(Shuffle)
  std::vector<PrimExpr> vectors, indices;
  ShuffleNode(DataType t, std::vector<PrimExpr> v, std::vector<PrimExpr> i, SourceLoc l = {})
      : ExprNode(kKind, t, l), vectors(std::move(v)), indices(std::move(i)) {}
};

// Common shape of every BinaryOp, CmpOp and the binary LogicalOps.
struct BinaryNode : ExprNode {
  PrimExpr a, b;

protected:
  BinaryNode(ExprKind k, DataType t, PrimExpr x, PrimExpr y, SourceLoc l)
      : ExprNode(k, t, l), a(std::move(x)), b(std::move(y)) {}
};

#define TIR_BINARY_KIND(Name, op)                                                                  \
  struct Name##Node final : BinaryNode {                                                           \
    TIR_NODE_KIND(Name)                                                                            \
    static constexpr const char *kOp = op;                                                         \
    Name##Node(DataType t, PrimExpr x, PrimExpr y, SourceLoc l = {})                               \
        : BinaryNode(kKind, t, std::move(x), std::move(y), l) {}                                   \
  };
#include "ir/node_kinds.def"

// Logical negation of a bool scalar or vector.
struct NotNode final : ExprNode {
  TIR_NODE_KIND(Not)
  PrimExpr a;
  NotNode(PrimExpr x, SourceLoc l = {})
      : ExprNode(kKind, DataType::Bool(x->dtype.lanes), l), a(std::move(x)) {}
};

#undef TIR_NODE_KIND

bool is_binary(ExprKind k);
bool is_comparison(ExprKind k); // EQ..GT

// Builds any binary node; the dtype is bool (with a's lanes) for comparisons, else a's dtype.
PrimExpr make_binary(ExprKind k, PrimExpr a, PrimExpr b, SourceLoc l = {});

} // namespace tirconf::ir
