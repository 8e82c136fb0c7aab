//===- offload/detail/std.hpp - The standard library's ranges and functors ===//
//
// The standard headers behind std::ranges' concepts, std::default_sentinel,
// the iterator tags and std::plus/std::less. Every compile with the plugin
// parses the user's translation unit once per target and once more on the
// host, so the text included here is paid several times: with libstdc++,
// <ranges>, <iterator> and <functional> pull in streams, locales and hash
// tables (about a third of the headers' parse time), while the internal
// headers below declare everything the library uses from them. Any other
// standard library gets the standard headers.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <version> // defines __GLIBCXX__ with libstdc++

#if defined(__GLIBCXX__) && __has_include(<bits/stl_function.h>) &&          \
    __has_include(<bits/ranges_base.h>)
#include <bits/stl_function.h> // std::plus, std::less
#include <span> // includes <bits/ranges_base.h>: ranges' concepts, data, size
#else
#include <functional>
#include <iterator>
#include <ranges>
#endif
