/* A C program built against an installed libvmaf.so.3 (fastvmaf's): scores the pair
 * DIR/ref.y4m, DIR/dis.y4m that session_consumer wrote (256x256 4:2:0 10-bit, 3 frames)
 * with the built-in vmaf_v0.6.1, and prints each frame's score (%.17g). It also includes
 * <libvmaf_cuda.h> as FFmpeg's libvmaf_cuda filter does and links its entry points (their
 * behaviour is capi_test's and gpu_capi_cuda_test's).
 *
 *   capi_consumer DIR */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <libvmaf.h>
#include <libvmaf_cuda.h>

enum { W = 256, H = 256, FRAMES = 3 };

static int read_frame(FILE *f, VmafPicture *pic) {
  char line[64];
  if (!fgets(line, sizeof line, f) || strncmp(line, "FRAME", 5)) return -1;
  for (int p = 0; p < 3; ++p)
    for (unsigned y = 0; y < pic->h[p]; ++y)
      if (fread((uint8_t *)pic->data[p] + y * pic->stride[p], 2, pic->w[p], f) != pic->w[p]) return -1;
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  char path[4096];
  FILE *in[2];
  for (int i = 0; i < 2; ++i) {
    char header[128];
    snprintf(path, sizeof path, "%s/%s.y4m", argv[1], i ? "dis" : "ref");
    in[i] = fopen(path, "rb");
    if (!in[i] || !fgets(header, sizeof header, in[i])) return 1;
  }
  VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_ERROR, .n_threads = 2};
  VmafContext *vmaf;
  VmafModel *model;
  VmafModelConfig mcfg = {.name = "vmaf"};
  /* The CUDA API's entry points resolve in the installed library (FFmpeg's configure
   * checks vmaf_cuda_state_init); a NULL state pointer is refused without a device. */
  if (vmaf_cuda_state_init(NULL, (VmafCudaConfiguration){.cu_ctx = NULL}) != -EINVAL) return 1;
  if (vmaf_init(&vmaf, cfg) || vmaf_model_load(&model, &mcfg, "vmaf_v0.6.1") ||
      vmaf_use_features_from_model(vmaf, model))
    return 1;
  for (unsigned k = 0; k < FRAMES; ++k) {
    VmafPicture ref, dis;
    if (vmaf_picture_alloc(&ref, VMAF_PIX_FMT_YUV420P, 10, W, H) || vmaf_picture_alloc(&dis, VMAF_PIX_FMT_YUV420P, 10, W, H))
      return 1;
    if (read_frame(in[0], &ref) || read_frame(in[1], &dis) || vmaf_read_pictures(vmaf, &ref, &dis, k)) return 1;
  }
  if (vmaf_read_pictures(vmaf, NULL, NULL, 0)) return 1;
  for (unsigned k = 0; k < FRAMES; ++k) {
    double s;
    if (vmaf_score_at_index(vmaf, model, &s, k)) return 1;
    printf("%.17g\n", s);
  }
  vmaf_model_destroy(model);
  return vmaf_close(vmaf) ? 1 : 0;
}
