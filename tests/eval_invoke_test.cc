// The reference interpreter on PrimFunc invocation (spec "Semantics of Statements / 1. PrimFunc"):
// DLTensor binding and its errors, strided and offset tensors, symbolic shapes, calls between
// PrimFuncs (recursion, buffers passed as handles), tir.ret. Expected values are worked out by
// hand from the spec and the catalog's readings.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "ir/tvmscript/reader.h"
#include "oracle/eval/interpreter.h"
#include "tests/eval_helpers.h"

#pragma GCC diagnostic ignored "-Wunused-function"

namespace tirconf {
namespace {

// ---------------------------------------------------------------- helpers
using namespace evaltest;

ir::IRModule parse_shared(const std::string &name) {
  std::ifstream in(std::string(TIRCONF_TVM_PRINTED_DIR) + "/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  auto r = ir::read_tvmscript(ss.str(), name);
  EXPECT_TRUE(r.ok()) << name << ": "
                      << (r.diagnostics.empty() ? "" : ir::format(r.diagnostics[0]));
  return r.module;
}

const std::string kCopy = R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = A[i]
)";

// ---------------------------------------------------------------- DLTensor binding errors

TEST(EvalInvoke, BindingErrorsNameTheArgumentAndField) {
  struct Case {
    NDArray a;
    std::string rule;
    std::string message;
  };
  std::vector<Case> cases;
  cases.push_back({NDArray(f32, {4}), "bind.dtype",
                   "argument A: dtype is float32 but the buffer requires int32"});
  cases.push_back(
      {NDArray(i32, {2, 2}), "bind.ndim", "argument A: ndim is 2 but the buffer requires 1"});
  cases.push_back(
      {NDArray(i32, {5}), "bind.shape", "argument A: shape[0] is 5 but the buffer requires 4"});
  // Explicit strides against a buffer that declares none (catalog bind.strides).
  cases.push_back({NDArray::strided(i32, {4}, {1}, 0), "bind.strides", ""});
  // A byte_offset of one element against the buffer's elem_offset 0.
  cases.push_back({NDArray::strided(i32, {4}, {}, 4), "bind.elem_offset", ""});
  for (auto &c : cases) {
    NDArray B(i32, {4});
    auto o = run_src(kCopy, {&c.a, &B});
    expect_error(o, ErrorClass::Binding, c.rule);
    if (!c.message.empty() && o.kind() == runtime::OutcomeKind::Error) {
      EXPECT_EQ(o.error().message, c.message);
    }
  }
  // A byte_offset that is no multiple of the element size (NDArray itself refuses to make one).
  NDArray misaligned = NDArray::strided(i32, {4}, {}, 4);
  misaligned.dltensor()->byte_offset = 2;
  NDArray B(i32, {4});
  auto o = run_src(kCopy, {&misaligned, &B});
  expect_error(o, ErrorClass::Binding, "bind.byte_offset");
}

TEST(EvalInvoke, ArityAndScalarParams) {
  NDArray A(i32, {4});
  auto few = run_src(kCopy, {&A});
  expect_error(few, ErrorClass::Binding, "bind.arity");
  const std::string scalar = R"(
@T.prim_func
def f(A: T.Buffer((1,), "int32"), n: T.int32):
    A[0] = n
)";
  NDArray B(i32, {1});
  expect_error(run_src(scalar, {&B, Value::from_int64(i64, 3)}), ErrorClass::Binding,
               "bind.scalar_param");
  NDArray C(i32, {1});
  expect_error(run_src(scalar, {&B, &C}), ErrorClass::Binding, "bind.scalar_param");
  expect_error(run_src(scalar, {Value::from_int64(i32, 1), Value::from_int64(i32, 3)}),
               ErrorClass::Binding, "bind.scalar_param");
}

// [bind.noalias] arguments must not alias; when they do, the run is unspecified.
TEST(EvalInvoke, AliasingArgumentsAreUnspecified) {
  NDArray A(i32, {4});
  auto o = run_src(kCopy, {&A, &A});
  expect_unspecified(o, UnspecifiedClass::Any, "unspec.dltensor_alias");
}

// ---------------------------------------------------------------- layouts

TEST(EvalInvoke, StridedAndOffsetTensors) {
  const std::string src = R"(
@T.prim_func
def f(a: T.handle, B: T.Buffer((3, 4), "int32")):
    s0 = T.int32()
    s1 = T.int32()
    off = T.int32()
    A = T.match_buffer(a, (3, 4), "int32", strides=[s0, s1], elem_offset=off)
    for i, j in T.grid(3, 4):
        B[i, j] = A[i, j] * 10 + off
        A[i, j] = i - j
)";
  // Element (i, j) of A lives at storage element 3 + 9 i + 2 j.
  NDArray A = NDArray::strided(i32, {3, 4}, {9, 2}, 12);
  for (int64_t k = 0; k < 12; ++k)
    A.set(k, Value::from_int64(i32, k));
  NDArray B(i32, {3, 4});
  auto o = run_src(src, {&A, &B});
  EXPECT_OK(o);
  std::vector<int64_t> expect(12), back(12);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) {
      expect[i * 4 + j] = (i * 4 + j) * 10 + 3;
      back[i * 4 + j] = i - j;
    }
  EXPECT_EQ(int_data(B), expect);
  EXPECT_EQ(int_data(A), back); // written back through the same layout
  // The elements between strided ones are untouched.
  int32_t gap = -1;
  std::memcpy(&gap, A.storage() + 12 + 4,
              4); // storage element 4 (between (0,0) at 3 and (0,1) at 5)
  EXPECT_EQ(gap, 0);
  // Compact tensors bind the stride Vars to the row-major strides.
  NDArray C = ints(i32, {3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  NDArray D(i32, {3, 4});
  auto compact = run_src(src, {&C, &D});
  EXPECT_OK(compact);
  for (int k = 0; k < 12; ++k)
    expect[k] = k * 10;
  EXPECT_EQ(int_data(D), expect);
}

TEST(EvalInvoke, DeclaredStridesMustMatch) {
  const std::string src = R"(
@T.prim_func
def f(a: T.handle):
    A = T.match_buffer(a, (2, 3), "int32", strides=[4, 1])
    A[0, 0] = 1
)";
  NDArray ok = NDArray::strided(i32, {2, 3}, {4, 1}, 0);
  EXPECT_OK(run_src(src, {&ok}));
  NDArray wrong = NDArray::strided(i32, {2, 3}, {3, 1}, 0);
  auto o = run_src(src, {&wrong});
  expect_error(o, ErrorClass::Binding, "bind.strides");
  EXPECT_EQ(o.error().message, "argument a: strides[0] is 3 but the buffer requires 4");
  NDArray compact(i32, {2, 3}); // compact strides are (3, 1)
  expect_error(run_src(src, {&compact}), ErrorClass::Binding, "bind.strides_compact");
}

TEST(EvalInvoke, SymbolicShapes) {
  auto m = parse_shared("symbolic.py");
  NDArray A = floats(f16, {3, 4}, {1, 2, 3, 4.5, 5, 6, 7, 8, 0.1, 0, 0, 0.2});
  NDArray B(f16, {3});
  auto o = run_mod(m, {&A, &B, Value::from_int64(i32, 3)});
  EXPECT_OK(o);
  // float16 0.1 = 1638 * 2^-14 and 0.2 = 3276 * 2^-14; their sum 4914 * 2^-14 lies in [0.25, 0.5)
  // where the spacing is 4 * 2^-14: 1228.5 spacings, a tie, to even: 1228 * 2^-12.
  EXPECT_EQ(float_data(B), (std::vector<double>{5.5, 13.0, 0.2998046875}));
  // [bind.shape_var] n is passed and must agree with the tensor's extent.
  NDArray A2(f16, {3, 4});
  NDArray B2(f16, {3});
  auto o2 = run_mod(m, {&A2, &B2, Value::from_int64(i32, 2)});
  expect_error(o2, ErrorClass::Binding, "bind.shape_var");
  EXPECT_EQ(o2.error().message, "argument a: shape[0] is 3 but the buffer requires 2");
}

TEST(EvalInvoke, ZeroDimTensors) {
  auto m = parse_shared("zero_dim.py");
  NDArray A = ints(i32, {}, {41});
  NDArray B(bf16, {});
  auto o = run_mod(m, {&A, &B});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(A), (std::vector<int64_t>{42}));
  EXPECT_EQ(float_data(B), (std::vector<double>{1.5}));
}

// ---------------------------------------------------------------- calls and returns

TEST(EvalInvoke, ReturnFromNestedControlFlow) {
  auto m = parse_shared("ret_scalar.py");
  NDArray A = ints(i32, {4}, {3, 4, 0, 0});
  auto small = run_mod(m, {&A});
  EXPECT_OK(small);
  ASSERT_TRUE(small.is_ok() && small.ok().ret);
  EXPECT_EQ(small.ok().ret->as_int64(), 14); // s = 7 <= 10: s * 2
  NDArray A2 = ints(i32, {4}, {6, 5, 0, 0});
  auto big = run_mod(m, {&A2});
  ASSERT_TRUE(big.is_ok() && big.ok().ret);
  EXPECT_EQ(big.ok().ret->as_int64(), 11); // returned from inside the if
}

TEST(EvalInvoke, ModuleCallsAndRecursion) {
  auto square = parse_shared("Module.py");
  NDArray A = ints(i32, {4}, {-3, 0, 5, 46341});
  auto o = run_mod(square, {&A}, {}, "main");
  EXPECT_OK(o);
  EXPECT_EQ(int_data(A), (std::vector<int64_t>{9, 0, 25, -2147479015})); // 46341^2 wraps
  const std::string fact = R"(
@I.ir_module
class Module:
    @T.prim_func
    def fact(n: T.int32) -> T.int32:
        if n <= 1:
            return 1
        return n * Module.fact(n - 1)

    @T.prim_func
    def main(A: T.Buffer((2,), "int32")):
        A[1] = Module.fact(A[0])
)";
  NDArray F = ints(i32, {2}, {10, 0});
  auto of = run_src(fact, {&F}, {}, "main");
  EXPECT_OK(of);
  EXPECT_EQ(int_data(F), (std::vector<int64_t>{10, 3628800}));
  NDArray G = ints(i32, {2}, {1000, 0});
  auto deep = run_src(fact, {&G}, {}, "main"); // deeper than the 200-call budget
  expect_error(deep, ErrorClass::Limit, "sem.stmt.limit");
  const std::string forever = R"(
@I.ir_module
class Module:
    @T.prim_func
    def loop(n: T.int32) -> T.int32:
        return Module.loop(n + 1)

    @T.prim_func
    def main(A: T.Buffer((1,), "int32")):
        A[0] = Module.loop(A[0])
)";
  NDArray H = ints(i32, {1}, {0});
  oracle::RunOptions deep_budget;
  deep_budget.call_depth_limit = 5000;
  expect_error(run_src(forever, {&H}, deep_budget, "main"), ErrorClass::Limit, "sem.stmt.limit");
}

TEST(EvalInvoke, BuffersPassedAsHandles) {
  const std::string src = R"(
@I.ir_module
class Module:
    @T.prim_func
    def fill(a: T.handle, n: T.int32, v: T.int32):
        A = T.match_buffer(a, (n,), "int32")
        for i in range(n):
            A[i] = A[i] + v

    @T.prim_func
    def main(B: T.Buffer((4,), "int32"), n: T.int32):
        T.evaluate(Module.fill(B.data, n, 7))
        B[0] = B[0] * 2
)";
  NDArray B = ints(i32, {4}, {1, 2, 3, 4});
  auto o = run_src(src, {&B, Value::from_int64(i32, 4)}, {}, "main");
  EXPECT_OK(o);
  EXPECT_EQ(int_data(B), (std::vector<int64_t>{16, 9, 10, 11}));
  NDArray C = ints(i32, {4}, {1, 2, 3, 4});
  auto past = run_src(src, {&C, Value::from_int64(i32, 5)}, {}, "main");
  expect_unspecified(past, UnspecifiedClass::OutOfBounds, "unspec.oob");
}

} // namespace
} // namespace tirconf
