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
#include "tilemem/Support/ValueNumbering.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/iterator.h"
#include "llvm/ADT/iterator_range.h"

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

/// Append-only linked lists in one pool of nodes that never moves
/// (ValueTable chunks): 16 bytes per item (8 for Value or Operation *, a
/// 4-byte link and a 4-byte tag the owner keeps with the item, which fills
/// what would be padding). A list is its two ends, kept by the owner.
template <typename T> class ListPool {
  static constexpr unsigned kEnd = ~0u;

public:
  struct Node {
    T item{};
    unsigned next = kEnd;
    unsigned tag = 0;
  };
  struct Ends {
    unsigned head = kEnd, tail = kEnd;
  };

  void append(Ends &ends, T item, unsigned tag = 0) {
    unsigned n = size++;
    nodes[n] = Node{item, kEnd, tag};
    if (ends.tail == kEnd)
      ends.head = n;
    else
      nodes[ends.tail].next = n;
    ends.tail = n;
  }

  class iterator
      : public llvm::iterator_facade_base<iterator, std::forward_iterator_tag,
                                          const Node> {
  public:
    iterator() = default;
    iterator(const ValueTable<Node> *nodes, unsigned n) : nodes(nodes), n(n) {}
    bool operator==(const iterator &other) const { return n == other.n; }
    const Node &operator*() const { return *nodes->find(n); }
    iterator &operator++() {
      n = nodes->find(n)->next;
      return *this;
    }

  private:
    const ValueTable<Node> *nodes = nullptr;
    unsigned n = kEnd;
  };

  /// The nodes of the list with `ends` (empty if null), in order.
  llvm::iterator_range<iterator> of(const Ends *ends) const {
    return {iterator(&nodes, ends ? ends->head : kEnd), iterator(&nodes, kEnd)};
  }

private:
  ValueTable<Node> nodes;
  unsigned size = 0;
};

/// The values stored in each allocation and the ops writing it, as
/// append-only lists: a list is found by one probe of a table of the
/// allocations (a 24-byte bucket each) and followed by links, and appending
/// is O(1) whenever the allocation was made (the input's or one the rewrite
/// adds). Against a DenseMap<Value, SmallVector<T, N>> per list (40 to 48
/// bytes per allocation and list, plus spilled vectors) this is 16 bytes
/// per item, the tag included: a value's number (ValueNumbering.h), so its
/// window and live interval are read without hashing it, and a writer's
/// written-value locator (writtenLocator, TileStorage.h). Allocations stay out
/// of the value numbering, whose per-value tables they would widen.
class AllocationIndex {
public:
  void addValue(Value root, Value value, unsigned number) {
    valuePool.append(byRoot[root].values, value, number);
  }
  void addWriter(Value root, Operation *op, unsigned locator) {
    writerPool.append(byRoot[root].writers, op, locator);
  }
  /// Values ever stored in `root` (`item`) with their numbers (`tag`), in
  /// the order they were added (some may have moved elsewhere since).
  auto values(Value root) const {
    auto it = byRoot.find(root);
    return valuePool.of(it == byRoot.end() ? nullptr : &it->second.values);
  }
  /// Ops that ever wrote `root` (`item`) with their written-value locators
  /// (`tag`; same caveat).
  auto writers(Value root) const {
    auto it = byRoot.find(root);
    return writerPool.of(it == byRoot.end() ? nullptr : &it->second.writers);
  }

private:
  struct Lists {
    ListPool<Value>::Ends values;
    ListPool<Operation *>::Ends writers;
  };
  llvm::DenseMap<Value, Lists, ValueAddressInfo> byRoot;
  ListPool<Value> valuePool;
  ListPool<Operation *> writerPool;
};

class StorageConflicts {
public:
  /// `order`, `trips` and `numbering` describe `function` and outlive this;
  /// inserted ops are numbered in `order` (noteInserted) and new values in
  /// `numbering`, so a verification of the result can reuse all three.
  /// `walk` is a record of the function as it is now, needed only here.
  StorageConflicts(const RecordedWalk &walk, ProgramOrder &order,
                   const TripCounts &trips, ValueNumbering &numbering);

  const TileStorage &getStorage() const { return storage; }
  const Window *lookup(Value value) const { return storage.lookup(value); }
  const ProgramOrder &getOrder() const { return order; }
  const StorageLiveness &getLiveness() const { return liveness; }
  const TripCounts &getTrips() const { return trips; }

  /// The window `op` writes, if it writes tile or tensor payload.
  std::optional<WriteEffect> writeOf(Operation *op) const;
  /// The same for an indexed writer, whose written value is at `locator`.
  std::optional<WriteEffect> writeAt(Operation *op, unsigned locator) const {
    return writeAt(op, locator, [&](Value v) { return storage.lookup(v); });
  }
  /// What `op` writes, its written value at `locator` (writtenLocator), with
  /// windows looked up by `windowOf`.
  static std::optional<WriteEffect>
  writeAt(Operation *op, unsigned locator,
          function_ref<const Window *(Value)> windowOf);

  /// The first conflict if every value of `moved` took its paired window.
  std::optional<StorageConflict>
  check(ArrayRef<std::pair<Value, Window>> moved) const;

  /// Whether moving every value of `moved` to its paired window would
  /// misalign a boundary that is aligned now: a loop carry and what its
  /// loop yields, two arms of an scf.if, or two carries of one loop that
  /// would overlap. A retarget moves a whole family, and one boundary's
  /// alignment must not undo another's.
  bool breaksAlignedBoundary(ArrayRef<std::pair<Value, Window>> moved) const;

  /// The first value that writing `window` right before `point` would
  /// clobber (a value overlapping it that is read at or after `point`),
  /// ignoring `ignored`.
  std::optional<StorageConflict>
  checkWriteBefore(const Window &window, Operation *point,
                   ArrayRef<Value> ignored) const;

  /// A value that a write would clobber, and an op that reads it after the
  /// write (for diagnostics).
  struct ObservedRead {
    Value value;
    Operation *reader = nullptr;
    explicit operator bool() const { return static_cast<bool>(value); }
  };
  /// The first value (in the allocation's index) overlapping `window`, for
  /// which `isCarried` (the loop's own carry and what derives from it) is
  /// false, that is read after `lastYield` or after an op in `loop` that
  /// writes `window`, with that read, or none: what a loop updating `window`
  /// in place would clobber. `isCarried` is asked only about values that pass
  /// every other test, so a caller can build the carried set on first use. The
  /// writes are sorted by position once, so each value finds those inside its
  /// live interval by a binary search: O((V + W) log W) for the V values and W
  /// writes of the allocation, not O(V x W).
  ObservedRead findObserved(const Window &window, Operation *loop,
                            Operation *lastYield,
                            function_ref<bool(Value)> isCarried) const;

  /// Whether an op nested in `region` writes a window overlapping `window`
  /// (the allocation's writer index, filtered by an interval test).
  bool isWrittenWithin(const Window &window, Operation *region) const;

  /// The writebacks (ops updating an operand's window in place) of the
  /// function as it was when this was built, in post-order, with the operand
  /// each updates: found by the construction walk, which visits every write.
  ArrayRef<std::pair<Operation *, Value>> getInitialWritebacks() const {
    return initialWritebacks;
  }

  /// Applies `moved` to the storage model and the indexes.
  void commit(ArrayRef<std::pair<Value, Window>> moved);

  /// Records ops inserted (in this order) right before `next`: numbers them,
  /// records their reads, their results' windows and their writes.
  void noteInserted(ArrayRef<Operation *> ops, Operation *next);
  /// `value` lost a use (an operand now reads a copy of it made earlier):
  /// its reads are derived again.
  void noteUseReplaced(Value value) { liveness.resetReadsOf(value); }

  /// Records that `value` (a loop's operand, say) now has `window`, with
  /// everything derived from it.
  void relocate(Value value, const Window &window) {
    commit(TileStorage::family(value, window));
  }

private:
  void index(Value value, const Window &window);
  /// Indexes what `op` writes, if anything, and returns it.
  std::optional<WriteEffect> indexWriter(Operation *op);

  TileStorage storage;
  ProgramOrder &order;
  const TripCounts &trips;
  StorageLiveness liveness;
  AllocationIndex allocations;
  SmallVector<std::pair<Operation *, Value>> initialWritebacks;
};

} // namespace mlir::tile

#endif // TILEMEM_ANALYSIS_STORAGECONFLICTS_H
