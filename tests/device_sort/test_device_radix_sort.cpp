// DeviceRadixSort: keys and pairs against the oracle (xcub/reference/radix.hpp, sort.hpp) on random
// inputs, every path (single tile, onesweep over one and several portions, the tiny and odd tunings'
// partial warps, 5- and 6-bit digits, match by ballot and by atomic OR), both forms (pointers and
// DoubleBuffer), ascending and descending, bit subranges, and every bad-input error.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "radix_sort_support.hpp"

namespace {

using namespace xcub_radix_test;
using xcub::NullType;

/// Sizes around the host tuning's tiles (256 keys; single tiles of up to 64, 128 and 256), the test
/// tunings' (64, 96 * 3 = 288), warp sizes, portions of the tiny tuning (511 keys), and a few
/// thousand keys; on GPUs also around CUDA sm_90's single tiles (up to 1280, 5120 and 10240 4-byte
/// keys), which on the CPU backends would only add onesweep sorts of the same kind as 9000.
/// The CPU backends (the host emulator, kokkos: Serial in CI) skip the sizes that only GPUs need.
bool cpu_backend() {
  return xcub::backend_name == std::string("host") || xcub::backend_name == std::string("kokkos");
}

std::vector<std::size_t> radix_sizes() {
  std::vector<std::size_t> s = {0,   1,   2,   31,  32,  33,  63,  64,   65,   127,  128, 129,
                                255, 256, 257, 288, 289, 511, 512, 1000, 4097, 9000};
  if (!cpu_backend()) s.insert(s.end(), {1280, 1281, 5120, 5121, 10240, 10241});
  return s;
}

template <class Tuning, bool DESC, class K>
void check_keys(const std::vector<K>& keys, form f, int begin_bit, int end_bit) {
  const auto got = device_sort<Tuning, DESC>(keys, std::vector<NullType>{}, f, begin_bit, end_bit).first;
  const auto order = expected_order(keys, begin_bit, end_bit, DESC);
  xcub_test::check_equal(got, xcub::reference::permuted(keys, order), "keys");
}

template <class Tuning, bool DESC, class K>
void check_pairs(const std::vector<K>& keys, form f, int begin_bit, int end_bit) {
  const auto got = device_sort<Tuning, DESC>(keys, positions(keys.size()), f, begin_bit, end_bit);
  const auto order = expected_order(keys, begin_bit, end_bit, DESC);
  xcub_test::check_equal(got.first, xcub::reference::permuted(keys, order), "keys");
  xcub_test::check_equal(got.second, to_u32(order), "values (input positions: stability)");
}

template <class Tuning>
void sizes_and_forms(const char* name) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for(name);
  for (std::size_t n : radix_sizes()) {
    INFO("n = " << n);
    const auto keys = xcub_test::random_vector<std::uint32_t>(n, rng);
    // Keys alone take the pairs' paths without values: the core matrix checks them with the backend's
    // tuning only (docs/testing.md).
    if constexpr (xcub_device_test::every_method<Tuning, xcub::tuning::radix_sort>) {
      check_keys<Tuning, false>(keys, form::pointers, 0, 32);
      check_keys<Tuning, true>(keys, form::double_buffer, 0, 32);
    }
    // Pairs with many equal keys: stability shows in the values.
    std::vector<std::uint32_t> few(n);
    for (auto& k : few) k = static_cast<std::uint32_t>(rng() % 13) << 20;
    check_pairs<Tuning, false>(few, form::double_buffer, 0, 32);
    check_pairs<Tuning, true>(few, form::pointers, 0, 32);
  }
}

TEST_CASE("DeviceRadixSort: u32 keys and pairs, every size, both forms, both directions (backend tuning)") {
  sizes_and_forms<xcub::tuning::radix_sort>("radix sizes default");
}
TEST_CASE("DeviceRadixSort: u32 keys and pairs, every size (one-warp tiles, 5-bit digits, atomic-OR ranks, portions)") {
  sizes_and_forms<tiny_radix_tuning>("radix sizes tiny");
}
TEST_CASE("DeviceRadixSort: u32 keys and pairs, every size (96-thread tiles, 6-bit digits, no single tile)") {
  sizes_and_forms<odd_radix_tuning>("radix sizes odd");
}

TEST_CASE("DeviceRadixSort: u32 keys and pairs, every size (11-bit digits: more digits than threads)") {
  sizes_and_forms<wide_digit_radix_tuning>("radix sizes wide digits");
}
TEST_CASE("DeviceRadixSort: u32 keys and pairs, every size (tiles in dynamic shared memory, values beside keys)") {
  sizes_and_forms<dynamic_radix_tuning>("radix sizes dynamic");
}
TEST_CASE("DeviceRadixSort: u64 keys, u64/u32 pairs (tiles in dynamic shared memory)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix dynamic u64");
  for (std::size_t n : {std::size_t{1}, std::size_t{511}, std::size_t{513}, std::size_t{3000}}) {
    INFO("n = " << n);
    const auto keys = xcub_test::random_vector<std::uint64_t>(n, rng);
    check_keys<dynamic_radix_tuning, false>(keys, form::pointers, 0, 64);
    check_pairs<dynamic_radix_tuning, true>(keys, form::double_buffer, 0, 64);
    check_pairs<dynamic_radix_tuning, false>(keys, form::pointers, 5, 41);
  }
}

TEST_CASE("DeviceRadixSort: bit subranges (a single bit, within a digit, across digits, the top bits)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix bit ranges");
  const int ranges[][2] = {{0, 32}, {4, 12}, {7, 8}, {13, 32}, {0, 1}, {31, 32}, {3, 29}};
  for (std::size_t n : {std::size_t{200}, std::size_t{3000}}) {
    const auto keys = xcub_test::random_vector<std::uint32_t>(n, rng);
    for (const auto& r : ranges) {
      INFO("n = " << n << ", bits [" << r[0] << ", " << r[1] << ")");
      check_pairs<xcub::tuning::radix_sort, false>(keys, form::pointers, r[0], r[1]);
      check_pairs<tiny_radix_tuning, true>(keys, form::double_buffer, r[0], r[1]);
      check_pairs<dynamic_radix_tuning, false>(keys, form::double_buffer, r[0], r[1]);
      if constexpr (XCUB_TEST_MATRIX_FULL) check_keys<odd_radix_tuning, false>(keys, form::double_buffer, r[0], r[1]);
    }
  }
}

TEST_CASE("DeviceRadixSort: the same result whether the input is sorted, reversed, all equal or random") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix patterns");
  const std::size_t n = 5000;
  auto keys = xcub_test::random_vector<std::uint32_t>(n, rng);
  std::vector<std::vector<std::uint32_t>> inputs;
  std::sort(keys.begin(), keys.end());
  inputs.push_back(keys);
  std::reverse(keys.begin(), keys.end());
  inputs.push_back(keys);
  inputs.push_back(std::vector<std::uint32_t>(n, 0xdeadbeefu));
  inputs.push_back(std::vector<std::uint32_t>(n, 0u));
  inputs.push_back(std::vector<std::uint32_t>(n, ~0u));
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    INFO("input pattern " << i);
    check_pairs<xcub::tuning::radix_sort, false>(inputs[i], form::pointers, 0, 32);
    check_pairs<odd_radix_tuning, true>(inputs[i], form::double_buffer, 0, 32);
  }
}

TEST_CASE("DeviceRadixSort: tiles whose keys share one digit (runs of equal keys, keys below 256)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix uniform tiles");
  // 8192: every tuning's last tile full (uniform too, with no next portion to tell); 4097, 9000:
  // partial last tiles.
  // Runs of equal keys (most tiles of every pass have one digit and go out unranked, the tiles
  // across a run's ends do not), and keys below 256 (every tile of passes 2 to 4 has the digit 0).
  std::vector<std::vector<std::uint32_t>> inputs;
  for (std::size_t n : {std::size_t{4097}, std::size_t{8192}, std::size_t{9000}}) {
    inputs.push_back(run_keys(n, 700, rng));
    inputs.push_back(run_keys(n, 1300, rng));
    inputs.push_back(low_byte_keys(n, rng));
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    INFO("input " << i << " (" << inputs[i].size() << " keys)");
    check_keys<xcub::tuning::radix_sort, false>(inputs[i], form::pointers, 0, 32);
    check_pairs<xcub::tuning::radix_sort, false>(inputs[i], form::pointers, 0, 32);
    check_pairs<xcub::tuning::radix_sort, true>(inputs[i], form::double_buffer, 0, 32);
    check_keys<dynamic_radix_tuning, false>(inputs[i], form::double_buffer, 0, 32);
    check_pairs<dynamic_radix_tuning, false>(inputs[i], form::pointers, 0, 32);
    check_pairs<dynamic_radix_tuning, true>(inputs[i], form::double_buffer, 0, 32);
    check_pairs<odd_radix_tuning, true>(inputs[i], form::pointers, 0, 32);
    check_pairs<wide_digit_radix_tuning, false>(inputs[i], form::pointers, 0, 32);
    check_pairs<tiny_radix_tuning, true>(inputs[i], form::double_buffer, 4, 29);  // short circuit off
  }
  // Past the GPU tunings' single tile (10240 4-byte keys on CUDA), so that the backend's own
  // onesweep passes meet uniform tiles there too.
  const std::size_t big = std::size_t{1} << 17;
  for (const auto& keys : {run_keys(big, 20000, rng), low_byte_keys(big, rng)}) {
    check_keys<xcub::tuning::radix_sort, true>(keys, form::pointers, 0, 32);
    check_pairs<xcub::tuning::radix_sort, false>(keys, form::pointers, 0, 32);
    check_pairs<xcub::tuning::radix_sort, true>(keys, form::double_buffer, 0, 32);
  }
}

TEST_CASE("DeviceRadixSort: atomic-OR ranks with lanes of one digit (patches of equal keys, nine values)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix crowded warps");
  // Atomic-OR ranks (dynamic_radix_tuning, as the CUDA sm_90 tunings): the lanes of one digit OR
  // their bits into one shared word. Patches of random and of equal keys put warps of both kinds in
  // one tile (64 x 8 keys: a 32-lane warp holds 256 keys, a 64-lane one 512); keys of nine values
  // crowd every warp of the first pass (the others have one digit), random keys none.
  std::vector<std::vector<std::uint32_t>> inputs;
  for (std::size_t patch : {std::size_t{64}, std::size_t{256}, std::size_t{512}, std::size_t{1000}})
    inputs.push_back(patchy_keys(6000, patch, rng));
  inputs.push_back(few_value_keys(6000, 9, rng));
  inputs.push_back(xcub_test::random_vector<std::uint32_t>(6000, rng));
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    INFO("input " << i);
    check_keys<dynamic_radix_tuning, false>(inputs[i], form::pointers, 0, 32);
    check_keys<dynamic_radix_tuning, true>(inputs[i], form::double_buffer, 0, 32);
    check_pairs<dynamic_radix_tuning, false>(inputs[i], form::pointers, 0, 32);
    check_pairs<dynamic_radix_tuning, true>(inputs[i], form::pointers, 3, 30);
  }
  // The backend's own tuning past its single tile (on CUDA sm_90: atomic-OR ranks in dynamic
  // tiles, pairs as words), with the same kinds of keys, every byte 0 or 1 (two digits a pass, 16
  // lanes a mask word), and 64-bit keys.
  const std::size_t big = std::size_t{1} << 16;
  auto two_digits = xcub_test::random_vector<std::uint32_t>(big, rng);
  for (auto& k : two_digits) k &= 0x01010101u;
  for (const auto& keys : {patchy_keys(big, 64, rng), few_value_keys(big, 9, rng), two_digits}) {
    check_keys<xcub::tuning::radix_sort, false>(keys, form::pointers, 0, 32);
    check_pairs<xcub::tuning::radix_sort, true>(keys, form::pointers, 0, 32);
  }
  check_keys<xcub::tuning::radix_sort, false>(patchy_keys<std::uint64_t>(20000, 64, rng), form::pointers, 0, 64);
}

TEST_CASE("DeviceRadixSort: 10^6 keys on the host and kokkos, 2^24 on GPUs, pairs (large)") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("radix large");
  // The CPU backends (the host emulator, kokkos: Serial in CI) take the small sizes: the oracle's
  // sort of 2^24 images alone takes a minute there.
  const std::size_t n = cpu_backend() ? (XCUB_TEST_MATRIX_FULL ? 1000000 : 200000) : std::size_t{1} << 24;
  const auto keys = xcub_test::random_vector<std::uint32_t>(n, rng);
  check_pairs<xcub::tuning::radix_sort, false>(keys, form::pointers, 0, 32);
}

TEST_CASE("DeviceRadixSort: bad input returns error_invalid_value and writes nothing") {
  using sorter = xcub::DeviceRadixSort;
  const std::vector<std::uint32_t> keys = {5, 3, 9, 1};
  auto d_in = to_device(keys);
  xcub::device_buffer<std::uint32_t> d_out(4);
  d_out.fill_bytes(0x5A);
  const auto untouched = d_out.download();
  std::size_t bytes = 0;
  XCUB_TEST_CALL(sorter::SortPairs(nullptr, bytes, d_in.data(), d_out.data(), d_in.data(), d_out.data(), 4));
  REQUIRE(bytes >= 1);
  xcub::device_buffer<unsigned char> temp(bytes);
  void* t = temp.data();
  const auto e = xcub::error_invalid_value;
  CHECK(sorter::SortKeys(t, bytes, d_in.data(), d_out.data(), -1) == e);                  // negative count
  CHECK(sorter::SortKeys(t, bytes, static_cast<const std::uint32_t*>(nullptr), d_out.data(), 4) == e);
  CHECK(sorter::SortKeys(t, bytes, d_in.data(), static_cast<std::uint32_t*>(nullptr), 4) == e);
  CHECK(sorter::SortPairs(t, bytes, d_in.data(), d_out.data(), d_in.data(), static_cast<std::uint32_t*>(nullptr), 4) ==
        e);
  CHECK(sorter::SortKeys(t, bytes, d_in.data(), d_out.data(), 4, -1, 32) == e);           // begin_bit < 0
  CHECK(sorter::SortKeys(t, bytes, d_in.data(), d_out.data(), 4, 0, 33) == e);            // past the key's bits
  CHECK(sorter::SortKeys(t, bytes, d_in.data(), d_out.data(), 4, 8, 8) == e);             // nothing to sort
  CHECK(sorter::SortKeysDescending(t, bytes, d_in.data(), d_out.data(), 4, 9, 8) == e);   // reversed range
  std::size_t small = 0;  // temp storage smaller than asked for
  CHECK(sorter::SortKeys(t, small, d_in.data(), d_out.data(), 4) == e);
  xcub::DoubleBuffer<std::uint32_t> db(d_in.data(), nullptr);
  CHECK(sorter::SortKeys(t, bytes, db, 4) == e);                                          // a null buffer
  XCUB_TEST_CALL(xcub::device_synchronize());
  xcub_test::check_equal(d_out.download(), untouched, "output after rejected calls");
  xcub_test::check_equal(d_in.download(), keys, "input after rejected calls");
  // Null pointers are fine with no items; the size query reports at least one byte.
  std::size_t zero_bytes = 0;
  XCUB_TEST_CALL(sorter::SortKeys(nullptr, zero_bytes, static_cast<const int*>(nullptr), static_cast<int*>(nullptr), 0));
  CHECK(zero_bytes >= 1);
}

}  // namespace
