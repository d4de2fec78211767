// xcub/block/load_store_direct.hpp: CUB's LoadDirect* and StoreDirect* free functions: one thread's
// share of a tile moved between memory and registers in a given arrangement, with no exchange and
// no shared memory (thin wrappers over xcub/detail/direct_io.hpp, which BlockLoad and BlockStore use).
//
// Contract (as CUB): `linear_tid` is the caller's rank in its block (row-major); `block_itr` points at
// the tile's first item; the tile is the block's BLOCK_THREADS * ITEMS_PER_THREAD items.
//   LoadDirectBlocked / StoreDirectBlocked          blocked: rank r, items [r * ITEMS, (r + 1) * ITEMS)
//   LoadDirectBlockedVectorized / StoreDirectBlockedVectorized
//                                                   blocked, in vector words of up to 16 bytes where T
//                                                   is trivially copyable, the row is wider than one
//                                                   item's word and the pointer is aligned to the words
//                                                   (checked at run time); LoadDirectBlocked otherwise
//   LoadDirectStriped<BLOCK_THREADS> / StoreDirectStriped<BLOCK_THREADS>
//                                                   striped: rank r, items r, r + BLOCK_THREADS, ...
//   LoadDirectWarpStriped / StoreDirectWarpStriped  warp-striped: warp w owns items
//                                                   [w * W * ITEMS, (w + 1) * W * ITEMS) striped across
//                                                   its lanes (W = arch::warp_threads)
//   Guarded forms: (..., valid_items) touch only tile positions below valid_items (loads leave the
//   other items as they were); loads also take (..., valid_items, oob_default), which sets the others.
//   Any thread may call them alone: nothing is shared and no barrier is taken.
// Device code (XCUB_DEVICE).
//
//   int items[4];
//   xcub::LoadDirectStriped<128>(threadIdx.x, d_in, items, n, -1);   // items[i] = d_in[t + 128 i] or -1
//   xcub::StoreDirectBlocked(threadIdx.x, d_out, items, n);           // d_out[4t + i] = items[i] below n
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/detail/direct_io.hpp>

namespace xcub {

#if XCUB_HAS_KERNELS

// ---- loads --------------------------------------------------------------------------------------

template <class T, int ITEMS_PER_THREAD, class InputIteratorT>
XCUB_DEVICE XCUB_FORCEINLINE void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr,
                                                    T (&items)[ITEMS_PER_THREAD]) {
  detail::load_blocked(linear_tid, block_itr, items);
}
template <class T, int ITEMS_PER_THREAD, class InputIteratorT>
XCUB_DEVICE XCUB_FORCEINLINE void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr,
                                                    T (&items)[ITEMS_PER_THREAD], int valid_items) {
  detail::load_blocked(linear_tid, block_itr, items, valid_items);
}
template <class T, int ITEMS_PER_THREAD, class InputIteratorT, class DefaultT>
XCUB_DEVICE XCUB_FORCEINLINE void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr,
                                                    T (&items)[ITEMS_PER_THREAD], int valid_items,
                                                    DefaultT oob_default) {
  detail::load_blocked(linear_tid, block_itr, items, valid_items, oob_default);
}

template <class T, int ITEMS_PER_THREAD>
XCUB_DEVICE XCUB_FORCEINLINE void LoadDirectBlockedVectorized(int linear_tid, const T* block_ptr,
                                                              T (&items)[ITEMS_PER_THREAD]) {
  detail::load_blocked_vectorized(linear_tid, block_ptr, items);
}

template <int BLOCK_THREADS, class T, int ITEMS_PER_THREAD, class InputIteratorT>
XCUB_DEVICE XCUB_FORCEINLINE void LoadDirectStriped(int linear_tid, InputIteratorT block_itr,
                                                    T (&items)[ITEMS_PER_THREAD]) {
  detail::load_striped<BLOCK_THREADS>(linear_tid, block_itr, items);
}
template <int BLOCK_THREADS, class T, int ITEMS_PER_THREAD, class InputIteratorT>
XCUB_DEVICE XCUB_FORCEINLINE void LoadDirectStriped(int linear_tid, InputIteratorT block_itr,
                                                    T (&items)[ITEMS_PER_THREAD], int valid_items) {
  detail::load_striped<BLOCK_THREADS>(linear_tid, block_itr, items, valid_items);
}
template <int BLOCK_THREADS, class T, int ITEMS_PER_THREAD, class InputIteratorT, class DefaultT>
XCUB_DEVICE XCUB_FORCEINLINE void LoadDirectStriped(int linear_tid, InputIteratorT block_itr,
                                                    T (&items)[ITEMS_PER_THREAD], int valid_items,
                                                    DefaultT oob_default) {
  detail::load_striped<BLOCK_THREADS>(linear_tid, block_itr, items, valid_items, oob_default);
}

template <class T, int ITEMS_PER_THREAD, class InputIteratorT>
XCUB_DEVICE XCUB_FORCEINLINE void LoadDirectWarpStriped(int linear_tid, InputIteratorT block_itr,
                                                        T (&items)[ITEMS_PER_THREAD]) {
  detail::load_warp_striped<arch::warp_threads>(linear_tid, block_itr, items);
}
template <class T, int ITEMS_PER_THREAD, class InputIteratorT>
XCUB_DEVICE XCUB_FORCEINLINE void LoadDirectWarpStriped(int linear_tid, InputIteratorT block_itr,
                                                        T (&items)[ITEMS_PER_THREAD], int valid_items) {
  detail::load_warp_striped<arch::warp_threads>(linear_tid, block_itr, items, valid_items);
}
template <class T, int ITEMS_PER_THREAD, class InputIteratorT, class DefaultT>
XCUB_DEVICE XCUB_FORCEINLINE void LoadDirectWarpStriped(int linear_tid, InputIteratorT block_itr,
                                                        T (&items)[ITEMS_PER_THREAD], int valid_items,
                                                        DefaultT oob_default) {
  detail::load_warp_striped<arch::warp_threads>(linear_tid, block_itr, items, valid_items, oob_default);
}

// ---- stores -------------------------------------------------------------------------------------

template <class T, int ITEMS_PER_THREAD, class OutputIteratorT>
XCUB_DEVICE XCUB_FORCEINLINE void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr,
                                                     const T (&items)[ITEMS_PER_THREAD]) {
  detail::store_blocked(linear_tid, block_itr, items);
}
template <class T, int ITEMS_PER_THREAD, class OutputIteratorT>
XCUB_DEVICE XCUB_FORCEINLINE void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr,
                                                     const T (&items)[ITEMS_PER_THREAD], int valid_items) {
  detail::store_blocked(linear_tid, block_itr, items, valid_items);
}

template <class T, int ITEMS_PER_THREAD>
XCUB_DEVICE XCUB_FORCEINLINE void StoreDirectBlockedVectorized(int linear_tid, T* block_ptr,
                                                               const T (&items)[ITEMS_PER_THREAD]) {
  detail::store_blocked_vectorized(linear_tid, block_ptr, items);
}

template <int BLOCK_THREADS, class T, int ITEMS_PER_THREAD, class OutputIteratorT>
XCUB_DEVICE XCUB_FORCEINLINE void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr,
                                                     const T (&items)[ITEMS_PER_THREAD]) {
  detail::store_striped<BLOCK_THREADS>(linear_tid, block_itr, items);
}
template <int BLOCK_THREADS, class T, int ITEMS_PER_THREAD, class OutputIteratorT>
XCUB_DEVICE XCUB_FORCEINLINE void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr,
                                                     const T (&items)[ITEMS_PER_THREAD], int valid_items) {
  detail::store_striped<BLOCK_THREADS>(linear_tid, block_itr, items, valid_items);
}

template <class T, int ITEMS_PER_THREAD, class OutputIteratorT>
XCUB_DEVICE XCUB_FORCEINLINE void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_itr,
                                                         const T (&items)[ITEMS_PER_THREAD]) {
  detail::store_warp_striped<arch::warp_threads>(linear_tid, block_itr, items);
}
template <class T, int ITEMS_PER_THREAD, class OutputIteratorT>
XCUB_DEVICE XCUB_FORCEINLINE void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_itr,
                                                         const T (&items)[ITEMS_PER_THREAD], int valid_items) {
  detail::store_warp_striped<arch::warp_threads>(linear_tid, block_itr, items, valid_items);
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub
