// Generation profiles: the compiled-in ones parse, overrides apply, and malformed files are
// diagnosed at file:line:col.
#include <gtest/gtest.h>

#include "generators/profile.h"

namespace tirconf::gen {
namespace {

TEST(GenProfile, DefaultProfileEnablesEveryConstruct) {
  const Profile &p = Profile::default_profile();
  EXPECT_EQ(p.name, "default");
  for (int w : p.stmt)
    EXPECT_GT(w, 0);
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

TEST(GenProfile, MissingProfileNamesTheBuiltins) {
  auto r = load_profile("no_such_profile");
  ASSERT_FALSE(r.profile);
  EXPECT_NE(ir::format(r.diagnostics.front()).find("default"), std::string::npos);
}

} // namespace
} // namespace tirconf::gen
