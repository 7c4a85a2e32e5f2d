// The byte format of the worker protocol (worker.h): its codes, then little-endian integers,
// length-prefixed strings, tensors with their layout and raw storage, values as raw lane bits,
// outcomes. Plain enough to be written by a process in any language (an out-of-process adapter
// for another TIR implementation). Messages travel as frames (frame.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "runtime/ndarray.h"
#include "runtime/outcome.h"
#include "runtime/value.h"

namespace tirconf::backends::wire {

// ---------------------------------------------------------------- codes

// The first byte of a request message.
enum class Op : uint8_t {
  Run = 1,   // one run request follows
  Quit = 2,  // the worker exits
  Batch = 3, // u32 n, then n run requests: compiled together, run in order
};

// How a run request passes each argument.
enum class ArgKind : uint8_t {
  Tensor = 0,   // an array follows
  Scalar = 1,   // a value follows
  NoTensor = 2, // a buffer parameter given no tensor (a binding test's null argument)
};

// The first byte of a reply.
enum class ReplyStatus : uint8_t {
  Ran = 0, // an outcome follows
  Unsupported = 1,
  CompileError = 2,
  NotBuilt = 3,
  BadRequest = 4,
};
inline constexpr uint8_t kLastReplyStatus = static_cast<uint8_t>(ReplyStatus::BadRequest);

// The one-byte message a batch sends once every program of it is compiled, before the replies.
inline constexpr uint8_t kBatchCompiled = 6;

// The first byte of an encoded outcome: which alternative follows. Fixed here rather than taken
// from runtime::OutcomeKind's order, which is free to change.
enum class OutcomeTag : uint8_t {
  Ok = 0,
  Error = 1,
  Unspecified = 2,
  Invalid = 3,
  Crash = 4,
  Timeout = 5,
  InternalError = 6,
  Rejected = 7,
};

// ---------------------------------------------------------------- values

class Writer {
public:
  void u8(uint8_t v) { buf_.push_back(static_cast<char>(v)); }
  void u32(uint32_t v) { raw(&v, 4); }
  void u64(uint64_t v) { raw(&v, 8); }
  void i64(int64_t v) { raw(&v, 8); }
  void f64(double v) { raw(&v, 8); }
  void str(std::string_view s) {
    u64(s.size());
    buf_.append(s.data(), s.size());
  }
  void bytes(const void *p, size_t n) {
    u64(n);
    raw(p, n);
  }
  void dtype(ir::DataType t);
  void value(const runtime::Value &v);
  void array(const runtime::NDArray &a);
  void outcome(const runtime::Outcome &o);

  const std::string &data() const { return buf_; }
  std::string take() { return std::move(buf_); }

private:
  void raw(const void *p, size_t n) { buf_.append(static_cast<const char *>(p), n); }
  std::string buf_;
};

// Reading never throws: a malformed input sets ok() to false and yields zeros from then on.
class Reader {
public:
  explicit Reader(std::string_view data) : data_(data) {}
  bool ok() const { return ok_; }
  bool at_end() const { return pos_ == data_.size(); }

  uint8_t u8();
  uint32_t u32();
  uint64_t u64();
  int64_t i64() { return static_cast<int64_t>(u64()); }
  double f64();
  std::string str();
  std::string_view bytes();
  ir::DataType dtype();
  runtime::Value value();
  std::optional<runtime::NDArray> array();
  runtime::Outcome outcome();

private:
  bool need(size_t n);
  std::string_view data_;
  size_t pos_ = 0;
  bool ok_ = true;
};

} // namespace tirconf::backends::wire
