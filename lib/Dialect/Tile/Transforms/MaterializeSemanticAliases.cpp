//===- MaterializeSemanticAliases.cpp - required sharing, made explicit ---===//
//
// See Passes.td for the contract and
// docs/passes/materialize-semantic-aliases.md for the algorithm. The pass
// rewrites in place under an undo journal and keeps the result only when it
// satisfies tile-verify-storage, so a failure leaves the function exactly as it
// was.
//
//===----------------------------------------------------------------------===//

#include "SemanticAliases/Materializer.h"

#include "tilemem/Analysis/StorageVerifier.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Dialect/Tile/Transforms/Preconditions.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEMATERIALIZESEMANTICALIASES
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::semantic_aliases;

LogicalResult Materializer::prepare() {
  if (failed(isolateWritebacks()))
    return failure();
  SmallVector<Operation *> ifs;
  for (Operation *op : conflicts.getOrder().getOpsWithRegions())
    if (isa<scf::IfOp>(op))
      ifs.push_back(op);
  normalizeAccumulatorPhis(ifs);
  return success();
}

FailureOr<bool> Materializer::alignBoundaries(unsigned rounds) {
  // The first round goes top-down: an outer carry's window is pushed into
  // the body before the nested loops and branches that yield into it are
  // aligned. What an inner boundary then does can misalign the boundaries
  // around it: an entry copy relocates a loop's results, which the
  // enclosing if or loop yields, and a producer retargeted into a carry
  // writes that window inside every enclosing loop, whose own carry may now
  // need an entry copy. Such changes travel outwards, one level per
  // top-down round, so the rounds alternate: bottom-up (every boundary
  // after those nested in it) takes them out through any depth in one
  // round, top-down takes what that moves back in. Rounds repeat until
  // nothing changes.
  SmallVector<Operation *> boundaries;
  for (Operation *op : conflicts.getOrder().getOpsWithRegions())
    if (isStorageRegionOp(op))
      boundaries.push_back(op);
  bool boundariesBottomUp = false;
  for (unsigned round = 0; round < rounds; ++round) {
    unsigned before = counters.total();
    bool bottomUp = state.rounds++ % 2 == 1;
    if (bottomUp != boundariesBottomUp) {
      std::reverse(boundaries.begin(), boundaries.end());
      boundariesBottomUp = bottomUp;
    }
    for (Operation *op : boundaries) {
      LogicalResult result = success();
      if (isa<scf::ForOp, scf::WhileOp>(op))
        result = processLoop(op);
      else
        result = processIf(cast<scf::IfOp>(op));
      if (failed(result))
        return failure();
    }
    if (counters.total() == before)
      return true;
  }
  return false;
}

/// Erases the allocations whose producers all moved elsewhere.
static void eraseUnusedAllocations(func::FuncOp function) {
  for (Operation &op : llvm::make_early_inc_range(function.getBody().front()))
    if (auto alloc = dyn_cast<AllocOp>(op);
        alloc && alloc->use_empty() && !alloc.getPinned())
      alloc.erase();
}

namespace {
struct MaterializeSemanticAliasesPass
    : public mlir::tile::impl::TileMaterializeSemanticAliasesBase<
          MaterializeSemanticAliasesPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (isOrchestrationFunction(function) || function.isExternal())
      return markAllAnalysesPreserved();
    TargetArch arch = resolveTargetArch(function, targetArch);

    // Rewrite in place, journaling every change; keep the result only when
    // it verifies, otherwise restore the function exactly.
    bool bufferIR =
        enableBufferIR && function->hasAttr(TileDialect::kBufferIRAttrName);
    RewriteState state;
    Journal journal;
    // The program's structure outlives the rewrite's analyses: the rewrite
    // numbers every op and value it adds, so the checks reuse them. The
    // structure and the first rewrite's analyses replay one walk of the
    // function (RecordedWalk.h). A rewrite that creates no op (it only
    // retargets producers and replaces operands) leaves that walk valid, and
    // the self-check replays it too; else the walk is dropped before the
    // check records its own.
    std::optional<RecordedWalk> walk(std::in_place, function, hasStorage);
    ProgramOrder order(*walk);
    TripCounts trips(order);
    ValueNumbering numbering(countStorageValues(*walk));
    auto materializer = [&](const RecordedWalk &current) {
      return Materializer(current, arch, bufferIR, selectionSlotPercent, state,
                          journal, order, trips, numbering);
    };
    // One round of boundary alignment, then the self-check decides whether
    // another is needed: a round that changed something is usually
    // confirmed by the next one at the price of every query again, while
    // the check costs a third of that. Only when it finds the result
    // invalid do the rounds resume, with fresh analyses (the rewrite's are
    // freed before the check, so the two never add up in memory).
    bool settled = false;
    bool ok;
    {
      Materializer rewrite = materializer(*walk);
      FailureOr<bool> fixedPoint = failure();
      ok = succeeded(rewrite.prepare()) &&
           succeeded(fixedPoint = rewrite.alignBoundaries(
                         verifyResult ? 1 : kMaxRounds));
      settled = ok && *fixedPoint;
    }
    if (!verifyResult)
      walk.reset();
    auto selfCheck = [&] {
      if (journal.createdAny())
        walk.reset();
      if (!walk)
        return verifyTileStorage(function, {}, order, trips, numbering);
      ++numReplayedChecks;
      return verifyTileStorage(*walk, {}, order, trips, numbering);
    };
    if (ok && verifyResult) {
      SmallVector<StorageViolation> violations = selfCheck();
      if (!violations.empty() && !settled) {
        {
          std::optional<RecordedWalk> fresh;
          Materializer rewrite =
              materializer(walk ? *walk : fresh.emplace(function));
          ok = succeeded(rewrite.alignBoundaries(kMaxRounds - 1));
        }
        if (ok)
          violations = selfCheck();
      }
      for (const StorageViolation &violation : violations)
        violation.emit("storage is still invalid after materialization: ");
      ok = ok && violations.empty();
    }
    if (!ok) {
      journal.rollback();
      return signalPassFailure();
    }
    // Erasing allocations nothing uses changes no window, so the verdict
    // still holds for the function tile-verify-storage will see.
    eraseUnusedAllocations(function);
    if (verifyResult) {
      StorageVerdict &verdict = getAnalysis<StorageVerdict>();
      verdict.verified = true;
      verdict.options = StorageVerifierOptions();
      markAnalysesPreserved<StorageVerdict>();
    }
    // The rewrite adds tile ops (moves, allocations, selections) inside the
    // regions there are: no region, no nesting, no loop step.
    markAnalysesPreserved<StoragePreconditionsHold>();
    const Counters &counters = state.counters;
    numRetargeted += counters.retargeted;
    numYieldCopies += counters.yieldCopies;
    numEntryCopies += counters.entryCopies;
    numScratch += counters.scratch;
    numBranchCopies += counters.branchCopies;
    numWritebackCopies += counters.writebackCopies;
    numSelections += counters.selections;
    numValueTableGrowths += numbering.growths();
  }
};
} // namespace
