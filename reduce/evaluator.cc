#include "reduce/evaluator.h"

#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "backends/frame.h"

namespace tirconf::reduce {

namespace {

// A request: the target's kind, implementation and description, then the candidate, separated
// by NUL bytes. A reply: the verdict byte, then what the implementation showed, likewise.
std::string encode_request(const std::string &text, const runner::Signature &t) {
  return t.kind + '\0' + t.implementation + '\0' + t.description + '\0' + text;
}

bool decode_request(const std::string &m, std::string &text, runner::Signature &t) {
  size_t a = m.find('\0'), b = m.find('\0', a + 1), c = m.find('\0', b + 1);
  if (c == std::string::npos)
    return false;
  t.kind = m.substr(0, a);
  t.implementation = m.substr(a + 1, b - a - 1);
  t.description = m.substr(b + 1, c - b - 1);
  text = m.substr(c + 1);
  return true;
}

std::string encode_reply(const Judgement &j) {
  return std::string(1, static_cast<char>(j.verdict)) + j.seen.kind + '\0' + j.seen.implementation +
         '\0' + j.seen.description;
}

Judgement decode_reply(const std::string &m) {
  Judgement j;
  if (m.empty())
    return j;
  j.verdict = static_cast<Verdict>(m[0]);
  size_t a = m.find('\0', 1), b = a == std::string::npos ? a : m.find('\0', a + 1);
  if (b == std::string::npos)
    return j;
  j.seen.kind = m.substr(1, a - 1);
  j.seen.implementation = m.substr(a + 1, b - a - 1);
  j.seen.description = m.substr(b + 1);
  return j;
}

[[noreturn]] void serve(int fd, const Goal &goal) {
  Judge judge(goal);
  std::string request, text;
  runner::Signature target;
  while (backends::read_frame(fd, request) == backends::FrameRead::Ok) {
    if (!decode_request(request, text, target))
      break;
    if (!backends::write_frame(fd, encode_reply(judge.judge(text, target))))
      break;
  }
  _exit(0);
}

} // namespace

Evaluator::Evaluator(const Goal &goal, int jobs) : goal_(goal) {
  if (jobs <= 1) {
    local_ = std::make_unique<Judge>(goal_);
    return;
  }
  jobs_.resize(static_cast<size_t>(jobs));
  for (auto &j : jobs_)
    start(j);
}

Evaluator::~Evaluator() {
  for (auto &j : jobs_)
    stop(j);
}

bool Evaluator::start(Job &j) {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
    return false;
  const pid_t pid = fork();
  if (pid < 0) {
    close(sv[0]);
    close(sv[1]);
    return false;
  }
  if (pid == 0) {
    close(sv[0]);
    for (const auto &other : jobs_)
      if (other.fd >= 0)
        close(other.fd);
    serve(sv[1], goal_);
  }
  close(sv[1]);
  j.pid = pid;
  j.fd = sv[0];
  return true;
}

void Evaluator::stop(Job &j) {
  if (j.fd >= 0)
    close(j.fd); // the job sees end of file and exits
  if (j.pid > 0) {
    int status = 0;
    waitpid(j.pid, &status, 0);
  }
  j = Job{};
}

std::vector<Judgement> Evaluator::judge_all(const std::vector<std::string> &texts,
                                            const runner::Signature &target) {
  std::vector<Judgement> out(texts.size());
  if (local_) {
    for (size_t i = 0; i < texts.size(); ++i)
      out[i] = local_->judge(texts[i], target);
    return out;
  }
  for (size_t at = 0; at < texts.size(); at += jobs_.size()) {
    const size_t n = std::min(jobs_.size(), texts.size() - at);
    std::vector<bool> sent(n, false);
    for (size_t k = 0; k < n; ++k) {
      if (jobs_[k].fd < 0)
        start(jobs_[k]);
      sent[k] = jobs_[k].fd >= 0 &&
                backends::write_frame(jobs_[k].fd, encode_request(texts[at + k], target));
    }
    for (size_t k = 0; k < n; ++k) {
      std::string reply;
      if (sent[k] && backends::read_frame(jobs_[k].fd, reply) == backends::FrameRead::Ok) {
        out[at + k] = decode_reply(reply);
        continue;
      }
      // The job died judging this candidate (an oracle bug the reduction went on past).
      kill(jobs_[k].pid, SIGKILL);
      stop(jobs_[k]);
    }
  }
  return out;
}

} // namespace tirconf::reduce
