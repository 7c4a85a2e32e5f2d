// The TVMScript printer's internals, shared by its files. The structure follows TVM v0.20's
// printer so that the same IR gives the same text; each file names the TVM file it follows:
//   printer_doc.cc        docs and their Python rendering (doc_printer/python_doc_printer.cc)
//   printer_docsifier.cc  frames, names and where a Var or Buffer is declared (ir_docsifier.cc)
//   printer_utils.cc      small IR helpers (tir/utils.h)
//   printer_arith.cc      TVM's constant folding, for the ends of ranges and slices
//   printer_function.cc   a PrimFunc (tir/function.cc)
//   printer_buffer.cc     buffer declarations, indices and regions (tir/buffer.cc)
//   printer_expr.cc       expressions (tir/expr.cc, tir/ir.cc)
//   printer_stmt.cc       statements (tir/stmt.cc)
//   printer_for_loop.cc   loops (tir/for_loop.cc)
//   printer_block.cc      blocks (tir/block.cc)
//   printer_module.cc     the module, the file header and the public entry points (ir/ir.cc)
// Where TVM's text would not read back to the same IR, a comment starting "Deviation" says what
// this printer does instead; none of them changes the text of tests/data/tvm-printed.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/functor.h"
#include "ir/module.h"
#include "ir/tvmscript/printer_doc.h"
#include "ir/visitor.h"

namespace tirconf::ir::printer {

// ---- small IR helpers (printer_utils.cc)

bool is_const_int(const PrimExpr &e, int64_t v);
bool is_zero(const PrimExpr &e);
bool is_one(const PrimExpr &e);
std::string dtype_str(DataType t);     // float32; a bool vector is uint1x4, as TVM spells it
std::string dtype_literal(DataType t); // "float32"
// Whether TVM's T namespace has a constructor `T.<dtype_str(t)>` (T.int32, T.float16x4; not
// T.float32x2, T.bfloat16x4 or T.uint1x4).
bool has_tvm_dtype_constructor(DataType t);
// ExprDeepEqual: the same tree, with Vars and Buffers compared by identity (unlike
// structural_equal, which allows a consistent renaming).
bool deep_equal(const PrimExpr &a, const PrimExpr &b);
bool has_vars(const PrimExpr &e);
bool is_global_scope(const std::string &s);

// Whether `e` mentions any Var for which `pred` holds (tir::UsesVar).
template <class Pred> bool uses_var(const PrimExpr &e, Pred pred) {
  struct Finder : IRVisitor {
    Pred &pred;
    bool found = false;
    explicit Finder(Pred &p) : pred(p) {}
    void VisitExpr_(const VarNode *op) override { found = found || pred(op); }
  } f(pred);
  if (e)
    f.VisitExpr(e);
  return f.found;
}

// ---- TVM's constant folding, for ranges and slices (printer_arith.cc)

// tvm::add and tvm::mul: operands matched, constants folded, `x + 0` and `x * 1` simplified.
PrimExpr tvm_add(PrimExpr a, PrimExpr b);
PrimExpr tvm_mul(PrimExpr a, PrimExpr b);
// The end of a range [min, min + extent), as the printer shows it (`range(a, b)`, `A[a:b]`).
PrimExpr range_end(const PrimExpr &min, const PrimExpr &extent);
// Whether a range from zero may print as its extent alone (`range(n)`, `T.grid(n)`).
bool zero_min_implied(const PrimExpr &min, const PrimExpr &extent);

// ---- where each Var and Buffer is used (printer_docsifier.cc)

// The statements enclosing a use, outermost first (the function itself at the front).
using Path = std::vector<const void *>;
// For each Var and Buffer of f, the statements that enclose all its uses (SetCommonPrefix).
std::unordered_map<const void *, Path> common_use_prefixes(const PrimFuncNode &f);

// ---- the printer of one PrimFunc (and of expressions, for print_expr)

struct ModuleContext {
  std::string name;                          // class name; empty: not printing an ir_module
  std::unordered_set<std::string> functions; // GlobalVar names defined by the module
};

enum class VarDef { None, DataPointer, MatchBuffer }; // BufferVarDefinition in utils.h

class Printer : public ExprFunctor<ExprDoc(const PrimExpr &)>,
                public StmtFunctor<StmtDocs(const Stmt &)> {
public:
  // standalone: Vars and Buffers print as their names and nothing is declared (print_expr).
  Printer(const ModuleContext *mod, bool standalone);

  using ExprFunctor::VisitExpr;
  using StmtFunctor::VisitStmt;

  std::string print_function(const PrimFunc &f, std::string_view name); // printer_function.cc

private:
  // --- Frames and names (printer_docsifier.cc) ---
  struct Frame {
    const void *tir = nullptr;     // the node the frame prints; var declarations go here
    const ForNode *loop = nullptr; // set for a For frame
    StmtDocs stmts;
    bool allow_concise = false; // the statement being printed is the last of its body
    // A For's frame while its `for` line is printed: that line is outside the loop body, so
    // nothing it uses may be declared in this frame (lowest_def_frame skips it).
    bool header = false;
    std::vector<const void *> owned; // names to free when the frame ends
  };
  class FrameScope {
  public:
    FrameScope(Printer *p, const void *tir, const ForNode *loop = nullptr) : p_(p) {
      f_.tir = tir;
      f_.loop = loop;
      p_->frames_.push_back(&f_);
    }
    ~FrameScope() { p_->exit_frame(f_); }
    FrameScope(const FrameScope &) = delete;
    FrameScope &operator=(const FrameScope &) = delete;
    Frame &operator*() { return f_; }
    Frame *operator->() { return &f_; }

  private:
    Printer *p_;
    Frame f_;
  };

  struct Info {
    std::string name; // set for a named definition
    Buffer base;      // inline definitions print as <doc of base><suffix>
    std::string suffix;
  };

  void exit_frame(Frame &f);
  bool defined(const void *obj) const { return info_.count(obj) != 0; }
  std::string doc_of(const void *obj);
  std::string unique_name(std::string hint) const;
  std::string define(const void *obj, Frame &f, const std::string &hint);
  void define_inline(const void *obj, Frame &f, Buffer base, std::string suffix);
  std::string define_var(const VarNode *v, Frame &f);
  std::string define_buffer(const BufferNode *b, Frame &f);
  Frame &cur() { return *frames_.back(); }
  bool concise() const { return frames_.back()->allow_concise; }
  // Which of two open frames printing the same statement a declaration goes in.
  enum class SameStmt { Outer, Inner };
  Frame &lowest_def_frame(const void *obj, SameStmt same);
  bool encloses_all_uses(const void *stmt, const void *obj) const;
  Frame &outer(Frame &a, Frame &b);

  // --- Types and variable creation (printer_docsifier.cc) ---
  std::string type_doc(const Type &t);
  // The right-hand side that declares `v` under `name`.
  std::string var_creation(const VarNode *v, const std::string &name);

  // --- Keyword arguments ---
  // TVM's parser evaluates a keyword argument's value (`where={...}`, `elem_offset=...`) with
  // Python's own eval, not with its operator dispatch: `a and b` calls bool() on a PrimExpr,
  // `1 < x` becomes `x > 1`, and `A[0:4]` is a BufferRegion. Expressions printed while
  // kwarg_depth_ > 0 avoid those spellings.
  struct KwargScope {
    explicit KwargScope(Printer *p) : p_(p) { ++p_->kwarg_depth_; }
    ~KwargScope() { --p_->kwarg_depth_; }
    KwargScope(const KwargScope &) = delete;
    KwargScope &operator=(const KwargScope &) = delete;
    Printer *p_;
  };
  bool in_kwarg() const { return kwarg_depth_ > 0; }
  std::string kwarg_expr(const PrimExpr &e) {
    KwargScope k(this);
    return expr(e);
  }

  // --- Buffers (printer_buffer.cc) ---
  struct BufferAttrs {
    std::string shape;
    std::optional<std::string> dtype;
    Kwargs kwargs; // in BufferCall's order
  };
  BufferAttrs buffer_attrs(const Buffer &b, Frame &frame, VarDef mode);
  std::string buffer_decl(const Buffer &b, std::string_view method, std::vector<std::string> args,
                          Frame &frame, VarDef mode);
  std::string buffer_doc(const Buffer &b);
  std::vector<std::string> buffer_indices(const std::vector<PrimExpr> &indices);
  std::string index_text(const std::string &buf, const std::vector<std::string> &idx);
  std::string region_doc(const BufferRegion &r);

  // --- Expressions (printer_expr.cc) ---
  std::string expr(const PrimExpr &e) { return e ? VisitExpr(e).text : "None"; }
  ExprDoc call(std::string_view callee, const std::vector<PrimExpr> &args);
  std::string attr_value(const AttrValue &v);
  std::string lambda_text(const AttrValue &v);
  std::vector<std::string> allocate_const_args(const AllocateNode *op);
  std::string dict_doc(const Annotations &a);
  ExprDoc print_binary(ExprKind k, const BinaryNode *op);

#define TIR_EXPR_KIND(Name) ExprDoc VisitExpr_(const Name##Node *op) override;
#define TIR_STMT_KIND(Name) StmtDocs VisitStmt_(const Name##Node *op) override;
#include "ir/node_kinds.def"

  // --- Statements (printer_stmt.cc; For in printer_for_loop.cc, blocks in printer_block.cc) ---
  void as_doc_body(const Stmt &s, Frame &f);
  void flatten(const Stmt &s, std::vector<Stmt> &out);
  StmtDocs concise_or_scope(const std::optional<std::string> &lhs, const std::string &rhs,
                            StmtDocs body, bool concise);
  StmtDocs decl_buffer_doc(const DeclBufferNode *op, VarDef mode);
  std::string realize_doc(const BufferRealizeNode *op, const std::optional<std::string> &value);
  StmtDocs print_block(const BlockNode *block, const BlockRealizeNode *realize);

  const ModuleContext *mod_;
  bool standalone_;
  int kwarg_depth_ = 0;
  std::unordered_set<std::string> reserved_;
  std::unordered_set<std::string> used_;
  std::unordered_map<const void *, Info> info_;
  std::vector<Frame *> frames_;
  std::unordered_map<const void *, Path> prefix_;
};

} // namespace tirconf::ir::printer
