//===- TableRoom.h - a DenseMap sized once that never rehashes --*- C++ -*-===//
//
// The per-op and per-value tables are reserved once for the input. What a
// rewrite adds must not make the large table rehash: a rehash holds the old
// and the doubled buckets at once. A table sized for N entries has
// NextPowerOf2(4N/3 + 1) buckets, so it has room for up to half as many
// entries again before DenseMap grows it (at 3/4 load): additions go there
// first, for free, and spill to a small overflow table only when that room
// is used up.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_SUPPORT_TABLEROOM_H
#define TILEMEM_SUPPORT_TABLEROOM_H

#include "llvm/ADT/DenseMap.h"

namespace mlir::tile {

/// Whether inserting one more key into `map` leaves its buckets where they
/// are. Valid for a map that is never erased from (no tombstones), where
/// DenseMap grows exactly when an insertion would fill 3/4 of the buckets.
template <typename KeyT, typename ValueT, typename KeyInfoT>
bool hasRoomWithoutGrowing(const llvm::DenseMap<KeyT, ValueT, KeyInfoT> &map) {
  size_t buckets =
      map.getMemorySize() /
      sizeof(typename llvm::DenseMap<KeyT, ValueT, KeyInfoT>::value_type);
  return (map.size() + 1) * 4 < buckets * 3;
}

/// A map reserved once for the input, whose later entries take the large
/// table's slack and then an overflow table, so the large one never
/// rehashes. Entries are never erased (only all at once, by clear).
template <typename KeyT, typename ValueT,
          typename KeyInfoT = llvm::DenseMapInfo<KeyT>>
class SizedOnceMap {
public:
  void reserve(size_t entries) { primary.reserve(entries); }
  void clear() {
    primary.clear();
    overflow.clear();
  }
  size_t size() const { return primary.size() + overflow.size(); }

  /// The entry of `key`, or null.
  const ValueT *find(const KeyT &key) const {
    if (auto it = primary.find(key); it != primary.end())
      return &it->second;
    if (overflow.empty())
      return nullptr;
    auto it = overflow.find(key);
    return it == overflow.end() ? nullptr : &it->second;
  }
  /// The entry of `key`, default-constructed if new.
  ValueT &operator[](const KeyT &key) {
    if (auto it = primary.find(key); it != primary.end())
      return it->second;
    // With nothing erased, the primary table has room only while the
    // overflow table is still empty, so a new key cannot be there.
    if (hasRoomWithoutGrowing(primary))
      return primary[key];
    return overflow[key];
  }

private:
  llvm::DenseMap<KeyT, ValueT, KeyInfoT> primary, overflow;
};

} // namespace mlir::tile

#endif // TILEMEM_SUPPORT_TABLEROOM_H
