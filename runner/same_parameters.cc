#include "runner/same_parameters.h"

#include <map>

#include "ir/structural_equal.h"
#include "ir/tvmscript/printer.h"

namespace tirconf::runner {

namespace {

std::string exprs_to_string(const std::vector<ir::PrimExpr> &es) {
  std::string s = "[";
  for (size_t i = 0; i < es.size(); ++i)
    s += (i ? ", " : "") + ir::print_expr(es[i]);
  return s + "]";
}

std::string return_type(const ir::PrimFuncNode &f) {
  if (!f.ret_type || (f.ret_type->kind == ir::Type::Kind::Tuple && f.ret_type->fields.empty()))
    return "nothing";
  return ir::to_string(*f.ret_type);
}

// What of a buffer parameter a caller cannot see, made as `like` has it: a constant extent
// written T.int64(64) or 64 describes the same array (TVM passes every extent as int64), and so
// does a shape Var that the buffer binds (not a parameter) whatever its integer type.
class CallerView {
public:
  CallerView(const ir::PrimFuncNode &f) : f_(f) {}

  ir::Buffer normalized(const ir::Buffer &b, const ir::Buffer &like) {
    auto copy = std::make_shared<ir::BufferNode>(*b);
    exprs_as(copy->shape, like->shape);
    exprs_as(copy->strides, like->strides);
    copy->elem_offset = expr_as(copy->elem_offset, like->elem_offset);
    copy->data_alignment = like->data_alignment;
    copy->offset_factor = like->offset_factor;
    copy->name = like->name;
    return copy;
  }

private:
  ir::PrimExpr expr_as(const ir::PrimExpr &x, const ir::PrimExpr &like) {
    if (!x || !like)
      return x;
    const auto *a = ir::as<ir::IntImmNode>(x), *b = ir::as<ir::IntImmNode>(like);
    if (a && b)
      return a->value == b->value ? like : x;
    const auto *v = ir::as<ir::VarNode>(x), *w = ir::as<ir::VarNode>(like);
    if (!v || !w || v->dtype == w->dtype || !v->dtype.is_integer() || !w->dtype.is_integer() ||
        is_parameter(v))
      return x;
    auto [it, fresh] = retyped_.try_emplace(v, nullptr);
    if (fresh)
      it->second = ir::make_var(v->name_hint, w->dtype);
    return it->second;
  }
  void exprs_as(std::vector<ir::PrimExpr> &xs, const std::vector<ir::PrimExpr> &like) {
    for (size_t i = 0; i < xs.size() && i < like.size(); ++i)
      xs[i] = expr_as(xs[i], like[i]);
  }
  bool is_parameter(const ir::VarNode *v) const {
    for (const ir::Var &p : f_.params)
      if (p.get() == v)
        return true;
    return false;
  }

  const ir::PrimFuncNode &f_;
  std::map<const ir::VarNode *, ir::Var> retyped_;
};

// The first n parameters of f as a function of their own (no body, no attributes), so that
// structural equality compares just them, with one renaming of Vars across all of them.
ir::PrimFunc signature(const ir::PrimFuncNode &f, size_t n, const ir::PrimFuncNode &like) {
  auto s = std::make_shared<ir::PrimFuncNode>();
  CallerView view(f);
  for (size_t i = 0; i < n; ++i) {
    const ir::Var &p = f.params[i];
    s->params.push_back(p);
    if (ir::Buffer b = f.buffer_for(p))
      s->buffer_map.emplace_back(p, view.normalized(b, like.buffer_for(like.params[i])));
  }
  return s;
}

// Why parameter i differs, once structural equality says that the first i + 1 do.
std::string describe(const ir::PrimFuncNode &before, const ir::PrimFuncNode &after, size_t i) {
  const ir::Var &p = before.params[i], &q = after.params[i];
  const std::string what = "parameter " + std::to_string(i + 1) + " (" + before.arg_name(p) + "): ";
  const ir::Buffer a = before.buffer_for(p), b = after.buffer_for(q);
  if (!a && !b)
    return what + ir::to_string(p->dtype) + " in BEFORE, " + ir::to_string(q->dtype) + " in AFTER";
  if (!a || !b)
    return what +
           (a ? "a buffer in BEFORE, a scalar in AFTER" : "a scalar in BEFORE, a buffer in AFTER");
  auto field = [&](const std::string &name, const std::string &x, const std::string &y) {
    return what + name + " " + x + " in BEFORE, " + y + " in AFTER";
  };
  if (a->dtype != b->dtype)
    return field("a buffer of", ir::to_string(a->dtype), ir::to_string(b->dtype));
  if (exprs_to_string(a->shape) != exprs_to_string(b->shape))
    return field("shape", exprs_to_string(a->shape), exprs_to_string(b->shape));
  if (exprs_to_string(a->strides) != exprs_to_string(b->strides))
    return field("strides", exprs_to_string(a->strides), exprs_to_string(b->strides));
  auto offset = [](const ir::Buffer &x) {
    return x->elem_offset ? ir::print_expr(x->elem_offset) : std::string("none");
  };
  if (offset(a) != offset(b))
    return field("elem_offset", offset(a), offset(b));
  if (a->buffer_type != b->buffer_type)
    return what + "buffer_type differs";
  return what + "its shape, strides or elem_offset use variables that other parameters bind in "
                "one program and not in the other";
}

} // namespace

std::optional<std::string> parameter_difference(const ir::PrimFuncNode &before,
                                                const ir::PrimFuncNode &after) {
  if (before.params.size() != after.params.size())
    return "BEFORE takes " + std::to_string(before.params.size()) + " parameters, AFTER " +
           std::to_string(after.params.size());
  for (size_t i = 0; i < before.params.size(); ++i) {
    const bool buffer = before.buffer_for(before.params[i]) != nullptr;
    if (buffer != (after.buffer_for(after.params[i]) != nullptr))
      return describe(before, after, i);
  }
  // Growing prefixes, so that the first parameter that breaks the renaming is the one named.
  for (size_t n = 1; n <= before.params.size(); ++n)
    if (!ir::structural_equal(signature(before, n, before), signature(after, n, before)))
      return describe(before, after, n - 1);
  if (return_type(before) != return_type(after))
    return "BEFORE returns " + return_type(before) + ", AFTER " + return_type(after);
  return std::nullopt;
}

} // namespace tirconf::runner
