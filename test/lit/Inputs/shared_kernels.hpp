#pragma once
#include <offload/offload.hpp>

// An inline kernel template that several translation units instantiate.
template <class T> inline void fillWith(T value, offload::Region<T> v) {
  for (auto [i, vi] : v)
    vi = value;
}

// A function object kernel, shared by every translation unit that uses it.
template <class T> struct AddTo {
  T amount;
  void operator()(offload::Region<T> v) const {
    for (auto [i, vi] : v)
      vi += amount;
  }
};
