// RUN: tile-opt %s --tile-init-memref --tile-materialize-semantic-aliases --tile-verify-storage --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not tile-opt %s --tile-init-memref --tile-verify-storage --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER-INIT
// RUN: not tile-opt %s --tile-init-memref --canonicalize --tile-verify-storage --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGED

// The precondition of the storage passes (Preconditions.h) is checked once
// along a pipeline: tile-init-memref records that it holds
// (StoragePreconditionsHold), the passes that cannot break it preserve that,
// and tile-verify-storage walks the function for it again only when a pass
// in between did not. Violations are in storage-preconditions-invalid.mlir.

// Tests that the check of tile-init-memref serves tile-verify-storage after
// tile-materialize-semantic-aliases, which also leaves its verdict.
// PIPELINE-LABEL: TileVerifyStorage
// PIPELINE-NEXT: (S) 1 reused-preconditions
// PIPELINE-NEXT: (S) 1 reused-verdicts

// Tests that it serves tile-verify-storage right after tile-init-memref,
// which leaves no verdict: the storage itself is still verified, and the
// carry, not yet materialized, is reported.
// AFTER-INIT: error: carry #0: yielded value
// AFTER-INIT-LABEL: TileVerifyStorage
// AFTER-INIT-NEXT: (S) 1 reused-preconditions
// AFTER-INIT-NEXT: (S) 0 reused-verdicts

// Tests that a pass which does not preserve it (canonicalize, which folds
// the add below) makes tile-verify-storage check the function again.
// CHANGED: error: carry #0: yielded value
// CHANGED-LABEL: TileVerifyStorage
// CHANGED-NEXT: (S) 0 reused-preconditions
// CHANGED-NEXT: (S) 0 reused-verdicts
func.func @carried(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %step = arith.addi %c0, %c1 : index
  %r = scf.for %i = %c0 to %n step %step iter_args(%acc = %x) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.exp %acc : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}
