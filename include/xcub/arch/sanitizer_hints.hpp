// xcub/arch/sanitizer_hints.hpp: what a collective tells the host emulator's shared-memory
// sanitizer (docs/host-emulator.md) about accesses that look wrong but are meant.
//
//   arch::assume_initialized(p, n)   the caller reads the n shared bytes at p although no thread of
//                                    the block may have written them, on purpose (an output the
//                                    contract leaves unspecified, padding): the uninitialised-read
//                                    check skips them. A no-op on the GPU backends and without the
//                                    sanitizer.
#pragma once

#include <xcub/backend/sanitizer_hints.hpp>
