// xcub/device/detail/kernel_namespace.hpp: where the device layer's kernels live.
//
// Kernels are declared between XCUB_DETAIL_KERNELS_BEGIN and XCUB_DETAIL_KERNELS_END: in
// xcub::detail, inside an inline namespace named after the build's targets (XCUB_TARGETS_TAG, e.g.
// kernels_cuda_sm90), with hidden visibility. Two shared libraries that each use xcub, built for
// different targets, then never resolve a kernel to the other's copy.
#pragma once

#include <xcub/config.hpp>

#define XCUB_DETAIL_KERNELS_NAME_(tag) kernels_##tag
#define XCUB_DETAIL_KERNELS_NAME(tag) XCUB_DETAIL_KERNELS_NAME_(tag)
#define XCUB_DETAIL_KERNELS_BEGIN                                                                     \
  namespace xcub::detail {                                                                            \
  inline namespace XCUB_DETAIL_KERNELS_NAME(XCUB_TARGETS_TAG) __attribute__((visibility("hidden"))) {
#define XCUB_DETAIL_KERNELS_END \
  }                             \
  }
