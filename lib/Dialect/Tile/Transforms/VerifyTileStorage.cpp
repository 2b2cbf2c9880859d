//===- VerifyTileStorage.cpp - check the storage postcondition ------------===//

#include "tilemem/Analysis/StorageVerifier.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Dialect/Tile/Transforms/Preconditions.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEVERIFYSTORAGE
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
struct VerifyTileStoragePass
    : public mlir::tile::impl::TileVerifyStorageBase<VerifyTileStoragePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (isOrchestrationFunction(function) || function.isExternal())
      return markAllAnalysesPreserved();
    bool preconditionsReused = false;
    if (failed(checkStoragePreconditions(function, getAnalysisManager(),
                                         &preconditionsReused)))
      return signalPassFailure();
    numPreconditionsReused += preconditionsReused;
    StorageVerifierOptions options;
    options.allocated = allocated;
    TargetArch arch = resolveTargetArch(function, targetArch);
    options.arch = arch;
    // The previous pass proved this function with the same options and
    // nothing changed it since (otherwise the verdict would be gone).
    if (auto verdict = getCachedAnalysis<StorageVerdict>();
        verdict && verdict->get().verified &&
        (verdict->get().options == options ||
         (!allocated && !verdict->get().options.allocated))) {
      ++numReused;
      return markAllAnalysesPreserved();
    }
    SmallVector<StorageViolation> violations =
        verifyTileStorage(function, options);
    for (const StorageViolation &violation : violations)
      violation.emit();
    if (!violations.empty())
      return signalPassFailure();
    StorageVerdict &verdict = getAnalysis<StorageVerdict>();
    verdict.verified = true;
    verdict.options = options;
    markAllAnalysesPreserved();
  }
};
} // namespace
