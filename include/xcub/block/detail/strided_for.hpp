// xcub/block/detail/strided_for.hpp: the loops by which the threads of a warp or a block share out
// COUNT slots (slot i to thread i % STRIDE), with COUNT and STRIDE known at compile time.
//
// `for (i = me; i < COUNT; i += STRIDE)` has a trip count nvcc cannot see (`me` is a runtime
// value), so it compiles a remainder loop and several unrolled copies: a branch and about 50
// instructions to clear 256 ints from a warp in the early-counts ranking, once per tile. With COUNT
// and STRIDE constant the loop unrolls to ceil(COUNT / STRIDE) steps, guarded only where STRIDE
// does not divide COUNT.
#pragma once

#include <cstddef>
#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/thread/detail/cache_words.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS
/// Calls f(i) for every i in [0, COUNT) with i % STRIDE == me, in increasing order; `me` must be in
/// [0, STRIDE) (a lane and the warp's width, a rank and the block's threads).
template <int COUNT, int STRIDE, class F>
XCUB_DEVICE XCUB_FORCEINLINE void strided_for(int me, F&& f) {
  static_assert(STRIDE > 0, "strided_for: the stride must be positive");
XCUB_UNROLL
  for (int k = 0; k < (COUNT + STRIDE - 1) / STRIDE; ++k) {
    const int i = me + k * STRIDE;
    if (COUNT % STRIDE == 0 || i < COUNT) f(i);
  }
}

/// Called by every lane of a whole warp (`lane` in [0, arch::warp_threads)): zeroes the COUNT
/// integers (4 or 8 bytes each) at `region` in words of WORD_BYTES (4, 8 or 16) where they fill
/// whole words (`region` then aligned to a word), else integer by integer; word w from lane
/// w % warp_threads, so a warp-wide store covers consecutive bytes (no bank conflicts). Orders
/// nothing: the caller syncs the warp (or block) before anyone reads them. A 16-byte word needs
/// four zero registers at once, which can cost a kernel its register budget: callers choose.
template <int COUNT, std::size_t WORD_BYTES = 16, class Int>
XCUB_DEVICE XCUB_FORCEINLINE void warp_zero(Int* region, int lane) {
  static_assert(sizeof(Int) == 4 || sizeof(Int) == 8, "warp_zero clears 4- or 8-byte integers");
  static_assert(WORD_BYTES == 4 || WORD_BYTES == 8 || WORD_BYTES == 16, "words of 4, 8 or 16 bytes");
  constexpr std::size_t BYTES = COUNT * sizeof(Int);
  if constexpr (WORD_BYTES >= sizeof(Int) && BYTES % WORD_BYTES == 0) {
    using word_t = typename cache_word_of<WORD_BYTES>::type;
    word_t* const words = reinterpret_cast<word_t*>(region);
    strided_for<static_cast<int>(BYTES / WORD_BYTES), arch::warp_threads>(lane, [&](int w) { words[w] = word_t{}; });
  } else {
    strided_for<COUNT, arch::warp_threads>(lane, [&](int i) { region[i] = 0; });
  }
}
#endif

}  // namespace xcub::detail
