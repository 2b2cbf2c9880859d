//===- CheckCapacity.cpp - tiles and allocations that cannot fit at all ---===//
//
// The capacity check of the ptoas planner path, which places no addresses:
// a tile, or an allocation with all its slots, larger than its memory space
// on the target cannot be placed by any planner (one walk, O(1) per op);
// nor can the tiles live at one point when their bytes together, the
// max-live lower bound of AllocationLifetimes, pass the capacity (its
// O(N log N) build, as the other planners pay it).
//
//===----------------------------------------------------------------------===//

#include "tilemem/Analysis/AddressRules.h"
#include "tilemem/Analysis/AllocationLifetimes.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Support/ValueNames.h"
#include "tilemem/Support/Walk.h"

#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILECHECKCAPACITY
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
struct CheckCapacityPass
    : public mlir::tile::impl::TileCheckCapacityBase<CheckCapacityPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    markAllAnalysesPreserved(); // the IR never changes
    if (isOrchestrationFunction(function) || function.isExternal())
      return;
    TargetArch arch = resolveTargetArch(function, targetArch);
    ValueNames names(function);
    bool ok = true;
    auto tooLarge = [&](Location loc, const Twine &what, int64_t bytes,
                        MemorySpace space) {
      int64_t capacity = getSpaceCapacity(arch, space);
      if (bytes <= capacity)
        return false;
      emitError(loc) << what << " of " << bytes << " bytes does not fit in "
                     << stringifyMemorySpace(space) << ": the capacity on "
                     << stringifyTargetArch(arch) << " is " << capacity
                     << " bytes";
      ok = false;
      return true;
    };

    // Every tile value's size is that of a tile argument or of an allocating
    // producer's result (views are smaller, every other tile value has the
    // type of one of those), so these are the tiles to check.
    for (BlockArgument arg : function.getArguments())
      if (auto tile = dyn_cast<TileType>(arg.getType()))
        tooLarge(arg.getLoc(), "tile argument " + names(arg),
                 tile.getSizeInBytes(), tile.getSpace());
    // An allocation a too large tile is written into is not reported again.
    llvm::SmallPtrSet<Operation *, 4> reported;
    tile::walk(function, [&](AllocatingOpInterface producer) {
      TileType tile = producer.getProducedTile().getType();
      if (!tooLarge(producer->getLoc(),
                    "tile " + names(producer.getProducedTile()),
                    tile.getSizeInBytes(), tile.getSpace()))
        return;
      if (Value dest = producer.getDest())
        reported.insert(dest.getDefiningOp());
    });
    tile::walk(function, [&](AllocOp alloc) {
      BufferType type = alloc.getResult().getType();
      // ptoas plans every address at level2 and rejects an alloc_tile that
      // names one: a user's fixed address cannot be kept.
      if (std::optional<int64_t> addr = alloc.getAddr()) {
        alloc.emitError() << "allocation " << names(alloc.getResult())
                          << " has a fixed address (addr = " << *addr
                          << "), which the ptoas planner cannot keep: ptoas "
                             "places every tile itself (use memory-planner="
                             "pypto or dsa-rp)";
        ok = false;
      }
      if (reported.contains(alloc))
        return;
      std::string what = "allocation " + names(alloc.getResult());
      if (type.getSlots() != 1)
        what += " (" + std::to_string(type.getSlots()) + " slots of " +
                std::to_string(type.getSize()) + " bytes)";
      tooLarge(alloc.getLoc(), what, type.getTotalBytes(), type.getSpace());
    });
    // Nor a scratch tile's: ptoas allocates the scratch of its ops itself,
    // so a user's address for one would be dropped without a word.
    tile::walk(function, [&](Operation *op) {
      if (auto addr = op->getAttrOfType<IntegerAttr>(
              TileDialect::kScratchAddrAttrName)) {
        op->emitError() << "its scratch tile has a fixed address ("
                        << TileDialect::kScratchAddrAttrName << " = "
                        << addr.getInt()
                        << "), which the ptoas planner cannot keep: ptoas "
                           "places every tile itself (use memory-planner="
                           "pypto or dsa-rp)";
        ok = false;
      }
    });
    if (!ok)
      return signalPassFailure();

    // The tiles live at one point, together: no plan holds more than the
    // capacity, and ptoas's PlanMemory, which never writes an op's result
    // over its dying operand, needs at least this much (scratch tiles
    // included: at level2 ptoas plans an alloc_tile for each). Without this
    // check PlanMemory reports the overflow on the whole function, or
    // aborts ("missing failed storage entry") when its report fails.
    AllocationLifetimes lifetimes(function);
    for (unsigned index = 0; index < kNumMemorySpaces; ++index) {
      auto space = static_cast<MemorySpace>(index);
      const SpacePeak &peak = lifetimes.getPeak(space);
      int64_t capacity = getSpaceCapacity(arch, space);
      if (peak.bytes <= capacity)
        continue;
      lifetimes.getOp(peak.point)->emitError()
          << "the tiles live here need " << peak.bytes << " bytes of "
          << stringifyMemorySpace(space) << " together, but the capacity on "
          << stringifyTargetArch(arch) << " is " << capacity
          << " bytes: no planner can place them";
      ok = false;
    }
    if (!ok)
      signalPassFailure();
  }
};
} // namespace
