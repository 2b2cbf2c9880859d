//===- ValueNumbering.h - dense numbers for a function's values -*- C++ -*-===//
//
// The storage analyses keep a record per value (its window, its read
// anchors). Keyed by Value in hash maps, each record pays for its key and
// for the empty buckets a power-of-two table keeps; at a million ops those
// tables were larger than the IR. Instead one numbering, shared by the
// analyses of a function, maps each value once to a dense number (a 16-byte
// bucket), and each analysis keeps its records in a ValueTable indexed by
// that number:
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

#include "tilemem/Support/TableRoom.h"

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

class ValueNumbering {
public:
  static constexpr unsigned kNone = ~0u;

  /// `expected`: how many values the table is sized for, once. Values
  /// numbered beyond that (the ones a rewrite adds) never make it rehash
  /// (SizedOnceMap): a rehash would hold the old and the doubled table at
  /// once, 3x the table at the worst moment.
  explicit ValueNumbering(size_t expected = 0) { numbers.reserve(expected); }

  /// The number of `value`, giving it the next one if it has none.
  unsigned getOrAssign(Value value) {
    if (const unsigned *number = numbers.find(value))
      return *number;
    unsigned next = unsigned(size());
    return numbers[value] = next;
  }
  /// The number of `value`, or kNone.
  unsigned lookup(Value value) const {
    const unsigned *number = numbers.find(value);
    return number ? *number : kNone;
  }
  size_t size() const { return numbers.size(); }

private:
  SizedOnceMap<Value, unsigned, ValueAddressInfo> numbers;
};

template <typename T> class ValueTable {
public:
  /// The record of number `n`, or null if none was ever made.
  const T *find(unsigned n) const {
    if (n == ValueNumbering::kNone || (n >> kShift) >= chunks.size())
      return nullptr;
    return &chunks[n >> kShift][n & kMask];
  }
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

} // namespace mlir::tile

#endif // TILEMEM_SUPPORT_VALUENUMBERING_H
