// A PrimFunc (TVM's tir/function.cc): the decorator and signature, where a buffer parameter
// prints as `A: T.Buffer(...)` or as a T.match_buffer, the attributes, and the body under the
// implicit root block.
#include <algorithm>

#include "ir/tvmscript/printer_internal.h"

namespace tirconf::ir::printer {

namespace {

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

} // namespace

std::string Printer::print_function(const PrimFunc &func, std::string_view name) {
  const PrimFuncNode &f = *func;
  prefix_ = common_use_prefixes(f);

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

} // namespace tirconf::ir::printer
