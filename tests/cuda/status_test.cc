// The host side of the CUDA backend's status word (backends/cuda/status.h): what a finished
// launch's word means, decoded without a GPU.
#include <gtest/gtest.h>

#include "backends/cuda/status.h"

namespace tirconf::backends::cuda {
namespace {

const std::vector<FailSite> kSites = {
    {runtime::ErrorClass::DivideByZero, "sem.expr.floordiv", {3, 9}, "integer divide by zero"},
    {runtime::ErrorClass::Assert, "sem.stmt.assert", {5, 1}, "x is {a}, y is {b}"},
};

TEST(CudaStatusWord, NoFailureIsNoOutcome) {
  StatusWord w;
  EXPECT_EQ(w.site, kNoFailure);
  EXPECT_FALSE(failure_outcome(w, kSites, "f.py").has_value());
}

TEST(CudaStatusWord, ASiteBecomesItsErrorWithDetails) {
  StatusWord w;
  w.site = 1;
  w.a = -7;
  w.b = 42;
  const auto o = failure_outcome(w, kSites, "f.py");
  ASSERT_TRUE(o.has_value());
  ASSERT_EQ(o->kind(), runtime::OutcomeKind::Error);
  EXPECT_EQ(o->error().error_class, runtime::ErrorClass::Assert);
  EXPECT_EQ(o->error().rule, "sem.stmt.assert");
  EXPECT_EQ(o->error().message, "x is -7, y is 42");
  EXPECT_EQ(o->error().where.file, "f.py");
  EXPECT_EQ(o->error().where.loc.line, 5);

  w.site = 0;
  const auto d = failure_outcome(w, kSites, "f.py");
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->error().error_class, runtime::ErrorClass::DivideByZero);
}

TEST(CudaStatusWord, AnUnknownSiteIsACrashNotAnError) {
  StatusWord w;
  w.site = 17;
  const auto o = failure_outcome(w, kSites, "f.py");
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->kind(), runtime::OutcomeKind::Crash);
}

TEST(CudaStatusWord, RetValueFromItsBits) {
  StatusWord w;
  EXPECT_FALSE(returned_value(w, ir::DataType::Int(32)).has_value());
  w.returned = 1;
  w.ret = 0xffffffffu; // int32 -1, zero-extended by the device
  const auto v = returned_value(w, ir::DataType::Int(32));
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->dtype(), ir::DataType::Int(32));
  EXPECT_EQ(v->bits(0), 0xffffffffu);
  w.ret = 0x3f800000u; // 1.0f
  const auto f = returned_value(w, ir::DataType::Float(32));
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->bits(0), 0x3f800000u);
}

} // namespace
} // namespace tirconf::backends::cuda
