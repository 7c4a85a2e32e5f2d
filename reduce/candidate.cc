#include "reduce/candidate.h"

#include <algorithm>

#include "ir/expr.h"
#include "ir/mutator.h"
#include "ir/tvmscript/printer.h"
#include "ir/visitor.h"

namespace tirconf::reduce {

namespace {

std::string list(const std::vector<std::string> &xs) {
  std::string s = "[";
  for (size_t i = 0; i < xs.size(); ++i)
    s += (i ? ", " : "") + xs[i];
  return s + "]";
}

std::string shape_list(const std::vector<int64_t> &shape) {
  std::vector<std::string> xs;
  for (int64_t d : shape)
    xs.push_back(std::to_string(d));
  return list(xs);
}

class NodeCounter : public ir::IRVisitor {
public:
  size_t n = 0;
  void VisitExpr(const ir::PrimExpr &e) override {
    ++n;
    IRVisitor::VisitExpr(e);
  }
  void VisitStmt(const ir::Stmt &s) override {
    ++n;
    IRVisitor::VisitStmt(s);
  }

protected:
  void VisitBufferDef(const ir::Buffer &) override { ++n; }
};

bool is_no_op(const ir::Stmt &s) {
  const auto *e = ir::as<ir::EvaluateNode>(s);
  if (!e)
    return false;
  const auto *imm = ir::as<ir::IntImmNode>(e->value);
  return imm && imm->value == 0;
}

class Tidier : public ir::IRMutator {
protected:
  ir::Stmt VisitStmt_(const ir::SeqStmtNode *op) override {
    std::vector<ir::Stmt> flat;
    bool changed = false;
    for (const auto &s : op->seq) {
      ir::Stmt t = VisitStmt(s);
      changed |= t != s;
      if (const auto *inner = ir::as<ir::SeqStmtNode>(t)) {
        flat.insert(flat.end(), inner->seq.begin(), inner->seq.end());
        changed = true;
      } else if (is_no_op(t)) {
        changed = true;
      } else {
        flat.push_back(std::move(t));
      }
    }
    if (flat.empty())
      return std::make_shared<ir::EvaluateNode>(ir::make_int32(0), op->loc);
    if (flat.size() == 1)
      return flat.front();
    if (!changed)
      return op->shared_from_this();
    return std::make_shared<ir::SeqStmtNode>(std::move(flat), op->loc);
  }
};

} // namespace

std::string args_yaml(const std::vector<runner::Arg> &args) {
  std::string out;
  for (const auto &a : args) {
    out += "  " + a.name + ": ";
    if (a.is_tensor) {
      out += "{dtype: " + ir::to_string(a.tensor.dtype) + ", shape: " + shape_list(a.tensor.shape);
      if (a.tensor.has_data)
        out += ", data: " + list(a.tensor.data);
      out += "}";
    } else {
      out += a.scalar;
    }
    out += "\n";
  }
  return out;
}

std::string render(const Candidate &c) {
  ir::PrintOptions opts;
  opts.import_comments = false;
  opts.docstring = "\nfunc: " + c.func + "\nargs:\n" + args_yaml(c.args) + kExpectationPlaceholder;
  return ir::print_tvmscript(c.module, opts);
}

size_t ir_nodes(const ir::IRModule &m) {
  NodeCounter count;
  for (const auto &[gv, f] : m->functions) {
    count.n += 1 + f->params.size() + f->buffer_map.size();
    count.VisitStmt(f->body);
  }
  return count.n;
}

size_t program_lines(const ir::IRModule &m) {
  const std::string text = ir::print_tvmscript(m);
  return static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
}

ir::PrimFunc with_body(const ir::PrimFuncNode &f, ir::Stmt body) {
  auto copy = std::make_shared<ir::PrimFuncNode>(f);
  copy->body = std::move(body);
  return copy;
}

ir::IRModule with_function(const ir::IRModule &m, const ir::PrimFuncNode *from, ir::PrimFunc to) {
  auto out = std::make_shared<ir::IRModuleNode>(*m);
  for (auto &[gv, fn] : out->functions)
    if (fn.get() == from)
      fn = to;
  return out;
}

ir::IRModule tidy(const ir::IRModule &m) {
  auto out = std::make_shared<ir::IRModuleNode>(*m);
  for (auto &[gv, f] : out->functions) {
    ir::Stmt body = Tidier().VisitStmt(f->body);
    if (body != f->body)
      f = with_body(*f, std::move(body));
  }
  return out;
}

} // namespace tirconf::reduce
