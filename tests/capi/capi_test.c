/* A program written against libvmaf's C API (include/libvmaf/), as FFmpeg's filter and
 * libvmaf's vmaf tool use it, run on fastvmaf's libvmaf.so.3. It exercises every function
 * of the API, with its error returns, on frames it makes itself, and writes:
 *
 *   DIR/ref.y4m, DIR/dis.y4m   the frames, for the CLI to score the same pair
 *   DIR/capi.{xml,json,csv,sub} vmaf_write_output's four formats
 *   DIR/values.txt             "name index value" (%.17g) of model scores, features and
 *                              pooled values read through the API
 *
 * The test (capi_cli_test.cpp) then requires the CLI's outputs on the y4m pair to be the
 * same, value for value. Exits 0 when every call returned what libvmaf's API returns.
 *
 *   capi_test DIR */
#define _GNU_SOURCE /* pthread_getattr_default_np */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libvmaf/libvmaf.h"
#include "libvmaf/libvmaf_cuda.h"
#include "libvmaf/version.h"

enum { W = 256, H = 256, FRAMES = 5 };

static int failures = 0;
static FILE *values;

static void expect(int ok, const char *what, ...) {
  if (ok) return;
  va_list a;
  va_start(a, what);
  fprintf(stderr, "FAIL: ");
  vfprintf(stderr, what, a);
  fprintf(stderr, "\n");
  va_end(a);
  ++failures;
}

#define CHECK(call, want) \
  do { \
    const int r_ = (call); \
    expect(r_ == (want), "%s returned %d, expected %d (line %d)", #call, r_, (want), __LINE__); \
  } while (0)

/* Sample (x, y) of plane p of frame k; the distorted frame adds a little noise. */
static unsigned sample(int k, int p, int x, int y, int distort) {
  unsigned v = (unsigned)(x * 3 + y * 5 + k * 7 + p * 40 + ((x * y + k) % 13) * 4) % 220 + 16;
  if (distort) v = (v + (unsigned)((x * 7 + y * 3 + k) % 9)) % 256;
  return v;
}

static void fill(VmafPicture *pic, int k, int distort) {
  for (int p = 0; p < 3; ++p)
    for (unsigned y = 0; y < pic->h[p]; ++y) {
      uint8_t *row = (uint8_t *)pic->data[p] + y * pic->stride[p];
      for (unsigned x = 0; x < pic->w[p]; ++x) row[x] = (uint8_t)sample(k, p, (int)x, (int)y, distort);
    }
}

static void write_y4m(const char *path, int distort) {
  FILE *f = fopen(path, "wb");
  if (!f) {
    expect(0, "cannot write %s", path);
    return;
  }
  fprintf(f, "YUV4MPEG2 W%d H%d F25:1 Ip C420jpeg\n", W, H);
  for (int k = 0; k < FRAMES; ++k) {
    fprintf(f, "FRAME\n");
    for (int p = 0; p < 3; ++p) {
      const int w = p ? W / 2 : W, h = p ? H / 2 : H;
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) fputc((int)sample(k, p, x, y, distort), f);
    }
  }
  fclose(f);
}

static void put(const char *name, unsigned index, double v) { fprintf(values, "%s %u %.17g\n", name, index, v); }

static VmafFeatureDictionary *dict1(const char *key, const char *val) {
  VmafFeatureDictionary *d = NULL;
  CHECK(vmaf_feature_dictionary_set(&d, key, val), 0);
  return d;
}

/* Every error return a caller can meet, on contexts of their own (a failed read counts
 * as a picture, as in libvmaf, so the scored context sees none of this). */
/* libvmaf's CUDA API (libvmaf_cuda.h): its argument and order errors on any host; without
 * a CUDA device (CI) the state cannot be made (-ENODEV) and nothing is left half made. On a
 * device, a CUDA context refuses a feature that has no CUDA twin at registration, as
 * FFmpeg's libvmaf_cuda filter needs to hear at its init. */
static void cuda_error_returns(void) {
  VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_NONE, .n_threads = 1};
  VmafContext *v = NULL;
  CHECK(vmaf_init(&v, cfg), 0);
  VmafCudaConfiguration cuda_cfg = {.cu_ctx = NULL};
  VmafCudaPictureConfiguration pic_cfg = {
      .pic_params = {.w = W, .h = H, .bpc = 8, .pix_fmt = VMAF_PIX_FMT_YUV420P},
      .pic_prealloc_method = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE};
  VmafPicture pic;
  CHECK(vmaf_cuda_state_init(NULL, cuda_cfg), -EINVAL);
  CHECK(vmaf_cuda_import_state(NULL, NULL), -EINVAL);
  CHECK(vmaf_cuda_import_state(v, NULL), -EINVAL);
  /* No state imported: no pictures to preallocate or fetch. */
  CHECK(vmaf_cuda_preallocate_pictures(v, pic_cfg), -EINVAL);
  CHECK(vmaf_cuda_preallocate_pictures(NULL, pic_cfg), -EINVAL);
  CHECK(vmaf_cuda_fetch_preallocated_picture(v, &pic), -EINVAL);
  CHECK(vmaf_cuda_fetch_preallocated_picture(v, NULL), -EINVAL);

  VmafCudaState *state = (VmafCudaState *)&cuda_cfg; /* must be overwritten */
  const int r = vmaf_cuda_state_init(&state, cuda_cfg);
  expect(r == 0 || r == -ENODEV, "vmaf_cuda_state_init returned %d, expected 0 or -ENODEV", r);
  if (r == -ENODEV) {
    expect(state == NULL, "vmaf_cuda_state_init failed and left a state");
  } else if (r == 0) {
    CHECK(vmaf_use_feature(v, "psnr", NULL), 0);
    CHECK(vmaf_cuda_import_state(v, state), 0);
    CHECK(vmaf_cuda_import_state(v, state), -EINVAL); /* once per context */
    CHECK(vmaf_use_feature(v, "ciede", NULL), -EINVAL); /* no CUDA twin */
    pic_cfg.pic_params.bpc = 7;
    CHECK(vmaf_cuda_preallocate_pictures(v, pic_cfg), -EINVAL);
    pic_cfg.pic_params.bpc = 8;
    pic_cfg.pic_prealloc_method = (enum VmafCudaPicturePreallocationMethod)9;
    CHECK(vmaf_cuda_preallocate_pictures(v, pic_cfg), -EINVAL);
    pic_cfg.pic_prealloc_method = VMAF_CUDA_PICTURE_PREALLOCATION_METHOD_DEVICE;
    CHECK(vmaf_cuda_preallocate_pictures(v, pic_cfg), 0);
    CHECK(vmaf_cuda_fetch_preallocated_picture(v, &pic), 0);
    expect(pic.w[0] == W && pic.h[0] == H && pic.w[1] == W / 2 && pic.data[0] && pic.stride[0] >= W,
           "a fetched device picture has libvmaf's layout");
    CHECK(vmaf_picture_unref(&pic), 0);
  }
  CHECK(vmaf_close(v), 0);
}

static void error_returns(void) {
  VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_NONE, .n_threads = 1};
  VmafContext *v = NULL;
  CHECK(vmaf_init(NULL, cfg), -EINVAL);
  CHECK(vmaf_init(&v, cfg), 0);

  VmafPicture pic;
  CHECK(vmaf_picture_alloc(NULL, VMAF_PIX_FMT_YUV420P, 8, W, H), -EINVAL);
  CHECK(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_UNKNOWN, 8, W, H), -EINVAL);
  CHECK(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 7, W, H), -EINVAL);
  CHECK(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV420P, 17, W, H), -EINVAL);
  CHECK(vmaf_picture_unref(NULL), -EINVAL);
  CHECK(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV422P, 10, 33, 17), 0);
  expect(pic.w[1] == 16 && pic.h[1] == 17 && pic.stride[0] == 64 * 2 && pic.stride[1] == 32 * 2 && pic.bpc == 10,
         "4:2:2 10-bit 33x17 picture layout: w1 %u h1 %u stride0 %td stride1 %td", pic.w[1], pic.h[1], pic.stride[0],
         pic.stride[1]);
  CHECK(vmaf_picture_unref(&pic), 0);
  expect(pic.ref == NULL && pic.data[0] == NULL, "unref leaves an empty picture");
  CHECK(vmaf_picture_unref(&pic), -EINVAL);
  CHECK(vmaf_picture_alloc(&pic, VMAF_PIX_FMT_YUV400P, 8, 16, 16), 0);
  expect(pic.data[1] == NULL && pic.w[1] == 0, "4:0:0 pictures have no chroma");
  CHECK(vmaf_picture_unref(&pic), 0);

  VmafFeatureDictionary *d = NULL;
  CHECK(vmaf_feature_dictionary_set(NULL, "k", "v"), -EINVAL);
  CHECK(vmaf_feature_dictionary_set(&d, "enable_chroma", "false"), 0);
  CHECK(vmaf_feature_dictionary_free(&d), 0);
  expect(d == NULL, "a freed dictionary is NULL");
  CHECK(vmaf_feature_dictionary_free(NULL), -EINVAL);

  VmafModel *m = NULL;
  VmafModelCollection *mc = NULL;
  VmafModelConfig mcfg = {.name = "x", .flags = VMAF_MODEL_FLAGS_DEFAULT};
  CHECK(vmaf_model_load(&m, &mcfg, "vmaf_v9.9"), -EINVAL);
  CHECK(vmaf_model_load(&m, &mcfg, "vmaf_b_v0.6.3"), -EINVAL);  /* a collection */
  CHECK(vmaf_model_load_from_path(&m, &mcfg, "/nonexistent/model.json"), -EINVAL);
  CHECK(vmaf_model_collection_load(&m, &mc, &mcfg, "vmaf_v0.6.1"), -EINVAL);  /* not one */
  CHECK(vmaf_model_collection_load_from_path(&m, &mc, &mcfg, "/nonexistent/model.json"), -EINVAL);
  CHECK(vmaf_model_feature_overload(NULL, "adm", NULL), -EINVAL);
  vmaf_model_destroy(NULL);
  vmaf_model_collection_destroy(NULL);

  CHECK(vmaf_use_feature(v, "no_such_feature", NULL), -EINVAL);
  d = dict1("window_size", "1000");  /* out of cambi's range */
  CHECK(vmaf_use_feature(v, "cambi", d), -EINVAL);
  CHECK(vmaf_feature_dictionary_free(&d), 0);  /* not taken on failure */
  CHECK(vmaf_use_features_from_model(v, NULL), -EINVAL);
  CHECK(vmaf_fetch_preallocated_picture(v, &pic), -EINVAL);  /* nothing preallocated */
  VmafPictureConfiguration pcfg = {.pic_params = {.w = 0, .h = H, .bpc = 8, .pix_fmt = VMAF_PIX_FMT_YUV420P},
                                   .pic_cnt = 2};
  CHECK(vmaf_preallocate_pictures(v, pcfg), -EINVAL);

  CHECK(vmaf_use_feature(v, "psnr", NULL), 0);
  VmafPicture a, b;
  CHECK(vmaf_picture_alloc(&a, VMAF_PIX_FMT_YUV420P, 8, 64, 64), 0);
  CHECK(vmaf_read_pictures(v, &a, NULL, 0), -EINVAL);
  CHECK(vmaf_picture_alloc(&b, VMAF_PIX_FMT_YUV420P, 8, 32, 64), 0);
  CHECK(vmaf_read_pictures(v, &a, &b, 0), -EINVAL);  /* sizes differ */
  CHECK(vmaf_picture_unref(&b), 0);
  CHECK(vmaf_picture_alloc(&b, VMAF_PIX_FMT_YUV420P, 8, 64, 64), 0);
  CHECK(vmaf_read_pictures(v, &a, &b, 1), -EINVAL);  /* frame 0 comes first */
  CHECK(vmaf_read_pictures(v, &a, &b, 0), 0);        /* takes both */
  expect(a.ref == NULL && b.ref == NULL, "read pictures are unreferenced");
  CHECK(vmaf_use_feature(v, "motion", NULL), -EINVAL);  /* after the first picture */
  double s = 0;
  CHECK(vmaf_feature_score_at_index(v, "psnr_y", NULL, 0), -EINVAL);
  CHECK(vmaf_feature_score_at_index(v, "no_such_feature", &s, 0), -EINVAL);
  CHECK(vmaf_read_pictures(v, NULL, NULL, 0), 0);    /* flush */
  CHECK(vmaf_feature_score_at_index(v, "psnr_y", &s, 0), 0);
  CHECK(vmaf_feature_score_at_index(v, "psnr_y", &s, 1), -EINVAL);
  CHECK(vmaf_read_pictures(v, NULL, NULL, 0), -EINVAL);  /* flushed */
  CHECK(vmaf_feature_score_pooled(v, "psnr_y", VMAF_POOL_METHOD_MEAN, &s, 1, 0), -EINVAL);
  CHECK(vmaf_feature_score_pooled(v, "psnr_y", VMAF_POOL_METHOD_UNKNOWN, &s, 0, 0), -EINVAL);
  CHECK(vmaf_feature_score_pooled(v, "psnr_y", VMAF_POOL_METHOD_MEAN, &s, 0, 3), -EINVAL);
  CHECK(vmaf_import_feature_score(v, "psnr_y", 1.0, 0), -EINVAL);  /* already there */
  CHECK(vmaf_import_feature_score(v, "imported", 1.5, 0), 0);
  CHECK(vmaf_feature_score_at_index(v, "imported", &s, 0), 0);
  expect(s == 1.5, "an imported score reads back");
  CHECK(vmaf_write_output(v, "/nonexistent/dir/out.xml", VMAF_OUTPUT_FORMAT_XML), -EINVAL);
  CHECK(vmaf_write_output(v, "/dev/null", VMAF_OUTPUT_FORMAT_NONE), -EINVAL);
  CHECK(vmaf_close(v), 0);
  CHECK(vmaf_close(NULL), -EINVAL);

  /* 4:0:0 cannot be scored (fastvmaf scores three planes). */
  CHECK(vmaf_init(&v, cfg), 0);
  CHECK(vmaf_use_feature(v, "psnr", NULL), 0);
  CHECK(vmaf_picture_alloc(&a, VMAF_PIX_FMT_YUV400P, 8, 64, 64), 0);
  CHECK(vmaf_picture_alloc(&b, VMAF_PIX_FMT_YUV400P, 8, 64, 64), 0);
  CHECK(vmaf_read_pictures(v, &a, &b, 0), -EINVAL);
  CHECK(vmaf_picture_unref(&a), 0);
  CHECK(vmaf_picture_unref(&b), 0);
  CHECK(vmaf_close(v), 0);
}

/* A context of `threads` threads scoring psnr on one 64x64 picture pair (and
 * `extra` too, when given); the first failing call's return, or 0. */
static int score_small(unsigned threads, const char *extra) {
  VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_NONE, .n_threads = threads};
  VmafContext *v = NULL;
  int err = vmaf_init(&v, cfg);
  if (err) return err;
  err = vmaf_use_feature(v, "psnr", NULL);
  if (!err && extra) err = vmaf_use_feature(v, extra, NULL);
  VmafPicture a, b;
  if (!err) err = vmaf_picture_alloc(&a, VMAF_PIX_FMT_YUV420P, 8, 64, 64);
  if (!err) err = vmaf_picture_alloc(&b, VMAF_PIX_FMT_YUV420P, 8, 64, 64);
  if (!err) {
    fill(&a, 0, 0);
    fill(&b, 0, 1);
    err = vmaf_read_pictures(v, &a, &b, 0);
    if (err) {
      vmaf_picture_unref(&a);
      vmaf_picture_unref(&b);
    }
  }
  if (!err) err = vmaf_read_pictures(v, NULL, NULL, 0);
  double s;
  if (!err) err = vmaf_feature_score_at_index(v, "psnr_y", &s, 0);
  vmaf_close(v);
  return err;
}

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

/* score_small(threads) in a child whose address space is the parent's plus `room`
 * bytes: a thread the system refuses must come back as an error code, never end the
 * host program. Returns the child's exit status: 0 scored, 1 an error code, other a
 * crash (128 + signal). */
static int score_small_limited(unsigned threads, unsigned long long room) {
  fflush(NULL);
  const pid_t pid = fork();
  if (pid == 0) {
    unsigned long long pages = 0;
    FILE *statm = fopen("/proc/self/statm", "r");
    if (!statm || fscanf(statm, "%llu", &pages) != 1) _exit(3);
    fclose(statm);
    const rlim_t limit = (rlim_t)(pages * (unsigned long long)sysconf(_SC_PAGESIZE) + room);
    struct rlimit r = {limit, limit};
    if (setrlimit(RLIMIT_AS, &r)) _exit(4);
    const int err = score_small(threads, NULL);
    _exit(err == 0 ? 0 : err < 0 ? 1 : 5);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The hostile probe's inputs (issue 25): each once crashed or corrupted the host. */
static void hostile_inputs(void) {
  VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_NONE, .n_threads = 1};
  VmafContext *v = NULL;

  /* 4:4:4 planes labelled 4:2:0: chroma twice as wide as the format allows. */
  CHECK(vmaf_init(&v, cfg), 0);
  CHECK(vmaf_use_feature(v, "psnr", NULL), 0);
  VmafPicture a, b;
  CHECK(vmaf_picture_alloc(&a, VMAF_PIX_FMT_YUV444P, 8, 64, 64), 0);
  CHECK(vmaf_picture_alloc(&b, VMAF_PIX_FMT_YUV444P, 8, 64, 64), 0);
  a.pix_fmt = b.pix_fmt = VMAF_PIX_FMT_YUV420P;
  CHECK(vmaf_read_pictures(v, &a, &b, 0), -EINVAL);
  CHECK(vmaf_picture_unref(&a), 0);
  CHECK(vmaf_picture_unref(&b), 0);
  CHECK(vmaf_close(v), 0);

  /* Frame indexes past the collector's bound (2^24 - 1), UINT_MAX among them. */
  CHECK(vmaf_init(&v, cfg), 0);
  CHECK(vmaf_import_feature_score(v, "imported", 1.0, UINT_MAX), -EINVAL);
  CHECK(vmaf_import_feature_score(v, "imported", 1.0, UINT_MAX - 1), -EINVAL);
  CHECK(vmaf_import_feature_score(v, "imported", 1.0, 1u << 24), -EINVAL);
  CHECK(vmaf_import_feature_score(v, "imported", 2.0, 3), 0);
  double s = 0;
  CHECK(vmaf_feature_score_at_index(v, "imported", &s, 3), 0);
  expect(s == 2.0, "an imported score beside refused ones reads back");
  CHECK(vmaf_feature_score_at_index(v, "imported", &s, UINT_MAX), -EINVAL);
  CHECK(vmaf_feature_score_pooled(v, "imported", VMAF_POOL_METHOD_MEAN, &s, 3, UINT_MAX), -EINVAL);
  CHECK(vmaf_close(v), 0);

  /* More threads than the system gives: capped at 1024 (as the CLI's --threads), and a
   * thread the system refuses is an error code, not an abort of the host program. The
   * room is what 1024 threads' stacks and malloc arenas need, far less than 100000's. */
#ifndef UNDER_ASAN /* ASan's shadow memory does not fit an address-space limit */
  pthread_attr_t attr;
  size_t stack = 8u << 20;
  if (pthread_getattr_default_np(&attr) == 0) {
    pthread_attr_getstacksize(&attr, &stack);
    pthread_attr_destroy(&attr);
  }
  const unsigned long long cores = (unsigned long long)sysconf(_SC_NPROCESSORS_ONLN);
  const unsigned long long room_1024 = 1100ull * (stack + (64u << 10)) + 8ull * cores * (128u << 20) + (1ull << 30);
  int st = score_small_limited(100000, room_1024);
  expect(st == 0, "n_threads 100000 in %llu MiB more address space: child status %d, expected 0 (scored)",
         room_1024 >> 20, st);
  st = score_small_limited(1024, 16ull * stack + (64u << 20));
  expect(st == 1, "1024 threads that do not fit the address space: child status %d, expected 1 (an error code)", st);
#endif

  /* With threads, an extractor that refuses the picture size (MS-SSIM below 176x176) is
   * left out and the rest scored, as in libvmaf; on the caller's thread it fails. */
  CHECK(score_small(2, "float_ms_ssim"), 0);
  CHECK(score_small(1, "float_ms_ssim"), 0);
  CHECK(score_small(0, "float_ms_ssim"), -EINVAL);
  CHECK(score_small(0, NULL), 0);
  /* ...but never one a model needs, also when the model's request is merged into the
   * feature's: ADM refuses 16x16 (VIF and motion take it). */
  VmafConfiguration threaded = {.log_level = VMAF_LOG_LEVEL_NONE, .n_threads = 2};
  VmafModelConfig mcfg = {.name = "vmaf", .flags = VMAF_MODEL_FLAGS_DEFAULT};
  VmafModel *model = NULL;
  CHECK(vmaf_model_load(&model, &mcfg, "vmaf_v0.6.1"), 0);
  CHECK(vmaf_init(&v, threaded), 0);
  CHECK(vmaf_use_feature(v, "adm", NULL), 0);
  CHECK(vmaf_use_features_from_model(v, model), 0);
  CHECK(vmaf_picture_alloc(&a, VMAF_PIX_FMT_YUV420P, 8, 16, 16), 0);
  CHECK(vmaf_picture_alloc(&b, VMAF_PIX_FMT_YUV420P, 8, 16, 16), 0);
  CHECK(vmaf_read_pictures(v, &a, &b, 0), -EINVAL);
  CHECK(vmaf_picture_unref(&a), 0);
  CHECK(vmaf_picture_unref(&b), 0);
  CHECK(vmaf_close(v), 0);
  vmaf_model_destroy(model);

  /* Option names an extractor does not have are ignored (with a warning), as libvmaf
   * does; a bad value of a known option is still refused. */
  CHECK(vmaf_init(&v, cfg), 0);
  CHECK(vmaf_use_feature(v, "psnr", dict1("no_such_option", "1")), 0);
  VmafFeatureDictionary *d = dict1("window_size", "1000");
  CHECK(vmaf_feature_dictionary_set(&d, "no_such_option", "1"), 0);
  CHECK(vmaf_use_feature(v, "cambi", d), -EINVAL);
  CHECK(vmaf_feature_dictionary_free(&d), 0);
  CHECK(vmaf_close(v), 0);
  /* The same in a model's overload. */
  CHECK(vmaf_model_load(&model, &mcfg, "vmaf_v0.6.1"), 0);
  CHECK(vmaf_model_feature_overload(model, "adm", dict1("no_such_option", "1")), 0);
  d = dict1("adm_enhn_gain_limit", "1.0");
  CHECK(vmaf_feature_dictionary_set(&d, "no_such_option", "1"), 0);
  CHECK(vmaf_model_feature_overload(model, "adm", d), 0);
  CHECK(vmaf_model_feature_overload(model, "adm", dict1("adm_enhn_gain_limit", "0.5")), -EINVAL);
  vmaf_model_destroy(model);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: capi_test DIR\n");
    return 2;
  }
  const char *dir = argv[1];
  char path[4096];
  snprintf(path, sizeof path, "%s/ref.y4m", dir);
  write_y4m(path, 0);
  snprintf(path, sizeof path, "%s/dis.y4m", dir);
  write_y4m(path, 1);
  snprintf(path, sizeof path, "%s/values.txt", dir);
  values = fopen(path, "w");
  if (!values) return 2;

  const char *version = vmaf_version();
  expect(version && strncmp(version, "3.", 2) == 0 && VMAF_API_VERSION_MAJOR == 3, "vmaf_version: %s", version);

  error_returns();
  cuda_error_returns();
  hostile_inputs();

  /* The scored context: as libvmaf's vmaf tool drives it. */
  VmafConfiguration cfg = {.log_level = VMAF_LOG_LEVEL_WARNING, .n_threads = 2, .n_subsample = 1};
  VmafContext *v = NULL;
  CHECK(vmaf_init(&v, cfg), 0);

  VmafModelConfig c1 = {.name = "vmaf", .flags = VMAF_MODEL_FLAGS_DEFAULT};
  VmafModel *m1 = NULL;
  CHECK(vmaf_model_load(&m1, &c1, "vmaf_v0.6.1"), 0);
  CHECK(vmaf_use_features_from_model(v, m1), 0);

  /* vmaf_v0.6.1 once more, unclipped, its ADM gain limited by an overload; an overload of
   * an extractor the model does not use (cambi) changes nothing, as in libvmaf. */
  VmafModelConfig c2 = {.name = "vmaf_egl", .flags = VMAF_MODEL_FLAG_DISABLE_CLIP};
  VmafModel *m2 = NULL;
  CHECK(vmaf_model_load(&m2, &c2, "vmaf_v0.6.1"), 0);
  CHECK(vmaf_model_feature_overload(m2, "adm", dict1("adm_enhn_gain_limit", "1.0")), 0);
  CHECK(vmaf_model_feature_overload(m2, "cambi", dict1("topk", "0.5")), 0);  /* no cambi: ignored */
  CHECK(vmaf_use_features_from_model(v, m2), 0);

  VmafModelConfig c3 = {.name = "vmaf_b", .flags = VMAF_MODEL_FLAGS_DEFAULT};
  VmafModel *m3 = NULL;
  VmafModelCollection *mc = NULL;
  CHECK(vmaf_model_collection_load(&m3, &mc, &c3, "vmaf_b_v0.6.3"), 0);
  CHECK(vmaf_model_collection_feature_overload(m3, &mc, "motion", dict1("motion_force_zero", "false")), 0);
  CHECK(vmaf_use_features_from_model_collection(v, mc), 0);

  CHECK(vmaf_use_feature(v, "psnr", dict1("enable_apsnr", "true")), 0);

  VmafPictureConfiguration pcfg = {.pic_params = {.w = W, .h = H, .bpc = 8, .pix_fmt = VMAF_PIX_FMT_YUV420P},
                                   .pic_cnt = 4};
  CHECK(vmaf_preallocate_pictures(v, pcfg), 0);
  for (unsigned k = 0; k < FRAMES; ++k) {
    VmafPicture ref, dis;
    CHECK(vmaf_fetch_preallocated_picture(v, &ref), 0);
    if (k % 2)
      CHECK(vmaf_fetch_preallocated_picture(v, &dis), 0);
    else
      CHECK(vmaf_picture_alloc(&dis, VMAF_PIX_FMT_YUV420P, 8, W, H), 0);
    fill(&ref, (int)k, 0);
    fill(&dis, (int)k, 1);
    CHECK(vmaf_read_pictures(v, &ref, &dis, k), 0);
    if (k == 2) {
      double s;
      /* motion2 exists only after the flush: v0.6.1 cannot be scored yet, as in libvmaf. */
      CHECK(vmaf_score_at_index(v, m1, &s, 0), -EINVAL);
    }
  }
  CHECK(vmaf_read_pictures(v, NULL, NULL, 0), 0);

  /* Scores in the vmaf tool's order: each model pooled, then each collection. */
  double pooled = 0;
  CHECK(vmaf_score_pooled(v, m1, VMAF_POOL_METHOD_MEAN, &pooled, 0, FRAMES - 1), 0);
  put("pooled_mean:vmaf", 0, pooled);
  CHECK(vmaf_score_pooled(v, m2, VMAF_POOL_METHOD_MEAN, &pooled, 0, FRAMES - 1), 0);
  put("pooled_mean:vmaf_egl", 0, pooled);
  CHECK(vmaf_score_pooled(v, m3, VMAF_POOL_METHOD_MEAN, &pooled, 0, FRAMES - 1), 0);
  put("pooled_mean:vmaf_b", 0, pooled);
  VmafModelCollectionScore cs;
  memset(&cs, 0, sizeof cs);
  CHECK(vmaf_score_pooled_model_collection(v, mc, VMAF_POOL_METHOD_MEAN, &cs, 0, FRAMES - 1), 0);
  expect(cs.type == VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP, "collection score type %d", cs.type);
  put("pooled_mean:vmaf_b_bagging", 0, cs.bootstrap.bagging_score);
  put("pooled_mean:vmaf_b_stddev", 0, cs.bootstrap.stddev);
  put("pooled_mean:vmaf_b_ci_p95_lo", 0, cs.bootstrap.ci.p95.lo);
  put("pooled_mean:vmaf_b_ci_p95_hi", 0, cs.bootstrap.ci.p95.hi);
  for (enum VmafPoolingMethod p = VMAF_POOL_METHOD_MIN; p < VMAF_POOL_METHOD_NB; ++p) {
    static const char *const names[] = {"", "min", "max", "mean", "harmonic_mean"};
    char key[64];
    CHECK(vmaf_feature_score_pooled(v, "psnr_y", p, &pooled, 0, FRAMES - 1), 0);
    snprintf(key, sizeof key, "pooled_%s:psnr_y", names[p]);
    put(key, 0, pooled);
    CHECK(vmaf_score_pooled(v, m1, p, &pooled, 0, FRAMES - 1), 0);
    snprintf(key, sizeof key, "pooled_%s:vmaf", names[p]);
    put(key, 0, pooled);
  }

  static const char *const features[] = {"psnr_y", "psnr_cb", "psnr_cr", "VMAF_integer_feature_adm2_score",
                                         "VMAF_integer_feature_motion2_score", "VMAF_integer_feature_vif_scale0_score",
                                         "VMAF_integer_feature_vif_scale3_score", "integer_adm2_egl_1", NULL};
  for (unsigned i = 0; i < FRAMES; ++i) {
    double s;
    CHECK(vmaf_score_at_index(v, m1, &s, i), 0);
    put("vmaf", i, s);
    CHECK(vmaf_score_at_index(v, m2, &s, i), 0);
    put("vmaf_egl", i, s);
    CHECK(vmaf_score_at_index(v, m3, &s, i), 0);
    put("vmaf_b", i, s);
    CHECK(vmaf_score_at_index_model_collection(v, mc, &cs, i), 0);
    put("vmaf_b_bagging", i, cs.bootstrap.bagging_score);
    put("vmaf_b_ci_p95_hi", i, cs.bootstrap.ci.p95.hi);
    for (const char *const *f = features; *f; ++f) {
      CHECK(vmaf_feature_score_at_index(v, *f, &s, i), 0);
      put(*f, i, s);
    }
  }
  double s;
  CHECK(vmaf_score_at_index(v, m1, &s, FRAMES), -EINVAL);

  static const struct {
    const char *ext;
    enum VmafOutputFormat fmt;
  } outputs[] = {{"xml", VMAF_OUTPUT_FORMAT_XML},
                 {"json", VMAF_OUTPUT_FORMAT_JSON},
                 {"csv", VMAF_OUTPUT_FORMAT_CSV},
                 {"sub", VMAF_OUTPUT_FORMAT_SUB}};
  for (unsigned i = 0; i < 4; ++i) {
    snprintf(path, sizeof path, "%s/capi.%s", dir, outputs[i].ext);
    CHECK(vmaf_write_output(v, path, outputs[i].fmt), 0);
  }

  vmaf_model_destroy(m1);
  vmaf_model_destroy(m2);
  vmaf_model_destroy(m3);
  vmaf_model_collection_destroy(mc);
  CHECK(vmaf_close(v), 0);
  fclose(values);
  if (failures) fprintf(stderr, "%d failures\n", failures);
  return failures ? 1 : 0;
}
