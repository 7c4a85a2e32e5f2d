// The LLVM backend's lowering of constructs the conformance corpus cannot express or does not
// stress: DLTensor binding with strides and byte offsets and its errors (bind.*), budgets
// (sem.stmt.limit), vector memory access in its contiguous and gathered forms, bool and
// vector-dtype buffers, calls with buffers, recursion and tir.ret, allocation lifetimes,
// short-circuit evaluation, parallel and thread loops, assert messages. Expected values are
// worked out by hand in each test.
#include "tests/llvm_helpers.h"

namespace tirconf::llvmtest {
namespace {

class LlvmLower : public OnLlvm {};

// ---------------------------------------------------------------- binding (invocation.yaml)

TEST_P(LlvmLower, StridedTensorWithByteOffsetBindsStridesAndElemOffset) {
  // [sem.stmt.primfunc.layout] element (i, j) at data + 4 * (off + i * s0 + j * s1); the
  // buffer's stride and elem_offset Vars are bound from the tensor ([bind.strides],
  // [bind.elem_offset]) and visible to the program.
  const std::string src = R"(@T.prim_func
def main(a: T.handle, B: T.Buffer((6,), "int32"), L: T.Buffer((3,), "int32")):
    s0 = T.int32()
    s1 = T.int32()
    off = T.int32()
    A = T.match_buffer(a, (2, 3), "int32", strides=(s0, s1), elem_offset=off)
    for i, j in T.grid(2, 3):
        B[i * 3 + j] = A[i, j]
    L[0] = s0
    L[1] = s1
    L[2] = off
)";
  // Storage of 2 rows of stride 5, starting 3 elements in: element (i, j) is slot 3 + 5i + j.
  NDArray a = NDArray::strided(i32, {2, 3}, {5, 1}, 12);
  for (int64_t k = 0; k < a.size(); ++k)
    a.set(k, Value::from_int64(i32, 10 * k));
  NDArray b(i32, {6}), l(i32, {3});
  Outcome o = run(src, {&a, &b, &l});
  EXPECT_EQ(int_data(buffer(o, "B")), (std::vector<int64_t>{0, 10, 20, 30, 40, 50}));
  EXPECT_EQ(int_data(buffer(o, "L")), (std::vector<int64_t>{5, 1, 3}));
}

TEST_P(LlvmLower, BindingErrorsNameTheArgumentAndField) {
  const std::string src = R"(@T.prim_func
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((2,), "float32")):
    B[0] = T.Cast("float32", A[0, 0])
)";
  NDArray good_a(i32, {2, 3}), good_b(f32, {2});
  ASSERT_TRUE(run(src, {&good_a, &good_b}).is_ok());
  struct Case {
    const char *what;
    NDArray a, b;
    const char *rule;
    const char *message;
  };
  Case cases[] = {
      {"dtype", NDArray(i32, {2, 3}), NDArray(f64, {2}), "bind.dtype",
       "argument B: dtype is float64 but the buffer requires float32"},
      {"ndim", NDArray(i32, {6}), NDArray(f32, {2}), "bind.ndim",
       "argument A: ndim is 1 but the buffer requires 2"},
      {"shape", NDArray(i32, {2, 4}), NDArray(f32, {2}), "bind.shape",
       "argument A: shape[1] is 4 but the buffer requires 3"},
      {"strides", NDArray::strided(i32, {2, 3}, {4, 1}, 0), NDArray(f32, {2}), "bind.strides",
       "argument A: has 2 strides but the buffer declares 0"},
      {"elem_offset", NDArray::strided(i32, {2, 3}, {}, 4), NDArray(f32, {2}), "bind.elem_offset",
       "argument A: elem_offset is 1 but the buffer requires 0"},
  };
  for (auto &c : cases) {
    Outcome o = run(src, {&c.a, &c.b});
    expect_error(o, ErrorClass::Binding, c.rule);
    if (o.kind() == runtime::OutcomeKind::Error) {
      EXPECT_EQ(o.error().message, c.message) << c.what;
    }
  }
  // Arity and kinds are checked before any generated code runs.
  NDArray a(i32, {2, 3});
  expect_error(run(src, {&a}), ErrorClass::Binding, "bind.arity");
  expect_error(run(src, {&a, Value::from_int64(i32, 1)}), ErrorClass::Binding, "bind.scalar_param");
}

TEST_P(LlvmLower, ShapeVarsBindOnceAndAreCheckedAfterwards) {
  // [bind.shape] n is bound by A's shape, then [bind.shape_var] B's shape must agree.
  const std::string src = R"(@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n,), "int32")
    B = T.match_buffer(b, (n,), "int32")
    for i in range(n):
        B[i] = A[i] * 2
)";
  NDArray a = ints(i32, {3}, {1, 2, 3}), b(i32, {3});
  EXPECT_EQ(int_data(buffer(run(src, {&a, &b}), "B")), (std::vector<int64_t>{2, 4, 6}));
  NDArray short_b(i32, {2});
  expect_error(run(src, {&a, &short_b}), ErrorClass::Binding, "bind.shape_var");
}

TEST_P(LlvmLower, BindingReportsTheFirstFailingCheckInOrder) {
  // Binding checks run in a fixed order (buffers in param order; per buffer dtype, ndim, shape,
  // strides, byte_offset, elem_offset); when several fail, the first one is reported, with its
  // values. The checks are one list (backends/llvm/binding.h): the host runs it when every
  // field is a constant or a Var; the second program's expression field makes the entry lower
  // it into generated code instead: both must agree, case by case.
  const std::string vars = R"(@T.prim_func
def main(n: T.int32, a: T.handle, b: T.handle, c: T.handle):
    m = T.int8()
    s = T.int32()
    off = T.int32()
    A = T.match_buffer(a, (n, m), "int32")
    B = T.match_buffer(b, (m, 4), "int32", strides=(s, 1), elem_offset=off)
    C = T.match_buffer(c, (2,), "int32")
    C[0] = s + off
)";
  std::string exprs = vars;
  const std::string c_decl = "(c, (2,)";
  exprs.replace(exprs.find(c_decl), c_decl.size(), "(c, (n * 2 - 4,)");
  auto n3 = Value::from_int64(i32, 3);
  struct Case {
    const char *what;
    Value n;
    NDArray a, b, c;
    const char *rule;
    const char *message; // "" for a run that succeeds
  };
  Case cases[] = {
      {"ok", n3, NDArray(i32, {3, 5}), NDArray::strided(i32, {5, 4}, {6, 1}, 8), NDArray(i32, {2}),
       "", ""},
      {"scalar-bound shape", Value::from_int64(i32, 2), NDArray(i32, {3, 5}), NDArray(i32, {5, 4}),
       NDArray(i32, {2}), "bind.shape_var", "argument a: shape[0] is 3 but the buffer requires 2"},
      {"fresh var range", n3, NDArray(i32, {3, 200}), NDArray(i32, {200, 4}), NDArray(i32, {2}),
       "bind.shape", "argument a: shape[1] is 200, which does not fit m (int8)"},
      {"first of two shape errors", Value::from_int64(i32, 4), NDArray(i32, {3, 200}),
       NDArray(i32, {5, 4}), NDArray(i32, {2}), "bind.shape_var",
       "argument a: shape[0] is 3 but the buffer requires 4"},
      {"var bound by an earlier buffer", n3, NDArray(i32, {3, 5}), NDArray(i32, {6, 4}),
       NDArray(i32, {2}), "bind.shape_var", "argument b: shape[0] is 6 but the buffer requires 5"},
      {"earlier buffer first", n3, NDArray(f32, {3, 5}), NDArray(i32, {6, 4}), NDArray(i32, {2}),
       "bind.dtype", "argument a: dtype is float32 but the buffer requires int32"},
      {"last stride", n3, NDArray(i32, {3, 5}), NDArray::strided(i32, {5, 4}, {8, 2}, 0),
       NDArray(i32, {2}), "bind.strides", "argument b: strides[1] is 2 but the buffer requires 1"},
      {"ndim before shape", n3, NDArray(i32, {3, 5}), NDArray(i32, {5, 4}), NDArray(i32, {2, 1}),
       "bind.ndim", "argument c: ndim is 2 but the buffer requires 1"},
      {"elem_offset of a compact buffer", n3, NDArray(i32, {3, 5}), NDArray(i32, {5, 4}),
       NDArray::strided(i32, {2}, {}, 4), "bind.elem_offset",
       "argument c: elem_offset is 1 but the buffer requires 0"},
      {"strides where the buffer declares none", n3, NDArray(i32, {3, 5}), NDArray(i32, {5, 4}),
       NDArray::strided(i32, {2}, {1}, 0), "bind.strides",
       "argument c: has 1 strides but the buffer declares 0"},
  };
  for (const std::string *src : {&vars, static_cast<const std::string *>(&exprs)}) {
    for (auto &c : cases) {
      Outcome o = run(*src, {c.n, &c.a, &c.b, &c.c});
      if (std::string(c.message).empty()) {
        EXPECT_TRUE(o.is_ok()) << c.what << ": " << o.message();
        if (o.is_ok()) {
          EXPECT_EQ(int_data(buffer(o, "C"))[0], 6 + 2) << c.what;
        }
        continue;
      }
      expect_error(o, ErrorClass::Binding, c.rule);
      if (o.kind() == runtime::OutcomeKind::Error) {
        EXPECT_EQ(o.error().message, c.message) << c.what;
      }
    }
  }
}

// ---------------------------------------------------------------- budgets (sem.stmt.limit)

TEST_P(LlvmLower, WhileStepBudget) {
  const std::string src = R"(@T.prim_func
def main(K: T.Buffer((2,), "int32")):
    while K[0] < 1:
        K[1] = K[1] + 1
)";
  NDArray k(i32, {2});
  backends::RunLimits limits;
  limits.step_limit = 1000;
  expect_error(run(src, {&k}, "main", limits), ErrorClass::Limit, "sem.stmt.limit");
  // A While that ends within the budget is fine.
  const std::string counted = R"(@T.prim_func
def main(K: T.Buffer((2,), "int32")):
    while K[0] < 999:
        K[0] = K[0] + 1
)";
  NDArray k2(i32, {2});
  EXPECT_EQ(int_data(buffer(run(counted, {&k2}, "main", limits), "K"))[0], 999);
}

TEST_P(LlvmLower, RecursionDepthBudgetAndReturnValues) {
  const std::string src = R"(@I.ir_module
class Module:
    @T.prim_func
    def fact(n: T.int64) -> T.int64:
        if n <= T.int64(1):
            return T.int64(1)
        return n * Module.fact(n - T.int64(1))

    @T.prim_func
    def main(A: T.Buffer((1,), "int64")) -> T.int64:
        A[0] = Module.fact(A[0])
        return A[0] + T.int64(1)
)";
  NDArray a = ints(i64, {1}, {20});
  Outcome o = run(src, {&a});
  EXPECT_EQ(int_data(buffer(o, "A"))[0], 2432902008176640000); // 20!
  ASSERT_TRUE(o.is_ok() && o.ok().ret);
  EXPECT_EQ(o.ok().ret->as_int64(), 2432902008176640001);
  // 30 nested calls with a depth budget of 10 (the entry call counting as 1).
  NDArray deep = ints(i64, {1}, {30});
  backends::RunLimits limits;
  limits.call_depth_limit = 10;
  expect_error(run(src, {&deep}, "main", limits), ErrorClass::Limit, "sem.stmt.limit");
  NDArray shallow = ints(i64, {1}, {9});
  EXPECT_TRUE(run(src, {&shallow}, "main", limits).is_ok());
}

TEST_P(LlvmLower, AllocationsAreFreedAtTheEndOfTheirScope) {
  // 100 iterations each allocate 1 MiB: fine with a 4 MiB budget only if each is freed.
  const std::string src = R"(@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    for i in range(100):
        with T.block("b"):
            T.reads(A[0])
            T.writes(A[0])
            W = T.alloc_buffer((262144,), "int32")
            W[i] = i
            A[0] = A[0] + W[i]
)";
  NDArray a(i32, {1});
  backends::RunLimits limits;
  limits.memory_limit = 4 << 20;
  EXPECT_EQ(int_data(buffer(run(src, {&a}, "main", limits), "A"))[0], 4950);
  // One allocation beyond the budget is a limit error.
  const std::string big = R"(@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    with T.block("b"):
        T.reads()
        T.writes(A[0])
        W = T.alloc_buffer((2097152,), "int32")
        W[0] = 1
        A[0] = W[0]
)";
  expect_error(run(big, {&a}, "main", limits), ErrorClass::Limit, "sem.stmt.limit");
}

TEST_P(LlvmLower, ReturnFromInsideLoopsAndAllocations) {
  // [builtin.ret] ends the function from any depth, freeing what it allocated.
  const std::string src = R"(@T.prim_func
def main(A: T.Buffer((8,), "int32")) -> T.int32:
    for i in range(8):
        with T.block("b"):
            T.reads(A[i])
            T.writes(A[i])
            W = T.alloc_buffer((4,), "int32")
            W[0] = A[i]
            if W[0] > 10:
                return i
            A[i] = W[0] + 1
    return -1
)";
  NDArray a = ints(i32, {8}, {1, 2, 30, 4, 5, 6, 7, 8});
  Outcome o = run(src, {&a});
  EXPECT_EQ(int_data(buffer(o, "A")), (std::vector<int64_t>{2, 3, 30, 4, 5, 6, 7, 8}));
  ASSERT_TRUE(o.is_ok() && o.ok().ret);
  EXPECT_EQ(o.ok().ret->as_int64(), 2);
}

// ---------------------------------------------------------------- vectors in memory

TEST_P(LlvmLower, VectorAccessContiguousAndGathered) {
  // A unit-stride ramp reads consecutive elements (one vector access); a stride-2 ramp reads
  // every other one (one access per lane); both store through the same two paths.
  const std::string src = R"(@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32"), C: T.Buffer((8,), "int32")):
    B[0:4] = A[0:4] + A[T.Ramp(1, 2, 4)]
    C[T.Ramp(0, 2, 4)] = A[4:8]
    C[T.Ramp(1, 2, 4)] = T.Broadcast(7, 4)
)";
  NDArray a = ints(i32, {8}, {0, 1, 2, 3, 4, 5, 6, 7}), b(i32, {8}), c(i32, {8});
  Outcome o = run(src, {&a, &b, &c});
  EXPECT_EQ(int_data(buffer(o, "B")), (std::vector<int64_t>{1, 4, 7, 10, 0, 0, 0, 0}));
  EXPECT_EQ(int_data(buffer(o, "C")), (std::vector<int64_t>{4, 7, 5, 7, 6, 7, 7, 7}));
}

TEST_P(LlvmLower, VectorDtypeBuffersAndBoolVectors) {
  // A float32x2 buffer read with a 2-lane index gives 4 lanes ([sem.expr.bufferload.vector]);
  // bool vectors live one byte per lane in memory.
  const std::string src = R"(@T.prim_func
def main(A: T.Buffer((3,), "float32x2"), B: T.Buffer((4,), "float32"), M: T.Buffer((4,), "bool"), N: T.Buffer((4,), "bool")):
    B[0:4] = A[1:3]
    N[0:4] = T.Not(M[0:4])
)";
  NDArray a = floats(DataType::Float(32, 2), {3}, {});
  for (int64_t i = 0; i < 3; ++i) {
    Value v = Value::zeros(DataType::Float(32, 2));
    v.set_bits(0, Value::bits_of(static_cast<float>(2 * i)));
    v.set_bits(1, Value::bits_of(static_cast<float>(2 * i + 1)));
    a.set(i, v);
  }
  NDArray b(f32, {4}), m = ints(b1, {4}, {1, 0, 0, 1}), n(b1, {4});
  Outcome o = run(src, {&a, &b, &m, &n});
  EXPECT_EQ(float_data(buffer(o, "B")), (std::vector<double>{2, 3, 4, 5}));
  EXPECT_EQ(int_data(buffer(o, "N")), (std::vector<int64_t>{0, 1, 1, 0}));
}

// ---------------------------------------------------------------- calls, control, threads

TEST_P(LlvmLower, CallsPassBufferHandlesAndScalars) {
  // [sem.expr.call.primfunc] the callee works on the caller's memory through the handle.
  const std::string src = R"(@I.ir_module
class Module:
    @T.prim_func
    def scale(a: T.handle, n: T.int32, k: T.int32):
        A = T.match_buffer(a, (n,), "int32")
        for i in range(n):
            A[i] = A[i] * k

    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        T.evaluate(Module.scale(A.data, 4, 3))
        T.evaluate(Module.scale(A.data, 2, -1))
)";
  NDArray a = ints(i32, {4}, {1, 2, 3, 4});
  EXPECT_EQ(int_data(buffer(run(src, {&a}), "A")), (std::vector<int64_t>{-3, -6, 9, 12}));
}

TEST_P(LlvmLower, AliasFactsKeepEveryAccessToOneArgumentInOrder) {
  // What llvm-O2 is told ([bind.noalias] arguments apart, allocations fresh) must not reorder
  // accesses to one memory through different buffers: V is A's storage under another name (a
  // loop-carried dependence, A[i + k] needs the A[i] just written; n and k are unknown when
  // compiling, so the optimizer cannot see the overlap itself and a vectorized loop would read
  // A before it is written), `bump` writes A through a handle, and W is a copy of A that later
  // writes to A must leave alone.
  const std::string src = R"(@I.ir_module
class Module:
    @T.prim_func
    def bump(a: T.handle, n: T.int32):
        A = T.match_buffer(a, (n,), "int32")
        for i in range(n):
            A[i] = A[i] + 100

    @T.prim_func
    def main(A: T.Buffer((64,), "int32"), B: T.Buffer((64,), "int32"), C: T.Buffer((64,), "int32"), n: T.int32, k: T.int32):
        W = T.alloc_buffer((64,), "int32")
        V = T.decl_buffer((64,), "int32", data=A.data)
        for i in range(64):
            W[i] = A[i]
        for i in range(n):
            A[i + k] = V[i] + B[i]
        T.evaluate(Module.bump(A.data, 64))
        for i in range(64):
            C[i] = A[i] - W[i]
)";
  std::vector<int64_t> a0(64, 0), ones(64, 1);
  a0[0] = 1;
  NDArray a = ints(i32, {64}, a0);
  NDArray b = ints(i32, {64}, ones);
  NDArray c(i32, {64});
  Outcome o = run(src, {&a, &b, &c, Value::from_int64(i32, 63), Value::from_int64(i32, 1)});
  // With n = 63, k = 1 the loop makes A a running count from A[0] = 1: A[i] = i + 1; bump adds
  // 100. W kept A's first values (1, 0, 0, ...), so C[0] = 101 - 1 and C[i] = i + 101 after.
  std::vector<int64_t> want_a, want_c;
  for (int64_t i = 0; i < 64; ++i) {
    want_a.push_back(i + 101);
    want_c.push_back(i == 0 ? 100 : i + 101);
  }
  EXPECT_EQ(int_data(buffer(o, "A")), want_a);
  EXPECT_EQ(int_data(buffer(o, "C")), want_c);
}

TEST_P(LlvmLower, ScalarAndOrShortCircuit) {
  // [sem.expr.and] b is not evaluated when a is 0, so the division by zero never happens.
  const std::string src = R"(@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((2,), "int32")):
    if A[1] != 0 and A[0] // A[1] > 1:
        B[0] = 1
    if A[1] == 0 or A[0] // A[1] > 1:
        B[1] = 1
)";
  NDArray a = ints(i32, {2}, {5, 0}), b(i32, {2});
  EXPECT_EQ(int_data(buffer(run(src, {&a, &b}), "B")), (std::vector<int64_t>{0, 1}));
}

TEST_P(LlvmLower, ParallelAndThreadLoopsRunEveryIteration) {
  const std::string src = R"(@T.prim_func
def main(A: T.Buffer((16,), "int32")):
    for i in T.parallel(4):
        A[i] = i + 1
    for i in T.vectorized(4):
        A[4 + i] = i + 10
    for i in T.thread_binding(4, thread="threadIdx.x"):
        A[8 + i] = i + 20
    tx = T.launch_thread("threadIdx.y", 4)
    A[12 + tx] = tx + 30
)";
  NDArray a(i32, {16});
  EXPECT_EQ(int_data(buffer(run(src, {&a}), "A")),
            (std::vector<int64_t>{1, 2, 3, 4, 10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33}));
}

TEST_P(LlvmLower, AssertCarriesItsMessage) {
  const std::string src = R"(@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    A[0] = 1
    assert A[1] > 0, "A[1] must be positive"
    A[0] = 2
)";
  NDArray bad = ints(i32, {2}, {0, -1});
  Outcome o = run(src, {&bad});
  expect_error(o, ErrorClass::Assert, "sem.stmt.assert");
  if (o.kind() == runtime::OutcomeKind::Error) {
    EXPECT_EQ(o.error().message, "A[1] must be positive");
  }
  NDArray good = ints(i32, {2}, {0, 1});
  EXPECT_EQ(int_data(buffer(run(src, {&good}), "A"))[0], 2);
}

INSTANTIATE_TEST_SUITE_P(Configs, LlvmLower, ::testing::Values("llvm-O0", "llvm-O2"));

} // namespace
} // namespace tirconf::llvmtest
