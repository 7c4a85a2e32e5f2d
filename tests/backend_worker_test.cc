// The worker process (backends/worker.h) and its wire format: a crash or hang of generated code
// becomes a crash / timeout outcome and the next run gets a fresh worker; batches attribute a
// crash to the program it happened in; outcomes survive the trip through the wire unchanged.
#include <signal.h>

#include "backends/wire.h"
#include "backends/worker.h"
#include "tests/llvm_helpers.h"

namespace tirconf::llvmtest {
namespace {

const char *kHeader = "from tvm.script import tir as T\n\n";

const std::string kGood = std::string(kHeader) + R"(@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = A[i] * 2 + 1
)";
// A store 8 GB past the tensor: nothing is mapped there.
const std::string kCrash = std::string(kHeader) + R"(@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[2000000000] = 1
)";
// About 4.6e18 iterations: runs until killed.
const std::string kHang = std::string(kHeader) + R"(@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i, j in T.grid(2147483647, 2147483647):
        A[0] = A[0] + i
)";

backends::WorkerRequest request(const std::string &program, std::span<runtime::Argument> args,
                                double timeout = 10) {
  backends::WorkerRequest r;
  r.backend = "llvm-O0";
  r.program = program;
  r.file = "t.py";
  r.func = "main";
  r.args = args;
  r.timeout_seconds = timeout;
  return r;
}

class Worker : public ::testing::Test {
protected:
  void SetUp() override {
    if (!backends::make_backend("llvm-O0"))
      GTEST_SKIP() << "llvm-O0 is not built in";
  }
};

TEST_F(Worker, RunsOnCopiesAndReturnsTheFinalBuffers) {
  backends::Worker w;
  NDArray a = ints(i32, {4}, {1, 2, 3, 4});
  std::vector<runtime::Argument> args = {&a};
  auto reply = w.run(request(kGood, args));
  ASSERT_EQ(reply.status, backends::WorkerReply::Status::Ran) << reply.reason;
  EXPECT_EQ(int_data(buffer(reply.outcome, "A")), (std::vector<int64_t>{3, 5, 7, 9}));
  EXPECT_EQ(int_data(a), (std::vector<int64_t>{1, 2, 3, 4})); // the caller's tensor is untouched
  // The same program again comes from the worker's cache.
  auto again = w.run(request(kGood, args));
  EXPECT_TRUE(again.cached);
  EXPECT_EQ(w.starts(), 1);
}

TEST_F(Worker, CrashIsAnOutcomeAndTheNextRunGetsAFreshWorker) {
  backends::Worker w;
  NDArray a(i32, {4});
  std::vector<runtime::Argument> args = {&a};
  auto crash = w.run(request(kCrash, args));
  ASSERT_EQ(crash.outcome.kind(), runtime::OutcomeKind::Crash) << runtime::to_string(crash.outcome);
  EXPECT_EQ(crash.outcome.crash().signal, SIGSEGV);
  auto good = w.run(request(kGood, args));
  ASSERT_EQ(good.status, backends::WorkerReply::Status::Ran);
  EXPECT_EQ(int_data(buffer(good.outcome, "A")), (std::vector<int64_t>{1, 1, 1, 1}));
  EXPECT_EQ(w.starts(), 2);
}

TEST_F(Worker, HangIsATimeout) {
  backends::Worker w;
  NDArray a(i32, {4});
  std::vector<runtime::Argument> args = {&a};
  auto hang = w.run(request(kHang, args, 1.0));
  ASSERT_EQ(hang.outcome.kind(), runtime::OutcomeKind::Timeout) << runtime::to_string(hang.outcome);
  EXPECT_EQ(hang.outcome.timeout().limit_seconds, 1.0);
  EXPECT_TRUE(w.run(request(kGood, args)).outcome.is_ok());
}

TEST_F(Worker, BatchAttributesACrashToItsProgram) {
  backends::Worker w;
  NDArray a = ints(i32, {4}, {1, 2, 3, 4});
  std::vector<runtime::Argument> args = {&a};
  std::vector<backends::WorkerRequest> reqs = {request(kGood, args), request(kCrash, args),
                                               request(kGood, args)};
  auto replies = w.run_batch(reqs);
  ASSERT_EQ(replies.size(), 3u);
  EXPECT_TRUE(replies[0].outcome.is_ok()) << runtime::to_string(replies[0].outcome);
  EXPECT_EQ(replies[1].outcome.kind(), runtime::OutcomeKind::Crash)
      << runtime::to_string(replies[1].outcome);
  EXPECT_EQ(replies[2].status, backends::WorkerReply::Status::Lost);
  // Compiled together, each program still runs alone on its own copy of the arguments.
  std::vector<backends::WorkerRequest> goods = {request(kGood, args), request(kGood, args)};
  for (const auto &r : w.run_batch(goods))
    EXPECT_EQ(int_data(buffer(r.outcome, "A")), (std::vector<int64_t>{3, 5, 7, 9}));
}

TEST_F(Worker, UnsupportedAndNotBuiltAreStatusesNotOutcomes) {
  backends::Worker w;
  NDArray a(i32, {4});
  std::vector<runtime::Argument> args = {&a};
  const std::string extern_call = std::string(kHeader) + R"(@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[0] = T.call_extern("int32", "abs", A[1])
)";
  auto u = w.run(request(extern_call, args));
  EXPECT_EQ(u.status, backends::WorkerReply::Status::Unsupported);
  EXPECT_NE(u.reason.find("tir.call_extern"), std::string::npos) << u.reason;
  auto req = request(kGood, args);
  req.backend = "no-such-backend";
  EXPECT_EQ(w.run(req).status, backends::WorkerReply::Status::NotBuilt);
}

TEST(Wire, OutcomesRoundTrip) {
  runtime::OkOutcome ok;
  NDArray strided = NDArray::strided(f16, {2, 2}, {3, 1}, 2);
  strided.set(3, Value::from_double(f16, 1.5));
  ok.buffers.push_back({"H", strided});
  ok.buffers.push_back({"M", ints(b1, {3}, {1, 0, 1})});
  ok.ret = Value::from_bits(DataType::Int(8, 4), std::vector<uint64_t>{1, 0xff, 0x80, 0x7f});
  const runtime::Outcome outcomes[] = {
      runtime::Outcome(ok),
      runtime::Outcome::error(ErrorClass::Binding, "argument A: ndim is 1", "bind.ndim",
                              {"f.py", {3, 7}}),
      runtime::Outcome::unspecified(runtime::UnspecifiedClass::Overflow, "unspec.int_min_div",
                                    {"f.py", {1, 2}}, "x"),
      runtime::Outcome(runtime::CrashOutcome{"killed by SIGSEGV", SIGSEGV, 0}),
      runtime::Outcome(runtime::TimeoutOutcome{2.5, "no reply"}),
      runtime::Outcome(runtime::InternalErrorOutcome{"type.expr.mod.int", {"f.py", {4, 13}}, "m"}),
  };
  // Each alternative's tag is the one the protocol fixes (wire.h), whatever OutcomeKind's order.
  const backends::wire::OutcomeTag tags[] = {
      backends::wire::OutcomeTag::Ok,          backends::wire::OutcomeTag::Error,
      backends::wire::OutcomeTag::Unspecified, backends::wire::OutcomeTag::Crash,
      backends::wire::OutcomeTag::Timeout,     backends::wire::OutcomeTag::InternalError,
  };
  for (size_t i = 0; i < std::size(tags); ++i) {
    backends::wire::Writer w;
    w.outcome(outcomes[i]);
    EXPECT_EQ(static_cast<uint8_t>(w.data()[0]), static_cast<uint8_t>(tags[i]));
  }
  for (const auto &o : outcomes) {
    backends::wire::Writer w;
    w.outcome(o);
    backends::wire::Reader r(w.data());
    runtime::Outcome back = r.outcome();
    ASSERT_TRUE(r.ok() && r.at_end());
    runtime::OutcomeCompareOptions same;
    same.same_buffer_set = true;
    EXPECT_FALSE(runtime::compare_outcomes(o, back, same))
        << runtime::to_string(o) << " vs " << runtime::to_string(back);
    EXPECT_EQ(runtime::to_json(o), runtime::to_json(back));
  }
  // Truncated input is refused, not misread.
  backends::wire::Writer w;
  w.outcome(outcomes[0]);
  backends::wire::Reader r(std::string_view(w.data()).substr(0, w.data().size() - 3));
  r.outcome();
  EXPECT_FALSE(r.ok());
}

} // namespace
} // namespace tirconf::llvmtest
