// xcub/detail/private_storage.hpp: the shared memory a block collective uses when it is built
// without a TempStorage (its default constructor), as CUB's PrivateStorage.
//
// One object per thread block and per Storage type: every default-constructed collective whose
// TempStorage is that type shares it (as CUB's do), so two of them used one after the other need
// a barrier in between, exactly as with one explicit TempStorage.
#pragma once

#include <type_traits>

#include <xcub/config.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS
template <class Storage>
XCUB_DEVICE XCUB_FORCEINLINE Storage& private_storage() {
  static_assert(std::is_trivially_default_constructible_v<Storage>,
                "xcub: a TempStorage is raw shared memory: it must be trivially default-constructible");
  XCUB_SHARED(Storage, storage);
  return storage;
}
#endif

}  // namespace xcub::detail
