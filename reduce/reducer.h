// The reduction loop. Each pass (passes.h) is tried at its sites in order; a candidate the judge
// finds interesting replaces the current program and the pass goes on at the same site (the
// sites after it have moved up). Rounds of all passes repeat until one changes nothing, so the
// result is 1-minimal with respect to the passes: no single pass step applies to it. With
// several jobs, consecutive sites are judged together and the first interesting one in site
// order wins, so the result is the same for any number of jobs. Candidates are cached by
// content: a text judged once is never judged again.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "reduce/candidate.h"
#include "reduce/evaluator.h"

namespace tirconf::reduce {

struct ReduceOptions {
  double time_limit_seconds = 300; // then the smallest candidate so far is the result
  // Called after each accepted candidate (progress lines).
  std::function<void(const std::string &pass, const Candidate &)> on_accept;
};

struct PassCount {
  std::string name;
  size_t tried = 0, accepted = 0;
};

struct ReduceReport {
  size_t nodes_before = 0, nodes_after = 0, lines_before = 0, lines_after = 0;
  size_t candidates = 0, cache_hits = 0, rounds = 0;
  double seconds = 0;
  bool out_of_time = false;
  std::vector<PassCount> passes;
  std::map<Verdict, size_t> verdicts;
};

Candidate reduce(const Candidate &start, const runner::Signature &target, Evaluator &evaluator,
                 const ReduceOptions &options, ReduceReport &report);

} // namespace tirconf::reduce
