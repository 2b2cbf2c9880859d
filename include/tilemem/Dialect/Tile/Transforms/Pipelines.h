//===- Pipelines.h - the tilemem pass pipelines -----------------*- C++ -*-===//
//
// `tile-memory-pipeline{memory-planner=pypto|dsa-rp|ptoas
//                       enable-buffer-ir=true arch=auto|a3|a5}`
// runs the storage and memory planning passes on every function of a module
// (the seed's "Default pipeline"; see docs/passes/memory-planners.md):
//
//   all planners  tile-materialize-transposed-views
//                 tile-init-memref (dead code erased first)
//                 tile-select-buffer-ir-functions{enable-buffer-ir}
//                 tile-materialize-semantic-aliases{enable-buffer-ir
//                                                   memory-planner arch}
//                 tile-verify-storage
//   (that much, with the same options, is `tile-storage-pipeline`)
//   pypto         tile-memory-reuse, tile-verify-storage,
//                 tile-allocate-memory-addr{pypto},
//                 tile-verify-storage{allocated=true}
//   dsa-rp        tile-allocate-memory-addr{dsa-rp},
//                 tile-verify-storage{allocated=true}
//   ptoas         tile-memory-reuse{in-place-only}, tile-verify-storage,
//                 tile-check-capacity: ptoas plans lifetimes and addresses
//                 but writes nothing in place, so those pairs share an
//                 allocation first; a tile larger than its space, or tiles
//                 live together over it, are an error here
//
// Every pass with an `arch` option gets the pipeline's.
//
// `arch=auto` (the default) means the module's `tile.target_arch`, else a3.
// Both options are enums (PassOptions.h): an unknown value fails when the
// pipeline is parsed.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_DIALECT_TILE_TRANSFORMS_PIPELINES_H
#define TILEMEM_DIALECT_TILE_TRANSFORMS_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "tilemem/Dialect/Tile/Transforms/PassOptions.h"

namespace mlir::tile {

struct MemoryPipelineOptions
    : public PassPipelineOptions<MemoryPipelineOptions> {
  PassOptions::Option<MemoryPlanner> memoryPlanner{
      *this, "memory-planner", llvm::cl::desc("The memory planner"),
      llvm::cl::init(MemoryPlanner::PyPTO), memoryPlannerValues()};
  PassOptions::Option<bool> enableBufferIR{
      *this, "enable-buffer-ir",
      llvm::cl::desc("Buffer-IR legalization in the kernels it supports"),
      llvm::cl::init(true)};
  PassOptions::Option<TargetArchOption> arch{
      *this, "arch", llvm::cl::desc("Target architecture"),
      llvm::cl::init(TargetArchOption::Auto), targetArchValues()};
};

/// Adds storage legalization (the passes every planner runs first) to `pm`,
/// a pass manager on builtin.module.
void buildStoragePipeline(OpPassManager &pm,
                          const MemoryPipelineOptions &options);

/// Adds the memory pipeline to `pm`, a pass manager on builtin.module.
void buildMemoryPipeline(OpPassManager &pm,
                         const MemoryPipelineOptions &options);

/// Registers `tile-storage-pipeline` and `tile-memory-pipeline` (safe to
/// call more than once).
void registerTilePipelines();

} // namespace mlir::tile

#endif // TILEMEM_DIALECT_TILE_TRANSFORMS_PIPELINES_H
