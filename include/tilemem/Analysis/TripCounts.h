//===- TripCounts.h - loops that provably run 0 or at most 1 time -*- C++
//-*-===//
//
// Constant trip counts make storage decisions less conservative:
//
//   scf.for %i = %c0 to %c0 ...   // zero trips: the body never runs, so its
//                                 // reads observe nothing and its writes
//                                 // clobber nothing
//   scf.for %i = %c0 to %c1 ...   // one trip: a read in the body does not
//                                 // recur through this loop
//   scf.while (%k = %c0 ...) { %go = arith.cmpi slt, %k, %c0 ... }
//                                 // false on entry: the after-region never
//                                 // runs, the before-region runs once
//
// Unknown bounds and conditions stay conservative (may run, may repeat).
// Never-executed blocks are kept in program order, the outermost only, and
// their position intervals read from the ProgramOrder when asked (so they
// stay right when it renumbers): `neverRuns` is a binary search, O(log N).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_ANALYSIS_TRIPCOUNTS_H
#define TILEMEM_ANALYSIS_TRIPCOUNTS_H

#include "tilemem/Analysis/ProgramOrder.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::scf {
class ForOp;
class WhileOp;
} // namespace mlir::scf

namespace mlir::tile {

/// The trip count of an `scf.for` whose bounds and step are constants (a
/// signed comparison; `scf.for unsigned` is left unknown).
std::optional<int64_t> getConstantTripCount(scf::ForOp loop);
/// Whether a while's condition is false on its first evaluation: a
/// constant, or a comparison of constants and before-region arguments with
/// constant initializers. The before-region then runs once, the after-region
/// never.
bool isFalseOnEntry(scf::WhileOp loop);

class TripCounts {
public:
  /// Of the function `order` numbers, from the ops with regions it lists.
  explicit TripCounts(const ProgramOrder &order);

  /// Whether `op` is nested in a region that provably never executes.
  bool neverRuns(Operation *op) const;
  /// Whether the loop `loop` may execute its body more than once.
  bool repeats(Operation *loop) const { return !atMostOnce.contains(loop); }
  /// Whether the loop provably runs its body zero times.
  bool isZeroTrip(Operation *loop) const { return zeroTrip.contains(loop); }

private:
  const ProgramOrder &order;
  llvm::DenseSet<Operation *> zeroTrip, atMostOnce;
  /// [first op's position, last op's end] of a block.
  std::pair<uint64_t, uint64_t> interval(Block *block) const;

  /// Outermost never-executed blocks, in program order (disjoint).
  SmallVector<Block *> dead;
};

} // namespace mlir::tile

#endif // TILEMEM_ANALYSIS_TRIPCOUNTS_H
