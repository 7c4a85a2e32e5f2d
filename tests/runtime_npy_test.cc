// runtime/npy.h: .npy and .npz reading and writing. Input files are built here byte by byte from
// NumPy's format description (numpy.lib.format), not by the code under test.
#include <gtest/gtest.h>

#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <fstream>

#include "runtime/npy.h"

namespace tirconf::runtime {
namespace {

using ir::DataType;

std::vector<std::byte> bytes_of(std::initializer_list<uint8_t> b) {
  std::vector<std::byte> out;
  for (uint8_t x : b)
    out.push_back(std::byte{x});
  return out;
}

// A .npy file: magic, version, little-endian header length (2 bytes for 1.0, 4 for 2.0/3.0),
// the header text (padded with spaces to a multiple of 64 bytes in all, ending in '\n'), data.
std::vector<std::byte> npy_file(std::string dict, const std::vector<std::byte> &data,
                                int major = 1) {
  size_t prefix = major == 1 ? 10 : 12;
  size_t total = (prefix + dict.size() + 1 + 63) / 64 * 64;
  dict.append(total - prefix - dict.size() - 1, ' ');
  dict += '\n';
  std::vector<std::byte> out =
      bytes_of({0x93, 'N', 'U', 'M', 'P', 'Y', static_cast<uint8_t>(major), 0});
  uint32_t len = static_cast<uint32_t>(dict.size());
  for (size_t i = 0; i < prefix - 8; ++i)
    out.push_back(std::byte{static_cast<uint8_t>(len >> (8 * i))});
  for (char c : dict)
    out.push_back(std::byte{static_cast<uint8_t>(c)});
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

// int16 [1, -2, 300] little-endian: 01 00 | fe ff | 2c 01.
const std::vector<std::byte> kInt16Data = bytes_of({0x01, 0x00, 0xfe, 0xff, 0x2c, 0x01});
const std::string kInt16Dict = "{'descr': '<i2', 'fortran_order': False, 'shape': (3,), }";

class TempDir {
public:
  TempDir() {
    std::string t = ::testing::TempDir() + "tirconf_npy_XXXXXX";
    path_ = mkdtemp(t.data());
  }
  ~TempDir() {
    if (DIR *d = opendir(path_.c_str())) {
      while (dirent *e = readdir(d))
        if (std::strcmp(e->d_name, ".") && std::strcmp(e->d_name, ".."))
          unlink((path_ + "/" + e->d_name).c_str());
      closedir(d);
    }
    rmdir(path_.c_str());
  }
  std::string file(const std::string &name) const { return path_ + "/" + name; }
  std::vector<std::string> entries() const {
    std::vector<std::string> out;
    if (DIR *d = opendir(path_.c_str())) {
      while (dirent *e = readdir(d))
        if (std::strcmp(e->d_name, ".") && std::strcmp(e->d_name, ".."))
          out.push_back(e->d_name);
      closedir(d);
    }
    return out;
  }

private:
  std::string path_;
};

std::string slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void spit(const std::string &path, const std::vector<std::byte> &bytes) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char *>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

NDArray array(DataType t, std::vector<int64_t> shape, std::vector<std::string> data) {
  auto p = NDArray::from_literals(t, std::move(shape), data);
  EXPECT_TRUE(p) << p.error;
  return std::move(*p.array);
}

std::string npy_error(const std::vector<std::byte> &file, const NpyOptions &options = {}) {
  NpyRead r = parse_npy(file, "f.npy", options);
  EXPECT_FALSE(r);
  EXPECT_EQ(r.error.rfind("f.npy: ", 0), 0u) << r.error;
  return r.error;
}

#define EXPECT_CONTAINS(haystack, needle)                                                          \
  EXPECT_NE(std::string(haystack).find(needle), std::string::npos) << (haystack)

TEST(RuntimeNpy, ReadsAHandMadeFile) {
  NpyRead r = parse_npy(npy_file(kInt16Dict, kInt16Data), "f.npy");
  ASSERT_TRUE(r) << r.error;
  EXPECT_EQ(r.array->dtype(), DataType::Int(16));
  EXPECT_EQ(r.array->shape(), (std::vector<int64_t>{3}));
  EXPECT_EQ(r.array->get(0).as_int64(), 1);
  EXPECT_EQ(r.array->get(1).as_int64(), -2);
  EXPECT_EQ(r.array->get(2).as_int64(), 300);
  // Versions 2.0 and 3.0 differ only in a 4-byte header length.
  for (int major : {2, 3}) {
    NpyRead v = parse_npy(npy_file(kInt16Dict, kInt16Data, major), "f.npy");
    ASSERT_TRUE(v) << v.error;
    EXPECT_EQ(v.array->get(2).as_int64(), 300);
  }
  // Spacing, quotes, key order and the trailing comma are free; old files wrote 3L.
  NpyRead w = parse_npy(
      npy_file("{\"shape\":(3L,),\"fortran_order\":False,\"descr\":\"<i2\"}", kInt16Data), "f.npy");
  ASSERT_TRUE(w) << w.error;
  // float16 [1, -2] (0x3c00, 0xc000), shape (2, 1); a 0-d float64 1.5 (0x3ff8000000000000).
  NpyRead h = parse_npy(npy_file("{'descr': '<f2', 'fortran_order': False, 'shape': (2, 1), }",
                                 bytes_of({0x00, 0x3c, 0x00, 0xc0})),
                        "f.npy");
  ASSERT_TRUE(h) << h.error;
  EXPECT_EQ(h.array->shape(), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(h.array->get(1).as_double(), -2.0);
  NpyRead s = parse_npy(npy_file("{'descr': '<f8', 'fortran_order': False, 'shape': (), }",
                                 bytes_of({0, 0, 0, 0, 0, 0, 0xf8, 0x3f})),
                        "f.npy");
  ASSERT_TRUE(s) << s.error;
  EXPECT_EQ(s.array->ndim(), 0);
  EXPECT_EQ(s.array->get(0).as_double(), 1.5);
}

TEST(RuntimeNpy, RoundTripsEveryDtype) {
  TempDir dir;
  struct Case {
    DataType t;
    const char *descr;
    std::vector<std::string> data;
  };
  const Case cases[] = {
      {DataType::Int(8), "|i1", {"-128", "127", "0", "-1"}},
      {DataType::Int(16), "<i2", {"-32768", "32767", "1", "-1"}},
      {DataType::Int(32), "<i4", {"-2147483648", "2147483647", "7", "-7"}},
      {DataType::Int(64), "<i8", {"-9223372036854775808", "9223372036854775807", "0", "1"}},
      {DataType::UInt(8), "|u1", {"0", "255", "1", "128"}},
      {DataType::UInt(16), "<u2", {"0", "65535", "1", "2"}},
      {DataType::UInt(32), "<u4", {"0", "4294967295", "1", "2"}},
      {DataType::UInt(64), "<u8", {"0", "18446744073709551615", "1", "2"}},
      {DataType::Bool(), "|b1", {"true", "false", "0", "1"}},
      {DataType::Float(16), "<f2", {"65504", "-inf", "nan", "6e-08"}},
      {DataType::Float(32), "<f4", {"0.1", "-0", "inf", "1e-45"}},
      {DataType::Float(64), "<f8", {"0.1", "-1e308", "nan", "5e-324"}},
  };
  for (const auto &c : cases) {
    NDArray a = array(c.t, {2, 2}, c.data);
    std::string path = dir.file(std::string(ir::to_string(c.t)) + ".npy");
    ASSERT_EQ(write_npy(path, a), "");
    std::string raw = slurp(path);
    EXPECT_CONTAINS(raw, std::string("'descr': '") + c.descr + "'");
    EXPECT_CONTAINS(raw, "'shape': (2, 2)");
    // The data starts at a multiple of 64 bytes and fills the rest of the file.
    EXPECT_EQ((raw.size() - 4 * c.t.bytes()) % 64, 0u) << c.descr;
    EXPECT_EQ(raw[raw.size() - 4 * c.t.bytes() - 1], '\n');
    NpyRead r = read_npy(path);
    ASSERT_TRUE(r) << r.error;
    EXPECT_FALSE(compare_arrays(a, *r.array)) << c.descr;
    // NaN payloads and signed zeros survive exactly, not just under result comparison.
    for (int64_t i = 0; i < a.size(); ++i)
      EXPECT_EQ(a.get(i), r.array->get(i)) << c.descr;
  }
  EXPECT_EQ(dir.entries().size(), std::size(cases)); // no temporary files left behind
}

TEST(RuntimeNpy, ShapesLayoutsAndVectors) {
  TempDir dir;
  NDArray scalar = array(DataType::Int(32), {}, {"5"});
  ASSERT_EQ(write_npy(dir.file("s.npy"), scalar), "");
  EXPECT_CONTAINS(slurp(dir.file("s.npy")), "'shape': ()");
  EXPECT_EQ(read_npy(dir.file("s.npy")).array->get(0).as_int64(), 5);
  NDArray empty(DataType::Float(32), {0, 3});
  ASSERT_EQ(write_npy(dir.file("e.npy"), empty), "");
  EXPECT_CONTAINS(slurp(dir.file("e.npy")), "'shape': (0, 3)");
  EXPECT_EQ(read_npy(dir.file("e.npy")).array->shape(), (std::vector<int64_t>{0, 3}));
  NDArray one = array(DataType::Int(8), {3}, {"1", "2", "3"});
  ASSERT_EQ(write_npy(dir.file("o.npy"), one), "");
  EXPECT_CONTAINS(slurp(dir.file("o.npy")), "'shape': (3,)");
  // A strided array with an offset is written in C order.
  NDArray strided = NDArray::strided(DataType::Int(32), {2, 2}, {1, 2}, 4);
  for (int i = 0; i < 4; ++i)
    strided.set(i, Value::from_int64(DataType::Int(32), 10 + i));
  ASSERT_EQ(write_npy(dir.file("t.npy"), strided), "");
  NpyRead t = read_npy(dir.file("t.npy"));
  ASSERT_TRUE(t) << t.error;
  EXPECT_TRUE(t.array->is_compact());
  EXPECT_EQ(t.array->get(1).as_int64(), 11);
  // float32x4 [2] is written as float32 (2, 4).
  NDArray vec = array(DataType::Float(32, 4), {2}, {"1", "2", "3", "4", "5", "6", "7", "8"});
  ASSERT_EQ(write_npy(dir.file("v.npy"), vec), "");
  NpyRead v = read_npy(dir.file("v.npy"));
  ASSERT_TRUE(v) << v.error;
  EXPECT_EQ(v.array->dtype(), DataType::Float(32));
  EXPECT_EQ(v.array->shape(), (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(v.array->get(6).as_double(), 7.0);
}

TEST(RuntimeNpy, BFloat16OnlyAsU2OnRequest) {
  TempDir dir;
  NDArray a = array(DataType::BFloat16(), {2}, {"1", "-0.1"});
  std::string e = write_npy(dir.file("b.npy"), a);
  EXPECT_CONTAINS(e, "bfloat16_as_u2");
  EXPECT_TRUE(dir.entries().empty());
  NpyOptions as_u2;
  as_u2.bfloat16_as_u2 = true;
  ASSERT_EQ(write_npy(dir.file("b.npy"), a, as_u2), "");
  EXPECT_CONTAINS(slurp(dir.file("b.npy")), "'descr': '<u2'");
  NpyRead back = read_npy(dir.file("b.npy"), as_u2);
  ASSERT_TRUE(back) << back.error;
  EXPECT_FALSE(compare_arrays(a, *back.array));
  NpyRead plain = read_npy(dir.file("b.npy"));
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain.array->dtype(), DataType::UInt(16));
  EXPECT_EQ(plain.array->get(0).bits(), 0x3f80u); // bfloat16 1.0
  EXPECT_EQ(plain.array->get(1).bits(), 0xbdcdu); // bfloat16 -0.1
}

TEST(RuntimeNpy, MalformedFilesNameTheField) {
  auto file = [](std::string dict, std::vector<std::byte> data = kInt16Data) {
    return npy_file(std::move(dict), data);
  };
  EXPECT_CONTAINS(npy_error({}), "magic");
  EXPECT_CONTAINS(npy_error(bytes_of({'P', 'K', 3, 4, 0, 0, 0, 0, 0, 0, 0, 0})), "magic");
  std::vector<std::byte> v4 = file(kInt16Dict);
  v4[6] = std::byte{4};
  EXPECT_CONTAINS(npy_error(v4), "version: 4.0");
  EXPECT_CONTAINS(npy_error(bytes_of({0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0x10})),
                  "header length");
  std::vector<std::byte> long_header = file(kInt16Dict);
  long_header[8] = std::byte{0xff};
  long_header[9] = std::byte{0xff};
  EXPECT_CONTAINS(npy_error(long_header), "header: truncated");
  EXPECT_CONTAINS(npy_error(file("hello")), "header: expected '{'");
  EXPECT_CONTAINS(npy_error(file("{'descr': '<i2', 'fortran_order': False}")),
                  "header 'shape': missing");
  EXPECT_CONTAINS(npy_error(file("{'descr': '<i2', 'shape': (3,)}")),
                  "header 'fortran_order': missing");
  EXPECT_CONTAINS(npy_error(file("{'descr': '<i2', 'fortran_order': True, 'shape': (3,), }")),
                  "header 'fortran_order': Fortran order is not supported");
  EXPECT_CONTAINS(npy_error(file("{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }")),
                  "header 'descr': unsupported dtype '<c8'");
  EXPECT_CONTAINS(npy_error(file("{'descr': '>i2', 'fortran_order': False, 'shape': (3,), }")),
                  "header 'descr': big-endian");
  EXPECT_CONTAINS(
      npy_error(file("{'descr': [('a', '<i2')], 'fortran_order': False, 'shape': (3,), }")),
      "header 'descr'");
  EXPECT_CONTAINS(npy_error(file("{'descr': '<i2', 'fortran_order': False, 'shape': ('a',), }")),
                  "header 'shape'");
  EXPECT_CONTAINS(npy_error(file("{'descr': '<i2', 'fortran_order': False, 'shape': (-3,), }")),
                  "header 'shape'");
  EXPECT_CONTAINS(npy_error(file("{'descr': '<i2', 'fortran_order': maybe, 'shape': (3,), }")),
                  "header 'fortran_order'");
  EXPECT_CONTAINS(
      npy_error(file("{'descr': '<i2', 'fortran_order': False, 'shape': (3,), 'x': 1}")),
      "unexpected key 'x'");
  EXPECT_CONTAINS(
      npy_error(file("{'descr': '<i2', 'descr': '<i2', 'fortran_order': False, 'shape': (3,)}")),
      "appears twice");
  EXPECT_CONTAINS(npy_error(file("{'descr': '<i2', 'fortran_order': False, 'shape': (99999999999, "
                                 "99999999999, 99999999999), }")),
                  "header 'shape': element count overflows");
  EXPECT_CONTAINS(npy_error(file("{'descr': '<i2', 'fortran_order': False, 'shape': (4,), }")),
                  "data: truncated: shape [4] of <i2 needs 8 bytes, 6 present");
  EXPECT_CONTAINS(npy_error(file("{'descr': '<i2', 'fortran_order': False, 'shape': (2,), }")),
                  "data: 2 bytes after the last element");
  EXPECT_CONTAINS(npy_error(file("{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }",
                                 bytes_of({1, 2}))),
                  "data: bool element 1 is 2");
}

TEST(RuntimeNpy, EveryTruncationIsAnError) {
  std::vector<std::byte> full = npy_file(kInt16Dict, kInt16Data);
  ASSERT_TRUE(parse_npy(full, "f.npy"));
  for (size_t n = 0; n < full.size(); ++n) {
    std::vector<std::byte> cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
    NpyRead r = parse_npy(cut, "f.npy");
    EXPECT_FALSE(r) << n;
    EXPECT_EQ(r.error.rfind("f.npy: ", 0), 0u) << r.error;
  }
}

TEST(RuntimeNpy, FilesAndAtomicWrites) {
  TempDir dir;
  NpyRead missing = read_npy(dir.file("nope.npy"));
  EXPECT_FALSE(missing);
  EXPECT_CONTAINS(missing.error, dir.file("nope.npy"));
  std::string e = write_npy(dir.file("no/such/dir/x.npy"), NDArray(DataType::Int(8), {1}));
  EXPECT_CONTAINS(e, "no/such/dir/x.npy");
  spit(dir.file("x.npy"), {std::byte{'o'}, std::byte{'l'}, std::byte{'d'}});
  ASSERT_EQ(write_npy(dir.file("x.npy"), array(DataType::Int(8), {1}, {"9"})), "");
  EXPECT_EQ(read_npy(dir.file("x.npy")).array->get(0).as_int64(), 9);
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"x.npy"}));
}

// An .npz made with Python's zipfile (ZIP_DEFLATED) holding hand-made a.npy (int16 [1, -2, 300])
// and b.npy (float64 [0.5, -1.25]).
const uint8_t kDeflatedNpz[] = {
    0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0xaa, 0x03, 0x76, 0x5d, 0x69, 0x17,
    0x33, 0x86, 0x4a, 0x00, 0x00, 0x00, 0x86, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x61, 0x2e,
    0x6e, 0x70, 0x79, 0x9b, 0xec, 0x17, 0xea, 0x1b, 0x10, 0xc9, 0xc8, 0x50, 0xc6, 0x50, 0xad, 0x9e,
    0x92, 0x5a, 0x9c, 0x5c, 0xa4, 0x6e, 0xa5, 0xa0, 0x6e, 0x93, 0x69, 0xa4, 0xae, 0xa3, 0xa0, 0x9e,
    0x96, 0x5f, 0x54, 0x52, 0x94, 0x98, 0x17, 0x9f, 0x5f, 0x94, 0x92, 0x0a, 0x12, 0x77, 0x4b, 0xcc,
    0x29, 0x4e, 0x05, 0x8a, 0x17, 0x67, 0x24, 0x16, 0xa4, 0x02, 0xf9, 0x1a, 0xc6, 0x3a, 0x9a, 0x3a,
    0x0a, 0xb5, 0x0a, 0x14, 0x00, 0x2e, 0x46, 0x86, 0x7f, 0xff, 0x75, 0x18, 0x01, 0x50, 0x4b, 0x03,
    0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0xaa, 0x03, 0x76, 0x5d, 0xb8, 0x11, 0xd6, 0xc5, 0x4d,
    0x00, 0x00, 0x00, 0x90, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x62, 0x2e, 0x6e, 0x70, 0x79,
    0x9b, 0xec, 0x17, 0xea, 0x1b, 0x10, 0xc9, 0xc8, 0x50, 0xc6, 0x50, 0xad, 0x9e, 0x92, 0x5a, 0x9c,
    0x5c, 0xa4, 0x6e, 0xa5, 0xa0, 0x6e, 0x93, 0x66, 0xa1, 0xae, 0xa3, 0xa0, 0x9e, 0x96, 0x5f, 0x54,
    0x52, 0x94, 0x98, 0x17, 0x9f, 0x5f, 0x94, 0x92, 0x0a, 0x12, 0x77, 0x4b, 0xcc, 0x29, 0x4e, 0x05,
    0x8a, 0x17, 0x67, 0x24, 0x16, 0xa4, 0x02, 0xf9, 0x1a, 0x46, 0x3a, 0x9a, 0x3a, 0x0a, 0xb5, 0x0a,
    0x14, 0x00, 0x2e, 0x06, 0x30, 0x78, 0x60, 0x0f, 0xa1, 0xbf, 0xec, 0x07, 0x00, 0x50, 0x4b, 0x01,
    0x02, 0x14, 0x03, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0xaa, 0x03, 0x76, 0x5d, 0x69, 0x17, 0x33,
    0x86, 0x4a, 0x00, 0x00, 0x00, 0x86, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x01, 0x00, 0x00, 0x00, 0x00, 0x61, 0x2e, 0x6e, 0x70, 0x79,
    0x50, 0x4b, 0x01, 0x02, 0x14, 0x03, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0xaa, 0x03, 0x76, 0x5d,
    0xb8, 0x11, 0xd6, 0xc5, 0x4d, 0x00, 0x00, 0x00, 0x90, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x01, 0x6d, 0x00, 0x00, 0x00, 0x62, 0x2e,
    0x6e, 0x70, 0x79, 0x50, 0x4b, 0x05, 0x06, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x02, 0x00, 0x66,
    0x00, 0x00, 0x00, 0xdd, 0x00, 0x00, 0x00, 0x00, 0x00};

std::vector<std::byte> deflated_npz() {
  return std::vector<std::byte>(reinterpret_cast<const std::byte *>(kDeflatedNpz),
                                reinterpret_cast<const std::byte *>(kDeflatedNpz) +
                                    sizeof kDeflatedNpz);
}

TEST(RuntimeNpz, ReadsDeflatedMembers) {
  TempDir dir;
  spit(dir.file("d.npz"), deflated_npz());
  NpzRead r = read_npz(dir.file("d.npz"));
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.arrays.size(), 2u);
  EXPECT_EQ(r.arrays[0].name, "a");
  EXPECT_EQ(r.arrays[0].array.dtype(), DataType::Int(16));
  EXPECT_EQ(r.arrays[0].array.get(2).as_int64(), 300);
  EXPECT_EQ(r.arrays[1].name, "b");
  EXPECT_EQ(r.arrays[1].array.get(1).as_double(), -1.25);
}

TEST(RuntimeNpz, RoundTripsSeveralArraysStored) {
  TempDir dir;
  std::vector<NamedArray> arrays;
  arrays.push_back({"x", array(DataType::Int(8), {3}, {"-1", "0", "1"})});
  arrays.push_back(
      {"weights", array(DataType::Float(16), {2, 2}, {"0.5", "nan", "-inf", "65504"})});
  arrays.push_back({"mask", array(DataType::Bool(), {2}, {"true", "false"})});
  std::string path = dir.file("a.npz");
  ASSERT_EQ(write_npz(path, arrays), "");
  NpzRead r = read_npz(path);
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.arrays.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(r.arrays[i].name, arrays[i].name);
    EXPECT_FALSE(compare_arrays(arrays[i].array, r.arrays[i].array)) << arrays[i].name;
  }
  // The first local file header: signature PK\3\4, then at offset 8 the method, 0 = stored;
  // the name at offset 30.
  std::string raw = slurp(path);
  ASSERT_GT(raw.size(), 35u);
  EXPECT_EQ(raw.substr(0, 4), std::string("PK\3\4"));
  EXPECT_EQ(raw[8], 0);
  EXPECT_EQ(raw[9], 0);
  EXPECT_EQ(raw.substr(30, 5), "x.npy");
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"a.npz"}));

  EXPECT_CONTAINS(write_npz(dir.file("dup.npz"), {arrays[0], arrays[0]}), "appears twice");
  EXPECT_CONTAINS(write_npz(dir.file("bf.npz"), {{"b", NDArray(DataType::BFloat16(), {1})}}),
                  "'b'");
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"a.npz"}));
  ASSERT_EQ(write_npz(dir.file("empty.npz"), {}), "");
  NpzRead empty = read_npz(dir.file("empty.npz"));
  EXPECT_TRUE(empty.ok()) << empty.error;
  EXPECT_TRUE(empty.arrays.empty());
}

TEST(RuntimeNpz, MalformedArchives) {
  TempDir dir;
  spit(dir.file("not.npz"), npy_file(kInt16Dict, kInt16Data));
  NpzRead r = read_npz(dir.file("not.npz"));
  EXPECT_FALSE(r.ok());
  EXPECT_CONTAINS(r.error, dir.file("not.npz"));
  EXPECT_FALSE(read_npz(dir.file("missing.npz")).ok());
  // Every truncation of a good archive is refused, never crashes.
  std::vector<std::byte> good = deflated_npz();
  for (size_t n = 0; n < good.size(); n += 7) {
    spit(dir.file("cut.npz"),
         std::vector<std::byte>(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(n)));
    EXPECT_FALSE(read_npz(dir.file("cut.npz")).ok()) << n;
  }
  // A flipped bit in a member's compressed data fails the CRC or the inflater.
  std::vector<std::byte> corrupt = good;
  corrupt[60] ^= std::byte{0x10};
  spit(dir.file("crc.npz"), corrupt);
  NpzRead c = read_npz(dir.file("crc.npz"));
  EXPECT_FALSE(c.ok());
  EXPECT_CONTAINS(c.error, "member 'a.npy'");
  // A member whose .npy is malformed names the member.
  std::vector<NamedArray> one;
  one.push_back({"x", NDArray(DataType::Int(8), {1})});
  ASSERT_EQ(write_npz(dir.file("ok.npz"), one), "");
  std::string raw = slurp(dir.file("ok.npz"));
  size_t magic = raw.find("\x93NUMPY");
  ASSERT_NE(magic, std::string::npos);
  raw[magic + 6] = 9; // version 9.0; the CRC then fails first or the parser refuses
  std::ofstream(dir.file("bad.npz"), std::ios::binary) << raw;
  NpzRead b = read_npz(dir.file("bad.npz"));
  EXPECT_FALSE(b.ok());
  EXPECT_CONTAINS(b.error, "x.npy");
}

} // namespace
} // namespace tirconf::runtime
