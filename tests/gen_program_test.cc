// The program generator: determinism, and the properties every generated program has, over
// thousands of programs (TIRCONF_GEN_PROGRAMS=100000 for the long run).
#include <gtest/gtest.h>

#include <chrono>

#include "generators/choices.h"
#include "generators/profile.h"
#include "generators/testfile.h"
#include "spec/catalog.h"
#include "tests/gen_support.h"

namespace tirconf::gentest {
namespace {

using gen::Profile;

TEST(GenProgram, SameSeedSameBytes) {
  const Profile &p = Profile::default_profile();
  for (uint64_t seed : {0u, 1u, 77u, 123456789u}) {
    auto a = gen::generate_program(seed, p), b = gen::generate_program(seed, p);
    EXPECT_EQ(gen::conformance_file(a, "d", ""), gen::conformance_file(b, "d", ""))
        << "seed " << seed;
  }
}

TEST(GenProgram, SeedsGiveDifferentPrograms) {
  const Profile &p = Profile::default_profile();
  std::set<std::string> texts;
  for (uint64_t i = 0; i < 50; ++i)
    texts.insert(gen::plain_file(gen::generate_program(gen::derive_seed(5, i), p), ""));
  EXPECT_GE(texts.size(), 48u);
}

TEST(GenProgram, ArgumentsMatchTheParameters) {
  const Profile &p = Profile::default_profile();
  for (uint64_t i = 0; i < 200; ++i) {
    auto g = gen::generate_program(gen::derive_seed(9, i), p);
    const auto f = g.module->lookup(g.entry);
    ASSERT_EQ(g.args.size(), f->params.size());
    for (size_t k = 0; k < g.args.size(); ++k) {
      const auto &a = g.args[k];
      EXPECT_EQ(a.name, f->arg_name(f->params[k]));
      if (!a.is_tensor)
        continue;
      int64_t n = a.dtype.lanes;
      for (int64_t d : a.shape)
        n *= d;
      EXPECT_EQ(static_cast<int64_t>(a.data.size()), n) << a.name;
      EXPECT_LE(n, p.limits.buffer_elements * a.dtype.lanes) << a.name;
    }
  }
}

// The generator's promises (well-typed, prints and reads back, runs to ok on the oracle) over
// thousands of programs of the default profile.
// Python's json module reads `-0` and `2` as integers; float arguments keep a decimal point.
TEST(GenProgram, ArgumentJsonSpellsFloatsAsFloats) {
  gen::ArgSpec f;
  f.name = "F";
  f.is_tensor = true;
  f.dtype = ir::DataType::Float(32);
  f.shape = {5};
  f.data = {"-0", "2", "0.5", "1e+20", "nan"};
  gen::ArgSpec i;
  i.name = "I";
  i.is_tensor = true;
  i.dtype = ir::DataType::Int(32);
  i.shape = {2};
  i.data = {"-0", "7"};
  gen::ArgSpec x;
  x.name = "x";
  x.dtype = ir::DataType::Float(64);
  x.scalar = "-0";
  gen::ArgSpec n;
  n.name = "n";
  n.dtype = ir::DataType::Int(64);
  n.scalar = "3";
  EXPECT_EQ(gen::args_json({f, i, x, n}),
            "{\n"
            "  \"F\": {\"dtype\": \"float32\", \"shape\": [5], \"data\": [-0.0, 2.0, 0.5, 1e+20, "
            "\"nan\"]},\n"
            "  \"I\": {\"dtype\": \"int32\", \"shape\": [2], \"data\": [-0, 7]},\n"
            "  \"x\": -0.0,\n"
            "  \"n\": 3\n"
            "}\n");
}

TEST(GenProgram, PropertiesHold) {
  const Profile &p = Profile::default_profile();
  const uint64_t n = program_count(3000);
  const auto start = std::chrono::steady_clock::now();
  uint64_t failing = 0;
  for (uint64_t i = 0; i < n; ++i) {
    auto g = gen::generate_program(gen::derive_seed(2024, i), p);
    if (auto broken = broken_property(g)) {
      ADD_FAILURE() << "program " << i << " of seed 2024: " << *broken;
      if (++failing >= 5)
        break;
    }
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "[ GenProgram ] " << n << " programs, " << failing << " failing, " << secs << " s\n";
}

// Every built-in profile generates programs with the same properties.
TEST(GenProgram, EveryProfileHoldsTheProperties) {
  for (const auto &[name, text] : gen::builtin_profiles()) {
    auto loaded = gen::load_profile(name);
    ASSERT_TRUE(loaded.profile) << name;
    for (uint64_t i = 0; i < 300; ++i) {
      auto g = gen::generate_program(gen::derive_seed(31, i), *loaded.profile);
      auto broken = broken_property(g);
      ASSERT_FALSE(broken) << name << " program " << i << ": " << *broken;
    }
  }
}

// A profile may ask for up to 64 lanes (limits.lanes); a vector access of a vector-dtype buffer
// multiplies its lanes by the buffer's, which must stay within [dtype.lanes]'s 64. Seed 1 of
// this profile made int32x128 and int32x256 values (programs 1177, 1348 and 2587) before.
TEST(GenProgram, VectorAccessesOfVectorBuffersStayWithin64Lanes) {
  auto loaded = gen::parse_profile("name: wide\nlimits:\n  lanes: [2, 4, 8, 16, 32, 64]\n",
                                   "wide.yaml", Profile::default_profile());
  ASSERT_TRUE(loaded.profile) << (loaded.diagnostics.empty()
                                      ? ""
                                      : ir::format(loaded.diagnostics.front()));
  uint64_t failing = 0;
  for (uint64_t i = 0; i < 3000 && failing < 5; ++i) {
    auto g = gen::generate_program(gen::derive_seed(1, i), *loaded.profile);
    if (auto d = oracle::check_module(g.module, "gen.py"); !d.empty()) {
      ++failing;
      ADD_FAILURE() << "program " << i << ": " << ir::format(d.front());
    }
  }
}

// Generated programs reach (nearly) every semantics rule of the spec under the oracle. The rules
// of TVM's constructs outside the spec (their section says "not in the spec": clz,
// allocate_const, ...) are the reader's and the oracle's, for programs TVM wrote; the generator
// makes programs of the spec.
TEST(GenProgram, ReachesTheSemanticsRules) {
  const Profile &p = Profile::default_profile();
  oracle::RuleCoverage cov;
  for (uint64_t i = 0; i < 1500; ++i) {
    auto g = gen::generate_program(gen::derive_seed(4242, i), p);
    ASSERT_FALSE(broken_property(g, &cov)) << i;
  }
  size_t total = 0, hit = 0;
  std::string missing;
  for (const auto &r : spec::Catalog::builtin().rules()) {
    if (r.kind != spec::RuleKind::Semantics ||
        r.section.find("not in the spec") != std::string::npos)
      continue;
    ++total;
    auto it = cov.counts().find(r.id);
    if (it != cov.counts().end() && it->second > 0)
      ++hit;
    else
      missing += " " + r.id;
  }
  EXPECT_GE(static_cast<double>(hit), 0.95 * static_cast<double>(total))
      << "not reached:" << missing;
}

} // namespace
} // namespace tirconf::gentest
