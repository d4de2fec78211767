// BlockRadixRankMatch with every strategy forced (include/xcub/block/detail/radix_rank_match/): a
// Tuning of the test's own in place of the backend's hook picks the zero, count and scan steps and
// the block scan's fold, and each combination that the shape supports (radix_rank_match_supports)
// runs through the harness of test_block_radix_rank.hpp against xcub/reference/digit_rank.hpp:
// every RankKeys overload (counts callback and exclusive digit prefix included), random, all-equal
// and two-valued keys, under the in-order and a random schedule. Block shapes: whole and partial
// last warps at the build's warp width (CI builds it at 32 and at 64 lanes), 2D and 3D blocks, 1
// to 17 keys per thread (odd too), RADIX_BITS 1, 3, 4, 5, 6, 8 and 10, ascending and descending,
// inner scans WARP_SCANS and RAKING. The test fails if a strategy never ran (a shape list that no
// longer reaches one), and checks that the host's hook is the neutral default.
#include "test_block_radix_rank.hpp"

#include <xcub/backend/tuning/block_radix_rank_match.hpp>
#include <xcub/block/detail/radix_rank_match/config.hpp>

#include <string>

using namespace radix_rank_test;

namespace {

using xcub::detail::radix_rank_match_config;
using xcub::detail::radix_rank_match_count;
using xcub::detail::radix_rank_match_scan;
using xcub::detail::radix_rank_match_shape;
using xcub::detail::radix_rank_match_zero;
using xcub::detail::warp_totals_fold;

/// A Tuning that returns one config whatever the shape.
template <radix_rank_match_zero Z, radix_rank_match_count C, int BATCH, radix_rank_match_scan S, warp_totals_fold F>
struct forced {
  static constexpr radix_rank_match_config config(const radix_rank_match_shape&) { return {Z, C, BATCH, S, F}; }
};

/// The ranking with a forced Tuning and the public class's constructors (the harness uses both).
template <class Tuning, int BX, int BITS, bool DESC, xcub::BlockScanAlgorithm SCAN, int BY, int BZ>
class forced_rank : public xcub::detail::block_radix_rank_match<BX, BITS, DESC, SCAN, BY, BZ, Tuning> {
  using base = xcub::detail::block_radix_rank_match<BX, BITS, DESC, SCAN, BY, BZ, Tuning>;

 public:
  using TempStorage = typename base::TempStorage;
#if XCUB_HAS_KERNELS
  XCUB_DEVICE forced_rank() : base(xcub::detail::private_storage<TempStorage>()) {}
  XCUB_DEVICE forced_rank(TempStorage& s) : base(s) {}
#endif
};

constexpr auto rows = radix_rank_match_zero::rows, own = radix_rank_match_zero::own_columns;
constexpr auto shared = radix_rank_match_count::shared, batched = radix_rank_match_count::batched,
               lanes = radix_rank_match_count::lanes;
constexpr auto block = radix_rank_match_scan::block, warp_local = radix_rank_match_scan::warp_local;
constexpr auto f_batched = warp_totals_fold::batched, f_ordered = warp_totals_fold::ordered,
               f_shuffle = warp_totals_fold::shuffle;

std::string describe(const radix_rank_match_config& c) {
  std::string s = c.zero == rows ? "zero rows" : "zero own_columns";
  s += c.count == shared ? ", count shared" : c.count == lanes ? ", count lanes" : ", count batched " + std::to_string(c.batch);
  s += c.scan == warp_local ? ", scan warp_local"
                            : std::string(", scan block, fold ") +
                                  (c.fold == f_batched ? "batched" : c.fold == f_ordered ? "ordered" : "shuffle");
  return s;
}

/// The strategies that ran at least once, one bit each.
enum covered_bit : unsigned {
  ran_rows = 1u << 0, ran_own = 1u << 1, ran_shared = 1u << 2, ran_batched = 1u << 3, ran_lanes = 1u << 4,
  ran_block = 1u << 5, ran_warp_local = 1u << 6, ran_f_batched = 1u << 7, ran_f_ordered = 1u << 8,
  ran_f_shuffle = 1u << 9, ran_batch3 = 1u << 10, ran_all = (1u << 11) - 1
};

unsigned coverage_of(const radix_rank_match_config& c) {
  unsigned bits = 0;
  if (c.count == lanes) {
    bits |= ran_lanes;
  } else {
    bits |= c.zero == rows ? ran_rows : ran_own;
    bits |= c.count == shared ? ran_shared : ran_batched;
    if (c.count == batched && c.batch == 3) bits |= ran_batch3;
  }
  if (c.scan == warp_local) {
    bits |= ran_warp_local;
  } else {
    bits |= ran_block | (c.fold == f_batched ? ran_f_batched : c.fold == f_ordered ? ran_f_ordered : ran_f_shuffle);
  }
  return bits;
}

/// Runs every Tuning of the list that the shape supports; returns the strategies that ran.
template <class Key, int BX, int BY, int BZ, int K, int SHIFT, int BITS, bool DESC, xcub::BlockScanAlgorithm SCAN,
          class... Tunings>
unsigned check_each(std::mt19937_64& rng) {
  unsigned ran = 0;
  (
      [&] {
        using rank_t = forced_rank<Tunings, BX, BITS, DESC, SCAN, BY, BZ>;
        if constexpr (rank_t::template config_supported<K>()) {
          constexpr radix_rank_match_config cfg = rank_t::template config<K>();
          INFO("strategies: " << describe(cfg));
          check_all<rank_t, Key, BX, BY, BZ, K, SHIFT, BITS, DESC, true>(rng);
          ran |= coverage_of(cfg);
        }
      }(),
      ...);
  return ran;
}

/// Every combination of steps (the zero step is the count's own with lanes), with the ordered fold
/// for the block scan, plus the other two folds and batches of three keys after the simplest steps.
template <class Key, int BX, int BY, int BZ, int K, int SHIFT, int BITS, bool DESC, xcub::BlockScanAlgorithm SCAN>
unsigned check_strategies(std::mt19937_64& rng) {
  return check_each<Key, BX, BY, BZ, K, SHIFT, BITS, DESC, SCAN,  //
                    forced<rows, shared, 1, block, f_ordered>, forced<rows, shared, 1, warp_local, f_ordered>,
                    forced<own, shared, 1, block, f_ordered>, forced<own, shared, 1, warp_local, f_ordered>,
                    forced<rows, batched, 2, block, f_ordered>, forced<rows, batched, 2, warp_local, f_ordered>,
                    forced<own, batched, 2, block, f_ordered>, forced<own, batched, 2, warp_local, f_ordered>,
                    forced<rows, lanes, 1, block, f_ordered>, forced<rows, lanes, 1, warp_local, f_ordered>,
                    forced<rows, shared, 1, block, f_batched>, forced<rows, shared, 1, block, f_shuffle>,
                    forced<rows, batched, 3, block, f_batched>>(rng);
}

// On the host backend the hook returns the neutral default (the GPU backends return their rules).
constexpr radix_rank_match_shape some_shape{256, xcub::arch::warp_threads, 256 / xcub::arch::warp_threads, false,
                                            xcub::arch::warp_threads, 4, 8};
constexpr radix_rank_match_config simplest = xcub::detail::radix_rank_match_simplest(some_shape);
#if XCUB_BACKEND_HOST
constexpr radix_rank_match_config host_choice = xcub::tuning::block_radix_rank_match::config(some_shape);
static_assert(host_choice.zero == simplest.zero && host_choice.count == simplest.count &&
                  host_choice.scan == simplest.scan && host_choice.fold == simplest.fold,
              "the host backend takes the neutral default");
#endif
static_assert(simplest.zero == rows && simplest.count == shared && simplest.scan == block,
              "the neutral default is the simplest path");

}  // namespace

TEST_CASE("BlockRadixRankMatch strategies: 1D blocks") {
  XCUB_TEST_CONTEXT();
  INFO("warp_threads " << xcub::arch::warp_threads);
  auto rng = xcub_test::rng_for("BlockRadixRankMatch strategies 1D");
  unsigned ran = 0;
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    constexpr auto ws = xcub::BLOCK_SCAN_WARP_SCANS;
    constexpr auto rk = xcub::BLOCK_SCAN_RAKING;
    //                        Key            BX  BY BZ  K SHIFT BITS DESC  SCAN
    ran |= check_strategies<std::uint32_t, 128, 1, 1, 4, 0, 4, false, ws>(r);
    ran |= check_strategies<std::uint32_t, 256, 1, 1, 8, 3, 4, true, ws>(r);
    ran |= check_strategies<std::uint32_t, 64, 1, 1, 16, 7, 5, false, ws>(r);
    ran |= check_strategies<std::uint16_t, 96, 1, 1, 3, 2, 6, true, rk>(r);
    ran |= check_strategies<std::uint32_t, 100, 1, 1, 7, 5, 3, false, ws>(r);
    ran |= check_strategies<std::uint64_t, 192, 1, 1, 5, 40, 5, true, ws>(r);
    ran |= check_strategies<std::uint32_t, 64, 1, 1, 3, 8, 8, false, ws>(r);
    ran |= check_strategies<std::uint32_t, 128, 1, 1, 17, 1, 8, true, ws>(r);
    ran |= check_strategies<std::uint8_t, 33, 1, 1, 9, 4, 1, false, ws>(r);
    ran |= check_strategies<std::uint16_t, 48, 1, 1, 17, 4, 4, true, ws>(r);
    ran |= check_strategies<std::uint32_t, 320, 1, 1, 4, 12, 4, false, ws>(r);
    ran |= check_strategies<std::uint32_t, 64, 1, 1, 3, 13, 10, true, ws>(r);
    ran |= check_strategies<std::uint32_t, 512, 1, 1, 2, 0, 4, true, rk>(r);
    ran |= check_strategies<std::uint32_t, 128, 1, 1, 1, 9, 6, false, ws>(r);
  });
  INFO("strategies that ran: " << ran);
  CHECK(ran == ran_all);
}

TEST_CASE("BlockRadixRankMatch strategies: 2D and 3D blocks") {
  XCUB_TEST_CONTEXT();
  INFO("warp_threads " << xcub::arch::warp_threads);
  auto rng = xcub_test::rng_for("BlockRadixRankMatch strategies 2D 3D");
  unsigned ran = 0;
  xcub_test::on_each_schedule(rng, [&](std::mt19937_64& r) {
    constexpr auto ws = xcub::BLOCK_SCAN_WARP_SCANS;
    constexpr auto rk = xcub::BLOCK_SCAN_RAKING;
    ran |= check_strategies<std::uint32_t, 16, 4, 2, 6, 3, 4, true, ws>(r);
    ran |= check_strategies<std::uint32_t, 16, 8, 1, 16, 0, 5, false, rk>(r);
    ran |= check_strategies<std::uint32_t, 10, 5, 2, 7, 3, 4, false, ws>(r);
  });
  INFO("strategies that ran: " << ran);
  CHECK((ran & (ran_rows | ran_own | ran_shared | ran_batched | ran_block)) ==
        (ran_rows | ran_own | ran_shared | ran_batched | ran_block));
}
