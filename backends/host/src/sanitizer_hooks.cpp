// libxcub_host_sanitizer: the entry points that -fsanitize=thread instrumentation calls, in place
// of the ThreadSanitizer runtime (the program is compiled with -fsanitize=thread but not linked
// with libtsan). Built without instrumentation. Every plain access costs a call and one compare
// against the shared-memory region; those that fall into it go to the emulator's shadow checks
// (sanitizer.cpp), and atomics are performed here and reported as synchronisation.
#include <xcub/backend/emulator_api.hpp>

#include <cstddef>
#include <cstdint>

namespace {
namespace d = xcub::host::detail;

inline bool in_region(const volatile void* p) {
  return reinterpret_cast<std::uintptr_t>(p) - d::san_region_lo < d::san_region_span;
}

__attribute__((constructor)) void attach() { d::sanitizer_attach(); }

}  // namespace

#define XCUB_RET __builtin_return_address(0)
#define XCUB_ACCESS(name, n, kind)                                                    \
  extern "C" void name(void* p) {                                                     \
    if (__builtin_expect(in_region(p), 0)) d::san_access(p, n, kind, XCUB_RET);        \
  }
#define XCUB_SIZES(prefix, kind)                                                      \
  XCUB_ACCESS(prefix##1, 1, kind)                                                     \
  XCUB_ACCESS(prefix##2, 2, kind)                                                     \
  XCUB_ACCESS(prefix##4, 4, kind)                                                     \
  XCUB_ACCESS(prefix##8, 8, kind)                                                     \
  XCUB_ACCESS(prefix##16, 16, kind)

XCUB_SIZES(__tsan_read, 0)
XCUB_SIZES(__tsan_write, 1)
XCUB_SIZES(__tsan_unaligned_read, 0)
XCUB_SIZES(__tsan_unaligned_write, 1)
XCUB_SIZES(__tsan_volatile_read, 0)
XCUB_SIZES(__tsan_volatile_write, 1)

extern "C" {
void __tsan_init() { d::sanitizer_attach(); }
void __tsan_func_entry(void*) {}
void __tsan_func_exit() {}
void __tsan_read_range(void* p, std::size_t n) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  if (a + n > d::san_region_lo && a - d::san_region_lo < d::san_region_span + n) d::san_access(p, n, 0, XCUB_RET);
}
void __tsan_write_range(void* p, std::size_t n) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  if (a + n > d::san_region_lo && a - d::san_region_lo < d::san_region_span + n) d::san_access(p, n, 1, XCUB_RET);
}
void __tsan_vptr_update(void** p, void*) {
  if (in_region(p)) d::san_access(p, sizeof(void*), 1, XCUB_RET);
}
void __tsan_vptr_read(void** p) {
  if (in_region(p)) d::san_access(p, sizeof(void*), 0, XCUB_RET);
}
void __tsan_atomic_thread_fence(int) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void __tsan_atomic_signal_fence(int) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }
}

// Atomics: performed sequentially consistent whatever order was asked (stronger is correct), and
// each one is synchronisation for the sanitizer (san_atomic). Kind: 0 load, 1 store or RMW.
#define XCUB_ATOMICS(bits, T)                                                                            \
  extern "C" T __tsan_atomic##bits##_load(const volatile T* a, int) {                                    \
    d::san_atomic(const_cast<const T*>(a), sizeof(T), 0, XCUB_RET);                                      \
    return __atomic_load_n(a, __ATOMIC_SEQ_CST);                                                         \
  }                                                                                                      \
  extern "C" void __tsan_atomic##bits##_store(volatile T* a, T v, int) {                                 \
    d::san_atomic(const_cast<T*>(a), sizeof(T), 1, XCUB_RET);                                            \
    __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                                                            \
  }                                                                                                      \
  XCUB_RMW(bits, T, exchange, __atomic_exchange_n)                                                       \
  XCUB_RMW(bits, T, fetch_add, __atomic_fetch_add)                                                       \
  XCUB_RMW(bits, T, fetch_sub, __atomic_fetch_sub)                                                       \
  XCUB_RMW(bits, T, fetch_and, __atomic_fetch_and)                                                       \
  XCUB_RMW(bits, T, fetch_or, __atomic_fetch_or)                                                         \
  XCUB_RMW(bits, T, fetch_xor, __atomic_fetch_xor)                                                       \
  XCUB_RMW(bits, T, fetch_nand, __atomic_fetch_nand)                                                     \
  extern "C" int __tsan_atomic##bits##_compare_exchange_strong(volatile T* a, T* c, T v, int, int) {     \
    d::san_atomic(const_cast<T*>(a), sizeof(T), 1, XCUB_RET);                                            \
    return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);              \
  }                                                                                                      \
  extern "C" int __tsan_atomic##bits##_compare_exchange_weak(volatile T* a, T* c, T v, int, int) {       \
    d::san_atomic(const_cast<T*>(a), sizeof(T), 1, XCUB_RET);                                            \
    return __atomic_compare_exchange_n(a, c, v, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);               \
  }                                                                                                      \
  extern "C" T __tsan_atomic##bits##_compare_exchange_val(volatile T* a, T c, T v, int, int) {           \
    d::san_atomic(const_cast<T*>(a), sizeof(T), 1, XCUB_RET);                                            \
    __atomic_compare_exchange_n(a, &c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                    \
    return c;                                                                                            \
  }
#define XCUB_RMW(bits, T, op, builtin)                                                                   \
  extern "C" T __tsan_atomic##bits##_##op(volatile T* a, T v, int) {                                     \
    d::san_atomic(const_cast<T*>(a), sizeof(T), 1, XCUB_RET);                                            \
    return builtin(a, v, __ATOMIC_SEQ_CST);                                                              \
  }

XCUB_ATOMICS(8, std::uint8_t)
XCUB_ATOMICS(16, std::uint16_t)
XCUB_ATOMICS(32, std::uint32_t)
XCUB_ATOMICS(64, std::uint64_t)
