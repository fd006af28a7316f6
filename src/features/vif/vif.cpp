#include "features/vif/vif.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "core/registry.hpp"
#include "features/vif/vif_options.hpp"

namespace fastvmaf::vif {

namespace {
struct Baseline {};
}  // namespace

FrameFn frame_fn_scalar() { return &Kernels<Baseline>::frame; }

VifExtractor::VifExtractor(const OptionSet& o, bool force_scalar)
    : debug_(o.get_bool("debug")),
      skip_scale0_(o.get_bool("vif_skip_scale0")),
      gain_limit_(o.get_double("vif_enhn_gain_limit")),
      names_(make_feature_names(o)) {
  FrameFn avx2 = force_scalar ? nullptr : frame_fn_avx2();
  frame_fn_ = avx2 ? avx2 : frame_fn_scalar();
}

void VifExtractor::init(const VideoGeometry& g) {
  check_geometry(g);
  bpc_ = g.bpc;
  ws_.plan(g.width, g.height);
}

void VifExtractor::submit(const FrameInput& f) {
  FrameArgs a;
  a.ref = &f.ref->plane(0);
  a.dis = &f.dis->plane(0);
  a.bpc = bpc_;
  a.skip_scale0 = skip_scale0_;
  a.gain_limit = gain_limit_;
  a.log2 = log2_table();
  VifAccum acc[kScales];
  frame_fn_(a, ws_, acc);
  for (int s = 0; s < kScales; ++s) scores_[s] = finish_scale(acc[s]);
}

void VifExtractor::collect(unsigned index, FeatureSink& sink) {
  emit_scores(scores_, skip_scale0_, debug_, names_, index, sink);
}

FASTVMAF_REGISTER_BACKEND("vif", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<VifExtractor>(o); });

}  // namespace fastvmaf::vif
