// Fuzz target for model JSON files: any text must load as a model or be refused with an
// InputError. A model that loads predicts two frames from made-up feature values (the
// first input bytes choose them), pools them and scores its bootstrap collection, so
// normalisation, the SVM, transforms, clipping and chroma correction run on whatever the
// file says.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/collector.hpp"
#include "core/error.hpp"
#include "fastvmaf/result.hpp"
#include "fuzz_input.hpp"
#include "model/model_loader.hpp"
#include "model/scoring_models.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fastvmaf;
  fuzz::FuzzInput in(data, size);
  static const double kValues[] = {0.0, 0.5, 1.0, 100.0, -1.0, 1e-300, 1e300, 0.25};
  const std::uint8_t pick = in.byte();
  const std::string text = in.rest();
  ModelRequest req;
  req.path = "fuzz.json";
  req.disable_clip = pick & 0x40;
  req.enable_transform = pick & 0x80;
  try {
    model::ModelFile file = model::read_model_json(text, req, "fuzz.json");
    FeatureCollector c;
    unsigned k = pick;
    auto feed = [&](const model::ModelSpec& m) {
      for (unsigned frame = 0; frame < 2; ++frame)
        for (const auto& f : m.features)
          if (!c.get(f.key, frame)) c.append(f.key, frame, kValues[(k++) % 8]);
    };
    feed(file.model);
    for (const auto& m : file.collection) feed(m);
    auto model = file.collection.empty()
                     ? model::make_single_model(std::move(file.model))
                     : model::make_bootstrap_collection(std::move(file.model), std::move(file.collection));
    for (unsigned frame = 0; frame < 2; ++frame) model->predict(c, frame);
    for (unsigned frame = 0; frame < 2; ++frame) model->predict_collection(c, frame);
    Result::ModelScore score;
    model->summarize(c, 0, 1, 1, score);
  } catch (const InputError&) {
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
