// core/huge_pages.hpp: the blocks and the allocator built on them.
#include "core/huge_pages.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>

namespace fastvmaf::huge_pages {
namespace {

std::size_t process_pages() {
  std::ifstream statm("/proc/self/statm");
  std::size_t size = 0;
  statm >> size;
  return size;
}

TEST(HugePages, BlocksAreZeroedAlignedWholeAndReturned) {
  if (!kEnabled) {
    GTEST_SKIP() << "a sanitizer build maps nothing";
  }
  constexpr std::size_t kBytes = (std::size_t{5} << 20) + 12345;  // two huge pages and a tail
  auto* p = static_cast<std::uint8_t*>(map_zeroed(kBytes));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % kMinBytes, 0u);
  for (std::size_t i = 0; i < kBytes; ++i) ASSERT_EQ(p[i], 0) << i;
  p[kBytes - 1] = 1;  // the last byte is the block's
  unmap(p, kBytes);
  // 60 blocks mapped and returned leave the process's size where one block would.
  const std::size_t before = process_pages();
  for (int k = 0; k < 60; ++k) {
    auto* q = static_cast<std::uint8_t*>(map_zeroed(kBytes));
    q[0] = 1;
    unmap(q, kBytes);
  }
  EXPECT_LT(process_pages(), before + kBytes / 4096) << "blocks were not unmapped";
}

TEST(HugePages, AllocatorMapsLargeVectorsAndKeepsTheirValues) {
  Vector<std::uint16_t> small(1000, 7);  // below kMinBytes: operator new, 64-byte aligned
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(small.data()) % 64, 0u);
  Vector<std::uint16_t> big(std::size_t{3} << 20);  // 6 MiB, value-initialised
  if (kEnabled) {
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(big.data()) % kMinBytes, 0u);
  }
  for (std::size_t i = 0; i < big.size(); i += 4099) ASSERT_EQ(big[i], 0);
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<std::uint16_t>(i);
  // Growth moves the values into a new block and frees the old one by its size.
  big.resize(big.size() * 2 + 1, 9);
  for (std::size_t i = 0; i < (std::size_t{3} << 20); i += 997) ASSERT_EQ(big[i], static_cast<std::uint16_t>(i));
  EXPECT_EQ(big.back(), 9);
  big.clear();
  big.shrink_to_fit();
  small.resize(std::size_t{2} << 20, 5);  // crosses kMinBytes: from operator new to a mapping
  EXPECT_EQ(small[0], 7);
  EXPECT_EQ(small.back(), 5);
}

}  // namespace
}  // namespace fastvmaf::huge_pages
