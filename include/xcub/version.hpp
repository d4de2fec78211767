// xcub/version.hpp: the library's version, usable by the preprocessor.
// XCUB_VERSION is MAJOR * 100000 + MINOR * 100 + PATCH, as CUB_VERSION is (0.2.0 -> 200), so
// `#if XCUB_VERSION >= 200` tests for 0.2.0 or later. The numbers equal the file VERSION at the
// repository root, the Meson project version, xcub.pc and the CMake package version: meson setup
// stops when they disagree. Needs nothing else from xcub (header-only use included).
#pragma once

#define XCUB_VERSION_MAJOR 0
#define XCUB_VERSION_MINOR 2
#define XCUB_VERSION_PATCH 0
#define XCUB_VERSION_STRING "0.2.0"
#define XCUB_VERSION (XCUB_VERSION_MAJOR * 100000 + XCUB_VERSION_MINOR * 100 + XCUB_VERSION_PATCH)
