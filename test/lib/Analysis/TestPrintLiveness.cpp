//===- TestPrintLiveness.cpp - print where each value is still read -------===//
//
// `tile-test-print-liveness` prints, for every tile or tensor value in
// program order, the ops after which StorageLiveness says the value may
// still be read (isLiveAfter: region-free ops, the ones that may write,
// after the value's definition; reads recurring around loops included):
//
//   liveness of @f:
//     %0 at line 2: live after tile.exp at line 3, tile.add at line 4
//     %1 at line 4: live after nothing
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "tilemem/Analysis/StorageLiveness.h"
#include "tilemem/Analysis/TileStorage.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TestPrintLivenessPass
    : public PassWrapper<TestPrintLivenessPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintLivenessPass)

  StringRef getArgument() const final { return "tile-test-print-liveness"; }
  StringRef getDescription() const final {
    return "Print the ops after which each tile value may still be read "
           "(test only)";
  }

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    markAllAnalysesPreserved();
    if (function.isExternal())
      return;
    RecordedWalk walk(function);
    ProgramOrder order(walk);
    TripCounts trips(order);
    StorageLiveness liveness(walk, order, &trips);
    SmallVector<Operation *> ops;
    SmallVector<Value> values;
    for (BlockArgument arg : function.getArguments())
      if (hasStorage(arg.getType()))
        values.push_back(arg);
    function.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == function)
        return;
      // Writes happen at region-free ops; "after" a loop or an if is not a
      // point any client asks about.
      if (op->getNumRegions() == 0)
        ops.push_back(op);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (hasStorage(arg.getType()))
              values.push_back(arg);
      for (Value result : op->getResults())
        if (hasStorage(result.getType()))
          values.push_back(result);
    });
    AsmState state(function);
    test::FunctionOutput output;
    llvm::raw_ostream &os = output.os();
    os << "liveness of @" << function.getSymName() << ":\n";
    for (Value value : values) {
      os << "  ";
      test::printValueName(os, value, state);
      os << ": live after";
      bool any = false;
      for (Operation *op : ops) {
        if (!liveness.isLiveAfter(value, op))
          continue;
        os << (any ? ", " : " ");
        test::printOpName(os, op);
        any = true;
      }
      os << (any ? "\n" : " nothing\n");
    }
  }
};
} // namespace

void mlir::tile::test::registerTestPrintLivenessPass() {
  PassRegistration<TestPrintLivenessPass>();
}
