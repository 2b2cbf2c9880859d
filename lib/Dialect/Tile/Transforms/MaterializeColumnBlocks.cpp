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
// A column block also reaches an op through the values whose storage
// derives from it (StorageDerivation's rules): a loop carry seeded by one,
// the result of an scf.if whose then arm yields one, a slice of one, a
// tile.assemble into one. The copy is then made where that value is defined
// (right after its op, or first in its block for a block argument), so a
// carry is copied on every iteration, as the op reads it:
//
//   %r = scf.for ... iter_args(%acc = %v) -> (!T16x8) {
//     %c = tile.move %acc : !T16x8 -> !T16x8
//     %n = tile.abs %c : !T16x8
//     scf.yield %n : !T16x8
//   }
//
// One walk, blocks before the ops in them and an op's results after its
// regions: every value's storage source is defined (or an argument of a
// block entered) before it, so whether a value is a column block is one
// set lookup of its source (O(1) per value), and the same walk finds the
// uses to copy. Only an op that reads such a value looks its operands up
// in the emission table (O(table size)).
// Docs: Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Analysis/StorageDerivation.h"
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

/// The values of a function that are, or may be after materialization,
/// column blocks of vec tiles: slices with fewer columns than their source,
/// and every value whose storage derives from one (sourceOf, with both
/// readings of a loop result). Values are classified in the order of
/// walkBlocksThenResults, which defines every value's source before it.
class ColumnBlocks {
public:
  /// Whether an op that reads `value` may read a column block; one column
  /// is not one (an Rx1 vector's dense form is col_major, which a copy
  /// within vec cannot change, and its instructions read it as it is).
  bool contains(Value value) const {
    return blocks.contains(value) &&
           cast<TileType>(value.getType()).getCols() != 1;
  }

  /// Records whether `value` is a column block, once its source is
  /// classified.
  void classify(Value value) {
    auto type = dyn_cast<TileType>(value.getType());
    if (!type || type.getSpace() != MemorySpace::Vec)
      return;
    if (auto slice = value.getDefiningOp<SliceOp>()) {
      if (type.getCols() <
          cast<TileType>(slice.getSource().getType()).getCols()) {
        blocks.insert(value);
        return;
      }
    }
    for (LoopResults reading :
         {LoopResults::FromExit, LoopResults::FromInitializer}) {
      std::optional<Derivation> derivation = sourceOf(value, reading);
      if (derivation && blocks.contains(derivation->getSource())) {
        blocks.insert(value);
        return;
      }
    }
  }

private:
  llvm::DenseSet<Value> blocks;
};

/// Where a copy of `value` is made: right after its op, or first in the
/// block of a block argument.
void setInsertionPointAfterDefinition(OpBuilder &builder, Value value) {
  if (Operation *definition = value.getDefiningOp())
    builder.setInsertionPointAfter(definition);
  else
    builder.setInsertionPointToStart(cast<BlockArgument>(value).getOwner());
}

struct MaterializeColumnBlocksPass
    : public mlir::tile::impl::TileMaterializeColumnBlocksBase<
          MaterializeColumnBlocksPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isExternal() || isOrchestrationFunction(function))
      return;
    // One walk classifies the values and finds the uses to copy: an op's
    // operands are classified before the op is left.
    ColumnBlocks columnBlocks;
    SmallVector<OpOperand *> uses;
    walkBlocksThenResults(
        function,
        [&](Block *block) {
          for (BlockArgument argument : block->getArguments())
            columnBlocks.classify(argument);
        },
        [&](Operation *op) {
          // Most ops read no column block: they skip the table.
          if (llvm::any_of(op->getOperands(), [&](Value operand) {
                return columnBlocks.contains(operand);
              }))
            for (unsigned index : operandsReadDense(op))
              if (columnBlocks.contains(op->getOperand(index)))
                uses.push_back(&op->getOpOperand(index));
          for (Value result : op->getResults())
            columnBlocks.classify(result);
        });
    // One copy per column block, where it is defined, for all its uses.
    llvm::DenseMap<Value, Value> copies;
    for (OpOperand *use : uses) {
      Value block = use->get();
      Value &copy = copies[block];
      if (!copy) {
        OpBuilder builder(block.getContext());
        setInsertionPointAfterDefinition(builder, block);
        copy = builder.create<MoveOp>(block.getLoc(), block.getType(), block,
                                      Value(), Value(), DenseI64ArrayAttr(),
                                      IntegerAttr());
        ++numCopies;
      }
      use->set(copy);
    }
  }
};

} // namespace
