//===- StorageVerifier.h - the storage postcondition ------------*- C++ -*-===//
//
// The checks of `tile-verify-storage`, usable by any pass that wants to prove
// its own result before committing it. See Passes.td for the list of rules.
// For example, after tile-init-memref alone:
//
//   %r = scf.for ... iter_args(%acc = %zero) {        // %acc lives in %b0
//     %n = tile.add %acc, %x into(%b1 ...)             // %n lives in %b1
//     scf.yield %n                                     // error: carry #0:
//     yielded
//   }                                                  // value %n lives in
//   %b1[0, 256]
//                                                      // but the carry lives
//                                                      in %b0[0, 256]
//
// Structural rules are checked op by op; the clobber rule ("no op writes a
// window while an overlapping value is still read afterwards") is a sweep
// per allocation over the live intervals of its values, asking
// StorageLiveness only for the values whose interval contains the write.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_ANALYSIS_STORAGEVERIFIER_H
#define TILEMEM_ANALYSIS_STORAGEVERIFIER_H

#include "tilemem/Analysis/ProgramOrder.h"
#include "tilemem/Analysis/TripCounts.h"
#include "tilemem/Support/ValueNumbering.h"

#include "tilemem/Dialect/Tile/IR/TileDialect.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

namespace mlir::tile {

struct StorageViolation {
  /// The offending op.
  Operation *op;
  std::string message;
  /// Notes to attach to the error: the other party of a conflict, the op
  /// where it happens.
  SmallVector<std::pair<Operation *, std::string>, 0> notes = {};

  /// Emits the error at `op`, with its notes.
  void emit(const Twine &prefix = "") const;
};

struct StorageVerifierOptions {
  /// Also check addresses (after address allocation): every allocation has
  /// one, aligned, inside its space's capacity, and no two allocations (or
  /// scratch tiles) of one space share a byte while both are live.
  bool allocated = false;
  /// The target whose capacities the address checks use; none: the
  /// module's `tile.target_arch`, else a3.
  std::optional<TargetArch> arch;

  bool operator==(const StorageVerifierOptions &other) const {
    return allocated == other.allocated && arch == other.arch;
  }
};

/// Checks the storage postcondition of `function`; returns every violation
/// in program order. Leaves the IR unchanged.
SmallVector<StorageViolation>
verifyTileStorage(Operation *function, StorageVerifierOptions options = {});

/// The same, reusing a ProgramOrder, TripCounts and ValueNumbering of
/// `function` that are up to date (every op numbered, as a rewrite that
/// noted its insertions keeps them): the structure is not derived again,
/// while the windows and the reads, which the rules are about, are.
SmallVector<StorageViolation> verifyTileStorage(Operation *function,
                                                StorageVerifierOptions options,
                                                const ProgramOrder &order,
                                                const TripCounts &trips,
                                                ValueNumbering &numbering);

/// The same again, replaying `walk`, recorded of the function with the ops
/// it has now (operands may have changed since, ops not: RecordedWalk.h),
/// instead of walking the function: a replay asks for the ops ahead, a walk
/// waits for each.
SmallVector<StorageViolation> verifyTileStorage(const RecordedWalk &walk,
                                                StorageVerifierOptions options,
                                                const ProgramOrder &order,
                                                const TripCounts &trips,
                                                ValueNumbering &numbering);

/// The verifier's verdict on a function, kept as an MLIR analysis: a pass that
/// proved its own result (MaterializeSemanticAliases does, to decide whether
/// to keep it) records the verdict and marks it preserved, so a following
/// `tile-verify-storage` with the same options reuses it instead of verifying
/// again. The pass manager drops it as soon as a pass changes the function
/// without preserving it, so it never describes stale IR.
struct StorageVerdict {
  explicit StorageVerdict(Operation *) {}
  /// The function was verified without violations...
  bool verified = false;
  /// ...with these options.
  StorageVerifierOptions options;
};

} // namespace mlir::tile

#endif // TILEMEM_ANALYSIS_STORAGEVERIFIER_H
