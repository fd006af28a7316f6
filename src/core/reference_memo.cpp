#include "core/reference_memo.hpp"

namespace fastvmaf {

template <class Get>
ReferenceMemo::Entry& ReferenceMemo::take(const std::string& key, unsigned index, Get&& get,
                                          std::unique_lock<std::mutex>& lock) {
  Entry& e = entries_[{index, key}];  // std::map: the reference stays valid as others are added
  ++e.users;
  cv_.wait(lock, [&] { return e.done || !e.busy; });
  if (e.done) {
    ++shared_;
    ++e.had;
    --e.users;
    return e;
  }
  e.busy = true;
  lock.unlock();
  try {
    get(e);  // writes only e's value fields, which nobody reads until done
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
  ++e.had;
  --e.users;
  ++computed_;
  cv_.notify_all();
  return e;
}

std::uint64_t ReferenceMemo::once(const std::string& key, unsigned index, const std::function<std::uint64_t()>& compute) {
  std::unique_lock lock(mu_);
  return take(key, index, [&](Entry& e) { e.value = compute(); }, lock).value;
}

std::shared_ptr<const void> ReferenceMemo::once_block(const std::string& key, unsigned index,
                                                      const std::function<std::shared_ptr<const void>()>& compute) {
  std::unique_lock lock(mu_);
  Entry& e = take(key, index, [&](Entry& en) { en.block = compute(); }, lock);
  std::shared_ptr<const void> block = e.block;
  // Every sharer has had it: nobody asks again (one who did would compute it again).
  if (sharers_ && e.had >= sharers_ && e.users == 0) entries_.erase({index, key});
  return block;
}

void ReferenceMemo::set_sharers(unsigned n) {
  std::lock_guard lock(mu_);
  sharers_ = n;
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

std::size_t ReferenceMemo::blocks_held() const {
  std::lock_guard lock(mu_);
  std::size_t n = 0;
  for (const auto& [k, e] : entries_) n += e.block != nullptr;
  return n;
}

}  // namespace fastvmaf
