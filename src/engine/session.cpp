// A Session (fastvmaf/session.hpp): frames pushed by the caller go through one host copy
// into the run's pictures (on a GPU run, a pair of the device pipeline's pinned slabs,
// from which the frame is uploaded as it is), then to the Run (engine/run.hpp).
#include "fastvmaf/session.hpp"

#include <cstdint>
#include <cstring>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

#include "core/device_picture.hpp"
#include "core/error.hpp"
#include "core/sample.hpp"
#include "engine/context_scope.hpp"
#include "engine/engine_impl.hpp"
#include "engine/run.hpp"

namespace fastvmaf {

namespace {

constexpr unsigned kMaxSize = 16384;  // as the file readers (docs/adr/0003-input-formats.md)
const char* const kPlaneName[3] = {"Y", "Cb", "Cr"};

// Pictures of one geometry, recycled once their last user drops them (CPU runs; a GPU run
// takes the device pipeline's slabs instead).
struct PicturePool {
  std::mutex mu;
  std::vector<std::unique_ptr<Picture>> free;
};

std::shared_ptr<Picture> acquire(const std::shared_ptr<PicturePool>& pool, const VideoGeometry& g) {
  std::unique_ptr<Picture> p;
  {
    std::lock_guard lock(pool->mu);
    if (!pool->free.empty()) {
      p = std::move(pool->free.back());
      pool->free.pop_back();
    }
  }
  // Zeroed once: the copy writes only the samples, so the row padding stays zero.
  if (!p) p = std::make_unique<Picture>(Picture::allocate(g.format, g.bpc, g.width, g.height));
  return std::shared_ptr<Picture>(p.release(), [pool](Picture* q) {
    std::lock_guard lock(pool->mu);
    pool->free.emplace_back(q);
  });
}

// The caller's picture into `to`, sample rows only; samples above the bit depth are an
// InputError (several features index tables by sample value).
void copy_picture(const FrameView& from, Picture& to, const char* role, unsigned frame) {
  const unsigned bytes = to.bytes_per_sample();
  const std::uint16_t maxv = static_cast<std::uint16_t>((1u << to.bpc()) - 1);
  const bool check = bytes == 2 && to.bpc() < 16;
  for (int p = 0; p < 3; ++p) {
    const PlaneView& v = from.planes[p];
    Plane& dst = to.plane(p);
    const std::size_t row = static_cast<std::size_t>(dst.width) * bytes;
    if (!v.data)
      throw std::invalid_argument(fmt::format("frame {}: the {} picture has no {} plane", frame, role, kPlaneName[p]));
    if (static_cast<std::size_t>(v.stride < 0 ? -v.stride : v.stride) < row)
      throw std::invalid_argument(fmt::format("frame {}: the {} picture's {} plane has a stride of {} bytes, less than "
                                              "its rows of {} samples ({} bytes)",
                                              frame, role, kPlaneName[p], v.stride, dst.width, row));
    const auto* src = static_cast<const std::uint8_t*>(v.data);
    for (unsigned y = 0; y < dst.height; ++y) {
      std::uint8_t* d = dst.row<std::uint8_t>(y);
      std::memcpy(d, src + static_cast<std::ptrdiff_t>(y) * v.stride, row);
      if (!check) continue;
      const auto* s = reinterpret_cast<const std::uint16_t*>(d);
      std::uint16_t high = 0;
      for (unsigned x = 0; x < dst.width; ++x) high |= s[x];
      if (high <= maxv) continue;
      for (unsigned x = 0; x < dst.width; ++x)
        if (s[x] > maxv)
          throw InputError(fmt::format("frame {}: {} picture, plane {} row {} column {}: sample value {} exceeds the "
                                       "{}-bit range",
                                       frame, role, kPlaneName[p], y, x, s[x], to.bpc()));
    }
  }
}

void check_geometry(const VideoGeometry& g) {
  if (g.bpc < 8 || g.bpc > 16) throw std::invalid_argument(fmt::format("unsupported bit depth {} (8 to 16)", g.bpc));
  if (g.width == 0 || g.height == 0 || g.width > kMaxSize || g.height > kMaxSize)
    throw std::invalid_argument(
        fmt::format("unsupported picture size {}x{} (1 to {} in each dimension)", g.width, g.height, kMaxSize));
  if (g.format != PixelFormat::YUV420 && g.format != PixelFormat::YUV422 && g.format != PixelFormat::YUV444)
    throw std::invalid_argument("unsupported pixel format");
}

}  // namespace

struct Session::Impl {
  const EngineImpl* engine;
  VideoGeometry geometry;
  Run run;
  std::shared_ptr<PicturePool> pool = std::make_shared<PicturePool>();
  std::string failed;  // why the session accepts no more frames
  bool done = false;

  Impl(const Engine& e, const VideoGeometry& g, SessionOptions o)
      : engine(&EngineInternals::of(e)),
        geometry(g),
        run(EngineInternals::of(e), g, Run::Hooks{std::move(o.progress), std::move(o.on_frame)}) {}

  void usable() const {
    if (done) throw std::invalid_argument("the session has been flushed; open a new one for more frames");
    if (!failed.empty()) throw std::invalid_argument("the session failed earlier: " + failed);
  }

  template <typename F>
  auto guarded(F&& f) {
    try {
      return f();
    } catch (const std::exception& e) {
      failed = e.what();
      throw;
    }
  }
};

Session::Session(const Engine& engine, const VideoGeometry& geometry, SessionOptions options) {
  check_geometry(geometry);
  const ContextScope scope(EngineInternals::of(engine));
  impl_ = std::make_unique<Impl>(engine, geometry, std::move(options));
}

namespace {
// Ends a session's run in its engine's caller context, where its device buffers live (a
// context that cannot be made current: the run ends anyway, its device work done).
template <typename Impl>
void close_run(std::unique_ptr<Impl>& impl) noexcept {
  if (!impl) return;
  std::optional<ContextScope> scope;
  try {
    scope.emplace(*impl->engine);
  } catch (...) {
  }
  impl.reset();
}
}  // namespace

Session::~Session() { close_run(impl_); }

Session::Session(Session&&) noexcept = default;

Session& Session::operator=(Session&& o) noexcept {
  if (this != &o) {
    close_run(impl_);
    impl_ = std::move(o.impl_);
  }
  return *this;
}

const VideoGeometry& Session::geometry() const { return impl_->geometry; }

unsigned Session::frames() const { return impl_->run.frames(); }

const std::vector<std::string>& Session::left_out() const { return impl_->run.left_out(); }

void Session::push(const FrameView& ref, const FrameView& dis) {
  Impl& m = *impl_;
  m.usable();
  const ContextScope scope(*m.engine);
  m.guarded([&] {
    const unsigned index = m.run.frames();
    FramePair pair;
    pair.index = index;
    std::shared_ptr<Picture> r, d;
    if (PairStorage* storage = m.run.pair_storage()) {
      std::tie(r, d) = storage->make_pair();  // the device pipeline's pinned slabs
    } else {
      r = acquire(m.pool, m.geometry);
      d = acquire(m.pool, m.geometry);
    }
    copy_picture(ref, *r, "reference", index);
    copy_picture(dis, *d, "distorted", index);
    pair.ref = std::move(r);
    pair.dis = std::move(d);
    m.run.submit(std::move(pair));
  });
}

void Session::push_device(const DeviceFrameView& ref, const DeviceFrameView& dis, std::shared_ptr<void> keep) {
  Impl& m = *impl_;
  m.usable();
  const ContextScope scope(*m.engine);
  m.guarded([&] {
    if (!m.run.takes_device_frames())
      throw std::invalid_argument("pictures in device memory need a GPU session whose extractors all run on the device "
                                  "(--backend cuda or hip)");
    const unsigned index = m.run.frames();
    check_device_frame(ref, m.geometry, "reference", index);
    check_device_frame(dis, m.geometry, "distorted", index);
    FramePair pair;
    pair.index = index;
    pair.device = std::make_shared<const FramePair::OnDevice>(FramePair::OnDevice{ref, dis, std::move(keep)});
    m.run.submit(std::move(pair));
  });
}

bool Session::device_reads_chroma() const { return impl_->run.device_reads_chroma(); }

Result Session::flush() {
  Impl& m = *impl_;
  m.usable();
  const ContextScope scope(*m.engine);
  if (m.run.frames() == 0) throw std::invalid_argument("no frames to score: flush() before any push()");
  Result r = m.guarded([&] { return m.run.finish(); });
  m.done = true;
  return r;
}

}  // namespace fastvmaf
