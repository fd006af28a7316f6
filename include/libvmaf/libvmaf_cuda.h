/* libvmaf's C API, as implemented by fastvmaf: pictures in CUDA device memory (the API of
 * libvmaf's libvmaf_cuda.h, which FFmpeg's libvmaf_cuda filter calls).
 *
 *   vmaf_init(&vmaf, cfg);
 *   vmaf_cuda_state_init(&state, (VmafCudaConfiguration){.cu_ctx = my_cu_context});
 *   vmaf_cuda_import_state(vmaf, state);              the context now runs on CUDA, in it
 *   vmaf_cuda_preallocate_pictures(vmaf, pic_cfg);    say the pictures' size and memory
 *   vmaf_use_features_from_model(vmaf, model); ...    each extractor must have a CUDA twin
 *   for each frame:
 *     vmaf_cuda_fetch_preallocated_picture(vmaf, &ref);   and &dist
 *     copy into ref.data[i] / dist.data[i] (device addresses, ref.stride[i] bytes apart),
 *     on the context's legacy default stream (cuMemcpy2D, cudaMemcpy2D) or finished
 *     vmaf_read_pictures(vmaf, &ref, &dist, index);       takes both pictures
 *   vmaf_read_pictures(vmaf, NULL, NULL, 0); vmaf_score_pooled(...); vmaf_close(vmaf);
 *
 * The scores equal those of the same pictures on the CPU, bit for bit, for every model
 * (the v1 models included). Calls return 0, or a negative errno: -ENODEV when this build
 * or host has no usable CUDA device, -EINVAL for a bad argument or call order. */
#ifndef FASTVMAF_LIBVMAF_CUDA_H
#define FASTVMAF_LIBVMAF_CUDA_H

#include "libvmaf/libvmaf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct VmafCudaState VmafCudaState;

typedef struct VmafCudaConfiguration {
    void *cu_ctx; /* the caller's CUcontext; NULL: the device's primary context */
} VmafCudaConfiguration;

/* A CUDA state for cfg's context. The state is kept by the VmafContext it is imported
 * into and released with it (vmaf_close). */
int vmaf_cuda_state_init(VmafCudaState **cu_state, VmafCudaConfiguration cfg);

/* Every picture of `vmaf` is then scored on CUDA in the state's context; before the first
 * picture, and once per VmafContext. A state serves one VmafContext. */
int vmaf_cuda_import_state(VmafContext *vmaf, VmafCudaState *cu_state);

enum VmafCudaPicturePreallocationMethod {
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_NONE = 0,
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE,     /* data[i] in device memory */
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST,       /* data[i] in host memory */
    VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_HOST_PINNED, /* host memory (as HOST here) */
};

typedef struct VmafCudaPictureConfiguration {
    struct {
        unsigned w, h;
        unsigned bpc;
        enum VmafPixelFormat pix_fmt;
    } pic_params;
    enum VmafCudaPicturePreallocationMethod pic_prealloc_method;
} VmafCudaPictureConfiguration;

/* The pictures vmaf_cuda_fetch_preallocated_picture hands out (after import_state). */
int vmaf_cuda_preallocate_pictures(VmafContext *vmaf, VmafCudaPictureConfiguration cfg);

/* A picture of the preallocated kind, zeroed when new; recycled once read (or unref'd). */
int vmaf_cuda_fetch_preallocated_picture(VmafContext *vmaf, VmafPicture *pic);

#ifdef __cplusplus
}
#endif

#endif /* FASTVMAF_LIBVMAF_CUDA_H */
