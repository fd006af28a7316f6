#include "engine/segment_assembler.hpp"

#include <iterator>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "core/registry.hpp"

namespace fastvmaf {

void SegmentSink::append(const std::string& name, unsigned index, double value) {
  auto it = ids_.find(name);
  if (it == ids_.end()) {
    it = ids_.emplace(name, static_cast<std::uint32_t>(into_.names.size())).first;
    into_.names.push_back(name);
  }
  into_.values.push_back({it->second, index, value});
}

SegmentAssembler::SegmentAssembler(const EngineImpl& engine, const VideoGeometry& geometry)
    : engine_(engine), geometry_(geometry) {}

SegmentAssembler::~SegmentAssembler() = default;

namespace {

bool same(const VideoGeometry& a, const VideoGeometry& b) {
  return a.width == b.width && a.height == b.height && a.format == b.format && a.bpc == b.bpc;
}

}  // namespace

void SegmentAssembler::add(SegmentScores s, FeatureCollector& into) {
  if (s.first >= s.end)
    throw std::invalid_argument(fmt::format("a segment of no frames ([{}, {}))", s.first, s.end));
  if (!same(s.geometry, geometry_))
    throw std::invalid_argument(fmt::format("segment [{}, {}) is {}x{} {}-bit, the run {}x{} {}-bit", s.first, s.end,
                                            s.geometry.width, s.geometry.height, s.geometry.bpc, geometry_.width,
                                            geometry_.height, geometry_.bpc));
  if (s.carry.size() != engine_.slots.size())
    throw std::invalid_argument(fmt::format(
        "segment [{}, {}) was scored by an engine of {} extractors, this one has {}", s.first, s.end, s.carry.size(),
        engine_.slots.size()));
  for (std::size_t k = 0; k < s.carry.size(); ++k)
    if (s.carry[k].extractor != engine_.slots[k].dedupe_key)
      throw std::invalid_argument(fmt::format("segment [{}, {}) was scored with extractor \"{}\" where this engine has "
                                              "\"{}\"",
                                              s.first, s.end, s.carry[k].extractor, engine_.slots[k].dedupe_key));
  for (const auto& v : s.values)
    if (v.name >= s.names.size())
      throw std::invalid_argument(fmt::format("segment [{}, {}): a value names series {} of {}", s.first, s.end,
                                              v.name, s.names.size()));
  // Overlaps: with the frames already in, or with the waiting segments beside it.
  auto overlap = [&](unsigned first, unsigned end) {
    throw std::invalid_argument(
        fmt::format("segment [{}, {}) overlaps frames [{}, {}) already given", s.first, s.end, first, end));
  };
  if (s.first < assembled_) overlap(0, assembled_);
  auto next = waiting_.lower_bound(s.first);
  if (next != waiting_.end() && next->first < s.end) overlap(next->second.first, next->second.end);
  if (next != waiting_.begin() && std::prev(next)->second.end > s.first)
    overlap(std::prev(next)->second.first, std::prev(next)->second.end);
  const unsigned first = s.first;
  waiting_.emplace(first, std::move(s));
  // Every segment now contiguous with frame 0 goes in, in frame order.
  while (!waiting_.empty() && waiting_.begin()->first == assembled_) {
    auto node = waiting_.extract(waiting_.begin());
    replay(node.mapped(), into);
    assembled_ = node.mapped().end;
  }
}

void SegmentAssembler::replay(const SegmentScores& s, FeatureCollector& into) {
  if (!started_) {
    // Fresh CPU instances: a twin carries what its CPU extractor does (core/extractor.hpp),
    // and the CPU is there wherever segments are put together.
    started_ = true;
    flushers_.resize(engine_.slots.size());
    scored_.resize(engine_.slots.size());
    for (std::size_t k = 0; k < engine_.slots.size(); ++k) {
      scored_[k] = s.carry[k].scored;
      const SlotSpec& spec = engine_.slots[k];
      if (!s.carry[k].scored || !spec.info->flushes) continue;  // nothing to absorb or flush
      const ExtractorFactory* f = Registry::instance().factory(spec.info->name, Backend::Cpu);
      if (!f) throw std::logic_error(fmt::format("\"{}\" has no CPU implementation to flush", spec.info->name));
      flushers_[k] = (*f)(spec.options);
      flushers_[k]->init(geometry_);
    }
  }
  for (const auto& v : s.values) into.append(s.names[v.name], v.index, v.value);
  for (const auto& [name, value] : s.aggregates) into.aggregate(name, value);
  for (std::size_t k = 0; k < flushers_.size(); ++k) {
    if (s.carry[k].scored != scored_[k])
      throw std::invalid_argument(fmt::format("segment [{}, {}): extractor \"{}\" {} the input, unlike in frame 0's",
                                              s.first, s.end, engine_.slots[k].info->name,
                                              s.carry[k].scored ? "scored" : "refused"));
    if (flushers_[k])
      flushers_[k]->absorb(s.carry[k].words);
    else if (!s.carry[k].words.empty())
      throw std::logic_error(fmt::format("\"{}\" carries state between segments but does not declare flushes",
                                         engine_.slots[k].info->name));
  }
}

void SegmentAssembler::finish(FeatureCollector& into) {
  if (!started_ && waiting_.empty()) throw std::invalid_argument("no segment to assemble");
  if (!waiting_.empty())
    throw std::invalid_argument(fmt::format("frames [{}, {}) are in no segment", assembled_, waiting_.begin()->first));
  // libvmaf flushes its registered extractors in registration order.
  for (auto& f : flushers_)
    if (f) f->flush(into);
}

}  // namespace fastvmaf
