// TIR -> CUDA C++, following the spec's "Semantics" section construct by construct. Each entry
// PrimFunc becomes, per launch (launch.h: plan_entry; suffix _l<k> when it has several)
//   __device__ int32_t tirconf_f_<name>(TirconfStatus *st, params...)   the body; 0 returned,
//                                                                         1 failed (status.h)
//   extern "C" __global__ void tirconf_k_<name>(TirconfStatus *st, params...)   its kernel
// launched as launch.h plans; each PrimFunc it calls, a callable (lower_call.cc). Parameters:
// each PrimFunc param in order (a buffer param as a pointer to its data, a scalar as its C type),
// then one int64 per Var a buffer param's shape, strides or elem_offset binds (binding.h binds
// them from the DLTensors on the host and checks the rest).
//
// Expressions are emitted as statements into temporaries, one per node, so that operands are
// evaluated in the spec's order ([sem.expr.binary]: a then b) and a failing operation (integer
// division by zero) stops the function before anything after it runs; C++ leaves the order of
// a function call's arguments open. Vector values are computed lane by lane (lanewise). Files:
// lower_module.cc (entries, kernels, params, buffer addressing), lower_expr.cc, lower_stmt.cc,
// lower_builtins.cc, lower_call.cc; ctypes.cc (C types and literals); support.cc says what is not
// lowered.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "backends/cuda/launch.h"
#include "backends/cuda/status.h"
#include "ir/functor.h"
#include "ir/module.h"

namespace tirconf::backends::cuda {

// A construct this backend does not lower (support.cc lists them before lowering; one reaching
// the lowering anyway is reported the same way).
struct UnsupportedError : std::runtime_error {
  ir::SourceLoc loc;
  UnsupportedError(const std::string &what, ir::SourceLoc l) : std::runtime_error(what), loc(l) {}
};
// Something the checker should have rejected, or a lowering bug.
struct LoweringError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One kernel argument after the status pointer.
struct KernelParam {
  enum class Kind { Buffer, Scalar, Field } kind = Kind::Scalar;
  size_t param = 0;                 // Buffer, Scalar: the index among the PrimFunc's params
  ir::DataType dtype;               // Scalar: its dtype; Field: the Var's
  const ir::VarNode *var = nullptr; // Field: the Var a buffer field binds
};

// One kernel launch of an entry (launch.h: plan_entry).
struct Launch {
  std::string kernel; // its __global__ function
  std::array<int64_t, 3> block = {1, 1, 1}, grid = {1, 1, 1};
  bool barriers = false; // it runs __syncthreads()
};

struct KernelInfo {
  std::string func; // the PrimFunc
  const ir::PrimFuncNode *node = nullptr;
  std::vector<KernelParam> params; // every launch's
  std::optional<ir::DataType> ret; // dtype of its tir.ret values, if it has any
  std::vector<Launch> launches;    // in order, the host checking the status word after each
};

struct CudaProgram {
  std::string source; // one translation unit, prelude included
  std::vector<KernelInfo> kernels;
  std::vector<FailSite> sites;
};

// The dtype of a PrimFunc's tir.ret values, if it has any (the typing rule makes them agree).
std::optional<ir::DataType> ret_dtype(const ir::PrimFuncNode &f);

// The PrimFuncs of `m` named in `entries` (all when empty). Throws UnsupportedError or
// LoweringError.
CudaProgram lower_module(const ir::IRModule &m, const std::vector<std::string> &entries);

// ---------------------------------------------------------------- ctypes.cc
// The C type a value of `t` has in generated code ("int32_t", "float", "bool", "void *");
// a vector is tirconf_v<lane type, lanes> (prelude.cc); throws UnsupportedError for odd widths.
std::string c_type(ir::DataType t, ir::SourceLoc loc = {});
// The type one lane of a buffer element of `t` is stored as: bool is one byte ([bind.dtype]:
// DLPack's bool); a vector element is its lanes in a row.
std::string storage_type(ir::DataType t, ir::SourceLoc loc = {});
// The unsigned type integer arithmetic of `t` wraps in ([sem.expr.int_wrap]): never narrower
// than unsigned int, so that C's promotion to int cannot overflow.
std::string wrap_type(ir::DataType t);
// A value computed in the wrap type brought back to `t`, modulo 2^bits (bool: its low bit).
std::string wrap(ir::DataType t, const std::string &v);
std::string int_literal(ir::DataType t, int64_t v);
std::string float_literal(ir::DataType t, double v); // exact: from the bit pattern
// float16 and bfloat16 (__half, __nv_bfloat16 of cuda_fp16.h / cuda_bf16.h) are computed in
// float and rounded once to their format: for + - * / and sqrt float's 24 bits make that the
// correctly rounded result (at least 2p + 2 bits for p = 11 and 8), for the others it is exact.
bool is_narrow_float(ir::DataType t);
std::string to_float(ir::DataType t, const std::string &v);   // v itself for other types
std::string from_float(ir::DataType t, const std::string &v); // rounded to nearest, ties to even
// A C identifier made of `name`'s letters and digits.
std::string identifier(const std::string &name);

class ModuleLowering;

// Where generated code is, relative to the launch nest: what memory an allocation made there
// lives in follows from it (lower_stmt.cc).
enum class Level { Grid, Block, Thread };

class FunctionLowering : public ir::ExprFunctor<std::string(const ir::PrimExpr &)>,
                         public ir::StmtFunctor<void(const ir::Stmt &)> {
public:
  // An entry (launched by the host) or a callable function (called by other PrimFuncs). An
  // entry's launch runs `body` (f's own when null; launch.h: plan_entry), its functions named
  // with `suffix`; `only_launch` when it is the entry's only one.
  FunctionLowering(ModuleLowering &ml, const ir::PrimFuncNode &f, std::string name,
                   bool is_entry = true, ir::Stmt body = nullptr, std::string suffix = "",
                   bool only_launch = true);
  // The __device__ function, its kernel, and the kernel's description.
  KernelInfo emit(std::string &out);
  // lower_call.cc: the __device__ function other PrimFuncs call ([sem.expr.call.primfunc]):
  //   int32_t tirconf_c_<name>(TirconfStatus *st, int32_t depth, params..., [T *ret_slot])
  // each buffer param a data pointer, bound like a DLTensor with null strides and byte_offset 0.
  void emit_callable(std::string &out);

  using ir::ExprFunctor<std::string(const ir::PrimExpr &)>::VisitExpr;
  using ir::StmtFunctor<void(const ir::Stmt &)>::VisitStmt;

  // Whether lower_builtins.cc has a handler for builtin `op` ("tir.sqrt").
  static bool lowers_builtin(std::string_view op);

private:
  using BuiltinTable =
      std::map<std::string, std::function<std::string(FunctionLowering &, const ir::CallNode *)>,
               std::less<>>;
  static const BuiltinTable &builtins();
  // ---------------------------------------------------------------- emission
  void line(const std::string &s); // one line of the body at the current depth
  void open(const std::string &head) {
    line(head.empty() ? "{" : head + " {");
    ++depth_;
  }
  void close() {
    --depth_;
    line("}");
  }
  // A fresh temporary of `t` holding `value`; its name.
  std::string temp(ir::DataType t, const std::string &value);
  // A fresh temporary of `t` computed lane by lane ([sem.expr.binary]: vector operations apply
  // their scalar function to each lane): `lane` gets each operand's lane (a scalar operand as
  // is) and returns the result lane; inside it the lane number is `tirconf_l`. For scalars, one
  // temp(t, lane(operands)).
  using LaneFn = std::function<std::string(const std::vector<std::string> &)>;
  std::string lanewise(ir::DataType t, const std::vector<std::pair<std::string, ir::DataType>> &ops,
                       const LaneFn &lane);
  // A fresh, uninitialized temporary of `t`: its name.
  std::string declare(ir::DataType t);
  std::string fresh(const std::string &hint);
  int site(runtime::ErrorClass c, const char *rule, ir::SourceLoc loc, std::string message);
  void fail_if(const std::string &cond, int site, const std::string &a = "0",
               const std::string &b = "0");

  // ---------------------------------------------------------------- variables
  std::string bind(const ir::Var &v); // a fresh C name for v from now on
  std::string var(const ir::VarNode *v) const;

  // ---------------------------------------------------------------- buffers
  // The element offset of `indices` in `b` (int64), from its strides (or its shape's compact
  // ones) and elem_offset, each evaluated where the access is.
  std::string offset(const ir::Buffer &b, const std::vector<ir::PrimExpr> &indices);
  std::string offset_of(const ir::Buffer &b, const std::vector<std::string> &indices); // int64s
  std::vector<std::string> strides_of(const ir::Buffer &b, size_t n);
  // A match_buffer of a block being lowered: its source and the region's mins (int64 C values).
  struct Match {
    ir::Buffer source;
    std::vector<std::string> mins;
  };
  std::unordered_map<const ir::BufferNode *, Match> matches_;
  void match_buffer(const ir::MatchBufferRegion &mb);
  std::string element(const ir::Buffer &b, const std::string &offset); // an lvalue
  std::string index64(const ir::PrimExpr &e);                          // as int64_t

  // ---------------------------------------------------------------- lower_expr.cc
  std::string binary(const ir::BinaryNode *op);
  std::string division(const ir::BinaryNode *op, const std::string &a, const std::string &b);
  std::string logical(const ir::BinaryNode *op, bool is_and);
  std::string builtin(const ir::CallNode *op);
  std::string call(const ir::CallNode *op); // lower_call.cc
  void bind_call_params();                  // lower_call.cc
  void depth_check();                       // [sem.stmt.limit] the recursion budget
  // One lane of a Cast ([sem.expr.cast]): scalar types.
  static std::string cast_lane(ir::DataType to, ir::DataType from, const std::string &v);
  // The lanes of a vector access: buffer element lanes times the last index's lanes.
  // lane_indices: an access's indices as int64 C values, a vector last index as its lane
  // tirconf_j (the loop load_lanes and store_lanes open over the lanes).
  std::vector<std::string> lane_indices(const std::vector<ir::PrimExpr> &indices,
                                        ir::SourceLoc loc);
  std::string load_lanes(const ir::BufferLoadNode *op);
  void store_lanes(const ir::BufferStoreNode *op, const std::string &value);

#define TIR_EXPR_KIND(Name) std::string VisitExpr_(const ir::Name##Node *op) override;
#define TIR_STMT_KIND(Name) void VisitStmt_(const ir::Name##Node *op) override;
#include "ir/node_kinds.def"

  // ---------------------------------------------------------------- lower_stmt.cc helpers
  // A thread-bound loop or launch: over CUDA's index when launched, else serially.
  void thread_loop(const void *node, const ir::Var &v, const ir::PrimExpr &min,
                   const ir::PrimExpr &extent, const ir::Stmt &body, ir::SourceLoc loc);
  void serial_loop(const ir::Var &v, const ir::PrimExpr &min, const ir::PrimExpr &extent,
                   const ir::Stmt &body);
  void storage_sync(const ir::CallNode *op);
  // Declares fresh memory for `extents` elements of `dtype` in the current scope, bound to `data`,
  // in the memory the current level gives (lower_stmt.cc). True when it came from the device
  // heap: the caller frees it with free_top() where the scope ends.
  bool allocate(const ir::Var &data, ir::DataType dtype, const std::vector<ir::PrimExpr> &extents,
                ir::SourceLoc loc);
  void free_top();
  std::vector<std::string> dynamic_; // live heap allocations, innermost last

  ModuleLowering &ml_;
  const ir::PrimFuncNode &f_;
  std::string name_;
  bool is_entry_;
  ir::Stmt body_stmt_;
  std::string suffix_;
  bool only_launch_;
  std::string call_depth_ = "1"; // this call's depth: the entry is 1
  LaunchPlan plan_;
  std::string body_;
  std::string prologue_; // declarations the body needs at the function's start
  bool counts_steps_ = false;
  int depth_ = 1;
  int temps_ = 0;
  std::unordered_map<const ir::VarNode *, std::string> vars_;
  std::unordered_map<std::string, int> names_; // C names used, for fresh ones
  std::optional<ir::DataType> ret_;
  bool barriers_ = false;
  int64_t shared_bytes_ = 0; // __shared__ memory declared so far
  // Where the code being emitted is, relative to the launch nest.
  Level level_ = Level::Grid;
  // Launched threadIdx loops around the code being emitted whose extent is not their launch
  // dimension (some threads run no or several iterations), and serial loops standing for
  // parallel ones: a barrier inside either cannot be a CUDA barrier.
  int uneven_thread_loops_ = 0;
  int serial_parallel_loops_ = 0;
  int launched_thread_loops_ = 0;
  int launched_loops_ = 0; // launched loops of any axis around the code being emitted
};

class ModuleLowering {
public:
  explicit ModuleLowering(const ir::IRModule &m) : m(m) {}
  const ir::IRModule &m;
  std::vector<FailSite> sites;
  std::string globals; // namespace-scope declarations: __device__ arrays of allocations
  int globals_count = 0;
  // The __device__ array of each allocation made above a launch nest, by its Var: an entry's
  // launches share them (plan_entry).
  std::unordered_map<const ir::VarNode *, std::string> grid_arrays;
  // The callable function of PrimFunc `name` (lower_call.cc), declared now and emitted by
  // finish(); its C name.
  std::string callable(const std::string &name);
  void finish(std::string &out); // every callable requested, including while doing so
  std::string prototypes;        // of the callables, so that they may call one another

private:
  std::vector<std::string> pending_;
  std::set<std::string> requested_;
};

} // namespace tirconf::backends::cuda
