// What the output formats can hold of a name, and how it is written there. libvmaf
// writes feature and model names into its outputs as they are; a model named a"b (or
// with a newline, a '<', a control character) then gives a document no parser reads.
#pragma once

#include <string>
#include <string_view>

namespace fastvmaf::io {

// Well-formed UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF).
bool valid_utf8(std::string_view s);

// A JSON string's contents: '"' and '\' escaped, control characters as \n, \t, \u00XX.
std::string json_escape(std::string_view s);

// An XML attribute value's contents: & < > " as entities.
std::string xml_escape(std::string_view s);

// An XML attribute name (XML 1.0 Name, without ':', which would be a namespace prefix):
// a letter or '_' first, then letters, digits, '_', '-', '.', in UTF-8.
bool is_xml_name(std::string_view s);

// A CSV field (RFC 4180): quoted, with '"' doubled, when it holds ',', '"', CR or LF.
std::string csv_field(std::string_view s);

}  // namespace fastvmaf::io
