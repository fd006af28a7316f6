#include "features/vif/vif.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "core/reference_memo.hpp"
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
  // What the reference stage depends on besides the reference picture: the geometry (the
  // same for every run of a ladder), scale 0 skipped or not, and the table's entries (the
  // stage's rows are in their column order).
  stage_key_ = fmt::format("vif_ref:{}x{}:{}:{}:{}", w_, h_, bpc_, skip_scale0_ ? "noscale0" : "scale0",
                           cpu::to_string(cpu::level_of(cpu::active())));
}

// One scale: its statistic's bands and the bands of scale s + 1 in one parallel run (both
// only read scale s); the sums of the statistic's bands, added in band order. `part`
// (vif_dsp.hpp): Both, both pictures' work; Ref, the reference's part into `stage.out`
// (its sigma1_sq and mu1 rows, the reference decimated); Dis, the rest, reading `stage.in`.
template <class T>
VifAccum VifExtractor::scale(const FrameInput& f, int s, View<T> ref, View<T> dis, Part part,
                             StageIo<RefStage> stage) {
  const bool stat = s > 0 || !skip_scale0_;
  const Split st = stat ? split(ref.h, h_) : Split{0, 0};
  const Split sub = s + 1 < kScales ? split(ref.h / 2, h_) : Split{0, 0};
  VifAccum band_acc[kMaxBands];
  parallel_for(f.parallel, st.n + sub.n, [&](unsigned i) {
    thread_local RowScratch scratch;
    scratch.plan(w_);
    if (i < st.n) {
      Band<T> b{ref, dis, st.begin(i), st.begin(i + 1), stat_rounding(s, bpc_), gain_limit_, log2_table()};
      if (part == Part::Ref) {
        b.ref_s1_out = stage.out->s1[s].get();
        b.ref_mu1_out = stage.out->mu1[s].get();
      } else if (part == Part::Dis) {
        b.ref_s1 = stage.in->s1[s].get();
        b.ref_mu1 = stage.in->mu1[s].get();
      }
      const int k = part == Part::Dis ? 1 : 0;
      if constexpr (sizeof(T) == 1)
        band_acc[i] = part == Part::Both ? dsp_.stat_u8(b, scratch) : dsp_.stat_part_u8[k](b, scratch);
      else
        band_acc[i] = part == Part::Both ? dsp_.stat[s](b, scratch) : dsp_.stat_part[k][s](b, scratch);
    } else {
      const unsigned k = i - st.n;
      const Band<T> b{ref, dis, sub.begin(k), sub.begin(k + 1), subsample_rounding(s, bpc_), gain_limit_, log2_table()};
      std::uint16_t* out_ref = part == Part::Dis ? nullptr
                               : part == Part::Ref ? stage.out->plane[s + 1].get()
                                                   : scaled_[s + 1][0].data();
      std::uint16_t* out_dis = part == Part::Ref ? nullptr : scaled_[s + 1][1].data();
      if constexpr (sizeof(T) == 1)
        dsp_.subsample_u8(b, out_ref, out_dis, scratch);
      else
        dsp_.subsample[s](b, out_ref, out_dis, scratch);
    }
  });
  VifAccum sum;
  for (unsigned i = 0; i < st.n; ++i) sum += band_acc[i];
  return sum;
}

// Scale 0's pictures (of the picture's sample type) and scales 1..3's planes through
// scale(): the reference's of scales 1..3 from `stage` unless the part computes both.
template <class Each>
void VifExtractor::each_scale(const FrameInput& f, const RefStage* stage, Each&& each) {
  with_sample_type(bpc_, [&]<class T>() {
    const Plane& r = f.ref->plane(0);
    const Plane& d = f.dis->plane(0);
    const auto stride = static_cast<std::ptrdiff_t>(sizeof(T));
    each(0, View<T>{reinterpret_cast<const T*>(r.data), r.stride / stride, w_, h_},
         View<T>{reinterpret_cast<const T*>(d.data), d.stride / stride, w_, h_});
  });
  for (int s = 1; s < kScales; ++s) {
    const unsigned ws = w_ >> s, hs = h_ >> s;
    const std::uint16_t* ref = stage ? stage->plane[s].get() : scaled_[s][0].data();
    each(s, View<std::uint16_t>{ref, ws, ws, hs}, View<std::uint16_t>{scaled_[s][1].data(), ws, ws, hs});
  }
}

// The reference's part of every scale (Part::Ref, and the reference decimated) of this
// frame: computed here by the first run of a ladder to ask, taken by the others. It reads
// the reference picture alone, and every encode's run has the same one at this index.
std::shared_ptr<const VifExtractor::RefStage> VifExtractor::reference_stage(const FrameInput& f) {
  auto compute = [&]() -> std::shared_ptr<const void> {
    const std::shared_ptr<RefStage> st = f.reference_memo->reusable<RefStage>(stage_key_, [&] {
      auto fresh = std::make_unique<RefStage>();
      for (int s = 0; s < kScales; ++s) {
        const std::size_t n = static_cast<std::size_t>(w_ >> s) * (h_ >> s);
        if (s > 0 || !skip_scale0_) {
          fresh->s1[s] = std::make_unique_for_overwrite<std::int32_t[]>(n);
          fresh->mu1[s] = std::make_unique_for_overwrite<std::uint32_t[]>(n);
        }
        if (s > 0) fresh->plane[s] = std::make_unique_for_overwrite<std::uint16_t[]>(n);
      }
      return fresh;
    });
    // The distorted views are not read by this part.
    each_scale(f, st.get(), [&]<class T>(int s, View<T> ref, View<T>) {
      st->den[s] = scale<T>(f, s, ref, ref, Part::Ref, StageIo<RefStage>::writing(*st));
    });
    return st;
  };
  return std::static_pointer_cast<const RefStage>(f.reference_memo->once_block(stage_key_, f.index, compute));
}

void VifExtractor::submit(const FrameInput& f) {
  const std::shared_ptr<const RefStage> stage = f.reference_memo ? reference_stage(f) : nullptr;
  each_scale(f, stage.get(), [&]<class T>(int s, View<T> ref, View<T> dis) {
    sums_[s] = stage ? stage->den[s] : VifAccum{};
    sums_[s] += scale<T>(f, s, ref, dis, stage ? Part::Dis : Part::Both, StageIo<RefStage>::reading(stage.get()));
  });
  for (int s = 0; s < kScales; ++s) scores_[s] = finish_scale(sums_[s]);
}

void VifExtractor::collect(unsigned index, FeatureSink& sink) {
  emit_scores(scores_, skip_scale0_, debug_, names_, index, sink);
}

FASTVMAF_REGISTER_BACKEND("vif", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<VifExtractor>(o); });

}  // namespace fastvmaf::vif
