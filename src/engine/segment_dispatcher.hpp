// Hands out the segments of one run (docs/adr/0013-segments.md) to the workers that score
// them: the CPU engine and the device pipelines of --backend auto and --gpus
// (docs/adr/0015-hybrid-and-multi-gpu.md). Frames [0, frames) are cut in order, each
// worker taking the next piece whenever it is free, so a faster worker simply comes back
// more often; the size of a piece follows the measured rates:
//
//   - a worker whose rate is not known yet takes its `first` frames, at most a quarter of
//     what it would take at the mean rate of those measured (it may be much slower);
//   - then guided self-scheduling weighted by rate: half of the worker's share of what is
//     left (share = its rate over the rates of every worker still taking pieces; one that
//     has not measured yet counts as the mean of those that have), at least its `min`
//     frames. Pieces shrink as the run ends, so nobody is left holding a long tail. While
//     another worker has not measured (a device still starting, which may be far faster
//     than that mean), a piece is what the worker scores in 0.1 s, at least its `min`;
//   - a worker's rate weighs its recent pieces most (each piece half the weight of the
//     next), so it follows a worker that slows down or speeds up during the run; a device's
//     first piece counts from its first final frame on (done's `first_final_s`): that frame
//     carries the device's one-time start (kernel modules loading, first allocations), which
//     made a device's first rate look like the CPU's just when the CPU's last piece was sized;
//   - a worker that would finish its piece after the others had finished everything left
//     without it gets a smaller one, or none: it stops and the faster ones end the run;
//   - once every frame is handed out, a measured worker that asks for more takes the end of
//     the piece another worker holds and has not begun (claim() says how far it got): the
//     two are cut where both would finish together, when the holder would need longer for
//     it than the taker needs for its `min` frames. A piece taken while the faster worker
//     was still starting (unmeasured) no longer holds the end of the run.
//
// With `fixed` (--segment-frames N) every piece is N frames, whoever takes it. A worker
// that fails hands its piece back (give_back) and another one takes it first. Thread-safe.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace fastvmaf {

struct SegmentRange {
  unsigned first = 0, end = 0;  // frames [first, end)
  unsigned size() const { return end - first; }
};

class SegmentDispatcher {
 public:
  // `frames` to hand out; `fixed` > 0: pieces of that many frames.
  SegmentDispatcher(unsigned frames, unsigned fixed);

  // A worker, before it asks for pieces (any thread). `first`: its first piece; `min`: the
  // smallest piece worth its fixed costs per piece (a drain, the warm-up frames).
  unsigned add_worker(std::string name, unsigned first, unsigned min);
  // The next piece for worker `w`, or nullopt when nothing is left for it (the run is
  // handed out, cancelled, or the others will finish sooner without it).
  std::optional<SegmentRange> next(unsigned w);
  // Worker `w` is about to score `frame` of the piece it holds: false when that frame was
  // taken from it (its piece now ends before it; it scores no further frame of it).
  bool claim(unsigned w, unsigned frame);
  // Worker `w` scored `s` in `seconds` (its measured rate): the frames it claimed of its
  // piece. `first_final_s` >= 0: when the piece's first frame was final, seconds after the
  // piece began, from a worker that scores its frames one after another (a device
  // pipeline); its first piece is then rated by the frames after that one.
  void done(unsigned w, const SegmentRange& s, double seconds, double first_final_s = -1);
  // Worker `w` could not score `s` (the piece it was given): another worker takes what is
  // left of it before anything new; `w` takes no more pieces.
  void give_back(unsigned w, const SegmentRange& s);
  // Worker `w` takes no more pieces (it failed, or never started).
  void retire(unsigned w);
  // No more pieces for anyone (an error elsewhere).
  void cancel();

  unsigned frames() const { return frames_; }
  // Frames scored by worker `w` so far, and its name.
  unsigned frames_of(unsigned w) const;
  std::string name_of(unsigned w) const;
  void rename(unsigned w, std::string name);
  unsigned workers() const;
  // Every frame was handed out and none is waiting to be handed out again.
  bool handed_out() const;
  // Seconds worker `w` would need for the frames not yet handed out at its rate (-1: its
  // rate is not known).
  double seconds_left(unsigned w) const;
  // Frames not yet handed out.
  unsigned frames_left() const;

 private:
  struct Worker {
    std::string name;
    unsigned first = 1, min = 1;
    unsigned scored = 0;     // frames of the pieces done
    double rate_frames = 0;  // those frames and their seconds, each piece weighted half
    double rate_s = 0;       //   as much as the one after it (the rate follows changes)
    unsigned in_hand = 0;    // frames of the piece it holds
    unsigned piece_first = 0, piece_end = 0;  // that piece (piece_end 0: none)
    unsigned claimed = 0;    // its frames below this one were claimed (begun)
    bool retired = false;    // takes no more pieces (none was left for it, or it failed)
    bool failed = false;     // gave a piece back or retired itself: never takes one again
    double rate() const { return rate_s > 0 && rate_frames > 0 ? rate_frames / rate_s : 0.0; }
  };
  unsigned size_for(const Worker& me) const;
  std::optional<SegmentRange> take_tail(Worker& me);
  void take(Worker& me, const SegmentRange& s);

  mutable std::mutex mu_;
  unsigned frames_, fixed_;
  unsigned next_ = 0;                   // frames [0, next_) handed out
  std::vector<SegmentRange> returned_;  // handed back, handed out again first
  bool cancelled_ = false;
  std::vector<Worker> workers_;
};

}  // namespace fastvmaf
