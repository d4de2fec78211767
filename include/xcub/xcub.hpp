// xcub/xcub.hpp: everything xcub offers, in one include.
#pragma once

#include <xcub/config.hpp>
#include <xcub/runtime.hpp>
#include <xcub/launch.hpp>
#include <xcub/arch/arch.hpp>
#include <xcub/thread/thread_load.hpp>
#include <xcub/thread/thread_store.hpp>
#include <xcub/thread/thread_operators.hpp>
#include <xcub/thread/thread_reduce.hpp>
#include <xcub/thread/thread_scan.hpp>
#include <xcub/warp/warp_reduce.hpp>
#include <xcub/warp/warp_scan.hpp>
#include <xcub/warp/warp_exchange.hpp>
#include <xcub/warp/warp_load.hpp>
#include <xcub/warp/warp_store.hpp>
#include <xcub/warp/warp_merge_sort.hpp>
#include <xcub/iterator/iterators.hpp>
#include <xcub/util/caching_device_allocator.hpp>
#include <xcub/util/device_buffer.hpp>
#include <xcub/util/device_properties.hpp>
#include <xcub/util/double_buffer.hpp>
#include <xcub/util/key_value_pair.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/util/temporary_storage.hpp>
