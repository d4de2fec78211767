#!/usr/bin/env bash
# Every public header compiles on its own, warning-free under a consumer's strict flags: each header
# under include/xcub, the selected backend's include/xcub/backend (and backends/gpu's and
# backends/native's where that backend uses them), and the reference's include/xcub/reference.
# Headers are found at run time, so a new one is checked without a change here.
#
#   check_headers.sh SOURCE_ROOT BUILD_INCLUDE_DIR BACKEND [--stamp FILE] -- COMPILER [ARGS...]
#
# g++, clang++, hipcc: each header is compiled (syntax only) in a translation unit that includes it
# alone, twice (the second include must be a no-op), in parallel (one per core), with -Wall -Wextra
# -Wpedantic -Wshadow -Werror; then tests/headers/instantiate.cpp, which instantiates something of
# every layer, so that template bodies are checked too.
# nvcc (the compiler's name ends in nvcc): one translation unit that includes every header and then
# instantiate.cpp, compiled for compute_90 with the host compiler at -Wall -Wextra -Wshadow and
# -Werror all-warnings (nvcc's own diagnostics too). -Wpedantic is left out: the host compiler
# then rejects the line directives of nvcc's own generated source, whatever the headers hold.
#
# Prints each failing header with the compiler's messages and exits 1 if any failed. --stamp: on
# success, touch FILE and write FILE.d, a Ninja depfile naming every header checked.
set -euo pipefail

src=$1 build_inc=$2 backend=$3
shift 3
stamp=
[ "${1:-}" = --stamp ] && { stamp=$2; shift 2; }
[ "${1:-}" = -- ] && shift
compiler=("$@")

roots=("$src/include" "$src/backends/$backend/include" "$src/backends/host/reference/include")
case $backend in cuda | hip) roots+=("$src/backends/gpu/include") ;; esac
# the device layer's kernel dispatch of the backends with kernels (the kokkos backend has its own)
[ "$backend" = kokkos ] || roots+=("$src/backends/native/include")
includes=()
for r in "${roots[@]}"; do includes+=(-I"$r"); done
includes+=(-I"$build_inc")
instantiate=$src/tests/headers/instantiate.cpp

headers=()
for r in "${roots[@]}"; do
  while IFS= read -r h; do headers+=("${h#"$r"/}"); done < <(find "$r/xcub" -name '*.hpp' | LC_ALL=C sort)
done
[ ${#headers[@]} -gt 0 ] || { echo "check_headers: no headers found under ${roots[*]}" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export work

write_stamp() {
  [ -n "$stamp" ] || return 0
  {
    printf '%s:' "$stamp"
    for r in "${roots[@]}"; do find "$r/xcub" -name '*.hpp'; done | LC_ALL=C sort |
      while IFS= read -r f; do printf ' \\\n  %s' "${f// /\\ }"; done
    printf ' \\\n  %s \\\n  %s\n' "$instantiate" "$0"
  } >"$stamp.d"
  touch "$stamp"
}

if [[ ${compiler[-1]} == *nvcc ]]; then
  unit=$work/all_headers.cu
  { printf '#include <%s>\n' "${headers[@]}"; printf '#include "%s"\n' "$instantiate"; } >"$unit"
  if ! "${compiler[@]}" -std=c++17 --expt-relaxed-constexpr -arch=compute_90 -Xcompiler -Wall,-Wextra,-Wshadow \
       -Werror all-warnings "${includes[@]}" -c "$unit" -o "$work/all_headers.o" >"$work/nvcc.log" 2>&1; then
    cat "$work/nvcc.log"
    echo "check_headers: the ${#headers[@]} headers and instantiate.cpp do not compile warning-free with nvcc ($backend backend)"
    exit 1
  fi
  write_stamp
  echo "check_headers: all ${#headers[@]} headers and instantiate.cpp compile warning-free with nvcc ($backend backend)"
  exit 0
fi

flags=(-std=c++17 -fsyntax-only -Wall -Wextra -Wpedantic -Wshadow -Werror "${includes[@]}")
check_one() {  # $1: header path relative to an include root; the rest: the compile command
  local h=$1 log
  shift
  log=$work/$(echo "$h" | tr '/' '_').log
  if printf '#include <%s>\n#include <%s>\n' "$h" "$h" | "$@" -x c++ - >"$log" 2>&1; then
    rm -f "$log"
  else
    echo "FAILED: $h"
  fi
}
export -f check_one

jobs=$(nproc 2>/dev/null || echo 2)
{
  printf '%s\n' "${headers[@]}" | xargs -P "$jobs" -I{} bash -c 'check_one "$@"' _ {} "${compiler[@]}" "${flags[@]}"
  "${compiler[@]}" "${flags[@]}" "$instantiate" >"$work/instantiate.cpp.log" 2>&1 && rm -f "$work/instantiate.cpp.log" ||
    echo "FAILED: tests/headers/instantiate.cpp"
} >"$work/failed.txt"

failed=$(sort "$work/failed.txt")
if [ -n "$failed" ]; then
  for log in "$work"/*.log; do echo "---- ${log##*/}"; cat "$log"; done
  echo "$failed"
  echo "check_headers: $(wc -l <<<"$failed") of ${#headers[@]} headers (and instantiate.cpp) do not compile warning-free on their own"
  exit 1
fi
write_stamp
echo "check_headers: all ${#headers[@]} headers compile warning-free on their own, and instantiate.cpp ($backend backend)"
