#include "ir/tvmscript/py_parser.h"

#include <algorithm>
#include <string>

#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir::script {

const char *spelling(BinOpKind k) {
  switch (k) {
  case BinOpKind::Add:
    return "+";
  case BinOpKind::Sub:
    return "-";
  case BinOpKind::Mult:
    return "*";
  case BinOpKind::Div:
    return "/";
  case BinOpKind::FloorDiv:
    return "//";
  case BinOpKind::Mod:
    return "%";
  case BinOpKind::Pow:
    return "**";
  case BinOpKind::LShift:
    return "<<";
  case BinOpKind::RShift:
    return ">>";
  case BinOpKind::BitOr:
    return "|";
  case BinOpKind::BitXor:
    return "^";
  case BinOpKind::BitAnd:
    return "&";
  case BinOpKind::MatMult:
    return "@";
  }
  return "?";
}

const char *spelling(CmpOpKind k) {
  switch (k) {
  case CmpOpKind::Eq:
    return "==";
  case CmpOpKind::NotEq:
    return "!=";
  case CmpOpKind::Lt:
    return "<";
  case CmpOpKind::LtE:
    return "<=";
  case CmpOpKind::Gt:
    return ">";
  case CmpOpKind::GtE:
    return ">=";
  case CmpOpKind::Is:
    return "is";
  case CmpOpKind::IsNot:
    return "is not";
  case CmpOpKind::In:
    return "in";
  case CmpOpKind::NotIn:
    return "not in";
  }
  return "?";
}

namespace {

class Parser {
public:
  Parser(const LexResult &lex, PyArena &arena) : lex_(lex), toks_(lex.tokens), arena_(arena) {}

  PyModule file() {
    PyModule m;
    while (cur().kind != TokKind::End) {
      if (cur().kind == TokKind::Newline) {
        advance();
        continue;
      }
      if (cur().kind == TokKind::Indent)
        fail(cur().loc, "unexpected indent");
      if (cur().kind == TokKind::Dedent)
        fail(cur().loc, "unindent does not match any outer indentation level");
      stmt(m.body);
    }
    return m;
  }

private:
  const LexResult &lex_;
  const std::vector<Token> &toks_;
  PyArena &arena_;
  size_t i_ = 0;
  int nesting_ = 0;

  // Bounds the recursion through expressions and statements: every bracket level passes through
  // test() (brackets themselves are bounded by the lexer, as Python bounds them), and so does
  // every unary operator, conditional expression and nested statement.
  struct Guard {
    int &n;
    Guard(int &n, SourceLoc l) : n(n) {
      if (++n > kMaxSyntaxNesting)
        fail(l, "too deeply nested (more than " + std::to_string(kMaxSyntaxNesting) + " levels)");
    }
    ~Guard() { --n; }
  };

  // i_ never passes the final End token (advance stops there).
  const Token &cur() const { return toks_[i_]; }
  const Token &peek(size_t k = 1) const { return toks_[std::min(i_ + k, toks_.size() - 1)]; }
  void advance() {
    if (i_ + 1 < toks_.size())
      ++i_;
  }
  bool is_op(Op op) const { return cur().kind == TokKind::Op && cur().op == op; }
  bool is_kw(Kw kw) const { return cur().kw == kw && cur().kind == TokKind::Name; }
  bool accept_op(Op op) {
    if (!is_op(op))
      return false;
    advance();
    return true;
  }
  bool accept_kw(Kw kw) {
    if (!is_kw(kw))
      return false;
    advance();
    return true;
  }

  [[noreturn]] void syntax_error(std::string msg = "invalid syntax") const {
    const Token &t = cur();
    if (t.kind == TokKind::Indent)
      msg = "unexpected indent";
    if (t.kind == TokKind::End && msg == "invalid syntax")
      msg = "unexpected end of file";
    fail(t.loc, msg);
  }
  void expect_op(Op op, const char *what) {
    if (!accept_op(op))
      syntax_error(std::string("expected '") + what + "'");
  }
  std::string_view expect_name(const char *what) {
    if (cur().kind != TokKind::Name || cur().kw != Kw::None)
      syntax_error(std::string("expected ") + what);
    std::string_view n = cur().text;
    advance();
    return n;
  }

  // ------------------------------------------------------------------ expressions

  PyExpr *finish(PyExpr *e) {
    int d = 0;
    auto take = [&](const PyExpr *c) {
      if (c)
        d = std::max(d, c->depth);
    };
    take(e->a);
    take(e->b);
    take(e->c);
    for (auto *x : e->elts)
      take(x);
    for (auto *x : e->values)
      take(x);
    for (auto &kv : e->keywords)
      take(kv.second);
    e->depth = d + 1;
    if (e->depth > kMaxExprDepth)
      fail(e->loc,
           "expression too deeply nested (more than " + std::to_string(kMaxExprDepth) + " levels)");
    return e;
  }

  PyExpr *test() {
    Guard g(nesting_, cur().loc);
    if (is_kw(Kw::Lambda))
      return lambda();
    PyExpr *e = or_test();
    if (is_kw(Kw::If)) {
      advance();
      PyExpr *cond = or_test();
      if (!accept_kw(Kw::Else))
        syntax_error("expected 'else' after 'if' expression");
      PyExpr *other = test();
      PyExpr *r = arena_.expr(PyExprKind::IfExp, e->loc);
      r->a = cond;
      r->b = e;
      r->c = other;
      return finish(r);
    }
    if (is_op(Op::ColonEqual))
      syntax_error("assignment expressions (':=') are not supported in TVMScript");
    return e;
  }

  // `lambda a, b: body`, positional parameters only (T.comm_reducer's combiner).
  PyExpr *lambda() {
    PyExpr *r = arena_.expr(PyExprKind::Lambda, cur().loc);
    advance();
    if (!is_op(Op::Colon)) {
      do {
        PyExpr *p = arena_.expr(PyExprKind::Name, cur().loc);
        p->id = expect_name("a lambda parameter name");
        r->elts.push_back(finish(p));
      } while (accept_op(Op::Comma));
    }
    expect_op(Op::Colon, ":");
    r->a = test();
    return finish(r);
  }

  PyExpr *or_test() {
    PyExpr *first = and_test();
    if (!is_kw(Kw::Or))
      return first;
    PyExpr *r = arena_.expr(PyExprKind::BoolOp, first->loc);
    r->boolop = BoolOpKind::Or;
    r->elts.push_back(first);
    while (accept_kw(Kw::Or))
      r->elts.push_back(and_test());
    return finish(r);
  }
  PyExpr *and_test() {
    PyExpr *first = not_test();
    if (!is_kw(Kw::And))
      return first;
    PyExpr *r = arena_.expr(PyExprKind::BoolOp, first->loc);
    r->boolop = BoolOpKind::And;
    r->elts.push_back(first);
    while (accept_kw(Kw::And))
      r->elts.push_back(not_test());
    return finish(r);
  }

  PyExpr *not_test() {
    if (is_kw(Kw::Not)) {
      SourceLoc l = cur().loc;
      Guard g(nesting_, l);
      advance();
      PyExpr *r = arena_.expr(PyExprKind::UnaryOp, l);
      r->unop = UnaryOpKind::Not;
      r->a = not_test();
      return finish(r);
    }
    return comparison();
  }

  bool comp_op(CmpOpKind &k) {
    const Token &t = cur();
    if (t.kind != TokKind::Op && t.kw == Kw::None)
      return false;
    if (t.kind == TokKind::Op) {
      switch (t.op) {
      case Op::Less:
        k = CmpOpKind::Lt;
        break;
      case Op::Greater:
        k = CmpOpKind::Gt;
        break;
      case Op::EqEqual:
        k = CmpOpKind::Eq;
        break;
      case Op::NotEqual:
        k = CmpOpKind::NotEq;
        break;
      case Op::LessEqual:
        k = CmpOpKind::LtE;
        break;
      case Op::GreaterEqual:
        k = CmpOpKind::GtE;
        break;
      default:
        return false;
      }
      advance();
      return true;
    }
    if (is_kw(Kw::In)) {
      advance();
      k = CmpOpKind::In;
      return true;
    }
    if (is_kw(Kw::Not) && peek().kind == TokKind::Name && peek().text == "in") {
      advance();
      advance();
      k = CmpOpKind::NotIn;
      return true;
    }
    if (is_kw(Kw::Is)) {
      advance();
      k = accept_kw(Kw::Not) ? CmpOpKind::IsNot : CmpOpKind::Is;
      return true;
    }
    return false;
  }

  PyExpr *comparison() {
    PyExpr *first = bitor_expr();
    CmpOpKind k;
    if (!comp_op(k))
      return first;
    PyExpr *r = arena_.expr(PyExprKind::Compare, first->loc);
    r->a = first;
    do {
      r->cmpops.push_back(k);
      r->elts.push_back(bitor_expr());
    } while (comp_op(k));
    return finish(r);
  }

  PyExpr *binop(PyExpr *a, BinOpKind k, PyExpr *b) {
    PyExpr *r = arena_.expr(PyExprKind::BinOp, a->loc);
    r->binop = k;
    r->a = a;
    r->b = b;
    return finish(r);
  }

  // Binary operators by precedence climbing (| ^ & << >> + - * / // % @), all left-associative.
  static int precedence(const Token &t, BinOpKind &k) {
    if (t.kind != TokKind::Op)
      return 0;
    switch (t.op) {
    case Op::VBar:
      k = BinOpKind::BitOr;
      return 1;
    case Op::Circumflex:
      k = BinOpKind::BitXor;
      return 2;
    case Op::Amper:
      k = BinOpKind::BitAnd;
      return 3;
    case Op::LeftShift:
      k = BinOpKind::LShift;
      return 4;
    case Op::RightShift:
      k = BinOpKind::RShift;
      return 4;
    case Op::Plus:
      k = BinOpKind::Add;
      return 5;
    case Op::Minus:
      k = BinOpKind::Sub;
      return 5;
    case Op::Star:
      k = BinOpKind::Mult;
      return 6;
    case Op::Slash:
      k = BinOpKind::Div;
      return 6;
    case Op::DoubleSlash:
      k = BinOpKind::FloorDiv;
      return 6;
    case Op::Percent:
      k = BinOpKind::Mod;
      return 6;
    case Op::At:
      k = BinOpKind::MatMult;
      return 6;
    default:
      return 0;
    }
  }
  PyExpr *binary(int min_prec) {
    PyExpr *e = factor();
    BinOpKind k;
    for (int p = precedence(cur(), k); p >= min_prec && p > 0; p = precedence(cur(), k)) {
      advance();
      PyExpr *rhs = binary(p + 1);
      e = binop(e, k, rhs);
    }
    return e;
  }
  PyExpr *bitor_expr() { return binary(1); }
  PyExpr *factor() {
    UnaryOpKind k;
    if (is_op(Op::Plus))
      k = UnaryOpKind::UAdd;
    else if (is_op(Op::Minus))
      k = UnaryOpKind::USub;
    else if (is_op(Op::Tilde))
      k = UnaryOpKind::Invert;
    else
      return power();
    SourceLoc l = cur().loc;
    Guard g(nesting_, l);
    advance();
    PyExpr *r = arena_.expr(PyExprKind::UnaryOp, l);
    r->unop = k;
    r->a = factor();
    return finish(r);
  }
  PyExpr *power() {
    PyExpr *e = atom_expr();
    if (is_op(Op::DoubleStar)) {
      Guard g(nesting_, cur().loc);
      advance();
      e = binop(e, BinOpKind::Pow, factor());
    }
    return e;
  }

  PyExpr *atom_expr() {
    if (is_kw(Kw::Await))
      syntax_error("'await' is not supported in TVMScript");
    PyExpr *e = atom();
    while (true) {
      if (is_op(Op::LPar)) {
        advance();
        PyExpr *call = arena_.expr(PyExprKind::Call, e->loc);
        call->a = e;
        arguments(call);
        e = finish(call);
      } else if (is_op(Op::LSqb)) {
        advance();
        PyExpr *sub = arena_.expr(PyExprKind::Subscript, e->loc);
        sub->a = e;
        sub->b = subscript_list();
        e = finish(sub);
      } else if (is_op(Op::Dot)) {
        advance();
        PyExpr *attr = arena_.expr(PyExprKind::Attribute, e->loc);
        attr->a = e;
        attr->id = expect_name("an attribute name after '.'");
        e = finish(attr);
      } else {
        return e;
      }
    }
  }

  void arguments(PyExpr *call) {
    bool seen_keyword = false;
    while (!is_op(Op::RPar)) {
      if (is_op(Op::Star) || is_op(Op::DoubleStar))
        syntax_error("'*' and '**' arguments are not supported in TVMScript");
      if (cur().kind == TokKind::Name && peek().kind == TokKind::Op && peek().op == Op::Equal) {
        std::string_view name = expect_name("an argument name");
        advance(); // '='
        for (auto &kv : call->keywords)
          if (kv.first == name)
            fail(toks_[i_ - 2].loc, "keyword argument repeated: " + std::string(name));
        call->keywords.emplace_back(name, test());
        seen_keyword = true;
      } else {
        SourceLoc l = cur().loc;
        PyExpr *arg = test();
        if (is_kw(Kw::For))
          syntax_error("comprehensions are not supported in TVMScript");
        if (seen_keyword)
          fail(l, "positional argument follows keyword argument");
        call->elts.push_back(arg);
      }
      if (!accept_op(Op::Comma))
        break;
    }
    expect_op(Op::RPar, ")");
  }

  // One element of a subscript: an expression or a slice.
  PyExpr *subscript() {
    SourceLoc l = cur().loc;
    PyExpr *lower = nullptr;
    if (!is_op(Op::Colon)) {
      lower = test();
      if (!is_op(Op::Colon))
        return lower;
    }
    advance(); // ':'
    PyExpr *s = arena_.expr(PyExprKind::Slice, lower ? lower->loc : l);
    s->a = lower;
    if (!is_op(Op::Colon) && !is_op(Op::Comma) && !is_op(Op::RSqb))
      s->b = test();
    if (accept_op(Op::Colon)) {
      if (!is_op(Op::Comma) && !is_op(Op::RSqb))
        s->c = test();
    }
    return finish(s);
  }

  PyExpr *subscript_list() {
    SourceLoc l = cur().loc;
    if (is_op(Op::RSqb))
      syntax_error("empty subscript");
    PyExpr *first = subscript();
    if (!is_op(Op::Comma)) {
      expect_op(Op::RSqb, "]");
      return first;
    }
    PyExpr *t = arena_.expr(PyExprKind::Tuple, l);
    t->elts.push_back(first);
    while (accept_op(Op::Comma)) {
      if (is_op(Op::RSqb))
        break;
      t->elts.push_back(subscript());
    }
    expect_op(Op::RSqb, "]");
    return finish(t);
  }

  PyExpr *constant(ConstKind k, SourceLoc l) {
    PyExpr *e = arena_.expr(PyExprKind::Constant, l);
    e->ckind = k;
    return e;
  }

  PyExpr *atom() {
    const Token &t = cur();
    SourceLoc l = t.loc;
    switch (t.kind) {
    case TokKind::Name: {
      if (t.kw == Kw::True || t.kw == Kw::False) {
        PyExpr *e = constant(ConstKind::Bool, l);
        e->bval = t.kw == Kw::True;
        advance();
        return e;
      }
      if (t.kw == Kw::NoneLit) {
        advance();
        return constant(ConstKind::None, l);
      }
      if (t.kw != Kw::None)
        syntax_error();
      PyExpr *e = arena_.expr(PyExprKind::Name, l);
      e->id = t.text;
      advance();
      return e;
    }
    case TokKind::Int: {
      PyExpr *e = constant(ConstKind::Int, l);
      e->ival = static_cast<__int128>(t.int_value);
      advance();
      return e;
    }
    case TokKind::Float: {
      PyExpr *e = constant(ConstKind::Float, l);
      e->fval = t.float_value;
      advance();
      return e;
    }
    case TokKind::String: {
      PyExpr *e = constant(ConstKind::Str, l);
      e->str_content_loc = t.content_loc;
      e->sval = &lex_.strings[t.str_index];
      advance();
      if (cur().kind == TokKind::String) {
        // Adjacent literals concatenate; keep the joined text in a new arena-owned string.
        std::string joined = *e->sval;
        while (cur().kind == TokKind::String) {
          joined += lex_.strings[cur().str_index];
          advance();
        }
        e->sval = arena_.string(std::move(joined));
      }
      return e;
    }
    case TokKind::Op:
      break;
    default:
      syntax_error();
    }
    switch (t.op) {
    case Op::Ellipsis:
      advance();
      return constant(ConstKind::Ellipsis, l);
    case Op::LPar: {
      advance();
      if (accept_op(Op::RPar))
        return finish(arena_.expr(PyExprKind::Tuple, l));
      PyExpr *first = test();
      if (is_kw(Kw::For))
        syntax_error("comprehensions are not supported in TVMScript");
      if (!is_op(Op::Comma)) {
        expect_op(Op::RPar, ")");
        return first;
      }
      PyExpr *tup = arena_.expr(PyExprKind::Tuple, l);
      tup->elts.push_back(first);
      while (accept_op(Op::Comma)) {
        if (is_op(Op::RPar))
          break;
        tup->elts.push_back(test());
      }
      expect_op(Op::RPar, ")");
      return finish(tup);
    }
    case Op::LSqb: {
      advance();
      PyExpr *list = arena_.expr(PyExprKind::List, l);
      while (!is_op(Op::RSqb)) {
        list->elts.push_back(test());
        if (is_kw(Kw::For))
          syntax_error("comprehensions are not supported in TVMScript");
        if (!accept_op(Op::Comma))
          break;
      }
      expect_op(Op::RSqb, "]");
      return finish(list);
    }
    case Op::LBrace: {
      advance();
      PyExpr *dict = arena_.expr(PyExprKind::Dict, l);
      while (!is_op(Op::RBrace)) {
        if (is_op(Op::DoubleStar))
          syntax_error("'**' in dict displays is not supported in TVMScript");
        PyExpr *key = test();
        if (!is_op(Op::Colon))
          syntax_error("set displays are not supported in TVMScript (expected ':')");
        advance();
        dict->elts.push_back(key);
        dict->values.push_back(test());
        if (is_kw(Kw::For))
          syntax_error("comprehensions are not supported in TVMScript");
        if (!accept_op(Op::Comma))
          break;
      }
      expect_op(Op::RBrace, "}");
      return finish(dict);
    }
    default:
      syntax_error();
    }
  }

  // test (',' test)* [','] -> a Tuple when there is a comma.
  PyExpr *testlist() {
    SourceLoc l = cur().loc;
    if (is_op(Op::Star))
      syntax_error("starred expressions are not supported in TVMScript");
    PyExpr *first = test();
    if (!is_op(Op::Comma))
      return first;
    PyExpr *t = arena_.expr(PyExprKind::Tuple, l);
    t->elts.push_back(first);
    while (accept_op(Op::Comma)) {
      if (at_expr_end())
        break;
      if (is_op(Op::Star))
        syntax_error("starred expressions are not supported in TVMScript");
      t->elts.push_back(test());
    }
    return finish(t);
  }

  // Targets of `for`: expr (',' expr)* (not `test`, which would swallow `in`).
  PyExpr *exprlist() {
    SourceLoc l = cur().loc;
    PyExpr *first = bitor_expr();
    if (!is_op(Op::Comma))
      return first;
    PyExpr *t = arena_.expr(PyExprKind::Tuple, l);
    t->elts.push_back(first);
    while (accept_op(Op::Comma)) {
      if (is_kw(Kw::In))
        break;
      t->elts.push_back(bitor_expr());
    }
    return finish(t);
  }

  bool at_expr_end() const {
    const Token &t = cur();
    if (t.kind == TokKind::Newline || t.kind == TokKind::End)
      return true;
    return t.kind == TokKind::Op &&
           (t.op == Op::Equal || t.op == Op::Semi || t.op == Op::Colon || t.op == Op::AugAssign ||
            t.op == Op::RPar || t.op == Op::RSqb || t.op == Op::RBrace);
  }

  // ------------------------------------------------------------------ statements

  void stmt(PyBody &out) {
    Guard g(nesting_, cur().loc);
    const Token &t = cur();
    if (t.kind == TokKind::Indent)
      fail(t.loc, "unexpected indent");
    if (t.kind == TokKind::Op && t.op == Op::At) {
      out.push_back(decorated());
      return;
    }
    if (t.kind == TokKind::Name && t.kw != Kw::None) {
      switch (t.kw) {
      case Kw::Def:
        return out.push_back(funcdef({}));
      case Kw::Class:
        return out.push_back(classdef({}));
      case Kw::If:
        return out.push_back(if_stmt());
      case Kw::While:
        return out.push_back(while_stmt());
      case Kw::For:
        return out.push_back(for_stmt());
      case Kw::With:
        return out.push_back(with_stmt());
      case Kw::Try:
      case Kw::Async:
        fail(t.loc, "'" + std::string(t.text) + "' statements are not supported in TVMScript");
      case Kw::Elif:
      case Kw::Else:
      case Kw::Except:
      case Kw::Finally:
        syntax_error();
      default:
        break;
      }
    }
    simple_stmts(out);
  }

  void suite(PyBody &out) {
    if (cur().kind != TokKind::Newline) {
      simple_stmts(out);
      return;
    }
    advance();
    if (cur().kind != TokKind::Indent)
      syntax_error("expected an indented block");
    advance();
    while (cur().kind != TokKind::Dedent && cur().kind != TokKind::End)
      stmt(out);
    if (cur().kind == TokKind::Dedent)
      advance();
  }

  void simple_stmts(PyBody &out) {
    out.push_back(small_stmt());
    while (accept_op(Op::Semi)) {
      if (cur().kind == TokKind::Newline)
        break;
      out.push_back(small_stmt());
    }
    if (cur().kind != TokKind::Newline)
      syntax_error();
    advance();
  }

  PyStmt *small_stmt() {
    const Token &t = cur();
    SourceLoc l = t.loc;
    if (t.kind == TokKind::Name && t.kw != Kw::None) {
      std::string_view w = t.text;
      if (w == "pass") {
        advance();
        return arena_.stmt(PyStmtKind::Pass, l);
      }
      if (w == "return") {
        advance();
        PyStmt *s = arena_.stmt(PyStmtKind::Return, l);
        if (!at_expr_end())
          s->value = testlist();
        return s;
      }
      if (w == "assert") {
        advance();
        PyStmt *s = arena_.stmt(PyStmtKind::Assert, l);
        s->test = test();
        if (accept_op(Op::Comma))
          s->msg = test();
        return s;
      }
      if (w == "import" || w == "from")
        return import_stmt();
      if (w == "break" || w == "continue" || w == "global" || w == "nonlocal" || w == "del" ||
          w == "raise" || w == "yield")
        fail(l, "'" + std::string(w) + "' statements are not supported in TVMScript");
    }
    PyExpr *first = testlist();
    if (is_op(Op::Colon)) {
      advance();
      PyStmt *s = arena_.stmt(PyStmtKind::AnnAssign, l);
      s->target = first;
      s->annotation = test();
      if (accept_op(Op::Equal))
        s->value = testlist();
      return s;
    }
    if (is_op(Op::AugAssign)) {
      PyStmt *s = arena_.stmt(PyStmtKind::AugAssign, l);
      s->aug_op = cur().text;
      advance();
      s->target = first;
      s->value = testlist();
      return s;
    }
    if (is_op(Op::Equal)) {
      PyStmt *s = arena_.stmt(PyStmtKind::Assign, l);
      s->targets.push_back(first);
      while (accept_op(Op::Equal))
        s->targets.push_back(testlist());
      s->value = s->targets.back();
      s->targets.pop_back();
      return s;
    }
    PyStmt *s = arena_.stmt(PyStmtKind::ExprStmt, l);
    s->value = first;
    return s;
  }

  std::string dotted_name() {
    std::string name(expect_name("a module name"));
    while (accept_op(Op::Dot)) {
      name += '.';
      name += expect_name("a module name");
    }
    return name;
  }

  PyStmt *import_stmt() {
    PyStmt *s = arena_.stmt(PyStmtKind::Import, cur().loc);
    if (accept_kw(Kw::Import)) {
      do {
        std::string name = dotted_name();
        std::string_view as;
        if (accept_kw(Kw::As))
          as = expect_name("a name after 'as'");
        s->names.emplace_back(std::move(name), as);
      } while (accept_op(Op::Comma));
      return s;
    }
    advance(); // from
    if (is_op(Op::Dot) || is_op(Op::Ellipsis))
      syntax_error("relative imports are not supported in TVMScript");
    s->module = dotted_name();
    if (!accept_kw(Kw::Import))
      syntax_error("expected 'import'");
    if (is_op(Op::Star))
      syntax_error("'import *' is not supported in TVMScript");
    bool paren = accept_op(Op::LPar);
    do {
      if (paren && is_op(Op::RPar))
        break;
      std::string name(expect_name("a name to import"));
      std::string_view as;
      if (accept_kw(Kw::As))
        as = expect_name("a name after 'as'");
      s->names.emplace_back(std::move(name), as);
    } while (accept_op(Op::Comma));
    if (paren)
      expect_op(Op::RPar, ")");
    return s;
  }

  PyStmt *decorated() {
    std::vector<PyExpr *> decorators;
    while (is_op(Op::At)) {
      advance();
      decorators.push_back(test());
      if (cur().kind != TokKind::Newline)
        syntax_error("expected a newline after the decorator");
      advance();
    }
    if (is_kw(Kw::Def))
      return funcdef(std::move(decorators));
    if (is_kw(Kw::Class))
      return classdef(std::move(decorators));
    syntax_error("expected 'def' or 'class' after decorators");
  }

  PyStmt *funcdef(std::vector<PyExpr *> decorators) {
    PyStmt *s = arena_.stmt(PyStmtKind::FunctionDef, cur().loc);
    s->decorators = std::move(decorators);
    advance(); // def
    s->name = expect_name("a function name");
    expect_op(Op::LPar, "(");
    while (!is_op(Op::RPar)) {
      if (is_op(Op::Star) || is_op(Op::DoubleStar) || is_op(Op::Slash))
        syntax_error("'*', '**' and '/' parameters are not supported in TVMScript");
      PyArg a;
      a.loc = cur().loc;
      a.name = expect_name("a parameter name");
      for (const auto &prev : s->args)
        if (prev.name == a.name)
          fail(a.loc, "duplicate argument '" + std::string(a.name) + "' in function definition");
      if (accept_op(Op::Colon))
        a.annotation = test();
      if (is_op(Op::Equal))
        syntax_error("default parameter values are not supported in TVMScript");
      s->args.push_back(a);
      if (!accept_op(Op::Comma))
        break;
    }
    expect_op(Op::RPar, ")");
    if (accept_op(Op::Arrow))
      s->returns = test();
    expect_op(Op::Colon, ":");
    suite(s->body);
    return s;
  }

  PyStmt *classdef(std::vector<PyExpr *> decorators) {
    PyStmt *s = arena_.stmt(PyStmtKind::ClassDef, cur().loc);
    s->decorators = std::move(decorators);
    advance(); // class
    s->name = expect_name("a class name");
    if (accept_op(Op::LPar)) {
      if (!is_op(Op::RPar))
        syntax_error("base classes are not supported in TVMScript");
      advance();
    }
    expect_op(Op::Colon, ":");
    suite(s->body);
    return s;
  }

  PyStmt *if_stmt() {
    PyStmt *s = arena_.stmt(PyStmtKind::If, cur().loc);
    advance(); // if
    s->test = test();
    expect_op(Op::Colon, ":");
    suite(s->body);
    PyStmt *last = s;
    int elifs = 0;
    while (is_kw(Kw::Elif)) {
      if (++elifs > kMaxNesting)
        fail(cur().loc, "too many 'elif' branches (more than " + std::to_string(kMaxNesting) + ")");
      PyStmt *e = arena_.stmt(PyStmtKind::If, cur().loc);
      advance();
      e->test = test();
      expect_op(Op::Colon, ":");
      suite(e->body);
      last->orelse.push_back(e);
      last = e;
    }
    if (accept_kw(Kw::Else)) {
      expect_op(Op::Colon, ":");
      suite(last->orelse);
    }
    return s;
  }

  PyStmt *while_stmt() {
    PyStmt *s = arena_.stmt(PyStmtKind::While, cur().loc);
    advance();
    s->test = test();
    expect_op(Op::Colon, ":");
    suite(s->body);
    if (is_kw(Kw::Else))
      syntax_error("'while ... else' is not supported in TVMScript");
    return s;
  }

  PyStmt *for_stmt() {
    PyStmt *s = arena_.stmt(PyStmtKind::For, cur().loc);
    advance();
    s->target = exprlist();
    if (!accept_kw(Kw::In))
      syntax_error("expected 'in'");
    s->value = testlist();
    expect_op(Op::Colon, ":");
    suite(s->body);
    if (is_kw(Kw::Else))
      syntax_error("'for ... else' is not supported in TVMScript");
    return s;
  }

  PyStmt *with_stmt() {
    PyStmt *s = arena_.stmt(PyStmtKind::With, cur().loc);
    advance();
    do {
      PyWithItem item;
      item.context = test();
      if (accept_kw(Kw::As))
        item.vars = exprlist();
      s->items.push_back(item);
    } while (accept_op(Op::Comma));
    expect_op(Op::Colon, ":");
    suite(s->body);
    return s;
  }
};

} // namespace

PyModule parse_python(const LexResult &lex, PyArena &arena) {
  Parser p(lex, arena);
  return p.file();
}

} // namespace tirconf::ir::script
