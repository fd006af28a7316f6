// libvmaf's C API on fastvmaf (include/libvmaf/): what its opaque handles hold, and the
// error convention every entry point follows. A context collects the extractors the
// caller registers; its first picture opens an engine of exactly those extractors and a
// Session (fastvmaf/session.hpp) of the picture's geometry. Each frame's values enter the
// context's collector as soon as the session reports them final; the flush adds the rest.
// Models are scored on request into that collector, as libvmaf scores them, so scores,
// pooled values and outputs come out in libvmaf's order.
#pragma once

#include <atomic>
#include <cerrno>
#include <cstdarg>
#include <exception>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "core/collector.hpp"
#include "core/options.hpp"
#include "engine/engine_impl.hpp"
#include "fastvmaf/engine.hpp"
#include "fastvmaf/session.hpp"
#include "libvmaf/libvmaf.h"
#include "libvmaf/libvmaf_cuda.h"
#include "model/model.hpp"

// A picture's planes: one block, host memory freed by the last reference, or a CUDA
// picture pool's device memory that it gets back (`give_back`, cuda.cpp).
struct VmafRef {
  std::atomic<long> count{1};
  void* block = nullptr;
  std::function<void(void*)> give_back;  // set for device pictures
};

// vmaf_cuda_state_init: the caller's CUDA context (null: the primary one).
struct VmafCudaState {
  void* cu_ctx = nullptr;
  bool imported = false;
};

namespace fastvmaf::capi {
class DevicePictures;
}

struct VmafFeatureDictionary {
  fastvmaf::OptionDict dict;  // values stored as libvmaf stores them (core/dict_value.hpp)
};

// A single model (or a collection's main model).
struct VmafModel {
  fastvmaf::ModelRequest request;  // name, flags, overloads; version or path
  std::string text;                // the model file, for re-reading after an overload
  std::string source;              // names it in messages
  std::unique_ptr<fastvmaf::model::ScoringModel> scorer;
  std::string name() const { return request.name; }
};

struct VmafModelCollection {
  fastvmaf::ModelRequest request;
  std::string text, source;
  std::unique_ptr<fastvmaf::model::ScoringModel> scorer;  // predict_collection() only
  std::string name;  // the collection's output prefix: NAME_bagging, NAME_stddev, ...
};

struct VmafContext {
  VmafConfiguration cfg{};
  fastvmaf::EngineOptions options;             // threads, subsample, backend
  std::vector<fastvmaf::SlotRequest> slots;    // extractors, in registration order
  std::unique_ptr<fastvmaf::Engine> engine;    // opened by the first picture
  std::optional<fastvmaf::Session> session;
  fastvmaf::FeatureCollector collector;  // final frames' values, the flush's, then scores
  enum VmafPixelFormat pix_fmt = VMAF_PIX_FMT_UNKNOWN;
  fastvmaf::VideoGeometry geometry;
  unsigned pic_cnt = 0;
  double fps = 0;
  bool flushed = false;
  std::string failed;  // why the context accepts no more pictures
  std::optional<VmafPictureConfiguration> pool;  // vmaf_preallocate_pictures
  std::vector<std::uint8_t> scratch[2][3];       // odd-sized chroma, extended (context.cpp)
  // libvmaf's CUDA API (cuda.cpp): the imported state (owned), the pictures to hand out.
  std::unique_ptr<VmafCudaState> cuda;
  std::optional<VmafCudaPictureConfiguration> cuda_pictures;
  std::shared_ptr<fastvmaf::capi::DevicePictures> device_pictures;
};

namespace fastvmaf::capi {

// libvmaf's vmaf_log: "libvmaf LEVEL message" on stderr up to the context's level.
void log(enum VmafLogLevel level, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
void set_log_level(enum VmafLogLevel level);

// The entries of `d` that are options of `extractor` (a registry name); the others are
// dropped with a warning, as libvmaf ignores option names an extractor does not have (the
// CLI refuses them). `d` as it is when the registry has no such extractor.
OptionDict known_options(const std::string& extractor, const OptionDict& d);

// libvmaf's picture layout (picture.cpp): `pic` zeroed, its format, sizes and strides set
// for a block of the returned size; then its planes pointed into `block`.
std::size_t lay_out(VmafPicture& pic, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h);
void point_planes(VmafPicture& pic, void* block);
bool valid_params(enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h);
// Drops one reference; the last frees (or gives back) the block.
void release(VmafRef* ref) noexcept;
// Whether `pic`'s planes are in device memory (a CUDA picture pool's).
inline bool on_device(const VmafPicture& pic) { return pic.ref && pic.ref->give_back; }
// A feature of a context that runs on CUDA (an imported CUDA state) must have a CUDA twin
// (cuda.cpp): throws std::invalid_argument naming it and `origin` otherwise.
void check_cuda_twin(const std::string& extractor, const std::string& origin);

// Runs f(); an exception becomes an ERROR log line and -EINVAL (-ENOMEM for bad_alloc,
// the errno of a system error: -EAGAIN for a thread the system refused).
template <typename F>
int guarded(const char* call, F&& f) noexcept {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    log(VMAF_LOG_LEVEL_ERROR, "%s: out of memory\n", call);
    return -ENOMEM;
  } catch (const std::system_error& e) {
    log(VMAF_LOG_LEVEL_ERROR, "%s: %s\n", call, e.what());
    const bool errno_code = e.code().category() == std::generic_category() ||
                            e.code().category() == std::system_category();
    return errno_code && e.code().value() > 0 ? -e.code().value() : -EINVAL;
  } catch (const std::exception& e) {
    log(VMAF_LOG_LEVEL_ERROR, "%s: %s\n", call, e.what());
    return -EINVAL;
  } catch (...) {
    log(VMAF_LOG_LEVEL_ERROR, "%s: unknown error\n", call);
    return -EINVAL;
  }
}

}  // namespace fastvmaf::capi
