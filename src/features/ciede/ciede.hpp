// libvmaf's CIEDE2000 extractor ("ciede") on the CPU: every pixel's colour difference
// between the reference and the distorted picture, in Lab, averaged; ciede2000 =
// 45 - 20 log10(mean). Chroma is brought to the luma grid the way libvmaf's
// scale_chroma_planes does it (see chroma_index). Non-temporal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/extractor.hpp"
#include "features/ciede/ciede_math.hpp"

namespace fastvmaf::ciede {

// The format's chroma_flat_index shifts (ciede_math.hpp), and that index for luma
// position (row, col) of a chroma plane of `stride` samples a row.
struct ChromaShifts {
  unsigned row, col;
};
ChromaShifts chroma_shifts(PixelFormat format);
std::size_t chroma_index(PixelFormat format, unsigned row, unsigned col, std::size_t stride);

// The extractor's depth check (8, 10, 12 and 16 bits), with its message.
void check_depth(unsigned bpc);
// A frame's score from the sum of its pixels' differences: 45 - 20 log10(mean).
double score_of(double sum, unsigned width, unsigned height);

// A direct-mapped memo of lab_color by sample triple: frames repeat triples a lot
// (2-12% of the lookups are distinct on the corpus), and the conversion costs six
// pow calls. The memo returns the very values lab_color computes.
class LabCache {
 public:
  explicit LabCache(unsigned bpc);
  Lab get(unsigned y, unsigned u, unsigned v) { return get(y | (std::uint64_t{u} << 16) | (std::uint64_t{v} << 32)); }
  Lab get(std::uint64_t packed);  // pack_triple(y, u, v)

 private:
  static constexpr int kBits = 17;
  struct Entry {
    std::uint64_t key = ~std::uint64_t{0};  // no triple packs to this
    Lab lab{};
  };
  unsigned bpc_;
  std::vector<Entry> table_;
};

// A direct-mapped memo of the colour difference by pair of sample triples: flat and
// smooth areas repeat pairs (0.5-12% of the differing pixels are distinct pairs on most
// corpus frames, 65% on the most textured), and one difference costs a dozen libm
// calls. It returns the very value ciede2000 computes for the pair.
class DifferenceCache {
 public:
  DifferenceCache();
  // `ref` and `dis`: packed triples (pack_triple); `labs` computes on a miss.
  float get(std::uint64_t ref, std::uint64_t dis, LabCache& labs);

 private:
  static constexpr int kBits = 16;
  struct Entry {
    std::uint64_t ref = ~std::uint64_t{0}, dis = ~std::uint64_t{0};
    float value = 0;
  };
  std::vector<Entry> table_;
};

// y | u << 16 | v << 32: one key per sample triple of any depth.
inline std::uint64_t pack_triple(unsigned y, unsigned u, unsigned v) {
  return y | (std::uint64_t{u} << 16) | (std::uint64_t{v} << 32);
}

// A frame's sum of its pixels' differences, a double added in raster order (libvmaf's).
double sum_of_differences(const Picture& ref, const Picture& dis, LabCache& labs, DifferenceCache& differences);

class CiedeExtractor final : public FeatureExtractor {
 public:
  explicit CiedeExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

 private:
  VideoGeometry g_;
  LabCache labs_{8};
  DifferenceCache differences_;
  double score_ = 0;
};

}  // namespace fastvmaf::ciede
