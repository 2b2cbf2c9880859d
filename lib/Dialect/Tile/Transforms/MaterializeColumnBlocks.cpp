//===- MaterializeColumnBlocks.cpp - column blocks some ops read as copies ===//
//
// A column block of a vec tile (a slice narrower than its base) is a strided
// tile_buf in PTO; the ops whose instruction cannot read one
// (operandsReadDense, from PTOOps.td's ShapeRule) read a copy of it instead:
//
//   %v = tile.slice %x[0, 8] : !T16x32 -> !T16x8
//   %r = tile.abs %v : !T16x8
//
// becomes
//
//   %v = tile.slice %x[0, 8] : !T16x32 -> !T16x8
//   %c = tile.move %v : !T16x8 -> !T16x8
//   %r = tile.abs %c : !T16x8
//
// One walk; only an op that reads a slice looks its operands up in the
// emission table (O(table size)), and each such operand walks up its slice
// chain. Docs: Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Support/Walk.h"
#include "tilemem/Target/PTO/TranslateToPTO.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEMATERIALIZECOLUMNBLOCKS
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Whether `value` is a column block of a vec tile: a chain of tile.slice
/// whose columns are fewer than those of the tile it starts from, more
/// than one of them.
bool isColumnBlock(Value value) {
  auto type = dyn_cast<TileType>(value.getType());
  if (!type || type.getSpace() != MemorySpace::Vec || type.getCols() == 1)
    return false;
  Value base = value;
  while (auto slice = base.getDefiningOp<SliceOp>())
    base = slice.getSource();
  return base != value &&
         type.getCols() < cast<TileType>(base.getType()).getCols();
}

struct MaterializeColumnBlocksPass
    : public mlir::tile::impl::TileMaterializeColumnBlocksBase<
          MaterializeColumnBlocksPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isExternal() || isOrchestrationFunction(function))
      return;
    SmallVector<OpOperand *> uses;
    tile::walk(function, [&](Operation *op) {
      // Most ops read no slice: they skip the table.
      if (llvm::none_of(op->getOperands(), [](Value operand) {
            return operand.getDefiningOp<SliceOp>();
          }))
        return;
      for (unsigned index : operandsReadDense(op))
        if (isColumnBlock(op->getOperand(index)))
          uses.push_back(&op->getOpOperand(index));
    });
    // One copy per column block, right after its slice, for all its uses.
    llvm::DenseMap<Value, Value> copies;
    for (OpOperand *use : uses) {
      Value block = use->get();
      Value &copy = copies[block];
      if (!copy) {
        Operation *slice = block.getDefiningOp();
        OpBuilder builder(slice->getContext());
        builder.setInsertionPointAfter(slice);
        copy = builder.create<MoveOp>(slice->getLoc(), block.getType(), block,
                                      Value(), Value(), DenseI64ArrayAttr(),
                                      IntegerAttr());
        ++numCopies;
      }
      use->set(copy);
    }
  }
};

} // namespace
