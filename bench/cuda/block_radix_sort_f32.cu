// BlockRadixSort with float keys: block_radix_sort_bench.hpp has the kernels and checks.
#include "block_radix_sort_bench.hpp"

namespace xcub_bench::block::sorting {

void run_radix_sort_f32(report& rep, buffers& buf) {
  radix_sort::run_radix_sort_type<float, false>(rep, buf, "float");
}

}  // namespace xcub_bench::block::sorting
