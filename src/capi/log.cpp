// libvmaf's logging: one process-wide level (set by vmaf_init), messages on stderr.
#include <unistd.h>

#include <atomic>
#include <cstdio>

#include "capi/capi.hpp"

namespace fastvmaf::capi {

namespace {
std::atomic<int> g_level{VMAF_LOG_LEVEL_INFO};
const char* const kLevel[] = {"", "ERROR", "WARNING", "INFO", "DEBUG"};
}  // namespace

void set_log_level(enum VmafLogLevel level) {
  int l = level;
  if (l < VMAF_LOG_LEVEL_NONE) l = VMAF_LOG_LEVEL_NONE;
  if (l > VMAF_LOG_LEVEL_DEBUG) l = VMAF_LOG_LEVEL_DEBUG;
  g_level = l;
}

void log(enum VmafLogLevel level, const char* fmt, ...) {
  if (level <= VMAF_LOG_LEVEL_NONE || level > g_level.load() || level > VMAF_LOG_LEVEL_DEBUG) return;
  std::fprintf(stderr, "libvmaf %s ", kLevel[level]);
  va_list args;
  va_start(args, fmt);
  std::vfprintf(stderr, fmt, args);
  va_end(args);
}

}  // namespace fastvmaf::capi
