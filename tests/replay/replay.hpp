// The host replay: runs a kernel's decomposition on the CPU, so CI (no GPU) checks the
// device arithmetic (../shared/DESIGN.md, "One implementation per behaviour").
//
// A replayed kernel is written as the device kernel is: blocks of work-items, each phase
// between two barriers calling the same per-work-item routines (<name>_math.hpp) the
// kernel calls. launch() runs the grid's blocks one after the other; Block::each() runs
// one phase for every work-item of the block before the next phase starts (work-items in
// lockstep, as __syncthreads orders them). Run the same replay with Order::Forward and
// Order::Reverse and compare: a phase whose work-items depend on each other without a
// barrier between them gives different results.
//
// Buffers have canary words on both sides; intact() is false once a work-item wrote
// past either end. Block shared memory is checked after every phase.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace fastvmaf::replay {

template <typename T>
class Buffer {
 public:
  explicit Buffer(std::size_t count, T fill = T{}) : count_(count) {
    const std::size_t words = (count * sizeof(T) + sizeof(std::uint64_t) - 1) / sizeof(std::uint64_t);
    storage_.assign(words + 2 * kCanaryWords, kCanary);
    // The data's own tail (bytes past count * sizeof(T) in its last word) is canary too.
    T* d = data();
    for (std::size_t i = 0; i < count; ++i) d[i] = fill;
  }

  T* data() { return reinterpret_cast<T*>(storage_.data() + kCanaryWords); }
  const T* data() const { return reinterpret_cast<const T*>(storage_.data() + kCanaryWords); }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  std::size_t size() const { return count_; }

  bool intact() const {
    for (std::size_t i = 0; i < kCanaryWords; ++i)
      if (storage_[i] != kCanary || storage_[storage_.size() - 1 - i] != kCanary) return false;
    const std::size_t bytes = count_ * sizeof(T);
    const auto* tail = reinterpret_cast<const unsigned char*>(data()) + bytes;
    const std::size_t pad = (sizeof(std::uint64_t) - bytes % sizeof(std::uint64_t)) % sizeof(std::uint64_t);
    for (std::size_t i = 0; i < pad; ++i) {
      const std::size_t at = (bytes + i) % sizeof(std::uint64_t);
      if (tail[i] != static_cast<unsigned char>(kCanary >> (8 * at))) return false;
    }
    return true;
  }

 private:
  static constexpr std::size_t kCanaryWords = 8;
  static constexpr std::uint64_t kCanary = 0xC0FFEE5AFEC0DE77ull;
  std::size_t count_;
  std::vector<std::uint64_t> storage_;
};

struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
  unsigned count() const { return x * y * z; }
};

// What a work-item knows about itself: CUDA's and HIP's built-in variables.
struct Item {
  Dim3 block_idx, thread_idx, block_dim, grid_dim;
  unsigned thread() const { return thread_idx.x + block_dim.x * (thread_idx.y + block_dim.y * thread_idx.z); }
};

enum class Order { Forward, Reverse };

// One block of a replayed launch, with its shared memory (`shared_count` elements of S).
template <typename S>
class Block {
 public:
  Block(Dim3 block_idx, Dim3 block_dim, Dim3 grid_dim, std::size_t shared_count, Order order)
      : shared_(shared_count), order_(order) {
    item_.block_idx = block_idx;
    item_.block_dim = block_dim;
    item_.grid_dim = grid_dim;
  }

  S* shared() { return shared_.data(); }
  const Dim3& block_idx() const { return item_.block_idx; }

  // One phase: `f(item)` for every work-item of the block, then a barrier.
  template <typename F>
  void each(F&& f) {
    const Dim3& d = item_.block_dim;
    const unsigned n = d.count();
    for (unsigned k = 0; k < n; ++k) {
      const unsigned t = order_ == Order::Forward ? k : n - 1 - k;
      Item it = item_;
      it.thread_idx = {t % d.x, (t / d.x) % d.y, t / (d.x * d.y)};
      f(static_cast<const Item&>(it));
    }
    ++phases_;
    if (!shared_.intact())
      throw std::logic_error("replay: phase " + std::to_string(phases_) + " wrote past the block's shared memory");
  }

 private:
  Item item_;
  Buffer<S> shared_;
  Order order_;
  unsigned phases_ = 0;
};

// Replays a launch of `grid` blocks of `block` work-items: body(Block<S>&) per block, in
// block order. Counts the launch in `launches` when given.
template <typename S, typename Body>
void launch(Dim3 grid, Dim3 block, std::size_t shared_count, Order order, Body&& body, unsigned* launches = nullptr) {
  for (unsigned z = 0; z < grid.z; ++z)
    for (unsigned y = 0; y < grid.y; ++y)
      for (unsigned x = 0; x < grid.x; ++x) {
        Block<S> b({x, y, z}, block, grid, shared_count, order);
        body(b);
      }
  if (launches) ++*launches;
}

// What a replayed frame gives: the twin's results block, the launches it took, and whether
// every buffer's canaries survived.
template <typename Results>
struct Replayed {
  Results results{};
  unsigned launches = 0;
  bool canaries_intact = false;
};

// Replays a launch of `shape` (blocks_x x blocks_y blocks of `shape.threads` work-items,
// no shared memory) as the float twins' row kernels index it: item(x, by) with x = the
// block's x * `width` + the work-item's index and by = the block's y. Counts the launch.
template <typename Shape, typename F>
void launch_rows(const Shape& shape, unsigned width, Order order, unsigned* launches, F&& item) {
  launch<std::uint8_t>(
      {shape.blocks_x, shape.blocks_y}, {shape.threads}, 0, order,
      [&](Block<std::uint8_t>& b) { b.each([&](const Item& it) { item(it.block_idx.x * width + it.thread(), it.block_idx.y); }); },
      launches);
}

}  // namespace fastvmaf::replay
