// One golden test: runs our CLI with the arguments libvmaf was run with for one
// (pair, run) row of ../shared/golden/<set>/index.tsv, and requires every per-frame
// value, every pooled value and every aggregate to equal libvmaf's output exactly
// (the goldens are printed with %.17g; we print with --precision max, and both parse
// to the same double only when the doubles are equal).
//
// Exit codes: 0 equal, 1 different or failed, 77 skipped (a feature the run needs is
// not implemented yet, or has no twin on --backend's GPU backend; the reason names it).
//
// usage: golden_check --cli PATH --golden DIR --media DIR --models DIR --pair P --run R
//                     [--work DIR] [--threads N] [--backend B] [--stored DIR] [--builtin-models 1]
//                     [--segment-frames N] [--gpus LIST]
// --builtin-models 1 runs the CLI with -m version=NAME for the rows' -m path={models}/NAME.json
// (the models built into the library, with FASTVMAF_MODEL_DIR unset); --models DIR is then
// only read to know which extractors the models need.
// --rcpss-signature HEX|opposite: float_adm's values follow the CPU's rcpss (core/rcpss.hpp), so
// the golden is <run>.intel.json where that file exists and this CPU's rcpss signature is
// Intel's, <run>.json (made on an AMD EPYC) otherwise; the choice is printed. The option
// replaces the measured signature: "opposite" is Intel's where this CPU's is not and 0
// where it is, so the other file is chosen (the test that the choice can fail).
// --stored DIR scores the compressed files the corpus y4m were decoded from (DIR/NAME.mkv,
// .mp4 or .webm for NAME.y4m) directly: the decoder must give ffmpeg's frames exactly.
// --segment-frames N runs the CLI with --segment-frames N: the run cut into segments of N
// frames and put back together must still give libvmaf's values (docs/adr/0013-segments.md).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rcpss.hpp"
#include "process.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

struct Opts {
  std::string cli, golden, media, models, pair, run, work = ".", threads, backend;
  std::string stored;  // read the stored compressed files of ../shared/corpus instead of media's y4m
  std::string rcpss_signature;  // empty: this CPU's
  std::string segment_frames;   // --segment-frames N passed to the command (the run cut into segments)
  std::string gpus;             // --gpus LIST passed to the command (device pipelines)
  bool builtin_models = false;
};

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream is(s);
  while (std::getline(is, cur, sep)) out.push_back(cur);
  return out;
}

std::vector<std::string> split_ws(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream is(s);
  std::string w;
  while (is >> w) out.push_back(w);
  return out;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t p = 0; (p = s.find(from, p)) != std::string::npos; p += to.size()) s.replace(p, from.size(), to);
  return s;
}

// Runs argv, stdout and stderr to `log`; returns the exit status (or 128+signal).
int run_process(const std::vector<std::string>& argv, const std::string& log) {
  return fastvmaf::test::run_process(argv, log).status;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// name -> implemented on the run's backend (the CPU unless --backend names a GPU one), from
// `fastvmaf --list-features`; and provided -> name.
struct Catalog {
  std::map<std::string, bool> implemented;
  std::map<std::string, std::string> by_provided;
};

Catalog catalog(const Opts& o) {
  // One file per test: tests of the same build run in parallel.
  const std::string log = (fs::path(o.work) / (o.pair + "." + o.run + ".features.txt")).string();
  if (run_process({o.cli, "--list-features"}, log) != 0) throw std::runtime_error("fastvmaf --list-features failed");
  Catalog c;
  std::istringstream is(slurp(log));
  std::string line;
  while (std::getline(is, line)) {
    auto cols = split(line, '\t');
    if (cols.size() < 3) continue;
    // On a GPU backend (--backend cuda|hip|sycl) a run needs a twin of every extractor.
    // auto and cpu+X run every extractor the CPU has (a run of one without a twin is the
    // CPU's alone).
    const bool cpu_first = o.backend.empty() || o.backend == "auto" || o.backend.rfind("cpu+", 0) == 0;
    const std::string want = cpu_first ? "cpu" : o.backend;
    bool has = false;
    for (const auto& b : split(cols[1], ',')) has = has || b == want;
    c.implemented[cols[0]] = has;
    for (const auto& p : split_ws(cols[2])) c.by_provided[p] = cols[0];
  }
  return c;
}

// The extractors a run needs: --feature NAME[=...] and every model's feature_names.
std::set<std::string> needed_extractors(const std::vector<std::string>& args, const Catalog& cat) {
  std::set<std::string> need;
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "--feature") need.insert(split(args[i + 1], '=')[0]);
    if (args[i] == "-m" || args[i] == "--model") {
      for (const auto& kv : split(args[i + 1], ':')) {
        if (kv.rfind("path=", 0) != 0) continue;
        json model = json::parse(slurp(kv.substr(5)));
        // A single model has model_dict; a bootstrap collection is {"0": model, "1": ...}.
        std::vector<json> models;
        if (model.contains("model_dict"))
          models.push_back(model["model_dict"]);
        else
          for (const auto& [key, sub] : model.items())
            if (sub.is_object() && sub.contains("model_dict")) models.push_back(sub["model_dict"]);
        for (auto& m : models)
          for (const auto& f : m.value("feature_names", json::array())) {
            auto it = cat.by_provided.find(f.get<std::string>());
            need.insert(it == cat.by_provided.end() ? f.get<std::string>() : it->second);
          }
      }
    }
  }
  return need;
}

bool same(const json& a, const json& b) {
  if (a.is_null() || b.is_null()) return a.is_null() && b.is_null();
  if (!a.is_number() || !b.is_number()) return false;
  const double x = a.get<double>(), y = b.get<double>();
  return x == y || (std::isnan(x) && std::isnan(y));
}

std::string show(const json& v) {
  if (!v.is_number()) return v.dump();
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v.get<double>());
  return buf;
}

int compare(const json& gold, const json& ours, std::size_t& checked) {
  std::vector<std::string> diffs;
  std::map<long, const json*> of;
  for (const auto& f : ours["frames"]) of[f["frameNum"].get<long>()] = &f["metrics"];
  std::set<long> gold_frames;
  for (const auto& f : gold["frames"]) {
    const long i = f["frameNum"].get<long>();
    gold_frames.insert(i);
    auto it = of.find(i);
    for (const auto& [k, v] : f["metrics"].items()) {
      ++checked;
      if (it == of.end() || !it->second->contains(k)) {
        diffs.push_back("frame " + std::to_string(i) + " " + k + ": missing in ours (golden " + show(v) + ")");
      } else if (!same((*it->second)[k], v)) {
        diffs.push_back("frame " + std::to_string(i) + " " + k + ": ours " + show((*it->second)[k]) + ", libvmaf " +
                        show(v));
      }
    }
    if (it != of.end())
      for (const auto& [k, v] : it->second->items())
        if (!f["metrics"].contains(k)) diffs.push_back("frame " + std::to_string(i) + " " + k + ": extra in ours");
  }
  for (const auto& [i, m] : of)
    if (!gold_frames.count(i)) diffs.push_back("frame " + std::to_string(i) + ": extra frame in ours");
  const json& gp = gold["pooled_metrics"];
  const json& op = ours["pooled_metrics"];
  for (const auto& [k, methods] : gp.items()) {
    for (const auto& [m, v] : methods.items()) {
      ++checked;
      if (!op.contains(k) || !op[k].contains(m))
        diffs.push_back("pooled " + k + "." + m + ": missing in ours");
      else if (!same(op[k][m], v))
        diffs.push_back("pooled " + k + "." + m + ": ours " + show(op[k][m]) + ", libvmaf " + show(v));
    }
  }
  for (const auto& [k, v] : op.items())
    if (!gp.contains(k)) diffs.push_back("pooled " + k + ": extra in ours");
  const json& ga = gold["aggregate_metrics"];
  const json& oa = ours["aggregate_metrics"];
  for (const auto& [k, v] : ga.items()) {
    ++checked;
    if (!oa.contains(k))
      diffs.push_back("aggregate " + k + ": missing in ours");
    else if (!same(oa[k], v))
      diffs.push_back("aggregate " + k + ": ours " + show(oa[k]) + ", libvmaf " + show(v));
  }
  for (const auto& [k, v] : oa.items())
    if (!ga.contains(k)) diffs.push_back("aggregate " + k + ": extra in ours");
  if (diffs.empty()) return 0;
  std::cout << diffs.size() << " of " << checked << " values differ from libvmaf:\n";
  for (std::size_t i = 0; i < diffs.size() && i < 40; ++i) std::cout << "  " << diffs[i] << "\n";
  if (diffs.size() > 40) std::cout << "  ...\n";
  return 1;
}

// The golden file of a run on this CPU (see --rcpss-signature above), said on stdout.
fs::path golden_file(const Opts& o) {
  namespace cpu = fastvmaf::cpu;
  const fs::path dir = fs::path(o.golden) / o.pair;
  const fs::path plain = dir / (o.run + ".json"), intel = dir / (o.run + ".intel.json");
  if (!fs::exists(intel) && o.rcpss_signature.empty()) {
    std::cout << "golden " << plain.filename().string() << " (no Intel variant: no float_adm value differs)\n";
    return plain;
  }
  const std::uint64_t own = cpu::rcpss_signature();
  std::uint64_t sig = own;
  if (o.rcpss_signature == "opposite")
    sig = own == cpu::kIntelRcpssSignature ? 0 : cpu::kIntelRcpssSignature;
  else if (!o.rcpss_signature.empty())
    sig = std::stoull(o.rcpss_signature, nullptr, 16);
  const cpu::RcpFamily family = cpu::rcpss_family_of(sig, cpu::rcpss_family() == cpu::RcpFamily::Amd);
  const fs::path chosen = family == cpu::RcpFamily::Intel && fs::exists(intel) ? intel : plain;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(sig));
  std::cout << "rcpss signature " << hex << (sig == own ? " (this CPU's)" : " (given; this CPU's differs)") << ", "
            << cpu::to_string(family) << ": golden " << chosen.filename().string() << "\n";
  return chosen;
}

}  // namespace

int main(int argc, char** argv) {
  Opts o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--cli") o.cli = v;
    else if (k == "--golden") o.golden = v;
    else if (k == "--media") o.media = v;
    else if (k == "--models") o.models = v;
    else if (k == "--pair") o.pair = v;
    else if (k == "--run") o.run = v;
    else if (k == "--work") o.work = v;
    else if (k == "--threads") o.threads = v;
    else if (k == "--backend") o.backend = v;
    else if (k == "--stored") o.stored = v;
    else if (k == "--segment-frames") o.segment_frames = v;
    else if (k == "--gpus") o.gpus = v;
    else if (k == "--builtin-models") o.builtin_models = v == "1";
    else if (k == "--rcpss-signature") o.rcpss_signature = v;
    else {
      std::cerr << "golden_check: unknown argument " << k << "\n";
      return 1;
    }
  }
  try {
    std::string args_line;
    std::string ref, dis;
    std::ifstream idx(fs::path(o.golden) / "index.tsv");
    std::string line;
    while (std::getline(idx, line)) {
      auto cols = split(line, '\t');
      if (cols.size() >= 5 && cols[0] == o.pair && cols[1] == o.run) {
        ref = cols[2];
        dis = cols[3];
        args_line = cols[4];
      }
    }
    if (args_line.empty()) {
      std::cerr << "golden_check: no row " << o.pair << " " << o.run << " in " << o.golden << "/index.tsv\n";
      return 1;
    }
    if (!o.stored.empty()) {
      // NAME.y4m was decoded by ffmpeg from NAME.mkv/.mp4/.webm: score that file directly.
      for (std::string* f : {&ref, &dis}) {
        const std::string stem = fs::path(*f).stem().string();
        std::string found;
        for (const char* ext : {".mkv", ".mp4", ".webm"})
          if (fs::exists(fs::path(o.stored) / (stem + ext))) found = (fs::path(o.stored) / (stem + ext)).string();
        if (found.empty()) {
          std::cerr << "golden_check: no stored file for " << *f << " in " << o.stored << "\n";
          return 1;
        }
        *f = found;
      }
    }
    args_line = replace_all(args_line, "{ref}", o.stored.empty() ? (fs::path(o.media) / ref).string() : ref);
    args_line = replace_all(args_line, "{dis}", o.stored.empty() ? (fs::path(o.media) / dis).string() : dis);
    args_line = replace_all(args_line, "{models}", o.models);
    auto args = split_ws(args_line);

    fs::create_directories(o.work);
    const Catalog cat = catalog(o);
    std::vector<std::string> missing;
    for (const auto& e : needed_extractors(args, cat)) {
      auto it = cat.implemented.find(e);
      if (it == cat.implemented.end() || !it->second) missing.push_back(e);
    }
    if (!missing.empty()) {
      std::string m;
      for (const auto& e : missing) m += (m.empty() ? "" : ", ") + e;
      std::cout << "SKIP: not implemented yet" << (o.backend.empty() ? "" : " on " + o.backend) << ": " << m << "\n";
      return 77;
    }

    if (o.builtin_models) {
      // -m path=<models>/NAME.json[:...] -> -m version=NAME[:...]
      const std::string prefix = "path=" + (fs::path(o.models) / "").string();
      for (auto& a : args) {
        if (a.rfind(prefix, 0) != 0) continue;
        const auto colon = a.find(':');
        const std::string file = a.substr(prefix.size(), colon == std::string::npos ? colon : colon - prefix.size());
        if (!file.ends_with(".json")) continue;
        a = "version=" + file.substr(0, file.size() - 5) + (colon == std::string::npos ? "" : a.substr(colon));
      }
      ::unsetenv("FASTVMAF_MODEL_DIR");
    }
    const std::string out = (fs::path(o.work) / (o.pair + "." + o.run + ".json")).string();
    const std::string log = (fs::path(o.work) / (o.pair + "." + o.run + ".log")).string();
    fs::remove(out);
    std::vector<std::string> cmd{o.cli};
    cmd.insert(cmd.end(), args.begin(), args.end());
    for (const char* a : {"--json", "-o", out.c_str(), "--precision", "max", "-q"}) cmd.emplace_back(a);
    if (!o.threads.empty()) cmd.insert(cmd.end(), {"--threads", o.threads});
    if (!o.backend.empty()) cmd.insert(cmd.end(), {"--backend", o.backend});
    if (!o.segment_frames.empty()) cmd.insert(cmd.end(), {"--segment-frames", o.segment_frames});
    if (!o.gpus.empty()) cmd.insert(cmd.end(), {"--gpus", o.gpus});
    std::cout << "command:";
    for (const auto& c : cmd) std::cout << " " << c;
    std::cout << "\n";
    const int rc = run_process(cmd, log);
    if (rc != 0) {
      std::cout << "fastvmaf exited with " << rc << ":\n" << slurp(log);
      return 1;
    }
    const json gold = json::parse(slurp(golden_file(o).string()));
    const json ours = json::parse(slurp(out));
    std::size_t checked = 0;
    const int r = compare(gold, ours, checked);
    if (r == 0) std::cout << "all " << checked << " values equal libvmaf's\n";
    return r;
  } catch (const std::exception& e) {
    std::cout << "golden_check: " << e.what() << "\n";
    return 1;
  }
}
