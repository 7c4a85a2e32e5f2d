// The CUDA backend's lowering (backends/cuda): the CUDA C++ generated for small programs holds
// the construct each spec rule asks for, and NVRTC compiles it to PTX. No GPU is needed.
#include <gtest/gtest.h>

#include "backends/cuda/cuda_backend.h"
#include "backends/cuda/driver.h"
#include "backends/cuda/lowering.h"
#include "backends/cuda/nvrtc.h"
#include "ir/tvmscript/reader.h"
#include "runtime/ndarray.h"

namespace tirconf::backends::cuda {
namespace {

ir::IRModule read(const std::string &body) {
  const std::string text =
      "from tvm.script import ir as I\nfrom tvm.script import tir as T\n\n\n" + body;
  auto r = ir::read_tvmscript(text, "test.py");
  EXPECT_TRUE(r.ok()) << (r.diagnostics.empty() ? "" : ir::format(r.diagnostics.front()));
  return r.module;
}

// The program lowered, after checking that nothing in it is declared unsupported and that NVRTC
// compiles it to PTX holding its kernels.
CudaProgram lower(const std::string &body) {
  ir::IRModule m = read(body);
  if (!m)
    return {};
  for (const auto &u : cuda_unsupported(m))
    ADD_FAILURE() << "unsupported: " << to_string(u);
  CudaProgram p = lower_module(m, {});
  const PtxResult ptx = compile_to_ptx(p.source, default_arch());
  EXPECT_TRUE(ptx.ok) << ptx.log << "\n" << p.source;
  for (const auto &k : p.kernels)
    for (const auto &l : k.launches)
      EXPECT_NE(ptx.ptx.find(".entry " + l.kernel), std::string::npos) << l.kernel;
  return p;
}

bool has(const CudaProgram &p, const std::string &text) {
  return p.source.find(text) != std::string::npos;
}

TEST(CudaLowering, IntegerArithmeticWrapsInUnsignedTypes) {
  // [sem.expr.int_wrap] signed overflow wraps: the sum is computed as uint32.
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int8"), C: T.Buffer((4,), "int32")):
    for i in range(4):
        C[i] = A[i] * A[i] + 7
        B[i] = B[i] - T.int8(100)
)");
  EXPECT_TRUE(has(p, "(int32_t)((uint32_t)")) << p.source;
  // int8 arithmetic is done in unsigned int too: C's promotion to int cannot overflow.
  EXPECT_TRUE(has(p, "(int8_t)((uint32_t)")) << p.source;
}

TEST(CudaLowering, FloorDivisionChecksTheDivisorThroughTheStatusWord) {
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    for i in range(4):
        A[i] = A[i] // n + A[i] % n + T.truncdiv(A[i], 3)
)");
  EXPECT_TRUE(has(p, "tirconf_floordiv(")) << p.source;
  EXPECT_TRUE(has(p, "tirconf_floormod(")) << p.source;
  EXPECT_TRUE(has(p, "tirconf_div(")) << p.source;
  // [sem.expr.floordiv] [sem.expr.floormod] a zero divisor is an error; the constant 3 needs no
  // check. (Site 0 is the entry's call depth check, [sem.stmt.limit].)
  ASSERT_EQ(p.sites.size(), 3u);
  EXPECT_EQ(p.sites[0].rule, "sem.stmt.limit");
  EXPECT_EQ(p.sites[1].error_class, runtime::ErrorClass::DivideByZero);
  EXPECT_EQ(p.sites[1].rule, "sem.expr.floordiv");
  EXPECT_EQ(p.sites[2].rule, "sem.expr.floormod");
  EXPECT_TRUE(has(p, "if (n_0 == 0) TIRCONF_FAIL(1,")) << p.source;
}

TEST(CudaLowering, ThreadBindingLoopsGiveTheLaunchConfiguration) {
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
    for bx in T.thread_binding(8, thread="blockIdx.x"):
        for tx in T.thread_binding(32, thread="threadIdx.x"):
            B[bx * 32 + tx] = A[bx * 32 + tx] * T.float32(2)
)");
  ASSERT_EQ(p.kernels.size(), 1u);
  ASSERT_EQ(p.kernels[0].launches.size(), 1u);
  const Launch &k = p.kernels[0].launches[0];
  EXPECT_EQ(k.block, (std::array<int64_t, 3>{32, 1, 1}));
  EXPECT_EQ(k.grid, (std::array<int64_t, 3>{8, 1, 1}));
  // Each launched loop strides over its index, so it covers its range whatever the launch.
  EXPECT_TRUE(has(p, "= (int64_t)blockIdx.x;")) << p.source;
  EXPECT_TRUE(has(p, "+= (int64_t)blockDim.x)")) << p.source;
  // Launched with 32 threads a block: the compiler keeps to the registers 32 threads may have.
  EXPECT_TRUE(has(p, "extern \"C\" __global__ void __launch_bounds__(32) tirconf_k_main("))
      << p.source;
}

TEST(CudaLowering, ThreadLoopsBelowSerialCodeRunSeriallyInOneThread) {
  // A thread loop inside a serial loop is not launched: one thread runs its iterations in order,
  // one correct interleaving of them ([sem.stmt.for.thread_binding]).
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((4, 8), "int32")):
    for i in range(4):
        for tx in T.thread_binding(8, thread="threadIdx.x"):
            A[i, tx] = i + tx
)");
  ASSERT_EQ(p.kernels.size(), 1u);
  EXPECT_EQ(p.kernels[0].launches[0].block, (std::array<int64_t, 3>{1, 1, 1}));
  EXPECT_FALSE(has(p, "threadIdx.x;")) << p.source;
}

TEST(CudaLowering, SharedAndLocalAllocationsAndTheBarrier) {
  // The shape of TVM's kernels: launch_thread, shared memory per block, local per thread, and
  // T.tvm_storage_sync("shared") as __syncthreads() ([builtin.storage_sync]).
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    bx = T.launch_thread("blockIdx.x", 4)
    S = T.allocate([16], "float32", "shared")
    tx = T.launch_thread("threadIdx.x", 16)
    L = T.allocate([1], "float32", "local")
    S_1 = T.Buffer((16,), data=S, scope="shared")
    L_1 = T.Buffer((1,), data=L, scope="local")
    S_1[tx] = A[bx * 16 + tx]
    T.tvm_storage_sync("shared")
    L_1[0] = S_1[15 - tx]
    B[bx * 16 + tx] = L_1[0]
)");
  ASSERT_EQ(p.kernels.size(), 1u);
  EXPECT_EQ(p.kernels[0].launches[0].block, (std::array<int64_t, 3>{16, 1, 1}));
  EXPECT_EQ(p.kernels[0].launches[0].grid, (std::array<int64_t, 3>{4, 1, 1}));
  EXPECT_TRUE(p.kernels[0].launches[0].barriers);
  EXPECT_TRUE(has(p, "__syncthreads();")) << p.source;
  EXPECT_TRUE(has(p, "__shared__ float S_0_mem[16];")) << p.source;
  EXPECT_TRUE(has(p, "  float L_0_mem[1];")) << p.source;
}

TEST(CudaLowering, KernelsInSequenceAreLaunchesInOrder) {
  // TVM's shape of a function with several kernels and host code between them: each kernel a
  // launch of its own, the code between one launch of one thread; the allocation above them one
  // array that every launch sees.
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((64,), "int32"), B: T.Buffer((1,), "int32")):
    G = T.allocate([64], "int32", "global")
    G_1 = T.Buffer((64,), "int32", data=G)
    for bx in T.thread_binding(2, thread="blockIdx.x"):
        S = T.decl_buffer((32,), "int32", scope="shared")
        for tx in T.thread_binding(32, thread="threadIdx.x"):
            S[tx] = A[bx * 32 + tx]
            T.tvm_storage_sync("shared")
            G_1[bx * 32 + tx] = S[31 - tx]
    B[0] = G_1[0] + 1
    for tx in T.thread_binding(64, thread="threadIdx.x"):
        A[tx] = G_1[tx] + B[0]
)");
  ASSERT_EQ(p.kernels.size(), 1u);
  const auto &l = p.kernels[0].launches;
  ASSERT_EQ(l.size(), 3u);
  EXPECT_EQ(l[0].grid, (std::array<int64_t, 3>{2, 1, 1}));
  EXPECT_EQ(l[0].block, (std::array<int64_t, 3>{32, 1, 1}));
  EXPECT_TRUE(l[0].barriers);
  EXPECT_EQ(l[1].block, (std::array<int64_t, 3>{1, 1, 1})); // B[0] = ...: one thread
  EXPECT_EQ(l[2].block, (std::array<int64_t, 3>{64, 1, 1}));
  EXPECT_EQ(l[2].kernel, "tirconf_k_main_l2");
  // One __device__ array for G, which all three launches use.
  EXPECT_TRUE(has(p, "__device__ int32_t tirconf_g0_G_0[64];")) << p.source;
  EXPECT_FALSE(has(p, "tirconf_g1")) << p.source;
}

TEST(CudaLowering, WrappersAroundAKernelAreRunByEachLaunch) {
  // The LetStmt around the assert and the kernel reads no memory: each launch computes x alike.
  // The assert's check is a launch of its own, before the kernel's.
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((8,), "int32"), n: T.int32):
    A[0] = 1
    x: T.int32 = n + 1
    with T.Assert(n > 0, "n is positive"):
        for tx in T.thread_binding(8, thread="threadIdx.x"):
            A[tx] = A[tx] + x
)");
  ASSERT_EQ(p.kernels.size(), 1u);
  const auto &l = p.kernels[0].launches;
  ASSERT_EQ(l.size(), 3u);
  EXPECT_EQ(l[0].block, (std::array<int64_t, 3>{1, 1, 1}));
  EXPECT_EQ(l[1].block, (std::array<int64_t, 3>{1, 1, 1}));
  EXPECT_EQ(l[2].block, (std::array<int64_t, 3>{8, 1, 1}));
}

TEST(CudaLowering, AllocationAboveTheLaunchIsOneForTheWholeRun) {
  // [sem.stmt.allocate] one buffer, which every block sees: a __device__ array.
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((8,), "int32")):
    G = T.allocate([8], "int32", "global")
    G_1 = T.Buffer((8,), "int32", data=G)
    for bx in T.thread_binding(8, thread="blockIdx.x"):
        G_1[bx] = bx
        A[bx] = G_1[bx] * 2
)");
  EXPECT_TRUE(has(p, "__device__ int32_t tirconf_g0_G_0[8];")) << p.source;
}

TEST(CudaLowering, BarrierInALoopThatIsNotOneThreadPerIterationIsUnsupported) {
  // 48 iterations over a 16-thread dimension would not be: the tx loop here is nested under a
  // serial loop, so it runs serially and its barrier cannot be a CUDA barrier.
  ir::IRModule m = read(R"(@T.prim_func
def main(A: T.Buffer((4, 8), "int32")):
    for i in range(4):
        for tx in T.thread_binding(8, thread="threadIdx.x"):
            A[i, tx] = i
            T.tvm_storage_sync("shared")
)");
  ASSERT_TRUE(m);
  EXPECT_THROW(lower_module(m, {}), UnsupportedError);
}

TEST(CudaLowering, StatementsAndExpressions) {
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "int64"), C: T.Buffer((8,), "bool"), n: T.int32):
    v = T.int64()
    for i in range(8):
        x: T.float32 = A[i] * T.float32(0.5)
        if x > T.float32(1) and i < n:
            B[i] = T.Cast("int64", x)
        else:
            B[i] = T.Let(v * v, where={v: T.Cast("int64", i) - T.int64(3)})
        C[i] = T.Select(i % 2 == 0, x < T.float32(2), T.bool(False))
        assert i < 100, "i is small"
)");
  EXPECT_TRUE(has(p, " ? ")) << p.source;            // Select
  EXPECT_TRUE(has(p, "(int64_t)(x_0)")) << p.source; // Cast
  EXPECT_TRUE(has(p, "(uint8_t)")) << p.source;      // bool stored as a byte
  // [sem.expr.and] scalar And evaluates its right side only when the left one holds.
  EXPECT_TRUE(has(p, "if (t")) << p.source;
  ASSERT_FALSE(p.sites.empty());
  EXPECT_EQ(p.sites.back().error_class, runtime::ErrorClass::Assert);
  EXPECT_EQ(p.sites.back().message, "i is small");
}

TEST(CudaLowering, FloatConstantsAreExactBitPatterns) {
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((2,), "float32"), B: T.Buffer((2,), "float64")):
    A[0] = T.float32(0.1)
    B[0] = T.float64(0.1)
    A[1] = T.float32("inf")
    B[1] = T.float64("nan")
)");
  EXPECT_TRUE(has(p, "__int_as_float(1036831949)")) << p.source; // 0.1f
  EXPECT_TRUE(has(p, "__longlong_as_double(4591870180066957722ll)")) << p.source;
  EXPECT_TRUE(has(p, "__int_as_float(2139095040)")) << p.source; // inf
}

TEST(CudaLowering, Float16AndBFloat16AreComputedInFloatAndRoundedOnce) {
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((4,), "float16"), B: T.Buffer((4,), "bfloat16"), C: T.Buffer((4,), "int64")):
    for i in range(4):
        A[i] = A[i] * A[i] + T.float16(1.5)
        B[i] = T.Cast("bfloat16", C[i]) / T.bfloat16(3)
        C[i] = T.Cast("int64", T.floor(A[i]))
)");
  EXPECT_TRUE(has(p, "#include <cuda_fp16.h>")) << p.source;
  EXPECT_TRUE(has(p, "__float2half_rn((__half2float(")) << p.source;
  EXPECT_TRUE(has(p, "__ushort_as_half((unsigned short)15872u)")) << p.source; // 1.5
  // From int64 in one rounding, not through float.
  EXPECT_TRUE(has(p, "__ll2bfloat16_rn(")) << p.source;
}

TEST(CudaLowering, VectorsAreComputedLaneByLane) {
  // [sem.expr.binary] lane by lane; [sem.expr.bufferload] a Ramp index reads one element per lane.
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((2,), "float32x4")):
    A[T.Ramp(0, 2, 4)] = A[T.Ramp(1, 2, 4)] // T.Broadcast(3, 4) + T.Shuffle([A[T.Ramp(0, 1, 4)]], [3, 2, 1, 0])
    B[1] = B[0] * T.Broadcast(T.float32(2), 4)
)");
  EXPECT_TRUE(has(p, "tirconf_v<int32_t, 4> t")) << p.source;
  EXPECT_TRUE(has(p, "for (int tirconf_l = 0; tirconf_l < 4; ++tirconf_l)")) << p.source;
  EXPECT_TRUE(has(p, ".v[tirconf_j * 4 + tirconf_e]")) << p.source; // float32x4 elements
}

TEST(CudaLowering, CallsBetweenPrimFuncsAreDeviceFunctions) {
  // [sem.expr.call.primfunc] the callee runs in the calling thread, one call deeper, its value
  // through a slot; recursion is bounded by the depth budget ([sem.stmt.limit]).
  const CudaProgram p = lower(R"(@I.ir_module
class Module:
    @T.prim_func
    def fact(n: T.int32) -> T.int32:
        if n <= 1:
            T.ret(1)
        T.ret(n * Module.fact(n - 1))

    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        for i in range(4):
            A[i] = Module.fact(i)
)");
  EXPECT_TRUE(has(p, "__device__ int32_t tirconf_c_fact(TirconfStatus *st, int32_t depth, "
                     "int32_t n_0, int32_t *ret_slot);"))
      << p.source;
  EXPECT_TRUE(has(p, "if (tirconf_c_fact(st, 1 + 1, ")) << p.source;
  EXPECT_TRUE(has(p, "if (depth > st->depth_limit)")) << p.source;
  EXPECT_TRUE(has(p, "*ret_slot = ")) << p.source;
}

TEST(CudaLowering, ACalledFunctionAllocatesPerCall) {
  // Each call's allocation is its own ([sem.stmt.allocate]), also under recursion and when
  // threads of a launch call it: a local array, not a static one of the module.
  const CudaProgram p = lower(R"(@I.ir_module
class Module:
    @T.prim_func
    def helper(A: T.Buffer((4,), "int32")):
        X = T.allocate([4], "int32", "global")
        X_1 = T.Buffer((4,), "int32", data=X)
        for i in range(4):
            X_1[i] = A[i]
        for i in range(4):
            A[i] = X_1[3 - i]

    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        Module.helper(A.data)
)");
  // (helper is lowered as an entry too, where one run has one such buffer.)
  const size_t callee = p.source.find("__device__ int32_t tirconf_c_helper(TirconfStatus *st, "
                                      "int32_t depth, void *A_handle_0) {");
  ASSERT_NE(callee, std::string::npos) << p.source;
  const size_t end = p.source.find("\n}\n", callee);
  const std::string body = p.source.substr(callee, end - callee);
  EXPECT_NE(body.find("  int32_t X_0_mem[4];"), std::string::npos) << body;
  EXPECT_EQ(body.find("tirconf_g"), std::string::npos) << body;
}

TEST(CudaLowering, RetGoesToTheStatusWord) {
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((4,), "int32")) -> T.int32:
    for i in range(4):
        if A[i] < 0:
            T.ret(i)
    T.ret(-1)
)");
  ASSERT_EQ(p.kernels.size(), 1u);
  ASSERT_TRUE(p.kernels[0].ret.has_value());
  EXPECT_EQ(*p.kernels[0].ret, ir::DataType::Int(32));
  EXPECT_TRUE(has(p, "st->ret = (uint64_t)(uint32_t)")) << p.source;
  EXPECT_TRUE(has(p, "st->returned = 1;")) << p.source;
}

TEST(CudaLowering, WhileCountsItsIterationsAgainstTheStepBudget) {
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    while A[0] < 10:
        A[0] = A[0] + 3
)");
  EXPECT_TRUE(has(p, "for (;;)")) << p.source;
  EXPECT_TRUE(has(p, "++tirconf_steps > st->step_limit")) << p.source;
  ASSERT_EQ(p.sites.size(), 2u); // the call depth's, the step budget's
  EXPECT_EQ(p.sites[1].error_class, runtime::ErrorClass::Limit);
  EXPECT_EQ(p.sites[1].rule, "sem.stmt.limit");
  EXPECT_EQ(p.sites[1].message, "step budget exhausted");
}

TEST(CudaLowering, MatchBufferAccessesGoToTheSourceRegion) {
  // [sem.stmt.block.match_buffer] M[j] is A[2, 1 + j], the leading region dimension fixed at its
  // min; the unbound shape Var m takes the extent.
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((8, 4), "int32")):
    m = T.int32()
    for i in range(1):
        with T.block("b"):
            T.reads()
            T.writes(A[2, 1:4])
            M = T.match_buffer(A[2, 1:4], (m,), "int32", offset_factor=1)
            for j in range(m):
                M[j] = j
)");
  EXPECT_TRUE(has(p, "const int32_t m_0 = (int32_t)3ll;")) << p.source;
  EXPECT_TRUE(has(p, "((int32_t *)A_handle_0)[")) << p.source;
}

TEST(CudaLowering, RunTimeSizedAllocationsComeFromTheDeviceHeap) {
  const CudaProgram p = lower(R"(@T.prim_func
def main(A: T.Buffer((16,), "int32"), n: T.int32):
    if n > 0:
        X = T.allocate([n], "int32", "global")
        X_1 = T.Buffer((n,), "int32", data=X)
        for i in range(n):
            X_1[i] = i
        A[0] = X_1[n - 1]
)");
  EXPECT_TRUE(has(p, "tirconf_alloc(")) << p.source;
  EXPECT_TRUE(has(p, "free(X_0);")) << p.source;
  // A refused allocation is a limit error ([sem.stmt.limit]).
  ASSERT_EQ(p.sites.size(), 2u);
  EXPECT_EQ(p.sites[1].error_class, runtime::ErrorClass::Limit);
  EXPECT_NE(p.sites[1].message.find("allocation"), std::string::npos);
}

TEST(CudaLowering, BuffersWithSymbolicShapesTakeTheirFieldsAsArguments) {
  const CudaProgram p = lower(R"(@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    m = T.int32()
    A = T.match_buffer(a, (n, m), "float64")
    B = T.match_buffer(b, (n, m), "float64")
    for i, j in T.grid(n, m):
        B[i, j] = A[i, j] + T.float64(1)
)");
  ASSERT_EQ(p.kernels.size(), 1u);
  // A and B, then n and m once each: the host binds them and checks B's against them.
  ASSERT_EQ(p.kernels[0].params.size(), 4u);
  EXPECT_EQ(p.kernels[0].params[2].kind, KernelParam::Kind::Field);
  EXPECT_EQ(p.kernels[0].params[3].kind, KernelParam::Kind::Field);
  EXPECT_TRUE(has(p, "int64_t n_0_field")) << p.source;
}

TEST(CudaLowering, UnsupportedConstructsAreDeclaredWithAReason) {
  ir::IRModule m = read(R"(@T.prim_func
def main(B: T.Buffer((8,), "int32"), h: T.handle):
    B[0] = T.call_extern("int32", "f")
)");
  ASSERT_TRUE(m);
  const auto u = cuda_unsupported(m);
  std::string all;
  for (const auto &x : u) {
    EXPECT_FALSE(x.reason.empty()) << x.construct;
    all += to_string(x) + "\n";
  }
  EXPECT_NE(all.find("handle parameters"), std::string::npos) << all;
  EXPECT_NE(all.find("tir.call_extern"), std::string::npos) << all;
}

TEST(CudaNvrtc, CompilesWithoutContractionAndCachesBySource) {
  const std::string options = nvrtc_options_text("compute_80");
  // [sem.expr.float_ieee] no fused multiply-add, IEEE division and square root, subnormals kept.
  for (const char *o : {"--fmad=false", "--prec-div=true", "--prec-sqrt=true", "--ftz=false"})
    EXPECT_NE(options.find(o), std::string::npos) << o;
  const std::string source = "extern \"C\" __global__ void k(float *a) { a[0] = a[0] * a[1] + "
                             "a[2]; /* cache test */ }\n";
  const PtxResult first = compile_to_ptx(source, "compute_80");
  ASSERT_TRUE(first.ok) << first.log;
  EXPECT_EQ(first.ptx.find("fma."), std::string::npos) << first.ptx; // not contracted
  const PtxResult second = compile_to_ptx(source, "compute_80");
  ASSERT_TRUE(second.ok);
  EXPECT_TRUE(second.cached);
  EXPECT_EQ(first.ptx, second.ptx);
  const PtxResult bad = compile_to_ptx("this is not CUDA", "compute_80");
  EXPECT_FALSE(bad.ok);
  EXPECT_FALSE(bad.log.empty());
}

TEST(CudaBackend, CompilesToPtxAndRunsWhereThereIsAGpu) {
  auto backend = make_cuda_backend();
  ir::IRModule m = read(R"(@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = A[i] + 1
)");
  ASSERT_TRUE(m);
  CompileResult r = backend->compile(m, {});
  EXPECT_TRUE(r.unsupported.empty());
  EXPECT_TRUE(r.error.empty()) << r.error;
  ASSERT_TRUE(r.executable);
  ASSERT_EQ(r.phases.size(), 2u);
  EXPECT_EQ(r.phases[1].first, "nvrtc");
  runtime::NDArray a(ir::DataType::Int(32), {4});
  for (int64_t i = 0; i < 4; ++i)
    a.set(i, runtime::Value::from_int64(ir::DataType::Int(32), 10 * i));
  std::vector<runtime::Argument> args = {&a};
  const runtime::Outcome o = r.executable->run("main", args, {});
  if (const auto no_device = no_device_reason()) {
    // Without a GPU the backend is unavailable for runs, and a run says why.
    const auto why = backend->unavailable();
    ASSERT_TRUE(why.has_value());
    EXPECT_NE(why->find("compile-only"), std::string::npos) << *why;
    ASSERT_EQ(o.kind(), runtime::OutcomeKind::Rejected);
    EXPECT_NE(o.rejected().message.find(*no_device), std::string::npos);
  } else {
    EXPECT_FALSE(backend->unavailable().has_value());
    ASSERT_EQ(o.kind(), runtime::OutcomeKind::Ok) << o.message();
    for (int64_t i = 0; i < 4; ++i)
      EXPECT_EQ(a.get(i).as_int64(), 10 * i + 1);
  }
}

} // namespace
} // namespace tirconf::backends::cuda
