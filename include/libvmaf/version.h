/* The libvmaf API version fastvmaf's libvmaf.so.3 implements. */
#ifndef FASTVMAF_LIBVMAF_VERSION_H
#define FASTVMAF_LIBVMAF_VERSION_H

#define VMAF_API_VERSION_MAJOR 3
#define VMAF_API_VERSION_MINOR 2
#define VMAF_API_VERSION_PATCH 0

#endif
