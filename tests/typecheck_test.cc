// The type checker (oracle/typecheck), rule by rule: for every rule it implements, a program that
// violates it (the rule must be among the diagnostics, at the offending node's location) and a
// close variant that passes (no diagnostics at all). Expected outcomes come from the spec's text
// and the catalog's readings, not from the checker.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "ir/builtins.h"
#include "ir/tvmscript/reader.h"
#include "oracle/typecheck/checker.h"
#include "oracle/typecheck/const_fold.h"
#include "spec/catalog.h"

namespace tirconf {
namespace {

using namespace ir;
using oracle::check_module;

constexpr DataType i8 = DataType::Int(8), i32 = DataType::Int(32), i64 = DataType::Int(64);
constexpr DataType u8 = DataType::UInt(8), u32 = DataType::UInt(32);
constexpr DataType f16 = DataType::Float(16), f32 = DataType::Float(32),
                   bf16 = DataType::BFloat16();
constexpr DataType b1 = DataType::Bool(), handle = DataType::Handle();

SourceLoc L(uint32_t line, uint32_t col = 1) {
  return {line, col};
}

// ---------------------------------------------------------------- IR building helpers
PrimExpr I(int64_t v, DataType t = i32, SourceLoc l = {}) {
  return make_int(t, v, l);
}
PrimExpr F(double v, DataType t = f32, SourceLoc l = {}) {
  return std::make_shared<FloatImmNode>(t, v, l);
}
PrimExpr Bin(ExprKind k, PrimExpr a, PrimExpr b, SourceLoc l = {}) {
  return make_binary(k, a, b, l);
}
PrimExpr Add(PrimExpr a, PrimExpr b, SourceLoc l = {}) {
  return Bin(ExprKind::Add, a, b, l);
}
PrimExpr Sub(PrimExpr a, PrimExpr b, SourceLoc l = {}) {
  return Bin(ExprKind::Sub, a, b, l);
}
PrimExpr Mul(PrimExpr a, PrimExpr b, SourceLoc l = {}) {
  return Bin(ExprKind::Mul, a, b, l);
}
PrimExpr Lt(PrimExpr a, PrimExpr b, SourceLoc l = {}) {
  return Bin(ExprKind::LT, a, b, l);
}
PrimExpr Cast(DataType t, PrimExpr v, SourceLoc l = {}) {
  return std::make_shared<CastNode>(t, v, l);
}
PrimExpr Ramp(PrimExpr b, PrimExpr s, int n, SourceLoc l = {}) {
  return std::make_shared<RampNode>(b, s, n, l);
}
PrimExpr Bcast(PrimExpr v, int n, SourceLoc l = {}) {
  return std::make_shared<BroadcastNode>(v, n, l);
}
PrimExpr Call(DataType t, std::string op, std::vector<PrimExpr> args, SourceLoc l = {}) {
  return std::make_shared<CallNode>(t, std::move(op), nullptr, std::move(args), l);
}
PrimExpr Load(Buffer b, std::vector<PrimExpr> idx, SourceLoc l = {}) {
  return make_buffer_load(b, idx, l);
}
PrimExpr Str(std::string s) {
  return std::make_shared<StringImmNode>(std::move(s));
}

Stmt Eval(PrimExpr e, SourceLoc l = {}) {
  return std::make_shared<EvaluateNode>(e, l);
}
Stmt Seq(std::vector<Stmt> s) {
  return std::make_shared<SeqStmtNode>(std::move(s));
}
Stmt Store(Buffer b, PrimExpr v, std::vector<PrimExpr> idx, SourceLoc l = {}) {
  return std::make_shared<BufferStoreNode>(b, v, std::move(idx), l);
}
Stmt For(Var v, PrimExpr mn, PrimExpr ext, Stmt body, ForKind k = ForKind::Serial,
         SourceLoc l = {}) {
  return std::make_shared<ForNode>(v, mn, ext, k, body, nullptr, Annotations{}, l);
}
Stmt LetS(Var v, PrimExpr value, Stmt body, SourceLoc l = {}) {
  return std::make_shared<LetStmtNode>(v, value, body, l);
}
Stmt Nop() {
  return Eval(I(0));
}

Buffer MakeBuffer(const std::string &name, DataType t, std::vector<PrimExpr> shape,
                  SourceLoc l = {}, std::string scope = "global") {
  auto b = std::make_shared<BufferNode>();
  b->data = make_var(name + "_data", Type::Pointer(Type::Prim(t), std::move(scope)));
  b->dtype = t;
  b->shape = std::move(shape);
  b->elem_offset = I(0);
  b->name = name;
  b->loc = l;
  return b;
}

IterVar MakeIterVar(Var v, std::optional<Range> dom, IterVarType t = IterVarType::DataPar,
                    SourceLoc l = {}) {
  auto iv = std::make_shared<IterVarNode>();
  iv->loc = l;
  iv->dom = std::move(dom);
  iv->var = std::move(v);
  iv->iter_type = t;
  return iv;
}

Range R(PrimExpr mn, PrimExpr ext) {
  return Range{mn, ext, {}};
}

struct BlockSpec {
  std::vector<IterVar> iter_vars;
  std::vector<PrimExpr> values;
  Stmt body;
  Stmt init;
  std::vector<Buffer> alloc;
  std::vector<MatchBufferRegion> match;
  std::vector<BufferRegion> reads, writes;
  PrimExpr predicate = make_bool(true);
  SourceLoc loc;
};
Stmt Realize(const BlockSpec &s) {
  auto blk = std::make_shared<BlockNode>(s.iter_vars, s.reads, s.writes, "blk", s.body, s.init,
                                         s.alloc, s.match, Annotations{}, s.loc);
  return std::make_shared<BlockRealizeNode>(s.values, s.predicate, blk, s.loc);
}

// A PrimFunc under construction: its parameters and buffers.
struct Prog {
  std::vector<Var> params;
  std::vector<std::pair<Var, Buffer>> bmap;
  std::optional<Type> ret;

  Buffer buffer(const std::string &name, DataType t, std::vector<PrimExpr> shape,
                SourceLoc l = {}) {
    Buffer b = MakeBuffer(name, t, std::move(shape), l);
    Var h = make_var(name, handle);
    params.push_back(h);
    bmap.emplace_back(h, b);
    return b;
  }
  Var scalar(const std::string &name, DataType t) {
    Var v = make_var(name, t);
    params.push_back(v);
    return v;
  }
  PrimFunc func(Stmt body) const {
    auto f = std::make_shared<PrimFuncNode>();
    f->params = params;
    f->buffer_map = bmap;
    f->body = std::move(body);
    f->ret_type = ret;
    return f;
  }
  Diagnostics check(Stmt body) const {
    auto m = std::make_shared<IRModuleNode>();
    m->functions.emplace_back(std::make_shared<GlobalVarNode>(GlobalVarNode{"main", {}}),
                              func(body));
    return check_module(m, "test.py");
  }
};

Diagnostics CheckExpr(PrimExpr e, std::vector<Var> params = {}) {
  Prog p;
  p.params = std::move(params);
  return p.check(Eval(e));
}

// ---------------------------------------------------------------- assertions
std::string Dump(const Diagnostics &ds) {
  std::string s;
  for (const auto &d : ds)
    s += "\n  " + format(d);
  return s.empty() ? " (none)" : s;
}

// `rule` is among the diagnostics (at `at`, when given), and every diagnostic cites a catalog rule.
::testing::AssertionResult Has(const Diagnostics &ds, std::string_view rule, SourceLoc at = {}) {
  if (!spec::Catalog::builtin().find(rule))
    return ::testing::AssertionFailure()
           << "the test expects " << rule << ", which is not in the catalog";
  for (const auto &d : ds)
    if (!spec::Catalog::builtin().find(d.rule))
      return ::testing::AssertionFailure() << "diagnostic cites unknown rule:" << Dump({d});
  for (const auto &d : ds)
    if (d.rule == rule && (!at.known() || (d.loc.line == at.line && d.loc.col == at.col)))
      return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "no " << rule
         << (at.known() ? " at " + std::to_string(at.line) + ":" + std::to_string(at.col) : "")
         << " among:" << Dump(ds);
}

::testing::AssertionResult Clean(const Diagnostics &ds) {
  if (ds.empty())
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "unexpected diagnostics:" << Dump(ds);
}

// ================================================================ Types / Datatypes
TEST(Datatypes, BitWidthsPerCode) {
  struct Case {
    DataType bad, good;
    const char *rule;
  };
  const Case cases[] = {
      {DataType(TypeCode::Int, 7), i8, "dtype.int.bits"},
      {DataType(TypeCode::Int, 1), i64, "dtype.int.bits"}, // int1 is not a datatype
      {DataType(TypeCode::UInt, 7), b1, "dtype.uint.bits"},
      {DataType(TypeCode::Float, 8), f16, "dtype.float.bits"},
      {DataType(TypeCode::BFloat, 32), bf16, "dtype.bfloat.bits"},
      {DataType(TypeCode::Handle, 16), DataType(TypeCode::Handle, 32), "dtype.handle.bits"},
  };
  for (const auto &c : cases) {
    SCOPED_TRACE(c.rule);
    EXPECT_TRUE(Has(CheckExpr(make_var("x", Type::Prim(c.bad), L(4, 2)), {}), c.rule, L(4, 2)));
    Var ok = make_var("x", Type::Prim(c.good));
    EXPECT_TRUE(Clean(CheckExpr(ok, {ok})));
  }
}

TEST(Datatypes, Lanes) {
  // [dtype.lanes] 1..64 lanes, float32x2 included.
  Var x = make_var("x", Type::Prim(DataType::Int(32, 65)), L(2));
  EXPECT_TRUE(Has(CheckExpr(x, {x}), "dtype.lanes", L(2)));
  Var z = make_var("z", Type::Prim(DataType::Int(32, 0)), L(2));
  EXPECT_TRUE(Has(CheckExpr(z, {z}), "dtype.lanes", L(2)));
  for (int lanes : {2, 3, 64}) {
    Var y = make_var("y", Type::Prim(DataType::Float(32, lanes)));
    EXPECT_TRUE(Clean(CheckExpr(y, {y}))) << lanes;
  }
  // [dtype.handle.lanes]
  Var h = make_var("h", Type::Prim(DataType(TypeCode::Handle, 64, 4)), L(3));
  EXPECT_TRUE(Has(CheckExpr(h, {h}), "dtype.handle.lanes", L(3)));
  Var h1 = make_var("h", handle);
  EXPECT_TRUE(Clean(CheckExpr(h1, {h1})));
}

TEST(Datatypes, Code) {
  DataType weird(static_cast<TypeCode>(9), 32);
  EXPECT_TRUE(Has(CheckExpr(Call(weird, "tir.opaque", {}, L(7))), "dtype.code", L(7)));
  EXPECT_TRUE(Clean(CheckExpr(Call(i32, "tir.opaque", {}, L(7)))));
}

TEST(Datatypes, IllFormedDtypeIsReportedWhereItIsIntroduced) {
  // x + x on an int7 Var: the fault is the Var's annotation, not the addition.
  Var x = make_var("x", Type::Prim(DataType(TypeCode::Int, 7)), L(1));
  auto ds = CheckExpr(Add(Add(x, x, L(2)), x, L(3)), {x});
  ASSERT_EQ(ds.size(), 1u) << Dump(ds);
  EXPECT_EQ(ds[0].rule, "dtype.int.bits");
}

// ================================================================ 1. Var
TEST(VarRule, VoidVarIsAnnotatedTuple) {
  Var bad = make_var("v", Type::Prim(DataType::Void()), L(3));
  EXPECT_TRUE(Has(CheckExpr(bad, {bad}), "type.expr.var.dtype", L(3)));
  Var ok = make_var("v", DataType::Void()); // make_var gives TupleType([])
  EXPECT_TRUE(Clean(CheckExpr(ok, {ok})));
}

TEST(VarRule, DtypeFollowsAnnotation) {
  auto prim = std::make_shared<VarNode>("x", Type::Prim(i32), L(1));
  prim->dtype = f32;
  EXPECT_TRUE(Has(CheckExpr(Var(prim), {prim}), "type.expr.var.prim_match", L(1)));

  auto ptr = std::make_shared<VarNode>("p", Type::Pointer(Type::Prim(f32)), L(2));
  ptr->dtype = i64;
  EXPECT_TRUE(Has(CheckExpr(Var(ptr), {ptr}), "type.expr.var.pointer_handle", L(2)));
  auto ptr32 = std::make_shared<VarNode>("p", Type::Pointer(Type::Prim(f32)), L(2));
  ptr32->dtype = DataType(TypeCode::Handle, 32);
  EXPECT_TRUE(Has(CheckExpr(Var(ptr32), {ptr32}), "type.expr.var.annot_pointer", L(2)));

  auto tup = std::make_shared<VarNode>("t", Type::Tuple(), L(5));
  tup->dtype = handle;
  EXPECT_TRUE(Has(CheckExpr(Var(tup), {tup}), "type.expr.var.annot_tuple", L(5)));

  Var ok_ptr = make_var("p", Type::Pointer(Type::Prim(f32), "shared"));
  EXPECT_TRUE(Clean(CheckExpr(ok_ptr, {ok_ptr})));
}

TEST(VarRule, AnnotationShapes) {
  Var bad_elem = make_var("p", Type::Pointer(Type::Tuple()), L(2));
  EXPECT_TRUE(Has(CheckExpr(bad_elem, {bad_elem}), "type.expr.var.pointer_elem_prim", L(2)));
  Var bad_tuple = make_var("t", Type::Tuple({Type::Prim(i32)}), L(3));
  EXPECT_TRUE(Has(CheckExpr(bad_tuple, {bad_tuple}), "type.expr.var.annot_other", L(3)));
}

// ================================================================ 2. IntImm
TEST(IntImmRule, ScalarIntOrUInt) {
  EXPECT_TRUE(Has(CheckExpr(I(1, DataType::Int(32, 4), L(2))), "type.expr.intimm.scalar", L(2)));
  EXPECT_TRUE(Has(CheckExpr(I(1, f32, L(2))), "type.expr.intimm.code", L(2)));
  EXPECT_TRUE(Clean(CheckExpr(I(1, u32))));
}

TEST(IntImmRule, Ranges) {
  EXPECT_TRUE(Has(CheckExpr(I(256, u8, L(1))), "type.expr.intimm.uint_range", L(1)));
  EXPECT_TRUE(Has(CheckExpr(I(-1, u8, L(1))), "type.expr.intimm.uint_range", L(1)));
  EXPECT_TRUE(Has(CheckExpr(I(2, b1, L(1))), "type.expr.intimm.uint_range", L(1)));
  EXPECT_TRUE(Has(CheckExpr(I(-1, DataType::UInt(64), L(1))), "type.expr.intimm.uint_range", L(1)));
  EXPECT_TRUE(Has(CheckExpr(I(128, i8, L(1))), "type.expr.intimm.int_range", L(1)));
  EXPECT_TRUE(Has(CheckExpr(I(-129, i8, L(1))), "type.expr.intimm.int_range", L(1)));
  EXPECT_TRUE(Has(CheckExpr(I(int64_t{1} << 31, i32, L(1))), "type.expr.intimm.int_range", L(1)));
  // The spec's 1-bit Int branch still applies (int1 itself is rejected by dtype.int.bits).
  EXPECT_TRUE(
      Has(CheckExpr(I(2, DataType(TypeCode::Int, 1), L(1))), "type.expr.intimm.int_range", L(1)));
  for (auto [v, t] : {std::pair{int64_t{255}, u8},
                      {0, u8},
                      {1, b1},
                      {0, b1},
                      {127, i8},
                      {-128, i8},
                      {std::numeric_limits<int64_t>::min(), i64},
                      {std::numeric_limits<int64_t>::max(), i64},
                      {std::numeric_limits<int64_t>::max(), DataType::UInt(64)},
                      {-(int64_t{1} << 31), i32}})
    EXPECT_TRUE(Clean(CheckExpr(I(v, t)))) << v << " " << to_string(t);
}

// ================================================================ 3. FloatImm
TEST(FloatImmRule, CodeAndLanes) {
  EXPECT_TRUE(Has(CheckExpr(F(1.0, i32, L(2))), "type.expr.floatimm.code", L(2)));
  EXPECT_TRUE(
      Has(CheckExpr(F(1.0, DataType::Float(32, 4), L(2))), "type.expr.floatimm.scalar", L(2)));
  EXPECT_TRUE(Clean(CheckExpr(F(1.0, bf16))));
}

TEST(FloatImmRule, Range) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
  EXPECT_TRUE(Has(CheckExpr(F(65505.0, f16, L(1))), "type.expr.floatimm.range", L(1)));
  EXPECT_TRUE(Has(CheckExpr(F(-65520.0, f16, L(1))), "type.expr.floatimm.range", L(1)));
  EXPECT_TRUE(Has(CheckExpr(F(3.5e38, f32, L(1))), "type.expr.floatimm.range", L(1)));
  EXPECT_TRUE(Has(CheckExpr(F(3.39e38, bf16, L(1))), "type.expr.floatimm.range", L(1)));
  EXPECT_TRUE(Has(CheckExpr(F(1e300, f32, L(1))), "type.expr.floatimm.range", L(1)));
  const std::pair<double, DataType> ok[] = {
      {65504.0, f16},
      {-65504.0, f16},
      {inf, f16},
      {-inf, f32},
      {nan, bf16},
      {3.38e38, bf16},
      {static_cast<double>(std::numeric_limits<float>::max()), f32}, // FLT_MAX itself
      {std::numeric_limits<double>::max(), DataType::Float(64)},
      {1e300, DataType::Float(64)}};
  for (auto [v, t] : ok)
    EXPECT_TRUE(Clean(CheckExpr(F(v, t)))) << v << " " << to_string(t);
}

// ================================================================ 4. StringImm
TEST(StringImmRule, Handle) {
  auto s = std::make_shared<StringImmNode>("msg", L(3));
  s->dtype = i32;
  EXPECT_TRUE(Has(CheckExpr(PrimExpr(s)), "type.expr.stringimm", L(3)));
  EXPECT_TRUE(Clean(CheckExpr(Str("msg"))));
}

// ================================================================ 5. Cast
TEST(CastRule, Lanes) {
  Var v = make_var("v", DataType::Int(32, 4));
  EXPECT_TRUE(Has(CheckExpr(Cast(f32, v, L(5, 3)), {v}), "type.expr.cast.lanes", L(5, 3)));
  auto ds = CheckExpr(Cast(f32, v, L(5, 3)), {v});
  ASSERT_FALSE(ds.empty());
  EXPECT_NE(ds[0].message.find("4 lanes"), std::string::npos) << ds[0].message;
  EXPECT_TRUE(Clean(CheckExpr(Cast(DataType::Float(32, 4), v), {v})));
}

TEST(CastRule, Handles) {
  Var h = make_var("h", handle);
  EXPECT_TRUE(Has(CheckExpr(Cast(i64, h, L(2)), {h}), "type.expr.cast.from_handle", L(2)));
  EXPECT_TRUE(Clean(CheckExpr(Cast(handle, h), {h})));
  EXPECT_TRUE(Has(CheckExpr(Cast(handle, F(0.0), L(2))), "type.expr.cast.to_handle", L(2)));
  EXPECT_TRUE(Clean(CheckExpr(Cast(handle, I(0, i64)))));
}

// ================================================================ 6. Select
TEST(SelectRule, All) {
  Var x = make_var("x", i32), y = make_var("y", i64), c = make_var("c", b1);
  Var v4 = make_var("v4", DataType::Int(32, 4)), c2 = make_var("c2", DataType::Bool(2)),
      c4 = make_var("c4", DataType::Bool(4));
  auto sel = [](PrimExpr c, PrimExpr t, PrimExpr f, SourceLoc l = {}) -> PrimExpr {
    return std::make_shared<SelectNode>(c, t, f, l);
  };
  std::vector<Var> ps = {x, y, c, v4, c2, c4};
  EXPECT_TRUE(Has(CheckExpr(sel(x, x, x, L(1)), ps), "type.expr.select.cond_bool", L(1)));
  EXPECT_TRUE(Has(CheckExpr(sel(c, x, y, L(1)), ps), "type.expr.select.arms_match", L(1)));
  EXPECT_TRUE(Has(CheckExpr(sel(c2, v4, v4, L(1)), ps), "type.expr.select.cond_lanes", L(1)));
  auto bad = std::make_shared<SelectNode>(c, x, x, L(1));
  bad->dtype = i64;
  EXPECT_TRUE(Has(CheckExpr(PrimExpr(bad), ps), "type.expr.select.result", L(1)));
  EXPECT_TRUE(Clean(CheckExpr(sel(c4, v4, v4), ps)));
  EXPECT_TRUE(Clean(CheckExpr(sel(c, v4, v4), ps))); // scalar condition, vector arms
}

// ================================================================ 7. BufferLoad
TEST(BufferLoadRule, Indices) {
  Prog p;
  Buffer A = p.buffer("A", f32, {I(4), I(16)});
  Var i = p.scalar("i", i32), j = p.scalar("j", i64), x = p.scalar("x", f32),
      u = p.scalar("u", u32);
  auto check = [&](PrimExpr e) { return p.check(Eval(e)); };
  EXPECT_TRUE(Has(check(Load(A, {Ramp(I(0), I(1), 4), i}, L(2))),
                  "type.expr.bufferload.index_scalar", L(2)));
  EXPECT_TRUE(Has(check(Load(A, {i, x}, L(2))), "type.expr.bufferload.index_int", L(2)));
  EXPECT_TRUE(Has(check(Load(A, {i, j}, L(2))), "type.expr.bufferload.index_same", L(2)));
  EXPECT_TRUE(Has(check(Load(A, {i}, L(2))), "type.expr.bufferload.arity", L(2)));
  auto bad = std::make_shared<BufferLoadNode>(DataType::Float(32, 4), A,
                                              std::vector<PrimExpr>{i, i}, L(2));
  EXPECT_TRUE(Has(check(PrimExpr(bad)), "type.expr.bufferload.result", L(2)));
  EXPECT_TRUE(Clean(check(Load(A, {i, Ramp(i, I(1), 4)}))));
  // BufferLoad asks only for one bit width (the code may differ, unlike BufferStore).
  EXPECT_TRUE(Clean(check(Load(A, {i, u}))));
}

TEST(BufferLoadRule, VectorBufferLanesMultiply) {
  Prog p;
  Buffer C = p.buffer("C", DataType::Int(32, 4), {I(8)});
  auto e = Load(C, {Ramp(I(0), I(1), 2)});
  EXPECT_EQ(e->dtype, DataType::Int(32, 8));
  EXPECT_TRUE(Clean(p.check(Eval(e))));
  // 4 lanes x 32 index lanes = 128 lanes: not a datatype.
  EXPECT_TRUE(Has(p.check(Eval(Load(C, {Ramp(I(0), I(1), 32)}, L(3)))), "dtype.lanes", L(3)));
}

// ================================================================ 8. Ramp / 9. Broadcast
TEST(RampRule, All) {
  Var i = make_var("i", i32), j = make_var("j", i64), x = make_var("x", f32);
  std::vector<Var> ps = {i, j, x};
  EXPECT_TRUE(Has(CheckExpr(Ramp(i, I(1), 1, L(1)), ps), "type.expr.ramp.lanes", L(1)));
  EXPECT_TRUE(Has(CheckExpr(Ramp(i, I(1, i64), 4, L(1)), ps), "type.expr.ramp.operands", L(1)));
  EXPECT_TRUE(Has(CheckExpr(Ramp(x, F(1.0), 4, L(1)), ps), "type.expr.ramp.int", L(1)));
  auto bad = std::make_shared<RampNode>(i, I(1), 4, L(1));
  bad->dtype = DataType::Int(32, 8);
  EXPECT_TRUE(Has(CheckExpr(PrimExpr(bad), ps), "type.expr.ramp.result", L(1)));
  EXPECT_TRUE(Clean(CheckExpr(Ramp(j, I(2, i64), 4), ps)));
}

TEST(BroadcastRule, All) {
  Var v = make_var("v", DataType::Float(32, 4)), x = make_var("x", f32);
  std::vector<Var> ps = {v, x};
  EXPECT_TRUE(Has(CheckExpr(Bcast(v, 4, L(1)), ps), "type.expr.broadcast.scalar", L(1)));
  EXPECT_TRUE(Has(CheckExpr(Bcast(x, 1, L(1)), ps), "type.expr.broadcast.lanes", L(1)));
  auto bad = std::make_shared<BroadcastNode>(x, 4, L(1));
  bad->dtype = DataType::Int(32, 4);
  EXPECT_TRUE(Has(CheckExpr(PrimExpr(bad), ps), "type.expr.broadcast.result", L(1)));
  EXPECT_TRUE(Clean(CheckExpr(Bcast(x, 2, L(1)), ps))); // float32x2
}

// ================================================================ 10. Let
TEST(LetRule, All) {
  Var v = make_var("v", i32), n = make_var("n", i32);
  auto let = [&](PrimExpr value, PrimExpr body, SourceLoc l = {}) -> PrimExpr {
    return std::make_shared<LetNode>(v, value, body, l);
  };
  EXPECT_TRUE(Has(CheckExpr(let(I(1, i64), Add(v, n), L(1)), {n}), "type.expr.let.match", L(1)));
  auto bad = std::make_shared<LetNode>(v, I(1), Add(v, n), L(1));
  bad->dtype = f32;
  EXPECT_TRUE(Has(CheckExpr(PrimExpr(bad), {n}), "type.expr.let.result", L(1)));
  EXPECT_TRUE(Clean(CheckExpr(let(Mul(n, I(2)), Add(v, n)), {n})));
}

// ================================================================ 11. Call and builtins
TEST(CallRule, DeclaredDtypeOnly) {
  // Unknown ops are not checked beyond their dtype.
  EXPECT_TRUE(Clean(CheckExpr(Call(f32, "tir.call_extern", {Str("f"), I(1)}))));
  auto nothing = std::make_shared<CallNode>(i32, "", nullptr, std::vector<PrimExpr>{}, L(4));
  EXPECT_TRUE(Has(CheckExpr(PrimExpr(nothing)), "type.expr.call.result", L(4)));
}

TEST(BuiltinRule, ArityAndTypes) {
  Var x = make_var("x", f32), n = make_var("n", i32), c = make_var("c", b1), h = make_var("h", f16);
  std::vector<Var> ps = {x, n, c, h};
  EXPECT_TRUE(Has(CheckExpr(Call(f32, "tir.sqrt", {x, x}, L(2)), ps), "builtin.sqrt", L(2)));
  EXPECT_TRUE(Has(CheckExpr(Call(i32, "tir.sqrt", {n}, L(2)), ps), "builtin.math.typing", L(2)));
  EXPECT_TRUE(Has(CheckExpr(Call(f32, "tir.pow", {x, h}, L(2)), ps), "builtin.math.typing", L(2)));
  EXPECT_TRUE(Has(CheckExpr(Call(f16, "tir.exp", {x}, L(2)), ps), "builtin.math.typing", L(2)));
  EXPECT_TRUE(Has(CheckExpr(Call(f32, "tir.if_then_else", {n, x, x}, L(2)), ps),
                  "builtin.if_then_else", L(2)));
  EXPECT_TRUE(Has(CheckExpr(Call(f32, "tir.if_then_else", {c, x, h}, L(2)), ps),
                  "builtin.if_then_else", L(2)));
  EXPECT_TRUE(Has(CheckExpr(Call(i32, "tir.likely", {n}, L(2)), ps), "builtin.likely", L(2)));
  EXPECT_TRUE(Has(CheckExpr(Call(i32, "tir.bitwise_and", {n, I(1, i64)}, L(2)), ps),
                  "builtin.bitwise_and", L(2)));
  EXPECT_TRUE(
      Has(CheckExpr(Call(f32, "tir.shift_left", {x, n}, L(2)), ps), "builtin.shift_left", L(2)));
  EXPECT_TRUE(Has(CheckExpr(Call(f32, "tir.isnan", {x}, L(2)), ps), "builtin.isnan", L(2)));
  EXPECT_TRUE(Has(CheckExpr(Call(i32, "tir.ret", {n, n}, L(2)), ps), "builtin.ret", L(2)));
  EXPECT_TRUE(Has(CheckExpr(Call(b1, "tir.assume", {n}, L(2)), ps), "builtin.assume", L(2)));
  // float32 (32 bits) cannot be reinterpreted as int64 (64 bits).
  EXPECT_TRUE(
      Has(CheckExpr(Call(i64, "tir.reinterpret", {x}, L(2)), ps), "builtin.reinterpret", L(2)));
  EXPECT_TRUE(Has(CheckExpr(Call(f32, "tir.ldexp", {x, x}, L(2)), ps), "builtin.ldexp", L(2)));
  EXPECT_TRUE(Has(CheckExpr(Call(i32, "tir.ldexp", {n, n}, L(2)), ps), "builtin.ldexp", L(2)));
  for (PrimExpr ok :
       {Call(f32, "tir.sqrt", {x}), Call(f16, "tir.pow", {h, h}),
        Call(f32, "tir.if_then_else", {c, x, x}), Call(b1, "tir.likely", {c}),
        Call(i32, "tir.bitwise_and", {n, I(7)}), Call(i32, "tir.shift_left", {n, I(1)}),
        Call(b1, "tir.isnan", {x}), Call(i32, "tir.popcount", {n})})
    EXPECT_TRUE(Clean(CheckExpr(ok, ps))) << static_cast<const CallNode *>(ok.get())->op;
}

TEST(BuiltinRule, EveryKnownBuiltinChecksItsArgumentCount) {
  // Each builtin with its catalog entry (spec/rules/builtins.yaml) and a well-typed argument list.
  Var x = make_var("x", f32), n = make_var("n", i32), c = make_var("c", b1);
  Var a_data = make_var("A", handle);
  Buffer A = MakeBuffer("A", f32, {I(4)});
  std::vector<Var> ps = {x, n, c};
  struct Case {
    const char *op;
    const char *rule;
    std::vector<PrimExpr> args;
    DataType result;
  };
  const std::vector<Case> cases = {
      {"tir.ret", "builtin.ret", {n}, i32},
      {"tir.if_then_else", "builtin.if_then_else", {c, x, x}, f32},
      {"tir.likely", "builtin.likely", {c}, b1},
      {"tir.bitwise_and", "builtin.bitwise_and", {n, n}, i32},
      {"tir.bitwise_or", "builtin.bitwise_or", {n, n}, i32},
      {"tir.bitwise_xor", "builtin.bitwise_xor", {n, n}, i32},
      {"tir.bitwise_not", "builtin.bitwise_not", {n}, i32},
      {"tir.shift_left", "builtin.shift_left", {n, n}, i32},
      {"tir.shift_right", "builtin.shift_right", {n, n}, i32},
      {"tir.popcount", "builtin.popcount", {n}, i32},
      {"tir.clz", "builtin.clz", {n}, i32},
      {"tir.address_of", "builtin.address_of", {Load(A, {n})}, handle},
      {"tir.ignore_loop_partition", "builtin.ignore_loop_partition", {c}, b1},
      {"tir.exp", "builtin.exp", {x}, f32},
      {"tir.exp2", "builtin.exp2", {x}, f32},
      {"tir.exp10", "builtin.exp10", {x}, f32},
      {"tir.log", "builtin.log", {x}, f32},
      {"tir.log2", "builtin.log2", {x}, f32},
      {"tir.log10", "builtin.log10", {x}, f32},
      {"tir.log1p", "builtin.log1p", {x}, f32},
      {"tir.sqrt", "builtin.sqrt", {x}, f32},
      {"tir.rsqrt", "builtin.rsqrt", {x}, f32},
      {"tir.fabs", "builtin.fabs", {x}, f32},
      {"tir.floor", "builtin.floor", {x}, f32},
      {"tir.ceil", "builtin.ceil", {x}, f32},
      {"tir.round", "builtin.round", {x}, f32},
      {"tir.trunc", "builtin.trunc", {x}, f32},
      {"tir.nearbyint", "builtin.nearbyint", {x}, f32},
      {"tir.pow", "builtin.pow", {x, x}, f32},
      {"tir.fmod", "builtin.fmod", {x, x}, f32},
      {"tir.copysign", "builtin.copysign", {x, x}, f32},
      {"tir.hypot", "builtin.hypot", {x, x}, f32},
      {"tir.atan2", "builtin.atan2", {x, x}, f32},
      {"tir.tanh", "builtin.tanh", {x}, f32},
      {"tir.sigmoid", "builtin.sigmoid", {x}, f32},
      {"tir.erf", "builtin.erf", {x}, f32},
      {"tir.sin", "builtin.sin", {x}, f32},
      {"tir.cos", "builtin.cos", {x}, f32},
      {"tir.tan", "builtin.tan", {x}, f32},
      {"tir.asin", "builtin.asin", {x}, f32},
      {"tir.acos", "builtin.acos", {x}, f32},
      {"tir.atan", "builtin.atan", {x}, f32},
      {"tir.sinh", "builtin.sinh", {x}, f32},
      {"tir.cosh", "builtin.cosh", {x}, f32},
      {"tir.isnan", "builtin.isnan", {x}, b1},
      {"tir.isinf", "builtin.isinf", {x}, b1},
      {"tir.isfinite", "builtin.isfinite", {x}, b1},
      {"tir.assume", "builtin.assume", {c}, b1},
      {"tir.reinterpret", "builtin.reinterpret", {x}, i32},
      {"tir.nextafter", "builtin.nextafter", {x, x}, f32},
      {"tir.ldexp", "builtin.ldexp", {x, n}, f32},
      {"tir.type_annotation", "builtin.type_annotation", {}, f32},
      {"tir.tvm_access_ptr",
       "builtin.tvm_access_ptr",
       {Call(f32, "tir.type_annotation", {}), a_data, n, n, n},
       handle},
  };
  // Every builtin the catalog defines (builtin.<name>) has a case; extern calls have no rule.
  size_t with_rule = 0;
  for (const auto &b : builtin_table())
    with_rule += spec::Catalog::builtin().find("builtin." + std::string(b.script)) != nullptr;
  EXPECT_EQ(cases.size(), with_rule);
  for (const auto &k : cases) {
    SCOPED_TRACE(k.op);
    auto one_more = k.args;
    one_more.push_back(k.args.empty() ? PrimExpr(n) : k.args.back());
    EXPECT_TRUE(Has(CheckExpr(Call(k.result, k.op, one_more, L(2)), ps), k.rule, L(2)));
    Prog p;
    p.params = ps;
    p.params.push_back(a_data);
    p.bmap = {{a_data, A}};
    if (std::string_view(k.op) == "tir.ret")
      p.ret = Type::Prim(i32);
    EXPECT_TRUE(Clean(p.check(Eval(Call(k.result, k.op, k.args)))));
  }
}

TEST(CallRule, CalleeMustBeAPrimFunc) {
  // [sem.expr.call.nonprim] The module maps the GlobalVar to no PrimFunc.
  auto m = std::make_shared<IRModuleNode>();
  auto other = std::make_shared<GlobalVarNode>(GlobalVarNode{"relax_fn", {}});
  auto mainv = std::make_shared<GlobalVarNode>(GlobalVarNode{"main", {}});
  Prog p;
  auto call = std::make_shared<CallNode>(i32, "", other, std::vector<PrimExpr>{}, L(3));
  m->functions = {{other, nullptr}, {mainv, p.func(Eval(call))}};
  EXPECT_TRUE(Has(check_module(m, "m.py"), "sem.expr.call.nonprim", L(3)));
}

// ================================================================ 12. Shuffle
TEST(ShuffleRule, All) {
  Var v = make_var("v", DataType::Int(32, 4)), w = make_var("w", DataType::Int(32, 4)),
      f = make_var("f", DataType::Float(32, 4));
  std::vector<Var> ps = {v, w, f};
  auto shuf = [](DataType t, std::vector<PrimExpr> vs, std::vector<PrimExpr> is,
                 SourceLoc l = {}) -> PrimExpr {
    return std::make_shared<ShuffleNode>(t, std::move(vs), std::move(is), l);
  };
  std::vector<PrimExpr> idx8;
  for (int k = 0; k < 8; ++k)
    idx8.push_back(I(k));
  auto i32x8 = DataType::Int(32, 8);
  EXPECT_TRUE(Has(CheckExpr(shuf(i32x8, {}, idx8, L(1)), ps), "type.expr.shuffle.nonempty", L(1)));
  EXPECT_TRUE(
      Has(CheckExpr(shuf(i32x8, {v, f}, idx8, L(1)), ps), "type.expr.shuffle.elem_match", L(1)));
  EXPECT_TRUE(Has(CheckExpr(shuf(i32x8, {v, w}, {I(0), I(1)}, L(1)), ps),
                  "type.expr.shuffle.index_count", L(1)));
  auto fidx = idx8;
  fidx[3] = F(3.0);
  EXPECT_TRUE(
      Has(CheckExpr(shuf(i32x8, {v, w}, fidx, L(1)), ps), "type.expr.shuffle.index_int", L(1)));
  EXPECT_TRUE(Has(CheckExpr(shuf(DataType::Int(32, 4), {v, w}, idx8, L(1)), ps),
                  "type.expr.shuffle.result", L(1)));
  EXPECT_TRUE(Clean(CheckExpr(shuf(i32x8, {v, w}, idx8), ps)));
}

// ================================================================ 13-16. Operators
TEST(BinaryRule, All) {
  Var x = make_var("x", i32), y = make_var("y", i64), f = make_var("f", f32),
      h = make_var("h", handle);
  std::vector<Var> ps = {x, y, f, h};
  EXPECT_TRUE(Has(CheckExpr(Add(x, y, L(1)), ps), "type.expr.binary.match", L(1)));
  EXPECT_TRUE(
      Has(CheckExpr(Bin(ExprKind::Min, h, h, L(1)), ps), "type.expr.binary.no_handle", L(1)));
  EXPECT_TRUE(Has(CheckExpr(Bin(ExprKind::Mod, f, f, L(1)), ps), "type.expr.mod.int", L(1)));
  auto bad = std::make_shared<MulNode>(i64, x, x, L(1));
  EXPECT_TRUE(Has(CheckExpr(PrimExpr(bad), ps), "type.expr.binary.result", L(1)));
  for (ExprKind k : {ExprKind::Add, ExprKind::Sub, ExprKind::Mul, ExprKind::Div, ExprKind::Mod,
                     ExprKind::FloorDiv, ExprKind::FloorMod, ExprKind::Min, ExprKind::Max})
    EXPECT_TRUE(Clean(CheckExpr(Bin(k, x, I(3)), ps))) << kind_name(k);
  // FloorMod and Div on floats are fine; only (truncating) Mod is Int/UInt-only.
  EXPECT_TRUE(Clean(CheckExpr(Bin(ExprKind::FloorMod, f, F(2.0)), ps)));
  EXPECT_TRUE(Clean(CheckExpr(Bin(ExprKind::Div, f, F(2.0)), ps)));
}

TEST(LogicalRule, All) {
  Var c = make_var("c", b1), x = make_var("x", i32), c4 = make_var("c4", DataType::Bool(4));
  std::vector<Var> ps = {c, x, c4};
  EXPECT_TRUE(Has(CheckExpr(Bin(ExprKind::And, c, x, L(1)), ps), "type.expr.logical.bool", L(1)));
  EXPECT_TRUE(Has(CheckExpr(Bin(ExprKind::Or, c, c4, L(1)), ps), "type.expr.logical.lanes", L(1)));
  auto bad = std::make_shared<AndNode>(DataType::Bool(4), c, c, L(1));
  EXPECT_TRUE(Has(CheckExpr(PrimExpr(bad), ps), "type.expr.logical.result", L(1)));
  EXPECT_TRUE(Has(CheckExpr(std::make_shared<NotNode>(x, L(2)), ps), "type.expr.not.bool", L(2)));
  auto bad_not = std::make_shared<NotNode>(c4, L(2));
  bad_not->dtype = b1;
  EXPECT_TRUE(Has(CheckExpr(PrimExpr(bad_not), ps), "type.expr.not.result", L(2)));
  EXPECT_TRUE(Clean(CheckExpr(Bin(ExprKind::And, c4, std::make_shared<NotNode>(c4)), ps)));
}

TEST(CompareRule, All) {
  Var x = make_var("x", i32), y = make_var("y", u32), h = make_var("h", handle),
      v = make_var("v", DataType::Float(32, 4));
  std::vector<Var> ps = {x, y, h, v};
  EXPECT_TRUE(Has(CheckExpr(Lt(x, y, L(1)), ps), "type.expr.cmp.match", L(1)));
  EXPECT_TRUE(Has(CheckExpr(Bin(ExprKind::EQ, h, h, L(1)), ps), "type.expr.cmp.no_handle", L(1)));
  auto bad = std::make_shared<LTNode>(i32, x, x, L(1));
  EXPECT_TRUE(Has(CheckExpr(PrimExpr(bad), ps), "type.expr.cmp.result", L(1)));
  auto e = Bin(ExprKind::GE, v, v);
  EXPECT_EQ(e->dtype, DataType::Bool(4));
  EXPECT_TRUE(Clean(CheckExpr(e, ps)));
}

// ================================================================ Statements
TEST(LetStmtRule, All) {
  Prog p;
  Var h = p.scalar("h", handle);
  Var ptr = make_var("ptr", Type::Pointer(Type::Prim(f32)));
  Var x = make_var("x", i32);
  EXPECT_TRUE(Has(p.check(LetS(ptr, I(0, i64), Nop(), L(1))), "type.stmt.letstmt.pointer", L(1)));
  EXPECT_TRUE(Clean(p.check(LetS(ptr, h, Nop())))); // the element type is not checked
  EXPECT_TRUE(Has(p.check(LetS(x, I(0, i64), Nop(), L(2))), "type.stmt.letstmt.match", L(2)));
  EXPECT_TRUE(Clean(p.check(LetS(x, I(0), Eval(x)))));
}

TEST(AttrStmtRule, Threads) {
  Prog p;
  Buffer A = p.buffer("A", i32, {I(32)});
  Var n = p.scalar("n", i32);
  Var tx = make_var("tx", i32);
  auto attr = [](AttrNodeRef node, std::string key, PrimExpr value, Stmt body,
                 SourceLoc l = {}) -> Stmt {
    return std::make_shared<AttrStmtNode>(std::move(node), std::move(key), value, body, l);
  };
  IterVar iv = MakeIterVar(tx, R(I(0), I(32)), IterVarType::ThreadIndex);
  EXPECT_TRUE(Has(p.check(attr(PrimExpr(I(0)), "thread_extent", I(32), Nop(), L(1))),
                  "type.stmt.attrstmt.thread_node", L(1)));
  EXPECT_TRUE(Has(p.check(attr(iv, "thread_extent", n, Store(A, tx, {tx}), L(1))),
                  "type.stmt.attrstmt.thread_value", L(1)));
  EXPECT_TRUE(Clean(p.check(attr(iv, "thread_extent", I(32), Store(A, tx, {tx})))));
  Var vt = make_var("vt", i32);
  EXPECT_TRUE(Clean(p.check(attr(PrimExpr(vt), "virtual_thread", I(2), Store(A, vt, {vt})))));
  // [type.stmt.attrstmt.valid] Any other key: no constraint (T.attr(0, "pragma_...", 1)).
  EXPECT_TRUE(Clean(p.check(attr(PrimExpr(I(0)), "pragma_unroll_explicit", I(1), Nop()))));
  EXPECT_TRUE(Has(p.check(attr(PrimExpr(I(0)), "volatile_scope", I(1), Nop(), L(4))),
                  "type.stmt.attrstmt.volatile_node", L(4)));
}

TEST(AssertStmtRule, All) {
  Prog p;
  Var n = p.scalar("n", i32);
  auto assert_ = [](PrimExpr c, PrimExpr m, SourceLoc l = {}) -> Stmt {
    return std::make_shared<AssertStmtNode>(c, m, Nop(), l);
  };
  EXPECT_TRUE(Has(p.check(assert_(n, Str("m"), L(1))), "type.stmt.assert.cond", L(1)));
  EXPECT_TRUE(
      Has(p.check(assert_(Lt(n, I(3)), I(1, i64), L(1))), "type.stmt.assert.message", L(1)));
  EXPECT_TRUE(Clean(p.check(assert_(Lt(n, I(3)), Str("m")))));
  EXPECT_TRUE(Clean(p.check(assert_(Lt(n, I(3)), n))));
}

TEST(BufferStoreRule, All) {
  Prog p;
  Buffer A = p.buffer("A", f32, {I(4), I(16)});
  Var i = p.scalar("i", i32), u = p.scalar("u", u32), x = p.scalar("x", f32);
  auto v4 = Bcast(x, 4);
  EXPECT_TRUE(Has(p.check(Store(A, v4, {Ramp(I(0), I(1), 4), i}, L(1))),
                  "type.stmt.bufferstore.index_scalar", L(1)));
  EXPECT_TRUE(Has(p.check(Store(A, x, {i, x}, L(1))), "type.stmt.bufferstore.index_int", L(1)));
  EXPECT_TRUE(Has(p.check(Store(A, x, {i, u}, L(1))), "type.stmt.bufferstore.index_same", L(1)));
  EXPECT_TRUE(Has(p.check(Store(A, x, {i}, L(1))), "type.stmt.bufferstore.arity", L(1)));
  EXPECT_TRUE(Has(p.check(Store(A, x, {i, Ramp(i, I(1), 4)}, L(1))),
                  "type.stmt.bufferstore.value_lanes", L(1)));
  EXPECT_TRUE(Has(p.check(Store(A, i, {i, i}, L(1))), "type.stmt.bufferstore.value_elem", L(1)));
  EXPECT_TRUE(Clean(p.check(Store(A, v4, {i, Ramp(i, I(1), 4)}))));
  EXPECT_TRUE(Clean(p.check(Store(A, x, {i, i}))));
}

TEST(BufferStoreRule, ZeroDimAndVectorBuffer) {
  Prog p;
  Buffer Z = p.buffer("Z", i32, {});
  Buffer C = p.buffer("C", DataType::Int(32, 4), {I(2)});
  Var v = p.scalar("v", DataType::Int(32, 4));
  EXPECT_TRUE(Clean(p.check(Seq({Store(Z, Add(Load(Z, {}), I(1)), {}), Store(C, v, {I(0)})}))));
  EXPECT_TRUE(Has(p.check(Store(Z, I(1), {I(0)}, L(3))), "type.stmt.bufferstore.arity", L(3)));
}

TEST(BufferRealizeRule, All) {
  Prog p;
  Buffer S = MakeBuffer("S", f32, {I(4)});
  auto realize = [&](std::vector<Range> bounds, PrimExpr cond, SourceLoc l = {}) -> Stmt {
    return std::make_shared<BufferRealizeNode>(S, bounds, cond, Store(S, F(0.0), {I(0)}), l);
  };
  EXPECT_TRUE(
      Has(p.check(realize({R(I(0), I(4))}, I(1), L(1))), "type.stmt.bufferrealize.cond", L(1)));
  EXPECT_TRUE(Has(p.check(realize({R(I(0), I(4, i64))}, make_bool(true), L(1))),
                  "type.stmt.bufferrealize.bounds", L(1)));
  EXPECT_TRUE(Has(p.check(realize({R(F(0.0), F(4.0))}, make_bool(true), L(1))),
                  "type.stmt.bufferrealize.bounds", L(1)));
  EXPECT_TRUE(Clean(p.check(realize({R(I(0), I(4))}, make_bool(true)))));
}

TEST(AllocateRule, All) {
  Prog p;
  Var n = p.scalar("n", i32);
  auto alloc = [&](Var v, DataType t, std::vector<PrimExpr> ext, PrimExpr cond,
                   SourceLoc l = {}) -> Stmt {
    return std::make_shared<AllocateNode>(v, t, ext, cond, Nop(), Annotations{}, l);
  };
  Var pf = make_var("buf", Type::Pointer(Type::Prim(f32)));
  Var pi8 = make_var("flags", Type::Pointer(Type::Prim(i8)));
  Var plain = make_var("plain", handle);
  EXPECT_TRUE(Has(p.check(alloc(pf, i32, {I(8)}, make_bool(true), L(1))),
                  "type.stmt.allocate.annot", L(1)));
  EXPECT_TRUE(Has(p.check(alloc(plain, f32, {I(8)}, make_bool(true), L(1))),
                  "type.stmt.allocate.annot", L(1)));
  EXPECT_TRUE(Clean(p.check(alloc(pi8, b1, {I(8)}, make_bool(true))))); // bool storage is int8
  EXPECT_TRUE(Has(p.check(alloc(pf, f32, {Bcast(n, 4)}, make_bool(true), L(1))),
                  "type.stmt.allocate.extents_scalar", L(1)));
  EXPECT_TRUE(Has(p.check(alloc(pf, f32, {F(8.0)}, make_bool(true), L(1))),
                  "type.stmt.allocate.extents_int", L(1)));
  EXPECT_TRUE(Has(p.check(alloc(pf, f32, {I(8), I(2, i64)}, make_bool(true), L(1))),
                  "type.stmt.allocate.extents_int", L(1)));
  EXPECT_TRUE(Has(p.check(alloc(pf, f32, {I(8)}, I(1), L(1))), "type.stmt.allocate.cond", L(1)));
  EXPECT_TRUE(Clean(p.check(alloc(pf, f32, {I(8), n}, make_bool(true)))));
}

TEST(TriviallyValidStatements, DeclBufferSeqStmtEvaluate) {
  // [type.stmt.declbuffer.valid] [type.stmt.seqstmt.valid] [type.stmt.evaluate.valid]
  Prog p;
  Var d = make_var("D_data", Type::Pointer(Type::Prim(f32)));
  Buffer D = MakeBuffer("D", f32, {I(8)});
  D = [&] {
    auto b = std::make_shared<BufferNode>(*D);
    b->data = d;
    return Buffer(b);
  }();
  Stmt body = std::make_shared<AllocateNode>(
      d, f32, std::vector<PrimExpr>{I(8)}, make_bool(true),
      std::make_shared<DeclBufferNode>(D, Seq({Store(D, F(1.0), {I(0)}), Eval(Str("any value"))})),
      Annotations{});
  EXPECT_TRUE(Clean(p.check(body)));
}

TEST(IfThenElseRule, Cond) {
  Prog p;
  Var n = p.scalar("n", i32);
  auto ite = [](PrimExpr c, SourceLoc l = {}) -> Stmt {
    return std::make_shared<IfThenElseNode>(c, Nop(), nullptr, l);
  };
  EXPECT_TRUE(Has(p.check(ite(n, L(1))), "type.stmt.ifthenelse.cond", L(1)));
  EXPECT_TRUE(
      Has(p.check(ite(Bcast(make_bool(true), 4), L(1))), "type.stmt.ifthenelse.cond", L(1)));
  EXPECT_TRUE(Clean(p.check(ite(Lt(n, I(0))))));
}

TEST(ForRule, Types) {
  Prog p;
  Var n = p.scalar("n", i32), n64 = p.scalar("n64", i64);
  Var i = make_var("i", i32), j = make_var("j", i64), f = make_var("f", f32),
      v = make_var("v", DataType::Int(32, 4));
  EXPECT_TRUE(
      Has(p.check(For(v, I(0), I(4), Nop(), ForKind::Serial, L(1))), "type.stmt.for.scalar", L(1)));
  EXPECT_TRUE(Has(p.check(For(i, I(0), Bcast(I(4), 4), Nop(), ForKind::Serial, L(1))),
                  "type.stmt.for.scalar", L(1)));
  EXPECT_TRUE(Has(p.check(For(f, F(0.0), F(4.0), Nop(), ForKind::Serial, L(1))),
                  "type.stmt.for.int", L(1)));
  EXPECT_TRUE(
      Has(p.check(For(i, I(0), n64, Nop(), ForKind::Serial, L(1))), "type.stmt.for.bits", L(1)));
  // [type.stmt.for.promote] int32 literals promote to an int64 loop var; an int32 Var does not.
  EXPECT_TRUE(Clean(p.check(For(j, I(0), I(16), Nop()))));
  EXPECT_TRUE(
      Has(p.check(For(j, I(0), n, Nop(), ForKind::Serial, L(1))), "type.stmt.for.match", L(1)));
  // Same width, other code: no promotion applies, so the types must already match.
  EXPECT_TRUE(Has(p.check(For(i, I(0, u32), I(4), Nop(), ForKind::Serial, L(1))),
                  "type.stmt.for.match", L(1)));
  EXPECT_TRUE(Clean(p.check(For(i, I(0), n, Nop()))));
  EXPECT_TRUE(Clean(p.check(For(j, I(0, i64), n64, Nop(), ForKind::Parallel))));
}

TEST(ForRule, Vectorized) {
  Prog p;
  Buffer C = p.buffer("C", f32, {I(8)});
  Var n = p.scalar("n", i32);
  Var i = make_var("i", i32);
  Stmt body = Store(C, F(0.0), {i});
  EXPECT_TRUE(Has(p.check(For(i, I(1), I(4), body, ForKind::Vectorized, L(1))),
                  "type.stmt.for.vectorized_min", L(1)));
  EXPECT_TRUE(Has(p.check(For(i, I(0), n, body, ForKind::Vectorized, L(1))),
                  "type.stmt.for.vectorized_extent", L(1)));
  EXPECT_TRUE(Has(p.check(For(i, I(0), I(0), body, ForKind::Vectorized, L(1))),
                  "type.stmt.for.vectorized_extent", L(1)));
  Stmt loop = std::make_shared<WhileNode>(Lt(Load(C, {I(0)}), F(1.0)), body, L(5));
  EXPECT_TRUE(Has(p.check(For(i, I(0), I(4), loop, ForKind::Vectorized, L(1))),
                  "type.stmt.for.vectorized_no_while", L(5)));
  EXPECT_TRUE(Clean(p.check(For(i, I(0), I(4), loop, ForKind::Serial))));
  EXPECT_TRUE(Clean(p.check(For(i, I(0), I(4), body, ForKind::Vectorized))));
  EXPECT_TRUE(Clean(p.check(For(i, I(1), n, body, ForKind::Unrolled))));
}

TEST(WhileRule, All) {
  Prog p;
  Buffer k = p.buffer("k", i32, {I(1)});
  Var x = p.scalar("x", f32);
  auto loop = [&](PrimExpr c, SourceLoc l = {}) -> Stmt {
    return std::make_shared<WhileNode>(c, Store(k, Add(Load(k, {I(0)}), I(1)), {I(0)}), l);
  };
  EXPECT_TRUE(Has(p.check(loop(x, L(1))), "type.stmt.while.cond", L(1)));
  EXPECT_TRUE(Has(p.check(loop(make_bool(true), L(1))), "type.stmt.while.cond_not_imm", L(1)));
  EXPECT_TRUE(Has(p.check(loop(I(1), L(1))), "type.stmt.while.cond_not_imm", L(1)));
  EXPECT_TRUE(Clean(p.check(loop(Lt(Load(k, {I(0)}), I(3)))))); // bool is a UInt
  EXPECT_TRUE(Clean(p.check(loop(Load(k, {I(0)})))));           // int32 too
}

TEST(BlockRule, IterVarsAndInit) {
  Prog p;
  Buffer B = p.buffer("B", f32, {I(8)});
  Var i = make_var("i", i32), k = make_var("k", i32);
  Var vi = make_var("vi", i32), vk = make_var("vk", i32), vf = make_var("vf", f32);
  BlockSpec s;
  s.iter_vars = {MakeIterVar(vi, R(I(0), I(8))),
                 MakeIterVar(vk, R(I(0), I(8)), IterVarType::CommReduce)};
  s.values = {i, k};
  s.init = Store(B, F(0.0), {vi});
  s.body = Store(B, Add(Load(B, {vi}), F(1.0)), {vi});
  s.loc = L(3);
  auto nest = [&](Stmt st) { return For(i, I(0), I(8), For(k, I(0), I(8), st)); };
  EXPECT_TRUE(Clean(p.check(nest(Realize(s)))));
  auto no_dom = s;
  no_dom.iter_vars[1] = MakeIterVar(vk, std::nullopt, IterVarType::CommReduce);
  EXPECT_TRUE(Has(p.check(nest(Realize(no_dom))), "type.stmt.block.reduce_dom", L(3)));
  no_dom.init = nullptr; // without init the domain is not needed
  EXPECT_TRUE(Clean(p.check(nest(Realize(no_dom)))));
  auto fl = s;
  fl.iter_vars[0] = MakeIterVar(vf, std::nullopt);
  fl.values[0] = Cast(f32, i);
  fl.init = Store(B, F(0.0), {I(0)});
  fl.body = Store(B, vf, {I(0)});
  EXPECT_TRUE(Has(p.check(nest(Realize(fl))), "type.stmt.block.itervar_int", L(3)));
}

TEST(BlockRealizeRule, All) {
  Prog p;
  Buffer B = p.buffer("B", f32, {I(10)});
  Var i = make_var("i", i32), vi = make_var("vi", i32);
  BlockSpec s;
  s.iter_vars = {MakeIterVar(vi, R(I(0), I(10)))};
  s.values = {i};
  s.body = Store(B, F(1.0), {vi});
  s.loc = L(2);
  s.predicate = Lt(i, I(10));
  auto loop = [&](Stmt st) { return For(i, I(0), I(12), st); };
  EXPECT_TRUE(Clean(p.check(loop(Realize(s)))));
  auto two = s;
  two.values = {i, i};
  EXPECT_TRUE(Has(p.check(loop(Realize(two))), "type.stmt.blockrealize.value_count", L(2)));
  auto pred = s;
  pred.predicate = i;
  EXPECT_TRUE(Has(p.check(loop(Realize(pred))), "type.stmt.blockrealize.predicate", L(2)));
  auto wide = s;
  wide.values = {Cast(i64, i)};
  EXPECT_TRUE(Has(p.check(loop(Realize(wide))), "type.stmt.blockrealize.value_dtype", L(2)));
}

// ================================================================ Other constructs
TEST(IterVarRule, Extent) {
  Prog p;
  Buffer B = p.buffer("B", f32, {I(8)});
  Var i = make_var("i", i32);
  auto with_dom = [&](Var v, PrimExpr ext, PrimExpr value) {
    BlockSpec s;
    s.iter_vars = {MakeIterVar(v, R(I(0, ext->dtype), ext), IterVarType::DataPar, L(6))};
    s.values = {value};
    s.body = Store(B, F(1.0), {I(0)});
    return p.check(For(i, I(0), I(8), Realize(s)));
  };
  Var vu = make_var("vu", u32), vi = make_var("vi", i32), vj = make_var("vj", i32);
  EXPECT_TRUE(Has(with_dom(vu, I(8, u32), Cast(u32, i)), "type.other.itervar.extent_int", L(6)));
  EXPECT_TRUE(Has(with_dom(vi, I(8, i64), i), "type.other.itervar.extent_match", L(6)));
  EXPECT_TRUE(Clean(with_dom(vj, I(8), i)));
}

TEST(BufferRule, All) {
  auto check_buffer = [](Buffer b) {
    Prog p;
    Var h = make_var("h", handle);
    p.params.push_back(h);
    p.bmap.emplace_back(h, b);
    return p.check(Nop());
  };
  auto with = [](auto edit) {
    auto b = std::make_shared<BufferNode>(*MakeBuffer("A", f32, {I(4), I(4)}, L(9)));
    edit(*b);
    return Buffer(b);
  };
  Var s0 = make_var("s0", i32), s1 = make_var("s1", i64), off = make_var("off", i32);
  EXPECT_TRUE(Has(check_buffer(with([](BufferNode &b) { b.shape[1] = F(4.0); })),
                  "type.other.buffer.shape_int", L(9)));
  EXPECT_TRUE(Has(check_buffer(with([&](BufferNode &b) {
                    b.strides = {s0, s1};
                  })),
                  "type.other.buffer.strides_int", L(9)));
  EXPECT_TRUE(Has(check_buffer(with([&](BufferNode &b) {
                    b.strides = {F(4.0), s0};
                  })),
                  "type.other.buffer.strides_int", L(9)));
  EXPECT_TRUE(Has(check_buffer(with([&](BufferNode &b) { b.elem_offset = F(0.0); })),
                  "type.other.buffer.elem_offset_int", L(9)));
  EXPECT_TRUE(Has(check_buffer(with([&](BufferNode &b) { b.data = make_var("d", handle); })),
                  "type.other.buffer.data_pointer", L(9)));
  EXPECT_TRUE(Has(check_buffer(with([&](BufferNode &b) {
                    b.data = make_var("d", Type::Pointer(Type::Tuple()));
                  })),
                  "type.other.buffer.data_pointer", L(9)));
  // [type.other.buffer.strides_fresh] [type.other.buffer.elem_offset_fresh] Literal and Var
  // strides and offsets are accepted (the catalog's readings).
  EXPECT_TRUE(Clean(check_buffer(with([&](BufferNode &b) {
    b.strides = {I(4), I(1)};
    b.elem_offset = off;
  }))));
  EXPECT_TRUE(Clean(check_buffer(with([&](BufferNode &b) {
    b.strides = {s0, make_var("s2", i32)};
  }))));
  // [type.other.buffer.autobroadcast_strides] No strides needed.
  EXPECT_TRUE(
      Clean(check_buffer(with([](BufferNode &b) { b.buffer_type = BufferType::AutoBroadcast; }))));
}

TEST(BufferRegionRule, Arity) {
  Prog p;
  Buffer A = p.buffer("A", f32, {I(4), I(4)});
  BlockSpec s;
  s.body = Nop();
  s.reads = {BufferRegion{A, {R(I(0), I(4))}, L(8)}};
  EXPECT_TRUE(Has(p.check(Realize(s)), "type.other.bufferregion.arity", L(8)));
  s.reads = {BufferRegion{A, {R(I(0), I(4)), R(I(1), I(1))}, L(8)}};
  EXPECT_TRUE(Clean(p.check(Realize(s))));
}

// The match_in_block.py pattern: Asub = match_buffer(A[vio*4 : vio*4+4, 0:16], shape).
struct MatchFixture {
  Prog p;
  Buffer A = p.buffer("A", f32, {I(16), I(16)});
  Var io = make_var("io", i32), vio = make_var("vio", i32);

  Buffer MakeSub(std::vector<PrimExpr> shape, DataType t = f32, std::string scope = "global") {
    auto b = std::make_shared<BufferNode>(
        *MakeBuffer("Asub", t, std::move(shape), {}, std::move(scope)));
    b->elem_offset = make_var("Asub_elem_offset", i32);
    return b;
  }
  Diagnostics Check(Buffer sub, std::vector<Range> region) {
    BlockSpec s;
    s.iter_vars = {MakeIterVar(vio, R(I(0), I(4)))};
    s.values = {io};
    s.match = {MatchBufferRegion{sub, BufferRegion{A, std::move(region), {}}, L(12)}};
    std::vector<PrimExpr> idx(sub->shape.size(), I(0));
    s.body = Store(sub, F(1.0), idx);
    return p.check(For(io, I(0), I(4), Realize(s)));
  }
  PrimExpr lo() { return Mul(vio, I(4)); }
  PrimExpr hi_minus_lo(int64_t k) { return Sub(Add(Mul(vio, I(4)), I(k)), Mul(vio, I(4))); }
};

TEST(MatchBufferRule, ShapeProvablyEqualsExtent) {
  MatchFixture m;
  // vio*4 + 4 - vio*4 folds to 4.
  EXPECT_TRUE(
      Clean(m.Check(m.MakeSub({I(4), I(16)}), {R(m.lo(), m.hi_minus_lo(4)), R(I(0), I(16))})));
  EXPECT_TRUE(Has(m.Check(m.MakeSub({I(4), I(16)}), {R(m.lo(), m.hi_minus_lo(5)), R(I(0), I(16))}),
                  "type.other.matchbuffer.shape_extent", L(12)));
  // An int64 extent equal in value is fine; a Var dimension is bound at run time.
  EXPECT_TRUE(Clean(m.Check(m.MakeSub({I(4), I(16)}), {R(m.lo(), I(4)), R(I(0), I(16, i64))})));
  EXPECT_TRUE(
      Clean(m.Check(m.MakeSub({make_var("rows", i32), I(16)}), {R(m.lo(), I(4)), R(I(0), I(16))})));
  // Unprovable (depends on vio): rejected.
  EXPECT_TRUE(Has(m.Check(m.MakeSub({I(4), I(16)}), {R(m.lo(), m.lo()), R(I(0), I(16))}),
                  "type.other.matchbuffer.shape_extent", L(12)));
}

TEST(MatchBufferRule, LeadingDimensions) {
  MatchFixture m;
  // A 1-D buffer over a 2-D region: the dropped leading extent must be provably 1.
  EXPECT_TRUE(Clean(m.Check(m.MakeSub({I(16)}), {R(m.lo(), m.hi_minus_lo(1)), R(I(0), I(16))})));
  EXPECT_TRUE(Has(m.Check(m.MakeSub({I(16)}), {R(m.lo(), I(4)), R(I(0), I(16))}),
                  "type.other.matchbuffer.leading_unit", L(12)));
  EXPECT_TRUE(Has(m.Check(m.MakeSub({I(1), I(4), I(16)}), {R(m.lo(), I(4)), R(I(0), I(16))}),
                  "type.other.matchbuffer.offset_nonneg", L(12)));
}

TEST(MatchBufferRule, BufferProperties) {
  MatchFixture m;
  std::vector<Range> region = {R(m.lo(), I(4)), R(I(0), I(16))};
  EXPECT_TRUE(
      Has(m.Check(m.MakeSub({I(4), I(16)}, f16), region), "type.other.matchbuffer.dtype", L(12)));
  EXPECT_TRUE(Has(m.Check(m.MakeSub({I(4), I(16)}, f32, "shared"), region),
                  "type.other.matchbuffer.scope", L(12)));
  auto misaligned = std::make_shared<BufferNode>(*m.MakeSub({I(4), I(16)}));
  misaligned->data_alignment = 128; // A has 64
  EXPECT_TRUE(Has(m.Check(misaligned, region), "type.other.matchbuffer.alignment", L(12)));
  auto aligned = std::make_shared<BufferNode>(*m.MakeSub({I(4), I(16)}));
  aligned->data_alignment = 32;
  EXPECT_TRUE(Clean(m.Check(aligned, region)));
  auto broadcast = std::make_shared<BufferNode>(*m.MakeSub({I(4), I(16)}));
  broadcast->buffer_type = BufferType::AutoBroadcast;
  EXPECT_TRUE(Has(m.Check(broadcast, region), "type.other.matchbuffer.buffer_type", L(12)));
}

TEST(MatchBufferRule, ZeroElemOffset) {
  // A match_buffer with elem_offset 0 needs a source with elem_offset 0.
  MatchFixture m;
  auto src = std::make_shared<BufferNode>(*m.A);
  src->elem_offset = make_var("A_off", i32);
  m.p.bmap[0].second = src;
  m.A = src;
  auto zero = std::make_shared<BufferNode>(*m.MakeSub({I(4), I(16)}));
  zero->elem_offset = I(0);
  std::vector<Range> region = {R(m.lo(), I(4)), R(I(0), I(16))};
  EXPECT_TRUE(Has(m.Check(zero, region), "type.other.matchbuffer.elem_offset", L(12)));
  EXPECT_TRUE(Clean(m.Check(m.MakeSub({I(4), I(16)}), region)));
}

TEST(PrimFuncRule, RetType) {
  auto ret = [](PrimExpr v, SourceLoc l = {}) { return Eval(Call(v->dtype, "tir.ret", {v}, l)); };
  Prog p;
  Var n = p.scalar("n", i32);
  Var s = make_var("s", i32);
  Stmt body = LetS(
      s, Add(n, I(1)),
      Seq({std::make_shared<IfThenElseNode>(Lt(s, I(10)), ret(s), nullptr), ret(Mul(s, I(2)))}));
  // [type.other.primfunc.ret.default] Absent ret_type is TupleType([]), so a ret is rejected.
  EXPECT_TRUE(Has(p.check(body), "type.other.primfunc.ret.var"));
  p.ret = Type::Prim(i32);
  EXPECT_TRUE(Clean(p.check(body))); // ret_scalar.py: return s / return s * 2
  EXPECT_TRUE(Has(p.check(Nop()), "type.other.primfunc.ret.none"));
  EXPECT_TRUE(Has(p.check(ret(I(1, i64), L(3))), "type.other.primfunc.ret.prim", L(3)));
  Var y = make_var("y", i64);
  EXPECT_TRUE(Has(p.check(LetS(y, I(0, i64), ret(y, L(4)))), "type.other.primfunc.ret.var", L(4)));
  EXPECT_TRUE(
      Has(p.check(Seq({ret(n), ret(I(1, i64), L(5))})), "type.other.primfunc.ret.multiple", L(5)));
  EXPECT_TRUE(Has(p.check(ret(Str("s"), L(6))), "type.other.primfunc.ret.handle", L(6)));
  p.ret = Type::Pointer(Type::Prim(i8));
  EXPECT_TRUE(Clean(p.check(ret(Str("s")))));
  p.ret = Type::Tuple({Type::Prim(i32)});
  EXPECT_TRUE(Has(p.check(Nop()), "type.expr.var.tuple_empty"));
  p.ret = Type::Tuple();
  EXPECT_TRUE(Clean(p.check(Nop())));
}

TEST(PrimFuncRule, BufferMap) {
  Prog p;
  Buffer A = p.buffer("A", f32, {I(4)});
  EXPECT_TRUE(Clean(p.check(Store(A, F(0.0), {I(0)}))));
  Prog not_param = p;
  not_param.params.clear();
  EXPECT_TRUE(Has(not_param.check(Nop()), "type.other.primfunc.buffer_map_keys"));
  Prog twice = p;
  twice.bmap.emplace_back(p.params[0], MakeBuffer("B", f32, {I(4)}));
  EXPECT_TRUE(Has(twice.check(Nop()), "type.other.primfunc.buffer_map_keys"));
  Prog scalar;
  Var n = scalar.scalar("n", i32);
  scalar.bmap.emplace_back(n, MakeBuffer("B", f32, {I(4)}));
  EXPECT_TRUE(Has(scalar.check(Nop()), "type.other.primfunc.buffer_param_handle"));
}

// ================================================================ Variable Scoping
TEST(Scoping, SsaAndImmutability) {
  Prog p;
  Buffer A = p.buffer("A", i32, {I(4)});
  Var i = make_var("i", i32);
  Stmt use = Store(A, i, {i});
  // [scope.ssa] the same loop var in two sequential loops.
  EXPECT_TRUE(
      Has(p.check(Seq({For(i, I(0), I(4), use), For(i, I(0), I(4), use, ForKind::Serial, L(3))})),
          "scope.ssa", L(3)));
  // [scope.immutable] rebinding inside its own scope.
  auto ds = p.check(For(i, I(0), I(4), LetS(i, I(2), use, L(2))));
  EXPECT_TRUE(Has(ds, "scope.immutable", L(2)));
  EXPECT_TRUE(Has(ds, "scope.ssa", L(2)));
  // A param bound again.
  Var n = p.scalar("n", i32);
  EXPECT_TRUE(Has(p.check(For(n, I(0), I(4), Nop(), ForKind::Serial, L(5))), "scope.ssa", L(5)));
  Var j = make_var("j", i32);
  EXPECT_TRUE(Clean(p.check(Seq({For(i, I(0), I(4), use), For(j, I(0), I(4), Store(A, j, {j}))}))));
}

TEST(Scoping, UnboundAndLexical) {
  Prog p;
  Buffer A = p.buffer("A", i32, {I(4)});
  Var i = make_var("i", i32), x = make_var("x", i32);
  // [scope.unbound]
  EXPECT_TRUE(Has(p.check(Store(A, x, {I(0)}, L(2))), "scope.unbound", L(2)));
  // [scope.lexical] after the loop ends.
  EXPECT_TRUE(Has(p.check(Seq({For(i, I(0), I(4), Store(A, i, {i})), Store(A, i, {I(0)}, L(3))})),
                  "scope.lexical", L(3)));
  // [scope.bind.param]
  Var n = p.scalar("n", i32);
  EXPECT_TRUE(Clean(p.check(Store(A, n, {I(0)}))));
}

TEST(Scoping, BindingSites) {
  Prog p;
  Buffer A = p.buffer("A", i32, {I(8)});
  Var i = make_var("i", i32), x = make_var("x", i32), t = make_var("t", i32);
  // [scope.bind.for] the loop var is not in scope in its own extent.
  EXPECT_TRUE(Has(p.check(For(i, I(0), i, Nop(), ForKind::Serial, L(2))), "scope.unbound", L(2)));
  // [scope.bind.letstmt] [scope.bind.let] the var is not in scope in its own value.
  EXPECT_TRUE(Has(p.check(LetS(x, Add(x, I(1)), Nop(), L(3))), "scope.unbound", L(3)));
  auto let = std::make_shared<LetNode>(x, I(1), Add(x, I(1)));
  EXPECT_TRUE(Clean(p.check(Store(A, let, {I(0)}))));
  EXPECT_TRUE(
      Has(p.check(Seq({Store(A, let, {I(0)}), Store(A, x, {I(1)}, L(4))})), "scope.lexical", L(4)));
  // [scope.bind.attr_thread]
  auto launch =
      std::make_shared<AttrStmtNode>(MakeIterVar(t, R(I(0), I(8)), IterVarType::ThreadIndex),
                                     "thread_extent", I(8), Store(A, t, {t}));
  EXPECT_TRUE(Clean(p.check(launch)));
  EXPECT_TRUE(Has(p.check(Seq({launch, Store(A, t, {I(0)}, L(5))})), "scope.lexical", L(5)));
}

TEST(Scoping, BlockRealizeBindsIterVars) {
  Prog p;
  Buffer B = p.buffer("B", f32, {I(8)});
  Var i = make_var("i", i32), vi = make_var("vi", i32);
  BlockSpec s;
  s.iter_vars = {MakeIterVar(vi, R(I(0), I(8)))};
  s.values = {i};
  s.body = Store(B, F(1.0), {vi});
  EXPECT_TRUE(Clean(p.check(For(i, I(0), I(8), Realize(s)))));
  // [scope.bind.blockrealize] values are outside the iter vars' scope.
  auto self = s;
  self.values = {vi};
  self.loc = L(4);
  EXPECT_TRUE(Has(p.check(For(i, I(0), I(8), Realize(self))), "scope.unbound", L(4)));
}

TEST(Scoping, Buffers) {
  Prog p;
  Buffer A = p.buffer("A", f32, {I(8)});
  Buffer ghost = MakeBuffer("ghost", f32, {I(8)});
  // [scope.buffer.out_of_scope] a buffer nothing declares.
  EXPECT_TRUE(Has(p.check(Store(ghost, F(0.0), {I(0)}, L(2))), "scope.buffer.out_of_scope", L(2)));
  // [scope.bind.allocate] + a Buffer over the allocated data Var (alloc.py's Tmp_1).
  auto tmp = std::make_shared<BufferNode>(*MakeBuffer("Tmp_1", f32, {I(8)}));
  Var tmp_data = make_var("Tmp", Type::Pointer(Type::Prim(f32)));
  tmp->data = tmp_data;
  Stmt alloc =
      std::make_shared<AllocateNode>(tmp_data, f32, std::vector<PrimExpr>{I(8)}, make_bool(true),
                                     Store(Buffer(tmp), F(0.0), {I(0)}), Annotations{});
  EXPECT_TRUE(Clean(p.check(alloc)));
  EXPECT_TRUE(Has(p.check(Seq({alloc, Store(Buffer(tmp), F(0.0), {I(0)}, L(3))})),
                  "scope.buffer.out_of_scope", L(3)));
  // [scope.declbuffer] DeclBuffer binds nothing.
  Stmt decl =
      std::make_shared<DeclBufferNode>(Buffer(tmp), Store(Buffer(tmp), F(0.0), {I(0)}), L(4));
  EXPECT_TRUE(Has(p.check(decl), "scope.declbuffer", L(4)));
  Stmt alloc_decl = std::make_shared<AllocateNode>(tmp_data, f32, std::vector<PrimExpr>{I(8)},
                                                   make_bool(true), decl, Annotations{});
  EXPECT_TRUE(Clean(p.check(alloc_decl)));
  // [scope.bind.bufferrealize] binds the data and fresh shape Vars for its body.
  Var m = make_var("m", i32);
  Buffer S = MakeBuffer("S", f32, {m});
  Stmt realize = std::make_shared<BufferRealizeNode>(
      S, std::vector<Range>{R(I(0), m)}, make_bool(true), Store(S, F(0.0), {Sub(m, I(1))}));
  EXPECT_TRUE(Clean(p.check(realize)));
  EXPECT_TRUE(Has(p.check(Seq({realize, Store(S, F(0.0), {I(0)}, L(6))})),
                  "scope.buffer.out_of_scope", L(6)));
}

TEST(Scoping, BufferMapBindsShapeVars) {
  // [scope.bind.buffer_map] symbolic.py: A = match_buffer(a, (n, 4)) with n also a param; and a
  // shape Var m that is not a param, bound by the DLTensor.
  Prog p;
  Var n = p.scalar("n", i32);
  Var m = make_var("m", i32);
  Buffer A = p.buffer("A", f16, {n, I(4)});
  Buffer B = p.buffer("B", f16, {m});
  Var i = make_var("i", i32);
  EXPECT_TRUE(Clean(p.check(For(i, I(0), m, Store(B, Load(A, {i, I(0)}), {i})))));
}

TEST(Scoping, BlockBuffers) {
  Prog p;
  Buffer A = p.buffer("A", f32, {I(16), I(16)});
  Var n = p.scalar("n", i32);
  Var free_var = make_var("k", i32);
  Buffer S = MakeBuffer("S", f32, {n});
  BlockSpec root;
  root.alloc = {S};
  root.body = Store(S, F(0.0), {I(0)});
  // [scope.bind.block_buffers] alloc_buffers are usable in the block, not after it.
  EXPECT_TRUE(Clean(p.check(Realize(root))));
  EXPECT_TRUE(Has(p.check(Seq({Realize(root), Store(S, F(0.0), {I(0)}, L(7))})),
                  "scope.buffer.out_of_scope", L(7)));
  // [scope.block.alloc_no_unbound]
  BlockSpec unbound = root;
  unbound.alloc = {MakeBuffer("T", f32, {free_var}, L(8))};
  unbound.body = Nop();
  EXPECT_TRUE(Has(p.check(Realize(unbound)), "scope.block.alloc_no_unbound", L(8)));
  // [scope.bind.match_buffer_vars] match_buffer's fresh elem_offset and shape Vars are bound.
  MatchFixture mf;
  EXPECT_TRUE(Clean(
      mf.Check(mf.MakeSub({make_var("rows", i32), I(16)}), {R(mf.lo(), I(4)), R(I(0), I(16))})));
}

TEST(Scoping, GlobalVars) {
  auto m = std::make_shared<IRModuleNode>();
  auto sq = std::make_shared<GlobalVarNode>(GlobalVarNode{"square", {}});
  auto mainv = std::make_shared<GlobalVarNode>(GlobalVarNode{"main", {}});
  Var x = make_var("x", i32);
  auto square = std::make_shared<PrimFuncNode>();
  square->params = {x};
  square->ret_type = Type::Prim(i32);
  square->body = Eval(Call(i32, "tir.ret", {Mul(x, x)}));
  Prog p;
  Buffer A = p.buffer("A", i32, {I(4)});
  Var i = make_var("i", i32);
  auto call = [&](GlobalVar g, SourceLoc l = {}) -> PrimExpr {
    return std::make_shared<CallNode>(i32, "", g, std::vector<PrimExpr>{Load(A, {i})}, l);
  };
  m->functions = {{sq, square}, {mainv, p.func(For(i, I(0), I(4), Store(A, call(sq), {i})))}};
  // [scope.globalvar] Module.py.
  EXPECT_TRUE(Clean(check_module(m, "m.py")));
  auto nowhere = std::make_shared<GlobalVarNode>(GlobalVarNode{"nowhere", {}});
  m->functions[1].second = p.func(For(i, I(0), I(4), Store(A, call(nowhere, L(3)), {i})));
  EXPECT_TRUE(Has(check_module(m, "m.py"), "scope.globalvar.defined", L(3)));
}

TEST(Scoping, VolatileScope) {
  Prog p;
  Buffer A = p.buffer("A", i32, {I(4)});
  Var x = make_var("x", i32);
  auto vol = [&](Stmt body, SourceLoc l = {}) -> Stmt {
    return std::make_shared<AttrStmtNode>(PrimExpr(x), "volatile_scope", I(1), body, l);
  };
  EXPECT_TRUE(Clean(p.check(vol(LetS(x, I(1), Store(A, x, {I(0)}))))));
  EXPECT_TRUE(Has(p.check(vol(Nop(), L(2))), "scope.attr_volatile", L(2)));
}

// ================================================================ Diagnostics shape
TEST(Diagnostics, FileLocAndOncePerViolation) {
  Prog p;
  Buffer A = p.buffer("A", i32, {I(4)});
  Var x = make_var("x", i32);
  // x is used three times but is one fault; the enclosing statement's location is used.
  auto ds = p.check(Store(A, Add(x, x), {x}, L(9, 4)));
  ASSERT_EQ(ds.size(), 1u) << Dump(ds);
  EXPECT_EQ(ds[0].file, "test.py");
  EXPECT_EQ(ds[0].rule, "scope.unbound");
  EXPECT_EQ(ds[0].loc.line, 9u);
  EXPECT_EQ(ds[0].loc.col, 4u);
  // Several independent faults are all reported.
  Var f = p.scalar("f", f32);
  auto many = p.check(Seq({Store(A, f, {I(0)}, L(1)), Store(A, I(0), {f}, L(2)),
                           std::make_shared<WhileNode>(I(1), Nop(), L(3))}));
  EXPECT_TRUE(Has(many, "type.stmt.bufferstore.value_elem", L(1)));
  EXPECT_TRUE(Has(many, "type.stmt.bufferstore.index_int", L(2)));
  EXPECT_TRUE(Has(many, "type.stmt.while.cond_not_imm", L(3)));
}

// ================================================================ const_fold
TEST(ConstFold, LinearForms) {
  using namespace oracle::typecheck;
  Var v = make_var("vio", i32), w = make_var("w", i32);
  EXPECT_EQ(fold_constant(Sub(Add(Mul(v, I(4)), I(4)), Mul(v, I(4)))), 4);
  EXPECT_EQ(fold_constant(Sub(Add(Mul(I(4), v), I(4)), Mul(v, I(4)))), 4);
  EXPECT_FALSE(fold_constant(Sub(Add(Mul(v, I(4)), I(4)), Mul(w, I(4)))).has_value());
  EXPECT_TRUE(prove_equal(Add(v, v), Mul(v, I(2))));
  EXPECT_TRUE(prove_equal(Cast(i64, Add(v, I(1))), Add(Cast(i64, v), I(1, i64))));
  EXPECT_TRUE(prove_equal(I(4), I(4, i64)));
  EXPECT_FALSE(prove_equal(I(-1, i32), I(4294967295, u32)));
  // Structurally equal atoms compare equal, by Var identity.
  Prog p;
  Buffer A = p.buffer("A", i32, {I(4)});
  EXPECT_TRUE(prove_equal(Sub(Load(A, {v}), Load(A, {v})), 0));
  EXPECT_FALSE(prove_equal(Sub(Load(A, {v}), Load(A, {w})), 0));
}

TEST(ConstFold, TirArithmetic) {
  using namespace oracle::typecheck;
  auto fold = [](ExprKind k, int64_t a, int64_t b, DataType t = i32) {
    return fold_constant(Bin(k, I(a, t), I(b, t)));
  };
  EXPECT_EQ(fold(ExprKind::Div, -7, 2), -3);      // truncates
  EXPECT_EQ(fold(ExprKind::Mod, -7, 2), -1);      // sign of the dividend
  EXPECT_EQ(fold(ExprKind::FloorDiv, -7, 2), -4); // floors
  EXPECT_EQ(fold(ExprKind::FloorMod, -7, 2), 1);
  EXPECT_EQ(fold(ExprKind::FloorMod, 7, -2), -1);
  EXPECT_FALSE(fold(ExprKind::Div, 1, 0).has_value());
  EXPECT_FALSE(fold(ExprKind::Div, std::numeric_limits<int32_t>::min(), -1).has_value());
  EXPECT_EQ(fold(ExprKind::Add, std::numeric_limits<int32_t>::max(), 1),
            std::numeric_limits<int32_t>::min());
  EXPECT_EQ(fold(ExprKind::Mul, 200, 2, u8), 144); // wraps modulo 2^8
  EXPECT_EQ(fold(ExprKind::Min, 3, -5), -5);
  EXPECT_EQ(fold(ExprKind::Max, 3, 250, u8), 250);
  EXPECT_EQ(fold_constant(Cast(i8, I(300))), 44);
  Var v = make_var("v", i32);
  EXPECT_EQ(fold_constant(Bin(ExprKind::FloorMod, Add(Mul(v, I(8)), I(4)), I(4))), 0);
  EXPECT_TRUE(
      prove_equal(Bin(ExprKind::FloorDiv, Add(Mul(v, I(8)), I(4)), I(4)), Add(Mul(v, I(2)), I(1))));
}

// ================================================================ TVMScript programs
std::string ReadFile(const std::filesystem::path &p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The checker's findings on a program the reader accepts.
Diagnostics CheckScript(std::string_view text) {
  auto r = read_tvmscript(text, "script.py");
  EXPECT_TRUE(r.ok()) << Dump(r.diagnostics);
  if (!r.module)
    return {{"script.py", {}, "", "did not read"}};
  return check_module(r.module, "script.py");
}

// `rule` is among the diagnostics, on source line `line`.
::testing::AssertionResult HasOnLine(const Diagnostics &ds, std::string_view rule, uint32_t line) {
  for (const auto &d : ds)
    if (d.rule == rule && d.loc.line == line)
      return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "no " << rule << " on line " << line << " among:" << Dump(ds);
}

TEST(Script, MatchBufferShapeAgainstSliceExtent) {
  // match_in_block.py with Asub declared (4, 5) over a 4x4 region; Bsub stays (4, 4).
  const char *text = R"(from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
    for io, jo in T.grid(4, 4):
        with T.block("tile"):
            vio, vjo = T.axis.remap("SS", [io, jo])
            T.reads(A[vio * 4:vio * 4 + 4, vjo * 4:vjo * 4 + 4])
            T.writes(B[vio * 4:vio * 4 + 4, vjo * 4:vjo * 4 + 4])
            Asub = T.match_buffer(A[vio * 4:vio * 4 + 4, vjo * 4:vjo * 4 + 4], (4, SHAPE), offset_factor=1)
            Bsub = T.match_buffer(B[vio * 4:vio * 4 + 4, vjo * 4:vjo * 4 + 4], (4, 4), offset_factor=1)
            for ii, jj in T.grid(4, 4):
                Bsub[ii, jj] = Asub[ii, jj] + T.float32(1.0)
)";
  auto with = [&](const char *shape) {
    std::string t = text;
    t.replace(t.find("SHAPE"), 5, shape);
    return CheckScript(t);
  };
  auto ds = with("5");
  EXPECT_TRUE(HasOnLine(ds, "type.other.matchbuffer.shape_extent", 10));
  EXPECT_EQ(ds.size(), 1u) << Dump(ds);
  EXPECT_TRUE(Clean(with("4")));
}

TEST(Script, LoopsAndWhile) {
  const char *text = R"(from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((16,), "int64"), n: T.int64):
    for i in range(T.int64(16)):
        A[i] = i
    for i in range(n):
        A[i % T.int64(16)] = T.int64(0)
    for i in T.vectorized(4):
        A[i] = T.int64(2)
        while A[0] < T.int64(3):
            A[0] = A[0] + T.int64(1)
    while 1:
        A[0] = T.int64(1)
)";
  auto ds = CheckScript(text);
  EXPECT_TRUE(HasOnLine(ds, "type.stmt.for.vectorized_no_while", 11));
  EXPECT_TRUE(HasOnLine(ds, "type.stmt.while.cond_not_imm", 13));
  EXPECT_EQ(ds.size(), 2u) << Dump(ds); // the int64 loops themselves are fine
}

TEST(Script, ReturnTypes) {
  const char *text = R"(from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "int32")) -> T.int32:
    s: T.int32 = A[0]
    if s > 10:
        return s
    return T.float32(1.0)
)";
  auto ds = CheckScript(text);
  EXPECT_TRUE(HasOnLine(ds, "type.other.primfunc.ret.prim", 8));
  EXPECT_TRUE(HasOnLine(ds, "type.other.primfunc.ret.multiple", 8));
  std::string ok = text;
  ok.replace(ok.find("T.float32(1.0)"), 14, "s * 2");
  EXPECT_TRUE(Clean(CheckScript(ok)));
}

TEST(Script, ExpressionTyping) {
  const char *text = R"(from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "int32")):
    for i in range(8):
        A[i] = B[i]
        A[i] = T.Select(B[i], A[i], A[i])
        B[i] = T.Cast("int32x4", B[i])
        B[i] = T.truncmod(i, 3) + T.int8(1)
        A[i] = T.sqrt(B[i])
)";
  auto ds = CheckScript(text);
  EXPECT_TRUE(HasOnLine(ds, "type.stmt.bufferstore.value_elem", 6));
  EXPECT_TRUE(HasOnLine(ds, "type.expr.select.cond_bool", 7));
  EXPECT_TRUE(HasOnLine(ds, "type.expr.cast.lanes", 8));
  EXPECT_TRUE(HasOnLine(ds, "type.stmt.bufferstore.value_lanes", 8));
  EXPECT_TRUE(HasOnLine(ds, "type.expr.binary.match", 9));
  EXPECT_TRUE(HasOnLine(ds, "builtin.math.typing", 10));
}

TEST(Script, BlockPredicate) {
  const char *text = R"(from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((10,), "float32")):
    for io, ii in T.grid(3, 4):
        with T.block("B"):
            vi = T.axis.spatial(10, io * 4 + ii)
            T.where(PRED)
            T.reads()
            T.writes(A[vi])
            A[vi] = T.float32(1.0)
)";
  auto with = [&](const char *pred) {
    std::string t = text;
    t.replace(t.find("PRED"), 4, pred);
    return CheckScript(t);
  };
  EXPECT_TRUE(HasOnLine(with("io * 4 + ii"), "type.stmt.blockrealize.predicate", 6));
  EXPECT_TRUE(Clean(with("io * 4 + ii < 10")));
}

TEST(TvmPrinted, EveryProgramTypeChecksClean) {
  namespace fs = std::filesystem;
  fs::path dir = TIRCONF_TVM_PRINTED_DIR;
  int files = 0;
  for (const auto &entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".py")
      continue;
    ++files;
    SCOPED_TRACE(entry.path().filename().string());
    auto r = read_tvmscript(ReadFile(entry.path()), entry.path().string());
    ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
    EXPECT_TRUE(Clean(check_module(r.module, entry.path().string())));
  }
  EXPECT_GT(files, 10);
}

} // namespace
} // namespace tirconf
