//===- TestPrintStorage.cpp - print the storage analysis ------------------===//
//
// `tile-test-print-storage` prints, for each op result and block argument of
// tile or tensor type in program order, the window TileStorage derives:
//
//   storage of @f:
//     %0: %buf[0, 16384]                    a whole row-major tile
//     %1: %buf[8192, 8192] slot 1           a slice in static slot 1
//     %2: %buf[0, 16384] layout [1, 64]     a transposed view (row, column
//                                           element strides), printed only
//                                           when it is not dense row-major
//     %3: none
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "tilemem/Analysis/TileStorage.h"
#include "tilemem/Support/Walk.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TestPrintStoragePass
    : public PassWrapper<TestPrintStoragePass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintStoragePass)

  StringRef getArgument() const final { return "tile-test-print-storage"; }
  StringRef getDescription() const final {
    return "Print the storage window of every tile value (test only)";
  }

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    TileStorage storage{RecordedWalk(function)};
    AsmState state(function);
    test::FunctionOutput output;
    llvm::raw_ostream &os = output.os();
    os << "storage of @" << function.getSymName() << ":\n";
    auto print = [&](Value value) {
      if (!hasStorage(value.getType()))
        return;
      os << "  ";
      value.printAsOperand(os, state);
      os << ": ";
      const Window *window = storage.lookup(value);
      if (!window) {
        os << "none\n";
        return;
      }
      window->root.printAsOperand(os, state);
      os << '[' << window->offset << ", " << window->size << ']';
      if (window->dynamicSlot) {
        os << " slot ";
        window->dynamicSlot.printAsOperand(os, state);
      } else if (window->staticSlot) {
        os << " slot " << window->staticSlot;
      }
      if (!window->isRowMajorFor(value.getType()))
        os << " layout [" << window->rowStride << ", " << window->colStride
           << ']';
      os << '\n';
    };
    tile::walk<WalkOrder::PreOrder>(function, [&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            print(arg);
      for (Value result : op->getResults())
        print(result);
    });
    markAllAnalysesPreserved();
  }
};
} // namespace

void mlir::tile::test::registerTestPrintStoragePass() {
  PassRegistration<TestPrintStoragePass>();
}
