#include "features/psnr/psnr_params.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace fastvmaf::psnr {

namespace {
const char* const kPsnrName[3] = {"psnr_y", "psnr_cb", "psnr_cr"};
const char* const kMseName[3] = {"mse_y", "mse_cb", "mse_cr"};
const char* const kApsnrName[3] = {"apsnr_y", "apsnr_cb", "apsnr_cr"};
}  // namespace

PsnrScorer::PsnrScorer(const OptionSet& o)
    : enable_chroma_(o.get_bool("enable_chroma")),
      enable_mse_(o.get_bool("enable_mse")),
      enable_apsnr_(o.get_bool("enable_apsnr")),
      reduced_hbd_peak_(o.get_bool("reduced_hbd_peak")),
      min_sse_(o.get_double("min_sse")) {}

void PsnrScorer::init(const VideoGeometry& g) {
  bpc_ = g.bpc;
  peak_ = reduced_hbd_peak_ ? (255u * 1u) << (g.bpc - 8) : (1u << g.bpc) - 1u;
  for (unsigned i = 0; i < 3; ++i) {
    if (min_sse_ != 0.0) {
      // libvmaf floors the chroma size here (w / 2), unlike the planes it reads.
      const bool ss_hor = g.format != PixelFormat::YUV444;
      const bool ss_ver = g.format == PixelFormat::YUV420;
      const unsigned w = (i && ss_hor) ? g.width / 2 : g.width;
      const unsigned h = (i && ss_ver) ? g.height / 2 : g.height;
      const double mse = min_sse_ / (w * h);
      psnr_max_[i] = std::ceil(10. * std::log10(peak_ * peak_ / mse));
    } else {
      psnr_max_[i] = (6 * g.bpc) + 12;
    }
  }
}

void PsnrScorer::score(const std::uint64_t sse[], const unsigned width[], const unsigned height[]) {
  // libvmaf's 8-bit path uses a fixed peak of 255 whatever reduced_hbd_peak says.
  const std::uint32_t peak = bpc_ == 8 ? 255u : peak_;
  for (unsigned p = 0; p < planes(); ++p) {
    if (enable_apsnr_) {
      apsnr_sse_[p] += sse[p];
      apsnr_pixels_[p] += height[p] * width[p];
    }
    const double mse = static_cast<double>(sse[p]) / (width[p] * height[p]);
    mse_[p] = mse;
    psnr_[p] = std::min(10. * std::log10(peak * peak / std::max(mse, 1e-16)), psnr_max_[p]);
  }
}

void PsnrScorer::emit(unsigned index, FeatureSink& sink) const {
  for (unsigned p = 0; p < planes(); ++p) {
    sink.append(kPsnrName[p], index, psnr_[p]);
    if (enable_mse_) sink.append(kMseName[p], index, mse_[p]);
  }
}

void PsnrScorer::flush(FeatureCollector& sink) const {
  if (!enable_apsnr_) return;
  for (unsigned i = 0; i < 3; ++i) {
    // Same expression order as libvmaf (uint32 peak^2, then uint64 products).
    const double apsnr = 10 * (std::log10(peak_ * peak_) + std::log10(static_cast<double>(apsnr_pixels_[i])) -
                               std::log10(static_cast<double>(apsnr_sse_[i])));
    const double max_apsnr =
        std::ceil(10 * std::log10(static_cast<double>(peak_ * peak_ * apsnr_pixels_[i] * 2)));
    // MIN as libvmaf's macro: a NaN apsnr yields max_apsnr.
    sink.aggregate(kApsnrName[i], apsnr < max_apsnr ? apsnr : max_apsnr);
  }
}

void PsnrScorer::restart() {
  for (unsigned i = 0; i < 3; ++i) apsnr_sse_[i] = apsnr_pixels_[i] = 0;
}

std::vector<std::uint64_t> PsnrScorer::carry() const {
  if (!enable_apsnr_) return {};
  return {apsnr_sse_[0], apsnr_sse_[1], apsnr_sse_[2], apsnr_pixels_[0], apsnr_pixels_[1], apsnr_pixels_[2]};
}

void PsnrScorer::absorb(const std::vector<std::uint64_t>& later) {
  if (later.empty()) return;
  if (later.size() != 6) throw std::invalid_argument("psnr: a segment's carry is not the apsnr sums");
  for (unsigned i = 0; i < 3; ++i) {
    apsnr_sse_[i] += later[i];
    apsnr_pixels_[i] += later[3 + i];
  }
}

}  // namespace fastvmaf::psnr
