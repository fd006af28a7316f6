// What a run reads of its pictures (ExtractorInfo::planes_read): each extractor reads no
// plane it does not declare (its undeclared planes here are memory that faults on any
// read), and a run's scheduler reads the union of its extractors' planes, so that the
// reader keeps the pages of the others out of memory (MappedFrames.UnreadPlanesStayOut
// OfMemory in pair_reader_test.cpp).
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "core/collector.hpp"
#include "core/registry.hpp"
#include "engine/scheduler.hpp"
#include "picture_samples.hpp"

namespace fastvmaf {
namespace {

OptionSet options_of(const ExtractorInfo& info, std::initializer_list<std::pair<const char*, const char*>> kv = {}) {
  OptionDict d;
  for (const auto& [k, v] : kv) d.set(k, v);
  return OptionSet(info.name, info.options, d);
}

// Noise in every plane, so that no extractor takes a shortcut for flat pictures.
Picture noise(unsigned w, unsigned h, unsigned bpc, unsigned seed) {
  Picture pic = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
  std::mt19937 rng(seed);
  for (int p = 0; p < 3; ++p) {
    const Plane& pl = pic.plane(p);
    for (unsigned y = 0; y < pl.height; ++y)
      for (unsigned x = 0; x < pl.width; ++x) test::set_sample(pl, bpc, x, y, 16 + rng() % 200);
  }
  return pic;
}

// `pic` with the planes not in `set` moved to memory that may not be read (PROT_NONE).
Picture guarded(const Picture& pic, PlaneSet set) {
  Plane planes[3];
  std::size_t bytes = 0;
  for (int p = 0; p < 3; ++p) {
    planes[p] = pic.plane(p);
    const std::size_t size = static_cast<std::size_t>(planes[p].stride) * planes[p].height;
    bytes += size;
    if (has_plane(set, p)) continue;
    void* none = ::mmap(nullptr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (none == MAP_FAILED) std::abort();
    planes[p].data = static_cast<std::uint8_t*>(none);
  }
  // The mappings stay for the process (a death test's child): nothing to free.
  return Picture::wrap(pic.format(), pic.bpc(), pic.width(), pic.height(), planes, nullptr, bytes);
}

// Scores three frames of a pair whose undeclared planes fault when read; exits 0.
[[noreturn]] void score_guarded(const ExtractorInfo& info, const OptionSet& o, unsigned bpc) {
  constexpr unsigned kW = 320, kH = 256;
  const PlanesRead planes = planes_read_of(info, o);
  const Picture ref_pic = noise(kW, kH, bpc, 1), dis_pic = noise(kW, kH, bpc, 2);
  const Picture ref = guarded(ref_pic, planes.ref), dis = guarded(dis_pic, planes.dis);
  auto e = (*Registry::instance().factory(info.name, Backend::Cpu))(o);
  e->init({kW, kH, PixelFormat::YUV420, bpc});
  RecordingSink sink;
  for (unsigned i = 0; i < 3; ++i) {
    FrameInput in;
    in.index = i;
    in.ref = &ref;
    in.dis = &dis;
    if (info.needs_prev_ref && i >= 1) in.prev_ref = &ref;
    if (info.needs_prev_ref && i >= 2) in.prev_prev_ref = &ref;
    e->submit(in);
    e->collect(i, sink);
  }
  std::exit(sink.entries().empty() ? 1 : 0);
}

TEST(PlanesRead, EveryExtractorReadsOnlyThePlanesItDeclares) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const Registry& reg = Registry::instance();
  // The options that change what an extractor reads.
  const std::vector<std::pair<const char*, const char*>> variants = {
      {"cambi", "full_ref"}, {"psnr", "enable_chroma"}, {"float_motion", "motion_add_uv"}};
  unsigned declared = 0;
  for (const ExtractorInfo* info : reg.all()) {
    if (!reg.factory(info->name, Backend::Cpu)) continue;
    std::vector<std::pair<std::string, OptionSet>> sets = {{"defaults", options_of(*info)}};
    for (const auto& [name, option] : variants)
      if (info->name == name)
        for (const char* v : {"true", "false"})
          sets.emplace_back(std::string(option) + "=" + v, options_of(*info, {{option, v}}));
    if (info->planes_read) ++declared;
    for (const auto& [label, o] : sets)
      for (unsigned bpc : {8u, 10u}) {
        SCOPED_TRACE(info->name + " " + label + " " + std::to_string(bpc) + "-bit");
        EXPECT_EXIT(score_guarded(*info, o, bpc), ::testing::ExitedWithCode(0), "");
      }
  }
  // Every extractor but those reading every plane of both sides (ciede, psnr_hvs).
  EXPECT_GE(declared, 13u);
}

PlanesRead planes_of(std::initializer_list<std::pair<std::string, OptionDict>> slots) {
  const Registry& reg = Registry::instance();
  std::vector<SlotSpec> specs;
  for (const auto& [name, dict] : slots) {
    SlotSpec s;
    s.info = reg.by_name(name);
    s.options = OptionSet(name, s.info->options, dict);
    s.dedupe_key = name;
    s.factory = *reg.factory(name, Backend::Cpu);
    s.origin = "--feature " + name;
    specs.push_back(std::move(s));
  }
  return Scheduler(specs, {256, 224, PixelFormat::YUV420, 8}, 1, 1).planes_read();
}

TEST(PlanesRead, ARunReadsWhatAnyOfItsExtractorsReads) {
  OptionDict full_ref, no_chroma;
  full_ref.set("full_ref", "true");
  no_chroma.set("enable_chroma", "false");
  const PlanesRead cambi{kNoPlanes, kLumaPlane}, luma{kLumaPlane, kLumaPlane}, all{};
  EXPECT_EQ(planes_of({{"cambi", {}}}), cambi);
  EXPECT_EQ(planes_of({{"cambi", full_ref}}), luma);
  EXPECT_EQ(planes_of({{"motion", {}}}), (PlanesRead{kLumaPlane, kNoPlanes}));
  EXPECT_EQ(planes_of({{"motion", {}}, {"cambi", {}}}), luma);
  EXPECT_EQ(planes_of({{"adm", {}}, {"vif", {}}, {"motion", {}}}), luma);  // vmaf_v0.6.1
  EXPECT_EQ(planes_of({{"psnr", {}}}), all);
  EXPECT_EQ(planes_of({{"psnr", no_chroma}}), luma);
  EXPECT_EQ(planes_of({{"cambi", {}}, {"psnr", {}}}), all);
  EXPECT_EQ(planes_of({{"psnr", {}}, {"cambi", {}}}), all);
  EXPECT_EQ(planes_of({{"speed_chroma", {}}}), (PlanesRead{kChromaPlanes, kChromaPlanes}));
  EXPECT_EQ(planes_of({{"speed_chroma", {}}, {"float_ssim", {}}}).ref, kAllPlanes);
  EXPECT_EQ(planes_of({{"ciede", {}}}), all);
}

}  // namespace
}  // namespace fastvmaf
