// Device-only timing of any set of GPU twins together (twin_driver.hpp: frames resident
// on the device, several in flight, one results download and one host wait per frame):
// ms per frame, the latency of one frame, the host's enqueue time, and the device work
// per frame from the counters. One row per pair. The twins run on one compute lane each,
// as the frame pipeline runs them; --lanes 1 puts them all on one stream.
//
//   gpu_twin_bench [--iterations N] [--lanes N] --feature NAME[=k=v:k=v] [--feature ...] REF.y4m DIS.y4m [REF DIS ...]
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "gpu/compat.hpp"

#include "twin_driver.hpp"

int main(int argc, char** argv) {
  using namespace fastvmaf;  // NOLINT(build/namespaces)
  unsigned iterations = 200, lanes = 0;
  std::vector<std::string> features, files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--iterations" && i + 1 < argc)
      iterations = static_cast<unsigned>(std::atoi(argv[++i]));
    else if (a == "--lanes" && i + 1 < argc)
      lanes = static_cast<unsigned>(std::atoi(argv[++i]));
    else if (a == "--feature" && i + 1 < argc)
      features.push_back(argv[++i]);
    else
      files.push_back(a);
  }
  if (features.empty() || files.empty() || files.size() % 2 != 0) {
    std::fprintf(stderr, "usage: gpu_twin_bench [--iterations N] [--lanes N] --feature NAME[=opts] ... REF.y4m DIS.y4m ...\n");
    return 2;
  }
  const gpu::Probe probe = gpu::Device::probe();
  if (!probe.usable) {
    std::printf("SKIP: %s\n", probe.detail.c_str());
    return 77;
  }
  std::string what;
  for (const auto& f : features) what += (what.empty() ? "" : " + ") + f;
  std::printf("device: %s; %u iterations; twins: %s\n\n", probe.detail.c_str(), iterations, what.c_str());
  std::printf("| pair | size | lanes | ms/frame | latency ms | host enqueue ms/frame | launches/frame | d2h/frame | waits/frame |\n"
              "|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
  try {
    for (std::size_t k = 0; k < files.size(); k += 2) {
      bench::TwinDriver driver(files[k], files[k + 1], features, 4, lanes);
      bench::Values values;
      const bench::TwinTiming t = driver.run(iterations, values);
      const double n = t.iterations;
      const VideoGeometry& g = driver.geometry();
      std::printf("| %s | %ux%u | %u | %.4f | %.4f | %.4f | %.1f | %.1f | %.1f |%s\n",
                  files[k + 1].substr(files[k + 1].find_last_of('/') + 1).c_str(), g.width, g.height, driver.lanes(),
                  t.ms_per_frame,
                  t.latency_ms, t.enqueue_ms, t.per_frame_total.launches / n, t.per_frame_total.d2h_copies / n,
                  t.per_frame_total.host_waits / n, t.repeatable ? "" : " ITERATIONS DIFFER");
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpu_twin_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
