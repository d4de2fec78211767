// The reproducible sum through DeviceReduce: TransformReduce with to_binned<T>, merge_binned and an
// empty binned_sum<T> as init, under the backend's tuning and tunings that force tiny tiles, a
// partial last warp and many blocks; finalize() of the result must be bitwise the oracle's, so the
// same for every launch shape.
#include "binned_sum_inputs.hpp"
#include "device_test_support.hpp"

#include <xcub/device/device_reduce.hpp>
#include <xcub/reference/reproducible_sum.hpp>

#include <cstring>

using namespace binned_test;

namespace {

using binned_tiny_tuning = xcub_device_test::tiny_reduce_tuning;

/// 100 threads (a partial last warp), 3 items per thread.
struct binned_odd_tuning {
  template <class T>
  static constexpr xcub::detail::reduce_policy policy(int) {
    return {100, 3, 1, xcub::BLOCK_REDUCE_WARP_REDUCTIONS, xcub::LOAD_DEFAULT};
  }
  static constexpr int oversubscription = 3;
};

template <class Tuning, class T>
T device_reproducible_sum(const std::vector<T>& x) {
  auto d_in = xcub_device_test::to_device(x);
  xcub::device_buffer<binned_sum<T>> d_out(1);
  xcub_device_test::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceReduceTuned<Tuning>::TransformReduce(t, b, d_in.data(), d_out.data(), x.size(), merge_binned{},
                                                            to_binned<T>{}, binned_sum<T>{});
  });
  const T through_transform = d_out.download()[0].finalize();
  // The public form: DeviceReduce::Sum with the reproducible tag (raw items, the agent's bulk add).
  xcub::device_buffer<T> d_sum(1);
  xcub_device_test::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceReduceTuned<Tuning>::Sum(t, b, d_in.data(), d_sum.data(), x.size(), xcub::reproducible);
  });
  const T through_sum = d_sum.download()[0];
  CHECK(std::memcmp(&through_sum, &through_transform, sizeof(T)) == 0);
  // Reduce with Sum and an init: init counts as one more item.
  std::vector<T> with_init(x);
  with_init.push_back(T(3.5));
  xcub_device_test::two_phase([&](void* t, std::size_t& b) {
    return xcub::DeviceReduceTuned<Tuning>::Reduce(t, b, d_in.data(), d_sum.data(), x.size(), xcub::Sum{}, T(3.5),
                                                   xcub::reproducible);
  });
  const T got_init = d_sum.download()[0], want_init = xcub::reference::reproducible_sum(with_init);
  CHECK(std::memcmp(&got_init, &want_init, sizeof(T)) == 0);
  return through_sum;
}

template <class T>
void check_device_reduce(std::mt19937_64& rng) {
  for (const std::size_t n : {0ul, 1ul, 33ul, 1000ul, 30001ul}) {
    for (const kind k : kinds) {
      INFO("input " << name(k) << ", " << n << " items");
      const std::vector<T> x = make_input<T>(k, n, rng);
      const T want = xcub::reference::reproducible_sum(x);
      check_same_bits(device_reproducible_sum<xcub::tuning::reduce>(x), want, "the backend's tuning");
      check_same_bits(device_reproducible_sum<binned_tiny_tuning>(x), want, "one warp, one item per thread");
      check_same_bits(device_reproducible_sum<binned_odd_tuning>(x), want, "100 threads x 3 items");
    }
  }
}

}  // namespace

TEST_CASE_TEMPLATE("binned sum through DeviceReduce::TransformReduce gives the oracle's bits", T, float, double) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for(sizeof(T) == 4 ? "binned device reduce float" : "binned device reduce double");
  check_device_reduce<T>(rng);
}
