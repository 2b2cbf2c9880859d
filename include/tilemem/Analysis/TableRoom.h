//===- TableRoom.h - the slack of a DenseMap sized once ---------*- C++ -*-===//
//
// The per-op and per-value tables are reserved once for the input, and what
// a rewrite adds goes to a small side table so the large one never rehashes
// (a rehash holds the old and the doubled buckets at once). A table sized
// for N entries has NextPowerOf2(4N/3 + 1) buckets, so it has room for up
// to half as many entries again before DenseMap grows it (at 3/4 load):
// additions go there first, for free, and spill to the side table only
// when that room is used up.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_ANALYSIS_TABLEROOM_H
#define TILEMEM_ANALYSIS_TABLEROOM_H

#include "llvm/ADT/DenseMap.h"

namespace mlir::tile {

/// Whether inserting one more key into `map` leaves its buckets where they
/// are. Valid for a map that is never erased from (no tombstones), where
/// DenseMap grows exactly when an insertion would fill 3/4 of the buckets.
template <typename KeyT, typename ValueT, typename KeyInfoT>
bool hasRoomWithoutGrowing(
    const llvm::DenseMap<KeyT, ValueT, KeyInfoT> &map) {
  size_t buckets =
      map.getMemorySize() /
      sizeof(typename llvm::DenseMap<KeyT, ValueT, KeyInfoT>::value_type);
  return (map.size() + 1) * 4 < buckets * 3;
}

} // namespace mlir::tile

#endif // TILEMEM_ANALYSIS_TABLEROOM_H
