/* libvmaf's C API, as implemented by fastvmaf: models and bootstrap model collections
 * (libvmaf 3.x ABI). Every model libvmaf ships is built in (vmaf_model_load by version). */
#ifndef FASTVMAF_LIBVMAF_MODEL_H
#define FASTVMAF_LIBVMAF_MODEL_H

#include <stdint.h>

#include "feature.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct VmafModel VmafModel;

enum VmafModelFlags {
    VMAF_MODEL_FLAGS_DEFAULT = 0,
    VMAF_MODEL_FLAG_DISABLE_CLIP = (1 << 0),
    VMAF_MODEL_FLAG_ENABLE_TRANSFORM = (1 << 1),
    VMAF_MODEL_FLAG_DISABLE_TRANSFORM = (1 << 2),
};

typedef struct VmafModelConfig {
    const char *name;   /* the model's output name; NULL: "vmaf" */
    uint64_t flags;     /* enum VmafModelFlags */
} VmafModelConfig;

/* A built-in model by version ("vmaf_v0.6.1", "vmaf_v1.0.16_3d0h", ...). 0 or -EINVAL
 * (no such model, or it is a collection: use vmaf_model_collection_load). */
int vmaf_model_load(VmafModel **model, VmafModelConfig *cfg, const char *version);

/* A model from a JSON file. 0 or -EINVAL. */
int vmaf_model_load_from_path(VmafModel **model, VmafModelConfig *cfg, const char *path);

/* Merges `opts_dict` into the options of every feature of `model` computed by the
 * extractor `feature_name`; takes ownership of the dictionary. 0 or -EINVAL. */
int vmaf_model_feature_overload(VmafModel *model, const char *feature_name, VmafFeatureDictionary *opts_dict);

void vmaf_model_destroy(VmafModel *model);

typedef struct VmafModelCollection VmafModelCollection;

enum VmafModelCollectionScoreType {
    VMAF_MODEL_COLLECTION_SCORE_UNKNOWN = 0,
    VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP,
};

typedef struct VmafModelCollectionScore {
    enum VmafModelCollectionScoreType type;
    struct {
        double bagging_score;
        double stddev;
        struct {
            struct {
                double lo, hi;
            } p95;
        } ci;
    } bootstrap;
} VmafModelCollectionScore;

/* A bootstrap collection (vmaf_b_v0.6.3): *model is its main model, *model_collection
 * the bootstrap models. 0 or -EINVAL. */
int vmaf_model_collection_load(VmafModel **model, VmafModelCollection **model_collection, VmafModelConfig *cfg,
                               const char *version);

int vmaf_model_collection_load_from_path(VmafModel **model, VmafModelCollection **model_collection,
                                         VmafModelConfig *cfg, const char *path);

/* vmaf_model_feature_overload on `model` and on every model of the collection; takes
 * ownership of the dictionary. */
int vmaf_model_collection_feature_overload(VmafModel *model, VmafModelCollection **model_collection,
                                           const char *feature_name, VmafFeatureDictionary *opts_dict);

void vmaf_model_collection_destroy(VmafModelCollection *model_collection);

#ifdef __cplusplus
}
#endif

#endif
