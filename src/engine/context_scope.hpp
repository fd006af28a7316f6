// A caller's CUDA context (EngineOptions::cuda_context) made current on the calling thread
// for a scope: the session's calls that touch the device (opening the run: the twins'
// buffers and the pipeline; each frame; the flush; closing) run in it, as do the run's
// own threads (context_thread_init). Nothing when the engine has no caller context.
// libvmaf's CUDA API uses the same scope for its device pictures (src/capi/cuda.cpp).
#pragma once

#include <functional>

#include "engine/engine_impl.hpp"

namespace fastvmaf {

namespace gpu {
struct Runtime;
}

class ContextScope {
 public:
  explicit ContextScope(const EngineImpl& engine);
  // `context` pushed through `runtime` (nothing when `context` is null: the primary one).
  ContextScope(const gpu::Runtime& runtime, void* context);
  ~ContextScope();
  ContextScope(const ContextScope&) = delete;
  ContextScope& operator=(const ContextScope&) = delete;

 private:
  const gpu::Runtime* runtime_ = nullptr;
};

// `init` (may be empty) for a run's worker threads, preceded by pushing the engine's caller
// context (which stays current for the thread's life) when it has one.
std::function<void()> context_thread_init(const EngineImpl& engine, std::function<void()> init);

}  // namespace fastvmaf
