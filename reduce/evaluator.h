// Judging candidates, several at once. In-process with one job; with more, each job is a process
// forked before anything starts a worker (so that no worker process or thread is shared), owning
// a Judge of its own and answering candidates sent to it over a socket. A job that dies is
// replaced; its candidate counts as not interesting.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "reduce/judge.h"

namespace tirconf::reduce {

class Evaluator {
public:
  Evaluator(const Goal &goal, int jobs);
  Evaluator(const Evaluator &) = delete;
  Evaluator &operator=(const Evaluator &) = delete;
  ~Evaluator();

  int width() const { return static_cast<int>(jobs_.size()); }
  // One judgement per text, in order, judged at most width() at a time.
  std::vector<Judgement> judge_all(const std::vector<std::string> &texts,
                                   const runner::Signature &target);

private:
  struct Job {
    pid_t pid = -1;
    int fd = -1;
  };
  bool start(Job &j);
  void stop(Job &j);
  Goal goal_;
  std::unique_ptr<Judge> local_; // one job: judged here
  std::vector<Job> jobs_;
};

} // namespace tirconf::reduce
