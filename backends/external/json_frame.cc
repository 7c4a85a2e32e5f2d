#include "backends/external/json_frame.h"

#include <bit>
#include <cstring>

namespace tirconf::backends::external {

static_assert(std::endian::native == std::endian::little, "frames are copied as host integers");

nlohmann::json Frame::add_blob(std::string_view data) {
  nlohmann::json ref = {{"offset", payload.size()}, {"bytes", data.size()}};
  payload.append(data);
  return ref;
}

std::optional<std::string_view> Frame::blob(const nlohmann::json &ref) const {
  if (!ref.is_object() || !ref.contains("offset") || !ref.contains("bytes"))
    return std::nullopt;
  const auto &offset = ref["offset"], &bytes = ref["bytes"];
  if (!offset.is_number_unsigned() || !bytes.is_number_unsigned())
    return std::nullopt;
  const uint64_t o = offset.get<uint64_t>(), n = bytes.get<uint64_t>();
  if (o > payload.size() || n > payload.size() - o)
    return std::nullopt;
  return std::string_view(payload).substr(o, n);
}

std::string encode_frame(const Frame &f) {
  const std::string header = f.header.dump();
  const uint32_t header_bytes = static_cast<uint32_t>(header.size());
  const uint64_t payload_bytes = f.payload.size();
  std::string out;
  out.reserve(kFramePrefixBytes + header.size() + f.payload.size());
  char prefix[kFramePrefixBytes];
  // Little-endian on the wire, as on every host tirconf builds on.
  std::memcpy(prefix, &header_bytes, 4);
  std::memcpy(prefix + 4, &payload_bytes, 8);
  out.append(prefix, kFramePrefixBytes);
  out += header;
  out += f.payload;
  return out;
}

std::optional<FrameLengths> decode_frame_prefix(std::string_view prefix) {
  if (prefix.size() != kFramePrefixBytes)
    return std::nullopt;
  FrameLengths l;
  std::memcpy(&l.header_bytes, prefix.data(), 4);
  std::memcpy(&l.payload_bytes, prefix.data() + 4, 8);
  if (l.header_bytes > kMaxHeaderBytes || l.payload_bytes > kMaxPayloadBytes)
    return std::nullopt;
  return l;
}

} // namespace tirconf::backends::external
