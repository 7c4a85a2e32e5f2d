// Statements: "Semantics of Statements", one VisitStmt_ per node kind.
#include "backends/cuda/lowering.h"
#include "ir/builtins.h"

namespace tirconf::backends::cuda {

using ir::DataType;
using runtime::ErrorClass;

namespace {

// What one generated allocation may take, by the memory it lives in: a thread's local array
// lives on its stack (CUDA allows 512 KiB per thread; far less keeps launches cheap), a block's
// in its 48 KiB of static shared memory, the run's in a __device__ array of the module.
constexpr int64_t kMaxLocalBytes = 64 << 10;
constexpr int64_t kMaxSharedBytes = 48 << 10;
constexpr int64_t kMaxGlobalBytes = int64_t{256} << 20;

} // namespace

// [sem.stmt.letstmt] value once, bound in a new scope.
void FunctionLowering::VisitStmt_(const ir::LetStmtNode *op) {
  const std::string v = VisitExpr(op->value);
  open("");
  if (op->var->dtype.is_void()) {
    vars_[op->var.get()] = "0"; // a Void value: nothing to hold
  } else {
    const std::string name = bind(op->var);
    line(c_type(op->var->dtype, op->loc) + " const " + name + " = " + v + ";");
  }
  VisitStmt(op->body);
  close();
}

// [sem.stmt.attrstmt] [sem.stmt.attr.thread_extent] [sem.stmt.attr.virtual_thread]
void FunctionLowering::VisitStmt_(const ir::AttrStmtNode *op) {
  if (op->attr_key == "thread_extent" || op->attr_key == "virtual_thread") {
    ir::Var v = op->bound_var();
    if (!v)
      throw LoweringError(op->attr_key + " without a thread variable");
    thread_loop(op, v, ir::make_int(v->dtype, 0), op->value, op->body, op->loc);
    return;
  }
  VisitStmt(op->body);
}

// [sem.stmt.assert] the condition; when false an assert error carrying the message.
void FunctionLowering::VisitStmt_(const ir::AssertStmtNode *op) {
  const std::string c = VisitExpr(op->condition);
  auto *message = ir::as<ir::StringImmNode>(op->message);
  fail_if("!(" + c + ")", site(ErrorClass::Assert, "sem.stmt.assert", op->loc,
                               message ? message->value : std::string("assertion failed")));
  VisitStmt(op->body);
}

// [sem.stmt.bufferstore] value first, then the indices left to right.
void FunctionLowering::VisitStmt_(const ir::BufferStoreNode *op) {
  if (op->predicate)
    throw UnsupportedError("A.vstore", op->loc);
  const std::string v = VisitExpr(op->value);
  c_type(op->value->dtype, op->loc);
  if (op->value->dtype.lanes > 1) {
    store_lanes(op, v);
    return;
  }
  const std::string off = offset(op->buffer, op->indices);
  line(element(op->buffer, off) + " = " + (op->value->dtype.is_bool() ? "(uint8_t)" + v : v) + ";");
}

// [sem.stmt.bufferrealize] a fresh buffer of the buffer's shape, bound to its data for the
// body; bounds and condition have no effect.
void FunctionLowering::VisitStmt_(const ir::BufferRealizeNode *op) {
  const ir::Buffer &b = op->buffer;
  if (!b->data)
    throw LoweringError("realized buffer " + b->name + " without a data Var");
  open("");
  const bool dynamic = allocate(b->data, b->dtype, b->shape, op->loc);
  VisitStmt(op->body);
  if (dynamic)
    free_top();
  close();
}

// [sem.stmt.allocate] [sem.stmt.allocate.condition] The memory follows from where the
// allocation runs: inside a launched threadIdx loop each iteration has its own (a local array),
// inside launched blockIdx loops only the block's threads share it (__shared__), above the launch
// nest every thread shares one (a __device__ array, or __shared__ when the launch has one block
// and the allocation's scope is shared). In a TVM kernel that is the storage scope the allocation
// declares; where they differ the spec's semantics decide, not the scope.
void FunctionLowering::VisitStmt_(const ir::AllocateNode *op) {
  if (op->is_const())
    throw UnsupportedError("T.allocate_const", op->loc);
  auto *cond = ir::as<ir::IntImmNode>(op->condition);
  if (cond && cond->value == 0)
    return;
  if (!cond)
    open("if (" + VisitExpr(op->condition) + ")");
  open("");
  const bool dynamic = allocate(op->buffer_var, op->dtype, op->extents, op->loc);
  VisitStmt(op->body);
  if (dynamic)
    free_top();
  close();
  if (!cond)
    close();
}

bool FunctionLowering::allocate(const ir::Var &data, DataType dtype,
                                const std::vector<ir::PrimExpr> &extents, ir::SourceLoc loc) {
  // [sem.stmt.allocate] the extents in order. Constant ones are counted here, up to a cap so that
  // no product overflows.
  constexpr int64_t kCap = kMaxGlobalBytes * 2;
  int64_t count = 1;
  bool constant = true;
  std::string total = "1ll";
  for (const auto &e : extents) {
    if (auto *c = ir::as<ir::IntImmNode>(e)) {
      if (c->value < 0)
        throw UnsupportedError("an allocation with a negative extent", loc);
      count = c->value > 0 && count > kCap / c->value ? kCap : count * c->value;
    } else {
      constant = false;
    }
  }
  const std::string st = storage_type(dtype, loc);
  const std::string name = bind(data);
  if (!constant) {
    // Fresh memory of a run-time size exists only on the device heap, one block per thread
    // that runs the allocation: right where a single thread runs it.
    if (level_ == Level::Block || (level_ == Level::Grid && plan_.any()))
      throw UnsupportedError("a run-time sized allocation shared by the threads of a launch", loc);
    std::string n = "1ll";
    for (const auto &e : extents) {
      const std::string x = "(int64_t)" + VisitExpr(e);
      n = n == "1ll" ? x : "(int64_t)((uint64_t)" + n + " * (uint64_t)" + x + ")";
    }
    const std::string c = temp(DataType::Int(64), n);
    line("void *const " + name + " = tirconf_alloc(" + c + ", " + std::to_string(dtype.bytes()) +
         ");");
    fail_if("!" + name,
            site(ErrorClass::Limit, "sem.stmt.limit", loc,
                 "allocation of {a} elements refused (the device heap or the 2 GiB budget)"),
            c);
    dynamic_.push_back(name);
    return true;
  }
  const int64_t bytes = count * dtype.bytes();
  // A vector element is its lanes in a row.
  const std::string n = std::to_string(count > 0 ? count * dtype.lanes : 1);
  // Above the launch nest, a run with one block has one shared memory: a buffer declared shared
  // goes there, as TVM's kernels put it.
  const std::string &scope = data->type_annotation.storage_scope;
  Level level = level_;
  if (level == Level::Grid && only_launch_ && scope.rfind("shared", 0) == 0 &&
      plan_.grid == decltype(plan_.grid){1, 1, 1} && shared_bytes_ + bytes <= kMaxSharedBytes)
    level = Level::Block;
  switch (level) {
  case Level::Thread:
    if (bytes > kMaxLocalBytes)
      throw UnsupportedError("a per-thread allocation over 64 KiB", loc);
    line(st + " " + name + "_mem[" + n + "];");
    break;
  case Level::Block:
    if (shared_bytes_ + bytes > kMaxSharedBytes)
      throw UnsupportedError("per-block allocations over 48 KiB in all", loc);
    shared_bytes_ += bytes;
    line("__shared__ " + st + " " + name + "_mem[" + n + "];");
    break;
  case Level::Grid: {
    if (bytes > kMaxGlobalBytes)
      throw UnsupportedError("an allocation over 256 MiB", loc);
    // The same array in each launch of an entry that runs this allocation (plan_entry).
    std::string &g = ml_.grid_arrays[data.get()];
    if (g.empty()) {
      g = "tirconf_g" + std::to_string(ml_.globals_count++) + "_" + name;
      ml_.globals += "__device__ " + st + " " + g + "[" + n + "];\n";
    }
    line(st + " *const " + name + "_mem = " + g + ";");
    break;
  }
  }
  line("void *const " + name + " = " + name + "_mem;");
  return false;
}

void FunctionLowering::free_top() {
  line("free(" + dynamic_.back() + ");");
  dynamic_.pop_back();
}

// [sem.stmt.declbuffer] nothing to run: accesses find the memory through the buffer's data Var.
void FunctionLowering::VisitStmt_(const ir::DeclBufferNode *op) {
  VisitStmt(op->body);
}

// [sem.stmt.seqstmt]
void FunctionLowering::VisitStmt_(const ir::SeqStmtNode *op) {
  for (const auto &s : op->seq)
    VisitStmt(s);
}

// [sem.stmt.ifthenelse]
void FunctionLowering::VisitStmt_(const ir::IfThenElseNode *op) {
  const std::string c = VisitExpr(op->condition);
  open("if (" + c + ")");
  VisitStmt(op->then_case);
  close();
  if (op->else_case) {
    open("else");
    VisitStmt(op->else_case);
    close();
  }
}

// [sem.stmt.evaluate] evaluated for its effects and errors; the value is dropped.
void FunctionLowering::VisitStmt_(const ir::EvaluateNode *op) {
  const std::string v = VisitExpr(op->value);
  if (v != "0")
    line("(void)" + v + ";");
}

// [sem.stmt.for.range] min, then extent, each once; iterations min .. min + extent - 1.
void FunctionLowering::serial_loop(const ir::Var &v, const ir::PrimExpr &min,
                                   const ir::PrimExpr &extent, const ir::Stmt &body) {
  const std::string m = VisitExpr(min);
  const std::string e = VisitExpr(extent);
  const std::string i = fresh("i");
  open("for (int64_t " + i + " = 0; " + i + " < (int64_t)" + e + "; ++" + i + ")");
  const std::string name = bind(v);
  const std::string t = c_type(v->dtype, v->loc);
  line("const " + t + " " + name + " = (" + t + ")((int64_t)" + m + " + " + i + ");");
  VisitStmt(body);
  close();
}

// [sem.stmt.for.thread_binding] [sem.stmt.attr.thread_extent] A loop of the launch nest strides
// over its CUDA index; any other runs serially, one correct interleaving of its iterations.
void FunctionLowering::thread_loop(const void *node, const ir::Var &v, const ir::PrimExpr &min,
                                   const ir::PrimExpr &extent, const ir::Stmt &body,
                                   ir::SourceLoc loc) {
  auto it = plan_.launched.find(node);
  if (it == plan_.launched.end()) {
    ++serial_parallel_loops_;
    serial_loop(v, min, extent, body);
    --serial_parallel_loops_;
    return;
  }
  const int axis = it->second;
  const auto *ext = ir::as<ir::IntImmNode>(extent);
  const int64_t dim = is_thread_axis(axis) ? plan_.block[static_cast<size_t>(axis)]
                                           : plan_.grid[static_cast<size_t>(axis - 3)];
  const bool uneven = is_thread_axis(axis) && (!ext || ext->value != dim);
  const std::string m = VisitExpr(min);
  const std::string e = VisitExpr(extent);
  const std::string i = fresh("i");
  open("for (int64_t " + i + " = (int64_t)" + axis_index(axis) + "; " + i + " < (int64_t)" + e +
       "; " + i + " += (int64_t)" + axis_dim(axis) + ")");
  const std::string name = bind(v);
  const std::string t = c_type(v->dtype, loc);
  line("const " + t + " " + name + " = (" + t + ")((int64_t)" + m + " + " + i + ");");
  const Level saved = level_;
  if (is_thread_axis(axis))
    level_ = Level::Thread;
  else if (level_ == Level::Grid)
    level_ = Level::Block;
  uneven_thread_loops_ += uneven ? 1 : 0;
  launched_thread_loops_ += is_thread_axis(axis) ? 1 : 0;
  ++launched_loops_;
  VisitStmt(body);
  --launched_loops_;
  launched_thread_loops_ -= is_thread_axis(axis) ? 1 : 0;
  uneven_thread_loops_ -= uneven ? 1 : 0;
  level_ = saved;
  close();
}

// [builtin.storage_sync] a barrier among the threads of one block: __syncthreads(), which every
// thread of the block must reach. That holds where each launched threadIdx loop around it gives
// every thread exactly one iteration and no loop around it runs parallel iterations serially;
// outside any parallel construct the barrier does nothing.
void FunctionLowering::storage_sync(const ir::CallNode *op) {
  auto *scope = op->args.empty() ? nullptr : ir::as<ir::StringImmNode>(op->args[0]);
  if (!scope || (scope->value != "shared" && scope->value != "shared.dyn"))
    throw UnsupportedError("tir.tvm_storage_sync of a scope other than shared", op->loc);
  // A called PrimFunc may run inside its caller's thread loops, which a barrier would wait for.
  if (!is_entry_)
    throw UnsupportedError("a barrier in a called PrimFunc", op->loc);
  if (launched_thread_loops_ == 0 && serial_parallel_loops_ == 0)
    return;
  if (serial_parallel_loops_ > 0 || uneven_thread_loops_ > 0)
    throw UnsupportedError("a barrier inside a parallel loop that is not launched as one CUDA "
                           "thread per iteration",
                           op->loc);
  line("__syncthreads();");
  barriers_ = true;
}

// [sem.stmt.for.serial] [sem.stmt.for.unrolled] in order; [sem.stmt.for.parallel] and
// [sem.stmt.for.vectorized] too (one interleaving; vectorized gives in-order results anyway).
void FunctionLowering::VisitStmt_(const ir::ForNode *op) {
  if (op->for_kind == ir::ForKind::ThreadBinding) {
    thread_loop(op, op->loop_var, op->min, op->extent, op->body, op->loc);
    return;
  }
  const bool parallel =
      op->for_kind == ir::ForKind::Parallel || op->for_kind == ir::ForKind::Vectorized;
  serial_parallel_loops_ += parallel ? 1 : 0;
  serial_loop(op->loop_var, op->min, op->extent, op->body);
  serial_parallel_loops_ -= parallel ? 1 : 0;
}

// [sem.stmt.while] condition, then body, until the condition is 0 (any nonzero value holds).
// [sem.stmt.limit] each iteration counts against the step budget; the count is the thread's own.
void FunctionLowering::VisitStmt_(const ir::WhileNode *op) {
  if (!counts_steps_) {
    counts_steps_ = true;
    prologue_ += "  uint64_t tirconf_steps = 0;\n";
  }
  open("for (;;)");
  const std::string c = VisitExpr(op->condition);
  line("if (!(" + c + ")) break;");
  fail_if("++tirconf_steps > st->step_limit",
          site(ErrorClass::Limit, "sem.stmt.limit", op->loc, "step budget exhausted"));
  VisitStmt(op->body);
  close();
}

// [sem.stmt.blockrealize] the iter values in order, bound to the block's iter vars; the block
// runs where the predicate holds (a false one is unspecified: TVM's reading, which skips it).
void FunctionLowering::VisitStmt_(const ir::BlockRealizeNode *op) {
  const ir::BlockNode &b = *op->block;
  if (op->iter_values.size() != b.iter_vars.size())
    throw LoweringError("a BlockRealize whose values do not match its block's iter vars");
  std::vector<std::string> values;
  for (const auto &v : op->iter_values)
    values.push_back(VisitExpr(v));
  open("");
  for (size_t k = 0; k < values.size(); ++k) {
    const ir::Var &v = b.iter_vars[k]->var;
    const std::string t = c_type(v->dtype, b.iter_vars[k]->loc);
    line("const " + t + " " + bind(v) + " = " + values[k] + ";");
  }
  auto *always = ir::as<ir::IntImmNode>(op->predicate);
  const bool guarded = op->predicate && !(always && always->value != 0);
  if (guarded)
    open("if (" + VisitExpr(op->predicate) + ")");
  VisitStmt(op->block);
  if (guarded)
    close();
  close();
}

// [sem.stmt.block] [sem.stmt.block.alloc] [sem.stmt.block.init] its buffers, init when due, body.
void FunctionLowering::VisitStmt_(const ir::BlockNode *op) {
  open("");
  for (const auto &mb : op->match_buffers)
    match_buffer(mb);
  int dynamic = 0;
  for (const auto &buf : op->alloc_buffers) {
    if (!buf->data)
      throw LoweringError("alloc_buffer " + buf->name + " without a data Var");
    dynamic += allocate(buf->data, buf->dtype, buf->shape, buf->loc) ? 1 : 0;
  }
  if (op->init) {
    // A reduction block's init runs where every reduce iter var is at its domain's minimum.
    std::string due;
    for (const auto &iv : op->iter_vars) {
      if (iv->iter_type != ir::IterVarType::CommReduce)
        continue;
      if (!iv->dom)
        throw LoweringError("a reduce iter var without a domain");
      const std::string min = VisitExpr(iv->dom->min);
      due += (due.empty() ? "" : " && ") + var(iv->var.get()) + " == " + min;
    }
    if (!due.empty())
      open("if (" + due + ")");
    VisitStmt(op->init);
    if (!due.empty())
      close();
  }
  VisitStmt(op->body);
  for (const auto &mb : op->match_buffers)
    matches_.erase(mb.buffer.get());
  for (; dynamic > 0; --dynamic)
    free_top();
  close();
}

// [sem.stmt.block.match_buffer] [sem.stmt.block.match_buffer.shape] The region's mins and
// extents once, at the block's start; each dimension of the buffer's shape against its extent:
// an unbound Var is bound to it, anything else must equal it (a binding error). Accesses then go
// to the source (offset_of); the buffer's data and an unbound elem_offset Var name the source's.
void FunctionLowering::match_buffer(const ir::MatchBufferRegion &mb) {
  const ir::Buffer &b = mb.buffer;
  const ir::BufferRegion &region = mb.source;
  if (!b->strides.empty())
    throw UnsupportedError("a match_buffer with strides", mb.loc);
  if (region.region.size() < b->shape.size())
    throw LoweringError("a match_buffer with more dimensions than its region");
  if (b->dtype != region.buffer->dtype)
    throw UnsupportedError("a match_buffer of another dtype than its source", mb.loc);
  Match match{region.buffer, {}};
  std::vector<std::string> extents;
  for (const auto &r : region.region) {
    match.mins.push_back(index64(r.min));
    extents.push_back(r.extent ? index64(r.extent) : "1ll");
  }
  const size_t lead = region.region.size() - b->shape.size();
  for (size_t j = 0; j < b->shape.size(); ++j) {
    const std::string &extent = extents[lead + j];
    auto *v = ir::as<ir::VarNode>(b->shape[j]);
    if (v && !vars_.count(v)) {
      const std::string t = c_type(v->dtype, mb.loc);
      line("const " + t + " " + bind(ir::cast<ir::VarNode>(b->shape[j])) + " = (" + t + ")" +
           extent + ";");
      continue;
    }
    const std::string want = index64(b->shape[j]);
    fail_if(want + " != " + extent,
            site(ErrorClass::Binding, "sem.stmt.block.match_buffer.shape", mb.loc,
                 "match_buffer " + b->name + ": shape[" + std::to_string(j) +
                     "] is {b} but the "
                     "region's extent is {a}"),
            extent, want);
  }
  if (b->data && !vars_.count(b->data.get()))
    vars_[b->data.get()] = var(region.buffer->data.get());
  if (auto *e = ir::as<ir::VarNode>(b->elem_offset); e && !vars_.count(e)) {
    const std::string t = c_type(e->dtype, mb.loc);
    const std::string start = offset_of(region.buffer, match.mins);
    line("const " + t + " " + bind(ir::cast<ir::VarNode>(b->elem_offset)) + " = (" + t + ")" +
         start + ";");
  }
  matches_[b.get()] = std::move(match);
}

} // namespace tirconf::backends::cuda
