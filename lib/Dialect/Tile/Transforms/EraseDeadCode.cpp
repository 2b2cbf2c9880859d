//===- EraseDeadCode.cpp - unused values and never-executed code ----------===//
//
// A thin pass over eraseDeadCode (DeadCode.h); see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Dialect/Tile/Transforms/DeadCode.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEERASEDEADCODE
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
struct EraseDeadCodePass
    : public mlir::tile::impl::TileEraseDeadCodeBase<EraseDeadCodePass> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (isOrchestrationFunction(function) || function.isExternal())
      return markAllAnalysesPreserved();
    unsigned erased = eraseDeadCode(function);
    numErased += erased;
    if (!erased)
      markAllAnalysesPreserved();
  }
};
} // namespace
