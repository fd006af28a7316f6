// The compressed-input module, libfastvmaf_av.so (io/av_module.hpp): io/av_source.hpp's
// functions on libavformat, libavcodec and libswscale, registered with the engine as the
// module loads.
#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include <fmt/format.h>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/hwcontext.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include "core/error.hpp"
#include "core/plane_size.hpp"
#include "fastvmaf/version.hpp"
#include "io/av_frame_map.hpp"
#include "io/av_module.hpp"

namespace fastvmaf::io {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw InputError(fmt::format("{}: {}", path, what));
}

std::string av_error(int code) {
  char buf[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, buf, sizeof buf);
  return buf;
}

std::string pix_fmt_name(int f) {
  const char* n = av_get_pix_fmt_name(static_cast<AVPixelFormat>(f));
  return n ? n : fmt::format("#{}", f);
}

// ---- What libavformat and libavcodec say about our files ----------------------------
//
// The libraries report trouble partly only through their log: a Matroska file cut short
// ends with a warning ("File ended prematurely") and a clean end of file; a decoder that
// conceals a damaged slice logs an error and still returns a picture. Each source keeps
// the first such message of its demuxer and of its decoder (their contexts' `opaque`
// points at it) and turns it into an error naming the file: a damaged file is never
// scored. The callback is installed by the first compressed source (the command line's),
// never by the library on its own: a program using the C API keeps its own logging.

struct LogRecord {
  struct Message {
    std::string text;
    int level = AV_LOG_QUIET;
  };
  Message demuxer;  // the first of the demuxer's most severe warnings and errors
  Message decoder;  // the first of the decoder's most severe errors (or concealment reports)
  // NVDEC asked for (DecodeOptions::hwdec) and refused by libavcodec, which then decodes
  // on the CPU: what its hwaccel said as it refused (not damage: moved out of `decoder`).
  bool hw_refused = false;
  std::string hw_why;
};

std::mutex g_log_mu;
std::set<const LogRecord*> g_live_records;

LogRecord* owner_of(void* avcl) {
  if (!avcl) return nullptr;
  const AVClass* cls = *static_cast<const AVClass**>(avcl);
  if (!cls || !cls->class_name) return nullptr;
  void* opaque = nullptr;
  if (std::strcmp(cls->class_name, "AVCodecContext") == 0)
    opaque = static_cast<AVCodecContext*>(avcl)->opaque;  // frame threads' copies share it
  else if (std::strcmp(cls->class_name, "AVFormatContext") == 0)
    opaque = static_cast<AVFormatContext*>(avcl)->opaque;
  auto* r = static_cast<LogRecord*>(opaque);
  return r && g_live_records.count(r) ? r : nullptr;
}

// Whether a message of the decoder (or the demuxer) says our file is damaged: the
// demuxer's warnings and errors, the decoder's errors, and the decoder's report that its
// error resilience concealed damage. That report is logged at info level, and it is the
// one sign of concealment that frame threads keep: with them an H.264 picture can be
// handed out (its AVFrame, flags included, copied) by one thread while another is still
// decoding it, so the frame's decode_error_flags, set when concealment runs, are lost at
// random. The report is logged by whichever thread conceals, through a copy of our
// context (same opaque), before the decoder ends its stream.
bool says_damaged(bool is_decoder, int level, const char* format) {
  if (!is_decoder) return level <= AV_LOG_WARNING;
  return level <= AV_LOG_ERROR || (level <= AV_LOG_INFO && format && std::strncmp(format, "concealing ", 11) == 0);
}

void log_callback(void* avcl, int level, const char* format, va_list args) {
  {
    std::lock_guard lock(g_log_mu);
    if (LogRecord* r = owner_of(avcl)) {
      const bool is_decoder = std::strcmp((*static_cast<const AVClass**>(avcl))->class_name, "AVCodecContext") == 0;
      LogRecord::Message& slot = is_decoder ? r->decoder : r->demuxer;
      if (says_damaged(is_decoder, level, format) && (slot.text.empty() || level < slot.level)) {
        char line[1024];
        std::vsnprintf(line, sizeof line, format, args);
        std::string s = line;
        s = s.substr(0, s.find('\n'));  // the first line says what; more lines give advice
        while (!s.empty() && s.back() == ' ') s.pop_back();
        const AVClass* cls = *static_cast<const AVClass**>(avcl);
        const char* who = cls->item_name ? cls->item_name(avcl) : cls->class_name;
        slot.text = fmt::format("{} says \"{}\"", who ? who : "libav", s);
        slot.level = level;
      }
      return;
    }
  }
  // Other contexts are libavformat's own (its parsers, its probing decoders): their
  // complaints come back to us as errors or damaged frames, which we report.
  if (level <= AV_LOG_FATAL) av_log_default_callback(avcl, level, format, args);
}

void install_log_callback() {
  static std::once_flag once;
  std::call_once(once, [] { av_log_set_callback(log_callback); });
}

// ---- NVDEC (libavcodec's CUDA hwaccel) ----------------------------------------------

// One libavutil CUDA device per GPU, shared by every source, in the device's primary
// context: the one the engine's CUDA runtime works in, so the decoder's frames and the
// frame pipeline share one context and their streams can be ordered.
AVBufferRef* cuda_device(int index, std::string& why) {
  static std::mutex mu;
  static std::map<int, AVBufferRef*> devices;  // kept for the process's life
  std::lock_guard lock(mu);
  if (auto it = devices.find(index); it != devices.end()) return it->second;
  AVDictionary* opts = nullptr;
  av_dict_set(&opts, "primary_ctx", "1", 0);
  AVBufferRef* dev = nullptr;
  const int r = av_hwdevice_ctx_create(&dev, AV_HWDEVICE_TYPE_CUDA, std::to_string(index).c_str(), opts, 0);
  av_dict_free(&opts);
  if (r < 0) {
    why = fmt::format("no CUDA device {} for NVDEC ({})", index, av_error(r));
    return nullptr;
  }
  devices[index] = dev;
  return dev;
}

// libavcodec offers the CUDA surface format when NVDEC may decode the stream; when its
// hwaccel then fails to start (codec, profile, size or chroma format NVDEC lacks) it
// asks again without it and decodes on the CPU. What the hwaccel logged as it refused
// is the reason, not damage of the file.
AVPixelFormat pick_cuda(AVCodecContext* ctx, const AVPixelFormat* formats) {
  for (const AVPixelFormat* f = formats; *f != AV_PIX_FMT_NONE; ++f)
    if (*f == AV_PIX_FMT_CUDA) return *f;
  if (auto* r = static_cast<LogRecord*>(ctx->opaque)) {
    std::lock_guard lock(g_log_mu);
    if (!r->hw_refused) {
      r->hw_refused = true;
      r->hw_why = r->decoder.text;
      r->decoder = {};
    }
  }
  return avcodec_default_get_format(ctx, formats);
}

// ---- Scaling and conversion (libswscale) ---------------------------------------------

struct Filter {
  const char* name;
  int flags;
};
// ffmpeg's scale filter's names for libswscale's algorithms; bicubic is the default of
// ffmpeg's command line.
const Filter kFilters[] = {
    {"bicubic", SWS_BICUBIC}, {"bilinear", SWS_BILINEAR}, {"fast_bilinear", SWS_FAST_BILINEAR},
    {"neighbor", SWS_POINT},  {"area", SWS_AREA},         {"bicublin", SWS_BICUBLIN},
    {"gauss", SWS_GAUSS},     {"sinc", SWS_SINC},         {"lanczos", SWS_LANCZOS},
    {"spline", SWS_SPLINE},   {"experimental", SWS_X},
};

int filter_flags(const std::string& name) {
  for (const auto& f : kFilters)
    if (name == f.name) return f.flags;
  std::string all;
  for (const auto& f : kFilters) all += (all.empty() ? "" : ", ") + std::string(f.name);
  throw std::invalid_argument(fmt::format("unknown scaling filter \"{}\" for --scale (choose one of {})", name, all));
}

struct SwsDeleter {
  void operator()(SwsContext* s) const { sws_freeContext(s); }
};
struct FrameDeleter {
  void operator()(AVFrame* f) const { av_frame_free(&f); }
};
using FramePtr = std::unique_ptr<AVFrame, FrameDeleter>;

// One libswscale pass from frames of one size and format to a picture's planes, set up
// as ffmpeg 5.1's scale filter sets it up, so --scale gives what `ffmpeg -vf scale=W:H`
// gives and --convert what `ffmpeg -pix_fmt F` gives: the named algorithm (the command
// line's default is bicubic), libswscale's chroma siting (centred, what the filter's
// yuv420p override also asks for), and the frame's colour matrix. One difference: YUV
// samples keep their range, where the filter would turn a full-range input into limited
// range (the reference was not converted).
class Scaler {
 public:
  Scaler(const AVFrame& first, AVPixelFormat src_fmt, unsigned dst_w, unsigned dst_h, PixelFormat format,
         unsigned bpc, bool mono, int flags)
      : dst_fmt_(planar_format(format, bpc, mono)) {
    std::string why;
    layout_ = *exact_layout(dst_fmt_, why);
    layout_.mono = mono;
    SwsContext* s = sws_alloc_context();
    if (!s) throw std::bad_alloc();
    ctx_.reset(s);
    av_opt_set_int(s, "srcw", first.width, 0);
    av_opt_set_int(s, "srch", first.height, 0);
    av_opt_set_int(s, "src_format", src_fmt, 0);
    av_opt_set_int(s, "dstw", dst_w, 0);
    av_opt_set_int(s, "dsth", dst_h, 0);
    av_opt_set_int(s, "dst_format", dst_fmt_, 0);
    av_opt_set_int(s, "sws_flags", flags, 0);
    if (sws_init_context(s, nullptr, nullptr) < 0)
      throw InputError(fmt::format("libswscale cannot convert {} {}x{} to {} {}x{}", pix_fmt_name(src_fmt),
                                   first.width, first.height, pix_fmt_name(dst_fmt_), dst_w, dst_h));
    int *inv = nullptr, *table = nullptr;
    int src_full = 0, dst_full = 0, brightness = 0, contrast = 0, saturation = 0;
    if (sws_getColorspaceDetails(s, &inv, &src_full, &table, &dst_full, &brightness, &contrast, &saturation) >= 0) {
      // The filter's "auto" matrix: the frame's, BT.601 where it names none sws knows.
      int cs = first.colorspace;
      if (cs < 1 || cs > 10 || cs == 8) cs = AVCOL_SPC_BT470BG;
      const int* coefs = sws_getCoefficients(cs);
      if (first.color_range != AVCOL_RANGE_UNSPECIFIED) src_full = first.color_range == AVCOL_RANGE_JPEG;
      const AVPixFmtDescriptor* d = av_pix_fmt_desc_get(src_fmt);
      const bool rgb = d && (d->flags & AV_PIX_FMT_FLAG_RGB);
      sws_setColorspaceDetails(s, coefs, src_full, coefs, rgb ? dst_full : src_full, brightness, contrast,
                               saturation);
    }
    out_.reset(av_frame_alloc());
    if (!out_) throw std::bad_alloc();
    out_->format = dst_fmt_;
    out_->width = static_cast<int>(dst_w);
    out_->height = static_cast<int>(dst_h);
    if (av_frame_get_buffer(out_.get(), 0) < 0) throw std::bad_alloc();
  }

  // Scales one frame into pic. libswscale writes into a frame of its own (it may write
  // past a row's width, and the picture's row padding must stay zero), then the rows
  // are copied.
  void scale(const std::uint8_t* const src[], const int src_stride[], int src_h, Picture& pic) {
    sws_scale(ctx_.get(), src, src_stride, 0, src_h, out_->data, out_->linesize);
    copy_frame(*out_, layout_, pic);
  }

 private:
  std::unique_ptr<SwsContext, SwsDeleter> ctx_;
  AVPixelFormat dst_fmt_;
  FrameLayout layout_;
  FramePtr out_;
};

// ---- The decoder source --------------------------------------------------------------

class AvSource final : public VideoSource {
 public:
  AvSource(const std::string& path, const DecodeOptions& options) : VideoSource(path, nullptr) {
    install_log_callback();
    {
      std::lock_guard lock(g_log_mu);
      g_live_records.insert(&log_);
    }
    try {
      open(options);
    } catch (...) {
      close();
      throw;
    }
  }
  ~AvSource() override { close(); }

  bool read(Picture& pic) override {
    if (on_device_) throw std::logic_error(path_ + ": read() on a source decoded into device memory");
    if (!next()) return false;
    if (scaler_) {
      scaler_->scale(frame_->data, frame_->linesize, frame_->height, pic);
    } else {
      const std::string bad = copy_frame(*frame_, layout_, pic);
      if (!bad.empty()) fail(path_, fmt::format("frame {}: {}", frames_, bad));
    }
    ++frames_;
    return true;
  }

  bool skip() override {
    if (!next()) return false;
    ++frames_;
    return true;
  }

  // The CUDA frame's planes as the pipeline takes them: NV12, P010 and P016 semi-planar
  // (10 and 12 bits in the high bits of 16), YUV444P and YUV444P16 planar. The frame
  // itself (a reference to its buffer in libavutil's pool) keeps the memory.
  bool read_device(DeviceFrameView& view, std::shared_ptr<void>& keep) override {
    if (!on_device_) return VideoSource::read_device(view, keep);
    if (!next()) return false;
    view = DeviceFrameView{};
    const int planes = semi_planar_ ? 2 : 3;
    for (int p = 0; p < planes; ++p)
      view.planes[p] = DevicePlaneView{frame_->data[p], static_cast<std::size_t>(frame_->linesize[p]),
                                       plane_width(geometry_, p), plane_height(geometry_, p)};
    view.interleaved_chroma = semi_planar_;
    view.msb_shift = geometry_.bpc > 8 ? 16 - geometry_.bpc : 0;
    AVFrame* held = av_frame_clone(frame_);
    if (!held) throw std::bad_alloc();
    keep = std::shared_ptr<void>(held, [](void* f) {
      auto* x = static_cast<AVFrame*>(f);
      av_frame_free(&x);
    });
    ++frames_;
    return true;
  }

  void scale_to(unsigned w, unsigned h, const std::string& filter) {
    const int flags = filter_flags(filter);
    scaled_from_ = fmt::format("{}x{}", geometry_.width, geometry_.height);
    scaler_name_ = filter;
    geometry_.width = w;
    geometry_.height = h;
    make_scaler(flags);
  }

  std::string describe() const {
    const int n = dec_->thread_count;
    std::string s;
    if (on_device_)
      s = fmt::format("{} {}x{} {}, decoded by NVDEC on CUDA device {} into its memory", codec_name_, geometry_.width,
                      geometry_.height, pix_fmt_name(sw_fmt_), hw_device_);
    else
      s = fmt::format("{} {}x{} {}, {}{}", codec_name_, src_w_, src_h_, pix_fmt_name(src_fmt_),
                      n > 0 ? fmt::format("{} decoder thread{}", n, n == 1 ? "" : "s")
                            : std::string("decoder threads chosen by the decoder"),
                      hw_why_.empty() ? "" : "; not on the GPU: " + hw_why_);
    if (!converted_to_.empty())
      s += fmt::format("; converted to {}{}", converted_to_, scaled_from_.empty() ? " (bicubic)" : "");
    if (!scaled_from_.empty())
      s += fmt::format("; scaled to {}x{} ({})", geometry_.width, geometry_.height, scaler_name_);
    return s;
  }

  std::vector<std::pair<std::string, std::string>> record() const {
    std::vector<std::pair<std::string, std::string>> r;
    if (!converted_to_.empty()) {
      r.emplace_back("convertedFrom", pix_fmt_name(src_fmt_));
      r.emplace_back("convertedTo", converted_to_);
    }
    if (!scaled_from_.empty()) {
      r.emplace_back("scaledFrom", scaled_from_);
      r.emplace_back("scaledTo", fmt::format("{}x{}", geometry_.width, geometry_.height));
      r.emplace_back("scaler", scaler_name_);
    }
    return r;
  }

 private:
  void open(const DecodeOptions& options) {
    fmt_ = avformat_alloc_context();
    if (!fmt_) throw std::bad_alloc();
    fmt_->opaque = &log_;
    // Always a local file: "file:" keeps a name such as "concat:x.mp4" a name, and no
    // protocol but files may be opened (a playlist cannot reach the network).
    AVDictionary* opts = nullptr;
    av_dict_set(&opts, "protocol_whitelist", "file", 0);
    int r = avformat_open_input(&fmt_, ("file:" + path_).c_str(), nullptr, &opts);  // frees fmt_ on failure
    av_dict_free(&opts);
    if (r < 0) {
      fmt_ = nullptr;
      if (r == AVERROR(ENOENT) || r == AVERROR(EACCES) || r == AVERROR(EISDIR))
        fail(path_, fmt::format("cannot open: {}", av_error(r)));
      if (r == AVERROR_EOF)
        fail(path_, fmt::format("contains no video frames, or is cut short before the first ({}{})", av_error(r),
                                said(demuxer_message())));
      fail(path_,
           fmt::format("not a video file that libavformat can read ({}{})", av_error(r), said(demuxer_message())));
    }
    r = avformat_find_stream_info(fmt_, nullptr);
    if (r < 0) fail(path_, fmt::format("cannot read its streams: {}{}", av_error(r), said(demuxer_message())));
    {
      // What the demuxer said while probing ("detected only with low score", "could not
      // find codec parameters" of a stream we do not read) is not about our frames, unless
      // probing read the file to its end: then the packets it kept are all there is, and a
      // file cut short said so while probing.
      std::lock_guard lock(g_log_mu);
      if (fmt_->pb && avio_feof(fmt_->pb)) probe_end_message_ = log_.demuxer.text;
      log_.demuxer = {};
    }

    // The first video stream that is not a cover picture: what `ffmpeg -map 0:v:0` takes.
    std::string kinds;
    for (unsigned i = 0; i < fmt_->nb_streams; ++i) {
      const AVStream* st = fmt_->streams[i];
      const AVMediaType t = st->codecpar->codec_type;
      if (stream_ < 0 && t == AVMEDIA_TYPE_VIDEO && !(st->disposition & AV_DISPOSITION_ATTACHED_PIC))
        stream_ = static_cast<int>(i);
      const char* k = av_get_media_type_string(t);
      kinds += (kinds.empty() ? "" : ", ") + std::string(k ? k : "unknown") +
               (st->disposition & AV_DISPOSITION_ATTACHED_PIC ? " (cover picture)" : "");
    }
    if (stream_ < 0)
      fail(path_, fmt::format("has no video stream ({})", kinds.empty() ? "no streams at all" : "streams: " + kinds));
    for (unsigned i = 0; i < fmt_->nb_streams; ++i)
      if (static_cast<int>(i) != stream_) fmt_->streams[i]->discard = AVDISCARD_ALL;

    AVStream* st = fmt_->streams[stream_];
    if (const AVRational rate = av_guess_frame_rate(fmt_, st, nullptr); rate.num > 0 && rate.den > 0)
      frame_rate_ = FrameRate{rate.num, rate.den};
    const AVCodec* codec = avcodec_find_decoder(st->codecpar->codec_id);
    if (!codec)
      fail(path_, fmt::format("no decoder for its video codec \"{}\" in this system's libavcodec",
                              avcodec_get_name(st->codecpar->codec_id)));
    dec_ = avcodec_alloc_context3(codec);
    if (!dec_) throw std::bad_alloc();
    if ((r = avcodec_parameters_to_context(dec_, st->codecpar)) < 0)
      fail(path_, fmt::format("cannot set up the {} decoder: {}", codec->name, av_error(r)));
    dec_->opaque = &log_;
    dec_->pkt_timebase = st->time_base;
    dec_->thread_count = static_cast<int>(options.threads);
    dec_->thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE;
    if (options.hwdec == HwDecode::Cuda) {
      // Threads as for the CPU: they are what decodes when NVDEC refuses the stream.
      hw_device_ = options.hw_device;
      std::string why;
      if (AVBufferRef* dev = cuda_device(options.hw_device, why)) {
        dec_->hw_device_ctx = av_buffer_ref(dev);
        if (!dec_->hw_device_ctx) throw std::bad_alloc();
        dec_->get_format = pick_cuda;
      } else {
        hw_why_ = why;
      }
    }
    if ((r = avcodec_open2(dec_, codec, nullptr)) < 0)
      fail(path_, fmt::format("cannot open the {} decoder: {}{}", codec->name, av_error(r), said(decoder_message())));
    codec_name_ = codec->name;
    pkt_ = av_packet_alloc();
    frame_ = av_frame_alloc();
    if (!pkt_ || !frame_) throw std::bad_alloc();

    // The first frame gives the geometry (the stream's parameters may be incomplete).
    if (!decode()) fail(path_, "contains no video frames");
    primed_ = true;
    src_fmt_ = static_cast<AVPixelFormat>(frame_->format);
    src_w_ = frame_->width;
    src_h_ = frame_->height;
    if (src_fmt_ == AV_PIX_FMT_CUDA) {
      open_on_device(options);
      return;
    }
    if (options.hwdec == HwDecode::Cuda && hw_why_.empty()) {
      std::lock_guard lock(g_log_mu);
      hw_why_ = !log_.hw_why.empty() ? log_.hw_why
                                      : fmt::format("libavcodec's NVDEC does not decode {} {}", codec->name,
                                                    pix_fmt_name(src_fmt_));
    }
    if (src_w_ <= 0 || src_h_ <= 0 || static_cast<unsigned>(src_w_) > kMaxDimension ||
        static_cast<unsigned>(src_h_) > kMaxDimension)
      fail(path_, fmt::format("size {}x{} is outside the supported 1x1 to {}x{}", src_w_, src_h_, kMaxDimension,
                              kMaxDimension));
    std::string why;
    if (auto l = exact_layout(src_fmt_, why)) {
      layout_ = *l;
      geometry_ = VideoGeometry{static_cast<unsigned>(src_w_), static_cast<unsigned>(src_h_), l->format, l->bpc};
      mono_ = l->mono;  // gray is monochrome as a y4m Cmono is: comparable only with monochrome
    } else if (options.convert.empty()) {
      fail(path_, fmt::format("its pixel format {} ({}) cannot be scored without a lossy conversion; "
                              "--convert FORMAT converts it (e.g. --convert yuv420p; libswscale, as ffmpeg "
                              "-pix_fmt FORMAT does)",
                              pix_fmt_name(src_fmt_), why));
    } else {
      const AVPixelFormat to = av_get_pix_fmt(options.convert.c_str());
      std::string why_to;
      const auto lt = to == AV_PIX_FMT_NONE ? std::nullopt : exact_layout(to, why_to);
      if (!lt || !lt->planar || lt->mono)
        throw std::invalid_argument(fmt::format(
            "--convert {}: not a pixel format the engine reads as it is (choose a planar YUV format: yuv420p, "
            "yuv422p, yuv444p, or their p10le, p12le, p16le forms)",
            options.convert));
      layout_ = *lt;
      geometry_ = VideoGeometry{static_cast<unsigned>(src_w_), static_cast<unsigned>(src_h_), lt->format, lt->bpc};
      converted_to_ = pix_fmt_name(to);
      make_scaler(SWS_BICUBIC);
    }
  }

  // The first frame came from NVDEC: the geometry is what the CPU decoder would give
  // (the decoder's software format: yuv420p10le for a P010 surface), and the surface's
  // format must be one the pipeline takes apart exactly.
  void open_on_device(const DecodeOptions& options) {
    if (!options.convert.empty() || frame_->crop_left || frame_->crop_top)
      fail(path_, frame_->crop_left || frame_->crop_top
                      ? "the stream crops its picture's top or left edge, which NVDEC's frames keep; decode it on the "
                        "CPU (--hwdec none)"
                      : "--convert needs the CPU decoder (--hwdec none)");
    const auto* frames = reinterpret_cast<const AVHWFramesContext*>(frame_->hw_frames_ctx->data);
    sw_fmt_ = frames->sw_format;
    std::string why;
    const auto l = exact_layout(dec_->sw_pix_fmt, why);
    const bool semi = sw_fmt_ == AV_PIX_FMT_NV12 || sw_fmt_ == AV_PIX_FMT_P010 || sw_fmt_ == AV_PIX_FMT_P016;
    const bool planar444 = sw_fmt_ == AV_PIX_FMT_YUV444P || sw_fmt_ == AV_PIX_FMT_YUV444P16;
    const bool fits = l && !l->mono && (semi ? l->format == PixelFormat::YUV420 : planar444 && l->format == PixelFormat::YUV444) &&
                      (l->bpc > 8) == (sw_fmt_ != AV_PIX_FMT_NV12 && sw_fmt_ != AV_PIX_FMT_YUV444P);
    if (!fits)
      fail(path_, fmt::format("NVDEC gives {} surfaces for its {} frames, which cannot be scored exactly; decode it on "
                              "the CPU (--hwdec none)",
                              pix_fmt_name(sw_fmt_), pix_fmt_name(dec_->sw_pix_fmt)));
    // NVDEC's frames may be wider than the picture (a VP9 stream 853 wide gives 854): the
    // decoder's size is the picture's, the CPU decoder's; the columns past it are left out.
    const int w = dec_->width > 0 && dec_->width < src_w_ ? dec_->width : src_w_;
    const int h = dec_->height > 0 && dec_->height < src_h_ ? dec_->height : src_h_;
    geometry_ = VideoGeometry{static_cast<unsigned>(w), static_cast<unsigned>(h), l->format, l->bpc};
    semi_planar_ = semi;
    on_device_ = true;
  }

  void make_scaler(int flags) {
    scaler_.emplace(*frame_, src_fmt_, geometry_.width, geometry_.height, geometry_.format, geometry_.bpc,
                    layout_.mono, flags);
  }

  static std::string said(const std::string& message) { return message.empty() ? "" : "; " + message; }

  // The next frame into frame_ (the first one is decoded when opening); false at the end.
  bool next() {
    if (primed_) {
      primed_ = false;
      return true;
    }
    if (!decode()) return false;
    if (frame_->width != src_w_ || frame_->height != src_h_ || frame_->format != src_fmt_)
      fail(path_, fmt::format("frame {} is {}x{} {}, the first frame {}x{} {}: a change of size or pixel format "
                              "within a video is not supported",
                              frames_, frame_->width, frame_->height, pix_fmt_name(frame_->format), src_w_, src_h_,
                              pix_fmt_name(src_fmt_)));
    return true;
  }

  // Decodes the next frame in presentation order into frame_; false after the last.
  bool decode() {
    for (;;) {
      int r = avcodec_receive_frame(dec_, frame_);
      if (r == 0) {
        check_decoder();
        if (frame_->decode_error_flags || (frame_->flags & AV_FRAME_FLAG_CORRUPT))
          fail(path_, fmt::format("frame {} is damaged: the {} decoder concealed errors in it", frames_, codec_name_));
        return true;
      }
      if (r == AVERROR_EOF) {
        check_decoder();
        return false;
      }
      if (r != AVERROR(EAGAIN))
        fail(path_, fmt::format("decoding frame {} failed: {}{}", frames_, av_error(r), said(decoder_message())));
      // The decoder wants input.
      if (flushing_) fail(path_, "the decoder stopped without ending its stream");
      r = av_read_frame(fmt_, pkt_);
      if (r == AVERROR_EOF) {
        check_demuxer();
        flushing_ = true;
        avcodec_send_packet(dec_, nullptr);
        continue;
      }
      if (r < 0)
        fail(path_, fmt::format("reading failed after {}: {}{}", good(), av_error(r), said(demuxer_message())));
      if (pkt_->stream_index != stream_) {
        av_packet_unref(pkt_);
        continue;
      }
      if (pkt_->flags & AV_PKT_FLAG_CORRUPT) {
        av_packet_unref(pkt_);
        fail(path_, fmt::format("the file is damaged or cut short after {} (a corrupt packet){}", good(),
                                said(demuxer_message())));
      }
      r = avcodec_send_packet(dec_, pkt_);
      av_packet_unref(pkt_);
      ++packets_;
      if (r < 0 && r != AVERROR(EAGAIN))
        fail(path_, fmt::format("decoding frame {} failed: {}{}", frames_, av_error(r), said(decoder_message())));
    }
  }

  std::string good() const { return fmt::format("{} good frame{}", frames_, frames_ == 1 ? "" : "s"); }
  std::string decoder_message() {
    std::lock_guard lock(g_log_mu);
    return log_.decoder.text;
  }
  std::string demuxer_message() {
    std::lock_guard lock(g_log_mu);
    return log_.demuxer.text;
  }
  void check_decoder() {
    const std::string m = decoder_message();
    if (!m.empty()) fail(path_, fmt::format("the {} decoder found errors near frame {}: {}", codec_name_, frames_, m));
  }
  // At the demuxer's end of file: did it end early?
  void check_demuxer() {
    std::string m = demuxer_message();
    if (m.empty()) m = probe_end_message_;
    if (m.empty()) return;
    if (!packets_) fail(path_, fmt::format("contains no video frames{}", said(m)));
    fail(path_, fmt::format("the file is damaged or cut short after {}: {}", good(), m));
  }

  void close() {
    scaler_.reset();
    av_frame_free(&frame_);
    av_packet_free(&pkt_);
    avcodec_free_context(&dec_);
    avformat_close_input(&fmt_);
    std::lock_guard lock(g_log_mu);
    g_live_records.erase(&log_);
  }

  AVFormatContext* fmt_ = nullptr;
  AVCodecContext* dec_ = nullptr;
  AVPacket* pkt_ = nullptr;
  AVFrame* frame_ = nullptr;
  int stream_ = -1;
  bool primed_ = false;    // frame_ holds the first frame, not yet delivered
  bool flushing_ = false;  // the demuxer ended; the decoder gives its last frames
  unsigned long packets_ = 0;  // sent to the decoder
  std::string probe_end_message_;  // what the demuxer said while probing read the whole file
  AVPixelFormat src_fmt_ = AV_PIX_FMT_NONE;
  int src_w_ = 0, src_h_ = 0;
  FrameLayout layout_;
  std::optional<Scaler> scaler_;
  std::string codec_name_, converted_to_, scaled_from_, scaler_name_;
  LogRecord log_;
  // NVDEC: the device, the surfaces' format, whether their chroma is interleaved; or why
  // the frames are decoded on the CPU although NVDEC was asked for.
  int hw_device_ = 0;
  AVPixelFormat sw_fmt_ = AV_PIX_FMT_NONE;
  bool semi_planar_ = false;
  std::string hw_why_;

};

// A y4m or raw source scaled to another size.
class ScaledSource final : public VideoSource {
 public:
  ScaledSource(std::unique_ptr<VideoSource> inner, unsigned w, unsigned h, const std::string& filter)
      : VideoSource(inner->path(), nullptr), inner_(std::move(inner)) {
    const VideoGeometry& g = inner_->geometry();
    in_ = Picture::allocate(g.format, g.bpc, g.width, g.height);
    FramePtr probe(av_frame_alloc());
    if (!probe) throw std::bad_alloc();
    probe->width = static_cast<int>(g.width);
    probe->height = static_cast<int>(g.height);
    src_fmt_ = planar_format(g.format, g.bpc, false);
    scaler_.emplace(*probe, src_fmt_, w, h, g.format, g.bpc, false, filter_flags(filter));
    geometry_ = VideoGeometry{w, h, g.format, g.bpc};
    mono_ = inner_->monochrome();
    record_ = {{"scaledFrom", fmt::format("{}x{}", g.width, g.height)},
               {"scaledTo", fmt::format("{}x{}", w, h)},
               {"scaler", filter}};
  }

  bool read(Picture& pic) override {
    if (!inner_->read(in_)) return false;
    const std::uint8_t* src[3];
    int stride[3];
    for (int p = 0; p < 3; ++p) {
      src[p] = in_.plane(p).data;
      stride[p] = static_cast<int>(in_.plane(p).stride);
    }
    scaler_->scale(src, stride, static_cast<int>(in_.height()), pic);
    ++frames_;
    return true;
  }

  bool skip() override {
    if (!inner_->skip()) return false;
    ++frames_;
    return true;
  }

  const std::vector<std::pair<std::string, std::string>>& record() const { return record_; }
  const VideoSource& inner() const { return *inner_; }

 private:
  std::unique_ptr<VideoSource> inner_;
  Picture in_;
  AVPixelFormat src_fmt_ = AV_PIX_FMT_NONE;
  std::optional<Scaler> scaler_;
  std::vector<std::pair<std::string, std::string>> record_;
};

// ---- io/av_source.hpp's functions, as the module's table ------------------------------

std::unique_ptr<VideoSource> open_compressed(const std::string& path, const DecodeOptions& options) {
  return std::make_unique<AvSource>(path, options);
}

const std::vector<std::string>& scale_filters() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const auto& f : kFilters) n.emplace_back(f.name);
    return n;
  }();
  return names;
}

std::unique_ptr<VideoSource> scale_video(std::unique_ptr<VideoSource> source, unsigned width, unsigned height,
                                         const std::string& filter) {
  filter_flags(filter);  // an unknown name is an error even when nothing needs scaling
  const VideoGeometry& g = source->geometry();
  if (g.width == width && g.height == height) return source;
  if (source->on_device())
    throw std::logic_error(source->path() + ": a source decoded into device memory cannot be scaled (open it on the CPU)");
  if (auto* av = dynamic_cast<AvSource*>(source.get())) {
    av->scale_to(width, height, filter);
    return source;
  }
  return std::make_unique<ScaledSource>(std::move(source), width, height, filter);
}

std::string describe(const VideoSource& source) {
  if (const auto* av = dynamic_cast<const AvSource*>(&source)) return av->describe();
  if (const auto* sc = dynamic_cast<const ScaledSource*>(&source)) {
    const VideoGeometry& a = sc->inner().geometry();
    const VideoGeometry& b = sc->geometry();
    std::string inner = describe(sc->inner());
    return fmt::format("{}scaled from {}x{} to {}x{} ({})", inner.empty() ? "" : inner + "; ", a.width, a.height,
                       b.width, b.height, sc->record().back().second);
  }
  return {};
}

std::vector<std::pair<std::string, std::string>> conversions(const VideoSource& source) {
  if (const auto* av = dynamic_cast<const AvSource*>(&source)) return av->record();
  if (const auto* sc = dynamic_cast<const ScaledSource*>(&source)) return sc->record();
  return {};
}

const AvModule kModule{kAvModuleAbi, kVersion, open_compressed, scale_filters, scale_video, describe, conversions};

// Registers the table as the module loads (or at start-up where this code is linked in).
[[maybe_unused]] const bool kRegistered = (register_av_module(kModule), true);

}  // namespace

}  // namespace fastvmaf::io
