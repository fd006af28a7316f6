#include "engine/context_scope.hpp"

#include <stdexcept>
#include <utility>

#include "gpu/runtime.hpp"

namespace fastvmaf {

namespace {

// The CUDA runtime that takes the engine's caller context, or nullptr when it has none.
const gpu::Runtime* context_runtime(const EngineImpl& engine) {
  if (!engine.options.cuda_context) return nullptr;
  if (engine.gpu != Backend::Cuda)
    throw std::invalid_argument("a caller's CUDA context is given to an engine that does not run on CUDA");
  const gpu::Runtime* rt = gpu::find_runtime(Backend::Cuda);
  if (!rt || !rt->push_context || !rt->pop_context)
    throw std::invalid_argument("this build's CUDA backend cannot run in a caller's CUDA context");
  return rt;
}

}  // namespace

ContextScope::ContextScope(const EngineImpl& engine) : runtime_(context_runtime(engine)) {
  if (runtime_) runtime_->push_context(engine.options.cuda_context);
}

ContextScope::ContextScope(const gpu::Runtime& runtime, void* context) : runtime_(context ? &runtime : nullptr) {
  if (runtime_) runtime_->push_context(context);
}

ContextScope::~ContextScope() {
  if (!runtime_) return;
  try {
    runtime_->pop_context();
  } catch (...) {  // a driver that cannot pop has failed already; its error was reported
  }
}

std::function<void()> context_thread_init(const EngineImpl& engine, std::function<void()> init) {
  const gpu::Runtime* rt = context_runtime(engine);
  if (!rt) return init;
  return [rt, context = engine.options.cuda_context, init = std::move(init)] {
    rt->push_context(context);
    if (init) init();
  };
}

}  // namespace fastvmaf
