// The simplifier check for a simplifier reached through text (`tirconf simplify-check --impl
// tvm`): an external implementation's arithmetic simplifier (Apache TVM's arith::Analyzer through
// the protocol's `simplify`, backends/external/PROTOCOL.md) receives random integer expressions
// at every width in batches, its answers are read back, and each (input, output) pair falls in
// one class:
//
//   wrong              differs over the mathematical integers at a point where no operation of
//                      the input overflows: wrong under any reading
//   overflow           equal over the integers there, but the output overflows its dtype where
//                      the input did not: the rewrite is wrong at the real width
//   input-overflows    differs only at points where the input itself overflows; TVM documents
//                      that it assumes index arithmetic does not overflow, so this is counted,
//                      not reported
//   internal-error     the implementation failed on a valid expression
//   equal              proved to refine the input at its width
//   unparseable        the output text could not be read back (kept with the text)
//   undecided          the budget ran out first (kept with the reason)
//
// Points settle what they can: most wrong outputs differ at a boundary or small value, so a
// few hundred evaluations refute without Z3; a proof of equality always comes from Z3
// (prover/equiv.h), and "only where the input overflows" from a Z3 query that the input does
// not overflow anywhere the two differ. Every witness is re-run on the oracle. Findings (wrong,
// overflow, internal-error) are shrunk while they keep their class, re-asking the
// implementation, and written as conformance files (corpus/FORMAT.md).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ir/expr.h"
#include "prover/equiv.h"
#include "prover/evaluate.h"
#include "prover/phases.h"

namespace tirconf::prover {

// One answer of a text simplifier: the simplified expression, or the implementation's message.
struct TextAnswer {
  bool ok = false;
  std::string text;
};
// Simplifies a batch (one answer per expression, in order). A failure of the transport itself
// (the worker died, the implementation is unavailable) throws std::runtime_error.
using BatchSimplify = std::function<std::vector<TextAnswer>(const std::vector<ir::PrimExpr> &)>;

// The expression written with TVMScript's node constructors (T.Add, T.FloorDiv, T.Div, T.Select,
// T.And, typed literals T.int8(5)): evaluated by Python with T in scope it builds exactly this
// tree. Python operators would fold constants in Python's unbounded integers and cannot express
// `and`/`not` on PrimExprs at all.
std::string constructor_text(const ir::PrimExpr &e);

// Reads an expression as TVM prints it (`x * 2 // 2`, `T.min(x, y)`, `T.truncdiv(x, 3)`,
// `T.Div(x, T.int8(3))`, `T.int64(5)`, `T.Cast("int64", x)`, `a and not b`) over `vars`, which
// its free names refer to. Null with `why` when the text does not read as an expression over
// them.
ir::PrimExpr parse_expr_text(const std::string &text, const std::vector<ir::Var> &vars,
                             std::string *why);

enum class SimplifyClass {
  Wrong,
  IntroducesOverflow,
  InputOverflows,
  InternalError,
  Equal,
  Unparseable,
  Undecided,
};
inline constexpr int kSimplifyClasses = 7;
const char *to_string(SimplifyClass c);
// What a user of the implementation must hear about: the output changes a result where the
// input is well defined, or the implementation fails.
bool is_finding(SimplifyClass c);

struct Classification {
  SimplifyClass cls = SimplifyClass::Undecided;
  std::string engine;                            // what settled it
  std::map<const ir::VarNode *, int64_t> inputs; // the witness (wrong, overflow, input-overflows)
  SideOutcome source, target;                    // the oracle at the witness, at the width
  std::string detail;                            // undecided: why; unparseable: the text
};

struct ClassifyOptions {
  RefinementOptions refine;
  int samples = 200; // evaluated points before any Z3 query
  // Shrinking classifies many candidates: points only (a candidate that needs Z3 to show its
  // class is not taken).
  bool points_only = false;
};

// Classifies the pair; `target` must be a parsed output (internal errors and unparseable text
// are classified by the caller, who has the answer).
Classification classify(const ir::PrimExpr &source, const ir::PrimExpr &target,
                        const ClassifyOptions &opts);

// One expression's result, with its shrunk form when it is a finding.
struct ExternalResult {
  int index = 0;
  ir::PrimExpr source;
  std::string answer; // the implementation's text (or message)
  ir::PrimExpr target;
  Classification c;
  // Findings: the smallest input found that keeps the class, its answer and classification.
  ir::PrimExpr minimal;
  std::string minimal_answer;
  ir::PrimExpr minimal_target;
  Classification minimal_c;
  // The class and the minimal input with its Vars numbered (canonical_form): findings with the
  // same shape are one bug met again. `shape_reused`: shrinking reached a shape another finding
  // had passed through, and took that finding's end instead of going on.
  std::string shape;
  bool shape_reused = false;
};

// The shrinking paths walked so far, by canonical shape: most findings are a few patterns
// (`x % x -> 0`, `0 // x -> 0`) under other names inside other expressions, so once a finding
// shrinks to a shape met before, the rest of its way is known. Shared by the jobs.
struct ShrinkMemo {
  std::mutex lock;
  std::map<std::string, const ExternalResult *> ends; // a shape on a path -> the path's end
  std::vector<std::unique_ptr<ExternalResult>> done;  // the ends
};

// Shrinks a finding: deletes sub-expressions (an operand in place of its operator), replaces
// them by small constants or a Var, and shrinks constants, asking `simplify` a whole round of
// candidates at once, while the class stays the same.
void shrink(ExternalResult &r, const BatchSimplify &simplify, const ClassifyOptions &opts,
            ShrinkMemo *memo = nullptr);

struct ExternalCheckOptions {
  uint64_t seed = 1;
  int count = 1000;
  int jobs = 2;
  int batch = 500; // expressions per simplify request
  std::vector<ir::DataType> widths = {ir::DataType::Int(8), ir::DataType::Int(16),
                                      ir::DataType::Int(32), ir::DataType::Int(64)};
  ClassifyOptions classify;
  bool shrink = true;
  bool proof_cache = true; // ProofSession's cache (prover/equiv.h); off: every pair proved anew
};

struct ExternalSummary {
  int count = 0;
  // counts[dtype][class]
  std::map<std::string, std::map<SimplifyClass, int>> counts;
  std::vector<ExternalResult> findings; // shrunk, in index order
  int shrinks_reused = 0;               // findings whose shrinking ended on a known shape
  std::vector<ExternalResult> others;   // unparseable and undecided, in index order
  double seconds = 0, simplify_seconds = 0;
  std::shared_ptr<PhaseTimes> phases;    // CPU time of the check's threads, by phase
  int proof_lookups = 0, proof_hits = 0; // the proof cache's questions, and those it answered
};

// `make_simplify` is called once per job: an implementation's connection need not be shared.
ExternalSummary run_external_check(const ExternalCheckOptions &opts,
                                   const std::function<BatchSimplify()> &make_simplify);

// The finding as a conformance file: a PrimFunc storing the minimal input into B[0] from scalar
// parameters, the witness as its arguments and the oracle's outcome as the expectation, with
// the implementation's answer in the description.
std::string conformance_file(const ExternalResult &r, const std::string &impl, uint64_t seed);
// The rule of the spec for the minimal input's outermost operator ("sem.expr.floordiv").
std::string rule_of(const ir::PrimExpr &e);

} // namespace tirconf::prover
