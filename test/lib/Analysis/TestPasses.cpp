//===- TestPasses.cpp - helpers of the analysis printing passes -----------===//

#include "TestPasses.h"

#include <mutex>

using namespace mlir;

static void printLine(llvm::raw_ostream &os, Operation *op) {
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    os << " at line " << loc.getLine();
}

void mlir::tile::test::printOpName(llvm::raw_ostream &os, Operation *op) {
  os << op->getName();
  printLine(os, op);
}

void mlir::tile::test::printValueName(llvm::raw_ostream &os, Value value,
                                      AsmState &state) {
  value.printAsOperand(os, state);
  if (Operation *def = value.getDefiningOp())
    printLine(os, def);
  else if (Operation *owner = value.getParentBlock()->getParentOp())
    printLine(os, owner);
}

void mlir::tile::test::registerTestPasses() {
  registerTestPrintLifetimesPass();
  registerTestPrintLivenessPass();
  registerTestPrintProgramOrderPass();
  registerTestPrintRecordedWalkPass();
  registerTestPrintStoragePass();
  registerTestPrintTripCountsPass();
  registerTestReadIRPass();
  registerTestParallelCopyPass();
}

mlir::tile::test::FunctionOutput::~FunctionOutput() {
  static std::mutex outputLock;
  std::lock_guard<std::mutex> hold(outputLock);
  llvm::outs() << text;
}
