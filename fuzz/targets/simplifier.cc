// libFuzzer target `simplifier`: the input decoded into an integer expression over three Vars of
// one dtype (int32 or int64): + - *, FloorDiv/FloorMod and Div/Mod, Min/Max, Select on
// comparisons combined with And/Or/Not. The verified simplifier's result must refine it at the
// dtype (same value, same error; anything where the original is unspecified). It is evaluated on
// points drawn from the input (boundary values mostly, prover/sample.h) with the prover's own
// evaluation (oracle/numeric's arithmetic); only a point where the two differ goes to Z3 and the
// oracle (check_refinement, as `tirconf simplify-check` does), and a confirmed refutation is a bug.
#include <string>
#include <vector>

#include "fuzz/targets/target_support.h"
#include "ir/tvmscript/printer.h"
#include "oracle/arith/match.h"
#include "oracle/arith/simplify.h"
#include "prover/encode.h"
#include "prover/equiv.h"
#include "prover/evaluate.h"
#include "prover/rng.h"
#include "prover/sample.h"
#include "prover/simplify_check.h"

using namespace tirconf;
using ir::ExprKind;
using ir::PrimExpr;

namespace {

// The grammar, one byte per decision; an exhausted input reads 0, which always means the
// simplest thing (a leaf, the Var x), so every input decodes to a finite expression.
class Decoder {
public:
  Decoder(const uint8_t *data, size_t size) : data_(data), size_(size) {}

  PrimExpr expression() {
    t_ = byte() % 2 ? ir::DataType::Int(64) : ir::DataType::Int(32);
    vars_ = {ir::make_var("x", t_), ir::make_var("y", t_), ir::make_var("z", t_)};
    return expr(0);
  }
  const std::vector<ir::Var> &vars() const { return vars_; }

private:
  // Deep enough for rules that meet three levels down, small enough that an input stays cheap.
  static constexpr int kMaxDepth = 6;

  uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }

  PrimExpr expr(int depth) {
    static const ExprKind binary[] = {ExprKind::Add,      ExprKind::Sub,      ExprKind::Mul,
                                      ExprKind::FloorDiv, ExprKind::FloorMod, ExprKind::Div,
                                      ExprKind::Mod,      ExprKind::Min,      ExprKind::Max};
    const unsigned op = byte() % 12;
    if (op == 0 || op > 10 || depth >= kMaxDepth)
      return leaf();
    if (op == 10) {
      PrimExpr c = condition(depth + 1);
      PrimExpr a = expr(depth + 1);
      PrimExpr b = expr(depth + 1);
      return std::make_shared<ir::SelectNode>(c, a, b);
    }
    PrimExpr a = expr(depth + 1);
    PrimExpr b = expr(depth + 1);
    return ir::make_binary(binary[op - 1], a, b);
  }

  PrimExpr condition(int depth) {
    static const ExprKind compare[] = {ExprKind::LT, ExprKind::LE, ExprKind::EQ,
                                       ExprKind::NE, ExprKind::GE, ExprKind::GT};
    const unsigned op = byte() % 9;
    if (op < 6 || depth >= kMaxDepth) {
      PrimExpr a = expr(depth + 1);
      PrimExpr b = expr(depth + 1);
      return ir::make_binary(compare[op % 6], a, b);
    }
    PrimExpr c = condition(depth + 1);
    if (op == 8)
      return std::make_shared<ir::NotNode>(c);
    PrimExpr d = condition(depth + 1);
    return ir::make_binary(op == 6 ? ExprKind::And : ExprKind::Or, c, d);
  }

  // A Var, or a constant: small, a power of two, a boundary of the dtype, or any value.
  PrimExpr leaf() {
    const unsigned kind = byte() % 7;
    const int bits = t_.bits;
    const int64_t min = bits == 64 ? INT64_MIN : -(int64_t{1} << (bits - 1));
    const int64_t max = bits == 64 ? INT64_MAX : (int64_t{1} << (bits - 1)) - 1;
    int64_t v = 0;
    switch (kind) {
    case 0:
    case 1:
    case 2:
      return vars_[kind];
    case 3:
      v = static_cast<int8_t>(byte());
      break;
    case 4: {
      const int64_t boundary[] = {min, max, -1, min + 1, max - 1};
      v = boundary[byte() % 5];
      break;
    }
    case 5: {
      const uint8_t b = byte();
      v = int64_t{1} << (b % (bits - 1));
      v = b & 0x80 ? -v : v;
      break;
    }
    default:
      for (int i = 0; i < 8; ++i)
        v = static_cast<int64_t>(static_cast<uint64_t>(v) << 8 | byte());
      break;
    }
    return ir::make_int(t_, oracle::arith::wrap_literal(v, t_));
  }

  const uint8_t *data_;
  size_t size_, at_ = 0;
  ir::DataType t_;
  std::vector<ir::Var> vars_;
};

// Whether, at some point, evaluation says `simplified` does not refine `original`.
bool differs_somewhere(const PrimExpr &original, const PrimExpr &simplified,
                       const std::vector<ir::Var> &vars, uint64_t seed) {
  constexpr int kPoints = 64;
  prover::Rng rng(seed);
  const auto width = oracle::arith::Width::of(original->dtype);
  for (int i = 0; i < kPoints; ++i) {
    prover::ExprEnv env;
    for (const auto &v : vars)
      env.set(v.get(), prover::draw_value(rng, width));
    if (prover::breaks_refinement(prover::eval_expr(original, env),
                                  prover::eval_expr(simplified, env)))
      return true;
  }
  return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Decoder decoder(data, size);
  const PrimExpr original = decoder.expression();
  oracle::arith::Simplifier simplifier;
  const PrimExpr simplified = simplifier.simplify(original);
  if (oracle::arith::same_expr(original, simplified))
    return 0;
  const uint64_t seed = fuzz_targets::input_seed(data, size);
  if (!differs_somewhere(original, simplified, decoder.vars(), seed))
    return 0;
  prover::RefinementOptions options;
  options.seed = seed;
  prover::RefinementResult r;
  try {
    r = prover::check_refinement(original, simplified, options);
  } catch (const prover::Unsupported &) {
    return 0; // beyond the encodings: nothing can be confirmed
  }
  const std::string pair = "\n  original:   " + ir::print_expr(original) +
                           "\n  simplified: " + ir::print_expr(simplified);
  if (r.verdict == prover::Verdict::Proven)
    fuzz_targets::bug("simplifier", "Z3 proves a pair that evaluation refutes (" + r.engine +
                                        "): the prover's evaluation or encoding is wrong" + pair);
  if (r.verdict != prover::Verdict::Refuted)
    return 0;
  // Confirmed: the smallest sub-expression the simplifier still gets wrong, as simplify-check
  // reports it.
  prover::Finding f = prover::minimize(original, *prover::make_simplifier("tirconf"), options);
  if (!f.minimal) {
    f.minimal = original;
    f.minimal_simplified = simplified;
    f.result = r;
  }
  f.original = original;
  f.simplified = simplified;
  prover::CheckOptions described;
  described.seed = seed;
  fuzz_targets::bug("simplifier", "the simplified expression does not refine the original" + pair +
                                      "\n" + prover::describe(f, described));
}
