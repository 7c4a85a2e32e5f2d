#include "fuzz/stop_signal.h"

#include <sys/mman.h>

namespace tirconf::fuzz {

namespace {

volatile std::sig_atomic_t *shared_flag = nullptr;
volatile std::sig_atomic_t private_flag = 0; // where no shared page could be mapped

void on_stop_signal(int) {
  *shared_flag = 1;
}

} // namespace

const volatile std::sig_atomic_t *install_stop_signals() {
  if (shared_flag)
    return shared_flag;
  void *page = ::mmap(nullptr, sizeof(std::sig_atomic_t), PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  shared_flag =
      page == MAP_FAILED ? &private_flag : static_cast<volatile std::sig_atomic_t *>(page);
  *shared_flag = 0;
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND | SA_RESTART;
  ::sigaction(SIGINT, &sa, nullptr);
  ::sigaction(SIGTERM, &sa, nullptr);
  return shared_flag;
}

} // namespace tirconf::fuzz
