// BlockRadixSort with uint64 keys: block_radix_sort_bench.hpp has the kernels and checks.
#include "block_radix_sort_bench.hpp"

namespace xcub_bench::block::sorting {

void run_radix_sort_u64(report& rep, buffers& buf) {
  radix_sort::run_radix_sort_type<std::uint64_t, false>(rep, buf, "uint64");
}

}  // namespace xcub_bench::block::sorting
