//===- ValueNames.h - SSA names for diagnostics -----------------*- C++ -*-===//
//
// Diagnostics name values the way the function prints them (%3, %arg0). The
// AsmState numbering the function is built on the first request only, so a
// pass that reports nothing pays nothing. It is built assuming the function
// verifies (the passes that name values run on verified IR): AsmState
// otherwise runs the whole IR verifier first, whose region-isolation and
// dominance checks walk up from every operand, O(N x depth) on a deep nest.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_SUPPORT_VALUENAMES_H
#define TILEMEM_SUPPORT_VALUENAMES_H

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Value.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace mlir::tile {

class ValueNames {
public:
  explicit ValueNames(Operation *scope) : scope(scope) {}

  std::string operator()(Value value) {
    if (!state)
      state =
          std::make_unique<AsmState>(scope, OpPrintingFlags().assumeVerified());
    std::string text;
    llvm::raw_string_ostream os(text);
    value.printAsOperand(os, *state);
    return text;
  }

private:
  Operation *scope;
  std::unique_ptr<AsmState> state;
};

} // namespace mlir::tile

#endif // TILEMEM_SUPPORT_VALUENAMES_H
