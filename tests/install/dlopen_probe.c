/* Exits 0 when dlopen(argv[1]) succeeds, 1 when it fails (printing dlerror): the positive
 * control that the audit module really hides a library that is installed. */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  if (dlopen(argv[1], RTLD_NOW)) return 0;
  fprintf(stderr, "%s\n", dlerror());
  return 1;
}
