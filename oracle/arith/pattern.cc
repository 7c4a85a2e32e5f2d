// The pattern language's parser and printer. Grammar (lowest precedence first), as Python's:
//
//   or   := and ('||' and)*           and  := not ('&&' not)*        not := '!' not | cmp
//   cmp  := sum (('=='|'!='|'<'|'<='|'>'|'>=') sum)?                  (comparisons do not chain)
//   sum  := prod (('+'|'-') prod)*     prod := unary (('*'|'//'|'%') unary)*
//   unary:= '-' unary | atom           ('-' before a literal makes a negative literal, else 0 - e)
//   atom := INT | 'true' | 'false' | NAME | FUNC '(' or (',' or)* ')' | '(' or ')'
//
// FUNC is one of Div Mod FloorDiv FloorMod Min Max Select, and `fits` in conditions. NAME is a
// constant symbol when it is `c` followed by digits, else a pattern variable.
#include "oracle/arith/pattern.h"

#include <cctype>
#include <map>

#include "ir/expr.h"

namespace tirconf::oracle::arith {

using ir::ExprKind;

bool Pat::is_bool_valued() const {
  if (kind == PatKind::BoolLit || kind == PatKind::Fits)
    return true;
  if (kind != PatKind::Op)
    return false;
  if (op == ExprKind::Select)
    return args[1]->is_bool_valued();
  return ir::is_comparison(op) || op == ExprKind::And || op == ExprKind::Or || op == ExprKind::Not;
}

PatRef pat_var(std::string name) {
  auto p = std::make_shared<Pat>();
  p->kind = PatKind::Var;
  p->name = std::move(name);
  return p;
}
PatRef pat_sym(std::string name) {
  auto p = std::make_shared<Pat>();
  p->kind = PatKind::Sym;
  p->name = std::move(name);
  return p;
}
PatRef pat_lit(int64_t v) {
  auto p = std::make_shared<Pat>();
  p->kind = PatKind::Lit;
  p->value = v;
  return p;
}
PatRef pat_op(ExprKind op, std::vector<PatRef> args) {
  auto p = std::make_shared<Pat>();
  p->kind = PatKind::Op;
  p->op = op;
  p->args = std::move(args);
  return p;
}

namespace {

// ---------------------------------------------------------------- printing
// Binding strength of each operator, as the grammar above; atoms and calls bind tightest.
int precedence(const Pat &p) {
  if (p.kind == PatKind::Lit && p.value < 0)
    return 5; // a negative literal prints as unary
  if (p.kind != PatKind::Op)
    return 7;
  switch (p.op) {
  case ExprKind::Or:
    return 0;
  case ExprKind::And:
    return 1;
  case ExprKind::Not:
    return 2;
  case ExprKind::EQ:
  case ExprKind::NE:
  case ExprKind::LT:
  case ExprKind::LE:
  case ExprKind::GT:
  case ExprKind::GE:
    return 3;
  case ExprKind::Add:
  case ExprKind::Sub:
    return 4;
  case ExprKind::Mul:
  case ExprKind::FloorDiv:
  case ExprKind::FloorMod:
    return 5;
  default:
    return 7; // Div(..), Min(..), Select(..): calls
  }
}

const char *infix(ExprKind k) {
  switch (k) {
  case ExprKind::Add:
    return " + ";
  case ExprKind::Sub:
    return " - ";
  case ExprKind::Mul:
    return " * ";
  case ExprKind::FloorDiv:
    return " // ";
  case ExprKind::FloorMod:
    return " % ";
  case ExprKind::EQ:
    return " == ";
  case ExprKind::NE:
    return " != ";
  case ExprKind::LT:
    return " < ";
  case ExprKind::LE:
    return " <= ";
  case ExprKind::GT:
    return " > ";
  case ExprKind::GE:
    return " >= ";
  case ExprKind::And:
    return " && ";
  case ExprKind::Or:
    return " || ";
  default:
    return nullptr;
  }
}

void print(const Pat &p, std::string &out);

void print_operand(const Pat &p, int min_prec, std::string &out) {
  bool paren = precedence(p) < min_prec;
  if (paren)
    out += '(';
  print(p, out);
  if (paren)
    out += ')';
}

void print(const Pat &p, std::string &out) {
  switch (p.kind) {
  case PatKind::Var:
  case PatKind::Sym:
    out += p.name;
    return;
  case PatKind::Lit:
    out += std::to_string(p.value);
    return;
  case PatKind::BoolLit:
    out += p.value ? "true" : "false";
    return;
  case PatKind::Fits:
    out += "fits(";
    print(*p.args[0], out);
    out += ')';
    return;
  case PatKind::Op:
    break;
  }
  if (p.op == ExprKind::Not) {
    out += '!';
    print_operand(*p.args[0], 7, out);
    return;
  }
  if (const char *sym = infix(p.op)) {
    int prec = precedence(p);
    // Left-associative: the left operand may share the level, the right must bind tighter;
    // comparisons do not chain, so both sides must bind tighter.
    bool cmp = ir::is_comparison(p.op);
    print_operand(*p.args[0], cmp ? prec + 1 : prec, out);
    out += sym;
    print_operand(*p.args[1], prec + 1, out);
    return;
  }
  out += ir::kind_name(p.op);
  out += '(';
  for (size_t i = 0; i < p.args.size(); ++i) {
    if (i)
      out += ", ";
    print(*p.args[i], out);
  }
  out += ')';
}

// ---------------------------------------------------------------- parsing
struct Parser {
  std::string_view s;
  bool allow_fits;
  size_t i = 0;
  PatParseError err;
  bool failed = false;

  void fail(size_t at, std::string msg) {
    if (failed)
      return;
    failed = true;
    err.offset = static_cast<int>(at);
    err.message = std::move(msg);
  }
  void skip() {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])))
      ++i;
  }
  bool peek(std::string_view tok) {
    skip();
    return s.substr(i, tok.size()) == tok;
  }
  bool eat(std::string_view tok) {
    if (!peek(tok))
      return false;
    i += tok.size();
    return true;
  }
  void expect(std::string_view tok) {
    if (!eat(tok))
      fail(i, "expected '" + std::string(tok) + "'" + found());
  }
  std::string found() {
    skip();
    if (i >= s.size())
      return ", found end of text";
    return ", found '" + std::string(1, s[i]) + "'";
  }
  PatRef at(PatRef p, size_t where) {
    if (p)
      std::const_pointer_cast<Pat>(p)->offset = static_cast<int>(where);
    return p;
  }

  PatRef parse_or() {
    skip();
    size_t start = i;
    PatRef a = parse_and();
    while (!failed && eat("||"))
      a = at(pat_op(ExprKind::Or, {a, parse_and()}), start);
    return a;
  }
  PatRef parse_and() {
    skip();
    size_t start = i;
    PatRef a = parse_not();
    while (!failed && eat("&&"))
      a = at(pat_op(ExprKind::And, {a, parse_not()}), start);
    return a;
  }
  PatRef parse_not() {
    skip();
    size_t start = i;
    if (peek("!") && !peek("!=")) {
      ++i;
      return at(pat_op(ExprKind::Not, {parse_not()}), start);
    }
    return parse_cmp();
  }
  PatRef parse_cmp() {
    skip();
    size_t start = i;
    PatRef a = parse_sum();
    static const std::pair<const char *, ExprKind> ops[] = {
        {"==", ExprKind::EQ}, {"!=", ExprKind::NE}, {"<=", ExprKind::LE},
        {">=", ExprKind::GE}, {"<", ExprKind::LT},  {">", ExprKind::GT}};
    for (auto [tok, k] : ops)
      if (!failed && eat(tok)) {
        PatRef b = parse_sum();
        for (auto [tok2, k2] : ops)
          if (!failed && peek(tok2))
            fail(i, "comparisons do not chain; add parentheses");
        return at(pat_op(k, {a, b}), start);
      }
    return a;
  }
  PatRef parse_sum() {
    skip();
    size_t start = i;
    PatRef a = parse_prod();
    while (!failed) {
      if (eat("+"))
        a = at(pat_op(ExprKind::Add, {a, parse_prod()}), start);
      else if (eat("-"))
        a = at(pat_op(ExprKind::Sub, {a, parse_prod()}), start);
      else
        break;
    }
    return a;
  }
  PatRef parse_prod() {
    skip();
    size_t start = i;
    PatRef a = parse_unary();
    while (!failed) {
      if (eat("*"))
        a = at(pat_op(ExprKind::Mul, {a, parse_unary()}), start);
      else if (eat("//"))
        a = at(pat_op(ExprKind::FloorDiv, {a, parse_unary()}), start);
      else if (eat("%"))
        a = at(pat_op(ExprKind::FloorMod, {a, parse_unary()}), start);
      else
        break;
    }
    return a;
  }
  PatRef parse_unary() {
    skip();
    size_t start = i;
    if (eat("-")) {
      skip();
      if (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
        auto lit = parse_int(start, true);
        return lit;
      }
      PatRef e = parse_unary();
      return at(pat_op(ExprKind::Sub, {at(pat_lit(0), start), e}), start);
    }
    return parse_atom();
  }
  PatRef parse_int(size_t start, bool negative) {
    // Accumulate as a negative number so that -9223372036854775808 parses.
    int64_t v = 0;
    bool overflow = false;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
      int d = s[i++] - '0';
      if (v < (INT64_MIN + d) / 10)
        overflow = true;
      else
        v = v * 10 - d;
    }
    if (!negative && v == INT64_MIN)
      overflow = true;
    if (overflow) {
      fail(start, "integer literal out of the int64 range");
      return nullptr;
    }
    return at(pat_lit(negative ? v : -v), start);
  }
  PatRef parse_atom() {
    skip();
    size_t start = i;
    if (i >= s.size()) {
      fail(i, "expected an expression, found end of text");
      return nullptr;
    }
    char ch = s[i];
    if (std::isdigit(static_cast<unsigned char>(ch)))
      return parse_int(start, false);
    if (eat("(")) {
      PatRef e = parse_or();
      expect(")");
      return e;
    }
    if (!std::isalpha(static_cast<unsigned char>(ch)) && ch != '_') {
      fail(i, std::string("unexpected '") + ch + "'");
      return nullptr;
    }
    while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_'))
      ++i;
    std::string name(s.substr(start, i - start));
    if (name == "true" || name == "false") {
      auto p = std::make_shared<Pat>();
      p->kind = PatKind::BoolLit;
      p->value = name == "true";
      return at(p, start);
    }
    static const std::map<std::string, std::pair<ExprKind, int>> funcs = {
        {"Div", {ExprKind::Div, 2}},           {"Mod", {ExprKind::Mod, 2}},
        {"FloorDiv", {ExprKind::FloorDiv, 2}}, {"FloorMod", {ExprKind::FloorMod, 2}},
        {"Min", {ExprKind::Min, 2}},           {"Max", {ExprKind::Max, 2}},
        {"Select", {ExprKind::Select, 3}}};
    bool call = peek("(");
    if (name == "fits") {
      if (!allow_fits) {
        fail(start, "fits(...) is allowed in side conditions only");
        return nullptr;
      }
      expect("(");
      auto p = std::make_shared<Pat>();
      p->kind = PatKind::Fits;
      p->args.push_back(parse_or());
      expect(")");
      return at(p, start);
    }
    if (auto f = funcs.find(name); f != funcs.end()) {
      if (!call) {
        fail(start, name + " is an operator; write " + name + "(...)");
        return nullptr;
      }
      expect("(");
      std::vector<PatRef> args;
      args.push_back(parse_or());
      while (!failed && eat(","))
        args.push_back(parse_or());
      expect(")");
      if (!failed && static_cast<int>(args.size()) != f->second.second)
        fail(start, name + " takes " + std::to_string(f->second.second) + " operands, got " +
                        std::to_string(args.size()));
      return at(pat_op(f->second.first, std::move(args)), start);
    }
    if (call) {
      fail(start, "unknown function '" + name + "'");
      return nullptr;
    }
    bool symbol = name.size() > 1 && name[0] == 'c';
    for (size_t k = 1; symbol && k < name.size(); ++k)
      symbol = std::isdigit(static_cast<unsigned char>(name[k]));
    if (!symbol && !std::islower(static_cast<unsigned char>(name[0]))) {
      fail(start, "pattern variable '" + name + "' must start with a lowercase letter");
      return nullptr;
    }
    return at(symbol ? pat_sym(name) : pat_var(name), start);
  }
};

void collect(const Pat &p, PatKind kind, std::vector<std::string> &out) {
  if (p.kind == kind) {
    for (const auto &n : out)
      if (n == p.name)
        return;
    out.push_back(p.name);
  }
  for (const auto &a : p.args)
    collect(*a, kind, out);
}

} // namespace

std::string to_string(const Pat &p) {
  std::string out;
  print(p, out);
  return out;
}

PatRef parse_pattern(std::string_view text, bool allow_fits, PatParseError &error) {
  Parser ps{text, allow_fits, 0, {}, false};
  PatRef p = ps.parse_or();
  if (!ps.failed) {
    ps.skip();
    if (ps.i < text.size())
      ps.fail(ps.i, "unexpected '" + std::string(1, text[ps.i]) + "'");
  }
  if (ps.failed) {
    error = ps.err;
    return nullptr;
  }
  return p;
}

std::vector<std::string> pattern_vars(const Pat &p) {
  std::vector<std::string> out;
  collect(p, PatKind::Var, out);
  return out;
}

std::vector<std::string> pattern_syms(const Pat &p) {
  std::vector<std::string> out;
  collect(p, PatKind::Sym, out);
  return out;
}

} // namespace tirconf::oracle::arith
