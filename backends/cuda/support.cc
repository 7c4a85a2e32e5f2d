// What the CUDA backend declares it cannot run, found by a walk over the module before anything
// is compiled. Each entry says why; `tirconf test --impl cuda -v` and `tirconf diff
// --compile-only` list them. A construct reaching the lowering anyway is reported the same way
// (cuda_backend.cc).
#include <set>

#include "backends/cuda/cuda_backend.h"
#include "backends/cuda/lowering.h"
#include "ir/builtins.h"
#include "ir/visitor.h"
#include "runtime/ndarray.h"

namespace tirconf::backends {

namespace {

using cuda::FunctionLowering;

// Whether generated code has a C type for `t` (ctypes.cc), and if not, the kind of type and
// why: one entry per kind, so that reasons add up across programs.
std::optional<std::pair<std::string, std::string>> unlowered_type(ir::DataType t) {
  if (t.is_void() || t.is_handle())
    return std::nullopt;
  try {
    cuda::c_type(t);
  } catch (const cuda::UnsupportedError &) {
    return std::pair<std::string, std::string>{ir::to_string(t), "no CUDA type"};
  }
  return std::nullopt;
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
  void VisitExpr(const ir::PrimExpr &e) override {
    if (auto why = unlowered_type(e->dtype))
      add(why->first, why->second, e->loc);
    IRVisitor::VisitExpr(e);
  }
  void VisitExpr_(const ir::CallNode *op) override {
    if (op->callee) {
      call(op);
    } else if (op->op == "tir.call_extern" || op->op == "tir.call_pure_extern") {
      add(op->op, "extern calls have no semantics in the catalog (unspec.builtin_unlisted)",
          op->loc);
    } else if (!FunctionLowering::lowers_builtin(op->op)) {
      add(op->op, "builtin not lowered by the CUDA backend yet", op->loc);

    } else if (op->is_builtin(ir::kRetOp)) {
      // (tir.ret inside a launched loop, which would end one thread, the lowering declares.)
      if (!op->args.empty() && op->args[0]->dtype.lanes > 1)
        add("tir.ret of a vector", "the status word holds one lane", op->loc);
      else if (!op->args.empty() && op->args[0]->dtype.is_handle() && !null_handle(op->args[0]))
        add("tir.ret of a handle", "native handles are addresses, comparable with nothing",
            op->loc);
    }
    IRVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const ir::CastNode *op) override {
    auto *zero = ir::as<ir::IntImmNode>(op->value);
    const bool null = op->dtype.is_handle() && zero && zero->value == 0;
    const bool same = op->dtype.is_handle() && op->value->dtype.is_handle();
    if ((op->dtype.is_handle() || op->value->dtype.is_handle()) && !null && !same)
      add("a cast to or from a handle", "only the null handle is lowered", op->loc);
    IRVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const ir::BufferLoadNode *op) override {
    if (op->predicate)
      add("A.vload", "masked vector loads (unspec.predicated_access) are not lowered", op->loc);
    addressing(op->buffer, op->loc);
    IRVisitor::VisitExpr_(op);
  }
  void VisitStmt_(const ir::BufferStoreNode *op) override {
    if (op->predicate)
      add("A.vstore", "masked vector stores (unspec.predicated_access) are not lowered", op->loc);
    addressing(op->buffer, op->loc);
    IRVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const ir::AllocateNode *op) override {
    if (op->is_const())
      add("T.allocate_const", "constant allocations are not lowered yet", op->loc);
    IRVisitor::VisitStmt_(op);
  }

private:
  // Buffers whose element addresses lower_module.cc's offset_of does not compute.
  void addressing(const ir::Buffer &b, ir::SourceLoc loc) {
    if (b->buffer_type == ir::BufferType::AutoBroadcast)
      add("auto-broadcast buffers", "buffer_type=\"auto\" addressing is not lowered yet", loc);
    if (!b->axis_separators.empty())
      add("buffers with axis separators", "multi-dimensional physical layouts are not lowered",
          loc);
  }
  // What lower_call.cc cannot bind: as the LLVM backend, a buffer argument must be a
  // pointer-typed handle Var whose element type is the memory's.
  void call(const ir::CallNode *op) {
    ir::PrimFunc callee = m_->lookup(op->callee->name_hint);
    if (!callee)
      return; // the checker rejects it
    for (size_t i = 0; i < op->args.size() && i < callee->params.size(); ++i) {
      if (!callee->buffer_for(callee->params[i]) || !op->args[i]->dtype.is_handle())
        continue;
      auto *v = ir::as<ir::VarNode>(op->args[i]);
      if (!v || !v->type_annotation.is_pointer() || !v->type_annotation.element->is_prim())
        add("a buffer argument of a call",
            "not a pointer-typed handle Var: its element type cannot be checked", op->loc);
      else if (let_handles_.count(v))
        add("a buffer argument of a call",
            "a handle bound by a Let, whose annotation need not be the memory's type", op->loc);
    }
    if (!op->dtype.is_void() && !cuda::ret_dtype(*callee))
      add("a call used as a value", "the callee never runs tir.ret", op->loc);
  }
  void VisitStmt_(const ir::LetStmtNode *op) override {
    if (op->var->dtype.is_handle())
      let_handles_.insert(op->var.get());
    IRVisitor::VisitStmt_(op);
  }
  void VisitExpr_(const ir::LetNode *op) override {
    if (op->var->dtype.is_handle())
      let_handles_.insert(op->var.get());
    IRVisitor::VisitExpr_(op);
  }
  std::set<const ir::VarNode *> let_handles_;

  // One entry per kind of construct and function: the first place it occurs says enough.
  void add(std::string what, std::string why, ir::SourceLoc loc) {
    if (seen_.insert(what + '\0' + why).second)
      out_.push_back({std::move(what), std::move(why), loc});
  }
  const ir::IRModule &m_;
  std::vector<Unsupported> &out_;
  std::set<std::string> seen_;
};

} // namespace

std::vector<Unsupported> cuda_unsupported(const ir::IRModule &m) {
  std::vector<Unsupported> out;
  if (!m)
    return out;
  for (const auto &[g, f] : m->functions) {
    for (const auto &p : f->params) {
      if (p->dtype.is_handle() && !f->buffer_for(p))
        out.push_back({"handle parameters",
                       "a handle parameter that is not a buffer: native handles are not lowered",
                       f->loc});
      if (p->dtype.lanes > 1)
        out.push_back({"vector scalar parameters",
                       "a kernel argument word holds one lane (binding.h)", f->loc});
    }
    for (const auto &[p, b] : f->buffer_map) {
      if (!runtime::to_dl_datatype(b->dtype))
        out.push_back(
            {"buffer " + b->name,
             "a buffer parameter of dtype " + ir::to_string(b->dtype) + " has no DLTensor form",
             b->loc});
      else if (auto why = unlowered_type(b->dtype))
        out.push_back({why->first + " buffer parameters", why->second, b->loc});
      // binding.h binds IntImms and Vars on the host, with no evaluator for anything else.
      std::vector<ir::PrimExpr> fields(b->shape.begin(), b->shape.end());
      fields.insert(fields.end(), b->strides.begin(), b->strides.end());
      fields.push_back(b->elem_offset);
      for (const auto &e : fields)
        if (e && !ir::as<ir::IntImmNode>(e) && !ir::as<ir::VarNode>(e)) {
          out.push_back({"buffer " + b->name,
                         "a shape, stride or elem_offset that is an expression: the host binds "
                         "only constants and variables",
                         b->loc});
          break;
        }
    }
    Scan scan(m, out);
    if (f->body)
      scan.VisitStmt(f->body);
  }
  return out;
}

} // namespace tirconf::backends
