// Reader and printer together, over every TVMScript file we have:
//   - shared/tvmscript (what TVM v0.20 printed): print(read(file)) is the file, byte for byte;
//   - those and every .py under corpus/: print -> read -> print is a fixed point, and
//     read(print(p)) is structurally equal to p.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ir/structural_equal.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"

namespace tirconf::ir {
namespace {

namespace fs = std::filesystem;

struct Source {
  std::string path;   // absolute
  std::string name;   // test name: the path below its root, sanitized
  bool tvm_printed;   // from shared/tvmscript: must print back exactly
};

void PrintTo(const Source& s, std::ostream* os) { *os << s.path; }

std::vector<Source> collect(const fs::path& root, const std::string& prefix, bool recursive,
                            bool tvm_printed) {
  std::vector<Source> out;
  if (!fs::is_directory(root)) return out;
  auto add = [&](const fs::path& p) {
    if (p.extension() != ".py" || !fs::is_regular_file(p)) return;
    std::string name = prefix + fs::relative(p, root).replace_extension().string();
    for (char& c : name)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    out.push_back({p.string(), name, tvm_printed});
  };
  if (recursive) {
    for (const auto& e : fs::recursive_directory_iterator(root)) add(e.path());
  } else {
    for (const auto& e : fs::directory_iterator(root)) add(e.path());
  }
  std::sort(out.begin(), out.end(), [](const Source& a, const Source& b) { return a.name < b.name; });
  return out;
}

std::vector<Source> all_sources() {
  auto out = collect(fs::path(TIRCONF_SHARED_DIR) / "tvmscript", "shared_", false, true);
  auto corpus = collect(fs::path(TIRCONF_SOURCE_DIR) / "corpus", "corpus_", true, false);
  out.insert(out.end(), corpus.begin(), corpus.end());
  return out;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string diagnostics_text(const ReadResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += format(d) + "\n";
  return s;
}

// Conformance files are printed the way they are written: front matter and real imports.
PrintOptions options_for(const ReadResult& r, bool tvm_printed) {
  PrintOptions o;
  o.docstring = r.docstring;
  o.import_comments = tvm_printed;
  return o;
}

class RoundTrip : public ::testing::TestWithParam<Source> {};

TEST_P(RoundTrip, PrintReadPrintIsAFixedPointAndKeepsTheProgram) {
  const Source& src = GetParam();
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
      << structural_diff(r1.module, r2.module) << "\n--- printed text:\n" << printed;
  EXPECT_EQ(r2.docstring, r1.docstring);
  EXPECT_EQ(print_tvmscript(r2.module, opts), printed);
}

INSTANTIATE_TEST_SUITE_P(Files, RoundTrip, ::testing::ValuesIn(all_sources()),
                         [](const ::testing::TestParamInfo<Source>& info) {
                           return info.param.name;
                         });

TEST(RoundTripInventory, SharedFilesAreThere) {
  auto s = collect(fs::path(TIRCONF_SHARED_DIR) / "tvmscript", "shared_", false, true);
  EXPECT_GE(s.size(), 18u);
}

}  // namespace
}  // namespace tirconf::ir
