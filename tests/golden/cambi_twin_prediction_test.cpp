// The CAMBI twin's result on every frame of the corpus, predicted on the host, against the
// list of frames where it differs from the CPU (tests/gpu/cambi_corpus_expected.tsv).
//
// The twin computes the CPU's c-values bit for bit (the replay tests prove the kernels'
// decomposition) and pools each scale with the exact 128-bit top-K sum; the CPU, like
// libvmaf, sums in double in quick-select order. So the twin's score is the CPU's c-values
// pooled exactly, which this test computes for every distorted clip of the corpus with the
// option sets tests/gpu/cambi_corpus_parity.py runs on the device. The frames where that
// differs from the CPU's score must be exactly the listed ones, with the listed values:
// the device run checks the same list against the GPU, so CI keeps the list honest without
// a GPU, and a change to either pooling turns one of them red.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "core/options.hpp"
#include "features/cambi/cambi.hpp"
#include "features/cambi/cambi_options.hpp"
#include "io/video_source.hpp"

namespace fastvmaf::cambi {
namespace {

namespace fs = std::filesystem;

// Pair, run, frame, cpu score, twin score.
using Difference = std::tuple<std::string, std::string, unsigned, double, double>;

struct OptionRun {
  const char* name;
  std::vector<std::pair<std::string, std::string>> options;
};

// The same option sets as tests/gpu/cambi_corpus_parity.py: libvmaf's golden runs cambi and
// cambi_opts, and the cambi options of the v1 model.
const std::vector<OptionRun>& runs() {
  static const std::vector<OptionRun> r = {
      {"cambi", {}},
      {"cambi_opts", {{"window_size", "33"}, {"topk", "0.2"}, {"tvi_threshold", "0.012"}}},
      {"v1", {{"cambi_high_res_speedup", "1080"}, {"cambi_vis_lum_threshold", "0.06"}, {"cambi_max_val", "17.0"}}},
  };
  return r;
}

// Keeps the twin's pooling of each scale: the exact mean of the K largest c-values.
struct ExactPooling final : ScaleObserver {
  explicit ExactPooling(double topk_fraction) : topk(topk_fraction) {}
  void on_scale(int scale, const float* c, unsigned width, unsigned height) override {
    const std::size_t n = static_cast<std::size_t>(width) * height;
    const int k = topk_count(topk, static_cast<int>(n));
    const TopKSum top = topk_fixed_sum(c, n, static_cast<std::size_t>(k), selector);
    means[scale] = fixed_topk_mean(top.sum, static_cast<std::size_t>(k));
  }
  double topk;
  TopKSelector selector;
  double means[kNumScales] = {};
};

std::set<Difference> read_expected(const fs::path& path) {
  std::set<Difference> rows;
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream cols(line);
    std::string pair, run, frame, cpu, gpu;
    std::getline(cols, pair, '\t');
    std::getline(cols, run, '\t');
    std::getline(cols, frame, '\t');
    std::getline(cols, cpu, '\t');
    std::getline(cols, gpu, '\t');
    rows.emplace(pair, run, static_cast<unsigned>(std::stoul(frame)), std::strtod(cpu.c_str(), nullptr),
                 std::strtod(gpu.c_str(), nullptr));
  }
  return rows;
}

std::string describe(const Difference& d) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s %s frame %u: cpu %.17g twin %.17g", std::get<0>(d).c_str(),
                std::get<1>(d).c_str(), std::get<2>(d), std::get<3>(d), std::get<4>(d));
  return buf;
}

TEST(CambiTwinPrediction, EveryCorpusFrameDiffersOnlyWhereListed) {
  const fs::path corpus = FASTVMAF_CORPUS_DIR;
  std::vector<fs::path> clips;
  if (fs::exists(corpus))
    for (const auto& e : fs::directory_iterator(corpus))
      if (e.path().string().ends_with("_dis.y4m")) clips.push_back(e.path());
  ASSERT_FALSE(clips.empty()) << "no materialized corpus in " << corpus;
  std::sort(clips.begin(), clips.end());

  std::set<Difference> found;
  unsigned frames = 0, refused = 0;
  for (const fs::path& clip : clips) {
    std::string pair = clip.filename().string();
    pair.resize(pair.size() - std::string("_dis.y4m").size());
    for (const OptionRun& run : runs()) {
      OptionDict dict;
      for (const auto& [k, v] : run.options) dict.set(k, v);
      const Settings settings = settings_from_options(OptionSet("cambi", &option_specs(), dict));
      auto source = io::open_y4m(clip.string());
      const VideoGeometry g = source->geometry();
      Plan plan;
      try {
        plan = make_plan(settings, g);
      } catch (const std::invalid_argument&) {
        ++refused;  // 32x32: too small for CAMBI on either backend
        continue;
      }
      CambiScorer scorer(plan);
      Picture pic = Picture::allocate(g.format, g.bpc, g.width, g.height);
      for (unsigned f = 0; source->read(pic); ++f, ++frames) {
        ExactPooling exact(settings.topk);
        const double cpu = std::min(scorer.score(pic, plan.dis, &exact), settings.max_val);
        const double twin = std::min(weight_scores(exact.means, plan.dis.window), settings.max_val);
        if (cpu != twin) found.emplace(pair, run.name, f, cpu, twin);
      }
    }
  }
  std::printf("cambi twin predicted on %u corpus frames x option sets (%u refused as too small): %zu differ\n", frames,
              refused, found.size());
  EXPECT_GT(frames, 1000u);

  const std::set<Difference> expected = read_expected(FASTVMAF_CAMBI_EXPECTED_TSV);
  for (const Difference& d : found)
    if (!expected.count(d)) ADD_FAILURE() << "not listed: " << describe(d);
  for (const Difference& d : expected)
    if (!found.count(d)) ADD_FAILURE() << "listed but not found: " << describe(d);
}

}  // namespace
}  // namespace fastvmaf::cambi
