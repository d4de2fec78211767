// xcub/launch.hpp: one way to launch a kernel on every backend.
//
//   XCUB_KERNEL void scale(float* data, float factor, int n) { ... }
//   xcub::error_t err = xcub::launch(xcub::dim3(blocks), xcub::dim3(256), 0, stream, scale, d_data, 2.0f, n);
//
// launch(grid, block, shared_bytes, stream, kernel, args...) runs `kernel(args...)` on a grid of
// `grid` blocks of `block` threads with `shared_bytes` of dynamic shared memory, and returns the
// launch error (an invalid configuration, say); errors raised while the kernel runs surface at
// the next synchronisation, as on CUDA. On the host backend the grid runs to completion before
// launch returns, and `stream` is accepted but not needed.
//
// For the device layer's dispatch (host code, in kernel translation units), every backend also has:
//   kernel_arch_version(kernel, &arch)   the architecture `kernel` runs as on the current device, as
//                                        its device pass saw arch::target_arch() (CUDA: the kernel's
//                                        PTX version; HIP: the device's gfx target; host: 0)
//   max_active_blocks_per_multiprocessor(&blocks, kernel, block_threads, shared_bytes)
//   launch_overlapped(kernel_arch, grid, ...)  as launch, but on CUDA sm_90 (kernel_arch >= 900) the
//                                        kernel may start while the stream's previous grid runs: it
//                                        calls arch::wait_for_previous_grid() before touching what
//                                        that grid writes (programmatic dependent launch); elsewhere
//                                        an ordinary launch
#pragma once

#include <xcub/config.hpp>
#include <xcub/runtime.hpp>
#if XCUB_HAS_KERNELS  // launching needs the GPU compiler on CUDA and HIP
#include <xcub/backend/launch.hpp>
#endif
