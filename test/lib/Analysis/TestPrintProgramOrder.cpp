//===- TestPrintProgramOrder.cpp - print the two pre-orders ---------------===//
//
// `tile-test-print-program-order` prints ProgramOrder's numbering of every op
// in pre-order: its rank in the then-first order, in the else-first order
// and the rank of the last op nested in it (positions are spaced apart for
// insertion; ranks count ops):
//
//   order of @f:
//     tile.exp at line 2: 0 0 0         rank, mirrored rank, end
//     scf.if at line 3: 1 1 4
//     tile.add at line 4: 2 4 2         the then arm: the orders disagree
//     tile.exp at line 7: 3 2 3         with the else arm
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "tilemem/Analysis/ProgramOrder.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TestPrintProgramOrderPass
    : public PassWrapper<TestPrintProgramOrderPass,
                         OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintProgramOrderPass)

  StringRef getArgument() const final {
    return "tile-test-print-program-order";
  }
  StringRef getDescription() const final {
    return "Print the then-first and else-first positions of every op (test "
           "only)";
  }

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    markAllAnalysesPreserved();
    if (function.isExternal())
      return;
    RecordedWalk walk(function);
    ProgramOrder order(walk);
    // Ranks: positions are spaced for insertion, ranks are what a reader
    // counts. Every position (either order) is the position of some op.
    SmallVector<Operation *> ops;
    function.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op != function)
        ops.push_back(op);
    });
    SmallVector<uint64_t> positions;
    for (Operation *op : ops)
      positions.push_back(order.position(op));
    llvm::sort(positions);
    auto rank = [&](uint64_t position) {
      return llvm::lower_bound(positions, position) - positions.begin();
    };
    test::FunctionOutput output;
    llvm::raw_ostream &os = output.os();
    os << "order of @" << function.getSymName() << ":\n";
    for (Operation *op : ops) {
      os << "  ";
      test::printOpName(os, op);
      os << ": " << rank(order.position(op)) << ' '
         << rank(order.mirroredPosition(op)) << ' ' << rank(order.end(op))
         << '\n';
    }
  }
};
} // namespace

void mlir::tile::test::registerTestPrintProgramOrderPass() {
  PassRegistration<TestPrintProgramOrderPass>();
}
