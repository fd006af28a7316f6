/* libvmaf's C API, as implemented by fastvmaf (libvmaf.so.3): the names, types, values
 * and behaviour of libvmaf 3.x's public API, so programs written for libvmaf (FFmpeg's
 * libvmaf filter, libvmaf's vmaf tool, language bindings) run on fastvmaf unchanged and
 * get libvmaf's numbers bit for bit. Every function returns 0 on success or a negative
 * errno value (-EINVAL, -ENOMEM) on error, after logging the reason at
 * VMAF_LOG_LEVEL_ERROR. docs/c-api.md says what differs (FASTVMAF_BACKEND selects the
 * CPU or a GPU; pictures are read in index order). */
#ifndef FASTVMAF_LIBVMAF_H
#define FASTVMAF_LIBVMAF_H

#include <stdint.h>
#include <stdio.h>

#include "libvmaf/feature.h"
#include "libvmaf/model.h"
#include "libvmaf/picture.h"

#ifdef __cplusplus
extern "C" {
#endif

enum VmafLogLevel {
    VMAF_LOG_LEVEL_NONE = 0,
    VMAF_LOG_LEVEL_ERROR,
    VMAF_LOG_LEVEL_WARNING,
    VMAF_LOG_LEVEL_INFO,
    VMAF_LOG_LEVEL_DEBUG,
};

enum VmafOutputFormat {
    VMAF_OUTPUT_FORMAT_NONE = 0,
    VMAF_OUTPUT_FORMAT_XML,
    VMAF_OUTPUT_FORMAT_JSON,
    VMAF_OUTPUT_FORMAT_CSV,
    VMAF_OUTPUT_FORMAT_SUB,
};

enum VmafPoolingMethod {
    VMAF_POOL_METHOD_UNKNOWN = 0,
    VMAF_POOL_METHOD_MIN,
    VMAF_POOL_METHOD_MAX,
    VMAF_POOL_METHOD_MEAN,
    VMAF_POOL_METHOD_HARMONIC_MEAN,
    VMAF_POOL_METHOD_NB
};

typedef struct VmafConfiguration {
    enum VmafLogLevel log_level;  /* messages up to this level go to stderr */
    unsigned n_threads;           /* worker threads; 0: one */
    unsigned n_subsample;         /* score every n-th frame; 0 or 1: every frame */
    uint64_t cpumask;             /* SIMD sets to leave out (results do not depend on it) */
    uint64_t gpumask;             /* non-zero: no GPU, whatever FASTVMAF_BACKEND says */
} VmafConfiguration;

typedef struct VmafContext VmafContext;

int vmaf_init(VmafContext **vmaf, VmafConfiguration cfg);

/* Registers the extractors a model needs (once per distinct extractor and options). */
int vmaf_use_features_from_model(VmafContext *vmaf, VmafModel *model);
int vmaf_use_features_from_model_collection(VmafContext *vmaf, VmafModelCollection *model_collection);

/* Registers one extractor by name ("psnr", "cambi", ...) with options; takes ownership of
 * `opts_dict` (may be NULL) on success. */
int vmaf_use_feature(VmafContext *vmaf, const char *feature_name, VmafFeatureDictionary *opts_dict);

/* A feature value computed elsewhere, for frame `index`. */
int vmaf_import_feature_score(VmafContext *vmaf, const char *feature_name, double value, unsigned index);

/* Frame `index` (0, 1, 2, ... in order): takes ownership of both pictures (they are
 * copied and unreferenced). ref = dist = NULL flushes: every frame is computed and the
 * extractors emit their last values; no picture may follow. */
int vmaf_read_pictures(VmafContext *vmaf, VmafPicture *ref, VmafPicture *dist, unsigned index);

/* The model's score at frame `index` (predicted on first request). */
int vmaf_score_at_index(VmafContext *vmaf, VmafModel *model, double *score, unsigned index);
int vmaf_score_at_index_model_collection(VmafContext *vmaf, VmafModelCollection *model_collection,
                                         VmafModelCollectionScore *score, unsigned index);

/* A feature's value at frame `index`, by its output name. */
int vmaf_feature_score_at_index(VmafContext *vmaf, const char *feature_name, double *score, unsigned index);

/* Pooled over frames index_low..index_high (inclusive; --subsample's frames only). */
int vmaf_score_pooled(VmafContext *vmaf, VmafModel *model, enum VmafPoolingMethod pool_method, double *score,
                      unsigned index_low, unsigned index_high);
int vmaf_score_pooled_model_collection(VmafContext *vmaf, VmafModelCollection *model_collection,
                                       enum VmafPoolingMethod pool_method, VmafModelCollectionScore *score,
                                       unsigned index_low, unsigned index_high);
int vmaf_feature_score_pooled(VmafContext *vmaf, const char *feature_name, enum VmafPoolingMethod pool_method,
                              double *score, unsigned index_low, unsigned index_high);

typedef struct VmafPictureConfiguration {
    struct {
        unsigned w, h;
        unsigned bpc;
        enum VmafPixelFormat pix_fmt;
    } pic_params;
    unsigned pic_cnt;
} VmafPictureConfiguration;

/* A pool of pictures of one format; vmaf_fetch_preallocated_picture takes one (give it
 * back with vmaf_picture_unref or vmaf_read_pictures). */
int vmaf_preallocate_pictures(VmafContext *vmaf, VmafPictureConfiguration cfg);
int vmaf_fetch_preallocated_picture(VmafContext *vmaf, VmafPicture *pic);

int vmaf_close(VmafContext *vmaf);

/* Writes every frame's values and the pooled ones as libvmaf does (XML, JSON, CSV, SUB). */
int vmaf_write_output(VmafContext *vmaf, const char *output_path, enum VmafOutputFormat fmt);

/* "3.2.0-fastvmaf-<version>". */
const char *vmaf_version(void);

#ifdef __cplusplus
}
#endif

#endif
