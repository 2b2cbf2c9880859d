//===- EmissionForm.h - how a table op is emitted from its tile op -*- C++ -*-//
//
// The emission table is PTOOps.td: a PTO op whose record names a tile op
// (`PTO_BinaryOp<"tadd", "AddOp">`) gets `using TileOp = tile::AddOp` and
// `kForm` in its C++ class, and the emitter (lib/Target/PTO/EmitOps.cpp)
// translates every TileOp as that PTO op in that form. Adding a simple tile
// op to PTO emission is one line there.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_TARGET_PTO_EMISSIONFORM_H
#define TILEMEM_TARGET_PTO_EMISSIONFORM_H

namespace mlir::pto {

/// How a tile op is emitted as its table PTO op. Operand order: the tile
/// op's operands, then its result's handle (ins(...) outs(dst)).
enum class EmissionForm {
  /// ins(src) outs(dst), elementwise: the tiles row-major, or all read in
  /// storage order when all are col_major.
  UnaryElementwise,
  /// ins(src0, src1) outs(dst), elementwise like UnaryElementwise.
  BinaryElementwise,
  /// ins(src, scalar) outs(dst): the scalar in the tile's element type.
  TileScalar,
  /// ins(src) outs(dst), a tile copy (pto.tmov): one layout on both sides,
  /// and on A2/A3 outside mat one physical shape.
  Copy,
  /// ins(lhs, rhs) outs(acc): operands in their spaces' own layouts.
  Matmul,
  /// ins(lhs, rhs) outs(acc) as Matmul, the acc's valid rows 1 (TGEMV).
  Gemv,
  /// ins(src0, src1) outs(dst): every tile row-major (each is read or
  /// written by its row stride).
  Concat,
  /// ins(valid block) outs(tile): an in-place fill of the padding, both
  /// tile_bufs over the operand's window.
  FillPad,
  /// ins(src, vector) outs(dst): source and result row-major, the vector (a
  /// column for trowexpand<op>, a row for tcolexpand<op>) in its own layout.
  Broadcast,
  /// ins(src) outs(dst) between a tile and a vector (a column reduction, a
  /// broadcast): row-major, but a column (Rx1) in its own layout.
  VectorTile,
  /// ins(src) outs(dst), an elementwise conversion (pto.tcvt) with the tile
  /// op's rounding mode, handles as for UnaryElementwise.
  Convert,
  /// ins(src0, src1 or scalar {cmpMode}) outs(mask): a comparison into a
  /// predicate mask (a ui8 tile_buf whose valid columns are a row's packed
  /// bytes), the tiles row-major.
  Compare,
  /// ins(mask, src0, src1, scratch) outs(dst): a selection by a predicate
  /// mask, with a scratch tile of the mask's type.
  Select,
  /// ins(src, scratch) outs(dst): with a scratch tile of the source's type
  /// (level3: at the address the planner recorded on the op).
  WithScratch,
};

/// Which tile_bufs of a table op ptoas or pto-isa wants of one shape, beyond
/// the valid shapes its tile op's verifier already makes agree. They differ
/// only when a tile is a column block: its tile_buf is as wide as its row
/// stride, with fewer valid columns (a column sliced out of a wider tile is
/// one with a single valid column). The emitter refuses an op whose handles
/// break its rule (FunctionEmitter::checkShapes), and pto.tmov has a
/// fallback (FunctionEmitter::emitCopy).
enum class ShapeRule {
  /// Any tile_bufs of the valid shapes.
  Free,
  /// pto-isa takes every tile as one C++ Tile type (TADD, TABS: one template
  /// parameter for all of them).
  OneTileType,
  /// ptoas's verifier wants the source (operand 0) and the result of one
  /// shape, rows x cols (pto.tcvt, pto.tcolexpand<op>; pto.tmov on A2/A3
  /// outside mat).
  SourceResultShape,
  /// pto-isa static-asserts the source's and the result's column counts
  /// equal (TCOLSUM, TCOLMAX: "Inconsistent number of cols").
  SourceResultCols,
  /// pto-isa reads and writes every data tile of the op by whole tile rows,
  /// so none may be a column block (TFILLPAD_INPLACE; TCMP and TCMPS pack
  /// the mask by their source's full row; TSEL). The Compare, Select and
  /// FillPad forms check it themselves (FunctionEmitter::requireDense).
  WholeRows,
};

} // namespace mlir::pto

#endif // TILEMEM_TARGET_PTO_EMISSIONFORM_H
