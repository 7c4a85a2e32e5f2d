// libFuzzer target `differential`: the input drives the generator's choices (structured fuzzing,
// as wasm-smith is driven by libFuzzer): every 8 bytes are one draw, and past the end every draw
// is 0, the simplest alternative (generators/choices.h), so any input is a valid program. The
// program from the default profile runs on the oracle and on the LLVM backend in this process
// (a worker process per input would cost more than the run), and the two must agree as
// `tirconf diff` requires: integers exactly, floats bit for bit. Where the oracle says invalid,
// unspecified or over its budget there is nothing to compare.
//
// TIRCONF_FUZZ_LLVM=llvm-O0 picks the backend configuration; llvm-O2 (the default) is where
// optimizer bugs surface.
#include <cstdlib>
#include <memory>
#include <string>

#include "backends/registry.h"
#include "fuzz/targets/target_support.h"
#include "generators/choices.h"
#include "generators/program_gen.h"
#include "ir/tvmscript/printer.h"
#include "oracle/eval/interpreter.h"
#include "runner/arguments.h"
#include "tools/gen_check.h"

using namespace tirconf;

namespace {

// The input as the generator's draws: 8 bytes each, little-endian; 0 past the end.
class InputChoices final : public gen::ChoiceSource {
public:
  InputChoices(const uint8_t *data, size_t size) : data_(data), size_(size) {}
  uint64_t next() override {
    uint64_t v = 0;
    for (int i = 0; i < 8 && at_ < size_; ++i)
      v |= uint64_t{data_[at_++]} << (8 * i);
    return v;
  }

private:
  const uint8_t *data_;
  size_t size_, at_ = 0;
};

backends::Backend &llvm() {
  static const std::unique_ptr<backends::Backend> b = [] {
    const char *name = std::getenv("TIRCONF_FUZZ_LLVM");
    auto made = backends::make_backend(name && *name ? name : "llvm-O2");
    if (!made)
      fuzz_targets::bug("differential", "TIRCONF_FUZZ_LLVM names no built-in backend");
    return made;
  }();
  return *b;
}

[[noreturn]] void bug(const std::string &what, const gen::GeneratedProgram &g) {
  fuzz_targets::bug("differential", llvm().name() + ": " + what + "\n--- program ---\n" +
                                        ir::print_tvmscript(g.module));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  InputChoices choices(data, size);
  const gen::GeneratedProgram g = gen::generate_program(choices, gen::Profile::default_profile());
  const ir::PrimFunc f = g.module->lookup(g.entry);
  // Two copies of the arguments: each side mutates its tensors in place.
  const auto args = tools::runner_args(g);
  runner::PreparedCall for_oracle = runner::prepare_call(*f, args, "input.py");
  runner::PreparedCall for_llvm = runner::prepare_call(*f, args, "input.py");
  if (!for_oracle.call || !for_llvm.call)
    bug("the generated arguments do not fit main", g);

  oracle::RunOptions options;
  options.file = "input.py";
  const runtime::Outcome expected = oracle::run(g.module, g.entry, for_oracle.call->args, options);
  switch (expected.kind()) {
  case runtime::OutcomeKind::InternalError:
    bug("the oracle contradicts itself: " + runtime::to_string(expected), g);
  case runtime::OutcomeKind::Invalid:
  case runtime::OutcomeKind::Unspecified:
    return 0;
  case runtime::OutcomeKind::Error:
    if (expected.error().error_class == runtime::ErrorClass::Limit)
      return 0; // budgets are each implementation's own (sem.stmt.limit)
    break;
  default:
    break;
  }

  if (!llvm().unsupported(g.module).empty())
    return 0;
  backends::CompileOptions compile;
  compile.entries = {g.entry};
  compile.file = "input.py";
  const backends::CompileResult c = llvm().compile(g.module, compile);
  if (!c.unsupported.empty())
    return 0;
  if (!c.executable)
    bug("Compile error: " + (c.rejected ? c.rejected->message : c.error), g);
  const runtime::Outcome actual =
      c.executable->run(g.entry, for_llvm.call->args, backends::RunLimits{});
  runtime::OutcomeCompareOptions same;
  same.same_buffer_set = true;
  if (auto mismatch = runtime::compare_outcomes(expected, actual, same))
    bug("differs from the oracle: " + mismatch->message() +
            "\n  oracle: " + runtime::to_string(expected, 8) + "\n  " + llvm().name() + ": " +
            runtime::to_string(actual, 8),
        g);
  return 0;
}
