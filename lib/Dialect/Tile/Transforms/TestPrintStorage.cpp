//===- TestPrintStorage.cpp - print the storage analysis ------------------===//

#include "tilemem/Analysis/TileStorage.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Support/Walk.h"

#include "mlir/IR/AsmState.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILETESTPRINTSTORAGE
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TestPrintStoragePass
    : public mlir::tile::impl::TileTestPrintStorageBase<TestPrintStoragePass> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    TileStorage storage(function);
    AsmState state(function);
    llvm::raw_ostream &os = llvm::outs();
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
