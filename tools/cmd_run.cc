// tirconf run FILE --args ARGS.json|.npz [--out OUT.json|.npz] [--json]: runs one program on the
// reference interpreter and prints its outcome.
#include <fstream>
#include <iostream>
#include <sstream>

#include "oracle/eval/interpreter.h"
#include "runner/arguments.h"
#include "runner/conformance.h"
#include "runtime/npy.h"
#include "tools/commands.h"

namespace tirconf::tools {

namespace {

bool ends_with(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Arguments from a .npz: one member per parameter, named after it; 0-d members for scalars.
runner::PreparedCall npz_arguments(const ir::PrimFuncNode &func, const std::string &path) {
  runner::PreparedCall out;
  auto npz = runtime::read_npz(path);
  if (!npz.ok()) {
    out.errors.push_back({path, {}, "", npz.error});
    return out;
  }
  auto call = std::make_unique<runner::CallArguments>();
  auto find = [&](const std::string &name) -> runtime::NamedArray * {
    for (auto &a : npz.arrays)
      if (a.name == name)
        return &a;
    return nullptr;
  };
  for (const auto &a : npz.arrays) {
    if (!func.param_named(a.name))
      out.errors.push_back({path, {}, "", a.name + ": the function has no such parameter"});
  }
  auto find_param = [&](const ir::Var &p) {
    auto *a = find(func.arg_name(p));
    return a ? a : find(p->name_hint);
  };
  for (const auto &p : func.params) {
    auto *a = find_param(p);
    if (!a) {
      out.errors.push_back(
          {path, {}, "", func.arg_name(p) + ": missing (every parameter needs an array)"});
    } else if (func.buffer_for(p)) {
      call->tensors.push_back({func.arg_name(p), std::move(a->array)});
    } else if (a->array.ndim() != 0 || a->array.dtype() != p->dtype) {
      out.errors.push_back({path,
                            {},
                            "",
                            p->name_hint + ": a scalar parameter of dtype " + to_string(p->dtype) +
                                " needs a 0-d array of that dtype"});
    }
  }
  if (!out.errors.empty())
    return out;
  size_t next = 0;
  for (const auto &p : func.params) {
    if (func.buffer_for(p))
      call->args.emplace_back(&call->tensors[next++].array);
    else
      call->args.emplace_back(find_param(p)->array.get(0));
  }
  out.call = std::move(call);
  return out;
}

} // namespace

void register_run(CLI::App &app, int &exit_code) {
  struct Options {
    std::string file, func, args, out;
    bool json = false, coverage = false, shuffle = false;
    uint64_t seed = 0;
  };
  auto opts = std::make_shared<Options>();
  auto *cmd = app.add_subcommand("run", "Run one PrimFunc on the reference interpreter");
  cmd->add_option("file", opts->file, "TVMScript file")->required();
  cmd->add_option("--func", opts->func, "entry PrimFunc (default: the only one, else main)");
  cmd->add_option("--args", opts->args, "arguments: .json (test-format args) or .npz")->required();
  cmd->add_option("--out", opts->out, "write the outcome: .json, or .npz with the final buffers");
  cmd->add_flag("--json", opts->json, "print the outcome as JSON");
  cmd->add_flag("--rule-coverage", opts->coverage, "print how often each semantics rule ran");
  cmd->add_flag("--shuffle", opts->shuffle, "run parallel iterations in a seeded shuffled order");
  cmd->add_option("--seed", opts->seed, "seed for --shuffle");
  cmd->callback([opts, &exit_code] {
    exit_code = kBadInput;
    auto f = runner::load_file(opts->file);
    if (f.unreadable || !f.read.module) {
      for (const auto &d : f.input_errors)
        std::cerr << format(d) << "\n";
      return;
    }
    const auto &m = f.read.module;
    std::string func_name = opts->func;
    if (func_name.empty())
      func_name = m->functions.size() == 1 ? m->functions.front().first->name_hint : "main";
    auto func = m->lookup(func_name);
    if (!func) {
      std::cerr << opts->file << ": error: no PrimFunc named '" << func_name << "'\n";
      return;
    }
    if (!ends_with(opts->out, ".json") && !ends_with(opts->out, ".npz") && !opts->out.empty()) {
      std::cerr << opts->out << ": error: --out must end in .json or .npz\n";
      return;
    }
    runner::PreparedCall prepared;
    if (ends_with(opts->args, ".npz")) {
      prepared = npz_arguments(*func, opts->args);
    } else {
      std::ifstream in(opts->args, std::ios::binary);
      if (!in) {
        std::cerr << opts->args << ": error: cannot read file\n";
        return;
      }
      std::stringstream buf;
      buf << in.rdbuf();
      auto parsed = runner::parse_args_document(opts->args, buf.str());
      if (!parsed.diagnostics.empty()) {
        std::cerr << format(parsed.diagnostics.front()) << "\n";
        return;
      }
      prepared = runner::prepare_call(*func, parsed.args, opts->args);
    }
    if (!prepared.errors.empty()) {
      for (const auto &d : prepared.errors)
        std::cerr << format(d) << "\n";
      return;
    }

    oracle::RuleCoverage coverage;
    oracle::RunOptions options;
    options.file = opts->file;
    options.shuffle_parallel = opts->shuffle;
    options.seed = opts->seed;
    if (opts->coverage)
      options.coverage = &coverage;
    runtime::Outcome outcome = oracle::run(m, func_name, prepared.call->args, options);

    if (!opts->out.empty()) {
      std::string error;
      if (ends_with(opts->out, ".npz")) {
        if (!outcome.is_ok())
          error = "the run did not end ok, so there are no buffers to write";
        else
          error = runtime::write_npz(opts->out, outcome.ok().buffers);
      } else {
        std::string tmp = opts->out + ".tmp";
        std::ofstream out(tmp);
        out << to_json(outcome) << "\n";
        if (!out.flush() || std::rename(tmp.c_str(), opts->out.c_str()) != 0)
          error = "cannot write file";
      }
      if (!error.empty()) {
        std::cerr << opts->out << ": error: " << error << "\n";
        return;
      }
    }
    std::cout << (opts->json ? to_json(outcome) : to_string(outcome)) << "\n";
    if (opts->coverage)
      for (const auto &[rule, count] : coverage.counts())
        std::cout << rule << " " << count << "\n";
    exit_code = outcome.is_ok() ? kSuccess : kFound;
  });
}

} // namespace tirconf::tools
