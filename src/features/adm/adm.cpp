#include "features/adm/adm.hpp"

#include <fmt/format.h>

#include <memory>
#include <stdexcept>

#include "core/reference_memo.hpp"
#include "core/registry.hpp"
#include "features/adm/adm_options.hpp"
#include "features/adm/adm_outputs.hpp"

namespace fastvmaf::adm {

AdmConfig config_from_options(const OptionSet& o) {
  AdmConfig c;
  c.enhn_gain_limit = o.get_double("adm_enhn_gain_limit");
  c.norm_view_dist = o.get_double("adm_norm_view_dist");
  c.ref_display_height = o.get_int("adm_ref_display_height");
  c.csf_mode = static_cast<CsfMode>(o.get_int("adm_csf_mode"));
  c.csf_scale = o.get_double("adm_csf_scale");
  c.csf_diag_scale = o.get_double("adm_csf_diag_scale");
  c.noise_weight = o.get_double("adm_noise_weight");
  c.dlm_weight = o.get_double("adm_dlm_weight");
  c.min_val = o.get_double("adm_min_val");
  c.skip_aim = o.get_bool("adm_skip_aim");
  c.skip_scale0 = o.get_bool("adm_skip_scale0");
  if (const std::string e = config_error(c); !e.empty()) throw std::invalid_argument("adm: " + e);
  return c;
}

AdmExtractor::AdmExtractor(const OptionSet& options)
    : cfg_(config_from_options(options)), debug_(options.get_bool("debug")), names_(output_names(options)) {}

void AdmExtractor::init(const VideoGeometry& g) {
  check_frame_size(g.width, g.height);
  geometry_ = g;
  cpu_ = std::make_unique<AdmCpu>(cfg_, g.width, g.height, g.bpc);
  // What the reference's part depends on besides the picture: the geometry and every
  // option (the regions and the denominators' weights follow from them).
  stage_key_ = fmt::format("adm_ref:{}x{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}", g.width, g.height, g.bpc,
                           cfg_.enhn_gain_limit, cfg_.norm_view_dist, cfg_.ref_display_height,
                           static_cast<int>(cfg_.csf_mode), cfg_.csf_scale, cfg_.csf_diag_scale, cfg_.noise_weight,
                           cfg_.dlm_weight, cfg_.min_val, cfg_.skip_aim, cfg_.skip_scale0);
}

void AdmExtractor::submit(const FrameInput& f) {
  ScaleSums sums[kScales];
  std::shared_ptr<const AdmCpu::RefStage> stage;
  if (f.reference_memo && cpu_->shares_reference()) {
    // On an encoding ladder the reference's part (its transform and denominators) is
    // computed by the first run to ask and taken by the others: every encode's run has the
    // same reference picture at this index (docs/adr/0014-encoding-ladder.md).
    stage = std::static_pointer_cast<const AdmCpu::RefStage>(f.reference_memo->once_block(stage_key_, f.index, [&] {
      const std::shared_ptr<AdmCpu::RefStage> st =
          f.reference_memo->reusable<AdmCpu::RefStage>(stage_key_, [&] { return cpu_->make_stage(); });
      cpu_->compute_reference(f.ref->plane(0), *st, f.parallel);
      return std::static_pointer_cast<const void>(st);
    }));
  }
  cpu_->compute(f.ref->plane(0), f.dis->plane(0), sums, f.parallel, stage.get());
  scores_ = finish_frame(cfg_, cpu_->params(), sums, geometry_.width, geometry_.height);
}

void AdmExtractor::collect(unsigned index, FeatureSink& sink) { append_scores(names_, debug_, scores_, index, sink); }

FASTVMAF_REGISTER_BACKEND("adm", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<AdmExtractor>(o); });

}  // namespace fastvmaf::adm
