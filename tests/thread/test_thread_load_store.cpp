// ThreadLoad and ThreadStore: every cache modifier copies every type (1-byte integers to 32-byte
// structs) intact, through pointers to global memory, to shared memory, to either space chosen at
// run time, and through a non-pointer iterator (a plain dereference then); and the word each type
// is moved in follows its size and alignment.
#include "test_support.hpp"

#include <xcub/thread/thread_load.hpp>
#include <xcub/thread/thread_store.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>

namespace arch = xcub::arch;

namespace {

struct s3 {  // three 1-byte words
  std::uint8_t b[3];
};
struct s12 {  // three 4-byte words
  int i;
  float f;
  unsigned u;
};
struct alignas(16) s32 {  // two 16-byte words
  double d;
  long long q;
  int i;
  float f;
  std::uint64_t u;
};
struct s32_packed8 {  // four 8-byte words
  double d[4];
};

using xcub::detail::cache_word16;
using xcub::detail::cache_word_t;
static_assert(std::is_same_v<cache_word_t<std::uint8_t>, std::uint8_t>);
static_assert(std::is_same_v<cache_word_t<short>, std::uint16_t>);
static_assert(std::is_same_v<cache_word_t<int>, std::uint32_t>);
static_assert(std::is_same_v<cache_word_t<float>, std::uint32_t>);
static_assert(std::is_same_v<cache_word_t<long long>, std::uint64_t>);
static_assert(std::is_same_v<cache_word_t<double>, std::uint64_t>);
static_assert(std::is_same_v<cache_word_t<s3>, std::uint8_t> && sizeof(s3) == 3);
static_assert(std::is_same_v<cache_word_t<s12>, std::uint32_t> && sizeof(s12) == 12);
static_assert(std::is_same_v<cache_word_t<s32>, cache_word16> && sizeof(s32) == 32);
static_assert(std::is_same_v<cache_word_t<s32_packed8>, std::uint64_t> && sizeof(s32_packed8) == 32);

// The return type is the iterator's value_type, cv-qualifiers dropped.
static_assert(std::is_same_v<decltype(xcub::ThreadLoad<xcub::LOAD_CG>(std::declval<const volatile s12*>())), s12>);

/// A non-pointer iterator: ThreadLoad and ThreadStore dereference it plainly, whatever the modifier.
template <class T>
struct wrapped {
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_cv_t<T>;
  using difference_type = std::ptrdiff_t;
  using pointer = T*;
  using reference = T&;
  T* p;
  XCUB_HOST_DEVICE T& operator*() const { return *p; }
};

template <xcub::CacheLoadModifier... Ms>
struct loads {
  static constexpr int count = sizeof...(Ms);
};
template <xcub::CacheStoreModifier... Ms>
struct stores {
  static constexpr int count = sizeof...(Ms);
};
using all_loads = loads<xcub::LOAD_DEFAULT, xcub::LOAD_CA, xcub::LOAD_CG, xcub::LOAD_CS, xcub::LOAD_CV, xcub::LOAD_LDG,
                        xcub::LOAD_VOLATILE>;
using all_stores =
    stores<xcub::STORE_DEFAULT, xcub::STORE_WB, xcub::STORE_CG, xcub::STORE_CS, xcub::STORE_WT, xcub::STORE_VOLATILE>;

constexpr unsigned block = 128;
constexpr int n_loads = all_loads::count, n_stores = all_stores::count;

// The rows of the output: each is a copy of the input, made one way.
enum row : int {
  global_load = 0,                          // ThreadLoad<each> from global memory
  global_store = global_load + n_loads,     // ThreadStore<each> to global memory
  iter_load = global_store + n_stores,      // ThreadLoad<each> through `wrapped`
  iter_store = iter_load + n_loads,         // ThreadStore<each> through `wrapped`
  shared_store = iter_store + n_stores,     // ThreadStore<each> to shared memory, read back plainly
  either_load = shared_store + n_stores,    // ThreadLoad<each> from shared or global memory, chosen at run time
  rows = either_load + n_loads,
};
/// "ThreadLoad<LOAD_CG> from global memory" for the row that copy is in.
std::string row_name(int r) {
  static const char* const load_names[] = {"LOAD_DEFAULT", "LOAD_CA",  "LOAD_CG",      "LOAD_CS",
                                           "LOAD_CV",      "LOAD_LDG", "LOAD_VOLATILE"};
  static const char* const store_names[] = {"STORE_DEFAULT", "STORE_WB", "STORE_CG",
                                            "STORE_CS",      "STORE_WT", "STORE_VOLATILE"};
  struct group {
    int first;
    bool load;
    const char* where;
  };
  static const group groups[] = {{either_load, true, "from shared or global memory"},
                                 {shared_store, false, "to shared memory"},
                                 {iter_store, false, "through an iterator"},
                                 {iter_load, true, "through an iterator"},
                                 {global_store, false, "to global memory"},
                                 {global_load, true, "from global memory"}};
  for (const group& g : groups) {
    if (r < g.first) continue;
    return std::string(g.load ? "ThreadLoad<" : "ThreadStore<") +
           (g.load ? load_names[r - g.first] : store_names[r - g.first]) + "> " + g.where;
  }
  return "?";
}

template <class T, xcub::CacheLoadModifier... Ms>
XCUB_DEVICE void load_each(loads<Ms...>, const T* src, T* out, std::size_t row_stride) {
  int k = 0;
  ((out[k++ * row_stride] = xcub::ThreadLoad<Ms>(src)), ...);
}
template <class T, xcub::CacheLoadModifier... Ms>
XCUB_DEVICE void load_each(loads<Ms...>, wrapped<const T> src, T* out, std::size_t row_stride) {
  int k = 0;
  ((out[k++ * row_stride] = xcub::ThreadLoad<Ms>(src)), ...);
}
template <class T, xcub::CacheStoreModifier... Ms>
XCUB_DEVICE void store_each(stores<Ms...>, T value, T* out, std::size_t row_stride) {
  int k = 0;
  (xcub::ThreadStore<Ms>(out + k++ * row_stride, value), ...);
}
template <class T, xcub::CacheStoreModifier... Ms>
XCUB_DEVICE void store_each_wrapped(stores<Ms...>, T value, T* out, std::size_t row_stride) {
  int k = 0;
  (xcub::ThreadStore<Ms>(wrapped<T>{out + k++ * row_stride}, value), ...);
}

/// One store modifier into the block's tile, a barrier, then a plain read back into out[i].
template <xcub::CacheStoreModifier S, class T>
XCUB_DEVICE void via_shared(T* tile, const T* in, T* out, std::size_t i, bool valid) {
  const unsigned t = arch::linear_thread_id();
  if (valid) xcub::ThreadStore<S>(tile + t, in[i]);
  arch::sync_threads();
  if (valid) out[i] = tile[t];
  arch::sync_threads();
}
template <class T, xcub::CacheStoreModifier... Ms>
XCUB_DEVICE void shared_each(stores<Ms...>, T* tile, const T* in, T* out, std::size_t i, bool valid,
                             std::size_t row_stride) {
  int k = 0;
  (via_shared<Ms>(tile, in, out + k++ * row_stride, i, valid), ...);
}

// LOAD_LDG reads through the read-only data cache, which only global memory has (as on CUB): a
// pointer that may point to shared memory is read with LOAD_DEFAULT in its place.
using either_space_loads = loads<xcub::LOAD_DEFAULT, xcub::LOAD_CA, xcub::LOAD_CG, xcub::LOAD_CS, xcub::LOAD_CV,
                                 xcub::LOAD_DEFAULT, xcub::LOAD_VOLATILE>;
static_assert(either_space_loads::count == all_loads::count, "one row per load modifier");

template <class T>
XCUB_KERNEL void load_store_everything(const T* in, T* out, std::size_t n) {
  using tile_t = T[block];
  XCUB_SHARED(tile_t, tile);
  const unsigned t = arch::linear_thread_id();
  const std::size_t i = std::size_t{arch::block_idx().x} * block + t;
  const bool valid = i < n;
  if (valid) {
    load_each(all_loads{}, in + i, out + global_load * n + i, n);
    store_each(all_stores{}, in[i], out + global_store * n + i, n);
    load_each(all_loads{}, wrapped<const T>{in + i}, out + iter_load * n + i, n);
    store_each_wrapped(all_stores{}, in[i], out + iter_store * n + i, n);
  }
  shared_each(all_stores{}, tile, in, out + shared_store * n, i, valid, n);
  // Even threads read the tile, odd ones global memory, through one pointer whose space the
  // compiler cannot tell.
  if (valid) tile[t] = in[i];
  arch::sync_threads();
  if (valid) {
    const T* either = (t & 1) ? in + i : tile + t;
    load_each(either_space_loads{}, either, out + either_load * n + i, n);
  }
}

template <class T>
void check_everything(std::mt19937_64& rng) {
  const std::size_t sizes[] = {0, 1, block - 1, block, block + 1, 3 * block + 7, 200 + rng() % 3000};
  for (const std::size_t n : sizes) {
    CAPTURE(n);
    const std::vector<T> input = xcub_test::random_vector<T>(n, rng);
    xcub::device_buffer<T> d_in(input);
    xcub::device_buffer<T> d_out(n * rows);
    d_out.fill_bytes(0xFF);
    const unsigned blocks = static_cast<unsigned>(std::max<std::size_t>(1, (n + block - 1) / block));
    xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(block), 0, load_store_everything<T>, d_in.data(),
                               d_out.data(), n);
    const std::vector<T> out = d_out.download();
    for (int r = 0; r < rows; ++r) {
      const std::vector<T> got(out.begin() + r * n, out.begin() + (r + 1) * n);
      xcub_test::check_equal(got, input, row_name(r));
    }
  }
}

}  // namespace

TEST_CASE_TEMPLATE("thread load/store: every modifier copies every type intact, in any memory space", T,
                   std::uint8_t, short, int, long long, float, double, s3, s12, s32, s32_packed8) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("thread load/store");
  xcub_test::on_each_schedule(rng, check_everything<T>);
}
