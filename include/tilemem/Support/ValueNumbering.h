//===- ValueNumbering.h - dense numbers for a function's values -*- C++ -*-===//
//
// The storage analyses keep a record per value (its window, its read
// anchors). Keyed by Value in hash maps, each record pays for its key and
// for the empty buckets a power-of-two table keeps; at a million ops those
// tables were larger than the IR. Instead one numbering, shared by the
// analyses of a function, maps each value once to a dense number (a 4-byte
// bucket and an 8-byte key), and each analysis keeps its records in a
// ValueTable indexed by that number:
//
//   RecordedWalk walk(function, hasStorage);  // counts the storage values
//   ValueNumbering numbering(countStorageValues(walk));  // no replay
//   TileStorage storage(walk, numbering);                       // windows[n]
//   StorageLiveness liveness(walk, order, &trips, numbering);   // anchors[n]
//
// Numbers are never reused, and records never move (ValueTable grows by
// whole chunks), so a pointer to a record stays valid while values are added.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_SUPPORT_VALUENUMBERING_H
#define TILEMEM_SUPPORT_VALUENUMBERING_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

namespace mlir::tile {

/// Hashes a Value by its address the way DenseMap hashes a plain pointer
/// (shifted, xor-folded bits), for tables keyed by the values of a whole
/// function. DenseMapInfo<Value> mixes every bit (llvm::hash_value), so the
/// lookups of a walk land on random buckets, a cache miss each once the
/// table outgrows the cache. The parser allocates ops, and so their results,
/// in program order: with the address hash the values a walk meets one after
/// another sit in nearby buckets, and the walk sweeps the table.
struct ValueAddressInfo : llvm::DenseMapInfo<Value> {
  static unsigned getHashValue(Value value) {
    return llvm::DenseMapInfo<const void *>::getHashValue(
        value.getAsOpaquePointer());
  }
};

/// "No number" (ValueNumbering::kNone).
inline constexpr unsigned kNoNumber = ~0u;

template <typename T> class ValueTable {
public:
  /// The record of number `n`, or null if none was ever made.
  const T *find(unsigned n) const {
    if (n == kNoNumber || (n >> kShift) >= chunks.size())
      return nullptr;
    return &chunks[n >> kShift][n & kMask];
  }
  /// The record of number `n`, which exists.
  const T &get(unsigned n) const { return chunks[n >> kShift][n & kMask]; }
  /// The record of number `n`, made (default-constructed) if needed.
  T &operator[](unsigned n) {
    while ((n >> kShift) >= chunks.size())
      chunks.push_back(std::make_unique<T[]>(kChunk));
    return chunks[n >> kShift][n & kMask];
  }

private:
  static constexpr unsigned kShift = 10, kChunk = 1u << kShift,
                            kMask = kChunk - 1;
  SmallVector<std::unique_ptr<T[]>, 0> chunks;
};

/// A dense number per value. The buckets of its hash table hold numbers
/// only (4 bytes); the value a number stands for is kept once, by number,
/// and compared on a probe. A bucket holding the key as well would be 16
/// bytes (a pointer and a number, padded): the table of a 4093-deep nest
/// (24,600 values, 65,536 buckets at DenseMap's 3/4 load) took 1 MB, more
/// than a 1 MiB cache, where buckets of numbers take 256 KB and the keys
/// 197 KB, read in number order, which is the order of the walks.
class ValueNumbering {
public:
  static constexpr unsigned kNone = kNoNumber;

  /// `expected`: how many values the table is sized for. The values a
  /// rewrite adds beyond that make it grow; a growth rehashes from the keys
  /// by number and frees the old buckets first, so it never holds two
  /// tables at once.
  explicit ValueNumbering(size_t expected = 0) { reserve(expected); }

  /// The number of `value`, giving it the next one if it has none.
  unsigned getOrAssign(Value value) {
    unsigned *slot = &bucketOf(value);
    if (*slot != kNone)
      return *slot;
    if ((count + 1) * 4 >= (size_t(mask) + 1) * 3) {
      reserve(count + 1);
      slot = &bucketOf(value);
    }
    *slot = unsigned(count++);
    keys[*slot] = value;
    return *slot;
  }
  /// The number of `value`, or kNone.
  unsigned lookup(Value value) const { return count ? bucketOf(value) : kNone; }
  size_t size() const { return count; }
  /// How many times the buckets grew past the reservation of the
  /// constructor.
  unsigned growths() const { return numGrowths; }

private:
  /// The bucket holding the number of `value`, or the empty bucket where it
  /// goes: DenseMap's quadratic probing, over ValueAddressInfo's hash.
  unsigned &bucketOf(Value value) const {
    unsigned bucket = ValueAddressInfo::getHashValue(value) & mask;
    for (unsigned probe = 1;; ++probe) {
      unsigned &slot = buckets[bucket];
      if (slot == kNone || keys.get(slot) == value)
        return slot;
      bucket = (bucket + probe) & mask;
    }
  }
  /// Sizes the buckets for `entries` values at under 3/4 load (as
  /// DenseMap::reserve does) and rehashes the numbered values into them.
  void reserve(size_t entries);

  std::unique_ptr<unsigned[]> buckets;
  unsigned mask = 0;
  size_t count = 0;
  unsigned numGrowths = 0;
  ValueTable<Value> keys;
};

} // namespace mlir::tile

#endif // TILEMEM_SUPPORT_VALUENUMBERING_H
