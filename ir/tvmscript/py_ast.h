// A small Python syntax tree: the subset of Python's `ast` module that TVMScript uses. Nodes live
// in an Arena and point at each other with raw pointers; names point into the source text and
// string constants into LexResult::strings, so the source and the LexResult must outlive it.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <memory_resource>
#include <new>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/source_loc.h"

namespace tirconf::ir::script {

enum class PyExprKind : uint8_t {
  Name,
  Constant,
  Attribute,
  Call,
  Subscript,
  Slice,
  Tuple,
  List,
  Dict,
  BinOp,
  UnaryOp,
  BoolOp,
  Compare,
  IfExp,
  Lambda,
};

enum class ConstKind : uint8_t { None, Bool, Int, Float, Str, Ellipsis };
enum class BinOpKind : uint8_t {
  Add,
  Sub,
  Mult,
  Div,
  FloorDiv,
  Mod,
  Pow,
  LShift,
  RShift,
  BitOr,
  BitXor,
  BitAnd,
  MatMult
};
enum class UnaryOpKind : uint8_t { UAdd, USub, Not, Invert };
enum class BoolOpKind : uint8_t { And, Or };
enum class CmpOpKind : uint8_t { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };

const char *spelling(BinOpKind k);
const char *spelling(CmpOpKind k);

struct PyExpr {
  PyExprKind kind;
  SourceLoc loc;
  int depth = 1; // height of this subtree

  // Name: id. Attribute: a.id. Keyword names are in `keywords`.
  std::string_view id;
  // Constant
  ConstKind ckind = ConstKind::None;
  bool bval = false;
  __int128 ival = 0;
  double fval = 0;
  const std::string *sval = nullptr;
  SourceLoc str_content_loc; // Str: where the text starts (after the opening quotes)
  // Operators
  BinOpKind binop = BinOpKind::Add;
  UnaryOpKind unop = UnaryOpKind::UAdd;
  BoolOpKind boolop = BoolOpKind::And;
  std::pmr::vector<CmpOpKind> cmpops;
  // Children. Attribute: a. Call: a(elts, keywords). Subscript: a[b]. Slice: a:b:c (each may be
  // null). Tuple/List: elts. Dict: elts (keys) / values. BinOp: a op b. UnaryOp: op a. BoolOp:
  // elts. Compare: a cmpops elts. IfExp: b if a else c. Lambda: lambda elts (Names): a.
  PyExpr *a = nullptr;
  PyExpr *b = nullptr;
  PyExpr *c = nullptr;
  std::pmr::vector<PyExpr *> elts;
  std::pmr::vector<PyExpr *> values;
  std::pmr::vector<std::pair<std::string_view, PyExpr *>> keywords;

  // Everything a PyExpr owns lives in its arena's memory resource.
  explicit PyExpr(std::pmr::memory_resource *r) : cmpops(r), elts(r), values(r), keywords(r) {}
};

enum class PyStmtKind : uint8_t {
  FunctionDef,
  ClassDef,
  For,
  While,
  If,
  With,
  Assign,
  AnnAssign,
  AugAssign,
  ExprStmt,
  Assert,
  Return,
  Pass,
  Import,
};

struct PyArg {
  std::string_view name;
  PyExpr *annotation = nullptr;
  SourceLoc loc;
};

struct PyWithItem {
  PyExpr *context = nullptr;
  PyExpr *vars = nullptr; // the `as` target, may be null
};

struct PyStmt;
using PyBody = std::vector<PyStmt *>;

struct PyStmt {
  PyStmtKind kind;
  SourceLoc loc;
  // FunctionDef / ClassDef
  std::string_view name;
  std::vector<PyExpr *> decorators;
  std::vector<PyArg> args;
  PyExpr *returns = nullptr;
  // Bodies: FunctionDef, ClassDef, For, While, If (then), With.
  PyBody body;
  PyBody orelse; // If
  // For: target in value. While/If/Assert: test (msg). Assign: targets = value.
  // AnnAssign: target: annotation = value. AugAssign: target op= value. ExprStmt/Return: value.
  PyExpr *target = nullptr;
  PyExpr *value = nullptr;
  PyExpr *test = nullptr;
  PyExpr *msg = nullptr;
  PyExpr *annotation = nullptr;
  std::vector<PyExpr *> targets;
  std::vector<PyWithItem> items;
  std::string_view aug_op; // AugAssign: "+=" etc.
  // Import: `from module import names` (module empty for `import names`); (name, asname)
  std::string module;
  std::vector<std::pair<std::string, std::string_view>> names;
};

struct PyModule {
  PyBody body;
};

// Owns every node of one parse; nodes never move. Expressions (the bulk of a parse) and their
// child lists live in one monotonic memory resource and are released together, without running
// destructors: a PyExpr owns nothing outside that resource.
class PyArena {
public:
  PyArena() = default;
  PyArena(const PyArena &) = delete;
  PyArena &operator=(const PyArena &) = delete;

  PyExpr *expr(PyExprKind k, SourceLoc l) {
    void *mem = exprs_.allocate(sizeof(PyExpr), alignof(PyExpr));
    PyExpr *e = new (mem) PyExpr(&exprs_);
    e->kind = k;
    e->loc = l;
    return e;
  }
  PyStmt *stmt(PyStmtKind k, SourceLoc l) {
    PyStmt *s = stmts_.next();
    s->kind = k;
    s->loc = l;
    return s;
  }
  std::string *string(std::string v) {
    strings_.push_back(std::move(v));
    return &strings_.back();
  }

private:
  template <class T> struct Pool {
    static constexpr size_t kChunk = 128;
    std::vector<std::unique_ptr<T[]>> chunks;
    size_t used = kChunk;
    T *next() {
      if (used == kChunk) {
        chunks.push_back(std::make_unique<T[]>(kChunk));
        used = 0;
      }
      return &chunks.back()[used++];
    }
  };
  std::deque<std::string> strings_;
  std::pmr::monotonic_buffer_resource exprs_{64 * 1024};
  Pool<PyStmt> stmts_;
};

} // namespace tirconf::ir::script
