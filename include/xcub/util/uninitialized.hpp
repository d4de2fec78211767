// xcub/util/uninitialized.hpp: Uninitialized<T>, storage for a T that runs no constructor (CUB's
// name), so that a type with constructors can sit in shared memory or in a union of TempStorage.
//
//   struct _TempStorage { float partial; int count; };
//   struct TempStorage : xcub::Uninitialized<_TempStorage> {};   // CUB's TempStorage idiom
//   _TempStorage& s = temp_storage.Alias();                      // the T view of the raw bytes
//
// Contract: sizeof and alignment of T; trivially constructible and destructible whatever T is;
// Alias() returns the storage as a T& (no object is constructed: T's constructor never runs, so use
// it for types whose members are assigned before they are read). Host and device code.
#pragma once

#include <xcub/config.hpp>

namespace xcub {

template <class T>
struct Uninitialized {
  /// The raw bytes: an array of unsigned char (which may alias any type), aligned as T.
  alignas(T) unsigned char storage[sizeof(T)];

  XCUB_HOST_DEVICE XCUB_FORCEINLINE T& Alias() { return reinterpret_cast<T&>(*this); }
  XCUB_HOST_DEVICE XCUB_FORCEINLINE const T& Alias() const { return reinterpret_cast<const T&>(*this); }
};

}  // namespace xcub
