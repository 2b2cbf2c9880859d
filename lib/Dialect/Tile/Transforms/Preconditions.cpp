//===- Preconditions.cpp - what tilemem's storage passes require ----------===//

#include "tilemem/Dialect/Tile/Transforms/Preconditions.h"
#include "tilemem/Support/Limits.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tile;

LogicalResult mlir::tile::checkStoragePreconditions(func::FuncOp function) {
  // One walk for both checks; the step errors wait for the depth check, so
  // that a nest too deep reports that alone.
  SmallVector<std::pair<scf::ForOp, APInt>> badSteps;
  auto checkStep = [&](Operation *op) {
    auto loop = dyn_cast<scf::ForOp>(op);
    APInt step;
    if (!loop || !matchPattern(loop.getStep(), m_ConstantInt(&step)))
      return;
    if (step.isZero() || (!loop.getUnsignedCmp() && step.isNegative()))
      badSteps.push_back({loop, step});
  };
  if (failed(checkNestingDepth(function, kMaxNestingDepth, checkStep)))
    return failure();
  for (auto &[loop, step] : badSteps) {
    // Printed from the APInt: an i128 step need not fit in 64 bits.
    SmallString<24> value;
    step.toStringSigned(value);
    loop.emitError() << "scf.for step must be positive, got " << value;
  }
  return success(badSteps.empty());
}
