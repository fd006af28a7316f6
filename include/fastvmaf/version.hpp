#pragma once

namespace fastvmaf {
inline constexpr const char* kVersion = "0.1.0";
// The libvmaf revision whose numbers we reproduce (Netflix/vmaf master f85a8536).
inline constexpr const char* kLibvmafVersion = "f85a8536";
}  // namespace fastvmaf
