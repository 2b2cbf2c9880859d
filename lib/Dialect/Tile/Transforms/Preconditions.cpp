//===- Preconditions.cpp - what tilemem's storage passes require ----------===//

#include "tilemem/Dialect/Tile/Transforms/Preconditions.h"
#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/Support/Limits.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tile;

static LogicalResult checkFunction(func::FuncOp function) {
  // One walk for every check; the other errors wait for the depth check, so
  // that a nest too deep reports that alone.
  SmallVector<std::pair<scf::ForOp, APInt>> badSteps;
  SmallVector<Operation *> unsupported;
  // Regions of more than one block (cf.br, cf.cond_br): the storage rules
  // follow values through structured region ops only, so a block argument
  // would get no storage.
  SmallVector<Region *> unstructured;
  auto checkRegions = [&](Operation *op) {
    for (Region &region : op->getRegions())
      if (!region.empty() && !region.hasOneBlock())
        unstructured.push_back(&region);
  };
  auto checkOp = [&](Operation *op) { // the function itself included
    checkRegions(op);
    // The storage rules cover scf.for, scf.while and scf.if; the other scf
    // region ops (parallel, forall, index_switch, execute_region) would be
    // planned as straight-line code or not at all.
    if (op->getNumRegions() != 0 &&
        isa_and_nonnull<scf::SCFDialect>(op->getDialect()) &&
        !isStorageRegionOp(op))
      unsupported.push_back(op);
    auto loop = dyn_cast<scf::ForOp>(op);
    APInt step;
    if (!loop || !matchPattern(loop.getStep(), m_ConstantInt(&step)))
      return;
    if (step.isZero() || (!loop.getUnsignedCmp() && step.isNegative()))
      badSteps.push_back({loop, step});
  };
  if (failed(checkNestingDepth(function, kMaxNestingDepth, checkOp)))
    return failure();
  for (auto &[loop, step] : badSteps) {
    // Printed from the APInt: an i128 step need not fit in 64 bits.
    SmallString<24> value;
    step.toStringSigned(value);
    loop.emitError() << "scf.for step must be positive, got " << value;
  }
  for (Operation *op : unsupported)
    op->emitError() << "'" << op->getName()
                    << "' is not supported by the storage passes: they plan "
                       "scf.for, scf.while and scf.if";
  for (Region *region : unstructured) {
    // At the branch that leaves the entry block.
    Block &entry = region->front();
    Operation *at = entry.empty() ? region->getParentOp() : &entry.back();
    at->emitError() << "unstructured control flow (a region of "
                    << llvm::range_size(*region)
                    << " blocks) is not supported by the storage passes: they "
                       "plan structured control flow (scf.for, scf.while and "
                       "scf.if)";
  }
  return success(badSteps.empty() && unsupported.empty() &&
                 unstructured.empty());
}

LogicalResult mlir::tile::checkStoragePreconditions(func::FuncOp function,
                                                    AnalysisManager analyses,
                                                    bool *reused) {
  if (auto hold = analyses.getCachedAnalysis<StoragePreconditionsHold>();
      hold && hold->get().held) {
    if (reused)
      *reused = true;
    return success();
  }
  if (failed(checkFunction(function)))
    return failure();
  analyses.getAnalysis<StoragePreconditionsHold>().held = true;
  return success();
}
