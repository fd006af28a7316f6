#include "model/model_loader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/feature_name.hpp"
#include "core/registry.hpp"
#include "core/dict_value.hpp"
#include "model/builtin_models.hpp"

namespace fastvmaf::model {

namespace {

using nlohmann::json;
using Location = std::vector<std::string>;  // object keys and array indices from the root

// libvmaf's models nest 5 deep; deeper is no model, and would cost memory per level.
constexpr std::size_t kMaxJsonDepth = 64;

// A first pass over the text with nlohmann's SAX interface: it rejects duplicated
// keys (libvmaf reads a JSON model as a stream, so a repeated key is not simply "the
// last one wins") and nesting deeper than kMaxJsonDepth, and keeps the source text of
// every non-integer option number of a feature_opts_dicts by location (only those are
// read: keeping every number's would take hundreds of bytes per number of the file).
// libvmaf puts feature option numbers in its dictionary from their text with strtof
// (dict_value.hpp); going through a double first could round twice.
class NumberTexts final : public nlohmann::json_sax<json> {
 public:
  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t& s) override {
    if (in_option_dict()) texts_[location()] = s;
    return value();
  }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override {
    if (!deeper()) return false;
    stack_.push_back(Frame{});
    return true;
  }
  bool key(string_t& k) override {
    Frame& f = stack_.back();
    if (!f.keys.insert(k).second) {
      error_ = fmt::format("key \"{}\" appears twice in one object", k);
      return false;
    }
    f.key = k;
    return true;
  }
  bool end_object() override {
    stack_.pop_back();
    return value();
  }
  bool start_array(std::size_t) override {
    if (!deeper()) return false;
    stack_.push_back(Frame{.array = true});
    return true;
  }
  bool end_array() override {
    stack_.pop_back();
    return value();
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    error_ = e.what();
    return false;
  }

  const std::string& error() const { return error_; }
  const std::string* text(const Location& at) const {
    auto it = texts_.find(at);
    return it == texts_.end() ? nullptr : &it->second;
  }

 private:
  struct Frame {
    bool array = false;
    std::size_t index = 0;
    std::string key;
    std::set<std::string> keys;
  };
  Location location() const {
    Location l;
    for (const auto& f : stack_) l.push_back(f.array ? std::to_string(f.index) : f.key);
    return l;
  }
  // The value being read is a member of an object in a "feature_opts_dicts" array.
  bool in_option_dict() const {
    const std::size_t n = stack_.size();
    return n >= 3 && !stack_[n - 1].array && stack_[n - 2].array && !stack_[n - 3].array &&
           stack_[n - 3].key == "feature_opts_dicts";
  }
  bool deeper() {
    if (stack_.size() < kMaxJsonDepth) return true;
    error_ = fmt::format("nested deeper than {} levels", kMaxJsonDepth);
    return false;
  }
  // A value (scalar or closed container) ends: the enclosing array moves on.
  bool value() {
    if (!stack_.empty() && stack_.back().array) ++stack_.back().index;
    return true;
  }

  std::vector<Frame> stack_;
  std::map<Location, std::string> texts_;
  std::string error_;
};

// Reads one model_dict; every message names the model.
class DictReader {
 public:
  DictReader(std::string source, const NumberTexts& texts, Location at)
      : source_(std::move(source)), texts_(texts), at_(std::move(at)) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw InputError(fmt::format("model {}: {}", source_, what));
  }

  double number(const json& v, const std::string& what) const {
    if (!v.is_number()) fail(fmt::format("{} must be a number", what));
    return v.get<double>();
  }

  std::vector<double> numbers(const json& md, const char* key) const {
    const json& a = md.at(key);
    if (!a.is_array()) fail(fmt::format("model_dict.{} must be an array of numbers", key));
    std::vector<double> out;
    for (std::size_t i = 0; i < a.size(); ++i) out.push_back(number(a[i], fmt::format("model_dict.{}[{}]", key, i)));
    return out;
  }

  // A feature_opts_dicts value as libvmaf's dictionary stores it (read_json_model.c:
  // numbers normalised from their text, booleans as "true"/"false", strings as is).
  std::string option_value(const json& v, const Location& at, const std::string& what) const {
    if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_float()) {
      const std::string* text = texts_.text(at);
      return normalize_numeric_value(text ? *text : fmt::format("{}", v.get<double>()));
    }
    if (v.is_number_unsigned()) return normalize_numeric_value(std::to_string(v.get<std::uint64_t>()));
    if (v.is_number_integer()) return normalize_numeric_value(std::to_string(v.get<std::int64_t>()));
    fail(fmt::format("{} must be a number, a boolean or a string", what));
  }

  ScoreTransform transform(const json& st, bool enable) const {
    if (!st.is_object()) fail("model_dict.score_transform must be an object");
    ScoreTransform t;
    for (const auto& [k, v] : st.items()) {
      const std::string what = "model_dict.score_transform." + k;
      if (k == "enabled") {
        if (!v.is_boolean()) fail(what + " must be true or false");
        t.enabled = v.get<bool>();
      } else if (k == "p0" || k == "p1" || k == "p2") {
        std::optional<double>& p = k == "p0" ? t.p0 : k == "p1" ? t.p1 : t.p2;
        if (!v.is_null()) p = number(v, what);
      } else if (k == "knots") {
        if (v.is_null()) continue;
        if (!v.is_array()) fail(what + " must be null or an array of [x, y] pairs");
        for (const auto& pt : v) {
          if (!pt.is_array() || pt.size() != 2) fail(what + " must be null or an array of [x, y] pairs");
          t.knots.push_back({number(pt[0], what), number(pt[1], what)});
        }
        if (auto problem = knots_problem(t.knots)) fail(fmt::format("{}: {}", what, *problem));
      } else if (k == "out_lte_in" || k == "out_gte_in") {
        // libvmaf writes these as the strings "true" / "false".
        if (!v.is_string()) fail(what + " must be the string \"true\" or \"false\"");
        (k == "out_lte_in" ? t.out_lte_in : t.out_gte_in) = v.get<std::string>() == "true";
      }
    }
    // -m ...:enable_transform turns on a transform the model has but disables
    // (libvmaf's VMAF_MODEL_FLAG_ENABLE_TRANSFORM, applied only where score_transform exists).
    if (enable) t.enabled = true;
    return t;
  }

  ModelSpec read(const json& entry, const std::string& name, const ModelRequest& req) const {
    if (!entry.is_object() || !entry.contains("model_dict")) fail("has no \"model_dict\" object");
    const json& md = entry.at("model_dict");
    if (!md.is_object()) fail("\"model_dict\" must be an object");

    ModelSpec m;
    m.source = source_;
    m.name = name;

    if (md.contains("model_type")) {
      const json& v = md.at("model_type");
      const std::string t = v.is_string() ? v.get<std::string>() : std::string();
      if (t == "LIBSVMNUSVR")
        m.type = ModelType::Svr;
      else if (t == "BOOTSTRAP_LIBSVMNUSVR")
        m.type = ModelType::BootstrapSvr;
      else if (t == "RESIDUEBOOTSTRAP_LIBSVMNUSVR")
        m.type = ModelType::ResidueBootstrapSvr;
      else
        fail(fmt::format("unknown model_type {} (expected LIBSVMNUSVR, BOOTSTRAP_LIBSVMNUSVR or "
                         "RESIDUEBOOTSTRAP_LIBSVMNUSVR)",
                         v.dump()));
    }

    // libvmaf fails every prediction of a model without norm_type; we refuse to load it.
    if (!md.contains("norm_type")) fail("model_dict has no norm_type (linear_rescale or none)");
    {
      const json& v = md.at("norm_type");
      const std::string t = v.is_string() ? v.get<std::string>() : std::string();
      if (t == "linear_rescale")
        m.norm = Normalization::LinearRescale;
      else if (t == "none")
        m.norm = Normalization::None;
      else
        fail(fmt::format("unsupported norm_type {} (libvmaf reads linear_rescale or none; the clip_* "
                         "normalisations of param_dict are training settings)",
                         v.dump()));
    }

    if (!md.contains("feature_names")) fail("model_dict has no feature_names");
    const json& names = md.at("feature_names");
    if (!names.is_array() || names.empty()) fail("model_dict.feature_names must be a non-empty array of strings");
    const Registry& reg = Registry::instance();
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (!names[i].is_string()) fail(fmt::format("model_dict.feature_names[{}] must be a string", i));
      ModelFeature f;
      f.name = names[i].get<std::string>();
      f.extractor = reg.by_provided_feature(f.name);
      if (!f.extractor) fail(fmt::format("no feature extractor provides feature \"{}\"", f.name));
      m.features.push_back(std::move(f));
    }

    if (md.contains("feature_opts_dicts")) {
      const json& dicts = md.at("feature_opts_dicts");
      if (!dicts.is_array()) fail("model_dict.feature_opts_dicts must be an array of objects");
      if (dicts.size() > m.features.size())
        fail(fmt::format("model_dict.feature_opts_dicts has {} entries for {} features", dicts.size(),
                         m.features.size()));
      for (std::size_t i = 0; i < dicts.size(); ++i) {
        if (!dicts[i].is_object()) fail(fmt::format("model_dict.feature_opts_dicts[{}] must be an object", i));
        for (const auto& [k, v] : dicts[i].items()) {
          Location at = at_;
          at.insert(at.end(), {"model_dict", "feature_opts_dicts", std::to_string(i), k});
          m.features[i].options.set(k, option_value(v, at, fmt::format("model_dict.feature_opts_dicts[{}].{}", i, k)));
        }
      }
    }

    if (m.norm == Normalization::LinearRescale) {
      for (const char* key : {"slopes", "intercepts"}) {
        if (!md.contains(key)) fail(fmt::format("norm_type linear_rescale needs model_dict.{}", key));
        const std::vector<double> v = numbers(md, key);
        if (v.size() != m.features.size() + 1)
          fail(fmt::format("model_dict.{} has {} values; expected {} (the score's, then one per feature)", key,
                           v.size(), m.features.size() + 1));
        const bool slopes = std::strcmp(key, "slopes") == 0;
        (slopes ? m.slope : m.intercept) = v[0];
        for (std::size_t i = 0; i < m.features.size(); ++i)
          (slopes ? m.features[i].slope : m.features[i].intercept) = v[i + 1];
      }
    }

    if (md.contains("score_clip") && !req.disable_clip) {
      const json& v = md.at("score_clip");
      if (!v.is_array() || v.size() < 2) fail("model_dict.score_clip must be [min, max]");
      m.clip.enabled = true;
      m.clip.min = number(v[0], "model_dict.score_clip[0]");
      m.clip.max = number(v[1], "model_dict.score_clip[1]");
    }

    if (md.contains("score_transform")) m.transform = transform(md.at("score_transform"), req.enable_transform);

    if (md.contains("chroma_correction_parameter"))
      m.chroma_correction = number(md.at("chroma_correction_parameter"), "model_dict.chroma_correction_parameter");

    if (!md.contains("model")) fail("model_dict has no \"model\" (the libsvm model text)");
    if (!md.at("model").is_string()) fail("model_dict.model must be a string (the libsvm model text)");
    try {
      m.svm = SvrRbfModel::parse(md.at("model").get_ref<const std::string&>());
    } catch (const std::invalid_argument& e) {
      fail(fmt::format("model_dict.model: {}", e.what()));
    }
    return m;
  }

 private:
  std::string source_;
  const NumberTexts& texts_;
  Location at_;
};

[[noreturn]] void fail(const ModelSpec& m, const std::string& what) {
  throw InputError(fmt::format("model {}: {}", m.source, what));
}

// libvmaf's vmaf_model_feature_overload: the option goes into the dictionary of every
// feature computed by the named extractor, replacing a value the model gives.
// libvmaf ignores an overload that matches no feature; we report it.
void apply_overload(ModelSpec& m, const ModelRequest::Overload& o) {
  if (!Registry::instance().by_name(o.extractor))
    fail(m, fmt::format("overload \"{}.{}={}\": there is no feature extractor \"{}\"", o.extractor, o.key, o.value,
                        o.extractor));
  bool used = false;
  for (auto& f : m.features) {
    if (f.extractor->name != o.extractor) continue;
    f.options.set(o.key, cli_dictionary_value(o.value));
    used = true;
  }
  if (!used)
    fail(m, fmt::format("overload \"{}.{}={}\" has no effect: the model uses no feature of extractor \"{}\"",
                        o.extractor, o.key, o.value, o.extractor));
}

// The collector key of every feature (what libvmaf's predict.c looks up), and the
// checks that need the final options.
void finish(ModelSpec& m) {
  for (auto& f : m.features) {
    try {
      const OptionSet opts(f.extractor->name, f.extractor->options, f.options);
      f.key = feature_name(f.name, opts);
    } catch (const std::invalid_argument& e) {
      fail(m, fmt::format("feature \"{}\": {}", f.name, e.what()));
    }
  }
  if (m.chroma_correction) {
    // libvmaf produces no score at all when the parameter is 0.
    if (*m.chroma_correction == 0.0)
      fail(m, "chroma_correction_parameter is 0, for which libvmaf produces no score");
    // libvmaf finds the two features by substring and fails (or reads garbage) unless
    // each substring names exactly one feature.
    std::vector<std::size_t> guiding, guided;
    for (std::size_t i = 0; i < m.features.size(); ++i) {
      if (m.features[i].name.find("adm3") != std::string::npos) guiding.push_back(i);
      if (m.features[i].name.find("speed_chroma") != std::string::npos) guided.push_back(i);
    }
    if (guiding.size() != 1 || guided.size() != 1 || guiding[0] == guided[0])
      fail(m, "chroma_correction_parameter needs exactly one feature whose name contains \"adm3\" and another "
              "whose name contains \"speed_chroma\"");
    m.chroma_guiding = guiding[0];
    m.chroma_guided = guided[0];
  }
}

}  // namespace

ModelFile read_model_json(std::string_view text, const ModelRequest& req, const std::string& source) {
  const std::string quoted = "\"" + source + "\"";
  NumberTexts texts;
  if (!json::sax_parse(text, &texts))
    throw InputError(fmt::format("model {}: not valid JSON: {}", quoted, texts.error()));
  const json doc = json::parse(text);
  if (!doc.is_object()) throw InputError(fmt::format("model {}: the JSON document must be an object", quoted));

  ModelFile file;
  if (doc.contains("model_dict")) {
    file.model = DictReader(quoted, texts, {}).read(doc, req.name, req);
  } else if (doc.contains("0")) {
    // libvmaf's model_collection_parse: entries "0", "1", ... in turn; "0" is the
    // model scored on its own, the others form the collection NAME_0001, NAME_0002, ...
    for (unsigned i = 0; doc.contains(std::to_string(i)); ++i) {
      const std::string key = std::to_string(i);
      const std::string name = i == 0 ? req.name : fmt::format("{}_{:04d}", req.name, i);
      ModelSpec m = DictReader(fmt::format("{} (collection entry \"{}\")", quoted, key), texts, {key})
                        .read(doc.at(key), name, req);
      if (i == 0)
        file.model = std::move(m);
      else
        file.collection.push_back(std::move(m));
    }
    if (file.collection.empty())
      throw InputError(fmt::format("model {}: a model collection needs entries \"0\" and \"1\" at least", quoted));
    const ModelType type = file.collection.front().type;
    if (type != ModelType::BootstrapSvr && type != ModelType::ResidueBootstrapSvr)
      throw InputError(fmt::format("model {}: the models of a collection must have model_type BOOTSTRAP_LIBSVMNUSVR "
                                   "or RESIDUEBOOTSTRAP_LIBSVMNUSVR",
                                   quoted));
    for (const auto& m : file.collection)
      if (m.type != type)
        throw InputError(fmt::format("model {}: the models of a collection must all have the same model_type",
                                     m.source));
  } else {
    throw InputError(fmt::format("model {}: neither a model (no \"model_dict\") nor a model collection (no \"0\")",
                                 quoted));
  }

  for (const auto& o : req.overloads) {
    apply_overload(file.model, o);
    for (auto& m : file.collection) apply_overload(m, o);
  }
  finish(file.model);
  for (auto& m : file.collection) finish(m);
  return file;
}

std::string model_path(const ModelRequest& req, const std::string& model_dir) {
  if (!req.path.empty()) return req.path;
  return (model_dir.empty() ? std::string(".") : model_dir) + "/" + req.version + ".json";
}

namespace {

// The text of the model file at `path`: a regular file (not a device, a pipe or a
// directory) of at most kMaxModelFileBytes. nullopt when it does not exist and
// `missing_ok`. Throws InputError built by `cannot` otherwise.
template <typename Cannot>
std::optional<std::string> read_text(const std::string& path, bool missing_ok, const Cannot& cannot) {
  // O_NONBLOCK: opening a FIFO nobody writes to must not wait; fstat then refuses it.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    const int err = errno;
    if (missing_ok && err == ENOENT) return std::nullopt;
    throw cannot(fmt::format("cannot be opened ({})", std::strerror(err)));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw cannot("is not a regular file (a model is a JSON file)");
  }
  auto too_big = [&] {
    return cannot(fmt::format("is larger than the {} MiB a model file may have", kMaxModelFileBytes >> 20));
  };
  if (static_cast<std::uintmax_t>(st.st_size) > kMaxModelFileBytes) {
    ::close(fd);
    throw too_big();
  }
  // Read at most one byte past the limit: the file may grow while it is read.
  std::string text(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t got = 0;
  int err = 0;
  for (;;) {
    if (got == text.size()) {
      if (text.size() > kMaxModelFileBytes) break;
      text.resize(std::min(kMaxModelFileBytes + 1, std::max<std::size_t>(2 * text.size(), 4096)));
    }
    const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) err = errno;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  ::close(fd);
  if (err) throw cannot(fmt::format("cannot be read ({})", std::strerror(err)));
  if (got > kMaxModelFileBytes) throw too_big();
  text.resize(got);
  return text;
}

}  // namespace

// path= reads that file. version=NAME reads <model_dir>/NAME.json when the model
// directory is set and holds that file, else the built-in model NAME.
ModelFile read_model_file(const ModelRequest& req, const std::string& model_dir) {
  if (!req.path.empty()) {
    auto cannot = [&](const std::string& what) { return InputError(fmt::format("model \"{}\": {}", req.path, what)); };
    return read_model_json(*read_text(req.path, false, cannot), req, req.path);
  }
  const std::string what = fmt::format("model version \"{}\"", req.version);
  if (!model_dir.empty()) {
    const std::string path = model_path(req, model_dir);
    auto cannot = [&](const std::string& why) {
      return InputError(fmt::format("{}: \"{}\" {}; the model directory is \"{}\"", what, path, why, model_dir));
    };
    if (auto text = read_text(path, true, cannot)) return read_model_json(*text, req, path);
  }
  if (const BuiltinModel* b = find_builtin_model(req.version))
    return read_model_json(b->text(), req, fmt::format("built-in model {}", b->version));
  throw InputError(fmt::format("{} is not a built-in model{} (built-in: {}); give a file with -m path=FILE",
                               what,
                               model_dir.empty() ? std::string()
                                                 : fmt::format(" and there is no \"{}\"", model_path(req, model_dir)),
                               builtin_model_list()));
}

}  // namespace fastvmaf::model
