// A caller's CUDA driver context (libvmaf's CUDA API: FFmpeg's libvmaf_cuda filter hands
// the CUcontext its decoder and frames live in). The CUDA runtime works in the context
// current on the calling thread when there is one, so pushing the caller's context on a
// thread makes everything the backend does there (allocations, streams, kernels) happen
// in it: one context for the caller's pictures and the pipeline (Runtime::push_context).
// The driver's calls are reached through the driver library the runtime itself loads.
//
// Memory cached by buffer.cpp for reuse is kept apart per context: a block of one
// context is not valid in another.
#pragma once

#include <cstddef>

#include "gpu/compat.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

// Push / pop on the calling thread's context stack; throw DeviceError when the driver
// refuses (CUDA only: other backends throw DeviceError at once).
void push_caller_context(void* context);
void pop_caller_context();
// -1 when no caller context is pushed on this thread, else a number naming the context
// for the life of the process.
int caller_context_key();

// Zeroed device memory in the calling thread's context, and its release (libvmaf's
// preallocated device pictures, filled by the caller's own copies).
void* alloc_zeroed_device(std::size_t bytes);
void free_device(void* p) noexcept;

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
