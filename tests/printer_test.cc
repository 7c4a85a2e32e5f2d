// TVMScript printer on hand-built IR. Expected texts are written from TVM v0.20's printing
// conventions (tests/data/tvm-printed/README.md and TVM's src/script/printer), and for the programs
// of tests/data/tvm-printed they are those files themselves.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include "ir/module.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/printer_literals.h"

namespace tirconf::ir {
namespace {

// ---- IR building shorthands ----
const DataType i32 = DataType::Int(32), i64 = DataType::Int(64), f32 = DataType::Float(32),
               boolean = DataType::Bool();

PrimExpr I(int64_t v) {
  return make_int32(v);
}
PrimExpr I(DataType t, int64_t v) {
  return make_int(t, v);
}
PrimExpr F(double v, DataType t = DataType::Float(32)) {
  return std::make_shared<FloatImmNode>(t, v);
}
PrimExpr True() {
  return make_bool(true);
}
PrimExpr S(std::string s) {
  return std::make_shared<StringImmNode>(std::move(s));
}
Var V(std::string name, DataType t = DataType::Int(32)) {
  return make_var(std::move(name), t);
}

PrimExpr bin(ExprKind k, PrimExpr a, PrimExpr b) {
  return make_binary(k, a, b);
}
PrimExpr operator+(PrimExpr a, PrimExpr b) {
  return bin(ExprKind::Add, a, b);
}
PrimExpr operator-(PrimExpr a, PrimExpr b) {
  return bin(ExprKind::Sub, a, b);
}
PrimExpr operator*(PrimExpr a, PrimExpr b) {
  return bin(ExprKind::Mul, a, b);
}
// Named, because shared_ptr's own comparison operators would win over PrimExpr overloads.
PrimExpr lt(PrimExpr a, PrimExpr b) {
  return bin(ExprKind::LT, a, b);
}
PrimExpr gt(PrimExpr a, PrimExpr b) {
  return bin(ExprKind::GT, a, b);
}
PrimExpr ge(PrimExpr a, PrimExpr b) {
  return bin(ExprKind::GE, a, b);
}
PrimExpr eq(PrimExpr a, PrimExpr b) {
  return bin(ExprKind::EQ, a, b);
}
PrimExpr fdiv(PrimExpr a, PrimExpr b) {
  return bin(ExprKind::FloorDiv, a, b);
}
PrimExpr fmod(PrimExpr a, PrimExpr b) {
  return bin(ExprKind::FloorMod, a, b);
}
PrimExpr cast(DataType t, PrimExpr v) {
  return std::make_shared<CastNode>(t, v);
}
PrimExpr call(DataType t, std::string op, std::vector<PrimExpr> args) {
  return std::make_shared<CallNode>(t, std::move(op), nullptr, std::move(args));
}
PrimExpr ramp(PrimExpr base, PrimExpr stride, int lanes) {
  return std::make_shared<RampNode>(base, stride, lanes);
}
PrimExpr bcast(PrimExpr v, int lanes) {
  return std::make_shared<BroadcastNode>(v, lanes);
}

Buffer buffer(std::string name, DataType t, std::vector<PrimExpr> shape,
              std::string scope = "global") {
  auto b = std::make_shared<BufferNode>();
  b->data = make_var(name, Type::Pointer(Type::Prim(t), scope));
  b->dtype = t;
  b->shape = std::move(shape);
  b->elem_offset = make_int32(0);
  b->name = std::move(name);
  return b;
}
PrimExpr load(Buffer b, std::vector<PrimExpr> idx) {
  return make_buffer_load(b, std::move(idx));
}
Stmt store(Buffer b, std::vector<PrimExpr> idx, PrimExpr v) {
  return std::make_shared<BufferStoreNode>(b, v, std::move(idx));
}
Stmt seq(std::vector<Stmt> s) {
  return std::make_shared<SeqStmtNode>(std::move(s));
}
Stmt loop(Var v, PrimExpr extent, Stmt body, ForKind k = ForKind::Serial, PrimExpr min = nullptr,
          Annotations ann = {}, IterVar tb = nullptr) {
  if (!min)
    min = make_int(extent->dtype, 0);
  return std::make_shared<ForNode>(v, min, extent, k, body, tb, std::move(ann));
}
Stmt evaluate(PrimExpr e) {
  return std::make_shared<EvaluateNode>(e);
}
Stmt let_stmt(Var v, PrimExpr value, Stmt body) {
  return std::make_shared<LetStmtNode>(v, value, body);
}
IterVar iter_var(Var v, PrimExpr extent, IterVarType t, PrimExpr min = nullptr) {
  auto iv = std::make_shared<IterVarNode>();
  iv->dom = Range{min ? min : make_int(extent->dtype, 0), extent, {}};
  iv->var = v;
  iv->iter_type = t;
  return iv;
}
BufferRegion region(Buffer b, std::vector<std::pair<PrimExpr, PrimExpr>> r) {
  BufferRegion out{b, {}, {}};
  for (auto &[mn, ext] : r)
    out.region.push_back(Range{mn, ext, {}});
  return out;
}
Block block(std::string name, std::vector<IterVar> ivs, std::vector<BufferRegion> reads,
            std::vector<BufferRegion> writes, Stmt body, Stmt init = nullptr,
            std::vector<Buffer> alloc = {}, std::vector<MatchBufferRegion> match = {}) {
  return std::make_shared<BlockNode>(std::move(ivs), std::move(reads), std::move(writes),
                                     std::move(name), body, init, std::move(alloc),
                                     std::move(match), Annotations{});
}
Stmt realize(std::vector<PrimExpr> values, Block b, PrimExpr pred = nullptr) {
  return std::make_shared<BlockRealizeNode>(std::move(values), pred ? pred : True(), b);
}
Stmt root(Stmt body, std::vector<Buffer> alloc = {}) {
  return realize({}, block("root", {}, {}, {}, body, nullptr, std::move(alloc)));
}

// A function whose parameters are the given buffers (through handle Vars) and scalars.
struct Param {
  Buffer buf = nullptr;
  Var var = nullptr;
};
PrimFunc func(std::vector<Param> params, Stmt body, std::optional<Type> ret = std::nullopt,
              Annotations attrs = {}) {
  auto f = std::make_shared<PrimFuncNode>();
  for (auto &p : params) {
    if (p.buf) {
      Var h = make_var(p.buf->name + "_handle", DataType::Handle());
      f->params.push_back(h);
      f->buffer_map.push_back({h, p.buf});
    } else {
      f->params.push_back(p.var);
    }
  }
  f->body = body;
  f->ret_type = std::move(ret);
  f->attrs = std::move(attrs);
  return f;
}

// The function as the parser makes a public one: with a global_symbol attribute naming it.
PrimFunc named(PrimFunc f, const std::string &name) {
  auto copy = std::make_shared<PrimFuncNode>(*f);
  AttrValue v;
  v.expr = S(name);
  copy->attrs.emplace_back("global_symbol", v);
  return copy;
}
std::string script(const PrimFunc &f, const std::string &name) {
  return print_tvmscript(named(f, name), name);
}

std::string tvm_printed_file(const std::string &name) {
  std::ifstream in(std::string(TIRCONF_TVM_PRINTED_DIR) + "/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string body_of(const PrimFunc &f) {
  std::string s = script(f, "f");
  size_t p = s.find("):\n");
  if (p == std::string::npos)
    p = s.find(":\n");
  return s.substr(s.find('\n', p) + 1);
}

// A one-statement function over scalar parameters, for expression cases.
std::string print_stmt(Stmt s) {
  return body_of(func({}, s));
}
// The statement line of T.evaluate(e); free Vars are declared on lines before it.
std::string print_in_eval(PrimExpr e) {
  std::string s = print_stmt(evaluate(e));
  s.pop_back();
  return s.substr(s.rfind('\n') == std::string::npos ? 4 : s.rfind('\n') + 5);
}

// ---- The programs of tests/data/tvm-printed, built by hand ----

TEST(PrinterShared, Add) {
  Buffer A = buffer("A", i32, {I(16)}), B = buffer("B", i32, {I(16)});
  Var i = V("i");
  auto body = loop(i, I(16), store(B, {i}, fdiv(load(A, {i}), I(3)) + fmod(load(A, {i}), I(3))));
  EXPECT_EQ(script(func({{A}, {B}}, body), "add"), tvm_printed_file("add.py"));
}

TEST(PrinterShared, Matmul) {
  Buffer A = buffer("A", f32, {I(16), I(16)}), B = buffer("B", f32, {I(16), I(16)}),
         C = buffer("C", f32, {I(16), I(16)});
  Var i = V("i"), j = V("j"), k = V("k"), vi = V("vi"), vj = V("vj"), vk = V("vk");
  auto one = [](PrimExpr e) { return std::pair<PrimExpr, PrimExpr>{e, make_int32(1)}; };
  Block c =
      block("C",
            {iter_var(vi, I(16), IterVarType::DataPar), iter_var(vj, I(16), IterVarType::DataPar),
             iter_var(vk, I(16), IterVarType::CommReduce)},
            {region(A, {one(vi), one(vk)}), region(B, {one(vj), one(vk)})},
            {region(C, {one(vi), one(vj)})},
            store(C, {vi, vj}, load(C, {vi, vj}) + load(A, {vi, vk}) * load(B, {vj, vk})),
            store(C, {vi, vj}, F(0.0)));
  auto body = root(loop(i, I(16), loop(j, I(16), loop(k, I(16), realize({i, j, k}, c)))));
  EXPECT_EQ(script(func({{A}, {B}, {C}}, body), "matmul"), tvm_printed_file("matmul.py"));
}

TEST(PrinterShared, Alloc) {
  Buffer A = buffer("A", f32, {I(8)}), B = buffer("B", f32, {I(8)});
  Var tmp = make_var("Tmp", Type::Pointer(Type::Prim(f32), "global"));
  auto tmp_buf = std::make_shared<BufferNode>(*buffer("Tmp", f32, {I(8)}));
  tmp_buf->data = tmp;
  Buffer D = buffer("D", f32, {I(8)});
  Var i1 = V("i"), i2 = V("i"), i3 = V("i");
  auto decl = std::make_shared<DeclBufferNode>(
      D, seq({loop(i2, I(8), store(D, {i2}, load(tmp_buf, {i2}) + F(1.0))),
              loop(i3, I(8), store(B, {i3}, load(D, {i3})))}));
  auto alloc_d = std::make_shared<AllocateNode>(D->data, f32, std::vector<PrimExpr>{I(8)}, True(),
                                                decl, Annotations{});
  auto body = std::make_shared<AllocateNode>(
      tmp, f32, std::vector<PrimExpr>{I(8)}, True(),
      seq({loop(i1, I(8), store(tmp_buf, {i1}, load(A, {i1}) * F(2.0))), alloc_d}), Annotations{});
  EXPECT_EQ(script(func({{A}, {B}}, body), "alloc"), tvm_printed_file("alloc.py"));
}

TEST(PrinterShared, Exprs) {
  Buffer A = buffer("A", i32, {I(16)}), B = buffer("B", f32, {I(16)});
  Var n = V("n"), i = V("i"), x = V("x"), j = V("j"), v = V("v");
  auto slice = [&](Buffer b) { return load(b, {ramp(i * I(4), I(1), 4)}); };
  auto first = loop(i, I(4),
                    let_stmt(x, i + I(3),
                             store(B, {ramp(i * I(4), I(1), 4)},
                                   cast(DataType::Float(32, 4), slice(A) + bcast(x, 4)))));
  PrimExpr sel = std::make_shared<SelectNode>(gt(v, n), cast(f32, v), F(-1.0));
  PrimExpr let = std::make_shared<LetNode>(v, load(A, {j}) * I(2), sel);
  auto second = loop(j, I(16), store(B, {j}, let));
  EXPECT_EQ(script(func({{A}, {B}, {nullptr, n}}, seq({first, second})), "exprs"),
            tvm_printed_file("exprs.py"));
}

TEST(PrinterShared, Launch) {
  Buffer A = buffer("A", i32, {I(32)});
  Var tx = V("tx");
  auto iv = std::make_shared<IterVarNode>();
  iv->var = tx;
  iv->iter_type = IterVarType::ThreadIndex;
  iv->thread_tag = "threadIdx.x";
  auto body =
      std::make_shared<AttrStmtNode>(IterVar(iv), "thread_extent", I(32), store(A, {tx}, tx));
  EXPECT_EQ(script(func({{A}}, body), "launch"), tvm_printed_file("launch.py"));
}

TEST(PrinterShared, ModuleWithCall) {
  auto m = std::make_shared<IRModuleNode>();
  auto gsq = std::make_shared<GlobalVarNode>(GlobalVarNode{"square", {}});
  auto gmain = std::make_shared<GlobalVarNode>(GlobalVarNode{"main", {}});
  Var x = V("x");
  auto sq = func({{nullptr, x}}, evaluate(call(i32, "tir.ret", {x * x})), Type::Prim(i32));
  Buffer A = buffer("A", i32, {I(4)});
  Var i = V("i");
  auto c = std::make_shared<CallNode>(i32, "", gsq, std::vector<PrimExpr>{load(A, {i})});
  auto mn = func({{A}}, loop(i, I(4), store(A, {i}, c)));
  m->functions = {{gsq, named(sq, "square")}, {gmain, named(mn, "main")}};
  EXPECT_EQ(print_tvmscript(m), tvm_printed_file("Module.py"));
}

TEST(PrinterShared, Symbolic) {
  Var n = V("n");
  Buffer A = buffer("A", DataType::Float(16), {n, I(4)}), B = buffer("B", DataType::Float(16), {n});
  Var a = make_var("a", DataType::Handle()), b = make_var("b", DataType::Handle()), i = V("i");
  auto f = std::make_shared<PrimFuncNode>();
  f->params = {a, b, n};
  f->buffer_map = {{a, A}, {b, B}};
  f->body = loop(i, n, store(B, {i}, load(A, {i, I(0)}) + load(A, {i, I(3)})));
  EXPECT_EQ(script(f, "symbolic"), tvm_printed_file("symbolic.py"));
}

TEST(PrinterShared, MatchInBlock) {
  Buffer A = buffer("A", f32, {I(16), I(16)}), B = buffer("B", f32, {I(16), I(16)});
  Var io = V("io"), jo = V("jo"), vio = V("vio"), vjo = V("vjo"), ii = V("ii"), jj = V("jj");
  auto sub = [&](const char *name) {
    Buffer s = buffer(name, f32, {I(4), I(4)});
    auto m = std::make_shared<BufferNode>(*s);
    m->elem_offset = V(std::string(name) + "_elem_offset");
    m->offset_factor = 1;
    return Buffer(m);
  };
  Buffer Asub = sub("Asub"), Bsub = sub("Bsub");
  auto tile = [&](Buffer b) { return region(b, {{vio * I(4), I(4)}, {vjo * I(4), I(4)}}); };
  Block blk = block(
      "tile",
      {iter_var(vio, I(4), IterVarType::DataPar), iter_var(vjo, I(4), IterVarType::DataPar)},
      {tile(A)}, {tile(B)},
      loop(ii, I(4), loop(jj, I(4), store(Bsub, {ii, jj}, load(Asub, {ii, jj}) + F(1.0)))), nullptr,
      {}, {MatchBufferRegion{Asub, tile(A), {}}, MatchBufferRegion{Bsub, tile(B), {}}});
  auto body = root(loop(io, I(4), loop(jo, I(4), realize({io, jo}, blk))));
  EXPECT_EQ(script(func({{A}, {B}}, body), "match_in_block"),
            tvm_printed_file("match_in_block.py"));
}

TEST(PrinterShared, PredicateAndWhere) {
  Buffer A = buffer("A", f32, {I(10)}), B = buffer("B", f32, {I(10)});
  Var io = V("io"), ii = V("ii"), vi = V("vi");
  PrimExpr idx = io * I(4) + ii;
  Block b = block("B", {iter_var(vi, I(10), IterVarType::DataPar)}, {region(A, {{vi, I(1)}})},
                  {region(B, {{vi, I(1)}})}, store(B, {vi}, load(A, {vi}) + F(1.0)));
  auto body = root(loop(io, I(3), loop(ii, I(4), realize({idx}, b, lt(idx, I(10))))));
  EXPECT_EQ(script(func({{A}, {B}}, body), "predicate_and_where"),
            tvm_printed_file("predicate_and_where.py"));
}

TEST(PrinterShared, RetScalar) {
  Buffer A = buffer("A", i32, {I(4)});
  Var s = V("s");
  auto ret = [](PrimExpr e) { return evaluate(call(i32, "tir.ret", {e})); };
  auto ifs = std::make_shared<IfThenElseNode>(gt(s, I(10)), ret(s), nullptr);
  auto body = std::make_shared<AssertStmtNode>(
      ge(load(A, {I(0)}), I(0)), S("A[0] must be non-negative"),
      let_stmt(s, load(A, {I(0)}) + load(A, {I(1)}), seq({ifs, ret(s * I(2))})));
  EXPECT_EQ(script(func({{A}}, body, Type::Prim(i32)), "ret_scalar"),
            tvm_printed_file("ret_scalar.py"));
}

TEST(PrinterShared, ZeroDim) {
  Buffer A = buffer("A", i32, {}), B = buffer("B", DataType::BFloat16(), {});
  auto body =
      seq({store(A, {}, load(A, {}) + I(1)), store(B, {}, cast(DataType::BFloat16(), F(1.5)))});
  EXPECT_EQ(script(func({{A}, {B}}, body), "zero_dim"), tvm_printed_file("zero_dim.py"));
}

TEST(PrinterShared, Threads) {
  Buffer A = buffer("A", f32, {I(64)}), B = buffer("B", f32, {I(64)});
  Var bx = V("bx"), tx = V("tx");
  auto tb = [](Var v, const char *tag) {
    auto iv = std::make_shared<IterVarNode>();
    iv->var = v;
    iv->iter_type = IterVarType::ThreadIndex;
    iv->thread_tag = tag;
    return IterVar(iv);
  };
  PrimExpr idx = bx * I(32) + tx;
  auto body = loop(bx, I(2),
                   loop(tx, I(32), store(B, {idx}, load(A, {idx}) * F(2.0)), ForKind::ThreadBinding,
                        nullptr, {}, tb(tx, "threadIdx.x")),
                   ForKind::ThreadBinding, nullptr, {}, tb(bx, "blockIdx.x"));
  EXPECT_EQ(script(func({{A}, {B}}, body), "threads"), tvm_printed_file("threads.py"));
}

// ---- Expressions ----

TEST(PrinterExpr, MinimalParentheses) {
  Var a = V("a"), b = V("b"), c = V("c");
  EXPECT_EQ(print_in_eval((a + b) * c), "T.evaluate((a + b) * c)");
  EXPECT_EQ(print_in_eval(a + b * c), "T.evaluate(a + b * c)");
  EXPECT_EQ(print_in_eval(a - (b - c)), "T.evaluate(a - (b - c))");
  EXPECT_EQ(print_in_eval((a - b) - c), "T.evaluate(a - b - c)");
  EXPECT_EQ(print_in_eval(a * fdiv(b, c)), "T.evaluate(a * (b // c))");
  EXPECT_EQ(print_in_eval(fdiv(a * b, c)), "T.evaluate(a * b // c)");
  EXPECT_EQ(print_in_eval(I(0) - (a + b)), "T.evaluate(0 - (a + b))");
  EXPECT_EQ(print_in_eval(a - I(-1)), "T.evaluate(a - -1)");
  EXPECT_EQ(print_in_eval(I(-1) * (a + b)), "T.evaluate(-1 * (a + b))");
  PrimExpr ab = lt(a, b), bc = gt(b, c);
  EXPECT_EQ(print_in_eval(bin(ExprKind::And, ab, bin(ExprKind::Or, bc, ab))),
            "T.evaluate(a < b and (b > c or a < b))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Or, bin(ExprKind::And, ab, bc), ab)),
            "T.evaluate(a < b and b > c or a < b)");
  EXPECT_EQ(print_in_eval(std::make_shared<NotNode>(bin(ExprKind::And, ab, bc))),
            "T.evaluate(not (a < b and b > c))");
  EXPECT_EQ(print_in_eval(std::make_shared<NotNode>(ab)), "T.evaluate(not a < b)");
  // Python would read `a < b == b > c` as a chain; comparisons nest in parentheses.
  EXPECT_EQ(print_in_eval(eq(ab, bc)), "T.evaluate((a < b) == (b > c))");
  EXPECT_EQ(print_in_eval(a * (b + c) + a * b), "T.evaluate(a * (b + c) + a * b)");
}

TEST(PrinterExpr, OperatorsThatTheParserWouldFoldPrintAsCalls) {
  Var a = V("a"), x = V("x", i64);
  EXPECT_EQ(print_in_eval(a + I(0)), "T.evaluate(T.Add(a, 0))");
  EXPECT_EQ(print_in_eval(I(2) + I(3)), "T.evaluate(T.Add(2, 3))");
  EXPECT_EQ(print_in_eval(a * I(1)), "T.evaluate(T.Mul(a, 1))");
  EXPECT_EQ(print_in_eval(I(0) - a), "T.evaluate(0 - a)"); // sub folds only x - 0
  EXPECT_EQ(print_in_eval(a - I(0)), "T.evaluate(T.Sub(a, 0))");
  EXPECT_EQ(print_in_eval(fdiv(a, I(1))), "T.evaluate(T.FloorDiv(a, 1))");
  EXPECT_EQ(print_in_eval(fmod(I(7), I(3))), "T.evaluate(T.FloorMod(7, 3))");
  // FloorMod folds only on int32/int64.
  EXPECT_EQ(print_in_eval(fmod(I(DataType::Int(8), 7), I(DataType::Int(8), 3))),
            "T.evaluate(T.int8(7) % T.int8(3))");
  // Operands of different dtypes would get a cast.
  EXPECT_EQ(print_in_eval(bin(ExprKind::Add, x, a)), "T.evaluate(T.Add(x, a))");
  EXPECT_EQ(print_in_eval(x + I(i64, 1)), "T.evaluate(x + T.int64(1))");
  EXPECT_EQ(print_in_eval(lt(I(1), I(2))), "T.evaluate(T.LT(1, 2))");
  PrimExpr c = lt(a, I(3));
  EXPECT_EQ(print_in_eval(bin(ExprKind::And, c, True())), "T.evaluate(T.And(a < 3, T.bool(True)))");
  // The parser builds `not` with tir.Not, which does not fold.
  EXPECT_EQ(print_in_eval(std::make_shared<NotNode>(True())), "T.evaluate(not T.bool(True))");
  EXPECT_EQ(print_in_eval(F(1.0) + F(2.0)), "T.evaluate(T.Add(T.float32(1.0), T.float32(2.0)))");
  // TVM folds two float constants of 32 or 64 bits only; float16 and bfloat16 stay operators.
  const DataType f16 = DataType::Float(16), bf16 = DataType::BFloat16();
  EXPECT_EQ(print_in_eval(bin(ExprKind::Div, F(10.0), F(4.0))),
            "T.evaluate(T.Div(T.float32(10.0), T.float32(4.0)))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Div, F(10.0, f16), F(4.0, f16))),
            "T.evaluate(T.float16(10.0) / T.float16(4.0))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Div, F(10.0, bf16), F(4.0, bf16))),
            "T.evaluate(T.bfloat16(10.0) / T.bfloat16(4.0))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Div, F(10.0, f16), F(1.0, f16))),
            "T.evaluate(T.Div(T.float16(10.0), T.float16(1.0)))");
  EXPECT_EQ(print_in_eval(F(1.0, f16) + F(2.0, f16)),
            "T.evaluate(T.float16(1.0) + T.float16(2.0))");
}

TEST(PrinterExpr, EveryExpressionKind) {
  Var a = V("a"), f = V("f", f32), p = V("p", boolean);
  EXPECT_EQ(print_in_eval(I(7)), "T.evaluate(7)");
  EXPECT_EQ(print_in_eval(I(i64, -3)), "T.evaluate(T.int64(-3))");
  EXPECT_EQ(print_in_eval(I(DataType::UInt(8), 200)), "T.evaluate(T.uint8(200))");
  EXPECT_EQ(print_in_eval(make_bool(false)), "T.evaluate(T.bool(False))");
  EXPECT_EQ(print_in_eval(F(0.5, DataType::Float(64))), "T.evaluate(T.float64(0.5))");
  EXPECT_EQ(print_in_eval(F(2.5, DataType::Float(16))), "T.evaluate(T.float16(2.5))");
  EXPECT_EQ(print_in_eval(S("a \"q\"\n")), "T.evaluate(\"a \\\"q\\\"\\n\")");
  EXPECT_EQ(print_in_eval(cast(i64, a)), "T.evaluate(T.Cast(\"int64\", a))");
  EXPECT_EQ(print_in_eval(std::make_shared<SelectNode>(p, a, I(1))),
            "T.evaluate(T.Select(p, a, 1))");
  EXPECT_EQ(print_in_eval(ramp(a, I(2), 4)), "T.evaluate(T.Ramp(a, 2, 4))");
  EXPECT_EQ(print_in_eval(bcast(f, 8)), "T.evaluate(T.Broadcast(f, 8))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Div, a, I(2))), "T.evaluate(T.Div(a, 2))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Div, f, F(2.0))), "T.evaluate(f / T.float32(2.0))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Mod, a, I(2))), "T.evaluate(T.truncmod(a, 2))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Min, a, I(2))), "T.evaluate(T.min(a, 2))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Max, a, I(2))), "T.evaluate(T.max(a, 2))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::NE, a, I(2))), "T.evaluate(a != 2)");
  EXPECT_EQ(print_in_eval(bin(ExprKind::LE, a, I(2))), "T.evaluate(a <= 2)");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Or, p, p)), "T.evaluate(p or p)");
  // A call is an expression statement of its own, without T.evaluate.
  EXPECT_EQ(print_in_eval(call(f32, "tir.sqrt", {f})), "T.sqrt(f)");
  EXPECT_EQ(print_in_eval(call(i32, "tir.if_then_else", {p, a, I(0)})), "T.if_then_else(p, a, 0)");
  EXPECT_EQ(print_in_eval(call(i32, "tir.bitwise_and", {a, I(1)})), "T.bitwise_and(a, 1)");
  PrimExpr sh = std::make_shared<ShuffleNode>(
      DataType::Int(32, 2), std::vector<PrimExpr>{bcast(a, 2)}, std::vector<PrimExpr>{I(1), I(0)});
  EXPECT_EQ(print_in_eval(sh), "T.evaluate(T.Shuffle([T.Broadcast(a, 2)], [1, 0]))");
}

TEST(PrinterExpr, FloatLiteralsReadBackExactly) {
  EXPECT_EQ(python_float_repr(0.1), "0.1");
  EXPECT_EQ(python_float_repr(1e-30), "1e-30");
  EXPECT_EQ(python_float_repr(3.4028234663852886e38), "3.4028234663852886e+38");
  EXPECT_EQ(python_float_repr(2.0), "2.0");
  EXPECT_EQ(python_float_repr(-1.0), "-1.0");
  EXPECT_EQ(python_float_repr(-0.0), "-0.0");
  EXPECT_EQ(python_float_repr(1e16), "1e+16");
  EXPECT_EQ(python_float_repr(1e15), "1000000000000000.0");
  EXPECT_EQ(python_float_repr(123.25), "123.25");
  EXPECT_EQ(python_float_repr(0.0001), "0.0001");
  EXPECT_EQ(python_float_repr(0.00001), "1e-05");
  EXPECT_EQ(python_float_repr(1.5e300), "1.5e+300");
  EXPECT_EQ(python_float_repr(5e-324), "5e-324");
  EXPECT_EQ(python_float_repr(1.0 / 3), "0.3333333333333333");
  for (double v : {0.1, 1e-30, 3.4028234663852886e38, 1.0 / 3, 5e-324, 1.7976931348623157e308,
                   0.30000000000000004, 123456789.125, 1e22, 1e23})
    EXPECT_EQ(std::strtod(python_float_repr(v).c_str(), nullptr), v) << python_float_repr(v);
  // TVM's printer: %.17g, or fixed notation with one decimal for an integral value.
  EXPECT_EQ(tvm_float_repr(0.1), "0.10000000000000001");
  EXPECT_EQ(tvm_float_repr(0.5), "0.5");
  EXPECT_EQ(tvm_float_repr(2.0), "2.0");
  EXPECT_EQ(tvm_float_repr(-0.0), "-0.0");
  EXPECT_EQ(tvm_float_repr(-11.0), "-11.0");
  EXPECT_EQ(tvm_float_repr(1e-05), "1.0000000000000001e-05");
  EXPECT_EQ(tvm_float_repr(1.2419999837875366), "1.2419999837875366");
  EXPECT_EQ(tvm_float_repr(0.67369997501373291), "0.67369997501373291");
  EXPECT_EQ(tvm_float_repr(5.877471754111438e-39), "5.8774717541114375e-39");
  EXPECT_EQ(tvm_float_repr(1.7014118346046923e38), "170141183460469231731687303715884105728.0");
  EXPECT_EQ(tvm_float_repr(std::numeric_limits<double>::infinity()), "inf");
  for (double v : {0.1, 1e-30, 3.4028234663852886e38, 1.0 / 3, 5e-324, 1.7976931348623157e308,
                   0.30000000000000004, 123456789.125, 1e22, 1e23})
    EXPECT_EQ(std::strtod(tvm_float_repr(v).c_str(), nullptr), v) << tvm_float_repr(v);
  EXPECT_EQ(print_in_eval(F(0.1)), "T.evaluate(T.float32(0.10000000000000001))");
  EXPECT_EQ(print_in_eval(F(0.1, DataType::Float(16))),
            "T.evaluate(T.float16(0.10000000000000001))");
  EXPECT_EQ(print_in_eval(F(1.7014118346046923e38)),
            "T.evaluate(T.float32(170141183460469231731687303715884105728.0))");
  EXPECT_EQ(print_in_eval(F(std::numeric_limits<double>::infinity())),
            "T.evaluate(T.float32(\"inf\"))");
  EXPECT_EQ(print_in_eval(F(-std::numeric_limits<double>::infinity(), DataType::Float(64))),
            "T.evaluate(T.float64(\"-inf\"))");
  EXPECT_EQ(print_in_eval(F(std::numeric_limits<double>::quiet_NaN())),
            "T.evaluate(T.float32(\"nan\"))");
}

TEST(PrinterExpr, NonAsciiStringsPrintAsCodePoints) {
  EXPECT_EQ(python_str_literal("a\x01\x7F"), "\"a\\x01\\x7F\"");
  EXPECT_EQ(python_str_literal("\xC3\xA9"), "\"\\xE9\"");
  EXPECT_EQ(python_str_literal("\xEF\xBB\xBF"), "\"\\uFEFF\"");
  EXPECT_EQ(python_str_literal("\xF0\x9F\x98\x80"), "\"\\U0001F600\"");
  // Bytes that are no UTF-8 sequence stay bytes.
  EXPECT_EQ(python_str_literal("\xFF\xC3"), "\"\\xFF\\xC3\"");
}

TEST(PrinterExpr, VectorDtypes) {
  Buffer A = buffer("A", i32, {I(8)}), C = buffer("C", DataType::Int(32, 4), {I(2)});
  Var v = V("v", DataType::Int(32, 4));
  auto body =
      let_stmt(v, load(A, {ramp(I(0), I(1), 4)}),
               seq({store(C, {I(0)}, v), store(A, {ramp(I(0), I(2), 4)}, v + bcast(I(1), 4)),
                    store(C, {I(1)}, cast(DataType::Int(32, 4), bcast(F(0.5), 4)))}));
  EXPECT_EQ(body_of(func({{A}, {C}}, body)),
            "    v: T.int32x4 = A[0:4]\n"
            "    C[0] = v\n"
            "    A[0:8:2] = v + T.Broadcast(1, 4)\n"
            "    C[1] = T.Cast(\"int32x4\", T.Broadcast(T.float32(0.5), 4))\n");
  EXPECT_EQ(
      script(func({{C}}, store(C, {I(0)}, bcast(I(0), 4))), "f"),
      "# from tvm.script import tir as T\n\n@T.prim_func\ndef f(C: T.Buffer((2,), \"int32x4\")):\n"
      "    C[0] = T.Broadcast(0, 4)\n");
}

// T.<dtype>(v) converts v to the dtype (T.float32(1) is a FloatImm, T.int32x4(1) a Broadcast),
// so a constant whose dtype that spelling would not keep prints as its node constructor.
TEST(PrinterExpr, ConstantsOfOtherDtypesPrintAsNodeConstructors) {
  EXPECT_EQ(print_in_eval(I(f32, 1)), "T.evaluate(T.IntImm(\"float32\", 1))");
  EXPECT_EQ(print_in_eval(I(DataType::Int(32, 4), 1)), "T.evaluate(T.IntImm(\"int32x4\", 1))");
  EXPECT_EQ(print_in_eval(I(DataType::Bool(4), 1)), "T.evaluate(T.IntImm(\"uint1x4\", 1))");
  EXPECT_EQ(print_in_eval(I(DataType::Int(7), 3)), "T.evaluate(T.IntImm(\"int7\", 3))");
  EXPECT_EQ(print_in_eval(I(DataType::Handle(), 0)), "T.evaluate(T.IntImm(\"handle\", 0))");
  // A bare literal this large would read back as an int64.
  EXPECT_EQ(print_in_eval(I(i32, 2147483648)), "T.evaluate(T.int32(2147483648))");
  EXPECT_EQ(print_in_eval(I(i32, -2147483648)), "T.evaluate(-2147483648)");
  EXPECT_EQ(print_in_eval(F(1.0, i32)), "T.evaluate(T.FloatImm(\"int32\", 1.0))");
  EXPECT_EQ(print_in_eval(F(1.0, DataType::Float(32, 4))),
            "T.evaluate(T.FloatImm(\"float32x4\", 1.0))");
  EXPECT_EQ(print_in_eval(F(0.5, DataType::Float(8))), "T.evaluate(T.FloatImm(\"float8\", 0.5))");
  // T.FloatImm takes a Python float: 1e999 is infinity.
  double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(print_in_eval(F(inf, i32)), "T.evaluate(T.FloatImm(\"int32\", 1e999))");
  EXPECT_EQ(print_in_eval(F(-inf, i32)), "T.evaluate(T.FloatImm(\"int32\", -1e999))");
  // inf - inf is a NaN; its sign is the machine's, and a negation gives the other one.
  std::string nan_pos = print_in_eval(F(std::numeric_limits<double>::quiet_NaN(), i32));
  std::string nan_neg = print_in_eval(F(-std::numeric_limits<double>::quiet_NaN(), i32));
  EXPECT_TRUE(nan_pos == "T.evaluate(T.FloatImm(\"int32\", 1e999 - 1e999))" ||
              nan_pos == "T.evaluate(T.FloatImm(\"int32\", -(1e999 - 1e999)))")
      << nan_pos;
  EXPECT_TRUE(nan_neg == "T.evaluate(T.FloatImm(\"int32\", 1e999 - 1e999))" ||
              nan_neg == "T.evaluate(T.FloatImm(\"int32\", -(1e999 - 1e999)))")
      << nan_neg;
  EXPECT_NE(nan_pos, nan_neg);
}

// TVM prints any handle as "handle"; other widths than 64 are spelled out.
TEST(PrinterExpr, HandleWidthsAreSpelledOut) {
  PrimExpr zero = I(i64, 0);
  EXPECT_EQ(print_in_eval(cast(DataType::Handle(), zero)),
            "T.evaluate(T.Cast(\"handle\", T.int64(0)))");
  EXPECT_EQ(print_in_eval(cast(DataType(TypeCode::Handle, 32), zero)),
            "T.evaluate(T.Cast(\"handle32\", T.int64(0)))");
  EXPECT_EQ(print_in_eval(cast(DataType(TypeCode::Handle, 16), zero)),
            "T.evaluate(T.Cast(\"handle16\", T.int64(0)))");
  EXPECT_EQ(print_in_eval(cast(DataType(TypeCode::Handle, 64, 4), zero)),
            "T.evaluate(T.Cast(\"handlex4\", T.int64(0)))");
  EXPECT_EQ(to_string(DataType::Void()), "void");
  EXPECT_EQ(to_string(DataType(TypeCode::Handle, 0, 4)), "handle0x4");
  // parse_dtype reads the spec's widths back; handle16 is not one of them (the reader still
  // builds it, for the checker's dtype.handle.bits).
  EXPECT_EQ(parse_dtype("handle32"), DataType(TypeCode::Handle, 32));
  EXPECT_EQ(parse_dtype("handle64"), DataType::Handle());
  EXPECT_FALSE(parse_dtype("handle16").has_value());
}

// TVM's TScriptDtypePrintLocation::kFirst: the call's dtype is the first argument.
TEST(PrinterExpr, BuiltinsWithAnExplicitDtype) {
  Var a = V("a"), f = V("f", f32);
  EXPECT_EQ(print_in_eval(call(i32, "tir.reinterpret", {f})), "T.reinterpret(\"int32\", f)");
  EXPECT_EQ(print_in_eval(call(i32, "tir.call_extern", {S("my_fn"), a, f})),
            "T.call_extern(\"int32\", \"my_fn\", a, f)");
  EXPECT_EQ(print_in_eval(call(f32, "tir.call_pure_extern", {S("g"), f})),
            "T.call_pure_extern(\"float32\", \"g\", f)");
  EXPECT_EQ(print_in_eval(call(DataType::Void(), "tir.call_extern", {S("h")})),
            "T.call_extern(\"void\", \"h\")");
  // The other new builtins print as their name and arguments.
  EXPECT_EQ(print_in_eval(call(boolean, "tir.assume", {lt(a, I(3))})), "T.assume(a < 3)");
  EXPECT_EQ(print_in_eval(call(f32, "tir.ldexp", {f, a})), "T.ldexp(f, a)");
  EXPECT_EQ(print_in_eval(call(f32, "tir.nextafter", {f, f})), "T.nextafter(f, f)");
}

TEST(PrinterExpr, StandaloneExpressionsPrintNames) {
  Var i = V("i");
  Buffer A = buffer("A", f32, {I(4)});
  EXPECT_EQ(print_expr(load(A, {i + I(1)}) * F(2.0)), "A[i + 1] * T.float32(2.0)");
  EXPECT_EQ(print_expr(nullptr), "None");
}

// ---- Statements ----

TEST(PrinterStmt, LoopKinds) {
  Buffer A = buffer("A", i32, {I(16)});
  Var i = V("i"), n = V("n");
  auto f = [&](Stmt s) { return body_of(func({{A}, {nullptr, n}}, s)); };
  auto st = store(A, {i}, i);
  EXPECT_EQ(f(loop(i, I(4), st, ForKind::Parallel)),
            "    for i in T.parallel(4):\n        A[i] = i\n");
  EXPECT_EQ(f(loop(i, I(4), st, ForKind::Vectorized)),
            "    for i in T.vectorized(4):\n        A[i] = i\n");
  EXPECT_EQ(f(loop(i, I(4), st, ForKind::Unrolled)),
            "    for i in T.unroll(4):\n        A[i] = i\n");
  EXPECT_EQ(f(loop(i, n, st, ForKind::Serial, I(2))),
            "    for i in range(2, 2 + n):\n        A[i] = i\n");
  EXPECT_EQ(f(loop(i, I(6), st, ForKind::Serial, I(2))),
            "    for i in range(2, 8):\n        A[i] = i\n");
  // An extent n - m from m prints as range(m, n), which reads back to n - m.
  Var m = V("m");
  EXPECT_EQ(
      body_of(func({{A}, {nullptr, m}, {nullptr, n}}, loop(i, n - m, st, ForKind::Serial, m))),
      "    for i in range(m, n):\n        A[i] = i\n");
  EXPECT_EQ(f(loop(i, I(6), st, ForKind::Parallel, I(2))),
            "    for i in T.parallel(2, 8):\n        A[i] = i\n");
  Annotations ann = {{"pragma_x", AttrValue{I(1), {}, false}}};
  EXPECT_EQ(f(loop(i, I(4), st, ForKind::Serial, nullptr, ann)),
            "    for i in T.serial(4, annotations={\"pragma_x\": 1}):\n        A[i] = i\n");
}

// The reader widens the narrower of two integer bounds before `stop - start` (as TVM's
// BinaryOpMatchTypes does), so the extent of range(m, n) with an int32 m and an int64 n is
// n - T.Cast("int64", m); it prints as the bounds as written.
TEST(PrinterStmt, LoopBoundsOfDifferentWidths) {
  Buffer A = buffer("A", i32, {I(16)});
  Var m = V("m"), n = V("n", i64), k = V("k", DataType::Int(8)), i = V("i", i64);
  auto st = store(A, {I(0)}, I(1));
  auto f = [&](PrimExpr min, PrimExpr extent) {
    return body_of(func({{A}, {nullptr, m}, {nullptr, n}, {nullptr, k}},
                        loop(i, extent, st, ForKind::Serial, min)));
  };
  EXPECT_EQ(f(m, n - cast(i64, m)), "    for i in range(m, n):\n        A[0] = 1\n");
  EXPECT_EQ(f(k, I(i64, 4) - cast(i64, k)),
            "    for i in range(k, T.int64(4)):\n        A[0] = 1\n");
  EXPECT_EQ(f(n, cast(i64, k) - n), "    for i in range(n, k):\n        A[0] = 1\n");
  // A cast the reader would not have made stays.
  Var x = V("x", f32);
  EXPECT_EQ(body_of(func({{A}, {nullptr, n}, {nullptr, x}},
                         loop(i, cast(i64, x) - n, st, ForKind::Serial, n))),
            "    for i in range(n, T.Cast(\"int64\", x)):\n        A[0] = 1\n");
  // range(u) starts at a zero of u's dtype (and makes a uint32 loop var); an int32 zero below a
  // uint32 extent, as range(0, u) makes it, is written out, and such loops make no T.grid.
  Var u = V("u", DataType::UInt(32)), i32v = V("i"), j = V("j");
  EXPECT_EQ(body_of(func({{A}, {nullptr, u}}, loop(i32v, u, st, ForKind::Serial, I(0)))),
            "    for i in range(0, u):\n        A[0] = 1\n");
  EXPECT_EQ(body_of(func({{A}, {nullptr, u}}, loop(i32v, u, loop(j, u, st, ForKind::Serial, I(0)),
                                                   ForKind::Serial, I(0)))),
            "    for i in range(0, u):\n        for j in range(0, u):\n            A[0] = 1\n");
}

TEST(PrinterStmt, GridOnlyForPerfectSerialNests) {
  Buffer A = buffer("A", i32, {I(16)});
  Var i = V("i"), j = V("j"), k = V("k");
  auto f = [&](Stmt s) { return body_of(func({{A}}, s)); };
  auto st = store(A, {i + j}, k);
  EXPECT_EQ(f(loop(i, I(2), loop(j, I(3), loop(k, I(4), st)))),
            "    for i, j, k in T.grid(2, 3, 4):\n        A[i + j] = k\n");
  // The inner extent uses the outer loop variable: no grid.
  EXPECT_EQ(
      f(loop(i, I(2), loop(j, i, loop(k, I(4), st)))),
      "    for i in range(2):\n        for j, k in T.grid(i, 4):\n            A[i + j] = k\n");
  // A parallel loop ends the grid.
  EXPECT_EQ(
      f(loop(i, I(2), loop(j, I(3), loop(k, I(4), st, ForKind::Parallel)))),
      "    for i, j in T.grid(2, 3):\n        for k in T.parallel(4):\n            A[i + j] = k\n");
}

TEST(PrinterStmt, ScopesThatAreNotLastUseWith) {
  Buffer A = buffer("A", i32, {I(4)});
  Var x = V("x");
  auto f = [&](Stmt s) { return body_of(func({{A}}, s)); };
  auto let = let_stmt(x, I(1), store(A, {I(0)}, x));
  EXPECT_EQ(f(seq({let, store(A, {I(1)}, I(2))})),
            "    with T.LetStmt(1) as x:\n        A[0] = x\n    A[1] = 2\n");
  auto as = std::make_shared<AssertStmtNode>(gt(x, I(0)), S("msg"), store(A, {I(0)}, x));
  EXPECT_EQ(
      f(let_stmt(x, I(1), seq({as, store(A, {I(1)}, I(2))}))),
      "    x: T.int32 = 1\n    with T.Assert(x > 0, \"msg\"):\n        A[0] = x\n    A[1] = 2\n");
  auto attr =
      std::make_shared<AttrStmtNode>(PrimExpr(I(0)), "pragma_k", I(1), store(A, {I(0)}, I(1)));
  EXPECT_EQ(f(seq({attr, store(A, {I(1)}, I(2))})),
            "    with T.attr(0, \"pragma_k\", 1):\n        A[0] = 1\n    A[1] = 2\n");
  EXPECT_EQ(f(attr), "    T.attr(0, \"pragma_k\", 1)\n    A[0] = 1\n");
}

TEST(PrinterStmt, ControlFlowAndEvaluate) {
  Buffer A = buffer("A", i32, {I(4)});
  auto f = [&](Stmt s) { return body_of(func({{A}}, s)); };
  auto w = std::make_shared<WhileNode>(lt(load(A, {I(0)}), I(3)),
                                       store(A, {I(0)}, load(A, {I(0)}) + I(1)));
  EXPECT_EQ(f(w), "    while A[0] < 3:\n        A[0] = A[0] + 1\n");
  auto ife = std::make_shared<IfThenElseNode>(
      gt(load(A, {I(0)}), I(0)), store(A, {I(1)}, I(1)),
      std::make_shared<IfThenElseNode>(lt(load(A, {I(0)}), I(0)), store(A, {I(1)}, I(2)), nullptr));
  EXPECT_EQ(f(ife), "    if A[0] > 0:\n        A[1] = 1\n    else:\n        if A[0] < 0:\n         "
                    "   A[1] = 2\n");
  EXPECT_EQ(f(evaluate(I(0))), "    T.evaluate(0)\n");
  EXPECT_EQ(f(seq({})), "    pass\n");
}

TEST(PrinterStmt, DeclBufferAndAllocate) {
  Buffer A = buffer("A", i32, {I(4)});
  auto f = [&](Stmt s) { return body_of(func({{A}}, s)); };
  // Allocate + DeclBuffer in shared scope, not last: a `with` scope.
  Buffer Sh = buffer("S", i32, {I(4)}, "shared");
  auto decl = std::make_shared<DeclBufferNode>(Sh, store(Sh, {I(0)}, I(1)));
  auto alloc = std::make_shared<AllocateNode>(Sh->data, i32, std::vector<PrimExpr>{I(4)}, True(),
                                              decl, Annotations{});
  EXPECT_EQ(f(seq({alloc, store(A, {I(0)}, I(0))})),
            "    with T.decl_buffer((4,), \"int32\", scope=\"shared\") as S:\n        S[0] = 1\n"
            "    A[0] = 0\n");
  // A DeclBuffer aliasing a parameter's storage.
  auto alias = std::make_shared<BufferNode>(*buffer("A2", i32, {I(2), I(2)}));
  alias->data = A->data;
  EXPECT_EQ(f(std::make_shared<DeclBufferNode>(Buffer(alias), store(alias, {I(0), I(1)}, I(3)))),
            "    A2 = T.decl_buffer((2, 2), \"int32\", data=A.data)\n    A2[0, 1] = 3\n");
  // A plain Allocate with a condition and annotations; the buffer over it is declared after it.
  auto pbuf = std::make_shared<BufferNode>(*buffer("p", f32, {I(2), I(2)}, "local"));
  Var p = pbuf->data;
  Annotations ann = {{"k", AttrValue{S("v"), {}, false}}};
  auto al = std::make_shared<AllocateNode>(p, f32, std::vector<PrimExpr>{I(2), I(2)},
                                           gt(load(A, {I(0)}), I(0)),
                                           store(pbuf, {I(0), I(0)}, F(1.0)), ann);
  EXPECT_EQ(
      f(al),
      "    p = T.allocate([2, 2], \"float32\", \"local\", A[0] > 0, annotations={\"k\": \"v\"})\n"
      "    p_1 = T.Buffer((2, 2), data=p, scope=\"local\")\n"
      "    p_1[0, 0] = T.float32(1.0)\n");
}

// A T.Buffer over an allocation goes after its `p = T.allocate(...)` also when the Allocate is a
// whole if/else branch, and a Var first met in a loop's bounds is declared before the `for`
// line, not in the loop body; TVM prints both the other way round, which does not read back.
TEST(PrinterStmt, DeclarationsInBranchesAndLoopBoundsPrecedeTheirUse) {
  Buffer A = buffer("A", i32, {I(4)});
  Var n = V("n");
  auto f = [&](Stmt s) { return body_of(func({{A}, {nullptr, n}}, s)); };
  auto scratch = [&](const std::string &name, int at) -> Stmt {
    Buffer B = buffer(name, i32, {I(4)});
    return std::make_shared<AllocateNode>(
        B->data, i32, std::vector<PrimExpr>{I(4)}, True(),
        seq({store(B, {I(at)}, I(1)), store(A, {I(at)}, load(B, {I(at)}))}), Annotations{});
  };
  EXPECT_EQ(f(std::make_shared<IfThenElseNode>(gt(n, I(0)), scratch("p", 0), scratch("q", 1))),
            "    if n > 0:\n"
            "        p = T.allocate([4], \"int32\", \"global\")\n"
            "        p_1 = T.Buffer((4,), \"int32\", data=p)\n"
            "        p_1[0] = 1\n"
            "        A[0] = p_1[0]\n"
            "    else:\n"
            "        q = T.allocate([4], \"int32\", \"global\")\n"
            "        q_1 = T.Buffer((4,), \"int32\", data=q)\n"
            "        q_1[1] = 1\n"
            "        A[1] = q_1[1]\n");
  // k is bound nowhere (a scoping error the checker reports), so the printer declares it.
  Var k = V("k"), i = V("i"), j = V("j");
  Stmt in_branch =
      std::make_shared<IfThenElseNode>(gt(n, I(0)), loop(i, k, store(A, {I(0)}, I(1))), nullptr);
  EXPECT_EQ(f(seq({in_branch, loop(j, k, store(A, {I(1)}, I(2)))})), "    k = T.int32()\n"
                                                                     "    if n > 0:\n"
                                                                     "        for i in range(k):\n"
                                                                     "            A[0] = 1\n"
                                                                     "    for j in range(k):\n"
                                                                     "        A[1] = 2\n");
  EXPECT_EQ(f(seq({store(A, {I(1)}, I(2)), loop(j, k, store(A, {I(1)}, I(2)))})),
            "    A[1] = 2\n"
            "    k = T.int32()\n"
            "    for j in range(k):\n"
            "        A[1] = 2\n");
  // A branch that is one concise statement: TVM declares a Var used in it before the
  // statement, in the branch (TVM v0.20 printed these lines); at the function's top level,
  // after it.
  Var v0 = V("v0"), v1 = V("v1");
  auto assert_let = [&](int k, Var v) -> Stmt {
    return std::make_shared<AssertStmtNode>(
        eq(n, I(k)), S("x"), store(A, {I(0)}, std::make_shared<LetNode>(v, I(1), load(A, {I(1)}))));
  };
  EXPECT_EQ(f(seq({std::make_shared<IfThenElseNode>(gt(n, I(0)), assert_let(1, v0), nullptr),
                   assert_let(2, v1)})),
            "    if n > 0:\n"
            "        v0 = T.int32()\n"
            "        assert n == 1, \"x\"\n"
            "        A[0] = T.Let(A[1], where={v0: 1})\n"
            "    assert n == 2, \"x\"\n"
            "    v1 = T.int32()\n"
            "    A[0] = T.Let(A[1], where={v1: 1})\n");
}

TEST(PrinterStmt, BufferDeclarationsInSignature) {
  Var n = V("n"), i = V("i");
  auto f = [&](Buffer b) {
    Var h = make_var("h", DataType::Handle());
    auto fn = std::make_shared<PrimFuncNode>();
    fn->params = {h, n};
    fn->buffer_map = {{h, b}};
    fn->body = store(b, {I(0)}, b->dtype == f32 ? F(1.0) : make_int(b->dtype, 1));
    std::string s = script(fn, "f");
    return s.substr(s.find("def "));
  };
  auto strided = std::make_shared<BufferNode>(*buffer("A", i32, {I(4)}));
  strided->strides = {n};
  EXPECT_EQ(f(strided), "def f(h: T.handle, n: T.int32):\n    A = T.match_buffer(h, (4,), "
                        "\"int32\", strides=(n,))\n    A[0] = 1\n");
  auto aligned = std::make_shared<BufferNode>(*buffer("A", f32, {I(4)}, "shared"));
  aligned->data_alignment = 16;
  aligned->offset_factor = 4;
  aligned->elem_offset = V("A_elem_offset");
  EXPECT_EQ(f(aligned),
            "def f(h: T.handle, n: T.int32):\n    A = T.match_buffer(h, (4,), scope=\"shared\", "
            "align=16, offset_factor=4)\n    A[0] = T.float32(1.0)\n");
  // A shape Var that nothing defines is declared before the buffer.
  Var m = V("m");
  EXPECT_EQ(f(buffer("A", i32, {m})), "def f(h: T.handle, n: T.int32):\n    m = T.int32()\n    A = "
                                      "T.match_buffer(h, (m,), \"int32\")\n    A[0] = 1\n");
}

TEST(PrinterStmt, BlocksWithoutSugar) {
  Buffer A = buffer("A", i32, {I(8)});
  Var i = V("i"), vi = V("vi"), vj = V("vj");
  auto f = [&](Stmt s) { return body_of(func({{A}}, s)); };
  // An iter var bound to an expression, and one over a range that is not the loop's.
  Block b = block(
      "b",
      {iter_var(vi, I(4), IterVarType::DataPar), iter_var(vj, I(8), IterVarType::CommReduce, I(0))},
      {}, {region(A, {{vi, I(2)}})}, store(A, {vi}, vj));
  EXPECT_EQ(f(root(loop(i, I(8), realize({i * I(2) - i, i}, b)))),
            "    # with T.block(\"root\"):\n"
            "    for i in range(8):\n"
            "        with T.block(\"b\"):\n"
            "            vi = T.axis.spatial(4, i * 2 - i)\n"
            "            vj = T.axis.reduce(8, i)\n"
            "            T.reads()\n"
            "            T.writes(A[vi:vi + 2])\n"
            "            A[vi] = vj\n");
  // Opaque and scan iter vars never join a remap; a block without realize says so.
  Block o = block(
      "o",
      {iter_var(vi, I(8), IterVarType::Opaque), iter_var(vj, I(8), IterVarType::Ordered, I(2))}, {},
      {}, store(A, {vi}, vj));
  EXPECT_EQ(f(root(loop(i, I(8), realize({i, i}, o)))), "    # with T.block(\"root\"):\n"
                                                        "    for i in range(8):\n"
                                                        "        with T.block(\"o\"):\n"
                                                        "            vi = T.axis.opaque(8, i)\n"
                                                        "            vj = T.axis.scan((2, 10), i)\n"
                                                        "            T.reads()\n"
                                                        "            T.writes()\n"
                                                        "            A[vi] = vj\n");
  Block nr = block("nr", {}, {}, {}, store(A, {I(0)}, I(0)));
  EXPECT_EQ(f(nr), "    with T.block(\"nr\", no_realize=True):\n        T.reads()\n        "
                   "T.writes()\n        A[0] = 0\n");
}

TEST(PrinterNames, DuplicatesGetSuffixesAndScopesFreeNames) {
  Buffer A = buffer("A", i32, {I(4)});
  Var x1 = V("x"), x2 = V("x"), i1 = V("i"), i2 = V("i");
  auto f = [&](Stmt s) { return body_of(func({{A}}, s)); };
  EXPECT_EQ(f(let_stmt(x1, I(1), let_stmt(x2, x1 + I(1), store(A, {I(0)}, x1 + x2)))),
            "    x: T.int32 = 1\n    x_1: T.int32 = x + 1\n    A[0] = x + x_1\n");
  // Sibling loops reuse the name once the first one's scope has ended.
  EXPECT_EQ(f(seq({loop(i1, I(4), store(A, {i1}, I(0))), loop(i2, I(4), store(A, {i2}, I(1)))})),
            "    for i in range(4):\n        A[i] = 0\n    for i in range(4):\n        A[i] = 1\n");
  // A LetStmt Var named like the buffer A clashes.
  Var a = V("A");
  EXPECT_EQ(f(let_stmt(a, I(1), store(A, {I(0)}, a))), "    A_1: T.int32 = 1\n    A[0] = A_1\n");
}

TEST(PrinterNames, InvalidIdentifiersAreSanitized) {
  Buffer A = buffer("A", i32, {I(4)});
  auto f = [&](Var v) { return body_of(func({{A}}, let_stmt(v, I(1), store(A, {I(0)}, v)))); };
  EXPECT_EQ(f(V("a.b")), "    a_b: T.int32 = 1\n    A[0] = a_b\n");
  EXPECT_EQ(f(V("1x")), "    _1x: T.int32 = 1\n    A[0] = _1x\n");
  EXPECT_EQ(f(V("for")), "    for_1: T.int32 = 1\n    A[0] = for_1\n");
  EXPECT_EQ(f(V("T")), "    T_1: T.int32 = 1\n    A[0] = T_1\n");
  EXPECT_EQ(f(V("")), "    v: T.int32 = 1\n    A[0] = v\n");
}

TEST(PrinterFunction, AttributesAndPrivateFunctions) {
  Buffer A = buffer("A", i32, {I(4)});
  auto f = func({{A}}, store(A, {I(0)}, I(1)), std::nullopt,
                {{"tir.noalias", AttrValue{True(), {}, false}}});
  // The global_symbol equal to the name is left out; without one the function is private.
  EXPECT_EQ(script(f, "g"), "# from tvm.script import tir as T\n\n@T.prim_func\n"
                            "def g(A: T.Buffer((4,), \"int32\")):\n"
                            "    T.func_attr({\"tir.noalias\": T.bool(True)})\n    A[0] = 1\n");
  EXPECT_EQ(print_tvmscript(f, "g"),
            "# from tvm.script import tir as T\n\n@T.prim_func(private=True)\n"
            "def g(A: T.Buffer((4,), \"int32\")):\n"
            "    T.func_attr({\"tir.noalias\": T.bool(True)})\n    A[0] = 1\n");
  EXPECT_EQ(script(named(f, "other"), "g").substr(48),
            "def g(A: T.Buffer((4,), \"int32\")):\n"
            "    T.func_attr({\"tir.noalias\": T.bool(True), \"global_symbol\": \"other\"})\n"
            "    A[0] = 1\n");
  // A buffer over a non-handle parameter is not a T.Buffer annotation.
  Var a = V("a");
  auto g = std::make_shared<PrimFuncNode>();
  g->params = {a};
  g->buffer_map = {{a, A}};
  g->body = store(A, {I(0)}, I(1));
  EXPECT_EQ(body_of(g), "    A = T.match_buffer(a, (4,), \"int32\")\n    A[0] = 1\n");
}

TEST(PrinterFunction, VarsUsedOutsideTheirBindingAreDeclaredFirst) {
  Buffer A = buffer("A", i32, {I(4)});
  Var x = V("x");
  auto f = [&](Stmt s) { return body_of(func({{A}}, s)); };
  // Two LetStmts binding one Var (not SSA, but it must print as it is).
  EXPECT_EQ(
      f(seq({let_stmt(x, I(1), store(A, {I(0)}, x)), let_stmt(x, I(2), store(A, {I(1)}, x))})),
      "    x = T.int32()\n"
      "    with T.LetStmt(1, var=x):\n        A[0] = x\n"
      "    with T.LetStmt(2, var=x):\n        A[1] = x\n");
  // A thread Var launched twice is an env_thread.
  Var tx = V("tx");
  auto iv = std::make_shared<IterVarNode>();
  iv->var = tx;
  iv->iter_type = IterVarType::ThreadIndex;
  iv->thread_tag = "threadIdx.x";
  auto launch = [&](int k) {
    return std::make_shared<AttrStmtNode>(IterVar(iv), "thread_extent", I(4), store(A, {tx}, I(k)));
  };
  EXPECT_EQ(f(seq({launch(1), launch(2)})), "    tx = T.env_thread(\"threadIdx.x\")\n"
                                            "    with T.launch_thread(tx, 4):\n        A[tx] = 1\n"
                                            "    T.launch_thread(tx, 4)\n    A[tx] = 2\n");
  // The string form would make an int64 Var.
  EXPECT_EQ(f(std::make_shared<AttrStmtNode>(IterVar(iv), "thread_extent", I(i64, 4),
                                             store(A, {tx}, I(1)))),
            "    tx = T.env_thread(\"threadIdx.x\")\n    T.launch_thread(tx, T.int64(4))\n    "
            "A[tx] = 1\n");
}

// TVM prints only the buffer_map entries of parameters; one keyed by another Var (invalid,
// type.other.primfunc.buffer_map_keys) prints as a T.match_buffer on that Var.
TEST(PrinterFunction, BufferMapEntriesOfOtherVars) {
  Buffer A = buffer("A", i32, {I(4)});
  Var a = make_var("a", DataType::Handle()), x = make_var("x", DataType::Handle());
  auto f = std::make_shared<PrimFuncNode>();
  f->params = {a};
  f->buffer_map = {{x, A}};
  f->body = store(A, {I(0)}, I(1));
  EXPECT_EQ(script(f, "main"), "# from tvm.script import tir as T\n\n"
                               "@T.prim_func\n"
                               "def main(a: T.handle):\n"
                               "    x = T.handle()\n"
                               "    A = T.match_buffer(x, (4,), \"int32\")\n"
                               "    A[0] = 1\n");
}

TEST(PrinterExpr, LogicalOperatorsOnVectorsStayCalls) {
  Var p = V("p", DataType::Bool(4)), q = V("q", DataType::Bool(4));
  EXPECT_EQ(print_in_eval(bin(ExprKind::And, p, q)), "T.evaluate(T.And(p, q))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Or, p, q)), "T.evaluate(T.Or(p, q))");
  EXPECT_EQ(print_in_eval(std::make_shared<NotNode>(p)), "T.evaluate(not p)");
  EXPECT_EQ(print_in_eval(std::make_shared<NotNode>(I(1))), "T.evaluate(T.Not(1))");
  EXPECT_EQ(print_in_eval(make_int(boolean, 2)), "T.evaluate(T.bool(2))");
}

// ---- Text that Apache TVM v0.20 reads back as the same IR ----
// Each expected spelling below was read by TVM's parser (tvm.script.from_source) and gave the
// node it stands for; the spelling TVM's own printer uses would not have.

// tvm.tir.op functions fold constants and rewrite operands: T.if_then_else(T.bool(True), a, 0)
// is `a`, T.bitwise_and(2, 3) is 2, T.floor(T.float32(1.5)) is 1.0, T.isnan of a float16 casts
// it to float32, T.shift_left(a, 0) is `a` and T.shift_left(a, 32) an error.
TEST(PrinterTvmReads, BuiltinsTheOpFunctionsWouldFoldPrintAsCallIntrin) {
  Var a = V("a"), p = V("p", boolean), h = V("h", DataType::Float(16)), f = V("f", f32);
  Var c = V("c", DataType::Int(8));
  EXPECT_EQ(print_in_eval(call(i32, "tir.if_then_else", {True(), a, I(0)})),
            "T.call_intrin(\"int32\", \"tir.if_then_else\", T.bool(True), a, 0)");
  EXPECT_EQ(print_in_eval(call(i32, "tir.if_then_else", {p, a, I(0)})), "T.if_then_else(p, a, 0)");
  EXPECT_EQ(print_in_eval(call(i32, "tir.bitwise_and", {I(2), I(3)})),
            "T.call_intrin(\"int32\", \"tir.bitwise_and\", 2, 3)");
  EXPECT_EQ(print_in_eval(call(i32, "tir.bitwise_and", {a, I(3)})), "T.bitwise_and(a, 3)");
  EXPECT_EQ(print_in_eval(call(f32, "tir.floor", {F(1.5)})),
            "T.call_intrin(\"float32\", \"tir.floor\", T.float32(1.5))");
  EXPECT_EQ(print_in_eval(call(f32, "tir.floor", {f})), "T.floor(f)");
  EXPECT_EQ(print_in_eval(call(boolean, "tir.isnan", {h})),
            "T.call_intrin(\"bool\", \"tir.isnan\", h)");
  EXPECT_EQ(print_in_eval(call(boolean, "tir.isnan", {f})), "T.isnan(f)");
  EXPECT_EQ(print_in_eval(call(boolean, "tir.likely", {True()})),
            "T.call_intrin(\"bool\", \"tir.likely\", T.bool(True))");
  // A constant shift amount in [1, bits) is kept; other widths than int32/int64 never fold.
  EXPECT_EQ(print_in_eval(call(i32, "tir.shift_left", {a, I(1)})), "T.shift_left(a, 1)");
  EXPECT_EQ(print_in_eval(call(i32, "tir.shift_right", {a, I(31)})), "T.shift_right(a, 31)");
  EXPECT_EQ(print_in_eval(call(i32, "tir.shift_left", {a, I(0)})),
            "T.call_intrin(\"int32\", \"tir.shift_left\", a, 0)");
  EXPECT_EQ(print_in_eval(call(i32, "tir.shift_right", {a, I(32)})),
            "T.call_intrin(\"int32\", \"tir.shift_right\", a, 32)");
  EXPECT_EQ(print_in_eval(call(DataType::Int(8), "tir.shift_left", {c, I(DataType::Int(8), 0)})),
            "T.shift_left(c, T.int8(0))");
}

// T.min, T.max and T.truncmod fold two constants (and T.max(a, a) is `a`); the node
// constructors T.Min, T.Max and T.Mod do not. T.truncmod(a, 0) is a "Divide by zero" error.
TEST(PrinterTvmReads, MinMaxModThatWouldFoldPrintAsNodes) {
  Var a = V("a");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Min, I(2), I(3))), "T.evaluate(T.Min(2, 3))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Max, a, a)), "T.evaluate(T.Max(a, a))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Max, a, I(3))), "T.evaluate(T.max(a, 3))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Mod, a, I(0))), "T.evaluate(T.Mod(a, 0))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Mod, I(2), I(3))), "T.evaluate(T.Mod(2, 3))");
  EXPECT_EQ(print_in_eval(bin(ExprKind::Mod, a, I(3))), "T.evaluate(T.truncmod(a, 3))");
  // Other integer widths are not folded.
  EXPECT_EQ(print_in_eval(bin(ExprKind::Mod, I(DataType::Int(8), 2), I(DataType::Int(8), 3))),
            "T.evaluate(T.truncmod(T.int8(2), T.int8(3)))");
}

// A keyword argument's value is evaluated by Python itself: `p and q` calls bool() on a PrimExpr
// (an error), and `1 < a` is evaluated as `a > 1`.
TEST(PrinterTvmReads, KeywordArgumentsAvoidPythonsOwnOperators) {
  Var a = V("a"), p = V("p", boolean), q = V("q", boolean), v = V("v", boolean);
  PrimExpr value = bin(ExprKind::And, p, std::make_shared<NotNode>(q));
  EXPECT_EQ(print_in_eval(std::make_shared<LetNode>(v, value, v)),
            "T.evaluate(T.Let(v, where={v: T.And(p, T.Not(q))}))");
  EXPECT_EQ(print_in_eval(std::make_shared<LetNode>(v, lt(I(1), a), v)),
            "T.evaluate(T.Let(v, where={v: T.LT(1, a)}))");
  // Outside keyword arguments the operators stay.
  EXPECT_EQ(print_in_eval(bin(ExprKind::And, p, std::make_shared<NotNode>(q))),
            "T.evaluate(p and not q)");
  EXPECT_EQ(print_in_eval(lt(I(1), a)), "T.evaluate(1 < a)");
  Var i = V("i");
  Buffer A = buffer("A", i32, {I(8)});
  Annotations ann = {{"k", AttrValue{lt(I(1), load(A, {I(0)})), {}, false}}};
  EXPECT_EQ(body_of(func({{A}}, loop(i, I(4), evaluate(I(0)), ForKind::Serial, nullptr, ann))),
            "    for i in T.serial(4, annotations={\"k\": T.LT(1, A[0])}):\n"
            "        T.evaluate(0)\n");
}

// TVM's T namespace has constructors for the vectors of 4 to 64 lanes of int, uint and float
// only, and parses bool vectors only as uint1xN (as its printer spells them).
TEST(PrinterTvmReads, VarsOfDtypesWithoutConstructorUseTVar) {
  Var u = V("u", DataType::Float(32, 2)), b = V("b", DataType::Bool(4));
  Var w = V("w", DataType::Float(16, 4));
  EXPECT_EQ(print_stmt(evaluate(u)), "    u = T.Var(\"u\", \"float32x2\")\n"
                                     "    T.evaluate(u)\n");
  EXPECT_EQ(print_stmt(evaluate(b)), "    b = T.Var(\"b\", \"uint1x4\")\n"
                                     "    T.evaluate(b)\n");
  EXPECT_EQ(print_stmt(evaluate(w)), "    w = T.float16x4()\n"
                                     "    T.evaluate(w)\n");
  // A LetStmt's Var of such a dtype takes the value's dtype without an annotation.
  Var x = V("x", DataType::Float(32, 2));
  EXPECT_EQ(print_stmt(let_stmt(x, bcast(F(1.0), 2), evaluate(x))),
            "    x = T.Broadcast(T.float32(1.0), 2)\n"
            "    T.evaluate(x)\n");
}

// T.float64(v) checks v against float32's range first.
TEST(PrinterTvmReads, Float64BeyondFloat32RangeUsesFloatImm) {
  EXPECT_EQ(print_in_eval(F(1e300, DataType::Float(64))),
            "T.evaluate(T.FloatImm(\"float64\", 1e+300))");
  EXPECT_EQ(print_in_eval(F(-1e39, DataType::Float(64))),
            "T.evaluate(T.FloatImm(\"float64\", -1e+39))");
  EXPECT_EQ(print_in_eval(F(1e38, DataType::Float(64))),
            "T.evaluate(T.float64(99999999999999997748809823456034029568.0))");
}

// Buffer.__getitem__ takes a slice's lanes from (stop - start + step - 1) // step, wrong for a
// negative step (A[7:3:-1] has 6 lanes in TVM); in a keyword argument a slice is a BufferRegion.
TEST(PrinterTvmReads, RampsASliceWouldNotKeepPrintAsRamp) {
  Buffer A = buffer("A", i32, {I(8)}), B = buffer("B", i32, {I(8)});
  Var v = V("v", DataType::Int(32, 4));
  EXPECT_EQ(
      body_of(func({{A}, {B}}, store(B, {ramp(I(0), I(1), 4)}, load(A, {ramp(I(7), I(-1), 4)})))),
      "    B[0:4] = A[T.Ramp(7, -1, 4)]\n");
  EXPECT_EQ(
      body_of(func({{A}, {B}}, store(B, {ramp(I(0), I(2), 4)}, load(A, {ramp(I(0), I(1), 4)})))),
      "    B[0:8:2] = A[0:4]\n");
  EXPECT_EQ(print_in_eval(std::make_shared<LetNode>(v, load(A, {ramp(I(0), I(1), 4)}), v)),
            "T.evaluate(T.Let(v, where={v: A[T.Ramp(0, 1, 4)]}))");
  // TVM simplifies the slice's ends, folding T.shift_left(-208071268, 12) to a constant beyond
  // int32 ("Literal value -852259913728 exceeds minimum of int32").
  PrimExpr shifted = call(i32, "tir.shift_left", {I(-208071268), I(12)});
  EXPECT_EQ(
      body_of(func({{A}, {B}}, store(B, {ramp(I(0), I(1), 4)}, load(A, {ramp(shifted, I(1), 4)})))),
      "    B[0:4] = A[T.Ramp(T.call_intrin(\"int32\", \"tir.shift_left\", -208071268, 12), 1, "
      "4)]\n");
}

TEST(PrinterHeader, DocstringAndImports) {
  Buffer A = buffer("A", i32, {I(4)});
  PrintOptions o;
  o.docstring = "\ndescription: d\n";
  o.import_comments = false;
  EXPECT_EQ(print_tvmscript(named(func({{A}}, store(A, {I(0)}, I(1))), "main"), "main", o),
            "\"\"\"\ndescription: d\n\"\"\"\nfrom tvm.script import tir as T\n\n\n@T.prim_func\n"
            "def main(A: T.Buffer((4,), \"int32\")):\n    A[0] = 1\n");
  auto m = std::make_shared<IRModuleNode>();
  m->is_module = false;
  auto g1 = std::make_shared<GlobalVarNode>(GlobalVarNode{"f", {}});
  auto g2 = std::make_shared<GlobalVarNode>(GlobalVarNode{"g", {}});
  m->functions = {{g1, named(func({{A}}, store(A, {I(0)}, I(1))), "f")},
                  {g2, named(func({{A}}, store(A, {I(0)}, I(2))), "g")}};
  EXPECT_EQ(print_tvmscript(m),
            "# from tvm.script import tir as T\n\n"
            "@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0] = 1\n\n"
            "@T.prim_func\ndef g(A: T.Buffer((4,), \"int32\")):\n    A[0] = 2\n");
  EXPECT_EQ(print_tvmscript(m, o),
            "\"\"\"\ndescription: d\n\"\"\"\nfrom tvm.script import tir as T\n\n\n"
            "@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0] = 1\n\n\n"
            "@T.prim_func\ndef g(A: T.Buffer((4,), \"int32\")):\n    A[0] = 2\n");
}

} // namespace
} // namespace tirconf::ir
