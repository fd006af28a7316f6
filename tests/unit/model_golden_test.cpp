// The model layer against libvmaf's golden outputs, from golden feature values alone:
// for every (pair, run) of ../shared/golden/{corpus,netflix}/index.tsv whose run scores
// models (its arguments have -m: v061, neg4k, v1, v1_all, bootstrap), the per-frame feature values libvmaf
// printed go into a collector under their collector keys, the models named by the
// run's -m arguments predict exactly as the engine does, and every per-frame model
// output and every pooled value must equal libvmaf's (==, the goldens are %.17g).
// Where libvmaf's outputs on Intel's rcpss differ (<run>.intel.json: float_adm's values,
// core/rcpss.hpp), that file is a case of its own: the model layer must reproduce both,
// whatever CPU runs this test (no float_adm is computed here).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/collector.hpp"
#include "core/feature_name.hpp"
#include "core/pooling.hpp"
#include "core/registry.hpp"
#include "model/model.hpp"

namespace fastvmaf {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct GoldenCase {
  std::string set, pair, run, args;  // set empty: the shared folder is absent
  std::string variant;                // "" or ".intel": <run><variant>.json
};

void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.set << "/" << c.pair << "/" << c.run << c.variant; }

std::string case_name(const testing::TestParamInfo<GoldenCase>& info) {
  if (info.param.set.empty()) return "shared_folder_absent";
  std::string s = info.param.run + (info.param.variant.empty() ? "" : "_intel") + "_" + info.param.set + "_" +
                  info.param.pair;
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

std::vector<GoldenCase> golden_cases() {
  std::vector<GoldenCase> out;
  for (const char* set : {"corpus", "netflix"}) {
    std::ifstream in(fs::path(FASTVMAF_SHARED_DIR) / "golden" / set / "index.tsv");
    std::string line;
    while (std::getline(in, line)) {
      std::vector<std::string> f;
      std::stringstream ss(line);
      for (std::string cell; std::getline(ss, cell, '\t');) f.push_back(cell);
      if (f.size() < 5 || (" " + f[4] + " ").find(" -m ") == std::string::npos) continue;
      out.push_back({set, f[0], f[1], f[4], ""});
      if (fs::exists(fs::path(FASTVMAF_SHARED_DIR) / "golden" / set / f[0] / (f[1] + ".intel.json")))
        out.push_back({set, f[0], f[1], f[4], ".intel"});
    }
  }
  if (out.empty()) out.push_back({});
  return out;
}

// The -m arguments of a golden row, as libvmaf's CLI reads them.
std::vector<ModelRequest> model_requests(const std::string& args) {
  std::vector<ModelRequest> out;
  std::istringstream is(args);
  std::vector<std::string> words;
  for (std::string w; is >> w;) words.push_back(w);
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    if (words[i] != "-m" && words[i] != "--model") continue;
    ModelRequest r;
    std::stringstream ss(words[i + 1]);
    for (std::string kv; std::getline(ss, kv, ':');) {
      const auto eq = kv.find('=');
      const std::string k = kv.substr(0, eq), v = eq == std::string::npos ? "true" : kv.substr(eq + 1);
      if (k == "path") {
        // The rows name libvmaf's files ({models}/NAME.json): score with the built-in
        // model NAME, which must be those files exactly.
        const std::string placeholder = "{models}/";
        if (v.rfind(placeholder, 0) == 0 && v.ends_with(".json"))
          r.version = v.substr(placeholder.size(), v.size() - placeholder.size() - 5);
        else
          r.path = v;
      } else if (k == "version") {
        r.version = v;
      } else if (k == "name") {
        r.name = v;
      } else if (k == "disable_clip") {
        r.disable_clip = v == "true";
      } else if (k == "enable_transform") {
        r.enable_transform = v == "true";
      } else {
        const auto dot = k.find('.');
        r.overloads.push_back({k.substr(0, dot), k.substr(dot + 1), v});
      }
    }
    out.push_back(r);
  }
  return out;
}

// Output name -> collector key: un-suffixed features are printed by their alias.
std::map<std::string, std::string> unalias_table() {
  std::map<std::string, std::string> t;
  for (const auto* e : Registry::instance().all())
    for (const auto& p : e->provided_features) t.emplace(std::string(feature_alias(p)), p);
  return t;
}

double golden_value(const json& v) { return v.is_null() ? std::nan("") : v.get<double>(); }

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

std::string show(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// Values compared per run, printed after all tests (the report's table).
struct Tally {
  unsigned pairs = 0;
  unsigned long equal = 0, different = 0;
};
std::map<std::string, Tally>& tallies() {
  static std::map<std::string, Tally> t;
  return t;
}

class TallyPrinter : public testing::Environment {
 public:
  void TearDown() override {
    for (const auto& [run, t] : tallies())
      std::printf("[model golden] %-9s pairs %3u  values equal %7lu  different %lu\n", run.c_str(), t.pairs, t.equal,
                  t.different);
  }
};
[[maybe_unused]] testing::Environment* const kTallyPrinter = testing::AddGlobalTestEnvironment(new TallyPrinter);

class ModelGolden : public testing::TestWithParam<GoldenCase> {};

TEST_P(ModelGolden, ScoresEqualLibvmaf) {
  const GoldenCase& gc = GetParam();
  if (gc.set.empty()) GTEST_SKIP() << "shared folder " << FASTVMAF_SHARED_DIR << " is absent: no golden outputs";
  const fs::path golden_path = fs::path(FASTVMAF_SHARED_DIR) / "golden" / gc.set / gc.pair / (gc.run + gc.variant + ".json");
  std::ifstream in(golden_path);
  ASSERT_TRUE(in) << "cannot open " << golden_path;
  const json golden = json::parse(in);

  std::vector<std::unique_ptr<model::ScoringModel>> models;
  std::set<std::string> outputs;
  std::vector<std::string> output_order;
  for (const auto& req : model_requests(gc.args)) {
    // A model that reads a feature no extractor provides yet is skipped by name (its
    // golden row waits for the extractor); any other load error fails the test.
    try {
      models.push_back(model::load_model(req, ""));
    } catch (const std::exception& e) {
      if (std::string(e.what()).find("no feature extractor provides") == std::string::npos) throw;
      GTEST_SKIP() << "skipped, extractor not implemented yet: " << e.what();
    }
    for (const auto& n : models.back()->output_names()) {
      outputs.insert(n);
      output_order.push_back(n);
    }
  }
  ASSERT_FALSE(models.empty()) << "no -m in " << gc.args;

  // The golden feature values, under their collector keys.
  const auto unalias = unalias_table();
  const json& frames = golden.at("frames");
  const unsigned n = static_cast<unsigned>(frames.size());
  ASSERT_GT(n, 0u);
  FeatureCollector c;
  for (unsigned i = 0; i < n; ++i) {
    ASSERT_EQ(frames[i].at("frameNum").get<unsigned>(), i);
    for (const auto& [name, v] : frames[i].at("metrics").items()) {
      if (outputs.count(name)) continue;
      auto it = unalias.find(name);
      c.append(it == unalias.end() ? name : it->second, i, golden_value(v));
    }
  }

  // As the engine does: every model for every frame, then the collections.
  for (const auto& m : models)
    for (unsigned i = 0; i < n; ++i) m->predict(c, i);
  for (const auto& m : models)
    for (unsigned i = 0; i < n; ++i) m->predict_collection(c, i);

  Tally& tally = tallies()[gc.run + gc.variant];
  ++tally.pairs;
  auto check = [&](bool ok, const std::string& what, double ours, double theirs) {
    ++(ok ? tally.equal : tally.different);
    EXPECT_TRUE(ok) << what << ": ours " << show(ours) << ", libvmaf " << show(theirs) << " (difference "
                    << show(ours - theirs) << ")";
  };

  for (const auto& name : output_order) {
    const FeatureCollector::Series* s = c.find(name);
    ASSERT_NE(s, nullptr) << "no output " << name;
    for (unsigned i = 0; i < n; ++i) {
      const json& metrics = frames[i].at("metrics");
      ASSERT_TRUE(metrics.contains(name)) << "golden frame " << i << " has no " << name;
      ASSERT_TRUE(s->has(i)) << name << " has no value at frame " << i;
      const double theirs = golden_value(metrics.at(name));
      check(same(s->values[i], theirs), name + " at frame " + std::to_string(i), s->values[i], theirs);
    }
    const json& pooled = golden.at("pooled_metrics").at(name);
    for (PoolMethod pm : {PoolMethod::Min, PoolMethod::Max, PoolMethod::Mean, PoolMethod::HarmonicMean}) {
      const std::optional<double> ours = pool(*s, pm, 0, n - 1, 1);
      ASSERT_TRUE(ours.has_value()) << name << " " << to_string(pm);
      const double theirs = golden_value(pooled.at(to_string(pm)));
      check(same(*ours, theirs), name + " pooled " + to_string(pm), *ours, theirs);
    }
  }

  // The model outputs appear in libvmaf's order (the collector's series order, which
  // the writers print). nlohmann's json sorts keys, so read libvmaf's order from the
  // first frame of the file's text.
  std::vector<std::string> ours_order;
  for (const auto& s : c.series())
    if (outputs.count(s.name)) ours_order.push_back(s.name);
  std::ifstream text_in(golden_path);
  const std::string text((std::istreambuf_iterator<char>(text_in)), std::istreambuf_iterator<char>());
  const std::size_t first_frame_end = text.find("\"frameNum\": 1,");
  std::vector<std::pair<std::size_t, std::string>> by_position;
  for (const auto& name : output_order) {
    const std::size_t pos = text.find("\"" + name + "\":");
    EXPECT_LT(pos, first_frame_end) << name << " is not in the first frame";
    by_position.emplace_back(pos, name);
  }
  std::sort(by_position.begin(), by_position.end());
  std::vector<std::string> libvmaf_order;
  for (const auto& [pos, name] : by_position) libvmaf_order.push_back(name);
  EXPECT_EQ(ours_order, libvmaf_order);

  // The pooled line the CLI prints.
  for (const auto& m : models) {
    Result::ModelScore score;
    m->summarize(c, 0, n - 1, 1, score);
    const auto names = m->output_names();
    EXPECT_EQ(score.mean, golden_value(golden.at("pooled_metrics").at(names[0]).at("mean"))) << names[0];
    if (score.bootstrap) {
      const std::string base = names.back().substr(0, names.back().size() - std::string("_ci_p95_hi").size());
      EXPECT_EQ(score.bagging, golden_value(golden.at("pooled_metrics").at(base + "_bagging").at("mean")));
      EXPECT_EQ(score.stddev, golden_value(golden.at("pooled_metrics").at(base + "_stddev").at("mean")));
      EXPECT_EQ(score.ci_lo, golden_value(golden.at("pooled_metrics").at(base + "_ci_p95_lo").at("mean")));
      EXPECT_EQ(score.ci_hi, golden_value(golden.at("pooled_metrics").at(base + "_ci_p95_hi").at("mean")));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Golden, ModelGolden, testing::ValuesIn(golden_cases()), case_name);

}  // namespace
}  // namespace fastvmaf
