// What an fp64-free device compiles of the allowlisted kernels (tests/contract/fp64_kernels.txt):
// their work-items, each instantiated as the kernels instantiate them, with hd::f64 as the
// unit defines it. Compiled to LLVM IR by soft_f64_no_double.sh: with FVMAF_SOFT_F64
// (hd::f64 = hd::SoftF64) no value or operation of type double may appear; without it
// the same work-items compute in double (the check can fail).
#include <cstdint>

#include "core/hd/f64.hpp"
#include "core/hd/log2.hpp"
#include "features/adm/gpu/adm_work.hpp"
#include "features/float_moment/gpu/float_moment_work.hpp"
#include "features/float_psnr/gpu/float_psnr_work.hpp"
#include "features/ssim/gpu/float_ms_ssim_work.hpp"
#include "features/ssim/gpu/float_ssim_work.hpp"
#include "features/ssim/gpu/ssim_map_work.hpp"
#include "features/speed/gpu/speed_work.hpp"
#include "features/vif/gpu/vif_work.hpp"

using namespace fastvmaf;  // NOLINT(build/namespaces)

extern "C" {

std::uint64_t probe_glibc_log2(std::uint64_t x) { return hd::f64_bits(hd::glibc_log2(hd::f64_from_bits<hd::f64>(x))); }

// adm_bands0 (8- and 16-bit samples) and adm_stage.
void probe_adm_band_items(const adm::twin::StageArgs& a, int row, unsigned t, unsigned n, std::uint64_t (&den)[3]) {
  adm::twin::band_item0<std::uint8_t>(a, row, t, n, den);
  adm::twin::band_item0<std::uint16_t>(a, row, t, n, den);
  adm::twin::band_item123(a, row, t, n, den);
}

// vif_scale's statistic at each scale.
void probe_vif_horizontal(const vif::twin::ScaleArgs& a, unsigned bx, unsigned by, unsigned t, unsigned n,
                          const vif::twin::Shared& sh, vif::VifAccum& acc) {
  vif::twin::horizontal_phase<0>(a, bx, by, t, n, sh, acc);
  vif::twin::horizontal_phase<1>(a, bx, by, t, n, sh, acc);
  vif::twin::horizontal_phase<2>(a, bx, by, t, n, sh, acc);
  vif::twin::horizontal_phase<3>(a, bx, by, t, n, sh, acc);
}

// speed_covariance, speed_solve, speed_score: their work-items that compute in double.
void probe_speed(const speed::twin::Plan& p, int i, unsigned image, unsigned t, const float* means,
                 speed::twin::EigenShared& eigen, speed::twin::QrShared& qr, const speed::twin::ScoreShared& score) {
  speed::twin::covariance_sum(p, image, t, means);
  speed::twin::eigen_reflector(i, t, eigen);
  speed::twin::eigen_shift(i, t, eigen);
  speed::twin::eigen_iterate(p, image, t, eigen);
  speed::twin::qr_vector(i, t, qr);
  speed::twin::qr_pivots(p, image, t, qr);
  speed::twin::score_term(p, 0, image, t, score);
}

// float_psnr_serial and float_moment_serial: the literal double sums of float squares.
void probe_float_serial(const float_psnr::twin::Args& p, const float_moment::twin::Args& m, unsigned picture) {
  float_psnr::twin::float_psnr_serial_sum<hd::f64>(p);
  float_moment::twin::float_moment_serial_sum<hd::f64>(m, picture);
}

// float_ssim_load, float_ms_ssim_decimate, ssim_map_hpass, ssim_map_terms, ssim_map_sum.
void probe_ssim(const ssim::twin::Args& a, const ssim::ms_twin::Args& m, unsigned x, unsigned y,
                ssim::twin::SumChain::Shared& sh) {
  ssim::twin::load_item<std::uint8_t>(a, 0, x, y);
  ssim::twin::load_item<std::uint16_t>(a, 1, x, y);
  ssim::ms_twin::decimate_item(m, 1, 0, x, y);
  ssim::twin::hpass_item(a.map, x, y);
  ssim::twin::terms_item(a.map, x, y);
  ssim::twin::SumChain::Regs r;
  ssim::twin::sum_item(a.map, x, sh, r, y, x);
  ssim::twin::sum_store_item(a.map, x, sh, y);
}
}  // extern "C"
