// xcub/agent/single_pass_scan_operators.hpp: the decoupled look-back's building blocks under CUB's
// names, for single-pass scans written in user kernels (CUB's <cub/agent/single_pass_scan_operators.cuh>).
//
//   ScanTileState<T>                       the per-tile status of a single-pass scan: a view of
//                                          device memory, passed to kernels by value
//   TilePrefixCallbackOp<T, ScanOp, ScanTileState<T>>   BlockScan's block prefix callback for
//                                          tiles 1 and up: publishes the tile's aggregate, looks
//                                          back over the tiles before it, publishes the inclusive
//                                          prefix, returns the exclusive one
//   BlockScanRunningPrefixOp<T, ScanOp>    a running prefix for a block that scans tile after tile
//
// The state and the look-back are the ones xcub's own DeviceScan runs on
// (device/detail/lookback/): these classes are a face over them, with CUB's members.
//
// A single-pass scan in a user kernel (every backend; CUB's example_device_decoupled_look_back shape):
//
//   using TileState = xcub::ScanTileState<int>;
//   XCUB_KERNEL void init(TileState state, int num_tiles) { state.InitializeStatus(num_tiles); }
//   XCUB_KERNEL void scan(const int* in, int* out, TileState state) {
//     using BlockScan = xcub::BlockScan<int, 128>;
//     using Prefix = xcub::TilePrefixCallbackOp<int, xcub::Sum, TileState>;
//     struct storage_t { typename BlockScan::TempStorage scan; typename Prefix::TempStorage prefix; };
//     XCUB_SHARED(storage_t, storage);
//     const int tile = xcub::arch::block_idx().x;
//     int x = in[tile * 128 + xcub::arch::thread_idx().x], aggregate;
//     if (tile == 0) {
//       BlockScan(storage.scan).ExclusiveSum(x, x, aggregate);
//       if (xcub::arch::thread_idx().x == 0) state.SetInclusive(0, aggregate);
//     } else {
//       Prefix prefix(state, storage.prefix, xcub::Sum{}, tile);
//       BlockScan(storage.scan).ExclusiveSum(x, x, prefix);
//     }
//     out[tile * 128 + xcub::arch::thread_idx().x] = x;
//   }
//   // host: TileState::AllocationSize(num_tiles, bytes); allocate; state.Init(num_tiles, d_temp, bytes);
//   //       launch init over ceil(num_tiles / 128) blocks of 128, then scan over num_tiles blocks.
//
// Contract:
// - ScanTileState<T>: T trivially copyable. AllocationSize(num_tiles, bytes) sets the bytes the
//   state of num_tiles tiles takes (xcub's layout, not CUB's size); Init(num_tiles, d_temp, bytes)
//   makes the view (error_invalid_value, and nothing changed, when d_temp is null or bytes is
//   smaller than AllocationSize's). InitializeStatus(num_tiles) is called by every thread of a grid
//   of at least num_tiles threads (one tile per thread, in block-major order) before the scan kernel
//   runs, in an earlier launch. SetPartial / SetInclusive: one thread per tile. WaitForValid(tile,
//   status, value): every lane of a whole hardware warp, each with its own tile (below 0: status
//   SCAN_TILE_OOB, value untouched), waits until no lane's tile is SCAN_TILE_INVALID; status is
//   SCAN_TILE_PARTIAL or SCAN_TILE_INCLUSIVE with its value. LoadValid(tile): the value of a tile
//   seen valid. Statuses carry CUB's numbers (ScanTileStatus).
// - TilePrefixCallbackOp: constructed by every thread of the block with the tile's index (>= 1; tile
//   0 publishes its aggregate with SetInclusive itself, as in CUB) or, without one, with
//   arch::block_idx().x (each block scans the tile of its block index: the blocks of lower indices
//   must be running or done, which holds on CUDA and on the host emulator). BlockScan calls it from
//   its first warp (the block must have at least arch::warp_threads threads); a direct call needs
//   every lane of the first hardware warp too (arch::warp_threads of them: 64 on AMD CDNA). The operator needs to
//   be associative, not commutative. The return value (the exclusive prefix) is valid in lane 0, as
//   BlockScan needs it; after the scan GetExclusivePrefix(), GetInclusivePrefix(),
//   GetBlockAggregate() read it back (after a block barrier: BlockScan's last one is enough).
//   The optional DelayConstructorT of CUB is accepted and ignored (the backend's tuning picks the
//   backoff).
// These classes exist where the translation unit can define kernels (XCUB_HAS_KERNELS: every file
// on the host backend, nvcc and hipcc files on GPUs), as the kernels that use them do.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <xcub/config.hpp>

#if XCUB_HAS_KERNELS

#include <xcub/device/detail/lookback/tile_prefix_op.hpp>
#include <xcub/device/detail/lookback/tile_state.hpp>
#include <xcub/runtime.hpp>
#include <xcub/util/key_value_pair.hpp>
#include <xcub/util/uninitialized.hpp>

namespace xcub {

/// A tile's status as ScanTileState reports it (CUB's numbers).
enum ScanTileStatus {
  SCAN_TILE_OOB,           // before the first tile
  SCAN_TILE_INVALID = 99,  // nothing published yet
  SCAN_TILE_PARTIAL,       // the tile's aggregate is published
  SCAN_TILE_INCLUSIVE,     // the tile's inclusive prefix is published
};

/// CUB's memory order choice: both orders are accepted; the state always orders its loads and stores
/// as <device/detail/lookback/tile_state.hpp> documents.
enum class MemoryOrder { relaxed, acquire_release };

/// The per-tile status of a single-pass scan (CUB's ScanTileState). SINGLE_WORD is accepted for
/// CUB's spelling; the layout follows from T (detail::tile_state).
template <class T, bool SINGLE_WORD = detail::tile_state<T>::packed>
struct ScanTileState {
  using StatusValueT = T;
  using StatusWord = std::uint32_t;

  detail::tile_state<T> state{};  // the view xcub's own scans use

  XCUB_HOST_DEVICE ScanTileState() {}

  /// The bytes of device memory the state of num_tiles tiles takes.
  static error_t AllocationSize(int num_tiles, std::size_t& temp_storage_bytes) {
    if (num_tiles < 0) return error_invalid_value;
    temp_storage_bytes = detail::tile_state<T>::bytes(static_cast<std::size_t>(num_tiles));
    return success;
  }

  /// Makes this the view of `d_temp_storage` (at least AllocationSize's bytes).
  error_t Init(int num_tiles, void* d_temp_storage, std::size_t temp_storage_bytes) {
    std::size_t needed = 0;
    if (const error_t e = AllocationSize(num_tiles, needed); e != success) return e;
    if (!d_temp_storage || temp_storage_bytes < needed) return error_invalid_value;
    state = detail::tile_state<T>::carve(d_temp_storage, static_cast<std::size_t>(num_tiles));
    return success;
  }

  /// Marks the calling thread's tile (block-major thread index) invalid. Every thread of a grid of at
  /// least num_tiles threads.
  XCUB_DEVICE XCUB_FORCEINLINE void InitializeStatus(int num_tiles) const {
    const std::size_t tile =
        static_cast<std::size_t>(arch::linear_block_id()) * arch::block_threads() + arch::linear_thread_id();
    if (tile < static_cast<std::size_t>(num_tiles)) state.reset(tile);
  }

  XCUB_DEVICE XCUB_FORCEINLINE void SetPartial(int tile_idx, T tile_partial) const {
    state.set_partial(tile_idx, tile_partial);
  }
  XCUB_DEVICE XCUB_FORCEINLINE void SetInclusive(int tile_idx, T tile_inclusive) const {
    state.set_inclusive(tile_idx, tile_inclusive);
  }

  /// Every lane of a whole hardware warp: waits until no lane's tile is invalid.
  template <class DelayT = int>
  XCUB_DEVICE XCUB_FORCEINLINE void WaitForValid(int tile_idx, StatusWord& status, T& value, DelayT = {}) const {
    const std::uint32_t s = state.wait_valid(tile_idx, value);
    status = tile_idx < 0 ? StatusWord(SCAN_TILE_OOB) : cub_status(s);
  }

  /// The value of a tile whose status was seen valid.
  XCUB_DEVICE XCUB_FORCEINLINE T LoadValid(int tile_idx) const {
    T value{};
    (void)state.load(tile_idx, value);
    return value;
  }

 private:
  XCUB_DEVICE XCUB_FORCEINLINE static StatusWord cub_status(std::uint32_t s) {
    return s == detail::tile_inclusive ? StatusWord(SCAN_TILE_INCLUSIVE)
           : s == detail::tile_partial ? StatusWord(SCAN_TILE_PARTIAL)
                                       : StatusWord(SCAN_TILE_INVALID);
  }
};

/// A reduce-by-key's tile state: CUB's name for the state of (key, value) pairs.
template <class ValueT, class KeyT, bool SINGLE_WORD = false>
struct ReduceByKeyScanTileState : ScanTileState<KeyValuePair<KeyT, ValueT>> {};

/// BlockScan's block prefix callback for tile `tile_idx` >= 1 of a single-pass scan over
/// ScanTileStateT (CUB's TilePrefixCallbackOp).
template <class T, class ScanOpT, class ScanTileStateT, class DelayConstructorT = void>
struct TilePrefixCallbackOp {
  struct _TempStorage {
    T exclusive_prefix;
    T inclusive_prefix;
    T block_aggregate;
  };
  struct TempStorage : Uninitialized<_TempStorage> {};
  using StatusWord = typename ScanTileStateT::StatusWord;

  _TempStorage& temp_storage;
  ScanTileStateT& tile_status;
  ScanOpT scan_op;
  int tile_idx;
  T exclusive_prefix;
  T inclusive_prefix;

  XCUB_DEVICE XCUB_FORCEINLINE TilePrefixCallbackOp(ScanTileStateT& tile_status_, TempStorage& temp_storage_,
                                                    ScanOpT scan_op_, int tile_idx_)
      : temp_storage(temp_storage_.Alias()), tile_status(tile_status_), scan_op(scan_op_), tile_idx(tile_idx_) {}

  /// The tile is the block's index (arch::block_idx().x).
  XCUB_DEVICE XCUB_FORCEINLINE TilePrefixCallbackOp(ScanTileStateT& tile_status_, TempStorage& temp_storage_,
                                                    ScanOpT scan_op_)
      : TilePrefixCallbackOp(tile_status_, temp_storage_, scan_op_, static_cast<int>(arch::block_idx().x)) {}

  /// Called by the block's first warp with the tile's aggregate; returns the exclusive prefix (lane 0).
  XCUB_DEVICE XCUB_FORCEINLINE T operator()(T block_aggregate) {
    detail::tile_prefix_op<T, ScanOpT> look_back{tile_status.state, scan_op, tile_idx};
    exclusive_prefix = look_back(block_aggregate);
    if (arch::lane_id() == 0) {
      inclusive_prefix = static_cast<T>(scan_op(exclusive_prefix, block_aggregate));
      temp_storage.block_aggregate = block_aggregate;
      temp_storage.exclusive_prefix = exclusive_prefix;
      temp_storage.inclusive_prefix = inclusive_prefix;
    }
    return exclusive_prefix;
  }

  XCUB_DEVICE XCUB_FORCEINLINE T GetExclusivePrefix() const { return temp_storage.exclusive_prefix; }
  XCUB_DEVICE XCUB_FORCEINLINE T GetInclusivePrefix() const { return temp_storage.inclusive_prefix; }
  XCUB_DEVICE XCUB_FORCEINLINE T GetBlockAggregate() const { return temp_storage.block_aggregate; }
  XCUB_DEVICE XCUB_FORCEINLINE int GetTileIdx() const { return tile_idx; }
};

/// A running prefix for a block that scans several tiles in turn: returns the total so far and
/// adds the tile's aggregate to it (CUB's BlockScanRunningPrefixOp). Called as BlockScan's prefix
/// callback; the new total is valid in the thread that BlockScan calls it from (the first warp;
/// lane 0's is the one BlockScan uses).
template <class T, class ScanOpT>
struct BlockScanRunningPrefixOp {
  ScanOpT op;
  T running_total;

  XCUB_HOST_DEVICE XCUB_FORCEINLINE BlockScanRunningPrefixOp(ScanOpT op_) : op(op_), running_total() {}
  XCUB_HOST_DEVICE XCUB_FORCEINLINE BlockScanRunningPrefixOp(T starting_prefix, ScanOpT op_)
      : op(op_), running_total(starting_prefix) {}

  XCUB_HOST_DEVICE XCUB_FORCEINLINE T operator()(const T& block_aggregate) {
    const T prefix = running_total;
    running_total = static_cast<T>(op(running_total, block_aggregate));
    return prefix;
  }
};

}  // namespace xcub

#endif  // XCUB_HAS_KERNELS
