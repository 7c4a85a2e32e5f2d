// Frames of the external implementation protocol (PROTOCOL.md): a little-endian u32 header
// length and u64 payload length, a JSON header, and a payload of raw bytes that the header refers
// to as blobs ({"offset": O, "bytes": N}).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace tirconf::backends::external {

constexpr uint32_t kMaxHeaderBytes = 64u << 20;
constexpr uint64_t kMaxPayloadBytes = uint64_t{16} << 30;
constexpr size_t kFramePrefixBytes = 12;

struct Frame {
  nlohmann::json header = nlohmann::json::object();
  std::string payload;

  // Appends `data` to the payload and returns the blob that names it.
  nlohmann::json add_blob(std::string_view data);
  // The bytes a blob names; nullopt when it is malformed or reaches past the payload.
  std::optional<std::string_view> blob(const nlohmann::json &ref) const;
};

std::string encode_frame(const Frame &f);

// The two lengths of a frame prefix; nullopt when they exceed the limits above.
struct FrameLengths {
  uint32_t header_bytes = 0;
  uint64_t payload_bytes = 0;
};
std::optional<FrameLengths> decode_frame_prefix(std::string_view prefix);

} // namespace tirconf::backends::external
