/* An rtld-audit module (LD_AUDIT=libhide_gpu_runtimes.so) that hides the GPU runtimes from
 * the dynamic loader: every search for libamdhip64, libhsa-runtime64, libcuda or libcudart
 * fails as if they were not installed, for the libraries a program needs and for those it
 * dlopens (the HIP module, the CUDA runtime's load of the driver). So a test can run a
 * binary as on a machine with neither ROCm nor an NVIDIA driver, without root or a chroot. */
#define _GNU_SOURCE
#include <link.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static const char *const hidden[] = {"libamdhip64", "libhsa-runtime64", "libcuda.so", "libcudart", NULL};

unsigned int la_version(unsigned int version) { return version < LAV_CURRENT ? version : LAV_CURRENT; }

char *la_objsearch(const char *name, uintptr_t *cookie, unsigned int flag) {
  (void)cookie;
  (void)flag;
  const char *base = strrchr(name, '/');
  base = base ? base + 1 : name;
  for (const char *const *h = hidden; *h; ++h)
    if (strncmp(base, *h, strlen(*h)) == 0) return NULL;
  return (char *)name;
}
