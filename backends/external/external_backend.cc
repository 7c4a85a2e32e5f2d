#include "backends/external/external_backend.h"

#include <chrono>
#include <cstdio>
#include <map>

#include "ir/tvmscript/printer.h"
#include "ir/visitor.h"

namespace tirconf::backends::external {

namespace {

using runtime::Outcome;

std::string hex(uint64_t bits) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(bits));
  return buf;
}

std::optional<uint64_t> parse_hex(const nlohmann::json &j) {
  if (!j.is_string())
    return std::nullopt;
  const std::string s = j.get<std::string>();
  if (s.empty() || s.size() > 16 ||
      s.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
    return std::nullopt;
  return std::stoull(s, nullptr, 16);
}

std::string string_field(const nlohmann::json &j, const char *key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Every construct a module uses, named as TVM names it ("tir.BufferRealize", "tir.call_extern"),
// with where it first appears.
class ConstructScan : public ir::IRVisitor {
public:
  std::map<std::string, ir::SourceLoc> found;

protected:
  void note(std::string name, ir::SourceLoc loc) { found.emplace(std::move(name), loc); }
  void note_op(const ir::CallNode *op) {
    if (!op->callee)
      note(op->op, op->loc);
  }
  template <class Node> void note_op(const Node *) {}

#define TIR_EXPR_KIND(Name)                                                                        \
  void VisitExpr_(const ir::Name##Node *op) override {                                             \
    note("tir." #Name, op->loc);                                                                   \
    note_op(op);                                                                                   \
    IRVisitor::VisitExpr_(op);                                                                     \
  }
#define TIR_STMT_KIND(Name)                                                                        \
  void VisitStmt_(const ir::Name##Node *op) override {                                             \
    note("tir." #Name, op->loc);                                                                   \
    IRVisitor::VisitStmt_(op);                                                                     \
  }
#include "ir/node_kinds.def"
};

class ExternalExecutable final : public Executable {
public:
  ExternalExecutable(std::shared_ptr<ExternalWorker> worker, ir::IRModule module,
                     std::string source, CompileOptions options, int64_t handle)
      : worker_(std::move(worker)), module_(std::move(module)), source_(std::move(source)),
        options_(std::move(options)), handle_(handle), generation_(worker_->generation()) {}
  ~ExternalExecutable() override;

  Outcome run(std::string_view func, std::span<runtime::Argument> args,
              const RunLimits &limits) override;

private:
  Outcome from_failure(const Reply &r) const;
  Outcome from_answer(const ir::PrimFuncNode &f, const Reply &r,
                      std::span<runtime::Argument> args) const;

  std::shared_ptr<ExternalWorker> worker_;
  ir::IRModule module_;
  std::string source_;
  CompileOptions options_;
  int64_t handle_;
  int generation_;
};

Frame compile_request(const std::string &source, const CompileOptions &options) {
  Frame f;
  f.header = {
      {"op", "compile"}, {"source", source}, {"entries", options.entries}, {"name", options.file}};
  return f;
}

// The text sent to the worker: what the module was read from, else the module as TVM prints it.
std::string source_of(const ir::IRModule &m, const CompileOptions &options) {
  return options.source.empty() ? ir::print_tvmscript(m) : options.source;
}

// The adapter, not the implementation, went wrong (it broke the protocol or raised): never a
// verdict on the program.
Outcome worker_fault(std::string detail) {
  return Outcome(runtime::InternalErrorOutcome{"", {}, "worker fault: " + std::move(detail)});
}

ExternalExecutable::~ExternalExecutable() {
  if (worker_->generation() != generation_)
    return; // the worker that held it is gone
  Frame f;
  f.header = {{"op", "release"}, {"handle", handle_}};
  (void)worker_->request(f, worker_->config().run_timeout);
}

Outcome ExternalExecutable::from_failure(const Reply &r) const {
  switch (r.status) {
  case Reply::Status::Crashed:
    return Outcome(runtime::CrashOutcome{r.exit.describe() + ": " + r.detail, r.exit.signal,
                                         r.exit.exit_code});
  case Reply::Status::TimedOut:
    return Outcome(runtime::TimeoutOutcome{worker_->config().run_timeout, r.detail});
  case Reply::Status::ProtocolError:
  case Reply::Status::Unavailable:
  case Reply::Status::Answered:
    break;
  }
  return worker_fault(r.detail);
}

Outcome ExternalExecutable::from_answer(const ir::PrimFuncNode &f, const Reply &r,
                                        std::span<runtime::Argument> args) const {
  const nlohmann::json &h = r.frame.header;
  const std::string status = string_field(h, "status");
  if (status == "error") {
    const std::string message = string_field(h, "message");
    // The worker's own class, else the configuration's rules, else "some error".
    auto cls = runtime::parse_error_class(string_field(h, "class"));
    if (!cls)
      cls = worker_->config().classify(message);
    return Outcome::error(cls.value_or(runtime::ErrorClass::Other), message, "",
                          {options_.file, {}});
  }
  if (status != "ok")
    return worker_fault("run answered '" + status + "': " + string_field(h, "message"));
  if (!h.contains("buffers") || !h["buffers"].is_array())
    return worker_fault("run answered ok without buffers");
  for (const auto &b : h["buffers"]) {
    if (!b.is_object() || !b.contains("index") || !b["index"].is_number_unsigned() ||
        !b.contains("tensor") || !b["tensor"].is_object())
      return worker_fault("a returned buffer is not {index, tensor}");
    const size_t i = b["index"].get<size_t>();
    auto **t = i < args.size() ? std::get_if<runtime::NDArray *>(&args[i]) : nullptr;
    if (!t || !*t)
      return worker_fault("a returned buffer's index names no tensor argument");
    auto data = r.frame.blob(b["tensor"].value("data", nlohmann::json()));
    if (!data || data->size() != (*t)->storage_bytes())
      return worker_fault("returned buffer " + std::to_string(i) + " has " +
                          (data ? std::to_string(data->size()) : std::string("no")) +
                          " bytes, the argument " + std::to_string((*t)->storage_bytes()));
    std::memcpy((*t)->storage(), data->data(), data->size());
  }
  // [sem.stmt.primfunc.outputs] every buffer argument's final contents, named after its param.
  runtime::OkOutcome ok;
  for (size_t i = 0; i < args.size() && i < f.params.size(); ++i)
    if (f.buffer_for(f.params[i]))
      if (auto **t = std::get_if<runtime::NDArray *>(&args[i]); t && *t)
        ok.buffers.push_back({f.arg_name(f.params[i]), **t});
  if (h.contains("return") && !h["return"].is_null()) {
    const auto &ret = h["return"];
    auto dtype = ir::parse_dtype(string_field(ret, "dtype"));
    auto bits = parse_hex(ret.value("bits", nlohmann::json()));
    if (!dtype || !bits || dtype->lanes != 1)
      return worker_fault("the return value is not a scalar {dtype, bits}");
    ok.ret = runtime::Value::from_bits(*dtype, std::span<const uint64_t>(&*bits, 1));
  }
  return Outcome(std::move(ok));
}

Outcome ExternalExecutable::run(std::string_view func, std::span<runtime::Argument> args,
                                const RunLimits &limits) {
  ir::PrimFunc f = module_->lookup(func);
  if (!f)
    return worker_fault("no PrimFunc named '" + std::string(func) + "'");
  // A worker that died since the last request (a timeout kills it) starts again here, before the
  // generation is compared: request() would start it too, and send it a handle it never made.
  if (std::string why; !worker_->hello(&why)) {
    Reply unavailable;
    unavailable.status = Reply::Status::Unavailable;
    unavailable.detail = why;
    return from_failure(unavailable);
  }
  if (worker_->generation() != generation_) {
    // The worker that compiled this module is gone: compile it again on the new one.
    Reply c =
        worker_->request(compile_request(source_, options_), worker_->config().compile_timeout);
    if (c.status != Reply::Status::Answered)
      return from_failure(c);
    if (string_field(c.frame.header, "status") != "ok" || !c.frame.header.contains("handle"))
      return worker_fault("compiling again after a restart: " +
                          string_field(c.frame.header, "message"));
    handle_ = c.frame.header["handle"].get<int64_t>();
    generation_ = worker_->generation();
  }
  Frame request;
  nlohmann::json jargs = nlohmann::json::array();
  for (size_t i = 0; i < args.size(); ++i) {
    if (auto **t = std::get_if<runtime::NDArray *>(&args[i])) {
      if (!*t || !(*t)->valid())
        return worker_fault("argument " + std::to_string(i) + " has no tensor");
      const runtime::NDArray &a = **t;
      nlohmann::json tensor = {
          {"dtype", ir::to_string(a.dtype())},
          {"shape", a.shape()},
          {"data", request.add_blob(std::string_view(reinterpret_cast<const char *>(a.storage()),
                                                     a.storage_bytes()))}};
      if (!a.strides().empty())
        tensor["strides"] = a.strides();
      if (a.byte_offset())
        tensor["byte_offset"] = a.byte_offset();
      jargs.push_back({{"tensor", std::move(tensor)}});
    } else {
      const runtime::Value &v = std::get<runtime::Value>(args[i]);
      if (v.lanes() != 1 || v.dtype().is_handle())
        return worker_fault("argument " + std::to_string(i) + " is not a scalar number");
      jargs.push_back({{"scalar", {{"dtype", ir::to_string(v.dtype())}, {"bits", hex(v.bits())}}}});
    }
  }
  request.header = {{"op", "run"}, {"handle", handle_}, {"func", func}, {"args", std::move(jargs)}};
  (void)limits; // the implementation runs under its own budgets; the timeout bounds it
  Reply r = worker_->request(request, worker_->config().run_timeout);
  if (r.status != Reply::Status::Answered)
    return from_failure(r);
  return from_answer(*f, r, args);
}

} // namespace

ExternalBackend::ExternalBackend(ImplConfig config)
    : worker_(std::make_shared<ExternalWorker>(std::move(config))) {}

Capabilities ExternalBackend::capabilities() const {
  Capabilities c;
  c.in_process = false;
  std::string why;
  const Hello *h = worker_->hello(&why);
  if (!h)
    return c;
  const nlohmann::json &j = h->capabilities;
  const std::map<std::string, bool *> flags = {
      {"float16", &c.float16},        {"bfloat16", &c.bfloat16},
      {"vectors", &c.vectors},        {"calls", &c.calls},
      {"recursion", &c.recursion},    {"parallel", &c.parallel},
      {"approx_math", &c.approx_math}};
  for (const auto &[key, field] : flags)
    if (j.contains(key) && j[key].is_boolean())
      *field = j[key].get<bool>();
  if (j.contains("max_lanes") && j["max_lanes"].is_number_integer())
    c.max_lanes = j["max_lanes"].get<int>();
  for (const auto &u : h->unsupported)
    c.unsupported_statements.push_back(string_field(u, "construct"));
  return c;
}

std::vector<Unsupported> ExternalBackend::unsupported(const ir::IRModule &m) const {
  std::vector<Unsupported> out;
  std::string why;
  const Hello *h = worker_->hello(&why);
  if (!h || h->unsupported.empty())
    return out;
  ConstructScan scan;
  for (const auto &[gv, f] : m->functions)
    if (f->body)
      scan.VisitStmt(f->body);
  for (const auto &u : h->unsupported) {
    const std::string construct = string_field(u, "construct");
    if (auto it = scan.found.find(construct); it != scan.found.end())
      out.push_back({construct, string_field(u, "reason"), it->second});
  }
  return out;
}

std::string ExternalBackend::version() const {
  std::string why;
  const Hello *h = worker_->hello(&why);
  if (!h)
    return "";
  return h->build.empty() ? h->version : h->version + " (git " + h->build.substr(0, 12) + ")";
}

std::optional<std::string> ExternalBackend::unavailable() const {
  std::string why;
  if (worker_->hello(&why))
    return std::nullopt;
  return why;
}

CompileResult ExternalBackend::compile(const ir::IRModule &m, const CompileOptions &options) {
  CompileResult result;
  // What the worker declared it does not run is not sent to it.
  result.unsupported = unsupported(m);
  if (!result.unsupported.empty())
    return result;
  const auto started = std::chrono::steady_clock::now();
  const std::string source = source_of(m, options);
  Reply r = worker_->request(compile_request(source, options), worker_->config().compile_timeout);
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (r.status != Reply::Status::Answered) {
    result.error = r.status == Reply::Status::TimedOut ? "compilation timed out: " + r.detail
                   : r.status == Reply::Status::Crashed
                       ? "the worker died while compiling (" + r.exit.describe() + "): " + r.detail
                       : r.detail;
    return result;
  }
  const nlohmann::json &h = r.frame.header;
  const std::string status = string_field(h, "status");
  if (status == "ok" && h.contains("handle") && h["handle"].is_number_integer()) {
    if (h.contains("seconds") && h["seconds"].is_object())
      for (const auto &[phase, s] : h["seconds"].items())
        if (s.is_number())
          result.phases.emplace_back(phase, s.get<double>());
    result.executable = std::make_unique<ExternalExecutable>(worker_, m, source, options,
                                                             h["handle"].get<int64_t>());
  } else if (status == "rejected") {
    result.rejected =
        runtime::RejectedOutcome{string_field(h, "stage"), string_field(h, "message")};
  } else if (status == "unsupported" && h.contains("unsupported") && h["unsupported"].is_array()) {
    for (const auto &u : h["unsupported"])
      result.unsupported.push_back({string_field(u, "construct"), string_field(u, "reason"),
                                    ir::SourceLoc{u.value("line", 0u), u.value("col", 0u)}});
  } else {
    result.error = "compile answered '" + status + "': " + string_field(h, "message");
  }
  return result;
}

ExternalBackend::PrintResult ExternalBackend::print(const std::string &source) {
  Frame f;
  f.header = {{"op", "print"}, {"source", source}};
  Reply r = worker_->request(f, worker_->config().compile_timeout);
  if (r.status != Reply::Status::Answered)
    return {false, false, r.detail};
  const auto &h = r.frame.header;
  const std::string status = string_field(h, "status");
  if (status == "ok")
    return {true, false, string_field(h, "script")};
  return {false, status == "rejected", status + ": " + string_field(h, "message")};
}

std::vector<ExternalBackend::SimplifyResult>
ExternalBackend::simplify(const std::vector<std::pair<std::string, std::string>> &vars,
                          const std::vector<std::string> &exprs, std::string *why) {
  Frame f;
  nlohmann::json jvars = nlohmann::json::object();
  for (const auto &[name, dtype] : vars)
    jvars[name] = dtype;
  f.header = {{"op", "simplify"}, {"vars", jvars}, {"exprs", exprs}};
  Reply r = worker_->request(f, worker_->config().simplify_timeout);
  std::vector<SimplifyResult> out;
  if (r.status != Reply::Status::Answered) {
    *why = r.detail;
    return out;
  }
  const auto &h = r.frame.header;
  if (string_field(h, "status") != "ok" || !h.contains("results") || !h["results"].is_array() ||
      h["results"].size() != exprs.size()) {
    *why = "simplify answered '" + string_field(h, "status") + "': " + string_field(h, "message");
    return out;
  }
  for (const auto &res : h["results"]) {
    const bool ok = string_field(res, "status") == "ok";
    out.push_back({ok, ok ? string_field(res, "expr") : string_field(res, "message")});
  }
  return out;
}

ExternalBackend::TransformResult ExternalBackend::transform(const std::string &source,
                                                            const TransformRequest &request) {
  Frame f;
  f.header = {{"op", "transform"}, {"source", source}};
  if (request.schedule) {
    nlohmann::json schedule = nlohmann::json::object();
    if (!request.schedule_steps.empty()) {
      schedule["steps"] = nlohmann::json::array();
      for (const auto &text : request.schedule_steps)
        schedule["steps"].push_back(nlohmann::json::parse(text, nullptr, false));
    } else {
      schedule["seed"] = request.schedule_seed;
      schedule["count"] = request.schedule_count;
    }
    f.header["schedule"] = schedule;
  } else if (request.default_passes) {
    f.header["passes"] = "default";
  } else {
    f.header["passes"] = request.passes;
  }
  Reply r = worker_->request(f, worker_->config().transform_timeout);
  TransformResult out;
  if (r.status != Reply::Status::Answered) {
    out.message = r.detail;
    return out;
  }
  const auto &h = r.frame.header;
  const std::string status = string_field(h, "status");
  if (status != "ok") {
    out.rejected = status == "rejected";
    out.message = status + ": " + string_field(h, "message");
    return out;
  }
  out.ok = true;
  out.parsed = string_field(h, "parsed");
  out.parsed_message = string_field(h, "parsed_message");
  if (!h.contains("steps") || !h["steps"].is_array())
    return out;
  for (const auto &j : h["steps"]) {
    TransformStep step;
    step.name = string_field(j, "name");
    if (j.contains("params") && j["params"].is_object())
      step.params = j["params"].dump();
    const std::string st = string_field(j, "status");
    step.status = st == "ok"         ? TransformStep::Status::Ok
                  : st == "rejected" ? TransformStep::Status::Rejected
                                     : TransformStep::Status::Unprintable;
    step.script = string_field(j, "script");
    step.message = string_field(j, "message");
    if (j.contains("seconds") && j["seconds"].is_number())
      step.seconds = j["seconds"].get<double>();
    if (j.contains("print_seconds") && j["print_seconds"].is_number())
      step.print_seconds = j["print_seconds"].get<double>();
    out.steps.push_back(std::move(step));
  }
  return out;
}

} // namespace tirconf::backends::external
