// Messages over a file descriptor (a socket or a pipe): each message is a frame, a u32 byte
// count (little-endian) followed by that many payload bytes. The worker protocol (worker.h) and
// the diff engine's shard reports (fuzz/shards.h) both travel this way.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace tirconf::backends {

// Writes one frame, retrying short writes and EINTR; false when the peer is gone. On a socket
// that never raises SIGPIPE (on a pipe it does, unless the caller ignores it).
bool write_frame(int fd, std::string_view payload);

enum class FrameRead {
  Ok,       // `payload` holds the frame
  Closed,   // end of file or an error, at a frame boundary or inside a frame (a peer that died
            // mid-write leaves a truncated frame, which is not a message)
  TimedOut, // the deadline passed first
};

// Reads one whole frame, waiting at most until `deadline` (none: as long as it takes).
FrameRead read_frame(int fd, std::string &payload,
                     std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt);

} // namespace tirconf::backends
