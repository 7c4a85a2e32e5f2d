#include "generators/inputs.h"

#include "generators/literals.h"
#include "runtime/value.h"

namespace tirconf::gen {

using ir::DataType;

namespace {

std::string literal(Rand &r, DataType e, const Profile &p) {
  const int edge = p.inputs.edge_percent;
  if (e.is_floating()) {
    const double v = float_value(r, e, edge, p.features.float_specials, p.chances);
    return runtime::lane_to_string(e, runtime::Value::from_double(e, v).bits(0));
  }
  const int64_t v = int_value(r, e, edge, p.chances);
  return runtime::lane_to_string(e, runtime::Value::from_int64(e, v).bits(0));
}

} // namespace

std::vector<ArgSpec> make_arguments(Rand &r, const Profile &p, const ir::PrimFuncNode &f,
                                    const InputPlan &plan) {
  auto value_of = [&](const ir::VarNode *v) -> int64_t {
    for (const auto &[var, value] : plan.shape_values)
      if (var == v)
        return value;
    return 1;
  };
  std::vector<ArgSpec> out;
  for (const auto &param : f.params) {
    ArgSpec a;
    a.name = f.arg_name(param);
    if (ir::Buffer buf = f.buffer_for(param)) {
      // [bind.buffer_param] [bind.shape] a compact tensor of the buffer's dtype and shape.
      a.is_tensor = true;
      a.dtype = buf->dtype;
      int64_t n = buf->dtype.lanes;
      for (const auto &d : buf->shape) {
        int64_t e = 1;
        if (auto *imm = ir::as<ir::IntImmNode>(d))
          e = imm->value;
        else if (auto *v = ir::as<ir::VarNode>(d))
          e = value_of(v);
        a.shape.push_back(e);
        n *= e;
      }
      const DataType e = buf->dtype.element_of();
      a.data.reserve(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i)
        a.data.push_back(literal(r, e, p));
    } else {
      a.dtype = param->dtype;
      // A parameter that is also a shape Var must equal the dimension ([bind.shape_var]).
      bool is_shape = false;
      for (const auto &[var, value] : plan.shape_values)
        if (var == param.get())
          a.scalar = std::to_string(value), is_shape = true;
      if (!is_shape)
        a.scalar = literal(r, param->dtype, p); // [bind.scalar_param]
    }
    out.push_back(std::move(a));
  }
  return out;
}

} // namespace tirconf::gen
