// The tvm profile (programs in the style TVM users write, which TVM's build accepts) and the
// switches it needs: each switch, off, removes exactly the construct TVM's build refuses, and the
// programs keep every property of generated programs (well-typed, read back, ok on the oracle).
#include <gtest/gtest.h>

#include <algorithm>

#include "generators/facts.h"
#include "generators/profile.h"
#include "generators/program_gen.h"
#include "ir/visitor.h"
#include "tests/gen_support.h"

namespace tirconf::gentest {
namespace {

using gen::Profile;

Profile tvm_profile() {
  auto r = gen::load_profile("tvm");
  EXPECT_TRUE(r.profile) << (r.diagnostics.empty() ? "" : ir::format(r.diagnostics.front()));
  return r.profile ? *r.profile : Profile::default_profile();
}

Profile with(const std::string &yaml, const Profile &base = Profile::default_profile()) {
  auto r = gen::parse_profile(yaml, "p.yaml", base);
  EXPECT_TRUE(r.profile) << (r.diagnostics.empty() ? "" : ir::format(r.diagnostics.front()));
  return r.profile ? *r.profile : base;
}

// What a program holds, as far as TVM's build cares.
struct Census : ir::IRVisitor {
  int float_floor_ops = 0, nested_parallel = 0, nested_vectorized = 0, nonzero_min_loops = 0;
  int realizes = 0, handle_casts = 0, fmods = 0, out_of_range_literal_casts = 0,
      float_to_bool_casts = 0, blocks = 0, inits = 0, thread_bindings = 0, allocates = 0;
  int parallel_depth = 0, vectorized_depth = 0;
  int stores_outside_blocks = 0, block_depth = 0;

  void VisitExpr_(const ir::FloorDivNode *op) override {
    float_floor_ops += op->dtype.is_floating();
    IRVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const ir::FloorModNode *op) override {
    float_floor_ops += op->dtype.is_floating();
    IRVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const ir::CastNode *op) override {
    handle_casts += op->dtype.is_handle();
    const ir::DataType from = op->value->dtype;
    float_to_bool_casts += op->dtype.is_bool() && from.is_floating();
    if (auto *imm = ir::as<ir::IntImmNode>(op->value); imm && op->dtype.is_integer()) {
      const gen::i128 v =
          from.is_uint() ? gen::i128(static_cast<uint64_t>(imm->value)) : gen::i128(imm->value);
      const ir::DataType to = op->dtype.element_of();
      out_of_range_literal_casts += v < gen::min_of(to) || v > gen::max_of(to);
    }
    IRVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const ir::CallNode *op) override {
    fmods += op->is_builtin("tir.fmod");
    IRVisitor::VisitExpr_(op);
  }
  void VisitStmt_(const ir::ForNode *op) override {
    auto *mn = ir::as<ir::IntImmNode>(op->min);
    nonzero_min_loops += !mn || mn->value != 0;
    thread_bindings += op->for_kind == ir::ForKind::ThreadBinding;
    const bool par = op->for_kind == ir::ForKind::Parallel,
               vec = op->for_kind == ir::ForKind::Vectorized;
    nested_parallel += par && parallel_depth > 0;
    nested_vectorized += vec && vectorized_depth > 0;
    parallel_depth += par;
    vectorized_depth += vec;
    IRVisitor::VisitStmt_(op);
    parallel_depth -= par;
    vectorized_depth -= vec;
  }
  void VisitStmt_(const ir::BufferRealizeNode *op) override {
    ++realizes;
    IRVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const ir::AllocateNode *op) override {
    ++allocates;
    IRVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const ir::BlockNode *op) override {
    const bool root = op->name_hint == "root";
    blocks += !root;
    inits += op->init != nullptr;
    block_depth += !root;
    IRVisitor::VisitStmt_(op);
    block_depth -= !root;
  }
  void VisitStmt_(const ir::BufferStoreNode *op) override {
    stores_outside_blocks += block_depth == 0;
    IRVisitor::VisitStmt_(op);
  }
};

Census census(const gen::GeneratedProgram &g) {
  Census c;
  for (const auto &[gv, f] : g.module->functions)
    c.VisitStmt(f->body);
  return c;
}

// Sums `field` of the census over `n` programs of seed 1.
int count(const Profile &p, int Census::*field, int n = 400) {
  int total = 0;
  for (int i = 0; i < n; ++i)
    total += census(gen::generate_program(gen::derive_seed(1, static_cast<uint64_t>(i)), p)).*field;
  return total;
}

TEST(GenTvmProfile, LoadsWithTheSwitchesTvmNeeds) {
  const Profile p = tvm_profile();
  EXPECT_EQ(p.name, "tvm");
  EXPECT_FALSE(p.features.float_floor_division);
  EXPECT_FALSE(p.features.nested_parallel);
  EXPECT_FALSE(p.features.wrapping_casts);
  EXPECT_FALSE(p.features.threads);
  EXPECT_EQ(p.excluded_math, std::vector<std::string>{"fmod"});
  EXPECT_EQ(p.chances.loop_nonzero_min, 0);
  EXPECT_EQ(p.stmt[size_t(gen::StmtChoice::Realize)], 0);
  EXPECT_EQ(p.evaluate_kind[size_t(gen::EvaluateKind::NullHandle)], 0);
  EXPECT_EQ(p.function_style[size_t(gen::FunctionStyle::Lowered)], 0);
  EXPECT_EQ(p.function_style[size_t(gen::FunctionStyle::Both)], 0);
}

TEST(GenTvmProfile, ProgramsHoldTheProperties) {
  const Profile p = tvm_profile();
  for (uint64_t i = 0; i < 200; ++i) {
    auto g = gen::generate_program(gen::derive_seed(7, i), p);
    auto broken = broken_property(g);
    ASSERT_FALSE(broken) << "program " << i << " of seed 7: " << *broken;
  }
}

TEST(GenTvmProfile, ProgramsAvoidWhatTvmsBuildRefuses) {
  const Profile p = tvm_profile();
  for (uint64_t i = 0; i < 500; ++i) {
    const Census c = census(gen::generate_program(gen::derive_seed(3, i), p));
    EXPECT_EQ(c.float_floor_ops, 0) << i;
    EXPECT_EQ(c.nested_parallel, 0) << i;
    EXPECT_EQ(c.nested_vectorized, 0) << i;
    EXPECT_EQ(c.nonzero_min_loops, 0) << i;
    EXPECT_EQ(c.realizes, 0) << i;
    EXPECT_EQ(c.handle_casts, 0) << i;
    EXPECT_EQ(c.fmods, 0) << i;
    EXPECT_EQ(c.float_to_bool_casts, 0) << i;
    EXPECT_EQ(c.out_of_range_literal_casts, 0) << i;
    EXPECT_EQ(c.thread_bindings, 0) << i;
    EXPECT_EQ(c.allocates, 0) << i;
    EXPECT_EQ(c.stores_outside_blocks, 0) << i;
  }
}

TEST(GenTvmProfile, ProgramsAreBlocksAndReductions) {
  const Profile p = tvm_profile();
  int with_blocks = 0, with_reductions = 0;
  const int n = 500;
  for (uint64_t i = 0; i < n; ++i) {
    const Census c = census(gen::generate_program(gen::derive_seed(3, i), p));
    with_blocks += c.blocks > 0;
    with_reductions += c.inits > 0;
  }
  EXPECT_GE(with_blocks, n * 3 / 4);
  EXPECT_GE(with_reductions, n / 2);
}

// Each switch: on (the default) the construct is generated, off it never is.
TEST(GenTvmProfile, FloatFloorDivisionSwitch) {
  EXPECT_GT(count(Profile::default_profile(), &Census::float_floor_ops), 0);
  EXPECT_EQ(count(with("features: {float_floor_division: false}\n"), &Census::float_floor_ops), 0);
}

TEST(GenTvmProfile, NestedParallelSwitch) {
  const std::string many = "for_kinds: {parallel: 10, vectorized: 10}\n";
  const Profile on = with(many), off = with(many + "features: {nested_parallel: false}\n");
  EXPECT_GT(count(on, &Census::nested_parallel), 0);
  EXPECT_GT(count(on, &Census::nested_vectorized), 0);
  EXPECT_EQ(count(off, &Census::nested_parallel), 0);
  EXPECT_EQ(count(off, &Census::nested_vectorized), 0);
}

TEST(GenTvmProfile, WrappingCastsSwitch) {
  const std::string casts = "expressions: {cast: 40}\nchances: {literal_edge: 60}\n";
  const Profile on = with(casts), off = with(casts + "features: {wrapping_casts: false}\n");
  EXPECT_GT(count(on, &Census::float_to_bool_casts), 0);
  EXPECT_GT(count(on, &Census::out_of_range_literal_casts), 0);
  EXPECT_EQ(count(off, &Census::float_to_bool_casts), 0);
  EXPECT_EQ(count(off, &Census::out_of_range_literal_casts), 0);
  for (uint64_t i = 0; i < 200; ++i) {
    auto broken = broken_property(gen::generate_program(gen::derive_seed(5, i), off));
    ASSERT_FALSE(broken) << "program " << i << ": " << *broken;
  }
}

TEST(GenTvmProfile, StoresOutsideBlocksSwitch) {
  // Helpers are lowered TIR, without blocks: one function per module here.
  const std::string blocks = "function_styles: {blocks: 1, lowered: 0, both: 0}\n"
                             "chances: {root_alloc_buffers: 80}\n";
  const Profile on = with(blocks + "features: {calls: false}\n"),
                off = with(blocks + "features: {calls: false, stores_outside_blocks: false}\n");
  EXPECT_GT(count(on, &Census::stores_outside_blocks), 0);
  EXPECT_EQ(count(off, &Census::stores_outside_blocks), 0);
  EXPECT_GT(count(off, &Census::blocks), count(on, &Census::blocks));
  for (uint64_t i = 0; i < 200; ++i) {
    auto broken = broken_property(gen::generate_program(gen::derive_seed(8, i), off));
    ASSERT_FALSE(broken) << "program " << i << ": " << *broken;
  }
}

TEST(GenTvmProfile, ExcludedMathIsNeverCalled) {
  const std::string math = "builtins: {exact_math: 40}\nchances: {exact_math_unary: 0}\n";
  EXPECT_GT(count(with(math), &Census::fmods), 0);
  EXPECT_EQ(count(with(math + "excluded_math: [fmod]\n"), &Census::fmods), 0);
  // Every binary one excluded: the unary ones are drawn instead, and programs stay valid.
  const Profile no_binary = with(math + "excluded_math: [fmod, copysign, nextafter]\n");
  EXPECT_EQ(count(no_binary, &Census::fmods), 0);
  for (uint64_t i = 0; i < 100; ++i) {
    auto broken = broken_property(gen::generate_program(gen::derive_seed(6, i), no_binary));
    ASSERT_FALSE(broken) << "program " << i << ": " << *broken;
  }
}

TEST(GenTvmProfile, ExcludedMathNamesAreChecked) {
  auto r = gen::parse_profile("excluded_math: [fmod, frobnicate]\n", "bad.yaml",
                              Profile::default_profile());
  ASSERT_FALSE(r.profile);
  const std::string e = ir::format(r.diagnostics.front());
  EXPECT_EQ(e.rfind("bad.yaml:1:23: error: excluded_math: unknown math builtin 'frobnicate'", 0),
            0u)
      << e;
  r = gen::parse_profile("excluded_math: fmod\n", "bad.yaml", Profile::default_profile());
  ASSERT_FALSE(r.profile);
  EXPECT_EQ(ir::format(r.diagnostics.front()),
            "bad.yaml:1:16: error: excluded_math: expected a list of builtin names");
  r = gen::parse_profile("features: {nested_parallel: perhaps}\n", "bad.yaml",
                         Profile::default_profile());
  ASSERT_FALSE(r.profile);
  EXPECT_EQ(ir::format(r.diagnostics.front()),
            "bad.yaml:1:29: error: features.nested_parallel: expected true or false, got "
            "'perhaps'");
}

// Operator shapes: extents shared between buffers, reductions over an input's dimension.
TEST(GenTvmProfile, OperatorShapeChances) {
  auto shared_extents = [](const gen::GeneratedProgram &g) {
    std::vector<int64_t> seen;
    int repeats = 0;
    for (const auto &a : g.args)
      for (int64_t d : a.shape) {
        repeats += std::find(seen.begin(), seen.end(), d) != seen.end() && d > 1;
        seen.push_back(d);
      }
    return repeats;
  };
  auto total = [&](const Profile &p) {
    int n = 0;
    for (uint64_t i = 0; i < 300; ++i)
      n += shared_extents(gen::generate_program(gen::derive_seed(2, i), p));
    return n;
  };
  const std::string base = "limits: {buffer_params: 3}\n";
  EXPECT_GT(total(with(base + "chances: {dim_reuses_extent: 100}\n")),
            2 * total(with(base + "chances: {dim_reuses_extent: 0}\n")));
  const Profile reduce = with("statements: {reduction: 60}\nchances: "
                              "{reduce_extent_from_buffer: 100}\n");
  for (uint64_t i = 0; i < 200; ++i) {
    auto broken = broken_property(gen::generate_program(gen::derive_seed(4, i), reduce));
    ASSERT_FALSE(broken) << "program " << i << ": " << *broken;
  }
}

} // namespace
} // namespace tirconf::gentest
