#include "cli/score_pair.hpp"

#include <utility>

#include "fastvmaf/version.hpp"
#include "io/av_source.hpp"
#include "io/output_writer.hpp"
#include "io/video_source.hpp"

namespace fastvmaf::cli {

Result score_pair(Engine& engine, const Args& args, const PairJob& job, const PairHooks& hooks, bool& sizes_differ) {
  auto ref = io::open_video(job.ref_path, job.raw, job.raw_geometry, args.decode);
  auto dis = io::open_video(job.dis_path, job.raw, job.raw_geometry, args.decode);
  sizes_differ = args.scale.empty() && (ref->geometry().width != dis->geometry().width ||
                                        ref->geometry().height != dis->geometry().height);
  if (!args.scale.empty())
    dis = io::scale_video(std::move(dis), ref->geometry().width, ref->geometry().height, args.scale);
  // Compressed or scaled inputs: a note saying what was decoded and done to the frames;
  // what was done is also recorded in the XML and JSON outputs.
  std::vector<io::InputRecord> inputs;
  for (const auto& [role, src] : {std::pair{"reference", ref.get()}, std::pair{"distorted", dis.get()}}) {
    const std::string what = io::describe(*src);
    if (!what.empty() && hooks.note) hooks.note(src->path() + ": " + what);
    auto done = io::conversions(*src);
    if (!done.empty()) inputs.push_back({role, std::move(done)});
  }
  Result result = engine.run(*ref, *dis, args.limits, hooks.progress, hooks.warn);
  if (!job.output_path.empty()) {
    const std::string doc = io::render_output(result, args.output_format, args.number_format, kVersion, inputs);
    io::write_file_atomically(job.output_path, doc);
  }
  return result;
}

}  // namespace fastvmaf::cli
