// Front ends shared by both encodings (prover/int_encoding.h, prover/bv_encoding.h): a pattern of
// the rule catalog, or a TIR expression, walked bottom-up into the encoding's operations.
#pragma once

#include <map>
#include <stdexcept>
#include <string>

#include "ir/expr.h"
#include "oracle/arith/pattern.h"
#include "oracle/arith/rewrite_rules.h"

namespace tirconf::prover {

using oracle::arith::Width;

// Something the encodings do not model (a Cast, a load, a vector, ...).
struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A rule's pattern; `names` gives each variable and constant symbol its value. Operators of the
// rule's sides run at `w`; side conditions pass Width::integers() and `dtype` for fits().
template <class Enc>
typename Enc::Val encode_pattern(Enc &enc, const oracle::arith::Pat &p, const Width &w,
                                 const Width &dtype,
                                 const std::map<std::string, typename Enc::Val> &names) {
  using oracle::arith::PatKind;
  switch (p.kind) {
  case PatKind::Var:
  case PatKind::Sym: {
    auto it = names.find(p.name);
    if (it == names.end())
      throw std::logic_error("prover bug: unbound " + p.name);
    return it->second;
  }
  case PatKind::Lit:
    return enc.literal(p.value, w);
  case PatKind::BoolLit:
    return enc.bool_literal(p.value != 0);
  case PatKind::Fits:
    return enc.fits(encode_pattern(enc, *p.args[0], w, dtype, names), dtype);
  case PatKind::Op:
    break;
  }
  auto arg = [&](int i) { return encode_pattern(enc, *p.args[i], w, dtype, names); };
  switch (p.op) {
  case ir::ExprKind::Select: {
    auto c = arg(0);
    auto t = arg(1);
    auto f = arg(2);
    return enc.select(c, t, f);
  }
  case ir::ExprKind::Not:
    return enc.logical_not(arg(0));
  default: {
    auto a = arg(0);
    auto b = arg(1);
    return enc.binary(p.op, a, b, w);
  }
  }
}

// A TIR integer/boolean scalar expression; `vars` gives each free Var its value.
template <class Enc>
typename Enc::Val encode_expr(Enc &enc, const ir::PrimExpr &e,
                              const std::map<const ir::VarNode *, typename Enc::Val> &vars) {
  using ir::ExprKind;
  if (e->dtype.lanes != 1 || !e->dtype.is_integer())
    throw Unsupported("not an integer scalar: " + ir::to_string(e->dtype));
  switch (e->kind) {
  case ExprKind::Var: {
    auto it = vars.find(static_cast<const ir::VarNode *>(e.get()));
    if (it == vars.end())
      throw Unsupported("free variable without a value");
    return it->second;
  }
  case ExprKind::IntImm: {
    int64_t v = static_cast<const ir::IntImmNode *>(e.get())->value;
    if (e->dtype.is_bool())
      return enc.bool_literal(v != 0);
    return enc.literal(v, Width::of(e->dtype));
  }
  case ExprKind::Select: {
    auto *s = static_cast<const ir::SelectNode *>(e.get());
    auto c = encode_expr(enc, s->condition, vars);
    auto t = encode_expr(enc, s->true_value, vars);
    auto f = encode_expr(enc, s->false_value, vars);
    return enc.select(c, t, f);
  }
  case ExprKind::Not:
    return enc.logical_not(encode_expr(enc, static_cast<const ir::NotNode *>(e.get())->a, vars));
  default:
    break;
  }
  if (!ir::is_binary(e->kind))
    throw Unsupported(std::string("no encoding of ") + ir::kind_name(e->kind));
  auto *b = static_cast<const ir::BinaryNode *>(e.get());
  auto x = encode_expr(enc, b->a, vars);
  auto y = encode_expr(enc, b->b, vars);
  ir::DataType t = b->a->dtype;
  return enc.binary(e->kind, x, y, t.is_bool() ? Width::of(ir::DataType::Int(32)) : Width::of(t));
}

} // namespace tirconf::prover
