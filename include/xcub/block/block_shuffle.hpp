// xcub/block/block_shuffle.hpp: BlockShuffle, moving items between the threads of a block by rank
// (one item per thread by an offset or a rotation, or a blocked tile shifted by one item), as CUB's
// BlockShuffle.
//
// Contract:
//   BlockShuffle<T, BLOCK_DIM_X, BLOCK_DIM_Y = 1, BLOCK_DIM_Z = 1>; any block shape (1..1024
//   threads, ranked row-major, x fastest), the dimensions being the launch's. Every thread calls,
//   together, the same method (each contains one block barrier); results are valid when it returns.
//   - Offset(input, output, distance = 1): output = input of rank + distance, where that rank exists
//     (distance may be negative); other threads' output is left unchanged.
//   - Rotate(input, output, distance = 1): output = input of rank (rank + distance) mod BLOCK_THREADS
//     (CUB asks distance < BLOCK_THREADS; larger ones wrap here).
//   - Up(input, prev[, block_suffix]): the blocked tile moves up by one item: prev[i] = the item
//     before input[i] in the tile (input[i-1], or the previous rank's last item for i = 0); rank 0's
//     prev[0] is left unchanged. block_suffix = the tile's last item (the last rank's
//     input[ITEMS_PER_THREAD - 1]), in every thread.
//   - Down(input, next[, block_prefix]): the tile moves down by one item: next[i] = the item after
//     input[i] (input[i+1], or the next rank's first item for the last i); the last rank's
//     next[ITEMS_PER_THREAD - 1] is left unchanged. block_prefix = the tile's first item (rank 0's
//     input[0]), in every thread. (CUB names this parameter `prev` too.)
//   - prev / next may be input itself.
//   - TempStorage: one item per thread (BLOCK_THREADS * sizeof(T) bytes); a call reads it after its
//     barrier, so reusing it (another call included) needs arch::sync_threads() first.
// Device code (XCUB_DEVICE).
//
//   XCUB_KERNEL void neighbours(const int* data, int* left) {    // blocks of 128 threads
//     using Shuffle = xcub::BlockShuffle<int, 128>;
//     XCUB_SHARED(Shuffle::TempStorage, storage);
//     const int t = static_cast<int>(xcub::arch::thread_idx().x);
//     int v = -1;
//     Shuffle(storage).Offset(data[t], v, -1);   // v = data[t - 1]; thread 0 keeps -1
//     left[t] = v;
//   }
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/detail/private_storage.hpp>

namespace xcub {

template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockShuffle {
  using shape = detail::block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  static constexpr int BLOCK_THREADS = shape::threads;

 public:
  /// One item per thread, at the thread's rank.
  struct TempStorage {
    alignas(T) unsigned char bytes[sizeof(T) * BLOCK_THREADS];
  };

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE BlockShuffle() : BlockShuffle(detail::private_storage<TempStorage>()) {}
  XCUB_DEVICE XCUB_FORCEINLINE BlockShuffle(TempStorage& temp_storage)
      : items_(reinterpret_cast<T*>(temp_storage.bytes)), rank_(shape::rank()) { detail::check_block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>("xcub::BlockShuffle"); }

  XCUB_DEVICE XCUB_FORCEINLINE void Offset(T input, T& output, int distance = 1) {
    publish(input);
    const int source = rank_ + distance;
    if (source >= 0 && source < BLOCK_THREADS) output = items_[source];
  }

  XCUB_DEVICE XCUB_FORCEINLINE void Rotate(T input, T& output, unsigned int distance = 1) {
    publish(input);
    unsigned int source = static_cast<unsigned int>(rank_) + distance % static_cast<unsigned int>(BLOCK_THREADS);
    if (source >= static_cast<unsigned int>(BLOCK_THREADS)) source -= BLOCK_THREADS;
    output = items_[source];
  }

  template <int ITEMS_PER_THREAD>
  XCUB_DEVICE XCUB_FORCEINLINE void Up(const T (&input)[ITEMS_PER_THREAD], T (&prev)[ITEMS_PER_THREAD]) {
    publish(input[ITEMS_PER_THREAD - 1]);
    for (int i = ITEMS_PER_THREAD - 1; i > 0; --i) prev[i] = input[i - 1];  // downwards: prev may be input
    if (rank_ > 0) prev[0] = items_[rank_ - 1];
  }

  template <int ITEMS_PER_THREAD>
  XCUB_DEVICE XCUB_FORCEINLINE void Up(const T (&input)[ITEMS_PER_THREAD], T (&prev)[ITEMS_PER_THREAD],
                                       T& block_suffix) {
    Up(input, prev);
    block_suffix = items_[BLOCK_THREADS - 1];
  }

  template <int ITEMS_PER_THREAD>
  XCUB_DEVICE XCUB_FORCEINLINE void Down(const T (&input)[ITEMS_PER_THREAD], T (&next)[ITEMS_PER_THREAD]) {
    publish(input[0]);
    for (int i = 0; i + 1 < ITEMS_PER_THREAD; ++i) next[i] = input[i + 1];  // upwards: next may be input
    if (rank_ + 1 < BLOCK_THREADS) next[ITEMS_PER_THREAD - 1] = items_[rank_ + 1];
  }

  template <int ITEMS_PER_THREAD>
  XCUB_DEVICE XCUB_FORCEINLINE void Down(const T (&input)[ITEMS_PER_THREAD], T (&next)[ITEMS_PER_THREAD],
                                         T& block_prefix) {
    Down(input, next);
    block_prefix = items_[0];
  }

 private:
  /// Stores the caller's item at its rank, then waits for every thread's.
  XCUB_DEVICE XCUB_FORCEINLINE void publish(const T& item) {
    items_[rank_] = item;
    arch::sync_threads();
  }

  T* items_;
  int rank_;
#endif
};

}  // namespace xcub
