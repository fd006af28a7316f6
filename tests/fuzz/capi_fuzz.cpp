// Fuzz target for libvmaf's C API (libvmaf.so.3, include/libvmaf/): a sequence of calls
// decoded from the input, as a program driving the library might make them, right or
// wrong. Byte 0 chooses the context's threads and subsampling; then each call is one
// byte (which call) and its arguments:
//
// (at most 40 calls)
//   use_feature        extractor, up to 3 options (known or unknown names, odd values)
//   use_model          features of vmaf_v0.6.1, vmaf_v0.6.1neg or the vmaf_b_v0.6.3 collection
//   read_pictures      the first picture's geometry (1-64 x 1-64, 4:2:0/4:2:2/4:4:4/4:0:0,
//                      8/10/12/16 bits), later ones the same or changed; a format label that
//                      lies about the planes (4:4:4 planes labelled 4:2:0); an index in
//                      order or not; a sample above the bit depth
//   flush, import_feature_score (any index, UINT_MAX among them, any double), scores at
//   an index and pooled (models, the collection, features; any method and range),
//   write_output (every format), preallocated pictures
//
// Every call must return 0 or a negative errno; a crash, a sanitizer report, a leak or a
// hang is a finding. The library logs nothing (log level NONE).
#include <unistd.h>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "fuzz_input.hpp"
#include "libvmaf/libvmaf.h"

namespace {

using fastvmaf::fuzz::FuzzInput;

const char* const kExtractors[] = {"psnr",  "float_ssim", "float_ms_ssim", "cambi", "motion", "float_motion",
                                   "adm",   "vif",        "ciede",         "psnr_hvs", "float_psnr", "speed_chroma",
                                   "float_adm", "no_such_extractor"};
const char* const kOptionNames[] = {"enable_chroma", "enable_apsnr", "window_size", "topk",       "min_psnr",
                                    "motion_force_zero", "adm_enhn_gain_limit", "enable_lcs", "no_such_option",
                                    "debug", "heatmaps_path"};
const char* const kOptionValues[] = {"1", "0", "true", "false", "0.5", "1000", "-1", "1e309", "nan", "", "abc", "65"};
const char* const kFeatures[] = {"psnr_y", "psnr_cb", "imported", "vmaf", "vmaf_b_bagging", "float_ssim",
                                 "VMAF_integer_feature_motion2_score", "integer_adm2", "cambi"};
const unsigned kIndexes[] = {UINT_MAX, UINT_MAX - 1, 1u << 24, (1u << 24) + 1, 1000};
const enum VmafPixelFormat kFormats[] = {VMAF_PIX_FMT_YUV420P, VMAF_PIX_FMT_YUV422P, VMAF_PIX_FMT_YUV444P,
                                         VMAF_PIX_FMT_YUV400P};
const unsigned kDepths[] = {8, 10, 12, 16};

template <typename T, std::size_t N>
const T& pick(const T (&table)[N], std::uint8_t b) {
  return table[b % N];
}

// Small indexes mostly; one in eight from kIndexes (past the collector's bound).
unsigned index_of(FuzzInput& in) {
  const std::uint8_t b = in.byte();
  return b >= 224 ? pick(kIndexes, b) : b % 8;
}

// The built-in models, loaded once for the whole run: loading is not what is fuzzed here.
struct Models {
  VmafModel* single[2] = {nullptr, nullptr};
  VmafModel* collection_model = nullptr;
  VmafModelCollection* collection = nullptr;
  Models() {
    VmafModelConfig c{};
    c.name = "vmaf";
    vmaf_model_load(&single[0], &c, "vmaf_v0.6.1");
    VmafModelConfig n{};
    n.name = "vmaf_neg";
    n.flags = VMAF_MODEL_FLAG_DISABLE_CLIP;
    vmaf_model_load(&single[1], &n, "vmaf_v0.6.1neg");
    VmafModelConfig b{};
    b.name = "vmaf_b";
    vmaf_model_collection_load(&collection_model, &collection, &b, "vmaf_b_v0.6.3");
  }
};

Models& models() {
  static Models m;
  return m;
}

struct Geometry {
  unsigned w = 0, h = 0, bpc = 8;
  enum VmafPixelFormat fmt = VMAF_PIX_FMT_YUV420P;
};

// Samples from a seed, within the depth; `over` puts one above it.
void fill(VmafPicture& p, std::uint8_t seed, bool over) {
  const unsigned maxv = (1u << p.bpc) - 1;
  for (int c = 0; c < 3; ++c) {
    if (!p.data[c]) continue;
    for (unsigned y = 0; y < p.h[c]; ++y) {
      auto* row = static_cast<std::uint8_t*>(p.data[c]) + y * p.stride[c];
      for (unsigned x = 0; x < p.w[c]; ++x) {
        const unsigned v = (x * 7 + y * 13 + c * 29 + seed * 3u + ((x ^ y) & seed)) & maxv;
        if (p.bpc == 8)
          row[x] = static_cast<std::uint8_t>(v);
        else
          reinterpret_cast<std::uint16_t*>(row)[x] = static_cast<std::uint16_t>(v);
      }
    }
  }
  if (over && p.bpc < 16 && p.data[0]) reinterpret_cast<std::uint16_t*>(p.data[0])[0] = static_cast<std::uint16_t>(maxv + 1);
}

// One pair of pictures for vmaf_read_pictures; false when the library refused to allocate.
bool make_pair(FuzzInput& in, Geometry& g, bool first, VmafPicture& ref, VmafPicture& dis) {
  const std::uint8_t how = in.byte();
  if (first || (how & 0x80)) {
    g.w = 1 + in.byte() % 64;
    g.h = 1 + in.byte() % 64;
    const std::uint8_t f = in.byte();
    g.fmt = pick(kFormats, f);
    g.bpc = pick(kDepths, static_cast<std::uint8_t>(f >> 2));
  }
  if (vmaf_picture_alloc(&ref, g.fmt, g.bpc, g.w, g.h)) return false;
  // The distorted picture of another width (bit 6): refused, never read past.
  const unsigned dis_w = (how & 0x40) ? 1 + (g.w % 64) : g.w;
  if (vmaf_picture_alloc(&dis, g.fmt, g.bpc, dis_w, g.h)) {
    vmaf_picture_unref(&ref);
    return false;
  }
  const std::uint8_t seed = in.byte();
  fill(ref, seed, false);
  fill(dis, static_cast<std::uint8_t>(seed + 1), (how & 0x20) && g.bpc > 8);
  // A label that lies about the planes (bit 4): the planes stay the allocated ones, so
  // the library may read only what they hold (4:4:4 planes labelled 4:2:0 once
  // overflowed its heap).
  if (how & 0x10) ref.pix_fmt = dis.pix_fmt = pick(kFormats, static_cast<std::uint8_t>(how >> 2));
  return true;
}

double double_of(FuzzInput& in) {
  std::uint64_t bits = 0;
  for (int i = 0; i < 8; ++i) bits = bits << 8 | in.byte();
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

enum VmafPoolingMethod method_of(FuzzInput& in) {
  return static_cast<enum VmafPoolingMethod>(in.byte() % (VMAF_POOL_METHOD_NB + 1));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzInput in(data, size);
  Models& m = models();
  const std::uint8_t head = in.byte();
  VmafConfiguration cfg{};
  cfg.log_level = VMAF_LOG_LEVEL_NONE;
  // 100000 threads (0xff) is capped at 1024; otherwise 0 to 3.
  cfg.n_threads = head == 0xff ? 100000 : head % 4;
  cfg.n_subsample = (head >> 2) % 4;
  VmafContext* v = nullptr;
  if (vmaf_init(&v, cfg)) return 0;

  static const std::string out = "/tmp/fastvmaf_capi_fuzz_" + std::to_string(getpid()) + ".out";
  Geometry g;
  bool read_any = false;
  unsigned next = 0;
  for (int call = 0; call < 40 && !in.done(); ++call) {
    const std::uint8_t op = in.byte();
    double s = 0;
    switch (op % 13) {
      case 0: {
        const char* name = pick(kExtractors, in.byte());
        VmafFeatureDictionary* d = nullptr;
        const unsigned n = in.byte() % 4;
        for (unsigned i = 0; i < n; ++i) {
          const char* key = pick(kOptionNames, in.byte());
          if (!std::strcmp(key, "heatmaps_path")) continue;  // cambi would write where it says
          vmaf_feature_dictionary_set(&d, key, pick(kOptionValues, in.byte()));
        }
        if (vmaf_use_feature(v, name, d)) vmaf_feature_dictionary_free(&d);  // taken on success only
        break;
      }
      case 1: {
        const std::uint8_t b = in.byte() % 3;
        if (b < 2)
          vmaf_use_features_from_model(v, m.single[b]);
        else
          vmaf_use_features_from_model_collection(v, m.collection);
        break;
      }
      case 2:
      case 3: {
        VmafPicture ref{}, dis{};
        if (!make_pair(in, g, !read_any, ref, dis)) break;
        read_any = true;
        const std::uint8_t b = in.byte();
        const unsigned index = b < 240 ? next : index_of(in);
        if (vmaf_read_pictures(v, &ref, &dis, index) == 0) {
          ++next;
        } else {
          vmaf_picture_unref(&ref);
          vmaf_picture_unref(&dis);
        }
        break;
      }
      case 4: vmaf_read_pictures(v, nullptr, nullptr, 0); break;
      case 5: {
        const char* name = pick(kFeatures, in.byte());
        const unsigned index = index_of(in);
        vmaf_import_feature_score(v, name, double_of(in), index);
        break;
      }
      case 6: vmaf_score_at_index(v, m.single[in.byte() % 2], &s, index_of(in)); break;
      case 7: {
        const enum VmafPoolingMethod method = method_of(in);
        const unsigned lo = index_of(in), hi = index_of(in);
        vmaf_score_pooled(v, m.single[in.byte() % 2], method, &s, lo, hi);
        break;
      }
      case 8: {
        const char* name = pick(kFeatures, in.byte());
        vmaf_feature_score_at_index(v, name, &s, index_of(in));
        break;
      }
      case 9: {
        const char* name = pick(kFeatures, in.byte());
        const enum VmafPoolingMethod method = method_of(in);
        const unsigned lo = index_of(in), hi = index_of(in);
        vmaf_feature_score_pooled(v, name, method, &s, lo, hi);
        break;
      }
      case 10: {
        VmafModelCollectionScore cs{};
        if (in.byte() & 1) {
          vmaf_score_at_index_model_collection(v, m.collection, &cs, index_of(in));
        } else {
          const enum VmafPoolingMethod method = method_of(in);
          const unsigned lo = index_of(in), hi = index_of(in);
          vmaf_score_pooled_model_collection(v, m.collection, method, &cs, lo, hi);
        }
        break;
      }
      case 11: vmaf_write_output(v, out.c_str(), static_cast<enum VmafOutputFormat>(in.byte() % 6)); break;
      default: {
        VmafPictureConfiguration pc{};
        pc.pic_params.w = in.byte() % 65;
        pc.pic_params.h = in.byte() % 65;
        pc.pic_params.bpc = pick(kDepths, in.byte());
        pc.pic_params.pix_fmt = pick(kFormats, in.byte());
        pc.pic_cnt = in.byte() % 3;
        VmafPicture p{};
        if (vmaf_preallocate_pictures(v, pc) == 0 && vmaf_fetch_preallocated_picture(v, &p) == 0)
          vmaf_picture_unref(&p);
        break;
      }
    }
  }
  vmaf_close(v);
  std::remove(out.c_str());
  return 0;
}
