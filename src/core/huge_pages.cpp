#include "core/huge_pages.hpp"

#include <sys/mman.h>

#include <cstdint>

namespace fastvmaf::huge_pages {

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kSmallPage = 4096;
std::size_t mapped_size(std::size_t bytes) { return (bytes + kSmallPage - 1) / kSmallPage * kSmallPage; }
}  // namespace

void* map_zeroed(std::size_t bytes) {
  const std::size_t size = mapped_size(bytes);
  void* raw = ::mmap(nullptr, size + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  // Keep the `size` bytes from the first 2 MiB boundary, hand the rest back.
  const auto begin = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (begin + kHugePage - 1) / kHugePage * kHugePage;
  const std::uintptr_t end = begin + size + kHugePage;
  if (aligned > begin) ::munmap(raw, aligned - begin);
  if (end > aligned + size) ::munmap(reinterpret_cast<void*>(aligned + size), end - (aligned + size));
  void* block = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
  ::madvise(block, size, MADV_HUGEPAGE);  // advice: where the kernel declines, 4 KiB pages
#endif
  return block;
}

void unmap(void* block, std::size_t bytes) noexcept { ::munmap(block, mapped_size(bytes)); }

}  // namespace fastvmaf::huge_pages
