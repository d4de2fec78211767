// xcub/device/detail/agent/transform_bodies.hpp: what one index of DeviceTransform and DeviceFor
// loads and does: the Body types of agent_elementwise (agent_transform.hpp says their interface).
//
// Vector words are 16 bytes: chunk_items = 16 / the widest type's size, where every iterator is a
// pointer to a trivially copyable type of power-of-two size (else chunk_items = 1: no vector path).
// values<Ts...> is a device-safe tuple (std::tuple's assignment is not constexpr in C++17, so not
// callable from device code).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>
#include <utility>

#include <xcub/config.hpp>

namespace xcub::detail {

template <std::size_t I, class T>
struct value_leaf {
  T value;
};
template <class Seq, class... Ts>
struct values_impl;
template <std::size_t... I, class... Ts>
struct values_impl<std::index_sequence<I...>, Ts...> : value_leaf<I, Ts>... {};
/// A tuple of Ts, built as values<Ts...>{{t0}, {t1}, ...}; get<I>(v) reads member I.
template <class... Ts>
using values = values_impl<std::index_sequence_for<Ts...>, Ts...>;

template <std::size_t I, class T>
XCUB_HOST_DEVICE XCUB_FORCEINLINE T& get(value_leaf<I, T>& leaf) {
  return leaf.value;
}
template <std::size_t I, class T>
XCUB_HOST_DEVICE XCUB_FORCEINLINE const T& get(const value_leaf<I, T>& leaf) {
  return leaf.value;
}

struct no_item {};

template <class It>
using elem_value_t = typename std::iterator_traits<It>::value_type;

/// Whether iterator It can be read or written in 16-byte words.
template <class It>
constexpr bool word_pointer() {
  if constexpr (!std::is_pointer_v<It>) {
    return false;
  } else {
    using T = std::remove_cv_t<std::remove_pointer_t<It>>;
    return std::is_trivially_copyable_v<T> && sizeof(T) <= 16 && (sizeof(T) & (sizeof(T) - 1)) == 0;
  }
}

/// Items per 16-byte word over iterators Its (1: not all of them are word pointers).
template <class... Its>
constexpr int chunk_items_of() {
  if constexpr ((word_pointer<Its>() && ...)) {
    std::size_t widest = 1;
    ((widest = sizeof(elem_value_t<Its>) > widest ? sizeof(elem_value_t<Its>) : widest), ...);
    return static_cast<int>(16 / widest);
  } else {
    return 1;
  }
}

/// N items of T read or written as one aligned word.
template <class T, int N>
struct alignas(sizeof(T) * N) word_of {
  T v[N];
};

/// Whether pointer p is aligned to a word of N items (true for iterators, which never vectorize).
template <int N, class It>
bool word_aligned(It p) {
  if constexpr (std::is_pointer_v<It>)
    return reinterpret_cast<std::uintptr_t>(p) % (sizeof(elem_value_t<It>) * static_cast<std::size_t>(N)) == 0;
  else
    return true;
}

/// DeviceFor::Bulk: op(i) for every i of the shape, as the shape's type.
template <class ShapeT, class Op>
struct bulk_body {
  Op op;
  using item = no_item;
  using chunk = no_item;
  static constexpr int chunk_items = 1;
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE item load(OffsetT) const {
    return {};
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void store(OffsetT i, item&) {
    op(static_cast<ShapeT>(i));
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE chunk load_chunk(OffsetT) const {
    return {};
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void store_chunk(OffsetT, chunk&) {}
};

/// DeviceFor::ForEachN: op(first[i]), the reference the iterator gives (op may write through it).
template <class It, class Op>
struct for_each_body : bulk_body<int, Op> {
  It first;
  XCUB_HOST_DEVICE for_each_body(It f, Op o) : bulk_body<int, Op>{o}, first(f) {}
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void store(OffsetT i, no_item&) {
    this->op(first[i]);
  }
};

/// DeviceFor::ForEachCopyN: op(a copy of first[i]); pointers are read in words.
template <class It, class Op>
struct for_each_copy_body {
  It first;
  Op op;
  using value_t = elem_value_t<It>;
  using item = value_t;
  static constexpr int chunk_items = chunk_items_of<It>();
  using chunk = std::conditional_t<chunk_items == 1, no_item, word_of<value_t, chunk_items>>;
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE item load(OffsetT i) const {
    return first[i];
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void store(OffsetT, item& v) {
    op(v);
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE chunk load_chunk(OffsetT i) const {
    return *reinterpret_cast<const chunk*>(&first[i]);
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void store_chunk(OffsetT, chunk& c) {
XCUB_UNROLL
    for (int j = 0; j < chunk_items; ++j) op(c.v[j]);
  }
  bool aligned() const { return word_aligned<chunk_items>(first); }
};

/// DeviceTransform: out[i] = op(in_0[i], in_1[i], ...); pointers are read and written in words.
template <class OutIt, class Op, class... InIts>
struct transform_body {
  values<InIts...> in;
  OutIt out;
  Op op;
  using item = values<elem_value_t<InIts>...>;
  static constexpr int chunk_items = chunk_items_of<OutIt, InIts...>();
  // Named, not instantiated, where chunk_items is 1 (the vector functions are then never called).
  using chunk = std::conditional_t<chunk_items == 1, no_item, values<word_of<elem_value_t<InIts>, chunk_items>...>>;
  using out_word = std::conditional_t<chunk_items == 1, no_item, word_of<elem_value_t<OutIt>, chunk_items>>;
  using seq = std::index_sequence_for<InIts...>;

  template <std::size_t... I, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE item load_at(std::index_sequence<I...>, OffsetT i) const {
    return item{{get<I>(in)[i]}...};
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE item load(OffsetT i) const {
    return load_at(seq{}, i);
  }
  template <std::size_t... I, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void store_at(std::index_sequence<I...>, OffsetT i, item& v) {
    out[i] = op(get<I>(v)...);
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void store(OffsetT i, item& v) {
    store_at(seq{}, i, v);
  }
  template <std::size_t... I, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE chunk load_chunk_at(std::index_sequence<I...>, OffsetT i) const {
    return chunk{{*reinterpret_cast<const word_of<elem_value_t<InIts>, chunk_items>*>(&get<I>(in)[i])}...};
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE chunk load_chunk(OffsetT i) const {
    return load_chunk_at(seq{}, i);
  }
  template <std::size_t... I, class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void store_chunk_at(std::index_sequence<I...>, OffsetT i, chunk& c) {
    out_word w;
XCUB_UNROLL
    for (int j = 0; j < chunk_items; ++j) w.v[j] = op(get<I>(c).v[j]...);
    *reinterpret_cast<out_word*>(&out[i]) = w;
  }
  template <class OffsetT>
  XCUB_DEVICE XCUB_FORCEINLINE void store_chunk(OffsetT i, chunk& c) {
    store_chunk_at(seq{}, i, c);
  }
  template <std::size_t... I>
  bool aligned_at(std::index_sequence<I...>) const {
    return word_aligned<chunk_items>(out) && (word_aligned<chunk_items>(get<I>(in)) && ...);
  }
  bool aligned() const { return aligned_at(seq{}); }
};

}  // namespace xcub::detail
