#include "runtime/ndarray.h"

#include <bit>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace tirconf::runtime {

using ir::DataType;
using ir::TypeCode;

static_assert(std::endian::native == std::endian::little, "storage is little-endian");

std::optional<DLDataType> to_dl_datatype(DataType t) {
  DLDataType d{};
  switch (t.code) {
  case TypeCode::Int:
    d.code = kDLInt;
    break;
  case TypeCode::UInt:
    d.code = kDLUInt;
    break;
  case TypeCode::Float:
    d.code = kDLFloat;
    break;
  case TypeCode::BFloat:
    d.code = kDLBfloat;
    break;
  case TypeCode::Handle:
    return std::nullopt;
  }
  d.bits = t.bits;
  d.lanes = t.lanes;
  return d;
}

std::optional<DataType> from_dl_datatype(DLDataType d) {
  constexpr uint8_t kDLBoolCode = 6; // DLPack >= 0.8
  if (d.lanes < 1 || d.lanes > Value::kMaxLanes)
    return std::nullopt;
  std::optional<DataType> t;
  switch (d.code) {
  case kDLInt:
    if (d.bits == 8 || d.bits == 16 || d.bits == 32 || d.bits == 64)
      t = DataType::Int(d.bits);
    break;
  case kDLUInt:
    if (d.bits == 1 || d.bits == 8 || d.bits == 16 || d.bits == 32 || d.bits == 64)
      t = DataType::UInt(d.bits);
    break;
  case kDLFloat:
    if (d.bits == 16 || d.bits == 32 || d.bits == 64)
      t = DataType::Float(d.bits);
    break;
  case kDLBfloat:
    if (d.bits == 16)
      t = DataType::BFloat16();
    break;
  case kDLBoolCode:
    if (d.bits == 8)
      t = DataType::Bool();
    break;
  default:
    break;
  }
  if (t)
    t = t->with_lanes(d.lanes);
  return t;
}

namespace {

int64_t checked_mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    throw std::invalid_argument("NDArray: size overflows");
  return r;
}
int64_t checked_add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    throw std::invalid_argument("NDArray: size overflows");
  return r;
}

void check_dtype(DataType t) {
  if (!to_dl_datatype(t) || t.lanes < 1 || t.lanes > Value::kMaxLanes)
    throw std::invalid_argument("NDArray: no element storage for " + ir::to_string(t));
}

int64_t element_count(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0)
      throw std::invalid_argument("NDArray: negative extent in " + shape_to_string(shape));
    n = checked_mul(n, d);
  }
  return n;
}

// Width in bytes of one lane in storage (bool: one byte).
int lane_bytes(DataType t) {
  return t.bits == 1 ? 1 : t.bits / 8;
}

} // namespace

void NDArray::FreeAligned::operator()(std::byte *p) const {
  std::free(p);
}

void NDArray::allocate(size_t bytes) {
  storage_bytes_ = bytes;
  size_t rounded = (std::max<size_t>(bytes, 1) + kAlignment - 1) / kAlignment * kAlignment;
  void *p = std::aligned_alloc(kAlignment, rounded);
  if (!p)
    throw std::bad_alloc();
  std::memset(p, 0, rounded);
  storage_.reset(static_cast<std::byte *>(p));
}

void NDArray::sync_view() {
  tensor_ = DLTensor{};
  if (!valid())
    return;
  tensor_.data = storage_.get();
  tensor_.device = DLDevice{kDLCPU, 0};
  tensor_.ndim = ndim();
  tensor_.dtype = *to_dl_datatype(dtype_);
  tensor_.shape = shape_.empty() ? nullptr : const_cast<int64_t *>(shape_.data());
  tensor_.strides = strides_.empty() ? nullptr : const_cast<int64_t *>(strides_.data());
  tensor_.byte_offset = byte_offset_;
}

NDArray::NDArray(DataType dtype, std::vector<int64_t> shape) {
  check_dtype(dtype);
  dtype_ = dtype;
  shape_ = std::move(shape);
  size_ = element_count(shape_);
  allocate(static_cast<size_t>(checked_mul(size_, dtype.bytes())));
  sync_view();
}

NDArray NDArray::strided(DataType dtype, std::vector<int64_t> shape, std::vector<int64_t> strides,
                         uint64_t byte_offset) {
  check_dtype(dtype);
  if (!strides.empty() && strides.size() != shape.size())
    throw std::invalid_argument("NDArray: " + std::to_string(strides.size()) +
                                " strides for shape " + shape_to_string(shape));
  for (int64_t s : strides)
    if (s < 0)
      throw std::invalid_argument("NDArray: negative stride");
  if (byte_offset % dtype.bytes() != 0 || byte_offset > (uint64_t{1} << 62))
    throw std::invalid_argument("NDArray: byte_offset " + std::to_string(byte_offset) +
                                " is not a multiple of the element size");
  NDArray a;
  a.dtype_ = dtype;
  a.shape_ = std::move(shape);
  a.strides_ = std::move(strides);
  a.byte_offset_ = byte_offset;
  a.size_ = element_count(a.shape_);
  int64_t bytes = static_cast<int64_t>(byte_offset);
  if (a.size_ > 0) {
    int64_t last = 0; // element offset of the last element
    for (size_t k = 0; k < a.shape_.size(); ++k) {
      int64_t stride = a.strides_.empty() ? 0 : a.strides_[k];
      last = checked_add(last, checked_mul(a.shape_[k] - 1, stride));
    }
    if (a.strides_.empty())
      last = a.size_ - 1;
    bytes = checked_add(bytes, checked_mul(last + 1, dtype.bytes()));
  }
  a.allocate(static_cast<size_t>(bytes));
  a.sync_view();
  return a;
}

NDArray NDArray::copy_of(const DLTensor &t) {
  if (t.device.device_type != kDLCPU)
    throw std::invalid_argument("NDArray::copy_of: not a CPU tensor");
  auto dtype = from_dl_datatype(t.dtype);
  if (!dtype)
    throw std::invalid_argument("NDArray::copy_of: unsupported DLDataType");
  if (t.ndim < 0 || (t.ndim > 0 && !t.shape))
    throw std::invalid_argument("NDArray::copy_of: bad ndim/shape");
  std::vector<int64_t> shape(t.shape, t.shape + t.ndim);
  std::vector<int64_t> strides;
  if (t.strides)
    strides.assign(t.strides, t.strides + t.ndim);
  NDArray a = strided(*dtype, shape, strides, t.byte_offset);
  if (a.size_ > 0) {
    if (!t.data)
      throw std::invalid_argument("NDArray::copy_of: null data");
    std::memcpy(a.storage_.get(), t.data, a.storage_bytes_);
  }
  return a;
}

ParsedArray NDArray::from_literals(DataType dtype, std::vector<int64_t> shape,
                                   std::span<const std::string> data) {
  ParsedArray out;
  NDArray a;
  try {
    a = NDArray(dtype, std::move(shape));
  } catch (const std::invalid_argument &e) {
    out.error = e.what();
    return out;
  }
  const int lanes = dtype.lanes;
  if (!data.empty()) {
    if (static_cast<int64_t>(data.size()) != a.size_ * lanes) {
      out.error = "data has " + std::to_string(data.size()) + " values; shape " +
                  shape_to_string(a.shape_) + " of " + ir::to_string(dtype) + " needs " +
                  std::to_string(a.size_ * lanes);
      return out;
    }
    for (int64_t i = 0; i < a.size_; ++i) {
      auto parsed = parse_lanes(data.subspan(i * lanes, lanes), dtype);
      if (!parsed) {
        out.error = "element " + std::to_string(i) + ": " + parsed.error;
        return out;
      }
      a.set(i, *parsed.value);
    }
  }
  out.array = std::move(a);
  return out;
}

NDArray::NDArray(const NDArray &other)
    : dtype_(other.dtype_), shape_(other.shape_), strides_(other.strides_),
      byte_offset_(other.byte_offset_), size_(other.size_) {
  if (other.valid()) {
    allocate(other.storage_bytes_);
    std::memcpy(storage_.get(), other.storage_.get(), storage_bytes_);
  }
  sync_view();
}

NDArray &NDArray::operator=(const NDArray &other) {
  if (this != &other)
    *this = NDArray(other);
  return *this;
}

NDArray::NDArray(NDArray &&other) noexcept
    : dtype_(other.dtype_), shape_(std::move(other.shape_)), strides_(std::move(other.strides_)),
      byte_offset_(other.byte_offset_), size_(other.size_), storage_(std::move(other.storage_)),
      storage_bytes_(other.storage_bytes_) {
  sync_view();
  other.size_ = 0;
  other.storage_bytes_ = 0;
  other.sync_view();
}

NDArray &NDArray::operator=(NDArray &&other) noexcept {
  if (this != &other) {
    dtype_ = other.dtype_;
    shape_ = std::move(other.shape_);
    strides_ = std::move(other.strides_);
    byte_offset_ = other.byte_offset_;
    size_ = other.size_;
    storage_ = std::move(other.storage_);
    storage_bytes_ = other.storage_bytes_;
    sync_view();
    other.size_ = 0;
    other.storage_bytes_ = 0;
    other.sync_view();
  }
  return *this;
}

bool NDArray::is_compact() const {
  if (strides_.empty())
    return true;
  int64_t expected = 1;
  for (size_t k = shape_.size(); k-- > 0;) {
    if (shape_[k] != 1 && strides_[k] != expected)
      return false;
    expected *= shape_[k];
  }
  return true;
}

std::vector<int64_t> NDArray::unravel(int64_t flat) const {
  if (flat < 0 || flat >= size_)
    throw std::out_of_range("NDArray: index " + std::to_string(flat) + " outside " +
                            std::to_string(size_) + " elements");
  std::vector<int64_t> index(shape_.size());
  for (size_t k = shape_.size(); k-- > 0;) {
    index[k] = flat % shape_[k];
    flat /= shape_[k];
  }
  return index;
}

uint64_t NDArray::byte_position(int64_t flat) const {
  if (flat < 0 || flat >= size_)
    throw std::out_of_range("NDArray: index " + std::to_string(flat) + " outside " +
                            std::to_string(size_) + " elements");
  int64_t element = flat; // compact: the flat index is the element offset
  if (!strides_.empty()) {
    element = 0;
    for (size_t k = shape_.size(); k-- > 0;) {
      element += (flat % shape_[k]) * strides_[k];
      flat /= shape_[k];
    }
  }
  return byte_offset_ + static_cast<uint64_t>(element) * dtype_.bytes();
}

Value NDArray::get(int64_t flat) const {
  const std::byte *p = storage_.get() + byte_position(flat);
  const int width = lane_bytes(dtype_);
  Value v = Value::zeros(dtype_);
  for (int lane = 0; lane < dtype_.lanes; ++lane) {
    uint64_t bits = 0;
    std::memcpy(&bits, p + lane * width, width);
    if (dtype_.is_bool() && bits > 1)
      throw std::runtime_error("NDArray: bool element " + std::to_string(flat) + " holds byte " +
                               std::to_string(bits));
    v.set_bits(lane, bits);
  }
  return v;
}

void NDArray::set(int64_t flat, const Value &v) {
  if (v.dtype() != dtype_)
    throw std::invalid_argument("NDArray::set: " + ir::to_string(v.dtype()) + " into " +
                                ir::to_string(dtype_) + " array");
  std::byte *p = storage_.get() + byte_position(flat);
  const int width = lane_bytes(dtype_);
  for (int lane = 0; lane < dtype_.lanes; ++lane) {
    uint64_t bits = v.bits(lane);
    std::memcpy(p + lane * width, &bits, width);
  }
}

NDArray NDArray::compact() const {
  NDArray c(dtype_, shape_);
  if (strides_.empty() && byte_offset_ == 0) {
    std::memcpy(c.storage_.get(), storage_.get(), c.storage_bytes_);
    return c;
  }
  const int bytes = dtype_.bytes();
  for (int64_t i = 0; i < size_; ++i)
    std::memcpy(c.storage_.get() + i * bytes, storage_.get() + byte_position(i), bytes);
  return c;
}

std::string shape_to_string(const std::vector<int64_t> &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

std::string ArrayMismatch::message() const {
  switch (what) {
  case What::Dtype:
    return "dtype differs: expected " + expected + ", got " + actual;
  case What::Shape:
    return "shape differs: expected " + expected + ", got " + actual;
  case What::Element:
    return "element " + std::to_string(index) + (lane >= 0 ? " lane " + std::to_string(lane) : "") +
           " differs: expected " + expected + ", got " + actual;
  }
  return "";
}

std::optional<ArrayMismatch> compare_arrays(const NDArray &expected, const NDArray &actual,
                                            uint64_t ulp) {
  if (expected.dtype() != actual.dtype())
    return ArrayMismatch{ArrayMismatch::What::Dtype, -1, -1, ir::to_string(expected.dtype()),
                         ir::to_string(actual.dtype())};
  if (expected.shape() != actual.shape())
    return ArrayMismatch{ArrayMismatch::What::Shape, -1, -1, shape_to_string(expected.shape()),
                         shape_to_string(actual.shape())};
  for (int64_t i = 0; i < expected.size(); ++i) {
    Value e = expected.get(i);
    Value a;
    try {
      a = actual.get(i);
    } catch (const std::runtime_error &err) { // e.g. a bool byte that is neither 0 nor 1
      return ArrayMismatch{ArrayMismatch::What::Element, i, -1, to_string(e), err.what()};
    }
    if (auto m = compare_values(e, a, ulp)) {
      int lane = expected.dtype().lanes > 1 ? m->lane : -1;
      return ArrayMismatch{ArrayMismatch::What::Element, i, lane, to_string(e), to_string(a)};
    }
  }
  return std::nullopt;
}

} // namespace tirconf::runtime
