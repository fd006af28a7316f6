// An experimental twin (core/registry.hpp) is offered only when $FASTVMAF_EXPERIMENTAL_TWINS
// names it: no run picks a twin slower than the CPU extractor it would replace unasked.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>

#include "core/registry.hpp"

namespace fastvmaf {
namespace {

struct EnvGuard {
  ~EnvGuard() { ::unsetenv("FASTVMAF_EXPERIMENTAL_TWINS"); }
};

TEST(RegistryExperimental, OfferedOnlyWhenTheVariableNamesIt) {
  EnvGuard guard;
  ::unsetenv("FASTVMAF_EXPERIMENTAL_TWINS");
  Registry reg;
  const ExtractorFactory make = [](const OptionSet&) { return std::unique_ptr<FeatureExtractor>(); };
  reg.add_backend("float_ssim", Backend::Cuda, make, true);
  reg.add_backend("psnr", Backend::Cuda, make);
  EXPECT_EQ(reg.factory("float_ssim", Backend::Cuda), nullptr);
  EXPECT_NE(reg.factory("psnr", Backend::Cuda), nullptr);  // a regular twin: always
  // withheld (--list-features' "(experimental)"): exactly when factory() holds it back.
  EXPECT_TRUE(reg.withheld("float_ssim", Backend::Cuda));
  EXPECT_FALSE(reg.withheld("float_ssim", Backend::Hip));  // none registered there
  EXPECT_FALSE(reg.withheld("psnr", Backend::Cuda));
  for (const char* yes : {"float_ssim", "all", "float_ms_ssim,float_ssim", "float_ssim,cambi"}) {
    ::setenv("FASTVMAF_EXPERIMENTAL_TWINS", yes, 1);
    EXPECT_NE(reg.factory("float_ssim", Backend::Cuda), nullptr) << yes;
    EXPECT_FALSE(reg.withheld("float_ssim", Backend::Cuda)) << yes;
  }
  for (const char* no : {"", "float_ssi", "float_ssim_x", "float_ms_ssim", ",", "xfloat_ssim"}) {
    ::setenv("FASTVMAF_EXPERIMENTAL_TWINS", no, 1);
    EXPECT_EQ(reg.factory("float_ssim", Backend::Cuda), nullptr) << '"' << no << '"';
    EXPECT_TRUE(reg.withheld("float_ssim", Backend::Cuda)) << '"' << no << '"';
  }
}

TEST(RegistryExperimental, TheSsimTwinsAreExperimental) {
  EnvGuard guard;
  ::unsetenv("FASTVMAF_EXPERIMENTAL_TWINS");
  const Registry& reg = Registry::instance();
  for (Backend b : {Backend::Cuda, Backend::Hip, Backend::Sycl}) {
    EXPECT_EQ(reg.factory("float_ssim", b), nullptr) << to_string(b);
    EXPECT_EQ(reg.factory("float_ms_ssim", b), nullptr) << to_string(b);
  }
  EXPECT_NE(reg.factory("float_ssim", Backend::Cpu), nullptr);
}

}  // namespace
}  // namespace fastvmaf
