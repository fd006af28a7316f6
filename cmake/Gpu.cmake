# GPU backends. Filled in by the CUDA/HIP work; CPU-only builds need nothing here.
set(FASTVMAF_HAVE_CUDA OFF)
set(FASTVMAF_HAVE_HIP OFF)
