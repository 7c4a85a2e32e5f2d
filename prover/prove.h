// Proving rewrite rules (spec/rewrites) with Z3: for each rule and width, a verdict of
//   proven   Z3 showed that, wherever the side condition holds, the right side refines the left
//            (prover/status.h): same value, same error, anything where the left is unspecified;
//   refuted  Z3 found inputs where it does not, and evaluating both sides on them with the
//            oracle's semantics confirmed it (prover/recheck.h);
//   unknown  no answer within the time limit (never reported as proven).
//
// How: first the integer encoding in its purified, linear form (prover/int_encoding.h), which
// proves most rules in milliseconds; then an exact encoding that can also find
// counterexamples: bit-vectors at a fixed width (prover/bv_encoding.h), nonlinear integer
// arithmetic when unbounded.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "oracle/arith/rewrite_rules.h"

namespace tirconf::prover {

using oracle::arith::Claim;
using oracle::arith::RewriteRule;
using oracle::arith::Width;

enum class Verdict { Proven, Refuted, Unknown };
const char *to_string(Verdict v);

// How a side evaluated on a counterexample: "ok 5", "ok true", "error divide-by-zero",
// "unspecified overflow".
struct SideOutcome {
  enum Kind { Ok, Error, Unspecified } kind = Ok;
  std::string value; // for Ok
  std::string to_string() const;
};

struct Counterexample {
  std::vector<std::pair<std::string, std::string>> inputs; // name -> value, in rule order
  SideOutcome lhs, rhs;                                    // as the oracle evaluated them
  std::string checked_by;                                  // "oracle int32", "exact integers", ...
};

struct WidthResult {
  Width width;
  Verdict verdict = Verdict::Unknown;
  std::string engine; // which encoding decided: "int-linear", "bv", "int-exact"
  double seconds = 0;
  std::optional<Counterexample> cex;
  std::string detail; // why unknown, when it is
};

struct RuleResult {
  const RewriteRule *rule = nullptr;
  std::vector<WidthResult> widths;

  // A claim the verdicts contradict: claimed valid but refuted, or claimed invalid but proven.
  bool contradicts_claim() const;
  // Claimed at a width but not decided there.
  bool claim_undecided() const;
  // Proven over the unbounded integers but refuted at some fixed width.
  bool fails_only_at_fixed_width() const;
};

struct ProveOptions {
  // Widths to check every rule at; empty: each rule's claimed widths plus unbounded.
  std::vector<Width> widths;
  // Budgets per query, in milliseconds of this machine, counted in Z3 resource units so that
  // the verdicts do not depend on load (prove.cc: work()).
  unsigned timeout_ms = 10000;      // per exact query
  unsigned quick_timeout_ms = 1000; // per linear (purified) query
  int jobs = 2;                     // rules proved in parallel
  int samples = 3000;               // evaluations tried before Z3 (prover/sample.h)
};

// The widths a rule is checked at under `opts`.
std::vector<Width> widths_for(const RewriteRule &rule, const ProveOptions &opts);

RuleResult prove_rule(const RewriteRule &rule, const ProveOptions &opts);
std::vector<RuleResult> prove_rules(const std::vector<const RewriteRule *> &rules,
                                    const ProveOptions &opts);

} // namespace tirconf::prover
