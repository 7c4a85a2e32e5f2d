// Reader and printer together, over every TVMScript file we have:
//   - tests/data/tvm-printed (what TVM v0.20 printed): print(read(file)) is the file, byte for
//   byte;
//   - those and every .py under corpus/: print -> read -> print is a fixed point, and
//     read(print(p)) is structurally equal to p.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>

#include "ir/structural_equal.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir {
namespace {

namespace fs = std::filesystem;

struct Source {
  std::string path; // absolute
  std::string name; // test name: the path below its root, sanitized
  bool tvm_printed; // from tests/data/tvm-printed: must print back exactly
};

void PrintTo(const Source &s, std::ostream *os) {
  *os << s.path;
}

std::vector<Source> collect(const fs::path &root, const std::string &prefix, bool recursive,
                            bool tvm_printed) {
  std::vector<Source> out;
  if (!fs::is_directory(root))
    return out;
  auto add = [&](const fs::path &p) {
    if (p.extension() != ".py" || !fs::is_regular_file(p))
      return;
    std::string name = prefix + fs::relative(p, root).replace_extension().string();
    for (char &c : name)
      if (!std::isalnum(static_cast<unsigned char>(c)))
        c = '_';
    out.push_back({p.string(), name, tvm_printed});
  };
  if (recursive) {
    for (const auto &e : fs::recursive_directory_iterator(root))
      add(e.path());
  } else {
    for (const auto &e : fs::directory_iterator(root))
      add(e.path());
  }
  std::sort(out.begin(), out.end(),
            [](const Source &a, const Source &b) { return a.name < b.name; });
  return out;
}

std::vector<Source> all_sources() {
  auto out = collect(fs::path(TIRCONF_TVM_PRINTED_DIR), "tvm_", false, true);
  auto corpus = collect(fs::path(TIRCONF_SOURCE_DIR) / "corpus", "corpus_", true, false);
  out.insert(out.end(), corpus.begin(), corpus.end());
  return out;
}

std::string slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string diagnostics_text(const ReadResult &r) {
  std::string s;
  for (const auto &d : r.diagnostics)
    s += format(d) + "\n";
  return s;
}

// Conformance files are printed the way they are written: front matter and real imports.
PrintOptions options_for(const ReadResult &r, bool tvm_printed) {
  PrintOptions o;
  o.docstring = r.docstring;
  o.import_comments = tvm_printed;
  return o;
}

class RoundTrip : public ::testing::TestWithParam<Source> {};

TEST_P(RoundTrip, PrintReadPrintIsAFixedPointAndKeepsTheProgram) {
  const Source &src = GetParam();
  std::string text = slurp(src.path);
  ReadResult r1 = read_tvmscript(text, src.path);
  // A conformance file that must be rejected may be rejected by the reader already.
  if (!r1.ok() && !src.tvm_printed && text.find("invalid: true") != std::string::npos)
    GTEST_SKIP() << "rejected: " << diagnostics_text(r1);
  ASSERT_TRUE(r1.ok()) << diagnostics_text(r1);
  PrintOptions opts = options_for(r1, src.tvm_printed);

  std::string printed = print_tvmscript(r1.module, opts);
  if (src.tvm_printed) {
    EXPECT_EQ(printed, text) << "TVM printed this file differently";
  }

  ReadResult r2 = read_tvmscript(printed, src.path + " (printed)");
  ASSERT_TRUE(r2.ok()) << diagnostics_text(r2) << "--- printed text:\n" << printed;
  EXPECT_TRUE(structural_equal(r1.module, r2.module))
      << structural_diff(r1.module, r2.module) << "\n--- printed text:\n"
      << printed;
  EXPECT_EQ(r2.docstring, r1.docstring);
  EXPECT_EQ(print_tvmscript(r2.module, opts), printed);
}

INSTANTIATE_TEST_SUITE_P(Files, RoundTrip, ::testing::ValuesIn(all_sources()),
                         [](const ::testing::TestParamInfo<Source> &info) {
                           return info.param.name;
                         });

// ---- Random programs: read(print(p)) == p for expressions of every kind, nested at random ----

class RandomProgram {
public:
  explicit RandomProgram(uint64_t seed) : rng_(seed) {}

  PrimFunc function() {
    A_ = buffer("A", DataType::Int(32));
    B_ = buffer("B", DataType::Float(32));
    a_ = make_var("a", DataType::Int(32));
    b_ = make_var("b", DataType::Int(32));
    x_ = make_var("x", DataType::Float(32));
    auto f = std::make_shared<PrimFuncNode>();
    for (const Buffer &buf : {A_, B_}) {
      Var h = make_var(buf->name + "_handle", DataType::Handle());
      f->params.push_back(h);
      f->buffer_map.push_back({h, buf});
    }
    f->params.insert(f->params.end(), {a_, b_, x_});
    std::vector<Stmt> seq;
    for (int i = 0, n = 1 + pick(3); i < n; ++i)
      seq.push_back(stmt(2));
    f->body = seq.size() == 1 ? seq[0] : std::make_shared<SeqStmtNode>(seq);
    AttrValue sym;
    sym.expr = std::make_shared<StringImmNode>("main");
    f->attrs.emplace_back("global_symbol", sym);
    return f;
  }

private:
  int pick(int n) { return static_cast<int>(rng_() % static_cast<uint64_t>(n)); }

  static Buffer buffer(const std::string &name, DataType t) {
    auto b = std::make_shared<BufferNode>();
    b->data = make_var(name, Type::Pointer(Type::Prim(t)));
    b->dtype = t;
    b->shape = {make_int32(4)};
    b->elem_offset = make_int32(0);
    b->name = name;
    return b;
  }

  PrimExpr call(DataType t, const char *op, std::vector<PrimExpr> args) {
    return std::make_shared<CallNode>(t, op, nullptr, std::move(args));
  }

  PrimExpr int_expr(int depth) {
    if (depth <= 0 || pick(4) == 0) {
      switch (pick(4)) {
      case 0:
        return a_;
      case 1:
        return b_;
      case 2:
        return make_int32(pick(9) - 4);
      default:
        return make_buffer_load(A_, {make_int32(pick(4))});
      }
    }
    static const ExprKind ops[] = {ExprKind::Add,      ExprKind::Sub, ExprKind::Mul,
                                   ExprKind::Div,      ExprKind::Mod, ExprKind::FloorDiv,
                                   ExprKind::FloorMod, ExprKind::Min, ExprKind::Max};
    switch (pick(7)) {
    case 0:
      return std::make_shared<SelectNode>(bool_expr(depth - 1), int_expr(depth - 1),
                                          int_expr(depth - 1));
    case 1:
      return std::make_shared<CastNode>(DataType::Int(32), float_expr(depth - 1));
    case 2:
      return call(DataType::Int(32), "tir.bitwise_and", {int_expr(depth - 1), int_expr(depth - 1)});
    case 3: {
      Var v = make_var("v", DataType::Int(32));
      PrimExpr body = make_binary(ExprKind::Mul, v, int_expr(depth - 1));
      return std::make_shared<LetNode>(v, int_expr(depth - 1), body);
    }
    case 4:
      return make_buffer_load(A_, {int_expr(depth - 1)});
    default:
      return make_binary(ops[pick(9)], int_expr(depth - 1), int_expr(depth - 1));
    }
  }

  PrimExpr float_expr(int depth) {
    if (depth <= 0 || pick(4) == 0) {
      static const double values[] = {0.0,
                                      -0.0,
                                      0.5,
                                      0.1,
                                      1.0,
                                      -2.0,
                                      1e-30,
                                      3.4028234663852886e38,
                                      1e16,
                                      123456.789,
                                      std::numeric_limits<double>::infinity(),
                                      -std::numeric_limits<double>::infinity(),
                                      std::numeric_limits<double>::quiet_NaN()};
      switch (pick(3)) {
      case 0:
        return x_;
      case 1:
        return make_buffer_load(B_, {make_int32(pick(4))});
      default:
        return std::make_shared<FloatImmNode>(DataType::Float(32), values[pick(13)]);
      }
    }
    static const ExprKind ops[] = {ExprKind::Add, ExprKind::Sub, ExprKind::Mul,
                                   ExprKind::Div, ExprKind::Min, ExprKind::Max};
    switch (pick(5)) {
    case 0:
      return std::make_shared<CastNode>(DataType::Float(32), int_expr(depth - 1));
    case 1:
      return call(DataType::Float(32), "tir.sqrt", {float_expr(depth - 1)});
    case 2:
      return std::make_shared<SelectNode>(bool_expr(depth - 1), float_expr(depth - 1),
                                          float_expr(depth - 1));
    default:
      return make_binary(ops[pick(6)], float_expr(depth - 1), float_expr(depth - 1));
    }
  }

  // int32x4 vectors: broadcasts, ramps, slices of A (Ramp indices) and elementwise operators.
  PrimExpr vec_expr(int depth) {
    if (depth <= 0 || pick(3) == 0) {
      switch (pick(3)) {
      case 0:
        return std::make_shared<BroadcastNode>(int_expr(1), 4);
      case 1:
        return std::make_shared<RampNode>(int_expr(1), make_int32(1 + pick(2)), 4);
      default: {
        PrimExpr idx = std::make_shared<RampNode>(int_expr(1), make_int32(1 + pick(3)), 4);
        return make_buffer_load(A_, {idx});
      }
      }
    }
    static const ExprKind ops[] = {ExprKind::Add,      ExprKind::Sub,      ExprKind::Mul,
                                   ExprKind::FloorDiv, ExprKind::FloorMod, ExprKind::Min,
                                   ExprKind::Max};
    if (pick(4) == 0) {
      PrimExpr cond = make_binary(ExprKind::LT, vec_expr(depth - 1), vec_expr(depth - 1));
      return std::make_shared<SelectNode>(cond, vec_expr(depth - 1), vec_expr(depth - 1));
    }
    return make_binary(ops[pick(7)], vec_expr(depth - 1), vec_expr(depth - 1));
  }

  PrimExpr bool_expr(int depth) {
    if (depth <= 0 || pick(5) == 0)
      return make_bool(pick(2));
    static const ExprKind cmps[] = {ExprKind::EQ, ExprKind::NE, ExprKind::LT,
                                    ExprKind::LE, ExprKind::GE, ExprKind::GT};
    switch (pick(5)) {
    case 0:
      return make_binary(pick(2) ? ExprKind::And : ExprKind::Or, bool_expr(depth - 1),
                         bool_expr(depth - 1));
    case 1:
      return std::make_shared<NotNode>(bool_expr(depth - 1));
    case 2:
      return make_binary(cmps[pick(6)], float_expr(depth - 1), float_expr(depth - 1));
    case 3:
      return make_binary(cmps[pick(6)], bool_expr(depth - 1), bool_expr(depth - 1));
    default:
      return make_binary(cmps[pick(6)], int_expr(depth - 1), int_expr(depth - 1));
    }
  }

  Stmt stmt(int depth) {
    int d = 1 + pick(4);
    switch (depth <= 0 ? pick(2) : pick(6)) {
    case 0:
      return std::make_shared<BufferStoreNode>(A_, int_expr(d), std::vector<PrimExpr>{int_expr(1)});
    case 5: {
      PrimExpr idx = std::make_shared<RampNode>(int_expr(1), make_int32(1), 4);
      return std::make_shared<BufferStoreNode>(A_, vec_expr(d), std::vector<PrimExpr>{idx});
    }
    case 1:
      return std::make_shared<BufferStoreNode>(B_, float_expr(d),
                                               std::vector<PrimExpr>{make_int32(pick(4))});
    case 2:
      return std::make_shared<IfThenElseNode>(bool_expr(d), stmt(depth - 1),
                                              pick(2) ? stmt(depth - 1) : nullptr);
    case 3: {
      Var i = make_var("i", DataType::Int(32));
      auto body = std::make_shared<BufferStoreNode>(A_, make_binary(ExprKind::Add, i, int_expr(d)),
                                                    std::vector<PrimExpr>{i});
      return std::make_shared<ForNode>(i, make_int32(0), make_int32(4), ForKind::Serial,
                                       pick(2) ? Stmt(body) : stmt(depth - 1), nullptr,
                                       Annotations{});
    }
    default: {
      Var y = make_var("y", DataType::Int(32));
      Stmt body = std::make_shared<BufferStoreNode>(A_, y, std::vector<PrimExpr>{make_int32(0)});
      if (pick(2))
        body = std::make_shared<SeqStmtNode>(std::vector<Stmt>{body, stmt(depth - 1)});
      return std::make_shared<LetStmtNode>(y, int_expr(d), body);
    }
    }
  }

  std::mt19937_64 rng_;
  Buffer A_, B_;
  Var a_, b_, x_;
};

TEST(RoundTripRandom, ReadOfPrintIsTheSameProgram) {
  int failures = 0;
  for (uint64_t seed = 1; seed <= 1000 && failures < 3; ++seed) {
    PrimFunc f = RandomProgram(seed).function();
    std::string text = print_tvmscript(f, "main");
    ReadResult r = read_tvmscript(text, "random.py");
    if (!r.ok()) {
      ++failures;
      ADD_FAILURE() << "seed " << seed << ": " << diagnostics_text(r) << text;
      continue;
    }
    PrimFunc g = r.module->functions.at(0).second;
    if (!structural_equal(f, g)) {
      ++failures;
      ADD_FAILURE() << "seed " << seed << ": " << structural_diff(f, g) << "\n"
                    << text << "--- read back and printed:\n"
                    << print_tvmscript(g, "main");
    }
  }
}

// ---- Spellings the printer chose so that they read back (hand-built IR) ----

// Constants whose dtype `T.<dtype>(v)` would not keep, handles of other widths, builtins whose
// dtype is written first, loop, region and block-var bounds of different integer widths (the
// reader widens the narrower before `stop - start`), and a buffer_map entry of a non-parameter.
TEST(RoundTripSpellings, ReadOfPrintIsTheSameProgram) {
  const DataType i8 = DataType::Int(8), i32 = DataType::Int(32), i64 = DataType::Int(64),
                 f32 = DataType::Float(32);
  auto I = [](DataType t, int64_t v) { return make_int(t, v); };
  auto F = [](DataType t, double v) -> PrimExpr { return std::make_shared<FloatImmNode>(t, v); };
  auto cast = [](DataType t, PrimExpr v) -> PrimExpr { return std::make_shared<CastNode>(t, v); };
  auto call = [](DataType t, const char *op, std::vector<PrimExpr> args) -> PrimExpr {
    return std::make_shared<CallNode>(t, op, nullptr, std::move(args));
  };
  auto str = [](const char *s) -> PrimExpr { return std::make_shared<StringImmNode>(s); };
  auto sub = [](PrimExpr a, PrimExpr b) { return make_binary(ExprKind::Sub, a, b); };
  auto eval = [](PrimExpr e) -> Stmt { return std::make_shared<EvaluateNode>(e); };
  auto buffer = [](const std::string &name, DataType t) {
    auto b = std::make_shared<BufferNode>();
    b->data = make_var(name, Type::Pointer(Type::Prim(t)));
    b->dtype = t;
    b->shape = {make_int32(16)};
    b->elem_offset = make_int32(0);
    b->name = name;
    return Buffer(b);
  };
  Buffer A = buffer("A", i32), B = buffer("B", i32);
  Var a = make_var("A_handle", DataType::Handle()), x = make_var("x", DataType::Handle());
  Var m = make_var("m", i32), n = make_var("n", i64), k = make_var("k", i8),
      u = make_var("u", DataType::UInt(32));
  auto store = [&](PrimExpr v) -> Stmt {
    return std::make_shared<BufferStoreNode>(A, v, std::vector<PrimExpr>{make_int32(0)});
  };
  double inf = std::numeric_limits<double>::infinity();
  std::vector<Stmt> seq = {
      eval(I(f32, 1)),
      eval(I(DataType::Int(32, 4), 1)),
      eval(I(DataType::Bool(4), 1)),
      eval(I(DataType::Int(7), 3)),
      eval(I(DataType::Handle(), 1)),
      eval(I(i32, 2147483648)),
      eval(F(i32, 1.0)),
      eval(F(DataType::Float(32, 4), 2.5)),
      eval(F(i32, inf)),
      eval(F(i32, -inf)),
      eval(F(DataType::Float(8), 0.5)),
      eval(F(i32, std::numeric_limits<double>::quiet_NaN())),
      eval(F(i32, -std::numeric_limits<double>::quiet_NaN())),
      eval(cast(DataType(TypeCode::Handle, 16), I(i64, 0))),
      eval(cast(DataType(TypeCode::Handle, 32), I(i64, 0))),
      eval(cast(DataType(TypeCode::Handle, 64, 4), I(i64, 0))),
      eval(cast(DataType(TypeCode::Handle, 0, 4), I(i64, 0))),
      store(call(i32, "tir.reinterpret", {F(f32, 1.0)})),
      store(call(i32, "tir.call_extern", {str("fn"), m})),
      eval(call(f32, "tir.call_pure_extern", {str("g"), F(f32, 1.0)})),
      eval(call(DataType::Void(), "tir.call_extern", {str("h")})),
      eval(call(DataType::Bool(), "tir.assume", {make_binary(ExprKind::LT, m, make_int32(3))})),
      eval(call(f32, "tir.ldexp", {F(f32, 1.0), m})),
      eval(call(f32, "tir.nextafter", {F(f32, 1.0), F(f32, 2.0)})),
  };
  // The loop var is as wide as the wider bound, with the start's type code; a constant bound
  // has the loop var's dtype (the reader's For, as TVM's).
  auto loop = [&](PrimExpr min, PrimExpr extent, Stmt body = nullptr) -> Stmt {
    Var i = make_var("i", DataType(min->dtype.code, std::max(min->dtype.bits, extent->dtype.bits)));
    return std::make_shared<ForNode>(i, min, extent, ForKind::Serial,
                                     body ? body : store(make_int32(1)), nullptr, Annotations{});
  };
  seq.push_back(loop(m, sub(n, cast(i64, m))));
  seq.push_back(loop(k, sub(I(i64, 4), cast(i64, k))));
  seq.push_back(loop(n, sub(cast(i64, k), n)));
  seq.push_back(loop(I(i64, 2), sub(n, I(i64, 2))));
  // range(0, u) with a uint32 u: an int32 loop from an int32 zero (range(u) would make both
  // uint32), and no T.grid either.
  seq.push_back(loop(make_int32(0), u));
  seq.push_back(loop(make_int32(0), u, loop(make_int32(0), u)));
  // A block var over (m, n) and a region A[m:n].
  Range dom{m, sub(n, cast(i64, m)), {}};
  auto iv = std::make_shared<IterVarNode>(
      IterVarNode{dom, make_var("vi", i64), IterVarType::DataPar, "", {}});
  BufferRegion rg{A, {dom}, {}};
  auto blk = std::make_shared<BlockNode>(std::vector<IterVar>{iv}, std::vector<BufferRegion>{rg},
                                         std::vector<BufferRegion>{}, "b", store(make_int32(2)),
                                         nullptr, std::vector<Buffer>{},
                                         std::vector<MatchBufferRegion>{}, Annotations{});
  seq.push_back(std::make_shared<BlockRealizeNode>(std::vector<PrimExpr>{n}, make_bool(true), blk));
  seq.push_back(
      std::make_shared<BufferStoreNode>(B, make_int32(3), std::vector<PrimExpr>{make_int32(0)}));
  auto root = std::make_shared<BlockNode>(
      std::vector<IterVar>{}, std::vector<BufferRegion>{}, std::vector<BufferRegion>{}, "root",
      std::make_shared<SeqStmtNode>(seq), nullptr, std::vector<Buffer>{},
      std::vector<MatchBufferRegion>{}, Annotations{});
  auto f = std::make_shared<PrimFuncNode>();
  f->params = {a, m, n, k, u};
  f->buffer_map = {{a, A}, {x, B}};
  f->body = std::make_shared<BlockRealizeNode>(std::vector<PrimExpr>{}, make_bool(true), root);
  AttrValue sym;
  sym.expr = str("main");
  f->attrs.emplace_back("global_symbol", sym);

  std::string text = print_tvmscript(f, "main");
  ReadResult r = read_tvmscript(text, "spellings.py");
  ASSERT_TRUE(r.ok()) << diagnostics_text(r) << text;
  PrimFunc g = r.module->functions.at(0).second;
  EXPECT_TRUE(structural_equal(f, g)) << structural_diff(f, g) << "\n" << text;
  EXPECT_EQ(print_tvmscript(g, "main"), text);
}

// ---- Printed programs that once did not read back (hand-built IR) ----

PrimFunc read_back(const PrimFunc &f, const std::string &name) {
  std::string text = print_tvmscript(f, "main");
  ReadResult r = read_tvmscript(text, name);
  EXPECT_TRUE(r.ok()) << diagnostics_text(r) << text;
  if (!r.ok())
    return nullptr;
  PrimFunc g = r.module->functions.at(0).second;
  EXPECT_TRUE(structural_equal(f, g)) << structural_diff(f, g) << "\n" << text;
  EXPECT_EQ(print_tvmscript(g, "main"), text);
  return g;
}

Buffer buffer_of(const std::string &name, DataType t, int64_t extent) {
  auto b = std::make_shared<BufferNode>();
  b->data = make_var(name, Type::Pointer(Type::Prim(t)));
  b->dtype = t;
  b->shape = {make_int32(extent)};
  b->elem_offset = make_int32(0);
  b->name = name;
  return Buffer(b);
}

PrimFunc function_of(const Buffer &A, std::vector<Var> scalars, Stmt body) {
  auto f = std::make_shared<PrimFuncNode>();
  Var h = make_var("A_handle", DataType::Handle());
  f->params = {h};
  for (const Var &v : scalars)
    f->params.push_back(v);
  f->buffer_map = {{h, A}};
  f->body = std::move(body);
  AttrValue sym;
  sym.expr = std::make_shared<StringImmNode>("main");
  f->attrs.emplace_back("global_symbol", sym);
  return f;
}

// gen --profile integer_cpu --seed 21 --first 963: a Ramp whose base is INT64_MIN * i prints
// as A[c * i:c * i + 8]; stop - start is 8 only modulo 2^64 (c * i - c * i takes -c, which
// wraps back to c), as int64 arithmetic is (sem.expr.int_wrap).
TEST(RoundTripRegressions, SliceWhoseBoundsWrapKeepsItsLength) {
  const DataType i32 = DataType::Int(32), i64 = DataType::Int(64);
  Buffer A = buffer_of("A", i32, 16);
  Var i = make_var("i", i64);
  for (int64_t c : {std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(),
                    int64_t(1) << 62}) {
    PrimExpr base = make_binary(ExprKind::Mul, make_int(i64, c), i);
    auto ramp = [](PrimExpr b) -> PrimExpr {
      return std::make_shared<RampNode>(b, make_int(b->dtype, 1), 8);
    };
    Stmt copy = std::make_shared<BufferStoreNode>(A, make_buffer_load(A, {ramp(base)}),
                                                  std::vector<PrimExpr>{ramp(make_int(i64, 2))});
    Stmt body = std::make_shared<ForNode>(i, make_int(i64, 0), make_int(i64, 2), ForKind::Serial,
                                          copy, nullptr, Annotations{});
    SCOPED_TRACE(c);
    read_back(function_of(A, {}, body), "wrapped_slice.py");
  }
}

// An Allocate that is a whole if/else branch, with the T.Buffer over its storage in its body.
TEST(RoundTripRegressions, AllocateAsAWholeBranch) {
  const DataType i32 = DataType::Int(32);
  Buffer A = buffer_of("A", i32, 4);
  Var n = make_var("n", i32);
  auto scratch = [&](const std::string &name, int64_t at) -> Stmt {
    Buffer B = buffer_of(name, i32, 4);
    auto st = [](Buffer b, PrimExpr v, int64_t k) -> Stmt {
      return std::make_shared<BufferStoreNode>(b, v, std::vector<PrimExpr>{make_int32(k)});
    };
    Stmt body = std::make_shared<SeqStmtNode>(std::vector<Stmt>{
        st(B, make_int32(at + 1), at), st(A, make_buffer_load(B, {make_int32(at)}), at)});
    return std::make_shared<AllocateNode>(B->data, i32, std::vector<PrimExpr>{make_int32(4)},
                                          make_bool(true), body, Annotations{});
  };
  Stmt body = std::make_shared<IfThenElseNode>(make_binary(ExprKind::GT, n, make_int32(0)),
                                               scratch("p", 0), scratch("q", 1));
  read_back(function_of(A, {n}, body), "branch_allocate.py");
}

// Found by the reader fuzz target (fuzz/targets/reader.cc): each UTF-8 byte of a string was
// printed as \xHH, which reads back as a character of its own, so the text grew at every trip.
TEST(RoundTripRegressions, NonAsciiStringsKeepTheirText) {
  Buffer A = buffer_of("A", DataType::Int(32), 4);
  // U+00E9, U+FEFF (a byte order mark inside a thread tag), U+1F600, and the surrogate U+D800
  // that "\ud800" reads as.
  for (const char *s : {"\xC3\xA9",
                        "threadI\xEF\xBB\xBF"
                        "dx.x",
                        "\xF0\x9F\x98\x80", "\xED\xA0\x80"}) {
    Stmt body = std::make_shared<EvaluateNode>(std::make_shared<StringImmNode>(s));
    read_back(function_of(A, {}, body), "strings.py");
  }
}

// Found by the reader fuzz target: an int32 constant stored into a buffer of another dtype
// (ill-typed, type.stmt.bufferstore.value_elem) printed as `A[1] = 7`, which reads as a
// constant of the buffer's dtype, a valid program.
TEST(RoundTripRegressions, IllTypedStoredConstantKeepsItsType) {
  for (DataType t : {DataType::Int(64), DataType::Float(32), DataType::Int(32, 4)}) {
    Buffer A = buffer_of("A", t, 4);
    Stmt body =
        std::make_shared<BufferStoreNode>(A, make_int32(7), std::vector<PrimExpr>{make_int32(1)});
    read_back(function_of(A, {}, body), "store.py");
  }
}

// Found by the reader fuzz target: a Call of an op outside the catalog (as
// T.call_intrin("int64", "tir.anything", ...) makes one) printed as T.anything(...), which the
// reader does not know.
TEST(RoundTripRegressions, CallOfAnUnknownOpIsWrittenAsMade) {
  Buffer A = buffer_of("A", DataType::Int(64), 4);
  PrimExpr call = std::make_shared<CallNode>(DataType::Int(64), "tir.bitwise_buffeand", nullptr,
                                             std::vector<PrimExpr>{make_int(DataType::Int(64), 2)});
  Stmt body = std::make_shared<BufferStoreNode>(A, call, std::vector<PrimExpr>{make_int32(0)});
  read_back(function_of(A, {}, body), "unknown_op.py");
}

// Found by the reader fuzz target: an int64 thread Var launched with an int32 extent printed as
// T.env_thread("threadIdx.x"), which makes an int32 Var.
TEST(RoundTripRegressions, EnvThreadKeepsItsDtype) {
  const std::string text = R"(from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "int64")):
    tx = T.env_thread("threadIdx.x", dtype="int64")
    with T.launch_thread(tx, T.int32(4)):
        A[tx] = tx + T.int64(10)
)";
  ReadResult r = read_tvmscript(text, "env_thread.py");
  ASSERT_TRUE(r.ok()) << diagnostics_text(r);
  read_back(r.module->functions.at(0).second, "env_thread_printed.py");
}

std::string function_text(const std::string &statement) {
  return "from tvm.script import tir as T\n\n@T.prim_func\ndef main(A: T.Buffer((4,), "
         "\"int32\")):\n    " +
         statement + "\n";
}

std::string repeated(const std::string &s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i)
    out += s;
  return out;
}

// Found by the reader fuzz target: 171 `~` read, and printed as 171 nested T.bitwise_not calls
// (as TVM prints them), which did not read back: the parser counted each call twice against its
// nesting limit. A function body with 190 nested calls is within Python's bracket limit.
TEST(RoundTripRegressions, DeepUnaryChainsReadBack) {
  for (const std::string &statement :
       {"A[0] = " + repeated("~", 171) + "A[1]",
        "A[0] = " + repeated("T.bitwise_not(", 190) + "A[1]" + repeated(")", 190)}) {
    ReadResult r = read_tvmscript(function_text(statement), "deep.py");
    ASSERT_TRUE(r.ok()) << diagnostics_text(r);
    read_back(r.module->functions.at(0).second, "deep_printed.py");
  }
}

// A chain of 250 `&` prints as 250 nested T.bitwise_and calls, more brackets than Python reads:
// the read back fails with Python's own diagnostic, the one the reader fuzz target tolerates.
TEST(RoundTripRegressions, SugarBeyondPythonsBracketLimitSaysSo) {
  std::string chain = "A[1]";
  for (int i = 0; i < 250; ++i)
    chain += " & A[1]";
  ReadResult r = read_tvmscript(function_text("A[0] = " + chain), "chain.py");
  ASSERT_TRUE(r.ok()) << diagnostics_text(r);
  ReadResult again = read_tvmscript(print_tvmscript(r.module), "chain_printed.py");
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.diagnostics.front().message, script::kTooManyBrackets);
}

// Found by the reader fuzz target: the Python bool start of `B[1 > 8:2]` printed as
// `B[T.bool(False):2]` (as TVM prints it), which the reader refused as a slice of no elements.
TEST(RoundTripRegressions, BoolSliceStartReadsBack) {
  const std::string text = "from tvm.script import tir as T\n\n@T.prim_func\ndef main(B: "
                           "T.Buffer((12,), \"int32\")):\n    B[1 > 8:2] = T.Broadcast(1, 2)\n";
  ReadResult r = read_tvmscript(text, "bool_slice.py");
  ASSERT_TRUE(r.ok()) << diagnostics_text(r);
  read_back(r.module->functions.at(0).second, "bool_slice_printed.py");
}

TEST(RoundTripInventory, SharedFilesAreThere) {
  auto s = collect(fs::path(TIRCONF_TVM_PRINTED_DIR), "tvm_", false, true);
  EXPECT_GE(s.size(), 18u);
}

} // namespace
} // namespace tirconf::ir
