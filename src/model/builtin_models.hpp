// The built-in models: libvmaf's model files (models/*.json, BSD-2-Clause-Patent, see
// models/LICENSE) compiled into the library byte for byte (cmake/embed_models.cmake
// generates their source), so `-m version=NAME` and the default model need no file.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace fastvmaf::model {

struct BuiltinModel {
  const char* version;          // "vmaf_v0.6.1": the file's name without .json
  const unsigned char* bytes;   // the file, exactly
  std::size_t size;
  std::string_view text() const { return {reinterpret_cast<const char*>(bytes), size}; }
};

// Every built-in model, sorted by version.
std::span<const BuiltinModel> builtin_models();
// nullptr when no built-in model has that version.
const BuiltinModel* find_builtin_model(std::string_view version);
// "vmaf_4k_v0.6.1, vmaf_4k_v0.6.1neg, ...", for messages.
std::string builtin_model_list();

}  // namespace fastvmaf::model
