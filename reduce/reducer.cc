#include "reduce/reducer.h"

#include <chrono>
#include <unordered_map>

#include "reduce/passes.h"

namespace tirconf::reduce {

namespace {

using Clock = std::chrono::steady_clock;

struct Site {
  size_t index;
  Candidate candidate;
  std::string text;
};

} // namespace

Candidate reduce(const Candidate &start, const runner::Signature &target, Evaluator &evaluator,
                 const ReduceOptions &options, ReduceReport &report) {
  const auto began = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - began).count(); };
  Candidate current = start;
  std::string current_text = render(current);
  report.nodes_before = ir_nodes(current.module);
  report.lines_before = program_lines(current.module);
  report.passes.clear();
  for (const Pass &p : passes())
    report.passes.push_back({p.name, 0, 0});
  std::unordered_map<std::string, Verdict> cache;
  const size_t width = static_cast<size_t>(std::max(1, evaluator.width()));

  bool changed = true;
  while (changed && !report.out_of_time) {
    changed = false;
    ++report.rounds;
    for (size_t p = 0; p < passes().size() && !report.out_of_time; ++p) {
      const Pass &pass = passes()[p];
      size_t site = 0;
      while (true) {
        if (elapsed() > options.time_limit_seconds) {
          report.out_of_time = true;
          break;
        }
        // The next sites whose candidates are new, up to one per job.
        std::vector<Site> batch;
        bool exhausted = false;
        for (size_t s = site; batch.size() < width; ++s) {
          std::optional<Candidate> c = pass.apply(current, s);
          if (!c) {
            exhausted = true;
            break;
          }
          std::string text = render(*c);
          if (text == current_text)
            continue;
          // A text judged before was not interesting (an interesting one became current).
          if (cache.count(text)) {
            ++report.cache_hits;
            continue;
          }
          batch.push_back({s, std::move(*c), std::move(text)});
        }
        if (batch.empty())
          break;
        std::vector<std::string> texts;
        for (const auto &b : batch)
          texts.push_back(b.text);
        const std::vector<Judgement> js = evaluator.judge_all(texts, target);
        report.candidates += batch.size();
        report.passes[p].tried += batch.size();
        size_t accepted = batch.size();
        for (size_t k = 0; k < batch.size(); ++k) {
          ++report.verdicts[js[k].verdict];
          cache[batch[k].text] = js[k].verdict;
          if (js[k].verdict == Verdict::Interesting && accepted == batch.size())
            accepted = k;
        }
        if (accepted < batch.size()) {
          current = std::move(batch[accepted].candidate);
          current_text = std::move(batch[accepted].text);
          ++report.passes[p].accepted;
          changed = true;
          site = batch[accepted].index;
          if (options.on_accept)
            options.on_accept(pass.name, current);
        } else {
          if (exhausted)
            break;
          site = batch.back().index + 1;
        }
      }
    }
  }
  report.nodes_after = ir_nodes(current.module);
  report.lines_after = program_lines(current.module);
  report.seconds = elapsed();
  return current;
}

} // namespace tirconf::reduce
