// xcub/detail/radix/decomposer.hpp: radix keys that are user structs, seen through a decomposer
// (CUB's `decomposer` overloads of the radix sorts).
//
// Contract:
//   - A decomposer is a functor, callable in device code, that takes a key by reference and returns
//     a tuple of references to some of its members, each a radix key (key_codec.hpp): a std::tuple,
//     or, where libcu++ is there (<cuda/std/tuple>: CUDA), a ::cuda::std::tuple as CUB's
//     documentation writes it:
//       struct custom_t { float f; long long lli; };
//       struct decomposer_t {
//         XCUB_HOST_DEVICE std::tuple<float&, long long&> operator()(custom_t& key) const { return {key.f, key.lli}; }
//       };
//     (On CUDA, std::tuple in device code needs --expt-relaxed-constexpr, which xcub's build uses;
//     ::cuda::std::tuple needs nothing.)
//   - The key's radix image is its members' images (key_codec.hpp) concatenated, the first member most
//     significant: bit 0 is the least significant bit of the last member, and the image has
//     total_bits = the sum of the members' widths. begin_bit / end_bit of a sort index into it, so a
//     digit may take bits of two members. Members left out of the tuple take no part in the order.
//   - to_bit_ordered / from_bit_ordered act in place on the members (each keeps its type and holds
//     its image's bits in between); other members and padding are untouched.
//   - is_decomposer_v<Key, D>: whether D decomposes Key as above; a sorter static_asserts it.
// Host and device (XCUB_HOST_DEVICE).
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include <xcub/config.hpp>
#include <xcub/detail/radix/key_codec.hpp>

#if __has_include(<cuda/std/tuple>)
#include <cuda/std/tuple>
#define XCUB_DETAIL_HAS_LIBCUDACXX_TUPLE 1
#else
#define XCUB_DETAIL_HAS_LIBCUDACXX_TUPLE 0
#endif

namespace xcub::detail::radix {

/// The decomposer of a plain radix key: no decomposition (the key is its own image).
struct identity_decomposer {};

/// The member types of a tuple of references (std::tuple, or ::cuda::std::tuple where libcu++ is there).
template <class... Ts>
struct member_list {};
template <class R>
struct tuple_of_refs : std::false_type {};
template <class... Ts>
struct tuple_of_refs<std::tuple<Ts&...>> : std::true_type {
  using members = member_list<Ts...>;
};
#if XCUB_DETAIL_HAS_LIBCUDACXX_TUPLE
template <class... Ts>
struct tuple_of_refs<::cuda::std::tuple<Ts&...>> : std::true_type {
  using members = member_list<Ts...>;
};
#endif

template <class L>
inline constexpr std::size_t members_count = 0;
template <class... Ts>
inline constexpr std::size_t members_count<member_list<Ts...>> = sizeof...(Ts);

template <class L>
struct are_key_refs : std::false_type {};
template <class... Ts>
struct are_key_refs<member_list<Ts...>>
    : std::bool_constant<(sizeof...(Ts) > 0) && (is_radix_key_v<Ts> && ...) && (!std::is_const_v<Ts> && ...)> {};

template <class R, bool = tuple_of_refs<R>::value>
struct is_tuple_of_key_refs : std::false_type {};
template <class R>
struct is_tuple_of_key_refs<R, true> : are_key_refs<typename tuple_of_refs<R>::members> {};

template <class Key, class D, class = void>
struct decomposes : std::false_type {};
template <class Key, class D>
struct decomposes<Key, D, std::void_t<std::invoke_result_t<const D&, Key&>>>
    : is_tuple_of_key_refs<std::invoke_result_t<const D&, Key&>> {};

/// Whether D turns a Key& into a tuple (std:: or ::cuda::std::) of (non-const) references to radix keys.
template <class Key, class D>
inline constexpr bool is_decomposer_v = decomposes<Key, D>::value;

template <class Key, class D>
using members_t = std::invoke_result_t<const D&, Key&>;

/// The width in bits of a decomposed key's image.
template <class Key, class D>
struct decomposed_bits;
template <class Key, class D>
inline constexpr int total_bits = decomposed_bits<Key, D>::value;
template <class... Ts>
constexpr int sum_member_bits(member_list<Ts...>*) {
  return (0 + ... + static_cast<int>(sizeof(Ts) * 8));
}
template <class Key, class D>
struct decomposed_bits {
  static constexpr int value =
      sum_member_bits(static_cast<typename tuple_of_refs<members_t<Key, D>>::members*>(nullptr));
};

/// Calls f(member, low_bit) for every member, where low_bit is the member's least significant bit
/// in the concatenated image (the last member's is 0).
template <class F, class Tuple, class... Ts, std::size_t... I>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void for_each_member_impl(F& f, Tuple& members, member_list<Ts...>*,
                                                            std::index_sequence<I...>) {
  constexpr std::size_t n = sizeof...(I);
  constexpr int widths[n] = {static_cast<int>(sizeof(Ts) * 8)...};
  // low_bit of member i: the widths of the members after it.
  auto low_bit = [&](std::size_t i) {
    int lo = 0;
    for (std::size_t j = i + 1; j < n; ++j) lo += widths[j];
    return lo;
  };
  using std::get;  // and ::cuda::std::get, by argument-dependent lookup
  (f(get<I>(members), low_bit(I)), ...);
}
template <class Key, class D, class F>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void for_each_member(Key& key, const D& decomposer, F f) {
  static_assert(is_decomposer_v<Key, D>,
                "xcub: a decomposer must return a std::tuple (or, on CUDA, a ::cuda::std::tuple) of references "
                "to the key's arithmetic members (bool, integers, float, double), e.g. "
                "std::tuple<float&, int&>{key.f, key.i}");
  auto members = decomposer(key);
  using list = typename tuple_of_refs<decltype(members)>::members;
  for_each_member_impl(f, members, static_cast<list*>(nullptr), std::make_index_sequence<members_count<list>>{});
}

/// Every member of `key` replaced by its bit-ordered image (in place).
template <class Key, class D>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void to_bit_ordered_members(Key& key, const D& decomposer) {
  for_each_member(key, decomposer, [](auto& m, int) {
    using M = std::remove_reference_t<decltype(m)>;
    m = from_bits<M>(to_bit_ordered<M>(bits_of(m)));
  });
}

/// The inverse of to_bit_ordered_members.
template <class Key, class D>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void from_bit_ordered_members(Key& key, const D& decomposer) {
  for_each_member(key, decomposer, [](auto& m, int) {
    using M = std::remove_reference_t<decltype(m)>;
    m = from_bits<M>(from_bit_ordered<M>(bits_of(m)));
  });
}

}  // namespace xcub::detail::radix
