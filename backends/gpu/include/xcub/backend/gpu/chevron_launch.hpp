// xcub/backend/gpu/chevron_launch.hpp: xcub::launch for the GPU backends (CUDA, and HIP through
// hip-clang): the triple-chevron launch followed by reading the launch error back. Included by the
// cuda and hip backends' <xcub/backend/launch.hpp>, in translation units that can hold kernels.
#pragma once

#include <cstddef>
#include <utility>

#include <xcub/runtime.hpp>

namespace xcub {

template <class... Params, class... Args>
error_t launch(dim3 grid, dim3 block, std::size_t shared_bytes, stream_t stream, void (*kernel)(Params...),
               Args&&... args) {
  static_assert(sizeof...(Params) == sizeof...(Args),
                "xcub::launch: the number of arguments differs from the kernel's parameters");
  kernel<<<grid, block, shared_bytes, stream>>>(std::forward<Args>(args)...);
  return get_last_error();
}

}  // namespace xcub
