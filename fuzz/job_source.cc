#include "fuzz/job_source.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "generators/choices.h"
#include "generators/program_gen.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "tools/gen_check.h"

namespace tirconf::fuzz {

namespace {

// Fills the job's two copies of its arguments, or says why they cannot be made.
void prepare(Job &j, const std::vector<runner::Arg> &args, runner::ArgMatching matching) {
  ir::PrimFunc f = j.module->lookup(j.func);
  if (!f) {
    j.bad = j.source + ": no PrimFunc named '" + j.func + "'";
    return;
  }
  auto a = runner::prepare_call(*f, args, j.file, matching);
  auto b = runner::prepare_call(*f, args, j.file, matching);
  if (!a.call || !b.call) {
    j.bad = a.errors.empty() ? j.source + ": bad arguments" : ir::format(a.errors.front());
    return;
  }
  j.oracle_args = std::move(a.call);
  j.backend_args = std::move(b.call);
}

} // namespace

bool JobSource::list_files(std::vector<std::string> &errors) {
  for (const auto &path : runner::collect_python_files(o_.files, errors)) {
    auto f = runner::load_file(path);
    if (!f.input_ok()) {
      for (const auto &d : f.input_errors)
        errors.push_back(ir::format(d));
      continue;
    }
    if (!f.test) {
      errors.push_back(path + ": error: not a conformance test file (no front matter with args)");
      continue;
    }
    for (size_t c = 0; c < f.test->cases.size(); ++c)
      cases_.push_back({path, static_cast<int>(c)});
  }
  return errors.empty();
}

Job JobSource::make(uint64_t k) {
  return o_.seeded ? generated(o_.first + k) : from_file(cases_[k]);
}

Job JobSource::generated(uint64_t index) {
  Job j;
  const uint64_t ps = gen::derive_seed(o_.seed, index);
  j.stem = "diff_" + std::to_string(o_.seed) + "_" + std::to_string(index);
  j.source = "seed " + std::to_string(o_.seed) + " program " + std::to_string(index) +
             ", profile " + o_.profile;
  j.file = j.stem + ".py";
  j.provenance.seed = o_.seed;
  j.provenance.index = index;
  j.provenance.program_seed = ps;
  j.provenance.profile = o_.profile;
  gen::GeneratedProgram g = gen::generate_program(ps, *profile_);
  j.func = g.entry;
  // Everyone runs the module read back from its printed text: exactly what a finding file holds.
  ir::PrintOptions po;
  po.import_comments = false;
  j.text = ir::print_tvmscript(g.module, po);
  auto read = ir::read_tvmscript(j.text, j.file);
  if (!read.ok()) {
    j.bad = j.source + ": the printed program does not read back: " +
            (read.diagnostics.empty() ? std::string("?") : ir::format(read.diagnostics.front()));
    return j;
  }
  j.module = read.module;
  prepare(j, tools::runner_args(g), runner::ArgMatching::Strict);
  return j;
}

Job JobSource::from_file(const Case &c) {
  Job j;
  auto stem = std::filesystem::path(c.path).stem().string();
  j.stem = stem + "_case" + std::to_string(c.index);
  j.source = c.path + " case " + std::to_string(c.index);
  j.file = c.path;
  j.provenance.input_file = c.path;
  j.provenance.case_index = c.index;
  if (c.path != loaded_path_) {
    loaded_ = runner::load_file(c.path);
    loaded_path_ = c.path;
    std::ifstream in(c.path, std::ios::binary);
    std::stringstream buf;
    buf << in.rdbuf();
    loaded_text_ = buf.str();
  }
  if (!loaded_.input_ok() || !loaded_.test) {
    j.bad = c.path + ": cannot be read";
    return j;
  }
  const runner::TestCase &tc = loaded_.test->cases[static_cast<size_t>(c.index)];
  if (tc.expect.kind == runner::Expectation::Kind::Invalid) {
    j.expects_invalid = true;
    return j;
  }
  j.text = loaded_text_;
  j.module = loaded_.read.module;
  j.func = runner::entry_function(*loaded_.test, j.module);
  // As written: binding tests pass mismatched arguments on purpose.
  prepare(j, tc.args, runner::ArgMatching::AsWritten);
  return j;
}

} // namespace tirconf::fuzz
