// Reading a fuzz input: leading bytes that choose a shape, then the rest as data.
// (clang's FuzzedDataProvider does this, but the targets also build with gcc.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace fastvmaf::fuzz {

class FuzzInput {
 public:
  FuzzInput(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  // The next byte, 0 once the input is used up.
  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  bool done() const { return pos_ >= size_; }
  std::string rest() {
    std::string s(reinterpret_cast<const char*>(data_) + pos_, size_ - pos_);
    pos_ = size_;
    return s;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

// A read-only stream over `bytes`, which must outlive it; nullptr for no bytes
// (fmemopen refuses a size of 0).
inline std::FILE* memory_file(std::vector<char>& bytes) {
  return bytes.empty() ? nullptr : fmemopen(bytes.data(), bytes.size(), "rb");
}

}  // namespace fastvmaf::fuzz
