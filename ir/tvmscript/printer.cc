// TVMScript printer. The structure follows TVM v0.20's printer so that the same IR gives the
// same text:
//   - src/script/printer/tir/{function,buffer,expr,ir,stmt,for_loop,block}.cc decide what each
//     node prints as; each section below names the file it follows;
//   - src/script/printer/ir_docsifier.cc: names are defined in "frames" (one per scope) and
//     freed when the frame ends; a Var or Buffer used without a definition is declared
//     (`v = T.int32()`, `X = T.Buffer(...)`) in the innermost open frame whose statement
//     encloses all of its uses (the "common prefix" of its uses);
//   - src/script/printer/doc_printer/python_doc_printer.cc: precedence and parentheses.
// Where TVM's text would not read back to the same IR, a comment starting "Deviation" says what
// this printer does instead; none of them changes the text of shared/tvmscript.
#include "ir/tvmscript/printer.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <limits>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "ir/builtins.h"
#include "ir/functor.h"
#include "ir/tvmscript/linear.h"
#include "ir/tvmscript/printer_literals.h"
#include "ir/visitor.h"

namespace tirconf::ir {
namespace {

// ---------------------------------------------------------------------------------------------
// Docs: expressions are text plus Python precedence; statements are a small tree.

// Python operator precedence, as python_doc_printer.cc numbers it.
enum Prec : int {
  kPrecOr = 3,
  kPrecAnd = 4,
  kPrecNot = 5,
  kPrecCmp = 6,
  kPrecAdd = 11,
  kPrecMult = 12,
  kPrecAtom = 15, // literals, names, calls, indexing, attribute access, tuples, lists, dicts
};

struct ExprDoc {
  std::string text;
  int prec = kPrecAtom;
};

ExprDoc atom(std::string s) {
  return {std::move(s), kPrecAtom};
}

std::string parens_if(const ExprDoc &d, bool p) {
  return p ? "(" + d.text + ")" : d.text;
}

// Left operand in parentheses when it binds less tightly, right operand also when it binds
// equally (a - (b - c)). Deviation: TVM leaves `(a < b) == c` unparenthesized, which Python reads
// as the chain `a < b and b == c`; comparisons inside comparisons get parentheses here.
ExprDoc binary(const ExprDoc &a, std::string_view op, const ExprDoc &b, int prec) {
  bool chain = prec == kPrecCmp && a.prec == kPrecCmp;
  return {parens_if(a, a.prec < prec || chain) + " " + std::string(op) + " " +
              parens_if(b, b.prec <= prec),
          prec};
}

std::string join(const std::vector<std::string> &v, std::string_view sep = ", ") {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i)
      out += sep;
    out += v[i];
  }
  return out;
}

using Kwargs = std::vector<std::pair<std::string, std::string>>;

std::string call_text(std::string_view callee, const std::vector<std::string> &args,
                      const Kwargs &kwargs = {}) {
  std::vector<std::string> all = args;
  for (const auto &[k, v] : kwargs)
    all.push_back(k + "=" + v);
  return std::string(callee) + "(" + join(all) + ")";
}

std::string tuple_text(const std::vector<std::string> &e) {
  return e.size() == 1 ? "(" + e[0] + ",)" : "(" + join(e) + ")";
}
std::string list_text(const std::vector<std::string> &e) {
  return "[" + join(e) + "]";
}

struct StmtDoc {
  enum class Kind : uint8_t { Line, Scope, If, Comment };
  Kind kind = Kind::Line;
  std::string text;            // Line: the statement; Scope: header without ':'; If: condition
  std::vector<StmtDoc> body;   // Scope, If
  std::vector<StmtDoc> orelse; // If
};
using StmtDocs = std::vector<StmtDoc>;

StmtDoc line(std::string t) {
  return {StmtDoc::Kind::Line, std::move(t), {}, {}};
}
StmtDoc comment(std::string t) {
  return {StmtDoc::Kind::Comment, std::move(t), {}, {}};
}
StmtDoc scope(std::string head, StmtDocs body) {
  return {StmtDoc::Kind::Scope, std::move(head), std::move(body), {}};
}

void render(const StmtDocs &docs, int indent, std::string &out);

void render_block(const StmtDocs &body, int indent, std::string &out) {
  if (body.empty()) {
    out += std::string(indent, ' ') + "pass\n";
    return;
  }
  render(body, indent, out);
}

void render(const StmtDocs &docs, int indent, std::string &out) {
  std::string pad(indent, ' ');
  for (const StmtDoc &d : docs) {
    switch (d.kind) {
    case StmtDoc::Kind::Line:
      out += pad + d.text + "\n";
      break;
    case StmtDoc::Kind::Comment:
      out += pad + "# " + d.text + "\n";
      break;
    case StmtDoc::Kind::Scope:
      out += pad + d.text + ":\n";
      render_block(d.body, indent + 4, out);
      break;
    case StmtDoc::Kind::If:
      out += pad + "if " + d.text + ":\n";
      render_block(d.body, indent + 4, out);
      if (!d.orelse.empty()) {
        out += pad + "else:\n";
        render_block(d.orelse, indent + 4, out);
      }
      break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Small IR helpers.

bool is_const_int(const PrimExpr &e, int64_t v) {
  auto *i = as<IntImmNode>(e);
  return i && i->value == v;
}
bool is_zero(const PrimExpr &e) {
  return is_const_int(e, 0);
}
bool is_one(const PrimExpr &e) {
  return is_const_int(e, 1);
}

std::string dtype_str(DataType t) {
  return to_string(t);
}
std::string dtype_literal(DataType t) {
  return python_str_literal(to_string(t));
}

// ExprDeepEqual: the same tree, with Vars and Buffers compared by identity (unlike
// structural_equal, which allows a consistent renaming).
class DeepEqual : public ExprFunctor<bool(const PrimExpr &, const PrimExpr &)> {
public:
  bool operator()(const PrimExpr &a, const PrimExpr &b) {
    if (a == b)
      return true;
    if (!a || !b || a->kind != b->kind || a->dtype != b->dtype)
      return false;
    return VisitExpr(a, b);
  }

private:
  bool all(const std::vector<PrimExpr> &a, const std::vector<PrimExpr> &b) {
    if (a.size() != b.size())
      return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!(*this)(a[i], b[i]))
        return false;
    return true;
  }
  template <class T> static const T *other(const PrimExpr &b) {
    return static_cast<const T *>(b.get());
  }

protected:
  bool VisitExpr_(const VarNode *a, const PrimExpr &b) override { return a == b.get(); }
  bool VisitExpr_(const IntImmNode *a, const PrimExpr &b) override {
    return a->value == other<IntImmNode>(b)->value;
  }
  bool VisitExpr_(const FloatImmNode *a, const PrimExpr &b) override {
    double x = a->value, y = other<FloatImmNode>(b)->value;
    return x == y || (std::isnan(x) && std::isnan(y));
  }
  bool VisitExpr_(const StringImmNode *a, const PrimExpr &b) override {
    return a->value == other<StringImmNode>(b)->value;
  }
  bool VisitExpr_(const CastNode *a, const PrimExpr &b) override {
    return (*this)(a->value, other<CastNode>(b)->value);
  }
  bool VisitExpr_(const SelectNode *a, const PrimExpr &b) override {
    auto *y = other<SelectNode>(b);
    return (*this)(a->condition, y->condition) && (*this)(a->true_value, y->true_value) &&
           (*this)(a->false_value, y->false_value);
  }
  bool VisitExpr_(const BufferLoadNode *a, const PrimExpr &b) override {
    auto *y = other<BufferLoadNode>(b);
    return a->buffer == y->buffer && all(a->indices, y->indices);
  }
  bool VisitExpr_(const RampNode *a, const PrimExpr &b) override {
    auto *y = other<RampNode>(b);
    return a->lanes == y->lanes && (*this)(a->base, y->base) && (*this)(a->stride, y->stride);
  }
  bool VisitExpr_(const BroadcastNode *a, const PrimExpr &b) override {
    auto *y = other<BroadcastNode>(b);
    return a->lanes == y->lanes && (*this)(a->value, y->value);
  }
  bool VisitExpr_(const LetNode *a, const PrimExpr &b) override {
    auto *y = other<LetNode>(b);
    return a->var == y->var && (*this)(a->value, y->value) && (*this)(a->body, y->body);
  }
  bool VisitExpr_(const CallNode *a, const PrimExpr &b) override {
    auto *y = other<CallNode>(b);
    return a->op == y->op && a->callee == y->callee && all(a->args, y->args);
  }
  bool VisitExpr_(const ShuffleNode *a, const PrimExpr &b) override {
    auto *y = other<ShuffleNode>(b);
    return all(a->vectors, y->vectors) && all(a->indices, y->indices);
  }
#define TIR_BINARY_KIND(Name, op)                                                                  \
  bool VisitExpr_(const Name##Node *a, const PrimExpr &b) override {                               \
    auto *y = other<Name##Node>(b);                                                                \
    return (*this)(a->a, y->a) && (*this)(a->b, y->b);                                             \
  }
#include "ir/node_kinds.def"
  bool VisitExpr_(const NotNode *a, const PrimExpr &b) override {
    return (*this)(a->a, other<NotNode>(b)->a);
  }
};

bool deep_equal(const PrimExpr &a, const PrimExpr &b) {
  return DeepEqual()(a, b);
}

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

bool has_vars(const PrimExpr &e) {
  return uses_var(e, [](const VarNode *) { return true; });
}

// --- TVM's arithmetic on constants (src/tir/op/op.cc, src/arith/const_fold.h) -----------------
// The printer prints `min + extent` for ranges and slices; TVM builds those with its folding
// `+`, and the parser builds `a + b` the same way, so `x + 0` and `2 + 3` never come back as Add.

int64_t wrap_to(DataType t, int64_t x) { // GetFoldResultInt64Repr
  if (t.bits < 64)
    x &= (int64_t(1) << t.bits) - 1;
  if (t.is_int()) {
    int64_t m = int64_t(1) << (t.bits - 1);
    x = (x ^ m) - m;
  }
  return x;
}

PrimExpr tvm_cast(DataType t, const PrimExpr &v) {
  if (v->dtype == t)
    return v;
  if (t.lanes == 1) {
    if (auto *i = as<IntImmNode>(v)) {
      if (t.is_floating())
        return std::make_shared<FloatImmNode>(t, double(i->value));
      return make_int(t, i->value);
    }
    if (auto *f = as<FloatImmNode>(v)) {
      if (t.is_floating())
        return std::make_shared<FloatImmNode>(t, f->value);
      return make_int(t, int64_t(f->value));
    }
  }
  return std::make_shared<CastNode>(t, v);
}

// BinaryOpMatchTypes for scalars of different types.
void match_types(PrimExpr &a, PrimExpr &b) {
  DataType ta = a->dtype, tb = b->dtype;
  if (ta == tb || ta.lanes != tb.lanes)
    return;
  if (ta.is_float() && tb.is_float()) {
    if (ta.bits < tb.bits)
      a = tvm_cast(tb, a);
    else
      b = tvm_cast(ta, b);
  } else if (!ta.is_float() && tb.is_float()) {
    a = tvm_cast(tb, a);
  } else if (ta.is_float() && !tb.is_float()) {
    b = tvm_cast(ta, b);
  } else if (!ta.is_bfloat() && tb.is_bfloat()) {
    a = tvm_cast(tb, a);
  } else if (ta.is_bfloat() && !tb.is_bfloat()) {
    b = tvm_cast(ta, b);
  } else if ((ta.is_int() && tb.is_int()) || (ta.is_uint() && tb.is_uint())) {
    if (ta.bits < tb.bits)
      a = tvm_cast(tb, a);
    else
      b = tvm_cast(ta, b);
  } else if (ta.bits < tb.bits) {
    a = tvm_cast(tb, a);
  } else if (ta.bits > tb.bits) {
    b = tvm_cast(ta, b);
  } else if (ta.is_uint()) {
    b = tvm_cast(ta, b);
  } else {
    a = tvm_cast(tb, a);
  }
}

PrimExpr tvm_add(PrimExpr a, PrimExpr b) {
  match_types(a, b);
  auto *pa = as<IntImmNode>(a), *pb = as<IntImmNode>(b);
  auto *fa = as<FloatImmNode>(a), *fb = as<FloatImmNode>(b);
  DataType t = a->dtype;
  if (pa && pb)
    return make_int(t, wrap_to(t, pa->value + pb->value));
  if (pa && pa->value == 0)
    return b;
  if (pb && pb->value == 0)
    return a;
  if (fa && fb && t.bits == 32)
    return std::make_shared<FloatImmNode>(t, double(float(fa->value) + float(fb->value)));
  if (fa && fb && t.bits == 64)
    return std::make_shared<FloatImmNode>(t, fa->value + fb->value);
  if (fa && fa->value == 0)
    return b;
  if (fb && fb->value == 0)
    return a;
  return make_binary(ExprKind::Add, a, b);
}

PrimExpr tvm_mul(PrimExpr a, PrimExpr b) {
  match_types(a, b);
  auto *pa = as<IntImmNode>(a), *pb = as<IntImmNode>(b);
  DataType t = a->dtype;
  if (pa && pb)
    return make_int(t, wrap_to(t, pa->value * pb->value));
  if (pa && (pa->value == 1 || pa->value == 0))
    return pa->value == 1 ? b : a;
  if (pb && (pb->value == 1 || pb->value == 0))
    return pb->value == 1 ? a : b;
  return make_binary(ExprKind::Mul, a, b);
}

// What the reader builds for `stop - start` in `range(start, stop)`, `A[start:stop]` and
// `T.axis.spatial((start, stop), v)` when stop and start print as these expressions
// (Builder::difference): two bare int literals subtract as Python ints; integer scalars of
// different widths meet at the wider one (a constant re-typed, anything else Cast), as TVM's
// `stop - start` does; a constant difference folds; `- 0` disappears.
PrimExpr reader_difference(PrimExpr stop, PrimExpr start) {
  auto literal = [](const PrimExpr &e) -> const IntImmNode * { // printed as a bare int
    auto *i = as<IntImmNode>(e);
    return i && e->dtype == DataType::Int(32) && i->value >= std::numeric_limits<int32_t>::min() &&
                   i->value <= std::numeric_limits<int32_t>::max()
               ? i
               : nullptr;
  };
  if (auto *a = literal(stop), *b = literal(start); a && b) {
    int64_t r = a->value - b->value; // both within int32
    bool fits =
        r >= std::numeric_limits<int32_t>::min() && r <= std::numeric_limits<int32_t>::max();
    return make_int(fits ? DataType::Int(32) : DataType::Int(64), r);
  }
  DataType ts = stop->dtype, tb = start->dtype;
  if (ts.is_integer() && tb.is_integer() && ts.is_scalar() && tb.is_scalar() &&
      ts.bits != tb.bits) {
    auto widen = [](PrimExpr &narrow, DataType wide) {
      if (auto *i = as<IntImmNode>(narrow))
        narrow = make_int(wide, i->value);
      else
        narrow = std::make_shared<CastNode>(wide, narrow);
    };
    if (ts.bits < tb.bits)
      widen(stop, tb);
    else
      widen(start, ts);
  }
  if (auto d = script::constant_difference(stop, start))
    return make_int(stop->dtype, *d);
  if (is_zero(start))
    return stop;
  return make_binary(ExprKind::Sub, stop, start);
}

// The end of a range [min, min + extent), as the printer shows it (`range(a, b)`, `A[a:b]`,
// `T.axis.spatial((a, b), v)`). TVM prints min + extent; the parser takes b - a back, which it
// simplifies and this project's reader only folds when constant. Deviation: an extent that is
// the reader's `b - min` prints as b (with TVM, the same Sub, or its simplification), where b
// may be the operand as written before the reader widened it (`range(m, n)` with an int32 m
// and an int64 n has the extent n - T.Cast("int64", m)). The end printed is one from which the
// reader rebuilds this very extent when there is one; TVM's min + extent otherwise.
PrimExpr range_end(const PrimExpr &min, const PrimExpr &extent) {
  if (!extent)
    return min;
  std::vector<PrimExpr> candidates;
  if (auto *sub = as<SubNode>(extent)) {
    if (auto *c = as<CastNode>(sub->a))
      candidates.push_back(c->value);
    candidates.push_back(sub->a);
  }
  PrimExpr sum = tvm_add(min, extent);
  candidates.push_back(sum);
  for (const PrimExpr &end : candidates)
    if (end && deep_equal(reader_difference(end, min), extent))
      return end;
  return sum;
}

// Whether a range from zero may print as its extent alone (`range(n)`, `T.grid(n)`,
// `T.axis.spatial(n, v)`): the reader then makes the start a zero of the extent's dtype.
// Deviation: TVM prints any zero start that way; an int32 zero below a uint32 extent (what
// `range(0, u)` builds) is written out here, `range(0, u)`, and ends a T.grid.
bool zero_min_implied(const PrimExpr &min, const PrimExpr &extent) {
  return is_zero(min) && extent && min->dtype == extent->dtype;
}

// Whether TVM's operator for `k` (tvm::add, tvm::floordiv, tvm::less, ...), which the parser
// applies to `a <op> b`, returns exactly Node(a, b): same dtypes (no casts inserted) and no
// constant folding. expr.cc prints the operator only then, else `T.Add(a, b)` and so on.
bool tvm_op_keeps(ExprKind k, const PrimExpr &a, const PrimExpr &b) {
  if (a->dtype != b->dtype)
    return false;
  auto *pa = as<IntImmNode>(a), *pb = as<IntImmNode>(b);
  auto *fa = as<FloatImmNode>(a), *fb = as<FloatImmNode>(b);
  DataType t = a->dtype;
  bool fold_ff = fa && fb && (t.bits == 32 || t.bits == 64);
  auto iv = [](const IntImmNode *p, int64_t v) { return p && p->value == v; };
  auto fv = [](const FloatImmNode *p, double v) { return p && p->value == v; };
  bool index_types = t.is_int() && t.lanes == 1 && (t.bits == 32 || t.bits == 64);
  switch (k) {
  case ExprKind::Add:
    return !((pa && pb) || iv(pa, 0) || iv(pb, 0) || fold_ff || fv(fa, 0) || fv(fb, 0));
  case ExprKind::Sub:
    return !((pa && pb) || iv(pb, 0) || fold_ff || fv(fb, 0));
  case ExprKind::Mul:
    return !((pa && pb) || iv(pa, 0) || iv(pa, 1) || iv(pb, 0) || iv(pb, 1) || fold_ff ||
             fv(fa, 0) || fv(fa, 1) || fv(fb, 0) || fv(fb, 1));
  case ExprKind::Div: // a zero divisor makes TVM's div fail; T.Div is the safe spelling then
    return !((pa && pb) || iv(pa, 0) || iv(pb, 1) || iv(pb, 0) || (fa && fb) || fv(fa, 0) ||
             fv(fb, 1) || fv(fb, 0));
  case ExprKind::FloorDiv:
    if (!t.is_integer())
      return false; // tvm::floordiv rejects floats
    return !((pa && pb) || iv(pa, 0) || iv(pb, 1) || iv(pb, 0));
  case ExprKind::FloorMod:
    if (!t.is_integer())
      return false;
    return !(index_types && ((pa && pb) || iv(pa, 0) || iv(pb, 1) || iv(pb, 0)));
  case ExprKind::EQ:
  case ExprKind::NE:
  case ExprKind::LT:
  case ExprKind::LE:
  case ExprKind::GE:
  case ExprKind::GT:
    return !((pa && pb) || (fa && fb));
  case ExprKind::And:
  case ExprKind::Or:
    // Deviation: the parser turns `and`/`or` of vectors into T.bitwise_and/or, which TVM's
    // printer does not account for; vectors keep T.And/T.Or.
    return t.is_bool() && t.lanes == 1 && !pa && !pb;
  default:
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Where each Var and Buffer is used: the statements enclosing all uses (SetCommonPrefix).

using Path = std::vector<const void *>;

class PrefixCollector : public IRVisitor {
public:
  std::unordered_map<const void *, Path> prefix;

  void run(const PrimFuncNode *f) {
    stack_.push_back(f);
    for (const Var &p : f->params)
      note(p.get());
    for (const auto &[v, b] : f->buffer_map) {
      note(v.get());
      buffer(b);
    }
    VisitAnnotations(f->attrs);
    if (f->body)
      VisitStmt(f->body);
  }

  using IRVisitor::VisitExpr;
  void VisitStmt(const Stmt &s) override {
    stack_.push_back(s.get());
    StmtFunctor::VisitStmt(s);
    stack_.pop_back();
  }

protected:
  void note(const void *obj) {
    auto [it, fresh] = prefix.try_emplace(obj, stack_);
    if (fresh)
      return;
    Path &p = it->second;
    size_t n = std::min(p.size(), stack_.size()), i = 0;
    while (i < n && p[i] == stack_[i])
      ++i;
    p.resize(i);
  }
  // Deviation: TVM visits a Buffer's fields only where it meets the Buffer first, so a Var of
  // its shape can be declared in a scope that does not cover the Buffer's later uses.
  void buffer(const Buffer &b) {
    if (!b)
      return;
    note(b.get());
    if (b->data)
      note(b->data.get());
    for (const auto &e : b->shape)
      VisitExpr(e);
    for (const auto &e : b->strides)
      VisitExpr(e);
    if (b->elem_offset)
      VisitExpr(b->elem_offset);
  }
  void iter_var(const IterVar &iv) {
    if (iv && iv->var)
      note(iv->var.get());
  }
  void VisitBufferDef(const Buffer &b) override { buffer(b); }
  void VisitBufferUse(const Buffer &b) override { buffer(b); }
  void VisitExpr_(const VarNode *op) override { note(op); }
  void VisitStmt_(const ForNode *op) override {
    note(op->loop_var.get());
    iter_var(op->thread_binding);
    IRVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const AllocateNode *op) override {
    note(op->buffer_var.get());
    IRVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const AttrStmtNode *op) override {
    if (auto *iv = std::get_if<IterVar>(&op->node))
      iter_var(*iv);
    IRVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const BlockNode *op) override {
    for (const auto &iv : op->iter_vars)
      iter_var(iv);
    IRVisitor::VisitStmt_(op);
  }

private:
  Path stack_;
};

// How often `v` occurs in the function (CountVarOccurrence in function.cc).
int count_var_occurrence(const PrimFuncNode &f, const VarNode *v) {
  struct Counter : IRVisitor {
    const VarNode *v;
    int count = 0;
    void visit_buffer(const Buffer &b) {
      if (!b)
        return;
      if (b->data)
        VisitExpr(b->data);
      for (const auto &e : b->shape)
        VisitExpr(e);
      for (const auto &e : b->strides)
        VisitExpr(e);
      if (b->elem_offset)
        VisitExpr(b->elem_offset);
    }
    void VisitExpr_(const VarNode *op) override { count += op == v; }
    void VisitExpr_(const BufferLoadNode *op) override {
      visit_buffer(op->buffer);
      IRVisitor::VisitExpr_(op);
    }
    void VisitStmt_(const BufferStoreNode *op) override {
      visit_buffer(op->buffer);
      IRVisitor::VisitStmt_(op);
    }
    void VisitStmt_(const DeclBufferNode *op) override {
      visit_buffer(op->buffer);
      IRVisitor::VisitStmt_(op);
    }
  } c;
  c.v = v;
  if (f.body)
    c.VisitStmt(f.body);
  for (const Var &p : f.params)
    c.VisitExpr(p);
  for (const auto &[p, b] : f.buffer_map) {
    c.VisitExpr(p);
    c.visit_buffer(b);
  }
  return c.count;
}

bool is_global_scope(const std::string &s) {
  return s.empty() || s == "global";
}

// IsSimpleBuffer (function.cc): a parameter buffer that `A: T.Buffer(shape, dtype)` describes.
bool is_simple_buffer(const BufferNode &b) {
  if (!b.strides.empty())
    return false;
  for (const auto &e : b.shape)
    if (has_vars(e))
      return false;
  if (b.elem_offset) {
    if (has_vars(b.elem_offset))
      return false;
    if (auto *i = as<IntImmNode>(b.elem_offset); i && i->value != 0)
      return false;
  }
  return is_global_scope(b.scope()) && b.data_alignment == 64 && b.offset_factor == 1 &&
         b.buffer_type == BufferType::Default && b.axis_separators.empty();
}

// Allocate directly followed by DeclBuffer of a buffer over the same storage, with the same
// dtype and shape: printed as one `T.decl_buffer` (IsAllocateDeclBufferPattern in stmt.cc).
const DeclBufferNode *allocate_decl_buffer(const AllocateNode *op) {
  auto *decl = as<DeclBufferNode>(op->body);
  if (!decl || !decl->buffer)
    return nullptr;
  const BufferNode &b = *decl->buffer;
  if (b.data != op->buffer_var || b.dtype != op->dtype || !is_one(op->condition) ||
      !op->annotations.empty() || op->extents.size() != b.shape.size())
    return nullptr;
  for (size_t i = 0; i < op->extents.size(); ++i)
    if (!deep_equal(op->extents[i], b.shape[i]))
      return nullptr;
  return decl;
}

const char *kPythonKeywords[] = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield",
};

// ---------------------------------------------------------------------------------------------
// The printer of one PrimFunc (and of expressions, for print_expr).

struct ModuleContext {
  std::string name;                          // class name; empty: not printing an ir_module
  std::unordered_set<std::string> functions; // GlobalVar names defined by the module
};

enum class VarDef { None, DataPointer, MatchBuffer }; // BufferVarDefinition in utils.h

class Printer : public ExprFunctor<ExprDoc(const PrimExpr &)>,
                public StmtFunctor<StmtDocs(const Stmt &)> {
public:
  Printer(const ModuleContext *mod, bool standalone) : mod_(mod), standalone_(standalone) {
    for (const char *k : {"I", "T", "R", "cls"})
      reserved_.insert(k);
    for (const char *k : kPythonKeywords)
      reserved_.insert(k);
    if (mod_ && !mod_->name.empty())
      reserved_.insert(mod_->name);
  }

  using ExprFunctor::VisitExpr;
  using StmtFunctor::VisitStmt;

  std::string print_function(const PrimFunc &f, std::string_view name);

private:
  // --- Frames and names (ir_docsifier.cc) ---
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

  void exit_frame(Frame &f) {
    for (const void *obj : f.owned) {
      auto it = info_.find(obj);
      if (it == info_.end())
        continue;
      if (!it->second.name.empty())
        used_.erase(it->second.name);
      info_.erase(it);
    }
    assert(!frames_.empty() && frames_.back() == &f);
    frames_.pop_back();
  }

  bool defined(const void *obj) const { return info_.count(obj) != 0; }

  // A Var defined inline by a Buffer that is out of scope by now brings the Buffer back with a
  // T.Buffer declaration, as TVM's doc factory does.
  std::string doc_of(const void *obj) {
    const Info &i = info_.at(obj);
    if (!i.base)
      return i.name;
    Buffer base = i.base;
    std::string suffix = i.suffix;
    return buffer_doc(base) + suffix;
  }

  // GenerateUniqueName: non-identifier characters become '_', clashes get _1, _2, ...
  // Deviation: TVM leaves a leading digit and Python keywords as they are, which do not parse;
  // here a leading digit gets a '_' in front and keywords are treated as taken names.
  std::string unique_name(std::string hint) const {
    for (char &c : hint) {
      unsigned char u = static_cast<unsigned char>(c);
      if (c != '_' && !(u < 128 && std::isalnum(u)))
        c = '_';
    }
    if (hint.empty())
      hint = "v";
    if (std::isdigit(static_cast<unsigned char>(hint[0])))
      hint = "_" + hint;
    std::string name = hint;
    for (int i = 1; used_.count(name) || reserved_.count(name); ++i)
      name = hint + "_" + std::to_string(i);
    return name;
  }

  std::string define(const void *obj, Frame &f, const std::string &hint) {
    if (defined(obj))
      return doc_of(obj);
    std::string name = unique_name(hint);
    used_.insert(name);
    info_[obj] = Info{name, nullptr, ""};
    f.owned.push_back(obj);
    return name;
  }
  void define_inline(const void *obj, Frame &f, Buffer base, std::string suffix) {
    info_[obj] = Info{"", std::move(base), std::move(suffix)};
    f.owned.push_back(obj);
  }
  std::string define_var(const VarNode *v, Frame &f) {
    return define(v, f, v->name_hint.empty() ? "v" : v->name_hint);
  }
  std::string define_buffer(const BufferNode *b, Frame &f) {
    return define(b, f, b->name.empty() ? "buffer" : b->name);
  }

  Frame &cur() { return *frames_.back(); }
  bool concise() const { return frames_.back()->allow_concise; }

  // FindLowestVarDef: the open frame of the innermost statement enclosing all uses of obj; the
  // function's frame if none.
  // Deviations, both about declarations TVM prints where they do not read back:
  // - Two open frames print the same statement when it is the whole branch of an IfThenElse
  //   (the branch's frame and the statement's own, e.g. a T.allocate's body). TVM takes the
  //   outer one, so a T.Buffer over the allocation lands in the branch before
  //   `p = T.allocate(...)`; the inner one is taken here, as for a statement in a sequence.
  // - TVM opens a For's frame before printing its bounds, so a Var first met in `range(n)`
  //   is declared inside the loop; a For's frame is skipped until its body starts.
  Frame &lowest_def_frame(const void *obj) {
    auto it = prefix_.find(obj);
    if (it != prefix_.end()) {
      std::unordered_map<const void *, Frame *> by_tir;
      for (Frame *f : frames_)
        if (!f->header)
          by_tir[f->tir] = f;
      for (auto p = it->second.rbegin(); p != it->second.rend(); ++p)
        if (auto f = by_tir.find(*p); f != by_tir.end())
          return *f->second;
    }
    return *frames_.front();
  }

  // IsAncestorOfAllVarUse: every occurrence of obj is inside stmt.
  bool encloses_all_uses(const void *stmt, const void *obj) const {
    auto p = prefix_.find(obj);
    return p != prefix_.end() &&
           std::find(p->second.begin(), p->second.end(), stmt) != p->second.end();
  }
  // Of two open frames, the one further out.
  Frame &outer(Frame &a, Frame &b) {
    for (Frame *f : frames_) {
      if (f == &a)
        return a;
      if (f == &b)
        return b;
    }
    return a;
  }

  // --- Types and variable creation ---
  std::string type_doc(const Type &t) {
    switch (t.kind) {
    case Type::Kind::Prim:
      return "T." + dtype_str(t.dtype);
    case Type::Kind::Pointer: {
      std::string elem = t.element && t.element->is_prim() ? dtype_literal(t.element->dtype)
                                                           : type_doc(*t.element);
      if (t.storage_scope.empty())
        return call_text("T.handle", {elem});
      return call_text("T.handle", {elem, python_str_literal(t.storage_scope)});
    }
    case Type::Kind::Tuple: {
      if (t.fields.empty())
        return "None";
      std::vector<std::string> f;
      for (const Type &x : t.fields)
        f.push_back(type_doc(x));
      return call_text("T.Tuple", f);
    }
    }
    return "None";
  }
  // PrintVarCreation: `T.int32()`, `T.handle("float32", "global")`.
  std::string var_creation(const VarNode *v) {
    if (v->type_annotation.is_pointer())
      return type_doc(v->type_annotation);
    return "T." + dtype_str(v->dtype) + "()";
  }

  // --- Buffers (buffer.cc) ---
  struct BufferAttrs {
    std::string shape;
    std::optional<std::string> dtype;
    Kwargs kwargs; // in BufferCall's order
  };
  BufferAttrs buffer_attrs(const Buffer &b, Frame &frame, VarDef mode);
  std::string buffer_decl(const Buffer &b, std::string_view method, std::vector<std::string> args,
                          Frame &frame, VarDef mode) {
    BufferAttrs a = buffer_attrs(b, frame, mode);
    args.push_back(a.shape);
    if (a.dtype)
      args.push_back(*a.dtype);
    return call_text("T." + std::string(method), args, a.kwargs);
  }
  std::string buffer_doc(const Buffer &b);
  std::vector<std::string> buffer_indices(const std::vector<PrimExpr> &indices);
  std::string index_text(const std::string &buf, const std::vector<std::string> &idx) {
    return buf + (idx.empty() ? "[()]" : "[" + join(idx) + "]");
  }
  std::string region_doc(const BufferRegion &r);

  // --- Expressions ---
  std::string expr(const PrimExpr &e) { return e ? VisitExpr(e).text : "None"; }
  ExprDoc call(std::string_view callee, const std::vector<PrimExpr> &args) {
    std::vector<std::string> a;
    for (const auto &x : args)
      a.push_back(expr(x));
    return atom(call_text(callee, a));
  }
  std::string attr_value(const AttrValue &v) {
    if (!v.is_list)
      return expr(v.expr);
    std::vector<std::string> e;
    for (const auto &x : v.list)
      e.push_back(attr_value(x));
    return list_text(e);
  }
  std::string dict_doc(const Annotations &a) {
    std::vector<std::string> items;
    for (const auto &[k, v] : a)
      items.push_back(python_str_literal(k) + ": " + attr_value(v));
    return "{" + join(items) + "}";
  }
  ExprDoc print_binary(ExprKind k, const BinaryNode *op);

#define TIR_EXPR_KIND(Name) ExprDoc VisitExpr_(const Name##Node *op) override;
#define TIR_STMT_KIND(Name) StmtDocs VisitStmt_(const Name##Node *op) override;
#include "ir/node_kinds.def"

  // --- Statements ---
  void as_doc_body(const Stmt &s, Frame &f);
  void flatten(const Stmt &s, std::vector<Stmt> &out) {
    if (auto *seq = as<SeqStmtNode>(s)) {
      for (const auto &x : seq->seq)
        flatten(x, out);
    } else if (s) {
      out.push_back(s);
    }
  }
  // DoConciseScoping: the last statement of a body opens its scope without `with`.
  StmtDocs concise_or_scope(const std::optional<std::string> &lhs, const std::string &rhs,
                            StmtDocs body, bool concise) {
    if (concise) {
      body.insert(body.begin(), line(lhs ? *lhs + " = " + rhs : rhs));
      return body;
    }
    return {scope("with " + rhs + (lhs ? " as " + *lhs : ""), std::move(body))};
  }
  StmtDocs decl_buffer_doc(const DeclBufferNode *op, VarDef mode);
  std::string realize_doc(const BufferRealizeNode *op, const std::optional<std::string> &value);
  StmtDocs print_block(const BlockNode *block, const BlockRealizeNode *realize);

  const ModuleContext *mod_;
  bool standalone_;
  std::unordered_set<std::string> reserved_;
  std::unordered_set<std::string> used_;
  std::unordered_map<const void *, Info> info_;
  std::vector<Frame *> frames_;
  std::unordered_map<const void *, Path> prefix_;
};

// ---------------------------------------------------------------------------------------------
// function.cc

std::string Printer::print_function(const PrimFunc &func, std::string_view name) {
  const PrimFuncNode &f = *func;
  PrefixCollector pc;
  pc.run(&f);
  prefix_ = std::move(pc.prefix);

  FrameScope ff(this, &f);
  std::unordered_map<const VarNode *, int> data_count;
  for (const auto &[p, b] : f.buffer_map)
    if (b)
      ++data_count[b->data.get()];

  // Step 1: parameters; a buffer parameter that only its buffer uses prints as T.Buffer.
  std::vector<std::string> args, arg_names;
  std::unordered_set<const BufferNode *> inlined;
  for (const Var &p : f.params) {
    Buffer b = f.buffer_for(p);
    // Deviation: TVM does not look at the parameter's type; only a handle reads back this way.
    if (b && p->type_annotation == Type::Prim(DataType::Handle()) &&
        count_var_occurrence(f, p.get()) == 2 && is_simple_buffer(*b) &&
        data_count[b->data.get()] == 1) {
      std::string lhs = define_buffer(b.get(), *ff);
      BufferAttrs a = buffer_attrs(b, *ff, VarDef::DataPointer);
      args.push_back(lhs + ": " +
                     call_text("T.Buffer", {a.shape, a.dtype.value_or(dtype_literal(b->dtype))}));
      arg_names.push_back(lhs);
      inlined.insert(b.get());
      continue;
    }
    std::string ann = type_doc(p->type_annotation);
    std::string lhs = define_var(p.get(), *ff);
    args.push_back(lhs + ": " + ann);
    arg_names.push_back(lhs);
  }
  // Step 2: attributes; TVM hides a global_symbol equal to the function's name. Deviation:
  // only when it is the last attribute, where the parser puts it back.
  {
    Annotations shown = f.attrs;
    if (!shown.empty() && shown.back().first == "global_symbol" && !shown.back().second.is_list)
      if (auto *s = as<StringImmNode>(shown.back().second.expr); s && s->value == name)
        shown.pop_back();
    if (!shown.empty())
      ff->stmts.push_back(line(call_text("T.func_attr", {dict_doc(shown)})));
  }
  // Step 3: the other buffer parameters, as T.match_buffer.
  for (size_t i = 0; i < f.params.size(); ++i) {
    Buffer b = f.buffer_for(f.params[i]);
    if (!b || inlined.count(b.get()))
      continue;
    std::string lhs = define_buffer(b.get(), *ff);
    std::string rhs = buffer_decl(b, "match_buffer", {arg_names[i]}, *ff, VarDef::MatchBuffer);
    ff->stmts.push_back(line(lhs + " = " + rhs));
  }
  // Deviation: TVM prints only the buffer_map entries of parameters. An entry keyed by another
  // Var (invalid, type.other.primfunc.buffer_map_keys) prints the same way on that Var, which is
  // declared first (`x = T.handle()`), so that the reader rebuilds the entry.
  for (const auto &[v, b] : f.buffer_map) {
    if (!v || !b || defined(b.get()) ||
        std::find(f.params.begin(), f.params.end(), v) != f.params.end())
      continue;
    std::string key = expr(v);
    std::string lhs = define_buffer(b.get(), *ff);
    std::string rhs = buffer_decl(b, "match_buffer", {key}, *ff, VarDef::MatchBuffer);
    ff->stmts.push_back(line(lhs + " = " + rhs));
  }
  // Step 4: the body. A root block with nothing but allocations prints as a comment, its
  // allocations at the top. Deviation: TVM does not look at the block's name; the parser
  // always names the block it adds "root", so another name is printed explicitly.
  const BlockNode *root = nullptr;
  if (auto *br = as<BlockRealizeNode>(f.body);
      br && br->iter_values.empty() && is_one(br->predicate) && br->block) {
    const BlockNode *blk = br->block.get();
    if (blk->name_hint == "root" && blk->iter_vars.empty() && blk->annotations.empty() &&
        blk->match_buffers.empty() && blk->reads.empty() && blk->writes.empty() && !blk->init) {
      struct HasBlock : IRVisitor {
        bool found = false;
        void VisitStmt_(const BlockRealizeNode *) override { found = true; }
      } hb;
      auto *inner = as<BlockRealizeNode>(blk->body);
      if (!inner && blk->body)
        hb.VisitStmt(blk->body);
      if (!blk->alloc_buffers.empty() ||
          (inner && inner->block && !inner->block->iter_vars.empty()) || (!inner && hb.found))
        root = blk;
    }
  }
  if (root) {
    ff->stmts.push_back(comment("with T.block(\"root\"):"));
    for (const Buffer &b : root->alloc_buffers) {
      std::string lhs = define_buffer(b.get(), *ff);
      std::string rhs = buffer_decl(b, "alloc_buffer", {}, *ff, VarDef::DataPointer);
      ff->stmts.push_back(line(lhs + " = " + rhs));
    }
    as_doc_body(root->body, *ff);
  } else {
    as_doc_body(f.body, *ff);
  }
  std::string ret;
  if (f.ret_type && !f.ret_type->is_void_tuple())
    ret = " -> " + type_doc(*f.ret_type);

  // A function without a global_symbol is private.
  bool has_symbol = std::any_of(f.attrs.begin(), f.attrs.end(),
                                [](const auto &kv) { return kv.first == "global_symbol"; });
  std::string decorator = has_symbol ? "@T.prim_func" : "@T.prim_func(private=True)";
  std::string out = decorator + "\ndef " + std::string(name) + "(" + join(args) + ")" + ret + ":\n";
  render_block(ff->stmts, 4, out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// buffer.cc

Printer::BufferAttrs Printer::buffer_attrs(const Buffer &b, Frame &frame, VarDef mode) {
  BufferAttrs r;
  std::vector<std::string> def_lhs, def_rhs;
  std::unordered_map<const VarNode *, int> use_count;
  auto count = [&](const PrimExpr &e) {
    uses_var(e, [&](const VarNode *v) {
      ++use_count[v];
      return false;
    });
  };
  if (b->elem_offset)
    count(b->elem_offset);
  if (b->data)
    count(b->data);
  for (const auto &e : b->strides)
    count(e);
  for (const auto &e : b->shape)
    count(e);
  auto new_var = [&](const PrimExpr &e) -> const VarNode * {
    auto *v = as<VarNode>(e);
    return v && !defined(v) ? v : nullptr;
  };
  auto out_of_line = [&](const VarNode *v) {
    // Deviation: TVM declares it in `frame` even when it is used outside (a match_buffer shape
    // Var used after the block); it goes where all its uses are.
    Frame &f = outer(frame, lowest_def_frame(v));
    if (&f != &frame) {
      std::string name = define_var(v, f);
      f.stmts.push_back(line(name + " = " + var_creation(v)));
      return;
    }
    def_lhs.push_back(define_var(v, frame));
    def_rhs.push_back(var_creation(v));
  };
  auto try_inline = [&](const VarNode *v, std::string suffix) {
    if (use_count[v] == 1) {
      define_inline(v, frame, b, std::move(suffix));
      return true;
    }
    out_of_line(v);
    return false;
  };
  // Step 1: shape; a new Var in it is declared on its own line first.
  std::vector<std::string> shape;
  for (const auto &e : b->shape) {
    if (auto *v = new_var(e))
      out_of_line(v);
    shape.push_back(expr(e));
  }
  r.shape = tuple_text(shape);
  // Step 2: dtype; float32 is the default.
  if (b->dtype != DataType::Float(32))
    r.dtype = dtype_literal(b->dtype);
  // Step 3: data; a buffer that defines its storage prints no data=.
  bool inline_data = false;
  if (auto *v = new_var(b->data)) {
    if (mode >= VarDef::DataPointer)
      inline_data = try_inline(v, ".data");
    else
      out_of_line(v);
  }
  if (!inline_data)
    r.kwargs.push_back({"data", expr(b->data)});
  // Step 4: strides; a new Var used once is defined by the buffer and printed as its name.
  if (!b->strides.empty()) {
    std::vector<std::string> strides;
    for (size_t i = 0; i < b->strides.size(); ++i) {
      const PrimExpr &e = b->strides[i];
      if (auto *v = new_var(e)) {
        if (try_inline(v, ".strides[" + std::to_string(i) + "]")) {
          strides.push_back(python_str_literal(v->name_hint));
          continue;
        }
      }
      strides.push_back(expr(e));
    }
    r.kwargs.push_back({"strides", tuple_text(strides)});
  }
  // Step 5: elem_offset; a new Var is defined by the buffer and needs offset_factor.
  bool needs_factor = false;
  if (auto *i = as<IntImmNode>(b->elem_offset)) {
    if (i->value != 0)
      r.kwargs.push_back({"elem_offset", expr(b->elem_offset)});
  } else if (auto *v = new_var(b->elem_offset)) {
    // Deviation: when the Var also appears elsewhere in the buffer, TVM declares it but prints
    // no elem_offset=, so it would not read back; it is printed here.
    if (!try_inline(v, ".elem_offset"))
      r.kwargs.push_back({"elem_offset", expr(b->elem_offset)});
    needs_factor = true;
  } else if (b->elem_offset) {
    r.kwargs.push_back({"elem_offset", expr(b->elem_offset)});
  }
  // Steps 6-10: scope, align, offset_factor, buffer_type, axis_separators.
  if (!is_global_scope(b->scope()))
    r.kwargs.push_back({"scope", python_str_literal(b->scope())});
  if (b->data_alignment != 64)
    r.kwargs.push_back({"align", std::to_string(b->data_alignment)});
  if (needs_factor || b->offset_factor != 1)
    r.kwargs.push_back({"offset_factor", std::to_string(b->offset_factor)});
  if (b->buffer_type != BufferType::Default)
    r.kwargs.push_back({"buffer_type", "\"auto\""});
  if (!b->axis_separators.empty()) {
    std::vector<std::string> s;
    for (const auto &e : b->axis_separators)
      s.push_back(expr(e));
    r.kwargs.push_back({"axis_separators", list_text(s)});
  }
  if (def_lhs.size() == 1)
    frame.stmts.push_back(line(def_lhs[0] + " = " + def_rhs[0]));
  else if (def_lhs.size() > 1)
    frame.stmts.push_back(line(join(def_lhs) + " = " + join(def_rhs)));
  return r;
}

// A Buffer used where nothing declared it gets `X = T.Buffer(...)` in the innermost frame that
// covers all its uses (for example right after the T.allocate of its storage).
std::string Printer::buffer_doc(const Buffer &b) {
  if (!b)
    return "None";
  if (standalone_)
    return b->name;
  if (!defined(b.get())) {
    Frame &f = lowest_def_frame(b.get());
    std::string lhs = define_buffer(b.get(), f);
    std::string rhs = buffer_decl(b, "Buffer", {}, f, VarDef::DataPointer);
    f.stmts.push_back(line(lhs + " = " + rhs));
  }
  return doc_of(b.get());
}

// BufferIndices: a Ramp index with a constant stride prints as a slice.
std::vector<std::string> Printer::buffer_indices(const std::vector<PrimExpr> &indices) {
  std::vector<std::string> out;
  for (const auto &e : indices) {
    if (auto *r = as<RampNode>(e)) {
      if (auto *s = as<IntImmNode>(r->stride)) {
        std::string start = expr(r->base);
        std::string stop = expr(tvm_add(r->base, tvm_mul(make_int32(r->lanes), r->stride)));
        std::string text = start + ":" + stop;
        if (s->value != 1)
          text += ":" + expr(r->stride);
        out.push_back(text);
        continue;
      }
    }
    out.push_back(expr(e));
  }
  return out;
}

// BufferSlices: an extent of one prints as the index alone.
std::string Printer::region_doc(const BufferRegion &r) {
  std::string buf = buffer_doc(r.buffer);
  std::vector<std::string> idx;
  for (const Range &rg : r.region) {
    std::string mn = expr(rg.min);
    if (!rg.extent || is_one(rg.extent))
      idx.push_back(mn);
    else
      idx.push_back(mn + ":" + expr(range_end(rg.min, rg.extent)));
  }
  return index_text(buf, idx);
}

// ---------------------------------------------------------------------------------------------
// expr.cc and ir.cc

ExprDoc Printer::VisitExpr_(const VarNode *op) {
  if (standalone_)
    return atom(op->name_hint.empty() ? "v" : op->name_hint);
  if (!defined(op)) {
    Frame &f = lowest_def_frame(op);
    std::string lhs = define_var(op, f);
    f.stmts.push_back(line(lhs + " = " + var_creation(op)));
  }
  return atom(doc_of(op));
}

// Deviation: TVM prints every IntImm and FloatImm as `T.<dtype>(value)` (or a bare literal),
// which the parser reads as a constant *converted* to the dtype: `T.int32(1.0)` is an IntImm,
// `T.float32(1)` a FloatImm and `T.int32x4(1)` a Broadcast. An IntImm whose dtype is not a scalar
// integer, a FloatImm whose dtype is not a scalar float, and a dtype with no `T.<dtype>`
// constructor (int7, handle) print as the node constructors `T.IntImm("float32", 1)` and
// `T.FloatImm("int32x4", 1.0)`, which keep the dtype as written.
bool has_scalar_constructor(DataType t) {
  auto parsed = parse_dtype(to_string(t));
  return t.lanes == 1 && parsed && *parsed == t;
}

ExprDoc Printer::VisitExpr_(const IntImmNode *op) {
  DataType t = op->dtype;
  bool in_int32 = op->value >= std::numeric_limits<int32_t>::min() &&
                  op->value <= std::numeric_limits<int32_t>::max();
  // A bare literal reads back as int32 only when it fits; a wider one becomes int64.
  if (t == DataType::Int(32) && in_int32)
    return atom(std::to_string(op->value));
  if (t == DataType::Bool()) {
    // Deviation: TVM prints any non-zero value as True; other values than 0 and 1 stay numbers.
    if (op->value == 0 || op->value == 1)
      return atom(std::string("T.bool(") + (op->value ? "True" : "False") + ")");
    return atom("T.bool(" + std::to_string(op->value) + ")");
  }
  if (t.is_integer() && has_scalar_constructor(t))
    return atom("T." + dtype_str(t) + "(" + std::to_string(op->value) + ")");
  return atom(call_text("T.IntImm", {dtype_literal(t), std::to_string(op->value)}));
}

ExprDoc Printer::VisitExpr_(const FloatImmNode *op) {
  DataType t = op->dtype;
  std::string v = python_float_repr(op->value);
  if (t.is_floating() && has_scalar_constructor(t)) {
    if (std::isnan(op->value) || std::isinf(op->value))
      v = "\"" + v + "\"";
    return atom("T." + dtype_str(t) + "(" + v + ")");
  }
  // T.FloatImm takes a Python number, not the strings T.float32("inf") accepts; 1e999 is
  // Python's (and the reader's) infinity, and inf - inf a NaN. Which NaN is the machine's: the
  // reader folds the text with the same double arithmetic, so the sign is chosen to match (the
  // payload of another NaN is not kept, as with T.float32("nan")).
  if (std::isnan(op->value)) {
    volatile double big = std::numeric_limits<double>::infinity();
    double machine_nan = big - big;
    v = std::signbit(machine_nan) == std::signbit(op->value) ? "1e999 - 1e999" : "-(1e999 - 1e999)";
  } else if (std::isinf(op->value))
    v = op->value < 0 ? "-1e999" : "1e999";
  return atom(call_text("T.FloatImm", {dtype_literal(t), v}));
}

ExprDoc Printer::VisitExpr_(const StringImmNode *op) {
  return atom(python_str_literal(op->value));
}

ExprDoc Printer::VisitExpr_(const CastNode *op) {
  return atom(call_text("T.Cast", {dtype_literal(op->dtype), expr(op->value)}));
}

ExprDoc Printer::VisitExpr_(const SelectNode *op) {
  return call("T.Select", {op->condition, op->true_value, op->false_value});
}

ExprDoc Printer::VisitExpr_(const BufferLoadNode *op) {
  std::string buf = buffer_doc(op->buffer);
  return atom(index_text(buf, buffer_indices(op->indices)));
}

ExprDoc Printer::VisitExpr_(const RampNode *op) {
  return atom(call_text("T.Ramp", {expr(op->base), expr(op->stride), std::to_string(op->lanes)}));
}

ExprDoc Printer::VisitExpr_(const BroadcastNode *op) {
  return atom(call_text("T.Broadcast", {expr(op->value), std::to_string(op->lanes)}));
}

// The Let's Var is declared (`v = T.int32()`) before the statement that holds it.
ExprDoc Printer::VisitExpr_(const LetNode *op) {
  std::string var = expr(op->var);
  std::string value = expr(op->value);
  std::string body = expr(op->body);
  return atom(call_text("T.Let", {body}, {{"where", "{" + var + ": " + value + "}"}}));
}

ExprDoc Printer::VisitExpr_(const CallNode *op) {
  std::string callee;
  if (op->callee) {
    const std::string &g = op->callee->name_hint;
    callee = mod_ && !mod_->name.empty() && mod_->functions.count(g) ? mod_->name + "." + g : g;
  } else if (const BuiltinInfo *b = find_builtin_by_op(op->op)) {
    callee = "T." + std::string(b->script);
    // TScriptDtypePrintLocation::kFirst: `T.reinterpret("float32", x)`.
    if (b->result == BuiltinResult::ExplicitFirst) {
      std::vector<std::string> a = {dtype_literal(op->dtype)};
      for (const auto &x : op->args)
        a.push_back(expr(x));
      return atom(call_text(callee, a));
    }
  } else {
    std::string_view n = op->op;
    if (n.substr(0, 4) == "tir.")
      n.remove_prefix(4);
    callee = "T." + std::string(n);
  }
  return call(callee, op->args);
}

ExprDoc Printer::VisitExpr_(const ShuffleNode *op) {
  std::vector<std::string> v, i;
  for (const auto &x : op->vectors)
    v.push_back(expr(x));
  for (const auto &x : op->indices)
    i.push_back(expr(x));
  return atom(call_text("T.Shuffle", {list_text(v), list_text(i)}));
}

ExprDoc Printer::print_binary(ExprKind k, const BinaryNode *op) {
  ExprDoc a = VisitExpr(op->a), b = VisitExpr(op->b);
  bool keeps = tvm_op_keeps(k, op->a, op->b);
  auto sugar = [&](std::string_view sym, int prec, std::string_view fn) {
    return keeps ? binary(a, sym, b, prec) : atom(call_text(fn, {a.text, b.text}));
  };
  switch (k) {
  case ExprKind::Add:
    return sugar("+", kPrecAdd, "T.Add");
  case ExprKind::Sub:
    return sugar("-", kPrecAdd, "T.Sub");
  case ExprKind::Mul:
    return sugar("*", kPrecMult, "T.Mul");
  case ExprKind::Div:
    // Python's `/` on two integers is an error in TVMScript; T.Div is truncating division.
    keeps = keeps && !(op->a->dtype.is_integer() && op->b->dtype.is_integer());
    return sugar("/", kPrecMult, "T.Div");
  case ExprKind::Mod:
    return atom(call_text("T.truncmod", {a.text, b.text}));
  case ExprKind::FloorDiv:
    return sugar("//", kPrecMult, "T.FloorDiv");
  case ExprKind::FloorMod:
    return sugar("%", kPrecMult, "T.FloorMod");
  case ExprKind::Min:
    return atom(call_text("T.min", {a.text, b.text}));
  case ExprKind::Max:
    return atom(call_text("T.max", {a.text, b.text}));
  case ExprKind::EQ:
    return sugar("==", kPrecCmp, "T.EQ");
  case ExprKind::NE:
    return sugar("!=", kPrecCmp, "T.NE");
  case ExprKind::LT:
    return sugar("<", kPrecCmp, "T.LT");
  case ExprKind::LE:
    return sugar("<=", kPrecCmp, "T.LE");
  case ExprKind::GE:
    return sugar(">=", kPrecCmp, "T.GE");
  case ExprKind::GT:
    return sugar(">", kPrecCmp, "T.GT");
  case ExprKind::And:
    return sugar("and", kPrecAnd, "T.And");
  case ExprKind::Or:
    return sugar("or", kPrecOr, "T.Or");
  default:
    return atom("?");
  }
}

#define TIR_BINARY_KIND(Name, op_)                                                                 \
  ExprDoc Printer::VisitExpr_(const Name##Node *op) {                                              \
    return print_binary(ExprKind::Name, op);                                                       \
  }
#include "ir/node_kinds.def"

// `not 1` or `not "s"` would be evaluated by Python itself, so a bare literal operand gets T.Not.
ExprDoc Printer::VisitExpr_(const NotNode *op) {
  ExprDoc a = VisitExpr(op->a);
  if (op->a->dtype == DataType::Int(32) && as<IntImmNode>(op->a))
    return atom(call_text("T.Not", {a.text}));
  if (as<StringImmNode>(op->a))
    return atom(call_text("T.Not", {a.text}));
  return {"not " + parens_if(a, a.prec < kPrecNot), kPrecNot};
}

// ---------------------------------------------------------------------------------------------
// stmt.cc

// AsDocBody: the statements of a body, the last one allowed to open a scope concisely.
// Deviation: TVM prints a SeqStmt nested in a SeqStmt through its own frame, letting its last
// statement scope concisely over the rest of the outer sequence; nested sequences are
// flattened here.
void Printer::as_doc_body(const Stmt &s, Frame &f) {
  std::vector<Stmt> seq;
  flatten(s, seq);
  for (size_t i = 0; i < seq.size(); ++i) {
    f.allow_concise = i + 1 == seq.size();
    StmtDocs d = VisitStmt(seq[i]);
    for (auto &x : d)
      f.stmts.push_back(std::move(x));
  }
}

// Only reached for a SeqStmt that is not a body of anything (bodies go through as_doc_body).
StmtDocs Printer::VisitStmt_(const SeqStmtNode *op) {
  bool outer = concise();
  std::vector<Stmt> seq;
  for (const auto &s : op->seq)
    flatten(s, seq);
  StmtDocs out;
  for (size_t i = 0; i < seq.size(); ++i) {
    cur().allow_concise = outer && i + 1 == seq.size();
    for (auto &x : VisitStmt(seq[i]))
      out.push_back(std::move(x));
  }
  cur().allow_concise = outer;
  return out;
}

StmtDocs Printer::VisitStmt_(const EvaluateNode *op) {
  if (auto *c = as<CallNode>(op->value); c && c->is_builtin(kRetOp) && c->args.size() == 1)
    return {line("return " + expr(c->args[0]))};
  std::string v = expr(op->value);
  if (as<CallNode>(op->value))
    return {line(v)};
  return {line(call_text("T.evaluate", {v}))};
}

StmtDocs Printer::VisitStmt_(const LetStmtNode *op) {
  bool is_concise = concise();
  // Deviation: TVM declares the Var here even when it is also used outside this statement (the
  // later use then gets a declaration of its own, a different Var when read back); such a Var
  // is declared first, where all its uses are, and bound with `T.LetStmt(value, var=x)`.
  if (!defined(op->var.get()) && !encloses_all_uses(op, op->var.get())) {
    Frame &f = lowest_def_frame(op->var.get());
    std::string name = define_var(op->var.get(), f);
    f.stmts.push_back(line(name + " = " + var_creation(op->var.get())));
  }
  std::optional<std::string> type;
  if (!op->var->type_annotation.is_void_tuple())
    type = type_doc(op->var->type_annotation);
  std::string rhs = expr(op->value);
  FrameScope f(this, op);
  bool var_defined = defined(op->var.get());
  if (!var_defined)
    define_var(op->var.get(), *f);
  std::string lhs = expr(op->var);
  as_doc_body(op->body, *f);
  StmtDocs body = std::move(f->stmts);
  if (var_defined)
    return {scope("with " + call_text("T.LetStmt", {rhs}, {{"var", lhs}}), std::move(body))};
  if (is_concise) {
    body.insert(body.begin(), line(lhs + (type ? ": " + *type : "") + " = " + rhs));
    return body;
  }
  if (type && !op->var->type_annotation.is_prim())
    return {scope("with " + call_text("T.LetStmt", {rhs, *type}) + " as " + lhs, std::move(body))};
  return {scope("with " + call_text("T.LetStmt", {rhs}) + " as " + lhs, std::move(body))};
}

StmtDocs Printer::VisitStmt_(const AssertStmtNode *op) {
  bool is_concise = concise();
  std::string cond = expr(op->condition), msg = expr(op->message);
  FrameScope f(this, op);
  as_doc_body(op->body, *f);
  StmtDocs body = std::move(f->stmts);
  if (is_concise) {
    body.insert(body.begin(), line("assert " + cond + ", " + msg));
    return body;
  }
  return {scope("with " + call_text("T.Assert", {cond, msg}), std::move(body))};
}

StmtDocs Printer::VisitStmt_(const WhileNode *op) {
  std::string cond = expr(op->condition);
  FrameScope f(this, op);
  as_doc_body(op->body, *f);
  return {scope("while " + cond, std::move(f->stmts))};
}

StmtDocs Printer::decl_buffer_doc(const DeclBufferNode *op, VarDef mode) {
  bool is_concise = concise();
  std::string rhs = buffer_decl(op->buffer, "decl_buffer", {}, cur(), mode);
  FrameScope f(this, op);
  std::string lhs = define_buffer(op->buffer.get(), *f);
  as_doc_body(op->body, *f);
  return concise_or_scope(lhs, rhs, std::move(f->stmts), is_concise);
}

StmtDocs Printer::VisitStmt_(const DeclBufferNode *op) {
  return decl_buffer_doc(op, VarDef::None);
}

StmtDocs Printer::VisitStmt_(const IfThenElseNode *op) {
  std::string cond = expr(op->condition);
  StmtDoc d{StmtDoc::Kind::If, cond, {}, {}};
  if (op->then_case) {
    FrameScope f(this, op->then_case.get());
    as_doc_body(op->then_case, *f);
    d.body = std::move(f->stmts);
  }
  if (op->else_case) {
    FrameScope f(this, op->else_case.get());
    as_doc_body(op->else_case, *f);
    d.orelse = std::move(f->stmts);
  }
  return {std::move(d)};
}

StmtDocs Printer::VisitStmt_(const AllocateNode *op) {
  bool is_concise = concise();
  if (auto *decl = allocate_decl_buffer(op))
    return decl_buffer_doc(decl, VarDef::DataPointer);
  std::vector<std::string> extents;
  for (const auto &e : op->extents)
    extents.push_back(expr(e));
  const Type &t = op->buffer_var->type_annotation;
  std::string scope_name = t.is_pointer() && !t.storage_scope.empty() ? t.storage_scope : "global";
  std::vector<std::string> args = {list_text(extents), dtype_literal(op->dtype),
                                   python_str_literal(scope_name)};
  if (!is_one(op->condition))
    args.push_back(expr(op->condition));
  Kwargs kw;
  if (!op->annotations.empty())
    kw.push_back({"annotations", dict_doc(op->annotations)});
  // The storage Var is defined in the enclosing frame, as TVM does.
  std::string lhs = define_var(op->buffer_var.get(), cur());
  FrameScope f(this, op);
  std::string rhs = call_text("T.allocate", args, kw);
  as_doc_body(op->body, *f);
  return concise_or_scope(lhs, rhs, std::move(f->stmts), is_concise);
}

std::string Printer::realize_doc(const BufferRealizeNode *op,
                                 const std::optional<std::string> &value) {
  std::string buf = buffer_doc(op->buffer);
  std::vector<std::string> bounds;
  for (const Range &r : op->bounds)
    bounds.push_back(expr(r.min) + ":" + expr(range_end(r.min, r.extent)));
  std::vector<std::string> args = {index_text(buf, bounds)};
  if (value)
    args.push_back(*value);
  Kwargs kw;
  if (!is_one(op->condition))
    kw.push_back({"condition", expr(op->condition)});
  return call_text("T.realize", args, kw);
}

StmtDocs Printer::VisitStmt_(const BufferRealizeNode *op) {
  bool is_concise = concise();
  std::string rhs = realize_doc(op, std::nullopt);
  FrameScope f(this, op);
  as_doc_body(op->body, *f);
  return concise_or_scope(std::nullopt, rhs, std::move(f->stmts), is_concise);
}

StmtDocs Printer::VisitStmt_(const AttrStmtNode *op) {
  bool is_concise = concise();
  std::optional<std::string> lhs, rhs;
  const VarNode *define_v = nullptr;
  Stmt body = op->body;
  if (op->attr_key == "realize_scope") {
    auto *realize = as<BufferRealizeNode>(op->body);
    auto *buf = std::get_if<Buffer>(&op->node);
    if (realize && buf && realize->buffer == *buf) {
      rhs = realize_doc(realize, expr(op->value));
      body = realize->body;
    }
  }
  if (op->attr_key == "thread_extent" || op->attr_key == "virtual_thread") {
    if (auto *ivp = std::get_if<IterVar>(&op->node); ivp && *ivp && (*ivp)->var) {
      // DocsifyLaunchThread: `tx = T.launch_thread("threadIdx.x", n)` when this statement
      // encloses every use of the thread variable.
      const IterVarNode &iv = **ivp;
      const VarNode *v = iv.var.get();
      std::string var_doc;
      if (defined(v)) {
        var_doc = expr(iv.var);
      } else if (encloses_all_uses(op, v) && op->value && v->dtype == op->value->dtype) {
        // Deviation: the string form makes a Var of the extent's dtype; TVM uses it whatever
        // the Var's dtype, here a Var of another dtype goes through T.env_thread.
        var_doc = python_str_literal(iv.thread_tag);
        define_v = v;
      } else {
        Frame &f = lowest_def_frame(v);
        std::string name = define_var(v, f);
        f.stmts.push_back(
            line(name + " = " + call_text("T.env_thread", {python_str_literal(iv.thread_tag)})));
        var_doc = name;
      }
      rhs = call_text("T.launch_thread", {var_doc, expr(op->value)});
    }
  }
  if (!rhs) {
    std::string node = std::visit(
        [&](const auto &n) -> std::string {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, std::monostate>)
            return "None";
          else if constexpr (std::is_same_v<N, PrimExpr>)
            return expr(n);
          else if constexpr (std::is_same_v<N, Buffer>)
            return buffer_doc(n);
          else {
            if (!n)
              return "None";
            std::string dom = "None";
            if (n->dom)
              dom = call_text("T.Range",
                              {expr(n->dom->min), expr(range_end(n->dom->min, n->dom->extent))});
            return call_text("T.iter_var",
                             {expr(n->var), dom, python_str_literal(to_string(n->iter_type)),
                              python_str_literal(n->thread_tag)});
          }
        },
        op->node);
    rhs = call_text("T.attr", {node, python_str_literal(op->attr_key), expr(op->value)});
  }
  FrameScope f(this, op);
  if (define_v)
    lhs = define_var(define_v, *f);
  as_doc_body(body, *f);
  return concise_or_scope(lhs, *rhs, std::move(f->stmts), is_concise);
}

StmtDocs Printer::VisitStmt_(const BufferStoreNode *op) {
  std::string buf = buffer_doc(op->buffer);
  std::string value = expr(op->value);
  return {line(index_text(buf, buffer_indices(op->indices)) + " = " + value)};
}

// ---------------------------------------------------------------------------------------------
// for_loop.cc

StmtDocs Printer::VisitStmt_(const ForNode *op) {
  // Perfectly nested serial loops from 0 without annotations, whose extents do not use the
  // outer loop variables, print as one T.grid.
  std::vector<const ForNode *> grid;
  std::unordered_set<const VarNode *> grid_vars;
  for (const ForNode *l = op; l; l = as<ForNode>(l->body)) {
    if (l->for_kind != ForKind::Serial || !zero_min_implied(l->min, l->extent) ||
        !l->annotations.empty() ||
        uses_var(l->extent, [&](const VarNode *v) { return grid_vars.count(v) != 0; }))
      break;
    grid.push_back(l);
    grid_vars.insert(l->loop_var.get());
  }
  FrameScope f(this, op, op);
  f->header = true;
  if (grid.size() > 1) {
    std::vector<std::string> lhs, extents;
    for (const ForNode *l : grid) {
      lhs.push_back(define_var(l->loop_var.get(), *f));
      extents.push_back(expr(l->extent));
    }
    f->header = false;
    as_doc_body(grid.back()->body, *f);
    return {scope("for " + join(lhs) + " in " + call_text("T.grid", extents), std::move(f->stmts))};
  }
  std::string lhs = define_var(op->loop_var.get(), *f);
  std::vector<std::string> args;
  if (zero_min_implied(op->min, op->extent)) {
    args.push_back(expr(op->extent));
  } else {
    args.push_back(expr(op->min));
    args.push_back(expr(range_end(op->min, op->extent)));
  }
  Kwargs kw;
  std::string prefix;
  switch (op->for_kind) {
  case ForKind::Serial:
    prefix = op->annotations.empty() ? "range" : "T.serial";
    break;
  case ForKind::Parallel:
    prefix = "T.parallel";
    break;
  case ForKind::Vectorized:
    prefix = "T.vectorized";
    break;
  case ForKind::Unrolled:
    prefix = "T.unroll";
    break;
  case ForKind::ThreadBinding:
    prefix = "T.thread_binding";
    kw.push_back(
        {"thread", python_str_literal(op->thread_binding ? op->thread_binding->thread_tag : "")});
    break;
  }
  if (!op->annotations.empty())
    kw.push_back({"annotations", dict_doc(op->annotations)});
  std::string rhs = call_text(prefix, args, kw);
  f->header = false;
  as_doc_body(op->body, *f);
  return {scope("for " + lhs + " in " + rhs, std::move(f->stmts))};
}

// ---------------------------------------------------------------------------------------------
// block.cc

StmtDocs Printer::print_block(const BlockNode *block, const BlockRealizeNode *realize) {
  FrameScope frame(this, block);
  // The loops around the block (and those nested directly in them): an iter var bound to one
  // of them over the same range joins T.axis.remap.
  std::unordered_map<const VarNode *, const ForNode *> loops;
  for (Frame *fr : frames_)
    for (const ForNode *l = fr->loop; l; l = as<ForNode>(l->body))
      loops.emplace(l->loop_var.get(), l);

  std::vector<size_t> remap;
  auto remappable = [&](size_t i) {
    if (!realize || i >= realize->iter_values.size())
      return false;
    const IterVarNode &iv = *block->iter_vars[i];
    if (iv.iter_type != IterVarType::DataPar && iv.iter_type != IterVarType::CommReduce)
      return false;
    auto *v = as<VarNode>(realize->iter_values[i]);
    if (!v || !iv.dom)
      return false;
    auto it = loops.find(v);
    // Deviation: T.axis.remap gives the block var the loop var's dtype; TVM does not check it.
    return it != loops.end() && iv.var->dtype == v->dtype &&
           deep_equal(it->second->min, iv.dom->min) &&
           deep_equal(it->second->extent, iv.dom->extent);
  };
  auto print_single = [&](size_t i) {
    const IterVarNode &iv = *block->iter_vars[i];
    std::string kind;
    switch (iv.iter_type) {
    case IterVarType::DataPar:
      kind = "spatial";
      break;
    case IterVarType::CommReduce:
      kind = "reduce";
      break;
    case IterVarType::Ordered:
      kind = "scan";
      break;
    case IterVarType::Opaque:
      kind = "opaque";
      break;
    default:
      kind = to_string(iv.iter_type);
      break; // not a block iter var kind; TVM fails
    }
    std::string dom = "None";
    if (iv.dom) {
      if (zero_min_implied(iv.dom->min, iv.dom->extent))
        dom = expr(iv.dom->extent);
      else
        dom = tuple_text({expr(iv.dom->min), expr(range_end(iv.dom->min, iv.dom->extent))});
    }
    std::vector<std::string> args = {dom};
    if (realize && i < realize->iter_values.size())
      args.push_back(expr(realize->iter_values[i]));
    // Deviation: TVM never prints dtype=; the parser makes an int Var as wide as the widest of
    // the domain and int32, so any other dtype is spelled out.
    Kwargs kw;
    if (iv.dom && iv.dom->min && iv.dom->extent && iv.var) {
      int bits = std::max({32, int(iv.dom->min->dtype.bits), int(iv.dom->extent->dtype.bits)});
      if (iv.var->dtype != DataType::Int(bits))
        kw.push_back({"dtype", dtype_literal(iv.var->dtype)});
    }
    std::string rhs = call_text("T.axis." + kind, args, kw);
    frame->stmts.push_back(line(define_var(iv.var.get(), *frame) + " = " + rhs));
  };
  auto flush_remap = [&]() {
    if (remap.empty())
      return;
    if (remap.size() == 1) {
      print_single(remap[0]);
    } else {
      std::vector<std::string> lhs, vals;
      std::string kinds;
      for (size_t i : remap) {
        lhs.push_back(define_var(block->iter_vars[i]->var.get(), *frame));
        vals.push_back(expr(realize->iter_values[i]));
        kinds += block->iter_vars[i]->iter_type == IterVarType::DataPar ? "S" : "R";
      }
      frame->stmts.push_back(
          line(join(lhs) + " = " +
               call_text("T.axis.remap", {python_str_literal(kinds), list_text(vals)})));
    }
    remap.clear();
  };
  for (size_t i = 0; i < block->iter_vars.size(); ++i) {
    if (remappable(i)) {
      remap.push_back(i);
    } else {
      flush_remap();
      print_single(i);
    }
  }
  flush_remap();

  if (realize && realize->predicate && !is_one(realize->predicate))
    frame->stmts.push_back(line(call_text("T.where", {expr(realize->predicate)})));
  std::vector<std::string> reads, writes;
  for (const auto &r : block->reads)
    reads.push_back(region_doc(r));
  frame->stmts.push_back(line(call_text("T.reads", reads)));
  for (const auto &w : block->writes)
    writes.push_back(region_doc(w));
  frame->stmts.push_back(line(call_text("T.writes", writes)));
  if (!block->annotations.empty())
    frame->stmts.push_back(line(call_text("T.block_attr", {dict_doc(block->annotations)})));
  for (const Buffer &b : block->alloc_buffers) {
    std::string lhs = define_buffer(b.get(), *frame);
    std::string rhs = buffer_decl(b, "alloc_buffer", {}, *frame, VarDef::DataPointer);
    frame->stmts.push_back(line(lhs + " = " + rhs));
  }
  for (const MatchBufferRegion &m : block->match_buffers) {
    std::string lhs = define_buffer(m.buffer.get(), *frame);
    std::string src = region_doc(m.source);
    std::string rhs = buffer_decl(m.buffer, "match_buffer", {src}, *frame, VarDef::MatchBuffer);
    frame->stmts.push_back(line(lhs + " = " + rhs));
  }
  if (block->init) {
    FrameScope init(this, block->init.get());
    as_doc_body(block->init, *init);
    StmtDocs init_body = std::move(init->stmts);
    frame->stmts.push_back(scope("with T.init()", std::move(init_body)));
  }
  as_doc_body(block->body, *frame);
  Kwargs kw;
  if (!realize)
    kw.push_back({"no_realize", "True"});
  return {scope("with " + call_text("T.block", {python_str_literal(block->name_hint)}, kw),
                std::move(frame->stmts))};
}

StmtDocs Printer::VisitStmt_(const BlockNode *op) {
  return print_block(op, nullptr);
}
StmtDocs Printer::VisitStmt_(const BlockRealizeNode *op) {
  return print_block(op->block.get(), op);
}

// ---------------------------------------------------------------------------------------------

// TVM's header is comment lines and one blank line. With real imports the file is a Python
// module of its own, laid out as the conformance files are (PEP 8: two blank lines around
// top-level definitions).
std::string top_level_gap(const PrintOptions &opts) {
  return opts.import_comments ? "\n" : "\n\n";
}

std::string header(bool module, const PrintOptions &opts) {
  std::string out;
  if (!opts.docstring.empty())
    out += "\"\"\"" + opts.docstring + "\"\"\"\n";
  std::string c = opts.import_comments ? "# " : "";
  if (module)
    out += c + "from tvm.script import ir as I\n";
  out += c + "from tvm.script import tir as T\n";
  return out + top_level_gap(opts);
}

std::string indent_lines(const std::string &text, int n) {
  std::string pad(n, ' '), out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    if (end > start)
      out += pad + text.substr(start, end - start);
    out += "\n";
    start = end + 1;
  }
  return out;
}

} // namespace

std::string print_tvmscript(const IRModule &m, const PrintOptions &opts) {
  std::string out = header(m->is_module, opts);
  ModuleContext ctx;
  for (const auto &[g, f] : m->functions)
    ctx.functions.insert(g->name_hint);
  if (m->is_module) {
    // Deviation: TVM sorts the functions (by name, "main" last) because its module is a hash
    // map; ours is ordered, and the order is kept so that it reads back the same.
    ctx.name = m->name.empty() ? "Module" : m->name;
    out += "@I.ir_module\nclass " + ctx.name + ":\n";
    for (size_t i = 0; i < m->functions.size(); ++i) {
      if (i)
        out += "\n";
      Printer p(&ctx, false);
      out += indent_lines(
          p.print_function(m->functions[i].second, m->functions[i].first->name_hint), 4);
    }
    if (m->functions.empty())
      out += "    pass\n";
    return out;
  }
  for (size_t i = 0; i < m->functions.size(); ++i) {
    if (i)
      out += top_level_gap(opts);
    Printer p(&ctx, false);
    out += p.print_function(m->functions[i].second, m->functions[i].first->name_hint);
  }
  return out;
}

std::string print_tvmscript(const PrimFunc &f, std::string_view name, const PrintOptions &opts) {
  ModuleContext ctx;
  Printer p(&ctx, false);
  return header(false, opts) + p.print_function(f, name);
}

std::string print_expr(const PrimExpr &e) {
  if (!e)
    return "None";
  Printer p(nullptr, true);
  return p.VisitExpr(e).text;
}

} // namespace tirconf::ir
