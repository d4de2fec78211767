// xcub/arch/scope.hpp: the scopes of atomics and fences in the backend contract.
#pragma once

namespace xcub::arch {

/// Which threads an atomic operation or a fence must be coherent with.
/// `block`: threads of the calling thread block (cheaper: may stay in the SM/CU).
/// `device`: every thread of every block on the device (the default, like CUDA's atomicAdd).
enum class scope { block, device };

}  // namespace xcub::arch
