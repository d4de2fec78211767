// Host qualifiers: kernels are ordinary functions that the SIMT emulator runs once per
// logical thread, each on its own fiber (see docs/host-emulator.md).
#pragma once

#define XCUB_HAS_KERNELS 1  // every translation unit can run kernels on the emulator

#define XCUB_KERNEL
#define XCUB_LAUNCH_BOUNDS(max_threads)
#define XCUB_LAUNCH_BOUNDS_OCCUPANCY(max_threads, min_blocks)
#define XCUB_DEVICE
#define XCUB_HOST_DEVICE
#define XCUB_FORCEINLINE inline
#define XCUB_UNROLL _Pragma("GCC unroll 16")
#define XCUB_EXEC_CHECK_DISABLE

// One object per thread block: the emulator keys the storage by the address of a static tag
// that is unique to the declaration (and to each template instantiation around it). Like
// __shared__ memory, the object starts uninitialised (the emulator fills it with 0xA5 bytes). The
// objects of a block sit in one arena with unaddressable gaps between them (the sanitizer's bounds).
#define XCUB_SHARED(Type, name)                                                                   \
  static char xcub_shared_tag_##name;                                                             \
  Type& name = *static_cast<Type*>(::xcub::host::detail::block_shared_object(                     \
      &xcub_shared_tag_##name, sizeof(Type), alignof(Type), #name, __PRETTY_FUNCTION__))

#include <xcub/backend/emulator_api.hpp>
