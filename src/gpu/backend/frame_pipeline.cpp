// A run's frame pipeline (src/gpu/runtime.hpp) for this backend; registers the backend's
// Runtime.
//
// Streams: `copy` carries the uploads, lanes() compute lanes the twins' kernels (a twin
// always on the same lane, docs/adr/0206-compute-lanes.md), and `results` the results
// downloads. depth() device frames form a ring, so the upload of frame i + 1 overlaps the
// kernels of frame i and the host finish of frame i - 1, and the lanes overlap each other:
//
//   host     the reader fills a pinned slab (or begin_frame packs one into staging)
//   copy     wait done[k]; slab -> device[k] (results block of zeros, then the planes); record uploaded[k]
//   lane j   wait uploaded[k]; its twins' kernels; record lane_done[k][j]
//   results  wait every lane_done[k][j]; device[k] results -> host results[k]; record done[k]
//   host     wait_frame(i): the one host wait on done[k]; the twins' finish read results[k]
//
// k = the ring slot of frame i. The copy stream waits for done[k] before it refills
// device[k], so no kernel of frame i - depth is still reading it. A slab stays alive (its
// pictures are held by the engine's frame) until the frame is finished, after done[k].
// With one lane there is no join: the lane itself downloads and records done[k].
//
// The slabs: pinned memory laid out as the device frame (frame_layout.hpp), recycled.
// Their results block is zeroed once and never written on the host, so every upload from
// a slab also zeroes the twins' slots. Pictures from elsewhere (a caller's own memory) are
// packed into the ring slot's pinned staging buffer instead: one host copy either way.
#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/device_picture.hpp"
#include "fastvmaf/error.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/caller_context.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/shared_upload.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/backend/unpack_plane.hpp"
#include "gpu/runtime.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "frame pipeline";

// Frames in flight: at least 3 (upload, kernels and host finish of three frames at once),
// more for small frames while their device frames stay within ~64 MiB, at most 6; and
// with a twin's instances side by side (ADR 0212), one frame on the device for each of
// them besides the one uploading and the one finishing, at most 8.
unsigned depth_for(std::size_t upload_bytes, unsigned side_by_side) {
  const std::size_t budget = std::size_t{64} << 20;
  const auto by_size = std::clamp<std::size_t>(budget / std::max<std::size_t>(upload_bytes, 1), 3, 6);
  const std::size_t by_twins = side_by_side > 1 ? std::min(side_by_side + 2u, 8u) : 0;
  return static_cast<unsigned>(std::max(by_size, by_twins));
}

// At most 6 lanes: with the copy and results streams that is 8, the device's default
// number of hardware work queues (CUDA_DEVICE_MAX_CONNECTIONS); more streams would share
// queues, and a shared queue orders work that the streams do not.
constexpr unsigned kMaxLanes = 6;

// Pinned slabs in the run's frame layout, recycled; shared with the pictures made from
// them, so a picture may outlive the pipeline.
class SlabPool final : public PairStorage, public std::enable_shared_from_this<SlabPool> {
 public:
  explicit SlabPool(const FrameLayout& layout) : layout_(layout) {}
  ~SlabPool() override {
    for (std::uint8_t* s : free_) pinned_release(s);
  }

  std::pair<std::shared_ptr<Picture>, std::shared_ptr<Picture>> make_pair() override {
    std::uint8_t* slab = nullptr;
    {
      std::lock_guard lock(mu_);
      if (!free_.empty()) {
        slab = free_.back();
        free_.pop_back();
      }
    }
    if (!slab) {
      slab = static_cast<std::uint8_t*>(pinned_alloc(layout_.bytes(), "frame reader"));
      std::memset(slab, 0, layout_.bytes());
      std::lock_guard lock(mu_);
      owned_.insert(slab);
    }
    // The slab returns to the pool when both pictures (and every copy) are gone.
    std::shared_ptr<void> owner(slab, [pool = shared_from_this()](void* p) { pool->give_back(static_cast<std::uint8_t*>(p)); });
    auto [ref, dis] = layout_.views(slab, owner);
    return {std::make_shared<Picture>(std::move(ref)), std::make_shared<Picture>(std::move(dis))};
  }

  // Whether `base` is one of this pool's slabs.
  bool owns(const std::uint8_t* base) const {
    std::lock_guard lock(mu_);
    return owned_.count(base) != 0;
  }

 private:
  void give_back(std::uint8_t* slab) {
    std::lock_guard lock(mu_);
    free_.push_back(slab);
  }

  const FrameLayout layout_;
  mutable std::mutex mu_;
  std::vector<std::uint8_t*> free_;
  std::unordered_set<const std::uint8_t*> owned_;
};

class Pipeline final : public FramePipeline {
 public:
  Pipeline(const VideoGeometry& geometry, PlaneMask planes, std::size_t results_bytes, unsigned lanes,
           unsigned side_by_side)
      : layout_(geometry, planes, results_bytes),
        slabs_(std::make_shared<SlabPool>(layout_)),
        copy_(counters_, kWho),
        results_(counters_, kWho),
        ring_(depth_for(layout_.upload_bytes(), side_by_side)) {
    lanes = std::clamp(lanes, 1u, kMaxLanes);
    for (unsigned j = 0; j < lanes; ++j) lanes_.push_back(std::make_unique<Stream>(counters_, kWho));
    for (auto& e : ring_) {
      e.device = DeviceBuffer<std::uint8_t>(layout_.upload_bytes(), kWho);
      e.results = PinnedBuffer<std::uint8_t>(std::max<std::size_t>(layout_.results_bytes(), kResultsAlign), kWho);
      e.frames.resize(lanes);
      if (lanes > 1)
        for (unsigned j = 0; j < lanes; ++j) e.lane_done.emplace_back(kWho);
    }
  }

  ~Pipeline() override {
    // The device may still read slabs or staging of frames in flight (a failed run):
    // let it finish before the buffers go.
    if (std::none_of(ring_.begin(), ring_.end(), [](const Entry& e) { return e.busy; })) return;
    try {
      abort();
    } catch (...) {  // the run already failed; its error is the one reported
    }
  }

  unsigned depth() const override { return static_cast<unsigned>(ring_.size()); }
  unsigned lanes() const override { return static_cast<unsigned>(lanes_.size()); }

  void begin_frame(unsigned index, const Picture& ref, const Picture& dis) override {
    Entry& e = ring_[next_];
    if (e.busy) throw std::logic_error("frame pipeline: a frame begins while every device frame is in flight");
    const std::uint8_t* src = layout_.slab_of(ref, dis);
    if (!src || !slabs_->owns(src)) {
      if (!e.staging.data()) e.staging = PinnedBuffer<std::uint8_t>(layout_.upload_bytes(), kWho);
      layout_.pack(ref, dis, e.staging.data());
      src = e.staging.data();
    }
    const StreamRef copy = copy_.ref();
    if (e.used) copy.wait(e.done);
    copy.upload(e.device.get(), src, layout_.upload_bytes());
    start_lanes(e, index, copy);
  }

  void begin_frame(unsigned index, const Input& ref, const Input& dis) override {
#if defined(FASTVMAF_GPU_SYCL)
    (void)index, (void)ref, (void)dis;
    throw DeviceError("the SYCL backend takes no pictures in device memory; give host pictures");
#else
    Entry& e = ring_[next_];
    if (e.busy) throw std::logic_error("frame pipeline: a frame begins while every device frame is in flight");
    const VideoGeometry& g = layout_.geometry();
    for (const Input* in : {&ref, &dis})
      if (!in->host) check_device_frame(in->device, g, in == &ref ? "reference" : "distorted", index);
    const StreamRef copy = copy_.ref();
    if (e.used) copy.wait(e.done);
    // The caller's copies into its pictures went on the context's legacy default stream
    // (FFmpeg's cuMemcpy2D, libavcodec's NVDEC): this frame's copies come after them.
    e.caller_done.record(StreamRef(rt::legacy_stream(), counters_, kWho));
    copy.wait(e.caller_done);
    // Zeros where no sample row is copied (the rows' padding, as a slab has it), once per
    // device frame; then the results block every frame, as a slab's upload zeroes it.
    copy.zero(e.device.get(), e.zeroed ? layout_.results_bytes() : layout_.upload_bytes());
    e.zeroed = true;
    for (Side side : {Side::Ref, Side::Dis}) {
      const Input& in = side == Side::Ref ? ref : dis;
      if (in.host)
        upload_side(copy, e, side, *in.host);
      else
        for (int p = 0; p < 3; ++p) copy_plane(copy, e, side, p, in.device);
    }
    start_lanes(e, index, copy);
#endif
  }

  const DeviceFrame& frame(unsigned lane) const override {
    const Entry& e = ring_[next_];
    if (!e.busy || lane >= e.frames.size()) throw std::logic_error("frame pipeline: no such lane of the frame begun");
    return e.frames[lane];
  }

  void end_frame() override {
    Entry& e = ring_[next_];
    StreamRef last = lanes_[0]->ref();
    if (lanes_.size() > 1) {
      last = results_.ref();
      for (std::size_t j = 0; j < lanes_.size(); ++j) {
        e.lane_done[j].record(lanes_[j]->ref());
        last.wait(e.lane_done[j]);
      }
    }
    if (layout_.results_bytes() > 0) last.download(e.results.data(), e.device.get(), layout_.results_bytes());
    e.done.record(last);
    next_ = (next_ + 1) % ring_.size();
  }

  const std::uint8_t* wait_frame(unsigned index) override {
    Entry& e = entry(index);
    e.done.wait_host();
    e.busy = false;
    return e.results.data();
  }

  bool frame_done(unsigned index) const override { return entry(index).done.done(); }

  void abort() override {
    std::vector<const Stream*> all{&copy_, &results_};
    for (const auto& l : lanes_) all.push_back(l.get());
    for (const Stream* s : all) {
      Event passed(kWho);
      passed.record(s->ref());
      passed.wait_host();
    }
    for (auto& e : ring_) e.busy = false;
  }

  PairStorage& pair_storage() override { return *slabs_; }
  DeviceCounts counters() const override { return counters_.snapshot(); }
  const FrameLayout& layout() const override { return layout_; }

 private:
  struct Entry {
    DeviceBuffer<std::uint8_t> device;    // the device frame: results block, then planes
    PinnedBuffer<std::uint8_t> results;   // the frame's results block, copied back
    PinnedBuffer<std::uint8_t> staging;   // for pictures not in a slab (allocated when needed)
    Event uploaded{kWho}, done{kWho};
    Event caller_done{kWho};              // the caller's copies into device pictures
    bool zeroed = false;                  // zeroed whole once for device pictures
    std::vector<Event> lane_done;         // each lane's work of the frame (with two lanes or more)
    std::vector<DeviceFrame> frames;      // the frame as each lane sees it
    unsigned index = 0;
    bool busy = false;  // between begin_frame and wait_frame
    bool used = false;  // done was recorded once
  };

  // The frame's planes are in device[k]: every lane starts after them.
  void start_lanes(Entry& e, unsigned index, const StreamRef& copy) {
    e.uploaded.record(copy);
    for (std::size_t j = 0; j < lanes_.size(); ++j) {
      lanes_[j]->ref().wait(e.uploaded);
      e.frames[j] = DeviceFrame(kBackend, index, &layout_, e.device.get(), lanes_[j]->native(), &counters_);
    }
    e.index = index;
    e.busy = e.used = true;
  }

#if !defined(FASTVMAF_GPU_SYCL)
  // Plane `p` of a device picture into its slot of device[k], rows at the slot's pitch:
  // a pitched copy for planar pictures, libvmaf's odd chroma (one sample short) getting
  // its last column and row repeated, as libvmaf's C API path extends it on the host
  // (src/capi/context.cpp); the unpack kernel for semi-planar or shifted surfaces.
  void copy_plane(const StreamRef& copy, Entry& e, Side side, int p, const DeviceFrameView& f) const {
    const PlaneSlot& slot = layout_.slot(side, p);
    if (!slot.present) return;
    const std::size_t bytes = layout_.bytes_per_sample();
    const DevicePlaneView& v = f.planes[f.interleaved_chroma && p == 2 ? 1 : p];
    std::uint8_t* dst = e.device.get() + slot.offset;
    const auto* src = static_cast<const std::uint8_t*>(v.data);
    if ((f.interleaved_chroma && p > 0) || f.msb_shift) {
      UnpackPlane u;
      u.src = src;
      u.src_pitch = v.pitch;
      u.src_width = v.width;
      u.src_height = v.height;
      u.step = f.interleaved_chroma && p > 0 ? 2 : 1;
      u.offset = f.interleaved_chroma && p == 2 ? 1 : 0;
      u.shift = f.msb_shift;
      u.bytes = static_cast<unsigned>(bytes);
      u.dst = dst;
      u.dst_pitch = slot.pitch;
      u.dst_width = slot.width;
      u.dst_height = slot.height;
      enqueue_unpack_plane(copy, u);
      return;
    }
    copy.copy_2d(dst, slot.pitch, src, v.pitch, v.width * bytes, v.height);
    if (v.width < slot.width)
      copy.copy_2d(dst + v.width * bytes, slot.pitch, src + (v.width - 1) * bytes, v.pitch, bytes, v.height);
    if (v.height < slot.height)
      copy.copy_2d(dst + v.height * slot.pitch, slot.pitch, dst + (v.height - 1) * slot.pitch, slot.pitch,
                   slot.width * bytes, 1);
  }

  // A host picture's planes into their slots of device[k]: packed into the ring slot's
  // pinned staging at the frame's offsets, then uploaded plane by plane.
  void upload_side(const StreamRef& copy, Entry& e, Side side, const Picture& pic) {
    if (!e.staging.data()) e.staging = PinnedBuffer<std::uint8_t>(layout_.upload_bytes(), kWho);
    layout_.pack_side(side, pic, e.staging.data());
    for (int p = 0; p < 3; ++p) {
      const PlaneSlot& slot = layout_.slot(side, p);
      if (slot.present)
        copy.upload(e.device.get() + slot.offset, e.staging.data() + slot.offset, slot.pitch * slot.height);
    }
  }
#endif

  const Entry& entry(unsigned index) const {
    for (const auto& e : ring_)
      if (e.busy && e.index == index) return e;
    throw std::logic_error("frame pipeline: frame " + std::to_string(index) + " is not in flight");
  }
  Entry& entry(unsigned index) { return const_cast<Entry&>(std::as_const(*this).entry(index)); }

  FrameLayout layout_;
  std::shared_ptr<SlabPool> slabs_;
  Counters counters_;
  Stream copy_, results_;
  std::vector<std::unique_ptr<Stream>> lanes_;
  // Declared after the streams, so destroyed before them.
  std::vector<Entry> ring_;
  std::size_t next_ = 0;
};

std::unique_ptr<FramePipeline> open_pipeline(const VideoGeometry& geometry, PlaneMask planes,
                                             std::size_t results_bytes, unsigned lanes, unsigned side_by_side) {
  return std::make_unique<Pipeline>(geometry, planes, results_bytes, lanes, side_by_side);
}

}  // namespace

static Runtime backend_runtime() {
  Runtime r{kBackend, &Device::probe, &open_pipeline, &Device::count, &Device::use};
#if defined(FASTVMAF_GPU_CUDA)
  r.push_context = &push_caller_context;
  r.pop_context = &pop_caller_context;
  r.alloc_device = &alloc_zeroed_device;
  r.free_device = &free_device;
#endif
#if !defined(FASTVMAF_GPU_SYCL)
  r.upload_picture = &upload_picture;
#endif
  return r;
}

FASTVMAF_REGISTER_GPU_RUNTIME(backend_runtime());

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
