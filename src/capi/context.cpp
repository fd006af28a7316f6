// vmaf_init, extractor registration, vmaf_read_pictures (with the NULL flush), scores at
// an index and pooled, vmaf_write_output, vmaf_close: libvmaf's context on a Session.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include <fmt/format.h>

#include "capi/capi.hpp"
#include "core/plane_size.hpp"
#include "core/pooling.hpp"
#include "core/registry.hpp"
#include "core/sample.hpp"
#include "fastvmaf/version.hpp"
#include "io/output_writer.hpp"
#include "libvmaf/version.h"

namespace fastvmaf::capi {

namespace {

constexpr unsigned kMaxThreads = 1024;  // as the CLI's --threads

// FASTVMAF_BACKEND: where the features run (cpu, cuda, hip, sycl or auto), as --backend
// says; FASTVMAF_SYCL_DEVICE picks the SYCL device (the SYCL backend reads it itself).
BackendChoice backend_from_environment() {
  const char* env = std::getenv("FASTVMAF_BACKEND");
  const std::string_view v = env ? env : "";
  if (v.empty() || v == "cpu") return BackendChoice::Cpu;
  if (v == "cuda") return BackendChoice::Cuda;
  if (v == "hip") return BackendChoice::Hip;
  if (v == "sycl") return BackendChoice::Sycl;
  if (v == "auto") return BackendChoice::Auto;
  throw std::invalid_argument(fmt::format("FASTVMAF_BACKEND=\"{}\": expected cpu, cuda, hip, sycl or auto", v));
}

PixelFormat format_of(enum VmafPixelFormat f) {
  switch (f) {
    case VMAF_PIX_FMT_YUV420P: return PixelFormat::YUV420;
    case VMAF_PIX_FMT_YUV422P: return PixelFormat::YUV422;
    case VMAF_PIX_FMT_YUV444P: return PixelFormat::YUV444;
    case VMAF_PIX_FMT_YUV400P:
      throw std::invalid_argument("4:0:0 (luma-only) pictures are not supported; give 4:2:0 with neutral chroma");
    default: throw std::invalid_argument("unknown pixel format");
  }
}

void check_picture(const VmafPicture& p, const char* role) {
  if (!p.ref || !p.data[0]) throw std::invalid_argument(fmt::format("the {} picture has no planes", role));
}

// The registered extractors open an engine; the first picture's geometry a session whose
// final frames go straight into the context's collector.
void open_session(VmafContext& v, const VmafPicture& ref) {
  VideoGeometry g;
  g.width = ref.w[0];
  g.height = ref.h[0];
  g.format = format_of(ref.pix_fmt);
  g.bpc = ref.bpc;
  v.engine = EngineInternals::make(v.options, v.slots);
  for (const auto& note : v.engine->notes()) log(VMAF_LOG_LEVEL_INFO, "%s\n", note.c_str());
  SessionOptions so;
  FeatureCollector* c = &v.collector;
  so.on_frame = [c](const FrameScores& f) {
    for (const auto& [name, value] : f.features) c->append(name, f.index, value);
  };
  v.session.emplace(*v.engine, g, std::move(so));
  for (const auto& why : v.session->left_out())
    log(VMAF_LOG_LEVEL_WARNING, "%s; it is left out of this run\n", why.c_str());
  v.geometry = g;
  v.pix_fmt = ref.pix_fmt;
}

// A view of plane p of `pic` in the session's layout. libvmaf's chroma of an odd size is
// w >> 1 (h >> 1) samples, fastvmaf's ceil(w / 2) (as ffmpeg's planes): the missing last
// column (row) is the one before it, repeated, in a scratch copy.
PlaneView plane_view(VmafContext& v, const VmafPicture& pic, int side, int p) {
  const unsigned w = plane_width(v.geometry, p), h = plane_height(v.geometry, p);
  if (!pic.data[p]) throw std::invalid_argument(fmt::format("picture plane {} has no data", p));
  if (pic.w[p] == w && pic.h[p] == h) return {pic.data[p], pic.stride[p]};
  // Only libvmaf's odd chroma (one sample short) is extended; a wider plane (4:4:4
  // planes labelled 4:2:0) would overflow the scratch rows.
  const bool fits = (pic.w[p] == w || pic.w[p] + 1 == w) && (pic.h[p] == h || pic.h[p] + 1 == h);
  if (!fits || pic.w[p] == 0 || pic.h[p] == 0)
    throw std::invalid_argument(fmt::format("picture plane {} is {}x{}, expected {}x{} for {} {}x{}", p, pic.w[p],
                                            pic.h[p], w, h, to_string(v.geometry.format), v.geometry.width,
                                            v.geometry.height));
  const unsigned bytes = bytes_per_sample(pic.bpc);
  const std::size_t row = std::size_t{w} * bytes;
  std::vector<std::uint8_t>& s = v.scratch[side][p];
  s.resize(row * h);
  for (unsigned y = 0; y < h; ++y) {
    const auto* src = static_cast<const std::uint8_t*>(pic.data[p]) + std::min(y, pic.h[p] - 1) * pic.stride[p];
    std::uint8_t* dst = s.data() + y * row;
    std::memcpy(dst, src, std::size_t{pic.w[p]} * bytes);
    if (pic.w[p] < w) std::memcpy(dst + pic.w[p] * bytes, src + (pic.w[p] - 1) * bytes, bytes);
  }
  return {s.data(), static_cast<std::ptrdiff_t>(row)};
}

FrameView frame_view(VmafContext& v, const VmafPicture& pic, int side) {
  FrameView f;
  for (int p = 0; p < 3; ++p) f.planes[p] = plane_view(v, pic, side, p);
  return f;
}

DeviceFrameView device_view(const VmafPicture& pic) {
  DeviceFrameView f;
  for (int p = 0; p < 3; ++p)
    f.planes[p] = {pic.data[p], static_cast<std::size_t>(pic.stride[p]), pic.w[p], pic.h[p]};
  return f;
}

// Pictures from a CUDA picture pool (cuda.cpp): handed to the session where they are; each
// keeps a reference until the session has scored the frame, then goes back to the pool.
void push_device(VmafContext& v, const VmafPicture& ref, const VmafPicture& dist) {
  // FFmpeg's libvmaf_cuda filter copies the luma plane alone into the pictures (libvmaf's
  // CUDA extractors read no chroma); a model that reads chroma would silently score zeros.
  if (v.session->frames() == 0 && v.session->device_reads_chroma())
    log(VMAF_LOG_LEVEL_WARNING,
        "the features of this context read the chroma planes of the device pictures: every plane must be copied "
        "in (FFmpeg's libvmaf_cuda filter copies the luma plane only, so the chroma features of the v1 models "
        "would read zeros; give FFmpeg's libvmaf filter the decoded frames with FASTVMAF_BACKEND=cuda instead)\n");
  VmafRef* r = ref.ref;
  VmafRef* d = dist.ref;
  r->count.fetch_add(1);
  d->count.fetch_add(1);
  std::shared_ptr<void> keep(nullptr, [r, d](void*) {
    release(r);
    release(d);
  });
  v.session->push_device(device_view(ref), device_view(dist), std::move(keep));
}

int read_pictures(VmafContext& v, VmafPicture* ref, VmafPicture* dist, unsigned index) {
  ++v.pic_cnt;
  check_picture(*ref, "reference");
  check_picture(*dist, "distorted");
  if (!v.failed.empty()) throw std::invalid_argument("an earlier picture failed: " + v.failed);
  if (v.session) {
    if (ref->pix_fmt != v.pix_fmt || dist->pix_fmt != v.pix_fmt || ref->w[0] != v.geometry.width ||
        dist->w[0] != v.geometry.width || ref->h[0] != v.geometry.height || dist->h[0] != v.geometry.height ||
        ref->bpc != v.geometry.bpc || dist->bpc != v.geometry.bpc)
      throw std::invalid_argument("the pictures differ in size, pixel format or bit depth from the first ones");
  } else if (ref->pix_fmt != dist->pix_fmt || ref->w[0] != dist->w[0] || ref->h[0] != dist->h[0] ||
             ref->bpc != dist->bpc) {
    throw std::invalid_argument("the reference and distorted pictures differ in size, pixel format or bit depth");
  }
  if (!v.session) open_session(v, *ref);
  if (index != v.session->frames())
    throw std::invalid_argument(fmt::format("pictures are read in order: expected index {}, got {}",
                                            v.session->frames(), index));
  if (on_device(*ref) != on_device(*dist))
    throw std::invalid_argument("one picture is in device memory and the other is not");
  try {
    if (on_device(*ref))
      push_device(v, *ref, *dist);
    else
      v.session->push(frame_view(v, *ref, 0), frame_view(v, *dist, 1));
  } catch (const std::exception& e) {
    v.failed = e.what();
    throw;
  }
  vmaf_picture_unref(ref);
  vmaf_picture_unref(dist);
  return 0;
}

int flush(VmafContext& v) {
  if (v.session && v.session->frames() > 0) {
    Result r;
    try {
      r = v.session->flush();
    } catch (const std::exception& e) {
      v.failed = e.what();
      throw;
    }
    for (const auto& [name, value] : r.aggregates) v.collector.aggregate(name, value);
    v.fps = r.fps;
  }
  v.flushed = true;
  return 0;
}

int feature_pooled(VmafContext& v, const char* name, enum VmafPoolingMethod method, double* score, unsigned lo,
                   unsigned hi) {
  const FeatureCollector::Series* s = v.collector.find(name);
  if (!s) throw std::invalid_argument(fmt::format("no feature \"{}\"", name));
  PoolMethod m;
  switch (method) {
    case VMAF_POOL_METHOD_MIN: m = PoolMethod::Min; break;
    case VMAF_POOL_METHOD_MAX: m = PoolMethod::Max; break;
    case VMAF_POOL_METHOD_MEAN: m = PoolMethod::Mean; break;
    case VMAF_POOL_METHOD_HARMONIC_MEAN: m = PoolMethod::HarmonicMean; break;
    default: throw std::invalid_argument("unknown pooling method");
  }
  const auto r = pool(*s, m, lo, hi, v.cfg.n_subsample);
  if (!r) throw std::invalid_argument(fmt::format("feature \"{}\" has no value at some frame in {}..{}", name, lo, hi));
  *score = *r;
  return 0;
}

int score_at_index(VmafContext& v, VmafModel& model, double* score, unsigned index) {
  if (auto s = v.collector.get(model.name(), index)) {
    *score = *s;
    return 0;
  }
  model.scorer->predict(v.collector, index);
  *score = *v.collector.get(model.name(), index);
  return 0;
}

int collection_score_at_index(VmafContext& v, VmafModelCollection& mc, VmafModelCollectionScore* score,
                              unsigned index) {
  const std::string bagging = mc.name + "_bagging";
  if (!v.collector.get(bagging, index)) mc.scorer->predict_collection(v.collector, index);
  score->type = VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP;
  score->bootstrap.bagging_score = *v.collector.get(bagging, index);
  score->bootstrap.stddev = *v.collector.get(mc.name + "_stddev", index);
  score->bootstrap.ci.p95.lo = *v.collector.get(mc.name + "_ci_p95_lo", index);
  score->bootstrap.ci.p95.hi = *v.collector.get(mc.name + "_ci_p95_hi", index);
  return 0;
}

// The pooled functions visit every index up to index_high; past the collector's bound no
// value exists, and index_high = UINT_MAX would wrap the loop.
void check_pool_range(unsigned index_high) {
  if (index_high > FeatureCollector::kMaxIndex)
    throw std::invalid_argument(fmt::format("index {} is above the highest frame index {}", index_high,
                                            FeatureCollector::kMaxIndex));
}

bool sampled(const VmafContext& v, unsigned i) { return v.cfg.n_subsample <= 1 || i % v.cfg.n_subsample == 0; }

void register_model_features(VmafContext& v, const model::ScoringModel& m, const std::string& origin) {
  if (v.engine) throw std::invalid_argument("features must be registered before the first picture");
  const Registry& reg = Registry::instance();
  for (const auto& use : m.feature_uses()) {
    if (!reg.by_name(use.extractor))
      throw std::invalid_argument(fmt::format("could not initialize feature extractor \"{}\"", use.extractor));
    if (v.cuda) check_cuda_twin(use.extractor, origin);
    v.slots.push_back({use.extractor, use.options, origin, false});
  }
}

}  // namespace

}  // namespace fastvmaf::capi

using fastvmaf::capi::guarded;
namespace capi = fastvmaf::capi;

extern "C" {

int vmaf_init(VmafContext** vmaf, VmafConfiguration cfg) {
  if (!vmaf) return -EINVAL;
  *vmaf = nullptr;
  capi::set_log_level(cfg.log_level);
  return guarded("vmaf_init", [&] {
    auto v = std::make_unique<VmafContext>();
    v->cfg = cfg;
    if (v->cfg.n_subsample == 0) v->cfg.n_subsample = 1;
    // libvmaf: 0 threads runs on the caller's. More than the CLI's --threads allows would
    // only ask the system for threads it may refuse.
    v->options.threads = std::clamp(cfg.n_threads, 1u, capi::kMaxThreads);
    if (cfg.n_threads > capi::kMaxThreads)
      capi::log(VMAF_LOG_LEVEL_WARNING, "vmaf_init: n_threads %u is above %u; %u threads are used\n", cfg.n_threads,
                capi::kMaxThreads, capi::kMaxThreads);
    v->options.subsample = v->cfg.n_subsample;
    v->options.backend = cfg.gpumask ? fastvmaf::BackendChoice::Cpu : capi::backend_from_environment();
    *vmaf = v.release();
    return 0;
  });
}

int vmaf_use_features_from_model(VmafContext* vmaf, VmafModel* model) {
  if (!vmaf || !model) return -EINVAL;
  return guarded("vmaf_use_features_from_model", [&] {
    capi::register_model_features(*vmaf, *model->scorer, "model " + model->name());
    return 0;
  });
}

int vmaf_use_features_from_model_collection(VmafContext* vmaf, VmafModelCollection* model_collection) {
  if (!vmaf || !model_collection) return -EINVAL;
  return guarded("vmaf_use_features_from_model_collection", [&] {
    capi::register_model_features(*vmaf, *model_collection->scorer, "model collection " + model_collection->name);
    return 0;
  });
}

int vmaf_use_feature(VmafContext* vmaf, const char* feature_name, VmafFeatureDictionary* opts_dict) {
  if (!vmaf || !feature_name) return -EINVAL;
  const int err = guarded("vmaf_use_feature", [&] {
    if (vmaf->engine) throw std::invalid_argument("features must be registered before the first picture");
    const fastvmaf::ExtractorInfo* info = fastvmaf::Registry::instance().by_name(feature_name);
    if (!info) throw std::invalid_argument(fmt::format("no feature extractor \"{}\"", feature_name));
    fastvmaf::OptionDict d = opts_dict ? capi::known_options(info->name, opts_dict->dict) : fastvmaf::OptionDict{};
    fastvmaf::OptionSet check(info->name, info->options, d);  // options are checked now
    // With threads, libvmaf drops an extractor whose init() refuses the pictures (its
    // error is lost in the thread pool) and scores the rest; on the caller's thread
    // (n_threads 0) the refusal fails vmaf_read_pictures. A model's extractors are never
    // left out: the model could not be scored (docs/adr/0009-refused-extractors.md).
    if (vmaf->cuda) capi::check_cuda_twin(info->name, fmt::format("feature {}", feature_name));
    const bool optional = vmaf->cfg.n_threads > 0;
    vmaf->slots.push_back({info->name, std::move(d), fmt::format("feature {}", feature_name), optional});
    return 0;
  });
  if (!err && opts_dict) vmaf_feature_dictionary_free(&opts_dict);  // taken on success only
  return err;
}

int vmaf_import_feature_score(VmafContext* vmaf, const char* feature_name, double value, unsigned index) {
  if (!vmaf || !feature_name) return -EINVAL;
  return guarded("vmaf_import_feature_score", [&] {
    vmaf->collector.append(feature_name, index, value);
    return 0;
  });
}

int vmaf_read_pictures(VmafContext* vmaf, VmafPicture* ref, VmafPicture* dist, unsigned index) {
  if (!vmaf) return -EINVAL;
  if (vmaf->flushed) return -EINVAL;
  if (!ref != !dist) return -EINVAL;
  if (!ref) return guarded("vmaf_read_pictures (flush)", [&] { return capi::flush(*vmaf); });
  return guarded("vmaf_read_pictures", [&] { return capi::read_pictures(*vmaf, ref, dist, index); });
}

int vmaf_feature_score_at_index(VmafContext* vmaf, const char* feature_name, double* score, unsigned index) {
  if (!vmaf || !feature_name || !score) return -EINVAL;
  const auto v = vmaf->collector.get(feature_name, index);
  if (!v) return -EINVAL;
  *score = *v;
  return 0;
}

int vmaf_score_at_index(VmafContext* vmaf, VmafModel* model, double* score, unsigned index) {
  if (!vmaf || !model || !score) return -EINVAL;
  return guarded("vmaf_score_at_index", [&] { return capi::score_at_index(*vmaf, *model, score, index); });
}

int vmaf_score_at_index_model_collection(VmafContext* vmaf, VmafModelCollection* model_collection,
                                         VmafModelCollectionScore* score, unsigned index) {
  if (!vmaf || !model_collection || !score) return -EINVAL;
  return guarded("vmaf_score_at_index_model_collection",
                 [&] { return capi::collection_score_at_index(*vmaf, *model_collection, score, index); });
}

int vmaf_feature_score_pooled(VmafContext* vmaf, const char* feature_name, enum VmafPoolingMethod pool_method,
                              double* score, unsigned index_low, unsigned index_high) {
  if (!vmaf || !feature_name || !score || index_low > index_high || !pool_method) return -EINVAL;
  return guarded("vmaf_feature_score_pooled", [&] {
    capi::check_pool_range(index_high);
    return capi::feature_pooled(*vmaf, feature_name, pool_method, score, index_low, index_high);
  });
}

int vmaf_score_pooled(VmafContext* vmaf, VmafModel* model, enum VmafPoolingMethod pool_method, double* score,
                      unsigned index_low, unsigned index_high) {
  if (!vmaf || !model || !score || index_low > index_high || !pool_method) return -EINVAL;
  return guarded("vmaf_score_pooled", [&] {
    capi::check_pool_range(index_high);
    double s = 0;
    for (unsigned i = index_low; i <= index_high; ++i)
      if (capi::sampled(*vmaf, i)) capi::score_at_index(*vmaf, *model, &s, i);
    return capi::feature_pooled(*vmaf, model->name().c_str(), pool_method, score, index_low, index_high);
  });
}

int vmaf_score_pooled_model_collection(VmafContext* vmaf, VmafModelCollection* model_collection,
                                       enum VmafPoolingMethod pool_method, VmafModelCollectionScore* score,
                                       unsigned index_low, unsigned index_high) {
  if (!vmaf || !model_collection || !score || index_low > index_high || !pool_method) return -EINVAL;
  return guarded("vmaf_score_pooled_model_collection", [&] {
    capi::check_pool_range(index_high);
    VmafModelCollectionScore s;
    for (unsigned i = index_low; i <= index_high; ++i)
      if (capi::sampled(*vmaf, i)) capi::collection_score_at_index(*vmaf, *model_collection, &s, i);
    score->type = VMAF_MODEL_COLLECTION_SCORE_BOOTSTRAP;
    const std::string& n = model_collection->name;
    auto pooled = [&](const std::string& name, double* out) {
      capi::feature_pooled(*vmaf, name.c_str(), pool_method, out, index_low, index_high);
    };
    pooled(n + "_bagging", &score->bootstrap.bagging_score);
    pooled(n + "_stddev", &score->bootstrap.stddev);
    pooled(n + "_ci_p95_lo", &score->bootstrap.ci.p95.lo);
    pooled(n + "_ci_p95_hi", &score->bootstrap.ci.p95.hi);
    return 0;
  });
}

int vmaf_preallocate_pictures(VmafContext* vmaf, VmafPictureConfiguration cfg) {
  if (!vmaf) return -EINVAL;
  if (!cfg.pic_params.w || !cfg.pic_params.h || !cfg.pic_cnt) return -EINVAL;
  // Each fetch allocates (pictures are copied when read, so none is held for long).
  vmaf->pool = cfg;
  return 0;
}

int vmaf_fetch_preallocated_picture(VmafContext* vmaf, VmafPicture* pic) {
  if (!vmaf || !pic || !vmaf->pool) return -EINVAL;
  const auto& p = vmaf->pool->pic_params;
  return vmaf_picture_alloc(pic, p.pix_fmt, p.bpc, p.w, p.h);
}

int vmaf_close(VmafContext* vmaf) {
  if (!vmaf) return -EINVAL;
  delete vmaf;
  return 0;
}

int vmaf_write_output(VmafContext* vmaf, const char* output_path, enum VmafOutputFormat fmt) {
  if (!vmaf || !output_path) return -EINVAL;
  return guarded("vmaf_write_output", [&] {
    fastvmaf::io::OutputFormat f;
    switch (fmt) {
      case VMAF_OUTPUT_FORMAT_XML: f = fastvmaf::io::OutputFormat::Xml; break;
      case VMAF_OUTPUT_FORMAT_JSON: f = fastvmaf::io::OutputFormat::Json; break;
      case VMAF_OUTPUT_FORMAT_CSV: f = fastvmaf::io::OutputFormat::Csv; break;
      case VMAF_OUTPUT_FORMAT_SUB: f = fastvmaf::io::OutputFormat::Sub; break;
      default: throw std::invalid_argument("unknown output format");
    }
    fastvmaf::Result r;
    for (const auto& s : vmaf->collector.series())
      r.series.push_back(fastvmaf::Result::Series{s.name, s.values, s.written});
    r.aggregates = vmaf->collector.aggregates();
    r.frame_count = vmaf->pic_cnt;
    r.width = vmaf->geometry.width;
    r.height = vmaf->geometry.height;
    r.subsample = vmaf->cfg.n_subsample;
    r.fps = vmaf->fps;
    fastvmaf::io::write_output(output_path, r, f, fastvmaf::io::NumberFormat{}, vmaf_version());
    return 0;
  });
}

const char* vmaf_version(void) {
  static const std::string v = fmt::format("{}.{}.{}-fastvmaf-{}", VMAF_API_VERSION_MAJOR, VMAF_API_VERSION_MINOR,
                                            VMAF_API_VERSION_PATCH, fastvmaf::kVersion);
  return v.c_str();
}

}  // extern "C"
