// TIR -> LLVM IR, following the spec's "Semantics" section construct by construct. One
// ModuleLowering per IRModule; one FunctionLowering per LLVM function it emits. Each PrimFunc
// can become two LLVM functions:
//   <name>.entry  called by the host with DLTensors (abi.h), binding them as spec
//                 "Semantics of Statements / 1. PrimFunc" says (bind.*);
//   <name>.call   called by other PrimFuncs ([sem.expr.call.primfunc]) with scalars and handles.
// Both return i32 (0 returned, 1 failed; abi.h) and share the body lowering.
//
// Files: binding.h (the binding checks as data), lower_module.cc (module, functions, calls,
// binding), lower_expr.cc (PrimExprs), lower_stmt.cc (statements), lower_buffer.cc (buffer
// addressing, loads, stores, allocation, match_buffer), lower_builtins.cc (builtin calls).
// numeric.h holds the lane arithmetic.
#pragma once

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "backends/llvm/abi.h"
#include "backends/llvm/binding.h"
#include "backends/llvm/numeric.h"
#include "backends/llvm/planted.h"
#include "ir/functor.h"
#include "ir/module.h"
#include "runtime/outcome.h"

namespace tirconf::backends::llvm_jit {

// A construct this backend does not implement (support.cc lists them before compiling; one
// reaching the lowering anyway is reported the same way).
struct UnsupportedError : std::runtime_error {
  ir::SourceLoc loc;
  UnsupportedError(const std::string &what, ir::SourceLoc l) : std::runtime_error(what), loc(l) {}
};
// Something the checker should have rejected, or a lowering bug.
struct LoweringError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A place where a run can fail (tirconf_rt_fail's `site`). The message may contain {a} and
// {b}, replaced by the two detail integers the failing code passes.
struct FailSite {
  runtime::ErrorClass error_class = runtime::ErrorClass::Assert;
  std::string rule;
  ir::SourceLoc loc;
  std::string message;
};

struct EntryInfo {
  std::string func;   // PrimFunc name
  std::string symbol; // its entry function
  const ir::PrimFuncNode *node = nullptr;
  std::optional<ir::DataType> ret; // dtype of its tir.ret values, if it has any
  EntryBinding binding;            // its DLTensor checks, when the host runs them (host_runs)
};

// One program's part of a lowered module.
struct LoweredProgram {
  std::vector<FailSite> sites; // its own numbering: a site id is an index here
  std::vector<EntryInfo> entries;
};

// An LLVM module holding one or more programs (several programs compiled together share the
// fixed cost of optimization and code generation). Each program's functions carry its prefix.
struct LoweredModule {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  std::vector<LoweredProgram> programs;
  Plant plant = Plant::None; // TEST ONLY: the miscompilation its lowering plants (planted.h)
};

LoweredModule new_module(const llvm::DataLayout &layout, const std::string &triple);
// Lowers the PrimFuncs of `m` named in `entries` (all when empty) and every PrimFunc they call
// into `out`, naming its functions `prefix` + name; appends to out.programs. Throws
// UnsupportedError or LoweringError, leaving `out` without any of this program's functions.
void lower_into(LoweredModule &out, const ir::IRModule &m, const std::vector<std::string> &entries,
                const std::string &prefix);
void verify(const LoweredModule &out); // throws LoweringError
// One program on its own.
LoweredModule lower_module(const ir::IRModule &m, const std::vector<std::string> &entries,
                           const llvm::DataLayout &layout, const std::string &triple);

class FunctionLowering;

// How binding errors name a parameter: a buffer parameter by its buffer's name (`A` for the
// `A_handle` the reader makes of `A: T.Buffer(...)`), any other by its own.
std::string param_name(const ir::PrimFuncNode &f, const ir::Var &p);

class ModuleLowering {
public:
  ModuleLowering(const ir::IRModule &m, llvm::LLVMContext &c, llvm::Module &mod, std::string prefix)
      : m(m), ctx(c), mod(mod), prefix(std::move(prefix)) {}

  const ir::IRModule &m;
  llvm::LLVMContext &ctx;
  llvm::Module &mod;
  std::string prefix;
  Plant plant = Plant::None; // TEST ONLY (planted.h)
  std::vector<FailSite> sites;
  std::vector<llvm::Function *> created; // every function this program added to mod
  std::unordered_map<llvm::Function *, EntryBinding> host_bindings; // entries the host binds

  int add_site(runtime::ErrorClass c, std::string rule, ir::SourceLoc loc, std::string message);
  llvm::Type *ty(ir::DataType t) { return llvm_type(ctx, t); }
  llvm::Type *mem_ty(ir::DataType t) { return memory_type(ctx, t); }
  llvm::PointerType *ptr_ty() { return llvm::Type::getInt8PtrTy(ctx); }
  // The context struct as generated code sees it: {i64 steps, i64 step_limit, i32 depth,
  // i32 depth_limit, i32 returned} (abi.h RtCounters).
  llvm::StructType *ctx_ty();

  // Host functions (abi.h) and libm wrappers, declared on first use.
  llvm::FunctionCallee rt_fail();
  llvm::FunctionCallee rt_alloc();
  llvm::FunctionCallee rt_free();
  llvm::FunctionCallee host_math(const std::string &name, int arity); // double(double[, double])
  llvm::FunctionCallee host_ldexp();                                  // double(double, i32)

  // The `.call` function of a PrimFunc (declared now, its body emitted by finish()).
  llvm::Function *callable(const ir::GlobalVar &g, const ir::PrimFuncNode *f);
  llvm::Function *entry(const std::string &name, const ir::PrimFuncNode *f);
  // Emits the bodies of every declared function, including those declared while doing so.
  void finish();

  // The dtype a PrimFunc's tir.ret values have, if it has any (the typing rule makes them agree).
  std::optional<ir::DataType> ret_dtype(const ir::PrimFuncNode *f);

private:
  struct Pending {
    const ir::PrimFuncNode *func;
    llvm::Function *fn;
    bool is_entry;
    std::string name;
  };
  std::vector<Pending> pending_;
  std::unordered_map<const ir::PrimFuncNode *, llvm::Function *> callables_;
  std::unordered_map<const ir::PrimFuncNode *, std::optional<ir::DataType>> ret_dtypes_;
  llvm::StructType *ctx_ty_ = nullptr;
};

// How a buffer's elements are addressed: element idx lives at
//   data + (elem_offset + sum_k idx[k] * strides[k]) * dtype.bytes()
// Registered for match_buffers (whose layout is their source's); every other buffer's layout is
// derived at each access from its own fields (data, strides or compact strides of its shape,
// elem_offset), whose Vars the binding sites have bound.
struct Layout {
  llvm::Value *data = nullptr;        // i8*
  std::vector<llvm::Value *> strides; // i64, one per dimension
  llvm::Value *elem_offset = nullptr; // i64
  bool last_stride_one = false;       // known at compile time: contiguous along the last axis
};

class FunctionLowering : public ir::ExprFunctor<llvm::Value *(const ir::PrimExpr &)>,
                         public ir::StmtFunctor<void(const ir::Stmt &)> {
public:
  FunctionLowering(ModuleLowering &ml, const ir::PrimFuncNode *func, llvm::Function *fn,
                   bool is_entry);
  void emit(); // the whole function: prologue, binding, body, epilogue

  using ir::ExprFunctor<llvm::Value *(const ir::PrimExpr &)>::VisitExpr;
  using ir::StmtFunctor<void(const ir::Stmt &)>::VisitStmt;

private:
  friend class ModuleLowering;
  // ---------------------------------------------------------------- lower_module.cc
  // DLTensor binding (bind.*): the checks of plan_entry_binding, lowered here unless the host
  // runs them; either way the fields that bind Vars are read here.
  void bind_entry_params();
  void bind_call_params(); // handle binding for calls between PrimFuncs
  // One binding check in generated code, `actual` (i64) being the value of its field.
  void lower_check(const BindingCheck &c, llvm::Value *actual);
  // Failure sites for binding checks (binding.h's SiteAdder).
  SiteAdder site_adder() {
    return [this](runtime::ErrorClass c, const char *rule, ir::SourceLoc loc, std::string m) {
      return site(c, rule, loc, std::move(m));
    };
  }
  llvm::Value *call_primfunc(const ir::CallNode *op);
  void emit_return(llvm::Value *v, ir::DataType t); // tir.ret
  void leave_function();                            // depth--, free this function's allocations

  // ---------------------------------------------------------------- planted.h (TEST ONLY)
  // Whether this lowering plants miscompilation `p`: every planted site asks this.
  bool planted(Plant p) const { return ml_.plant == p; }
  // LostStoreInVectorizedLoop: the store of the innermost vectorized loop being lowered that is
  // dropped.
  const ir::BufferStoreNode *lost_store_ = nullptr;

  // ---------------------------------------------------------------- failure
  // Branches to a block that records `site` and returns 1 when `cond` (i1) holds.
  void fail_if(llvm::Value *cond, int site, llvm::Value *a = nullptr, llvm::Value *b = nullptr);
  void fail_always(int site, llvm::Value *a = nullptr, llvm::Value *b = nullptr);
  void emit_fail(int site, llvm::Value *a, llvm::Value *b); // branch to the failure block
  // The failure block, with the current block added to its inputs (site: i32).
  llvm::BasicBlock *fail_block(llvm::Value *site, llvm::Value *a, llvm::Value *b);
  // Grouped checks (the binding of parameters): while a group is open, fail_if and fail_always
  // only record their check, and flush_checks() branches once, to the failure block with the
  // site and details of the first recorded check that fails, in order. One branch instead of
  // one block per check: most of a small program's code is its binding checks, and LLVM's cost
  // grows with blocks (SelectionDAG works block by block). A check's condition must not depend
  // on an earlier check having passed for its evaluation to be safe (a load through a pointer
  // that an earlier check validates; a division): flush before such code.
  void open_checks() { grouping_ = true; }
  void flush_checks();
  void close_checks() {
    flush_checks();
    grouping_ = false;
  }
  struct PendingCheck {
    llvm::Value *cond; // i1
    int site;
    llvm::Value *a, *b; // i64 (or null)
  };
  bool grouping_ = false;
  std::vector<PendingCheck> pending_checks_;
  // Code that may only run once the checks recorded so far have passed (a load, a division, a
  // call): flushes them, and its own checks branch at once.
  struct Ungrouped {
    explicit Ungrouped(FunctionLowering &f) : f(f), was(f.grouping_) {
      f.flush_checks();
      f.grouping_ = false;
    }
    ~Ungrouped() { f.grouping_ = was; }
    FunctionLowering &f;
    bool was;
  };
  int site(runtime::ErrorClass c, const char *rule, ir::SourceLoc loc, std::string message) {
    return ml_.add_site(c, rule, loc, std::move(message));
  }
  // After a terminator: continue in a fresh block no one jumps to.
  void start_dead_block();
  // A pointer to one of the context's counters (abi.h: kCtxSteps ... kCtxReturned).
  llvm::Value *ctx_field(int index);
  llvm::Value *i64(int64_t v) { return b_.getInt64(static_cast<uint64_t>(v)); }
  // Index arithmetic (i64 lanes, wrapping) that leaves out adding 0 and multiplying by 1, which
  // addressing emits at almost every access (elem_offset 0, the last stride 1, loops from 0):
  // the optimizer would remove them, but each instruction costs it time first.
  llvm::Value *add_index(llvm::Value *a, llvm::Value *b);
  llvm::Value *mul_index(llvm::Value *a, llvm::Value *b);
  // Any lane of the i1 (vector) value set.
  llvm::Value *any_lane(llvm::Value *cond);

  // ---------------------------------------------------------------- variables
  void bind(const ir::Var &v, llvm::Value *value) {
    vars_[v.get()] = value;
    wide_.erase(v.get()); // a loop's counter stands for the Var only while the loop binds it
  }
  bool bound(const ir::VarNode *v) const { return vars_.count(v) != 0; }
  llvm::Value *var(const ir::VarNode *v, ir::SourceLoc loc);
  // An index-like integer expression as i64 (sign- or zero-extended by its dtype). A loop
  // variable gives its 64-bit counter directly (see counted_loop).
  llvm::Value *index(const ir::PrimExpr &e);
  // Integer lanes of e (scalar or vector) as i64 lanes.
  llvm::Value *index_lanes(const ir::PrimExpr &e);

  // ---------------------------------------------------------------- lower_buffer.cc
  Layout layout(const ir::Buffer &b);
  // Computes b's layout now, at its binding site, so that accesses reuse it instead of
  // recomputing strides from the shape at each one.
  void register_layout(const ir::Buffer &b);
  llvm::Value *element_ptr(const Layout &l, ir::DataType elem, llvm::Value *flat); // elem* or i8*
  // `data` (i8*) as a pointer to `elem`, cast once per function where data is defined.
  llvm::Value *typed_base(llvm::Value *data, llvm::Type *elem);
  llvm::Value *access_ptr(llvm::Value *p, llvm::Type *access); // p as access*
  llvm::Value *flat_index(const Layout &l, const std::vector<llvm::Value *> &idx);
  llvm::Value *load(const ir::Buffer &b, const std::vector<ir::PrimExpr> &indices,
                    ir::DataType result, ir::SourceLoc loc);
  void store(const ir::Buffer &b, const std::vector<ir::PrimExpr> &indices, llvm::Value *value,
             ir::DataType vtype);
  // Reads / writes `dtype` (the element, or contiguous elements as one vector) at element `flat`
  // of a buffer whose elements are `elem`.
  llvm::Value *load_element(const Layout &l, ir::DataType elem, llvm::Value *flat,
                            ir::DataType dtype);
  void store_element(const Layout &l, ir::DataType elem, llvm::Value *flat, llvm::Value *v,
                     ir::DataType dtype);
  // A fresh allocation of `count` elements of `dtype` (limit error when refused), freed by
  // free_top() / at function exit.
  llvm::Value *allocate(llvm::Value *count, ir::DataType dtype, ir::SourceLoc loc,
                        const char *rule);
  void free_top();
  void alloc_buffer(const ir::Buffer &b, ir::SourceLoc loc); // Block alloc_buffers, BufferRealize
  void match_buffer(const ir::MatchBufferRegion &mb);

  // ---------------------------------------------------------------- lower_expr.cc
  llvm::Value *binary(const ir::BinaryNode *op);
  llvm::Value *int_division(ir::ExprKind k, ir::DataType t, llvm::Value *a, llvm::Value *b,
                            ir::SourceLoc loc);
  llvm::Value *logical(const ir::BinaryNode *op, bool is_and);
  llvm::Value *undef(ir::DataType t);
  // Lane i of v as a scalar / v concatenated etc. (vector helpers).
  llvm::Value *lane(llvm::Value *v, int i);
  llvm::Value *broadcast(llvm::Value *scalar, int lanes);

  // ---------------------------------------------------------------- lower_builtins.cc
  llvm::Value *builtin(const ir::CallNode *op);
  llvm::Value *math(const ir::CallNode *op, const std::string &name,
                    std::vector<llvm::Value *> args);

#define TIR_EXPR_KIND(Name) llvm::Value *VisitExpr_(const ir::Name##Node *op) override;
#define TIR_STMT_KIND(Name) void VisitStmt_(const ir::Name##Node *op) override;
#include "ir/node_kinds.def"

  // ---------------------------------------------------------------- lower_stmt.cc helpers
  // A counted loop: body(value, wide) for var = min, min + 1, ... (count iterations, i64):
  // `value` in the loop variable's type, `wide` the same number as i64.
  template <class Body>
  void counted_loop(ir::DataType var_type, llvm::Value *min, llvm::Value *count, Body &&body);

  ModuleLowering &ml_;
  const ir::PrimFuncNode *func_;
  llvm::Function *fn_;
  bool is_entry_;
  llvm::IRBuilder<> b_;
  NumericEmitter num_;
  llvm::Value *ctx_ = nullptr;        // RtContext*
  llvm::Value *ctx_struct_ = nullptr; // the same as a pointer to ctx_ty()
  llvm::Value *args_ = nullptr;       // entry: i8** args
  llvm::Value *ret_lanes_ = nullptr;  // entry: i64* ret_lanes
  llvm::Value *ret_slot_ = nullptr;   // call: pointer to the return value
  std::optional<ir::DataType> ret_dtype_;
  llvm::BasicBlock *error_exit_ = nullptr;
  llvm::BasicBlock *fail_ = nullptr; // the shared failure block and its inputs
  llvm::PHINode *fail_site_ = nullptr, *fail_a_ = nullptr, *fail_b_ = nullptr;
  std::unordered_map<const ir::VarNode *, llvm::Value *> vars_;
  // Loop variables' values as exact 64-bit numbers. A loop variable never wraps in its own type
  // (a range that would is unspecified, unspec.loop_range_overflow), so widening it gives this
  // counter; using it for indices spares the optimizer a sext(trunc(...)) it cannot see through.
  std::unordered_map<const ir::VarNode *, llvm::Value *> wide_;
  std::unordered_map<const ir::BufferNode *, Layout> layouts_;
  std::map<std::pair<llvm::Value *, llvm::Type *>, llvm::Value *> typed_bases_;
  std::vector<llvm::Value *> live_allocs_; // this function's allocations, innermost last
  // [bind.noalias] An entry's DLTensor arguments do not alias one another: each argument's data
  // pointer gets an alias scope of this function's domain, and every access through that very
  // pointer carries its scope and declares itself apart from the other arguments' scopes.
  // Accesses through any other pointer (allocations, handles, pointers computed from a buffer)
  // carry nothing, so the optimizer assumes nothing of them.
  struct ArgumentScope {
    llvm::MDNode *scope;   // !alias.scope
    llvm::MDNode *noalias; // !noalias: the other arguments' scopes
  };
  std::unordered_map<llvm::Value *, ArgumentScope> argument_scopes_;
  void make_argument_scopes(const std::vector<llvm::Value *> &data_pointers);
  void tag_access(llvm::Instruction *access, llvm::Value *data);
};

} // namespace tirconf::backends::llvm_jit
