#include "cli/profile.hpp"

#include <cstdio>
#include <string>

namespace fastvmaf::cli {

void print_profile(double engine_s, const Result& r, const std::string& label) {
  std::fprintf(stderr, "fastvmaf: profile%s%s (%u frames, %.1f fps)\n", label.empty() ? "" : ", ", label.c_str(),
               r.frame_count, r.fps);
  std::fprintf(stderr, "  %-24s %9.3f ms\n", "engine (models, backend)", 1e3 * engine_s);
  for (const auto& [stage, s] : r.profile) std::fprintf(stderr, "  %-24s %9.3f ms\n", stage.c_str(), 1e3 * s);
  // A run of several workers (--backend auto, cpu+X, --gpus): who scored how many frames.
  for (const auto& [worker, n] : r.workers)
    std::fprintf(stderr, "  frames by %-15s %9u (%.1f%%)\n", worker.c_str(), n,
                 r.frame_count ? 100.0 * n / r.frame_count : 0.0);
  // And the segments they scored, as they ended.
  for (const auto& p : r.pieces) {
    const std::string range = "[" + std::to_string(p.first) + ", " + std::to_string(p.end) + ")";
    std::fprintf(stderr, "  segment %-15s %-16s %7.3f - %.3f s\n", p.worker.c_str(), range.c_str(), p.start_s, p.end_s);
  }
  if (r.device) {
    const auto& d = *r.device;
    const double n = d.frames ? d.frames : 1;
    std::fprintf(stderr, "  device strand (%s, %u frames, %u lanes, %u twin instances, %u in flight), host ms per frame: "
                         "upload %.4f, enqueue %.4f, wait %.4f, finish %.4f\n",
                 d.backend.c_str(), d.frames, d.lanes, d.instances, d.depth, 1e3 * d.upload_s / n, 1e3 * d.enqueue_s / n, 1e3 * d.wait_s / n,
                 1e3 * d.finish_s / n);
  }
}

}  // namespace fastvmaf::cli
