#include "io/output_escape.hpp"

#include <cstdint>
#include <cstdio>
#include <optional>

namespace fastvmaf::io {

namespace {

// The code point starting at s[i] (i moves past it), or nullopt for ill-formed UTF-8.
std::optional<char32_t> next_code_point(std::string_view s, std::size_t& i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) {
    ++i;
    return b0;
  }
  int len = 0;
  char32_t cp = 0, min = 0;
  if ((b0 & 0xe0) == 0xc0) {
    len = 2, cp = b0 & 0x1f, min = 0x80;
  } else if ((b0 & 0xf0) == 0xe0) {
    len = 3, cp = b0 & 0x0f, min = 0x800;
  } else if ((b0 & 0xf8) == 0xf0) {
    len = 4, cp = b0 & 0x07, min = 0x10000;
  } else {
    return std::nullopt;
  }
  if (i + len > s.size()) return std::nullopt;
  for (int k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xc0) != 0x80) return std::nullopt;
    cp = (cp << 6) | (b & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return std::nullopt;
  i += len;
  return cp;
}

bool in(char32_t c, char32_t lo, char32_t hi) { return c >= lo && c <= hi; }

// XML 1.0 (fifth edition) NameStartChar, less ':'.
bool xml_name_start(char32_t c) {
  return in(c, 'A', 'Z') || in(c, 'a', 'z') || c == '_' || in(c, 0xc0, 0xd6) || in(c, 0xd8, 0xf6) ||
         in(c, 0xf8, 0x2ff) || in(c, 0x370, 0x37d) || in(c, 0x37f, 0x1fff) || in(c, 0x200c, 0x200d) ||
         in(c, 0x2070, 0x218f) || in(c, 0x2c00, 0x2fef) || in(c, 0x3001, 0xd7ff) || in(c, 0xf900, 0xfdcf) ||
         in(c, 0xfdf0, 0xfffd) || in(c, 0x10000, 0xeffff);
}

bool xml_name_char(char32_t c) {
  return xml_name_start(c) || c == '-' || c == '.' || in(c, '0', '9') || c == 0xb7 || in(c, 0x300, 0x36f) ||
         in(c, 0x203f, 0x2040);
}

}  // namespace

bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();)
    if (!next_code_point(s, i)) return false;
  return true;
}

std::string json_escape(std::string_view s) {
  std::string o;
  for (const char c : s) {
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\r': o += "\\r"; break;
      case '\t': o += "\\t"; break;
      case '\b': o += "\\b"; break;
      case '\f': o += "\\f"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
          o += buf;
        } else {
          o += c;
        }
    }
  }
  return o;
}

std::string xml_escape(std::string_view s) {
  std::string o;
  for (const char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

bool is_xml_name(std::string_view s) {
  if (s.empty()) return false;
  for (std::size_t i = 0; i < s.size();) {
    const bool first = i == 0;
    const auto c = next_code_point(s, i);
    if (!c || !(first ? xml_name_start(*c) : xml_name_char(*c))) return false;
  }
  return true;
}

std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string o = "\"";
  for (const char c : s) {
    if (c == '"') o += '"';
    o += c;
  }
  return o + "\"";
}

}  // namespace fastvmaf::io
