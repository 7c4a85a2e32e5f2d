// The checker's static proofs with the verified simplifier (oracle/typecheck/const_fold.h's
// prove_equal falls back on oracle/arith/simplify.h): MatchBufferRegion extents that the linear
// forms alone cannot compare. Expected outcomes follow from TIR's arithmetic (spec "Semantics of
// Expressions": FloorMod, integer wrap), worked out by hand in the comments.
#include <gtest/gtest.h>

#include "ir/tvmscript/reader.h"
#include "oracle/typecheck/checker.h"
#include "oracle/typecheck/const_fold.h"

namespace tirconf {
namespace {

using namespace ir;
using oracle::typecheck::prove_equal;

const DataType i32 = DataType::Int(32);

PrimExpr I(int64_t v) {
  return make_int(i32, v);
}
PrimExpr Bin(ExprKind k, PrimExpr a, PrimExpr b) {
  return make_binary(k, a, b);
}

TEST(ArithChecker, ProveEqualSeesThroughFloorMod) {
  Var x = make_var("x", i32);
  auto mod8 = [&](PrimExpr a) { return Bin(ExprKind::FloorMod, a, I(8)); };
  // (x + 16) % 8 == x % 8 for every int32 x: x + 16 wraps modulo 2^32, a multiple of 8.
  PrimExpr ext =
      Bin(ExprKind::Sub, Bin(ExprKind::Add, mod8(Bin(ExprKind::Add, x, I(16))), I(4)), mod8(x));
  EXPECT_TRUE(prove_equal(ext, 4));
  EXPECT_TRUE(prove_equal(ext, I(4)));
  // (x + 15) % 8 + 4 - x % 8 is never 4: with r = x % 8, (x + 15) % 8 is r - 1 for r >= 1
  // (giving 3) and 7 for r == 0 (giving 11).
  PrimExpr off =
      Bin(ExprKind::Sub, Bin(ExprKind::Add, mod8(Bin(ExprKind::Add, x, I(15))), I(4)), mod8(x));
  EXPECT_FALSE(prove_equal(off, 4));
  // (x + 8) // 8 - x // 8 is 1 over the integers but not at int32 (x = 2^31 - 1: x + 8 wraps to
  // a negative value), so it must not be proven.
  PrimExpr law2 = Bin(ExprKind::Sub, Bin(ExprKind::FloorDiv, Bin(ExprKind::Add, x, I(8)), I(8)),
                      Bin(ExprKind::FloorDiv, x, I(8)));
  EXPECT_FALSE(prove_equal(law2, 1));
}

const char *kTile = R"(from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
    for io, jo in T.grid(4, 4):
        with T.block("tile"):
            vio, vjo = T.axis.remap("SS", [io, jo])
            T.reads(A[vio * 4:vio * 4 + 4, vjo % 8:(vjo + 16) % 8 + 4])
            T.writes(B[vio * 4:vio * 4 + 4, 0:4])
            Asub = T.match_buffer(A[vio * 4:vio * 4 + 4, vjo % 8:(vjo + 16) % 8 + 4], (4, SHAPE), offset_factor=1)
            Bsub = T.match_buffer(B[vio * 4:vio * 4 + 4, 0:4], (4, 4), offset_factor=1)
            for ii, jj in T.grid(4, 4):
                Bsub[ii, jj] = Asub[ii, jj] + T.float32(1.0)
)";

ir::Diagnostics check(const char *shape) {
  std::string t = kTile;
  t.replace(t.find("SHAPE"), 5, shape);
  auto r = read_tvmscript(t, "tile.py");
  EXPECT_TRUE(r.ok());
  if (!r.module)
    return {};
  return oracle::check_module(r.module, "tile.py");
}

TEST(ArithChecker, MatchBufferExtentProvenWithTheSimplifier) {
  // The second extent is (vjo + 16) % 8 + 4 - vjo % 8, which is 4 (see above): shape 4 passes.
  auto ok = check("4");
  EXPECT_TRUE(ok.empty()) << (ok.empty() ? "" : ok[0].rule + ": " + ok[0].message);
  // Shape 5 does not: [type.other.matchbuffer.shape_extent] on the match_buffer's line.
  auto bad = check("5");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0].rule, "type.other.matchbuffer.shape_extent");
  EXPECT_EQ(bad[0].loc.line, 10u);
}

} // namespace
} // namespace tirconf
