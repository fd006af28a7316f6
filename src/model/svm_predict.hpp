// The libsvm regression model inside a libvmaf JSON model ("model": "svm_type nu_svr
// kernel_type rbf ..."), and its prediction, as libvmaf's svm.cpp evaluates it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace fastvmaf::model {

// An epsilon- or nu-SVR with the RBF kernel (libsvm's svm_predict_values for
// regression): f(x) = sum_i coef_i * exp(-gamma * |x - sv_i|^2) - rho.
class SvrRbfModel {
 public:
  // Parses libsvm's text format (svm_parse_model_from_buffer): header lines
  // "key value..." up to "SV", then one line per support vector, "coef i:v i:v ...".
  // Throws std::invalid_argument naming what is wrong: an unknown header key, an SVM
  // type other than nu_svr / epsilon_svr, a kernel other than rbf, missing gamma or
  // rho, fewer support vectors than total_sv, unsorted, non-positive or above INT_MAX
  // indices.
  static SvrRbfModel parse(std::string_view text);

  // x[j] is the node of index j+1. The squared distance is summed over indices in
  // increasing order, as libsvm's sparse merge does: a node on one side only adds its
  // square.
  double predict(const std::vector<double>& x) const;

  std::size_t support_vector_count() const { return coef_.size(); }
  // The highest node index any support vector has.
  std::size_t dimension() const { return dim_; }
  double gamma() const { return gamma_; }
  double rho() const { return rho_; }

 private:
  double gamma_ = 0.0;
  double rho_ = 0.0;
  std::size_t dim_ = 0;
  std::vector<double> coef_;
  // The support vectors as libsvm stores them, sparse: vector i's nodes are
  // [start_[i], start_[i + 1]) of index_ (1-based, increasing) and value_.
  std::vector<std::size_t> start_;
  std::vector<std::uint32_t> index_;
  std::vector<double> value_;
};

}  // namespace fastvmaf::model
