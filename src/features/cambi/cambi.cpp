#include "features/cambi/cambi.hpp"

#include <algorithm>

#include "core/collector.hpp"
#include "core/feature_name.hpp"
#include "core/registry.hpp"

namespace fastvmaf::cambi {

CambiScorer::CambiScorer(const Plan& plan) : plan_(plan), buf_(plan) {}

double CambiScorer::score(const Picture& pic, const SidePlan& side, ScaleObserver* observer) {
  const Plane& luma = pic.plane(0);
  validate_samples(luma, pic.bpc());
  View<std::uint16_t> image{buf_.image.data(), buf_.stride, side.width, side.height};
  View<std::uint8_t> mask{buf_.mask.data(), buf_.stride, side.width, side.height};
  preprocess(luma, pic.bpc(), side, plan_.anti_dither, image);
  spatial_mask(image, side.mask_index, mask, buf_.flat.data(), buf_.column.data());

  double scores[kNumScales];
  for (int s = 0; s < kNumScales; ++s) {
    const ScaleSize size = side.scales[s];
    if (s > 0 || plan_.high_res_speedup) {
      decimate(image, size.width, size.height);
      decimate(mask, size.width, size.height);
    }
    image.width = mask.width = size.width;
    image.height = mask.height = size.height;
    mode_filter(image, buf_.modes.data());
    c_values(image, mask, side.window, plan_.tables, buf_.histograms, buf_.selector, buf_.positions);
    // Pooling (libvmaf spatial_pooling): while every double partial sum of the top K is
    // exact (TopKSum::exact_in_double), libvmaf's quick-select order cannot matter and
    // the fixed-point mean is its result. Otherwise, or for an observer, the dense array
    // is built and libvmaf's own order is replayed.
    const int n = static_cast<int>(size.width * size.height);
    const int k = topk_count(plan_.settings.topk, n);
    const TopKSum top = buf_.selector.sum_of_largest(static_cast<std::size_t>(k));
    const bool exact = top.exact_in_double();
    const bool dense = observer || !exact;
    if (dense && buf_.c_values.empty())
      buf_.c_values.resize(static_cast<std::size_t>(plan_.alloc_width) * plan_.alloc_height);
    float* c = buf_.c_values.data();
    if (dense) scatter_c_values(buf_.positions, buf_.selector.values(), n, c);
    if (observer) observer->on_scale(s, c, size.width, size.height);
    scores[s] = exact ? fixed_topk_mean(top.sum, static_cast<std::size_t>(k)) : spatial_pooling_quickselect(c, n, k);
  }
  return weight_scores(scores, side.window);
}

namespace {

class HeatmapObserver final : public ScaleObserver {
 public:
  HeatmapObserver(HeatmapWriter& writer, unsigned frame) : writer_(writer), frame_(frame) {}
  void on_scale(int scale, const float* c, unsigned width, unsigned height) override {
    writer_.write(scale, c, width, height, frame_);
  }

 private:
  HeatmapWriter& writer_;
  unsigned frame_;
};

}  // namespace

CambiExtractor::CambiExtractor(const OptionSet& options)
    : settings_(settings_from_options(options)),
      name_score_(feature_name("Cambi_feature_cambi_score", options)),
      // libvmaf decorates only its provided feature with the options; the full-reference
      // outputs keep their plain names.
      name_source_("cambi_source"),
      name_full_ref_("cambi_full_reference") {}

void CambiExtractor::init(const VideoGeometry& geometry) {
  plan_ = make_plan(settings_, geometry);
  scorer_ = std::make_unique<CambiScorer>(plan_);
  if (!settings_.heatmaps_path.empty()) heatmaps_ = std::make_unique<HeatmapWriter>(settings_.heatmaps_path, plan_);
}

void CambiExtractor::submit(const FrameInput& frame) {
  if (heatmaps_) {
    HeatmapObserver observer(*heatmaps_, frame.index);
    dis_score_ = scorer_->score(*frame.dis, plan_.dis, &observer);
  } else {
    dis_score_ = scorer_->score(*frame.dis, plan_.dis);
  }
  if (settings_.full_ref) src_score_ = scorer_->score(*frame.ref, plan_.ref);
}

void CambiExtractor::collect(unsigned index, FeatureSink& sink) {
  // libvmaf's MIN and MAX macros.
  auto min = [](double a, double b) { return a < b ? a : b; };
  sink.append(name_score_, index, min(dis_score_, settings_.max_val));
  if (settings_.full_ref) {
    sink.append(name_source_, index, min(src_score_, settings_.max_val));
    const double combined = 0 > dis_score_ - src_score_ ? 0 : dis_score_ - src_score_;
    sink.append(name_full_ref_, index, min(combined, settings_.max_val));
  }
}

void CambiExtractor::flush(FeatureCollector& collector) {
  if (!heatmaps_) return;
  const FeatureCollector::Series* series = collector.find(name_score_);
  heatmaps_->truncate(series ? static_cast<unsigned>(series->values.size()) : 0u);
}

FASTVMAF_REGISTER_BACKEND("cambi", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<CambiExtractor>(o); });

}  // namespace fastvmaf::cambi
