// The interpreter's fast paths (oracle/eval/fast_paths.h) are not observable: every conformance
// file of corpus/ (every case) and 2,000 generated programs (shuffled parallel orders), run with
// RunOptions::fast_paths on and off, end in the same outcome (kind, class, rule, location,
// message, every buffer byte, the return value), with the same rule coverage and the same step
// count. That the comparison would see a difference, and that the fast paths are really taken,
// is tested too. TIRCONF_GEN_PROGRAMS raises the program count (the long mode).
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "generators/choices.h"
#include "generators/profile.h"
#include "runner/conformance.h"
#include "tests/eval_helpers.h"
#include "tests/gen_support.h"

namespace tirconf {
namespace {

using namespace evaltest;

// Everything a run lets its caller see.
struct Observed {
  Outcome outcome;
  std::map<std::string, uint64_t> coverage;
  uint64_t steps = 0;
  uint64_t fast_nodes = 0; // not compared: how many nodes the run compiled to a fast path
};

template <class Run> Observed observe(bool fast_paths, oracle::RunOptions o, Run &&run) {
  oracle::RuleCoverage coverage;
  oracle::RunStats stats;
  o.fast_paths = fast_paths;
  o.coverage = &coverage;
  o.stats = &stats;
  Observed r{run(o), {}, 0, 0};
  r.coverage = coverage.counts();
  r.steps = stats.steps;
  r.fast_nodes = stats.fast_nodes;
  return r;
}

std::vector<std::byte> bytes(const NDArray &a) {
  if (!a.valid())
    return {};
  return {a.storage(), a.storage() + a.storage_bytes()};
}

// What differs between a run with the fast paths and one without, or nullopt.
std::optional<std::string> difference(const Observed &fast, const Observed &plain) {
  const std::string f = runtime::to_json(fast.outcome), p = runtime::to_json(plain.outcome);
  if (f != p)
    return "outcome: fast " + f + "\n  plain " + p;
  if (fast.outcome.is_ok()) {
    const auto &a = fast.outcome.ok(), &b = plain.outcome.ok();
    for (size_t i = 0; i < a.buffers.size() && i < b.buffers.size(); ++i)
      if (bytes(a.buffers[i].array) != bytes(b.buffers[i].array))
        return "bytes of buffer " + a.buffers[i].name;
    if (a.ret.has_value() != b.ret.has_value() || (a.ret && !(*a.ret == *b.ret)))
      return std::string("return value bits");
  }
  if (fast.steps != plain.steps)
    return "steps: fast " + std::to_string(fast.steps) + ", plain " + std::to_string(plain.steps);
  if (fast.coverage != plain.coverage) {
    std::string d = "coverage:";
    auto count = [](const std::map<std::string, uint64_t> &m, const std::string &rule) {
      auto it = m.find(rule);
      return it == m.end() ? uint64_t{0} : it->second;
    };
    std::map<std::string, uint64_t> rules = fast.coverage;
    rules.insert(plain.coverage.begin(), plain.coverage.end());
    for (const auto &[rule, _] : rules)
      if (count(fast.coverage, rule) != count(plain.coverage, rule))
        d += " " + rule + " fast " + std::to_string(count(fast.coverage, rule)) + " plain " +
             std::to_string(count(plain.coverage, rule)) + ";";
    return d;
  }
  return std::nullopt;
}

// Runs every case of one conformance file through runner::judge with the fast paths on or off,
// recording what each run showed; the judgments come back too.
struct JudgedFile {
  std::vector<Observed> runs;
  std::vector<runner::CaseResult> results;
};
JudgedFile judge_file(const runner::LoadedFile &file, bool fast_paths) {
  JudgedFile out;
  runner::Implementation impl = runner::oracle_implementation();
  impl.run = [&](const ir::IRModule &m, std::string_view func, std::span<runtime::Argument> args,
                 const std::string &path) {
    oracle::RunOptions o;
    o.file = path;
    // Every case but one takes under 100,000 steps; the one that runs to the default budget of
    // 50 M (while_limit_error.py) reaches this one the same way, in a fiftieth of the time.
    o.step_limit = 1'000'000;
    out.runs.push_back(observe(fast_paths, o, [&](const oracle::RunOptions &opts) {
      return oracle::run(m, func, args, opts);
    }));
    return out.runs.back().outcome;
  };
  out.results = runner::judge(file, impl);
  return out;
}

const char *status_name(runner::CaseResult::Status s) {
  switch (s) {
  case runner::CaseResult::Status::Pass:
    return "pass";
  case runner::CaseResult::Status::Fail:
    return "fail";
  case runner::CaseResult::Status::Skip:
    return "skip";
  case runner::CaseResult::Status::BadInput:
    return "bad input";
  }
  return "?";
}

TEST(EvalFastPaths, EveryCorpusCaseRunsTheSameWithAndWithoutThem) {
  std::vector<std::string> errors;
  const auto paths = runner::collect_python_files({TIRCONF_SOURCE_DIR "/corpus"}, errors);
  ASSERT_TRUE(errors.empty()) << errors.front();
  ASSERT_GE(paths.size(), 500u);
  size_t runs = 0, not_ok = 0, differing = 0;
  uint64_t fast_nodes = 0;
  for (const auto &path : paths) {
    const runner::LoadedFile file = runner::load_file(path);
    if (!file.test)
      continue;
    const JudgedFile fast = judge_file(file, true), plain = judge_file(file, false);
    ASSERT_EQ(fast.runs.size(), plain.runs.size()) << path;
    ASSERT_EQ(fast.results.size(), plain.results.size()) << path;
    for (size_t i = 0; i < fast.results.size(); ++i)
      EXPECT_EQ(status_name(fast.results[i].status), status_name(plain.results[i].status))
          << path << " case " << i << ": " << fast.results[i].reason << " / "
          << plain.results[i].reason;
    for (size_t i = 0; i < fast.runs.size(); ++i) {
      ++runs;
      not_ok += !fast.runs[i].outcome.is_ok();
      fast_nodes += fast.runs[i].fast_nodes;
      EXPECT_EQ(plain.runs[i].fast_nodes, 0u) << path;
      if (auto d = difference(fast.runs[i], plain.runs[i])) {
        ADD_FAILURE() << path << " run " << i << ": " << *d;
        if (++differing >= 10)
          return;
      }
    }
  }
  // The corpus exercises the checks (errors, unspecified outcomes), not only ok runs, and the
  // fast paths compile a good share of its nodes.
  EXPECT_GE(runs, 450u);
  EXPECT_GE(not_ok, 80u);
  EXPECT_GE(fast_nodes, 10 * runs);
  std::cout << "[ EvalFastPaths ] corpus: " << runs << " runs (" << not_ok << " not ok), "
            << fast_nodes << " fast nodes compiled\n";
}

TEST(EvalFastPaths, GeneratedProgramsRunTheSameWithAndWithoutThem) {
  const gen::Profile &p = gen::Profile::default_profile();
  const uint64_t n = gentest::program_count(2000);
  const auto start = std::chrono::steady_clock::now();
  uint64_t fast_nodes = 0, differing = 0, ok = 0;
  for (uint64_t i = 0; i < n; ++i) {
    const auto g = gen::generate_program(gen::derive_seed(4242, i), p);
    oracle::RunOptions o;
    o.file = "gen.py";
    o.shuffle_parallel = true; // a different order of parallel iterations per program
    o.seed = i;
    auto run = [&](const oracle::RunOptions &opts) { return tools::run_generated(g, opts); };
    const Observed fast = observe(true, o, run), plain = observe(false, o, run);
    ok += fast.outcome.is_ok();
    fast_nodes += fast.fast_nodes;
    EXPECT_EQ(plain.fast_nodes, 0u);
    if (auto d = difference(fast, plain)) {
      ADD_FAILURE() << "program " << i << " of seed 4242: " << *d;
      if (++differing >= 10)
        break;
    }
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Generated programs are UB-free: every one runs ok, so buffers are compared too.
  EXPECT_EQ(ok, n);
  EXPECT_GE(fast_nodes, 10 * n);
  std::cout << "[ EvalFastPaths ] " << n << " generated programs, " << fast_nodes
            << " fast nodes compiled, " << secs << " s\n";
}

// Programs whose fast nodes leave their hot case at run time, each in another way, with what the
// spec says they do (worked out by hand): both ways must say it, with the same counts. The
// corpus and generated programs reach few of these (generated programs never fail).
struct EdgeCase {
  const char *name;
  const char *src;
  std::vector<std::vector<int64_t>> int32_args; // one int32 tensor per buffer parameter
  const char *expect;                           // "ok" or the rule of the outcome the run ends in
  std::vector<int64_t> last;                    // ok: the last buffer's final contents
};

const std::vector<EdgeCase> &edge_cases() {
  static const std::vector<EdgeCase> cases = {
      // A load at loop-Var indices of an element never written: the hot load's last check.
      {"uninitialized_hot_load",
       R"(
@T.prim_func
def f(B: T.Buffer((4,), "int32")):
    with T.block("root"):
        acc = T.alloc_buffer((4,), "int32")
        for i in range(4):
            B[i] = acc[i]
)",
       {{0, 0, 0, 0}},
       "unspec.uninitialized",
       {}},
      // The reduction update's load half at loop-Var indices, uninitialized.
      {"uninitialized_update",
       R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    with T.block("root"):
        acc = T.alloc_buffer((4,), "int32")
        for i in range(4):
            acc[i] = acc[i] + A[i]
        for i in range(4):
            B[i] = acc[i]
)",
       {{1, 2, 3, 4}, {0, 0, 0, 0}},
       "unspec.uninitialized",
       {}},
      // A loop running past a buffer's shape: hot load, hot store.
      {"oob_hot_load",
       R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), B: T.Buffer((5,), "int32")):
    for i in range(5):
        B[i] = A[i]
)",
       {{1, 2, 3, 4}, {0, 0, 0, 0, 0}},
       "unspec.oob",
       {}},
      {"oob_hot_store",
       R"(
@T.prim_func
def f(A: T.Buffer((5,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(5):
        B[i] = A[i]
)",
       {{1, 2, 3, 4, 5}, {0, 0, 0, 0}},
       "unspec.oob",
       {}},
      // Inside a parallel loop every access is tracked: j's stores meet across iterations of i.
      {"conflict_hot_store",
       R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), C: T.Buffer((2,), "int32")):
    for i in T.parallel(4):
        for j in range(2):
            C[j] = A[i]
)",
       {{1, 2, 3, 4}, {0, 0}},
       "unspec.conflict.parallel",
       {}},
      // An int8 Add (no fixed-type node) whose first operand faults: its rules are counted
      // before its operands, both ways.
      {"int8_add_of_faulting_load",
       R"(
@T.prim_func
def f(A: T.Buffer((4,), "int8"), B: T.Buffer((1,), "int8")):
    B[0] = A[4] + T.int8(1)
)",
       {},
       "unspec.oob",
       {}},
      // A buffer over a caller's data (a derived view, never registered): the general path,
      // the same values. B[i] = F[3 - i] reverses A.
      {"derived_view",
       R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    F = T.Buffer((4,), "int32", data=A.data)
    for i in range(4):
        B[i] = F[3 - i] + F[3 - i] * 2
)",
       {{1, 2, 3, 4}, {0, 0, 0, 0}},
       "ok",
       {12, 9, 6, 3}},
      // FloorDiv by zero in the fixed-kind node, after three good lanes.
      {"floordiv_by_zero",
       R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), Z: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = A[i] // Z[i]
)",
       {{7, -7, 7, 1}, {2, 2, -2, 0}, {0, 0, 0, 0}},
       "sem.expr.floordiv",
       {}},
      // INT_MIN floormod -1 (unspecified) in the fixed-kind node.
      {"int_min_floormod",
       R"(
@T.prim_func
def f(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = A[0] % T.int32(-1)
)",
       {{-2147483648}, {0}},
       "unspec.int_min_div",
       {}},
      // At i = 3 and's second operand would be out of bounds, but the first decides; a scalar
      // Select evaluates both arms: B[3] = 1 + A[3].
      {"short_circuit_and_select",
       R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        if i < 3 and A[i + 1] > 0:
            B[i] = 100
        else:
            B[i] = T.Select(i > 2, 1, 0) + A[i]
)",
       {{1, 2, 3, 4}, {0, 0, 0, 0}},
       "ok",
       {100, 100, 100, 5}},
      // A block whose reduce iter var is not a loop Var (bound per realization, checked):
      // C[0] = sum of A.
      {"reduce_over_bound_iter_var",
       R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), C: T.Buffer((1,), "int32")):
    for k in range(4):
        with T.block("C"):
            vk = T.axis.reduce(4, k + 0)
            T.reads(A[vk])
            T.writes(C[0])
            with T.init():
                C[0] = 0
            C[0] = C[0] + A[vk]
)",
       {{1, 2, 3, 4}, {-1}},
       "ok",
       {10}},
  };
  return cases;
}

TEST(EvalFastPaths, LeavingTheirHotCasesTheyDoWhatThePlainNodesDo) {
  for (const EdgeCase &c : edge_cases()) {
    auto run = [&](bool fast_paths) {
      std::vector<NDArray> tensors;
      if (c.int32_args.empty()) { // the int8 case
        tensors.push_back(ints(DataType::Int(8), {4}, {1, 2, 3, 4}));
        tensors.push_back(ints(DataType::Int(8), {1}, {0}));
      }
      for (const auto &data : c.int32_args)
        tensors.push_back(ints(i32, {static_cast<int64_t>(data.size())}, data));
      return observe(fast_paths, {}, [&](const oracle::RunOptions &o) {
        std::vector<oracle::Argument> args;
        for (auto &t : tensors)
          args.push_back(&t);
        return run_src(c.src, args, o);
      });
    };
    const Observed fast = run(true), plain = run(false);
    EXPECT_EQ(difference(fast, plain), std::nullopt) << c.name;
    EXPECT_GT(fast.fast_nodes, 0u) << c.name;
    if (std::string(c.expect) == "ok") {
      ASSERT_TRUE(fast.outcome.is_ok()) << c.name << ": " << runtime::to_string(fast.outcome);
      EXPECT_EQ(int_data(fast.outcome.ok().buffers.back().array), c.last) << c.name;
    } else {
      EXPECT_EQ(fast.outcome.rule(), c.expect)
          << c.name << ": " << runtime::to_string(fast.outcome);
    }
  }
}

const char *kMatmul = R"(
@T.prim_func
def f(A: T.Buffer((2, 3), "int32"), B: T.Buffer((3, 2), "int32"), C: T.Buffer((2, 2), "int32")):
    for i, j, k in T.grid(2, 2, 3):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vk, vj])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = 0
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
)";

Observed run_matmul(bool fast_paths) {
  NDArray A = ints(i32, {2, 3}, {1, 2, 3, 4, 5, 6}), B = ints(i32, {3, 2}, {7, 8, 9, 10, 11, 12});
  NDArray C = ints(i32, {2, 2}, {-1, -1, -1, -1});
  return observe(fast_paths, {}, [&](const oracle::RunOptions &o) {
    return run_src(kMatmul, {&A, &B, &C}, o);
  });
}

// Both ways compute A B = [[58, 64], [139, 154]] with the same counts; only the fast one
// compiles fast nodes: the loops' bounds, the remapped realization, the init's store, the update
// and the two loads under its multiply, and the Var reads inside them.
TEST(EvalFastPaths, AreTakenWhenOnAndOnlyThen) {
  const Observed fast = run_matmul(true), plain = run_matmul(false);
  ASSERT_TRUE(fast.outcome.is_ok()) << runtime::to_string(fast.outcome);
  EXPECT_EQ(int_data(fast.outcome.ok().buffers[2].array), (std::vector<int64_t>{58, 64, 139, 154}));
  EXPECT_EQ(difference(fast, plain), std::nullopt);
  EXPECT_GE(fast.fast_nodes, 20u);
  EXPECT_EQ(plain.fast_nodes, 0u);
  // 12 updates: each loads C, A and B, multiplies, adds and stores C.
  EXPECT_EQ(fast.coverage.at("sem.stmt.bufferstore"), 12u + 4u); // + 4 inits
  EXPECT_EQ(fast.coverage.at("sem.expr.bufferload"), 36u);
  EXPECT_EQ(fast.coverage.at("sem.expr.mul"), 12u);
  EXPECT_EQ(fast.coverage.at("sem.stmt.block.init"), 12u);
}

// The comparison sees a difference in any one thing a run shows: a fast path that changed an
// outcome's message, one buffer bit, one step or one rule count would fail the tests above.
TEST(EvalFastPaths, TheComparisonSeesEveryKindOfDifference) {
  const Observed base = run_matmul(false);
  ASSERT_EQ(difference(base, base), std::nullopt);

  Observed bit = run_matmul(false);
  bit.outcome.ok().buffers[2].array.storage()[0] ^= std::byte{1};
  EXPECT_NE(difference(bit, base), std::nullopt);

  Observed steps = base;
  ++steps.steps;
  EXPECT_NE(difference(steps, base), std::nullopt);

  Observed one_more_read = base;
  ++one_more_read.coverage["sem.expr.var"];
  EXPECT_NE(difference(one_more_read, base), std::nullopt);

  Observed extra_rule = base;
  extra_rule.coverage["sem.expr.floordiv"] = 1;
  EXPECT_NE(difference(extra_rule, base), std::nullopt);

  Observed error = base;
  error.outcome = Outcome::error(runtime::ErrorClass::DivideByZero, "integer divide by zero",
                                 "sem.expr.floordiv", {"t.py", ir::SourceLoc{3, 7}});
  EXPECT_NE(difference(error, base), std::nullopt);
  Observed moved = error;
  moved.outcome = Outcome::error(runtime::ErrorClass::DivideByZero, "integer divide by zero",
                                 "sem.expr.floordiv", {"t.py", ir::SourceLoc{3, 8}});
  EXPECT_NE(difference(moved, error), std::nullopt);
}

} // namespace
} // namespace tirconf
