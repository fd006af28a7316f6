#include "features/speed/speed.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "common/float_picture.hpp"
#include "common/gaussian.hpp"
#include "common/resample.hpp"
#include "core/feature_name.hpp"
#include "core/reference_memo.hpp"
#include "core/registry.hpp"
#include "core/sample.hpp"
#include "features/speed/speed_math.hpp"
#include "features/speed/speed_options.hpp"

namespace fastvmaf::speed {

SpeedSettings settings_from(const OptionSet& o) {
  SpeedSettings s;
  s.kernelscale = static_cast<float>(o.get_double("speed_kernelscale"));
  if (!common::kernelscale_valid(s.kernelscale))
    throw std::invalid_argument(fmt::format("feature \"{}\": speed_kernelscale={} is not supported; accepted: {}",
                                            o.feature(), o.get_double("speed_kernelscale"),
                                            common::kernelscale_list()));
  s.prescale = o.get_double("speed_prescale");
  s.method = common::parse_prescale_method(o.get_string("speed_prescale_method"), "speed_prescale_method");
  s.sigma_nn = static_cast<float>(o.get_double("speed_sigma_nn"));
  s.nn_floor = static_cast<float>(o.get_double("speed_nn_floor"));
  return s;
}

SpeedDims checked_dims(const std::string& feature, const std::string& plane, unsigned width, unsigned height,
                       double prescale, unsigned scale_x, unsigned scale_y) {
  const SpeedDims d = make_dims(width, height, prescale);
  if (d.usable()) return d;
  const unsigned min = min_plane_size(prescale);
  throw std::invalid_argument(fmt::format(
      "feature \"{}\": image too small for SpEED (operating width or height is 0): the {} is {}x{}, which "
      "speed_prescale={} makes {}x{}; SpEED needs at least {}x{} after the prescale, so a {} of at least {}x{} "
      "(a frame of at least {}x{})",
      feature, plane, width, height, prescale, d.scaled_width, d.scaled_height, kMinScaledSize, kMinScaledSize,
      plane, min, min, min * scale_x, min * scale_y));
}

namespace {

// picture_copy of a plane (offset -128; 10, 12 and 16 bit divided by 4, 16 and 256).
class PictureRows final : public PlaneRows {
 public:
  PictureRows(const Plane& plane, unsigned bpc) : plane_(plane), bpc_(bpc), divisor_(common::depth_divisor(bpc)) {}
  void row(unsigned y, unsigned x0, unsigned x1, float* out) const override {
    with_sample_type(bpc_, [&]<class T>() {
      const T* p = plane_.row<T>(y);
      if constexpr (sizeof(T) == 1) {
        for (unsigned x = x0; x < x1; ++x) out[x] = common::to_float(p[x], kSampleOffset);
      } else {
        const float divisor = divisor_;
        for (unsigned x = x0; x < x1; ++x) out[x] = common::to_float(p[x], divisor, kSampleOffset);
      }
    });
  }

 private:
  const Plane& plane_;
  unsigned bpc_;
  float divisor_;
};

class FloatRows final : public PlaneRows {
 public:
  FloatRows(const float* data, unsigned width) : data_(data), width_(width) {}
  void row(unsigned y, unsigned x0, unsigned x1, float* out) const override {
    std::copy(data_ + static_cast<std::size_t>(y) * width_ + x0, data_ + static_cast<std::size_t>(y) * width_ + x1,
              out + x0);
  }

 private:
  const float* data_;
  unsigned width_;
};

}  // namespace

// ---- speed_chroma ----------------------------------------------------------------

SpeedChromaExtractor::SpeedChromaExtractor(const OptionSet& o)
    : settings_(settings_from(o)),
      max_val_(o.get_double("speed_max_val")),
      name_u_(feature_name("Speed_chroma_feature_speed_chroma_u_score", o)),
      name_v_(feature_name("Speed_chroma_feature_speed_chroma_v_score", o)),
      name_uv_(feature_name("Speed_chroma_feature_speed_chroma_uv_score", o)) {
  settings_.weight_var_mode = o.get_int("speed_weight_var_mode");
}

void SpeedChromaExtractor::init(const VideoGeometry& g) {
  // init_chroma floors the chroma size (w / 2), where our pictures hold ceil(w / 2)
  // columns for odd widths: the last column is not read, as in libvmaf.
  const unsigned sx = static_cast<unsigned>(chroma_shift_x(g.format));
  const unsigned sy = static_cast<unsigned>(chroma_shift_y(g.format));
  const std::string f = to_string(g.format);  // "420" -> "4:2:0"
  const std::string plane = fmt::format("{}:{}:{} chroma plane", f[0], f[1], f[2]);
  const SpeedDims d = checked_dims("speed_chroma", plane, g.width >> sx, g.height >> sy, settings_.prescale,
                                   1u << sx, 1u << sy);
  bpc_ = g.bpc;
  for (auto& p : planes_) p = std::make_unique<SpeedPlane>(settings_, d);
  // What the reference's analyses depend on besides the picture: the geometry and the
  // analysis settings (max_val only clips the score).
  ref_key_ = fmt::format("speed_chroma_ref:{}x{}:{}:{}:{}:{}:{}:{}:{}:{}", g.width, g.height, to_string(g.format), g.bpc,
                         settings_.kernelscale, settings_.sigma_nn, settings_.nn_floor, settings_.prescale,
                         static_cast<int>(settings_.method), settings_.weight_var_mode);
}

void SpeedChromaExtractor::submit(const FrameInput& f) {
  // Analysis a: plane U (a < 2) or V, reference (even a) or distorted; independent.
  auto analyze = [&](unsigned a, BlockStats& out) {
    const Picture& pic = a % 2 ? *f.dis : *f.ref;
    planes_[a]->analyze(PictureRows(pic.plane(1 + static_cast<int>(a / 2)), bpc_), out);
  };
  // On a ladder the reference's two analyses read the reference picture alone: the first
  // run to ask makes them for every encode's run.
  std::shared_ptr<const std::array<BlockStats, 2>> shared;
  if (f.reference_memo) {
    shared = std::static_pointer_cast<const std::array<BlockStats, 2>>(f.reference_memo->once_block(ref_key_, f.index, [&] {
      auto st = std::make_shared<std::array<BlockStats, 2>>();
      parallel_for(f.parallel, 2, [&](unsigned c) { analyze(2 * c, (*st)[c]); });
      return std::static_pointer_cast<const void>(st);
    }));
    parallel_for(f.parallel, 2, [&](unsigned c) { analyze(2 * c + 1, stats_[2 * c + 1]); });
  } else {
    parallel_for(f.parallel, 4, [&](unsigned a) { analyze(a, stats_[a]); });
  }
  float score[2];
  bool singular[2];
  for (int c = 0; c < 2; ++c) {
    const BlockStats& ref = shared ? (*shared)[c] : stats_[2 * c];
    const BlockStats& dis = stats_[2 * c + 1];
    score[c] = planes_[2 * c]->score(ref, dis);
    singular[c] = ref.singular || dis.singular;
  }
  score_u_ = score[0];
  score_v_ = score[1];
  score_uv_ = chroma_uv_score(score_u_, singular[0], score_v_, singular[1]);
}

void SpeedChromaExtractor::collect(unsigned index, FeatureSink& sink) {
  sink.append(name_u_, index, clip_score(score_u_, max_val_));
  sink.append(name_v_, index, clip_score(score_v_, max_val_));
  sink.append(name_uv_, index, clip_score(score_uv_, max_val_));
}

// ---- speed_temporal --------------------------------------------------------------

SpeedTemporalExtractor::SpeedTemporalExtractor(const OptionSet& o)
    : settings_(settings_from(o)),
      use_ref_diff_(o.get_bool("speed_use_ref_diff")),
      name_(feature_name("Speed_temporal_feature_speed_temporal_score", o)) {}

// libvmaf allocates the temporal frame buffers with the luma height, not the prescaled
// one, so an upscaling speed_prescale overruns them (heap corruption, usually a crash).
// Here every buffer has its planned size: the values are those of libvmaf with that
// allocation fixed (checked against such a build).
void SpeedTemporalExtractor::init(const VideoGeometry& g) {
  const SpeedDims d = checked_dims("speed_temporal", "luma plane", g.width, g.height, settings_.prescale, 1, 1);
  width_ = g.width;
  height_ = g.height;
  bpc_ = g.bpc;
  for (auto& p : planes_) p = std::make_unique<SpeedPlane>(settings_, d);
  const std::size_t n = static_cast<std::size_t>(width_) * height_;
  for (auto* b : {&prev_ref_, &prev_dis_, &cur_ref_, &cur_dis_, &diff_[0], &diff_[1]}) b->assign(n, 0.0f);
}

void SpeedTemporalExtractor::submit(const FrameInput& f) {
  const PictureRows ref(f.ref->plane(0), bpc_), dis(f.dis->plane(0), bpc_);
  for (unsigned y = 0; y < height_; ++y) {
    ref.row(y, 0, width_, cur_ref_.data() + static_cast<std::size_t>(y) * width_);
    dis.row(y, 0, width_, cur_dis_.data() + static_cast<std::size_t>(y) * width_);
  }
  score_ = 0.0f;
  // A warm-up frame only keeps its pictures for the next frame.
  if (f.index != 0 && !f.warm_up) {
    // subtract_image: previous minus current, each difference scored as an image; the
    // two analyses are independent.
    const std::vector<float>& cur = use_ref_diff_ ? cur_ref_ : cur_dis_;
    parallel_for(f.parallel, 2, [&](unsigned a) {
      const std::vector<float>& prev = a ? prev_dis_ : prev_ref_;
      const std::vector<float>& now = a ? cur : cur_ref_;
      std::vector<float>& diff = diff_[a];
      for (std::size_t i = 0; i < diff.size(); ++i) diff[i] = prev[i] - now[i];
      planes_[a]->analyze(FloatRows(diff.data(), width_), stats_[a]);
    });
    score_ = planes_[0]->score(stats_[0], stats_[1]);
  }
  std::swap(prev_ref_, cur_ref_);
  std::swap(prev_dis_, cur_dis_);
}

void SpeedTemporalExtractor::collect(unsigned index, FeatureSink& sink) { sink.append(name_, index, score_); }

FASTVMAF_REGISTER_BACKEND("speed_chroma", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<SpeedChromaExtractor>(o); });
FASTVMAF_REGISTER_BACKEND("speed_temporal", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<SpeedTemporalExtractor>(o); });

}  // namespace fastvmaf::speed
