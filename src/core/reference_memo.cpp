#include "core/reference_memo.hpp"

namespace fastvmaf {

std::uint64_t ReferenceMemo::once(const std::string& key, unsigned index,
                                  const std::function<std::uint64_t()>& compute) {
  std::unique_lock lock(mu_);
  Entry& e = entries_[{index, key}];  // std::map: the reference stays valid as others are added
  ++e.users;
  cv_.wait(lock, [&] { return e.done || !e.busy; });
  if (e.done) {
    ++shared_;
    --e.users;
    return e.value;
  }
  e.busy = true;
  lock.unlock();
  std::uint64_t v = 0;
  try {
    v = compute();
  } catch (...) {
    lock.lock();
    e.busy = false;
    --e.users;
    lock.unlock();
    cv_.notify_all();
    throw;
  }
  lock.lock();
  e.busy = false;
  e.done = true;
  e.value = v;
  --e.users;
  ++computed_;
  lock.unlock();
  cv_.notify_all();
  return v;
}

void ReferenceMemo::forget_below(unsigned index) {
  std::lock_guard lock(mu_);
  // Entries a caller holds stay (computed or waited for right now).
  for (auto it = entries_.begin(); it != entries_.end() && it->first.first < index;)
    it = it->second.users ? std::next(it) : entries_.erase(it);
}

std::uint64_t ReferenceMemo::computed() const {
  std::lock_guard lock(mu_);
  return computed_;
}

std::uint64_t ReferenceMemo::shared() const {
  std::lock_guard lock(mu_);
  return shared_;
}

}  // namespace fastvmaf
