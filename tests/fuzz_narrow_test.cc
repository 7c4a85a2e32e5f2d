// A generator profile narrowed to what the compared backends run (fuzz/backend_set.h): statement
// kinds a backend declares unsupported (an external implementation's hello) get weight zero, and
// programs made from the narrowed profile never contain them.
#include <gtest/gtest.h>

#include "fuzz/backend_set.h"
#include "generators/program_gen.h"
#include "ir/visitor.h"

namespace tirconf::fuzz {
namespace {

struct StatementKinds : ir::IRVisitor {
  int realize = 0, loops_while = 0;
  void VisitStmt_(const ir::BufferRealizeNode *op) override {
    ++realize;
    IRVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const ir::WhileNode *op) override {
    ++loops_while;
    IRVisitor::VisitStmt_(op);
  }
};

TEST(Narrow, DeclaredUnsupportedStatementsAreNeverGenerated) {
  backends::Capabilities c;
  c.unsupported_statements = {"tir.BufferRealize", "tir.While", "tir.NotAStatementWeKnow"};
  const gen::Profile &base = gen::Profile::default_profile();
  ASSERT_GT(base.stmt[static_cast<size_t>(gen::StmtChoice::Realize)], 0);
  gen::Profile p = narrow(base, c);
  EXPECT_EQ(p.stmt[static_cast<size_t>(gen::StmtChoice::Realize)], 0);
  EXPECT_EQ(p.stmt[static_cast<size_t>(gen::StmtChoice::While)], 0);
  EXPECT_EQ(p.stmt[static_cast<size_t>(gen::StmtChoice::Store)],
            base.stmt[static_cast<size_t>(gen::StmtChoice::Store)]);

  StatementKinds before, after;
  for (uint64_t seed = 1; seed <= 150; ++seed) {
    using Run = std::pair<const gen::Profile *, StatementKinds *>;
    for (auto [profile, seen] : {Run{&base, &before}, Run{&p, &after}}) {
      auto g = gen::generate_program(seed, *profile);
      for (const auto &[gv, f] : g.module->functions)
        if (f->body)
          seen->VisitStmt(f->body);
    }
  }
  EXPECT_GT(before.realize + before.loops_while, 0); // the default profile makes them
  EXPECT_EQ(after.realize, 0);
  EXPECT_EQ(after.loops_while, 0);
}

} // namespace
} // namespace tirconf::fuzz
