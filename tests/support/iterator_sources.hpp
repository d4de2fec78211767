// Test support for the load/store tests (block and warp): where loads read and stores write.
// A source makes an input iterator over device memory (pointers aligned or misaligned for vector
// words, CacheModifiedInputIterator, TransformInputIterator, CountingInputIterator) and says what
// item i yields; a sink makes the output iterator (pointers, CacheModifiedOutputIterator,
// TransformOutputIterator, DiscardOutputIterator) and says what lands for an item. draw_valid gives
// the valid_items of partial tiles. All in xcub_test::io: a test says `using namespace xcub_test::io;`.
#pragma once

#include "test_support.hpp"

#include <xcub/iterator/cache_modified_input_iterator.hpp>
#include <xcub/iterator/cache_modified_output_iterator.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/iterator/discard_output_iterator.hpp>
#include <xcub/iterator/transform_input_iterator.hpp>
#include <xcub/iterator/transform_output_iterator.hpp>

#include <cstddef>
#include <random>
#include <type_traits>
#include <vector>

namespace xcub_test::io {

// ---- where the loads read: each makes its iterator from device memory and says what it yields ----

/// An invertible, exact map, for the transform iterators.
template <class T>
struct flip {
  XCUB_HOST_DEVICE T operator()(T v) const {
    if constexpr (std::is_integral_v<T>) return static_cast<T>(~v);
    else return -v;
  }
};

/// Items of a device array read through a pointer to const T (or T* if MUTABLE) `offset` items past
/// an allocation's start: an offset of 1 misaligns it for vector words.
template <class T, bool MUTABLE = false>
struct pointer_source {
  using iterator = std::conditional_t<MUTABLE, T*, const T*>;
  unsigned offset = 0;
  std::vector<T> host;
  xcub::device_buffer<T> dev;
  void prepare(std::size_t items, std::mt19937_64& rng) {
    host = xcub_test::random_vector<T>(items + offset, rng);
    dev = xcub::device_buffer<T>(host);
  }
  iterator begin() const { return dev.data() + offset; }
  T at(std::size_t i) const { return host[offset + i]; }
};

template <class T, xcub::CacheLoadModifier M>
struct cache_modified_source : pointer_source<T> {
  using iterator = xcub::CacheModifiedInputIterator<M, T>;
  iterator begin() const { return iterator(this->dev.data() + this->offset); }
};

template <class T>
struct transform_source : pointer_source<T> {
  using iterator = xcub::TransformInputIterator<T, flip<T>, const T*>;
  iterator begin() const { return iterator(this->dev.data() + this->offset, flip<T>{}); }
  T at(std::size_t i) const { return flip<T>{}(pointer_source<T>::at(i)); }
};

template <class T>
struct counting_source {
  using iterator = xcub::CountingInputIterator<T>;
  T start{};
  void prepare(std::size_t, std::mt19937_64& rng) { start = static_cast<T>(rng() % 1000000); }
  iterator begin() const { return iterator(start); }
  T at(std::size_t i) const { return static_cast<T>(start + static_cast<T>(i)); }
};

// ---- where the stores write --------------------------------------------------------------------

/// Two device arrays (whole and partial stores) written through T* (`offset` items in), or through
/// the iterator that `wrap` makes from it; `stored(x)` is what lands for an item x.
template <class T>
struct pointer_sink {
  using iterator = T*;
  static constexpr bool has_memory = true;
  unsigned offset = 0;
  xcub::device_buffer<T> full, part;
  void prepare(std::size_t items) {
    full = xcub::device_buffer<T>(items + offset);
    part = xcub::device_buffer<T>(items + offset);
    full.fill_bytes(0xFF);  // positions nobody writes keep these bytes
    part.fill_bytes(0xFF);
  }
  iterator wrap(T* p) const { return p; }
  T stored(const T& x) const { return x; }
};

template <class T, xcub::CacheStoreModifier M>
struct cache_modified_sink : pointer_sink<T> {
  using iterator = xcub::CacheModifiedOutputIterator<M, T>;
  iterator wrap(T* p) const { return iterator(p); }
};

template <class T>
struct transform_sink : pointer_sink<T> {
  using iterator = xcub::TransformOutputIterator<T*, flip<T>>;
  iterator wrap(T* p) const { return iterator(p, flip<T>{}); }
  T stored(const T& x) const { return flip<T>{}(x); }
};

struct discard_sink {
  using iterator = xcub::DiscardOutputIterator<>;
  static constexpr bool has_memory = false;
  void prepare(std::size_t) {}
};

/// valid_items of tile (or block) k of `tiles`: 0, 1, random, one short, full and past the tile, the
/// six kinds in turn from a random start.
inline std::vector<int> draw_valid(std::size_t tiles, std::size_t tile, std::mt19937_64& rng) {
  std::vector<int> v(tiles);
  const std::size_t start = rng();
  const int t = static_cast<int>(tile);
  for (std::size_t k = 0; k < tiles; ++k) {
    const int choices[] = {0, 1, static_cast<int>(rng() % (tile + 1)), t - 1, t, t + 1 + static_cast<int>(rng() % 50)};
    v[k] = choices[(start + k) % 6];
  }
  return v;
}

}  // namespace xcub_test::io
