//===- DeadCode.h - erase what cannot affect a function's results -*- C++
//-*-===//
//
// Tile ops are value-semantic, so code whose results nobody uses, and code
// that provably never runs, cannot change what a function computes. Giving
// it storage would only constrain the storage of the code that does run: a
// writeback of a tile that only a dead op reads afterwards would need a copy
// (impossible in acc), an scf.if in a loop with zero trips would still have
// to deliver both arms in one window. tile-init-memref erases it first:
//
//   %d = tile.add %a, %a : ...                       // unused: erased
//   %r = scf.for %i = %c0 to %c0 ... iter_args(%x = %a) { ... }
//                                                    // zero trips: %r is %a
//   %w:2 = scf.while (%k = %c0, %t = %a) ... {
//     %go = arith.cmpi slt, %k, %c0 : index          // false on entry: the
//     scf.condition(%go) %k, %t ...                  // before region runs
//   } do { ... }                                     // once, inlined; %w is
//                                                    // what it forwards
//   %s = scf.if %true -> ... { A } else { B }        // A inlined, B erased
//
// An op is dead when its results are unused and it has no memory effect
// (`isOpTriviallyDead`: only a destination clause writes memory, and
// tile.create reads it), loops and branches included when nothing in them
// has one. One post-order walk in reverse program order: users are visited
// before the values they use and nested code before its parent, so chains of
// dead values and emptied loops go in the same walk. O(N).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_DIALECT_TILE_TRANSFORMS_DEADCODE_H
#define TILEMEM_DIALECT_TILE_TRANSFORMS_DEADCODE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::tile {

/// Erases the dead values and never-executed code of `function` described
/// above; returns the number of ops erased or inlined away.
unsigned eraseDeadCode(func::FuncOp function);

} // namespace mlir::tile

#endif // TILEMEM_DIALECT_TILE_TRANSFORMS_DEADCODE_H
