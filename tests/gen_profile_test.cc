// Generation profiles: the compiled-in ones parse, overrides apply, malformed files are
// diagnosed at file:line:col, and a changed weight changes what is generated.
#include <gtest/gtest.h>

#include <functional>

#include "generators/profile.h"
#include "generators/program_gen.h"
#include "ir/tvmscript/printer.h"

namespace tirconf::gen {
namespace {

TEST(GenProfile, DefaultProfileEnablesEveryConstruct) {
  const Profile &p = Profile::default_profile();
  EXPECT_EQ(p.name, "default");
  // Except GPU kernels, the gpu profile's: no CPU backend runs their barriers.
  for (size_t k = 0; k < p.stmt.size(); ++k)
    EXPECT_EQ(p.stmt[k] > 0, StmtChoice(k) != StmtChoice::GpuKernel) << name_of(StmtChoice(k));
  for (int w : p.expr)
    EXPECT_GT(w, 0);
  for (int w : p.builtin)
    EXPECT_GT(w, 0);
  for (int w : p.for_kind)
    EXPECT_GT(w, 0);
  for (int w : p.dtype)
    EXPECT_GT(w, 0);
  EXPECT_TRUE(p.features.floats && p.features.threads && p.features.calls &&
              p.features.float_specials);
}

TEST(GenProfile, EveryBuiltinProfileLoads) {
  ASSERT_GE(builtin_profiles().size(), 2u);
  for (const auto &[name, text] : builtin_profiles()) {
    auto r = load_profile(name);
    ASSERT_TRUE(r.profile) << name << ": " << ir::format(r.diagnostics.front());
    EXPECT_EQ(r.profile->name, name);
  }
}

TEST(GenProfile, OverridesOnlyWhatItLists) {
  auto r =
      parse_profile("limits: {loop_extent: 4}\nfeatures: {floats: false}\ndtypes: {int64: 0}\n",
                    "p.yaml", Profile::default_profile());
  ASSERT_TRUE(r.profile);
  EXPECT_EQ(r.profile->limits.loop_extent, 4);
  EXPECT_FALSE(r.profile->features.floats);
  EXPECT_EQ(r.profile->dtype[size_t(DtypeChoice::Int64)], 0);
  EXPECT_EQ(r.profile->limits.work, Profile::default_profile().limits.work);
  EXPECT_EQ(r.profile->dtype[size_t(DtypeChoice::Int32)],
            Profile::default_profile().dtype[size_t(DtypeChoice::Int32)]);
}

std::string error_of(const std::string &text) {
  auto r = parse_profile(text, "bad.yaml", Profile::default_profile());
  EXPECT_FALSE(r.profile);
  return r.diagnostics.empty() ? "" : ir::format(r.diagnostics.front());
}

TEST(GenProfile, UnknownKeyIsAnErrorAtItsPlace) {
  EXPECT_EQ(error_of("limits:\n  loop_extnt: 4\n"),
            "bad.yaml:2:3: error: limits: unknown key 'loop_extnt'");
  EXPECT_NE(
      error_of("statments: {store: 1}\n").find("bad.yaml:1:1: error: unknown key 'statments'"),
      std::string::npos);
}

TEST(GenProfile, BadValuesAreErrorsAtTheirPlace) {
  EXPECT_EQ(error_of("limits:\n  work: lots\n"),
            "bad.yaml:2:9: error: limits.work: expected an integer, got 'lots'");
  EXPECT_EQ(error_of("features: {floats: maybe}\n"),
            "bad.yaml:1:20: error: features.floats: expected true or false, got 'maybe'");
  EXPECT_EQ(error_of("limits: {buffer_dims: 9}\n"),
            "bad.yaml:1:23: error: limits.buffer_dims: 9 is outside [1, 4]");
  EXPECT_EQ(error_of("limits: {lanes: [1]}\n"),
            "bad.yaml:1:18: error: limits.lanes: 1 is outside [2, 64]");
}

TEST(GenProfile, MalformedYamlIsAnErrorWithALocation) {
  const std::string e = error_of("limits: {work: 3\n");
  EXPECT_EQ(e.rfind("bad.yaml:", 0), 0u) << e;
  EXPECT_NE(e.find(": error: "), std::string::npos) << e;
}

TEST(GenProfile, AProfileMustKeepTheEssentials) {
  EXPECT_NE(error_of("statements: {store: 0}\n").find("statements.store: must be positive"),
            std::string::npos);
  EXPECT_NE(error_of("dtypes: {int32: 0, int8: 0, int16: 0, int64: 0, uint8: 0, uint16: 0, uint32: "
                     "0, uint64: 0}\n")
                .find("at least one non-bool integer dtype"),
            std::string::npos);
}

TEST(GenProfile, ChancesAndChoiceWeightsAreCheckedWhereTheyAre) {
  EXPECT_EQ(error_of("chances:\n  else_branch: 101\n"),
            "bad.yaml:2:16: error: chances.else_branch: 101 is outside [0, 100]");
  EXPECT_EQ(error_of("chances: {else_branch: -1}\n"),
            "bad.yaml:1:24: error: chances.else_branch: -1 is outside [0, 100]");
  EXPECT_EQ(error_of("chances:\n  els_branch: 10\n"),
            "bad.yaml:2:3: error: chances: unknown key 'els_branch'");
  EXPECT_EQ(
      error_of("reduction_ops: {add: 1, maximum: 1}\n"),
      "bad.yaml:1:25: error: reduction_ops: unknown key 'maximum' (known: add, mul, max, min)");
  EXPECT_NE(error_of("helper_kinds: {scalar: 0, recursive: 0, buffer: 0}\n")
                .find("helper_kinds: at least one weight must be positive"),
            std::string::npos);
}

// How many of `count` programs (seed 1) generated under `profile_text` have the property.
size_t programs_with(const std::string &profile_text, size_t count,
                     const std::function<bool(const GeneratedProgram &)> &has) {
  auto r = parse_profile(profile_text, "p.yaml", Profile::default_profile());
  EXPECT_TRUE(r.profile) << (r.diagnostics.empty() ? "" : ir::format(r.diagnostics.front()));
  if (!r.profile)
    return 0;
  size_t n = 0;
  for (size_t i = 0; i < count; ++i)
    n += has(generate_program(derive_seed(1, i), *r.profile));
  return n;
}

bool main_returns_a_value(const GeneratedProgram &g) {
  for (const auto &[gv, f] : g.module->functions)
    if (gv->name_hint == "main")
      return f->ret_type && !f->ret_type->is_void_tuple();
  return false;
}

TEST(GenProfile, AChanceOfZeroNeverHappensAndOfHundredAlways) {
  const size_t n = 500;
  const size_t by_default = programs_with("", n, main_returns_a_value);
  EXPECT_GT(by_default, 0u);
  EXPECT_LT(by_default, n);
  EXPECT_EQ(programs_with("chances: {main_returns_value: 0}\n", n, main_returns_a_value), 0u);
  EXPECT_EQ(programs_with("chances: {main_returns_value: 100}\n", n, main_returns_a_value), n);
}

TEST(GenProfile, AChoiceWeightOfZeroRemovesItsAlternative) {
  const size_t n = 500;
  auto assumes = [](const GeneratedProgram &g) {
    return ir::print_tvmscript(g.module).find("T.assume(") != std::string::npos;
  };
  EXPECT_GT(programs_with("", n, assumes), 0u);
  EXPECT_EQ(programs_with("evaluate_kinds: {assume: 0}\n", n, assumes), 0u);
}

TEST(GenProfile, MissingProfileNamesTheBuiltins) {
  auto r = load_profile("no_such_profile");
  ASSERT_FALSE(r.profile);
  EXPECT_NE(ir::format(r.diagnostics.front()).find("default"), std::string::npos);
}

} // namespace
} // namespace tirconf::gen
