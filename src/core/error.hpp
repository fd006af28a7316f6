// Errors a user can cause (bad files, bad options, sizes a feature cannot handle).
// The CLI prints what() and exits 1. Programming errors use std::logic_error.
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
