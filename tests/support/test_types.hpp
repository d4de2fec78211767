// Types and operators that tests of reductions and scans share: a non-commutative, associative
// operator on a user struct (composition of affine maps x -> a*x + b on unsigned integers, exact
// because unsigned arithmetic wraps), so that an algorithm combining operands out of order or
// from the wrong side gives a wrong answer.
#pragma once

#include <xcub/config.hpp>

#include <cstdint>
#include <random>

namespace xcub_test {

/// x -> a * x + b (mod 2^32).
struct affine {
  std::uint32_t a, b;
  XCUB_HOST_DEVICE friend bool operator==(const affine& l, const affine& r) { return l.a == r.a && l.b == r.b; }
  XCUB_HOST_DEVICE friend bool operator!=(const affine& l, const affine& r) { return !(l == r); }
};

/// (f then g): x -> g(f(x)) = g.a * (f.a * x + f.b) + g.b. Associative, not commutative.
struct compose {
  XCUB_HOST_DEVICE affine operator()(const affine& f, const affine& g) const {
    return affine{g.a * f.a, g.a * f.b + g.b};
  }
};

/// The identity map, for exclusive scans that need an initial value.
inline constexpr affine affine_identity{1, 0};

inline affine random_affine(std::mt19937_64& rng) {
  return affine{static_cast<std::uint32_t>(rng()) | 1u, static_cast<std::uint32_t>(rng())};
}


/// 12 bytes without padding, so that bytewise comparison is exact.
struct rec12 {
  std::int32_t a, b;
  std::int16_t c;
  std::int8_t d, e;
};
static_assert(sizeof(rec12) == 12);

}  // namespace xcub_test
