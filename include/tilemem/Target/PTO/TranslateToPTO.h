//===- TranslateToPTO.h - tile module -> PTO text for ptoas -----*- C++ -*-===//
//
// Translates a storage-legalized tile module (after tile-init-memref and
// tile-materialize-semantic-aliases; at level3 also with an address on
// every tile.alloc) into the PTO text the real ptoas 0.27 accepts and
// translates correctly, or refuses it with located diagnostics naming the
// ptoas (or pto-isa) limitation. Every physical window (buffer, byte
// offset, size, slot, strides) and PTO type gets one handle (level3: an
// alloc_tile at its address; level2: a view of its buffer slot's root
// alloc_tile), so values the storage passes put in one window become one
// handle written in place, and loops carry no tiles:
//
//   %b = tile.alloc addr = 0 : !tile.buffer<vec, 256>
//   %z = tile.full 0.0 into(%b : ...) : !tile.tile<8x8xf32, vec>
//   %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (...) {
//     %n = tile.add %acc, %x into(%b : ...) : !tile.tile<8x8xf32, vec>
//     scf.yield %n : !tile.tile<8x8xf32, vec>
//   }
//
// becomes (level3)
//
//   %c0_i64 = arith.constant 0 : i64
//   %0 = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32,
//        rows=8, cols=8, v_row=8, v_col=8, blayout=row_major,
//        slayout=none_box, fractal=512, pad=0>
//   pto.texpands ins(%cst : f32) outs(%0 : !pto.tile_buf<...>)
//   scf.for %i = %c0 to %c4 step %c1 {
//     pto.tadd ins(%0, %x : ...) outs(%0 : ...)
//   }
//
// Tensor arguments become !pto.ptr arguments with one pto.make_tensor_view
// each; every load and store gets a pto.partition_view. The rules, the op
// table and what is rejected are in docs/pto-emission.md.
//
// Cost: one storage analysis and one walk per function; handles are found in
// a hash map keyed by (window, PTO type), so each op costs O(1) lookups. At
// level2, placing the roots costs O(uses x nesting depth). A kernel with an
// scf.while also has a copy lowered to a CFG the way ptoas does it (to
// predict which whiles it lowers and, when a while is nested in a loop or
// if, its block merging): linear in the kernel.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_TARGET_PTO_TRANSLATETOPTO_H
#define TILEMEM_TARGET_PTO_TRANSLATETOPTO_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace mlir::tile {

/// The PTO level: level2 handles carry no address (ptoas plans memory),
/// level3 handles carry `addr` (ptoas skips planning).
enum class PTOLevel { Auto, Level2, Level3 };

/// Parses "auto", "level2" or "level3".
std::optional<PTOLevel> parsePTOLevel(StringRef name);

struct PTOEmitOptions {
  /// Auto is level3 when every tile.alloc of the emitted kernels has an
  /// address (and there is at least one), level2 otherwise.
  PTOLevel level = PTOLevel::Auto;
};

/// Writes the PTO text of `module` to `os`. On failure it reports located
/// diagnostics, writes nothing and leaves `module` unchanged.
LogicalResult translateToPTO(ModuleOp module, raw_ostream &os,
                             PTOEmitOptions options = {});

/// The tile operands of `op` that its PTO instruction cannot read as a
/// column block of a wider tile (a tile_buf as wide as that tile's rows,
/// with fewer valid columns), by the ShapeRule of the PTO op it is emitted
/// as (PTOOps.td, EmissionForm.h): every tile operand of an op pto-isa takes
/// as one Tile type (tile.add, tile.abs) or reads by whole rows
/// (tile.fillpad, tile.cmp, tile.cmps, tile.sel), the source of one whose
/// source and result ptoas or pto-isa want of one shape or column count
/// (tile.cvt, tile.col_expand_*, tile.col_sum, tile.col_max). Empty for
/// every other op.
/// tile-materialize-column-blocks copies such operands into tiles of their
/// own. O(table size).
SmallVector<unsigned> operandsReadDense(Operation *op);

/// Registers `--tile-to-pto` (with `--pto-level=`) for mlir-translate-style
/// drivers.
void registerTileToPTOTranslation();

} // namespace mlir::tile

#endif // TILEMEM_TARGET_PTO_TRANSLATETOPTO_H
