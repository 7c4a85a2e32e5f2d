#include "backends/external/external_worker.h"

namespace tirconf::backends::external {

namespace {

Clock::time_point after(double seconds) {
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// The last lines of a worker's stderr, for a reply's detail.
std::string tail_lines(const std::string &text, size_t max_lines = 12) {
  size_t pos = text.size();
  for (size_t lines = 0; pos > 0 && lines <= max_lines;) {
    pos = text.rfind('\n', pos - 1);
    if (pos == std::string::npos) {
      pos = 0;
      break;
    }
    ++lines;
  }
  std::string t = text.substr(pos);
  const size_t first = t.find_first_not_of('\n'), last = t.find_last_not_of('\n');
  return first == std::string::npos ? std::string() : t.substr(first, last - first + 1);
}

std::string string_field(const nlohmann::json &j, const char *key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

ExternalWorker::~ExternalWorker() {
  stop();
}

Reply ExternalWorker::fail(Reply::Status status, std::string detail) {
  Reply r;
  r.status = status;
  if (child_) {
    r.exit = child_->kill();
    const std::string tail = tail_lines(child_->stderr_tail());
    if (!tail.empty())
      detail += "\n" + tail;
    child_.reset();
  }
  hello_.reset();
  r.detail = std::move(detail);
  return r;
}

bool ExternalWorker::start(std::string *why) {
  child_ = std::make_unique<ChildProcess>();
  ChildOptions options{config_.command, config_.environment};
  if (!child_->start(options, why)) {
    child_.reset();
    return false;
  }
  ++generation_;
  Frame hello;
  hello.header = {{"op", "hello"}, {"protocol", kProtocolVersion}};
  Reply r = request(hello, config_.start_timeout);
  if (r.status != Reply::Status::Answered) {
    *why = "the worker did not answer hello (" +
           (r.status == Reply::Status::TimedOut ? std::string("timed out") : r.exit.describe()) +
           "): " + r.detail;
    return false;
  }
  const nlohmann::json &h = r.frame.header;
  const std::string status = string_field(h, "status");
  if (status != "ok") {
    std::string message = string_field(h, "message");
    *why = status == "unavailable" ? message : "hello answered '" + status + "': " + message;
    fail(Reply::Status::Unavailable, "");
    return false;
  }
  if (!h.contains("protocol") || h["protocol"] != kProtocolVersion) {
    *why = "the worker speaks protocol " + (h.contains("protocol") ? h["protocol"].dump() : "?") +
           ", tirconf speaks " + std::to_string(kProtocolVersion);
    fail(Reply::Status::Unavailable, "");
    return false;
  }
  Hello hi;
  hi.name = string_field(h, "name");
  hi.version = string_field(h, "version");
  hi.build = string_field(h, "build");
  hi.dialect = string_field(h, "dialect");
  if (h.contains("capabilities") && h["capabilities"].is_object())
    hi.capabilities = h["capabilities"];
  if (h.contains("unsupported") && h["unsupported"].is_array())
    hi.unsupported = h["unsupported"];
  hello_ = std::move(hi);
  return true;
}

const Hello *ExternalWorker::hello(std::string *why) {
  if (child_ && !child_->owned()) {
    // This is a fork (a shard of a run) of the process that started the worker: start its own.
    child_->abandon();
    child_.reset();
    hello_.reset();
  }
  if (!unavailable_.empty()) {
    *why = unavailable_;
    return nullptr;
  }
  if (child_ && child_->running() && hello_)
    return &*hello_;
  std::string reason;
  // hello_ is set only by a successful start; a worker that cannot even say hello stays
  // unavailable for the rest of the run instead of being restarted for every program.
  if (!start(&reason)) {
    unavailable_ = config_.name + ": " + reason;
    *why = unavailable_;
    return nullptr;
  }
  return &*hello_;
}

Reply ExternalWorker::request(const Frame &request, double timeout_seconds) {
  const bool is_hello = request.header.value("op", "") == "hello";
  if (!is_hello) {
    std::string why;
    if (!hello(&why)) {
      Reply r;
      r.status = Reply::Status::Unavailable;
      r.detail = why;
      return r;
    }
  }
  const auto deadline = after(timeout_seconds);
  child_->clear_stderr_tail();
  auto io_failure = [&](ChildProcess::Io io, const char *what) {
    if (io == ChildProcess::Io::TimedOut)
      return fail(Reply::Status::TimedOut,
                  std::string("no answer within the time limit (") + what + ")");
    return fail(Reply::Status::Crashed, std::string("the worker died (") + what + ")");
  };
  if (auto io = child_->write_all(encode_frame(request), deadline); io != ChildProcess::Io::Ok)
    return io_failure(io, "writing the request");
  char prefix[kFramePrefixBytes];
  if (auto io = child_->read_exact(prefix, sizeof prefix, deadline); io != ChildProcess::Io::Ok)
    return io_failure(io, "waiting for the answer");
  auto lengths = decode_frame_prefix(std::string_view(prefix, sizeof prefix));
  if (!lengths)
    return fail(Reply::Status::ProtocolError, "the answer's frame lengths exceed the limits");
  std::string header(lengths->header_bytes, '\0');
  Reply r;
  r.frame.payload.resize(lengths->payload_bytes);
  if (auto io = child_->read_exact(header.data(), header.size(), deadline);
      io != ChildProcess::Io::Ok)
    return io_failure(io, "reading the answer");
  if (auto io = child_->read_exact(r.frame.payload.data(), r.frame.payload.size(), deadline);
      io != ChildProcess::Io::Ok)
    return io_failure(io, "reading the answer");
  r.frame.header = nlohmann::json::parse(header, nullptr, /*allow_exceptions=*/false);
  if (!r.frame.header.is_object() || !r.frame.header.contains("status"))
    return fail(Reply::Status::ProtocolError,
                "the answer's header is not a JSON object with a status");
  return r;
}

void ExternalWorker::stop() {
  if (!child_)
    return;
  if (!child_->owned()) {
    child_->abandon();
  } else if (child_->running() && hello_) {
    Frame quit;
    quit.header = {{"op", "quit"}};
    const auto deadline = after(2);
    if (child_->write_all(encode_frame(quit), deadline) == ChildProcess::Io::Ok) {
      char prefix[kFramePrefixBytes];
      (void)child_->read_exact(prefix, sizeof prefix, deadline); // the answer itself is not needed
    }
    child_->finish(deadline);
  } else {
    child_->kill();
  }
  child_.reset();
  hello_.reset();
}

} // namespace tirconf::backends::external
