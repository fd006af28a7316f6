/* An rtld-audit module (LD_AUDIT=libhide_gpu_runtimes.so) that hides the GPU runtimes from
 * the dynamic loader: every search for libamdhip64, libhsa-runtime64, libcuda or libcudart
 * fails as if they were not installed, for the libraries a program needs and for those it
 * dlopens (the HIP module, the CUDA runtime's load of the driver). So a test can run a
 * binary as on a machine with neither ROCm nor an NVIDIA driver, without root or a chroot.
 *
 * Two more things, for the tests of the modules loaded on first use:
 *   HIDE_ALSO=libavformat:libavcodec   hides these names too (FFmpeg not installed)
 *   LOADED_LOG=FILE                    appends the path of every object the loader maps */
#define _GNU_SOURCE
#include <link.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const hidden[] = {"libamdhip64", "libhsa-runtime64", "libcuda.so", "libcudart", NULL};

unsigned int la_version(unsigned int version) { return version < LAV_CURRENT ? version : LAV_CURRENT; }

static int starts_with(const char *s, const char *prefix, size_t n) { return n > 0 && strncmp(s, prefix, n) == 0; }

/* Whether `base` starts with one of the colon-separated names of HIDE_ALSO. */
static int hidden_also(const char *base) {
  const char *list = getenv("HIDE_ALSO");
  while (list && *list) {
    const char *end = strchr(list, ':');
    const size_t n = end ? (size_t)(end - list) : strlen(list);
    if (starts_with(base, list, n)) return 1;
    list = end ? end + 1 : NULL;
  }
  return 0;
}

char *la_objsearch(const char *name, uintptr_t *cookie, unsigned int flag) {
  (void)cookie;
  (void)flag;
  const char *base = strrchr(name, '/');
  base = base ? base + 1 : name;
  for (const char *const *h = hidden; *h; ++h)
    if (starts_with(base, *h, strlen(*h))) return NULL;
  if (hidden_also(base)) return NULL;
  return (char *)name;
}

unsigned int la_objopen(struct link_map *map, Lmid_t lmid, uintptr_t *cookie) {
  (void)lmid;
  (void)cookie;
  const char *log = getenv("LOADED_LOG");
  if (log && *log && map->l_name && *map->l_name) {
    FILE *f = fopen(log, "a");
    if (f) {
      fprintf(f, "%s\n", map->l_name);
      fclose(f);
    }
  }
  return 0;
}
