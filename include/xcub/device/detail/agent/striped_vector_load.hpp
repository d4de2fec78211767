// xcub/device/detail/agent/striped_vector_load.hpp: a thread's items of a full tile read as
// striped vectors, the load of agent_reduce's and agent_find's full tiles.
//
// load_striped_vectors<THREADS, ITEMS, VEC, MODIFIER>(in, base, tid, values): the tile of
// THREADS * ITEMS items at `in + base` is read as words of VEC consecutive items; thread `tid` reads
// its ITEMS / VEC words tid, tid + THREADS, tid + 2 * THREADS, ... of the tile, and word w's lanes
// land in values[w * VEC] .. values[w * VEC + VEC - 1], so a thread's items still rise with their
// index. The caller guarantees what the vector read needs: InputIt is a vector_load_source of T
// (direct_io.hpp: a pointer, or a CacheModifiedInputIterator over one), VEC * sizeof(T) is 4, 8 or
// 16 bytes, VEC divides ITEMS and `in + base` is aligned to the word. The iterator's own cache
// modifier wins over MODIFIER (the policy's). Every word is loaded before any item is used, so the
// loads overlap.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/config.hpp>
#include <xcub/detail/direct_io.hpp>
#include <xcub/thread/cache_modifier.hpp>
#include <xcub/thread/detail/cache_words.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS

template <int THREADS, int ITEMS, int VEC, CacheLoadModifier MODIFIER, class T, class InputIt, class OffsetT>
XCUB_DEVICE XCUB_FORCEINLINE void load_striped_vectors(InputIt in, OffsetT base, int tid, T (&values)[ITEMS]) {
  using source = vector_load_source<T, InputIt>;
  constexpr CacheLoadModifier modifier = source::modifier != LOAD_DEFAULT ? source::modifier : MODIFIER;
  using word = typename cache_word_of<VEC * sizeof(T)>::type;
  struct lanes {
    T v[VEC];
  };
  const word* words = reinterpret_cast<const word*>(source::pointer(in) + base);
XCUB_UNROLL
  for (int w = 0; w < ITEMS / VEC; ++w) {
    const lanes l = __builtin_bit_cast(lanes, arch::load_word<modifier>(words + tid + w * THREADS));
XCUB_UNROLL
    for (int j = 0; j < VEC; ++j) values[w * VEC + j] = l.v[j];
  }
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
