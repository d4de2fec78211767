// CUB alone, called as a CUB user calls it, on the device benchmarks' inputs: the check that the
// benchmarks (device_harness.hpp: xcub and CUB in one program, interleaved, buffers swapped) time
// CUB as a program of CUB only would. For every Device* case that the device benchmarks time
// against CUB (same names, types, operators, input and segment layouts, selectivity and calls), it
// cudaMallocs the inputs and outputs, fills them with the benchmarks' makers (bench_inputs.hpp: bit
// for bit the same input), asks for the temp size, cudaMallocs exactly that, makes 3 warm-up calls
// and reports the median of 15 calls, each timed alone with a cudaEvent pair on the default stream.
// Where CUB's entry point is templated on the count type and CUB picks its offsets from it, each
// case runs with `int` counts and with `std::int64_t` counts (type " i64"), as the benchmarks do;
// where CUB takes one fixed count type, only that. bench/compare_plain_cub.py sets the result beside
// the benchmarks' CUB rows (within 3%: the harness times CUB as CUB's users see it).
//
//   plain_cub [results.json] [family ...]     families: radix_sort reduce scan segmented_reduce
//                                             select merge_sort transform segmented_sort histogram
//                                             find batched_copy topk (default all; "device_" prefix ok)
//   XCUB_BENCH_LOG2 (default "16 20 24 28"), XCUB_BENCH_COUNTS ("int", "i64"; default both)
//
// JSON: the benchmarks' schema (benchmark, type, impl "cub-plain", items, bytes, median_ms,
// log2_items, runs; and temp_bytes).
#include <cub/device/device_radix_sort.cuh>

#include <cstring>
#include <ctime>

#include "plain_cub.hpp"

namespace plain_cub {

std::vector<row>& rows() {
  static std::vector<row> r;
  return r;
}

namespace {

/// DeviceRadixSort::SortKeys / SortKeysDescending / SortPairs of K (and V) over the sizes, both
/// count types, keys and values from fill_random (salts 7 and 11) as the benchmarks make them.
template <class K, class V, bool DESCENDING = false>
void sort(const char* name, const char* type, int max_log2 = 30) {
  constexpr bool pairs = !std::is_void_v<V>;
  using value_t = std::conditional_t<pairs, V, char>;
  const std::size_t item_bytes = sizeof(K) + (pairs ? sizeof(value_t) : 0);
  for (int k : sizes()) {
    if (k > max_log2) continue;
    const std::size_t n = std::size_t{1} << k;
    if (!fits(2 * n * item_bytes)) {
      skipped(name, type, k, "the buffers do not fit");
      continue;
    }
    buffer<K> keys(n), keys_out(n);
    buffer<value_t> values(pairs ? n : 0), values_out(pairs ? n : 0);
    fill_random(keys.get(), n, 7);
    if constexpr (pairs) fill_random(values.get(), n, 11);
    const K* ki = keys.get();
    K* ko = keys_out.get();
    const value_t* vi = values.get();
    value_t* vo = values_out.get();
    for_each_count([&](auto count) {
      using Count = decltype(count);
      const Count items = static_cast<Count>(n);
      time_call(name, counted<Count>(type), k, n, 2 * n * item_bytes, [=](void* t, std::size_t& b) {
        if constexpr (pairs) return cub::DeviceRadixSort::SortPairs(t, b, ki, ko, vi, vo, items);
        else if constexpr (DESCENDING) return cub::DeviceRadixSort::SortKeysDescending(t, b, ki, ko, items);
        else return cub::DeviceRadixSort::SortKeys(t, b, ki, ko, items);
      });
    });
  }
}

}  // namespace

void run_radix_sort() {
  sort<std::uint32_t, void>("DeviceRadixSort::SortKeys", "u32");
  sort<std::uint32_t, std::uint32_t>("DeviceRadixSort::SortPairs", "u32/u32");
  sort<float, void>("DeviceRadixSort::SortKeys", "f32");
  sort<std::uint64_t, void>("DeviceRadixSort::SortKeys", "u64", 27);
  sort<std::uint64_t, std::uint32_t>("DeviceRadixSort::SortPairs", "u64/u32", 27);
  sort<std::uint32_t, void, true>("DeviceRadixSort::SortKeysDescending", "u32");
  sort<std::uint8_t, void>("DeviceRadixSort::SortKeys", "u8");
}

namespace {

struct family {
  const char* name;
  void (*run)();
};

const family families[] = {
    {"radix_sort", run_radix_sort},   {"reduce", run_reduce},
    {"scan", run_scan},               {"segmented_reduce", run_segmented_reduce},
    {"select", run_select},           {"merge_sort", run_merge_sort},
    {"transform", run_transform},     {"segmented_sort", run_segmented_sort},
    {"histogram", run_histogram},     {"find", run_find},
    {"batched_copy", run_batched_copy}, {"topk", run_topk},
};

void write_json(const char* path, const std::string& device) {
  FILE* f = std::fopen(path, "w");
  if (!f) {
    std::fprintf(stderr, "plain_cub: cannot write %s\n", path);
    std::exit(1);
  }
  const char* commit = std::getenv("XCUB_COMMIT");
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  std::fprintf(f, "{\n  \"benchmark\": \"plain_cub\",\n  \"device\": \"%s\",\n  \"date\": \"%s\",\n  \"commit\": \"%s\",\n"
                  "  \"warmups\": %d,\n  \"runs\": %d,\n  \"rows\": [\n",
               device.c_str(), date, commit ? commit : "?", warmups, timed_runs);
  const std::vector<row>& r = rows();
  for (std::size_t i = 0; i < r.size(); ++i)
    std::fprintf(f, "    {\"benchmark\": \"%s\", \"type\": \"%s\", \"impl\": \"cub-plain\", \"repeat\": 1, \"items\": %zu, "
                    "\"bytes\": %zu, \"median_ms\": %.7g, \"log2_items\": %d, \"runs\": %d, \"temp_bytes\": %zu}%s\n",
                 r[i].benchmark.c_str(), r[i].type.c_str(), r[i].items, r[i].bytes, r[i].ms, r[i].log2_items, r[i].runs,
                 r[i].temp_bytes, i + 1 < r.size() ? "," : "");
  std::fprintf(f, "  ]\n}\n");
  std::fclose(f);
}

}  // namespace
}  // namespace plain_cub

int main(int argc, char** argv) {
  using namespace plain_cub;
  const char* json = nullptr;
  std::vector<std::string> chosen;
  const auto known = [](const std::string& c) {
    return std::any_of(std::begin(families), std::end(families), [&](const family& f) { return c == f.name; });
  };
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("device_", 0) == 0) a = a.substr(7);
    if (known(a)) chosen.push_back(a);
    else if (!json) json = argv[i];
    else {
      std::fprintf(stderr, "plain_cub: unknown family '%s'\n", argv[i]);
      return 2;
    }
  }
  cudaDeviceProp p{};
  ok(cudaGetDeviceProperties(&p, 0), "properties");
  for (const family& f : families) {
    if (!chosen.empty() && std::find(chosen.begin(), chosen.end(), f.name) == chosen.end()) continue;
    std::fprintf(stderr, "%s\n", f.name);
    f.run();
  }
  std::printf("plain CUB on %s: median of %d calls (each timed alone) after %d warm-ups\n\n", p.name, timed_runs,
              warmups);
  std::printf("| benchmark | type | items | CUB ms | temp bytes |\n|---|---|---|---|---|\n");
  for (const row& r : rows())
    std::printf("| %s | %s | %zu | %.4f | %zu |\n", r.benchmark.c_str(), r.type.c_str(), r.items, r.ms, r.temp_bytes);
  if (json) write_json(json, p.name);
  return 0;
}
