// Fuzz target for -m strings ("version=vmaf_v0.6.1:name=x:adm.adm_enhn_gain_limit=1.2"):
// parsed as the CLI parses them, then the request (name, flags, overloads) is applied to
// a fixed model whose features come from several extractors (the file the request
// names is never opened), and its name is checked against every output format.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "cli/cli_args.hpp"
#include "core/error.hpp"
#include "io/output_writer.hpp"
#include "model/model_loader.hpp"

namespace {

const char* const kModel = R"({"model_dict": {"model_type": "LIBSVMNUSVR", "norm_type": "linear_rescale",
  "feature_names": ["VMAF_integer_feature_adm2_score", "VMAF_integer_feature_motion2_score",
                    "VMAF_integer_feature_vif_scale0_score", "Cambi_feature_cambi_score", "psnr_y",
                    "Speed_chroma_feature_speed_chroma_uv_score"],
  "feature_opts_dicts": [{"adm_enhn_gain_limit": 1.0}, {}, {"vif_enhn_gain_limit": 1.0}, {"topk": 0.2}],
  "slopes": [1, 1, 1, 1, 1, 1, 1], "intercepts": [0, 0, 0, 0, 0, 0, 0], "score_clip": [0.0, 100.0],
  "score_transform": {"enabled": false, "p0": 1, "p1": 1, "p2": 0},
  "model": "svm_type nu_svr\nkernel_type rbf\ngamma 0.5\nnr_class 2\ntotal_sv 1\nrho 0\nSV\n1 1:0.5 6:1 \n"}})";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fastvmaf;
  const std::string arg(reinterpret_cast<const char*>(data), size);
  try {
    const ModelRequest req = cli::parse_model_argument(arg);
    (void)model::model_path(req, "/models");
    (void)model::read_model_json(kModel, req, "fuzz.json");
    for (auto f : {io::OutputFormat::Xml, io::OutputFormat::Json, io::OutputFormat::Csv, io::OutputFormat::Sub})
      (void)io::name_problem(req.name, f);
  } catch (const std::invalid_argument&) {
  } catch (const InputError&) {
  }
  return 0;
}
