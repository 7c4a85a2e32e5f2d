// Work spread over forked shard processes: shard s of J runs `work(s, emit)` in a process of
// its own, forked before it starts (so that no thread or worker process is duplicated), and each
// message it emits reaches `on_message` here as one frame over a pipe (backends/frame.h). With
// one job, `work` runs in this process. Used by `tirconf diff` (fuzz/shards.h) and
// `tirconf conform`.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tirconf::fuzz {

struct ShardProblems {
  std::string fatal;             // the work could not be spread (no pipe): nothing ran
  std::vector<std::string> died; // "a shard process died (signal 9)", one per shard
};

using Emit = std::function<void(std::string_view message)>;

ShardProblems run_forked(int jobs, const std::function<void(int shard, const Emit &emit)> &work,
                         const std::function<void(std::string message)> &on_message,
                         const std::function<void()> &idle = {});

} // namespace tirconf::fuzz
