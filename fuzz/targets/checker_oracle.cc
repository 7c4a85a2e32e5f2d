// libFuzzer target `checker_oracle`: the input as TVMScript; a program that reads and
// type-checks runs on the oracle, with small budgets, on random arguments drawn from the input's
// hash (runner/random_arguments.h, as `tirconf run --against` makes them) or on none when none
// can be made. The checker promises the evaluator a well-typed program, so an internal error
// (the evaluator met what the checker should have rejected, or the oracle's own code threw) is a
// bug; every other outcome, errors and unspecified behaviour included, is the program's own.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/targets/target_support.h"
#include "ir/tvmscript/reader.h"
#include "oracle/eval/interpreter.h"
#include "oracle/typecheck/checker.h"
#include "runner/random_arguments.h"

using namespace tirconf;

namespace {

// The function a conformance file's case runs when it names none (runner::entry_function).
std::string entry(const ir::IRModule &m) {
  if (m->functions.size() == 1 || !m->lookup("main"))
    return m->functions.empty() ? "main" : m->functions.front().first->name_hint;
  return "main";
}

// Whether the arguments would stay small: `(100000, 100000)` is a valid shape, but filling it
// would take the fuzzer's time (and memory) for nothing. A shape Var gets at most 8
// (random_arguments.h); strides count as dimensions (an over-estimate); a function with a
// dimension that is an expression of Vars is not run (rare, and its size is not known here).
bool small_arguments(const ir::PrimFuncNode &f) {
  constexpr int64_t kMaxElements = int64_t{1} << 16;
  for (const auto &[param, buffer] : f.buffer_map) {
    int64_t elements = 1;
    for (const auto &dims : {buffer->shape, buffer->strides})
      for (const auto &d : dims) {
        int64_t bound = 8;
        if (auto *imm = ir::as<ir::IntImmNode>(d))
          bound = imm->value < 0 ? 0 : imm->value;
        else if (!ir::as<ir::VarNode>(d))
          return false;
        if (bound > kMaxElements)
          return false;
        elements *= bound == 0 ? 1 : bound;
        if (elements > kMaxElements)
          return false;
      }
  }
  return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string_view text(reinterpret_cast<const char *>(data), size);
  const ir::ReadResult read = ir::read_tvmscript(text, "input.py");
  if (!read.ok() || !oracle::check_module(read.module, "input.py").empty())
    return 0;
  const std::string func = entry(read.module);
  const ir::PrimFunc f = read.module->lookup(func);
  if (!f || !small_arguments(*f))
    return 0;
  runner::SplitMix64 rng(fuzz_targets::input_seed(data, size));
  runner::RandomCall made = runner::random_arguments(*f, rng);
  std::vector<runtime::Argument> none;
  std::span<runtime::Argument> args = made.call ? std::span(made.call->args) : std::span(none);
  oracle::RunOptions options;
  options.file = "input.py";
  options.step_limit = 10'000;
  options.call_depth_limit = 8;
  const runtime::Outcome outcome = oracle::run(read.module, func, args, options);
  if (outcome.kind() == runtime::OutcomeKind::InternalError)
    fuzz_targets::bug("checker_oracle",
                      "the oracle contradicts itself: " + runtime::to_string(outcome) +
                          "\n--- program ---\n" + std::string(text));
  return 0;
}
