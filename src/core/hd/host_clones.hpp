// FVMAF_HOST_FMA_CLONES: the attribute every host copy of a glibc transcription carries
// (glibc_log2_host, glibc_exp_host, ...; core/hd/*.cpp).
//
// Each transcription spells the fused multiply-adds of glibc's FMA build as hd::dfma_rn:
// compiled for a CPU with FMA those are single instructions, otherwise calls of libm's
// correctly rounded fma(). target_clones builds the host copy twice and the loader picks
// the clone the CPU can run, as glibc's own ifunc picks its routine: both give the same bits.
//
// flatten (gcc): the routine's steps are inlined into each clone. Without it gcc leaves
// some of them out of line, compiled for the baseline target, and the "fma" clone calls
// those and their libm fma()s: the same bits, but a call for every fused multiply-add
// where one instruction would do. clang refuses flatten beside target_clones, so its builds (the
// libFuzzer ones) get the clones without it.
#pragma once

#if defined(__x86_64__) && defined(__clang__)
#define FVMAF_HOST_FMA_CLONES __attribute__((target_clones("fma", "default")))
#elif defined(__x86_64__) && defined(__GNUC__)
#define FVMAF_HOST_FMA_CLONES __attribute__((target_clones("fma", "default"), flatten))
#else
#define FVMAF_HOST_FMA_CLONES
#endif
