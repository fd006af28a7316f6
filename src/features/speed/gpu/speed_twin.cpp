// The SpEED twins: speed_chroma (U, V, uv) and speed_temporal on the device
// (speed_kernels_*.cu; plan in speed_plan.hpp, work-items in speed_work.hpp), each
// channel's score in its slot of the frame's results block, and the host finish with the CPU extractor's own helpers
// (chroma_uv_score, clip_score). speed_temporal keeps the luma of the previous frame on
// the device (a ring of two planes per side), so it reads only the frame's own luma.
//
// Per frame: twin::kChromaLaunches launches (speed_temporal: kTemporalLaunches, frame 0
// only the copy into the ring); the upload, the download and the host wait are the frame
// pipeline's. At init, after the CPU's own checks: the scratch buffers and, when the
// prescale resamples, one upload of the resample tables, which the first frame's work
// waits for on the device. Every buffer but the slot is reused in stream order.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

#include "core/feature_name.hpp"
#include "core/registry.hpp"
#include "features/speed/gpu/speed_kernels.hpp"
#include "features/speed/speed.hpp"
#include "features/speed/speed_params.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/init_upload.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::speed {
inline namespace FVMAF_GPU_NS {

namespace {

// The plan, scratch and tables of one twin; `images` analysed per frame.
class Analysis {
 public:
  Analysis(const SpeedSettings& st, const SpeedDims& d, unsigned images, unsigned bpc, const char* who)
      : tables_upload_(who) {
    twin::PlanTables tables;
    plan_ = twin::make_plan(st, d, images, bpc, tables);
    floats_ = gpu::DeviceBuffer<float>(twin::scratch_floats(plan_), who);
    flags_ = gpu::DeviceBuffer<twin::ImageFlags>(images, who);
    twin::place_scratch(plan_, floats_.get(), flags_.get());
    if (plan_.resample) {
      const twin::PackedTables packed = twin::pack_tables(tables);
      tables_ = gpu::DeviceBuffer<std::uint32_t>(packed.words.size(), who);
      twin::place_tables(plan_, packed, tables_.get());
      tables_upload_.upload(tables_.get(), packed.words.data(), tables_.bytes());
    }
  }

  const twin::Plan& plan() const { return plan_; }

  // The first frame's work waits for the tables' upload.
  void order_after_init(const gpu::StreamRef& stream) { tables_upload_.order_before(stream); }

 private:
  twin::Plan plan_;
  gpu::DeviceBuffer<float> floats_;
  gpu::DeviceBuffer<twin::ImageFlags> flags_;
  gpu::DeviceBuffer<std::uint32_t> tables_;
  gpu::InitUpload tables_upload_;  // only when the prescale resamples
};

constexpr const char* kChromaWho = "speed_chroma";
constexpr const char* kTemporalWho = "speed_temporal";

class SpeedChromaTwin final : public gpu::Twin {
 public:
  explicit SpeedChromaTwin(const OptionSet& o)
      : settings_(settings_from(o)),
        max_val_(o.get_double("speed_max_val")),
        name_u_(feature_name("Speed_chroma_feature_speed_chroma_u_score", o)),
        name_v_(feature_name("Speed_chroma_feature_speed_chroma_v_score", o)),
        name_uv_(feature_name("Speed_chroma_feature_speed_chroma_uv_score", o)) {
    settings_.weight_var_mode = o.get_int("speed_weight_var_mode");
  }

  gpu::PlaneMask planes() const override {
    using gpu::plane_bit, gpu::Side;
    return plane_bit(Side::Ref, 1) | plane_bit(Side::Dis, 1) | plane_bit(Side::Ref, 2) | plane_bit(Side::Dis, 2);
  }
  std::size_t results_bytes() const override { return sizeof(twin::Results); }

  void init(const VideoGeometry& g) override {
    // The CPU extractor's checks and messages (SpeedChromaExtractor::init).
    const unsigned sx = static_cast<unsigned>(chroma_shift_x(g.format));
    const unsigned sy = static_cast<unsigned>(chroma_shift_y(g.format));
    const std::string f = to_string(g.format);
    const std::string plane = fmt::format("{}:{}:{} chroma plane", f[0], f[1], f[2]);
    const SpeedDims d = checked_dims("speed_chroma", plane, g.width >> sx, g.height >> sy, settings_.prescale, 1u << sx,
                                     1u << sy);
    analysis_ = std::make_unique<Analysis>(settings_, d, 4, g.bpc, kChromaWho);
  }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    const gpu::StreamRef stream = gpu::frame_stream(f, kChromaWho);
    analysis_->order_after_init(stream);
    twin::Frame fr;
    fr.plan = analysis_->plan();
    for (unsigned c = 0; c < 2; ++c)
      for (unsigned side = 0; side < 2; ++side) {
        const gpu::Side s = side == 0 ? gpu::Side::Ref : gpu::Side::Dis;
        twin::ImageSource& src = fr.src[twin::image_of(c, side)];
        src.a = f.plane(s, 1 + static_cast<int>(c));
        src.a_pitch = f.pitch(s, 1 + static_cast<int>(c));
      }
    fr.results = static_cast<twin::Results*>(slot);
    enqueue_planes(stream, fr);
    enqueue_statistics(stream, fr);
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    const auto& r = *static_cast<const twin::Results*>(slot);
    const float u = r.channel[0].score, v = r.channel[1].score;
    const float uv = chroma_uv_score(u, r.channel[0].singular != 0, v, r.channel[1].singular != 0);
    sink.append(name_u_, index, clip_score(u, max_val_));
    sink.append(name_v_, index, clip_score(v, max_val_));
    sink.append(name_uv_, index, clip_score(uv, max_val_));
  }

 private:
  SpeedSettings settings_;
  double max_val_;
  std::string name_u_, name_v_, name_uv_;
  std::unique_ptr<Analysis> analysis_;
};

class SpeedTemporalTwin final : public gpu::Twin {
 public:
  explicit SpeedTemporalTwin(const OptionSet& o)
      : settings_(settings_from(o)),
        use_ref_diff_(o.get_bool("speed_use_ref_diff")),
        name_(feature_name("Speed_temporal_feature_speed_temporal_score", o)) {}

  gpu::PlaneMask planes() const override { return gpu::kLuma; }
  std::size_t results_bytes() const override { return sizeof(twin::Results); }

  void init(const VideoGeometry& g) override {
    const SpeedDims d = checked_dims("speed_temporal", "luma plane", g.width, g.height, settings_.prescale, 1, 1);
    analysis_ = std::make_unique<Analysis>(settings_, d, 2, g.bpc, kTemporalWho);
    pitch_ = Picture::padded_stride(g.width, g.bpc);
    rows_ = g.height;
    ring_ = gpu::DeviceBuffer<std::uint8_t>(2 * twin::kRing * pitch_ * rows_, kTemporalWho);
  }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    const gpu::StreamRef stream = gpu::frame_stream(f, kTemporalWho);
    analysis_->order_after_init(stream);
    const unsigned i = f.index();
    if (f.pitch(gpu::Side::Ref, 0) != pitch_ || f.pitch(gpu::Side::Dis, 0) != pitch_)
      throw std::logic_error("speed_temporal twin: the frame's luma pitch is not the one planned");
    if (i > 0) {
      // Frame i - 1's luma is in its ring planes (the copy of frame i - 1 ran before, on
      // this stream); frame i's goes to the other ones.
      twin::Frame fr;
      fr.plan = analysis_->plan();
      const std::uint8_t* cur_ref = f.plane(gpu::Side::Ref, 0);
      const std::uint8_t* cur_dis = f.plane(gpu::Side::Dis, 0);
      fr.src[0] = {ring_plane(0, i - 1), pitch_, cur_ref, pitch_};
      fr.src[1] = {ring_plane(1, i - 1), pitch_, use_ref_diff_ ? cur_ref : cur_dis, pitch_};
      fr.results = static_cast<twin::Results*>(slot);
      enqueue_planes(stream, fr);
      enqueue_statistics(stream, fr);
    }
    twin::KeepArgs k;
    k.src[0] = f.plane(gpu::Side::Ref, 0);
    k.src[1] = f.plane(gpu::Side::Dis, 0);
    k.dst[0] = ring_plane(0, i);
    k.dst[1] = ring_plane(1, i);
    k.pitch = pitch_;
    k.rows = rows_;
    enqueue_keep(stream, k);
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    // SpeedTemporalExtractor: 0 on frame 0, else the score as float.
    const float score = index == 0 ? 0.0f : static_cast<const twin::Results*>(slot)->channel[0].score;
    sink.append(name_, index, score);
  }

 private:
  std::uint8_t* ring_plane(unsigned side, unsigned frame) const {
    return ring_.get() + (static_cast<std::size_t>(side) * twin::kRing + frame % twin::kRing) * pitch_ * rows_;
  }

  SpeedSettings settings_;
  bool use_ref_diff_;
  std::string name_;
  std::unique_ptr<Analysis> analysis_;
  std::size_t pitch_ = 0;
  unsigned rows_ = 0;
  gpu::DeviceBuffer<std::uint8_t> ring_;
};

}  // namespace

FASTVMAF_REGISTER_BACKEND("speed_chroma", gpu::kBackend,
                          [](const OptionSet& o) { return std::make_unique<SpeedChromaTwin>(o); });
FASTVMAF_REGISTER_BACKEND("speed_temporal", gpu::kBackend,
                          [](const OptionSet& o) { return std::make_unique<SpeedTemporalTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::speed
