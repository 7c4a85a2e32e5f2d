// Profile YAML: strict reading (unknown keys and wrong types are errors with file:line:col).
#include "generators/profile.h"

#include <fstream>
#include <sstream>

#include <yaml-cpp/yaml.h>

namespace tirconf::gen {

const std::vector<std::pair<std::string, std::string>> &embedded_profile_files(); // generated

namespace {

constexpr std::string_view kStmtNames[] = {
    "store", "loop",          "if",        "let",      "assert",      "evaluate",
    "while", "block",         "reduction", "allocate", "decl_buffer", "realize",
    "attr",  "launch_thread", "call",      "return",   "gpu_kernel"};
constexpr std::string_view kExprNames[] = {
    "const",    "var",      "load", "add",       "sub",     "mul",     "div",     "mod",
    "floordiv", "floormod", "min",  "max",       "compare", "and",     "or",      "not",
    "select",   "cast",     "let",  "broadcast", "ramp",    "shuffle", "builtin", "call"};
constexpr std::string_view kBuiltinNames[] = {
    "if_then_else", "likely",      "bitwise",  "shift",       "popcount",
    "exact_math",   "approx_math", "classify", "reinterpret", "ldexp"};
constexpr std::string_view kForKindNames[] = {"serial", "parallel", "vectorized", "unrolled",
                                              "thread_binding"};
constexpr std::string_view kDtypeNames[] = {"int32",   "int8",    "int16",   "int64", "uint8",
                                            "uint16",  "uint32",  "uint64",  "bool",  "float32",
                                            "float16", "float64", "bfloat16"};
constexpr std::string_view kFunctionStyleNames[] = {"blocks", "lowered", "both"};
constexpr std::string_view kHelperKindNames[] = {"scalar", "recursive", "buffer"};
constexpr std::string_view kIndexSourceNames[] = {"variable", "variable_plus_one", "constant",
                                                  "wrapped"};
constexpr std::string_view kFillLoopKindNames[] = {"parallel", "vectorized", "serial"};
constexpr std::string_view kDivisorRepairNames[] = {"constant", "max", "select"};
constexpr std::string_view kEvaluateKindNames[] = {"note", "null_handle", "assume", "expression"};
constexpr std::string_view kReductionOpNames[] = {"add", "mul", "max", "min"};
static_assert(std::size(kStmtNames) == size_t(StmtChoice::kCount));
static_assert(std::size(kExprNames) == size_t(ExprChoice::kCount));
static_assert(std::size(kBuiltinNames) == size_t(BuiltinChoice::kCount));
static_assert(std::size(kForKindNames) == size_t(ForKindChoice::kCount));
static_assert(std::size(kDtypeNames) == size_t(DtypeChoice::kCount));
static_assert(std::size(kFunctionStyleNames) == size_t(FunctionStyle::kCount));
static_assert(std::size(kHelperKindNames) == size_t(HelperKind::kCount));
static_assert(std::size(kIndexSourceNames) == size_t(IndexSource::kCount));
static_assert(std::size(kFillLoopKindNames) == size_t(FillLoopKind::kCount));
static_assert(std::size(kDivisorRepairNames) == size_t(DivisorRepair::kCount));
static_assert(std::size(kEvaluateKindNames) == size_t(EvaluateKind::kCount));
static_assert(std::size(kReductionOpNames) == size_t(ReductionOp::kCount));

// Thrown inside the reader, turned into one diagnostic.
struct ProfileError {
  YAML::Mark mark;
  std::string message;
};

[[noreturn]] void fail(const YAML::Node &n, std::string message) {
  throw ProfileError{n.Mark(), std::move(message)};
}

int read_int(const YAML::Node &n, const std::string &key, int lo, int hi) {
  if (!n.IsScalar())
    fail(n, key + ": expected an integer");
  long long v = 0;
  const std::string &s = n.Scalar();
  size_t used = 0;
  try {
    v = std::stoll(s, &used);
  } catch (...) {
    used = 0;
  }
  if (used == 0 || used != s.size())
    fail(n, key + ": expected an integer, got '" + s + "'");
  if (v < lo || v > hi)
    fail(n,
         key + ": " + s + " is outside [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return static_cast<int>(v);
}

bool read_bool(const YAML::Node &n, const std::string &key) {
  if (!n.IsScalar())
    fail(n, key + ": expected true or false");
  const std::string &s = n.Scalar();
  if (s == "true")
    return true;
  if (s == "false")
    return false;
  fail(n, key + ": expected true or false, got '" + s + "'");
}

void require_map(const YAML::Node &n, const std::string &what) {
  if (!n.IsMap())
    fail(n, what + ": expected a mapping");
}

template <size_t N>
void read_weights(const YAML::Node &n, const std::string &section,
                  const std::string_view (&names)[N], std::array<int, N> &out) {
  require_map(n, section);
  for (const auto &kv : n) {
    const std::string key = kv.first.as<std::string>();
    size_t i = 0;
    while (i < N && names[i] != key)
      ++i;
    if (i == N) {
      std::string known;
      for (auto nm : names)
        known += (known.empty() ? "" : ", ") + std::string(nm);
      fail(kv.first, section + ": unknown key '" + key + "' (known: " + known + ")");
    }
    out[i] = read_int(kv.second, section + "." + key, 0, 1000000);
  }
}

template <class E>
void require_some(const YAML::Node &root, const std::string &section, const Weights<E> &w) {
  for (int x : w)
    if (x > 0)
      return;
  fail(root, section + ": at least one weight must be positive");
}

struct IntField {
  std::string_view key;
  int Limits::*field;
  int lo, hi;
};
// Each limit's bounds keep generation cheap and the oracle's runs short; comments in
// profiles/default.yaml say why each exists.
constexpr IntField kLimitFields[] = {
    {"functions", &Limits::functions, 1, 8},
    {"buffer_params", &Limits::buffer_params, 1, 8},
    {"scalar_params", &Limits::scalar_params, 0, 8},
    {"buffer_dims", &Limits::buffer_dims, 1, 4},
    {"buffer_elements", &Limits::buffer_elements, 1, 1 << 20},
    {"statements", &Limits::statements, 1, 32},
    {"stmt_depth", &Limits::stmt_depth, 1, 12},
    {"expr_depth", &Limits::expr_depth, 0, 12},
    {"loop_extent", &Limits::loop_extent, 1, 1 << 16},
    {"loop_nest", &Limits::loop_nest, 1, 6},
    {"work", &Limits::work, 1, 100000000},
    {"symbolic_extent", &Limits::symbolic_extent, 1, 1 << 16},
    {"while_trips", &Limits::while_trips, 1, 1000},
    {"recursion_depth", &Limits::recursion_depth, 1, 100},
};

struct BoolField {
  std::string_view key;
  bool Features::*field;
};
constexpr BoolField kFeatureFields[] = {
    {"floats", &Features::floats},
    {"vectors", &Features::vectors},
    {"vector_dtype_buffers", &Features::vector_dtype_buffers},
    {"symbolic_shapes", &Features::symbolic_shapes},
    {"calls", &Features::calls},
    {"recursion", &Features::recursion},
    {"threads", &Features::threads},
    {"float_specials", &Features::float_specials},
    {"approx_math", &Features::approx_math},
    {"returns", &Features::returns},
    {"int64_indices", &Features::int64_indices},
    {"float_floor_division", &Features::float_floor_division},
    {"nested_parallel", &Features::nested_parallel},
    {"nested_kernels", &Features::nested_kernels},
    {"stores_outside_blocks", &Features::stores_outside_blocks},
    {"dependent_block_instances", &Features::dependent_block_instances},
    {"wrapping_casts", &Features::wrapping_casts},
};

struct ChanceField {
  std::string_view key;
  int Chances::*field;
};
constexpr ChanceField kChanceFields[] = {
    {"helper_has_body", &Chances::helper_has_body},
    {"main_int64_indices", &Chances::main_int64_indices},
    {"main_symbolic_shapes", &Chances::main_symbolic_shapes},
    {"shape_var_is_param", &Chances::shape_var_is_param},
    {"vector_dtype_buffer", &Chances::vector_dtype_buffer},
    {"zero_dim_buffer", &Chances::zero_dim_buffer},
    {"symbolic_dim", &Chances::symbolic_dim},
    {"main_returns_value", &Chances::main_returns_value},
    {"root_alloc_buffers", &Chances::root_alloc_buffers},
    {"dim_reuses_extent", &Chances::dim_reuses_extent},
    {"standalone_vector_dtype", &Chances::standalone_vector_dtype},
    {"scope_statement", &Chances::scope_statement},
    {"vector_store", &Chances::vector_store},
    {"else_branch", &Chances::else_branch},
    {"volatile_scope_let", &Chances::volatile_scope_let},
    {"scratch_symbolic_dim", &Chances::scratch_symbolic_dim},
    {"allocate_pointer_alias", &Chances::allocate_pointer_alias},
    {"pointer_alias_direct", &Chances::pointer_alias_direct},
    {"allocate_condition_true", &Chances::allocate_condition_true},
    {"region_buffer_read_only", &Chances::region_buffer_read_only},
    {"slice_width_one", &Chances::slice_width_one},
    {"slice_offset_zero", &Chances::slice_offset_zero},
    {"loop_nest_over_buffer", &Chances::loop_nest_over_buffer},
    {"loop_extent_from_buffer", &Chances::loop_extent_from_buffer},
    {"loop_nonzero_min", &Chances::loop_nonzero_min},
    {"kernel_reduces", &Chances::kernel_reduces},
    {"block_without_target", &Chances::block_without_target},
    {"block_loop_split", &Chances::block_loop_split},
    {"block_match_buffer", &Chances::block_match_buffer},
    {"match_buffer_drop_unit_dim", &Chances::match_buffer_drop_unit_dim},
    {"block_alloc_buffer", &Chances::block_alloc_buffer},
    {"block_predicate", &Chances::block_predicate},
    {"reduce_extent_from_buffer", &Chances::reduce_extent_from_buffer},
    {"literal_edge", &Chances::literal_edge},
    {"bool_logical", &Chances::bool_logical},
    {"select_vector_condition", &Chances::select_vector_condition},
    {"cast_redraw_same_type", &Chances::cast_redraw_same_type},
    {"shuffle_two_vectors", &Chances::shuffle_two_vectors},
    {"shift_left", &Chances::shift_left},
    {"exact_math_unary", &Chances::exact_math_unary},
    {"approx_math_unary", &Chances::approx_math_unary},
    {"ldexp_vector_exponent", &Chances::ldexp_vector_exponent},
    {"true_condition_upper", &Chances::true_condition_upper},
    {"negative_constant_divisor", &Chances::negative_constant_divisor},
    {"float_to_int_from_small_int", &Chances::float_to_int_from_small_int},
    {"shift_amount_mask", &Chances::shift_amount_mask},
    {"index_clamp", &Chances::index_clamp},
    {"ramp_stride_one", &Chances::ramp_stride_one},
    {"small_int", &Chances::small_int},
    {"float_small_integer", &Chances::float_small_integer},
    {"float_binary_fraction", &Chances::float_binary_fraction},
};
static_assert(std::size(kChanceFields) * sizeof(int) == sizeof(Chances),
              "every field of Chances has a key");

void read_limits(const YAML::Node &n, Limits &l) {
  require_map(n, "limits");
  for (const auto &kv : n) {
    const std::string key = kv.first.as<std::string>();
    if (key == "lanes") {
      if (!kv.second.IsSequence() || kv.second.size() == 0)
        fail(kv.second, "limits.lanes: expected a non-empty list of lane counts");
      l.lanes.clear();
      for (const auto &e : kv.second)
        l.lanes.push_back(read_int(e, "limits.lanes", 2, 64));
      continue;
    }
    const IntField *f = nullptr;
    for (const auto &c : kLimitFields)
      if (c.key == key)
        f = &c;
    if (!f)
      fail(kv.first, "limits: unknown key '" + key + "'");
    l.*(f->field) = read_int(kv.second, "limits." + key, f->lo, f->hi);
  }
}

void read_features(const YAML::Node &n, Features &feat) {
  require_map(n, "features");
  for (const auto &kv : n) {
    const std::string key = kv.first.as<std::string>();
    const BoolField *f = nullptr;
    for (const auto &c : kFeatureFields)
      if (c.key == key)
        f = &c;
    if (!f)
      fail(kv.first, "features: unknown key '" + key + "'");
    feat.*(f->field) = read_bool(kv.second, "features." + key);
  }
}

void read_chances(const YAML::Node &n, Chances &ch) {
  require_map(n, "chances");
  for (const auto &kv : n) {
    const std::string key = kv.first.as<std::string>();
    const ChanceField *f = nullptr;
    for (const auto &c : kChanceFields)
      if (c.key == key)
        f = &c;
    if (!f)
      fail(kv.first, "chances: unknown key '" + key + "'");
    ch.*(f->field) = read_int(kv.second, "chances." + key, 0, 100);
  }
}

void read_inputs(const YAML::Node &n, InputPolicy &in) {
  require_map(n, "inputs");
  for (const auto &kv : n) {
    const std::string key = kv.first.as<std::string>();
    if (key == "edge_percent")
      in.edge_percent = read_int(kv.second, "inputs.edge_percent", 0, 100);
    else
      fail(kv.first, "inputs: unknown key '" + key + "'");
  }
}

ir::Diagnostic diagnostic(std::string_view file, const YAML::Mark &m, std::string message) {
  ir::Diagnostic d;
  d.file = std::string(file);
  if (m.line >= 0)
    d.loc = {static_cast<uint32_t>(m.line + 1), static_cast<uint32_t>(m.column + 1)};
  d.message = std::move(message);
  return d;
}

void read_excluded_math(const YAML::Node &n, std::vector<std::string> &out) {
  if (!n.IsSequence())
    fail(n, "excluded_math: expected a list of builtin names");
  out.clear();
  for (const auto &e : n) {
    if (!e.IsScalar())
      fail(e, "excluded_math: expected a builtin name");
    const std::string name = e.Scalar();
    bool known = false;
    std::string all;
    for (const auto *group :
         {&kExactMathUnary, &kExactMathBinary, &kApproxMathUnary, &kApproxMathBinary})
      for (auto op : *group) {
        known |= op == name;
        all += (all.empty() ? "" : ", ") + std::string(op);
      }
    if (!known)
      fail(e, "excluded_math: unknown math builtin '" + name + "' (known: " + all + ")");
    out.push_back(name);
  }
}

} // namespace

const std::vector<std::string_view> kExactMathUnary = {"fabs",  "floor",     "ceil", "round",
                                                       "trunc", "nearbyint", "sqrt"};
const std::vector<std::string_view> kExactMathBinary = {"fmod", "copysign", "nextafter"};
const std::vector<std::string_view> kApproxMathUnary = {
    "exp", "exp2", "exp10", "log", "log2", "log10", "log1p", "rsqrt", "tanh", "sigmoid",
    "erf", "sin",  "cos",   "tan", "asin", "acos",  "atan",  "sinh",  "cosh"};
const std::vector<std::string_view> kApproxMathBinary = {"pow", "hypot", "atan2"};

std::string_view name_of(StmtChoice c) {
  return kStmtNames[size_t(c)];
}
std::string_view name_of(ExprChoice c) {
  return kExprNames[size_t(c)];
}
std::string_view name_of(BuiltinChoice c) {
  return kBuiltinNames[size_t(c)];
}
std::string_view name_of(ForKindChoice c) {
  return kForKindNames[size_t(c)];
}
std::string_view name_of(DtypeChoice c) {
  return kDtypeNames[size_t(c)];
}

ir::DataType dtype_of(DtypeChoice c) {
  using ir::DataType;
  switch (c) {
  case DtypeChoice::Int32:
    return DataType::Int(32);
  case DtypeChoice::Int8:
    return DataType::Int(8);
  case DtypeChoice::Int16:
    return DataType::Int(16);
  case DtypeChoice::Int64:
    return DataType::Int(64);
  case DtypeChoice::UInt8:
    return DataType::UInt(8);
  case DtypeChoice::UInt16:
    return DataType::UInt(16);
  case DtypeChoice::UInt32:
    return DataType::UInt(32);
  case DtypeChoice::UInt64:
    return DataType::UInt(64);
  case DtypeChoice::Bool:
    return DataType::Bool();
  case DtypeChoice::Float32:
    return DataType::Float(32);
  case DtypeChoice::Float16:
    return DataType::Float(16);
  case DtypeChoice::Float64:
    return DataType::Float(64);
  case DtypeChoice::BFloat16:
    return DataType::BFloat16();
  case DtypeChoice::kCount:
    break;
  }
  return DataType::Int(32);
}

ProfileResult parse_profile(std::string_view text, std::string_view file, const Profile &base) {
  ProfileResult r;
  Profile p = base;
  try {
    YAML::Node root = YAML::Load(std::string(text));
    if (root.IsNull()) {
      r.profile = p;
      return r;
    }
    require_map(root, "profile");
    for (const auto &kv : root) {
      const std::string key = kv.first.as<std::string>();
      const YAML::Node &v = kv.second;
      if (key == "name") {
        if (!v.IsScalar())
          fail(v, "name: expected a string");
        p.name = v.Scalar();
      } else if (key == "description") {
        if (!v.IsScalar())
          fail(v, "description: expected a string");
      } else if (key == "limits") {
        read_limits(v, p.limits);
      } else if (key == "features") {
        read_features(v, p.features);
      } else if (key == "inputs") {
        read_inputs(v, p.inputs);
      } else if (key == "statements") {
        read_weights(v, "statements", kStmtNames, p.stmt);
      } else if (key == "expressions") {
        read_weights(v, "expressions", kExprNames, p.expr);
      } else if (key == "builtins") {
        read_weights(v, "builtins", kBuiltinNames, p.builtin);
      } else if (key == "for_kinds") {
        read_weights(v, "for_kinds", kForKindNames, p.for_kind);
      } else if (key == "dtypes") {
        read_weights(v, "dtypes", kDtypeNames, p.dtype);
      } else if (key == "function_styles") {
        read_weights(v, "function_styles", kFunctionStyleNames, p.function_style);
      } else if (key == "helper_kinds") {
        read_weights(v, "helper_kinds", kHelperKindNames, p.helper_kind);
      } else if (key == "index_sources") {
        read_weights(v, "index_sources", kIndexSourceNames, p.index_source);
      } else if (key == "fill_loop_kinds") {
        read_weights(v, "fill_loop_kinds", kFillLoopKindNames, p.fill_loop_kind);
      } else if (key == "divisor_repairs") {
        read_weights(v, "divisor_repairs", kDivisorRepairNames, p.divisor_repair);
      } else if (key == "evaluate_kinds") {
        read_weights(v, "evaluate_kinds", kEvaluateKindNames, p.evaluate_kind);
      } else if (key == "reduction_ops") {
        read_weights(v, "reduction_ops", kReductionOpNames, p.reduction_op);
      } else if (key == "chances") {
        read_chances(v, p.chances);
      } else if (key == "excluded_math") {
        read_excluded_math(v, p.excluded_math);
      } else {
        fail(kv.first, "unknown key '" + key +
                           "' (known: name, description, limits, features, inputs, statements, "
                           "expressions, builtins, for_kinds, dtypes, function_styles, "
                           "helper_kinds, index_sources, fill_loop_kinds, divisor_repairs, "
                           "evaluate_kinds, reduction_ops, chances, excluded_math)");
      }
    }
    // A profile must leave something to generate.
    bool any_int = false;
    for (size_t i = 0; i < p.dtype.size(); ++i)
      if (p.dtype[i] > 0 && dtype_of(DtypeChoice(i)).is_integer() &&
          !dtype_of(DtypeChoice(i)).is_bool())
        any_int = true;
    if (!any_int)
      fail(root, "dtypes: at least one non-bool integer dtype needs a positive weight");
    if (p.stmt[size_t(StmtChoice::Store)] <= 0)
      fail(root, "statements.store: must be positive (every program stores its results)");
    if (p.expr[size_t(ExprChoice::Const)] <= 0)
      fail(root, "expressions.const: must be positive (the leaf every expression can end in)");
    if (p.for_kind[size_t(ForKindChoice::Serial)] <= 0)
      fail(root, "for_kinds.serial: must be positive (reductions and While counters need it)");
    // A many-way decision with no alternative left would take its first one unannounced.
    require_some(root, "function_styles", p.function_style);
    require_some(root, "helper_kinds", p.helper_kind);
    require_some(root, "index_sources", p.index_source);
    require_some(root, "fill_loop_kinds", p.fill_loop_kind);
    require_some(root, "divisor_repairs", p.divisor_repair);
    require_some(root, "evaluate_kinds", p.evaluate_kind);
    require_some(root, "reduction_ops", p.reduction_op);
  } catch (const ProfileError &e) {
    r.diagnostics.push_back(diagnostic(file, e.mark, e.message));
    return r;
  } catch (const YAML::Exception &e) {
    r.diagnostics.push_back(diagnostic(file, e.mark, e.msg));
    return r;
  }
  r.profile = std::move(p);
  return r;
}

const std::vector<std::pair<std::string, std::string>> &builtin_profiles() {
  return embedded_profile_files();
}

const Profile &Profile::default_profile() {
  static const Profile p = [] {
    for (const auto &[name, text] : builtin_profiles())
      if (name == "default") {
        auto r = parse_profile(text, "generators/profiles/default.yaml", Profile{});
        if (!r.profile)
          throw std::logic_error("the compiled-in default profile does not parse: " +
                                 ir::format(r.diagnostics.front()));
        // Every chance has its value and its reason in default.yaml, and only there.
        for (const auto &c : kChanceFields)
          if (r.profile->chances.*(c.field) == Chances::kUnset)
            throw std::logic_error("generators/profiles/default.yaml does not set chances." +
                                   std::string(c.key));
        return *r.profile;
      }
    throw std::logic_error("no compiled-in default profile");
  }();
  return p;
}

ProfileResult load_profile(const std::string &path_or_name) {
  std::ifstream in(path_or_name, std::ios::binary);
  if (in) {
    std::stringstream ss;
    ss << in.rdbuf();
    return parse_profile(ss.str(), path_or_name, Profile::default_profile());
  }
  for (const auto &[name, text] : builtin_profiles())
    if (name == path_or_name)
      return parse_profile(text, "generators/profiles/" + name + ".yaml",
                           Profile::default_profile());
  ProfileResult r;
  ir::Diagnostic d;
  d.file = path_or_name;
  std::string known;
  for (const auto &[name, text] : builtin_profiles())
    known += (known.empty() ? "" : ", ") + name;
  d.message = "cannot open profile (not a file, nor a built-in profile: " + known + ")";
  r.diagnostics.push_back(d);
  return r;
}

} // namespace tirconf::gen
