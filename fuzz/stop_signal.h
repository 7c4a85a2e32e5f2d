// SIGINT and SIGTERM as a request to stop a campaign at the next program: a flag in memory
// shared with the shard processes forked after it is installed (a `kill` reaches only the parent;
// Ctrl-C reaches them all), read before each group of programs starts. A second signal of
// the same kind has its default effect, so an impatient user can still end the process at once.
#pragma once

#include <csignal>

namespace tirconf::fuzz {

// Installs the handlers (once; later calls return the same flag). The flag reads non-zero once a
// stop was asked for.
const volatile std::sig_atomic_t *install_stop_signals();

} // namespace tirconf::fuzz
