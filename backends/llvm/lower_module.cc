// Module and function structure: entry and call functions, PrimFunc invocation and argument
// binding ("Semantics of Statements / 1. PrimFunc", spec/rules/invocation.yaml), calls between
// PrimFuncs ([sem.expr.call.primfunc]), tir.ret ([builtin.ret]) and failure exits.
#include <dlpack/dlpack.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cstddef>

#include "backends/llvm/binding.h"
#include "backends/llvm/lowering.h"
#include "ir/builtins.h"
#include "ir/visitor.h"
#include "runtime/ndarray.h"

namespace tirconf::backends::llvm_jit {

using ir::DataType;
using runtime::ErrorClass;

// ---------------------------------------------------------------- ModuleLowering

int ModuleLowering::add_site(ErrorClass c, std::string rule, ir::SourceLoc loc,
                             std::string message) {
  sites.push_back({c, std::move(rule), loc, std::move(message)});
  return static_cast<int>(sites.size() - 1);
}

llvm::StructType *ModuleLowering::ctx_ty() {
  if (!ctx_ty_)
    ctx_ty_ = llvm::StructType::getTypeByName(ctx, "tirconf.ctx");
  if (!ctx_ty_) {
    auto *i64 = llvm::Type::getInt64Ty(ctx);
    auto *i32 = llvm::Type::getInt32Ty(ctx);
    ctx_ty_ = llvm::StructType::create(ctx, {i64, i64, i32, i32, i32}, "tirconf.ctx");
  }
  return ctx_ty_;
}

namespace {

// The context runtime functions of abi.cc: they return normally, never unwind, keep no copy of
// the context pointer (their first parameter), and touch no memory but `memory` says.
llvm::Function *runtime_function(llvm::FunctionCallee callee, llvm::Attribute::AttrKind memory) {
  auto *f = llvm::dyn_cast<llvm::Function>(callee.getCallee());
  if (!f)
    return nullptr;
  f->addFnAttr(memory);
  f->addFnAttr(llvm::Attribute::NoUnwind);
  f->addFnAttr(llvm::Attribute::WillReturn);
  f->addParamAttr(0, llvm::Attribute::NoCapture);
  return f;
}

} // namespace

llvm::FunctionCallee ModuleLowering::rt_fail() {
  auto *t = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx),
                                    {ptr_ty(), llvm::Type::getInt32Ty(ctx),
                                     llvm::Type::getInt64Ty(ctx), llvm::Type::getInt64Ty(ctx)},
                                    false);
  auto callee = mod.getOrInsertFunction("tirconf_rt_fail", t);
  // It records the failure in the context and touches no buffer.
  if (auto *f = runtime_function(callee, llvm::Attribute::ArgMemOnly)) {
    // Failure paths are cold: keeps them out of the way of the optimizer's hot code.
    f->addFnAttr(llvm::Attribute::Cold);
  }
  return callee;
}

llvm::FunctionCallee ModuleLowering::rt_alloc() {
  auto *t = llvm::FunctionType::get(ptr_ty(), {ptr_ty(), llvm::Type::getInt64Ty(ctx)}, false);
  auto callee = mod.getOrInsertFunction("tirconf_rt_alloc", t);
  // It reads and writes only the context and the allocator's own state.
  if (auto *f = runtime_function(callee, llvm::Attribute::InaccessibleMemOrArgMemOnly)) {
    // Fresh memory, like malloc's: no other pointer reaches it ([sem.stmt.allocate] gives each
    // allocation storage of its own), so the optimizer may keep it apart from every argument's
    // data.
    f->addRetAttr(llvm::Attribute::NoAlias);
  }
  return callee;
}

llvm::FunctionCallee ModuleLowering::rt_free() {
  auto *t = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr_ty(), ptr_ty()}, false);
  auto callee = mod.getOrInsertFunction("tirconf_rt_free", t);
  if (auto *f = runtime_function(callee, llvm::Attribute::InaccessibleMemOrArgMemOnly)) {
    // Keeps no copy of the pointer: an allocation passed here does not escape.
    f->addParamAttr(1, llvm::Attribute::NoCapture);
  }
  return callee;
}

llvm::FunctionCallee ModuleLowering::host_math(const std::string &name, int arity) {
  auto *d = llvm::Type::getDoubleTy(ctx);
  std::vector<llvm::Type *> params(static_cast<size_t>(arity), d);
  auto callee =
      mod.getOrInsertFunction("tirconf_" + name, llvm::FunctionType::get(d, params, false));
  // Pure functions of their arguments (errno aside, which nothing reads).
  if (auto *f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
    f->addFnAttr(llvm::Attribute::NoUnwind);
    f->addFnAttr(llvm::Attribute::ReadNone);
    f->addFnAttr(llvm::Attribute::WillReturn);
  }
  return callee;
}

llvm::FunctionCallee ModuleLowering::host_ldexp() {
  auto *d = llvm::Type::getDoubleTy(ctx);
  auto callee = mod.getOrInsertFunction(
      "tirconf_ldexp", llvm::FunctionType::get(d, {d, llvm::Type::getInt32Ty(ctx)}, false));
  if (auto *f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
    f->addFnAttr(llvm::Attribute::NoUnwind);
    f->addFnAttr(llvm::Attribute::ReadNone);
    f->addFnAttr(llvm::Attribute::WillReturn);
  }
  return callee;
}

std::optional<DataType> ModuleLowering::ret_dtype(const ir::PrimFuncNode *f) {
  auto it = ret_dtypes_.find(f);
  if (it != ret_dtypes_.end())
    return it->second;
  struct Finder : ir::IRVisitor {
    std::optional<DataType> found;
    void VisitExpr_(const ir::CallNode *op) override {
      if (!found && op->is_builtin(ir::kRetOp) && op->args.size() == 1)
        found = op->args[0]->dtype;
      IRVisitor::VisitExpr_(op);
    }
  } finder;
  if (f->body)
    finder.VisitStmt(f->body);
  std::optional<DataType> t = finder.found;
  if (t && t->is_void())
    t.reset();
  ret_dtypes_[f] = t;
  return t;
}

llvm::Function *ModuleLowering::callable(const ir::GlobalVar &g, const ir::PrimFuncNode *f) {
  auto it = callables_.find(f);
  if (it != callables_.end())
    return it->second;
  std::vector<llvm::Type *> params = {ptr_ty()};
  for (const auto &p : f->params)
    params.push_back(f->buffer_for(p) ? ptr_ty() : ty(p->dtype));
  if (auto t = ret_dtype(f))
    params.push_back(ty(*t)->getPointerTo());
  auto *type = llvm::FunctionType::get(llvm::Type::getInt32Ty(ctx), params, false);
  auto *fn = llvm::Function::Create(type, llvm::Function::InternalLinkage,
                                    prefix + g->name_hint + ".call", mod);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  created.push_back(fn);
  callables_[f] = fn;
  pending_.push_back({f, fn, false, g->name_hint});
  return fn;
}

llvm::Function *ModuleLowering::entry(const std::string &name, const ir::PrimFuncNode *f) {
  auto *type = llvm::FunctionType::get(
      llvm::Type::getInt32Ty(ctx),
      {ptr_ty(), ptr_ty()->getPointerTo(), llvm::Type::getInt64PtrTy(ctx)}, false);
  auto *fn =
      llvm::Function::Create(type, llvm::Function::ExternalLinkage, prefix + name + ".entry", mod);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  created.push_back(fn);
  pending_.push_back({f, fn, true, name});
  return fn;
}

void ModuleLowering::finish() {
  while (!pending_.empty()) {
    Pending p = pending_.back();
    pending_.pop_back();
    FunctionLowering(*this, p.func, p.fn, p.is_entry).emit();
  }
}

LoweredModule new_module(const llvm::DataLayout &layout, const std::string &triple) {
  LoweredModule out;
  out.context = std::make_unique<llvm::LLVMContext>();
  out.module = std::make_unique<llvm::Module>("tirconf", *out.context);
  out.module->setDataLayout(layout);
  out.module->setTargetTriple(triple);
  return out;
}

void lower_into(LoweredModule &out, const ir::IRModule &m, const std::vector<std::string> &entries,
                const std::string &prefix) {
  ModuleLowering ml(m, *out.context, *out.module, prefix);
  ml.plant = out.plant;
  LoweredProgram program;
  try {
    std::vector<llvm::Function *> fns;
    for (const auto &[g, f] : m->functions) {
      if (!entries.empty() &&
          std::find(entries.begin(), entries.end(), g->name_hint) == entries.end())
        continue;
      llvm::Function *fn = ml.entry(g->name_hint, f.get());
      fns.push_back(fn);
      program.entries.push_back(
          {g->name_hint, fn->getName().str(), f.get(), ml.ret_dtype(f.get()), {}});
    }
    ml.finish();
    for (size_t i = 0; i < fns.size(); ++i)
      if (auto it = ml.host_bindings.find(fns[i]); it != ml.host_bindings.end())
        program.entries[i].binding = std::move(it->second);
  } catch (...) {
    // Take this program's functions out again, so that the module's other programs still build.
    for (llvm::Function *fn : ml.created)
      fn->dropAllReferences();
    for (llvm::Function *fn : ml.created)
      fn->eraseFromParent();
    throw;
  }
  program.sites = std::move(ml.sites);
  out.programs.push_back(std::move(program));
}

void verify(const LoweredModule &out) {
  std::string errors;
  llvm::raw_string_ostream os(errors);
  if (llvm::verifyModule(*out.module, &os))
    throw LoweringError("generated LLVM IR does not verify: " + os.str());
}

LoweredModule lower_module(const ir::IRModule &m, const std::vector<std::string> &entries,
                           const llvm::DataLayout &layout, const std::string &triple) {
  LoweredModule out = new_module(layout, triple);
  lower_into(out, m, entries, "");
  verify(out);
  return out;
}

// ---------------------------------------------------------------- FunctionLowering

FunctionLowering::FunctionLowering(ModuleLowering &ml, const ir::PrimFuncNode *func,
                                   llvm::Function *fn, bool is_entry)
    : ml_(ml), func_(func), fn_(fn), is_entry_(is_entry), b_(ml.ctx), num_(b_) {}

void FunctionLowering::emit() {
  b_.SetInsertPoint(llvm::BasicBlock::Create(ml_.ctx, "entry", fn_));
  ctx_ = fn_->getArg(0);
  ret_dtype_ = ml_.ret_dtype(func_);
  // The depth check and the binding checks branch in groups (open_checks).
  open_checks();
  // [sem.stmt.limit] the recursion budget: a call at depth_limit is a limit error.
  llvm::Value *depth = b_.CreateLoad(b_.getInt32Ty(), ctx_field(kCtxDepth));
  llvm::Value *limit = b_.CreateLoad(b_.getInt32Ty(), ctx_field(kCtxDepthLimit));
  fail_if(b_.CreateICmpSGE(depth, limit),
          site(ErrorClass::Limit, "sem.stmt.limit", func_->loc, "call depth budget exhausted"));
  b_.CreateStore(b_.CreateAdd(depth, b_.getInt32(1)), ctx_field(kCtxDepth));
  if (is_entry_) {
    args_ = fn_->getArg(1);
    ret_lanes_ = fn_->getArg(2);
    bind_entry_params();
  } else {
    if (ret_dtype_)
      ret_slot_ = fn_->getArg(static_cast<unsigned>(fn_->arg_size() - 1));
    bind_call_params();
  }
  close_checks();
  // [sem.stmt.primfunc.return] the body, then Void unless tir.ret ran.
  if (func_->body)
    VisitStmt(func_->body);
  leave_function();
  b_.CreateRet(b_.getInt32(0));
  if (error_exit_) {
    b_.SetInsertPoint(error_exit_);
    b_.CreateRet(b_.getInt32(1));
  }
}

llvm::Value *FunctionLowering::ctx_field(int index) {
  llvm::StructType *t = ml_.ctx_ty();
  if (!ctx_struct_) {
    // One cast, in the entry block, for every use.
    llvm::IRBuilder<> eb(&fn_->getEntryBlock(), fn_->getEntryBlock().begin());
    ctx_struct_ = eb.CreateBitCast(ctx_, t->getPointerTo());
  }
  return b_.CreateStructGEP(t, ctx_struct_, static_cast<unsigned>(index));
}

namespace {
bool is_const(llvm::Value *v, uint64_t x) {
  if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(v))
    return c->getZExtValue() == x;
  if (auto *c = llvm::dyn_cast<llvm::Constant>(v); c && v->getType()->isVectorTy())
    if (auto *s = llvm::dyn_cast_or_null<llvm::ConstantInt>(c->getSplatValue()))
      return s->getZExtValue() == x;
  return false;
}
} // namespace

llvm::Value *FunctionLowering::add_index(llvm::Value *a, llvm::Value *b) {
  if (is_const(a, 0))
    return b;
  if (is_const(b, 0))
    return a;
  return b_.CreateAdd(a, b);
}

llvm::Value *FunctionLowering::mul_index(llvm::Value *a, llvm::Value *b) {
  if (is_const(a, 1))
    return b;
  if (is_const(b, 1))
    return a;
  return b_.CreateMul(a, b);
}

void FunctionLowering::leave_function() {
  for (auto it = live_allocs_.rbegin(); it != live_allocs_.rend(); ++it)
    b_.CreateCall(ml_.rt_free(), {ctx_, *it});
  llvm::Value *depth = b_.CreateLoad(b_.getInt32Ty(), ctx_field(kCtxDepth));
  b_.CreateStore(b_.CreateSub(depth, b_.getInt32(1)), ctx_field(kCtxDepth));
}

void FunctionLowering::start_dead_block() {
  b_.SetInsertPoint(llvm::BasicBlock::Create(ml_.ctx, "dead", fn_));
}

llvm::Value *FunctionLowering::any_lane(llvm::Value *cond) {
  if (!cond->getType()->isVectorTy())
    return cond;
  return b_.CreateOrReduce(cond);
}

void FunctionLowering::fail_if(llvm::Value *cond, int site_id, llvm::Value *a, llvm::Value *b) {
  if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(cond); c && c->isZero())
    return;
  if (grouping_) {
    pending_checks_.push_back({cond, site_id, a, b});
    return;
  }
  auto *cont = llvm::BasicBlock::Create(ml_.ctx, "ok", fn_);
  llvm::MDBuilder md(ml_.ctx);
  llvm::BasicBlock *fail = fail_block(b_.getInt32(static_cast<uint32_t>(site_id)), a, b);
  b_.CreateCondBr(cond, fail, cont, md.createBranchWeights(1, 1 << 20));
  b_.SetInsertPoint(cont);
}

void FunctionLowering::fail_always(int site_id, llvm::Value *a, llvm::Value *b) {
  if (grouping_) {
    pending_checks_.push_back({b_.getTrue(), site_id, a, b});
    return;
  }
  emit_fail(site_id, a, b);
  start_dead_block();
}

void FunctionLowering::emit_fail(int site_id, llvm::Value *a, llvm::Value *b) {
  b_.CreateBr(fail_block(b_.getInt32(static_cast<uint32_t>(site_id)), a, b));
}

void FunctionLowering::flush_checks() {
  if (pending_checks_.empty())
    return;
  std::vector<PendingCheck> checks = std::move(pending_checks_);
  pending_checks_.clear();
  auto as_i64 = [&](llvm::Value *v) -> llvm::Value * {
    if (!v)
      return i64(0);
    if (v->getType()->isIntegerTy(64))
      return v;
    return b_.CreateSExtOrTrunc(v, b_.getInt64Ty());
  };
  // The first failing check wins: select from the last check back to the first.
  const PendingCheck &last = checks.back();
  llvm::Value *any = last.cond;
  llvm::Value *site_v = b_.getInt32(static_cast<uint32_t>(last.site));
  llvm::Value *a = as_i64(last.a);
  llvm::Value *b = as_i64(last.b);
  for (size_t i = checks.size() - 1; i-- > 0;) {
    const PendingCheck &c = checks[i];
    any = b_.CreateOr(c.cond, any);
    site_v = b_.CreateSelect(c.cond, b_.getInt32(static_cast<uint32_t>(c.site)), site_v);
    llvm::Value *ca = as_i64(c.a);
    llvm::Value *cb = as_i64(c.b);
    if (ca != a)
      a = b_.CreateSelect(c.cond, ca, a);
    if (cb != b)
      b = b_.CreateSelect(c.cond, cb, b);
  }
  if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(any); c && c->isZero())
    return;
  auto *cont = llvm::BasicBlock::Create(ml_.ctx, "ok", fn_);
  llvm::MDBuilder md(ml_.ctx);
  llvm::BasicBlock *fail = fail_block(site_v, a, b);
  b_.CreateCondBr(any, fail, cont, md.createBranchWeights(1, 1 << 20));
  b_.SetInsertPoint(cont);
}

// One failure block per function, reached from every failing place with the site and details
// as phi inputs: one call of rt_fail instead of one per check keeps the code small.
llvm::BasicBlock *FunctionLowering::fail_block(llvm::Value *site_v, llvm::Value *a,
                                               llvm::Value *b) {
  if (!fail_) {
    if (!error_exit_)
      error_exit_ = llvm::BasicBlock::Create(ml_.ctx, "error_exit", fn_);
    fail_ = llvm::BasicBlock::Create(ml_.ctx, "fail", fn_);
    llvm::IRBuilder<> fb(fail_);
    fail_site_ = fb.CreatePHI(fb.getInt32Ty(), 4, "site");
    fail_a_ = fb.CreatePHI(fb.getInt64Ty(), 4, "a");
    fail_b_ = fb.CreatePHI(fb.getInt64Ty(), 4, "b");
    fb.CreateCall(ml_.rt_fail(), {ctx_, fail_site_, fail_a_, fail_b_});
    fb.CreateBr(error_exit_);
  }
  auto as_i64 = [&](llvm::Value *v) -> llvm::Value * {
    if (!v)
      return i64(0);
    if (v->getType()->isIntegerTy(64))
      return v;
    return b_.CreateSExtOrTrunc(v, b_.getInt64Ty());
  };
  llvm::Value *a64 = as_i64(a);
  llvm::Value *b64 = as_i64(b);
  llvm::BasicBlock *from = b_.GetInsertBlock();
  fail_site_->addIncoming(site_v, from);
  fail_a_->addIncoming(a64, from);
  fail_b_->addIncoming(b64, from);
  return fail_;
}

llvm::Value *FunctionLowering::var(const ir::VarNode *v, ir::SourceLoc loc) {
  auto it = vars_.find(v);
  if (it == vars_.end())
    throw LoweringError("variable " + v->name_hint + " used where it is not bound");
  return it->second;
}

llvm::Value *FunctionLowering::index(const ir::PrimExpr &e) {
  if (!e->dtype.is_integer() || e->dtype.lanes != 1)
    throw LoweringError("expected an integer scalar, got " + ir::to_string(e->dtype));
  return index_lanes(e);
}

llvm::Value *FunctionLowering::index_lanes(const ir::PrimExpr &e) {
  if (auto *v = ir::as<ir::VarNode>(e)) {
    auto it = wide_.find(v);
    if (it != wide_.end())
      return it->second;
  }
  return num_.to_i64(e->dtype.element_of(), VisitExpr(e));
}

// ---------------------------------------------------------------- binding (invocation.yaml)

std::string param_name(const ir::PrimFuncNode &f, const ir::Var &p) {
  ir::Buffer b = f.buffer_for(p);
  if (b && p->name_hint == b->name + "_handle")
    return b->name;
  return p->name_hint;
}

void FunctionLowering::lower_check(const BindingCheck &c, llvm::Value *actual) {
  using Compare = BindingCheck::Compare;
  switch (c.compare) {
  case Compare::Equal:
    fail_if(b_.CreateICmpNE(actual, i64(c.value)), c.site, actual, i64(c.value));
    return;
  case Compare::EqualVar:
  case Compare::EqualExpr: {
    if (!ir::as<ir::VarNode>(c.expr))
      flush_checks(); // an expression may divide: only once the checks before it passed
    llvm::Value *want = index(c.expr);
    fail_if(b_.CreateICmpNE(want, actual), c.site, actual, want);
    return;
  }
  case Compare::Fits: {
    llvm::Value *out = c.u64 ? b_.CreateICmpSLT(actual, i64(0))
                             : b_.CreateOr(b_.CreateICmpSLT(actual, i64(c.lo)),
                                           b_.CreateICmpSGT(actual, i64(c.hi)));
    fail_if(out, c.site, actual);
    vars_[c.var] = b_.CreateTrunc(actual, ml_.ty(c.var->dtype));
    return;
  }
  case Compare::MultipleOf:
    fail_if(b_.CreateICmpNE(b_.CreateURem(actual, i64(c.value)), i64(0)), c.site, actual);
    return;
  case Compare::Fail:
    fail_always(c.site);
    return;
  }
}

void FunctionLowering::bind_entry_params() {
  using Field = BindingCheck::Field;
  const ir::PrimFuncNode &f = *func_;
  EntryBinding binding = plan_entry_binding(f, site_adder());
  const bool host = binding.host_runs;
  auto arg_ptr = [&](size_t i) {
    return b_.CreateLoad(ml_.ptr_ty(), b_.CreateConstGEP1_64(ml_.ptr_ty(), args_, i));
  };
  // [bind.order] scalar params first ([sem.stmt.primfunc.params]); the host has checked that a
  // scalar of the param's dtype was passed ([bind.scalar_param]) and passes its raw lane bits.
  for (size_t i = 0; i < f.params.size(); ++i) {
    const ir::Var &p = f.params[i];
    if (f.buffer_for(p))
      continue;
    const DataType t = p->dtype;
    llvm::Value *lanes = b_.CreateBitCast(arg_ptr(i), b_.getInt64Ty()->getPointerTo());
    auto lane_value = [&](int k) -> llvm::Value * {
      llvm::Value *raw =
          b_.CreateLoad(b_.getInt64Ty(), b_.CreateConstGEP1_64(b_.getInt64Ty(), lanes, k));
      const DataType e = t.element_of();
      if (t.is_handle())
        return b_.CreateIntToPtr(raw, ml_.ptr_ty());
      llvm::Type *et = ml_.ty(e);
      if (et->isIntegerTy())
        return b_.CreateTrunc(raw, et);
      return b_.CreateBitCast(b_.CreateTrunc(raw, b_.getIntNTy(e.bits)), et);
    };
    if (t.is_void())
      continue;
    llvm::Value *v = lane_value(0);
    if (t.lanes > 1) {
      llvm::Value *vec = llvm::UndefValue::get(ml_.ty(t));
      for (int k = 0; k < t.lanes; ++k)
        vec = b_.CreateInsertElement(vec, k == 0 ? v : lane_value(k), b_.getInt64(k));
      v = vec;
    }
    bind(p, v);
  }
  // Then buffers in param order, each from its DLTensor ([bind.buffer_param]), with the checks
  // of the list in order. When the host makes them, this only reads the fields that bind Vars.
  auto load = [&](llvm::Value *dl, size_t offset, llvm::Type *t) {
    llvm::Value *p = b_.CreateConstGEP1_64(b_.getInt8Ty(), dl, offset);
    return b_.CreateLoad(t, b_.CreateBitCast(p, t->getPointerTo()));
  };
  std::vector<llvm::Value *> argument_data;
  size_t next = 0; // the first check of the param being bound
  for (size_t i = 0; i < f.params.size(); ++i) {
    const ir::Var &p = f.params[i];
    ir::Buffer buf = f.buffer_for(p);
    if (!buf)
      continue;
    llvm::Value *dl = arg_ptr(i);
    llvm::Value *data = load(dl, offsetof(DLTensor, data), ml_.ptr_ty());
    argument_data.push_back(data);
    bind(p, data);
    if (buf->data && !bound(buf->data.get()))
      bind(buf->data, data);
    // The DLTensor's fields, each loaded when a check first needs it.
    const size_t n = buf->shape.size();
    std::vector<llvm::Value *> shape(n), strides;
    llvm::Value *shape_ptr = nullptr, *strides_ptr = nullptr, *byte_offset = nullptr;
    auto shape_at = [&](size_t k) {
      if (!shape_ptr)
        shape_ptr = load(dl, offsetof(DLTensor, shape), llvm::Type::getInt64PtrTy(ml_.ctx));
      if (!shape[k])
        shape[k] =
            b_.CreateLoad(b_.getInt64Ty(), b_.CreateConstGEP1_64(b_.getInt64Ty(), shape_ptr, k));
      return shape[k];
    };
    auto has_strides = [&] {
      if (!strides_ptr)
        strides_ptr = load(dl, offsetof(DLTensor, strides), llvm::Type::getInt64PtrTy(ml_.ctx));
      return b_.CreateIsNotNull(strides_ptr);
    };
    // The tensor's strides when it has them (loaded only then), else the compact ones.
    auto stride_at = [&](size_t k) {
      if (strides.empty()) {
        llvm::Value *compact = i64(1);
        std::vector<llvm::Value *> compacts(n);
        for (size_t j = n; j-- > 0;) {
          compacts[j] = compact;
          compact = mul_index(compact, shape_at(j));
        }
        llvm::Value *given_ptr = has_strides();
        llvm::BasicBlock *from = b_.GetInsertBlock();
        auto *load_bb = llvm::BasicBlock::Create(ml_.ctx, "strides", fn_);
        auto *join = llvm::BasicBlock::Create(ml_.ctx, "strides.join", fn_);
        b_.CreateCondBr(given_ptr, load_bb, join);
        b_.SetInsertPoint(load_bb);
        std::vector<llvm::Value *> given;
        for (size_t j = 0; j < n; ++j)
          given.push_back(b_.CreateLoad(b_.getInt64Ty(),
                                        b_.CreateConstGEP1_64(b_.getInt64Ty(), strides_ptr, j)));
        b_.CreateBr(join);
        b_.SetInsertPoint(join);
        for (size_t j = 0; j < n; ++j) {
          llvm::PHINode *phi = b_.CreatePHI(b_.getInt64Ty(), 2);
          phi->addIncoming(given[j], load_bb);
          phi->addIncoming(compacts[j], from);
          strides.push_back(phi);
        }
      }
      return strides[k];
    };
    auto dtype_field = [&](size_t offset, llvm::Type *t) {
      return b_.CreateZExt(load(dl, offsetof(DLTensor, dtype) + offset, t), b_.getInt64Ty());
    };
    auto read = [&](const BindingCheck &c) -> llvm::Value * {
      switch (c.field) {
      case Field::DType: {
        llvm::Value *code = dtype_field(offsetof(DLDataType, code), b_.getInt8Ty());
        llvm::Value *bits = dtype_field(offsetof(DLDataType, bits), b_.getInt8Ty());
        llvm::Value *lanes = dtype_field(offsetof(DLDataType, lanes), b_.getInt16Ty());
        return b_.CreateOr(code, b_.CreateOr(b_.CreateShl(bits, 8), b_.CreateShl(lanes, 16)));
      }
      case Field::NDim:
        return b_.CreateSExt(load(dl, offsetof(DLTensor, ndim), b_.getInt32Ty()), b_.getInt64Ty());
      case Field::HasStrides:
        return b_.CreateZExt(has_strides(), b_.getInt64Ty());
      case Field::Shape:
        return shape_at(c.k);
      case Field::Stride:
        return stride_at(c.k);
      case Field::ByteOffset:
      case Field::ElemOffset:
        if (!byte_offset)
          byte_offset = load(dl, offsetof(DLTensor, byte_offset), b_.getInt64Ty());
        return c.field == Field::ByteOffset ? byte_offset
                                            : b_.CreateUDiv(byte_offset, i64(c.elem_bytes));
      case Field::None:
        return nullptr;
      }
      return nullptr;
    };
    for (; next < binding.checks.size() && binding.checks[next].param == i; ++next) {
      const BindingCheck &c = binding.checks[next];
      if (host) {
        // The host has made the check; the field still binds its Var here.
        if (c.compare == BindingCheck::Compare::Fits)
          vars_[c.var] = b_.CreateTrunc(read(c), ml_.ty(c.var->dtype));
        continue;
      }
      lower_check(c, read(c));
      if (c.field == Field::NDim)
        flush_checks(); // the shape array has ndim entries
    }
    register_layout(buf);
  }
  if (host)
    ml_.host_bindings[fn_] = std::move(binding);
  make_argument_scopes(argument_data);
}

void FunctionLowering::bind_call_params() {
  const ir::PrimFuncNode &f = *func_;
  BoundVars known; // what vars_ binds, for the binding checks
  // [bind.order] scalars first; the caller has checked their dtypes.
  for (size_t i = 0; i < f.params.size(); ++i)
    if (!f.buffer_for(f.params[i])) {
      bind(f.params[i], fn_->getArg(static_cast<unsigned>(i + 1)));
      known.add(f.params[i].get());
    }
  // A buffer param called with a handle binds like a DLTensor with that data pointer, null
  // strides and byte_offset 0, whose shape must follow from the buffer's own declaration
  // (IntImms, or Vars the scalar params bound): a handle carries no shape.
  for (size_t i = 0; i < f.params.size(); ++i) {
    const ir::Var &p = f.params[i];
    ir::Buffer buf = f.buffer_for(p);
    if (!buf)
      continue;
    const uint32_t param = static_cast<uint32_t>(i);
    const std::string arg = "argument " + param_name(f, p) + ": ";
    const ir::SourceLoc loc = buf->loc.known() ? buf->loc : f.loc;
    llvm::Value *data = fn_->getArg(static_cast<unsigned>(i + 1));
    bind(p, data);
    known.add(p.get());
    if (buf->data && !bound(buf->data.get())) {
      bind(buf->data, data);
      known.add(buf->data.get());
    }
    std::vector<llvm::Value *> shape;
    bool shape_known = true;
    for (size_t k = 0; k < buf->shape.size(); ++k) {
      if (!known.all_bound(buf->shape[k])) {
        fail_always(
            site(ErrorClass::Binding, "bind.shape", loc,
                 arg + "shape[" + std::to_string(k) + "] cannot be bound from a handle argument"));
        shape_known = false;
        break;
      }
      shape.push_back(index(buf->shape[k]));
    }
    if (!shape_known)
      continue;
    const size_t n = shape.size();
    if (!buf->strides.empty()) {
      if (buf->strides.size() != n) {
        fail_always(site(ErrorClass::Binding, "bind.strides_compact", loc,
                         arg + "is compact but the buffer declares " +
                             std::to_string(buf->strides.size()) + " strides for " +
                             std::to_string(n) + " dimensions"));
        continue;
      }
      llvm::Value *compact = i64(1);
      std::vector<llvm::Value *> compacts(n);
      for (size_t k = n; k-- > 0;) {
        compacts[k] = compact;
        compact = b_.CreateMul(compact, shape[k]);
      }
      for (size_t k = 0; k < n; ++k)
        lower_check(field_check(buf->strides[k],
                                {BindingCheck::Field::Stride, param, static_cast<uint32_t>(k)},
                                known, arg + "strides[" + std::to_string(k) + "] (compact)",
                                "bind.strides_compact", loc, site_adder()),
                    compacts[k]);
    }
    lower_check(field_check(buf->elem_offset,
                            {BindingCheck::Field::ElemOffset, param, 0, buf->dtype.bytes()}, known,
                            arg + "elem_offset", "bind.elem_offset", loc, site_adder()),
                i64(0));
    register_layout(buf);
  }
}

// ---------------------------------------------------------------- calls and returns

llvm::Value *FunctionLowering::call_primfunc(const ir::CallNode *op) {
  const std::string &name = op->callee->name_hint;
  ir::PrimFunc callee = ml_.m->lookup(name);
  if (!callee)
    throw LoweringError("call of " + name + ", which is not a PrimFunc of the module");
  // [sem.expr.call.primfunc] arguments left to right, then the call in a fresh scope.
  std::vector<llvm::Value *> values;
  for (const auto &a : op->args)
    values.push_back(VisitExpr(a));
  auto result = [&]() -> llvm::Value * { return op->dtype.is_void() ? nullptr : undef(op->dtype); };
  // [bind.arity]
  if (op->args.size() != callee->params.size()) {
    fail_always(site(ErrorClass::Binding, "bind.arity", op->loc,
                     std::to_string(op->args.size()) + " arguments passed but the function has " +
                         std::to_string(callee->params.size()) + " parameters"));
    return result();
  }
  std::vector<llvm::Value *> call_args = {ctx_};
  for (size_t i = 0; i < callee->params.size(); ++i) {
    const ir::Var &p = callee->params[i];
    const DataType given = op->args[i]->dtype;
    const std::string arg = "argument " + param_name(*callee, p) + ": ";
    if (ir::Buffer buf = callee->buffer_for(p)) {
      // [bind.buffer_param] a handle to buffer memory whose element type is the buffer's
      // ([bind.dtype]). Native handles carry no type, so the check uses the type the handle
      // Var was declared with; a handle of unknown origin is rejected by support.cc.
      if (!given.is_handle()) {
        fail_always(site(ErrorClass::Binding, "bind.buffer_param", op->loc,
                         arg + "expected a handle to live buffer memory, got a value of " +
                             ir::to_string(given)));
        return result();
      }
      if (auto *v = ir::as<ir::VarNode>(op->args[i]);
          v && v->type_annotation.is_pointer() && v->type_annotation.element->is_prim()) {
        const DataType have = v->type_annotation.element->dtype.element_of();
        const DataType need = buf->dtype.element_of();
        // Bool allocations may be declared as pointers to int8 (type.stmt.allocate).
        const bool bool_bytes = (have == DataType::Int(8) && need.is_bool()) ||
                                (have.is_bool() && need == DataType::Int(8));
        if (have != need && !bool_bytes) {
          fail_always(site(ErrorClass::Binding, "bind.dtype", op->loc,
                           arg + "dtype is " + ir::to_string(have.with_lanes(buf->dtype.lanes)) +
                               " but the buffer requires " + ir::to_string(buf->dtype)));
          return result();
        }
      }
      call_args.push_back(values[i]);
    } else {
      // [bind.scalar_param]
      if (given != p->dtype) {
        fail_always(site(ErrorClass::Binding, "bind.scalar_param", op->loc,
                         arg + "a value of " + ir::to_string(given) +
                             " was passed but the parameter is " + ir::to_string(p->dtype)));
        return result();
      }
      call_args.push_back(values[i]);
    }
  }
  llvm::Function *fn = ml_.callable(op->callee, callee.get());
  auto rt = ml_.ret_dtype(callee.get());
  llvm::Value *slot = nullptr;
  if (rt) {
    // Allocas live in the entry block so that calls in loops do not grow the stack.
    llvm::IRBuilder<> eb(&fn_->getEntryBlock(), fn_->getEntryBlock().begin());
    slot = eb.CreateAlloca(ml_.ty(*rt));
    b_.CreateStore(llvm::Constant::getNullValue(ml_.ty(*rt)), slot);
    call_args.push_back(slot);
  }
  llvm::Value *status = b_.CreateCall(fn, call_args);
  // A failure in the callee ends this function too (it is already recorded).
  if (!error_exit_)
    error_exit_ = llvm::BasicBlock::Create(ml_.ctx, "error_exit", fn_);
  auto *cont = llvm::BasicBlock::Create(ml_.ctx, "call.ok", fn_);
  llvm::MDBuilder md(ml_.ctx);
  b_.CreateCondBr(b_.CreateICmpNE(status, b_.getInt32(0)), error_exit_, cont,
                  md.createBranchWeights(1, 1 << 20));
  b_.SetInsertPoint(cont);
  if (op->dtype.is_void())
    return nullptr;
  // A PrimFunc without tir.ret returns Void; a call used as a value then has no value to give.
  if (!rt || *rt != op->dtype)
    throw UnsupportedError("a call whose value the callee does not return with tir.ret", op->loc);
  return b_.CreateLoad(ml_.ty(*rt), slot);
}

void FunctionLowering::emit_return(llvm::Value *v, DataType t) {
  if (is_entry_) {
    // One uint64 of raw bits per lane for the host.
    if (v && !t.is_void()) {
      for (int k = 0; k < t.lanes; ++k) {
        llvm::Value *x = t.lanes > 1 ? b_.CreateExtractElement(v, b_.getInt64(k)) : v;
        if (x->getType()->isPointerTy())
          x = b_.CreatePtrToInt(x, b_.getInt64Ty());
        else if (x->getType()->isFloatingPointTy())
          x = b_.CreateBitCast(x, b_.getIntNTy(x->getType()->getPrimitiveSizeInBits()));
        b_.CreateStore(b_.CreateZExt(x, b_.getInt64Ty()),
                       b_.CreateConstGEP1_64(b_.getInt64Ty(), ret_lanes_, k));
      }
      b_.CreateStore(b_.getInt32(1), ctx_field(kCtxReturned));
    }
  } else if (ret_slot_ && v && !t.is_void()) {
    b_.CreateStore(v, ret_slot_);
  }
  leave_function();
  b_.CreateRet(b_.getInt32(0));
  start_dead_block();
}

} // namespace tirconf::backends::llvm_jit
