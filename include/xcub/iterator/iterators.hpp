// xcub/iterator/iterators.hpp: every fancy iterator xcub offers, in one include.
#pragma once

#include <xcub/iterator/arg_index_input_iterator.hpp>
#include <xcub/iterator/cache_modified_input_iterator.hpp>
#include <xcub/iterator/cache_modified_output_iterator.hpp>
#include <xcub/iterator/constant_input_iterator.hpp>
#include <xcub/iterator/counting_input_iterator.hpp>
#include <xcub/iterator/discard_output_iterator.hpp>
#include <xcub/iterator/transform_input_iterator.hpp>
#include <xcub/iterator/transform_output_iterator.hpp>
