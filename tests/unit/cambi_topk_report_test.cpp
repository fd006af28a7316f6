// Where the GPU twin can be bit-exact: for every device-set pair (first 2 frames, both
// pictures) and every scale, does libvmaf's double top-K pooling (quick select, then a
// double sum in the order it leaves the values) give the same mean as the exact
// fixed-point sum the twin computes? Writes the table to cambi_topk_report.tsv in the
// test's temporary directory and prints a summary, with every row where the two differ.
//
// Fails when a helper disagrees with its definition: the fixed-point sum is not the
// exact sum of the k largest; the two means differ where TopKSum::exact_in_double() says
// libvmaf's double sum is exact whatever its order; or the CPU extractor's score is not
// libvmaf's pooling of its own c-values.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "features/cambi/cambi.hpp"
#include "features/cambi/cambi_options.hpp"
#include "io/video_source.hpp"

namespace fastvmaf::cambi {
namespace {

namespace fs = std::filesystem;

constexpr unsigned kFramesPerPair = 2;

struct Row {
  std::string pair, picture;
  unsigned frame;
  int scale;
  unsigned width, height;
  int k;
  bool exact_by_criterion, double_sum_exact, means_equal;
  double libvmaf_mean, fixed_mean;
};

// Keeps the dense c-values of every scale of one picture.
struct KeepScales final : ScaleObserver {
  std::vector<std::vector<float>> c;
  std::vector<ScaleSize> size;
  void on_scale(int, const float* v, unsigned w, unsigned h) override {
    c.emplace_back(v, v + static_cast<std::size_t>(w) * h);
    size.push_back({w, h});
  }
};

// The k largest of c, summed exactly, by nth_element: independent of the radix selection.
Fixed128 exact_top_k(std::vector<float> c, std::size_t k) {
  std::nth_element(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(k - 1), c.end(), std::greater<float>());
  Fixed128 s = 0;
  for (std::size_t i = 0; i < k; ++i) s += to_fixed(c[i]);
  return s;
}

void report_picture(const std::string& pair, const char* picture, unsigned frame, const Picture& pic,
                    const Plan& plan, std::vector<Row>& rows) {
  CambiScorer scorer(plan);
  KeepScales kept;
  const double score = scorer.score(pic, plan.dis, &kept);
  ASSERT_EQ(kept.c.size(), static_cast<std::size_t>(kNumScales));
  double libvmaf_scores[kNumScales];
  TopKSelector selector;
  for (int s = 0; s < kNumScales; ++s) {
    std::vector<float>& c = kept.c[static_cast<std::size_t>(s)];
    const int n = static_cast<int>(c.size());
    const int k = topk_count(plan.settings.topk, n);
    const TopKSum top = topk_fixed_sum(c.data(), c.size(), static_cast<std::size_t>(k), selector);
    const Fixed128 fixed = top.sum;
    ASSERT_TRUE(fixed == exact_top_k(c, static_cast<std::size_t>(k))) << pair << " " << picture << " scale " << s;

    quick_select_top_k(c.data(), n, k);
    double sum = 0;
    for (int i = 0; i < k; ++i) sum += c[static_cast<std::size_t>(i)];
    const double libvmaf_mean = sum / k, fixed_mean = fixed_topk_mean(fixed, static_cast<std::size_t>(k));
    libvmaf_scores[s] = libvmaf_mean;

    Row r{pair, picture, frame, s, kept.size[static_cast<std::size_t>(s)].width,
          kept.size[static_cast<std::size_t>(s)].height, k, top.exact_in_double(),
          static_cast<long double>(sum) == static_cast<long double>(fixed) * 0x1p-24L, libvmaf_mean == fixed_mean,
          libvmaf_mean, fixed_mean};
    if (r.exact_by_criterion) {
      EXPECT_TRUE(r.double_sum_exact && r.means_equal) << pair << " " << picture << " frame " << frame << " scale " << s;
    }
    rows.push_back(r);
  }
  EXPECT_EQ(score, weight_scores(libvmaf_scores, plan.dis.window)) << pair << " " << picture << " frame " << frame;
}

TEST(CambiTopKReport, DoubleVersusFixedPointOnTheDeviceSet) {
  const fs::path dir = fs::path(FASTVMAF_SHARED_DIR) / "device-set";
  if (!fs::exists(dir)) GTEST_SKIP() << "no device-set at " << dir;
  if (std::system("xz --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "no xz to decompress the device-set";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().string().ends_with(".y4m.xz")) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());

  const OptionSet options("cambi", &option_specs(), OptionDict{});
  const Settings settings = settings_from_options(options);
  std::vector<Row> rows;
  unsigned skipped_small = 0;
  for (const fs::path& file : files) {
    std::string name = file.filename().string();
    name = name.substr(0, name.size() - std::string(".y4m.xz").size());
    const std::string pair = name.substr(0, name.rfind('_'));
    const char* picture = name.ends_with("_ref") ? "ref" : "dis";
    // Stream the first frames through xz: no need to decompress whole 4K files.
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(("xz -dc '" + file.string() + "' 2>/dev/null").c_str(), "r"),
                                               &pclose);
    ASSERT_TRUE(pipe) << file;
    auto source = io::open_y4m("/dev/fd/" + std::to_string(fileno(pipe.get())));
    const VideoGeometry g = source->geometry();
    Plan plan;
    try {
      plan = make_plan(settings, g);
    } catch (const std::invalid_argument&) {
      ++skipped_small;  // 32x32: CAMBI refuses it
      continue;
    }
    Picture pic = Picture::allocate(g.format, g.bpc, g.width, g.height);
    for (unsigned f = 0; f < kFramesPerPair && source->read(pic); ++f) report_picture(pair, picture, f, pic, plan, rows);
    // Drain what xz still writes so that it ends without a broken pipe message.
    char buf[1 << 16];
    while (std::fread(buf, 1, sizeof buf, pipe.get()) == sizeof buf) {
    }
  }

  const fs::path table = fs::path(testing::TempDir()) / "cambi_topk_report.tsv";
  std::ofstream tsv(table);
  tsv << "pair\tpicture\tframe\tscale\twidth\theight\tk\texact_by_criterion\tdouble_sum_exact\tmeans_equal\tlibvmaf_"
         "mean\tfixed_mean\n";
  std::size_t exact = 0, equal = 0;
  std::string differ;
  char line[512];
  for (const Row& r : rows) {
    std::snprintf(line, sizeof line, "%s\t%s\t%u\t%d\t%u\t%u\t%d\t%d\t%d\t%d\t%.17g\t%.17g\n", r.pair.c_str(),
                  r.picture.c_str(), r.frame, r.scale, r.width, r.height, r.k, r.exact_by_criterion, r.double_sum_exact,
                  r.means_equal, r.libvmaf_mean, r.fixed_mean);
    tsv << line;
    exact += r.double_sum_exact;
    equal += r.means_equal;
    if (!r.means_equal) differ += std::string("  ") + line;
  }
  std::printf("cambi top-K: %zu pair x picture x frame x scale rows (%u pictures too small), double sum exact in %zu, "
              "means equal in %zu; table in %s\n",
              rows.size(), skipped_small, exact, equal, table.c_str());
  if (!differ.empty()) std::printf("means that differ (libvmaf double, fixed point):\n%s", differ.c_str());
  EXPECT_GT(rows.size(), 0u);
}

}  // namespace
}  // namespace fastvmaf::cambi
