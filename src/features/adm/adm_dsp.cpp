#include "features/adm/adm_dsp.hpp"

namespace fastvmaf::adm {

namespace {

// Sum of two int64 products with libvmaf's (two's-complement) wrap-around.
inline std::int64_t dot2(std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t d) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b) +
                                   static_cast<std::uint64_t>(c) * static_cast<std::uint64_t>(d));
}

template <typename Pixel>
void dwt0_vertical(const Pixel* const src[4], int n, int bpc, std::int16_t* lo, std::int16_t* hi) {
  const Pixel *s0 = src[0], *s1 = src[1], *s2 = src[2], *s3 = src[3];
  for (int j = 0; j < n; ++j) lo[j] = dwt0_vertical_lo(s0[j], s1[j], s2[j], s3[j], bpc);
  if (hi)
    for (int j = 0; j < n; ++j) hi[j] = dwt0_vertical_hi(s0[j], s1[j], s2[j], s3[j], bpc);
}

void dwt0_horizontal(const std::int16_t* lo, const std::int16_t* hi, int n_a, std::int32_t* a, int c0, int c1,
                     BandRow<std::int16_t> out) {
  for (int k = 0; k < n_a; ++k) {
    const std::int16_t* l = lo + 2 * k;
    a[k] = dwt0_horizontal_lo(l[0], l[1], l[2], l[3]);
  }
  if (!hi) return;
  for (int k = c0; k < c1; ++k) {
    const std::int16_t* l = lo + 2 * k;
    const std::int16_t* h = hi + 2 * k;
    out.v[k] = dwt0_horizontal_hi(l[0], l[1], l[2], l[3]);
    out.h[k] = dwt0_horizontal_lo(h[0], h[1], h[2], h[3]);
    out.d[k] = dwt0_horizontal_hi(h[0], h[1], h[2], h[3]);
  }
}

void dwt123_vertical(const std::int32_t* const src[4], int n, std::int32_t add, int shift, std::int32_t* lo,
                     std::int32_t* hi) {
  const std::int32_t *s0 = src[0], *s1 = src[1], *s2 = src[2], *s3 = src[3];
  for (int j = 0; j < n; ++j) lo[j] = dwt123_lo(s0[j], s1[j], s2[j], s3[j], add, shift);
  if (hi)
    for (int j = 0; j < n; ++j) hi[j] = dwt123_hi(s0[j], s1[j], s2[j], s3[j], add, shift);
}

void dwt123_horizontal(const std::int32_t* lo, const std::int32_t* hi, int n_a, std::int32_t* a, int c0, int c1,
                       std::int32_t add, int shift, BandRow<std::int32_t> out) {
  for (int k = 0; k < n_a; ++k) {
    const std::int32_t* l = lo + 2 * k;
    a[k] = dwt123_lo(l[0], l[1], l[2], l[3], add, shift);
  }
  if (!hi) return;
  for (int k = c0; k < c1; ++k) {
    const std::int32_t* l = lo + 2 * k;
    const std::int32_t* h = hi + 2 * k;
    out.v[k] = dwt123_hi(l[0], l[1], l[2], l[3], add, shift);
    out.h[k] = dwt123_lo(h[0], h[1], h[2], h[3], add, shift);
    out.d[k] = dwt123_hi(h[0], h[1], h[2], h[3], add, shift);
  }
}

void decouple0_row(BandRow<const std::int16_t> o, BandRow<const std::int16_t> t, int c0, int c1,
                   const DecoupleParams& p, const MaskRow& out) {
  for (int j = c0; j < c1; ++j) {
    const bool angle_ok = within_1deg(dot2(o.h[j], t.h[j], o.v[j], t.v[j]), dot2(o.h[j], o.h[j], o.v[j], o.v[j]),
                                      dot2(t.h[j], t.h[j], t.v[j], t.v[j]), p.cos_sq);
    const Decoupled dc[3] = {decouple0(o.h[j], t.h[j], angle_ok, p.gain_limit, p.div_lookup),
                             decouple0(o.v[j], t.v[j], angle_ok, p.gain_limit, p.div_lookup),
                             decouple0(o.d[j], t.d[j], angle_ok, p.gain_limit, p.div_lookup)};
    std::uint32_t nb_dlm = 0, ce_dlm = 0, nb_aim = 0, ce_aim = 0;
    for (int b = 0; b < 3; ++b) {
      const std::int32_t w = static_cast<std::int32_t>(p.i_rfactor[b]);
      out.x_dlm[b][j] = dc[b].r * w;  // DLM measures the restored part
      out.x_aim[b][j] = dc[b].a * w;  // AIM measures the additive impairment
      const std::int16_t ca = csf0(dc[b].a, p.i_rfactor[b], b);
      nb_dlm += static_cast<std::uint32_t>(masking0_neighbour(ca));
      ce_dlm += static_cast<std::uint32_t>(masking0_centre(ca));
      if (p.aim) {
        const std::int16_t cr = csf0(dc[b].r, p.i_rfactor[b], b);
        nb_aim += static_cast<std::uint32_t>(masking0_neighbour(cr));
        ce_aim += static_cast<std::uint32_t>(masking0_centre(cr));
      }
    }
    out.nb_dlm[j] = static_cast<std::int32_t>(nb_dlm);
    out.centre_dlm[j] = static_cast<std::int32_t>(ce_dlm);
    out.nb_aim[j] = static_cast<std::int32_t>(nb_aim);
    out.centre_aim[j] = static_cast<std::int32_t>(ce_aim);
  }
}

void decouple123_row(BandRow<const std::int32_t> o, BandRow<const std::int32_t> t, int c0, int c1,
                     const DecoupleParams& p, const MaskRow& out) {
  for (int j = c0; j < c1; ++j) {
    const bool angle_ok = within_1deg(dot2(o.h[j], t.h[j], o.v[j], t.v[j]), dot2(o.h[j], o.h[j], o.v[j], o.v[j]),
                                      dot2(t.h[j], t.h[j], t.v[j], t.v[j]), p.cos_sq);
    const Decoupled dc[3] = {decouple123(o.h[j], t.h[j], angle_ok, p.gain_limit, p.div_lookup),
                             decouple123(o.v[j], t.v[j], angle_ok, p.gain_limit, p.div_lookup),
                             decouple123(o.d[j], t.d[j], angle_ok, p.gain_limit, p.div_lookup)};
    std::uint32_t nb_dlm = 0, ce_dlm = 0, nb_aim = 0, ce_aim = 0;
    for (int b = 0; b < 3; ++b) {
      // At these scales the measured signal is the CSF-weighted band itself.
      const std::int32_t cr = csf123(dc[b].r, p.i_rfactor[b]);
      const std::int32_t ca = csf123(dc[b].a, p.i_rfactor[b]);
      out.x_dlm[b][j] = cr;
      out.x_aim[b][j] = ca;
      nb_dlm += static_cast<std::uint32_t>(masking123_neighbour(ca));
      ce_dlm += static_cast<std::uint32_t>(masking123_centre(ca));
      if (p.aim) {
        nb_aim += static_cast<std::uint32_t>(masking123_neighbour(cr));
        ce_aim += static_cast<std::uint32_t>(masking123_centre(cr));
      }
    }
    out.nb_dlm[j] = static_cast<std::int32_t>(nb_dlm);
    out.centre_dlm[j] = static_cast<std::int32_t>(ce_dlm);
    out.nb_aim[j] = static_cast<std::int32_t>(nb_aim);
    out.centre_aim[j] = static_cast<std::int32_t>(ce_aim);
  }
}

void measure_row(const MeasureRow& m, int c0, int c1, int w, const CubeRounding (&rounding)[3],
                 std::int64_t (&sums)[3]) {
  contrast_row_sums(m.nb_above, m.nb, m.nb_below, m.centre, m.x, c0, c1, w, rounding, sums);
}

void den0_row(BandRow<const std::int16_t> o, int c0, int c1, std::uint64_t (&sums)[3]) {
  for (int j = c0; j < c1; ++j) {
    sums[0] += den_cube0(o.h[j]);
    sums[1] += den_cube0(o.v[j]);
    sums[2] += den_cube0(o.d[j]);
  }
}

void den123_row(BandRow<const std::int32_t> o, int c0, int c1, int scale, std::uint32_t cub_add,
                std::uint32_t cub_shift, std::uint64_t (&sums)[3]) {
  for (int j = c0; j < c1; ++j) {
    sums[0] += den_cube123(o.h[j], scale, cub_add, cub_shift);
    sums[1] += den_cube123(o.v[j], scale, cub_add, cub_shift);
    sums[2] += den_cube123(o.d[j], scale, cub_add, cub_shift);
  }
}

void int64_to_float_row(const std::int64_t* in, float* out, int n) {
  for (int i = 0; i < n; ++i) out[i] = static_cast<float>(in[i]);
}

}  // namespace

const Dsp& c_dsp() {
  static const Dsp k = {
      .dwt0_vertical_u8 = dwt0_vertical<std::uint8_t>,
      .dwt0_vertical_u16 = dwt0_vertical<std::uint16_t>,
      .dwt0_horizontal = dwt0_horizontal,
      .dwt123_vertical = dwt123_vertical,
      .dwt123_horizontal = dwt123_horizontal,
      .decouple0 = decouple0_row,
      .decouple123 = decouple123_row,
      .measure = measure_row,
      .den0 = den0_row,
      .den123 = den123_row,
      .int64_to_float = int64_to_float_row,
  };
  return k;
}

Dsp make_dsp(cpu::Flags flags) {
  Dsp d = c_dsp();
  const cpu::Level level = cpu::level_of(flags);
  if (level >= cpu::Level::Avx2) fill_dsp_avx2(d);
  if (level >= cpu::Level::Avx512) fill_dsp_avx512(d);
  return d;
}

}  // namespace fastvmaf::adm
