// CUDA launch: xcub::launch is the triple-chevron launch plus the launch-error check.
#pragma once

#include <cstddef>
#include <utility>

namespace xcub {

template <class... Params, class... Args>
error_t launch(dim3 grid, dim3 block, std::size_t shared_bytes, stream_t stream, void (*kernel)(Params...),
               Args&&... args) {
  static_assert(sizeof...(Params) == sizeof...(Args),
                "xcub::launch: the number of arguments differs from the kernel's parameters");
  kernel<<<grid, block, shared_bytes, stream>>>(std::forward<Args>(args)...);
  return cudaGetLastError();
}

}  // namespace xcub
