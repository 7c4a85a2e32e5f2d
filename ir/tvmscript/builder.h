// Python syntax tree -> TIR, the way TVM's TVMScript parser and IRBuilder do it: statements are
// visited in order against a stack of open frames (function, block, loop, let, ...); each frame
// collects its body's statements and becomes one Stmt when it closes. A scope entered by a bare
// statement (`x: T.int32 = ...`, `T.attr(...)`, `A = T.allocate(...)`, `assert ...`) stays open
// until the enclosing body ends, which is TVM's "concise scoping".
//
// Split by job: builder.cc (module, functions, statements, frames), builder_expr.cc (names,
// operators, literals, subscripts), builder_calls*.cc (the T.* functions, a table of handlers
// grouped as TVM groups them; builder_calls.h lists the files).
#pragma once

#include <array>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ir/module.h"
#include "ir/tvmscript/py_ast.h"
#include "ir/tvmscript/value.h"

namespace tirconf::ir::script {

struct BuildResult {
  IRModule module;
  std::string docstring;
  SourceLoc docstring_loc;
};

// Throws ReaderError on the first error; `out` keeps what was read before it (the docstring).
void build_module(const PyModule &m, BuildResult &out);

// Names an assignment gives to what its right-hand side creates (`A = T.match_buffer(...)`
// names the buffer A, `vi, vj = T.axis.remap(...)` the two block vars).
using NameHints = std::vector<std::string_view>;

PrimExpr float_imm(DataType t, double v, SourceLoc loc);
// TVM's make_const(t, v) for a Python number: IntImm/FloatImm of t's element type, broadcast
// for vector types.
PrimExpr make_const(DataType t, const Value &v, SourceLoc loc);
// A Call of the builtin `op` ("tir.sqrt"); its dtype follows builtin_result_dtype.
PrimExpr builtin_call(std::string_view op, std::vector<PrimExpr> args, SourceLoc loc);

// One bound parameter of a T.* call: the argument's Value, or null when it was not given.
struct Arg {
  const Value *v = nullptr;
  explicit operator bool() const { return v != nullptr; }
  const Value &operator*() const { return *v; }
  const Value *operator->() const { return v; }
};
// The bound parameters of one call, in the callee's parameter order (at most 12).
struct Params {
  std::array<Arg, 12> items{};
  size_t n = 0;
  explicit Params(size_t count) : n(count < 12 ? count : 12) {}
  Arg &operator[](size_t i) { return items[i]; }
  const Arg &operator[](size_t i) const { return items[i]; }
  size_t size() const { return n; }
};

struct CallArgs {
  std::vector<Value> args;
  std::vector<std::pair<std::string_view, Value>> kwargs;
  SourceLoc loc;
};

class Builder {
public:
  void build(const PyModule &m, BuildResult &out);

  // ---- builder_expr.cc
  Value eval(const PyExpr *e);
  Value eval_call(const PyExpr *e, const NameHints *names);
  // Calls a `lambda` with its parameters bound to args.
  Value call_lambda(const Value &lambda, const std::vector<Value> &args, SourceLoc loc);
  // A.vload(indices, dtype=None, predicate=None) / A.vstore(indices, value, predicate=None).
  Value call_buffer_method(const Value &method, CallArgs &args);
  Value eval_subscript(const PyExpr *e);
  Value binop(BinOpKind op, const Value &a, const Value &b, SourceLoc loc);
  Value compare(CmpOpKind op, const Value &a, const Value &b, SourceLoc loc);
  Value boolop(BoolOpKind op, const Value &a, const Value &b, SourceLoc loc);
  Value unaryop(UnaryOpKind op, const Value &v, SourceLoc loc);
  PrimExpr negate(const PrimExpr &x, SourceLoc loc);
  PrimExpr to_prim(const Value &v, SourceLoc loc, const char *what = "an expression");
  PrimExpr adapt_literal(const Value &literal, DataType target, SourceLoc loc);
  // Converts each of two operands, giving a Python literal the other operand's dtype.
  std::pair<PrimExpr, PrimExpr> match_operands(const Value &a, const Value &b, SourceLoc loc);
  PrimExpr int_imm(__int128 v, SourceLoc loc);
  BufferRegion to_region(const Value &v, SourceLoc loc);
  PrimExpr difference(const Value &stop, const Value &start, SourceLoc loc); // stop - start, folded
  std::vector<PrimExpr> store_indices(const Buffer &b, const std::vector<Value> &idx,
                                      SourceLoc loc);

  // ---- builder_calls*.cc
  Value call_tir(const std::string &fn, CallArgs &args, const NameHints *names);
  Value call_global(const Value &callee, CallArgs &args);
  Buffer make_buffer(std::string name, const BufferArgs &a);
  BufferArgs buffer_args(const Params &p, size_t first, const char *fn,
                         bool strides_use_shape_dtype, SourceLoc loc);
  std::optional<Type> annotation_type(const Value &v, SourceLoc loc);

  // ---- builder.cc: frames
  enum class FrameKind : uint8_t {
    PrimFunc,
    Body,
    Block,
    Init,
    For,
    While,
    Let,
    Assert,
    Attr,
    LaunchThread,
    Allocate,
    DeclBuffer,
    Realize,
  };
  struct BlockState {
    std::string name;
    bool no_realize = false;
    std::vector<IterVar> iter_vars;
    std::vector<PrimExpr> iter_values;
    std::optional<std::vector<BufferRegion>> reads, writes;
    Stmt init;
    bool has_init = false;
    std::vector<Buffer> alloc_buffers;
    std::vector<MatchBufferRegion> match_buffers;
    std::optional<Annotations> annotations;
    PrimExpr predicate;
  };
  struct Frame {
    FrameKind kind;
    SourceLoc loc;
    std::vector<Stmt> stmts;
    std::shared_ptr<FrameSpec> spec;
    Var var;                    // Let, Allocate, LaunchThread
    IterVar iter_var;           // LaunchThread
    Buffer buffer;              // DeclBuffer
    std::vector<Var> loop_vars; // For
    PrimExpr cond;              // While
    std::unique_ptr<BlockState> block;
  };
  struct FuncState {
    std::string name;
    SourceLoc loc;
    bool is_private = false;
    std::vector<Var> params;
    std::vector<std::pair<Var, Buffer>> buffer_map;
    Annotations attrs;
    std::optional<Type> ret_type;
    std::vector<Buffer> root_alloc_buffers;
    std::vector<std::pair<Var, std::string>> env_threads;        // T.env_thread vars and their tags
    std::vector<std::pair<std::string_view, Var>> implicit_vars; // undefined shape names in params
    bool has_block_realize = false;
    // Blocks without T.reads/T.writes outside any other block: fine as the root block, an error
    // once an implicit root block makes them nested.
    std::vector<std::pair<std::string, SourceLoc>> undetected_blocks;
  };

  Frame &top();
  Frame &push_frame(FrameKind k, SourceLoc loc);
  void close_frame();
  void add_stmt(Stmt s);
  BlockState &enclosing_block(const char *fn, SourceLoc loc);
  BlockState *last_frame_block();                // the innermost frame if it is a block, else null
  const LoopSpec *open_loop(const Var &v) const; // the open loop whose variable is v, or null
  bool top_is_function() const;
  FuncState &func(SourceLoc loc);
  Value enter_frame(const std::shared_ptr<FrameSpec> &spec, std::string_view name, SourceLoc loc);
  bool in_function() const { return func_ != nullptr; }
  bool lenient_shape_names =
      false; // undefined names in a T.Buffer/T.match_buffer shape -> new Vars
  bool in_param_annotation = false; // evaluating a parameter's annotation

  // ---- builder.cc: names
  void push_scope();
  void pop_scope();
  void bind(std::string_view name, const Value &v);
  const Value *lookup(std::string_view name) const;
  bool var_is_bound(const Var &v) const;
  // Whether `name` was bound earlier in this function but its scope has ended: null if not,
  // else whether it named a Buffer.
  const bool *name_expired(std::string_view name) const;
  Value global_function(std::string_view name, SourceLoc loc) const;
  std::string_view intern(std::string s);
  Var implicit_shape_var(std::string_view name, SourceLoc loc);

private:
  void visit_class(const PyStmt *s);
  PrimFunc visit_function(const PyStmt *s);
  void check_prim_func_decorator(const PyStmt *s, bool &is_private);
  void visit_body(const PyBody &body, bool close_scopes = true);
  void visit_stmt(const PyStmt *s);
  void visit_for(const PyStmt *s);
  void visit_while(const PyStmt *s);
  void visit_if(const PyStmt *s);
  void visit_with(const PyStmt *s);
  void visit_assign(const PyStmt *s);
  void visit_ann_assign(const PyStmt *s);
  void visit_expr_stmt(const PyStmt *s);
  void visit_assert(const PyStmt *s);
  void visit_return(const PyStmt *s);
  void bind_assign(const PyExpr *target, const Value &v, SourceLoc loc);
  void bind_assign_value(std::string_view name, const Value &v, SourceLoc loc, bool add_name);
  Stmt close_block(Frame &f);

  std::unordered_map<std::string_view, std::vector<Value>> table_;
  std::vector<std::vector<std::string_view>> scopes_; // [0, depth_) are open
  size_t depth_ = 0;
  std::unordered_map<const VarNode *, int> bound_vars_;
  std::unordered_map<std::string_view, bool> expired_; // names whose scope ended -> was a Buffer
  std::deque<std::string> interned_;
  std::vector<std::unique_ptr<Frame>> frames_;
  std::unique_ptr<FuncState> func_;
  IRModule module_;
  size_t function_scope_ = 0;
  // @I.ir_module functions: name -> (GlobalVar, return dtype or unset for void)
  std::unordered_map<std::string, std::pair<GlobalVar, std::optional<DataType>>> globals_;
};

} // namespace tirconf::ir::script
