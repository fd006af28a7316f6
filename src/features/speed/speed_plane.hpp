// One plane through SpEED (libvmaf's speed.c: SpeedState, filter_and_downscale,
// est_params, get_speed_score), shared by speed_chroma (U and V) and speed_temporal
// (luma frame differences).
//
// Per image: prescale (optional), Gaussian blur and 16x decimation, removal of the
// local mean, then per 5x5 block a Gaussian-scale-mixture fit: the 25x25 covariance
// of the shifted windows, its eigenvalues, and each block's variance from the linear
// system K X = Y. The score compares the ref and dis block entropies.
//
// Only the decimated samples of the blur are computed (libvmaf blurs every sample and
// then keeps every 16th), from the rows they read; each kept sample is the same float
// sum in the same order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/resample.hpp"
#include "features/speed/speed_dsp.hpp"
#include "features/speed/speed_params.hpp"

namespace fastvmaf::speed {

struct SpeedSettings {
  float kernelscale = 1.0f;  // libvmaf passes these three as float
  float sigma_nn = 0.29f;
  float nn_floor = 0.0f;
  double prescale = 1.0;
  common::PrescaleMethod method = common::PrescaleMethod::Nearest;
  int weight_var_mode = 0;
};

// The rows of one image as SpEED reads it (picture_copy's floats, or a difference of
// two frames).
class PlaneRows {
 public:
  virtual ~PlaneRows() = default;
  // Writes out[x] for x in [x0, x1) of row y.
  virtual void row(unsigned y, unsigned x0, unsigned x1, float* out) const = 0;
};

// The per-block results of one image (libvmaf's SpeedResultBuffers).
struct BlockStats {
  std::vector<float> entropy;
  std::vector<float> variance;
  bool singular = false;  // the covariance matrix could not be inverted
};

class SpeedPlane {
 public:
  // `dims` must be usable(); buffers are planned here.
  SpeedPlane(const SpeedSettings& settings, const SpeedDims& dims);

  const SpeedDims& dims() const { return dims_; }

  // filter_and_downscale and est_params of one image.
  void analyze(const PlaneRows& rows, BlockStats& out);

  // speed_extract_score: 0 when exactly one image was singular, else the mean over
  // blocks of get_speed_score's terms.
  float score(const BlockStats& ref, const BlockStats& dis) const;

 private:
  const float* scaled_row(const PlaneRows& rows, unsigned y);
  void blur_and_decimate(const PlaneRows& rows);
  void remove_local_mean();
  void estimate(BlockStats& out);
  void covariance();

  SpeedSettings settings_;
  SpeedDims dims_;
  bool resample_;
  std::vector<float> aa_taps_, mean_taps_;
  double log2_2pie_;
  float base_entropy_;
  common::ResampleAxis axis_x_, axis_y_;
  Dsp dsp_;  // the table of cpu::active()

  std::vector<float> original_;  // the whole plane, when resampling
  std::vector<float> row_;       // one scaled row
  std::vector<float> acc_;       // vertical blur of one kept row
  std::vector<float> down_;      // decimated plane, then minus its local mean
  std::vector<float> mean_;      // local mean of down_
  std::vector<float> tmp_;       // one row of the local-mean filter
  std::vector<double> centred_;  // per window position, the 25 centred samples (+3 zeros)
  std::vector<double> cov_acc_;  // 28x28 double sums
  std::vector<float> cov_, eig_, qt_, r_, z_, t_;
  std::vector<float> y_, rhs_, x_, solve_row_;  // 25 x blocks
};

}  // namespace fastvmaf::speed
