// Every program TVM printed (tests/data/tvm-printed/*.py) run through the reference interpreter
// with deterministic inputs: each must end in the outcome the spec gives it (ok unless the program
// is ill-defined), and the results of the well-defined ones are recomputed here by hand in C++.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "ir/module.h"
#include "ir/tvmscript/reader.h"
#include "oracle/eval/interpreter.h"
#include "tests/eval_helpers.h"

#pragma GCC diagnostic ignored "-Wunused-function"

namespace tirconf {
namespace {

// ---------------------------------------------------------------- helpers
using namespace evaltest;

std::string tvm_printed_dir() {
  return std::string(TIRCONF_TVM_PRINTED_DIR) + "/";
}

std::string read_text(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

ir::IRModule read_module(const std::string &text, const std::string &name) {
  auto r = ir::read_tvmscript(text, name);
  EXPECT_TRUE(r.ok()) << name << ": "
                      << (r.diagnostics.empty() ? "" : ir::format(r.diagnostics[0]));
  return r.module;
}

// The deterministic inputs: integer element k is (5k + 3) mod 11 - 2 (UInt: 5k + 3 mod 11; bool:
// k mod 2), float element k is (k mod 13) / 4 - 1; every scalar param is 4 and every symbolic
// extent 4.
int64_t int_fill(DataType e, int64_t k) {
  if (e.is_bool())
    return k % 2;
  if (e.is_uint())
    return (5 * k + 3) % 11;
  return (5 * k + 3) % 11 - 2;
}
double float_fill(int64_t k) {
  return (k % 13) * 0.25 - 1.0;
}

struct Args {
  std::vector<std::unique_ptr<NDArray>> tensors;
  std::vector<oracle::Argument> args;
  NDArray *operator[](size_t i) { return std::get<NDArray *>(args[i]); }
};

Args make_args(const ir::PrimFuncNode &f) {
  Args a;
  for (const auto &p : f.params) {
    ir::Buffer b = f.buffer_for(p);
    if (!b) {
      a.args.emplace_back(Value::from_int64(p->dtype, 4));
      continue;
    }
    std::vector<int64_t> shape;
    for (const auto &d : b->shape) {
      const auto *imm = ir::as<ir::IntImmNode>(d);
      shape.push_back(imm ? imm->value : 4);
    }
    auto t = std::make_unique<NDArray>(b->dtype, shape);
    const DataType e = b->dtype.element_of();
    for (int64_t i = 0; i < t->size(); ++i) {
      Value v = Value::zeros(b->dtype);
      for (int l = 0; l < b->dtype.lanes; ++l) {
        const int64_t k = i * b->dtype.lanes + l;
        v.set_bits(l, e.is_floating() ? Value::from_double(e, float_fill(k)).bits(0)
                                      : Value::from_int64(e, int_fill(e, k)).bits(0));
      }
      t->set(i, v);
    }
    a.args.emplace_back(t.get());
    a.tensors.push_back(std::move(t));
  }
  return a;
}

int64_t floordiv(int64_t a, int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}
int64_t floormod(int64_t a, int64_t b) {
  return a - floordiv(a, b) * b;
}

// ---------------------------------------------------------------- every file

TEST(EvalTvmPrinted, EveryProgramEndsAsTheSpecSays) {
  const std::map<std::string, UnspecifiedClass> ill_defined = {
      // A vectorized loop whose iterations i and i + 2 both write C[i + 2].
      {"misc.py", UnspecifiedClass::Conflict},
      // io = 2, ii = 2, 3 make T.where false: the spec and TVM disagree.
      {"predicate_and_where.py", UnspecifiedClass::Ambiguous},
      // TVM's builtins outside the spec (tvm_storage_sync first): unspec.builtin_unlisted.
      {"tvm_intrinsics.py", UnspecifiedClass::Any},
      // A masked vector load and store: unspec.predicated_access.
      {"predicated.py", UnspecifiedClass::Any},
  };
  int files = 0;
  for (const auto &entry : std::filesystem::directory_iterator(tvm_printed_dir())) {
    if (entry.path().extension() != ".py")
      continue;
    const std::string name = entry.path().filename().string();
    ++files;
    auto m = read_module(read_text(entry.path().string()), name);
    ASSERT_TRUE(m) << name;
    const std::string func = m->functions.size() == 1 ? m->functions[0].first->name_hint : "main";
    auto f = m->lookup(func);
    ASSERT_TRUE(f) << name;
    for (uint64_t seed : {0, 1, 2}) {
      Args a = make_args(*f);
      oracle::RunOptions o;
      o.file = name;
      o.shuffle_parallel = seed != 0;
      o.seed = seed;
      auto out = oracle::run(m, func, a.args, o);
      auto it = ill_defined.find(name);
      if (it == ill_defined.end()) {
        EXPECT_TRUE(out.is_ok()) << name << ": " << runtime::to_string(out);
      } else {
        expect_unspecified(out, it->second);
        EXPECT_EQ(out.unspecified().where.file, name);
      }
    }
  }
  EXPECT_GE(files, 18);
}

// ---------------------------------------------------------------- by hand

struct Program {
  ir::IRModule m;
  std::string func;
  Args args;
  Outcome out;
};

Program run_shared(const std::string &name, const std::string &text = "") {
  Program p;
  p.m = read_module(text.empty() ? read_text(tvm_printed_dir() + name) : text, name);
  p.func = p.m->functions.size() == 1 ? p.m->functions[0].first->name_hint : "main";
  p.args = make_args(*p.m->lookup(p.func));
  oracle::RunOptions o;
  o.file = name;
  p.out = oracle::run(p.m, p.func, p.args.args, o);
  EXPECT_TRUE(p.out.is_ok()) << name << ": " << runtime::to_string(p.out);
  return p;
}

// main of `m` run on fresh deterministic arguments under `reading` (a name=value or a set; empty:
// the catalog's readings).
struct ReadingRun {
  Args args;
  Outcome out;
};
ReadingRun run_under(const ir::IRModule &m, std::string_view reading) {
  ReadingRun r;
  r.args = make_args(*m->lookup("main"));
  oracle::RunOptions o;
  if (!reading.empty())
    EXPECT_FALSE(oracle::apply_reading(o.readings, reading)) << reading;
  r.out = oracle::run(m, "main", r.args.args, o);
  return r;
}

// T.where(io * 4 + ii < 10) over a 3 x 4 grid is false for vi = 10, 11. The catalog leaves that
// unspecified (EveryProgramEndsAsTheSpecSays); TVM's reading skips those instances, so B is A + 1
// everywhere; the spec's text runs them, and B[10] is out of bounds.
TEST(EvalTvmPrinted, BlockPredicateReadings) {
  const std::string name = "predicate_and_where.py";
  auto m = read_module(read_text(tvm_printed_dir() + name), name);
  ASSERT_TRUE(m);
  const std::string func = m->functions[0].first->name_hint;
  for (std::string_view reading : {"tvm", "block-predicate=skip"}) {
    Args a = make_args(*m->lookup(func));
    oracle::RunOptions o;
    ASSERT_FALSE(oracle::apply_reading(o.readings, reading));
    auto out = oracle::run(m, func, a.args, o);
    ASSERT_TRUE(out.is_ok()) << runtime::to_string(out);
    EXPECT_EQ(
        out.readings,
        reading == "tvm"
            ? "block-predicate=skip,thread-tags=shared,allocation-layout=flat,shuffle-indices=any,"
              "thread-reduction=allreduce,block-instances=independent"
            : "block-predicate=skip");
    std::vector<double> b;
    for (int64_t k = 0; k < 10; ++k)
      b.push_back(float_fill(k) + 1.0);
    EXPECT_EQ(float_data(*a[1]), b);
  }
  Args a = make_args(*m->lookup(func));
  oracle::RunOptions o;
  ASSERT_FALSE(oracle::apply_reading(o.readings, "block-predicate=run"));
  auto out = oracle::run(m, func, a.args, o);
  expect_unspecified(out, UnspecifiedClass::OutOfBounds);
  EXPECT_EQ(out.readings, "block-predicate=run");
}

// TVM's test_unify_thread_binding.py::test_vthread_x, made 8 x 8: two loops bound to vthread.x,
// one inside the other. Read as the spec's text reads every For, they are independent and every
// element of B is written; read as TVM does (one index for one tag), only the blocks on the
// diagonal (i_0 == j_0) are, and the rest of B keeps what the caller passed.
const char *kNestedVthread = R"(
@T.prim_func
def main(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32")):
    for i_0 in T.thread_binding(2, thread="vthread.x"):
        for i_1 in T.thread_binding(4, thread="threadIdx.x"):
            for j_0 in T.thread_binding(EXTENT, thread="vthread.x"):
                for j_1 in range(4):
                    with T.block(""):
                        T.reads(A[i_0 * 4 + i_1, j_0 * 4 + j_1])
                        T.writes(B[i_0 * 4 + i_1, j_0 * 4 + j_1])
                        B[i_0 * 4 + i_1, j_0 * 4 + j_1] = A[i_0 * 4 + i_1, j_0 * 4 + j_1] * T.float32(2.0)
)";

std::string nested_vthread(int extent) {
  std::string text = kNestedVthread;
  text.replace(text.find("EXTENT"), 6, std::to_string(extent));
  return text;
}

// TVM's test_unify_thread_binding.py::test_env_thread_x, made 2 x 8: two T.launch_thread of
// threadIdx.x, one inside the other. As independent threads, thread j0_0 writes the B elements
// that another thread j1_0 reads (a conflict); as TVM's one index, each thread reads what it
// wrote, and C = A * 2 + 1.
TEST(EvalTvmPrinted, ThreadTagReadingsOfLaunchedThreads) {
  auto m = read_module(R"(
@T.prim_func
def main(A: T.Buffer((2, 8), "float32"), B: T.Buffer((2, 8), "float32"), C: T.Buffer((2, 8), "float32")):
    i = T.launch_thread("blockIdx.x", 2)
    j0_0 = T.launch_thread("threadIdx.x", 4)
    j1_0 = T.launch_thread("threadIdx.x", 4)
    for j0_1 in range(2):
        B[i, j0_0 * 2 + j0_1] = A[i, j0_0 * 2 + j0_1] * T.float32(2.0)
    for j1_1 in range(2):
        C[i, j1_0 * 2 + j1_1] = B[i, j1_0 * 2 + j1_1] + T.float32(1.0)
)",
                       "env_thread_x.py");
  ASSERT_TRUE(m);
  expect_unspecified(run_under(m, "").out, UnspecifiedClass::Conflict);

  auto shared = run_under(m, "thread-tags=shared");
  ASSERT_TRUE(shared.out.is_ok()) << runtime::to_string(shared.out);
  std::vector<double> c;
  for (int64_t k = 0; k < 16; ++k)
    c.push_back(static_cast<double>(static_cast<float>(float_fill(k)) * 2.0f + 1.0f));
  EXPECT_EQ(float_data(*shared.args[2]), c);
}

TEST(EvalTvmPrinted, ThreadTagReadings) {
  auto m = read_module(nested_vthread(2), "nested_vthread.py");
  ASSERT_TRUE(m);
  for (bool shared : {false, true}) {
    auto [a, out] = run_under(m, shared ? "thread-tags=shared" : "spec");
    ASSERT_TRUE(out.is_ok()) << runtime::to_string(out);
    EXPECT_EQ(out.readings, shared ? "thread-tags=shared" : "block-predicate=run");
    std::vector<double> b;
    for (int64_t i = 0; i < 8; ++i)
      for (int64_t j = 0; j < 8; ++j) {
        const int64_t k = i * 8 + j;
        b.push_back(!shared || i / 4 == j / 4 ? float_fill(k) * 2 : float_fill(k));
      }
    EXPECT_EQ(float_data(*a[1]), b) << (shared ? "shared" : "independent");
  }
  // One hardware index cannot run over 2 and over 1 values at once.
  auto unequal = read_module(nested_vthread(1), "nested_vthread_1.py");
  auto out = run_under(unequal, "tvm").out;
  expect_unspecified(out, UnspecifiedClass::Any);
  EXPECT_NE(runtime::to_string(out).find("unspec.thread_tag_range"), std::string::npos)
      << runtime::to_string(out);
}

// As TVM's CompactBufferAllocation leaves TestStorageAlign: a [1, 16] view with row stride 31 of a
// [1, 31] allocation (storage_align's padding). The catalog fixes no layout for an allocation;
// read as TVM lays it out (row-major), C = (A + 1) * 2.
TEST(EvalTvmPrinted, AllocationLayoutReadings) {
  auto m = read_module(R"(
@T.prim_func
def main(A: T.Buffer((4, 16), "float32"), C: T.Buffer((4, 16), "float32")):
    for i in range(4):
        B = T.allocate([1, 31], "float32", "global")
        B_1 = T.decl_buffer((1, 16), data=B, strides=(31, 1))
        for j in range(16):
            B_1[0, j] = A[i, j] + T.float32(1.0)
        for j in range(16):
            C[i, j] = B_1[0, j] * T.float32(2.0)
)",
                       "strided_view.py");
  ASSERT_TRUE(m);
  auto out = run_under(m, "").out;
  expect_unspecified(out, UnspecifiedClass::Any);
  EXPECT_NE(runtime::to_string(out).find("unspec.memory_layout"), std::string::npos);

  auto [a, flat] = run_under(m, "allocation-layout=flat");
  ASSERT_TRUE(flat.is_ok()) << runtime::to_string(flat);
  std::vector<double> c;
  for (int64_t k = 0; k < 64; ++k)
    c.push_back((float_fill(k) + 1.0) * 2.0);
  EXPECT_EQ(float_data(*a[1]), c);

  // As TVM's FlattenBuffer leaves a bool buffer: an int8 view of its bytes, cast at each access.
  auto bools = read_module(R"(
@T.prim_func
def main(A: T.Buffer((8,), "bool"), B: T.Buffer((8,), "bool")):
    A_1 = T.Buffer((8,), "int8", data=A.data)
    B_1 = T.Buffer((8,), "int8", data=B.data)
    for i in range(8):
        B_1[i] = T.Cast("int8", not T.Cast("bool", A_1[7 - i]))
)",
                           "bool_bytes.py");
  ASSERT_TRUE(bools);
  expect_unspecified(run_under(bools, "").out, UnspecifiedClass::Any, "unspec.memory_layout");
  auto [b, bytes] = run_under(bools, "allocation-layout=flat");
  ASSERT_TRUE(bytes.is_ok()) << runtime::to_string(bytes);
  std::vector<int64_t> negated;
  const std::vector<int64_t> in = int_data(*b[0]);
  for (size_t i = 0; i < 8; ++i)
    negated.push_back(in[7 - i] == 0 ? 1 : 0);
  EXPECT_EQ(int_data(*b[1]), negated);
  // A byte other than 0 or 1 has no bool to be.
  auto two = read_module(R"(
@T.prim_func
def main(A: T.Buffer((8,), "bool")):
    A_1 = T.Buffer((8,), "int8", data=A.data)
    A_1[3] = T.int8(2)
)",
                         "bool_two.py");
  ASSERT_TRUE(two);
  expect_unspecified(run_under(two, "allocation-layout=flat").out, UnspecifiedClass::Any,
                     "unspec.memory_layout");
}

// As TVM's PointerValueTypeRewrite leaves TestRewriteToShuffle0: a Shuffle of one float32x4 with
// one index, lane 0 .. 3 of A[i]. The typing rule wants one index per input lane (the catalog
// rejects it); the evaluation rule and TVM give one result lane per index.
TEST(EvalTvmPrinted, ShuffleIndexReadings) {
  auto m = read_module(R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32x4"), B: T.Buffer((4,), "float32")):
    A_local = T.allocate([4], "float32x4", "local")
    A_local_1 = T.Buffer((4,), "float32x4", data=A_local, scope="local")
    for i in range(4):
        A_local_1[T.Div(i * 4, 4)] = A[T.Div(i * 4, 4)]
    for i in range(4):
        B[i] = T.Shuffle([A_local_1[T.Div(i * 4, 4)]], [0]) + T.Shuffle([A_local_1[T.Div(i * 4 + 1, 4)]], [1]) + T.Shuffle([A_local_1[T.Div(i * 4 + 2, 4)]], [2]) + T.Shuffle([A_local_1[T.Div(i * 4 + 3, 4)]], [3])
)",
                       "shuffle_one_index.py");
  ASSERT_TRUE(m);
  auto out = run_under(m, "").out;
  ASSERT_EQ(out.kind(), runtime::OutcomeKind::Invalid) << runtime::to_string(out);
  EXPECT_NE(runtime::to_string(out).find("type.expr.shuffle.index_count"), std::string::npos);

  auto [a, any] = run_under(m, "shuffle-indices=any");
  ASSERT_TRUE(any.is_ok()) << runtime::to_string(any);
  EXPECT_EQ(any.readings, "shuffle-indices=any");
  std::vector<double> b;
  for (int64_t i = 0; i < 4; ++i) {
    float sum = static_cast<float>(float_fill(i * 4));
    for (int64_t l = 1; l < 4; ++l)
      sum += static_cast<float>(float_fill(i * 4 + l));
    b.push_back(sum);
  }
  EXPECT_EQ(float_data(*a[1]), b);
}

// As TVM's test_bind_cross_thread_reduction binds it (made 4 x 8): rowsum's reduction loop bound
// to threadIdx.x. Read as the spec's parallel loop, the threads update B[vi] concurrently; read as
// TVM's cross-thread reduction, B[i] is the sum of row i, combined in increasing thread order.
TEST(EvalTvmPrinted, ThreadReductionReadings) {
  auto m = read_module(R"(
@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), B: T.Buffer((4,), "float32")):
    for i0 in range(4):
        for i1 in T.thread_binding(8, thread="threadIdx.x"):
            with T.block("B"):
                vi, vk = T.axis.remap("SR", [i0, i1])
                T.reads(A[vi, vk])
                T.writes(B[vi])
                with T.init():
                    B[vi] = T.float32(0.0)
                B[vi] = B[vi] + A[vi, vk]
)",
                       "rowsum_threads.py");
  ASSERT_TRUE(m);
  auto out = run_under(m, "").out;
  expect_unspecified(out, UnspecifiedClass::Conflict);
  EXPECT_NE(runtime::to_string(out).find("unspec.conflict.thread"), std::string::npos);

  for (std::string_view reading : {"thread-reduction=allreduce", "tvm"}) {
    auto [b, reduced] = run_under(m, reading);
    ASSERT_TRUE(reduced.is_ok()) << reading << ": " << runtime::to_string(reduced);
    std::vector<double> sums;
    for (int64_t i = 0; i < 4; ++i) {
      float sum = 0.0f;
      for (int64_t k = 0; k < 8; ++k)
        sum += static_cast<float>(float_fill(i * 8 + k));
      sums.push_back(sum);
    }
    EXPECT_EQ(float_data(*b[1]), sums) << reading;
  }
}

// A block whose instance vi reads what instance vi - 1 wrote (a prefix sum written as a spatial
// block): the spec's text runs the instances in loop order; TVM's TensorIR reading makes the
// dependence between spatial instances unspecified. The row sums of a reduction block, whose
// instances along vk update one element, stay defined under both.
TEST(EvalTvmPrinted, BlockInstanceReadings) {
  auto prefix = read_module(R"(
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(8, i)
            T.reads(A[vi], B[vi - 1])
            T.writes(B[vi])
            B[vi] = A[vi] + T.if_then_else(vi > 0, B[T.max(vi - 1, 0)], 0)
)",
                            "prefix_sum.py");
  ASSERT_TRUE(prefix);
  auto [args, out] = run_under(prefix, "");
  ASSERT_TRUE(out.is_ok()) << runtime::to_string(out);
  std::vector<int64_t> sums;
  int64_t running = 0;
  const std::vector<int64_t> a = int_data(*args[0]);
  for (int64_t x : a)
    sums.push_back(
        running = static_cast<int32_t>(static_cast<uint32_t>(running) + static_cast<uint32_t>(x)));
  EXPECT_EQ(int_data(*args[1]), sums);
  for (std::string_view reading : {"block-instances=independent", "tvm"}) {
    auto dependent = run_under(prefix, reading).out;
    expect_unspecified(dependent, UnspecifiedClass::Conflict, "unspec.block_instance_dependence");
  }

  auto rowsum = read_module(R"(
@T.prim_func
def main(A: T.Buffer((4, 8), "int32"), B: T.Buffer((4,), "int32")):
    for i, k in T.grid(4, 8):
        with T.block("B"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A[vi, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = 0
            B[vi] = B[vi] + A[vi, vk]
)",
                            "rowsum.py");
  ASSERT_TRUE(rowsum);
  auto [b, reduced] = run_under(rowsum, "block-instances=independent");
  ASSERT_TRUE(reduced.is_ok()) << runtime::to_string(reduced);
  const std::vector<int64_t> in = int_data(*b[0]);
  std::vector<int64_t> rows(4, 0);
  for (size_t k = 0; k < in.size(); ++k)
    rows[k / 8] =
        static_cast<int32_t>(static_cast<uint32_t>(rows[k / 8]) + static_cast<uint32_t>(in[k]));
  EXPECT_EQ(int_data(*b[1]), rows);
}

TEST(Readings, UnknownNamesAndValuesAreRefused) {
  oracle::Readings r;
  EXPECT_TRUE(oracle::apply_reading(r, "block-predicate=maybe"));
  EXPECT_TRUE(oracle::apply_reading(r, "no-such-reading=skip"));
  EXPECT_TRUE(oracle::apply_reading(r, "tvm2"));
  EXPECT_TRUE(r.is_default());
  EXPECT_FALSE(oracle::apply_reading(r, "spec"));
  EXPECT_EQ(r.text(), "block-predicate=run");
  EXPECT_FALSE(oracle::apply_reading(r, "tvm"));
  EXPECT_EQ(r.text(),
            "block-predicate=skip,thread-tags=shared,allocation-layout=flat,shuffle-indices=any,"
            "thread-reduction=allreduce,block-instances=independent");
  EXPECT_TRUE(oracle::apply_reading(r, "thread-tags=some"));
  EXPECT_FALSE(oracle::apply_reading(r, "catalog"));
  EXPECT_TRUE(r.is_default());
}

TEST(EvalTvmPrinted, Add) {
  auto p = run_shared("add.py");
  std::vector<int64_t> expect;
  for (int k = 0; k < 16; ++k) {
    int64_t a = int_fill(i32, k);
    expect.push_back(floordiv(a, 3) + floormod(a, 3));
  }
  EXPECT_EQ(int_data(*p.args[1]), expect);
}

TEST(EvalTvmPrinted, AllocAttrsRealizeThreads) {
  auto alloc = run_shared("alloc.py");
  std::vector<double> b;
  for (int k = 0; k < 8; ++k)
    b.push_back(float_fill(k) * 2 + 1);
  EXPECT_EQ(float_data(*alloc.args[1]), b);

  auto attrs = run_shared("attrs.py");
  std::vector<int64_t> a;
  for (int k = 0; k < 4; ++k) {
    int64_t x = int_fill(i32, k);
    a.push_back(x / 2 - floormod(x, 3)); // T.Div truncates; % is FloorMod
  }
  EXPECT_EQ(int_data(*attrs.args[0]), a);

  // uint8: vi * 200 wraps (0, 200, 144, 88), then xor 255.
  auto realize = run_shared("realize_alloc.py");
  EXPECT_EQ(int_data(*realize.args[0]), (std::vector<int64_t>{255, 55, 111, 167}));

  auto threads = run_shared("threads.py");
  std::vector<double> t;
  for (int k = 0; k < 64; ++k)
    t.push_back(float_fill(k) * 2);
  EXPECT_EQ(float_data(*threads.args[1]), t);
}

TEST(EvalTvmPrinted, Exprs) {
  auto p = run_shared("exprs.py");
  std::vector<double> b;
  for (int j = 0; j < 16; ++j) {
    int64_t v = int_fill(i32, j) * 2;
    b.push_back(v > 4 ? static_cast<double>(v) : -1.0); // the second loop overwrites all of B
  }
  EXPECT_EQ(float_data(*p.args[1]), b);
}

TEST(EvalTvmPrinted, ReduceTwo) {
  auto p = run_shared("reduce_two.py");
  std::vector<int64_t> b(4, 0);
  for (int i = 0; i < 4; ++i)
    for (int k = 0; k < 16; ++k)
      b[i] += int_fill(i64, i * 16 + k);
  EXPECT_EQ(int_data(*p.args[1]), b);
}

TEST(EvalTvmPrinted, Vectors) {
  auto p = run_shared("vectors.py");
  std::vector<int64_t> a;
  for (int k = 0; k < 8; ++k)
    a.push_back(int_fill(i32, k));
  // Shuffle([v, w], [0, 4, 1, 5, ...]) interleaves A[0:4] and A[4:8].
  EXPECT_EQ(int_data(*p.args[1]),
            (std::vector<int64_t>{a[0], a[4], a[1], a[5], a[2], a[6], a[3], a[7]}));
  std::vector<int64_t> c;
  for (int l = 0; l < 4; ++l)
    c.push_back(a[l] < a[4 + l] ? a[l] : a[4 + l]);
  for (int l = 0; l < 4; ++l)
    c.push_back(floordiv(a[0] + 2 * l, 3));
  EXPECT_EQ(int_data(*p.args[2]), c);
}

TEST(EvalTvmPrinted, SymbolicAndZeroDim) {
  auto s = run_shared("symbolic.py");
  std::vector<double> b;
  for (int i = 0; i < 4; ++i)
    b.push_back(float_fill(i * 4) + float_fill(i * 4 + 3));
  EXPECT_EQ(float_data(*s.args[1]), b);
  auto z = run_shared("zero_dim.py");
  EXPECT_EQ(int_data(*z.args[0]), (std::vector<int64_t>{int_fill(i32, 0) + 1}));
  EXPECT_EQ(float_data(*z.args[1]), (std::vector<double>{1.5}));
}

TEST(EvalTvmPrinted, MiscWithItsVectorizedLoopMadeSerial) {
  // misc.py itself conflicts (above); with that one loop serial every part is well defined.
  std::string text = read_text(tvm_printed_dir() + "misc.py");
  auto at = text.find("T.vectorized(4)");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 15, "range(4)");
  auto p = run_shared("misc.py", text);
  std::vector<int64_t> b, d;
  for (int k = 0; k < 16; ++k)
    b.push_back(int_fill(i8, k) * 3 - 1);
  EXPECT_EQ(int_data(*p.args[1]), b);
  for (int k = 0; k < 4; ++k)
    d.push_back(int_fill(i8, k) > 0 || int_fill(i8, k) == -128);
  EXPECT_EQ(int_data(*p.args[3]), d);
  std::vector<double> c(8);
  for (int k = 0; k < 8; ++k)
    c[k] = float_fill(k);
  for (int k = 0; k < 6; ++k)
    c[k] = 0.5;                 // C[i], C[i + 2] for i < 4
  c[0] = c[1] = 1.0;            // unrolled if_then_else, both i < n
  for (int i = 0; i < 4; ++i) { // n = 4
    float x = static_cast<float>(i) / 3.0f;
    x = x + static_cast<float>(i / 3);
    x = x + static_cast<float>(i % 3);
    x = x + static_cast<float>((i << 1) & 7);
    c[i % 8] = x;
  }
  c[7] = 3 + 4 + 2.0 + 1.0; // min(k = 3, n) + max(n, 1), sqrt(4), exp(0)
  EXPECT_EQ(float_data(*p.args[2]), c);
}

} // namespace
} // namespace tirconf
