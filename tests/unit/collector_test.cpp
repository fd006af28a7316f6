// The run's feature collector (core/collector.hpp): series in order of first append, one
// value per (key, index), and frame indexes bounded (a C API caller chooses them).
#include <gtest/gtest.h>

#include <climits>
#include <stdexcept>
#include <vector>

#include "core/collector.hpp"

namespace fastvmaf {
namespace {

TEST(FeatureCollector, SeriesInOrderOfFirstAppend) {
  FeatureCollector c;
  c.append("b", 1, 2.0);
  c.append("a", 0, 1.0);
  c.append("b", 0, 3.0);
  ASSERT_EQ(c.series().size(), 2u);
  EXPECT_EQ(c.series()[0].name, "b");
  EXPECT_EQ(c.series()[1].name, "a");
  EXPECT_EQ(c.get("b", 0), 3.0);
  EXPECT_EQ(c.get("b", 1), 2.0);
  EXPECT_FALSE(c.get("a", 1));
  EXPECT_EQ(c.frame_span(), 2u);
  EXPECT_THROW(c.append("b", 1, 2.0), std::logic_error);
}

// A run's Result takes the series by moving them out: the values and their order stay,
// and the collector is left empty (its keys too, so a later append starts a new series).
TEST(FeatureCollector, TakeSeriesMovesEverySeriesOut) {
  FeatureCollector c;
  c.append("b", 1, 2.0);
  c.append("a", 0, 1.0);
  c.append("b", 0, 3.0);
  auto taken = c.take_series();
  ASSERT_EQ(taken.size(), 2u);
  EXPECT_EQ(taken[0].name, "b");
  EXPECT_EQ(taken[0].values, (std::vector<double>{3.0, 2.0}));
  EXPECT_EQ(taken[0].written, (std::vector<char>{1, 1}));
  EXPECT_EQ(taken[1].name, "a");
  EXPECT_EQ(taken[1].values, (std::vector<double>{1.0}));
  EXPECT_TRUE(c.series().empty());
  EXPECT_EQ(c.find("b"), nullptr);
  EXPECT_EQ(c.frame_span(), 0u);
  c.append("b", 1, 5.0);
  EXPECT_EQ(c.get("b", 1), 5.0);
  EXPECT_FALSE(c.get("b", 0));
}

// UINT_MAX once wrapped `index + 1` to 0 and wrote past the end of the series.
TEST(FeatureCollector, IndexesAboveTheBoundAreRefused) {
  FeatureCollector c;
  for (unsigned index : {UINT_MAX, UINT_MAX - 1, FeatureCollector::kMaxIndex + 1})
    EXPECT_THROW(c.append("x", index, 1.0), std::out_of_range) << index;
  EXPECT_TRUE(c.series().empty() || c.series()[0].values.empty());
  EXPECT_EQ(c.frame_span(), 0u);
  c.append("x", 2, 1.0);
  EXPECT_EQ(c.get("x", 2), 1.0);
  EXPECT_FALSE(c.get("x", UINT_MAX));
}

}  // namespace
}  // namespace fastvmaf
