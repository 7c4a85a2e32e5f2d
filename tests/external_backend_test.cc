// External implementations (backends/external/): the protocol driven against a stand-in worker
// (tests/fake_impl_worker.py, plain Python) that can be told to crash, hang, break the protocol,
// reject a program or fail a run; configuration files; and the registry's handling of them.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "backends/external/external_backend.h"
#include "backends/external/impl_config.h"
#include "backends/registry.h"
#include "ir/tvmscript/reader.h"

namespace tirconf::backends::external {
namespace {

namespace fs = std::filesystem;

const char *kFake = TIRCONF_SOURCE_DIR "/tests/fake_impl_worker.py";

std::string program(const std::string &fake_comment) {
  return "from tvm.script import tir as T\n" + fake_comment +
         "\n\n@T.prim_func\ndef main(A: T.Buffer((4,), \"int32\")):\n"
         "    for i in range(4):\n        A[i] = A[i] + 1\n";
}

class External : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("tirconf_external_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    log_ = (dir_ / "requests.log").string();
    ::setenv("FAKE_IMPL_LOG", log_.c_str(), 1);
  }
  void TearDown() override {
    ::unsetenv("FAKE_IMPL_LOG");
    ::unsetenv("FAKE_IMPL_UNAVAILABLE");
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  std::string config_text(const std::string &extra = "") const {
    return "name: fake\ncommand: [\"python3\", \"" + std::string(kFake) +
           "\"]\ntimeouts: {start: 20, compile: 20, run: 2}\n" + extra;
  }
  ImplConfig config(const std::string &extra = "") const {
    auto r = parse_impl_config(config_text(extra), "fake.yaml");
    EXPECT_TRUE(r.config) << (r.diagnostics.empty() ? "" : ir::format(r.diagnostics.front()));
    return *r.config;
  }
  // The ops the worker received, in order.
  std::vector<std::string> ops() const {
    std::ifstream in(log_);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) {
      const auto at = line.find("\"op\": \"");
      if (at != std::string::npos)
        out.push_back(line.substr(at + 7, line.find('"', at + 7) - at - 7));
    }
    return out;
  }

  runtime::Outcome compile_and_run(ExternalBackend &b, const std::string &text,
                                   runtime::NDArray &a) {
    auto read = ir::read_tvmscript(text, "t.py");
    EXPECT_TRUE(read.ok());
    CompileOptions options;
    options.entries = {"main"};
    options.file = "t.py";
    options.source = text;
    CompileResult c = b.compile(read.module, options);
    if (c.rejected)
      return runtime::Outcome(*c.rejected);
    EXPECT_TRUE(c.executable) << c.error;
    if (!c.executable)
      return runtime::Outcome(runtime::CrashOutcome{"no executable: " + c.error, 0, 0});
    std::vector<runtime::Argument> args = {&a};
    return c.executable->run("main", args, RunLimits{});
  }

  fs::path dir_;
  std::string log_;
};

runtime::NDArray ints(std::vector<int64_t> values) {
  runtime::NDArray a(ir::DataType::Int(32), {static_cast<int64_t>(values.size())});
  for (size_t i = 0; i < values.size(); ++i)
    a.set(static_cast<int64_t>(i), runtime::Value::from_int64(ir::DataType::Int(32), values[i]));
  return a;
}

TEST_F(External, HelloGivesNameVersionCapabilitiesAndUnsupportedConstructs) {
  ExternalBackend b(config());
  std::string why;
  const Hello *h = b.hello(&why);
  ASSERT_TRUE(h) << why;
  EXPECT_EQ(h->name, "fake");
  EXPECT_EQ(b.version(), "1.0 (git test)");
  EXPECT_FALSE(b.capabilities().recursion);
  EXPECT_TRUE(b.capabilities().vectors); // absent: tirconf's default
  EXPECT_FALSE(b.capabilities().in_process);
  auto loop = ir::read_tvmscript("from tvm.script import tir as T\n\n@T.prim_func\n"
                                 "def main(A: T.Buffer((1,), \"int32\")):\n"
                                 "    while A[0] < 3:\n        A[0] = A[0] + 1\n",
                                 "w.py");
  ASSERT_TRUE(loop.ok());
  auto u = b.unsupported(loop.module);
  ASSERT_EQ(u.size(), 1u);
  EXPECT_EQ(u[0].construct, "tir.While");
  EXPECT_EQ(u[0].loc.line, 5u);
  EXPECT_FALSE(b.unavailable());
  // Such a module is not even sent: compile answers with the declared list.
  CompileResult c = b.compile(loop.module, CompileOptions{});
  EXPECT_FALSE(c.executable);
  ASSERT_EQ(c.unsupported.size(), 1u);
  auto seen = ops();
  EXPECT_EQ(std::count(seen.begin(), seen.end(), "compile"), 0);
}

TEST_F(External, TensorsTravelBothWaysBitExact) {
  ExternalBackend b(config());
  runtime::NDArray a = ints({1, -2, 2147483647, -2147483648});
  runtime::Outcome o = compile_and_run(b, program(""), a);
  ASSERT_TRUE(o.is_ok()) << runtime::to_string(o);
  const runtime::NDArray *out = o.ok().find("A");
  ASSERT_TRUE(out);
  EXPECT_EQ(out->get(3).as_int64(), -2147483648); // the fake returns what it was given
  EXPECT_EQ(out->get(2).as_int64(), 2147483647);
}

TEST_F(External, TheFileTextIsSentFrontMatterAndAll) {
  ExternalBackend b(config());
  runtime::NDArray a = ints({1, 2, 3, 4});
  (void)compile_and_run(b, program("# a comment only the text has"), a);
  std::ifstream in(log_);
  std::stringstream s;
  s << in.rdbuf();
  EXPECT_NE(s.str().find("a comment only the text has"), std::string::npos);
}

TEST_F(External, ARejectionIsAnOutcomeWithTheImplementationsMessage) {
  ExternalBackend b(config());
  runtime::NDArray a = ints({1, 2, 3, 4});
  runtime::Outcome o = compile_and_run(b, program("# fake: reject"), a);
  ASSERT_EQ(o.kind(), runtime::OutcomeKind::Rejected) << runtime::to_string(o);
  EXPECT_EQ(o.rejected().stage, "build");
  EXPECT_EQ(o.rejected().message, "fake refuses it");
}

TEST_F(External, ErrorMessagesMapToClassesByTheConfigurationElseCompareAsSomeError) {
  runtime::NDArray a = ints({1, 2, 3, 4});
  {
    ExternalBackend b(config("errors:\n  - {match: \"^Assert fail\", class: assert}\n"));
    runtime::Outcome o = compile_and_run(b, program("# fake: error-on-run"), a);
    ASSERT_EQ(o.kind(), runtime::OutcomeKind::Error) << runtime::to_string(o);
    EXPECT_EQ(o.error().error_class, runtime::ErrorClass::Assert);
    EXPECT_EQ(o.error().message, "Assert fail: fake");
  }
  ExternalBackend b(config());
  runtime::Outcome o = compile_and_run(b, program("# fake: error-on-run"), a);
  ASSERT_EQ(o.kind(), runtime::OutcomeKind::Error);
  EXPECT_EQ(o.error().error_class, runtime::ErrorClass::Other);
  // "Some error" equals any class the oracle may give, and nothing but an error.
  auto expected = runtime::Outcome::error(runtime::ErrorClass::DivideByZero, "", "");
  EXPECT_FALSE(runtime::compare_outcomes(expected, o));
  EXPECT_TRUE(runtime::compare_outcomes(runtime::Outcome(runtime::OkOutcome{}), o));
}

TEST_F(External, ACrashIsThatRunsOutcomeAndTheNextRunGetsAFreshWorker) {
  ExternalBackend b(config());
  runtime::NDArray a = ints({1, 2, 3, 4});
  auto good = ir::read_tvmscript(program(""), "good.py");
  CompileOptions options;
  options.entries = {"main"};
  options.source = program("");
  CompileResult compiled = b.compile(good.module, options); // compiled by the first worker
  ASSERT_TRUE(compiled.executable);

  runtime::Outcome crash = compile_and_run(b, program("# fake: crash-on-run"), a);
  ASSERT_EQ(crash.kind(), runtime::OutcomeKind::Crash) << runtime::to_string(crash);
  EXPECT_EQ(crash.crash().signal, SIGSEGV);

  // The executable of the dead worker is compiled again on the new one, transparently.
  std::vector<runtime::Argument> args = {&a};
  runtime::Outcome after = compiled.executable->run("main", args, RunLimits{});
  EXPECT_TRUE(after.is_ok()) << runtime::to_string(after);
  auto seen = ops();
  EXPECT_EQ(std::count(seen.begin(), seen.end(), "hello"), 2);
  EXPECT_EQ(std::count(seen.begin(), seen.end(), "compile"), 3);
}

TEST_F(External, AHangIsKilledAtTheRunTimeoutAndBecomesATimeout) {
  ExternalBackend b(config());
  runtime::NDArray a = ints({1, 2, 3, 4});
  const auto start = std::chrono::steady_clock::now();
  runtime::Outcome o = compile_and_run(b, program("# fake: hang-on-run"), a);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(o.kind(), runtime::OutcomeKind::Timeout) << runtime::to_string(o);
  EXPECT_LT(seconds, 15);
  EXPECT_TRUE(compile_and_run(b, program(""), a).is_ok());
}

// A timeout kills the worker and leaves its restart to the next request. The executable that
// timed out, run again, must be compiled again on the new worker, never run by a handle that
// worker never made.
TEST_F(External, AnExecutableThatTimedOutRunsAgainOnTheNextWorker) {
  ExternalBackend b(config());
  const std::string text = program("# fake: hang-on-first-run");
  auto read = ir::read_tvmscript(text, "t.py");
  CompileOptions options;
  options.entries = {"main"};
  options.source = text;
  CompileResult compiled = b.compile(read.module, options);
  ASSERT_TRUE(compiled.executable);
  runtime::NDArray a = ints({1, 2, 3, 4});
  std::vector<runtime::Argument> args = {&a};

  runtime::Outcome first = compiled.executable->run("main", args, RunLimits{});
  ASSERT_EQ(first.kind(), runtime::OutcomeKind::Timeout) << runtime::to_string(first);

  runtime::Outcome again = compiled.executable->run("main", args, RunLimits{});
  ASSERT_TRUE(again.is_ok()) << runtime::to_string(again);
  EXPECT_EQ(a.get(3).as_int64(), 4); // the fake returns the tensor it was sent
  auto seen = ops();
  EXPECT_EQ(std::count(seen.begin(), seen.end(), "hello"), 2);
  EXPECT_EQ(std::count(seen.begin(), seen.end(), "compile"), 2); // once on each worker
}

TEST_F(External, BytesThatAreNotAFrameAreAFaultOfTheWorkerNotAVerdict) {
  ExternalBackend b(config());
  runtime::NDArray a = ints({1, 2, 3, 4});
  runtime::Outcome o = compile_and_run(b, program("# fake: garbage-on-run"), a);
  EXPECT_EQ(o.kind(), runtime::OutcomeKind::InternalError) << runtime::to_string(o);
  EXPECT_TRUE(compile_and_run(b, program(""), a).is_ok());
}

TEST_F(External, AWorkerThatCannotStartOrRefusesHelloIsUnavailableWithTheReason) {
  ::setenv("FAKE_IMPL_UNAVAILABLE", "cannot import fake", 1);
  ExternalBackend refused(config());
  auto why = refused.unavailable();
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("cannot import fake"), std::string::npos) << *why;
  ::unsetenv("FAKE_IMPL_UNAVAILABLE");

  auto r = parse_impl_config("name: none\ncommand: [\"/nonexistent/tirconf-worker\"]\n", "n.yaml");
  ASSERT_TRUE(r.config);
  ExternalBackend missing(*r.config);
  ASSERT_TRUE(missing.unavailable());
}

TEST_F(External, AForkStartsItsOwnWorkerAndLeavesTheParentsAlone) {
  ExternalBackend b(config());
  std::string why;
  ASSERT_TRUE(b.hello(&why)) << why;
  const pid_t pid = ::fork();
  if (pid == 0) {
    runtime::NDArray a = ints({1, 2, 3, 4});
    auto read = ir::read_tvmscript(program(""), "t.py");
    CompileOptions options;
    options.source = program("");
    CompileResult c = b.compile(read.module, options);
    std::vector<runtime::Argument> args = {&a};
    ::_exit(c.executable && c.executable->run("main", args, RunLimits{}).is_ok() ? 0 : 1);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  runtime::NDArray a = ints({1, 2, 3, 4});
  EXPECT_TRUE(compile_and_run(b, program(""), a).is_ok());
  auto seen = ops();
  EXPECT_EQ(std::count(seen.begin(), seen.end(), "hello"), 2); // the parent's and the fork's
}

TEST(ImplConfig, ProblemsNameTheFileLineAndColumn) {
  auto r = parse_impl_config("name: x\ncommand: [\"a\"]\ntimeouts: {run: -1}\n", "impl.yaml");
  ASSERT_FALSE(r.config);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].file, "impl.yaml");
  EXPECT_EQ(r.diagnostics[0].loc.line, 3u);
  auto bad_class = parse_impl_config(
      "name: x\ncommand: [\"a\"]\nerrors:\n  - {match: \"m\", class: nope}\n", "impl.yaml");
  ASSERT_FALSE(bad_class.config);
  EXPECT_EQ(bad_class.diagnostics[0].loc.line, 4u);
  auto unknown = parse_impl_config("name: x\ncommand: [\"a\"]\ncolour: red\n", "impl.yaml");
  ASSERT_FALSE(unknown.config);
  EXPECT_NE(unknown.diagnostics[0].message.find("colour"), std::string::npos);
}

TEST(ImplConfig, DirAndPythonAreExpanded) {
  ::setenv("TIRCONF_PYTHON", "/opt/py/bin/python3", 1);
  auto r = parse_impl_config("name: x\ncommand: [\"${python}\", \"${dir}/w.py\"]\n",
                             "/some/where/impl.yaml");
  ::unsetenv("TIRCONF_PYTHON");
  ASSERT_TRUE(r.config);
  EXPECT_EQ(r.config->command[0], "/opt/py/bin/python3");
  EXPECT_EQ(r.config->command[1], "/some/where/w.py");
}

TEST(Registry, BuiltInImplementationsComeFromTheirConfigurationFiles) {
  for (const char *name : {"tvm", "tvm-O0", "tvm-O3", "tvm-cuda"}) {
    const BackendInfo *info = find_backend(name);
    ASSERT_TRUE(info) << name;
    EXPECT_TRUE(info->external);
    EXPECT_TRUE(info->built_in) << info->not_built;
  }
  EXPECT_FALSE(find_backend("no-such-implementation"));
  EXPECT_FALSE(find_backend("/no/such/impl.yaml"));
}

} // namespace
} // namespace tirconf::backends::external
