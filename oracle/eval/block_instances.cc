// [unspec.block_instance_dependence] under the reading block-instances=independent (TVM's
// TensorIR): the instances of a block that differ in a spatial iter var's value are independent.
// Each block has a conflict level (conflict.h) for as long as the statement around its loops
// runs (the body of the enclosing Block, or of the PrimFunc); an instance is an iteration of it,
// numbered by its spatial iter values, so an element one instance writes and another reads or
// writes is a conflict, exactly as between parallel iterations. Between instances the level is
// idle. Instances with equal spatial values (a reduction's updates) are one iteration.
#include "ir/visitor.h"
#include "oracle/eval/exec_stmt.h"
#include "oracle/eval/trap.h"

namespace tirconf::oracle::eval {

namespace {

bool independent_instances(const Compiler &c) {
  return c.m.options.readings.block_instances == BlockInstances::Independent;
}

// The blocks realized in `body` outside any Block nested in it: the blocks whose instances the
// statement's loops make.
std::vector<const ir::BlockNode *> child_blocks(const ir::Stmt &body) {
  struct Finder : ir::IRVisitor {
    std::vector<const ir::BlockNode *> found;
    void VisitStmt_(const ir::BlockRealizeNode *op) override {
      if (op->block)
        found.push_back(op->block.get());
      for (const auto &v : op->iter_values)
        if (v)
          VisitExpr(v);
      if (op->predicate)
        VisitExpr(op->predicate);
    }
  } finder;
  finder.VisitStmt(body);
  return finder.found;
}

class InstanceScope final : public CStmt {
public:
  InstanceScope(Compiler &c, const ir::Stmt &body, std::vector<const ir::BlockNode *> blocks)
      : CStmt(body.get()), blocks_(std::move(blocks)), body_(c.stmt(body)) {}

  void exec(Frame &f) const override {
    Machine &m = f.m;
    struct Level {
      const ir::BlockNode *block;
      std::optional<Machine::InstanceLevel> outer; // a recursive call's, restored after
    };
    std::vector<Level> pushed;
    struct Pop {
      Machine &m;
      std::vector<Level> &pushed;
      ~Pop() {
        for (auto it = pushed.rbegin(); it != pushed.rend(); ++it) {
          m.conflicts.pop();
          if (it->outer)
            m.instance_levels[it->block] = std::move(*it->outer);
          else
            m.instance_levels.erase(it->block);
        }
      }
    } pop{m, pushed};
    for (const ir::BlockNode *b : blocks_) {
      Level l{b, std::nullopt};
      if (auto it = m.instance_levels.find(b); it != m.instance_levels.end())
        l.outer = std::move(it->second);
      Machine::InstanceLevel level;
      level.level =
          m.conflicts.push_idle("unspec.block_instance_dependence", b->loc, m.memory.next_id());
      m.instance_levels[b] = std::move(level);
      pushed.push_back(std::move(l));
    }
    body_->run(f);
  }

private:
  std::vector<const ir::BlockNode *> blocks_;
  CStmtPtr body_;
};

class IndependentInstance final : public CStmt {
public:
  IndependentInstance(Compiler &c, const ir::BlockNode *op, CStmtPtr block)
      : CStmt(op), block_node_(op), block_(std::move(block)) {
    for (const auto &iv : op->iter_vars)
      if (iv && iv->iter_type == ir::IterVarType::DataPar)
        spatial_.push_back(c.var(iv->var.get()));
  }

  void exec(Frame &f) const override {
    auto it = f.m.instance_levels.find(block_node_);
    if (it == f.m.instance_levels.end()) {
      block_->run(f);
      return;
    }
    std::vector<uint64_t> key;
    for (int s : spatial_)
      key.push_back(f.regs[static_cast<size_t>(s)]);
    Machine::InstanceLevel &level = it->second;
    auto [id, fresh] =
        level.ids.try_emplace(std::move(key), static_cast<uint32_t>(level.ids.size()));
    if (level.ids.size() >= static_cast<size_t>(ConflictTracker::kMaxIterations))
      f.m.over_budget(loc);
    const ConflictTracker::Instance outer = f.m.conflicts.instance(level.level);
    f.m.conflicts.set_instance(level.level, {false, id->second});
    struct Restore {
      ConflictTracker &t;
      size_t index;
      ConflictTracker::Instance was;
      ~Restore() { t.set_instance(index, was); }
    } restore{f.m.conflicts, level.level, outer};
    block_->run(f);
  }

private:
  const ir::BlockNode *block_node_;
  std::vector<int> spatial_; // the slots of the spatial iter vars
  CStmtPtr block_;
};

} // namespace

CStmtPtr compile_instance_scope(Compiler &c, const ir::Stmt &body) {
  if (!independent_instances(c))
    return c.stmt(body);
  std::vector<const ir::BlockNode *> blocks = child_blocks(body);
  if (blocks.empty())
    return c.stmt(body);
  return std::make_unique<InstanceScope>(c, body, std::move(blocks));
}

CStmtPtr independent_block(Compiler &c, const ir::BlockNode *op, CStmtPtr block) {
  if (!independent_instances(c))
    return block;
  return std::make_unique<IndependentInstance>(c, op, std::move(block));
}

} // namespace tirconf::oracle::eval
