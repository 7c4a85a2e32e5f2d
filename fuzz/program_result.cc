#include "fuzz/program_result.h"

#include "backends/wire.h"

namespace tirconf::fuzz {

std::string encode(const ProgramResult &r) {
  backends::wire::Writer w;
  w.u8(static_cast<uint8_t>(r.verdict));
  w.u32(static_cast<uint32_t>(r.backends.size()));
  for (const auto &b : r.backends) {
    w.u8(static_cast<uint8_t>(b.status));
    w.f64(b.compile_seconds);
    w.u8(b.cached);
  }
  w.f64(r.oracle_seconds);
  w.u8(r.finding);
  w.u32(static_cast<uint32_t>(r.lines.size()));
  for (const auto &l : r.lines)
    w.str(l);
  w.u32(static_cast<uint32_t>(r.signatures.size()));
  for (const auto &sig : r.signatures)
    w.str(sig);
  w.str(r.stem);
  w.u64(r.index);
  w.u32(static_cast<uint32_t>(r.new_rules.size()));
  for (const auto &rule : r.new_rules)
    w.str(rule);
  return w.take();
}

ProgramResult decode(const std::string &s) {
  backends::wire::Reader rd(s);
  ProgramResult r;
  r.verdict = static_cast<Verdict>(rd.u8());
  const uint32_t n = rd.u32();
  for (uint32_t i = 0; i < n && rd.ok(); ++i) {
    BackendResult b;
    b.status = static_cast<BackendStatus>(rd.u8());
    b.compile_seconds = rd.f64();
    b.cached = rd.u8() != 0;
    r.backends.push_back(b);
  }
  r.oracle_seconds = rd.f64();
  r.finding = rd.u8() != 0;
  const uint32_t m = rd.u32();
  for (uint32_t i = 0; i < m && rd.ok(); ++i)
    r.lines.push_back(rd.str());
  const uint32_t k = rd.u32();
  for (uint32_t i = 0; i < k && rd.ok(); ++i)
    r.signatures.push_back(rd.str());
  if (rd.ok())
    r.stem = rd.str();
  if (rd.ok())
    r.index = rd.u64();
  const uint32_t rules = rd.ok() ? rd.u32() : 0;
  for (uint32_t i = 0; i < rules && rd.ok(); ++i)
    r.new_rules.push_back(rd.str());
  return r;
}

std::string encode(const std::vector<ProgramResult> &chunk) {
  backends::wire::Writer w;
  w.u32(static_cast<uint32_t>(chunk.size()));
  for (const auto &r : chunk)
    w.str(encode(r));
  return w.take();
}

std::vector<ProgramResult> decode_chunk(const std::string &s) {
  backends::wire::Reader rd(s);
  std::vector<ProgramResult> out;
  const uint32_t n = rd.u32();
  for (uint32_t i = 0; i < n && rd.ok(); ++i) {
    const std::string one = rd.str();
    if (rd.ok())
      out.push_back(decode(one));
  }
  return out;
}

} // namespace tirconf::fuzz
