// xcub/backend/dispatch/reduce.hpp (host, cuda, hip): the device layer's dispatch for the backends
// with xcub's own kernels, included by the façade <xcub/device/device_reduce.hpp>. The kokkos
// backend puts its own header here, with the same dispatch types and signatures
// (docs/kokkos-backend.md). Kernels exist only where XCUB_HAS_KERNELS (GPU compilers, the host).
#pragma once

#include <xcub/config.hpp>
#if XCUB_HAS_KERNELS
#include <xcub/device/detail/dispatch/dispatch_reduce.hpp>
#include <xcub/device/detail/dispatch/dispatch_reduce_by_key.hpp>
#endif
