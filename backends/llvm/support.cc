// What the LLVM backend declares it cannot run, found by a walk over the module before anything
// is compiled. Each entry says why; `tirconf test --impl llvm-O2 -v` lists them.
#include <set>

#include "backends/llvm/llvm_backend.h"
#include "ir/builtins.h"
#include "ir/visitor.h"
#include "runtime/ndarray.h"

namespace tirconf::backends {

namespace {

// The builtins lower_builtins.cc implements.
const std::set<std::string> &implemented_builtins() {
  static const std::set<std::string> s = {
      "tir.ret",         "tir.if_then_else", "tir.likely",      "tir.assume",
      "tir.reinterpret", "tir.bitwise_and",  "tir.bitwise_or",  "tir.bitwise_xor",
      "tir.bitwise_not", "tir.shift_left",   "tir.shift_right", "tir.popcount",
      "tir.isnan",       "tir.isinf",        "tir.isfinite",    "tir.ldexp",
      "tir.nextafter",   "tir.exp",          "tir.exp2",        "tir.exp10",
      "tir.log",         "tir.log2",         "tir.log10",       "tir.log1p",
      "tir.sqrt",        "tir.rsqrt",        "tir.fabs",        "tir.floor",
      "tir.ceil",        "tir.round",        "tir.trunc",       "tir.nearbyint",
      "tir.tanh",        "tir.sigmoid",      "tir.erf",         "tir.sin",
      "tir.cos",         "tir.tan",          "tir.asin",        "tir.acos",
      "tir.atan",        "tir.sinh",         "tir.cosh",        "tir.pow",
      "tir.fmod",        "tir.copysign",     "tir.hypot",       "tir.atan2"};
  return s;
}

bool has_ret(const ir::PrimFuncNode &f) {
  struct Finder : ir::IRVisitor {
    bool found = false;
    void VisitExpr_(const ir::CallNode *op) override {
      if (op->is_builtin(ir::kRetOp))
        found = true;
      IRVisitor::VisitExpr_(op);
    }
  } finder;
  if (f.body)
    finder.VisitStmt(f.body);
  return finder.found;
}

// Cast(handle, 0): the null pointer, the one handle value every implementation agrees on.
bool null_handle(const ir::PrimExpr &e) {
  auto *c = ir::as<ir::CastNode>(e);
  auto *imm = c ? ir::as<ir::IntImmNode>(c->value) : nullptr;
  return imm && imm->value == 0;
}

class Scan : public ir::IRVisitor {
public:
  Scan(const ir::IRModule &m, std::vector<Unsupported> &out) : m_(m), out_(out) {}

protected:
  void VisitExpr_(const ir::CallNode *op) override {
    if (op->callee) {
      call(op);
    } else if (op->op == "tir.call_extern" || op->op == "tir.call_pure_extern") {
      add(op->op, "extern calls have no semantics in the catalog (unspec.builtin_unlisted)",
          op->loc);
    } else if (!implemented_builtins().count(op->op)) {
      add(op->op, "builtin not implemented by the LLVM backend", op->loc);
    } else if (op->op == "tir.reinterpret" &&
               (op->dtype.is_handle() || (!op->args.empty() && op->args[0]->dtype.is_handle()))) {
      add(op->op, "reinterpret of a handle: native handles are addresses", op->loc);
    }
    IRVisitor::VisitExpr_(op);
  }

private:
  void call(const ir::CallNode *op) {
    ir::PrimFunc callee = m_->lookup(op->callee->name_hint);
    if (!callee)
      return; // the checker rejects it
    for (size_t i = 0; i < op->args.size() && i < callee->params.size(); ++i) {
      if (!callee->buffer_for(callee->params[i]))
        continue;
      // Native handles carry no element type: the dtype check of a buffer argument
      // ([bind.dtype]) uses the pointer type the handle Var was declared with.
      auto *v = ir::as<ir::VarNode>(op->args[i]);
      if (!op->args[i]->dtype.is_handle())
        continue; // a binding error the lowering raises
      if (!v || !v->type_annotation.is_pointer() || !v->type_annotation.element->is_prim())
        add("call of " + op->callee->name_hint,
            "a buffer argument that is not a pointer-typed handle Var: its element type cannot be "
            "checked",
            op->loc);
      else if (let_handles_.count(v))
        // A LetStmt may re-annotate a pointer with another element type (type.stmt.letstmt), so
        // the annotation need not be the memory's.
        add("call of " + op->callee->name_hint,
            "a buffer argument bound by a Let: its element type cannot be checked", op->loc);
    }
    if (!op->dtype.is_void() && !has_ret(*callee))
      add("call of " + op->callee->name_hint, "its value is used but the callee never runs tir.ret",
          op->loc);
  }
  void VisitStmt_(const ir::LetStmtNode *op) override {
    if (op->var->dtype.is_handle())
      let_handles_.insert(op->var.get());
    IRVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const ir::AllocateNode *op) override {
    if (op->is_const())
      add("T.allocate_const", "constant allocations (TVM's AllocateConst) are not lowered",
          op->loc);
    IRVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const ir::BufferStoreNode *op) override {
    if (op->predicate)
      add("A.vstore", "masked vector stores (unspec.predicated_access) are not lowered", op->loc);
    IRVisitor::VisitStmt_(op);
  }
  void VisitExpr_(const ir::BufferLoadNode *op) override {
    if (op->predicate)
      add("A.vload", "masked vector loads (unspec.predicated_access) are not lowered", op->loc);
    IRVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const ir::LetNode *op) override {
    if (op->var->dtype.is_handle())
      let_handles_.insert(op->var.get());
    IRVisitor::VisitExpr_(op);
  }
  void add(std::string what, std::string why, ir::SourceLoc loc) {
    out_.push_back({std::move(what), std::move(why), loc});
  }
  std::set<const ir::VarNode *> let_handles_;

  const ir::IRModule &m_;
  std::vector<Unsupported> &out_;
};

} // namespace

std::vector<Unsupported> llvm_unsupported(const ir::IRModule &m) {
  std::vector<Unsupported> out;
  if (!m)
    return out;
  for (const auto &[g, f] : m->functions) {
    for (const auto &[p, b] : f->buffer_map)
      if (!runtime::to_dl_datatype(b->dtype))
        out.push_back(
            {"buffer " + b->name,
             "a buffer parameter of dtype " + ir::to_string(b->dtype) + " has no DLTensor form",
             b->loc});
    Scan scan(m, out);
    if (f->body)
      scan.VisitStmt(f->body);
    // A handle returned to the host is an address, comparable with no other implementation.
    struct RetFinder : ir::IRVisitor {
      std::vector<Unsupported> &out;
      explicit RetFinder(std::vector<Unsupported> &o) : out(o) {}
      void VisitExpr_(const ir::CallNode *op) override {
        if (op->is_builtin(ir::kRetOp) && op->args.size() == 1 && op->args[0]->dtype.is_handle() &&
            !null_handle(op->args[0]))
          out.push_back({"tir.ret of a handle",
                         "native handles are addresses, comparable with no other implementation",
                         op->loc});
        IRVisitor::VisitExpr_(op);
      }
    } rets(out);
    if (f->body)
      rets.VisitStmt(f->body);
  }
  return out;
}

} // namespace tirconf::backends
