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
#include "cli/summary.hpp"

namespace fastvmaf::cli {

namespace {

unsigned all_threads(const Args& args) {
  return args.all_threads ? args.all_threads : std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace

unsigned batch_threads_per_job(const Args& args) {
  return std::max(1u, all_threads(args) / std::max(1u, args.batch_jobs));
}

int run_batch(Engine& engine, const Args& args) {
  const std::vector<ManifestLine> lines = read_manifest(args.batch_path);
  check_manifest_outputs(lines);  // before anything is scored
  // Lines that share a reference are one job: scored in one pass over it.
  const std::vector<std::vector<std::size_t>> groups = group_by_reference(lines);
  const unsigned n_jobs = std::min<unsigned>(std::max(1u, args.batch_jobs), static_cast<unsigned>(groups.size()));
  std::vector<PairOutcome> outcomes(lines.size());
  for (std::size_t k = 0; k < lines.size(); ++k) {
    outcomes[k].ref_path = lines[k].job.ref_path;
    outcomes[k].dis_path = lines[k].job.dis_path;
  }
  std::mutex err_mu;
  auto say = [&](const ManifestLine& l, const std::string& kind, const std::string& what) {
    std::lock_guard lock(err_mu);
    std::fprintf(stderr, "fastvmaf: %s: pair %u (line %u): %s\n", kind.c_str(),
                 static_cast<unsigned>(&l - lines.data()) + 1, l.number, what.c_str());
  };
  auto hooks_of = [&](const ManifestLine& l) {
    PairHooks hooks;
    hooks.warn = [&say, &l](const std::string& w) { say(l, "warning", w); };
    hooks.note = [&say, &l](const std::string& n) { say(l, "note", n); };
    return hooks;
  };
  auto score_one = [&](std::size_t k) {
    const ManifestLine& l = lines[k];
    PairOutcome& o = outcomes[k];
    if (!l.error.empty()) {
      o.error = "bad manifest line: " + l.error;
      say(l, "error", o.error);
      return;
    }
    try {
      bool sizes_differ = false;
      o.scored(score_pair(engine, args, l.job, hooks_of(l), sizes_differ));
    } catch (const std::exception& e) {
      o.error = e.what();
      say(l, "error", o.error);
    }
  };
  // A group's encodes share the threads a job has: every thread when fewer groups than
  // --batch-jobs run at once.
  auto score_group = [&](const std::vector<std::size_t>& group) {
    std::vector<PairJob> jobs;
    std::vector<PairHooks> encode_hooks;
    for (std::size_t k : group) {
      jobs.push_back(lines[k].job);
      encode_hooks.push_back(hooks_of(lines[k]));
    }
    PairHooks ref_hooks;
    ref_hooks.note = encode_hooks.front().note;  // the reference's note, under the group's first line
    const unsigned threads = std::max(1u, all_threads(args) / n_jobs);
    std::vector<EncodeScore> scores = score_ladder(engine, args, jobs, ref_hooks, encode_hooks, threads);
    for (std::size_t i = 0; i < group.size(); ++i) {
      PairOutcome& o = outcomes[group[i]];
      if (scores[i].result) {
        o.scored(*scores[i].result);
      } else {
        o.error = scores[i].error;
        say(lines[group[i]], "error", o.error);
      }
    }
  };
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t g; (g = next.fetch_add(1)) < groups.size();) {
      if (groups[g].size() == 1)
        score_one(groups[g].front());
      else
        score_group(groups[g]);
    }
  };
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> jobs;
  for (unsigned j = 0; j < n_jobs; ++j) jobs.emplace_back(worker);
  for (auto& t : jobs) t.join();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  const unsigned failed = print_summary(outcomes);
  unsigned frames = 0;
  for (const auto& o : outcomes) frames += o.frames;
  std::fprintf(stderr, "fastvmaf: batch: %zu pairs, %u failed, %u frames in %.2f s (%.1f fps), %u at a time\n",
               lines.size(), failed, frames, secs, secs > 0 ? frames / secs : 0.0, n_jobs);
  return failed ? 1 : 0;
}

}  // namespace fastvmaf::cli
