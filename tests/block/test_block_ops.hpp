// Operators and inputs shared by the BlockReduce and BlockScan test harnesses
// (test_block_reduce.hpp, test_block_scan.hpp).
#pragma once

#include "test_support.hpp"
#include "test_types.hpp"

#include <cstdint>
#include <random>
#include <type_traits>

namespace block_test_ops {

/// A commutative operator for xcub_test::rec12: field-wise sums, wrapping (exact, associative).
struct rec12_add {
  XCUB_HOST_DEVICE xcub_test::rec12 operator()(const xcub_test::rec12& l, const xcub_test::rec12& r) const {
    xcub_test::rec12 s;
    s.a = static_cast<std::int32_t>(static_cast<std::uint32_t>(l.a) + static_cast<std::uint32_t>(r.a));
    s.b = static_cast<std::int32_t>(static_cast<std::uint32_t>(l.b) + static_cast<std::uint32_t>(r.b));
    s.c = static_cast<std::int16_t>(l.c + r.c);
    s.d = static_cast<std::int8_t>(l.d + r.d);
    s.e = static_cast<std::int8_t>(l.e + r.e);
    return s;
  }
};

/// Inputs: small integers for sums (exact in every type), anything for Max and Min, random maps.
template <class T, class Op>
T draw(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<T, xcub_test::affine>) return xcub_test::random_affine(rng);
  else if constexpr (std::is_same_v<Op, xcub::Sum>) return static_cast<T>(static_cast<int>(rng() % 7) - 3);
  else return xcub_test::random_value<T>(rng);
}

}  // namespace block_test_ops
