// An owning tensor that a PrimFunc receives as a DLTensor (spec "Semantics of Statements /
// 1. PrimFunc"): dtype, shape, optional strides (in elements), byte_offset and aligned storage.
//
// Element i of the flat row-major order (shape (d0, ..., dn-1)) lives at
//   data + byte_offset + S * sum_k(index_k * stride_k),   S = dtype.bytes()
// where stride_k is the given stride or, without strides, the row-major one. A vector dtype's
// element is the whole vector (its lanes contiguous); bool takes one byte (0 or 1). Storage is
// little-endian, as on every host we run on.
#pragma once

#include <dlpack/dlpack.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ir/dtype.h"
#include "runtime/value.h"

namespace tirconf::runtime {

// DLPack 0.6 (Debian's libdlpack-dev) has no kDLBool; bool is {kDLUInt, 1, lanes} with one byte
// per value, as TVM's runtime writes it. bfloat16 is {kDLBfloat, 16, lanes}. Handles have no
// DLTensor element type here (nullopt).
std::optional<DLDataType> to_dl_datatype(ir::DataType t);
// Also accepts DLPack >= 0.8's kDLBool (code 6) with 8 bits as bool.
std::optional<ir::DataType> from_dl_datatype(DLDataType t);

struct ParsedArray;

class NDArray {
public:
  static constexpr size_t kAlignment = 64; // TVM's kAllocAlignment

  NDArray() = default; // no array (valid() is false)
  // Compact row-major, zero-filled. Throws std::invalid_argument for a handle/void dtype or a
  // negative extent.
  NDArray(ir::DataType dtype, std::vector<int64_t> shape);
  // Zero-filled with explicit strides (in elements, non-negative, one per dimension; empty means
  // compact) and byte_offset (a multiple of dtype.bytes()); storage covers every element.
  static NDArray strided(ir::DataType dtype, std::vector<int64_t> shape,
                         std::vector<int64_t> strides, uint64_t byte_offset);
  // A deep copy of what `t` describes, in the same layout. Throws std::invalid_argument for an
  // unsupported dtype, a non-CPU device or negative strides.
  static NDArray copy_of(const DLTensor &t);

  // From test-format data: `data` lists every element in flat row-major order, a vector dtype's
  // lanes flat; an empty list means zero-filled.
  static ParsedArray from_literals(ir::DataType dtype, std::vector<int64_t> shape,
                                   std::span<const std::string> data);

  NDArray(const NDArray &other);
  NDArray &operator=(const NDArray &other);
  NDArray(NDArray &&other) noexcept;
  NDArray &operator=(NDArray &&other) noexcept;
  ~NDArray() = default;

  bool valid() const { return storage_ != nullptr; }
  ir::DataType dtype() const { return dtype_; }
  const std::vector<int64_t> &shape() const { return shape_; }
  const std::vector<int64_t> &strides() const { return strides_; } // empty: compact
  uint64_t byte_offset() const { return byte_offset_; }
  int ndim() const { return static_cast<int>(shape_.size()); }
  int64_t size() const { return size_; } // number of elements (a vector counts once)
  bool is_compact() const;

  // Flat row-major index -> index tuple, and -> byte position from the start of storage.
  std::vector<int64_t> unravel(int64_t flat) const;
  uint64_t byte_position(int64_t flat) const;

  // Element access by flat row-major index (std::out_of_range outside [0, size())). set()
  // requires value.dtype() == dtype() (std::invalid_argument otherwise).
  Value get(int64_t flat) const;
  void set(int64_t flat, const Value &v);

  // The DLTensor view: data is the start of storage, byte_offset applies on top, device CPU.
  // The pointer (and the shape/strides arrays it points to) stay valid until this NDArray is
  // destroyed, assigned to or moved from.
  DLTensor *dltensor() { return &tensor_; }
  const DLTensor *dltensor() const { return &tensor_; }
  std::byte *storage() { return storage_.get(); }
  const std::byte *storage() const { return storage_.get(); }
  size_t storage_bytes() const { return storage_bytes_; }

  // A compact row-major copy with byte_offset 0.
  NDArray compact() const;

private:
  struct FreeAligned {
    void operator()(std::byte *p) const;
  };
  void allocate(size_t bytes);
  void sync_view();

  ir::DataType dtype_;
  std::vector<int64_t> shape_;
  std::vector<int64_t> strides_;
  uint64_t byte_offset_ = 0;
  int64_t size_ = 0;
  std::unique_ptr<std::byte[], FreeAligned> storage_;
  size_t storage_bytes_ = 0;
  DLTensor tensor_{};
};

struct ParsedArray {
  std::optional<NDArray> array;
  std::string error; // when !array
  explicit operator bool() const { return array.has_value(); }
};

struct NamedArray {
  std::string name;
  NDArray array;
};

// Comparing two arrays as results: same dtype and shape, then element by element in flat
// row-major order with compare_values' lane rules (layout and byte_offset do not matter).
struct ArrayMismatch {
  enum class What { Dtype, Shape, Element };
  What what = What::Element;
  int64_t index = -1;           // Element: first differing flat index
  int lane = -1;                // Element: first differing lane within it
  std::string expected, actual; // printed dtype, shape or element
  std::string message() const;
};
std::optional<ArrayMismatch> compare_arrays(const NDArray &expected, const NDArray &actual,
                                            uint64_t ulp = 0);

std::string shape_to_string(const std::vector<int64_t> &shape); // "[2, 3]"

} // namespace tirconf::runtime
