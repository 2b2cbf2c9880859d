//===- StorageVerifier.h - the storage postcondition ------------*- C++ -*-===//
//
// The checks of `tile-verify-storage`, usable by any pass that wants to prove
// its own result before committing it. See Passes.td for the list of rules.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_ANALYSIS_STORAGEVERIFIER_H
#define TILEMEM_ANALYSIS_STORAGEVERIFIER_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

namespace mlir::tile {

struct StorageViolation {
  /// The offending op.
  Operation *op;
  std::string message;
};

struct StorageVerifierOptions {
  /// Also check addresses (after address allocation).
  bool allocated = false;
};

/// Checks the storage postcondition of `function`; returns every violation
/// in program order. Leaves the IR unchanged.
SmallVector<StorageViolation>
verifyTileStorage(Operation *function, StorageVerifierOptions options = {});

} // namespace mlir::tile

#endif // TILEMEM_ANALYSIS_STORAGEVERIFIER_H
