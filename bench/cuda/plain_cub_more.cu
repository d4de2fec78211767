// The plain CUB program (plain_cub.cu): DeviceReduce (device_reduce_*.cu), DeviceScan
// (device_scan_*.cu), DeviceSegmentedReduce (device_segmented_bench.hpp), DeviceSelect, Partition and
// RunLengthEncode (device_select.cu), DeviceTransform, AdjacentDifference and DeviceFor
// (device_transform.cu), DeviceHistogram (device_histogram.hpp), the CUB calls DeviceFind is timed
// against (device_find.hpp) and DeviceMemcpy::Batched (device_batched_copy.hpp).
#include <cub/cub.cuh>

#include <cuda/functional>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <limits>

#include "plain_cub.hpp"

namespace plain_cub {
namespace {

// ---- DeviceReduce: Sum and Min (templated counts), ArgMax (std::int64_t counts only) --------------

template <class T>
void reduce_sum(int k, const char* name) {
  const std::size_t n = std::size_t{1} << k;
  if (!fits(n * sizeof(T))) return skipped(name, type_name<T>(), k, "no room");
  buffer<T> in(n), out(1);
  fill(in.get(), n);
  const T* d_in = in.get();
  T* d_out = out.get();
  for_each_count([&](auto count) {
    using Count = decltype(count);
    const Count items = static_cast<Count>(n);
    time_call(name, counted<Count>(type_name<T>()), k, n, (n + 1) * sizeof(T),
              [=](void* t, std::size_t& b) { return cub::DeviceReduce::Sum(t, b, d_in, d_out, items); });
  });
}

template <class T>
void reduce_min(int k) {
  const std::size_t n = std::size_t{1} << k;
  const char* name = "DeviceReduce::Min";
  if (!fits(n * sizeof(T))) return skipped(name, type_name<T>(), k, "no room");
  buffer<T> in(n), out(1);
  fill(in.get(), n);
  const T* d_in = in.get();
  T* d_out = out.get();
  for_each_count([&](auto count) {
    using Count = decltype(count);
    const Count items = static_cast<Count>(n);
    time_call(name, counted<Count>(type_name<T>()), k, n, (n + 1) * sizeof(T),
              [=](void* t, std::size_t& b) { return cub::DeviceReduce::Min(t, b, d_in, d_out, items); });
  });
}

template <class T>
void reduce_arg_max(int k) {
  const std::size_t n = std::size_t{1} << k;
  const char* name = "DeviceReduce::ArgMax";
  if (!fits(n * sizeof(T))) return skipped(name, type_name<T>(), k, "no room");
  buffer<T> in(n), value(1);
  buffer<std::int64_t> index(1);
  fill(in.get(), n);
  const T* d_in = in.get();
  T* d_value = value.get();
  std::int64_t* d_index = index.get();
  const auto items = static_cast<std::int64_t>(n);
  time_call(name, type_name<T>(), k, n, n * sizeof(T) + sizeof(T) + sizeof(std::int64_t),
            [=](void* t, std::size_t& b) { return cub::DeviceReduce::ArgMax(t, b, d_in, d_value, d_index, items); });
}

// ---- DeviceScan ---------------------------------------------------------------------------------

enum class scan_kind { inclusive_sum, exclusive_sum, exclusive_max };

template <scan_kind which, class T>
void scan() {
  const char* name = which == scan_kind::inclusive_sum   ? "DeviceScan::InclusiveSum"
                     : which == scan_kind::exclusive_sum ? "DeviceScan::ExclusiveSum"
                                                         : "DeviceScan::ExclusiveScan max";
  for (int k : sizes()) {
    const std::size_t n = std::size_t{1} << k;
    if (!fits(2 * n * sizeof(T))) {
      skipped(name, type_name<T>(), k, "no room");
      continue;
    }
    buffer<T> in(n), out(n);
    fill(in.get(), n);
    const T* d_in = in.get();
    T* d_out = out.get();
    const T init = std::numeric_limits<T>::lowest();
    for_each_count([&](auto count) {
      using Count = decltype(count);
      const Count items = static_cast<Count>(n);
      time_call(name, counted<Count>(type_name<T>()), k, n, 2 * n * sizeof(T), [=](void* t, std::size_t& b) {
        if constexpr (which == scan_kind::inclusive_sum) return cub::DeviceScan::InclusiveSum(t, b, d_in, d_out, items);
        else if constexpr (which == scan_kind::exclusive_sum)
          return cub::DeviceScan::ExclusiveSum(t, b, d_in, d_out, items);
        else return cub::DeviceScan::ExclusiveScan(t, b, d_in, d_out, cuda::maximum<>{}, init, items);
      });
    });
  }
}

// ---- DeviceSegmentedReduce::Sum (std::int64_t segment counts, int offsets) -----------------------

template <class T>
void segmented_sum(int length) {
  const std::string name = length == 0 ? std::string("DeviceSegmentedReduce::Sum random 0..2000")
                                       : "DeviceSegmentedReduce::Sum segments of " + std::to_string(length);
  for (int k : sizes()) {
    const std::size_t n = std::size_t{1} << k;
    std::vector<int> host_offsets;
    if (length == 0) host_offsets = random_offsets(k);
    const std::size_t segments = length == 0 ? host_offsets.size() - 1 : n / length;
    if (segments == 0 || segments > max_segments) {
      skipped(name, type_name<T>(), k, "no whole segment, or more than 2^26 segments");
      continue;
    }
    const std::size_t items = length == 0 ? std::size_t(host_offsets.back()) : segments * length;
    if (!fits(items * sizeof(T) + (segments + 1) * sizeof(int) + segments * sizeof(T))) {
      skipped(name, type_name<T>(), k, "no room");
      continue;
    }
    buffer<T> in(items), out(segments);
    buffer<int> offsets(segments + 1);
    fill(in.get(), items);
    if (length == 0)
      ok(cudaMemcpy(offsets.get(), host_offsets.data(), host_offsets.size() * sizeof(int), cudaMemcpyHostToDevice),
         "offsets");
    else
      fill_fixed_offsets(offsets.get(), segments, length);
    const T* d_in = in.get();
    T* d_out = out.get();
    const int* begin = offsets.get();
    const int* end = offsets.get() + 1;
    const auto num_segments = static_cast<std::int64_t>(segments);
    time_call(name, type_name<T>(), k, items, items * sizeof(T) + (segments + 1) * sizeof(int) + segments * sizeof(T),
              [=](void* t, std::size_t& b) {
                return cub::DeviceSegmentedReduce::Sum(t, b, d_in, d_out, num_segments, begin, end);
              });
  }
}

// ---- DeviceSelect (std::int64_t counts), DevicePartition::If (templated), Encode (int) ---------

struct below {
  int bound;
  __host__ __device__ bool operator()(int x) const { return x < bound; }
};

enum class select_kind { select_if, flagged, unique, partition_if, rle_encode };

void select(select_kind which) {
  const char* name = which == select_kind::select_if      ? "Select::If 50%"
                     : which == select_kind::flagged      ? "Select::Flagged 50%"
                     : which == select_kind::unique       ? "Select::Unique runs of 4"
                     : which == select_kind::partition_if ? "Partition::If 50%"
                                                          : "RunLengthEncode::Encode runs of 4";
  for (int k : sizes()) {
    const std::size_t n = std::size_t{1} << k;
    if (!fits(3 * n * sizeof(int) + n)) {
      skipped(name, "int32", k, "no room");
      continue;
    }
    const bool flagged = which == select_kind::flagged;
    const int run = (which == select_kind::unique || which == select_kind::rle_encode) ? 4 : 0;
    buffer<int> in(n), out(n), lengths(n), count(1);
    buffer<char> flags(flagged ? n : 1);
    fill_select(in.get(), flagged ? flags.get() : nullptr, n, run);
    ok(cudaMemset(out.get(), 0, n * sizeof(int)), "memset");
    ok(cudaMemset(lengths.get(), 0, n * sizeof(int)), "memset");
    const int* d_in = in.get();
    const char* d_flags = flags.get();
    int *d_out = out.get(), *d_len = lengths.get(), *d_count = count.get();
    std::size_t bytes = n * sizeof(int) + (flagged ? n : 0);
    if (which == select_kind::partition_if) bytes += n * sizeof(int);
    else if (run > 0) bytes += (which == select_kind::rle_encode ? 2 : 1) * (n / run) * sizeof(int);
    else bytes += n / 2 * sizeof(int);
    const below half{50};
    const int items = static_cast<int>(n);
    switch (which) {
      case select_kind::select_if:
        time_call(name, "int32", k, n, bytes,
                  [=](void* t, std::size_t& b) { return cub::DeviceSelect::If(t, b, d_in, d_out, d_count, items, half); });
        break;
      case select_kind::flagged:
        time_call(name, "int32", k, n, bytes, [=](void* t, std::size_t& b) {
          return cub::DeviceSelect::Flagged(t, b, d_in, d_flags, d_out, d_count, items);
        });
        break;
      case select_kind::unique:
        time_call(name, "int32", k, n, bytes,
                  [=](void* t, std::size_t& b) { return cub::DeviceSelect::Unique(t, b, d_in, d_out, d_count, items); });
        break;
      case select_kind::partition_if:
        for_each_count([&](auto c) {
          using Count = decltype(c);
          const Count m = static_cast<Count>(n);
          time_call(name, counted<Count>("int32"), k, n, bytes, [=](void* t, std::size_t& b) {
            return cub::DevicePartition::If(t, b, d_in, d_out, d_count, m, half);
          });
        });
        break;
      case select_kind::rle_encode:
        time_call(name, "int32", k, n, bytes, [=](void* t, std::size_t& b) {
          return cub::DeviceRunLengthEncode::Encode(t, b, d_in, d_out, d_len, d_count, items);
        });
        break;
    }
  }
}

// ---- DeviceTransform, AdjacentDifference, DeviceFor ----------------------------------------------

struct affine {
  __host__ __device__ int operator()(int x) const { return x * 2 + 1; }
};
struct plus {
  __host__ __device__ int operator()(int a, int b) const { return a + b; }
};
struct increment {
  __host__ __device__ void operator()(int& x) const { ++x; }
};

enum class transform_kind { transform1, transform2, adjacent_left_copy, for_each_n };

void transform(transform_kind which) {
  const char* name = which == transform_kind::transform1           ? "Transform x*2+1"
                     : which == transform_kind::transform2         ? "Transform a+b"
                     : which == transform_kind::adjacent_left_copy ? "AdjacentDifference::SubtractLeftCopy"
                                                                   : "DeviceFor::ForEachN ++x";
  for (int k : sizes()) {
    const std::size_t n = std::size_t{1} << k;
    if (!fits(3 * n * sizeof(int))) {
      skipped(name, "int32", k, "no room");
      continue;
    }
    buffer<int> a(n), b(n), out(n);
    fill(a.get(), n, 1);
    fill(b.get(), n, 2);
    const int *da = a.get(), *db = b.get();
    int* d_out = out.get();
    std::size_t bytes = 2 * n * sizeof(int);
    if (which == transform_kind::transform2) bytes += n * sizeof(int);
    if (which == transform_kind::for_each_n) ok(cudaMemcpy(d_out, da, n * sizeof(int), cudaMemcpyDeviceToDevice), "copy");
    for_each_count([&](auto count) {
      using Count = decltype(count);
      const Count items = static_cast<Count>(n);
      time_call(name, counted<Count>("int32"), k, n, bytes, [=](void* t, std::size_t& s) {
        if (which == transform_kind::transform1)
          return cub::DeviceTransform::Transform(t, s, da, d_out, items, affine{});
        if (which == transform_kind::transform2)
          return cub::DeviceTransform::Transform(t, s, ::cuda::std::make_tuple(da, db), d_out, items, plus{});
        if (which == transform_kind::adjacent_left_copy)
          return cub::DeviceAdjacentDifference::SubtractLeftCopy(t, s, da, d_out, items);
        return cub::DeviceFor::ForEachN(t, s, d_out, items, increment{});
      });
    });
  }
}

// ---- DeviceHistogram (templated sample counts) ---------------------------------------------------

enum class histogram_kind { even_u8, even_f32, multi_rgba, range_f32 };

void histogram(histogram_kind which) {
  const char* name = which == histogram_kind::multi_rgba  ? "MultiHistogramEven<4,3> RGBA 256 bins"
                     : which == histogram_kind::range_f32 ? "HistogramRange 64 bins"
                                                          : "HistogramEven 256 bins";
  const bool bytes_in = which == histogram_kind::even_u8 || which == histogram_kind::multi_rgba;
  const char* type = bytes_in ? "uint8" : "float";
  const std::size_t sample_bytes = bytes_in ? 1 : 4;
  constexpr int bins = histogram_bins, range_bins = histogram_range_bins;
  for (int k : sizes()) {
    const std::size_t n = std::size_t{1} << k;
    if (!fits(n * sample_bytes)) {
      skipped(name, type, k, "no room");
      continue;
    }
    buffer<std::uint8_t> bytes(bytes_in ? n : 0);
    buffer<float> floats(bytes_in ? 0 : n);
    if (bytes_in) fill_sample_bytes(bytes.get(), n);
    else fill_unit_floats(floats.get(), n);
    buffer<int> hist(3 * bins);
    buffer<float> levels(range_bins + 1);
    const std::vector<float> host_levels = range_levels();
    ok(cudaMemcpy(levels.get(), host_levels.data(), host_levels.size() * sizeof(float), cudaMemcpyHostToDevice),
       "levels");
    const std::uint8_t* db = bytes.get();
    const float* df = floats.get();
    const float* dl = levels.get();
    int* h = hist.get();
    for_each_count([&](auto count) {
      using Count = decltype(count);
      const std::string t = counted<Count>(type);
      const Count items = static_cast<Count>(n), pixels = static_cast<Count>(n / 4);
      switch (which) {
        case histogram_kind::even_u8:
          time_call(name, t, k, n, n * sample_bytes, [=](void* tmp, std::size_t& s) {
            return cub::DeviceHistogram::HistogramEven(tmp, s, db, h, bins + 1, 0, 256, items);
          });
          break;
        case histogram_kind::even_f32:
          time_call(name, t, k, n, n * sample_bytes, [=](void* tmp, std::size_t& s) {
            return cub::DeviceHistogram::HistogramEven(tmp, s, df, h, bins + 1, 0.0f, 1.0f, items);
          });
          break;
        case histogram_kind::multi_rgba:
          time_call(name, t, k, n, n * sample_bytes, [=](void* tmp, std::size_t& s) {
            return cub::DeviceHistogram::MultiHistogramEven<4, 3>(
                tmp, s, db, ::cuda::std::array<int*, 3>{h, h + bins, h + 2 * bins},
                ::cuda::std::array<int, 3>{257, 257, 257}, ::cuda::std::array<int, 3>{0, 0, 0},
                ::cuda::std::array<int, 3>{256, 256, 256}, pixels);
          });
          break;
        case histogram_kind::range_f32:
          time_call(name, t, k, n, n * sample_bytes, [=](void* tmp, std::size_t& s) {
            return cub::DeviceHistogram::HistogramRange(tmp, s, df, h, range_bins + 1, dl, items);
          });
          break;
      }
    });
  }
}

// ---- DeviceFind's CUB calls: Reduce over a transform iterator, DeviceFor::Bulk of cub::*Bound -----

/// Index i if item i matches (x > 50), else n; in the count type.
template <class Count>
struct match_index {
  const int* in;
  Count n;
  __host__ __device__ Count operator()(Count i) const { return in[i] > 50 ? i : n; }
};

template <bool UPPER, class Count>
struct bound {
  const int* range;
  int n;
  const int* values;
  int* out;
  __device__ void operator()(Count i) const {
    out[i] = UPPER ? cub::UpperBound(range, n, values[i]) : cub::LowerBound(range, n, values[i]);
  }
};

void find_if(int k) {
  const std::size_t n = std::size_t{1} << k;
  if (k > 30 || !fits(n * sizeof(int))) return skipped("FindIf", "int32", k, "no room");
  buffer<int> in(n);
  buffer<std::int64_t> out(1);
  fill(in.get(), n, 1);
  const int* din = in.get();
  struct where {
    const char* name;
    std::size_t at;
  };
  for (const where w : {where{"FindIf x>50, match at 1%", n / 100}, where{"FindIf x>50, match at 50%", n / 2},
                        where{"FindIf x>50, match at the end", n - 1}}) {
    place_match(in.get(), w.at);
    const std::size_t bytes = (w.at + 1) * sizeof(int);
    for_each_count([&](auto count) {
      using Count = decltype(count);
      const Count items = static_cast<Count>(n);
      Count* co = reinterpret_cast<Count*>(out.get());
      const auto cub_in = thrust::make_transform_iterator(thrust::make_counting_iterator(Count{0}),
                                                          match_index<Count>{din, items});
      time_call(w.name, counted<Count>("int32"), k, w.at + 1, bytes, [=](void* t, std::size_t& s) {
        return cub::DeviceReduce::Reduce(t, s, cub_in, co, items, ::cuda::minimum<>{}, items);
      });
    });
    fill(in.get(), n, 1);  // remove the match
  }
}

void bounds(int k) {
  const std::size_t n = std::size_t{1} << k, m = n / 16;
  if (k > 30 || !fits((n + 2 * m) * sizeof(int))) return skipped("LowerBound", "int32", k, "no room");
  buffer<int> range(n), values(m), out(m);
  fill_sorted_range(range.get(), n, values.get(), m);
  const int *dr = range.get(), *dv = values.get();
  int* d_out = out.get();
  const int rn = static_cast<int>(n);
  for_each_count([&](auto count) {
    using Count = decltype(count);
    const Count vn = static_cast<Count>(m);
    const std::string t = counted<Count>("int32");
    time_call("LowerBound of n/16 values, sorted range of n", t, k, m, 2 * m * sizeof(int),
              [=](void* tmp, std::size_t& s) {
                return cub::DeviceFor::Bulk(tmp, s, vn, bound<false, Count>{dr, rn, dv, d_out});
              });
    time_call("UpperBound of n/16 values, sorted range of n", t, k, m, 2 * m * sizeof(int),
              [=](void* tmp, std::size_t& s) {
                return cub::DeviceFor::Bulk(tmp, s, vn, bound<true, Count>{dr, rn, dv, d_out});
              });
  });
}

// ---- DeviceMemcpy::Batched (std::int64_t buffer counts) ------------------------------------------

void batched(const batch_spec& spec, int k) {
  const std::string name = std::string("DeviceMemcpy::Batched ") + spec.name;
  const std::size_t n_small = std::size_t{1} << (k - spec.count_shift);
  // Skip before laying out on the host where the arenas cannot fit (their expected size).
  const std::size_t expected = n_small * ((std::size_t{spec.lo} + spec.hi) / 2) +
                               (spec.mixed ? 16 * (std::size_t{1} << (k + 6)) : 0);
  if (!fits(2 * expected + expected / 8)) return skipped(name, "bytes", k, "no room");
  const batch_layout l = make_batch_layout(spec, k);
  const std::size_t n = l.sizes.size();
  if (!fits(2 * l.total + 3 * n * sizeof(void*))) return skipped(name, "bytes", k, "no room");
  buffer<std::uint8_t> src(l.total), dst(l.total);
  fill_hash_bytes(src.get(), l.total);
  ok(cudaMemset(dst.get(), 0, l.total), "memset");
  std::vector<const void*> h_src(n);
  std::vector<void*> h_dst(n);
  for (std::size_t i = 0; i < n; ++i) {
    h_src[i] = src.get() + l.src_off[i];
    h_dst[i] = dst.get() + l.dst_off[i];
  }
  buffer<const void*> srcs(n);
  buffer<void*> dsts(n);
  buffer<std::uint32_t> sz(n);
  ok(cudaMemcpy(srcs.get(), h_src.data(), n * sizeof(void*), cudaMemcpyHostToDevice), "copy");
  ok(cudaMemcpy(dsts.get(), h_dst.data(), n * sizeof(void*), cudaMemcpyHostToDevice), "copy");
  ok(cudaMemcpy(sz.get(), l.sizes.data(), n * sizeof(std::uint32_t), cudaMemcpyHostToDevice), "copy");
  const void* const* ps = srcs.get();
  void* const* pd = dsts.get();
  const std::uint32_t* psz = sz.get();
  const auto count = static_cast<std::int64_t>(n);
  time_call(name, "bytes", k, n, 2 * l.total,
            [=](void* t, std::size_t& s) { return cub::DeviceMemcpy::Batched(t, s, ps, pd, psz, count); });
}

}  // namespace

void run_reduce() {
  const std::vector<int> ks = sizes();
  for (int k : ks) reduce_sum<std::int8_t>(k, "DeviceReduce::Sum");
  for (int k : ks) reduce_sum<std::int32_t>(k, "DeviceReduce::Sum");
  for (int k : ks) reduce_sum<std::int64_t>(k, "DeviceReduce::Sum");
  for (int k : ks) reduce_sum<float>(k, "DeviceReduce::Sum");
  for (int k : ks) reduce_sum<double>(k, "DeviceReduce::Sum");
  for (int k : ks) reduce_min<std::int32_t>(k);
  for (int k : ks) reduce_min<std::int64_t>(k);
  for (int k : ks) reduce_min<float>(k);
  for (int k : ks) reduce_arg_max<std::int32_t>(k);
  for (int k : ks) reduce_arg_max<double>(k);
  // The reproducible sum's CUB baseline is CUB's plain Sum, in rows of that name.
  for (int k : ks) reduce_sum<float>(k, "DeviceReduce::Sum reproducible");
  for (int k : ks) reduce_sum<double>(k, "DeviceReduce::Sum reproducible");
}

void run_scan() {
  scan<scan_kind::inclusive_sum, std::int8_t>();
  scan<scan_kind::inclusive_sum, std::int32_t>();
  scan<scan_kind::inclusive_sum, std::int64_t>();
  scan<scan_kind::inclusive_sum, float>();
  scan<scan_kind::inclusive_sum, double>();
  scan<scan_kind::exclusive_sum, std::int32_t>();
  scan<scan_kind::exclusive_sum, std::int64_t>();
  scan<scan_kind::exclusive_max, std::int32_t>();
  scan<scan_kind::exclusive_max, float>();
}

void run_segmented_reduce() {
  for (int length : {1, 8, 64, 1000, 100000, 0}) segmented_sum<std::int32_t>(length);
  segmented_sum<std::int8_t>(64);
  segmented_sum<std::int64_t>(8);
  segmented_sum<std::int64_t>(1000);
  segmented_sum<float>(8);
  segmented_sum<float>(1000);
  segmented_sum<double>(1000);
  segmented_sum<double>(0);
}

void run_select() {
  for (select_kind k : {select_kind::select_if, select_kind::flagged, select_kind::unique, select_kind::partition_if,
                        select_kind::rle_encode})
    select(k);
}

void run_transform() {
  for (transform_kind k : {transform_kind::transform1, transform_kind::transform2, transform_kind::adjacent_left_copy,
                           transform_kind::for_each_n})
    transform(k);
}

void run_histogram() {
  for (histogram_kind k :
       {histogram_kind::even_u8, histogram_kind::even_f32, histogram_kind::multi_rgba, histogram_kind::range_f32})
    histogram(k);
}

void run_find() {
  for (int k : sizes()) find_if(k);
  for (int k : sizes()) bounds(k);
}

void run_batched_copy() {
  for (const batch_spec& s : batch_specs())
    for (int k : sizes())
      if (k > s.count_shift) batched(s, k);
}

}  // namespace plain_cub
