// What libvmaf's predict.c does to a model's prediction after the SVM: denormalise,
// then transform (polynomial, piecewise-linear knots, rectification), then clip.
#pragma once

#include <optional>
#include <vector>

namespace fastvmaf::model {

// libvmaf's score_transform (quality_runner.VmafQualityRunner.transform_score).
struct ScoreTransform {
  struct Knot {
    double x = 0.0, y = 0.0;
  };
  bool enabled = false;
  std::optional<double> p0, p1, p2;  // y = p0 + p1*x + p2*x*x, each term only when given
  // Piecewise-linear mapping. Fewer than two knots map nothing (libvmaf returns early).
  // Two or more must have strictly increasing x and non-decreasing y (checked at load).
  std::vector<Knot> knots;
  bool out_lte_in = false;  // output never above the input
  bool out_gte_in = false;  // output never below the input
};

struct ScoreClip {
  bool enabled = false;
  double min = 0.0, max = 0.0;
};

// libvmaf's transform(): returns y unchanged when the transform is disabled.
double transform_score(const ScoreTransform& t, double y);

// libvmaf's piecewise_linear_mapping for valid knots (see ScoreTransform::knots).
double piecewise_linear(const std::vector<ScoreTransform::Knot>& knots, double x);

// Empty when the knots are valid, else why not.
std::optional<const char*> knots_problem(const std::vector<ScoreTransform::Knot>& knots);

// libvmaf's clip(): returns y unchanged when clipping is disabled.
double clip_score(const ScoreClip& c, double y);

}  // namespace fastvmaf::model
