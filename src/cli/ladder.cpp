#include "cli/ladder.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/output_guard.hpp"
#include "cli/profile.hpp"
#include "cli/score_pair.hpp"
#include "cli/summary.hpp"
#include "io/output_writer.hpp"

namespace fastvmaf::cli {

void check_ladder_outputs(const Args& args) {
  std::vector<std::string> inputs{args.ref_path};
  inputs.insert(inputs.end(), args.dis_paths.begin(), args.dis_paths.end());
  std::map<std::string, std::size_t> seen;  // output identity -> encode
  for (std::size_t k = 0; k < args.ladder_outputs.size(); ++k) {
    const std::string& out = args.ladder_outputs[k];
    if (out.empty()) continue;
    if (!standard_stream_writing(out)) io::check_output_path(out);
    refuse_output_over_input(out, inputs);
    const auto id = output_identity(out);
    if (!id) continue;  // a device or pipe: written in place, nothing replaced
    if (auto [it, added] = seen.emplace(*id, k); !added)
      throw std::invalid_argument(fmt::format(
          "the encodes {} (\"{}\") and {} (\"{}\") write the same output file \"{}\": one result would be lost; give "
          "each -d its own -o, or a template whose {{name}} differs",
          it->second + 1, args.dis_paths[it->second], k + 1, args.dis_paths[k], out));
  }
}

int run_ladder(Engine& engine, const Args& args, bool& sizes_differ, double engine_s) {
  const std::size_t n = args.dis_paths.size();
  std::vector<PairJob> jobs;
  for (std::size_t k = 0; k < n; ++k)
    jobs.push_back({args.ref_path, args.dis_paths[k], args.ladder_outputs.at(k), args.raw, args.raw_geometry});

  std::mutex err_mu;
  auto say = [&](std::size_t k, const char* kind, const std::string& what) {
    std::lock_guard lock(err_mu);
    std::fprintf(stderr, "fastvmaf: %s: encode %zu (%s): %s\n", kind, k + 1, args.dis_paths[k].c_str(), what.c_str());
  };
  PairHooks hooks;
  hooks.note = [](const std::string& w) { std::fprintf(stderr, "fastvmaf: %s\n", w.c_str()); };
  hooks.warn = [](const std::string& w) { std::fprintf(stderr, "fastvmaf: warning: %s\n", w.c_str()); };
  const bool tty = ::isatty(::fileno(stderr));
  if (tty && !args.quiet) {
    hooks.progress = [n, t0 = std::chrono::steady_clock::now()](unsigned f) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::fprintf(stderr, "\r%u reference frame%s x %zu encodes, %.2f FPS\033[K", f, f == 1 ? "" : "s", n,
                   s > 0 ? f / s : 0.0);
      std::fflush(stderr);
    };
  }
  std::vector<PairHooks> encode_hooks(n);
  for (std::size_t k = 0; k < n; ++k) {
    encode_hooks[k].warn = [&say, k](const std::string& w) { say(k, "warning", w); };
    encode_hooks[k].note = [&say, k](const std::string& w) { say(k, "note", w); };
  }

  const auto t0 = std::chrono::steady_clock::now();
  std::vector<EncodeScore> scores = score_ladder(engine, args, jobs, hooks, encode_hooks);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (hooks.progress) std::fprintf(stderr, "\n");

  std::vector<PairOutcome> outcomes(n);
  unsigned frames = 0;
  for (std::size_t k = 0; k < n; ++k) {
    outcomes[k].ref_path = args.ref_path;
    outcomes[k].dis_path = args.dis_paths[k];
    sizes_differ = sizes_differ || scores[k].sizes_differ;
    if (scores[k].result) {
      outcomes[k].scored(*scores[k].result);
      frames += scores[k].result->frame_count;
    } else {
      outcomes[k].error = scores[k].error;
      say(k, "error", scores[k].error);
    }
  }
  const unsigned failed = print_summary(outcomes);
  std::fprintf(stderr, "fastvmaf: ladder: %zu encodes, %u failed, %u frames in %.2f s (%.1f fps), one pass over "
               "the reference\n",
               n, failed, frames, secs, secs > 0 ? frames / secs : 0.0);
  // Each encode's run has its own stages (the encodes of a pass run side by side, so
  // their times overlap; the ladder line above is the wall time of them all).
  if (args.profile)
    for (std::size_t k = 0; k < n; ++k)
      if (scores[k].result)
        print_profile(engine_s, *scores[k].result, fmt::format("encode {} ({})", k + 1, args.dis_paths[k]));
  return failed ? 1 : 0;
}

}  // namespace fastvmaf::cli
