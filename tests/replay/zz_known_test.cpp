#include <gtest/gtest.h>
#include <cstdio>
#include <filesystem>
#include "core/options.hpp"
#include "features/cambi/cambi.hpp"
#include "features/cambi/cambi_options.hpp"
#include "io/video_source.hpp"
namespace fastvmaf::cambi {
struct Keep final : ScaleObserver { std::vector<std::vector<float>> c; void on_scale(int, const float* v, unsigned w, unsigned h) override { c.emplace_back(v, v + size_t(w)*h);} };
TEST(ZZKnown, List) {
  const char* dir = std::getenv("ZZ_DIR"); if (!dir) return;
  const char* variant = std::getenv("ZZ_OPTS");
  OptionDict d; if (variant) { auto [n, dd] = parse_feature_argument(std::string("cambi:") + variant); (void)n; d = dd; }
  std::vector<std::string> names;
  for (auto& e : std::filesystem::directory_iterator(dir)) { auto f = e.path().filename().string(); if (f.size() > 8 && f.substr(f.size()-8) == "_dis.y4m") names.push_back(f.substr(0, f.size()-8)); }
  std::sort(names.begin(), names.end());
  const OptionSet o("cambi", &option_specs(), d);
  Settings s = settings_from_options(o);
  for (auto& n : names) {
    auto v = io::open_video(std::string(dir) + "/" + n + "_dis.y4m", false, {});
    auto g = v->geometry();
    Plan plan; try { plan = make_plan(s, g); } catch (std::exception& e) { std::printf("%s: %s\n", n.c_str(), e.what()); continue; }
    Picture pic = Picture::allocate(g.format, g.bpc, g.width, g.height);
    CambiScorer scorer(plan); TopKSelector sel;
    unsigned f = 0, diff = 0;
    for (; v->read(pic); ++f) {
      Keep k; double cpu = scorer.score(pic, plan.dis, &k);
      double sc[5];
      for (int i = 0; i < 5; ++i) { int nn = (int)k.c[i].size(); int kk = topk_count(s.topk, nn); auto t = topk_fixed_sum(k.c[i].data(), nn, kk, sel); sc[i] = fixed_topk_mean(t.sum, kk); }
      double gpu = weight_scores(sc, plan.dis.window);
      double a = std::min(cpu, s.max_val), b = std::min(gpu, s.max_val);
      if (a != b) { ++diff; std::printf("DIFF %s frame %u cpu %.17g gpu %.17g diff %.3g\n", n.c_str(), f, a, b, b - a); }
    }
    std::printf("%s: %u frames, %u differ\n", n.c_str(), f, diff);
  }
}
}
