//===- Preconditions.h - what tilemem's storage passes require --*- C++ -*-===//
//
// One check, run by the first pass of every pipeline (`tile-init-memref`)
// and by `tile-verify-storage`, for properties of a function that the upstream
// ops cannot verify themselves:
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

namespace mlir::tile {

/// Emits one located error per violation in `function` and fails if there
/// is any.
LogicalResult checkStoragePreconditions(func::FuncOp function);

} // namespace mlir::tile

#endif // TILEMEM_DIALECT_TILE_TRANSFORMS_PRECONDITIONS_H
