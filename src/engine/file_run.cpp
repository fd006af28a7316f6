#include "engine/file_run.hpp"

#include <utility>

#include <fmt/format.h>

#include "engine/source_run.hpp"
#include "io/av_source.hpp"

namespace fastvmaf {

FileRun run_files(const Engine& engine, const std::string& ref_path, const std::string& dis_path,
                  const FileRunOptions& options, const FileRunHooks& hooks, bool& sizes_differ) {
  auto ref = io::open_video(ref_path, options.raw, options.raw_geometry, options.decode);
  auto dis = io::open_video(dis_path, options.raw, options.raw_geometry, options.decode);
  // Frames are paired by index, as libvmaf pairs them; libvmaf cannot know the rates, we
  // can: pairs of different rates are most likely not what was meant.
  const io::FrameRate &ref_rate = ref->frame_rate(), &dis_rate = dis->frame_rate();
  if (ref_rate.known() && dis_rate.known() && !ref_rate.same(dis_rate) && hooks.warn) {
    auto rate = [](const io::FrameRate& r) {
      return r.den == 1 ? fmt::format("{}", r.num) : fmt::format("{:.3f} ({}/{})", double(r.num) / r.den, r.num, r.den);
    };
    hooks.warn(fmt::format("the reference \"{}\" is {} fps and the distorted \"{}\" {} fps: frames are paired by "
                           "their index, not their time",
                           ref->path(), rate(ref_rate), dis->path(), rate(dis_rate)));
  }
  sizes_differ = options.scale.empty() && (ref->geometry().width != dis->geometry().width ||
                                           ref->geometry().height != dis->geometry().height);
  if (!options.scale.empty())
    dis = io::scale_video(std::move(dis), ref->geometry().width, ref->geometry().height, options.scale);
  // Compressed or scaled inputs: a note saying what was decoded and done to the frames;
  // what was done is also recorded in the XML and JSON outputs.
  FileRun run;
  for (const auto& [role, src] : {std::pair{"reference", ref.get()}, std::pair{"distorted", dis.get()}}) {
    const std::string what = io::describe(*src);
    if (!what.empty() && hooks.note) hooks.note(src->path() + ": " + what);
    auto done = io::conversions(*src);
    if (!done.empty()) run.inputs.push_back({role, std::move(done)});
  }
  run.result = run_sources(engine, *ref, *dis, options.limits, hooks.progress, hooks.warn);
  return run;
}

}  // namespace fastvmaf
