#include "cli/score_pair.hpp"

#include <sys/stat.h>

#include <cstdio>
#include <utility>

#include <fmt/format.h>

#include "engine/source_run.hpp"
#include "fastvmaf/version.hpp"
#include "io/av_source.hpp"
#include "io/output_writer.hpp"
#include "io/video_source.hpp"

namespace fastvmaf::cli {

std::FILE* standard_stream_writing(const std::string& path) {
  struct stat target {}, stream {};
  if (::stat(path.c_str(), &target) != 0) return nullptr;
  for (std::FILE* s : {stdout, stderr})
    if (::fstat(::fileno(s), &stream) == 0 && stream.st_dev == target.st_dev && stream.st_ino == target.st_ino)
      return s;
  return nullptr;
}

Result score_pair(Engine& engine, const Args& args, const PairJob& job, const PairHooks& hooks, bool& sizes_differ) {
  auto ref = io::open_video(job.ref_path, job.raw, job.raw_geometry, args.decode);
  auto dis = io::open_video(job.dis_path, job.raw, job.raw_geometry, args.decode);
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
  Result result = run_sources(engine, *ref, *dis, args.limits, hooks.progress, hooks.warn);
  if (!job.output_path.empty()) {
    if (std::FILE* stream = standard_stream_writing(job.output_path))
      io::render_output(result, args.output_format, args.number_format, kVersion, inputs,
                        [stream](std::string_view piece) { std::fwrite(piece.data(), 1, piece.size(), stream); });
    else
      io::write_output(job.output_path, result, args.output_format, args.number_format, kVersion, inputs);
  }
  return result;
}

}  // namespace fastvmaf::cli
