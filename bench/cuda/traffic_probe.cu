// Memory-traffic probe: what the GPU's memory gives to the access patterns of the selections,
// without any selecting. Each kernel streams 2^28 int32 items (16-byte loads, grid-stride) and
// writes a dense output of a fixed fraction of them, the traffic of a selection with that fraction
// selected but no look-back, no compaction and no predicate:
//   read only       4 bytes per item (a reduction's traffic)
//   write 1/1       out[i] = in[i] (a copy)
//   write 1/2       out[i] = in[2i] + in[2i+1] (Select::If at 50%: 4 + 2 bytes per item)
//   write 1/4       one int per four items (Select::Unique, runs of 4: 4 + 1 bytes per item)
//   write 2 x 1/4   two outputs of one int per four items each (RunLengthEncode::Encode, runs of
//                   4: 4 + 1 + 1 bytes per item)
// GB/s counts bytes read plus bytes written, as the device benchmarks do; % of copy is over
// cudaMemcpy's device-to-device bandwidth (1 GiB) measured in the same run. No CUB, no xcub: this
// says how far a pattern's traffic can go, so that a selection's % of copy can be read against it.
//
//   traffic_probe [results.json]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "harness.hpp"

namespace {

using xcub_bench::check;
using xcub_bench::median_ms;

constexpr std::size_t n = std::size_t{1} << 28;
constexpr int threads = 256;

__global__ void read_only(const int4* in, std::size_t quads, int* out) {
  int acc = 0;
  for (std::size_t q = blockIdx.x * std::size_t{threads} + threadIdx.x; q < quads; q += std::size_t{gridDim.x} * threads) {
    const int4 v = in[q];
    acc += v.x ^ v.y ^ v.z ^ v.w;
  }
  if (acc == 0x7fffffff) out[0] = acc;  // never true for the input below: keeps the loads
}

__global__ void write_all(const int4* in, std::size_t quads, int4* out) {
  for (std::size_t q = blockIdx.x * std::size_t{threads} + threadIdx.x; q < quads; q += std::size_t{gridDim.x} * threads)
    out[q] = in[q];
}

__global__ void write_half(const int4* in, std::size_t quads, int2* out) {
  for (std::size_t q = blockIdx.x * std::size_t{threads} + threadIdx.x; q < quads; q += std::size_t{gridDim.x} * threads) {
    const int4 v = in[q];
    out[q] = make_int2(v.x + v.y, v.z + v.w);
  }
}

__global__ void write_quarter(const int4* in, std::size_t quads, int* out) {
  for (std::size_t q = blockIdx.x * std::size_t{threads} + threadIdx.x; q < quads; q += std::size_t{gridDim.x} * threads) {
    const int4 v = in[q];
    out[q] = v.x + v.y + v.z + v.w;
  }
}

__global__ void write_two_quarters(const int4* in, std::size_t quads, int* out_a, int* out_b) {
  for (std::size_t q = blockIdx.x * std::size_t{threads} + threadIdx.x; q < quads; q += std::size_t{gridDim.x} * threads) {
    const int4 v = in[q];
    out_a[q] = v.x + v.y;
    out_b[q] = v.z + v.w;
  }
}

__global__ void fill(int* p, std::size_t count) {
  for (std::size_t i = blockIdx.x * std::size_t{threads} + threadIdx.x; i < count; i += std::size_t{gridDim.x} * threads)
    p[i] = static_cast<int>(i * 2654435761u) & 0xffff;
}

struct result {
  std::string pattern;
  double bytes_per_item, ms, gbps;
  int blocks_per_sm;
};

}  // namespace

int main(int argc, char** argv) {
  cudaDeviceProp p{};
  check(cudaGetDeviceProperties(&p, 0), "properties");
  const double copy = xcub_bench::copy_bandwidth_gbps(std::size_t{1} << 30);
  int *in, *out_a, *out_b;
  check(cudaMalloc(&in, n * sizeof(int)), "malloc");
  check(cudaMalloc(&out_a, n * sizeof(int)), "malloc");
  check(cudaMalloc(&out_b, n * sizeof(int)), "malloc");
  fill<<<p.multiProcessorCount * 8, threads>>>(in, n);
  check(cudaDeviceSynchronize(), "fill");
  const std::size_t quads = n / 4;
  const auto* in4 = reinterpret_cast<const int4*>(in);
  std::vector<result> results;
  // Grids of 1 to 8 resident blocks of 256 threads per SM, and one block per 4 items' quad group
  // (a non-persistent grid): the best of each pattern is what the table reports beside the others.
  for (const int per_sm : {2, 4, 8, 0}) {
    const unsigned grid = per_sm ? static_cast<unsigned>(p.multiProcessorCount * per_sm)
                                 : static_cast<unsigned>((quads + threads - 1) / threads);
    auto run = [&](const char* name, double bytes_per_item, auto launch) {
      const double ms = median_ms(launch);
      results.push_back({name, bytes_per_item, ms, bytes_per_item * n / (ms * 1e6), per_sm});
    };
    run("read only", 4, [&] { read_only<<<grid, threads>>>(in4, quads, out_b); });
    run("write 1/1 (copy)", 8, [&] { write_all<<<grid, threads>>>(in4, quads, reinterpret_cast<int4*>(out_a)); });
    run("write 1/2 (Select::If 50%)", 6, [&] { write_half<<<grid, threads>>>(in4, quads, reinterpret_cast<int2*>(out_a)); });
    run("write 1/4 (Unique, runs of 4)", 5, [&] { write_quarter<<<grid, threads>>>(in4, quads, out_a); });
    run("write 2 x 1/4 (Encode, runs of 4)", 6, [&] { write_two_quarters<<<grid, threads>>>(in4, quads, out_a, out_b); });
  }
  std::printf("traffic probe on %s, 2^28 int32 items; cudaMemcpy copy bandwidth %.0f GB/s\n\n", p.name, copy);
  std::printf("| pattern | bytes per item | blocks per SM (0: one pass) | ms | GB/s | %% of copy |\n|---|---|---|---|---|---|\n");
  for (const result& r : results)
    std::printf("| %s | %.0f | %d | %.4f | %.0f | %.1f%% |\n", r.pattern.c_str(), r.bytes_per_item, r.blocks_per_sm, r.ms,
                r.gbps, 100.0 * r.gbps / copy);
  if (argc > 1) {
    FILE* f = std::fopen(argv[1], "w");
    if (!f) return 1;
    const char* commit = std::getenv("XCUB_COMMIT");
    char date[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
    std::fprintf(f,
                 "{\n  \"benchmark\": \"traffic_probe\",\n  \"device\": \"%s\",\n  \"date\": \"%s\",\n"
                 "  \"commit\": \"%s\",\n  \"copy_bandwidth_gbps\": %.1f,\n  \"rows\": [\n",
                 p.name, date, commit ? commit : "?", copy);
    for (std::size_t i = 0; i < results.size(); ++i) {
      const result& r = results[i];
      std::fprintf(f, "    {\"pattern\": \"%s\", \"bytes_per_item\": %.0f, \"blocks_per_sm\": %d, \"items\": %zu, \"median_ms\": %.5f, \"gbps\": %.1f}%s\n",
                   r.pattern.c_str(), r.bytes_per_item, r.blocks_per_sm, n, r.ms, r.gbps, i + 1 < results.size() ? "," : "");
    }
    std::fprintf(f, "  ]\n}\n");
    std::fclose(f);
  }
  cudaFree(in);
  cudaFree(out_a);
  cudaFree(out_b);
  return 0;
}
