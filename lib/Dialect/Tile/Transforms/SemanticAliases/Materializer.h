//===- Materializer.h - MaterializeSemanticAliases' rewrite ----*- C++ -*-===//
//
// The rewrite of tile-materialize-semantic-aliases, one file per job:
//
//   Retarget.cpp    move an allocating producer (and its storage family) so
//                   that a yielded value lands in the window a boundary
//                   requires
//   Copies.cpp      tile.move ops, scratch tiles, parallel copies at yields
//                   (ParallelCopy.h orders them)
//   Loops.cpp       loop inputs isolated by entry copies, yields aligned to
//                   the carries
//   Branches.cpp    scf.if results: retargets, logical selections in two
//                   slots, Buffer-IR destinations, copies
//   Writebacks.cpp  writebacks of payloads still read afterwards
//
// The analyses answer the questions (StorageConflicts: would this write or
// move clobber a value still read; StorageDerivation: carries, sources,
// payloads); the Materializer decides and rewrites, journaling every change
// (Journal.h). The pass driver is MaterializeSemanticAliases.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_LIB_DIALECT_TILE_TRANSFORMS_SEMANTICALIASES_MATERIALIZER_H
#define TILEMEM_LIB_DIALECT_TILE_TRANSFORMS_SEMANTICALIASES_MATERIALIZER_H

#include "Journal.h"

#include "tilemem/Analysis/StorageConflicts.h"
#include "tilemem/Analysis/StorageDerivation.h"
#include "tilemem/Support/ValueNames.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::tile::semantic_aliases {

/// What the rewrite did, for the pass statistics.
struct Counters {
  unsigned retargeted = 0, yieldCopies = 0, entryCopies = 0, scratch = 0,
           branchCopies = 0, writebackCopies = 0, selections = 0;
  unsigned total() const {
    return retargeted + yieldCopies + entryCopies + scratch + branchCopies +
           writebackCopies + selections;
  }
};

/// Rounds of boundary alignment before giving up on a fixed point (the
/// final verification then reports what is left).
constexpr unsigned kMaxRounds = 4;

/// What outlives one Materializer: the statistics and the pools logical
/// tile selections created (a producer filling a slot of one stays there).
/// The pass driver may tear a Materializer down to verify and build another
/// to resume the rounds (MaterializeSemanticAliases.cpp).
struct RewriteState {
  Counters counters;
  /// Rounds of boundary alignment run so far: they alternate between
  /// top-down (even) and bottom-up (odd) across Materializers.
  unsigned rounds = 0;
  llvm::SmallPtrSet<Value, 4> selectionPools;
};

/// The row-major window of a whole `type` tile at the start of `buffer`.
Window wholeTile(Value buffer, TileType type);

/// Where a yielded value must be produced to land in `target`: an allocating
/// producer and the window it must write.
struct RetargetPlan {
  AllocatingOpInterface producer;
  Window window;
};

/// The rewrite of one function (see the file comment for its parts).
class Materializer {
public:
  /// `walk` records `function` as it is now; the analyses are built from
  /// it here and it is not kept.
  Materializer(const RecordedWalk &walk, TargetArch arch, bool bufferIR,
               unsigned selectionSlotPercent, RewriteState &state,
               Journal &journal, ProgramOrder &order, const TripCounts &trips,
               ValueNumbering &numbering)
      : function(cast<func::FuncOp>(walk.getRoot())), arch(arch),
        bufferIR(bufferIR), selectionSlotPercent(selectionSlotPercent),
        state(state), counters(state.counters),
        selectionPools(state.selectionPools), journal(journal),
        conflicts(walk, order, trips, numbering), dominance(function) {}

  /// The rewrites made once, before any boundary is aligned: writebacks of
  /// payloads still read, peeled accumulator phis.
  LogicalResult prepare();
  /// Up to `rounds` rounds of boundary alignment, stopping at a fixed point.
  /// Returns whether it reached one (the last round changed nothing).
  FailureOr<bool> alignBoundaries(unsigned rounds);

private:
  // Loops.
  LogicalResult processLoop(Operation *loop);
  /// Whether it made an entry copy.
  FailureOr<bool> isolateInputs(Operation *loop, ArrayRef<LoopCarry> carries,
                                Operation *lastYield);
  LogicalResult alignYield(Operation *loop, ArrayRef<LoopCarry> carries,
                           Operation *yield);
  void copyBlockingCarriesEarly(
      Operation *loop, Operation *yield,
      SmallVectorImpl<std::pair<unsigned, Window>> &copies);
  // Branches.
  LogicalResult processIf(scf::IfOp ifOp);
  /// Peeled accumulator phis, bottom-up: the seeding arm is produced in the
  /// continued accumulator's window (Branches.cpp).
  void normalizeAccumulatorPhis(ArrayRef<Operation *> ifsPreOrder);
  void deliverToFreshDestination(scf::IfOp ifOp, unsigned index);
  bool copyElseIntoThenWindow(scf::IfOp ifOp, unsigned index);
  AllocOp selectableAllocation(Value value);
  bool trySelectInSlots(scf::IfOp ifOp, unsigned index);
  /// Whether one tile.move of `value` costs less than holding a second slot
  /// of its size (the `selection-slot-percent` price).
  bool copyCheaperThanSlot(Value value) const;
  // Writebacks of values still read afterwards.
  LogicalResult isolateWritebacks();

  // Building blocks.
  std::optional<RetargetPlan> planRetarget(Value yielded, Window target);
  bool tryRetarget(Value yielded, const Window &target);
  Value createAlloc(Location loc, TileType type);
  /// Copies operand `index` of `user` into `target` with a tile.move right
  /// before `user` (or before `at`, an earlier op of its block), which then
  /// reads the copy (journaled); what derives from the operand (a scope's
  /// result, a loop's carries) follows the copy.
  Value copyOperandInto(Location loc, Operation *user, unsigned index,
                        const Window &target, Operation *at = nullptr);
  /// The window of a fresh allocation for a whole `type` tile.
  Window freshTile(Location loc, TileType type);
  Value createMove(Location loc, Value source, Value buffer,
                   const Window &target, Operation *before);
  /// The op before which a copy delivering yield operand `index` goes, and
  /// the operand to replace: through transparent tile.scope wrappers.
  std::pair<Operation *, unsigned> copyPoint(Operation *yield, unsigned index);
  LogicalResult scheduleCopies(Operation *yield,
                               ArrayRef<std::pair<unsigned, Window>> copies,
                               unsigned &counter, StringRef what);
  /// DominanceInfo::properlyDominates, answered by the program order in
  /// O(1) where it can (DominanceInfo walks from `op` up to the value's
  /// region: O(depth) per query on a deep nest).
  bool properlyDominates(Value value, Operation *op) {
    if (std::optional<bool> known =
            conflicts.getOrder().properlyDominates(value, op))
      return *known;
    return dominance.properlyDominates(value, op);
  }
  bool canCopy(Value value) const;
  InFlightDiagnostic noCopy(Operation *at, Value value, StringRef why);
  std::string name(Value value);
  /// The value's name, its defining op and location (names repeat across
  /// sibling regions).
  std::string describeValue(Value value);

  func::FuncOp function;
  TargetArch arch;
  /// Buffer-IR branch destinations (a selected function, option on).
  bool bufferIR;
  /// The price of one copy in percent of a space's capacity (pass option).
  unsigned selectionSlotPercent;
  RewriteState &state;
  Counters &counters;
  llvm::SmallPtrSetImpl<Value> &selectionPools;
  Journal &journal;
  StorageConflicts conflicts;
  DominanceInfo dominance;
  ValueNames names{function};
};

} // namespace mlir::tile::semantic_aliases

#endif // TILEMEM_LIB_DIALECT_TILE_TRANSFORMS_SEMANTICALIASES_MATERIALIZER_H
