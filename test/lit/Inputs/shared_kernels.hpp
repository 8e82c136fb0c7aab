#pragma once
#include <offload/offload.hpp>

// An inline kernel template that both translation units instantiate.
template <class T> inline void fillWith(T value, offload::Region<T> v) {
  for (auto [i, vi] : v)
    vi = value;
}
