// The kokkos backend's team code with teams of more than one thread. Debian's Kokkos has only the
// Serial space, whose teams have one thread, which would hide ordering bugs between a team's
// threads (shares, the scratch combine, barriers). Here the very functors of the dispatch
// (kk::team_pass, kk::carry_pass, the sources and emitters of the scan and ReduceByKey) run with a
// stand-in team member: T std::threads per team sharing scratch and a barrier, teams one after the
// other, as the GPU and OpenMP spaces would run them. Operators are non-commutative, so any
// reordering shows.
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include <xcub/device/device_scan.hpp>  // the Kokkos dispatch: kk::scan_source, scan_emit, runs_emit
#include <xcub/device/device_reduce.hpp>
#include <xcub/reference/reduce_by_key.hpp>
#include <xcub/reference/scan_by_key.hpp>

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

}  // namespace

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
