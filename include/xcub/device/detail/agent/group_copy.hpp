// xcub/device/detail/agent/group_copy.hpp: one range copied by a group of threads (a warp, a
// block), the moves of DeviceMemcpy::Batched and DeviceCopy::Batched. Device code.
//
// group_copy_bytes<G, WORDS>(rank, src, dst, n): the G threads of a group (rank in [0, G), every one
// calls with the same arguments; no barrier, no shared memory) copy bytes [0, n) of src to dst.
// Stores are 16-byte words aligned in the destination. Each is built from the one or two aligned
// 16-byte source words that hold its bytes, shifted into place (source and destination need not be
// aligned to each other); every source word read lies inside [src, src + n), so nothing outside the
// buffers is touched. The bytes before the first and after the last such word (at most 60 in all)
// are copied one by one. A thread has WORDS words in flight: it loads them all, then stores.
//
// group_copy_items<G, ITEMS>(rank, in, out, begin, end): out[k] = in[k] for k in [begin, end), each
// item assigned (any iterators), ITEMS items in flight per thread, striped over the group.
//
// Byte order: the shifts assume little-endian words (every backend's machine).
#pragma once

#include <cstdint>
#include <iterator>

#include <xcub/config.hpp>
#include <xcub/thread/cache_modifier.hpp>
#include <xcub/thread/detail/cache_words.hpp>
#include <xcub/backend/cache_ops.hpp>

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "xcub: group_copy_bytes shifts little-endian words");

namespace xcub::detail {

#if XCUB_HAS_KERNELS

XCUB_DEVICE XCUB_FORCEINLINE cache_word16 load_word16(const unsigned char* p) {
  return arch::load_word<LOAD_DEFAULT>(reinterpret_cast<const cache_word16*>(p));
}
XCUB_DEVICE XCUB_FORCEINLINE void store_word16(unsigned char* p, const cache_word16& w) {
  arch::store_word<STORE_DEFAULT>(reinterpret_cast<cache_word16*>(p), w);
}

/// Bytes [shift, shift + 8) of the 16 bytes lo, hi (shift in bits, a multiple of 8 below 64).
XCUB_DEVICE XCUB_FORCEINLINE std::uint64_t funnel_bytes(std::uint64_t lo, std::uint64_t hi, unsigned shift) {
  return shift == 0 ? lo : (lo >> shift) | (hi << (64 - shift));
}

/// Bytes [phase, phase + 16) of the 32 bytes a, b (phase in [0, 16)).
XCUB_DEVICE XCUB_FORCEINLINE cache_word16 shift_word16(const cache_word16& a, const cache_word16& b, unsigned phase) {
  const bool high = (phase & 8) != 0;
  const std::uint64_t w0 = high ? a.hi : a.lo, w1 = high ? b.lo : a.hi, w2 = high ? b.hi : b.lo;
  const unsigned shift = (phase & 7) * 8;
  return cache_word16{funnel_bytes(w0, w1, shift), funnel_bytes(w1, w2, shift)};
}

/// The words [0, words) of the body: destination word w at to + 16 w, its source bytes at
/// from + phase + 16 w (from: 16-byte aligned).
template <int G, int WORDS, bool ALIGNED>
XCUB_DEVICE XCUB_FORCEINLINE void copy_body(int rank, const unsigned char* from, unsigned char* to, std::uint64_t words,
                                            unsigned phase) {
  constexpr std::uint64_t step = static_cast<std::uint64_t>(G) * WORDS;
  for (std::uint64_t base = static_cast<std::uint64_t>(rank); base < words; base += step) {
    cache_word16 v[WORDS] = {};
XCUB_UNROLL
    for (int u = 0; u < WORDS; ++u) {
      const std::uint64_t w = base + static_cast<std::uint64_t>(u) * G;
      if (w < words) {
        if constexpr (ALIGNED) v[u] = load_word16(from + 16 * w);
        else v[u] = shift_word16(load_word16(from + 16 * w), load_word16(from + 16 * w + 16), phase);
      }
    }
XCUB_UNROLL
    for (int u = 0; u < WORDS; ++u) {
      const std::uint64_t w = base + static_cast<std::uint64_t>(u) * G;
      if (w < words) store_word16(to + 16 * w, v[u]);
    }
  }
}

template <int G, int WORDS>
XCUB_DEVICE XCUB_FORCEINLINE void group_copy_bytes(int rank, const unsigned char* src, unsigned char* dst,
                                                   std::uint64_t n) {
  // head: the first destination offset aligned to 16 whose source words start inside the buffer
  std::uint64_t head = (16 - reinterpret_cast<std::uintptr_t>(dst) % 16) % 16;
  const auto phase = static_cast<unsigned>((reinterpret_cast<std::uintptr_t>(src) + head) % 16);
  if (head < phase) head += 16;  // head <= 30
  // a word at offset k reads source bytes [k - phase, k - phase + 16) or, unaligned, 32 of them
  const std::uint64_t reach = phase == 0 ? 16 : 32 - phase;
  const std::uint64_t words = n >= head + reach ? (n - head - reach) / 16 + 1 : 0;
  if (words == 0) head = n;  // n < head + reach <= 61
  const std::uint64_t body_end = head + 16 * words;
  // the edges: bytes [0, head) and [body_end, n), at most 60; loaded first, stored last, so that
  // their loads are in flight with the body's
  const std::uint64_t edges = head + (n - body_end);
  constexpr int edge_bytes = (60 + G - 1) / G;  // per thread
  unsigned char edge[edge_bytes] = {};
XCUB_UNROLL
  for (int u = 0; u < edge_bytes; ++u) {
    const std::uint64_t e = static_cast<std::uint64_t>(rank) + static_cast<std::uint64_t>(u) * G;
    if (e < edges) edge[u] = src[e < head ? e : body_end + (e - head)];
  }
  if (words != 0) {
    if (phase == 0) copy_body<G, WORDS, true>(rank, src + head, dst + head, words, 0);
    else copy_body<G, WORDS, false>(rank, src + head - phase, dst + head, words, phase);
  }
XCUB_UNROLL
  for (int u = 0; u < edge_bytes; ++u) {
    const std::uint64_t e = static_cast<std::uint64_t>(rank) + static_cast<std::uint64_t>(u) * G;
    if (e < edges) dst[e < head ? e : body_end + (e - head)] = edge[u];
  }
}

template <int G, int ITEMS, class InIt, class OutIt>
XCUB_DEVICE XCUB_FORCEINLINE void group_copy_items(int rank, InIt in, OutIt out, std::uint64_t begin,
                                                   std::uint64_t end) {
  using value_t = typename std::iterator_traits<InIt>::value_type;
  using in_diff = typename std::iterator_traits<InIt>::difference_type;
  using out_diff = typename std::iterator_traits<OutIt>::difference_type;
  constexpr std::uint64_t step = static_cast<std::uint64_t>(G) * ITEMS;
  for (std::uint64_t base = begin + static_cast<std::uint64_t>(rank); base < end; base += step) {
    value_t v[ITEMS] = {};
XCUB_UNROLL
    for (int u = 0; u < ITEMS; ++u) {
      const std::uint64_t k = base + static_cast<std::uint64_t>(u) * G;
      if (k < end) v[u] = in[static_cast<in_diff>(k)];
    }
XCUB_UNROLL
    for (int u = 0; u < ITEMS; ++u) {
      const std::uint64_t k = base + static_cast<std::uint64_t>(u) * G;
      if (k < end) out[static_cast<out_diff>(k)] = v[u];
    }
  }
}

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
