// The interpreter's memory accounting (RunStats) and its compact shadow state: one bit per slot
// for initialization, one conflict word per slot while a parallel construct is active, words
// reused (and cleared) by the next construct at the same depth.
#include "tests/eval_helpers.h"

namespace tirconf::evaltest {
namespace {

TEST(EvalMemory, StatsCountDataAndShadow) {
  auto m = parse("@T.prim_func\n"
                 "def main(A: T.Buffer((64,), \"int32\"), B: T.Buffer((64,), \"int32\")):\n"
                 "    T.func_attr({\"global_symbol\": \"main\"})\n"
                 "    for i in range(64):\n"
                 "        B[i] = A[i] + 1\n");
  NDArray a = ints(i32, {64}, std::vector<int64_t>(64, 5)), b(i32, {64});
  oracle::RunStats stats;
  oracle::RunOptions o;
  o.stats = &stats;
  Outcome out = run_mod(m, {&a, &b}, o);
  ASSERT_TRUE(out.is_ok()) << runtime::to_string(out);
  EXPECT_EQ(int_data(b), std::vector<int64_t>(64, 6));
  // Two int32 tensors of 64 elements: 512 bytes of data; one 8-byte shadow word per 64 slots.
  EXPECT_EQ(stats.peak_data_bytes, 512u);
  EXPECT_EQ(stats.peak_shadow_bytes, 16u);
  // The For statement, then per iteration: the iteration and the store.
  EXPECT_EQ(stats.steps, 1u + 64u * 2u);
}

TEST(EvalMemory, ParallelShadowIsOneWordPerSlotTouched) {
  auto m = parse("@T.prim_func\n"
                 "def main(A: T.Buffer((256,), \"float32\"), B: T.Buffer((256,), \"float32\")):\n"
                 "    T.func_attr({\"global_symbol\": \"main\"})\n"
                 "    for i in T.parallel(256):\n"
                 "        B[i] = A[i]\n");
  NDArray a = floats(f32, {256}, std::vector<double>(256, 1.5)), b(f32, {256});
  oracle::RunStats stats;
  oracle::RunOptions o;
  o.stats = &stats;
  ASSERT_TRUE(run_mod(m, {&a, &b}, o).is_ok());
  // 2 KiB of data; 2 x 32 bytes of initialization bits, 2 x 1 KiB of conflict words.
  EXPECT_EQ(stats.peak_data_bytes, 2048u);
  EXPECT_EQ(stats.peak_shadow_bytes, 64u + 2048u);
  EXPECT_LE(stats.peak_shadow_bytes, 2 * stats.peak_data_bytes);
}

// A parallel loop run once per iteration of a serial loop: each run starts from clean conflict
// words, so writing the same elements again in the next run is no conflict...
TEST(EvalMemory, ConflictWordsAreClearedBetweenConstructs) {
  auto m = parse("@T.prim_func\n"
                 "def main(B: T.Buffer((8,), \"int32\")):\n"
                 "    T.func_attr({\"global_symbol\": \"main\"})\n"
                 "    for k in range(3):\n"
                 "        for j in T.parallel(8):\n"
                 "            B[j] = k * 10 + j\n");
  NDArray b(i32, {8});
  Outcome out = run_mod(m, {&b});
  ASSERT_TRUE(out.is_ok()) << runtime::to_string(out);
  EXPECT_EQ(int_data(b), (std::vector<int64_t>{20, 21, 22, 23, 24, 25, 26, 27}));
}

// ...while a conflict inside a later run is still found.
TEST(EvalMemory, ConflictInALaterConstructIsFound) {
  auto m = parse("@T.prim_func\n"
                 "def main(B: T.Buffer((8,), \"int32\")):\n"
                 "    T.func_attr({\"global_symbol\": \"main\"})\n"
                 "    for k in range(3):\n"
                 "        for j in T.parallel(8):\n"
                 "            if k == 2:\n"
                 "                B[0] = j\n"
                 "            else:\n"
                 "                B[j] = j\n");
  NDArray b(i32, {8});
  expect_unspecified(run_mod(m, {&b}), UnspecifiedClass::Conflict, "unspec.conflict.parallel");
}

// Writes of a bool tensor keep their 0/1 bytes; unwritten int8 elements keep theirs (only
// written slots are copied back).
TEST(EvalMemory, OnlyWrittenSlotsAreCopiedBack) {
  auto m = parse("@T.prim_func\n"
                 "def main(A: T.Buffer((4,), \"int8\")):\n"
                 "    T.func_attr({\"global_symbol\": \"main\"})\n"
                 "    A[1] = T.int8(-7)\n");
  NDArray a = ints(i8, {4}, {100, 101, -128, 127});
  ASSERT_TRUE(run_mod(m, {&a}).is_ok());
  EXPECT_EQ(int_data(a), (std::vector<int64_t>{100, -7, -128, 127}));
}

} // namespace
} // namespace tirconf::evaltest
