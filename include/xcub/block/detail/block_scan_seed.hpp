// xcub/block/detail/block_scan_seed.hpp: what a block scan puts before the block's first item,
// shared by the BlockScan variants (block_scan_raking.hpp, block_scan_warp_scans.hpp).
//
// - no_seed: nothing. The exclusive prefix of rank 0 is unspecified; the inclusive ones are the
//   plain folds.
// - value_seed: an initial value known to every thread before the scan (CUB's initial_value):
//   rank 0's exclusive prefix is it, every other prefix is op(value, fold).
// - callback_seed: a prefix known only after the block's aggregate, from CUB's block prefix
//   callback: every lane of warp 0 that exists calls callback(aggregate); lane 0's return value
//   seeds the tile as value_seed does. A device scan's decoupled look-back sits in the callback.
#pragma once

namespace xcub::detail {

struct no_seed {};

template <class T>
struct value_seed {
  T value;
};

template <class Callback>
struct callback_seed {
  Callback& callback;
};

template <class Seed>
inline constexpr bool is_no_seed = false;
template <>
inline constexpr bool is_no_seed<no_seed> = true;

template <class Seed>
inline constexpr bool is_callback_seed = false;
template <class Callback>
inline constexpr bool is_callback_seed<callback_seed<Callback>> = true;

}  // namespace xcub::detail
