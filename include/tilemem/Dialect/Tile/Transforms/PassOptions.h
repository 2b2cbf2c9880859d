//===- PassOptions.h - the enum options of the tilemem passes ---*- C++ -*-===//
//
// `memory-planner` and `arch` are enum options of the passes and of
// `tile-memory-pipeline`: the pass manager checks their value once, when the
// pipeline is parsed, and rejects any other spelling with LLVM's
// "Cannot find option named 'foo'!". The spellings are written only in
// `stringify*` below; the `*Values()` lists the options take are built from
// them, and the Python package takes its spellings from the same functions
// (`tilemem.options`).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_DIALECT_TILE_TRANSFORMS_PASSOPTIONS_H
#define TILEMEM_DIALECT_TILE_TRANSFORMS_PASSOPTIONS_H

#include "tilemem/Dialect/Tile/IR/TileDialect.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

namespace mlir::tile {

/// The memory planner that follows storage legalization
/// (docs/passes/memory-planners.md).
enum class MemoryPlanner {
  /// Reuse, then one address range per allocation (PTO level3).
  PyPTO,
  /// Lifetime-aware address placement (PTO level3).
  DsaRp,
  /// No addresses: ptoas plans memory (PTO level2).
  PTOAS,
};

/// The `arch` option: a target, or `Auto`, the module's `tile.target_arch`,
/// else a3.
enum class TargetArchOption { Auto, A3, A5 };

/// "pypto", "dsa-rp", "ptoas".
llvm::StringRef stringifyMemoryPlanner(MemoryPlanner planner);
/// "auto", "a3", "a5".
llvm::StringRef stringifyTargetArchOption(TargetArchOption arch);

/// Every planner / arch option value, in declaration order.
llvm::ArrayRef<MemoryPlanner> allMemoryPlanners();
llvm::ArrayRef<TargetArchOption> allTargetArchOptions();

/// The values a `memory-planner` option accepts: every planner.
llvm::cl::ValuesClass memoryPlannerValues();
/// The values of tile-allocate-memory-addr's `memory-planner`: the planners
/// that assign addresses (pypto, dsa-rp).
llvm::cl::ValuesClass addressPlannerValues();
/// The values an `arch` option accepts.
llvm::cl::ValuesClass targetArchValues();

/// The architecture an `arch` option selects for `op`: A3 or A5, or (Auto)
/// the module's `tile.target_arch`, else a3.
TargetArch resolveTargetArch(Operation *op, TargetArchOption option);

} // namespace mlir::tile

#endif // TILEMEM_DIALECT_TILE_TRANSFORMS_PASSOPTIONS_H
