// xcub/device/detail/topk_policy.hpp: the tuning policy of DeviceTopK (docs/device-topk.md), plain
// constexpr data as the other families' (policy.hpp says how a tuning maps an architecture to one).
// A top-k tuning's policy is `policy<KeyT, ValueT>(arch)` (ValueT = NullType for keys only).
#pragma once

namespace xcub::detail {

/// DeviceTopK: a radix select, most significant digit first. Each round reads the current candidates
/// (the whole input in round 0) in tiles of block_threads * items_per_thread keys, grid-strided over
/// as many blocks as are resident times `oversubscription`, and counts their next digit of
/// radix_bits bits in a shared-memory histogram; one block of scan_threads threads then finds the
/// digit of the k-th key. Candidates are copied to a buffer of num_items / buffer_divisor items when
/// they fit, and re-read from the input when they do not.
struct topk_policy {
  int block_threads;     // threads of a round's block
  int items_per_thread;  // keys per thread per tile (tile_items() below 65536)
  int radix_bits;        // bits per digit, 1..12 (shared counters: 4 << radix_bits bytes)
  int scan_threads;      // the digit scan's block
  int buffer_divisor;    // the candidate buffers hold num_items / buffer_divisor items each (>= 1)
  int oversubscription;  // round blocks per resident block
  constexpr int tile_items() const { return block_threads * items_per_thread; }
  constexpr int digits() const { return 1 << radix_bits; }
};

}  // namespace xcub::detail
