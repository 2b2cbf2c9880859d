//===- TestPrintLifetimes.cpp - print the allocation lifetimes ------------===//
//
// `tile-test-print-lifetimes` prints the AllocationLifetimes analysis of each
// function: the number of program points, one line per allocation
// `<name>: <space> <bytes> [<start>, <end>]` (plus `pinned`, `addr N`,
// `untouched`), one line per in-place pair `in place <from> -> <to> at
// <point> shift <bytes>`, one line per loop or branch `<kind> [<start>,
// <end>]`, and the max-live lower bound of each used space with the op
// where it peaks.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "tilemem/Analysis/AllocationLifetimes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TestPrintLifetimesPass
    : public PassWrapper<TestPrintLifetimesPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintLifetimesPass)

  StringRef getArgument() const final { return "tile-test-print-lifetimes"; }
  StringRef getDescription() const final {
    return "Print the live interval of every allocation (test only)";
  }

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    markAllAnalysesPreserved();
    if (function.isExternal())
      return;
    AllocationLifetimes lifetimes(function);
    AsmState state(function);
    test::FunctionOutput output;
    llvm::raw_ostream &os = output.os();
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
    ArrayRef<AllocationLifetime> all = lifetimes.getAllocations();
    for (const InPlaceShare &share : lifetimes.getInPlaceShares()) {
      os << "  in place ";
      all[share.from].alloc.getResult().printAsOperand(os, state);
      os << " -> ";
      all[share.to].alloc.getResult().printAsOperand(os, state);
      os << " at " << share.point << " shift " << share.shift << '\n';
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

void mlir::tile::test::registerTestPrintLifetimesPass() {
  PassRegistration<TestPrintLifetimesPass>();
}
