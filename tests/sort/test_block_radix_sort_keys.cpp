// BlockRadixSort, the keys: every key type (8- to 128-bit integers, float, double, CUDA's 16-bit
// floats), special floats (-0.0, +0.0, infinities, NaNs of both signs, denormals) in both directions,
// bit subranges (bits 4 to 12, a single bit, an empty range, the full width, the top bits of a float),
// and a struct key through a decomposer with every overload, subranges across member boundaries.
// Expectations come from the oracle (xcub/reference/radix.hpp, sort.hpp).
#include "test_block_radix_sort.hpp"

#if XCUB_BACKEND_CUDA
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#endif

using namespace brs_test;
using xcub::NullType;

namespace {
template <class C, int M>
void check_type(std::mt19937_64& rng, unsigned distinct = 0) {
  check_sort<C, M>(draw_keys<typename C::key_t>(2 * C::tile, rng, distinct), -1, -1, rng, "random");
}
}  // namespace

TEST_CASE("BlockRadixSort: integer key types from 8 to 128 bits") {
  XCUB_TEST_CONTEXT();
  run("block radix sort integer keys", [](std::mt19937_64& r) {
    check_type<config<std::int8_t, NullType, 64, 5>, sort_asc>(r);
    check_type<config<std::uint8_t, NullType, 96, 3>, sort_desc>(r);
    check_type<config<std::int16_t, NullType, 128, 2>, sort_asc_striped>(r);
    check_type<config<std::uint16_t, NullType, 33, 7>, sort_asc>(r);
    check_type<config<std::int32_t, NullType, 100, 3>, sort_desc_striped>(r);
    check_type<config<std::int64_t, NullType, 128, 3>, sort_asc>(r);
    check_type<config<std::uint64_t, NullType, 64, 4, 5>, sort_desc>(r);
    check_type<config<std::uint64_t, NullType, 33, 1, 8, false>, sort_asc_striped>(r);
#ifdef __SIZEOF_INT128__
    check_type<config<__int128, NullType, 64, 3>, sort_asc>(r);
    check_type<config<unsigned __int128, NullType, 32, 2, 6>, sort_desc>(r);
#endif
  });
}

TEST_CASE("BlockRadixSort: float and double with -0.0, +0.0, infinities, NaNs, denormals, both directions") {
  XCUB_TEST_CONTEXT();
  run("block radix sort float keys", [](std::mt19937_64& r) {
    using f4 = config<float, NullType, 128, 5>;
    using f8 = config<double, NullType, 96, 4>;
    check_sort<f4, sort_asc>(draw_special_floats<float>(2 * f4::tile, r), -1, -1, r, "special floats");
    check_sort<f4, sort_desc>(draw_special_floats<float>(2 * f4::tile, r), -1, -1, r, "special floats");
    check_sort<f8, sort_asc_striped>(draw_special_floats<double>(2 * f8::tile, r), -1, -1, r, "special doubles");
    check_sort<f8, sort_desc_striped>(draw_special_floats<double>(2 * f8::tile, r), -1, -1, r, "special doubles");
    // Only zeros of both signs: equal keys, so the tile keeps its input order (signs included).
    std::vector<float> zeros(2 * f4::tile);
    for (auto& z : zeros) z = r() % 2 ? -0.0f : 0.0f;
    check_sort<f4, sort_asc>(zeros, -1, -1, r, "zeros");
    check_sort<f4, sort_desc>(zeros, -1, -1, r, "zeros");
  });
}

#if XCUB_BACKEND_CUDA
TEST_CASE("BlockRadixSort: __half and __nv_bfloat16 keys (CUDA)") {
  XCUB_TEST_CONTEXT();
  run("block radix sort half keys", [](std::mt19937_64& r) {
    check_type<config<__half, NullType, 128, 4>, sort_asc>(r);
    check_type<config<__nv_bfloat16, NullType, 64, 5>, sort_desc>(r);
  });
}
#endif

TEST_CASE("BlockRadixSort: bit subranges: bits 4 to 12, one bit, none, the full width, a float's top bits") {
  XCUB_TEST_CONTEXT();
  run("block radix sort subranges", [](std::mt19937_64& r) {
    using u32 = config<std::uint32_t, NullType, 128, 3>;
    using i16 = config<std::int16_t, NullType, 100, 5>;
    using i64 = config<std::int64_t, NullType, 64, 3, 5>;
    using f4 = config<float, NullType, 96, 2>;
    check_sort<u32, sort_asc>(draw_keys<std::uint32_t>(2 * u32::tile, r), 4, 12, r, "bits 4..12");
    check_sort<u32, sort_desc_striped>(draw_keys<std::uint32_t>(2 * u32::tile, r), 4, 12, r, "bits 4..12");
    check_sort<u32, sort_asc>(draw_keys<std::uint32_t>(2 * u32::tile, r), 17, 18, r, "one bit");
    check_sort<i16, sort_desc>(draw_keys<std::int16_t>(2 * i16::tile, r), 15, 16, r, "the sign bit");
    check_sort<i16, sort_asc_striped>(draw_keys<std::int16_t>(2 * i16::tile, r), 5, 5, r, "no bits");
    check_sort<i16, sort_asc>(draw_keys<std::int16_t>(2 * i16::tile, r), 0, 16, r, "full width");
    check_sort<i64, sort_desc>(draw_keys<std::int64_t>(2 * i64::tile, r), 0, 64, r, "full width");
    check_sort<i64, sort_asc>(draw_keys<std::int64_t>(2 * i64::tile, r), 30, 41, r, "bits 30..41");
    check_sort<f4, sort_asc>(draw_special_floats<float>(2 * f4::tile, r), 20, 32, r, "float bits 20..32");
    check_sort<f4, sort_desc>(draw_special_floats<float>(2 * f4::tile, r), 0, 9, r, "float bits 0..9");
  });
}

TEST_CASE("BlockRadixSort: a struct key through a decomposer, every overload, ranges across members") {
  XCUB_TEST_CONTEXT();
  run("block radix sort decomposer", [](std::mt19937_64& r) {
    using keys = config<mixed_key, NullType, 64, 3>;
    using pairs = config<mixed_key, std::uint64_t, 96, 2, 5>;
    const auto draw = [&r](std::size_t n) {
      const double specials[] = {0.0, -0.0, 2.5, -2.5, std::numeric_limits<double>::infinity(),
                                 -std::numeric_limits<double>::quiet_NaN()};
      std::vector<mixed_key> v(n);
      for (auto& k : v) {
        k.hi = static_cast<std::int16_t>(static_cast<int>(r() % 5) - 2);  // many ties in the top member
        k.ignored = static_cast<std::uint8_t>(r());
        k.mid = r() % 4 == 0 ? specials[r() % 6] : xcub_test::random_value<double>(r);
        k.lo = static_cast<std::uint8_t>(r() % 3);
      }
      return v;
    };
    check_sort<keys, sort_asc, mixed_decomposer>(draw(2 * keys::tile), -1, -1, r, "decomposer");
    check_sort<keys, sort_desc, mixed_decomposer>(draw(2 * keys::tile), 4, 76, r, "bits 4..76");
    check_sort<keys, sort_asc_striped, mixed_decomposer>(draw(2 * keys::tile), -1, -1, r, "decomposer");
    check_sort<keys, sort_desc_striped, mixed_decomposer>(draw(2 * keys::tile), 70, 80, r, "bits 70..80");
    check_sort<pairs, sort_asc, mixed_decomposer>(draw(2 * pairs::tile), 6, 10, r, "bits 6..10");
    check_sort<pairs, sort_desc, mixed_decomposer>(draw(2 * pairs::tile), -1, -1, r, "decomposer");
    check_sort<pairs, sort_asc_striped, mixed_decomposer>(draw(2 * pairs::tile), 0, 88, r, "bits 0..88");
    check_sort<pairs, sort_desc_striped, mixed_decomposer>(draw(2 * pairs::tile), -1, -1, r, "decomposer");
  });
}
