// xcub/detail/empty_storage.hpp: the TempStorage of the collectives that need no shared memory.
#pragma once

namespace xcub::detail {

/// An empty TempStorage: the collective works in registers (or straight on memory) alone.
struct empty_temp_storage {};

}  // namespace xcub::detail
