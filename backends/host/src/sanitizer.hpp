// The shared-memory region and the sanitizer's shadow of it (not installed).
//
// Every block's shared memory lives in one chunk of a region reserved once per process, so the
// instrumented code's hooks tell a shared-memory access from any other by one subtraction and
// compare. A chunk holds, from its start: an unaddressable lead gap, the launch's dynamic bytes,
// then the XCUB_SHARED objects, each 16-byte aligned (or more, as its type asks) after a gap of
// at least 32 unaddressable bytes. Under the sanitizer every byte of a chunk has a shadow cell.
#pragma once

#include "emulator.hpp"

#include <cstddef>
#include <cstdint>

namespace xcub::host::detail {

inline constexpr std::size_t chunk_bytes = 512 * 1024;  // 227 KiB dynamic + 48 KiB static + gaps
inline constexpr unsigned max_chunks = 2048;            // 1 GiB of address space, touched where used
inline constexpr std::size_t lead_gap = 128;            // the dynamic bytes start here (128-aligned)
inline constexpr std::size_t object_gap = 32;           // at least this many unaddressable bytes
inline constexpr std::size_t static_limit = 48 * 1024;  // CUDA's limit on static __shared__ bytes

/// What the sanitizer knows of one byte of shared memory: its last write, two reads since then
/// that are not known to be ordered before each other, and whether it belongs to an object.
struct shadow_cell {
  std::uint32_t wgen, wclock, rgen[2], rclock[2];  // barrier generation and thread clock; gen 0: none
  std::uint16_t wtid, rtid[2];                     // linear thread ids in the block
  std::uint8_t flags;
  const void* wpc;  // the instructions that made the accesses, for reports
  const void* rpc[2];
};
enum : std::uint8_t {
  cell_addressable = 1, cell_w_atomic = 2, cell_r_atomic = 4, cell_init_ok = 8, cell_r2_atomic = 16
};

enum : unsigned { check_race = 1, check_bounds = 2, check_init = 4 };

unsigned char* chunk_base(unsigned chunk);
shadow_cell* chunk_shadow(unsigned chunk);  // null unless the sanitizer is attached
void san_reset_shadow(emu_block& b);        // the slot's shadow, before a new block
void san_mark(emu_block& b, std::size_t offset, std::size_t bytes);  // addressable, never written
unsigned san_checks_from_environment();
unsigned san_launch_checks();  // a launch's checks; warns once where XCUB_HOST_SANITIZE asks in vain
std::size_t grid_dynamic_bytes();  // the running grid's dynamic shared bytes

}  // namespace xcub::host::detail
