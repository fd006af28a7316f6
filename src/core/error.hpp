// Errors a user can cause (bad files, bad options, sizes a feature cannot handle): the
// public error types (include/fastvmaf/error.hpp). The CLI prints what() and exits 1.
// Programming errors use std::logic_error.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "fastvmaf/error.hpp"

namespace fastvmaf {

// `text` for a message: control bytes (a header's \r, a NUL, an escape sequence) are
// shown as \r, \n, \t, \0 or \xNN, never sent raw to a terminal.
inline std::string printable(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u != 0x7f) {
      out += c;
      continue;
    }
    switch (c) {
      case '\r': out += "\\r"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\0': out += "\\0"; break;
      default: {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02x", u);
        out += buf;
      }
    }
  }
  return out;
}

}  // namespace fastvmaf
