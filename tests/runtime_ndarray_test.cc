// runtime::NDArray: DLPack dtype mapping, layout (strides, byte_offset), element access,
// construction from test-format data, result comparison.
#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>

#include "runtime/ndarray.h"

namespace tirconf::runtime {
namespace {

using ir::DataType;

template <class T> T raw(const NDArray &a, size_t byte) {
  T v;
  std::memcpy(&v, a.storage() + byte, sizeof v);
  return v;
}

TEST(RuntimeNDArray, DLDataTypes) {
  struct Case {
    DataType t;
    uint8_t code, bits;
    uint16_t lanes;
  };
  const Case cases[] = {
      {DataType::Int(8), kDLInt, 8, 1},          {DataType::Int(64), kDLInt, 64, 1},
      {DataType::UInt(16), kDLUInt, 16, 1},      {DataType::Bool(), kDLUInt, 1, 1},
      {DataType::Bool(8), kDLUInt, 1, 8},        {DataType::Float(16), kDLFloat, 16, 1},
      {DataType::Float(32, 4), kDLFloat, 32, 4}, {DataType::BFloat16(), kDLBfloat, 16, 1},
  };
  for (const auto &c : cases) {
    auto d = to_dl_datatype(c.t);
    ASSERT_TRUE(d) << ir::to_string(c.t);
    EXPECT_EQ(d->code, c.code) << ir::to_string(c.t);
    EXPECT_EQ(d->bits, c.bits) << ir::to_string(c.t);
    EXPECT_EQ(d->lanes, c.lanes) << ir::to_string(c.t);
    EXPECT_EQ(from_dl_datatype(*d), c.t);
  }
  EXPECT_FALSE(to_dl_datatype(DataType::Handle()));
  EXPECT_EQ(from_dl_datatype(DLDataType{6, 8, 1}), DataType::Bool()); // DLPack 0.8 kDLBool
  EXPECT_FALSE(from_dl_datatype(DLDataType{kDLInt, 7, 1}));
  EXPECT_FALSE(from_dl_datatype(DLDataType{kDLBfloat, 32, 1}));
  EXPECT_FALSE(from_dl_datatype(DLDataType{kDLOpaqueHandle, 64, 1}));
  EXPECT_FALSE(from_dl_datatype(DLDataType{kDLFloat, 32, 0}));
}

TEST(RuntimeNDArray, CompactRowMajorFromLiterals) {
  std::vector<std::string> data = {"1", "2", "3", "4", "5", "-6"};
  auto p = NDArray::from_literals(DataType::Int(32), {2, 3}, data);
  ASSERT_TRUE(p) << p.error;
  const NDArray &a = *p.array;
  EXPECT_EQ(a.size(), 6);
  EXPECT_EQ(a.get(4).as_int64(), 5);
  EXPECT_EQ(a.unravel(4), (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(a.byte_position(4), 16u);
  EXPECT_EQ(raw<int32_t>(a, 20), -6);
  EXPECT_TRUE(a.is_compact());
  const DLTensor *t = a.dltensor();
  EXPECT_EQ(t->data, a.storage());
  EXPECT_EQ(t->ndim, 2);
  EXPECT_EQ(t->shape[0], 2);
  EXPECT_EQ(t->shape[1], 3);
  EXPECT_EQ(t->strides, nullptr);
  EXPECT_EQ(t->byte_offset, 0u);
  EXPECT_EQ(t->device.device_type, kDLCPU);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a.storage()) % NDArray::kAlignment, 0u);
}

TEST(RuntimeNDArray, LiteralErrorsNameTheElement) {
  std::vector<std::string> short_data = {"1", "2"};
  auto p = NDArray::from_literals(DataType::Int(8), {3}, short_data);
  EXPECT_FALSE(p);
  EXPECT_NE(p.error.find("needs 3"), std::string::npos) << p.error;
  std::vector<std::string> bad = {"1", "300", "2"};
  auto q = NDArray::from_literals(DataType::Int(8), {3}, bad);
  EXPECT_FALSE(q);
  EXPECT_NE(q.error.find("element 1"), std::string::npos) << q.error;
  auto r = NDArray::from_literals(DataType::Int(8), {-1}, {});
  EXPECT_FALSE(r);
  auto zero = NDArray::from_literals(DataType::Float(32), {2}, {});
  ASSERT_TRUE(zero);
  EXPECT_EQ(zero.array->get(1).bits(), 0u);
}

TEST(RuntimeNDArray, VectorAndBoolElements) {
  // float32x4, shape [2]: lanes listed flat, element 1 is the second group of four.
  std::vector<std::string> data = {"1", "2", "3", "4", "5", "6", "nan", "-inf"};
  auto p = NDArray::from_literals(DataType::Float(32, 4), {2}, data);
  ASSERT_TRUE(p) << p.error;
  Value e1 = p.array->get(1);
  EXPECT_EQ(e1.as_double(1), 6.0);
  EXPECT_TRUE(e1.is_nan(2));
  EXPECT_EQ(p.array->storage_bytes(), 32u);
  EXPECT_EQ(raw<float>(*p.array, 16), 5.0f);

  std::vector<std::string> bools = {"true", "0", "1"};
  auto b = NDArray::from_literals(DataType::Bool(), {3}, bools);
  ASSERT_TRUE(b) << b.error;
  EXPECT_EQ(b.array->storage_bytes(), 3u); // one byte each
  EXPECT_EQ(raw<uint8_t>(*b.array, 0), 1);
  EXPECT_EQ(raw<uint8_t>(*b.array, 1), 0);
  // A backend that leaves a byte other than 0/1 in a bool buffer: get() refuses, and the
  // comparison reports the element rather than throwing.
  NDArray corrupt = *b.array;
  corrupt.storage()[2] = std::byte{2};
  EXPECT_THROW(corrupt.get(2), std::runtime_error);
  auto m = compare_arrays(*b.array, corrupt);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->index, 2);
}

TEST(RuntimeNDArray, StridesAndByteOffset) {
  // int32 [2, 3] with row stride 4 elements and 8 bytes of offset: element (1, 2) is at byte
  // 8 + 4 * (1 * 4 + 2 * 1) = 32; storage ends after it at byte 36.
  NDArray a = NDArray::strided(DataType::Int(32), {2, 3}, {4, 1}, 8);
  EXPECT_EQ(a.storage_bytes(), 36u);
  EXPECT_EQ(a.byte_position(5), 32u);
  EXPECT_FALSE(a.is_compact());
  a.set(5, Value::from_int64(DataType::Int(32), 42));
  EXPECT_EQ(raw<int32_t>(a, 32), 42);
  EXPECT_EQ(a.get(5).as_int64(), 42);
  EXPECT_EQ(a.dltensor()->byte_offset, 8u);
  ASSERT_NE(a.dltensor()->strides, nullptr);
  EXPECT_EQ(a.dltensor()->strides[0], 4);
  NDArray c = a.compact();
  EXPECT_TRUE(c.is_compact());
  EXPECT_EQ(c.byte_offset(), 0u);
  EXPECT_EQ(raw<int32_t>(c, 20), 42);
  EXPECT_FALSE(compare_arrays(a, c)); // layout does not matter
  EXPECT_THROW(NDArray::strided(DataType::Int(32), {2}, {-1}, 0), std::invalid_argument);
  EXPECT_THROW(NDArray::strided(DataType::Int(32), {2}, {1}, 6), std::invalid_argument);
  EXPECT_THROW(a.set(0, Value::from_int64(DataType::Int(64), 1)), std::invalid_argument);
  EXPECT_THROW(a.get(6), std::out_of_range);
  EXPECT_THROW(a.get(-1), std::out_of_range);
}

TEST(RuntimeNDArray, CopyOfAForeignDLTensor) {
  // A column-major 2x2 int16 matrix [[1, 2], [3, 4]] stored as 1, 3, 2, 4, strides (1, 2).
  int16_t storage[4] = {1, 3, 2, 4};
  int64_t shape[2] = {2, 2}, strides[2] = {1, 2};
  DLTensor t{};
  t.data = storage;
  t.device = {kDLCPU, 0};
  t.ndim = 2;
  t.dtype = {kDLInt, 16, 1};
  t.shape = shape;
  t.strides = strides;
  NDArray a = NDArray::copy_of(t);
  EXPECT_EQ(a.get(0).as_int64(), 1);
  EXPECT_EQ(a.get(1).as_int64(), 2); // (0, 1)
  EXPECT_EQ(a.get(2).as_int64(), 3); // (1, 0)
  EXPECT_EQ(a.get(3).as_int64(), 4);
  storage[0] = 9; // a deep copy
  EXPECT_EQ(a.get(0).as_int64(), 1);
  t.device.device_type = kDLCUDA;
  EXPECT_THROW(NDArray::copy_of(t), std::invalid_argument);
}

TEST(RuntimeNDArray, CopiesAreDeepAndViewsFollowTheirArray) {
  NDArray a(DataType::Float(64), {3});
  a.set(1, Value::from_double(DataType::Float(64), 2.5));
  NDArray b = a;
  EXPECT_NE(b.storage(), a.storage());
  EXPECT_EQ(b.dltensor()->data, b.storage());
  EXPECT_EQ(b.dltensor()->shape, b.shape().data());
  b.set(1, Value::from_double(DataType::Float(64), 7.0));
  EXPECT_EQ(a.get(1).as_double(), 2.5);
  const std::byte *storage = b.storage();
  NDArray c = std::move(b);
  EXPECT_EQ(c.storage(), storage);
  EXPECT_EQ(c.dltensor()->data, storage);
  EXPECT_EQ(c.dltensor()->shape, c.shape().data());
  EXPECT_FALSE(b.valid()); // NOLINT(bugprone-use-after-move): moved-from is empty by contract
  NDArray scalar(DataType::Int(8), {});
  EXPECT_EQ(scalar.size(), 1);
  EXPECT_EQ(scalar.dltensor()->ndim, 0);
  NDArray empty(DataType::Int(8), {0, 3});
  EXPECT_EQ(empty.size(), 0);
  EXPECT_NE(empty.storage(), nullptr);
  EXPECT_THROW(NDArray(DataType::Handle(), {1}), std::invalid_argument);
  EXPECT_THROW(NDArray(DataType::Int(8), {-2}), std::invalid_argument);
}

TEST(RuntimeNDArray, CompareArraysSaysWhatDiffers) {
  auto make = [](DataType t, std::vector<int64_t> shape, std::vector<std::string> data) {
    auto p = NDArray::from_literals(t, std::move(shape), data);
    EXPECT_TRUE(p) << p.error;
    return std::move(*p.array);
  };
  NDArray a = make(DataType::Float(32), {4}, {"1", "nan", "3", "4"});
  NDArray same = make(DataType::Float(32), {4}, {"1", "-nan", "3", "4"});
  NDArray third = make(DataType::Float(32), {4}, {"1", "nan", "3.5", "5"});
  EXPECT_FALSE(compare_arrays(a, same));
  auto m = compare_arrays(a, third);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->what, ArrayMismatch::What::Element);
  EXPECT_EQ(m->index, 2);
  EXPECT_EQ(m->expected, "3");
  EXPECT_EQ(m->actual, "3.5");
  EXPECT_EQ(m->message(), "element 2 differs: expected 3, got 3.5");
  NDArray other_shape = make(DataType::Float(32), {2, 2}, {"1", "nan", "3", "4"});
  EXPECT_EQ(compare_arrays(a, other_shape)->what, ArrayMismatch::What::Shape);
  NDArray other_dtype = make(DataType::Float(64), {4}, {"1", "nan", "3", "4"});
  EXPECT_EQ(compare_arrays(a, other_dtype)->what, ArrayMismatch::What::Dtype);
  // 1.0f and the next float up are 1 ulp apart.
  NDArray near = make(DataType::Float(32), {4}, {"1.0000001", "nan", "3", "4"});
  EXPECT_TRUE(compare_arrays(a, near));
  EXPECT_FALSE(compare_arrays(a, near, 1));
  NDArray v = make(DataType::Int(8, 2), {2}, {"1", "2", "3", "4"});
  NDArray w = make(DataType::Int(8, 2), {2}, {"1", "2", "3", "5"});
  auto vm = compare_arrays(v, w);
  ASSERT_TRUE(vm);
  EXPECT_EQ(vm->index, 1);
  EXPECT_EQ(vm->lane, 1);
}

} // namespace
} // namespace tirconf::runtime
