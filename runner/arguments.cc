#include "runner/arguments.h"

namespace tirconf::runner {

namespace {

ir::Diagnostic field_error(const std::string &path, ir::SourceLoc loc, const std::string &msg) {
  return {path, loc, "", msg};
}

// The argument given for `param`, under the name callers use or the Var's own name.
const Arg *find_arg(const std::vector<Arg> &args, const ir::PrimFuncNode &func,
                    const ir::Var &param) {
  for (const auto &a : args)
    if (a.name == func.arg_name(param) || a.name == param->name_hint)
      return &a;
  return nullptr;
}

} // namespace

namespace {

// A scalar written for something that is not a scalar parameter has no dtype to parse with:
// integers become int64, anything else float64.
runtime::ParsedValue untyped_scalar(const Literal &literal) {
  auto v = runtime::parse_value(literal, ir::DataType::Int(64));
  return v ? v : runtime::parse_value(literal, ir::DataType::Float(64));
}

} // namespace

PreparedCall prepare_call(const ir::PrimFuncNode &func, const std::vector<Arg> &args,
                          const std::string &path, ArgMatching matching) {
  PreparedCall out;
  const bool strict = matching == ArgMatching::Strict;
  // The arguments in call order: the parameters' (null where missing), then unknown names.
  std::vector<const Arg *> order;
  for (const auto &p : func.params) {
    const Arg *a = find_arg(args, func, p);
    if (!a && strict)
      out.errors.push_back(field_error(
          path, {}, "args." + func.arg_name(p) + ": missing (every parameter needs a value)"));
    if (a && strict && (func.buffer_for(p) != nullptr) != a->is_tensor)
      out.errors.push_back(
          field_error(path, a->loc,
                      "args." + a->name +
                          (a->is_tensor ? ": parameter is a scalar; give a single value"
                                        : ": parameter is a buffer; give {dtype, shape, data}")));
    order.push_back(a);
  }
  for (const auto &a : args) {
    if (func.param_named(a.name))
      continue;
    if (strict)
      out.errors.push_back(
          field_error(path, a.loc, "args." + a.name + ": the function has no such parameter"));
    order.push_back(&a);
  }

  auto call = std::make_unique<CallArguments>();
  // Tensors first, so that pointers into call->tensors stay put once args are built.
  for (size_t i = 0; i < order.size(); ++i) {
    const Arg *a = order[i];
    if (!a || !a->is_tensor)
      continue;
    auto parsed = runtime::NDArray::from_literals(a->tensor.dtype, a->tensor.shape, a->tensor.data);
    if (!parsed) {
      out.errors.push_back(field_error(path, a->loc, "args." + a->name + ".data: " + parsed.error));
      continue;
    }
    std::string name = i < func.params.size() ? func.arg_name(func.params[i]) : a->name;
    call->tensors.push_back({name, std::move(*parsed.array)});
  }
  if (!out.errors.empty())
    return out;
  size_t next_tensor = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    const Arg *a = order[i];
    if (!a)
      continue; // a missing argument: the call is shorter
    if (a->is_tensor) {
      call->args.emplace_back(&call->tensors[next_tensor++].array);
      continue;
    }
    bool typed = i < func.params.size() && !func.buffer_for(func.params[i]);
    auto v =
        typed ? runtime::parse_value(a->scalar, func.params[i]->dtype) : untyped_scalar(a->scalar);
    if (!v) {
      out.errors.push_back(field_error(path, a->loc, "args." + a->name + ": " + v.error));
      continue;
    }
    call->args.emplace_back(std::move(*v.value));
  }
  if (out.errors.empty())
    out.call = std::move(call);
  return out;
}

ExpectedOutcome expected_outcome(const ir::PrimFuncNode &func, const TestCase &c,
                                 const std::string &path) {
  ExpectedOutcome out;
  const auto &e = c.expect;
  switch (e.kind) {
  case Expectation::Kind::Invalid:
    out.outcome = runtime::Outcome(runtime::InvalidOutcome{});
    return out;
  case Expectation::Kind::Error:
    out.outcome = runtime::Outcome::error(*runtime::parse_error_class(e.outcome_class), "", "");
    return out;
  case Expectation::Kind::Unspecified:
    out.outcome =
        runtime::Outcome::unspecified(*runtime::parse_unspecified_class(e.outcome_class), "");
    return out;
  case Expectation::Kind::Values:
    break;
  }
  runtime::OkOutcome ok;
  for (const auto &[name, data] : e.buffers) {
    auto param = func.param_named(name);
    const Arg *a = param ? find_arg(c.args, func, param) : nullptr;
    if (!a || !a->is_tensor) {
      out.errors.push_back(field_error(
          path, e.loc, "expect.buffers." + name + ": not a buffer argument of this case"));
      continue;
    }
    auto parsed = runtime::NDArray::from_literals(a->tensor.dtype, a->tensor.shape, data);
    if (!parsed || data.empty()) {
      out.errors.push_back(
          field_error(path, e.loc,
                      "expect.buffers." + name + ": " +
                          (parsed ? std::string("no elements listed") : parsed.error)));
      continue;
    }
    ok.buffers.push_back({func.arg_name(param), std::move(*parsed.array)});
  }
  if (e.return_value) {
    if (!func.ret_type || !func.ret_type->is_prim()) {
      out.errors.push_back(
          field_error(path, e.loc, "expect.return: the function declares no scalar return type"));
    } else {
      auto v = runtime::parse_value(*e.return_value, func.ret_type->dtype);
      if (!v)
        out.errors.push_back(field_error(path, e.loc, "expect.return: " + v.error));
      else
        ok.ret = std::move(*v.value);
    }
  }
  if (out.errors.empty())
    out.outcome = runtime::Outcome(std::move(ok));
  return out;
}

} // namespace tirconf::runner
