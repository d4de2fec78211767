#!/usr/bin/env bash
# Runs the command lines that docs/header-only.md gives for one backend, as they are written, on
# tests/header_only/app.cpp: CI builds header-only programs exactly as a user is told to.
#
#   run.sh [--build-only] [--same-in FILE] DOC NAME SOURCE_ROOT WORK_DIR [COMPILER [STAMP]]
#
# The lines are those of the first ```sh block after the line `<!-- header-only-check: NAME -->`
# in DOC. --same-in: where FILE (the README) has that marker too, its block must hold the same
# lines, so that what a user copies from there is what runs here. They run with bash -e in WORK_DIR (emptied first), which holds the program as app.cpp and
# app.cu, with XCUB set to SOURCE_ROOT. --build-only leaves out the lines that run the program
# (those that start with ./): for the GPU backends on a machine without a GPU. COMPILER, where
# given with a folder, puts that folder first in PATH (the compiler Meson found, which may not be
# on PATH). STAMP: written on success, with a Ninja depfile STAMP.d that names every header and
# source of the tree, so that a build target reruns when any of them changes.
set -euo pipefail
build_only=no same_in=
[ "${1:-}" = --build-only ] && { build_only=yes; shift; }
[ "${1:-}" = --same-in ] && { same_in=$2; shift 2; }
doc=$1 name=$2 src=$3 work=$4 compiler=${5:-} stamp=${6:-}

block() {  # the lines of the ```sh block after NAME's marker in file $1 (nothing without one)
  awk -v marker="<!-- header-only-check: $name -->" '
    $0 == marker { found = 1; next }
    found && !inside && /^```sh$/ { inside = 1; next }
    inside && /^```$/ { exit }
    inside { print }' "$1"
}
lines=$(block "$doc")
[ -n "$lines" ] || { echo "header_only: no \`\`\`sh block after <!-- header-only-check: $name --> in $doc" >&2; exit 1; }
if [ -n "$same_in" ] && [ -f "$same_in" ] && grep -qxF "<!-- header-only-check: $name -->" "$same_in"; then
  if [ "$(block "$same_in")" != "$lines" ]; then
    echo "header_only: the $name block of $same_in differs from $doc's:" >&2
    diff <(echo "$lines") <(block "$same_in") >&2 || true
    exit 1
  fi
fi
if [ $build_only = yes ]; then lines=$(grep -v '^\./' <<<"$lines"); fi

rm -rf "$work"
mkdir -p "$work"
cp "$src/tests/header_only/app.cpp" "$work/app.cpp"
cp "$src/tests/header_only/app.cpp" "$work/app.cu"
case $compiler in */*) PATH=$(dirname "$compiler"):$PATH ;; esac
export PATH XCUB=$src
echo "header_only ($name), in $work:"
(cd "$work" && bash -euxo pipefail -c "$lines")

if [ -n "$stamp" ]; then
  {
    printf '%s:' "$stamp"
    find "$src/include" "$src/backends" "$src/scripts/xcub-flags" "$src/tests/header_only" "$doc" \
      $([ -f "$same_in" ] && echo "$same_in") \
      -type f \( -name '*.hpp' -o -name '*.cpp' -o -name '*.sh' -o -name '*.md' -o -name xcub-flags \) |
      LC_ALL=C sort | while IFS= read -r f; do printf ' \\\n  %s' "${f// /\\ }"; done
    echo
  } >"$stamp.d"
  touch "$stamp"
fi
