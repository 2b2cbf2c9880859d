//===- TestPrintLifetimes.cpp - print the allocation lifetimes ------------===//

#include "tilemem/Analysis/AllocationLifetimes.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"

#include "mlir/IR/AsmState.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILETESTPRINTLIFETIMES
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TestPrintLifetimesPass
    : public mlir::tile::impl::TileTestPrintLifetimesBase<
          TestPrintLifetimesPass> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    markAllAnalysesPreserved();
    if (function.isExternal())
      return;
    AllocationLifetimes lifetimes(function);
    AsmState state(function);
    llvm::raw_ostream &os = llvm::outs();
    os << "lifetimes of @" << function.getSymName() << ": "
       << lifetimes.getNumPoints() << " points\n";
    for (const AllocationLifetime &lifetime : lifetimes.getAllocations()) {
      os << "  ";
      lifetime.alloc.getResult().printAsOperand(os, state);
      os << ": " << stringifyMemorySpace(lifetime.space) << ' '
         << lifetime.bytes << " [" << lifetime.start << ", " << lifetime.end
         << ']';
      if (lifetime.pinned)
        os << " pinned";
      if (lifetime.addr)
        os << " addr " << *lifetime.addr;
      if (!lifetime.touched)
        os << " untouched";
      os << '\n';
    }
    for (const ControlRegion &region : lifetimes.getRegions())
      os << "  " << region.kind << " [" << region.start << ", " << region.end
         << "]\n";
    for (unsigned space = 0; space < kNumMemorySpaces; ++space) {
      const SpacePeak &peak =
          lifetimes.getPeak(static_cast<MemorySpace>(space));
      if (!peak.bytes)
        continue;
      os << "  peak " << stringifyMemorySpace(static_cast<MemorySpace>(space))
         << ": " << peak.bytes << " at " << peak.point << " ("
         << lifetimes.getOp(peak.point)->getName() << ")\n";
    }
  }
};
} // namespace
