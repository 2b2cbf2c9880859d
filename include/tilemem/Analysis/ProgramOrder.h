//===- ProgramOrder.h - constant-time order queries on structured IR -*- C++
//-*-===//
//
// Numbers every op of a function in two pre-orders: `position` visits
// scf.if's then-region before its else-region, `mirroredPosition` visits the
// else-region first (all other regions, such as scf.while's before/after,
// keep their execution order in both). In structured control flow without
// back edges, op B can run after op A (A not enclosing B) exactly when B
// follows A in both orders: sibling if-arms are the only places where the
// two orders disagree. With `end`, the last position inside an op, "A
// encloses B" is an interval test. Every query is O(1) after one O(N) walk.
// The two orders differ by a shift that is the same for every op of a block
// (numberMirrored), so the table keeps a 16-byte bucket per op (sized up
// front) with the position and two flags; the ops with regions have a
// second record with their end, and the blocks whose ops move (those in a
// two-armed if) one with their shift:
//
//   %x = ...                 // 0        0
//   scf.if %c {              // 1        1
//     A                      // 2        4   <- then-arm: orders disagree
//   } else {                 //              with the else-arm
//     B                      // 3        2
//     C                      // 4        3
//   }
//   D                        // 5        5   <- after both: orders agree
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_ANALYSIS_PROGRAMORDER_H
#define TILEMEM_ANALYSIS_PROGRAMORDER_H

#include "tilemem/Support/RecordedWalk.h"
#include "tilemem/Support/TableRoom.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tile {

class ProgramOrder {
public:
  /// Numbers the ops `walk` recorded (the IR must not have changed since).
  explicit ProgramOrder(const RecordedWalk &walk);

  uint64_t position(Operation *op) const { return tagged(op) >> kFlagBits; }
  uint64_t mirroredPosition(Operation *op) const {
    uint64_t t = tagged(op);
    if (!(t & kInTwoArmedIf))
      return t >> kFlagBits;
    auto shift = blockShifts.find(op->getBlock());
    return (t >> kFlagBits) + (shift == blockShifts.end() ? 0 : shift->second);
  }
  /// The largest position of an op nested in `op` (its own if none).
  uint64_t end(Operation *op) const {
    uint64_t t = tagged(op);
    return t & kHasEnd ? ends.find(op)->second : t >> kFlagBits;
  }
  /// Whether `inner` is nested (strictly) inside `outer`.
  bool encloses(Operation *outer, Operation *inner) const {
    uint64_t p = position(inner);
    return position(outer) < p && p <= end(outer);
  }
  /// Whether `later` can execute after `earlier` on some path that does not
  /// take a loop back edge (neither op encloses the other).
  bool mayFollow(Operation *earlier, Operation *later) const {
    return position(earlier) < position(later) &&
           mirroredPosition(earlier) < mirroredPosition(later);
  }
  bool contains(Operation *op) const { return positions.find(op) != nullptr; }

  /// Whether `value` properly dominates `op`, as
  /// DominanceInfo::properlyDominates(Value, Operation *) answers, in O(1)
  /// instead of a walk from `op` up to the value's region: in a region of one
  /// block, what a value of that block dominates is an interval of
  /// positions, from past its definition (past the defining op's own
  /// regions; the block's first op for an argument) to the end of the
  /// block's last op. None when the value's block is not the only block of
  /// its region or an op involved is not numbered (ask DominanceInfo).
  std::optional<bool> properlyDominates(Value value, Operation *op) const;

  /// The ops with regions (loops, ifs, the root itself), in pre-order, as
  /// of the last numbering walk: the structure a pass iterates over, without
  /// a walk of its own.
  ArrayRef<Operation *> getOpsWithRegions() const { return opsWithRegions; }

  /// Numbers `ops`, region-free ops just inserted (in this order) right
  /// before `next`, between their neighbours. Positions are spaced 2^32
  /// apart, so this is O(ops) unless one spot was split 32 times, when the
  /// whole function is renumbered.
  void insertBefore(ArrayRef<Operation *> ops, Operation *next);

private:
  static constexpr uint64_t kStride = uint64_t(1) << 32;
  /// A position p is stored as p << kFlagBits (positions stay below 2^61:
  /// 2^29 ops) with two flags: kHasEnd when the op has a record in `ends`,
  /// kInTwoArmedIf when it lies in an arm of a two-armed if, where its block
  /// may have a shift. Region-free ops outside such ifs, most ops of most
  /// programs, need nothing but their bucket.
  static constexpr unsigned kFlagBits = 2;
  static constexpr uint64_t kHasEnd = 1, kInTwoArmedIf = 2;
  uint64_t tagged(Operation *op) const {
    const uint64_t *entry = positions.find(op);
    assert(entry && "op outside the numbered function");
    return *entry;
  }
  void renumber(const RecordedWalk &walk);
  /// The largest position before `block`'s first op in pre-order: the end
  /// of the last op of the nearest earlier non-empty block of its parent (in
  /// region order), or the parent's own position.
  uint64_t endBefore(Block *block) const;
  /// Records the shift of every block whose ops move (those inside the
  /// two-armed ifs, the keys of `thenEnd`, which maps each to the last
  /// position of its then-arm).
  void numberMirrored(const RecordedWalk &walk,
                      const llvm::DenseMap<Operation *, uint64_t> &thenEnd);

  Operation *root;
  /// Tagged positions of the ops numbered by the last walk, in a table sized
  /// for them, and of the ops insertBefore numbered since (a copy-heavy
  /// rewrite adds more than half the ops again), which never make it rehash.
  SizedOnceMap<Operation *, uint64_t> positions;
  /// The end of each op with regions (see kHasEnd).
  llvm::DenseMap<Operation *, uint64_t> ends;
  /// mirroredPosition - position, the same for every op of a block: one
  /// record per block where it is not 0 (see kInTwoArmedIf). In a deep nest
  /// of ifs nearly every op moves; a record per op was a second table as
  /// large as `positions`.
  llvm::DenseMap<Block *, int64_t> blockShifts;
  SmallVector<Operation *> opsWithRegions;
};

} // namespace mlir::tile

#endif // TILEMEM_ANALYSIS_PROGRAMORDER_H
