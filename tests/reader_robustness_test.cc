// The reader and the checker never crash, hang or read out of bounds: every real file, truncated
// after each line and mutated at random (seeded), either reads or yields a located diagnostic,
// and whatever reads is type-checked, yielding located diagnostics that cite catalog rules. Run it
// under ASan+UBSan (scripts/sanitize.sh) to make "never reads out of bounds" checkable.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "ir/tvmscript/reader.h"
#include "oracle/typecheck/checker.h"
#include "spec/catalog.h"

namespace tirconf::ir {
namespace {

namespace fs = std::filesystem;

std::vector<std::pair<std::string, std::string>> corpus_files() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const char *dir : {TIRCONF_TVM_PRINTED_DIR, TIRCONF_SOURCE_DIR "/corpus"}) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->path().extension() != ".py")
        continue;
      std::ifstream in(it->path(), std::ios::binary);
      std::stringstream s;
      s << in.rdbuf();
      out.emplace_back(it->path().string(), s.str());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Reads `text` and checks the result's invariants; returns a description of a violation or "".
std::string check(const std::string &text) {
  ReadResult r = read_tvmscript(text, "fuzz.py");
  if (r.ok()) {
    if (!r.diagnostics.empty() || !r.module)
      return "ok() with diagnostics or without a module";
    for (const auto &d : oracle::check_module(r.module, "fuzz.py")) {
      if (d.loc.line < 1 || d.loc.col < 1)
        return "checker diagnostic without a location: " + format(d);
      if (!spec::Catalog::builtin().find(d.rule))
        return "checker diagnostic without a catalog rule: " + format(d);
    }
    return "";
  }
  if (r.diagnostics.empty())
    return "failed without a diagnostic";
  for (const auto &d : r.diagnostics)
    if (d.loc.line < 1 || d.loc.col < 1)
      return "diagnostic without a location: " + format(d);
  if (r.module)
    return "failed but returned a module";
  return "";
}

TEST(ReaderRobustness, LinePrefixesOfEveryFile) {
  auto files = corpus_files();
  ASSERT_FALSE(files.empty());
  for (const auto &[path, text] : files) {
    EXPECT_EQ(check(text), "") << path;
    for (size_t pos = text.find('\n'); pos != std::string::npos; pos = text.find('\n', pos + 1)) {
      std::string prefix = text.substr(0, pos + 1);
      EXPECT_EQ(check(prefix), "") << path << " truncated after byte " << pos;
      // The same prefix without its final newline, and cut in the middle of the next line.
      EXPECT_EQ(check(prefix.substr(0, pos)), "") << path << " truncated at byte " << pos;
      size_t mid = pos + 1 + (text.size() - pos - 1) / 7;
      if (mid < text.size()) {
        EXPECT_EQ(check(text.substr(0, mid)), "") << path << " cut at byte " << mid;
      }
    }
  }
}

TEST(ReaderRobustness, SeededByteMutations) {
  auto files = corpus_files();
  ASSERT_FALSE(files.empty());
  // Bytes that matter to the lexer and parser, plus arbitrary ones.
  const std::string interesting =
      "()[]{}:,.=+-*/%<>!~^&|@\"'#\\\n\t \r\x00\xff\xc3_0123456789eExXjT";
  std::mt19937 rng(20240611);
  int failures = 0;
  for (const auto &[path, text] : files) {
    if (text.empty())
      continue;
    for (int k = 0; k < 200 && failures < 10; ++k) {
      std::string m = text;
      int edits = 1 + static_cast<int>(rng() % 4);
      for (int e = 0; e < edits && !m.empty(); ++e) {
        size_t at = rng() % m.size();
        char byte =
            rng() % 2 ? interesting[rng() % interesting.size()] : static_cast<char>(rng() & 0xff);
        switch (rng() % 4) {
        case 0:
          m[at] = byte;
          break; // flip
        case 1:
          m.insert(m.begin() + static_cast<long>(at), byte);
          break; // insert
        case 2:
          m.erase(at, 1 + rng() % 8);
          break;  // delete a few bytes
        case 3: { // duplicate a chunk
          size_t len = std::min<size_t>(1 + rng() % 40, m.size() - at);
          m.insert(at, m.substr(at, len));
          break;
        }
        }
      }
      std::string bad = check(m);
      if (!bad.empty()) {
        ++failures;
        ADD_FAILURE() << path << " mutation " << k << ": " << bad << "\n--- input ---\n" << m;
      }
    }
  }
}

TEST(ReaderRobustness, EveryBytePrefixOfOneFile) {
  auto files = corpus_files();
  ASSERT_FALSE(files.empty());
  for (const auto &[path, text] : files) {
    if (path.find("matmul.py") == std::string::npos)
      continue;
    for (size_t n = 0; n <= text.size(); ++n)
      EXPECT_EQ(check(text.substr(0, n)), "") << path << " prefix " << n;
  }
}

TEST(ReaderRobustness, HostileInputs) {
  std::vector<std::string> inputs = {
      std::string(100000, '('),
      std::string(100000, '['),
      std::string(5000, '-') + "1",
      std::string(100000, ' ') + "x",
      "\"\"\"" + std::string(10000, 'a'),
      std::string(100000, '\n'),
      std::string("\xef\xbb\xbf") + "@T.prim_func\ndef f():\n    pass\n",
      std::string(1000, '\t') + "x\n",
      "@T.prim_func\ndef f():\n" +
          [] {
            std::string s;
            for (int i = 0; i < 120; ++i)
              s += std::string(i + 1, ' ') + "with T.attr(0, \"k\", 0):\n";
            return s;
          }(),
      "@T.prim_func\ndef f():\n" +
          [] {
            std::string s;
            for (int i = 0; i < 3000; ++i)
              s += "    x" + std::to_string(i) + ": T.int32 = " + std::to_string(i) + "\n";
            return s;
          }(),
      "@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0] = " +
          [] {
            std::string s = "1";
            for (int i = 0; i < 300; ++i)
              s = "T.max(" + s + ", 1)";
            return s;
          }() +
          "\n",
      "@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0] = 1" + std::string(3000, '0') +
          "\n",
      "@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0] = 2 ** 1000\n",
      "@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0] = 1 << 100000000000\n",
      "@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0:100000000] = 0\n",
      "@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0] = T.Broadcast(1, 100000000)\n",
      "@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0] = T.int32(1e300)\n",
      "@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0] = -(-9223372036854775807 - "
      "1)\n",
      "@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0] = "
      "(-170141183460469231731687303715884105727 - 1) // -1\n",
      "@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0] = "
      "-T.int64(-9223372036854775807 - 1)\n",
      "@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n    A[0] = -T.float32(1e300)\n",
  };
  for (const auto &in : inputs)
    EXPECT_EQ(check(in), "") << in.substr(0, 200);
}

} // namespace
} // namespace tirconf::ir
