/* libvmaf's C API, as implemented by fastvmaf: pictures (libvmaf 3.x ABI). */
#ifndef FASTVMAF_LIBVMAF_PICTURE_H
#define FASTVMAF_LIBVMAF_PICTURE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum VmafPixelFormat {
    VMAF_PIX_FMT_UNKNOWN,
    VMAF_PIX_FMT_YUV420P,
    VMAF_PIX_FMT_YUV422P,
    VMAF_PIX_FMT_YUV444P,
    VMAF_PIX_FMT_YUV400P,
};

typedef struct VmafRef VmafRef;

/* Three planes of 8-bit (bpc 8) or 16-bit little-endian samples (bpc 9 to 16). Chroma
 * planes are w >> 1 (4:2:0, 4:2:2) and h >> 1 (4:2:0) samples, strides in bytes. */
typedef struct VmafPicture {
    enum VmafPixelFormat pix_fmt;
    unsigned bpc;
    unsigned w[3], h[3];
    ptrdiff_t stride[3];
    void *data[3];
    VmafRef *ref;
    void *priv;
} VmafPicture;

/* Allocates zeroed planes with rows aligned to 32 samples. 0, -EINVAL or -ENOMEM. */
int vmaf_picture_alloc(VmafPicture *pic, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h);

/* Drops a reference; the planes are freed with the last one. 0 or -EINVAL. */
int vmaf_picture_unref(VmafPicture *pic);

#ifdef __cplusplus
}
#endif

#endif
