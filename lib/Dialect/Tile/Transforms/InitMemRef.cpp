//===- InitMemRef.cpp - a fresh allocation per allocating producer --------===//

#include "tilemem/Dialect/Tile/Transforms/DeadCode.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Dialect/Tile/Transforms/Preconditions.h"
#include "tilemem/Support/Walk.h"

#include "mlir/IR/Builders.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEINITMEMREF
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
struct InitMemRefPass
    : public mlir::tile::impl::TileInitMemRefBase<InitMemRefPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (isOrchestrationFunction(function) || function.isExternal())
      return;
    // The first pass of every pipeline: the passes after it rely on this.
    if (failed(checkStoragePreconditions(function, getAnalysisManager())))
      return signalPassFailure();
    // Erasing dead code removes or inlines regions and the allocations add
    // none: the precondition still holds for the passes after this one.
    markAnalysesPreserved<StoragePreconditionsHold>();
    if (eraseDeadCode)
      numErased += mlir::tile::eraseDeadCode(function);
    // Allocations are hoisted to the entry, in producer order, so that every
    // destination dominates its producer wherever the producer is nested.
    Block &entry = function.getBody().front();
    OpBuilder builder(&entry, entry.begin());
    tile::walk(function, [&](AllocatingOpInterface producer) {
      if (producer.hasDestination())
        return;
      TileType tile = producer.getProducedTile().getType();
      auto alloc = builder.create<AllocOp>(
          producer->getLoc(),
          BufferType::get(&getContext(), tile.getSpace(), tile.getSizeInBytes(),
                          /*slots=*/1),
          /*addr=*/nullptr, /*pinned=*/false);
      producer.getDestMutable().assign(alloc.getResult());
      ++numAllocations;
    });
  }
};
} // namespace
