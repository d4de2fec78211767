// CUDA: the checks of how collectives are called are those of both GPU backends.
#pragma once

#include <xcub/backend/gpu/debug_checks.hpp>
