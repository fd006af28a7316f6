// A run of several workers says which segments each scored and when (Result::pieces, the
// CLI's --profile): every frame in exactly one segment, each segment's times in order.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "fastvmaf/engine.hpp"
#include "flat_y4m.hpp"

namespace fastvmaf {
namespace {

TEST(HybridPieces, EveryFrameInOneSegmentWithItsTimes) {
  const std::filesystem::path y4m =
      std::filesystem::temp_directory_path() / ("fastvmaf_hybrid_pieces_" + std::to_string(::getpid()) + ".y4m");
  test::write_flat_y4m(y4m.string(), 64, 64, 7, [](unsigned k) { return static_cast<unsigned char>(40 + 3 * k); });
  EngineOptions o;
  o.features = {{"psnr", {}}};
  o.backend = BackendChoice::Auto;
  o.threads = 2;
  o.segment_frames = 2;
  const Result r = Engine(o).run({y4m.string()}, {y4m.string()});
  std::filesystem::remove(y4m);
  ASSERT_EQ(r.frame_count, 7u);
  // In a build without any GPU backend, auto is the CPU's plain run: no workers, no segments.
  if (r.workers.empty()) GTEST_SKIP() << "no GPU backend built: auto runs without workers";
  std::vector<int> covered(7, 0);
  unsigned by_workers = 0;
  for (const auto& [worker, n] : r.workers) by_workers += n;
  EXPECT_EQ(by_workers, 7u);
  for (const auto& p : r.pieces) {
    EXPECT_FALSE(p.worker.empty());
    ASSERT_LT(p.first, p.end);
    ASSERT_LE(p.end, 7u);
    EXPECT_LE(p.end - p.first, 2u) << "--segment-frames 2";
    for (unsigned f = p.first; f < p.end; ++f) ++covered[f];
    EXPECT_GE(p.start_s, 0.0);
    EXPECT_LE(p.start_s, p.end_s);
  }
  for (unsigned f = 0; f < 7; ++f) EXPECT_EQ(covered[f], 1) << "frame " << f;
  for (std::size_t k = 1; k < r.pieces.size(); ++k) EXPECT_LE(r.pieces[k - 1].end_s, r.pieces[k].end_s) << "in the order they ended";
}

}  // namespace
}  // namespace fastvmaf
