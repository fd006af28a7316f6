#include "features/cambi/cambi.hpp"

#include <algorithm>
#include <functional>

#include "core/collector.hpp"
#include "core/parallel.hpp"
#include "core/feature_name.hpp"
#include "core/registry.hpp"

namespace fastvmaf::cambi {

CambiScorer::CambiScorer(const Plan& plan) : plan_(plan), buf_(plan), dsp_(make_dsp(cpu::active())) {}

namespace {

// Bands of at least this many rows, at most kMaxBands a stage (core/parallel.hpp). A
// c-value band first fills its sliding histograms with the window's rows, so its bands
// are taller.
constexpr unsigned kMinBandRows = 64;
// Bands of `rows` rows of a picture `frame_rows` high.
unsigned bands_of(unsigned rows, unsigned frame_rows, unsigned min_rows = kMinBandRows) {
  return band_count(rows, min_rows, kMaxBands, frame_rows);
}

// CAMBI's bands go only to workers idle at the time (Helpers::Idle): each band refills
// its sliding histograms and filter windows, so a split frame costs more work, which pays
// where a thread would otherwise wait (4K, few frames in flight) and not where other
// frames keep every thread busy (1080p: 9 % faster at 16 threads on the H200 and 29 % at
// 2 threads on the 2-core EPYC than helping on every spare thread; docs/adr/0011).
void run_bands(const ParallelFor* parallel, unsigned n, const std::function<void(unsigned)>& body) {
  parallel_for(parallel, n, body, Helpers::Idle);
}

// The rows one band works on, per thread.
struct RowScratch {
  std::vector<std::uint8_t> flat, column;
  std::vector<std::uint16_t> modes;
  Histograms hist;
  void plan(unsigned w, int band_size) {
    if (flat.size() < static_cast<std::size_t>(kMaskFilterSize) * w) {
      flat.assign(static_cast<std::size_t>(kMaskFilterSize) * w, 0);
      column.assign(w + kMaskFilterSize - 1, 0);
      modes.assign(3 * static_cast<std::size_t>(w), 0);
    }
    hist.plan(band_size, w);
  }
};

RowScratch& row_scratch(unsigned w, int band_size) {
  thread_local RowScratch s;
  s.plan(w, band_size);
  return s;
}

}  // namespace

double CambiScorer::score(const Picture& pic, const SidePlan& side, ScaleObserver* observer,
                          const ParallelFor* parallel) {
  const Plane& luma = pic.plane(0);
  validate_samples(luma, pic.bpc());
  const unsigned aw = plan_.alloc_width;
  const int band_size = plan_.tables.band_size;
  View<std::uint16_t> image{buf_.image.data(), buf_.stride, side.width, side.height};
  const View<std::uint8_t> mask{buf_.mask.data(), buf_.stride, side.width, side.height};
  const unsigned n_full = bands_of(side.height, side.height);
  run_bands(parallel, n_full, [&](unsigned b) {
    dsp_.preprocess(luma, pic.bpc(), side, plan_.anti_dither, image, band_begin(side.height, n_full, b),
                    band_begin(side.height, n_full, b + 1));
  });
  run_bands(parallel, n_full, [&](unsigned b) {
    RowScratch& rs = row_scratch(aw, band_size);
    dsp_.spatial_mask(image, side.mask_index, mask, band_begin(side.height, n_full, b),
                      band_begin(side.height, n_full, b + 1), rs.flat.data(), rs.column.data());
  });

  // The current scale's picture and mask: decimated scales alternate between halves and
  // the full-size buffers.
  View<std::uint16_t> cur = image;
  View<std::uint8_t> cur_mask = mask;
  double scores[kNumScales];
  for (int s = 0; s < kNumScales; ++s) {
    const ScaleSize size = side.scales[s];
    if (s > 0 || plan_.high_res_speedup) {
      const bool in_full = cur.data == buf_.image.data();
      View<std::uint16_t> dst{in_full ? buf_.halves.data() : buf_.image.data(), buf_.stride, size.width, size.height};
      View<std::uint8_t> dst_mask{in_full ? buf_.mask_halves.data() : buf_.mask.data(), buf_.stride, size.width,
                                  size.height};
      const unsigned n = bands_of(size.height, side.height);
      run_bands(parallel, n, [&](unsigned b) {
        const unsigned r0 = band_begin(size.height, n, b), r1 = band_begin(size.height, n, b + 1);
        dsp_.decimate(cur, dst, r0, r1);
        dsp_.decimate_mask(cur_mask, dst_mask, r0, r1);
      });
      cur = dst;
      cur_mask = dst_mask;
    }
    cur.width = size.width;
    cur.height = size.height;
    // Mode filter and band keys, in bands; each band's edge rows as they are before any
    // band filters.
    const unsigned n = bands_of(size.height, side.height);
    for (unsigned b = 1; b < n; ++b) {
      const unsigned r = band_begin(size.height, n, b);
      std::copy_n(cur.row(r - 1), size.width, buf_.edges.data() + (2 * b - 2) * aw);
      std::copy_n(cur.row(r), size.width, buf_.edges.data() + (2 * b - 1) * aw);
    }
    const View<std::int16_t> keys{buf_.keys.data(), buf_.stride, size.width, size.height};
    run_bands(parallel, n, [&](unsigned b) {
      RowScratch& rs = row_scratch(aw, band_size);
      const unsigned r0 = band_begin(size.height, n, b), r1 = band_begin(size.height, n, b + 1);
      const std::uint16_t* above = b > 0 ? buf_.edges.data() + (2 * b - 2) * aw : nullptr;
      const std::uint16_t* below = b + 1 < n ? buf_.edges.data() + (2 * b + 1) * aw : nullptr;
      dsp_.mode_filter(cur, r0, r1, above, below, rs.modes.data());
      dsp_.band_keys(cur, cur_mask, plan_.tables, keys, r0, r1);
    });
    // c-values in bands, gathered in band order: the row-major order of one pass.
    const unsigned nc = bands_of(size.height, side.height, std::max(kMinBandRows, 8u * static_cast<unsigned>(side.window)));
    run_bands(parallel, nc, [&](unsigned b) {
      RowScratch& rs = row_scratch(aw, band_size);
      buf_.band_values[b].clear();
      buf_.band_positions[b].clear();
      dsp_.c_values(cur, keys, side.window, plan_.tables, band_begin(size.height, nc, b),
                    band_begin(size.height, nc, b + 1), rs.hist, buf_.band_values[b], buf_.band_positions[b]);
    });
    buf_.selector.clear();
    buf_.positions.clear();
    for (unsigned b = 0; b < nc; ++b) {
      for (const float c : buf_.band_values[b]) buf_.selector.add(c);
      buf_.positions.insert(buf_.positions.end(), buf_.band_positions[b].begin(), buf_.band_positions[b].end());
    }
    // Pooling (libvmaf spatial_pooling): while every double partial sum of the top K is
    // exact (TopKSum::exact_in_double), libvmaf's quick-select order cannot matter and
    // the fixed-point mean is its result. Otherwise its order is that of its first
    // partition where that settles the sum (sparse_topk_mean), else, or for an observer,
    // the dense array is built and libvmaf's partitions are replayed. Over the corpus's
    // 52 CAMBI runs (2026-12-07) the sum was exact at 8144 of 8200 scales; of the 56
    // others (4K and interior_lamps 1080p), sparse_topk_mean took 42 and the dense
    // replay 14 (topk=0.2 at 4K, and half of interior_lamps').
    const int npix = static_cast<int>(size.width * size.height);
    const int k = topk_count(plan_.settings.topk, npix);
    const TopKSum top = buf_.selector.sum_of_largest(static_cast<std::size_t>(k));
    const bool exact = top.exact_in_double();
    double sparse_mean = 0;
    const bool sparse =
        !exact && !observer && sparse_topk_mean(buf_.positions, buf_.selector.values(), npix, k, sparse_mean);
    const bool dense = observer || (!exact && !sparse);
    if (dense && buf_.c_values.empty())
      buf_.c_values.resize(static_cast<std::size_t>(plan_.alloc_width) * plan_.alloc_height);
    float* c = buf_.c_values.data();
    if (dense) scatter_c_values(buf_.positions, buf_.selector.values(), npix, c);
    if (observer) observer->on_scale(s, c, size.width, size.height);
    scores[s] = exact    ? fixed_topk_mean(top.sum, static_cast<std::size_t>(k))
                : sparse ? sparse_mean
                         : spatial_pooling_quickselect(c, npix, k);
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
    dis_score_ = scorer_->score(*frame.dis, plan_.dis, &observer, frame.parallel);
  } else {
    dis_score_ = scorer_->score(*frame.dis, plan_.dis, nullptr, frame.parallel);
  }
  if (settings_.full_ref) src_score_ = scorer_->score(*frame.ref, plan_.ref, nullptr, frame.parallel);
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
