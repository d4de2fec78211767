// What the libFuzzer targets share (docs/testing.md, "Fuzzing, faults and concurrency"): a reader
// that draws sizes, choices and item bytes from the input, device buffers that start poisoned so
// that "nothing written" can be checked, and the two-phase call with a temp size drawn from the
// input (exact, too small, larger, or the size query alone). A failed check prints what failed and
// aborts, which libFuzzer reports with the input that did it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <xcub/runtime.hpp>

namespace xcub_fuzz {

[[noreturn]] inline void fail(const char* what, const char* file, int line) {
  std::fprintf(stderr, "xcub fuzz: check failed: %s (%s:%d)\n", what, file, line);
  std::abort();
}
#define XCUB_FUZZ_CHECK(cond) ((cond) ? (void)0 : ::xcub_fuzz::fail(#cond, __FILE__, __LINE__))

/// Draws from the fuzzer's bytes; past the end every draw is 0.
class reader {
 public:
  reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  template <class T>
  T take() {
    T v{};
    const std::size_t k = std::min(sizeof(T), size_ - pos_);
    if (k) std::memcpy(&v, data_ + pos_, k);
    pos_ += k;
    return v;
  }
  std::uint8_t byte() { return take<std::uint8_t>(); }
  /// A count in [0, limit], small ones more often.
  std::size_t count(std::size_t limit) {
    const std::uint16_t v = take<std::uint16_t>();
    const std::size_t c = (v & 0x8000) ? (v & 0x7fff) : (v & 0x3f);
    return c % (limit + 1);
  }
  /// `n` items from the bytes left (cyclically, each shifted by its index so that short inputs do
  /// not only repeat); all zero when none are left. Values of any bit pattern, NaNs included.
  template <class T>
  std::vector<T> items(std::size_t n) {
    std::vector<T> v(n);
    const std::size_t left = size_ - pos_;
    if (left == 0) return v;
    for (std::size_t i = 0; i < n; ++i) {
      unsigned char b[sizeof(T)];
      for (std::size_t j = 0; j < sizeof(T); ++j) {
        const std::size_t at = (i * sizeof(T) + j) % left;
        b[j] = static_cast<unsigned char>(data_[pos_ + at] + (j == 0 ? (i * sizeof(T)) / left : 0));
      }
      std::memcpy(&v[i], b, sizeof(T));
    }
    return v;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_, pos_ = 0;
};

constexpr unsigned char poison = 0xEE;

/// A device array that starts poisoned; data() is null when the input asked for a null pointer.
template <class T>
class buffer {
 public:
  buffer(std::size_t n, bool null = false) : n_(n), null_(null) {
    const std::size_t bytes = std::max<std::size_t>(n, 1) * sizeof(T);
    XCUB_FUZZ_CHECK(xcub::device_malloc(&p_, bytes) == xcub::success);
    XCUB_FUZZ_CHECK(xcub::memset(p_, poison, bytes) == xcub::success);
  }
  buffer(const std::vector<T>& host, bool null = false) : buffer(host.size(), null) {
    if (!host.empty()) XCUB_FUZZ_CHECK(xcub::memcpy(p_, host.data(), host.size() * sizeof(T)) == xcub::success);
  }
  ~buffer() { (void)xcub::device_free(p_); }
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;

  T* data() const { return null_ ? nullptr : static_cast<T*>(p_); }
  std::vector<T> download(std::size_t count) const {
    std::vector<T> h(count);
    if (count) XCUB_FUZZ_CHECK(xcub::memcpy(h.data(), p_, count * sizeof(T)) == xcub::success);
    return h;
  }
  std::vector<T> download() const { return download(n_); }
  bool untouched() const {
    std::vector<unsigned char> h(std::max<std::size_t>(n_, 1) * sizeof(T));
    XCUB_FUZZ_CHECK(xcub::memcpy(h.data(), p_, h.size()) == xcub::success);
    return std::all_of(h.begin(), h.end(), [](unsigned char b) { return b == poison; });
  }

 private:
  void* p_ = nullptr;
  std::size_t n_;
  bool null_;
};

/// Bitwise equality (floating-point keys: NaN payloads and signed zeros too).
template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

enum class outcome { ran, refused, short_temp, query_only };

/// The two-phase call with the temp size the input picks. `refused`: an error came back, which
/// must be error_invalid_value (checked here); `short_temp`: the temp storage given was smaller than
/// asked for, and refused (checked here); `query_only`: only the size was asked for. In all three,
/// the caller checks that nothing was written.
template <class Call>
outcome two_phase(reader& in, Call call) {
  std::size_t bytes = 0;
  xcub::error_t e = call(nullptr, bytes);
  if (e != xcub::success) {
    if (std::getenv("XCUB_FUZZ_VERBOSE")) std::fprintf(stderr, "xcub fuzz: size query: %s\n", xcub::error_string(e));
    XCUB_FUZZ_CHECK(e == xcub::error_invalid_value);
    return outcome::refused;
  }
  XCUB_FUZZ_CHECK(bytes >= 1);
  const std::uint8_t mode = in.byte() % 8;
  if (mode == 7) return outcome::query_only;
  std::size_t give = bytes;
  const bool too_small = mode == 5;
  if (too_small) give = bytes - 1 - in.byte() % bytes;
  if (mode == 6) give = bytes + in.byte();
  void* temp = nullptr;
  XCUB_FUZZ_CHECK(xcub::device_malloc(&temp, std::max<std::size_t>(give, 1)) == xcub::success);
  e = call(temp, give);
  XCUB_FUZZ_CHECK(xcub::device_free(temp) == xcub::success);
  if (std::getenv("XCUB_FUZZ_VERBOSE")) {  // replaying an input: what the call was given and said
    std::fprintf(stderr, "xcub fuzz: temp storage %zu bytes asked, %zu given: %s\n", bytes, give, xcub::error_string(e));
  }
  if (too_small) {
    XCUB_FUZZ_CHECK(e == xcub::error_invalid_value);
    return outcome::short_temp;
  }
  if (e != xcub::success) {
    XCUB_FUZZ_CHECK(e == xcub::error_invalid_value);
    return outcome::refused;
  }
  return outcome::ran;
}

/// After every input: no device allocation is left behind.
struct leak_check {
  std::size_t before = xcub::host::detail::device_live_allocations();
  ~leak_check() { XCUB_FUZZ_CHECK(xcub::host::detail::device_live_allocations() == before); }
};

}  // namespace xcub_fuzz
