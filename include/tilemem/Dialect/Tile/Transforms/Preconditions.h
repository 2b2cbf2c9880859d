//===- Preconditions.h - what tilemem's storage passes require --*- C++ -*-===//
//
// One check, run by the first pass of every pipeline (`tile-init-memref`)
// and by `tile-verify-storage` (unless the first one's result is still
// valid: StoragePreconditionsHold below), for properties of a function that
// the upstream ops cannot verify themselves:
//
//  - region nesting of at most `kMaxNestingDepth` (tilemem/Support/Limits.h):
//    "nesting depth N exceeds the limit L" at the first op that is deeper;
//  - every `scf.for` whose step is a constant has a positive step (a
//    non-positive step never reaches the upper bound): "scf.for step must be
//    positive, got S" at the loop. With `unsignedCmp` the step is unsigned,
//    so only 0 is rejected. A step that is not a constant is not checked
//    (the interpreter rejects it when it runs, with the same message);
//  - no scf region op but scf.for, scf.while and scf.if (scf.parallel,
//    scf.forall, scf.index_switch, scf.execute_region): "'scf.parallel' is
//    not supported by the storage passes: they plan scf.for, scf.while and
//    scf.if" at the op. The storage rules order iterations and arms only
//    for those three; a parallel loop's iterations sharing one buffer would
//    be planned as a sequential loop's.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_DIALECT_TILE_TRANSFORMS_PRECONDITIONS_H
#define TILEMEM_DIALECT_TILE_TRANSFORMS_PRECONDITIONS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/AnalysisManager.h"

namespace mlir::tile {

/// That a function held the precondition when an earlier pass checked it,
/// kept as an analysis so that the passes after it need not walk the
/// function again. The passes whose changes cannot break it (they add no
/// region op and no nesting, and keep every scf.for step: tile-init-memref,
/// whose dead-code erasure only removes or inlines regions, and
/// tile-materialize-semantic-aliases) mark it preserved; after any other
/// pass the pass manager drops it.
struct StoragePreconditionsHold {
  explicit StoragePreconditionsHold(Operation *) {}
  bool held = false;
};

/// Checks `function`, a pass's operation whose analyses are `analyses`:
/// emits one located error per violation and fails if there is any. Succeeds
/// at once, setting `reused`, when StoragePreconditionsHold says an earlier
/// pass found the precondition to hold and every pass since preserved that;
/// records a successful check.
LogicalResult checkStoragePreconditions(func::FuncOp function,
                                        AnalysisManager analyses,
                                        bool *reused = nullptr);

} // namespace mlir::tile

#endif // TILEMEM_DIALECT_TILE_TRANSFORMS_PRECONDITIONS_H
