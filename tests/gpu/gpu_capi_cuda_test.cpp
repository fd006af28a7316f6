// libvmaf's CUDA API (include/libvmaf/libvmaf_cuda.h) driven as FFmpeg's libvmaf_cuda
// filter drives it, on the real frames of the device set: a CUDA context of the caller's
// own (cuCtxCreate, not the primary one), the frames put in device memory there (the
// decoder's surfaces), each copied with cuMemcpy2D on the legacy stream into pictures from
// vmaf_cuda_fetch_preallocated_picture, then vmaf_read_pictures. Every model score of every
// frame, and the pooled score, equal bit for bit those of the same frames given as host
// pictures to a context on the CPU; vmaf_v0.6.1 and vmaf_v1.0.16_3d0h.
//
//   gpu_capi_cuda_test [gtest flags]     exit 77: no CUDA device
#include <cuda.h>
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "gpu_test_support.hpp"
#include "io/video_source.hpp"
#include "libvmaf/libvmaf.h"
#include "libvmaf/libvmaf_cuda.h"

namespace fastvmaf {
namespace {

// The driver calls FFmpeg makes, reached as FFmpeg reaches them (loaded at run time).
struct Driver {
  CUresult (*init)(unsigned) = nullptr;
  CUresult (*device_get)(CUdevice*, int) = nullptr;
  CUresult (*ctx_create)(CUcontext*, unsigned, CUdevice) = nullptr;
  CUresult (*ctx_destroy)(CUcontext) = nullptr;
  CUresult (*ctx_push)(CUcontext) = nullptr;
  CUresult (*ctx_pop)(CUcontext*) = nullptr;
  CUresult (*mem_alloc)(CUdeviceptr*, std::size_t) = nullptr;
  CUresult (*mem_free)(CUdeviceptr) = nullptr;
  CUresult (*memcpy_2d)(const CUDA_MEMCPY2D*) = nullptr;
  CUresult (*memcpy_2d_async)(const CUDA_MEMCPY2D*, CUstream) = nullptr;
};

Driver load_driver() {
  Driver d;
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) return d;
  auto get = [&](auto& f, const char* name) { f = reinterpret_cast<std::remove_reference_t<decltype(f)>>(dlsym(lib, name)); };
  get(d.init, "cuInit");
  get(d.device_get, "cuDeviceGet");
  get(d.ctx_create, "cuCtxCreate_v2");
  get(d.ctx_destroy, "cuCtxDestroy_v2");
  get(d.ctx_push, "cuCtxPushCurrent_v2");
  get(d.ctx_pop, "cuCtxPopCurrent_v2");
  get(d.mem_alloc, "cuMemAlloc_v2");
  get(d.mem_free, "cuMemFree_v2");
  get(d.memcpy_2d, "cuMemcpy2D_v2");
  get(d.memcpy_2d_async, "cuMemcpy2DAsync_v2");
  return d;
}

Driver g_cu;
CUcontext g_ctx = nullptr;

#define CU_OK(call) ASSERT_EQ((call), CUDA_SUCCESS) << #call

enum VmafPixelFormat vmaf_format(PixelFormat f) {
  return f == PixelFormat::YUV420 ? VMAF_PIX_FMT_YUV420P : f == PixelFormat::YUV422 ? VMAF_PIX_FMT_YUV422P
                                                                                    : VMAF_PIX_FMT_YUV444P;
}

// A decoded frame as FFmpeg's NVDEC hands it to the filter: planes in device memory of the
// caller's context, at a pitch of its own.
struct Surface {
  CUdeviceptr planes[3] = {};
  std::size_t pitch[3] = {};
  ~Surface() {
    for (CUdeviceptr p : planes)
      if (p) g_cu.mem_free(p);
  }
};

// Host frame `pic` into `s` (allocated on first use) and then, as the filter copies,
// device to device on the legacy stream into the fetched picture `dst`.
void to_device(const Picture& pic, Surface& s, VmafPicture& dst) {
  CU_OK(g_cu.ctx_push(g_ctx));
  const unsigned bytes = pic.bytes_per_sample();
  for (int p = 0; p < 3; ++p) {
    const Plane& pl = pic.plane(p);
    if (!s.planes[p]) {
      s.pitch[p] = (pl.width * bytes + 511) / 512 * 512;
      CU_OK(g_cu.mem_alloc(&s.planes[p], s.pitch[p] * pl.height));
    }
    CUDA_MEMCPY2D up{};
    up.srcMemoryType = CU_MEMORYTYPE_HOST;
    up.srcHost = pl.data;
    up.srcPitch = static_cast<std::size_t>(pl.stride);
    up.dstMemoryType = CU_MEMORYTYPE_DEVICE;
    up.dstDevice = s.planes[p];
    up.dstPitch = s.pitch[p];
    up.WidthInBytes = std::size_t{pl.width} * bytes;
    up.Height = pl.height;
    CU_OK(g_cu.memcpy_2d(&up));
    // libvmaf's picture: chroma w >> 1, h >> 1 (one short of ours when odd).
    CUDA_MEMCPY2D m{};
    m.srcMemoryType = CU_MEMORYTYPE_DEVICE;
    m.srcDevice = s.planes[p];
    m.srcPitch = s.pitch[p];
    m.dstMemoryType = CU_MEMORYTYPE_DEVICE;
    m.dstDevice = reinterpret_cast<CUdeviceptr>(dst.data[p]);
    m.dstPitch = static_cast<std::size_t>(dst.stride[p]);
    m.WidthInBytes = std::size_t{dst.w[p]} * bytes;
    m.Height = dst.h[p];
    CU_OK(g_cu.memcpy_2d_async(&m, nullptr));  // the legacy stream; not waited for
  }
  CUcontext popped = nullptr;
  CU_OK(g_cu.ctx_pop(&popped));
}

void to_host(const Picture& pic, VmafPicture& dst) {
  const unsigned bytes = pic.bytes_per_sample();
  for (int p = 0; p < 3; ++p)
    for (unsigned y = 0; y < dst.h[p]; ++y)
      std::memcpy(static_cast<std::uint8_t*>(dst.data[p]) + y * dst.stride[p], pic.plane(p).row<std::uint8_t>(y),
                  std::size_t{dst.w[p]} * bytes);
}

struct Scores {
  bool refused = false;  // the first frame was refused (a model the size does not suit)
  std::vector<double> frames;
  double pooled = 0;
};

// One context over the pair: on CUDA in the caller's context with device pictures, or on
// the CPU with host pictures.
void score(const gputest::Pair& pair, const char* model_version, bool cuda, Scores& out) {
  auto ref = io::open_video(pair.ref, false, {});
  auto dis = io::open_video(pair.dis, false, {});
  const VideoGeometry g = ref->geometry();
  VmafConfiguration cfg{};
  cfg.log_level = VMAF_LOG_LEVEL_WARNING;
  cfg.n_threads = 2;
  cfg.n_subsample = 1;
  VmafContext* vmaf = nullptr;
  ASSERT_EQ(vmaf_init(&vmaf, cfg), 0);
  if (cuda) {
    VmafCudaState* state = nullptr;
    ASSERT_EQ(vmaf_cuda_state_init(&state, VmafCudaConfiguration{g_ctx}), 0);
    ASSERT_EQ(vmaf_cuda_import_state(vmaf, state), 0);
    VmafCudaPictureConfiguration pc{};
    pc.pic_params.w = g.width;
    pc.pic_params.h = g.height;
    pc.pic_params.bpc = g.bpc;
    pc.pic_params.pix_fmt = vmaf_format(g.format);
    pc.pic_prealloc_method = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE;
    ASSERT_EQ(vmaf_cuda_preallocate_pictures(vmaf, pc), 0);
  }
  VmafModelConfig mc{};
  mc.name = "vmaf";
  VmafModel* model = nullptr;
  ASSERT_EQ(vmaf_model_load(&model, &mc, model_version), 0);
  ASSERT_EQ(vmaf_use_features_from_model(vmaf, model), 0);
  Picture r = Picture::allocate(g.format, g.bpc, g.width, g.height);
  Picture d = Picture::allocate(g.format, g.bpc, g.width, g.height);
  std::vector<Surface> surfaces(2);
  unsigned n = 0;
  while (ref->read(r) && dis->read(d)) {
    VmafPicture pr, pd;
    if (cuda) {
      ASSERT_EQ(vmaf_cuda_fetch_preallocated_picture(vmaf, &pr), 0);
      ASSERT_EQ(vmaf_cuda_fetch_preallocated_picture(vmaf, &pd), 0);
      to_device(r, surfaces[0], pr);
      to_device(d, surfaces[1], pd);
    } else {
      ASSERT_EQ(vmaf_picture_alloc(&pr, vmaf_format(g.format), g.bpc, g.width, g.height), 0);
      ASSERT_EQ(vmaf_picture_alloc(&pd, vmaf_format(g.format), g.bpc, g.width, g.height), 0);
      to_host(r, pr);
      to_host(d, pd);
    }
    const int err = vmaf_read_pictures(vmaf, &pr, &pd, n);
    if (err != 0 && n == 0) {  // refused at init (cambi below 216 pixels): no scores
      vmaf_picture_unref(&pr);
      vmaf_picture_unref(&pd);
      out.refused = true;
      vmaf_model_destroy(model);
      ASSERT_EQ(vmaf_close(vmaf), 0);
      return;
    }
    ASSERT_EQ(err, 0) << "frame " << n;
    ++n;
  }
  ASSERT_GT(n, 0u);
  ASSERT_EQ(vmaf_read_pictures(vmaf, nullptr, nullptr, 0), 0);
  out.frames.resize(n);
  for (unsigned i = 0; i < n; ++i) ASSERT_EQ(vmaf_score_at_index(vmaf, model, &out.frames[i], i), 0);
  ASSERT_EQ(vmaf_score_pooled(vmaf, model, VMAF_POOL_METHOD_MEAN, &out.pooled, 0, n - 1), 0);
  vmaf_model_destroy(model);
  ASSERT_EQ(vmaf_close(vmaf), 0);
}

void check_pair(const gputest::Pair& pair) {
  for (const char* version : {"vmaf_v0.6.1", "vmaf_v1.0.16_3d0h"}) {
    Scores cpu, gpu;
    score(pair, version, false, cpu);
    if (::testing::Test::HasFatalFailure()) return;
    score(pair, version, true, gpu);
    if (::testing::Test::HasFatalFailure()) return;
    // What the CPU refuses, the device refuses too, as libvmaf's init would.
    ASSERT_EQ(gpu.refused, cpu.refused) << version;
    if (cpu.refused) {
      std::printf("  %-40s %-18s refused on both\n", pair.name.c_str(), version);
      continue;
    }
    ASSERT_EQ(gpu.frames.size(), cpu.frames.size());
    for (std::size_t i = 0; i < cpu.frames.size(); ++i)
      EXPECT_EQ(std::memcmp(&gpu.frames[i], &cpu.frames[i], sizeof(double)), 0)
          << version << " frame " << i << ": cuda " << gpu.frames[i] << ", cpu " << cpu.frames[i];
    EXPECT_EQ(std::memcmp(&gpu.pooled, &cpu.pooled, sizeof(double)), 0)
        << version << " pooled: cuda " << gpu.pooled << ", cpu " << cpu.pooled;
    std::printf("  %-40s %-18s %3zu frames, pooled %.17g on both\n", pair.name.c_str(), version, cpu.frames.size(),
                cpu.pooled);
  }
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  using namespace fastvmaf;
  const std::string skip = gputest::why_skip(Backend::Cuda);
  if (!skip.empty()) {
    std::printf("SKIP: %s\n", skip.c_str());
    return gputest::kSkip;
  }
  g_cu = load_driver();
  CUdevice dev = 0;
  if (!g_cu.init || g_cu.init(0) != CUDA_SUCCESS || g_cu.device_get(&dev, 0) != CUDA_SUCCESS ||
      g_cu.ctx_create(&g_ctx, 0, dev) != CUDA_SUCCESS) {
    std::fprintf(stderr, "could not create a CUDA context through the driver\n");
    return 1;
  }
  // Not current on this thread: FFmpeg pushes its context only around its own calls.
  CUcontext popped = nullptr;
  g_cu.ctx_pop(&popped);
  const int rc = gputest::run_over_device_set(Backend::Cuda, "CapiCuda", check_pair);
  g_cu.ctx_destroy(g_ctx);
  return rc;
}
