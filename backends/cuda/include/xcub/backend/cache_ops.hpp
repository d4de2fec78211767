// CUDA cache-modified loads and stores: the machine part of xcub::ThreadLoad and ThreadStore.
//
// arch::load_word<M>(p) and arch::store_word<M>(p, w) move one word (1, 2, 4, 8 or 16 bytes, see
// <xcub/thread/detail/cache_words.hpp>):
//
//   LOAD_DEFAULT / STORE_DEFAULT     plain load / store
//   LOAD_CA / CG / CS / CV           ld.ca / ld.cg / ld.cs / ld.cv
//   LOAD_LDG                         ld.global.nc (read-only data cache; global memory only, as CUB)
//   LOAD_VOLATILE                    ld.volatile
//   STORE_WB / CG / CS / WT          st.wb / st.cg / st.cs / st.wt
//   STORE_VOLATILE                   st.volatile
//
// The cache operators take generic addresses, so one instruction serves whatever space the pointer
// is in (they are ignored outside global memory) and no address-space test is needed. The asm is
// volatile with a memory clobber: never merged, dropped or moved across other accesses.
#pragma once

#include <cstdint>

#include <xcub/thread/cache_modifier.hpp>
#include <xcub/thread/detail/cache_words.hpp>
#include <xcub/thread/detail/volatile_words.hpp>

// Host-compiler translation units of CUDA builds see the declarations only.
#if XCUB_HAS_KERNELS
namespace xcub::arch {
namespace detail {

using xcub::detail::cache_word16;

// Typed word accesses, as CUB's: NVVM keeps them one aligned access where a memcpy of the word
// from a pointer of unknown space becomes byte loads.
template <class W>
XCUB_DEVICE XCUB_FORCEINLINE W plain_load(const W* p) {
  return *p;
}
template <class W>
XCUB_DEVICE XCUB_FORCEINLINE void plain_store(W* p, W w) {
  *p = w;
}

XCUB_DEVICE XCUB_FORCEINLINE std::size_t generic_address(const void* p) { return reinterpret_cast<std::size_t>(p); }
XCUB_DEVICE XCUB_FORCEINLINE std::size_t global_address(const void* p) { return __cvta_generic_to_global(p); }

// One overload per word size for each PTX cache operator. Sub-word values travel in 32- and
// 16-bit registers (PTX allows registers wider than the access).
#define XCUB_CUDA_LOADS(name, op, address)                                                                    \
  XCUB_DEVICE XCUB_FORCEINLINE std::uint8_t name(const std::uint8_t* p) {                                  \
    std::uint32_t r;                                                                                        \
    asm volatile(op ".u8 %0, [%1];" : "=r"(r) : "l"(address(p)) : "memory");           \
    return static_cast<std::uint8_t>(r);                                                                    \
  }                                                                                                         \
  XCUB_DEVICE XCUB_FORCEINLINE std::uint16_t name(const std::uint16_t* p) {                                \
    std::uint16_t r;                                                                                        \
    asm volatile(op ".u16 %0, [%1];" : "=h"(r) : "l"(address(p)) : "memory");          \
    return r;                                                                                               \
  }                                                                                                         \
  XCUB_DEVICE XCUB_FORCEINLINE std::uint32_t name(const std::uint32_t* p) {                                \
    std::uint32_t r;                                                                                        \
    asm volatile(op ".u32 %0, [%1];" : "=r"(r) : "l"(address(p)) : "memory");          \
    return r;                                                                                               \
  }                                                                                                         \
  XCUB_DEVICE XCUB_FORCEINLINE std::uint64_t name(const std::uint64_t* p) {                                \
    unsigned long long r;                                                                                   \
    asm volatile(op ".u64 %0, [%1];" : "=l"(r) : "l"(address(p)) : "memory");          \
    return r;                                                                                               \
  }                                                                                                         \
  XCUB_DEVICE XCUB_FORCEINLINE cache_word16 name(const cache_word16* p) {                                  \
    unsigned long long lo, hi;                                                                              \
    asm volatile(op ".v2.u64 {%0, %1}, [%2];" : "=l"(lo), "=l"(hi) : "l"(address(p))  \
                 : "memory");                                                                               \
    return cache_word16{lo, hi};                                                                            \
  }

#define XCUB_CUDA_STORES(name, op, address)                                                                   \
  XCUB_DEVICE XCUB_FORCEINLINE void name(std::uint8_t* p, std::uint8_t w) {                                \
    asm volatile(op ".u8 [%0], %1;" ::"l"(address(p)), "r"(std::uint32_t{w}) : "memory"); \
  }                                                                                                         \
  XCUB_DEVICE XCUB_FORCEINLINE void name(std::uint16_t* p, std::uint16_t w) {                              \
    asm volatile(op ".u16 [%0], %1;" ::"l"(address(p)), "h"(w) : "memory");            \
  }                                                                                                         \
  XCUB_DEVICE XCUB_FORCEINLINE void name(std::uint32_t* p, std::uint32_t w) {                              \
    asm volatile(op ".u32 [%0], %1;" ::"l"(address(p)), "r"(w) : "memory");            \
  }                                                                                                         \
  XCUB_DEVICE XCUB_FORCEINLINE void name(std::uint64_t* p, std::uint64_t w) {                              \
    asm volatile(op ".u64 [%0], %1;" ::"l"(address(p)), "l"((unsigned long long)w)     \
                 : "memory");                                                                               \
  }                                                                                                         \
  XCUB_DEVICE XCUB_FORCEINLINE void name(cache_word16* p, cache_word16 w) {                                \
    asm volatile(op ".v2.u64 [%0], {%1, %2};" ::"l"(address(p)),                       \
                 "l"((unsigned long long)w.lo), "l"((unsigned long long)w.hi)                               \
                 : "memory");                                                                               \
  }

XCUB_CUDA_LOADS(ld_ca, "ld.ca", generic_address)
XCUB_CUDA_LOADS(ld_cg, "ld.cg", generic_address)
XCUB_CUDA_LOADS(ld_cs, "ld.cs", generic_address)
XCUB_CUDA_LOADS(ld_cv, "ld.cv", generic_address)
XCUB_CUDA_LOADS(ld_nc, "ld.global.nc", global_address)
XCUB_CUDA_STORES(st_wb, "st.wb", generic_address)
XCUB_CUDA_STORES(st_cg, "st.cg", generic_address)
XCUB_CUDA_STORES(st_cs, "st.cs", generic_address)
XCUB_CUDA_STORES(st_wt, "st.wt", generic_address)
#undef XCUB_CUDA_LOADS
#undef XCUB_CUDA_STORES

}  // namespace detail

template <CacheLoadModifier M, class W>
XCUB_DEVICE XCUB_FORCEINLINE W load_word(const W* p) {
  if constexpr (M == LOAD_DEFAULT) {
    return detail::plain_load(p);
  } else if constexpr (M == LOAD_VOLATILE) {
    return detail::volatile_load(p);
  } else {
    if constexpr (M == LOAD_CA) return detail::ld_ca(p);
    if constexpr (M == LOAD_CG) return detail::ld_cg(p);
    if constexpr (M == LOAD_CS) return detail::ld_cs(p);
    if constexpr (M == LOAD_CV) return detail::ld_cv(p);
    if constexpr (M == LOAD_LDG) return detail::ld_nc(p);
  }
}

template <CacheStoreModifier M, class W>
XCUB_DEVICE XCUB_FORCEINLINE void store_word(W* p, W w) {
  if constexpr (M == STORE_DEFAULT) {
    detail::plain_store(p, w);
  } else if constexpr (M == STORE_VOLATILE) {
    detail::volatile_store(p, w);
  } else {
    if constexpr (M == STORE_WB) detail::st_wb(p, w);
    if constexpr (M == STORE_CG) detail::st_cg(p, w);
    if constexpr (M == STORE_CS) detail::st_cs(p, w);
    if constexpr (M == STORE_WT) detail::st_wt(p, w);
  }
}

}  // namespace xcub::arch
#endif  // XCUB_HAS_KERNELS
