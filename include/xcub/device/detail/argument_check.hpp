// xcub/device/detail/argument_check.hpp: the argument checks of the Device* entry points, and the
// debug log that names the one that failed. Host code only.
//
// Every entry point opens an entry_point with its name (as the NVTX range names it) and its
// d_temp_storage, then checks its arguments through it before anything is launched:
//   - what the temp-storage size depends on (item and segment counts, bit ranges, histogram levels)
//     is checked in both calls: the size query cannot answer without it;
//   - what only the second call uses (key, value, input, output, offset and counter pointers) is
//     checked in the second call only (data()): the size query accepts null data pointers, as CUB's
//     does, so a program may ask for the size before its buffers exist.
// A failed check returns error_invalid_value (xcub::error_t stays the backend's type, CUB's) and,
// when the debug log is on, writes one line on stderr naming the entry point and the argument:
//   xcub::DeviceRadixSort::SortKeys: begin_bit (20) >= end_bit (10)
// dispatch() names a refused temp storage the same way (it asks the size again, only then).
// The log is on when the program is compiled with XCUB_DEBUG_LOG defined, or when the environment
// variable XCUB_DEBUG_LOG is "1" (read once, at the first failed check). Off, a passing check costs
// its comparison only and a failed one a load and a branch more.
#pragma once

#include <atomic>
#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include <xcub/runtime.hpp>
#include <xcub/backend/profiling.hpp>
#include <xcub/device/detail/dispatch/checks.hpp>

namespace xcub::detail {

/// The debug log's state: on (1, 0, or -1 until the environment is read; atomic, as host threads may
/// call entry points concurrently) and where lines go (null: stderr). Tests may set both (the sink
/// before any other thread runs); programs use XCUB_DEBUG_LOG.
#ifdef XCUB_DEBUG_LOG
inline constexpr int debug_log_default = 1;  // compiled on
#else
inline constexpr int debug_log_default = -1;  // the environment's XCUB_DEBUG_LOG, at the first failed check
#endif
struct debug_log_state {
  std::atomic<int> on{debug_log_default};
  void (*sink)(const char* line) = nullptr;
};
inline debug_log_state& debug_log() {
  static debug_log_state state;
  return state;
}

inline bool debug_log_enabled() {
  std::atomic<int>& on = debug_log().on;
  int state = on.load(std::memory_order_relaxed);
  if (state < 0) {  // the first failed check: read the environment (racing readers agree)
    const char* v = std::getenv("XCUB_DEBUG_LOG");
    state = (v != nullptr && std::strcmp(v, "1") == 0) ? 1 : 0;
    on.store(state, std::memory_order_relaxed);
  }
  return state == 1;
}

/// Writes "function: message" (printf-style message) when the log is on.
inline void debug_log_line(const char* function, const char* format, std::va_list args) {
  char message[256];
  std::vsnprintf(message, sizeof message, format, args);
  char line[400];
  std::snprintf(line, sizeof line, "%s: %s", function, message);
  if (debug_log().sink) {
    debug_log().sink(line);
  } else {
    std::fprintf(stderr, "%s\n", line);
  }
}

/// An item count as the log prints it.
template <class N>
constexpr auto loggable(N n) {
  if constexpr (std::is_signed_v<N>) {
    return static_cast<long long>(n);
  } else {
    return static_cast<unsigned long long>(n);
  }
}
template <class N>
constexpr const char* count_format() {
  return std::is_signed_v<N> ? "%s (%lld) < 0" : "%s (%llu) < 0";
}

/// One call of one entry point: its NVTX range, its name for the log and which of the two calls it is.
class entry_point {
 public:
  entry_point(const char* name, const void* d_temp_storage)
      : range_(name), name_(name), query_(d_temp_storage == nullptr) {}
  /// An entry point without temp storage (DeviceFor, DeviceTransform): every check in its one call.
  explicit entry_point(const char* name) : range_(name), name_(name), query_(false) {}
  entry_point(const entry_point&) = delete;
  entry_point& operator=(const entry_point&) = delete;

  const char* name() const { return name_; }
  /// Whether this is the size query (d_temp_storage == nullptr).
  bool query() const { return query_; }

  /// Logs "name: message" (printf-style) and returns error_invalid_value.
  error_t fail(const char* format, ...) const {
    if (debug_log_enabled()) {
      std::va_list args;
      va_start(args, format);
      debug_log_line(name_, format, args);
      va_end(args);
    }
    return error_invalid_value;
  }

  /// A count (items, segments, k): not negative; checked in both calls.
  template <class N>
  bool count(N n, const char* argument) const {
    if (valid_count(n)) return true;
    (void)fail(count_format<N>(), argument, loggable(n));
    return false;
  }

  /// A pointer the second call reads or writes, where `needed` (work to do): not null. Checked in the
  /// second call only; iterators that are not pointers always pass.
  template <class It>
  bool data(const It& it, const char* argument, bool needed = true) const {
    if (query_ || !needed || !is_null_iterator(it)) return true;
    (void)fail("%s is null", argument);
    return false;
  }

  /// A radix bit range [begin_bit, end_bit) of a key of `key_bits` bits; checked in both calls (the
  /// number of passes, so the temp-storage size, depends on it).
  bool bits(int begin_bit, int end_bit, int key_bits) const {
    if (begin_bit < 0) return (void)fail("begin_bit (%d) < 0", begin_bit), false;
    if (end_bit > key_bits) return (void)fail("end_bit (%d) > the key's %d bits", end_bit, key_bits), false;
    if (begin_bit >= end_bit) return (void)fail("begin_bit (%d) >= end_bit (%d)", begin_bit, end_bit), false;
    return true;
  }

  /// Runs the dispatch `f(d_temp_storage, temp_storage_bytes)`. When it refuses the second call and
  /// the log is on, asks the size again and names temp_storage_bytes if it is the cause.
  template <class F>
  error_t dispatch(void* d_temp_storage, std::size_t& temp_storage_bytes, F&& f) const {
    const std::size_t given = temp_storage_bytes;
    const error_t e = f(d_temp_storage, temp_storage_bytes);
    if (e != error_invalid_value || !debug_log_enabled()) return e;
    std::size_t needed = 0;
    if (!query_ && f(static_cast<void*>(nullptr), needed) == success && given < needed) {
      (void)fail("temp_storage_bytes (%zu) < %zu, the size the query gives", given, needed);
    } else {
      (void)fail("the sizes exceed a limit of the algorithm (docs/device-*.md)");
    }
    return e;
  }

 private:
  profile_range range_;
  const char* name_;
  bool query_;
};

}  // namespace xcub::detail
