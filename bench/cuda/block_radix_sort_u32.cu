// BlockRadixSort with uint32 keys, RADIX_BITS 4 and 6: block_radix_sort_bench.hpp has the kernels and checks.
#include "block_radix_sort_bench.hpp"

namespace xcub_bench::block::sorting {

void run_radix_sort_u32(report& rep, buffers& buf) {
  radix_sort::run_radix_sort_type<std::uint32_t, true>(rep, buf, "uint32");
}

}  // namespace xcub_bench::block::sorting
