#include "oracle/typecheck/context.h"

#include "ir/expr.h"

namespace tirconf::oracle::typecheck {

ir::SourceLoc Context::at(ir::SourceLoc l) const {
  if (l.known())
    return l;
  if (!locs_.empty())
    return locs_.back();
  return l;
}

void Context::report(std::string_view rule, ir::SourceLoc loc, std::string message) {
  loc = at(loc);
  auto key = std::make_tuple(std::string(rule), loc.line, loc.col, message);
  if (!seen_.insert(key).second)
    return;
  diags_.push_back({file_, loc, std::string(rule), std::move(message)});
}

std::string str(ir::DataType t) {
  // to_string only knows the valid spellings; spell out anything else so a bad dtype is visible.
  using ir::TypeCode;
  switch (t.code) {
  case TypeCode::Int:
  case TypeCode::UInt:
  case TypeCode::Float:
  case TypeCode::BFloat:
  case TypeCode::Handle:
    break;
  default:
    return "DataType(code=" + std::to_string(static_cast<int>(t.code)) +
           ", bits=" + std::to_string(t.bits) + ", lanes=" + std::to_string(t.lanes) + ")";
  }
  if (t.code == TypeCode::Handle) {
    std::string s = t.bits == 0    ? "void"
                    : t.bits == 64 ? "handle"
                                   : "handle" + std::to_string(t.bits);
    if (t.lanes != 1)
      s += "x" + std::to_string(t.lanes);
    return s;
  }
  return ir::to_string(t);
}

std::string str(const ir::Type &t) {
  return ir::to_string(t);
}

std::string lanes(int n) {
  return std::to_string(n) + (n == 1 ? " lane" : " lanes");
}

std::string describe(const ir::PrimExpr &e) {
  if (!e)
    return "<null>";
  if (auto *v = ir::as<ir::VarNode>(e))
    return "Var " + v->name_hint;
  if (auto *i = ir::as<ir::IntImmNode>(e))
    return "IntImm " + std::to_string(i->value);
  if (auto *f = ir::as<ir::FloatImmNode>(e))
    return "FloatImm " + std::to_string(f->value);
  return ir::kind_name(e->kind);
}

} // namespace tirconf::oracle::typecheck
