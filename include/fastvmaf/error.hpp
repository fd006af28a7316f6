// fastvmaf — the errors the library throws. What a caller can cause is one of:
//
//   std::invalid_argument  a bad request: an unknown feature, an option out of range, two
//                          models of one name, a frame size a feature cannot score, a
//                          frame the session cannot take (wrong planes, after flush)
//   InputError             bad input data: a file that is missing, malformed, truncated
//                          or incompatible, a bad model file, a sample above the bit depth
//   DeviceError            a GPU backend that is absent, cannot be loaded or fails
//
// what() is a sentence naming what is wrong. std::logic_error means a bug in fastvmaf.
#pragma once

#include <stdexcept>
#include <string>

namespace fastvmaf {

// Bad input data: a file that is missing, malformed, truncated or incompatible.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A device (GPU) failure or absence; carries the failing call and feature.
class DeviceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace fastvmaf
