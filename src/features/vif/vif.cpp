#include "features/vif/vif.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "core/registry.hpp"
#include "core/sample.hpp"
#include "features/vif/vif_options.hpp"

namespace fastvmaf::vif {

namespace {

// Bands of output rows (core/parallel.hpp): at least kMinBandRows rows (in blocks of
// kRowBlock, which the SIMD vertical pass computes together), at most kMaxBands a scale.
// A band re-takes the squares and products of the W - 1 rows around it.
constexpr unsigned kMinBandRows = 64, kMaxBands = 16;

struct Split {
  unsigned n, rows;
  unsigned begin(unsigned i) const {
    const unsigned blocks = (rows + kRowBlock - 1) / kRowBlock;
    return std::min(rows, band_begin(blocks, n, i) * kRowBlock);
  }
};

Split split(unsigned rows, unsigned frame_rows) {
  const unsigned blocks = (rows + kRowBlock - 1) / kRowBlock;
  return {band_count(blocks, kMinBandRows / kRowBlock, kMaxBands, frame_rows), rows};
}

}  // namespace

VifExtractor::VifExtractor(const OptionSet& o)
    : debug_(o.get_bool("debug")),
      skip_scale0_(o.get_bool("vif_skip_scale0")),
      gain_limit_(o.get_double("vif_enhn_gain_limit")),
      names_(make_feature_names(o)),
      dsp_(make_dsp(cpu::active())) {}

void VifExtractor::init(const VideoGeometry& g) {
  check_geometry(g);
  w_ = g.width;
  h_ = g.height;
  bpc_ = g.bpc;
  for (int s = 1; s < kScales; ++s)
    for (auto& img : scaled_[s]) img.assign(static_cast<std::size_t>(w_ >> s) * (h_ >> s), 0);
}

void VifExtractor::submit(const FrameInput& f) {
  const std::uint16_t* table = log2_table();
  VifAccum (&acc)[kScales] = sums_;
  for (VifAccum& a : acc) a = VifAccum{};
  // Scale s: its statistic's bands and the bands of scale s + 1 in one parallel run (both
  // only read scale s). The bands' integer sums add up in band order.
  auto scale = [&]<class T>(int s, View<T> ref, View<T> dis) {
    const bool stat = s > 0 || !skip_scale0_;
    const Split st = stat ? split(ref.h, h_) : Split{0, 0};
    const Split sub = s + 1 < kScales ? split(ref.h / 2, h_) : Split{0, 0};
    VifAccum band_acc[kMaxBands];
    parallel_for(f.parallel, st.n + sub.n, [&](unsigned i) {
      thread_local RowScratch scratch;
      scratch.plan(w_);
      if (i < st.n) {
        const Band<T> b{ref, dis, st.begin(i), st.begin(i + 1), stat_rounding(s, bpc_), gain_limit_, table};
        if constexpr (sizeof(T) == 1)
          band_acc[i] = dsp_.stat_u8(b, scratch);
        else
          band_acc[i] = dsp_.stat[s](b, scratch);
      } else {
        const unsigned k = i - st.n;
        const Band<T> b{ref, dis, sub.begin(k), sub.begin(k + 1), subsample_rounding(s, bpc_), gain_limit_, table};
        std::uint16_t* out_ref = scaled_[s + 1][0].data();
        std::uint16_t* out_dis = scaled_[s + 1][1].data();
        if constexpr (sizeof(T) == 1)
          dsp_.subsample_u8(b, out_ref, out_dis, scratch);
        else
          dsp_.subsample[s](b, out_ref, out_dis, scratch);
      }
    });
    for (unsigned i = 0; i < st.n; ++i) acc[s] += band_acc[i];
  };
  with_sample_type(bpc_, [&]<class T>() {
    const Plane& r = f.ref->plane(0);
    const Plane& d = f.dis->plane(0);
    const auto stride = static_cast<std::ptrdiff_t>(sizeof(T));
    scale(0, View<T>{reinterpret_cast<const T*>(r.data), r.stride / stride, w_, h_},
          View<T>{reinterpret_cast<const T*>(d.data), d.stride / stride, w_, h_});
  });
  for (int s = 1; s < kScales; ++s) {
    const unsigned ws = w_ >> s, hs = h_ >> s;
    scale(s, View<std::uint16_t>{scaled_[s][0].data(), ws, ws, hs}, View<std::uint16_t>{scaled_[s][1].data(), ws, ws, hs});
  }
  for (int s = 0; s < kScales; ++s) scores_[s] = finish_scale(acc[s]);
}

void VifExtractor::collect(unsigned index, FeatureSink& sink) {
  emit_scores(scores_, skip_scale0_, debug_, names_, index, sink);
}

FASTVMAF_REGISTER_BACKEND("vif", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<VifExtractor>(o); });

}  // namespace fastvmaf::vif
