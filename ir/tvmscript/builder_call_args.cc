// Arguments of the T.* functions: Python's argument binding, and the conversions from a Value
// to what a handler needs (a dtype, an integer constant, a condition, annotations, ...).
#include <cmath>
#include <limits>

#include "ir/tvmscript/builder_calls.h"
#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir::script {

namespace {

const Value &require(const Arg &v, const std::string &fn, std::string_view param, SourceLoc loc) {
  if (!v)
    fail(loc, "T." + std::string(fn) + "() missing required argument '" + std::string(param) + "'");
  return *v;
}

} // namespace

Params bind_params(const CallArgs &a, const std::string &fn,
                   std::initializer_list<std::string_view> names, size_t max_positional) {
  const std::string_view *n = names.begin();
  Params p(names.size());
  size_t limit = std::min(max_positional, names.size());
  if (a.args.size() > limit)
    fail(a.args[limit].loc.known() ? a.args[limit].loc : a.loc,
         "T." + std::string(fn) + "() takes at most " + std::to_string(limit) +
             " positional arguments");
  for (size_t i = 0; i < a.args.size(); ++i)
    p[i].v = &a.args[i];
  for (const auto &[k, v] : a.kwargs) {
    size_t i = 0;
    while (i < names.size() && n[i] != k)
      ++i;
    if (i == names.size())
      fail(v.loc.known() ? v.loc : a.loc, "T." + std::string(fn) +
                                              "() got an unexpected keyword argument '" +
                                              std::string(k) + "'");
    if (p[i])
      fail(v.loc.known() ? v.loc : a.loc,
           "T." + std::string(fn) + "() got multiple values for argument '" + std::string(k) + "'");
    p[i].v = &v;
  }
  return p;
}

bool given(const Arg &v) {
  return v && v->kind != Value::Kind::None;
}

SourceLoc loc_of(const Value &v, SourceLoc fallback) {
  return v.loc.known() ? v.loc : fallback;
}

std::string str_of(const Value &v, const char *what, SourceLoc loc) {
  if (v.kind != Value::Kind::Str)
    fail(loc_of(v, loc), std::string(what) + " must be a string, got " + kind_name(v.kind));
  return v.s;
}

// A dtype string. Deviation: TVM rejects bit widths and lane counts the spec does not allow
// ("int4", "bfloat32", "int32x128") while parsing; we build them, so that the checker reports
// the spec rule (dtype.int.bits, dtype.lanes, ...). Only spellings no DataType can hold are
// reader errors, under the rule that names why.
DataType dtype_of(const Value &v, SourceLoc loc) {
  std::string s = str_of(v, "dtype", loc);
  SourceLoc l = loc_of(v, loc);
  if (auto t = parse_dtype(s))
    return *t;
  auto bad = [&](const char *rule, const std::string &why) -> DataType {
    fail(l, "invalid dtype string \"" + s + "\": " + why, rule);
  };
  struct Code {
    std::string_view prefix;
    TypeCode code;
    const char *bits_rule;
  };
  static constexpr Code codes[] = {{"uint", TypeCode::UInt, "dtype.uint.bits"},
                                   {"int", TypeCode::Int, "dtype.int.bits"},
                                   {"bfloat", TypeCode::BFloat, "dtype.bfloat.bits"},
                                   {"float", TypeCode::Float, "dtype.float.bits"},
                                   {"handle", TypeCode::Handle, "dtype.handle.bits"},
                                   {"bool", TypeCode::UInt, "dtype.uint.bits"}};
  std::string_view rest = s;
  const Code *code = nullptr;
  for (const auto &c : codes)
    if (rest.substr(0, c.prefix.size()) == c.prefix) {
      code = &c;
      rest.remove_prefix(c.prefix.size());
      break;
    }
  if (!code)
    return bad("dtype.notation", "expected {code}{bits} or {code}{bits}x{lanes}");
  auto digits = [](std::string_view &r, uint64_t &out) {
    size_t n = 0;
    out = 0;
    while (n < r.size() && r[n] >= '0' && r[n] <= '9') {
      if (out < 1000000)
        out = out * 10 + static_cast<uint64_t>(r[n] - '0');
      ++n;
    }
    r.remove_prefix(n);
    return n > 0;
  };
  uint64_t bits = code->prefix == "bool" ? 1 : code->prefix == "handle" ? 64 : 0;
  uint64_t lanes = 1;
  if (code->prefix != "bool") {
    uint64_t b;
    if (digits(rest, b))
      bits = b;
    else if (code->prefix != "handle")
      return bad("dtype.notation", "the bit width is missing");
  }
  if (!rest.empty() && rest[0] == '_')
    return bad("dtype.code",
               "TVM's " + s +
                   " is not one of the spec's datatype codes (Int, UInt, Float, BFloat, Handle)");
  if (!rest.empty() && rest[0] == 'x') {
    rest.remove_prefix(1);
    if (!digits(rest, lanes))
      return bad("dtype.notation", "the lane count after 'x' is missing");
  }
  if (!rest.empty())
    return bad("dtype.notation", "unexpected text after the datatype");
  if (bits > 255)
    return bad(code->bits_rule, "the bit width is out of range");
  if (lanes < 1 || lanes > 65535)
    return bad("dtype.lanes", "the lane count is out of range");
  return DataType(code->code, static_cast<int>(bits), static_cast<int>(lanes));
}

int64_t int_of(const Value &v, const char *what, SourceLoc loc) {
  if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Bool) {
    __int128 x = v.kind == Value::Kind::Bool ? v.b : v.i;
    if (x < std::numeric_limits<int32_t>::min() || x > std::numeric_limits<int32_t>::max())
      fail(loc_of(v, loc), std::string(what) + " is out of range");
    return static_cast<int64_t>(x);
  }
  if (v.kind == Value::Kind::Expr)
    if (auto *imm = as<IntImmNode>(v.expr))
      return imm->value;
  fail(loc_of(v, loc),
       std::string(what) + " must be an integer constant, got " + kind_name(v.kind));
}

bool bool_of(const Value &v, const char *what, SourceLoc loc) {
  if (v.kind == Value::Kind::Bool)
    return v.b;
  if (v.kind == Value::Kind::Int)
    return v.i != 0;
  fail(loc_of(v, loc), std::string(what) + " must be True or False");
}

int lanes_of(const Value &v, SourceLoc loc) {
  int64_t n = int_of(v, "lanes", loc);
  if (n < 1 || n > 65535)
    fail(loc_of(v, loc), "lanes must be between 1 and 65535");
  return static_cast<int>(n);
}

PrimExpr cond_of(Builder &b, const Value &v, SourceLoc loc) {
  if (v.kind == Value::Kind::Bool)
    return make_bool(v.b, loc_of(v, loc));
  return b.to_prim(v, loc_of(v, loc), "a condition");
}

// make_const(t, value) for a scalar or vector dtype (vectors broadcast).
PrimExpr make_const(DataType t, const Value &v, SourceLoc loc) {
  DataType elem = t.element_of();
  PrimExpr s;
  if (elem.is_integer()) {
    int64_t x;
    if (v.kind == Value::Kind::Float) {
      if (!(v.f >= -9.2e18 && v.f <= 9.2e18))
        fail(loc, "cannot convert " + std::to_string(v.f) + " to an integer constant");
      x = static_cast<int64_t>(v.f);
    } else {
      __int128 i = v.kind == Value::Kind::Bool ? v.b : v.i;
      if (i < std::numeric_limits<int64_t>::min() || i > std::numeric_limits<int64_t>::max())
        fail(loc, "integer constant does not fit in int64");
      x = static_cast<int64_t>(i);
    }
    s = make_int(elem, x, loc);
  } else if (elem.is_floating()) {
    double x = v.kind == Value::Kind::Float
                   ? v.f
                   : static_cast<double>(v.kind == Value::Kind::Bool ? v.b : v.i);
    s = float_imm(elem, x, loc);
  } else {
    fail(loc, "cannot make a constant of type " + to_string(t));
  }
  if (t.lanes > 1)
    s = std::make_shared<BroadcastNode>(s, t.lanes, loc);
  return s;
}

namespace {

Value const_value(const PrimExpr &e) {
  if (auto *i = as<IntImmNode>(e))
    return Value::integer(i->value, e->loc);
  if (auto *f = as<FloatImmNode>(e))
    return Value::floating(f->value, e->loc);
  return Value();
}

} // namespace

PrimExpr cast_to(DataType t, const PrimExpr &v, SourceLoc loc) {
  if (v->dtype == t)
    return v;
  bool is_const = as<IntImmNode>(v) || as<FloatImmNode>(v);
  if (t.lanes == 1) {
    if (is_const)
      return make_const(t, const_value(v), loc);
    if (v->dtype.is_handle())
      fail(loc, "can't cast a handle to other types");
    return std::make_shared<CastNode>(t, v, loc);
  }
  DataType elem = t.element_of();
  if (v->dtype.lanes == 1) {
    PrimExpr s = v;
    if (v->dtype != elem)
      s = is_const ? make_const(elem, const_value(v), loc)
                   : PrimExpr(std::make_shared<CastNode>(elem, v, loc));
    return std::make_shared<BroadcastNode>(s, t.lanes, loc);
  }
  if (v->dtype.lanes != t.lanes)
    fail(loc,
         "cannot cast " + to_string(v->dtype) + " to " + to_string(t) + ": lane counts differ");
  if (auto *bc = as<BroadcastNode>(v))
    return std::make_shared<BroadcastNode>(cast_to(elem, bc->value, loc), bc->lanes, loc);
  if (auto *r = as<RampNode>(v); r && t.is_integer())
    return std::make_shared<RampNode>(cast_to(elem, r->base, loc), cast_to(elem, r->stride, loc),
                                      r->lanes, loc);
  return std::make_shared<CastNode>(t, v, loc);
}

std::vector<PrimExpr> expr_list(Builder &b, const Value &v, const char *what, SourceLoc loc) {
  std::vector<PrimExpr> out;
  if (v.is_sequence()) {
    for (const Value &x : v.elements())
      out.push_back(b.to_prim(x, loc_of(x, loc), what));
  } else {
    out.push_back(b.to_prim(v, loc_of(v, loc), what));
  }
  return out;
}

AttrValue attr_value(Builder &b, const Value &v, SourceLoc loc) {
  AttrValue r;
  if (v.is_sequence()) {
    r.is_list = true;
    for (const Value &x : v.elements())
      r.list.push_back(attr_value(b, x, loc));
    return r;
  }
  if (v.kind == Value::Kind::Dict) {
    r.is_dict = true;
    const auto &kv = v.elements();
    for (size_t i = 0; i + 1 < kv.size(); i += 2)
      r.dict.push_back({str_of(kv[i], "a dict key", loc), attr_value(b, kv[i + 1], loc)});
    return r;
  }
  if (v.kind == Value::Kind::Object)
    return *v.object;
  // TVM normalizes boxed Python ints/bools/floats to IntImm(int32)/IntImm(bool)/FloatImm(float32).
  if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Bool || v.kind == Value::Kind::Float ||
      v.kind == Value::Kind::Str || v.is_prim_like()) {
    r.expr = b.to_prim(v, loc_of(v, loc));
    return r;
  }
  if (v.kind == Value::Kind::Buffer)
    fail(loc_of(v, loc), "Buffer-valued attributes are not supported by this reader");
  fail(loc_of(v, loc), std::string("unsupported attribute value of type ") + kind_name(v.kind));
}

Annotations annotations_of(Builder &b, const Value &v, SourceLoc loc) {
  if (v.kind != Value::Kind::Dict)
    fail(loc_of(v, loc), "annotations must be a dict with string keys");
  Annotations out;
  const auto &kv = v.elements();
  for (size_t i = 0; i + 1 < kv.size(); i += 2) {
    std::string key = str_of(kv[i], "annotation key", loc);
    for (const auto &[k, x] : out)
      if (k == key)
        fail(loc_of(kv[i], loc), "duplicate annotation key \"" + key + "\"");
    out.emplace_back(std::move(key), attr_value(b, kv[i + 1], loc));
  }
  return out;
}

std::optional<DataType> dtype_from_name(std::string_view name) {
  // Every dtype spelling starts with one of these letters; skip parse_dtype for the rest.
  if (name.empty() || !(name[0] == 'i' || name[0] == 'u' || name[0] == 'f' || name[0] == 'b'))
    return std::nullopt;
  if (name == "boolean")
    return DataType::Bool();
  if (name == "handle" || name == "void")
    return std::nullopt;
  return parse_dtype(name);
}

std::optional<Type> Builder::annotation_type(const Value &v, SourceLoc loc) {
  if (v.kind == Value::Kind::None)
    return std::nullopt;
  if (v.kind == Value::Kind::Tir) {
    if (v.s == "handle")
      return Type::Prim(DataType::Handle());
    if (auto t = dtype_from_name(v.s))
      return Type::Prim(*t);
  }
  if (v.kind == Value::Kind::Expr)
    if (auto *var = as<VarNode>(v.expr))
      return var->type_annotation;
  if (v.kind == Value::Kind::Str)
    if (auto t = parse_dtype(v.s))
      return Type::Prim(*t);
  fail(loc_of(v, loc),
       std::string("expected a type annotation such as T.int32, got ") + kind_name(v.kind));
}

// ---------------------------------------------------------------- CallSite

Params CallSite::bind(std::initializer_list<std::string_view> params, size_t max_positional) const {
  return bind_params(args, fn, params, max_positional);
}

const Value &CallSite::required(const Arg &a, std::string_view param) const {
  return require(a, fn, param, loc);
}

std::string CallSite::hint(size_t i) const {
  return names && i < names->size() ? std::string((*names)[i]) : std::string();
}

std::shared_ptr<FrameSpec> CallSite::frame(FrameSpec::Kind k) const {
  auto f = std::make_shared<FrameSpec>();
  f->kind = k;
  f->loc = loc;
  return f;
}

Value CallSite::frame_value(std::shared_ptr<FrameSpec> f) const {
  Value v = Value::make(Value::Kind::Frame, loc);
  v.frame = std::move(f);
  return v;
}

} // namespace tirconf::ir::script
