// xcub/config.hpp: which backend this build targets and the qualifiers every header uses.
//
// The backend is chosen when xcub is configured (Meson option `backend`) and recorded in the
// generated <xcub/backend_config.hpp>. Without that header (header-only use from the source tree,
// docs/header-only.md) it is picked from the compiler: nvcc or clang for CUDA (`__CUDACC__`) ->
// cuda, hipcc (`__HIPCC__`) -> hip, any other -> host; `-DXCUB_BACKEND_<NAME>=1` (HOST, CUDA, HIP
// or KOKKOS) overrides the pick, e.g. for the g++-compiled files of a CUDA program.
//   XCUB_BACKEND_HOST, XCUB_BACKEND_CUDA, XCUB_BACKEND_HIP or XCUB_BACKEND_KOKKOS   one of them is 1
//   XCUB_BACKEND_NAME                                          "host", "cuda", "hip" or "kokkos"
//   XCUB_HOST_WARP_THREADS                                     warp width the host emulator simulates
//
// Qualifiers (defined by the backend's <xcub/backend/qualifiers.hpp>):
//   XCUB_KERNEL          marks a kernel: `XCUB_KERNEL void k(int* p) { ... }`
//   XCUB_LAUNCH_BOUNDS(n)  after XCUB_KERNEL's return type: the kernel is launched with at most n
//                        threads per block (`__launch_bounds__(n)` on GPUs, nothing on the host).
//                        Kernels of 1024 threads that hold many items per thread need it, as in CUB:
//                        without it nvcc may give a thread more registers than such a block can
//                        have, and the launch fails (cudaErrorLaunchOutOfResources).
//                        `XCUB_KERNEL void XCUB_LAUNCH_BOUNDS(1024) k(int* p) { ... }`
//   XCUB_LAUNCH_BOUNDS_OCCUPANCY(n, b)  as XCUB_LAUNCH_BOUNDS(n), and on CUDA also asks that b such
//                        blocks fit one multiprocessor (`__launch_bounds__(n, b)`: nvcc caps the
//                        registers, spilling if it must; b = 0 is no such bound, and differs from
//                        b = 1, with which nvcc takes every register one block may have). HIP's
//                        second bound means something else (waves per execution unit): there,
//                        and on the host, only n counts.
//   XCUB_DEVICE          a function called from kernels only
//   XCUB_HOST_DEVICE     a function called from kernels and from host code
//   XCUB_FORCEINLINE     inline even where the compiler would rather not
//   XCUB_HAS_KERNELS     1 where this translation unit can define and run kernels (always on the
//                        host backend; under nvcc or hipcc on GPUs), else 0
//   XCUB_EXEC_CHECK_DISABLE  before a host-device template that may call device- or host-only code
//   XCUB_UNROLL          asks the compiler to unroll the loop that follows
//   XCUB_HAS_DEVICE_LAYER  1 where this translation unit can call the device layer (DeviceReduce,
//                        DeviceScan, ...): where it has kernels, and everywhere on the kokkos backend,
//                        whose device layer runs on Kokkos parallel patterns (docs/kokkos-backend.md)
//   XCUB_HAS_COOPERATIVE_LAYERS  1 where the warp and block layers exist (host, cuda, hip); 0 on the
//                        kokkos backend, where including them is a compile-time error
//   XCUB_SHARED(T, name) declares `T& name`, one object per thread block (`__shared__` on GPUs).
//                        Name array types and types with a top-level comma with `using` first:
//                        `using tile = int[256]; XCUB_SHARED(tile, items);`
#pragma once

#if __has_include(<xcub/backend_config.hpp>)
#include <xcub/backend_config.hpp>
#else  // header-only: the backend from the command line, else from the compiler
#if !defined(XCUB_BACKEND_HOST) && !defined(XCUB_BACKEND_CUDA) && !defined(XCUB_BACKEND_HIP) && \
    !defined(XCUB_BACKEND_KOKKOS)
#if defined(__CUDACC__) && defined(__HIPCC__)
#error "xcub: both __CUDACC__ and __HIPCC__ are defined, so the compiler does not tell the backend: define XCUB_BACKEND_CUDA=1 or XCUB_BACKEND_HIP=1 (or XCUB_BACKEND_HOST=1, XCUB_BACKEND_KOKKOS=1)"
#elif defined(__HIPCC__)
#define XCUB_BACKEND_HIP 1
#elif defined(__CUDACC__)
#define XCUB_BACKEND_CUDA 1
#else
#define XCUB_BACKEND_HOST 1
#endif
#endif
#ifndef XCUB_BACKEND_HOST
#define XCUB_BACKEND_HOST 0
#endif
#ifndef XCUB_BACKEND_CUDA
#define XCUB_BACKEND_CUDA 0
#endif
#ifndef XCUB_BACKEND_HIP
#define XCUB_BACKEND_HIP 0
#endif
#ifndef XCUB_BACKEND_KOKKOS
#define XCUB_BACKEND_KOKKOS 0
#endif
#ifndef XCUB_HOST_WARP_THREADS  // the Meson option's default
#define XCUB_HOST_WARP_THREADS 32
#endif
#if XCUB_BACKEND_HOST && XCUB_HOST_WARP_THREADS != 32 && XCUB_HOST_WARP_THREADS != 64
#error "xcub: XCUB_HOST_WARP_THREADS must be 32 or 64"
#endif
// The kernels' inline namespace (device/detail/kernel_namespace.hpp): the host's names the warp
// width; a GPU compile's target list is not visible to the preprocessor, so a header-only GPU
// build has one name of its own, apart from every configured build's.
#define XCUB_DETAIL_CONFIG_CAT_(a, b) a##b
#define XCUB_DETAIL_CONFIG_CAT(a, b) XCUB_DETAIL_CONFIG_CAT_(a, b)
#if XCUB_BACKEND_HOST
#define XCUB_BACKEND_NAME "host"
#define XCUB_TARGETS_TAG XCUB_DETAIL_CONFIG_CAT(host_w, XCUB_HOST_WARP_THREADS)
#elif XCUB_BACKEND_CUDA
#define XCUB_BACKEND_NAME "cuda"
#define XCUB_TARGETS_TAG cuda_header_only
#elif XCUB_BACKEND_HIP
#define XCUB_BACKEND_NAME "hip"
#define XCUB_TARGETS_TAG hip_header_only
#elif XCUB_BACKEND_KOKKOS
#define XCUB_BACKEND_NAME "kokkos"
#define XCUB_TARGETS_TAG kokkos_header_only
#endif
#endif

#ifndef XCUB_BACKEND_KOKKOS  // configured before the kokkos backend existed
#define XCUB_BACKEND_KOKKOS 0
#endif
#if (XCUB_BACKEND_HOST + XCUB_BACKEND_CUDA + XCUB_BACKEND_HIP + XCUB_BACKEND_KOKKOS) != 1
#error "xcub: exactly one of XCUB_BACKEND_HOST, XCUB_BACKEND_CUDA, XCUB_BACKEND_HIP, XCUB_BACKEND_KOKKOS must be 1 (header-only use: define one of them as 1 and leave the others undefined)"
#endif

#include <xcub/backend/qualifiers.hpp>

#if XCUB_BACKEND_KOKKOS
#define XCUB_HAS_DEVICE_LAYER 1
#define XCUB_HAS_COOPERATIVE_LAYERS 0
#else
#define XCUB_HAS_DEVICE_LAYER XCUB_HAS_KERNELS
#define XCUB_HAS_COOPERATIVE_LAYERS 1
#endif

namespace xcub {
/// The backend this translation unit is built for, as a string ("host", "cuda", "hip", "kokkos").
inline constexpr const char* backend_name = XCUB_BACKEND_NAME;
}  // namespace xcub
