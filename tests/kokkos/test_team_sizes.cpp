// The kokkos backend's team code with teams of more than one thread. Debian's Kokkos has only the
// Serial space, whose teams have one thread, which would hide ordering bugs between a team's
// threads (shares, the scratch combine, barriers). Here the very functors of the dispatch
// (kk::team_pass, kk::carry_pass, the sources and emitters of the scan, ReduceByKey, the
// selections and run-length encoding; the in-place selection's and adjacent difference's team
// passes; the radix sorts' kk::radix_chunk_pass and kk::segment_group_pass) run with a stand-in
// team member: T std::threads per team sharing scratch and a barrier, teams one after the other, as
// the GPU and OpenMP spaces would run them. Operators are non-commutative, outputs are positional
// and sorted keys repeat (values name input positions), so any reordering shows.
#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include <xcub/device/device_adjacent_difference.hpp>  // kk::adjacent_save_pass, adjacent_tile_pass
#include <xcub/device/device_radix_sort.hpp>  // kk::radix_chunk_pass
#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_scan.hpp>  // the Kokkos dispatch: kk::scan_source, scan_emit, runs_emit
#include <xcub/device/device_segmented_sort.hpp>  // kk::segment_group_pass
#include <xcub/device/device_select.hpp>  // kk::selection_*, run_*, compact_in_place_pass
#include <xcub/reference/radix.hpp>
#include <xcub/reference/reduce_by_key.hpp>
#include <xcub/reference/scan_by_key.hpp>
#include <xcub/reference/segmented_sort.hpp>
#include <xcub/reference/select.hpp>
#include <xcub/reference/sort.hpp>
#include <xcub/reference/transform.hpp>

#include "test_support.hpp"

namespace {

namespace kk = xcub::detail::kk;

/// A barrier for a team of std::threads.
class barrier {
 public:
  explicit barrier(int n) : m_n(n) {}
  void wait() {
    std::unique_lock<std::mutex> lock(m_mutex);
    const int gen = m_gen;
    if (++m_count == m_n) {
      m_count = 0;
      ++m_gen;
      m_cv.notify_all();
    } else {
      m_cv.wait(lock, [&] { return gen != m_gen; });
    }
  }

 private:
  std::mutex m_mutex;
  std::condition_variable m_cv;
  int m_n, m_count = 0, m_gen = 0;
};

struct team_shared {
  barrier sync;
  std::vector<unsigned char> scratch;
  team_shared(int threads, std::size_t bytes) : sync(threads), scratch(bytes) {}
};

/// What team_pass asks of a team member.
struct fake_member {
  team_shared* shared;
  int league, rank, size;
  struct scratch_space {
    team_shared* shared;
    void* get_shmem(std::size_t bytes) const {
      REQUIRE(bytes <= shared->scratch.size());
      return shared->scratch.data();
    }
  };
  int league_rank() const { return league; }
  int team_rank() const { return rank; }
  int team_size() const { return size; }
  scratch_space team_scratch(int) const { return {shared}; }
  void team_barrier() const { shared->sync.wait(); }
};

template <class Pass>
void run_league(const Pass& pass, std::uint64_t teams, int threads, std::size_t scratch_bytes) {
  for (std::uint64_t t = 0; t < teams; ++t) {
    team_shared shared(threads, scratch_bytes);
    std::vector<std::thread> pool;
    for (int r = 0; r < threads; ++r)
      pool.emplace_back([&, r] { pass.run(fake_member{&shared, static_cast<int>(t), r, threads}); });
    for (auto& th : pool) th.join();
  }
}

/// kk::ordered_fold's three passes, with teams of `threads` std::threads (host memory).
template <class T, class Source, class Op, class Emit, class Finish>
void emulate(std::uint64_t n, int tile, int threads, const Source& src, const Op& op, const Emit& emit,
             const Finish& finish) {
  const kk::layout at = kk::plan(n, tile, kk::space());
  std::vector<kk::summary<T>> partials(at.teams);
  const std::size_t bytes = sizeof(kk::summary<T>) * static_cast<std::size_t>(threads);
  run_league(kk::team_pass<T, false, Source, Op, kk::no_emit>{at, src, op, partials.data(), kk::no_emit{}}, at.teams,
             threads, bytes);
  kk::carry_pass<T, Op, Finish>{at.teams, op, partials.data(), finish}(0);
  run_league(kk::team_pass<T, true, Source, Op, Emit>{at, src, op, partials.data(), emit}, at.teams, threads, bytes);
}

/// An associative, non-commutative operator: composition of affine maps x -> a x + b (mod 2^32).
struct affine {
  std::uint32_t a, b;
  bool operator==(const affine& o) const { return a == o.a && b == o.b; }
};
struct compose {
  affine operator()(const affine& f, const affine& g) const { return {f.a * g.a, f.b * g.a + g.b}; }
};

struct count_runs {
  std::uint64_t* runs;
  void operator()(const kk::summary<affine>& total) const { *runs = total.heads; }
};

/// DeviceRadixSort's passes (count, exclusive sum, scatter) with teams of `threads` std::threads:
/// keys and values (input positions) sorted by bits [begin_bit, end_bit), stably.
template <bool DESC>
std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>> emulate_radix_sort(
    std::vector<std::uint32_t> keys, int tile, int radix_bits, int threads, int begin_bit, int end_bit) {
  using digit_t = kk::radix_digit<std::uint32_t, xcub::detail::radix::identity_decomposer, DESC>;
  using move_t = kk::radix_move<true, std::uint32_t, std::uint32_t, digit_t>;
  const std::uint64_t n = keys.size();
  std::vector<std::uint32_t> values(n), keys_out(n), values_out(n);
  for (std::uint64_t i = 0; i < n; ++i) values[i] = static_cast<std::uint32_t>(i);
  const kk::layout at = kk::plan(n, tile, kk::space());
  const int bins = 1 << radix_bits;
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(bins) * at.teams);
  const std::size_t bytes = kk::radix_scratch::bytes(threads, bins);
  for (int bit = begin_bit; bit < end_bit; bit += radix_bits) {
    const move_t pass{keys.data(), keys_out.data(), values.data(), values_out.data(),
                      digit_t::make(bit, radix_bits, end_bit, {})};
    const auto t = static_cast<std::uint64_t>(tile);
    run_league(kk::radix_chunk_pass<false, move_t>{at, pass, bins, t, counts.data()}, at.teams, threads, bytes);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) kk::exclusive_sum{counts.data()}(static_cast<std::int64_t>(i), sum, true);
    run_league(kk::radix_chunk_pass<true, move_t>{at, pass, bins, t, counts.data()}, at.teams, threads, bytes);
    keys.swap(keys_out);
    values.swap(values_out);
  }
  return {keys, values};
}

/// DeviceSegmentedRadixSort's pass (pointer form: input, output, temp) with teams of `threads`
/// std::threads.
template <bool DESC>
std::pair<std::vector<std::uint32_t>, std::vector<int>> emulate_segmented_sort(
    const std::vector<std::uint32_t>& keys, const std::vector<int>& begins, const std::vector<int>& ends,
    std::vector<std::uint32_t> keys_out, std::vector<int> values_out, int small, int tile, int radix_bits,
    int per_team, int threads) {
  using segments_t = xcub::detail::offset_segments<const int*, const int*, int>;
  using pass_t = kk::segment_group_pass<DESC, std::uint32_t, int, segments_t>;
  const std::size_t n = keys.size();
  std::vector<int> values(n);
  for (std::size_t i = 0; i < n; ++i) values[i] = static_cast<int>(i);
  std::vector<std::uint32_t> temp_keys(n);
  std::vector<int> temp_values(n);
  const int bins = 1 << radix_bits;
  const int passes = (32 + radix_bits - 1) / radix_bits;
  const std::uint64_t segments = begins.size(), per = static_cast<std::uint64_t>(per_team);
  const pass_t pass{segments_t{begins.data(), ends.data()},
                    {keys.data(), keys_out.data(), temp_keys.data(), values.data(), values_out.data(),
                     temp_values.data()},
                    segments, per, 0, 0, 32, radix_bits, passes, bins,
                    static_cast<std::uint64_t>(small), static_cast<std::uint64_t>(tile)};
  run_league(pass, (segments + per - 1) / per, threads, kk::radix_scratch::bytes(threads, bins));
  return {keys_out, values_out};
}

}  // namespace

TEST_CASE("kokkos team code: radix sort passes with teams of several threads stay stable") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("kokkos team sizes radix");
  // (items, tile): one tile of one key up to many tiles of many keys (each tile costs two barriers
  // of std::threads here); digits of 3 bits over [5, 20) (5 passes) and of 8 over [0, 32) (4).
  const std::pair<std::size_t, int> shapes[] = {{1, 1}, {5, 1}, {300, 7}, {300, 64}, {2051, 64}};
  for (const int threads : {2, 3, 8}) {
    for (const auto& shape : shapes) {
      for (const int radix_bits : {3, 8}) {
        const std::size_t n = shape.first;  // (no structured bindings: CAPTURE captures them, C++20 only)
        const int tile = shape.second;
        CAPTURE(threads);
        CAPTURE(n);
        CAPTURE(tile);
        CAPTURE(radix_bits);
        std::vector<std::uint32_t> keys(n);
        for (auto& k : keys) k = static_cast<std::uint32_t>(rng() % 23) * 0x01010101u;  // repeats: stability
        std::vector<std::uint32_t> positions(n);
        for (std::size_t i = 0; i < n; ++i) positions[i] = static_cast<std::uint32_t>(i);
        const int begin_bit = radix_bits == 3 ? 5 : 0, end_bit = radix_bits == 3 ? 20 : 32;
        for (const bool desc : {false, true}) {
          CAPTURE(desc);
          const auto got = desc ? emulate_radix_sort<true>(keys, tile, radix_bits, threads, begin_bit, end_bit)
                                : emulate_radix_sort<false>(keys, tile, radix_bits, threads, begin_bit, end_bit);
          const auto want = xcub::reference::stable_sort_pairs(
              keys, positions, xcub::reference::radix_less<std::uint32_t>(begin_bit, end_bit, desc));
          CHECK(got.first == want.first);
          CHECK(got.second == want.second);
        }
      }
    }
  }
}

TEST_CASE("kokkos team code: segmented radix sort with teams of several threads") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("kokkos team sizes segmented");
  for (const int threads : {2, 3, 8}) {
    for (const int radix_bits : {3, 8}) {
      CAPTURE(threads);
      CAPTURE(radix_bits);
      // Segments of 0 to 300 items (small ones: one thread each; long ones: the team), gaps
      // between them, listed out of order, grouped 3 per team.
      std::vector<int> begins, ends;
      int at = 0;
      for (int s = 0; s < 40; ++s) {
        at += static_cast<int>(rng() % 3);
        const int size = rng() % 3 == 0 ? static_cast<int>(rng() % 300) : static_cast<int>(rng() % 6);
        begins.push_back(at);
        ends.push_back(at + size);
        at += size;
      }
      for (std::size_t s = 0; s < begins.size(); ++s) {
        const std::size_t o = rng() % begins.size();
        std::swap(begins[s], begins[o]);
        std::swap(ends[s], ends[o]);
      }
      const std::size_t n = static_cast<std::size_t>(at) + 2;
      std::vector<std::uint32_t> keys(n), junk(n);
      for (auto& k : keys) k = static_cast<std::uint32_t>(rng() % 9) << 28 | static_cast<std::uint32_t>(rng() % 3);
      for (auto& k : junk) k = static_cast<std::uint32_t>(rng());
      std::vector<int> positions(n), junk_values(n, -7);
      for (std::size_t i = 0; i < n; ++i) positions[i] = static_cast<int>(i);
      for (const bool desc : {false, true}) {
        CAPTURE(desc);
        const auto got = desc ? emulate_segmented_sort<true>(keys, begins, ends, junk, junk_values, 4, 16, radix_bits,
                                                             3, threads)
                              : emulate_segmented_sort<false>(keys, begins, ends, junk, junk_values, 4, 16, radix_bits,
                                                              3, threads);
        const auto want = xcub::reference::segmented_stable_sort_pairs(
            keys, positions, junk, junk_values, begins, ends, xcub::reference::radix_less<std::uint32_t>(0, 32, desc));
        CHECK(got.first == want.first);
        CHECK(got.second == want.second);
      }
    }
  }
}

TEST_CASE("kokkos team code: teams of several threads keep every item in order") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("kokkos team sizes");
  for (const int threads : {2, 3, 8}) {
    for (const std::uint64_t n : {std::uint64_t{1}, std::uint64_t{5}, std::uint64_t{100}, std::uint64_t{1000},
                                  std::uint64_t{4099}}) {
      for (const int tile : {1, 7, 64}) {
        CAPTURE(threads);
        CAPTURE(n);
        CAPTURE(tile);
        std::vector<affine> values(n);
        std::vector<int> keys(n);
        int key = 0;
        for (std::uint64_t i = 0; i < n; ++i) {
          values[i] = {static_cast<std::uint32_t>(rng()) | 1u, static_cast<std::uint32_t>(rng())};
          if (rng() % 5 == 0) ++key;
          keys[i] = key;
        }
        const auto equal = [](int a, int b) { return a == b; };
        // inclusive and exclusive scans by key, init on the exclusive one
        using source = kk::scan_source<affine, const int*, const affine*, xcub::Equality, affine>;
        const affine init{3, 5};
        const source src{{keys.data(), values.data(), xcub::Equality{}, {affine{}, false}}, {init}};
        std::vector<affine> excl(n), incl(n);
        emulate<affine>(n, tile, threads, src, compose{}, kk::scan_emit<false, affine*>{excl.data()}, kk::no_finish{});
        CHECK(excl == xcub::reference::exclusive_scan_by_key(keys, values, init, compose{}, equal));
        using no_init = kk::scan_source<affine, const int*, const affine*, xcub::Equality, xcub::detail::scan_no_init>;
        const no_init src2{{keys.data(), values.data(), xcub::Equality{}, {affine{}, false}}, {{}}};
        emulate<affine>(n, tile, threads, src2, compose{}, kk::scan_emit<true, affine*>{incl.data()}, kk::no_finish{});
        CHECK(incl == xcub::reference::inclusive_scan_by_key(keys, values, compose{}, equal));
        // ReduceByKey
        using rsource = kk::keyed_source<affine, const int*, const affine*, xcub::Equality>;
        const rsource rsrc{keys.data(), values.data(), xcub::Equality{}, {affine{}, false}};
        std::vector<int> unique(n);
        std::vector<affine> aggr(n);
        std::uint64_t runs = 0;
        emulate<affine>(n, tile, threads, rsrc, compose{},
                        kk::runs_emit<rsource, int*, affine*>{rsrc, unique.data(), aggr.data(), n}, count_runs{&runs});
        const auto expected = xcub::reference::reduce_by_key(keys, values, equal, compose{});
        REQUIRE(runs == expected.unique_keys.size());
        unique.resize(runs);
        aggr.resize(runs);
        CHECK(unique == expected.unique_keys);
        CHECK(aggr == expected.aggregates);
      }
    }
  }
}

namespace {

struct below {
  int bound;
  bool operator()(int x) const { return x < bound; }
};
struct skew {  // not commutative
  int operator()(int a, int b) const { return 2 * a - 3 * b; }
};

/// n items in [0, 100), in runs (a new value with probability 1/3).
std::vector<int> runs_of(std::uint64_t n, std::mt19937_64& rng) {
  std::vector<int> v(n);
  int x = 0;
  for (auto& y : v) {
    if (rng() % 3 == 0) x = static_cast<int>(rng() % 100);
    y = x;
  }
  return v;
}

}  // namespace

TEST_CASE("kokkos team code: selections, run-length encoding, in-place compaction and difference, teams of several threads") {
  XCUB_TEST_CONTEXT();
  namespace xd = xcub::detail;
  using u64 = std::uint64_t;
  auto rng = xcub_test::rng_for("kokkos team sizes select");
  for (const int threads : {2, 3, 8}) {
    for (const u64 n : {u64{1}, u64{100}, u64{4099}}) {
      for (const int tile : {1, 7, 64}) {
        CAPTURE(threads);
        CAPTURE(n);
        CAPTURE(tile);
        const std::vector<int> in = runs_of(n, rng);
        {  // two-way partition (one part, rejected items reversed at the end)
          using sel = xd::select_if<below>;
          using out_t = xd::out_partition<int*, u64>;
          const kk::classes<const int*, sel> cls{in.data(), sel{{40}}};
          std::vector<int> out(n, -1);
          std::vector<u64> count(1, 0);
          emulate<u64>(n, tile, threads, kk::selection_items<u64, const int*, sel>{cls}, xd::count_sum{},
                       kk::selection_emit<u64, u64, const int*, xd::no_values, sel, out_t>{cls, {}, {out.data(), n}},
                       kk::selection_finish<u64, u64, u64*>{count.data()});
          const auto want = xcub::reference::partition(in, below{40});
          CHECK(count[0] == want.selected);
          CHECK(out == want.out);
        }
        {  // three-way partition (two parts: part_counts)
          using sel = xd::select_if2<below, below>;
          using count_t = xd::part_counts<u64>;
          using out_t = xd::out_three_way<int*, int*, int*>;
          const kk::classes<const int*, sel> cls{in.data(), sel{{30}, {60}}};
          std::vector<int> first(n, -1), second(n, -1), rest(n, -1);
          std::vector<u64> counts(2, 0);
          emulate<count_t>(n, tile, threads, kk::selection_items<count_t, const int*, sel>{cls}, xd::count_sum{},
                           kk::selection_emit<u64, count_t, const int*, xd::no_values, sel, out_t>{
                               cls, {}, {first.data(), second.data(), rest.data()}},
                           kk::selection_finish<u64, count_t, u64*>{counts.data()});
          const auto want = xcub::reference::three_way_partition(in, below{30}, below{60});
          REQUIRE(counts[0] == want.first.size());
          REQUIRE(counts[1] == want.second.size());
          first.resize(counts[0]);
          second.resize(counts[1]);
          rest.resize(want.unselected.size());
          CHECK(first == want.first);
          CHECK(second == want.second);
          CHECK(rest == want.unselected);
        }
        {  // UniqueByKey (discontinuities, values carried)
          using sel = xd::select_unique<xcub::Equality>;
          using out_t = xd::out_selected_by_key<int*, u64*>;
          std::vector<u64> values(n);
          for (u64 i = 0; i < n; ++i) values[i] = i * 7;
          const kk::classes<const int*, sel> cls{in.data(), sel{xcub::Equality{}}};
          std::vector<int> keys_out(n, -1);
          std::vector<u64> values_out(n, 0);
          std::vector<u64> count(1, 0);
          emulate<u64>(n, tile, threads, kk::selection_items<u64, const int*, sel>{cls}, xd::count_sum{},
                       kk::selection_emit<u64, u64, const int*, const u64*, sel, out_t>{
                           cls, values.data(), {keys_out.data(), values_out.data()}},
                       kk::selection_finish<u64, u64, u64*>{count.data()});
          const auto want = xcub::reference::unique_by_key(in, values, [](int a, int b) { return a == b; });
          REQUIRE(count[0] == want.keys.size());
          keys_out.resize(count[0]);
          values_out.resize(count[0]);
          CHECK(keys_out == want.keys);
          CHECK(values_out == want.values);
        }
        {  // Encode and NonTrivialRuns
          using enc = kk::run_items<false, u64, const int*, xcub::Equality>;
          using nontrivial = kk::run_items<true, u64, const int*, xcub::Equality>;
          std::vector<int> items(n, -1);
          std::vector<u64> offsets(n, 0), lengths(n, 0), runs(1, 0);
          const enc e{in.data(), xcub::Equality{}, n};
          emulate<kk::run_marks<u64>>(n, tile, threads, e, kk::run_marks_op{},
                                      kk::run_emit<false, u64, enc, int*, u64*>{e, items.data(), lengths.data()},
                                      kk::run_finish<u64, u64*>{runs.data()});
          const auto want = xcub::reference::run_length_encode(in);
          REQUIRE(runs[0] == want.items.size());
          items.resize(runs[0]);
          CHECK(items == want.items);
          CHECK(std::vector<std::size_t>(lengths.begin(), lengths.begin() + static_cast<std::ptrdiff_t>(runs[0])) ==
                want.lengths);
          const nontrivial t{in.data(), xcub::Equality{}, n};
          emulate<kk::run_marks<u64>>(n, tile, threads, t, kk::run_marks_op{},
                                      kk::run_emit<true, u64, nontrivial, u64*, u64*>{t, offsets.data(), lengths.data()},
                                      kk::run_finish<u64, u64*>{runs.data()});
          const auto want2 = xcub::reference::non_trivial_runs(in);
          REQUIRE(runs[0] == want2.lengths.size());
          const auto r = static_cast<std::ptrdiff_t>(runs[0]);
          CHECK(std::vector<std::size_t>(offsets.begin(), offsets.begin() + r) == want2.offsets);
          CHECK(std::vector<std::size_t>(lengths.begin(), lengths.begin() + r) == want2.lengths);
        }
        {  // If in place: one team over the tiles in order
          using sel = xd::select_if<below>;
          using pass_t = kk::compact_in_place_pass<u64, int, sel, u64*>;
          std::vector<int> data = in;
          std::vector<u64> count(1, 0);
          const pass_t pass{data.data(), sel{{55}}, count.data(), n, static_cast<u64>(tile)};
          run_league(pass, 1, threads, pass_t::scratch_bytes(static_cast<u64>(tile), threads));
          const auto want = xcub::reference::select_if(in, below{55});
          REQUIRE(count[0] == want.size());
          data.resize(want.size());
          CHECK(data == want);
        }
        {  // SubtractLeft and SubtractRight in place: saved neighbours, then a team per tile (at most
           // about 64 teams: each costs a thread start per member here)
          const u64 t = std::max<u64>(static_cast<u64>(tile), n / 64), tiles = (n + t - 1) / t;
          std::vector<int> neighbours(tiles);
          std::vector<int> left = in, right = in;
          for (u64 k = 0; k < tiles; ++k) kk::adjacent_save_pass<true, int, int*>{left.data(), neighbours.data(), n, t}(
              static_cast<std::int64_t>(k));
          using left_t = kk::adjacent_tile_pass<true, int, int, int*, skew>;
          run_league(left_t{left.data(), neighbours.data(), skew{}, n, t, 0}, tiles, threads, left_t::scratch_bytes(t));
          CHECK(left == xcub::reference::adjacent_difference_left<int>(in, skew{}));
          for (u64 k = 0; k < tiles; ++k) kk::adjacent_save_pass<false, int, int*>{right.data(), neighbours.data(), n, t}(
              static_cast<std::int64_t>(k));
          using right_t = kk::adjacent_tile_pass<false, int, int, int*, skew>;
          run_league(right_t{right.data(), neighbours.data(), skew{}, n, t, 0}, tiles, threads,
                     right_t::scratch_bytes(t));
          CHECK(right == xcub::reference::adjacent_difference_right<int>(in, skew{}));
        }
      }
    }
  }
}
