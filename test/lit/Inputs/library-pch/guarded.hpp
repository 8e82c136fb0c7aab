// A user's header with an include guard, the way most begin.
#ifndef GUARDED_HPP
#define GUARDED_HPP
#include <cstdio>
#include <offload/offload.hpp>

inline void twice(offload::Region<int> r) {
  for (auto [i, v] : r)
    v = 2 * int(i);
}
#endif
