//===- TestPasses.h - the analysis printing passes --------------*- C++ -*-===//
//
// Test-only passes that print one analysis each, so that its answers are
// FileChecked directly (test/Analysis/). Registered by tile-opt only.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_TEST_LIB_ANALYSIS_TESTPASSES_H
#define TILEMEM_TEST_LIB_ANALYSIS_TESTPASSES_H

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::tile::test {

void registerTestPrintLifetimesPass();
void registerTestPrintLivenessPass();
void registerTestPrintProgramOrderPass();
void registerTestPrintRecordedWalkPass();
void registerTestPrintStoragePass();
void registerTestPrintTripCountsPass();
void registerTestReadIRPass();
void registerTestParallelCopyPass();

/// Every test pass, test/lib/Transforms' included (what tile-opt calls).
void registerTestPasses();

/// One function's printout, written to llvm::outs() whole when it goes out
/// of scope. The printing passes run on functions in parallel unless
/// --mlir-disable-threading, and llvm::outs() is not thread-safe (two
/// instances writing at once asserted in raw_ostream).
class FunctionOutput {
public:
  FunctionOutput() = default;
  FunctionOutput(const FunctionOutput &) = delete;
  FunctionOutput &operator=(const FunctionOutput &) = delete;
  ~FunctionOutput();
  llvm::raw_ostream &os() { return stream; }

private:
  std::string text;
  llvm::raw_string_ostream stream{text};
};

/// How the printers name an op: its name and source line (`tile.add at line
/// 4`). SSA numbers repeat across sibling regions; lines do not.
void printOpName(llvm::raw_ostream &os, Operation *op);
/// How the printers name a value: its SSA name and its definition's line
/// (`%3 at line 4`; a block argument: its owner op's line).
void printValueName(llvm::raw_ostream &os, Value value, AsmState &state);

} // namespace mlir::tile::test

#endif // TILEMEM_TEST_LIB_ANALYSIS_TESTPASSES_H
