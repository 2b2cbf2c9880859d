//===- TestPrintTripCounts.cpp - print what provably never repeats --------===//
//
// `tile-test-print-trip-counts` prints TripCounts' verdict on every loop and
// every op it proves never runs:
//
//   trips of @f:
//     scf.for at line 3: zero trips, never runs   (nested in a zero-trip
//     tile.exp at line 4: never runs               loop, say)
//     scf.for at line 8: at most once
//     scf.while at line 12: repeats
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "tilemem/Analysis/TripCounts.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TestPrintTripCountsPass
    : public PassWrapper<TestPrintTripCountsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintTripCountsPass)

  StringRef getArgument() const final { return "tile-test-print-trip-counts"; }
  StringRef getDescription() const final {
    return "Print the loops that run zero times or at most once and the ops "
           "that never run (test only)";
  }

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    markAllAnalysesPreserved();
    if (function.isExternal())
      return;
    RecordedWalk walk(function);
    ProgramOrder order(walk);
    TripCounts trips(order);
    test::FunctionOutput output;
    llvm::raw_ostream &os = output.os();
    os << "trips of @" << function.getSymName() << ":\n";
    function.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == function)
        return;
      bool loop = isa<scf::ForOp, scf::WhileOp>(op);
      bool dead = trips.neverRuns(op);
      if (!loop && !dead)
        return;
      os << "  ";
      test::printOpName(os, op);
      if (loop)
        os << ": "
           << (trips.isZeroTrip(op) ? "zero trips"
               : !trips.repeats(op) ? "at most once"
                                    : "repeats");
      if (dead)
        os << (loop ? ", " : ": ") << "never runs";
      os << '\n';
    });
  }
};
} // namespace

void mlir::tile::test::registerTestPrintTripCountsPass() {
  PassRegistration<TestPrintTripCountsPass>();
}
