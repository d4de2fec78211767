// Host launch: the emulator runs the grid before launch returns; every logical thread calls
// the kernel with its own copy of the arguments, converted to the kernel's parameter types.
#pragma once

#include <xcub/runtime.hpp>

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace xcub {

template <class... Params, class... Args>
error_t launch(dim3 grid, dim3 block, std::size_t shared_bytes, stream_t /*stream*/, void (*kernel)(Params...),
               Args&&... args) {
  static_assert(sizeof...(Params) == sizeof...(Args),
                "xcub::launch: the number of arguments differs from the kernel's parameters");
  struct call {
    void (*kernel)(Params...);
    std::tuple<std::decay_t<Params>...> params;
    static void run(void* self) {
      auto& c = *static_cast<call*>(self);
      std::apply(c.kernel, c.params);  // parameters are by value: each thread gets copies
    }
  } c{kernel, std::tuple<std::decay_t<Params>...>(std::forward<Args>(args)...)};
  const host::detail::launch_request request{grid, block, shared_bytes, reinterpret_cast<const void*>(kernel)};
  return host::detail::run_grid(request, &call::run, &c);
}

/// The emulator runs one grid at a time: an ordinary launch.
template <class... Params, class... Args>
error_t launch_overlapped(int /*kernel_arch*/, dim3 grid, dim3 block, std::size_t shared_bytes, stream_t stream,
                          void (*kernel)(Params...), Args&&... args) {
  return launch(grid, block, shared_bytes, stream, kernel, std::forward<Args>(args)...);
}

/// The emulator is one architecture, numbered 0 (arch::target_arch() in every kernel).
template <class... Params>
error_t kernel_arch_version(void (*)(Params...), int& arch) {
  arch = 0;
  return success;
}

/// The emulator takes up to 227 KiB of dynamic shared memory per block (Hopper's opt-in maximum)
/// without being asked; more is refused here, as CUDA refuses it.
template <class... Params>
error_t allow_dynamic_shared_bytes(void (*)(Params...), std::size_t bytes) {
  return bytes <= 227 * 1024 ? success : error_invalid_value;
}

/// Blocks the emulator keeps in flight per "multiprocessor" (one per hardware thread): a few, so
/// that grids sized from it still interleave several blocks.
template <class... Params>
error_t max_active_blocks_per_multiprocessor(int& blocks, void (*)(Params...), int /*block_threads*/,
                                             std::size_t /*shared_bytes*/) {
  blocks = 4;
  return success;
}

}  // namespace xcub
