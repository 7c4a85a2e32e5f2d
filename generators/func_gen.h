// The generator of one PrimFunc: expressions (expr_gen.cc), memory accesses (access_gen.cc),
// statements (stmt_gen.cc), loops and parallel regions (loop_gen.cc), blocks (block_gen.cc).
// Internal to generators/; the entry point is program_gen.h.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "generators/choices.h"
#include "generators/context.h"
#include "generators/profile.h"

namespace tirconf::gen {

// [dtype.lanes] the most lanes a datatype may have (the profile reader caps limits.lanes there).
inline constexpr int kMaxLanes = 64;

// An expression and what is known about its values.
struct TExpr {
  ir::PrimExpr e;
  Facts f;
};

// A PrimFunc of the module that generated code may call.
struct Callee {
  enum class Kind { Scalar, Recursive, Buffer } kind = Kind::Scalar;
  ir::GlobalVar gv;
  std::vector<ir::DataType> params; // scalar params (Buffer kind: after the buffer)
  ir::DataType ret = ir::DataType::Void();
  // Buffer kind: the buffer parameter it writes in place.
  ir::DataType buffer_dtype;
  std::vector<int64_t> buffer_shape;
  uint64_t work = 1; // estimated statements per call
};

// State shared by the functions of one module.
struct ModuleState {
  std::vector<Callee> callees; // generated so far, callable by later functions
};

class FuncGen {
public:
  FuncGen(Rand &r, const Profile &p, ModuleState &m, uint64_t work_budget)
      : r_(r), p_(p), m_(m), work_left_(work_budget) {}

  // ---- expressions (expr_gen.cc)
  TExpr expr(ir::DataType t, int depth, const Ctx &c);
  TExpr constant(ir::DataType t);
  // A scalar Int/UInt expression built from in-scope integers (loop vars first).
  TExpr int_expr(ir::DataType t, int depth, const Ctx &c);
  // A Bool condition that holds whenever it is evaluated (for T.assert, T.assume, T.where).
  ir::PrimExpr true_condition(const Ctx &c);
  ir::DataType pick_dtype(int lanes, bool allow_bool);
  ir::DataType pick_scalar_dtype(bool allow_bool) { return pick_dtype(1, allow_bool); }
  ir::DataType pick_int_dtype(int lanes); // a non-bool integer dtype of the profile
  // A lane count of the profile's list that is at most `at_most`; 1 when none is.
  int pick_lanes(int at_most = kMaxLanes);

  // ---- memory accesses (access_gen.cc)
  // Indices addressing `lanes` consecutive elements (a Ramp on the last dimension when lanes > 1)
  // that lie inside the buffer and, in a region, inside this iteration's slice. Empty when the
  // context cannot address the buffer with that many lanes.
  bool access(const BufferInfo &b, int lanes, const Ctx &c, std::vector<ir::PrimExpr> &out);
  TExpr load(ir::DataType t, const Ctx &c);
  // A scalar int32 index in [0, extent - 1 - reserve].
  TExpr index_for(const Dim &d, int64_t reserve, const Ctx &c);

  // ---- statements (stmt_gen.cc)
  ir::Stmt body(const Ctx &c, int max_stmts); // a sequence of statements
  ir::Stmt stmt(const Ctx &c);
  ir::Stmt store(const Ctx &c);
  // A store of `value` (a scalar) into a buffer of its dtype that `c` may write (`prefer` if it
  // is one); null if none.
  ir::Stmt publish(const ir::PrimExpr &value, const Ctx &c, const ir::BufferNode *prefer = nullptr);
  // Writes every element of b (which must be writable and not yet readable in c).
  ir::Stmt fill(const BufferInfo &b, const Ctx &c);

  ir::Stmt if_stmt(const Ctx &c);
  ir::Stmt evaluate_stmt(const Ctx &c);
  ir::Stmt attr_stmt(const Ctx &c);
  ir::Stmt call_stmt(const Ctx &c);
  ir::Stmt return_stmt(const Ctx &c);
  // A statement that binds a name for the `rest` statements that follow it (its body).
  ir::Stmt scope_stmt(StmtChoice k, const Ctx &c, int rest);

  // ---- scratch memory (scratch_gen.cc)
  // Allocate (+ T.Buffer over its pointer), DeclBuffer or BufferRealize, filled, then `rest`.
  ir::Stmt scratch(StmtChoice k, const Ctx &c, int rest);
  std::vector<Dim> scratch_shape();
  BufferInfo fresh_buffer_info(ir::Buffer b, std::vector<Dim> dims, const Ctx &c);

  // ---- loops and regions (loop_gen.cc)
  ir::Stmt loop_nest(const Ctx &c);
  // Enters a parallel region over loop var v (v in [vmin, vmin + extent)): pins a slice of each
  // writable buffer, or leaves it read-only there. `force` (a buffer of c) is pinned on
  // `force_dim` with base v - vmin, width 1 (the element the iteration computes).
  Ctx enter_region(const Ctx &c, const ScalarInfo &v, int64_t vmin, int64_t extent,
                   const ir::VarNode *extent_sym, const ir::BufferNode *force = nullptr,
                   size_t force_dim = 0);
  ForKindChoice pick_for_kind(const Ctx &c, const Dim &d, bool serial_only);
  std::string free_thread_tag(const Ctx &c, bool vthread_ok);
  ir::Stmt launch_thread(const Ctx &c);

  // ---- GPU kernels (gpu_gen.cc)
  ir::Stmt gpu_kernel(const Ctx &c);
  ir::Stmt while_loop(const Ctx &c);

  // ---- blocks (block_gen.cc)
  ir::Stmt block_stage(const Ctx &c, bool reduction);
  // fill(), as a block: a serial nest over b's shape around a block writing b[v0, v1, ...].
  ir::Stmt fill_block(const BufferInfo &b, const Ctx &c);

  // ---- naming, budget
  std::string fresh(const std::string &stem);
  bool afford(uint64_t cost) const { return cost <= work_left_; }
  void charge(uint64_t cost) { work_left_ = cost > work_left_ ? 0 : work_left_ - cost; }
  uint64_t work_left() const { return work_left_; }

  ir::DataType ret_type = ir::DataType::Void(); // of the function being built
  // Loop variables, iter vars, shapes and indices: int32, or int64 as Relax-made functions have.
  ir::DataType index_t = ir::DataType::Int(32);
  ir::PrimExpr idx(int64_t v) const { return ir::make_int(index_t, v); }
  Dim const_dim(int64_t e) const { return Dim{idx(e), e, e, nullptr}; }
  // A buffer dimension as a loop extent of index_t (a constant re-typed; shape Vars already are).
  Dim as_extent(const Dim &d) const {
    return d.sym || d.extent->dtype == index_t ? d : const_dim(d.lo);
  }
  // The base index sum(terms) + constant of a pin.
  ir::PrimExpr affine(const Pin &p) const;
  bool is_main = false;      // the entry PrimFunc, not a helper
  bool style_blocks = true;  // schedulable TIR: blocks, alloc_buffers, T.init, match_buffer
  bool style_lowered = true; // lowered TIR: Allocate, decl_buffer, While, launch_thread
  std::vector<ScalarInfo> func_scalars; // params and shape Vars: what a Block body may use
  std::vector<Dim> shape_dims;          // symbolic dimensions available for scratch shapes
  // Buffers accessed while generating each enclosing Block (for its T.reads / T.writes).
  struct Access {
    ir::Buffer buffer; // for a match_buffer: its source
    bool write;
  };
  std::vector<std::vector<Access>> access_log;
  void note_access(const BufferInfo &b, bool write);
  bool used_blocks = false; // a BlockRealize was generated (the body gets a root block)
  std::vector<ir::Buffer> root_alloc_buffers;

  Rand &rand() { return r_; }
  const Profile &profile() const { return p_; }
  ModuleState &module() { return m_; }

private:
  TExpr expr_leaf(ir::DataType t, const Ctx &c);
  TExpr expr_op(ExprChoice k, ir::DataType t, int depth, const Ctx &c, bool &ok);
  TExpr arith(ExprChoice k, ir::DataType t, int depth, const Ctx &c);
  TExpr builtin(ir::DataType t, int depth, const Ctx &c, bool &ok);
  TExpr call(ir::DataType t, int depth, const Ctx &c, bool &ok);
  TExpr cast_to(ir::DataType t, int depth, const Ctx &c);
  TExpr shuffle(ir::DataType t, int depth, const Ctx &c);
  // Repairs (expr_repair.cc): make an operand safe for the operation that consumes it.
  TExpr safe_divisor(ir::DataType t, const TExpr &dividend, TExpr divisor);
  TExpr clean_float(TExpr x, const Ctx &c);                    // no NaN, no -0.0 (Min/Max operands)
  TExpr not_nan(TExpr x, const Ctx &c);                        // no NaN (reinterpret, copysign)
  TExpr fits_for_cast(ir::DataType to, TExpr x, const Ctx &c); // float that truncates into `to`
  TExpr shift_amount(ir::DataType t, TExpr n);
  TExpr fits_int_type(ir::DataType to, TExpr x); // an integer clamped into what `to` holds
  // The math builtins of `ops` the profile does not exclude, as "tir.NAME".
  std::vector<std::string> allowed_math(const std::vector<std::string_view> &ops) const;
  TExpr bind_let(TExpr x, const Ctx &c, const std::function<TExpr(const TExpr &)> &use);

  Rand &r_;
  const Profile &p_;
  ModuleState &m_;
  uint64_t work_left_;
  std::vector<std::pair<std::string, int>> names_;
};

// Weighted pick among the choices whose `allowed` is true; returns kCount when none is.
template <class E, class F> E pick_allowed(Rand &r, const Weights<E> &w, F allowed) {
  Weights<E> masked{};
  bool any = false;
  for (size_t i = 0; i < w.size(); ++i)
    if (w[i] > 0 && allowed(E(i))) {
      masked[i] = w[i];
      any = true;
    }
  if (!any)
    return E::kCount;
  return E(r.pick(masked));
}

} // namespace tirconf::gen
