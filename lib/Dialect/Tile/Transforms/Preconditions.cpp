//===- Preconditions.cpp - what tilemem's storage passes require ----------===//

#include "tilemem/Dialect/Tile/Transforms/Preconditions.h"
#include "tilemem/Support/Limits.h"
#include "tilemem/Support/Walk.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tile;

LogicalResult mlir::tile::checkStoragePreconditions(func::FuncOp function) {
  // First, so that the walk below (recursive) only sees bounded nesting.
  if (failed(checkNestingDepth(function)))
    return failure();
  bool ok = true;
  tile::walk(function, [&](scf::ForOp loop) {
    APInt step;
    if (!matchPattern(loop.getStep(), m_ConstantInt(&step)))
      return;
    if (step.isZero() || (!loop.getUnsignedCmp() && step.isNegative())) {
      loop.emitError() << "scf.for step must be positive, got "
                       << step.getSExtValue();
      ok = false;
    }
  });
  return success(ok);
}
