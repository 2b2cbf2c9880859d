//===- ParallelCopy.h - order the copies of one parallel copy ---*- C++ -*-===//
//
// A loop yield or a branch arm delivers several values into several windows
// at once: every target must receive its source as it was before any of the
// copies ran. Copying in the given order can overwrite a source a later copy
// still reads:
//
//   scf.yield %b, %a      // carry 0 lives where %a is, carry 1 where %b is
//
//   %t = tile.move %a into(<scratch>)   // spill: a cycle needs one scratch
//   %0 = tile.move %b into(<%a's window>)
//   %1 = tile.move %t into(<%b's window>)
//   scf.yield %0, %1
//
// The schedule repeatedly takes the first copy whose target overlaps no
// source still to be read (its own included: a copy onto part of its source
// is not in-place safe); when every remaining copy is blocked, the sources
// form cycles, and the first remaining copy's source is spilled to a fresh
// scratch tile, which overlaps nothing, so each cycle costs one scratch.
// With n copies, at most n^2 overlap tests per step.
//
// A source delivered to several targets (fan-out) is read from the first
// target it reaches once that copy is done, when no copy still to run
// writes that target: the copies that read it no longer hold its original
// window, which may be the target of another copy of the cycle.
//
//   scf.yield %b, %a, %a  // carries in %a's, %b's and a third window
//
//   %2 = tile.move %a into(<third>)    // %a's first delivery
//   %0 = tile.move %b into(<%a's>)     // %a's window is free now: no cycle
//   %1 = tile.move %2 into(<%b's>)     // %a, read from its delivered copy
//   scf.yield %0, %1, %2               // 3 moves, no scratch (was 4 + 1)
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_DIALECT_TILE_TRANSFORMS_PARALLELCOPY_H
#define TILEMEM_DIALECT_TILE_TRANSFORMS_PARALLELCOPY_H

#include "tilemem/Analysis/TileStorage.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::tile {

/// One step of a scheduled parallel copy.
struct ParallelCopyStep {
  enum class Kind {
    /// Copy the copy's current source into its target.
    Copy,
    /// Copy the copy's source into a fresh scratch tile, which becomes its
    /// source (breaks a cycle).
    Spill,
  };
  Kind kind;
  /// The copy, an index into the sources and targets.
  unsigned copy;
  /// Copy steps only: read the target of this earlier copy, which already
  /// holds the same source (the sources are equal windows), instead of the
  /// copy's own source.
  std::optional<unsigned> from = std::nullopt;
};

/// The order in which to run the copies `sources[i]` -> `targets[i]` so that
/// no copy overwrites a source still to be read, with at most one spill
/// per copy. A source without a window
/// (none) overlaps nothing. Every copy has exactly one Copy step. Copies
/// with equal `payloads` deliver the same data (the caller's sources are
/// one value) and may share a delivery (fan-out); equal source windows alone
/// do not make it so: while a rewrite is deciding windows, two values can
/// sit in one window that one of them leaves later (a loop result and the
/// value that seeds the loop, before the loop gets its entry copy).
SmallVector<ParallelCopyStep>
scheduleParallelCopy(ArrayRef<std::optional<Window>> sources,
                     ArrayRef<Window> targets, ArrayRef<unsigned> payloads);

} // namespace mlir::tile

#endif // TILEMEM_DIALECT_TILE_TRANSFORMS_PARALLELCOPY_H
