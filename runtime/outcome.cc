#include "runtime/outcome.h"

#include <csignal>

#include <nlohmann/json.hpp>

namespace tirconf::runtime {

std::string_view to_string(OutcomeKind k) {
  switch (k) {
  case OutcomeKind::Ok:
    return "ok";
  case OutcomeKind::Error:
    return "error";
  case OutcomeKind::Unspecified:
    return "unspecified";
  case OutcomeKind::Invalid:
    return "invalid";
  case OutcomeKind::Crash:
    return "crash";
  case OutcomeKind::Timeout:
    return "timeout";
  case OutcomeKind::InternalError:
    return "internal-error";
  case OutcomeKind::Rejected:
    return "rejected";
  }
  return "?";
}

std::string_view to_string(ErrorClass c) {
  switch (c) {
  case ErrorClass::DivideByZero:
    return "divide-by-zero";
  case ErrorClass::Assert:
    return "assert";
  case ErrorClass::Binding:
    return "binding";
  case ErrorClass::Limit:
    return "limit";
  case ErrorClass::Other:
    return "other";
  }
  return "?";
}

std::string_view to_string(UnspecifiedClass c) {
  switch (c) {
  case UnspecifiedClass::OutOfBounds:
    return "out-of-bounds";
  case UnspecifiedClass::Conflict:
    return "conflict";
  case UnspecifiedClass::Uninitialized:
    return "uninitialized";
  case UnspecifiedClass::Overflow:
    return "overflow";
  case UnspecifiedClass::Ambiguous:
    return "ambiguous";
  case UnspecifiedClass::Any:
    return "any";
  }
  return "?";
}

std::optional<ErrorClass> parse_error_class(std::string_view s) {
  for (auto c :
       {ErrorClass::DivideByZero, ErrorClass::Assert, ErrorClass::Binding, ErrorClass::Limit})
    if (to_string(c) == s)
      return c;
  return std::nullopt;
}

std::optional<UnspecifiedClass> parse_unspecified_class(std::string_view s) {
  for (auto c :
       {UnspecifiedClass::OutOfBounds, UnspecifiedClass::Conflict, UnspecifiedClass::Uninitialized,
        UnspecifiedClass::Overflow, UnspecifiedClass::Ambiguous, UnspecifiedClass::Any})
    if (to_string(c) == s)
      return c;
  return std::nullopt;
}

std::string to_string(const Location &l) {
  std::string s = l.file;
  if (l.loc.known()) {
    if (!s.empty())
      s += ":";
    s += std::to_string(l.loc.line) + ":" + std::to_string(l.loc.col);
  }
  return s;
}

const NDArray *OkOutcome::find(std::string_view name) const {
  for (const auto &b : buffers)
    if (b.name == name)
      return &b.array;
  return nullptr;
}

Outcome Outcome::error(ErrorClass c, std::string message, std::string rule, Location where) {
  return ErrorOutcome{c, std::move(message), std::move(rule), std::move(where)};
}

Outcome Outcome::unspecified(UnspecifiedClass c, std::string rule, Location where,
                             std::string detail) {
  return UnspecifiedOutcome{c, std::move(rule), std::move(where), std::move(detail)};
}

std::string_view Outcome::class_name() const {
  if (auto *e = std::get_if<ErrorOutcome>(&v_))
    return to_string(e->error_class);
  if (auto *u = std::get_if<UnspecifiedOutcome>(&v_))
    return to_string(u->unspecified_class);
  return "";
}

std::string_view Outcome::rule() const {
  if (auto *e = std::get_if<ErrorOutcome>(&v_))
    return e->rule;
  if (auto *u = std::get_if<UnspecifiedOutcome>(&v_))
    return u->rule;
  if (auto *i = std::get_if<InvalidOutcome>(&v_))
    return i->diagnostics.empty() ? std::string_view() : i->diagnostics.front().rule;
  if (auto *x = std::get_if<InternalErrorOutcome>(&v_))
    return x->rule;
  return "";
}

const Location *Outcome::location() const {
  if (auto *e = std::get_if<ErrorOutcome>(&v_))
    return &e->where;
  if (auto *u = std::get_if<UnspecifiedOutcome>(&v_))
    return &u->where;
  if (auto *x = std::get_if<InternalErrorOutcome>(&v_))
    return &x->where;
  return nullptr;
}

std::string Outcome::message() const {
  return std::visit(
      [](const auto &o) -> std::string {
        using T = std::decay_t<decltype(o)>;
        if constexpr (std::is_same_v<T, ErrorOutcome>)
          return o.message;
        else if constexpr (std::is_same_v<T, UnspecifiedOutcome>)
          return o.detail;
        else if constexpr (std::is_same_v<T, InvalidOutcome>)
          return o.diagnostics.empty() ? std::string() : ir::format(o.diagnostics.front());
        else if constexpr (std::is_same_v<T, CrashOutcome> || std::is_same_v<T, TimeoutOutcome>)
          return o.detail;
        else if constexpr (std::is_same_v<T, InternalErrorOutcome>)
          return o.message;
        else if constexpr (std::is_same_v<T, RejectedOutcome>)
          return o.stage.empty() ? o.message : o.stage + ": " + o.message;
        else
          return std::string();
      },
      v_);
}

namespace {

std::string array_elements(const NDArray &a, size_t max_elements) {
  std::string s = "[";
  for (int64_t i = 0; i < a.size(); ++i) {
    if (i)
      s += ", ";
    if (static_cast<size_t>(i) >= max_elements) {
      s += "... (" + std::to_string(a.size()) + " elements)";
      break;
    }
    try {
      s += to_string(a.get(i));
    } catch (const std::exception &) {
      s += "<bad>";
    }
  }
  return s + "]";
}

} // namespace

std::string to_string(const Outcome &o, size_t max_elements) {
  std::string s(to_string(o.kind()));
  if (o.is_ok()) {
    for (const auto &b : o.ok().buffers)
      s += " " + b.name + "=" + array_elements(b.array, max_elements);
    if (o.ok().ret)
      s += " return " + to_string(*o.ok().ret);
    if (!o.readings.empty())
      s += " (reading " + o.readings + ")";
    return s;
  }
  if (!o.class_name().empty())
    s += " " + std::string(o.class_name());
  if (!o.rule().empty() && o.kind() != OutcomeKind::Invalid)
    s += " [" + std::string(o.rule()) + "]";
  if (const Location *l = o.location(); l && !to_string(*l).empty())
    s += " at " + to_string(*l);
  std::string m = o.message();
  if (!m.empty())
    s += ": " + m;
  if (!o.readings.empty())
    s += " (reading " + o.readings + ")";
  return s;
}

std::string to_json(const Outcome &o) {
  nlohmann::ordered_json j;
  j["kind"] = std::string(to_string(o.kind()));
  if (!o.class_name().empty())
    j["class"] = std::string(o.class_name());
  if (!o.rule().empty())
    j["rule"] = std::string(o.rule());
  if (!o.readings.empty())
    j["readings"] = o.readings;
  if (const Location *l = o.location(); l && (!l->file.empty() || l->loc.known())) {
    nlohmann::ordered_json loc;
    if (!l->file.empty())
      loc["file"] = l->file;
    if (l->loc.known()) {
      loc["line"] = l->loc.line;
      loc["col"] = l->loc.col;
    }
    j["location"] = loc;
  }
  if (std::string m = o.message(); !m.empty())
    j["message"] = m;
  if (o.is_ok()) {
    nlohmann::ordered_json buffers = nlohmann::ordered_json::object();
    for (const auto &b : o.ok().buffers) {
      nlohmann::ordered_json arr;
      arr["dtype"] = ir::to_string(b.array.dtype());
      arr["shape"] = b.array.shape();
      nlohmann::ordered_json data = nlohmann::ordered_json::array();
      for (int64_t i = 0; i < b.array.size(); ++i) {
        try {
          Value v = b.array.get(i);
          for (int lane = 0; lane < v.lanes(); ++lane)
            data.push_back(lane_to_string(v.element_type(), v.bits(lane)));
        } catch (const std::exception &e) { // e.g. a bool byte that is neither 0 nor 1
          data.push_back(std::string("<bad: ") + e.what() + ">");
        }
      }
      arr["data"] = data;
      buffers[b.name] = arr;
    }
    j["buffers"] = buffers;
    if (o.ok().ret)
      j["return"] = to_string(*o.ok().ret);
  }
  if (o.kind() == OutcomeKind::Invalid) {
    nlohmann::ordered_json diags = nlohmann::ordered_json::array();
    for (const auto &d : o.invalid().diagnostics)
      diags.push_back(ir::format(d));
    j["diagnostics"] = diags;
  }
  if (o.kind() == OutcomeKind::Crash) {
    j["signal"] = o.crash().signal;
    j["exit_code"] = o.crash().exit_code;
  }
  if (o.kind() == OutcomeKind::Timeout)
    j["limit_seconds"] = o.timeout().limit_seconds;
  return j.dump();
}

std::string OutcomeMismatch::message() const {
  switch (what) {
  case What::Kind:
    return "outcome differs: expected " + expected + ", got " + actual;
  case What::Class:
    return "class differs: expected " + expected + ", got " + actual;
  case What::MissingBuffer:
    return "buffer " + buffer + " missing";
  case What::ExtraBuffer:
    return "buffer " + buffer + " only in the actual outcome";
  case What::Buffer:
    return "buffer " + buffer + ": " + (array ? array->message() : "differs");
  case What::ReturnValue:
    return "return value differs: expected " + expected + ", got " + actual;
  }
  return "";
}

std::optional<OutcomeMismatch> compare_outcomes(const Outcome &expected, const Outcome &actual,
                                                const OutcomeCompareOptions &options) {
  using What = OutcomeMismatch::What;
  if (expected.kind() != actual.kind())
    return OutcomeMismatch{What::Kind,
                           {},
                           {},
                           std::string(to_string(expected.kind())),
                           std::string(to_string(actual.kind()))};
  switch (expected.kind()) {
  case OutcomeKind::Error:
    if (expected.error().error_class != actual.error().error_class &&
        expected.error().error_class != ErrorClass::Other &&
        actual.error().error_class != ErrorClass::Other)
      return OutcomeMismatch{What::Class,
                             {},
                             {},
                             std::string(expected.class_name()),
                             std::string(actual.class_name())};
    return std::nullopt;
  case OutcomeKind::Unspecified: {
    auto e = expected.unspecified().unspecified_class;
    if (e != UnspecifiedClass::Any && e != actual.unspecified().unspecified_class)
      return OutcomeMismatch{What::Class,
                             {},
                             {},
                             std::string(expected.class_name()),
                             std::string(actual.class_name())};
    return std::nullopt;
  }
  case OutcomeKind::Ok:
    break;
  default:
    return std::nullopt; // invalid, crash, timeout, internal error, rejected: the kind is all
  }
  const OkOutcome &e = expected.ok();
  const OkOutcome &a = actual.ok();
  for (const auto &b : e.buffers) {
    const NDArray *other = a.find(b.name);
    if (!other)
      return OutcomeMismatch{What::MissingBuffer, b.name, {}, {}, {}};
    if (auto m = compare_arrays(b.array, *other, options.ulp))
      return OutcomeMismatch{What::Buffer, b.name, m, {}, {}};
  }
  if (options.same_buffer_set)
    for (const auto &b : a.buffers)
      if (!e.find(b.name))
        return OutcomeMismatch{What::ExtraBuffer, b.name, {}, {}, {}};
  if (e.ret || (options.same_buffer_set && a.ret)) {
    auto show = [](const std::optional<Value> &v) {
      return v ? to_string(*v) : std::string("void");
    };
    if (!e.ret || !a.ret || compare_values(*e.ret, *a.ret, options.ulp))
      return OutcomeMismatch{What::ReturnValue, {}, {}, show(e.ret), show(a.ret)};
  }
  return std::nullopt;
}

std::string signal_name(int sig) {
  switch (sig) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  case SIGABRT:
    return "SIGABRT";
  case SIGKILL:
    return "SIGKILL";
  case SIGTRAP:
    return "SIGTRAP";
  default:
    return "signal " + std::to_string(sig);
  }
}

} // namespace tirconf::runtime
