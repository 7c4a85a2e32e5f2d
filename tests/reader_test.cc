// The TVMScript reader on the programs real TVM printed (tests/data/tvm-printed) and on malformed
// input. Expected structures are worked out by hand from the text and from what TVM v0.20's
// parser builds (see ir/tvmscript/builder*.cc for the TVM sources each fact comes from).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "ir/module.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir {
namespace {

std::string slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

ReadResult read_shared(const std::string &name) {
  std::string path = std::string(TIRCONF_TVM_PRINTED_DIR) + "/" + name;
  std::string text = slurp(path);
  EXPECT_FALSE(text.empty()) << path;
  return read_tvmscript(text, path);
}

std::string diags(const ReadResult &r) {
  std::string s;
  for (const auto &d : r.diagnostics)
    s += format(d) + "\n";
  return s;
}

PrimFunc only_func(const ReadResult &r) {
  EXPECT_TRUE(r.ok()) << diags(r);
  if (!r.module || r.module->functions.size() != 1)
    return nullptr;
  return r.module->functions[0].second;
}

template <class T> const T *expect_stmt(const Stmt &s) {
  const T *p = as<T>(s);
  EXPECT_NE(p, nullptr) << "expected " << T::kName << ", got " << (s ? kind_name(s->kind) : "null");
  return p;
}
template <class T> const T *expect_expr(const PrimExpr &e) {
  const T *p = as<T>(e);
  EXPECT_NE(p, nullptr) << "expected " << T::kName << ", got " << (e ? kind_name(e->kind) : "null");
  return p;
}

int64_t int_value(const PrimExpr &e) {
  auto *i = as<IntImmNode>(e);
  EXPECT_NE(i, nullptr);
  return i ? i->value : -999;
}

const AttrValue *find_attr(const Annotations &a, const std::string &key) {
  for (const auto &[k, v] : a)
    if (k == key)
      return &v;
  return nullptr;
}

TEST(Reader, EverySharedFileReadsWithoutDiagnostics) {
  for (const char *name :
       {"Module.py", "add.py", "alloc.py", "attrs.py", "blk_alloc.py", "exprs.py", "launch.py",
        "match_in_block.py", "matmul.py", "misc.py", "predicate_and_where.py", "realize_alloc.py",
        "reduce_two.py", "ret_scalar.py", "symbolic.py", "threads.py", "vectors.py",
        "zero_dim.py"}) {
    ReadResult r = read_shared(name);
    EXPECT_TRUE(r.ok()) << name << "\n" << diags(r);
    EXPECT_TRUE(r.docstring.empty()) << name;
  }
}

TEST(Reader, Matmul) {
  ReadResult r = read_shared("matmul.py");
  PrimFunc f = only_func(r);
  ASSERT_TRUE(f);
  EXPECT_FALSE(r.module->is_module);
  EXPECT_EQ(r.module->functions[0].first->name_hint, "matmul");
  ASSERT_EQ(f->params.size(), 3u);
  ASSERT_EQ(f->buffer_map.size(), 3u);
  // Buffer parameters: a handle Var named <buffer>_handle, the buffer in buffer_map.
  EXPECT_EQ(f->params[0]->name_hint, "A_handle");
  EXPECT_EQ(f->params[0]->dtype, DataType::Handle());
  Buffer A = f->buffer_for(f->params[0]);
  ASSERT_TRUE(A);
  EXPECT_EQ(A->name, "A");
  EXPECT_EQ(A->dtype, DataType::Float(32));
  ASSERT_EQ(A->shape.size(), 2u);
  EXPECT_EQ(int_value(A->shape[0]), 16);
  EXPECT_EQ(A->data->name_hint, "A");
  EXPECT_EQ(A->data->type_annotation, Type::Pointer(Type::Prim(DataType::Float(32)), "global"));
  EXPECT_EQ(int_value(A->elem_offset), 0);
  EXPECT_EQ(A->data_alignment, 64);
  EXPECT_EQ(A->offset_factor, 1);
  ASSERT_TRUE(f->ret_type == std::nullopt);
  const AttrValue *sym = find_attr(f->attrs, "global_symbol");
  ASSERT_NE(sym, nullptr);
  EXPECT_EQ(as<StringImmNode>(sym->expr)->value, "matmul");

  // Implicit root block around three nested serial loops.
  auto *root = expect_stmt<BlockRealizeNode>(f->body);
  ASSERT_TRUE(root);
  EXPECT_TRUE(root->iter_values.empty());
  EXPECT_EQ(int_value(root->predicate), 1);
  EXPECT_EQ(root->predicate->dtype, DataType::Bool());
  EXPECT_EQ(root->block->name_hint, "root");
  EXPECT_TRUE(root->block->iter_vars.empty() && root->block->reads.empty() &&
              root->block->writes.empty());
  EXPECT_TRUE(root->block->alloc_buffers.empty());
  std::vector<Var> loop_vars;
  Stmt s = root->block->body;
  for (int k = 0; k < 3; ++k) {
    auto *loop = expect_stmt<ForNode>(s);
    ASSERT_TRUE(loop);
    EXPECT_EQ(loop->for_kind, ForKind::Serial);
    EXPECT_EQ(int_value(loop->min), 0);
    EXPECT_EQ(int_value(loop->extent), 16);
    loop_vars.push_back(loop->loop_var);
    s = loop->body;
  }
  EXPECT_EQ(loop_vars[0]->name_hint, "i");
  EXPECT_EQ(loop_vars[2]->name_hint, "k");
  auto *br = expect_stmt<BlockRealizeNode>(s);
  ASSERT_TRUE(br);
  ASSERT_EQ(br->iter_values.size(), 3u);
  for (int k = 0; k < 3; ++k)
    EXPECT_EQ(br->iter_values[k], PrimExpr(loop_vars[k]));
  const BlockNode *blk = br->block.get();
  EXPECT_EQ(blk->name_hint, "C");
  ASSERT_EQ(blk->iter_vars.size(), 3u);
  EXPECT_EQ(blk->iter_vars[0]->iter_type, IterVarType::DataPar);
  EXPECT_EQ(blk->iter_vars[1]->iter_type, IterVarType::DataPar);
  EXPECT_EQ(blk->iter_vars[2]->iter_type, IterVarType::CommReduce);
  EXPECT_EQ(blk->iter_vars[2]->var->name_hint, "vk");
  // T.axis.remap takes each var's domain from its loop: Range(0, 16).
  ASSERT_TRUE(blk->iter_vars[0]->dom);
  EXPECT_EQ(int_value(blk->iter_vars[0]->dom->min), 0);
  EXPECT_EQ(int_value(blk->iter_vars[0]->dom->extent), 16);
  Var vi = blk->iter_vars[0]->var, vj = blk->iter_vars[1]->var, vk = blk->iter_vars[2]->var;
  ASSERT_EQ(blk->reads.size(), 2u);
  EXPECT_EQ(blk->reads[0].buffer, A);
  ASSERT_EQ(blk->reads[0].region.size(), 2u);
  EXPECT_EQ(blk->reads[0].region[0].min, PrimExpr(vi));
  EXPECT_EQ(int_value(blk->reads[0].region[0].extent), 1);
  EXPECT_EQ(blk->reads[0].region[1].min, PrimExpr(vk));
  EXPECT_EQ(blk->reads[1].region[0].min, PrimExpr(vj));
  ASSERT_EQ(blk->writes.size(), 1u);
  EXPECT_EQ(blk->writes[0].buffer->name, "C");
  // with T.init(): C[vi, vj] = T.float32(0.0)
  auto *init = expect_stmt<BufferStoreNode>(blk->init);
  ASSERT_TRUE(init);
  auto *zero = expect_expr<FloatImmNode>(init->value);
  ASSERT_TRUE(zero);
  EXPECT_EQ(zero->value, 0.0);
  EXPECT_EQ(zero->dtype, DataType::Float(32));
  // C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]
  auto *store = expect_stmt<BufferStoreNode>(blk->body);
  ASSERT_TRUE(store);
  ASSERT_EQ(store->indices.size(), 2u);
  EXPECT_EQ(store->indices[0], PrimExpr(vi));
  EXPECT_EQ(store->indices[1], PrimExpr(vj));
  auto *add = expect_expr<AddNode>(store->value);
  ASSERT_TRUE(add);
  EXPECT_TRUE(as<BufferLoadNode>(add->a));
  auto *mul = expect_expr<MulNode>(add->b);
  ASSERT_TRUE(mul);
  EXPECT_EQ(as<BufferLoadNode>(mul->b)->buffer->name, "B");
  // Source locations: the store starts at line 13, column 13.
  EXPECT_EQ(store->loc.line, 13u);
  EXPECT_EQ(store->loc.col, 13u);
  EXPECT_EQ(vi->loc.line, 8u);
}

TEST(Reader, MiscVectorStoreAndLiterals) {
  ReadResult r = read_shared("misc.py");
  PrimFunc f = only_func(r);
  ASSERT_TRUE(f);
  // Top-level T.alloc_buffer becomes the implicit root block's allocation.
  auto *root = expect_stmt<BlockRealizeNode>(f->body);
  ASSERT_TRUE(root);
  ASSERT_EQ(root->block->alloc_buffers.size(), 1u);
  Buffer k = root->block->alloc_buffers[0];
  EXPECT_EQ(k->name, "k");
  EXPECT_EQ(k->dtype, DataType::Int(32));
  auto *seq = expect_stmt<SeqStmtNode>(root->block->body);
  ASSERT_TRUE(seq);
  ASSERT_EQ(seq->seq.size(), 8u);
  // B[i] = T.Cast("int64", A[i]) * T.int64(3) + T.int64(-1)
  auto *loop0 = expect_stmt<ForNode>(seq->seq[0]);
  auto *st0 = expect_stmt<BufferStoreNode>(loop0->body);
  auto *add0 = expect_expr<AddNode>(st0->value);
  ASSERT_TRUE(add0);
  EXPECT_EQ(add0->b->dtype, DataType::Int(64));
  EXPECT_EQ(int_value(add0->b), -1);
  EXPECT_EQ(add0->dtype, DataType::Int(64));
  // for i in T.vectorized(4): C[i:i + 4:2] = T.Broadcast(T.float32(0.5), 2)
  auto *vloop = expect_stmt<ForNode>(seq->seq[1]);
  ASSERT_TRUE(vloop);
  EXPECT_EQ(vloop->for_kind, ForKind::Vectorized);
  auto *vst = expect_stmt<BufferStoreNode>(vloop->body);
  ASSERT_TRUE(vst);
  ASSERT_EQ(vst->indices.size(), 1u);
  auto *ramp = expect_expr<RampNode>(vst->indices[0]);
  ASSERT_TRUE(ramp);
  EXPECT_EQ(ramp->base, PrimExpr(vloop->loop_var));
  EXPECT_EQ(int_value(ramp->stride), 2);
  EXPECT_EQ(ramp->lanes, 2);
  auto *bc = expect_expr<BroadcastNode>(vst->value);
  ASSERT_TRUE(bc);
  EXPECT_EQ(bc->lanes, 2);
  EXPECT_EQ(bc->dtype, DataType::Float(32, 2));
  // parallel loop with if/else; D is a bool buffer whose data pointer is int8 (BufferDecl).
  auto *ploop = expect_stmt<ForNode>(seq->seq[2]);
  EXPECT_EQ(ploop->for_kind, ForKind::Parallel);
  auto *ite = expect_stmt<IfThenElseNode>(ploop->body);
  ASSERT_TRUE(ite && ite->else_case);
  auto *gt = expect_expr<GTNode>(ite->condition);
  ASSERT_TRUE(gt);
  EXPECT_EQ(gt->b->dtype, DataType::Int(8));
  auto *dst = expect_stmt<BufferStoreNode>(ite->then_case);
  EXPECT_EQ(dst->buffer->dtype, DataType::Bool());
  EXPECT_EQ(dst->buffer->data->type_annotation,
            Type::Pointer(Type::Prim(DataType::Int(8)), "global"));
  EXPECT_EQ(dst->value->dtype, DataType::Bool());
  EXPECT_EQ(int_value(dst->value), 1);
  auto *eq = expect_expr<EQNode>(expect_stmt<BufferStoreNode>(ite->else_case)->value);
  EXPECT_EQ(int_value(eq->b), -128);
  EXPECT_EQ(expect_stmt<ForNode>(seq->seq[3])->for_kind, ForKind::Unrolled);
  // for i in range(n): extent is the parameter n itself.
  auto *nloop = expect_stmt<ForNode>(seq->seq[4]);
  EXPECT_EQ(nloop->extent, PrimExpr(f->params[4]));
  // k[0] = 0; while k[0] < 3: ...
  auto *kst = expect_stmt<BufferStoreNode>(seq->seq[5]);
  EXPECT_EQ(kst->buffer, k);
  auto *wh = expect_stmt<WhileNode>(seq->seq[6]);
  ASSERT_TRUE(wh);
  EXPECT_TRUE(as<LTNode>(wh->condition));
  // T.sqrt / T.exp are builtin calls with their argument's dtype.
  auto *last = expect_stmt<BufferStoreNode>(seq->seq[7]);
  auto *sum = expect_expr<AddNode>(last->value);
  auto *exp_call = expect_expr<CallNode>(sum->b);
  EXPECT_TRUE(exp_call->is_builtin("tir.exp"));
  EXPECT_EQ(exp_call->dtype, DataType::Float(32));
}

TEST(Reader, ExprsLetStmtAndLetExpr) {
  PrimFunc f = only_func(read_shared("exprs.py"));
  ASSERT_TRUE(f);
  auto *seq = expect_stmt<SeqStmtNode>(f->body);
  ASSERT_TRUE(seq);
  ASSERT_EQ(seq->seq.size(), 2u);
  auto *loop = expect_stmt<ForNode>(seq->seq[0]);
  // x: T.int32 = i + 3 wraps the rest of the loop body.
  auto *let = expect_stmt<LetStmtNode>(loop->body);
  ASSERT_TRUE(let);
  EXPECT_EQ(let->var->name_hint, "x");
  EXPECT_EQ(let->var->dtype, DataType::Int(32));
  auto *plus = expect_expr<AddNode>(let->value);
  EXPECT_EQ(plus->a, PrimExpr(loop->loop_var));
  EXPECT_EQ(int_value(plus->b), 3);
  // B[i * 4:i * 4 + 4] = T.Cast("float32x4", A[i * 4:i * 4 + 4] + T.Broadcast(x, 4))
  auto *st = expect_stmt<BufferStoreNode>(let->body);
  auto *ramp = expect_expr<RampNode>(st->indices[0]);
  ASSERT_TRUE(ramp);
  EXPECT_EQ(ramp->lanes, 4);
  EXPECT_EQ(int_value(ramp->stride), 1);
  EXPECT_TRUE(as<MulNode>(ramp->base));
  auto *cast = expect_expr<CastNode>(st->value);
  EXPECT_EQ(cast->dtype, DataType::Float(32, 4));
  auto *vadd = expect_expr<AddNode>(cast->value);
  EXPECT_EQ(vadd->dtype, DataType::Int(32, 4));
  EXPECT_EQ(as<BroadcastNode>(vadd->b)->value, PrimExpr(let->var));
  // v = T.int32() + T.Let(body, where={v: A[j] * 2}) -> Let(v, A[j] * 2, Select(...)).
  auto *loop2 = expect_stmt<ForNode>(seq->seq[1]);
  auto *st2 = expect_stmt<BufferStoreNode>(loop2->body);
  auto *lete = expect_expr<LetNode>(st2->value);
  ASSERT_TRUE(lete);
  EXPECT_EQ(lete->var->name_hint, "v");
  EXPECT_TRUE(as<MulNode>(lete->value));
  auto *sel = expect_expr<SelectNode>(lete->body);
  EXPECT_EQ(as<GTNode>(sel->condition)->a, PrimExpr(lete->var));
  EXPECT_EQ(as<GTNode>(sel->condition)->b, PrimExpr(f->params[2]));
  EXPECT_EQ(as<FloatImmNode>(sel->false_value)->value, -1.0);
}

TEST(Reader, ModuleCallBetweenFunctions) {
  ReadResult r = read_shared("Module.py");
  ASSERT_TRUE(r.ok()) << diags(r);
  EXPECT_TRUE(r.module->is_module);
  EXPECT_EQ(r.module->name, "Module");
  ASSERT_EQ(r.module->functions.size(), 2u);
  PrimFunc square = r.module->lookup("square");
  ASSERT_TRUE(square);
  ASSERT_TRUE(square->ret_type.has_value());
  EXPECT_EQ(*square->ret_type, Type::Prim(DataType::Int(32)));
  ASSERT_EQ(square->params.size(), 1u);
  EXPECT_TRUE(square->buffer_map.empty());
  // return x * x -> Evaluate(tir.ret(x * x))
  auto *ev = expect_stmt<EvaluateNode>(square->body);
  auto *ret = expect_expr<CallNode>(ev->value);
  EXPECT_TRUE(ret->is_builtin("tir.ret"));
  EXPECT_EQ(ret->dtype, DataType::Int(32));
  PrimFunc main = r.module->lookup("main");
  auto *loop = expect_stmt<ForNode>(main->body);
  auto *st = expect_stmt<BufferStoreNode>(loop->body);
  auto *call = expect_expr<CallNode>(st->value);
  ASSERT_TRUE(call);
  EXPECT_EQ(call->callee, r.module->global_var("square"));
  EXPECT_EQ(call->callee->name_hint, "square");
  EXPECT_EQ(call->dtype, DataType::Int(32));
  ASSERT_EQ(call->args.size(), 1u);
  EXPECT_TRUE(as<BufferLoadNode>(call->args[0]));
}

TEST(Reader, LaunchThread) {
  PrimFunc f = only_func(read_shared("launch.py"));
  ASSERT_TRUE(f);
  auto *attr = expect_stmt<AttrStmtNode>(f->body);
  ASSERT_TRUE(attr);
  EXPECT_EQ(attr->attr_key, "thread_extent");
  EXPECT_EQ(int_value(attr->value), 32);
  const IterVar *iv = std::get_if<IterVar>(&attr->node);
  ASSERT_TRUE(iv && *iv);
  EXPECT_EQ((*iv)->thread_tag, "threadIdx.x");
  EXPECT_EQ((*iv)->iter_type, IterVarType::ThreadIndex);
  ASSERT_TRUE((*iv)->dom);
  EXPECT_EQ(int_value((*iv)->dom->min), 0);
  EXPECT_EQ(int_value((*iv)->dom->extent), 32);
  EXPECT_EQ((*iv)->var->name_hint, "tx");
  EXPECT_EQ(attr->bound_var(), (*iv)->var);
  auto *st = expect_stmt<BufferStoreNode>(attr->body);
  EXPECT_EQ(st->value, PrimExpr((*iv)->var));
}

TEST(Reader, SymbolicShapes) {
  PrimFunc f = only_func(read_shared("symbolic.py"));
  ASSERT_TRUE(f);
  ASSERT_EQ(f->params.size(), 3u);
  EXPECT_EQ(f->params[0]->name_hint, "a");
  Var n = f->params[2];
  EXPECT_EQ(n->dtype, DataType::Int(32));
  ASSERT_EQ(f->buffer_map.size(), 2u);
  EXPECT_EQ(f->buffer_map[0].first, f->params[0]);
  EXPECT_EQ(f->buffer_map[1].first, f->params[1]);
  Buffer A = f->buffer_map[0].second, B = f->buffer_map[1].second;
  EXPECT_EQ(A->name, "A");
  EXPECT_EQ(A->dtype, DataType::Float(16));
  EXPECT_EQ(A->shape[0], PrimExpr(n));
  EXPECT_EQ(B->shape[0], PrimExpr(n));
  EXPECT_EQ(int_value(A->shape[1]), 4);
  // match_buffer's align=-1 and offset_factor=0 become 64 and 1.
  EXPECT_EQ(A->data_alignment, 64);
  EXPECT_EQ(A->offset_factor, 1);
  auto *loop = expect_stmt<ForNode>(f->body);
  EXPECT_EQ(loop->extent, PrimExpr(n));
}

TEST(Reader, AllocAndDeclBuffer) {
  PrimFunc f = only_func(read_shared("alloc.py"));
  ASSERT_TRUE(f);
  // Tmp = T.allocate([8], "float32", "global") wraps the rest of the body.
  auto *alloc = expect_stmt<AllocateNode>(f->body);
  ASSERT_TRUE(alloc);
  EXPECT_EQ(alloc->buffer_var->name_hint, "Tmp");
  EXPECT_EQ(alloc->buffer_var->type_annotation,
            Type::Pointer(Type::Prim(DataType::Float(32)), "global"));
  EXPECT_EQ(alloc->dtype, DataType::Float(32));
  ASSERT_EQ(alloc->extents.size(), 1u);
  EXPECT_EQ(int_value(alloc->extents[0]), 8);
  EXPECT_EQ(alloc->condition->dtype, DataType::Bool());
  EXPECT_EQ(int_value(alloc->condition), 1);
  auto *seq = expect_stmt<SeqStmtNode>(alloc->body);
  ASSERT_TRUE(seq);
  ASSERT_EQ(seq->seq.size(), 2u);
  // Tmp_1 = T.Buffer((8,), data=Tmp) declares no statement; stores go through the Allocate's Var.
  auto *st = expect_stmt<BufferStoreNode>(expect_stmt<ForNode>(seq->seq[0])->body);
  EXPECT_EQ(st->buffer->name, "Tmp_1");
  EXPECT_EQ(st->buffer->data, alloc->buffer_var);
  // D = T.decl_buffer((8,)) without data=: Allocate(D.data, ...) around DeclBuffer(D, rest).
  auto *alloc2 = expect_stmt<AllocateNode>(seq->seq[1]);
  ASSERT_TRUE(alloc2);
  auto *decl = expect_stmt<DeclBufferNode>(alloc2->body);
  ASSERT_TRUE(decl);
  EXPECT_EQ(decl->buffer->name, "D");
  EXPECT_EQ(alloc2->buffer_var, decl->buffer->data);
  EXPECT_EQ(decl->buffer->dtype, DataType::Float(32));
  EXPECT_EQ(int_value(alloc2->extents[0]), 8);
  auto *rest = expect_stmt<SeqStmtNode>(decl->body);
  ASSERT_TRUE(rest);
  EXPECT_EQ(rest->seq.size(), 2u);
}

TEST(Reader, FuncAttrAndAttrStmt) {
  PrimFunc f = only_func(read_shared("attrs.py"));
  ASSERT_TRUE(f);
  const AttrValue *noalias = find_attr(f->attrs, "tir.noalias");
  ASSERT_NE(noalias, nullptr);
  EXPECT_EQ(noalias->expr->dtype, DataType::Bool());
  EXPECT_EQ(int_value(noalias->expr), 1);
  ASSERT_NE(find_attr(f->attrs, "global_symbol"), nullptr);
  auto *attr = expect_stmt<AttrStmtNode>(f->body);
  ASSERT_TRUE(attr);
  EXPECT_EQ(attr->attr_key, "pragma_unroll_explicit");
  const PrimExpr *node = std::get_if<PrimExpr>(&attr->node);
  ASSERT_TRUE(node);
  EXPECT_EQ(int_value(*node), 0);
  EXPECT_EQ(int_value(attr->value), 1);
  // T.Div(A[i], 2) - A[i] % 3
  auto *st = expect_stmt<BufferStoreNode>(expect_stmt<ForNode>(attr->body)->body);
  auto *sub = expect_expr<SubNode>(st->value);
  EXPECT_TRUE(as<DivNode>(sub->a));
  EXPECT_TRUE(as<FloorModNode>(sub->b));
}

TEST(Reader, ThreadBindingLoops) {
  PrimFunc f = only_func(read_shared("threads.py"));
  ASSERT_TRUE(f);
  auto *bx = expect_stmt<ForNode>(f->body);
  ASSERT_TRUE(bx);
  EXPECT_EQ(bx->for_kind, ForKind::ThreadBinding);
  EXPECT_EQ(int_value(bx->extent), 2);
  ASSERT_TRUE(bx->thread_binding);
  EXPECT_EQ(bx->thread_binding->thread_tag, "blockIdx.x");
  EXPECT_EQ(bx->thread_binding->iter_type, IterVarType::ThreadIndex);
  // TVM's ThreadBinding frame: IterVar(Range(nullptr), Var("iter"), kThreadIndex, thread).
  EXPECT_FALSE(bx->thread_binding->dom.has_value());
  EXPECT_NE(bx->thread_binding->var, bx->loop_var);
  auto *tx = expect_stmt<ForNode>(bx->body);
  EXPECT_EQ(tx->thread_binding->thread_tag, "threadIdx.x");
  EXPECT_EQ(int_value(tx->extent), 32);
}

TEST(Reader, VectorsAndZeroDim) {
  PrimFunc f = only_func(read_shared("vectors.py"));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->buffer_map[2].second->dtype, DataType::Int(32, 4));
  auto *v = expect_stmt<LetStmtNode>(f->body);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->var->dtype, DataType::Int(32, 4));
  auto *load = expect_expr<BufferLoadNode>(v->value);
  EXPECT_EQ(load->dtype, DataType::Int(32, 4));
  EXPECT_EQ(expect_expr<RampNode>(load->indices[0])->lanes, 4);
  auto *w = expect_stmt<LetStmtNode>(v->body);
  auto *seq = expect_stmt<SeqStmtNode>(w->body);
  auto *shuffle = expect_expr<ShuffleNode>(expect_stmt<BufferStoreNode>(seq->seq[0])->value);
  ASSERT_TRUE(shuffle);
  EXPECT_EQ(shuffle->dtype, DataType::Int(32, 8));
  EXPECT_EQ(shuffle->vectors.size(), 2u);
  EXPECT_EQ(int_value(shuffle->indices[1]), 4);
  auto *fd = expect_expr<FloorDivNode>(expect_stmt<BufferStoreNode>(seq->seq[2])->value);
  EXPECT_EQ(expect_expr<RampNode>(fd->a)->lanes, 4);

  PrimFunc z = only_func(read_shared("zero_dim.py"));
  ASSERT_TRUE(z);
  auto *zs = expect_stmt<SeqStmtNode>(z->body);
  auto *st = expect_stmt<BufferStoreNode>(zs->seq[0]);
  EXPECT_TRUE(st->indices.empty());
  EXPECT_TRUE(expect_expr<BufferLoadNode>(expect_expr<AddNode>(st->value)->a)->indices.empty());
  EXPECT_EQ(z->buffer_map[1].second->dtype, DataType::BFloat16());
}

TEST(Reader, AssertLetAndReturn) {
  PrimFunc f = only_func(read_shared("ret_scalar.py"));
  ASSERT_TRUE(f);
  EXPECT_EQ(*f->ret_type, Type::Prim(DataType::Int(32)));
  auto *as = expect_stmt<AssertStmtNode>(f->body);
  ASSERT_TRUE(as);
  EXPECT_EQ(expect_expr<StringImmNode>(as->message)->value, "A[0] must be non-negative");
  auto *let = expect_stmt<LetStmtNode>(as->body);
  ASSERT_TRUE(let);
  EXPECT_EQ(let->var->name_hint, "s");
  auto *seq = expect_stmt<SeqStmtNode>(let->body);
  ASSERT_EQ(seq->seq.size(), 2u);
  auto *ite = expect_stmt<IfThenElseNode>(seq->seq[0]);
  EXPECT_EQ(ite->else_case, nullptr);
  auto *ret = expect_expr<CallNode>(expect_stmt<EvaluateNode>(ite->then_case)->value);
  EXPECT_TRUE(ret->is_builtin("tir.ret"));
  EXPECT_EQ(ret->args[0], PrimExpr(let->var));
}

TEST(Reader, BlocksWithAllocMatchAndPredicate) {
  PrimFunc ra = only_func(read_shared("realize_alloc.py"));
  ASSERT_TRUE(ra);
  // An explicit root block is read as written (no second root).
  auto *root = expect_stmt<BlockRealizeNode>(ra->body);
  ASSERT_TRUE(root);
  EXPECT_EQ(root->block->name_hint, "root");
  EXPECT_TRUE(root->block->reads.empty());
  ASSERT_EQ(root->block->writes.size(), 1u);
  EXPECT_EQ(int_value(root->block->writes[0].region[0].min), 0);
  EXPECT_EQ(int_value(root->block->writes[0].region[0].extent), 4);
  ASSERT_EQ(root->block->alloc_buffers.size(), 1u);
  EXPECT_EQ(root->block->alloc_buffers[0]->dtype, DataType::UInt(8));
  auto *seq = expect_stmt<SeqStmtNode>(root->block->body);
  auto *b2 = expect_stmt<BlockRealizeNode>(expect_stmt<ForNode>(seq->seq[1])->body);
  EXPECT_EQ(b2->block->iter_vars[0]->iter_type, IterVarType::Opaque);

  PrimFunc mb = only_func(read_shared("match_in_block.py"));
  ASSERT_TRUE(mb);
  auto *mroot = expect_stmt<BlockRealizeNode>(mb->body);
  auto *tile = expect_stmt<BlockRealizeNode>(
      expect_stmt<ForNode>(expect_stmt<ForNode>(mroot->block->body)->body)->body);
  ASSERT_TRUE(tile);
  ASSERT_EQ(tile->block->match_buffers.size(), 2u);
  const MatchBufferRegion &m = tile->block->match_buffers[0];
  EXPECT_EQ(m.buffer->name, "Asub");
  EXPECT_EQ(m.buffer->offset_factor, 1);
  // offset_factor given without elem_offset: a fresh elem_offset Var (BufferDecl).
  EXPECT_TRUE(as<VarNode>(m.buffer->elem_offset));
  EXPECT_EQ(m.source.buffer, mb->buffer_map[0].second);
  ASSERT_EQ(m.source.region.size(), 2u);
  auto *lo = expect_expr<MulNode>(m.source.region[0].min);
  EXPECT_EQ(lo->a, PrimExpr(tile->block->iter_vars[0]->var));
  EXPECT_EQ(int_value(m.source.region[0].extent), 4);
  EXPECT_EQ(int_value(tile->block->reads[0].region[1].extent), 4);

  PrimFunc pw = only_func(read_shared("predicate_and_where.py"));
  ASSERT_TRUE(pw);
  auto *proot = expect_stmt<BlockRealizeNode>(pw->body);
  auto *b = expect_stmt<BlockRealizeNode>(
      expect_stmt<ForNode>(expect_stmt<ForNode>(proot->block->body)->body)->body);
  ASSERT_TRUE(b);
  EXPECT_TRUE(as<LTNode>(b->predicate));
  EXPECT_TRUE(as<AddNode>(b->iter_values[0]));
  EXPECT_EQ(int_value(b->block->iter_vars[0]->dom->extent), 10);

  PrimFunc rt = only_func(read_shared("reduce_two.py"));
  ASSERT_TRUE(rt);
  auto *rroot = expect_stmt<BlockRealizeNode>(rt->body);
  Stmt s = rroot->block->body;
  for (int k = 0; k < 3; ++k)
    s = expect_stmt<ForNode>(s)->body;
  auto *rb = expect_stmt<BlockRealizeNode>(s);
  EXPECT_EQ(rb->block->iter_vars[1]->iter_type, IterVarType::CommReduce);
  EXPECT_EQ(rb->block->iter_vars[2]->iter_type, IterVarType::CommReduce);
  auto *init = expect_stmt<BufferStoreNode>(rb->block->init);
  EXPECT_EQ(init->value->dtype, DataType::Int(64));

  PrimFunc ba = only_func(read_shared("blk_alloc.py"));
  ASSERT_TRUE(ba);
  auto *broot = expect_stmt<BlockRealizeNode>(ba->body);
  ASSERT_EQ(broot->block->alloc_buffers.size(), 1u);
  EXPECT_EQ(broot->block->alloc_buffers[0]->name, "S");
  EXPECT_EQ(expect_stmt<SeqStmtNode>(broot->block->body)->seq.size(), 2u);
}

TEST(Reader, AddFloorDivMod) {
  PrimFunc f = only_func(read_shared("add.py"));
  ASSERT_TRUE(f);
  auto *st = expect_stmt<BufferStoreNode>(expect_stmt<ForNode>(f->body)->body);
  auto *add = expect_expr<AddNode>(st->value);
  EXPECT_TRUE(as<FloorDivNode>(add->a));
  EXPECT_TRUE(as<FloorModNode>(add->b));
}

// ---------------------------------------------------------------- small programs

const char *kHeader = "from tvm.script import tir as T\n\n@T.prim_func\ndef f(A: T.Buffer((8,), "
                      "\"int32\"), n: T.int32):\n";

ReadResult read_body(const std::string &body) {
  return read_tvmscript(kHeader + body, "t.py");
}

PrimFunc body_func(const std::string &body) {
  ReadResult r = read_body(body);
  EXPECT_TRUE(r.ok()) << body << "\n" << diags(r);
  return r.ok() ? r.module->functions[0].second : nullptr;
}

TEST(Reader, DocstringIsFrontMatter) {
  std::string src =
      "\"\"\"\ndescription: x\nrules: [a.b]\n\"\"\"\nfrom tvm.script import tir as T\n\n"
      "@T.prim_func\ndef main(A: T.Buffer((4,), \"int32\")):\n    A[0] = 1\n";
  ReadResult r = read_tvmscript(src, "d.py");
  ASSERT_TRUE(r.ok()) << diags(r);
  EXPECT_EQ(r.docstring, "\ndescription: x\nrules: [a.b]\n");
  EXPECT_EQ(r.docstring_loc.line, 1u);
  EXPECT_EQ(r.docstring_loc.col, 4u);
}

TEST(Reader, LiteralsAdaptToTheOtherOperand) {
  PrimFunc f = body_func("    x: T.int64 = T.int64(5)\n"
                         "    y: T.float32 = T.float32(1.5)\n"
                         "    A[0] = T.Cast(\"int32\", x + 1) + T.Cast(\"int32\", y * 2)\n");
  ASSERT_TRUE(f);
  auto *x = expect_stmt<LetStmtNode>(f->body);
  auto *y = expect_stmt<LetStmtNode>(x->body);
  auto *st = expect_stmt<BufferStoreNode>(y->body);
  auto *add = expect_expr<AddNode>(st->value);
  auto *xp1 = expect_expr<AddNode>(expect_expr<CastNode>(add->a)->value);
  EXPECT_EQ(xp1->b->dtype, DataType::Int(64));
  auto *y2 = expect_expr<MulNode>(expect_expr<CastNode>(add->b)->value);
  auto *two = expect_expr<FloatImmNode>(y2->b);
  EXPECT_EQ(two->dtype, DataType::Float(32));
  EXPECT_EQ(two->value, 2.0);
}

TEST(Reader, TypedConstantsAndSpecialFloats) {
  PrimFunc f = body_func("    T.evaluate(T.int8(5))\n"
                         "    T.evaluate(T.uint8(200))\n"
                         "    T.evaluate(T.float32(\"inf\"))\n"
                         "    T.evaluate(T.float32(\"-inf\"))\n"
                         "    T.evaluate(T.float64(\"nan\"))\n"
                         "    T.evaluate(T.int64(0x7fffffffffffffff))\n"
                         "    T.evaluate(-5)\n"
                         "    T.evaluate(3000000000)\n");
  ASSERT_TRUE(f);
  auto *seq = expect_stmt<SeqStmtNode>(f->body);
  ASSERT_EQ(seq->seq.size(), 8u);
  auto val = [&](int i) { return expect_stmt<EvaluateNode>(seq->seq[i])->value; };
  EXPECT_EQ(val(0)->dtype, DataType::Int(8));
  EXPECT_EQ(int_value(val(1)), 200);
  EXPECT_EQ(val(1)->dtype, DataType::UInt(8));
  EXPECT_TRUE(std::isinf(as<FloatImmNode>(val(2))->value));
  EXPECT_LT(as<FloatImmNode>(val(3))->value, 0);
  EXPECT_TRUE(std::isnan(as<FloatImmNode>(val(4))->value));
  EXPECT_EQ(val(4)->dtype, DataType::Float(64));
  EXPECT_EQ(int_value(val(5)), 0x7fffffffffffffffLL);
  EXPECT_EQ(int_value(val(6)), -5);
  EXPECT_EQ(val(6)->dtype, DataType::Int(32));
  EXPECT_EQ(val(7)->dtype, DataType::Int(64));
}

TEST(Reader, OperatorsBuildTvmNodes) {
  PrimFunc f = body_func(
      "    A[0] = T.truncdiv(n, 2) + T.truncmod(n, 3) + T.floordiv(n, 4) + T.floormod(n, 5)\n"
      "    A[1] = -n\n"
      "    A[2] = T.shift_left(n, 1) + (n >> 1) + (n & 3) + (n | 4) + (n ^ 5) + ~n\n"
      "    A[3] = T.Select(n > 0 and n < 4 or not n == 2, 1, 0)\n"
      "    A[4] = T.abs(n)\n");
  ASSERT_TRUE(f);
  auto *seq = expect_stmt<SeqStmtNode>(f->body);
  auto value = [&](int i) { return expect_stmt<BufferStoreNode>(seq->seq[i])->value; };
  // ((truncdiv + truncmod) + floordiv) + floormod
  auto *a = expect_expr<AddNode>(value(0));
  EXPECT_TRUE(as<FloorModNode>(a->b));
  auto *b = expect_expr<AddNode>(a->a);
  EXPECT_TRUE(as<FloorDivNode>(b->b));
  auto *c = expect_expr<AddNode>(b->a);
  EXPECT_TRUE(as<DivNode>(c->a));
  EXPECT_TRUE(as<ModNode>(c->b));
  // TVM's __neg__: x * -1
  auto *neg = expect_expr<MulNode>(value(1));
  EXPECT_EQ(int_value(neg->b), -1);
  auto *bits = expect_expr<AddNode>(value(2));
  EXPECT_TRUE(expect_expr<CallNode>(bits->b)->is_builtin("tir.bitwise_not"));
  auto *sel = expect_expr<SelectNode>(value(3));
  auto *orr = expect_expr<OrNode>(sel->condition);
  EXPECT_TRUE(as<AndNode>(orr->a));
  EXPECT_TRUE(as<NotNode>(orr->b));
  auto *abs = expect_expr<SelectNode>(value(4));
  EXPECT_TRUE(as<GENode>(abs->condition));
  EXPECT_TRUE(as<SubNode>(abs->false_value));
}

TEST(Reader, ScopesOfConciseStatements) {
  PrimFunc f = body_func("    for i in range(2, 6):\n"
                         "        T.attr(A.data, \"pragma_x\", 1)\n"
                         "        A[i] = i\n"
                         "    with T.LetStmt(n + 1) as m:\n"
                         "        A[0] = m\n"
                         "    B = T.decl_buffer((4,), \"int32\", data=A.data)\n"
                         "    B[0] = 1\n");
  ASSERT_TRUE(f);
  auto *seq = expect_stmt<SeqStmtNode>(f->body);
  ASSERT_EQ(seq->seq.size(), 3u);
  auto *loop = expect_stmt<ForNode>(seq->seq[0]);
  EXPECT_EQ(int_value(loop->min), 2);
  EXPECT_EQ(int_value(loop->extent), 4);
  auto *attr = expect_stmt<AttrStmtNode>(loop->body);
  EXPECT_EQ(*std::get_if<PrimExpr>(&attr->node), PrimExpr(f->buffer_map[0].second->data));
  auto *let = expect_stmt<LetStmtNode>(seq->seq[1]);
  EXPECT_EQ(let->var->name_hint, "m");
  // decl_buffer with data=: DeclBuffer only.
  auto *decl = expect_stmt<DeclBufferNode>(seq->seq[2]);
  EXPECT_EQ(decl->buffer->data, f->buffer_map[0].second->data);
}

TEST(Reader, ImplicitShapeVarsAndBufferKwargs) {
  ReadResult r = read_tvmscript("from tvm.script import tir as T\n"
                                "@T.prim_func(private=True)\n"
                                "def g(A: T.Buffer((m, 4), \"float16\", strides=(\"s0\", 1), "
                                "elem_offset=3, scope=\"shared\", align=16),"
                                " B: T.Buffer((m,), offset_factor=4), m: T.int32):\n"
                                "    A[0, 0] = T.float16(0)\n",
                                "g.py");
  ASSERT_TRUE(r.ok()) << diags(r);
  PrimFunc f = r.module->functions[0].second;
  EXPECT_EQ(find_attr(f->attrs, "global_symbol"), nullptr); // private
  ASSERT_EQ(f->params.size(), 3u);
  Buffer A = f->buffer_map[0].second, B = f->buffer_map[1].second;
  EXPECT_EQ(A->shape[0], PrimExpr(f->params[2]));
  EXPECT_EQ(B->shape[0], PrimExpr(f->params[2]));
  EXPECT_EQ(A->scope(), "shared");
  EXPECT_EQ(A->data_alignment, 16);
  EXPECT_EQ(int_value(A->elem_offset), 3);
  ASSERT_EQ(A->strides.size(), 2u);
  EXPECT_EQ(as<VarNode>(A->strides[0])->name_hint, "s0");
  EXPECT_EQ(B->dtype, DataType::Float(32));
  EXPECT_EQ(B->offset_factor, 4);
  EXPECT_TRUE(as<VarNode>(B->elem_offset));
}

TEST(Reader, StaticIfAndPass) {
  PrimFunc f = body_func("    if 1 < 2:\n"
                         "        A[0] = 1\n"
                         "    else:\n"
                         "        A[0] = 2\n"
                         "    pass\n");
  ASSERT_TRUE(f);
  auto *st = expect_stmt<BufferStoreNode>(f->body);
  EXPECT_EQ(int_value(st->value), 1);
}

TEST(Reader, BlockWithoutRegionsAsRoot) {
  // A block that is the root needs no T.reads/T.writes.
  PrimFunc f = body_func("    with T.block(\"root\"):\n"
                         "        A[0] = 1\n");
  ASSERT_TRUE(f);
  auto *br = expect_stmt<BlockRealizeNode>(f->body);
  EXPECT_TRUE(br->block->reads.empty());
}

TEST(Reader, ThreadsRealizeAndWithForms) {
  PrimFunc f = body_func("    bx = T.env_thread(\"blockIdx.x\")\n"
                         "    T.launch_thread(bx, 4)\n"
                         "    with T.launch_thread(\"vthread\", 2) as vt:\n"
                         "        with T.allocate([4], \"int32\", \"shared\") as buf:\n"
                         "            S = T.Buffer((4,), \"int32\", data=buf, scope=\"shared\")\n"
                         "            S[vt] = bx\n"
                         "    with T.realize(A[0:4], \"global\"):\n"
                         "        A[0] = A.shape[0]\n");
  ASSERT_TRUE(f);
  auto *outer = expect_stmt<AttrStmtNode>(f->body);
  ASSERT_TRUE(outer);
  EXPECT_EQ(outer->attr_key, "thread_extent");
  const IterVar &bx = *std::get_if<IterVar>(&outer->node);
  EXPECT_EQ(bx->thread_tag, "blockIdx.x");
  EXPECT_EQ(bx->var->name_hint, "bx");
  auto *seq = expect_stmt<SeqStmtNode>(outer->body);
  ASSERT_TRUE(seq);
  auto *vt = expect_stmt<AttrStmtNode>(seq->seq[0]);
  EXPECT_EQ(vt->attr_key, "virtual_thread");
  auto *alloc = expect_stmt<AllocateNode>(vt->body);
  EXPECT_EQ(alloc->buffer_var->type_annotation,
            Type::Pointer(Type::Prim(DataType::Int(32)), "shared"));
  auto *st = expect_stmt<BufferStoreNode>(alloc->body);
  EXPECT_EQ(st->buffer->data, alloc->buffer_var);
  EXPECT_EQ(st->buffer->scope(), "shared");
  EXPECT_EQ(st->value, PrimExpr(bx->var));
  // with T.realize(A[0:4], "global"): AttrStmt(A, "realize_scope", "global", BufferRealize(A, [0,
  // 4)))
  auto *rs = expect_stmt<AttrStmtNode>(seq->seq[1]);
  ASSERT_TRUE(rs);
  EXPECT_EQ(rs->attr_key, "realize_scope");
  EXPECT_TRUE(std::get_if<Buffer>(&rs->node));
  auto *realize = expect_stmt<BufferRealizeNode>(rs->body);
  ASSERT_TRUE(realize);
  EXPECT_EQ(int_value(realize->bounds[0].extent), 4);
  EXPECT_EQ(int_value(expect_stmt<BufferStoreNode>(realize->body)->value), 8);
}

TEST(Reader, NewerTvmSpellingsAndForwardCalls) {
  ReadResult r =
      read_tvmscript("from tvm.script import ir as I\nfrom tvm.script import tirx as "
                     "T\n\n@I.ir_module\nclass Mod:\n"
                     "    @T.prim_func(s_tir=True)\n    def main(A: T.Buffer((2,), \"float32\")):\n"
                     "        A[0] = Mod.helper(A[1])\n"
                     "    @T.prim_func(private=True)\n    def helper(x: T.float32) -> T.float32:\n "
                     "       return x\n",
                     "m.py");
  ASSERT_TRUE(r.ok()) << diags(r);
  EXPECT_EQ(r.module->name, "Mod");
  EXPECT_EQ(r.module->functions[0].first->name_hint, "main");
  auto *call =
      expect_expr<CallNode>(expect_stmt<BufferStoreNode>(r.module->lookup("main")->body)->value);
  EXPECT_EQ(call->callee, r.module->global_var("helper"));
  EXPECT_EQ(call->dtype, DataType::Float(32));
  EXPECT_EQ(find_attr(r.module->lookup("helper")->attrs, "global_symbol"), nullptr);
}

TEST(Reader, BlockFeatures) {
  PrimFunc f = body_func("    for i, j in T.grid(4, 8):\n"
                         "        with T.block(\"b\"):\n"
                         "            vi = T.axis.S(4, i)\n"
                         "            vj = T.axis.scan((2, 10), j + 2)\n"
                         "            T.where(i < 3)\n"
                         "            T.reads([A[vi]])\n"
                         "            T.writes(A[0:vj])\n"
                         "            T.block_attr({\"k\": \"v\", \"l\": [1, 2]})\n"
                         "            t = T.alloc_buffer((2,), \"int32\", scope=\"local\")\n"
                         "            t[0] = vi\n"
                         "            A[vi] = t[0]\n");
  ASSERT_TRUE(f);
  auto *root = expect_stmt<BlockRealizeNode>(f->body);
  auto *br = expect_stmt<BlockRealizeNode>(
      expect_stmt<ForNode>(expect_stmt<ForNode>(root->block->body)->body)->body);
  ASSERT_TRUE(br);
  const BlockNode *b = br->block.get();
  EXPECT_EQ(b->iter_vars[1]->iter_type, IterVarType::Ordered);
  EXPECT_EQ(int_value(b->iter_vars[1]->dom->min), 2);
  EXPECT_EQ(int_value(b->iter_vars[1]->dom->extent), 8);
  EXPECT_TRUE(as<LTNode>(br->predicate));
  ASSERT_EQ(b->writes.size(), 1u);
  EXPECT_EQ(b->writes[0].region[0].extent, PrimExpr(b->iter_vars[1]->var));
  ASSERT_EQ(b->annotations.size(), 2u);
  EXPECT_EQ(as<StringImmNode>(b->annotations[0].second.expr)->value, "v");
  EXPECT_TRUE(b->annotations[1].second.is_list);
  ASSERT_EQ(b->alloc_buffers.size(), 1u);
  EXPECT_EQ(b->alloc_buffers[0]->scope(), "local");
}

TEST(Reader, UnknownNamesInShapesBecomeVars) {
  ReadResult r =
      read_tvmscript("from tvm.script import tir as T\n@T.prim_func\ndef f(a: T.handle):\n"
                     "    A = T.match_buffer(a, (m,), \"int32\")\n    A[0] = m\n",
                     "s.py");
  ASSERT_TRUE(r.ok()) << diags(r);
  PrimFunc f = r.module->functions[0].second;
  Buffer A = f->buffer_map[0].second;
  auto *st = expect_stmt<BufferStoreNode>(f->body);
  EXPECT_EQ(st->value, A->shape[0]);
  EXPECT_EQ(as<VarNode>(A->shape[0])->name_hint, "m");
}

TEST(Reader, SpecViolationsAreBuiltForTheChecker) {
  // The reader builds what the checker must reject (TVM's parser would stop earlier).
  PrimFunc f = body_func("    T.evaluate(T.Cast(\"int4\", n))\n"
                         "    T.evaluate(T.Cast(\"bfloat32x128\", n))\n"
                         "    T.evaluate(T.IntImm(\"int32x4\", 1))\n"
                         "    T.evaluate(T.FloatImm(\"int32\", 1.0))\n"
                         "    T.evaluate(T.Shuffle([], []))\n"
                         "    assert n > 0, 42\n"
                         "    A[0] = 1\n");
  ASSERT_TRUE(f);
  auto *seq = expect_stmt<SeqStmtNode>(f->body);
  ASSERT_EQ(seq->seq.size(), 6u);
  auto val = [&](int i) { return expect_stmt<EvaluateNode>(seq->seq[i])->value; };
  EXPECT_EQ(val(0)->dtype, DataType(TypeCode::Int, 4));
  EXPECT_EQ(val(1)->dtype, DataType(TypeCode::BFloat, 32, 128));
  EXPECT_TRUE(as<IntImmNode>(val(2)));
  EXPECT_EQ(val(2)->dtype, DataType::Int(32, 4));
  EXPECT_TRUE(as<FloatImmNode>(val(3)));
  EXPECT_EQ(val(3)->dtype, DataType::Int(32));
  EXPECT_TRUE(expect_expr<ShuffleNode>(val(4))->vectors.empty());
  auto *as = expect_stmt<AssertStmtNode>(seq->seq[5]);
  EXPECT_EQ(int_value(as->message), 42);
}

TEST(Reader, NegativeStepSlicesAndTupleNaming) {
  PrimFunc f = body_func("    m, k = T.int32(), T.int32()\n"
                         "    A[7:3:-1] = T.Broadcast(m + k, 4)\n");
  ASSERT_TRUE(f);
  auto *st = expect_stmt<BufferStoreNode>(f->body);
  ASSERT_TRUE(st);
  // Python's len(range(7, 3, -1)) == 4 (TVM's formula would give 6).
  auto *ramp = expect_expr<RampNode>(st->indices[0]);
  EXPECT_EQ(ramp->lanes, 4);
  EXPECT_EQ(int_value(ramp->stride), -1);
  auto *add = expect_expr<AddNode>(expect_expr<BroadcastNode>(st->value)->value);
  EXPECT_EQ(as<VarNode>(add->a)->name_hint, "m");
  EXPECT_EQ(as<VarNode>(add->b)->name_hint, "k");
}

TEST(Reader, DtypeFirstBuiltins) {
  PrimFunc f = body_func("    T.evaluate(T.assume(n > 0))\n"
                         "    T.evaluate(T.reinterpret(\"float32\", n))\n"
                         "    T.evaluate(T.call_extern(\"int32\", \"f\", n, 1))\n"
                         "    T.evaluate(T.ldexp(T.float32(1.5), n))\n");
  ASSERT_TRUE(f);
  auto *seq = expect_stmt<SeqStmtNode>(f->body);
  auto call = [&](int i) {
    return expect_expr<CallNode>(expect_stmt<EvaluateNode>(seq->seq[i])->value);
  };
  EXPECT_TRUE(call(0)->is_builtin("tir.assume"));
  EXPECT_EQ(call(0)->dtype, DataType::Bool());
  EXPECT_TRUE(call(1)->is_builtin("tir.reinterpret"));
  EXPECT_EQ(call(1)->dtype, DataType::Float(32));
  EXPECT_TRUE(call(2)->is_builtin("tir.call_extern"));
  ASSERT_EQ(call(2)->args.size(), 3u);
  EXPECT_EQ(as<StringImmNode>(call(2)->args[0])->value, "f");
  EXPECT_TRUE(call(3)->is_builtin("tir.ldexp"));
  EXPECT_EQ(call(3)->dtype, DataType::Float(32));
}

// T.call_intrin(dtype, op, *args) is tvm.tir.call_intrin: the Call as written, without the
// folding of T.if_then_else or T.shift_left.
TEST(Reader, CallIntrinBuildsTheCallAsWritten) {
  PrimFunc f = body_func(
      "    T.evaluate(T.call_intrin(\"int32\", \"tir.if_then_else\", T.bool(True), n, 0))\n"
      "    T.evaluate(T.call_intrin(\"int32\", \"tir.shift_left\", n, 0))\n");
  ASSERT_TRUE(f);
  auto *seq = expect_stmt<SeqStmtNode>(f->body);
  auto call = [&](int i) {
    return expect_expr<CallNode>(expect_stmt<EvaluateNode>(seq->seq[i])->value);
  };
  EXPECT_TRUE(call(0)->is_builtin("tir.if_then_else"));
  EXPECT_EQ(call(0)->dtype, DataType::Int(32));
  ASSERT_EQ(call(0)->args.size(), 3u);
  EXPECT_EQ(int_value(call(0)->args[0]), 1);
  EXPECT_NE(as<VarNode>(call(0)->args[1]), nullptr);
  EXPECT_TRUE(call(1)->is_builtin("tir.shift_left"));
  ASSERT_EQ(call(1)->args.size(), 2u);
  EXPECT_EQ(int_value(call(1)->args[1]), 0);
}

// ---------------------------------------------------------------- errors

struct ErrorCase {
  const char *what;
  std::string source;
  uint32_t line, col;
  const char *message; // substring of the diagnostic
  const char *rule = "";
};

std::string in_func(const std::string &body) {
  return kHeader + body;
} // body starts on line 5

std::vector<ErrorCase> error_cases() {
  std::vector<ErrorCase> c = {
      {"unknown name", in_func("    A[0] = x\n"), 5, 12, "undefined variable 'x'", "scope.unbound"},
      {"name used after its loop",
       in_func("    for i in range(4):\n        A[i] = 0\n    A[i] = 1\n"), 7, 7,
       "outside the scope", "scope.lexical"},
      {"unexpected indent", in_func("    A[0] = 1\n        A[1] = 2\n"), 6, 9, "unexpected indent"},
      {"unindent mismatch", in_func("    for i in range(2):\n        A[i] = 1\n      A[0] = 2\n"),
       7, 7, "unindent does not match"},
      {"missing indented block", in_func("    for i in range(2):\n    A[0] = 1\n"), 6, 5,
       "expected an indented block"},
      {"unterminated string", in_func("    T.evaluate(\"abc)\n"), 5, 16,
       "unterminated string literal"},
      {"unterminated triple-quoted string", "\"\"\"front\nmatter\n", 1, 1,
       "unterminated triple-quoted"},
      {"unclosed bracket", in_func("    A[0] = (1 + 2\n"), 5, 12, "'(' was never closed"},
      {"mismatched bracket", in_func("    A[0] = (1 + 2]\n"), 5, 18, "does not match"},
      {"unknown T function", in_func("    A[0] = T.foo(1)\n"), 5, 12, "T.foo is not supported"},
      {"bad dtype string", in_func("    A[0] = T.Cast(\"int32x\", n)\n"), 5, 19,
       "invalid dtype string \"int32x\"", "dtype.notation"},
      {"TVM-only dtype code", in_func("    A[0] = T.Cast(\"float8_e4m3fn\", n)\n"), 5, 19,
       "not one of the spec's", "dtype.code"},
      {"buffer used after its scope",
       in_func("    with T.block(\"root\"):\n        S = T.alloc_buffer((2,))\n        T.reads()\n "
               "       T.writes()\n"
               "    A[0] = S[0]\n"),
       9, 12, "buffer 'S' is used outside", "scope.buffer.out_of_scope"},
      {"slice with non-constant lanes", in_func("    A[0:n] = T.Broadcast(1, 4)\n"), 5, 7,
       "not a constant"},
      {"augmented assignment", in_func("    x: T.int32 = 1\n    x += 1\n"), 6, 5,
       "augmented assignment"},
      {"empty file", "", 1, 1, "no @T.prim_func"},
      {"only comments", "# from tvm.script import tir as T\n", 1, 1, "no @T.prim_func"},
      {"non-UTF-8 byte", in_func("    A[0] = 1  # caf\xe9\n"), 5, 20, "UTF-8"},
      {"NUL byte", in_func(std::string("    A[0] = 1\0\n", 14)), 5, 13, "null bytes"},
      {"tabs and spaces mixed", in_func("    for i in range(2):\n\tA[i] = 1\n        A[0] = 2\n"),
       6, 2, "inconsistent use of tabs and spaces"},
      {"chained comparison", in_func("    A[0] = T.Select(0 < n < 4, 1, 0)\n"), 5, 21,
       "chained comparisons"},
      {"integer true division", in_func("    A[0] = A[1] / 2\n"), 5, 12, "'/' is ambiguous"},
      {"missing colon", in_func("    for i in range(4)\n        A[i] = 0\n"), 5, 22,
       "expected ':'"},
      {"leading zeros", in_func("    A[0] = 007\n"), 5, 12, "leading zeros"},
      {"lambda called", in_func("    A[0] = (lambda: 1)()\n"), 5, 13, "combiner of T.comm_reducer"},
      {"comm_reducer arity",
       in_func("    with T.attr(T.comm_reducer(lambda x: x, [T.float32(0)]), \"reduce_scope\", "
               "0):\n        A[0] = 1\n"),
       5, 32, "identity elements need twice as many"},
      {"allocate_const count", in_func("    K = T.allocate_const([1, 2], \"int32\", [3])\n"), 5, 26,
       "2 values for 3 elements"},
      {"assert without message", in_func("    assert n > 0\n"), 5, 5, "assert needs a message"},
      {"bare return", in_func("    return\n"), 5, 5, "must be a PrimExpr"},
      {"buffer stored as a value", in_func("    A[0] = A\n"), 5, 12, "got Buffer"},
      {"f-string", in_func("    T.evaluate(f\"x\")\n"), 5, 16, "f-strings"},
      {"remap of a non-loop var",
       in_func("    with T.block(\"b\"):\n        vi = T.axis.remap(\"S\", [n])\n        "
               "T.reads()\n        T.writes()\n"),
       6, 33, "not in the loop"},
      {"block without regions inside the root",
       in_func("    for i in range(8):\n        with T.block(\"b\"):\n            vi = "
               "T.axis.spatial(8, i)\n"
               "            A[vi] = 1\n"),
       6, 9, "does not infer access regions"},
      {"duplicate function",
       "from tvm.script import tir as T\n@T.prim_func\ndef f():\n    pass\n@T.prim_func\ndef "
       "f():\n    pass\n",
       6, 1, "duplicate function name"},
      {"for over an int", in_func("    for i in 5:\n        A[i] = 0\n"), 5, 14,
       "Expect the for loop"},
      {"invalid character", in_func("    A[0] = $\n"), 5, 12, "invalid character"},
      {"func_attr inside a loop",
       in_func("    for i in range(2):\n        T.func_attr({\"a\": 1})\n"), 6, 9,
       "top of a PrimFunc"},
      {"class without ir_module",
       "from tvm.script import tir as T\nclass M:\n    @T.prim_func\n    def f():\n        pass\n",
       2, 1, "@I.ir_module"},
      {"undefined module function",
       "from tvm.script import ir as I\nfrom tvm.script import tir as T\n@I.ir_module\nclass Mod:\n"
       "    @T.prim_func\n    def f(A: T.Buffer((1,), \"int32\")):\n        A[0] = Mod.g(1)\n",
       7, 16, "Cannot find the function `g`", "scope.globalvar.defined"},
      {"missing annotation", "from tvm.script import tir as T\n@T.prim_func\ndef f(a):\n    pass\n",
       3, 7, "Type annotation required"},
      {"positional after keyword", in_func("    A[0] = T.Select(condition=n > 0, 1, 2)\n"), 5, 38,
       "positional argument follows keyword argument"},
      {"comprehension", in_func("    T.evaluate([i for i in range(3)])\n"), 5, 19,
       "comprehensions"},
      {"decorator missing", "from tvm.script import tir as T\ndef f():\n    pass\n", 2, 1,
       "@T.prim_func"},
      {"unsupported statement", in_func("    try:\n        pass\n"), 5, 5, "'try' statements"},
  };
  // Deep nesting: 10,000 parentheses, unary minus signs and a long sum are errors, not crashes.
  c.push_back(
      {"10000 nested parentheses",
       in_func("    A[0] = " + std::string(10000, '(') + "1" + std::string(10000, ')') + "\n"), 5,
       212, "too many nested parentheses"});
  std::string minus;
  for (int i = 0; i < 10000; ++i)
    minus += "- ";
  c.push_back({"10000 unary minus", in_func("    A[0] = " + minus + "1\n"), 5,
               12 + 2 * (script::kMaxSyntaxNesting - 3), "too deeply nested"});
  std::string sum = "n";
  for (int i = 0; i < 5000; ++i)
    sum += " + n";
  c.push_back({"5000-term sum", in_func("    A[0] = " + sum + "\n"), 5, 12,
               "expression too deeply nested"});
  std::string nest;
  for (int i = 0; i < 150; ++i)
    nest += std::string(4 * (i + 1), ' ') + "if n > " + std::to_string(i) + ":\n";
  c.push_back({"150 nested ifs", in_func(nest), 5 + 100, 405, "too many levels of indentation"});
  return c;
}

TEST(ReaderErrors, EachCaseReportsItsLocation) {
  auto cases = error_cases();
  ASSERT_GE(cases.size(), 25u);
  for (const auto &c : cases) {
    ReadResult r = read_tvmscript(c.source, "err.py");
    EXPECT_FALSE(r.ok()) << c.what;
    EXPECT_EQ(r.module, nullptr) << c.what;
    ASSERT_EQ(r.diagnostics.size(), 1u) << c.what;
    const Diagnostic &d = r.diagnostics[0];
    EXPECT_EQ(d.file, "err.py");
    EXPECT_EQ(d.loc.line, c.line) << c.what << ": " << format(d);
    EXPECT_EQ(d.loc.col, c.col) << c.what << ": " << format(d);
    EXPECT_NE(d.message.find(c.message), std::string::npos) << c.what << ": " << format(d);
    EXPECT_EQ(d.rule, c.rule) << c.what << ": " << format(d);
  }
}

TEST(ReaderErrors, FormatIsFileLineColumn) {
  ReadResult r = read_tvmscript(in_func("    A[0] = x\n"), "dir/t.py");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(format(r.diagnostics[0]),
            "dir/t.py:5:12: error[scope.unbound]: undefined variable 'x'");
}

} // namespace
} // namespace tirconf::ir

namespace tirconf::ir {
namespace {

// TVM's SizeVar is kept (a plain Var would not be structurally equal in TVM) and printed back.
TEST(ReaderTvmConstructs, SizeVarIsKeptAndPrinted) {
  const std::string src = "# from tvm.script import tir as T\n\n"
                          "@T.prim_func\n"
                          "def main(a: T.handle):\n"
                          "    n = T.int32(is_size_var=True)\n"
                          "    A = T.match_buffer(a, (n,))\n"
                          "    for i in range(n):\n"
                          "        A[i] = T.float32(0.0)\n";
  ReadResult r = read_tvmscript(src, "s.py");
  ASSERT_TRUE(r.module) << (r.diagnostics.empty() ? "" : r.diagnostics[0].message);
  const PrimFunc &f = r.module->functions[0].second;
  const Buffer &A = f->buffer_map.begin()->second;
  auto *n = as<VarNode>(A->shape[0]);
  ASSERT_TRUE(n);
  EXPECT_TRUE(n->size_var);
  EXPECT_EQ(print_tvmscript(r.module), src);
}

} // namespace
} // namespace tirconf::ir
