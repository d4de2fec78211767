// tests/sort/mixed_key.hpp: the struct key of the radix tests' decomposer cases (CUB's decomposer
// example, widened): padding, members of three kinds, and a member left out of the order.
#pragma once

#include <cstdint>
#include <tuple>

#include <xcub/config.hpp>

namespace xcub_test {

struct mixed_key {
  std::int16_t hi;  // most significant
  std::uint8_t ignored;
  double mid;
  std::uint8_t lo;  // least significant
};
struct mixed_decomposer {
  XCUB_HOST_DEVICE std::tuple<std::int16_t&, double&, std::uint8_t&> operator()(mixed_key& k) const {
    return {k.hi, k.mid, k.lo};
  }
};

}  // namespace xcub_test
