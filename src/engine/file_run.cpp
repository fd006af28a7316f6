#include "engine/file_run.hpp"

#include <memory>
#include <utility>

#include <fmt/format.h>

#include "engine/engine_impl.hpp"
#include "engine/ladder_run.hpp"
#include "engine/source_run.hpp"
#include "io/av_source.hpp"

namespace fastvmaf {

namespace {

// Opens the distorted file of a pair whose reference is open: warns when the frame rates
// differ, sets `sizes_differ`, scales it to the reference's size when asked.
std::unique_ptr<io::VideoSource> open_distorted(const io::VideoSource& ref, const std::string& dis_path,
                                                const FileRunOptions& options, const io::DecodeOptions& decode,
                                                const std::function<void(const std::string&)>& warn,
                                                bool& sizes_differ) {
  auto dis = io::open_video(dis_path, options.raw, options.raw_geometry, decode);
  // Frames are paired by index, as libvmaf pairs them; libvmaf cannot know the rates, we
  // can: pairs of different rates are most likely not what was meant.
  const io::FrameRate &ref_rate = ref.frame_rate(), &dis_rate = dis->frame_rate();
  if (ref_rate.known() && dis_rate.known() && !ref_rate.same(dis_rate) && warn) {
    auto rate = [](const io::FrameRate& r) {
      return r.den == 1 ? fmt::format("{}", r.num) : fmt::format("{:.3f} ({}/{})", double(r.num) / r.den, r.num, r.den);
    };
    warn(fmt::format("the reference \"{}\" is {} fps and the distorted \"{}\" {} fps: frames are paired by "
                     "their index, not their time",
                     ref.path(), rate(ref_rate), dis->path(), rate(dis_rate)));
  }
  sizes_differ = options.scale.empty() && (ref.geometry().width != dis->geometry().width ||
                                           ref.geometry().height != dis->geometry().height);
  if (!options.scale.empty())
    dis = io::scale_video(std::move(dis), ref.geometry().width, ref.geometry().height, options.scale);
  return dis;
}

// --hwdec cuda and auto: NVDEC decodes a compressed input into device memory when the run
// is on CUDA and every extractor of it is a twin there (frames on the device reach twins
// only), and the input is not scaled (libswscale works on the host). Asked when a
// compressed file is opened, so a run on .y4m files probes no device for it. Explicit
// cuda says why the CPU decodes instead.
io::DecodeOptions decode_options(const Engine& engine, const FileRunOptions& options, const FileRunHooks& hooks,
                                 bool scaled, const std::shared_ptr<bool>& said) {
  io::DecodeOptions d = options.decode;
  if (d.hwdec == io::HwDecode::None) return d;
  d.device_run = [&impl = EngineInternals::of(engine), asked = d.hwdec, note = hooks.note, scaled,
                  said](int& device) {
    std::string why;
    if (scaled) {
      why = "--scale scales on the CPU";
    } else if ((impl.hybrid ? impl.device_plan().backend : impl.gpu) != Backend::Cuda) {
      why = "the run is not on a CUDA device";
    } else {
      for (const auto& s : impl.single_slots())
        if (s.backend != Backend::Cuda) {
          why = fmt::format("{} does not run on CUDA", s.info->name);
          break;
        }
    }
    if (!why.empty()) {
      if (asked == io::HwDecode::Cuda && note && !*said) note(fmt::format("--hwdec cuda: decoded on the CPU, {}", why));
      *said = true;
      return false;
    }
    device = 0;  // compressed input is read in order: one pipeline, on device 0 (source_run.cpp)
    return true;
  };
  return d;
}

// Compressed or scaled inputs: a note saying what was decoded and done to the frames;
// what was done is also recorded in the XML and JSON outputs.
void describe_input(const char* role, const io::VideoSource& src, const std::function<void(const std::string&)>& note,
                    std::vector<io::InputRecord>& inputs) {
  const std::string what = io::describe(src);
  if (!what.empty() && note) note(src.path() + ": " + what);
  auto done = io::conversions(src);
  if (!done.empty()) inputs.push_back({role, std::move(done)});
}

}  // namespace

FileRun run_files(const Engine& engine, const std::string& ref_path, const std::string& dis_path,
                  const FileRunOptions& options, const FileRunHooks& hooks, bool& sizes_differ) {
  const auto said = std::make_shared<bool>(false);  // the note on --hwdec cuda, once
  auto ref =
      io::open_video(ref_path, options.raw, options.raw_geometry, decode_options(engine, options, hooks, false, said));
  // The distorted file is scaled when asked and its size differs: known once it is open,
  // so a distorted file that may be scaled is decoded on the CPU.
  auto dis = open_distorted(*ref, dis_path, options, decode_options(engine, options, hooks, !options.scale.empty(), said),
                            hooks.warn, sizes_differ);
  FileRun run;
  describe_input("reference", *ref, hooks.note, run.inputs);
  describe_input("distorted", *dis, hooks.note, run.inputs);
  run.result = run_sources(engine, *ref, *dis, options.limits, hooks.progress, hooks.warn);
  return run;
}

std::vector<LadderFileOutcome> run_file_ladder(const Engine& engine, const std::string& ref_path,
                                               const std::vector<std::string>& dis_paths,
                                               const FileRunOptions& options, const FileRunHooks& hooks,
                                               const std::vector<FileRunHooks>& encode_hooks,
                                               unsigned threads_per_encode) {
  // The ladder's runs share the reference's host pictures (and its reference-side
  // values): its files are decoded on the CPU.
  io::DecodeOptions decode = options.decode;
  decode.hwdec = io::HwDecode::None;
  auto ref = io::open_video(ref_path, options.raw, options.raw_geometry, decode);
  std::vector<io::InputRecord> ref_inputs;
  describe_input("reference", *ref, hooks.note, ref_inputs);

  std::vector<LadderFileOutcome> out(dis_paths.size());
  std::vector<std::unique_ptr<io::VideoSource>> opened(dis_paths.size());
  std::vector<LadderEncode> encodes;
  std::vector<std::size_t> which;  // the encode of each entry of `encodes`
  for (std::size_t k = 0; k < dis_paths.size(); ++k) {
    const FileRunHooks& h = encode_hooks.at(k);
    try {
      opened[k] = open_distorted(*ref, dis_paths[k], options, decode, h.warn, out[k].sizes_differ);
      out[k].run.inputs = ref_inputs;
      describe_input("distorted", *opened[k], h.note, out[k].run.inputs);
      encodes.push_back({opened[k].get(), h.warn});
      which.push_back(k);
    } catch (...) {
      out[k].error = std::current_exception();
    }
  }
  auto outcomes = run_ladder_sources(engine, *ref, encodes, options.limits, threads_per_encode, hooks.progress);
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    LadderFileOutcome& o = out[which[i]];
    if (outcomes[i].result) {
      o.run.result = std::move(*outcomes[i].result);
      o.ok = true;
    } else {
      o.error = outcomes[i].error;
    }
  }
  return out;
}

}  // namespace fastvmaf
