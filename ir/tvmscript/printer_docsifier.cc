// Frames and names (TVM's ir_docsifier.cc): a name is defined in the frame of the scope that
// declares it and freed when that frame ends; a Var or Buffer used without a definition is
// declared (`v = T.int32()`, `X = T.Buffer(...)`) in the innermost open frame whose statement
// encloses all of its uses (the "common prefix" of its uses). Also how types and Var
// declarations print.
#include <algorithm>
#include <cassert>
#include <cctype>

#include "ir/tvmscript/printer_internal.h"
#include "ir/tvmscript/printer_literals.h"

namespace tirconf::ir::printer {

// ---------------------------------------------------------------------------------------------
// Where each Var and Buffer is used: the statements enclosing all uses (SetCommonPrefix).

namespace {

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

const char *kPythonKeywords[] = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield",
};

} // namespace

std::unordered_map<const void *, Path> common_use_prefixes(const PrimFuncNode &f) {
  PrefixCollector pc;
  pc.run(&f);
  return std::move(pc.prefix);
}

// ---------------------------------------------------------------------------------------------
// Frames and names

Printer::Printer(const ModuleContext *mod, bool standalone) : mod_(mod), standalone_(standalone) {
  for (const char *k : {"I", "T", "R", "cls"})
    reserved_.insert(k);
  for (const char *k : kPythonKeywords)
    reserved_.insert(k);
  if (mod_ && !mod_->name.empty())
    reserved_.insert(mod_->name);
}

void Printer::exit_frame(Frame &f) {
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

// A Var defined inline by a Buffer that is out of scope by now brings the Buffer back with a
// T.Buffer declaration, as TVM's doc factory does.
std::string Printer::doc_of(const void *obj) {
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
std::string Printer::unique_name(std::string hint) const {
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

std::string Printer::define(const void *obj, Frame &f, const std::string &hint) {
  if (defined(obj))
    return doc_of(obj);
  std::string name = unique_name(hint);
  used_.insert(name);
  info_[obj] = Info{name, nullptr, ""};
  f.owned.push_back(obj);
  return name;
}

void Printer::define_inline(const void *obj, Frame &f, Buffer base, std::string suffix) {
  info_[obj] = Info{"", std::move(base), std::move(suffix)};
  f.owned.push_back(obj);
}

std::string Printer::define_var(const VarNode *v, Frame &f) {
  return define(v, f, v->name_hint.empty() ? "v" : v->name_hint);
}

std::string Printer::define_buffer(const BufferNode *b, Frame &f) {
  return define(b, f, b->name.empty() ? "buffer" : b->name);
}

// FindLowestVarDef: the open frame of the innermost statement enclosing all uses of obj; the
// function's frame if none.
// Two open frames print the same statement when it is the whole branch of an IfThenElse (the
// branch's frame and the statement's own, e.g. a concise `assert`'s body). TVM takes the outer
// one, so a Var's declaration goes in the branch before the statement; so does a Var's here.
// Deviations, both about declarations TVM prints where they do not read back:
// - For a Buffer the inner frame is taken: in the outer one a T.Buffer over an allocation
//   would land before the `p = T.allocate(...)` that defines its data.
// - TVM opens a For's frame before printing its bounds, so a Var first met in `range(n)`
//   is declared inside the loop; a For's frame is skipped until its body starts.
Printer::Frame &Printer::lowest_def_frame(const void *obj, SameStmt same) {
  auto it = prefix_.find(obj);
  if (it != prefix_.end()) {
    std::unordered_map<const void *, Frame *> by_tir;
    auto note = [&](Frame *f) {
      if (!f->header)
        by_tir[f->tir] = f;
    };
    if (same == SameStmt::Outer)
      std::for_each(frames_.rbegin(), frames_.rend(), note);
    else
      std::for_each(frames_.begin(), frames_.end(), note);
    for (auto p = it->second.rbegin(); p != it->second.rend(); ++p)
      if (auto f = by_tir.find(*p); f != by_tir.end())
        return *f->second;
  }
  return *frames_.front();
}

// IsAncestorOfAllVarUse: every occurrence of obj is inside stmt.
bool Printer::encloses_all_uses(const void *stmt, const void *obj) const {
  auto p = prefix_.find(obj);
  return p != prefix_.end() &&
         std::find(p->second.begin(), p->second.end(), stmt) != p->second.end();
}

// Of two open frames, the one further out.
Printer::Frame &Printer::outer(Frame &a, Frame &b) {
  for (Frame *f : frames_) {
    if (f == &a)
      return a;
    if (f == &b)
      return b;
  }
  return a;
}

// ---------------------------------------------------------------------------------------------
// Types and variable creation

std::string Printer::type_doc(const Type &t) {
  switch (t.kind) {
  case Type::Kind::Prim:
    return "T." + dtype_str(t.dtype);
  case Type::Kind::Pointer: {
    std::string elem =
        t.element && t.element->is_prim() ? dtype_literal(t.element->dtype) : type_doc(*t.element);
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
// Deviation: TVM prints `T.float32x2()` and `T.uint1x4()`, which its T namespace lacks;
// a dtype without a constructor declares the Var as `T.Var("name", "float32x2")`.
std::string Printer::var_creation(const VarNode *v, const std::string &name) {
  if (v->type_annotation.is_pointer())
    return type_doc(v->type_annotation);
  if (!has_tvm_dtype_constructor(v->dtype))
    return call_text("T.Var", {python_str_literal(name), dtype_literal(v->dtype)});
  return "T." + dtype_str(v->dtype) + (v->size_var ? "(is_size_var=True)" : "()");
}

} // namespace tirconf::ir::printer
