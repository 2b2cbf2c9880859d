//===- StorageConflicts.h - can this storage change clobber? ----*- C++ -*-===//
//
// A mutable view of a function's storage (TileStorage) with the indexes a
// storage-rewriting pass needs to ask, before changing anything, whether a
// change would clobber a value that is still observed:
//
//   %next = tile.add %acc, %x into(%b1 ...)    // retarget into %acc's %b0?
//   %y    = tile.mul %acc, %next into(...)     // %acc is read after the add:
//   scf.yield %next                            // writing %b0 there clobbers it
//
// A proposal moves a family of values (a producer's result and everything
// derived from it) to new windows. It conflicts when some op writes a window
// while an overlapping value is still read afterwards (StorageLiveness), with
// one side of the pair in the family. Candidates come from per-allocation
// indexes of values and of writing ops, so a query touches only the values
// and writers of the allocations involved, never a forward scan of the
// program. Indexes are append-only: an entry whose window has since moved to
// another allocation is skipped when read.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_ANALYSIS_STORAGECONFLICTS_H
#define TILEMEM_ANALYSIS_STORAGECONFLICTS_H

#include "tilemem/Analysis/ProgramOrder.h"
#include "tilemem/Analysis/StorageLiveness.h"
#include "tilemem/Analysis/TileStorage.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::tile {

/// What an op writes: a window, and the operand whose payload it updates in
/// place (null for allocating producers).
struct WriteEffect {
  Window window;
  Value consumed;
};

/// A value that a proposed change would clobber, and the op writing over it.
struct StorageConflict {
  Value clobbered;
  Operation *writer;
  Operation *reader;
};

/// Lists per allocation. The allocations of the input sit in a table sized
/// for them once; allocations a rewrite adds (fresh destinations, scratch
/// tiles) go to a table of their own, so the large one never rehashes.
template <typename T, unsigned N>
class PerAllocation {
public:
  using List = SmallVector<T, N>;
  /// Sizes the table of the input's allocations; after `seal`, new roots go
  /// to the table of added ones.
  void reserve(size_t roots) { initial.reserve(roots); }
  void seal() { sealed = true; }
  List &operator[](Value root) {
    if (auto it = initial.find(root); it != initial.end())
      return it->second;
    return sealed ? added[root] : initial[root];
  }
  /// The list of `root`, or null.
  const List *find(Value root) const {
    if (auto it = initial.find(root); it != initial.end())
      return &it->second;
    if (auto it = added.find(root); it != added.end())
      return &it->second;
    return nullptr;
  }

private:
  llvm::DenseMap<Value, List> initial, added;
  bool sealed = false;
};

class StorageConflicts {
public:
  /// `order`, `trips` and `numbering` describe `function` and outlive this;
  /// inserted ops are numbered in `order` (noteInserted) and new values in
  /// `numbering`, so a verification of the result can reuse all three.
  StorageConflicts(Operation *function, ProgramOrder &order,
                   const TripCounts &trips, ValueNumbering &numbering);

  const TileStorage &getStorage() const { return storage; }
  const Window *lookup(Value value) const { return storage.lookup(value); }
  const ProgramOrder &getOrder() const { return order; }
  const StorageLiveness &getLiveness() const { return liveness; }
  const TripCounts &getTrips() const { return trips; }

  /// The window `op` writes, if it writes tile or tensor payload.
  std::optional<WriteEffect> writeOf(Operation *op) const;

  /// The first conflict if every value of `moved` took its paired window.
  std::optional<StorageConflict>
  check(ArrayRef<std::pair<Value, Window>> moved) const;

  /// The first value that writing `window` right before `point` would
  /// clobber (a value overlapping it that is read at or after `point`),
  /// ignoring `ignored`.
  std::optional<StorageConflict>
  checkWriteBefore(const Window &window, Operation *point,
                   ArrayRef<Value> ignored) const;

  /// A value overlapping `window`, other than `carried` (the loop's own
  /// carry and what derives from it), that is read after `lastYield` or
  /// after an op in `loop` that writes `window`, or null: what a loop
  /// updating `window` in place would clobber.
  Value findObserved(const Window &window, Operation *loop,
                     Operation *lastYield,
                     const llvm::SmallPtrSetImpl<Value> &carried) const;

  /// Whether an op nested in `region` writes a window overlapping `window`
  /// (the allocation's writer index, filtered by an interval test).
  bool isWrittenWithin(const Window &window, Operation *region) const;

  /// Applies `moved` to the storage model and the indexes.
  void commit(ArrayRef<std::pair<Value, Window>> moved);

  /// Records ops inserted (in this order) right before `next`: numbers them,
  /// records their reads, their results' windows and their writes.
  void noteInserted(ArrayRef<Operation *> ops, Operation *next);

  /// Records that `value` (a loop's operand, say) now has `window`, with
  /// everything derived from it.
  void relocate(Value value, const Window &window) {
    commit(TileStorage::family(value, window));
  }

private:
  void index(Value value, const Window &window);
  void indexWriter(Operation *op);

  TileStorage storage;
  ProgramOrder &order;
  const TripCounts &trips;
  StorageLiveness liveness;
  // Sized for every allocation up front. Inline room for the common case
  // (48- and 40-byte buckets): an allocation holds its producer's value and
  // a carry or result of it, and is written by one or two ops.
  PerAllocation<Value, 3> valuesByRoot;
  PerAllocation<Operation *, 2> writersByRoot;
};

} // namespace mlir::tile

#endif // TILEMEM_ANALYSIS_STORAGECONFLICTS_H
