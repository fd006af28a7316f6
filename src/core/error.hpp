// Errors a user can cause (bad files, bad options, sizes a feature cannot handle): the
// public error types (include/fastvmaf/error.hpp). The CLI prints what() and exits 1.
// Programming errors use std::logic_error.
#pragma once

#include "fastvmaf/error.hpp"
