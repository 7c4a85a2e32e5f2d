#include "runtime/npy.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <set>

namespace tirconf::runtime {

using ir::DataType;
using ir::TypeCode;

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

// ---------------------------------------------------------------- dtype descriptors

struct Descr {
  DataType dtype;
  int itemsize;
};

std::optional<Descr> descr_to_dtype(const std::string &d, const NpyOptions &options,
                                    std::string *why) {
  if (d.size() < 3) {
    *why = "unknown dtype '" + d + "'";
    return std::nullopt;
  }
  char order = d[0];
  std::string kind = d.substr(1);
  struct Entry {
    const char *kind;
    DataType dtype;
  };
  static const Entry entries[] = {
      {"i1", DataType::Int(8)},    {"i2", DataType::Int(16)},   {"i4", DataType::Int(32)},
      {"i8", DataType::Int(64)},   {"u1", DataType::UInt(8)},   {"u2", DataType::UInt(16)},
      {"u4", DataType::UInt(32)},  {"u8", DataType::UInt(64)},  {"b1", DataType::Bool()},
      {"f2", DataType::Float(16)}, {"f4", DataType::Float(32)}, {"f8", DataType::Float(64)},
  };
  for (const auto &e : entries) {
    if (kind != e.kind)
      continue;
    int itemsize = kind[1] - '0';
    if (order == '>' && itemsize > 1) {
      *why = "big-endian dtype '" + d + "' is not supported";
      return std::nullopt;
    }
    bool ok_order = order == '<' || (itemsize == 1 && (order == '|' || order == '>'));
    if (!ok_order) {
      *why = "unknown byte order in dtype '" + d + "'";
      return std::nullopt;
    }
    DataType t = e.dtype;
    if (options.bfloat16_as_u2 && t == DataType::UInt(16))
      t = DataType::BFloat16();
    return Descr{t, itemsize};
  }
  *why = "unsupported dtype '" + d + "'";
  return std::nullopt;
}

std::optional<std::string> dtype_to_descr(DataType e, const NpyOptions &options) {
  switch (e.code) {
  case TypeCode::Int:
    return e.bits == 8 ? "|i1" : "<i" + std::to_string(e.bits / 8);
  case TypeCode::UInt:
    if (e.bits == 1)
      return "|b1";
    return e.bits == 8 ? "|u1" : "<u" + std::to_string(e.bits / 8);
  case TypeCode::Float:
    return "<f" + std::to_string(e.bits / 8);
  case TypeCode::BFloat:
    if (options.bfloat16_as_u2)
      return "<u2";
    return std::nullopt;
  case TypeCode::Handle:
    return std::nullopt;
  }
  return std::nullopt;
}

// ---------------------------------------------------------------- the header dictionary

// A tiny reader for the Python literal numpy writes: {'descr': '<f4', 'fortran_order': False,
// 'shape': (2, 3), }. Whitespace anywhere between tokens; either quote; trailing commas.
class HeaderParser {
public:
  explicit HeaderParser(std::string_view s) : s_(s) {}

  struct Header {
    std::optional<std::string> descr;
    std::optional<bool> fortran_order;
    std::optional<std::vector<int64_t>> shape;
  };

  // On failure returns the field that is wrong in *field ("header", "header 'shape'") and why.
  bool parse(Header &h, std::string &field, std::string &why) {
    field = "header";
    skip_space();
    if (!eat('{'))
      return fail(why, "expected '{'");
    std::set<std::string> seen;
    while (true) {
      skip_space();
      if (eat('}'))
        break;
      std::string key;
      if (!read_string(key))
        return fail(why, "expected a quoted key");
      if (!seen.insert(key).second)
        return fail(why, "key '" + key + "' appears twice");
      skip_space();
      if (!eat(':'))
        return fail(why, "expected ':' after '" + key + "'");
      skip_space();
      field = "header '" + key + "'";
      if (key == "descr") {
        std::string d;
        if (!read_string(d))
          return fail(why, "expected a dtype string (structured dtypes are not supported)");
        h.descr = d;
      } else if (key == "fortran_order") {
        if (match("True"))
          h.fortran_order = true;
        else if (match("False"))
          h.fortran_order = false;
        else
          return fail(why, "expected True or False");
      } else if (key == "shape") {
        std::vector<int64_t> shape;
        if (!read_shape(shape, why))
          return false;
        h.shape = std::move(shape);
      } else {
        field = "header";
        return fail(why, "unexpected key '" + key + "'");
      }
      field = "header";
      skip_space();
      if (eat(','))
        continue;
      skip_space();
      if (eat('}'))
        break;
      return fail(why, "expected ',' or '}'");
    }
    skip_space();
    if (pos_ != s_.size())
      return fail(why, "unexpected text after the dictionary");
    if (!h.descr)
      return fail(field = "header 'descr'", why, "missing");
    if (!h.fortran_order)
      return fail(field = "header 'fortran_order'", why, "missing");
    if (!h.shape)
      return fail(field = "header 'shape'", why, "missing");
    return true;
  }

private:
  static bool fail(std::string &why, std::string message) {
    why = std::move(message);
    return false;
  }
  static bool fail(const std::string &, std::string &why, std::string message) {
    return fail(why, std::move(message));
  }
  void skip_space() {
    while (pos_ < s_.size() &&
           (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
      ++pos_;
  }
  bool eat(char c) {
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool match(std::string_view word) {
    if (s_.substr(pos_, word.size()) != word)
      return false;
    pos_ += word.size();
    return true;
  }
  bool read_string(std::string &out) {
    if (pos_ >= s_.size() || (s_[pos_] != '\'' && s_[pos_] != '"'))
      return false;
    char quote = s_[pos_++];
    size_t end = s_.find(quote, pos_);
    if (end == std::string_view::npos)
      return false;
    out = std::string(s_.substr(pos_, end - pos_));
    if (out.find('\\') != std::string::npos)
      return false; // no escapes in what numpy writes
    pos_ = end + 1;
    return true;
  }
  bool read_shape(std::vector<int64_t> &shape, std::string &why) {
    if (!eat('('))
      return fail(why, "expected a tuple of non-negative integers");
    while (true) {
      skip_space();
      if (eat(')'))
        return true;
      size_t start = pos_;
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9')
        ++pos_;
      if (start == pos_)
        return fail(why, "expected a tuple of non-negative integers");
      int64_t d = 0;
      auto [p, ec] = std::from_chars(s_.data() + start, s_.data() + pos_, d);
      if (ec != std::errc())
        return fail(why, "extent too large");
      eat('L'); // Python 2 long literals, as old numpy wrote them
      shape.push_back(d);
      skip_space();
      if (eat(','))
        continue;
      skip_space();
      if (eat(')'))
        return true;
      return fail(why, "expected ',' or ')'");
    }
  }

  std::string_view s_;
  size_t pos_ = 0;
};

uint32_t read_le(const std::byte *p, int n) {
  uint32_t v = 0;
  for (int i = n - 1; i >= 0; --i)
    v = (v << 8) | static_cast<uint8_t>(p[i]);
  return v;
}

// ---------------------------------------------------------------- files

bool read_file(const std::string &path, std::vector<std::byte> &out, std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot open: " + std::strerror(errno);
    return false;
  }
  in.seekg(0, std::ios::end);
  std::streamoff size = in.tellg();
  if (size < 0) {
    error = path + ": cannot read";
    return false;
  }
  in.seekg(0);
  out.resize(static_cast<size_t>(size));
  if (size > 0 && !in.read(reinterpret_cast<char *>(out.data()), size)) {
    error = path + ": cannot read";
    return false;
  }
  return true;
}

std::string errno_message(const std::string &path, const char *what) {
  return path + ": " + what + ": " + std::strerror(errno);
}

// Writes `bytes` to a fresh temporary file next to `path` and renames it into place.
std::string write_atomically(const std::string &path, std::span<const std::byte> bytes) {
  std::string tmp = path + ".tmpXXXXXX";
  int fd = mkstemp(tmp.data());
  if (fd < 0)
    return errno_message(path, "cannot create a temporary file");
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      std::string e = errno_message(path, "write failed");
      ::close(fd);
      ::unlink(tmp.c_str());
      return e;
    }
    done += static_cast<size_t>(n);
  }
  // mkstemp creates 0600; give the file the usual permissions (umask applies).
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    std::string e = errno_message(path, "write failed");
    ::unlink(tmp.c_str());
    return e;
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::string e = errno_message(path, "cannot rename the temporary file into place");
    ::unlink(tmp.c_str());
    return e;
  }
  return "";
}

} // namespace

// ---------------------------------------------------------------- .npy

NpyRead parse_npy(std::span<const std::byte> bytes, const std::string &name,
                  const NpyOptions &options) {
  NpyRead out;
  auto fail = [&](const std::string &field, const std::string &why) {
    out.error = name + ": " + field + ": " + why;
    return std::move(out);
  };
  if (bytes.size() < kMagicSize || std::memcmp(bytes.data(), kMagic, kMagicSize) != 0)
    return fail("magic", bytes.size() < kMagicSize ? "file too short to be a .npy file"
                                                   : "not a .npy file (bad magic string)");
  if (bytes.size() < kMagicSize + 2)
    return fail("version", "truncated");
  int major = static_cast<uint8_t>(bytes[6]), minor = static_cast<uint8_t>(bytes[7]);
  if ((major != 1 && major != 2 && major != 3) || minor != 0)
    return fail("version", std::to_string(major) + "." + std::to_string(minor) +
                               " is not supported (1.0, 2.0, 3.0 are)");
  const size_t len_size = major == 1 ? 2 : 4;
  const size_t prefix = kMagicSize + 2 + len_size;
  if (bytes.size() < prefix)
    return fail("header length", "truncated");
  const uint64_t header_len = read_le(bytes.data() + kMagicSize + 2, static_cast<int>(len_size));
  if (bytes.size() - prefix < header_len)
    return fail("header", "truncated: " + std::to_string(header_len) + " bytes announced, " +
                              std::to_string(bytes.size() - prefix) + " present");
  std::string_view header(reinterpret_cast<const char *>(bytes.data() + prefix),
                          static_cast<size_t>(header_len));
  if (header.find('\0') != std::string_view::npos)
    return fail("header", "contains a NUL byte");

  HeaderParser::Header h;
  std::string field, why;
  if (!HeaderParser(header).parse(h, field, why))
    return fail(field, why);
  if (*h.fortran_order)
    return fail("header 'fortran_order'", "Fortran order is not supported");
  std::string descr_why;
  auto descr = descr_to_dtype(*h.descr, options, &descr_why);
  if (!descr)
    return fail("header 'descr'", descr_why);

  int64_t count = 1;
  for (int64_t d : *h.shape)
    if (__builtin_mul_overflow(count, d, &count))
      return fail("header 'shape'", "element count overflows");
  int64_t data_bytes;
  if (__builtin_mul_overflow(count, static_cast<int64_t>(descr->itemsize), &data_bytes))
    return fail("header 'shape'", "data size overflows");
  const size_t data_start = prefix + static_cast<size_t>(header_len);
  const uint64_t present = bytes.size() - data_start;
  if (present < static_cast<uint64_t>(data_bytes))
    return fail("data", "truncated: shape " + shape_to_string(*h.shape) + " of " + *h.descr +
                            " needs " + std::to_string(data_bytes) + " bytes, " +
                            std::to_string(present) + " present");
  if (present > static_cast<uint64_t>(data_bytes))
    return fail("data", std::to_string(present - data_bytes) +
                            " bytes after the last element (shape " + shape_to_string(*h.shape) +
                            " of " + *h.descr + " needs " + std::to_string(data_bytes) + ")");
  NDArray array;
  try {
    array = NDArray(descr->dtype, *h.shape);
  } catch (const std::exception &e) {
    return fail("header 'shape'", e.what());
  }
  const std::byte *data = bytes.data() + data_start;
  if (descr->dtype.is_bool()) {
    for (int64_t i = 0; i < count; ++i)
      if (static_cast<uint8_t>(data[i]) > 1)
        return fail("data", "bool element " + std::to_string(i) + " is " +
                                std::to_string(static_cast<uint8_t>(data[i])) + ", not 0 or 1");
  }
  if (data_bytes > 0)
    std::memcpy(array.storage(), data, static_cast<size_t>(data_bytes));
  out.array = std::move(array);
  return out;
}

NpyRead read_npy(const std::string &path, const NpyOptions &options) {
  std::vector<std::byte> bytes;
  NpyRead out;
  if (!read_file(path, bytes, out.error))
    return out;
  return parse_npy(bytes, path, options);
}

std::string encode_npy(const NDArray &array, std::vector<std::byte> &out,
                       const NpyOptions &options) {
  if (!array.valid())
    return "encode_npy: no array";
  DataType t = array.dtype();
  auto descr = dtype_to_descr(t.element_of(), options);
  if (!descr)
    return "no .npy dtype for " + ir::to_string(t) +
           (t.is_bfloat() ? " (set NpyOptions::bfloat16_as_u2 to store its bit patterns as <u2)"
                          : "");
  std::vector<int64_t> shape = array.shape();
  if (t.lanes > 1)
    shape.push_back(t.lanes);
  std::string shape_text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    shape_text += std::to_string(shape[i]) + ", ";
  if (shape.size() > 1)
    shape_text.resize(shape_text.size() - 2); // (3,) stays, (2, 3) loses ", "
  else if (shape.size() == 1)
    shape_text.pop_back();
  shape_text += ")";
  std::string header =
      "{'descr': '" + *descr + "', 'fortran_order': False, 'shape': " + shape_text + ", }";
  // Pad with spaces and end with '\n' so the data starts at a multiple of 64 bytes.
  int version = 1;
  size_t prefix = kMagicSize + 2 + 2;
  if ((prefix + header.size() + 1 + 63) / 64 * 64 - prefix > 0xffff) {
    version = 2;
    prefix = kMagicSize + 2 + 4;
  }
  size_t total = (prefix + header.size() + 1 + 63) / 64 * 64;
  header.append(total - prefix - header.size() - 1, ' ');
  header += '\n';
  NDArray c = array.compact();
  out.clear();
  out.reserve(total + c.storage_bytes());
  auto put = [&](const void *p, size_t n) {
    const std::byte *b = static_cast<const std::byte *>(p);
    out.insert(out.end(), b, b + n);
  };
  put(kMagic, kMagicSize);
  uint8_t ver[2] = {static_cast<uint8_t>(version), 0};
  put(ver, 2);
  uint32_t len = static_cast<uint32_t>(header.size());
  uint8_t len_bytes[4] = {static_cast<uint8_t>(len), static_cast<uint8_t>(len >> 8),
                          static_cast<uint8_t>(len >> 16), static_cast<uint8_t>(len >> 24)};
  put(len_bytes, version == 1 ? 2 : 4);
  put(header.data(), header.size());
  put(c.storage(), static_cast<size_t>(c.size()) * t.bytes());
  return "";
}

std::string write_npy(const std::string &path, const NDArray &array, const NpyOptions &options) {
  std::vector<std::byte> bytes;
  if (std::string e = encode_npy(array, bytes, options); !e.empty())
    return path + ": " + e;
  return write_atomically(path, bytes);
}

// ---------------------------------------------------------------- .npz

namespace {

std::string zip_message(int code) {
  zip_error_t e;
  zip_error_init_with_code(&e, code);
  std::string s = zip_error_strerror(&e);
  zip_error_fini(&e);
  return s;
}

struct ZipCloser {
  void operator()(zip_t *z) const { zip_discard(z); }
};
struct ZipFileCloser {
  void operator()(zip_file_t *f) const { zip_fclose(f); }
};

} // namespace

NpzRead read_npz(const std::string &path, const NpyOptions &options) {
  NpzRead out;
  int code = 0;
  std::unique_ptr<zip_t, ZipCloser> za(zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &code));
  if (!za) {
    out.error = path + ": zip: " + zip_message(code);
    return out;
  }
  zip_int64_t n = zip_get_num_entries(za.get(), 0);
  std::set<std::string> keys;
  for (zip_int64_t i = 0; i < n; ++i) {
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(za.get(), i, 0, &st) != 0 || !(st.valid & ZIP_STAT_NAME)) {
      out.error = path + ": zip entry " + std::to_string(i) + ": " + zip_strerror(za.get());
      return out;
    }
    std::string member = st.name;
    const std::string where = path + ": member '" + member + "'";
    if (member.size() <= 4 || member.compare(member.size() - 4, 4, ".npy") != 0) {
      out.error = where + ": not a .npy member";
      return out;
    }
    std::unique_ptr<zip_file_t, ZipFileCloser> f(zip_fopen_index(za.get(), i, 0));
    if (!f) {
      out.error = where + ": " + zip_strerror(za.get());
      return out;
    }
    // Read in chunks: the size in the archive's directory is only a claim.
    std::vector<std::byte> bytes;
    std::byte chunk[1 << 16];
    while (true) {
      zip_int64_t got = zip_fread(f.get(), chunk, sizeof chunk);
      if (got < 0) {
        out.error = where + ": " + zip_file_strerror(f.get());
        return out;
      }
      if (got == 0)
        break;
      bytes.insert(bytes.end(), chunk, chunk + got);
    }
    NpyRead r = parse_npy(bytes, path + ":" + member, options);
    if (!r) {
      out.error = r.error;
      return out;
    }
    std::string key = member.substr(0, member.size() - 4);
    if (!keys.insert(key).second) {
      out.error = where + ": key '" + key + "' appears twice";
      return out;
    }
    out.arrays.push_back({key, std::move(*r.array)});
  }
  return out;
}

std::string write_npz(const std::string &path, const std::vector<NamedArray> &arrays,
                      const NpyOptions &options) {
  std::set<std::string> keys;
  std::vector<std::vector<std::byte>> encoded(arrays.size());
  for (size_t i = 0; i < arrays.size(); ++i) {
    const std::string &key = arrays[i].name;
    if (key.empty())
      return path + ": array " + std::to_string(i) + ": empty key";
    if (!keys.insert(key).second)
      return path + ": key '" + key + "' appears twice";
    if (std::string e = encode_npy(arrays[i].array, encoded[i], options); !e.empty())
      return path + ": '" + key + "': " + e;
  }
  if (arrays.empty()) {
    // libzip deletes an archive with no members; numpy.savez() writes an empty one.
    static const uint8_t empty_zip[22] = {0x50, 0x4b, 0x05, 0x06};
    return write_atomically(path, std::as_bytes(std::span(empty_zip)));
  }
  // libzip writes the archive to a temporary file beside `path` and renames it into place when
  // zip_close succeeds; zip_discard leaves `path` untouched.
  int code = 0;
  std::unique_ptr<zip_t, ZipCloser> za(zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code));
  if (!za)
    return path + ": zip: " + zip_message(code);
  for (size_t i = 0; i < arrays.size(); ++i) {
    zip_source_t *src = zip_source_buffer(za.get(), encoded[i].data(), encoded[i].size(), 0);
    if (!src)
      return path + ": zip: " + zip_strerror(za.get());
    zip_int64_t idx =
        zip_file_add(za.get(), (arrays[i].name + ".npy").c_str(), src, ZIP_FL_ENC_UTF_8);
    if (idx < 0) {
      zip_source_free(src);
      return path + ": zip: " + zip_strerror(za.get());
    }
    if (zip_set_file_compression(za.get(), static_cast<zip_uint64_t>(idx), ZIP_CM_STORE, 0) != 0)
      return path + ": zip: " + zip_strerror(za.get());
  }
  zip_t *z = za.release();
  if (zip_close(z) != 0) {
    std::string e = path + ": zip: " + zip_strerror(z);
    zip_discard(z);
    return e;
  }
  return "";
}

} // namespace tirconf::runtime
