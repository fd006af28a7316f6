#include "features/psnr/psnr.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdlib>

#include "core/registry.hpp"

namespace fastvmaf::psnr {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = {
      {.name = "enable_chroma", .type = OptType::Bool, .default_value = true,
       .help = "enable calculation for chroma channels"},
      {.name = "enable_mse", .type = OptType::Bool, .default_value = false, .help = "enable MSE calculation"},
      {.name = "enable_apsnr", .type = OptType::Bool, .default_value = false, .help = "enable APSNR calculation"},
      {.name = "reduced_hbd_peak", .type = OptType::Bool, .default_value = false,
       .help = "reduce hbd peak value to align with scaled 8-bit content"},
      {.name = "min_sse", .type = OptType::Double, .default_value = 0.0, .min = 0.0, .max = DBL_MAX,
       .help = "constrain the minimum possible sse"},
  };
  return specs;
}

namespace {
const char* const kPsnrName[3] = {"psnr_y", "psnr_cb", "psnr_cr"};
const char* const kMseName[3] = {"mse_y", "mse_cb", "mse_cr"};
const char* const kApsnrName[3] = {"apsnr_y", "apsnr_cb", "apsnr_cr"};
}  // namespace

PsnrExtractor::PsnrExtractor(const OptionSet& o)
    : enable_chroma_(o.get_bool("enable_chroma")),
      enable_mse_(o.get_bool("enable_mse")),
      enable_apsnr_(o.get_bool("enable_apsnr")),
      reduced_hbd_peak_(o.get_bool("reduced_hbd_peak")),
      min_sse_(o.get_double("min_sse")) {}

void PsnrExtractor::init(const VideoGeometry& g) {
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

std::uint64_t plane_sse(const Plane& ref, const Plane& dis, unsigned bpc) {
  std::uint64_t sse = 0;
  if (bpc == 8) {
    for (unsigned y = 0; y < ref.height; ++y) {
      const std::uint8_t* r = ref.row<std::uint8_t>(y);
      const std::uint8_t* d = dis.row<std::uint8_t>(y);
      std::uint32_t inner = 0;
      for (unsigned x = 0; x < ref.width; ++x) {
        const std::int16_t e = static_cast<std::int16_t>(r[x] - d[x]);
        inner += static_cast<std::uint32_t>(e * e);
      }
      sse += inner;
    }
  } else {
    for (unsigned y = 0; y < ref.height; ++y) {
      const std::uint16_t* r = ref.row<std::uint16_t>(y);
      const std::uint16_t* d = dis.row<std::uint16_t>(y);
      for (unsigned x = 0; x < ref.width; ++x) {
        const std::uint32_t e = static_cast<std::uint32_t>(std::abs(r[x] - d[x]));
        sse += e * e;
      }
    }
  }
  return sse;
}

void PsnrExtractor::submit(const FrameInput& f) {
  planes_ = enable_chroma_ ? 3 : 1;
  // libvmaf's 8-bit path uses a fixed peak of 255 whatever reduced_hbd_peak says.
  const std::uint32_t peak = bpc_ == 8 ? 255u : peak_;
  for (unsigned p = 0; p < planes_; ++p) {
    const Plane& r = f.ref->plane(static_cast<int>(p));
    const Plane& d = f.dis->plane(static_cast<int>(p));
    const std::uint64_t sse = plane_sse(r, d, bpc_);
    if (enable_apsnr_) {
      apsnr_sse_[p] += sse;
      apsnr_pixels_[p] += r.height * r.width;
    }
    const double mse = static_cast<double>(sse) / (r.width * r.height);
    mse_[p] = mse;
    psnr_[p] = std::min(10. * std::log10(peak * peak / std::max(mse, 1e-16)), psnr_max_[p]);
  }
}

void PsnrExtractor::collect(unsigned index, FeatureSink& sink) {
  for (unsigned p = 0; p < planes_; ++p) {
    sink.append(kPsnrName[p], index, psnr_[p]);
    if (enable_mse_) sink.append(kMseName[p], index, mse_[p]);
  }
}

void PsnrExtractor::flush(FeatureCollector& sink) {
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

namespace {
ExtractorInfo make_info() {
  ExtractorInfo info;
  info.name = "psnr";
  info.provided_features = {"psnr_y", "psnr_cb", "psnr_cr"};
  info.options = &option_specs();
  info.temporal = true;
  return info;
}
}  // namespace

FASTVMAF_REGISTER_EXTRACTOR(make_info());
FASTVMAF_REGISTER_BACKEND("psnr", Backend::Cpu, [](const OptionSet& o) { return std::make_unique<PsnrExtractor>(o); });

}  // namespace fastvmaf::psnr
