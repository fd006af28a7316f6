#include "cli/batch.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "cli/batch_manifest.hpp"
#include "cli/score_pair.hpp"

namespace fastvmaf::cli {

namespace {

struct Outcome {
  bool ok = false;
  std::string error;
  unsigned frames = 0;
  double fps = 0;
  std::vector<std::pair<std::string, double>> scores;  // model name, pooled mean
};

}  // namespace

unsigned batch_threads_per_job(const Args& args) {
  const unsigned all = args.engine.threads ? args.engine.threads : std::max(1u, std::thread::hardware_concurrency());
  return std::max(1u, all / std::max(1u, args.batch_jobs));
}

int run_batch(Engine& engine, const Args& args) {
  const std::vector<ManifestLine> lines = read_manifest(args.batch_path);
  check_manifest_outputs(lines);  // before anything is scored
  std::vector<Outcome> outcomes(lines.size());
  std::mutex err_mu;
  auto say = [&](const ManifestLine& l, const std::string& kind, const std::string& what) {
    std::lock_guard lock(err_mu);
    std::fprintf(stderr, "fastvmaf: %s: pair %u (line %u): %s\n", kind.c_str(),
                 static_cast<unsigned>(&l - lines.data()) + 1, l.number, what.c_str());
  };
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t k; (k = next.fetch_add(1)) < lines.size();) {
      const ManifestLine& l = lines[k];
      Outcome& o = outcomes[k];
      if (!l.error.empty()) {
        o.error = "bad manifest line: " + l.error;
        say(l, "error", o.error);
        continue;
      }
      try {
        PairHooks hooks;
        hooks.warn = [&](const std::string& w) { say(l, "warning", w); };
        hooks.note = [&](const std::string& n) { say(l, "note", n); };
        bool sizes_differ = false;
        const Result r = score_pair(engine, args, l.job, hooks, sizes_differ);
        o.ok = true;
        o.frames = r.frame_count;
        o.fps = r.fps;
        for (const auto& m : r.models) o.scores.emplace_back(m.name, m.mean);
      } catch (const std::exception& e) {
        o.error = e.what();
        say(l, "error", o.error);
      }
    }
  };
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> jobs;
  const unsigned n_jobs = std::min<unsigned>(std::max(1u, args.batch_jobs), static_cast<unsigned>(lines.size()));
  for (unsigned j = 0; j < n_jobs; ++j) jobs.emplace_back(worker);
  for (auto& t : jobs) t.join();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  // The summary: one row per pair, every model's pooled score in the order of -m.
  std::vector<std::string> models;
  for (const auto& o : outcomes)
    for (const auto& [name, v] : o.scores)
      if (std::find(models.begin(), models.end(), name) == models.end()) models.push_back(name);
  std::string head = "pair\tstatus\tframes\tfps\treference\tdistorted";
  for (const auto& m : models) head += "\t" + m;
  std::printf("%s\n", head.c_str());
  unsigned failed = 0, frames = 0;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const Outcome& o = outcomes[k];
    const PairJob& j = lines[k].job;
    failed += !o.ok;
    frames += o.frames;
    std::string row = fmt::format("{}\t{}\t{}\t{:.1f}\t{}\t{}", k + 1, o.ok ? "ok" : "failed", o.frames, o.fps,
                                  j.ref_path, j.dis_path);
    for (const auto& m : models) {
      auto it = std::find_if(o.scores.begin(), o.scores.end(), [&](const auto& s) { return s.first == m; });
      row += it == o.scores.end() ? "\t-" : fmt::format("\t{:.6f}", it->second);
    }
    std::printf("%s\n", row.c_str());
  }
  std::fprintf(stderr, "fastvmaf: batch: %zu pairs, %u failed, %u frames in %.2f s (%.1f fps), %u at a time\n",
               lines.size(), failed, frames, secs, secs > 0 ? frames / secs : 0.0, n_jobs);
  return failed ? 1 : 0;
}

}  // namespace fastvmaf::cli
