// NumPy .npy and .npz files, for test data and results too large for front matter.
//
// .npy: format versions 1.0, 2.0 and 3.0 (https://numpy.org/doc/stable/reference/generated/
// numpy.lib.format.html), little-endian data, C order only. dtypes:
//   |i1 <i2 <i4 <i8  int8..int64      |u1 <u2 <u4 <u8  uint8..uint64     |b1  bool
//   <f2 <f4 <f8      float16..float64
// One-byte types are read with '|' or '<'; '>' (big-endian) and Fortran order are rejected.
// bfloat16 has no NumPy dtype. By default writing bfloat16 is an error and '<u2' reads as
// uint16; with NpyOptions::bfloat16_as_u2 bfloat16 is written as '<u2' holding the bit patterns
// and '<u2' is read back as bfloat16 (the caller knows which it meant; the file cannot say).
// A vector dtype (float32x4) is written as its element type with the lanes as one more, last,
// dimension; reading never produces a vector dtype.
//
// .npz: a zip archive of .npy members named "<key>.npy" (numpy.savez). Stored and deflated
// members are read (libzip checks CRCs); members are written stored, as numpy.savez does.
//
// Every malformed input gives an error message "<file>: <field>: <problem>" (the field is
// "magic", "version", "header", "header 'descr'", "header 'shape'", "data", or an npz member's
// name), never a crash or an out-of-bounds read. Writes go to a temporary file in the target's
// folder that is renamed into place, so a failed write leaves no partial file.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "runtime/ndarray.h"

namespace tirconf::runtime {

struct NpyOptions {
  bool bfloat16_as_u2 = false;
};

struct NpyRead {
  std::optional<NDArray> array;
  std::string error;
  explicit operator bool() const { return array.has_value(); }
};

// Parses the bytes of a .npy file; `name` is used in error messages.
NpyRead parse_npy(std::span<const std::byte> bytes, const std::string &name,
                  const NpyOptions &options = {});
NpyRead read_npy(const std::string &path, const NpyOptions &options = {});

// Encodes `array` (any layout; written in C order). Returns an error message, or "" on success.
std::string encode_npy(const NDArray &array, std::vector<std::byte> &out,
                       const NpyOptions &options = {});
std::string write_npy(const std::string &path, const NDArray &array,
                      const NpyOptions &options = {});

struct NpzRead {
  std::vector<NamedArray> arrays; // in archive order, keys without ".npy"
  std::string error;
  bool ok() const { return error.empty(); }
};
NpzRead read_npz(const std::string &path, const NpyOptions &options = {});
// Keys must be unique and non-empty. Returns an error message, or "" on success.
std::string write_npz(const std::string &path, const std::vector<NamedArray> &arrays,
                      const NpyOptions &options = {});

} // namespace tirconf::runtime
