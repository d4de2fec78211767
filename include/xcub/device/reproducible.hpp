// xcub/device/reproducible.hpp: the `reproducible` option of DeviceReduce::Sum (and Reduce with a
// sum) on float and double: a result that is bitwise the same for the same input everywhere.
//
// Contract:
//   - Pass xcub::reproducible to ask for it. The result is then bitwise identical on every backend
//     (CUDA, HIP, host), every device, tile size, block size, grid shape and item order, and equal
//     to the sequential oracle xcub::reference::reproducible_sum: each value is split exactly into
//     30-bit bins of one global grid; the three bins below and at the largest value's top bin are
//     summed exactly in 64-bit integers, lower bits are dropped; one rounding to nearest even at the
//     end (detail/reproducible/binned_sum.hpp, docs/reproducible-sum.md). No floating-point
//     arithmetic is involved, so FMA contraction, flush-to-zero and the reduction tree cannot change it.
//   - Items: at most detail::reproducible::binned_sum<T>::max_items = 2^33 in one sum.
//   - Accuracy: |result - exact sum| <= 0.5 ulp(result) + n * 2^-60 * max|x|: as accurate as the
//     plain sum's correctly rounded result in almost every case, more accurate than a plain float sum.
//   - Special values: any NaN, or both +inf and -inf -> NaN (the quiet NaN, positive, no payload);
//     +inf -> +inf; -inf -> -inf; finite values whose exact sum exceeds T's range -> +-inf (an
//     intermediate overflow that cancels later does not happen); an exact zero sum -> +0.0, also
//     when every input is -0.0 (a plain sum gives -0.0 there); an empty input -> +0.0.
//   - Subnormals are summed exactly like normal values (no flush-to-zero).
//   - Cost: about 42 (float) or 56 (double) integer instructions per item (PTX, nvcc 13, sm_90) and
//     a 32-byte accumulator per thread; target: within 1.5x of the plain, memory-bound sum.
//
//   // With the DeviceReduce overloads that take the tag (xcub/device/device_reduce.hpp):
//   xcub::DeviceReduce::Sum(d_temp, temp_bytes, d_in, d_sum, n, xcub::reproducible, stream);
//   // What they run: transform each x into an accumulator, reduce with the merge, finalize once:
//   //   to_binned<float>{}(x) -> binned_sum<float>; merge_binned{}(a, b); acc.finalize() -> float
#pragma once

#include <type_traits>

#include <xcub/detail/reproducible/binned_sum.hpp>
#include <xcub/device/detail/agent/reduce_thread_fold.hpp>

namespace xcub {

/// The tag that selects the reproducible sum (see the contract above).
struct reproducible_t {};
inline constexpr reproducible_t reproducible{};

}  // namespace xcub

namespace xcub::detail {

/// A thread's raw items go into one binned accumulator with binned_sum::add(items), which finds
/// the items' top bin once, instead of one accumulator per item merged pairwise.
template <class T>
struct reduce_thread_fold<reproducible::binned_sum<T>, reproducible::merge_binned> {
  template <class U>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE static reproducible::binned_sum<T> convert(const reproducible::merge_binned&,
                                                                              const U& item) {
    if constexpr (std::is_same_v<U, reproducible::binned_sum<T>>) return item;  // already accumulated
    else return reproducible::to_binned<T>{}(static_cast<T>(item));
  }
  template <class U, int N>
  XCUB_HOST_DEVICE XCUB_FORCEINLINE static reproducible::binned_sum<T> fold(const reproducible::merge_binned&,
                                                                           const U (&items)[N]) {
    if constexpr (std::is_same_v<U, reproducible::binned_sum<T>>) {
      reproducible::binned_sum<T> acc = items[0];
      for (int i = 1; i < N; ++i) acc = merge(acc, items[i]);
      return acc;
    } else {
      T values[N];
      for (int i = 0; i < N; ++i) values[i] = static_cast<T>(items[i]);
      reproducible::binned_sum<T> acc{};
      acc.add(values);
      return acc;
    }
  }
};

/// The tuning of a reproducible sum of T: the base tuning's policy for T itself, not for the
/// 32-byte accumulator (whose own policy would read two items per thread, one by one): the agent
/// reads raw T items, as vectors, and adds a thread's items to one accumulator in bulk.
template <class Tuning, class T>
struct binned_tuning : Tuning {
  template <class AccumT>
  static constexpr auto policy(int arch) {
    return Tuning::template policy<T>(arch);
  }
};

/// The output conversion of a reproducible reduction: the accumulator, rounded once.
template <class T>
struct finalize_binned {
  XCUB_HOST_DEVICE constexpr T operator()(const reproducible::binned_sum<T>& acc) const { return acc.finalize(); }
};

}  // namespace xcub::detail
