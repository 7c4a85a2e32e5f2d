// Functions, kernels and their parameters ("Semantics of Statements / 1. PrimFunc"), buffer
// addressing, and the failure sites of the status word.
#include <algorithm>
#include <set>

#include "backends/cuda/lowering.h"
#include "backends/cuda/prelude.h"
#include "ir/builtins.h"
#include "ir/visitor.h"

namespace tirconf::backends::cuda {

using ir::DataType;

namespace {

// The Vars of `e`, in order of first appearance.
void vars_of(const ir::PrimExpr &e, std::vector<const ir::VarNode *> &out) {
  struct Finder : ir::IRVisitor {
    std::vector<const ir::VarNode *> &out;
    explicit Finder(std::vector<const ir::VarNode *> &o) : out(o) {}
    void VisitExpr_(const ir::VarNode *op) override {
      if (std::find(out.begin(), out.end(), op) == out.end())
        out.push_back(op);
    }
  } finder(out);
  if (e)
    finder.VisitExpr(e);
}

} // namespace

// The dtype a PrimFunc's tir.ret values have, if it has any (the typing rule makes them agree).
std::optional<DataType> ret_dtype(const ir::PrimFuncNode &f) {
  struct Finder : ir::IRVisitor {
    std::optional<DataType> found;
    void VisitExpr_(const ir::CallNode *op) override {
      if (!found && op->is_builtin(ir::kRetOp) && op->args.size() == 1)
        found = op->args[0]->dtype;
      IRVisitor::VisitExpr_(op);
    }
  } finder;
  if (f.body)
    finder.VisitStmt(f.body);
  if (finder.found && finder.found->is_void())
    return std::nullopt;
  return finder.found;
}

// Only entries are launched: a called function runs in the thread that calls it.
FunctionLowering::FunctionLowering(ModuleLowering &ml, const ir::PrimFuncNode &f, std::string name,
                                   bool is_entry, ir::Stmt body, std::string suffix,
                                   bool only_launch)
    : ml_(ml), f_(f), name_(std::move(name)), is_entry_(is_entry),
      body_stmt_(body ? std::move(body) : f.body), suffix_(std::move(suffix)),
      only_launch_(only_launch),
      plan_(is_entry && body_stmt_ ? plan_launch(body_stmt_) : LaunchPlan{}) {}

void FunctionLowering::line(const std::string &s) {
  body_.append(static_cast<size_t>(2 * depth_), ' ');
  body_ += s;
  body_ += '\n';
}

std::string FunctionLowering::fresh(const std::string &hint) {
  const std::string base = identifier(hint);
  int &n = names_[base];
  return base + "_" + std::to_string(n++);
}

std::string FunctionLowering::temp(DataType t, const std::string &value) {
  const std::string name = "t" + std::to_string(temps_++);
  line("const " + c_type(t) + " " + name + " = " + value + ";");
  return name;
}

std::string FunctionLowering::declare(DataType t) {
  const std::string name = "t" + std::to_string(temps_++);
  line(c_type(t) + " " + name + ";");
  return name;
}

std::string FunctionLowering::lanewise(DataType t,
                                       const std::vector<std::pair<std::string, DataType>> &ops,
                                       const LaneFn &lane) {
  bool vector = t.lanes > 1;
  for (const auto &o : ops)
    vector |= o.second.lanes > 1;
  std::vector<std::string> lanes;
  for (const auto &[v, ty] : ops)
    lanes.push_back(ty.lanes > 1 ? v + ".v[tirconf_l]" : v);
  if (!vector)
    return temp(t, lane(lanes));
  const std::string name = declare(t);
  line("for (int tirconf_l = 0; tirconf_l < " + std::to_string(t.lanes) + "; ++tirconf_l)");
  line("  " + name + ".v[tirconf_l] = " + lane(lanes) + ";");
  return name;
}

int FunctionLowering::site(runtime::ErrorClass c, const char *rule, ir::SourceLoc loc,
                           std::string message) {
  ml_.sites.push_back({c, rule, loc, std::move(message)});
  return static_cast<int>(ml_.sites.size() - 1);
}

void FunctionLowering::fail_if(const std::string &cond, int s, const std::string &a,
                               const std::string &b) {
  line("if (" + cond + ") TIRCONF_FAIL(" + std::to_string(s) + ", " + a + ", " + b + ");");
}

std::string FunctionLowering::bind(const ir::Var &v) {
  std::string name = fresh(v->name_hint);
  vars_[v.get()] = name;
  return name;
}

std::string FunctionLowering::var(const ir::VarNode *v) const {
  auto it = vars_.find(v);
  if (it == vars_.end())
    throw LoweringError("variable " + v->name_hint + " used where it is not bound");
  return it->second;
}

namespace {

// An int64 constant as index arithmetic spells it: "5ll", so that 0 and 1 are recognized.
std::string int64_literal(int64_t v) {
  if (v == INT64_MIN)
    return "(-9223372036854775807ll - 1)";
  return std::to_string(v) + "ll";
}

// The value of an int64_literal, or nullopt for anything else.
std::optional<int64_t> literal_value(const std::string &s) {
  if (s.size() < 3 || s.compare(s.size() - 2, 2, "ll") != 0)
    return std::nullopt;
  const std::string digits = s.substr(0, s.size() - 2);
  if (digits.find_first_not_of("-0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoll(digits);
}

// Index arithmetic in int64, wrapping, with constants folded and + 0 and * 1 left out (most
// accesses have elem_offset 0 and a last stride of 1) so that the generated code stays readable.
std::string add_index(const std::string &a, const std::string &b) {
  const auto x = literal_value(a), y = literal_value(b);
  if (x && y)
    return int64_literal(
        static_cast<int64_t>(static_cast<uint64_t>(*x) + static_cast<uint64_t>(*y)));
  if (x == 0)
    return b;
  if (y == 0)
    return a;
  return "(int64_t)((uint64_t)" + a + " + (uint64_t)" + b + ")";
}

std::string mul_index(const std::string &a, const std::string &b) {
  const auto x = literal_value(a), y = literal_value(b);
  if (x && y)
    return int64_literal(
        static_cast<int64_t>(static_cast<uint64_t>(*x) * static_cast<uint64_t>(*y)));
  if (x == 1)
    return b;
  if (y == 1)
    return a;
  return "(int64_t)((uint64_t)" + a + " * (uint64_t)" + b + ")";
}

} // namespace

std::string FunctionLowering::index64(const ir::PrimExpr &e) {
  if (!e->dtype.is_integer() || e->dtype.lanes != 1)
    throw UnsupportedError("an index of type " + ir::to_string(e->dtype), e->loc);
  if (auto *c = ir::as<ir::IntImmNode>(e))
    return int64_literal(c->value);
  return "(int64_t)" + VisitExpr(e);
}

// Element idx of b lives at data + elem_offset + sum_k idx[k] * strides[k] elements, the
// strides being b's own or the compact row-major strides of its shape ([sem.expr.bufferload]).
std::string FunctionLowering::offset(const ir::Buffer &b, const std::vector<ir::PrimExpr> &idx) {
  std::vector<std::string> index;
  for (const auto &i : idx)
    index.push_back(index64(i));
  return offset_of(b, index);
}

std::string FunctionLowering::offset_of(const ir::Buffer &b,
                                        const std::vector<std::string> &index) {
  if (b->buffer_type == ir::BufferType::AutoBroadcast)
    throw UnsupportedError("an auto-broadcast buffer", b->loc);
  if (!b->axis_separators.empty())
    throw UnsupportedError("a buffer with axis separators", b->loc);
  // [sem.stmt.block.match_buffer] an access at idx is the source's at the region's mins + idx,
  // the leading region dimensions the buffer lacks fixed at their mins.
  if (auto m = matches_.find(b.get()); m != matches_.end()) {
    const Match &match = m->second;
    const size_t lead = match.mins.size() - index.size();
    std::vector<std::string> source(match.mins.begin(), match.mins.begin() + lead);
    for (size_t j = 0; j < index.size(); ++j)
      source.push_back(add_index(match.mins[lead + j], index[j]));
    return offset_of(match.source, source);
  }
  const std::vector<std::string> strides = strides_of(b, index.size());
  std::string sum = b->elem_offset ? index64(b->elem_offset) : "0ll";
  for (size_t k = 0; k < index.size(); ++k)
    sum = add_index(sum, mul_index(index[k], strides[k]));
  if (sum.find('(') == std::string::npos)
    return sum; // a constant or a variable
  return temp(DataType::Int(64), sum);
}

std::vector<std::string> FunctionLowering::strides_of(const ir::Buffer &b, size_t n) {
  std::vector<std::string> strides(n);
  if (!b->strides.empty()) {
    if (b->strides.size() != n)
      throw LoweringError("buffer " + b->name + " accessed with the wrong number of indices");
    for (size_t k = 0; k < n; ++k)
      strides[k] = index64(b->strides[k]);
    return strides;
  }
  if (b->shape.size() != n)
    throw LoweringError("buffer " + b->name + " accessed with the wrong number of indices");
  // Constant shapes give constant strides, folded here.
  bool known = true;
  int64_t value = 1;
  std::string stride = "1ll";
  for (size_t k = n; k-- > 0;) {
    strides[k] = stride;
    if (k == 0)
      break;
    auto *c = ir::as<ir::IntImmNode>(b->shape[k]);
    if (known && c) {
      value = static_cast<int64_t>(static_cast<uint64_t>(value) * static_cast<uint64_t>(c->value));
      stride = int64_literal(value);
    } else {
      known = false;
      stride = temp(DataType::Int(64), mul_index(stride, index64(b->shape[k])));
    }
  }
  return strides;
}

std::string FunctionLowering::element(const ir::Buffer &b, const std::string &off) {
  if (!b->data)
    throw LoweringError("buffer " + b->name + " has no data Var");
  return "((" + storage_type(b->dtype, b->loc) + " *)" + var(b->data.get()) + ")[" + off + "]";
}

KernelInfo FunctionLowering::emit(std::string &out) {
  KernelInfo info;
  info.func = name_;
  info.node = &f_;
  Launch launch;
  launch.kernel = "tirconf_k_" + identifier(name_) + suffix_;
  launch.block = plan_.block;
  launch.grid = plan_.grid;
  ret_ = ret_dtype(f_);
  info.ret = ret_;
  // [bind.order] scalar params, then buffer params; each buffer's data Var is its param's
  // pointer. The Vars buffer fields bind come after, as int64 arguments the host fills in.
  std::vector<std::string> decls;
  for (size_t i = 0; i < f_.params.size(); ++i) {
    const ir::Var &p = f_.params[i];
    if (ir::Buffer b = f_.buffer_for(p)) {
      const std::string name = bind(p);
      if (b->data && !vars_.count(b->data.get()))
        vars_[b->data.get()] = name;
      info.params.push_back({KernelParam::Kind::Buffer, i, b->dtype, nullptr});
      decls.push_back("void *" + name);
    } else {
      if (p->dtype.is_handle())
        throw UnsupportedError("a handle parameter that is not a buffer", f_.loc);
      if (p->dtype.lanes > 1)
        throw UnsupportedError("a vector scalar parameter", f_.loc);
      info.params.push_back({KernelParam::Kind::Scalar, i, p->dtype, nullptr});
      decls.push_back(c_type(p->dtype, f_.loc) + " " + bind(p));
    }
  }
  std::vector<const ir::VarNode *> fields;
  for (const auto &[p, b] : f_.buffer_map) {
    for (const auto &e : b->shape)
      vars_of(e, fields);
    for (const auto &e : b->strides)
      vars_of(e, fields);
    vars_of(b->elem_offset, fields);
  }
  std::vector<std::string> field_inits;
  for (const ir::VarNode *v : fields) {
    if (vars_.count(v))
      continue;
    if (!v->dtype.is_integer() || v->dtype.lanes != 1)
      throw LoweringError("buffer field Var " + v->name_hint + " is not an integer scalar");
    const std::string name = fresh(v->name_hint);
    vars_[v] = name;
    info.params.push_back({KernelParam::Kind::Field, 0, v->dtype, v});
    decls.push_back("int64_t " + name + "_field");
    field_inits.push_back("const " + c_type(v->dtype) + " " + name + " = (" + c_type(v->dtype) +
                          ")" + name + "_field;");
  }
  for (const auto &s : field_inits)
    line(s);
  depth_check();
  if (body_stmt_)
    VisitStmt(body_stmt_);
  line("return 0;");
  launch.barriers = barriers_;
  info.launches.push_back(launch);

  std::string params = "TirconfStatus *st";
  std::string args = "st";
  for (const auto &d : decls) {
    params += ", " + d;
    args += ", " + d.substr(d.find_last_of(" *") + 1);
  }
  const std::string device = "tirconf_f_" + identifier(name_) + suffix_;
  out += "__device__ int32_t " + device + "(" + params + ") {\n" + prologue_ + body_ + "}\n\n";
  // The block size it is launched with: the compiler then keeps to the registers that many
  // threads may have, so that the launch cannot fail for want of them.
  const int64_t threads = launch.block[0] * launch.block[1] * launch.block[2];
  out += "extern \"C\" __global__ void __launch_bounds__(" + std::to_string(threads) + ") " +
         launch.kernel + "(" + params + ") {\n  " + device + "(" + args + ");\n}\n\n";
  return info;
}

CudaProgram lower_module(const ir::IRModule &m, const std::vector<std::string> &entries) {
  ModuleLowering ml(m);
  CudaProgram program;
  std::string functions;
  for (const auto &[g, f] : m->functions) {
    if (!entries.empty() &&
        std::find(entries.begin(), entries.end(), g->name_hint) == entries.end())
      continue;
    const std::vector<ir::Stmt> bodies = plan_entry(*f);
    KernelInfo info;
    for (size_t k = 0; k < bodies.size(); ++k) {
      const bool only = bodies.size() == 1;
      FunctionLowering fl(ml, *f, g->name_hint, true, bodies[k],
                          only ? "" : "_l" + std::to_string(k), only);
      KernelInfo part = fl.emit(functions);
      if (k == 0)
        info = std::move(part);
      else
        info.launches.push_back(part.launches.front());
    }
    program.kernels.push_back(std::move(info));
  }
  ml.finish(functions);
  // The float16 / bfloat16 headers only where they may be used (every name they declare that
  // generated code uses contains one of these): they cost NVRTC time.
  const bool narrow = functions.find("half") != std::string::npos ||
                      functions.find("bfloat16") != std::string::npos ||
                      ml.globals.find("half") != std::string::npos ||
                      ml.globals.find("bfloat16") != std::string::npos;
  // The headers come first, so that NVRTC's precompiled header can stand for them (nvrtc.cc).
  program.source = std::string(narrow ? narrow_float_prelude() : "") + prelude() + "\n" +
                   ml.globals + "\n" + ml.prototypes + "\n" + functions;
  program.sites = std::move(ml.sites);
  return program;
}

} // namespace tirconf::backends::cuda
