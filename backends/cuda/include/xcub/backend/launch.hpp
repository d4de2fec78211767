// Launches through the triple-chevron syntax that this backend's compiler accepts.
#pragma once

#include <xcub/detail/chevron_launch.hpp>
