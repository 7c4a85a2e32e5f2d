// The gpu profile: its programs hold GPU kernels (a blockIdx.x loop over a shared buffer and a
// threadIdx.x loop whose body stages into it, meets barriers, and may reduce it), and the
// kernels are conflict-free because of their barriers: with the barriers taken out, the oracle
// finds the conflicts they prevented.
#include <gtest/gtest.h>

#include "generators/profile.h"
#include "generators/program_gen.h"
#include "ir/mutator.h"
#include "ir/visitor.h"
#include "tests/gen_support.h"

namespace tirconf::gentest {
namespace {

gen::Profile gpu_profile() {
  auto r = gen::load_profile("gpu");
  EXPECT_TRUE(r.profile) << (r.diagnostics.empty() ? "" : ir::format(r.diagnostics.front()));
  return r.profile ? *r.profile : gen::Profile::default_profile();
}

// Kernels as the profile builds them, and where their barriers sit.
struct KernelCensus : ir::IRVisitor {
  int shared_allocations = 0;
  int barriers = 0;
  int barriers_in_thread_body = 0; // directly in the body sequence of a threadIdx.x loop
  int halving_steps = 0;           // `if tx < h: S[tx] = S[tx] op S[tx + h]`
  int published = 0; // in a thread loop, a shared element stored as it is into other memory
  const ir::ForNode *thread_loop = nullptr;

  void VisitStmt_(const ir::BufferStoreNode *op) override {
    const auto *load = ir::as<ir::BufferLoadNode>(op->value);
    published +=
        thread_loop && op->buffer->scope() != "shared" && load && load->buffer->scope() == "shared";
    IRVisitor::VisitStmt_(op);
  }

  void VisitStmt_(const ir::AllocateNode *op) override {
    shared_allocations += op->buffer_var->type_annotation.storage_scope == "shared";
    IRVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const ir::ForNode *op) override {
    const ir::ForNode *saved = thread_loop;
    if (op->for_kind == ir::ForKind::ThreadBinding && op->thread_binding &&
        op->thread_binding->thread_tag == "threadIdx.x") {
      thread_loop = op;
      if (const auto *seq = ir::as<ir::SeqStmtNode>(op->body))
        for (const auto &s : seq->seq)
          barriers_in_thread_body += is_barrier(s);
    }
    IRVisitor::VisitStmt_(op);
    thread_loop = saved;
  }
  void VisitStmt_(const ir::IfThenElseNode *op) override {
    const auto *lt = ir::as<ir::LTNode>(op->condition);
    const auto *store = ir::as<ir::BufferStoreNode>(op->then_case);
    halving_steps += thread_loop && lt &&
                     ir::as<ir::VarNode>(lt->a) == thread_loop->loop_var.get() && store &&
                     store->buffer->scope() == "shared";
    IRVisitor::VisitStmt_(op);
  }
  void VisitExpr_(const ir::CallNode *op) override {
    barriers += op->is_builtin("tir.tvm_storage_sync");
    IRVisitor::VisitExpr_(op);
  }
  static bool is_barrier(const ir::Stmt &s) {
    const auto *e = ir::as<ir::EvaluateNode>(s);
    const auto *c = e ? ir::as<ir::CallNode>(e->value) : nullptr;
    return c && c->is_builtin("tir.tvm_storage_sync");
  }
};

// Every barrier replaced by the int32 0 it evaluates to, so only its ordering is lost.
class StripBarriers : public ir::IRMutator {
public:
  using ir::IRMutator::VisitExpr_;
  ir::PrimExpr VisitExpr_(const ir::CallNode *op) override {
    if (op->is_builtin("tir.tvm_storage_sync"))
      return ir::make_int(ir::DataType::Int(32), 0);
    return ir::IRMutator::VisitExpr_(op);
  }
};

gen::GeneratedProgram without_barriers(const gen::GeneratedProgram &g) {
  gen::GeneratedProgram out = g;
  auto m = std::make_shared<ir::IRModuleNode>(*g.module);
  for (auto &[gv, f] : m->functions) {
    auto copy = std::make_shared<ir::PrimFuncNode>(*f);
    StripBarriers strip;
    copy->body = strip.VisitStmt(f->body);
    f = copy;
  }
  out.module = m;
  return out;
}

TEST(GenGpuProfile, ProgramsHoldKernelsWithBarriersInTheThreadBody) {
  const gen::Profile p = gpu_profile();
  int with_kernel = 0, with_reduction = 0, kernels = 0, publishing = 0, programs = 200;
  for (int i = 0; i < programs; ++i) {
    auto g = gen::generate_program(gen::derive_seed(7, static_cast<uint64_t>(i)), p);
    KernelCensus k;
    for (const auto &[gv, f] : g.module->functions)
      k.VisitStmt(f->body);
    with_kernel += k.shared_allocations > 0;
    kernels += k.shared_allocations;
    publishing += k.published;
    with_reduction += k.halving_steps > 0;
    // Barriers are made by kernels only, each directly in its thread loop's body: no condition
    // on the thread index stands between a thread and a barrier.
    EXPECT_EQ(k.barriers, k.barriers_in_thread_body) << "program " << i;
    if (k.halving_steps > 0) {
      EXPECT_GE(k.barriers, k.halving_steps + 1) << "program " << i;
    }
  }
  std::cout << "[ GenGpuProfile ] " << with_kernel << " of " << programs
            << " programs with a kernel, " << with_reduction << " reducing; " << publishing
            << " of " << kernels << " kernels publish a shared element\n";
  EXPECT_GE(with_kernel, programs / 2);
  EXPECT_GE(with_reduction, programs / 5);
  // What threads pass each other reaches memory that outlives the kernel (gpu_gen.cc), most
  // often a function output.
  EXPECT_GE(publishing, kernels / 3);
}

TEST(GenGpuProfile, TheBarriersAreWhatKeepsKernelsFreeOfConflicts) {
  const gen::Profile p = gpu_profile();
  int reducing_ran = 0, conflicts_without_barriers = 0;
  for (int i = 0; i < 200; ++i) {
    auto g = gen::generate_program(gen::derive_seed(11, static_cast<uint64_t>(i)), p);
    const runtime::Outcome with = run(g);
    ASSERT_EQ(with.kind(), runtime::OutcomeKind::Ok)
        << "program " << i << ": " << runtime::to_string(with);
    KernelCensus k;
    for (const auto &[gv, f] : g.module->functions)
      k.VisitStmt(f->body);
    if (k.barriers == 0)
      continue;
    const runtime::Outcome without = run(without_barriers(g));
    // Without its barriers a kernel either still happens to be ordered (its threads read only
    // their own element, or it never runs) or a thread reads an element another thread writes
    // unordered: a conflict, or, when the reader runs first, a read of an element not yet
    // written. Nothing else changes.
    if (without.kind() == runtime::OutcomeKind::Ok)
      continue;
    ASSERT_EQ(without.kind(), runtime::OutcomeKind::Unspecified)
        << "program " << i << ": " << runtime::to_string(without);
    const auto cls = without.unspecified().unspecified_class;
    EXPECT_TRUE(cls == runtime::UnspecifiedClass::Conflict ||
                cls == runtime::UnspecifiedClass::Uninitialized)
        << "program " << i << ": " << runtime::to_string(without);
    ++conflicts_without_barriers;
    reducing_ran += k.halving_steps > 0;
  }
  std::cout << "[ GenGpuProfile ] barriers removed: " << conflicts_without_barriers
            << " programs conflict or read unwritten elements (" << reducing_ran
            << " with a reduction)\n";
  EXPECT_GE(conflicts_without_barriers, 40);
  EXPECT_GE(reducing_ran, 20);
}

} // namespace
} // namespace tirconf::gentest
