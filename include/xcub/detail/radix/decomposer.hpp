// xcub/detail/radix/decomposer.hpp: radix keys that are user structs, seen through a decomposer
// (CUB's `decomposer` overloads of the radix sorts).
//
// Contract:
//   - A decomposer is a functor, callable in device code, that takes a key by reference and returns
//     a std::tuple of references to some of its members, each a radix key (key_codec.hpp):
//       struct custom_t { float f; long long lli; };
//       struct decomposer_t {
//         XCUB_HOST_DEVICE std::tuple<float&, long long&> operator()(custom_t& key) const { return {key.f, key.lli}; }
//       };
//     (CUB's returns ::cuda::std::tuple: port it by spelling std::tuple. On CUDA, std::tuple in device
//     code needs --expt-relaxed-constexpr, which xcub's build uses.)
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

namespace xcub::detail::radix {

/// The decomposer of a plain radix key: no decomposition (the key is its own image).
struct identity_decomposer {};

template <class R>
struct is_tuple_of_key_refs : std::false_type {};
template <class... Ts>
struct is_tuple_of_key_refs<std::tuple<Ts&...>>
    : std::bool_constant<(sizeof...(Ts) > 0) && (is_radix_key_v<Ts> && ...) && (!std::is_const_v<Ts> && ...)> {};

template <class Key, class D, class = void>
struct decomposes : std::false_type {};
template <class Key, class D>
struct decomposes<Key, D, std::void_t<std::invoke_result_t<const D&, Key&>>>
    : is_tuple_of_key_refs<std::invoke_result_t<const D&, Key&>> {};

/// Whether D turns a Key& into a std::tuple of (non-const) references to radix keys.
template <class Key, class D>
inline constexpr bool is_decomposer_v = decomposes<Key, D>::value;

template <class Key, class D>
using members_t = std::invoke_result_t<const D&, Key&>;

/// The width in bits of a decomposed key's image.
template <class Key, class D>
struct decomposed_bits;
template <class Key, class D>
inline constexpr int total_bits = decomposed_bits<Key, D>::value;
template <class Key, class D, class... Ts>
constexpr int sum_member_bits(std::tuple<Ts&...>*) {
  return (0 + ... + static_cast<int>(sizeof(Ts) * 8));
}
template <class Key, class D>
struct decomposed_bits {
  static constexpr int value = sum_member_bits<Key, D>(static_cast<members_t<Key, D>*>(nullptr));
};

/// Calls f(member, low_bit) for every member, where low_bit is the member's least significant bit
/// in the concatenated image (the last member's is 0).
template <class F, class Tuple, std::size_t... I>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void for_each_member_impl(F& f, Tuple&& members, std::index_sequence<I...>) {
  constexpr std::size_t n = sizeof...(I);
  constexpr int widths[n] = {static_cast<int>(sizeof(std::tuple_element_t<I, std::decay_t<Tuple>>) * 8)...};
  // low_bit of member i: the widths of the members after it.
  auto low_bit = [&](std::size_t i) {
    int lo = 0;
    for (std::size_t j = i + 1; j < n; ++j) lo += widths[j];
    return lo;
  };
  (f(std::get<I>(members), low_bit(I)), ...);
}
template <class Key, class D, class F>
XCUB_HOST_DEVICE XCUB_FORCEINLINE void for_each_member(Key& key, const D& decomposer, F f) {
  static_assert(is_decomposer_v<Key, D>,
                "xcub: a decomposer must return a std::tuple of references to the key's arithmetic members "
                "(bool, integers, float, double), e.g. std::tuple<float&, int&>{key.f, key.i}");
  auto members = decomposer(key);
  for_each_member_impl(f, members, std::make_index_sequence<std::tuple_size_v<decltype(members)>>{});
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
