#include "model/score_transform.hpp"

namespace fastvmaf::model {

namespace {

// libvmaf's find_linear_function_parameters for a valid, non-horizontal segment:
// the line through a and b as y = slope * x + offset, computed in libvmaf's order.
void line_through(ScoreTransform::Knot a, ScoreTransform::Knot b, double& slope, double& offset) {
  if (a.x == 0) {
    offset = a.y;
    slope = (b.y - offset) / b.x;
  } else {
    slope = (b.y - a.y) / (b.x - a.x);
    offset = a.y - (a.x * slope);
  }
}

}  // namespace

std::optional<const char*> knots_problem(const std::vector<ScoreTransform::Knot>& knots) {
  for (std::size_t i = 0; i + 1 < knots.size(); ++i)
    if (!(knots[i].x < knots[i + 1].x && knots[i].y <= knots[i + 1].y))
      return "knots must have strictly increasing x and non-decreasing y";
  return std::nullopt;
}

double piecewise_linear(const std::vector<ScoreTransform::Knot>& knots, double x) {
  if (knots.size() <= 1) return x;
  const std::size_t segments = knots.size() - 1;
  // Every segment is visited; a later segment whose range holds x overrides an earlier
  // one (x on an inner knot takes the right-hand segment). The first and last
  // segments extend beyond the knots.
  double y = 0.0;
  for (std::size_t i = 0; i < segments; ++i) {
    const auto a = knots[i], b = knots[i + 1];
    const bool inside = a.x <= x && x <= b.x;
    const bool below = i == 0 && x < a.x;
    const bool above = i == segments - 1 && x > b.x;
    if (!(inside || below || above)) continue;
    if (a.y == b.y) {
      y = a.y;
    } else {
      double slope = 0.0, offset = 0.0;
      line_through(a, b, slope, offset);
      y = slope * x + offset;
    }
  }
  return y;
}

double transform_score(const ScoreTransform& t, double y_in) {
  if (!t.enabled) return y_in;
  double y = y_in;
  if (t.p0 || t.p1 || t.p2) {
    double p = 0.;
    if (t.p0) p += *t.p0;
    if (t.p1) p += *t.p1 * y_in;
    if (t.p2) p += *t.p2 * y_in * y_in;
    y = p;
  }
  if (t.knots.size() > 1) y = piecewise_linear(t.knots, y);
  if (t.out_lte_in && y > y_in) y = y_in;
  if (t.out_gte_in && y < y_in) y = y_in;
  return y;
}

double clip_score(const ScoreClip& c, double y) {
  if (!c.enabled) return y;
  y = y < c.min ? c.min : y;
  y = y > c.max ? c.max : y;
  return y;
}

}  // namespace fastvmaf::model
