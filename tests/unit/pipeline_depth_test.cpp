// The depth of a run's pipeline (engine/pipeline_depth.hpp): what each run reads ahead
// and keeps in flight, by frame size, threads and device.
#include "engine/pipeline_depth.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>

namespace fastvmaf {
namespace {

// Two 8-bit 4:2:0 pictures of w x h.
std::size_t pair_of(std::size_t w, std::size_t h) { return 2 * (w * h * 3 / 2); }

TEST(PipelineDepth, LargeFramesOnTheCpuAreReadAtMostTwoAhead) {
  for (std::size_t bytes : {pair_of(1920, 1080), pair_of(3840, 2160), 2 * pair_of(1920, 1080)}) {
    for (unsigned threads : {1u, 2u, 4u, 16u, 64u}) {
      SCOPED_TRACE(testing::Message() << bytes << " bytes, " << threads << " threads");
      const PipelineDepth d = pipeline_depth(bytes, threads, false, 0, 16);
      EXPECT_EQ(d.ahead, std::min(threads, 2u));
      EXPECT_EQ(d.readers, 1u);
      EXPECT_GE(d.in_flight, std::min(threads, 8u));  // 4K: 256 MiB hold ten pairs
      EXPECT_LE((d.ahead + d.in_flight) * bytes, std::size_t{300} << 20) << "pictures alive within the budget";
    }
  }
  // A frame per thread and two of slack; one thread keeps one frame beside the one it scores.
  EXPECT_EQ(pipeline_depth(pair_of(1920, 1080), 16, false, 0, 16).in_flight, 18u);
  EXPECT_EQ(pipeline_depth(pair_of(1920, 1080), 2, false, 0, 16).in_flight, 4u);
  EXPECT_EQ(pipeline_depth(pair_of(1920, 1080), 1, false, 0, 16).in_flight, 2u);
  EXPECT_EQ(pipeline_depth(pair_of(3840, 2160), 16, false, 0, 16).in_flight, 8u);  // 10 pairs in 256 MiB
}

TEST(PipelineDepth, SmallFramesAreReadAheadByThreadOrBySixteen) {
  // 576x324: sixteen pairs are 9 MB, within 8 MiB fourteen.
  EXPECT_EQ(pipeline_depth(pair_of(576, 324), 1, false, 0, 16).ahead, 14u);
  EXPECT_EQ(pipeline_depth(pair_of(64, 64), 2, false, 0, 16).ahead, 16u);
  // 720p (2.8 MB a pair, not large): three within 8 MiB, else a frame per thread, at most
  // a third of the pairs 256 MiB hold (97).
  EXPECT_EQ(pipeline_depth(pair_of(1280, 720), 2, false, 0, 16).ahead, 3u);
  EXPECT_EQ(pipeline_depth(pair_of(1280, 720), 16, false, 0, 16).ahead, 16u);
  EXPECT_EQ(pipeline_depth(pair_of(1280, 720), 64, false, 0, 16).ahead, 32u);
}

TEST(PipelineDepth, ADeviceRunReadsWithAQuarterOfTheCoresAndFillsItsPipeline) {
  const PipelineDepth d = pipeline_depth(pair_of(1920, 1080), 16, true, 6, 16);
  EXPECT_EQ(d.readers, 4u);
  EXPECT_GE(d.ahead, 8u);  // two a reader: large frames too
  EXPECT_GE(d.in_flight, 8u);  // the device's depth and two
  EXPECT_EQ(pipeline_depth(pair_of(1920, 1080), 16, true, 6, 64).readers, 4u);
  EXPECT_EQ(pipeline_depth(pair_of(1920, 1080), 2, true, 6, 2).readers, 1u);
  EXPECT_EQ(pipeline_depth(pair_of(1920, 1080), 2, true, 6, 2).ahead, 2u);  // one reader: a frame per thread
}

}  // namespace
}  // namespace fastvmaf
