// libvmaf's CUDA API (include/libvmaf/libvmaf_cuda.h): a context imports a CUDA state and
// then runs on --backend cuda in the state's driver context (EngineOptions::cuda_context);
// its preallocated device pictures come from a pool of device blocks in that context,
// which the caller fills on the device and vmaf_read_pictures hands to the session as
// they are (Session::push_device): no sample goes through the host.
#include <mutex>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "capi/capi.hpp"
#include "core/registry.hpp"
#include "engine/context_scope.hpp"
#include "gpu/runtime.hpp"

namespace fastvmaf::capi {

namespace {

// The CUDA runtime with a usable device, or a system_error with ENODEV saying why not.
const gpu::Runtime& cuda_runtime() {
  std::string why;
  const gpu::Runtime* rt = gpu::find_runtime(Backend::Cuda, &why);
  if (!rt) throw std::system_error(ENODEV, std::generic_category(), why.empty() ? "this build has no CUDA backend" : why);
  const gpu::Probe p = rt->probe();
  if (!p.usable) throw std::system_error(ENODEV, std::generic_category(), p.detail);
  if (!rt->alloc_device || !rt->free_device || !rt->push_context)
    throw std::system_error(ENODEV, std::generic_category(), "this build's CUDA backend takes no device pictures");
  return *rt;
}

}  // namespace

// Device blocks of one picture size in one context, recycled: a block goes back when its
// picture's last reference is dropped (after the session has scored it), and all are
// freed when the last picture and the VmafContext are gone.
class DevicePictures : public std::enable_shared_from_this<DevicePictures> {
 public:
  DevicePictures(const gpu::Runtime& rt, void* context, std::size_t bytes) : rt_(rt), context_(context), bytes_(bytes) {}
  ~DevicePictures() {
    try {
      const ContextScope scope(rt_, context_);
      for (void* p : all_) rt_.free_device(p);
    } catch (...) {  // no context to free them in: the driver has failed already
    }
  }

  // A block, and what gives it back.
  std::pair<void*, std::function<void(void*)>> take() {
    void* p = nullptr;
    {
      std::lock_guard lock(mu_);
      if (!free_.empty()) {
        p = free_.back();
        free_.pop_back();
      }
    }
    if (!p) {
      const ContextScope scope(rt_, context_);
      p = rt_.alloc_device(bytes_);
      std::lock_guard lock(mu_);
      all_.push_back(p);
    }
    return {p, [self = shared_from_this()](void* q) {
              std::lock_guard lock(self->mu_);
              self->free_.push_back(q);
            }};
  }

 private:
  const gpu::Runtime& rt_;
  void* context_;
  std::size_t bytes_;
  std::mutex mu_;
  std::vector<void*> free_, all_;
};

void check_cuda_twin(const std::string& extractor, const std::string& origin) {
  if (!Registry::instance().factory(extractor, Backend::Cuda))
    throw std::invalid_argument(fmt::format("{}: feature extractor \"{}\" has no CUDA implementation, and this context "
                                            "runs on CUDA (vmaf_cuda_import_state)",
                                            origin, extractor));
}

}  // namespace fastvmaf::capi

using fastvmaf::capi::guarded;
namespace capi = fastvmaf::capi;

extern "C" {

int vmaf_cuda_state_init(VmafCudaState** cu_state, VmafCudaConfiguration cfg) {
  if (!cu_state) return -EINVAL;
  *cu_state = nullptr;
  return guarded("vmaf_cuda_state_init", [&] {
    capi::cuda_runtime();
    *cu_state = new VmafCudaState{cfg.cu_ctx, false};
    return 0;
  });
}

int vmaf_cuda_import_state(VmafContext* vmaf, VmafCudaState* cu_state) {
  if (!vmaf || !cu_state) return -EINVAL;
  return guarded("vmaf_cuda_import_state", [&] {
    if (cu_state->imported) throw std::invalid_argument("the CUDA state is imported already; a state serves one context");
    if (vmaf->cuda) throw std::invalid_argument("the context has a CUDA state already");
    if (vmaf->engine) throw std::invalid_argument("a CUDA state must be imported before the first picture");
    for (const auto& s : vmaf->slots) capi::check_cuda_twin(s.extractor, s.origin);
    cu_state->imported = true;
    vmaf->cuda.reset(cu_state);
    vmaf->options.backend = fastvmaf::BackendChoice::Cuda;
    vmaf->options.cuda_context = cu_state->cu_ctx;
    return 0;
  });
}

int vmaf_cuda_preallocate_pictures(VmafContext* vmaf, VmafCudaPictureConfiguration cfg) {
  if (!vmaf) return -EINVAL;
  return guarded("vmaf_cuda_preallocate_pictures", [&] {
    if (!vmaf->cuda) throw std::invalid_argument("no CUDA state: call vmaf_cuda_import_state first");
    const auto& p = cfg.pic_params;
    if (!capi::valid_params(p.pix_fmt, p.bpc, p.w, p.h))
      throw std::invalid_argument(fmt::format("bad picture parameters: {}x{}, {} bits, pixel format {}", p.w, p.h, p.bpc,
                                              static_cast<int>(p.pix_fmt)));
    switch (cfg.pic_prealloc_method) {
      case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_NONE: vmaf->cuda_pictures.reset(); return 0;
      case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE: {
        VmafPicture layout;
        const std::size_t bytes = capi::lay_out(layout, p.pix_fmt, p.bpc, p.w, p.h);
        vmaf->device_pictures =
            std::make_shared<capi::DevicePictures>(capi::cuda_runtime(), vmaf->cuda->cu_ctx, bytes);
        break;
      }
      case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST:
      case VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED: vmaf->device_pictures.reset(); break;
      default: throw std::invalid_argument("unknown picture preallocation method");
    }
    vmaf->cuda_pictures = cfg;
    return 0;
  });
}

int vmaf_cuda_fetch_preallocated_picture(VmafContext* vmaf, VmafPicture* pic) {
  if (!vmaf || !pic) return -EINVAL;
  return guarded("vmaf_cuda_fetch_preallocated_picture", [&] {
    if (!vmaf->cuda_pictures) throw std::invalid_argument("no pictures: call vmaf_cuda_preallocate_pictures first");
    const auto& p = vmaf->cuda_pictures->pic_params;
    if (!vmaf->device_pictures) {
      const int err = vmaf_picture_alloc(pic, p.pix_fmt, p.bpc, p.w, p.h);
      if (err == -ENOMEM) throw std::bad_alloc();
      return err;
    }
    capi::lay_out(*pic, p.pix_fmt, p.bpc, p.w, p.h);
    auto ref = std::make_unique<VmafRef>();
    auto [block, give_back] = vmaf->device_pictures->take();
    ref->block = block;
    ref->give_back = std::move(give_back);
    capi::point_planes(*pic, block);
    pic->ref = ref.release();
    return 0;
  });
}

}  // extern "C"
