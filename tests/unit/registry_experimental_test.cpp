// An experimental twin (core/registry.hpp) is offered only when $FASTVMAF_EXPERIMENTAL_TWINS
// names it: no run picks a twin slower than the CPU extractor it would replace unasked.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/registry.hpp"
#include "fastvmaf/engine.hpp"

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

// Which twins are experimental (docs/conformance.md): MS-SSIM's (slower than the CPU) and
// CIEDE's (its JIT does not finish on an NVIDIA GPU) on SYCL only; SSIM's and PSNR-HVS's are
// regular everywhere. Checked on the backends built into this binary (those with a
// float_psnr twin); the others register nothing.
TEST(RegistryExperimental, WhichTwinsAreExperimental) {
  EnvGuard guard;
  ::unsetenv("FASTVMAF_EXPERIMENTAL_TWINS");
  const Registry& reg = Registry::instance();
  unsigned checked = 0;
  for (Backend b : {Backend::Cuda, Backend::Hip, Backend::Sycl}) {
    if (reg.factory("float_psnr", b) == nullptr) continue;
    ++checked;
    const bool sycl = b == Backend::Sycl;
    for (const char* name : {"float_ms_ssim", "ciede"}) {
      EXPECT_EQ(reg.withheld(name, b), sycl) << name << " on " << to_string(b);
      EXPECT_EQ(reg.factory(name, b) == nullptr, sycl) << name << " on " << to_string(b);
    }
    for (const char* name : {"float_ssim", "psnr_hvs"}) {
      EXPECT_FALSE(reg.withheld(name, b)) << name << " on " << to_string(b);
      EXPECT_NE(reg.factory(name, b), nullptr) << name << " on " << to_string(b);
    }
  }
  EXPECT_NE(reg.factory("float_ssim", Backend::Cpu), nullptr);
  if (checked == 0) GTEST_SKIP() << "no GPU backend built into this binary";
}

// A name that is not an extractor (a typo) would leave the twin unused without a word: the
// engine refuses it, naming the variable; names, "all" and empty items are taken.
TEST(RegistryExperimental, AMisspeltNameIsRefused) {
  EnvGuard guard;
  EngineOptions o;
  o.features = {{"psnr", {}}};
  for (const char* ok : {"float_ssim", "all", "float_ssim,psnr_hvs", "psnr_hvs,", ""}) {
    ::setenv("FASTVMAF_EXPERIMENTAL_TWINS", ok, 1);
    EXPECT_NO_THROW(Engine{o}) << ok;
  }
  for (const char* bad : {"float_ssi", "float_ssim,psnrhvs", "ALL"}) {
    ::setenv("FASTVMAF_EXPERIMENTAL_TWINS", bad, 1);
    try {
      Engine e(o);
      ADD_FAILURE() << bad << " was taken";
    } catch (const std::invalid_argument& x) {
      EXPECT_NE(std::string(x.what()).find("FASTVMAF_EXPERIMENTAL_TWINS"), std::string::npos) << x.what();
    }
  }
}

}  // namespace
}  // namespace fastvmaf
