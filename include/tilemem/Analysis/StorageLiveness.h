//===- StorageLiveness.h - is a value still read after an op? ---*- C++ -*-===//
//
// Answers "may `value` be read after `op` writes?" for structured control
// flow, including reads that recur around loop back edges:
//
//   %x = tile.load ...                  // defined outside the loop
//   scf.for ... {
//     %y = tile.add %x, %z into(...)    // reads %x in every iteration
//     %w = tile.exp %y into(<%x's window>)   <- %x is live here: the next
//   }                                          iteration reads it again
//
// Each use is reduced once to an anchor: the outermost loop between the use
// and the value's definition (the use recurs while that loop runs), or the
// user itself. A query then asks whether `op` lies in a recurring anchor or
// precedes an anchor in both ProgramOrder orders (which excludes the sibling
// arm of an scf.if). An anchor that a later anchor in the same block
// follows is dropped: every op that precedes (or lies in) it also precedes
// the later one, so no query changes, and a value read along a straight
// line keeps one anchor. Building is one walk with a stack of enclosing
// loops, O(1) per use; a query is O(anchors of the value). Operands an op
// overwrites without reading (write-only operands) are not reads.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_ANALYSIS_STORAGELIVENESS_H
#define TILEMEM_ANALYSIS_STORAGELIVENESS_H

#include "tilemem/Analysis/ProgramOrder.h"
#include "tilemem/Analysis/TripCounts.h"
#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/Support/ValueNumbering.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PointerIntPair.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::tile {

class TileStorage;

class StorageLiveness {
public:
  /// With `trips`, uses that never run are not reads and loops that run at
  /// most once do not make reads recur.
  StorageLiveness(const RecordedWalk &walk, const ProgramOrder &order,
                  const TripCounts *trips = nullptr);
  /// Numbering values in `numbering`, shared with the function's other
  /// analyses; it must outlive this one.
  StorageLiveness(const RecordedWalk &walk, const ProgramOrder &order,
                  const TripCounts *trips, ValueNumbering &numbering);
  /// Empty, built along a replay shared with TileStorage
  /// (buildStorageAndLiveness).
  struct Deferred {};
  StorageLiveness(const ProgramOrder &order, const TripCounts *trips,
                  ValueNumbering &numbering, Deferred)
      : order(order), trips(trips), numbering(&numbering) {}

  /// Records the reads of a function along a replay of it: `enter` before
  /// the ops nested in an op, `exit` after them (forEachEnterExit's order).
  class Builder {
  public:
    Builder(StorageLiveness &liveness, Operation *function)
        : liveness(liveness), function(function) {}
    void enter(Operation *op);
    void exit(Operation *op) {
      if (!loops.empty() && loops.back() == op)
        loops.pop_back();
    }

  private:
    StorageLiveness &liveness;
    Operation *function;
    /// The repeating loops around the current op, outermost first, and per
    /// block how many of them enclose it.
    SmallVector<Operation *> loops;
    llvm::DenseMap<Block *, unsigned> loopDepth;
  };

  /// Whether `value` may be read after `op` has executed, before `value` is
  /// defined again. Uses by `op` itself do not count.
  bool isLiveAfter(Value value, Operation *op) const;

  /// One op that may read `value` after `op` (for diagnostics), or null.
  Operation *findReadAfter(Value value, Operation *op) const;

  /// Records the reads of `op`, an op inserted after construction (already
  /// numbered in the ProgramOrder).
  void addReadsOf(Operation *op);
  /// Derives the reads of `value` again from its current uses: after a use
  /// moved earlier (an operand replaced by a copy made before). O(uses).
  void resetReadsOf(Value value);

  /// A superset of the program positions (ProgramOrder::position) at which
  /// `value` may be live, as [definition, last read]; none if never read.
  /// Writes outside it cannot clobber `value`; inside it, ask isLiveAfter.
  std::optional<std::pair<uint64_t, uint64_t>> liveInterval(Value value) const {
    return liveInterval(value, numbering->lookup(value));
  }
  /// The same for a value whose number (ValueNumbering) the caller knows:
  /// no hashing of the value.
  std::optional<std::pair<uint64_t, uint64_t>>
  liveInterval(Value value, unsigned number) const;

  /// Whether `value` is defined (its def has executed) when `op` starts.
  bool isDefinedBefore(Value value, Operation *op) const;

private:
  bool repeats(Operation *op) const;
  bool isRead(OpOperand &use, StorageContractInterface contract) const;
  /// 16 bytes: the recurrence flag lives in the anchor pointer's spare bit.
  struct Anchor {
    Anchor() = default;
    Anchor(Operation *op, Operation *user, bool recurs)
        : bits(op, recurs ? kRecurs : 0), user(user) {}
    Operation *op() const { return bits.getPointer(); }
    /// The anchor is a loop that re-executes the use on every iteration.
    bool recurs() const { return bits.getInt() & kRecurs; }
    /// An empty slot whose value's anchors live in `spilled`.
    bool isSpilled() const { return bits.getInt() & kSpilled; }
    static Anchor spilledMarker() {
      Anchor marker;
      marker.bits.setInt(kSpilled);
      return marker;
    }

    static constexpr unsigned kRecurs = 1, kSpilled = 2;
    /// The anchor op and flags; an empty slot of `anchors` is null, with
    /// kSpilled when the value's anchors live in `spilled` instead.
    llvm::PointerIntPair<Operation *, 2, unsigned> bits;
    Operation *user = nullptr;
  };
  void addUse(OpOperand &use);
  void build(const RecordedWalk &walk);
  /// Records `anchor` for value number `n`, dropping whichever anchors of
  /// the same block it subsumes or is subsumed by. `inOrder`: every anchor
  /// recorded so far precedes it (the construction walk), so only the last
  /// one can share its block and no position needs comparing.
  void addAnchor(unsigned n, Anchor anchor, bool inOrder);
  /// Of two anchors of one value in one block, the one that makes the
  /// other redundant (`later` is not before `earlier`).
  const Anchor &subsuming(const Anchor &earlier, const Anchor &later) const;
  /// The anchors of `value` (empty if it is never read).
  ArrayRef<Anchor> anchorsOf(Value value) const {
    return anchorsOf(numbering->lookup(value));
  }
  ArrayRef<Anchor> anchorsOf(unsigned n) const {
    const Anchor *slot = anchors.find(n);
    if (!slot || (!slot->op() && !slot->isSpilled()))
      return {};
    if (slot->isSpilled())
      return spilled.find(n)->second;
    return ArrayRef<Anchor>(*slot);
  }

  const ProgramOrder &order;
  const TripCounts *trips;
  std::unique_ptr<ValueNumbering> ownNumbering;
  ValueNumbering *numbering;
  /// Most values keep a single anchor (see the constructor): it is stored
  /// inline, a 16-byte slot per value number. A value read in several
  /// blocks keeps its list in `spilled` and a flagged empty slot.
  ValueTable<Anchor> anchors;
  llvm::DenseMap<unsigned, SmallVector<Anchor, 2>> spilled;
};

/// Builds a function's `storage` and `liveness` (both Deferred) from the
/// events of one walk, and calls `afterOp(op)` after each op's regions, once
/// the windows of its results and of its blocks' arguments are known: what
/// would be three passes over the IR (TileStorage's, StorageLiveness's and
/// the caller's post-order one) is one, so a large function's ops leave the
/// cache once. The orders of the three: TileStorage's (each block's
/// arguments, then its ops; an op's results after its regions),
/// StorageLiveness's (enter, exit) and a post-order one.
class StorageAndLivenessBuilder final : public WalkListener {
public:
  StorageAndLivenessBuilder(Operation *function, TileStorage &storage,
                            StorageLiveness &liveness,
                            function_ref<void(Operation *)> afterOp = {});
  void op(Operation *op) override {
    reads.enter(op);
    exit(op);
  }
  void enter(Operation *op) override { reads.enter(op); }
  void exit(Operation *op) override;
  void enterBlock(Block *block) override;

private:
  TileStorage &storage;
  StorageLiveness::Builder reads;
  function_ref<void(Operation *)> afterOp;
};

/// Builds `storage` and `liveness` (both Deferred) in one replay of `walk`
/// (StorageAndLivenessBuilder).
void buildStorageAndLiveness(const RecordedWalk &walk, TileStorage &storage,
                             StorageLiveness &liveness,
                             function_ref<void(Operation *)> afterOp = {});

/// Records the walk of `function` and builds `storage` and `liveness` (both
/// Deferred) along it, as buildStorageAndLiveness does in a replay: for
/// analyses that need nothing computed from the walk first (the storage
/// verifier, given the program's order and trip counts).
RecordedWalk recordStorageAndLiveness(Operation *function, TileStorage &storage,
                                      StorageLiveness &liveness);

} // namespace mlir::tile

#endif // TILEMEM_ANALYSIS_STORAGELIVENESS_H
