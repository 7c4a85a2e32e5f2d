#include <gtest/gtest.h>

#include "ir/module.h"
#include "ir/structural_equal.h"
#include "ir/visitor.h"

namespace tirconf::ir {
namespace {

TEST(DataType, ParsesAndPrintsSpecSpellings) {
  for (const char *s :
       {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bool", "float16",
        "float32", "float64", "bfloat16", "float32x4", "boolx8", "int8x64", "handle", "void"}) {
    auto t = parse_dtype(s);
    ASSERT_TRUE(t.has_value()) << s;
    EXPECT_EQ(to_string(*t), s);
  }
  EXPECT_EQ(*parse_dtype("uint1"), DataType::Bool());
  for (const char *s :
       {"int7", "float8", "bfloat32", "int32x0", "int32x65", "int", "x4", "", "int32x"})
    EXPECT_FALSE(parse_dtype(s).has_value()) << s;
}

TEST(DataType, Predicates) {
  EXPECT_TRUE(DataType::Bool().is_bool());
  EXPECT_TRUE(DataType::Bool().is_uint());
  EXPECT_TRUE(DataType::Void().is_void());
  EXPECT_FALSE(DataType::Void().is_handle());
  EXPECT_TRUE(DataType::Float(32, 4).is_vector());
  EXPECT_EQ(DataType::Float(16, 4).bytes(), 8);
  EXPECT_EQ(DataType::Bool().bytes(), 1);
}

// for i in range(n): B[i] = A[i] + 1, built twice with fresh Vars and Buffers.
PrimFunc make_add_one(const char *loop_name) {
  auto i32 = DataType::Int(32);
  auto make_buf = [&](const char *name) {
    auto b = std::make_shared<BufferNode>();
    b->data = make_var(name, Type::Pointer(Type::Prim(i32)));
    b->dtype = i32;
    b->shape = {make_int32(8)};
    b->elem_offset = make_int32(0);
    b->name = name;
    return Buffer(b);
  };
  Buffer A = make_buf("A"), B = make_buf("B");
  Var a = make_var("a", DataType::Handle()), b = make_var("b", DataType::Handle());
  Var i = make_var(loop_name, i32);
  auto load = make_buffer_load(A, {i});
  auto store = std::make_shared<BufferStoreNode>(B, make_binary(ExprKind::Add, load, make_int32(1)),
                                                 std::vector<PrimExpr>{i});
  auto loop = std::make_shared<ForNode>(i, make_int32(0), make_int32(8), ForKind::Serial, store,
                                        nullptr, Annotations{});
  auto f = std::make_shared<PrimFuncNode>();
  f->params = {a, b};
  f->buffer_map = {{a, A}, {b, B}};
  f->body = loop;
  return f;
}

TEST(StructuralEqual, EqualUpToRenaming) {
  auto f = make_add_one("i"), g = make_add_one("j");
  EXPECT_TRUE(structural_equal(f, g));
  EXPECT_EQ(structural_hash(f), structural_hash(g));
  EXPECT_EQ(structural_diff(f, g), "");
}

TEST(StructuralEqual, DistinguishesConstantsAndVariables) {
  auto i32 = DataType::Int(32);
  Var x = make_var("x", i32), y = make_var("y", i32);
  // x + x vs x + y: the bijection cannot map x to both x and y.
  EXPECT_FALSE(
      structural_equal(make_binary(ExprKind::Add, x, x), make_binary(ExprKind::Add, x, y)));
  EXPECT_FALSE(structural_equal(make_int32(1), make_int32(2)));
  EXPECT_FALSE(structural_equal(make_int32(1), make_int(DataType::Int(64), 1)));
  EXPECT_NE(structural_hash(make_binary(ExprKind::Add, x, x)),
            structural_hash(make_binary(ExprKind::Add, x, y)));
  EXPECT_FALSE(
      structural_equal(make_binary(ExprKind::FloorDiv, x, y), make_binary(ExprKind::Div, x, y)));
}

TEST(Visitor, VisitsEveryLoad) {
  struct CountLoads : IRVisitor {
    int n = 0;
    void VisitExpr_(const BufferLoadNode *op) override {
      ++n;
      IRVisitor::VisitExpr_(op);
    }
  } count;
  count.VisitStmt(make_add_one("i")->body);
  EXPECT_EQ(count.n, 1);
}

} // namespace
} // namespace tirconf::ir
