#include "features/cambi/cambi_params.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <functional>
#include <stdexcept>

#include "core/options.hpp"
#include "features/cambi/cambi_options.hpp"

namespace fastvmaf::cambi {

// ---- geometry -------------------------------------------------------------------

int adjusted_window(int window_size, unsigned width, unsigned height, bool high_res_speedup) {
  // libvmaf keeps the window in a uint16_t; the product is unsigned (w + h is).
  auto w = static_cast<std::uint16_t>(((static_cast<unsigned>(window_size) * (width + height)) / 375) >> 4);
  if (high_res_speedup) w = static_cast<std::uint16_t>((w + 1) >> 1);
  return w | 1;
}

int pixels_in_window(int window) {
  const auto odd = static_cast<std::uint16_t>(2 * (window >> 1) + 1);
  return static_cast<std::uint16_t>(odd * odd);
}

int ceil_log2(std::uint32_t n) {
  if (n == 0) return 0;
  int shift = 0;
  for (std::uint32_t t = n - 1; t > 0; t >>= 1) ++shift;
  return shift;
}

int mask_index(unsigned width, unsigned height) {
  const std::uint32_t shifted_wh = (width >> 6) * (height >> 6);
  return static_cast<std::uint16_t>(
      (kMaskFilterSize * kMaskFilterSize + 3 * (ceil_log2(shifted_wh) - 11) - 1) >> 1);
}

int effective_high_res_speedup(int option, unsigned enc_width, unsigned enc_height) {
  const long pixels = static_cast<long>(enc_width) * enc_height;
  switch (option) {
    case 1080: return pixels < kSpeedupPixels1080p ? 0 : option;
    case 1440: return pixels < kSpeedupPixels1440p ? 0 : option;
    case 2160: return pixels < kSpeedupPixels2160p ? 0 : option;
    default: return 0;
  }
}

std::vector<std::uint32_t> resize_source_indices(unsigned in, unsigned out) {
  std::vector<std::uint32_t> idx(out);
  if (in == out) {
    for (unsigned j = 0; j < out; ++j) idx[j] = j;
    return idx;
  }
  // libvmaf: float ratio and position, the start rounded through double, the position
  // accumulated in float, the index truncated from the double x + 0.5.
  const float ratio = static_cast<float>(in) / static_cast<float>(out);
  float x = static_cast<float>(ratio / 2 - 0.5);
  for (unsigned j = 0; j < out; ++j) {
    const auto src = static_cast<unsigned>(static_cast<int>(x + 0.5));
    idx[j] = std::min(src, in - 1);  // never reached by libvmaf's sizes; keeps us in bounds
    x += ratio;
  }
  return idx;
}

// The largest (odd) adjusted window the reciprocal table holds.
constexpr int kMaxFittingWindow = 65;
static_assert(window_fits_lut(kMaxFittingWindow) && !window_fits_lut(kMaxFittingWindow + 2));

WindowCheck check_window(int window_size, unsigned enc_width, unsigned enc_height, unsigned src_width,
                         unsigned src_height, bool high_res_speedup) {
  WindowCheck r;
  const int enc = adjusted_window(window_size, enc_width, enc_height, high_res_speedup);
  const int src = adjusted_window(window_size, src_width, src_height, high_res_speedup);
  r.window = std::max(enc, src);
  if (!window_fits_lut(r.window)) {
    r.error = -EINVAL;
    // libvmaf prints the adjusted window, which a user never gave: say which size made
    // it grow and what window_size fits there.
    const bool at_src = src > enc;
    const unsigned w = at_src ? src_width : enc_width, h = at_src ? src_height : enc_height;
    int fits = window_size;
    while (fits > 0 && !window_fits_lut(adjusted_window(fits, w, h, high_res_speedup))) --fits;
    r.message = fmt::format(
        "cambi: window_size {} too large for reciprocal LUT: at {}{}x{} the window grows to {} (it scales with "
        "width + height{}), above {}; {}",
        window_size, at_src ? "the source size " : "", w, h, r.window, high_res_speedup ? ", halved by the speed-up" : "",
        kMaxFittingWindow,
        fits >= kMinWindowSize ? fmt::format("window_size can be at most {} there", fits)
                               : fmt::format("no window_size of at least {} fits there", kMinWindowSize));
  }
  return r;
}

// ---- luminance, thresholds ------------------------------------------------------------

namespace {

constexpr int kFoot10 = 16 << 2;   // limited range at 10 bits
constexpr int kHead10 = 235 << 2;

double bt1886_eotf(double v) {
  constexpr double gamma = 2.4, lw = 300.0, lb = 0.01;
  const double a = std::pow(std::pow(lw, 1.0 / gamma) - std::pow(lb, 1.0 / gamma), gamma);
  const double b = std::pow(lb, 1.0 / gamma) / (std::pow(lw, 1.0 / gamma) - std::pow(lb, 1.0 / gamma));
  return a * std::pow(std::max(v + b, 0.0), gamma);
}

double pq_eotf(double v) {
  constexpr double m1 = 0.1593017578125, m2 = 78.84375;
  constexpr double c1 = 0.8359375, c2 = 18.8515625, c3 = 18.6875;
  const double num = std::pow(v, 1.0 / m2) - c1;
  const double den = c2 - c3 * std::pow(v, 1.0 / m2);
  return 10000 * std::pow(std::max(num, 0.0) / den, 1.0 / m1);
}

// libvmaf tvi_condition: the step from `sample` to `sample + diff` is visible.
bool visible_step(int sample, int diff, double tvi_threshold, Eotf eotf) {
  const double mean = luminance(sample, eotf);
  const double stepped = luminance(sample + diff, eotf);
  return stepped - mean > tvi_threshold * mean;
}

enum class Bisect { TooSmall, Correct, TooBig };

// libvmaf tvi_hard_threshold_condition: `sample` is the last one whose step is visible.
Bisect classify(int sample, int diff, double tvi_threshold, Eotf eotf) {
  if (!visible_step(sample, diff, tvi_threshold, eotf)) return Bisect::TooBig;
  if (visible_step(sample + 1, diff, tvi_threshold, eotf)) return Bisect::TooSmall;
  return Bisect::Correct;
}

}  // namespace

double luminance(int sample10, Eotf eotf) {
  const int clipped = std::clamp(sample10, kFoot10, kHead10);
  const double normalized = static_cast<double>(clipped - kFoot10) / (kHead10 - kFoot10);
  return eotf == Eotf::Pq ? pq_eotf(normalized) : bt1886_eotf(normalized);
}

int tvi_for_diff(int diff, double tvi_threshold, Eotf eotf) {
  int foot = kFoot10;
  int head = kHead10 - diff - 1;
  switch (classify(foot, diff, tvi_threshold, eotf)) {
    case Bisect::TooBig: return 0;
    case Bisect::Correct: return foot;
    case Bisect::TooSmall: break;
  }
  switch (classify(head, diff, tvi_threshold, eotf)) {
    case Bisect::TooSmall: return (1 << 10) - 1;
    case Bisect::Correct: return head;
    case Bisect::TooBig: break;
  }
  for (;;) {
    const int mid = foot + (head - foot) / 2;
    switch (classify(mid, diff, tvi_threshold, eotf)) {
      case Bisect::TooBig: head = mid; break;
      case Bisect::TooSmall: foot = mid; break;
      case Bisect::Correct: return mid;
    }
  }
}

int vlt_luma(double vis_lum_threshold, Eotf eotf) {
  // libvmaf walks up from the foot without bound; above the head the luminance no longer
  // grows, so a threshold it never reaches would loop forever there.
  int sample = kFoot10;
  while (luminance(sample, eotf) < vis_lum_threshold) {
    if (sample == kHead10)
      throw std::invalid_argument(fmt::format(
          "cambi: cambi_vis_lum_threshold {} is above the peak luminance {} of the EOTF", vis_lum_threshold,
          luminance(kHead10, eotf)));
    ++sample;
  }
  return sample == kFoot10 ? 0 : sample;
}

CValueTables make_contrast_tables(int max_log_contrast, double tvi_threshold, double vis_lum_threshold, Eotf eotf) {
  CValueTables t;
  t.num_diffs = 1 << max_log_contrast;
  for (int d = 0; d < t.num_diffs; ++d) {
    t.weights[d] = kContrastWeights[d];
    t.tvi[d] = static_cast<std::uint16_t>(tvi_for_diff(d + 1, tvi_threshold, eotf) + t.num_diffs);
    // c_value_pixel reads d + 1 levels above a value <= tvi[d]; that stays inside the band
    // (which ends at tvi[num_diffs - 1]) because a larger step is visible up to a higher
    // sample. Checked, not assumed.
    if (d > 0 && t.tvi[d] < t.tvi[d - 1])
      throw std::logic_error("cambi: TVI thresholds are not monotone in the contrast");
  }
  t.vlt_luma = vlt_luma(vis_lum_threshold, eotf);
  t.band_base = std::max(0, t.vlt_luma - 3 * t.num_diffs + 1);
  // libvmaf computes the size in uint16_t; when the visibility luma lies above every TVI
  // threshold it wraps to a huge band in which no c-value can be non-zero. An empty band
  // gives the same (all-zero) c-values without the histograms.
  t.band_size = std::max(0, t.tvi[t.num_diffs - 1] + 1 - t.band_base);
  return t;
}

// ---- options and plan -------------------------------------------------------------

Settings settings_from_options(const OptionSet& o) {
  Settings s;
  s.max_val = o.get_double("cambi_max_val");
  s.enc_width = o.get_int("enc_width");
  s.enc_height = o.get_int("enc_height");
  s.enc_bitdepth = o.get_int("enc_bitdepth");
  s.src_width = o.get_int("src_width");
  s.src_height = o.get_int("src_height");
  s.window_size = o.get_int("window_size");
  // libvmaf: topk when it differs from the default, else cambi_topk.
  const double topk = o.get_double("topk");
  s.topk = topk != kDefaultTopk ? topk : o.get_double("cambi_topk");
  s.tvi_threshold = o.get_double("tvi_threshold");
  s.vis_lum_threshold = o.get_double("cambi_vis_lum_threshold");
  s.max_log_contrast = o.get_int("max_log_contrast");
  s.heatmaps_path = o.get_string("heatmaps_path");
  s.full_ref = o.get_bool("full_ref");
  // libvmaf: cambi_eotf when it differs from the default, else eotf.
  const std::string& cambi_eotf = o.get_string("cambi_eotf");
  const std::string& eotf = cambi_eotf != "bt1886" ? cambi_eotf : o.get_string("eotf");
  s.eotf = eotf == "pq" ? Eotf::Pq : Eotf::Bt1886;
  s.high_res_speedup = o.get_int("cambi_high_res_speedup");
  return s;
}

namespace {

void plan_side(SidePlan& side, unsigned width, unsigned height, int window_size, bool speedup,
               const VideoGeometry& g) {
  side.width = width;
  side.height = height;
  side.window = adjusted_window(window_size, width, height, speedup);
  side.mask_index = mask_index(width, height);
  unsigned w = width, h = height;
  for (int s = 0; s < kNumScales; ++s) {
    if (s > 0 || speedup) {
      w = (w + 1) >> 1;
      h = (h + 1) >> 1;
    }
    side.scales[s] = {w, h};
  }
  side.source_x = resize_source_indices(g.width, width);
  side.source_y = resize_source_indices(g.height, height);
}

}  // namespace

Plan make_plan(const Settings& s, const VideoGeometry& g) {
  Plan p;
  p.settings = s;
  p.enc_bitdepth = s.enc_bitdepth == 0 ? g.bpc : static_cast<unsigned>(s.enc_bitdepth);
  unsigned enc_w = g.width, enc_h = g.height, src_w = g.width, src_h = g.height;
  if (s.enc_width != 0 && s.enc_height != 0) {
    enc_w = static_cast<unsigned>(s.enc_width);
    enc_h = static_cast<unsigned>(s.enc_height);
  }
  if (s.src_width != 0 && s.src_height != 0) {
    src_w = static_cast<unsigned>(s.src_width);
    src_h = static_cast<unsigned>(s.src_height);
  }
  // An encode smaller than the picture was upscaled for display; it is not upscaled back.
  if (enc_h > g.height || enc_w > g.width) {
    enc_w = g.width;
    enc_h = g.height;
  }
  if (enc_w < kMinWidthHeight && enc_h < kMinWidthHeight)
    throw std::invalid_argument(
        fmt::format("cambi: frame {}x{} is too small: the width or the height must be at least {}", enc_w, enc_h,
                    kMinWidthHeight));
  if (src_w < kMinWidthHeight && src_h < kMinWidthHeight)
    throw std::invalid_argument(
        fmt::format("cambi: source size {}x{} is too small: the width or the height must be at least {}", src_w,
                    src_h, kMinWidthHeight));
  if ((src_w > enc_w && src_h < enc_h) || (src_w < enc_w && src_h > enc_h))
    throw std::invalid_argument(fmt::format(
        "cambi: source size {}x{} and encode size {}x{} must not be larger in one dimension and smaller in the "
        "other",
        src_w, src_h, enc_w, enc_h));

  p.high_res_speedup = effective_high_res_speedup(s.high_res_speedup, enc_w, enc_h) != 0;
  const WindowCheck guard = check_window(s.window_size, enc_w, enc_h, src_w, src_h, p.high_res_speedup);
  if (guard.error) throw std::invalid_argument(guard.message);

  p.anti_dither = p.enc_bitdepth < 10;
  p.tables = make_contrast_tables(s.max_log_contrast, s.tvi_threshold, s.vis_lum_threshold, s.eotf);
  plan_side(p.dis, enc_w, enc_h, s.window_size, p.high_res_speedup, g);
  plan_side(p.ref, src_w, src_h, s.window_size, p.high_res_speedup, g);
  p.alloc_width = s.full_ref ? std::max(src_w, enc_w) : enc_w;
  p.alloc_height = s.full_ref ? std::max(src_h, enc_h) : enc_h;
  return p;
}

std::string sample_range_message(unsigned bpc) {
  return fmt::format("cambi: the input contains values greater than {}, the maximum of a {}-bit format",
                     (1u << bpc) - 1, bpc);
}

// ---- pooling and score --------------------------------------------------------------

int topk_count(double topk, int n) {
  const int k = static_cast<int>(topk * n);
  return std::clamp(k, 1, n);
}

double weight_scores(const double (&scores)[kNumScales], int window) {
  double score = 0.0;
  for (int s = 0; s < kNumScales; ++s) score += scores[s] * kScaleWeights[s];
  return score / pixels_in_window(window);
}

void TopKSelector::clear() {
  count_.fill(0);
  values_.clear();
}

void TopKSelector::throw_not_c_value(float c) {
  throw std::domain_error(fmt::format("cambi: {} is not a c-value", c));
}

TopKSum TopKSelector::sum_of_largest(std::size_t k) {
  // Whole bins from the top while they fit in k; `boundary` is the first that does not.
  // `lowest` is the lowest non-empty bin whose values are among the k largest.
  std::size_t taken = 0, boundary = kBins, lowest = kBins;
  while (boundary > 0 && taken + count_[boundary - 1] <= k) {
    if (count_[--boundary] > 0) lowest = boundary;
    taken += count_[boundary];
  }
  const std::size_t rest = boundary == 0 ? 0 : k - taken;
  if (rest > 0) lowest = boundary - 1;
  TopKSum r;
  if (lowest < kBins) r.min_exponent = static_cast<int>(((lowest + kFirstHigh) >> 7) & 0xFF) - 127;
  const std::uint32_t high = static_cast<std::uint32_t>(boundary) - 1 + kFirstHigh;
  boundary_.clear();
  for (const float c : values_) {
    std::uint32_t b;
    std::memcpy(&b, &c, sizeof b);
    if ((b >> 16) - kFirstHigh >= boundary)
      r.sum += to_fixed(c);
    else if (rest > 0 && (b >> 16) == high)
      boundary_.push_back(c);
  }
  if (rest > 0) {
    // The rest of k comes from the largest values of the boundary bin.
    std::nth_element(boundary_.begin(), boundary_.begin() + static_cast<std::ptrdiff_t>(rest - 1), boundary_.end(),
                     std::greater<float>());
    for (std::size_t i = 0; i < rest; ++i) r.sum += to_fixed(boundary_[i]);
  }
  return r;
}

TopKSum topk_fixed_sum(const float* c, std::size_t n, std::size_t k, TopKSelector& selector) {
  selector.clear();
  for (std::size_t i = 0; i < n; ++i)
    if (c[i] != 0.0f) selector.add(c[i]);
  return selector.sum_of_largest(k);
}

double fixed_topk_mean(Fixed128 sum, std::size_t k) {
  return static_cast<double>(sum) * 0x1p-24 / static_cast<double>(k);
}

}  // namespace fastvmaf::cambi
