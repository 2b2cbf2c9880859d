//===- TripCounts.h - loops that provably run 0 or at most 1 time -*- C++ -*-===//
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
// Never-executed regions are kept as disjoint position intervals of the
// ProgramOrder, so `neverRuns` is a binary search: O(log N).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_ANALYSIS_TRIPCOUNTS_H
#define TILEMEM_ANALYSIS_TRIPCOUNTS_H

#include "tilemem/Analysis/ProgramOrder.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tile {

class TripCounts {
public:
  TripCounts(Operation *function, const ProgramOrder &order);

  /// Whether `op` is nested in a region that provably never executes.
  bool neverRuns(Operation *op) const;
  /// Whether the loop `loop` may execute its body more than once.
  bool repeats(Operation *loop) const { return !atMostOnce.contains(loop); }
  /// Whether the loop provably runs its body zero times.
  bool isZeroTrip(Operation *loop) const { return zeroTrip.contains(loop); }

private:
  const ProgramOrder &order;
  llvm::DenseSet<Operation *> zeroTrip, atMostOnce;
  /// Outermost never-executed position intervals, sorted and disjoint.
  SmallVector<std::pair<uint64_t, uint64_t>> dead;
};

} // namespace mlir::tile

#endif // TILEMEM_ANALYSIS_TRIPCOUNTS_H
