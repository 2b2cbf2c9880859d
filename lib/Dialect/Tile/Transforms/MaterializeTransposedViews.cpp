//===- MaterializeTransposedViews.cpp - transposed views as transposes ----===//
//
// ptoas's verifiers and pto-isa's instructions read vec tiles row-major
// (tadd, tsub, tmul, tmax, texp, tadds, tmuls, trowsum, ttrans, ...), and a
// transposed view of a vec tile is a col_major tile_buf; a column slice of
// one is not even dense. Every view that reads its base transposed is
// therefore replaced, where a non-view op uses it, by a slice of the base's
// transpose (`tile.transpose`, a real copy with its own storage), and a view
// whose transposes cancel by a slice of the base itself. Docs: Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Support/Walk.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEMATERIALIZETRANSPOSEDVIEWS
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// `value` as a view of `base`: value[i][j] = base[row + i][col + j], or
/// with `swapped`, base[row + j][col + i]; `transposes` counts the
/// transposed views on the way.
struct Composed {
  Value base;
  bool swapped = false;
  int64_t row = 0, col = 0;
  int transposes = 0;
};

/// Follows tile.slice and tile.transpose_view from `value` down to the
/// first value that is neither (O(chain length)).
Composed compose(Value value) {
  Composed c;
  c.base = value;
  while (Operation *def = c.base.getDefiningOp()) {
    if (auto slice = dyn_cast<SliceOp>(def)) {
      ArrayRef<int64_t> offsets = slice.getOffsets();
      c.row += offsets[0];
      c.col += offsets[1];
      c.base = slice.getSource();
    } else if (auto view = dyn_cast<TransposeViewOp>(def)) {
      std::swap(c.row, c.col);
      c.swapped = !c.swapped;
      ++c.transposes;
      c.base = view.getSource();
    } else {
      break;
    }
  }
  return c;
}

bool isView(Operation *op) { return isa<SliceOp, TransposeViewOp>(op); }

struct MaterializeTransposedViewsPass
    : public mlir::tile::impl::TileMaterializeTransposedViewsBase<
          MaterializeTransposedViewsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isExternal() || isOrchestrationFunction(function))
      return;
    SmallVector<Operation *> views;
    tile::walk(function, [&](Operation *op) {
      if (isView(op))
        views.push_back(op);
    });
    for (Operation *op : views) {
      Value view = op->getResult(0);
      auto type = cast<TileType>(view.getType());
      if (type.getSpace() != MemorySpace::Vec)
        continue;
      // Only uses outside the view chain need a row-major tile.
      if (llvm::all_of(view.getUsers(), isView))
        continue;
      Composed c = compose(view);
      if (c.transposes == 0)
        continue;
      auto baseType = cast<TileType>(c.base.getType());
      // A vector's bytes in order are the same read either way.
      if (baseType.getRows() == 1 || baseType.getCols() == 1)
        continue;
      OpBuilder builder(op->getContext());
      builder.setInsertionPointAfter(op);
      Location loc = op->getLoc();
      Value source = c.base;
      int64_t row = c.row, col = c.col;
      if (c.swapped) {
        // base[row + j][col + i] = transpose(base)[col + i][row + j].
        auto transposedType = TileType::get(
            op->getContext(), {baseType.getCols(), baseType.getRows()},
            baseType.getElementType(), baseType.getSpace());
        source = builder.create<TransposeOp>(
            loc, transposedType, c.base, Value(), Value(), DenseI64ArrayAttr(),
            IntegerAttr());
        std::swap(row, col);
        ++numTransposes;
      }
      Value replacement = source;
      if (row != 0 || col != 0 || source.getType() != type)
        replacement = builder.create<SliceOp>(
            loc, type, source, builder.getDenseI64ArrayAttr({row, col}));
      view.replaceUsesWithIf(
          replacement, [&](OpOperand &use) { return !isView(use.getOwner()); });
      ++numViews;
    }
    // Views left without users are dead (the storage passes erase them
    // too; erasing here keeps the output readable).
    for (Operation *op : llvm::reverse(views))
      if (op->use_empty())
        op->erase();
  }
};

} // namespace
