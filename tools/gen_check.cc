#include "tools/gen_check.h"

#include "ir/structural_equal.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "oracle/typecheck/checker.h"
#include "runner/arguments.h"

namespace tirconf::tools {

std::vector<runner::Arg> runner_args(const gen::GeneratedProgram &g) {
  std::vector<runner::Arg> out;
  for (const auto &a : g.args) {
    runner::Arg r;
    r.name = a.name;
    r.is_tensor = a.is_tensor;
    if (a.is_tensor) {
      r.tensor.dtype = a.dtype;
      r.tensor.shape = a.shape;
      r.tensor.data = a.data;
      r.tensor.has_data = true;
    } else {
      r.scalar = a.scalar;
    }
    out.push_back(std::move(r));
  }
  return out;
}

std::string lanes_list(const runtime::NDArray &a) {
  std::string s = "[";
  bool first = true;
  for (int64_t i = 0; i < a.size(); ++i) {
    runtime::Value v = a.get(i);
    for (int l = 0; l < v.lanes(); ++l) {
      s += first ? "" : ", ";
      first = false;
      s += runtime::lane_to_string(v.element_type(), v.bits(l));
    }
  }
  return s + "]";
}

runtime::Outcome run_generated(const gen::GeneratedProgram &g, const oracle::RunOptions &options) {
  const ir::PrimFunc f = g.module->lookup(g.entry);
  auto call = runner::prepare_call(*f, runner_args(g), options.file);
  if (!call.call) {
    runtime::InvalidOutcome inv;
    inv.diagnostics = call.errors;
    return inv;
  }
  return oracle::run(g.module, g.entry, call.call->args, options);
}

std::string expect_yaml(const runtime::Outcome &o) {
  const auto &ok = o.ok();
  std::string s = "expect:\n";
  if (!ok.buffers.empty()) {
    s += "  buffers:\n";
    for (const auto &b : ok.buffers)
      s += "    " + b.name + ": " + lanes_list(b.array) + "\n";
  }
  if (ok.ret)
    s += "  return: " + runtime::to_string(*ok.ret) + "\n";
  if (ok.buffers.empty() && !ok.ret)
    s += "  buffers: {}\n";
  return s;
}

std::optional<std::string> check_generated(const gen::GeneratedProgram &g, const std::string &file,
                                           oracle::RuleCoverage *coverage,
                                           runtime::Outcome *outcome) {
  if (auto diags = oracle::check_module(g.module, file); !diags.empty())
    return "typecheck: " + ir::format(diags.front());
  const std::string text = ir::print_tvmscript(g.module);
  auto back = ir::read_tvmscript(text, file);
  if (!back.ok())
    return "roundtrip: the printed program does not read: " + ir::format(back.diagnostics.front());
  if (!ir::structural_equal(g.module, back.module)) {
    std::string where;
    for (const auto &[gv, f] : g.module->functions) {
      auto other = back.module->lookup(gv->name_hint);
      if (!other) {
        where = gv->name_hint + " is missing";
        break;
      }
      where = ir::structural_diff(f, other);
      if (!where.empty()) {
        where = gv->name_hint + ": " + where;
        break;
      }
    }
    return "roundtrip: print -> read is not structurally equal (" + where + ")";
  }
  oracle::RunOptions opts;
  opts.file = file;
  opts.coverage = coverage;
  runtime::Outcome first = run_generated(g, opts);
  if (!first.is_ok())
    return "outcome: " + runtime::to_string(first);
  opts.coverage = nullptr;
  opts.shuffle_parallel = true;
  for (uint64_t seed : {1u, 2u}) {
    opts.seed = seed;
    runtime::Outcome again = run_generated(g, opts);
    runtime::OutcomeCompareOptions cmp;
    cmp.same_buffer_set = true;
    if (auto mm = runtime::compare_outcomes(first, again, cmp))
      return "determinism: shuffled run (seed " + std::to_string(seed) +
             ") differs: " + mm->message();
  }
  if (outcome)
    *outcome = std::move(first);
  return std::nullopt;
}

} // namespace tirconf::tools
