#include "backends/wire.h"

#include <cstring>
#include <vector>

namespace tirconf::backends::wire {

using runtime::Outcome;
using runtime::OutcomeKind;

void Writer::dtype(ir::DataType t) {
  u8(static_cast<uint8_t>(t.code));
  u8(t.bits);
  u32(t.lanes);
}

void Writer::value(const runtime::Value &v) {
  dtype(v.dtype());
  if (v.is_void())
    return;
  if (v.is_handle()) {
    const auto &h = v.as_handle();
    u8(static_cast<uint8_t>(h.kind));
    u64(h.allocation);
    i64(h.byte_offset);
    str(h.text ? *h.text : std::string());
    return;
  }
  for (int i = 0; i < v.lanes(); ++i)
    u64(v.bits(i));
}

void Writer::array(const runtime::NDArray &a) {
  dtype(a.dtype());
  u32(static_cast<uint32_t>(a.ndim()));
  for (int64_t d : a.shape())
    i64(d);
  u8(a.strides().empty() ? 0 : 1);
  for (int64_t s : a.strides())
    i64(s);
  u64(a.byte_offset());
  bytes(a.storage(), a.storage_bytes());
}

namespace {

void location(Writer &w, const runtime::Location &l) {
  w.str(l.file);
  w.u32(l.loc.line);
  w.u32(l.loc.col);
}

runtime::Location location(Reader &r) {
  runtime::Location l;
  l.file = r.str();
  l.loc.line = r.u32();
  l.loc.col = r.u32();
  return l;
}

OutcomeTag tag_of(OutcomeKind k) {
  switch (k) {
  case OutcomeKind::Ok:
    return OutcomeTag::Ok;
  case OutcomeKind::Error:
    return OutcomeTag::Error;
  case OutcomeKind::Unspecified:
    return OutcomeTag::Unspecified;
  case OutcomeKind::Invalid:
    return OutcomeTag::Invalid;
  case OutcomeKind::Crash:
    return OutcomeTag::Crash;
  case OutcomeKind::Timeout:
    return OutcomeTag::Timeout;
  case OutcomeKind::InternalError:
    return OutcomeTag::InternalError;
  case OutcomeKind::Rejected:
    return OutcomeTag::Rejected;
  }
  return OutcomeTag::Crash;
}

} // namespace

void Writer::outcome(const Outcome &o) {
  u8(static_cast<uint8_t>(tag_of(o.kind())));
  switch (o.kind()) {
  case OutcomeKind::Ok: {
    const auto &ok = o.ok();
    u32(static_cast<uint32_t>(ok.buffers.size()));
    for (const auto &b : ok.buffers) {
      str(b.name);
      array(b.array);
    }
    u8(ok.ret ? 1 : 0);
    if (ok.ret)
      value(*ok.ret);
    break;
  }
  case OutcomeKind::Error: {
    const auto &e = o.error();
    u8(static_cast<uint8_t>(e.error_class));
    str(e.message);
    str(e.rule);
    location(*this, e.where);
    break;
  }
  case OutcomeKind::Unspecified: {
    const auto &u = o.unspecified();
    u8(static_cast<uint8_t>(u.unspecified_class));
    str(u.rule);
    location(*this, u.where);
    str(u.detail);
    break;
  }
  case OutcomeKind::Invalid: {
    const auto &ds = o.invalid().diagnostics;
    u32(static_cast<uint32_t>(ds.size()));
    for (const auto &d : ds) {
      str(d.file);
      u32(d.loc.line);
      u32(d.loc.col);
      str(d.rule);
      str(d.message);
    }
    break;
  }
  case OutcomeKind::Crash: {
    const auto &c = o.crash();
    str(c.detail);
    u32(static_cast<uint32_t>(c.signal));
    u32(static_cast<uint32_t>(c.exit_code));
    break;
  }
  case OutcomeKind::Timeout: {
    f64(o.timeout().limit_seconds);
    str(o.timeout().detail);
    break;
  }
  case OutcomeKind::InternalError: {
    const auto &x = o.internal_error();
    str(x.rule);
    location(*this, x.where);
    str(x.message);
    break;
  }
  case OutcomeKind::Rejected:
    str(o.rejected().stage);
    str(o.rejected().message);
    break;
  }
}

bool Reader::need(size_t n) {
  if (!ok_ || data_.size() - pos_ < n) {
    ok_ = false;
    return false;
  }
  return true;
}

uint8_t Reader::u8() {
  if (!need(1))
    return 0;
  return static_cast<uint8_t>(data_[pos_++]);
}

uint32_t Reader::u32() {
  uint32_t v = 0;
  if (!need(4))
    return 0;
  std::memcpy(&v, data_.data() + pos_, 4);
  pos_ += 4;
  return v;
}

uint64_t Reader::u64() {
  uint64_t v = 0;
  if (!need(8))
    return 0;
  std::memcpy(&v, data_.data() + pos_, 8);
  pos_ += 8;
  return v;
}

double Reader::f64() {
  double v = 0;
  if (!need(8))
    return 0;
  std::memcpy(&v, data_.data() + pos_, 8);
  pos_ += 8;
  return v;
}

std::string_view Reader::bytes() {
  const uint64_t n = u64();
  if (!need(n))
    return {};
  std::string_view s = data_.substr(pos_, n);
  pos_ += n;
  return s;
}

std::string Reader::str() {
  return std::string(bytes());
}

ir::DataType Reader::dtype() {
  const uint8_t code = u8();
  const uint8_t bits = u8();
  const uint32_t lanes = u32();
  if (code > static_cast<uint8_t>(ir::TypeCode::Handle) || lanes < 1 ||
      lanes > runtime::Value::kMaxLanes) {
    ok_ = false;
    return ir::DataType::Void();
  }
  return ir::DataType(static_cast<ir::TypeCode>(code), bits, static_cast<int>(lanes));
}

runtime::Value Reader::value() {
  const ir::DataType t = dtype();
  if (!ok_ || t.is_void())
    return runtime::Value();
  if (t.is_handle()) {
    runtime::HandleValue h;
    const uint8_t kind = u8();
    if (kind > static_cast<uint8_t>(runtime::HandleValue::Kind::Opaque))
      ok_ = false;
    h.kind = static_cast<runtime::HandleValue::Kind>(kind);
    h.allocation = u64();
    h.byte_offset = i64();
    std::string text = str();
    if (h.kind == runtime::HandleValue::Kind::String)
      h.text = std::make_shared<const std::string>(std::move(text));
    return runtime::Value::handle(h, t.bits);
  }
  std::vector<uint64_t> lanes;
  for (int i = 0; i < t.lanes; ++i)
    lanes.push_back(u64());
  if (!ok_)
    return runtime::Value();
  try {
    return runtime::Value::from_bits(t, lanes);
  } catch (const std::exception &) {
    ok_ = false;
    return runtime::Value();
  }
}

std::optional<runtime::NDArray> Reader::array() {
  const ir::DataType t = dtype();
  const uint32_t ndim = u32();
  if (!ok_ || ndim > 64) {
    ok_ = false;
    return std::nullopt;
  }
  std::vector<int64_t> shape, strides;
  for (uint32_t i = 0; i < ndim; ++i)
    shape.push_back(i64());
  if (u8())
    for (uint32_t i = 0; i < ndim; ++i)
      strides.push_back(i64());
  const uint64_t byte_offset = u64();
  std::string_view storage = bytes();
  if (!ok_)
    return std::nullopt;
  try {
    runtime::NDArray a = runtime::NDArray::strided(t, shape, strides, byte_offset);
    if (a.storage_bytes() != storage.size()) {
      ok_ = false;
      return std::nullopt;
    }
    std::memcpy(a.storage(), storage.data(), storage.size());
    return a;
  } catch (const std::exception &) {
    ok_ = false;
    return std::nullopt;
  }
}

Outcome Reader::outcome() {
  const uint8_t tag = u8();
  switch (static_cast<OutcomeTag>(tag)) {
  case OutcomeTag::Ok: {
    runtime::OkOutcome ok;
    const uint32_t n = u32();
    for (uint32_t i = 0; i < n && ok_; ++i) {
      std::string name = str();
      auto a = array();
      if (a)
        ok.buffers.push_back({std::move(name), std::move(*a)});
    }
    if (u8())
      ok.ret = value();
    return Outcome(std::move(ok));
  }
  case OutcomeTag::Error: {
    runtime::ErrorOutcome e;
    const uint8_t c = u8();
    if (c > static_cast<uint8_t>(runtime::ErrorClass::Other))
      ok_ = false;
    e.error_class = static_cast<runtime::ErrorClass>(c);
    e.message = str();
    e.rule = str();
    e.where = location(*this);
    return Outcome(std::move(e));
  }
  case OutcomeTag::Unspecified: {
    runtime::UnspecifiedOutcome u;
    const uint8_t c = u8();
    if (c > static_cast<uint8_t>(runtime::UnspecifiedClass::Any))
      ok_ = false;
    u.unspecified_class = static_cast<runtime::UnspecifiedClass>(c);
    u.rule = str();
    u.where = location(*this);
    u.detail = str();
    return Outcome(std::move(u));
  }
  case OutcomeTag::Invalid: {
    runtime::InvalidOutcome inv;
    const uint32_t n = u32();
    for (uint32_t i = 0; i < n && ok_; ++i) {
      ir::Diagnostic d;
      d.file = str();
      d.loc.line = u32();
      d.loc.col = u32();
      d.rule = str();
      d.message = str();
      inv.diagnostics.push_back(std::move(d));
    }
    return Outcome(std::move(inv));
  }
  case OutcomeTag::Crash: {
    runtime::CrashOutcome c;
    c.detail = str();
    c.signal = static_cast<int>(u32());
    c.exit_code = static_cast<int>(u32());
    return Outcome(std::move(c));
  }
  case OutcomeTag::Timeout: {
    runtime::TimeoutOutcome t;
    t.limit_seconds = f64();
    t.detail = str();
    return Outcome(std::move(t));
  }
  case OutcomeTag::InternalError: {
    runtime::InternalErrorOutcome x;
    x.rule = str();
    x.where = location(*this);
    x.message = str();
    return Outcome(std::move(x));
  }
  case OutcomeTag::Rejected: {
    runtime::RejectedOutcome r;
    r.stage = str();
    r.message = str();
    return Outcome(std::move(r));
  }
  }
  ok_ = false;
  return Outcome(runtime::CrashOutcome{"malformed outcome from the worker", 0, 0});
}

} // namespace tirconf::backends::wire
