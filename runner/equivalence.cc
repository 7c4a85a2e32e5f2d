#include "runner/equivalence.h"

#include <set>

#include "runner/arguments.h"
#include "runner/random_arguments.h"
#include "runner/same_parameters.h"

namespace tirconf::runner {

using runtime::Outcome;
using runtime::OutcomeKind;

std::string_view to_string(Verdict v) {
  switch (v) {
  case Verdict::Agree:
    return "agree";
  case Verdict::Differ:
    return "differ";
  case Verdict::BeforeUnspecified:
    return "before-unspecified";
  case Verdict::AfterUnspecified:
    return "after-unspecified";
  case Verdict::ErrorDiffers:
    return "error-differs";
  case Verdict::CannotRun:
    return "cannot-run";
  case Verdict::Incomparable:
    return "incomparable";
  case Verdict::OracleInternalError:
    return "oracle-internal-error";
  }
  return "?";
}

bool is_finding(Verdict v) {
  return v == Verdict::Differ || v == Verdict::AfterUnspecified || v == Verdict::ErrorDiffers;
}

std::optional<std::string> entry_function(const ir::IRModule &m, const std::string &name,
                                          std::string &why) {
  std::string want = name;
  if (want.empty())
    want = m->functions.size() == 1 ? m->functions.front().first->name_hint : "main";
  if (!m->lookup(want)) {
    why = "no PrimFunc named '" + want + "'" +
          (name.empty() ? " (with several functions, name one with --func)" : "");
    return std::nullopt;
  }
  return want;
}

std::string ValueDifference::describe() const {
  if (buffer.empty())
    return "the return value is " + before + " in BEFORE, " + after + " in AFTER";
  std::string at = buffer + "[";
  for (size_t k = 0; k < index.size(); ++k)
    at += (k ? ", " : "") + std::to_string(index[k]);
  at += index.empty() ? "()]" : "]";
  if (lane >= 0)
    at += " lane " + std::to_string(lane);
  return at + " is " + before + " in BEFORE, " + after + " in AFTER";
}

namespace {

// A builtin the catalog does not list: the oracle says nothing about it, whatever the arguments.
bool outside_catalog(const Outcome &o) {
  return o.kind() == OutcomeKind::Unspecified && o.unspecified().rule == "unspec.builtin_unlisted";
}

// [bind.*] the entry refused the arguments themselves. A PrimFunc called inside the program
// binds at its call site, so an error located at the entry's definition is the entry's own.
bool rejects_arguments(const Outcome &o, const ir::PrimFuncNode &entry) {
  if (o.kind() != OutcomeKind::Error || o.error().error_class != runtime::ErrorClass::Binding)
    return false;
  const ir::SourceLoc at = o.error().where.loc;
  return at.line == entry.loc.line && at.col == entry.loc.col;
}

std::string side(const char *name, const Outcome &o) {
  return name + (": " + to_string(o));
}

std::optional<ValueDifference> first_difference(const Outcome &before, const Outcome &after,
                                                const CallArguments &b, const CallArguments &a) {
  const auto &rb = before.ok().ret, &ra = after.ok().ret;
  if (rb.has_value() != ra.has_value() || (rb && runtime::compare_values(*rb, *ra))) {
    ValueDifference d;
    d.before = rb ? runtime::to_string(*rb) : "nothing";
    d.after = ra ? runtime::to_string(*ra) : "nothing";
    return d;
  }
  for (size_t k = 0; k < b.tensors.size() && k < a.tensors.size(); ++k) {
    const runtime::NDArray &x = b.tensors[k].array, &y = a.tensors[k].array;
    auto m = runtime::compare_arrays(x, y);
    if (!m)
      continue;
    ValueDifference d;
    d.buffer = b.tensors[k].name;
    d.before = m->expected;
    d.after = m->actual;
    if (m->what == runtime::ArrayMismatch::What::Element) {
      d.flat_index = m->index;
      d.index = x.unravel(m->index);
      d.lane = x.dtype().lanes > 1 ? m->lane : -1;
    }
    return d;
  }
  return std::nullopt;
}

struct Judged {
  Verdict verdict;
  std::string detail;
  std::optional<ValueDifference> difference;
};

Judged judge(const Outcome &before, const Outcome &after, const CallArguments &b,
             const CallArguments &a, const ir::PrimFuncNode &before_func,
             const ir::PrimFuncNode &after_func) {
  const OutcomeKind kb = before.kind(), ka = after.kind();
  for (const auto &[name, o] : {std::pair{"BEFORE", &before}, std::pair{"AFTER", &after}}) {
    if (o->kind() == OutcomeKind::InternalError)
      return {Verdict::OracleInternalError, side(name, *o) + " (a bug of the oracle)", {}};
    if (o->kind() == OutcomeKind::Invalid)
      return {
          Verdict::CannotRun, std::string("the checker rejects ") + name + ": " + o->message(), {}};
    if (o->kind() != OutcomeKind::Ok && o->kind() != OutcomeKind::Error &&
        o->kind() != OutcomeKind::Unspecified)
      return {Verdict::OracleInternalError,
              side(name, *o) + " (the oracle never ends a run this way)",
              {}};
  }
  if (rejects_arguments(before, before_func))
    return {Verdict::CannotRun,
            "BEFORE does not accept the arguments tirconf made: " + before.message(),
            {}};
  // A difference of parameters that same_parameters.h does not see: a safety net.
  if (rejects_arguments(after, after_func))
    return {Verdict::Incomparable,
            "AFTER does not accept the arguments BEFORE accepts: " + after.message(),
            {}};
  if (outside_catalog(before) || outside_catalog(after)) {
    const char *name = outside_catalog(before) ? "BEFORE" : "AFTER";
    return {Verdict::CannotRun,
            std::string("the oracle cannot run ") + name + ": " +
                to_string(outside_catalog(before) ? before : after),
            {}};
  }
  // [sem.stmt.limit] a side the oracle stopped for its budget says nothing of its meaning: a
  // transformation may well take more steps (a padded loop) without changing what it computes.
  for (const auto &[name, o] : {std::pair{"BEFORE", &before}, std::pair{"AFTER", &after}})
    if (o->kind() == OutcomeKind::Error && o->error().error_class == runtime::ErrorClass::Limit)
      return {Verdict::CannotRun,
              std::string("the oracle ran out of its budget on ") + name + ": " + to_string(*o),
              {}};
  // The spec allows AFTER anything where BEFORE is unspecified.
  if (kb == OutcomeKind::Unspecified)
    return {Verdict::BeforeUnspecified, side("BEFORE", before), {}};
  if (ka == OutcomeKind::Unspecified)
    return {Verdict::AfterUnspecified, side("AFTER", after) + "; " + side("BEFORE", before), {}};
  if (kb != ka ||
      (kb == OutcomeKind::Error && before.error().error_class != after.error().error_class))
    return {Verdict::ErrorDiffers, side("BEFORE", before) + "; " + side("AFTER", after), {}};
  if (kb == OutcomeKind::Error)
    return {Verdict::Agree, "both error " + std::string(before.class_name()), {}};
  if (auto d = first_difference(before, after, b, a))
    return {Verdict::Differ, d->describe(), d};
  return {Verdict::Agree, "equal results", {}};
}

// Each trial's arguments depend on the seed and the trial's number only.
uint64_t trial_seed(uint64_t seed, int trial) {
  return SplitMix64(seed ^ (0x9e3779b97f4a7c15ULL * static_cast<uint64_t>(trial + 1))).next();
}

// Only the kind, class, rule, location, message and return value matter in a report; the final
// buffers (copies of the tensors the run wrote into) are large.
Outcome without_buffers(Outcome o) {
  if (o.is_ok())
    o.ok().buffers.clear();
  return o;
}

std::string rules_text(const std::set<std::string> &rules) {
  std::string s;
  for (const auto &r : rules)
    s += (s.empty() ? " [" : ", ") + r;
  return s.empty() ? s : s + "]";
}

std::string trials_of(int n, uint64_t seed) {
  return std::to_string(n) + (n == 1 ? " trial" : " trials") + " of seed " + std::to_string(seed);
}

void conclude(EquivalenceResult &r, uint64_t seed) {
  auto trial_text = [&](const Trial &t) {
    return "trial " + std::to_string(t.index) + " of seed " + std::to_string(seed) + ": " +
           t.detail;
  };
  for (Verdict v : {Verdict::OracleInternalError, Verdict::Incomparable})
    for (const auto &t : r.trials)
      if (t.verdict == v) {
        r.verdict = v;
        r.reason = v == Verdict::Incomparable ? t.detail : trial_text(t);
        return;
      }
  for (const auto &t : r.trials)
    if (is_finding(t.verdict)) {
      r.verdict = t.verdict;
      r.reason = trial_text(t);
      return;
    }
  for (const auto &t : r.trials)
    if (t.verdict == Verdict::CannotRun) {
      r.verdict = Verdict::CannotRun;
      r.reason = t.detail;
      return;
    }
  int skipped = 0;
  std::set<std::string> skipped_rules;
  for (const auto &t : r.trials)
    if (t.verdict == Verdict::BeforeUnspecified) {
      ++skipped;
      skipped_rules.insert(std::string(t.before.rule()));
    }
  if (r.compared > 0) {
    r.verdict = Verdict::Agree;
    r.reason = trials_of(r.compared, seed) + (r.compared == 1 ? " agrees" : " agree");
    if (skipped)
      r.reason += "; " + std::to_string(skipped) + " more compared nothing: BEFORE is unspecified" +
                  " on their arguments" + rules_text(skipped_rules);
    return;
  }
  r.verdict = Verdict::BeforeUnspecified;
  r.reason = "BEFORE is unspecified on the arguments of all " + trials_of(skipped, seed) +
             rules_text(skipped_rules) + ": nothing was compared";
}

} // namespace

EquivalenceResult check_equivalence(const Program &before, const Program &after,
                                    const EquivalenceOptions &options) {
  EquivalenceResult r;
  r.seed = options.seed;
  r.readings = options.run.readings.text();
  r.before_file = before.file;
  r.after_file = after.file;
  std::string why;
  auto bname = entry_function(before.module, options.func, why);
  auto aname = bname ? entry_function(after.module, options.func, why) : std::nullopt;
  if (!bname || !aname) {
    r.verdict = Verdict::CannotRun;
    r.reason = std::string(bname ? "AFTER" : "BEFORE") + ": " + why;
    return r;
  }
  r.before_func = *bname;
  r.after_func = *aname;
  const ir::PrimFunc bf = before.module->lookup(*bname), af = after.module->lookup(*aname);
  if (auto d = parameter_difference(*bf, *af)) {
    r.verdict = Verdict::Incomparable;
    r.reason = *d;
    return r;
  }

  oracle::RunOptions run_before = options.run, run_after = options.run;
  run_before.file = before.file;
  run_after.file = after.file;
  const int max_trials = options.max_trials > 0 ? options.max_trials : 4 * options.trials;
  std::set<std::string> rules;
  for (int i = 0; i < max_trials && r.compared < options.trials; ++i) {
    RandomCall made;
    if (static_cast<size_t>(i) < options.given_arguments.size()) {
      PreparedCall given =
          prepare_call(*bf, options.given_arguments[static_cast<size_t>(i)], before.file);
      made.call = std::move(given.call);
      if (!given.errors.empty())
        made.reason = "the given arguments: " + ir::format(given.errors[0]);
    } else {
      SplitMix64 rng(trial_seed(options.seed, i));
      made = random_arguments(*bf, rng);
    }
    if (!made.call) {
      r.verdict = Verdict::CannotRun;
      r.reason = "no arguments can be made for BEFORE: " + made.reason;
      return r;
    }
    auto b = copy_arguments(*made.call), a = copy_arguments(*made.call);
    // The final buffers are compared on the tensors the runs wrote into.
    Trial t;
    t.index = i;
    t.before = without_buffers(oracle::run(before.module, *bname, b->args, run_before));
    t.after = without_buffers(oracle::run(after.module, *aname, a->args, run_after));
    Judged j = judge(t.before, t.after, *b, *a, *bf, *af);
    t.verdict = j.verdict;
    t.detail = std::move(j.detail);
    t.difference = std::move(j.difference);
    for (const Outcome *o : {&t.before, &t.after})
      if (!o->rule().empty())
        rules.insert(std::string(o->rule()));
    if (t.verdict != Verdict::Agree && t.verdict != Verdict::BeforeUnspecified)
      t.arguments = describe_arguments(*bf, *made.call);
    if (t.verdict == Verdict::Agree || is_finding(t.verdict))
      ++r.compared;
    const Verdict v = t.verdict;
    r.trials.push_back(std::move(t));
    // Nothing more can be learnt: the oracle cannot judge a side, or cannot be trusted.
    if (v == Verdict::CannotRun || v == Verdict::Incomparable || v == Verdict::OracleInternalError)
      break;
  }
  r.rules.assign(rules.begin(), rules.end());
  conclude(r, options.seed);
  return r;
}

} // namespace tirconf::runner
