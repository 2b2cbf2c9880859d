//===- Pipelines.h - the tilemem pass pipelines -----------------*- C++ -*-===//
//
// `tile-memory-pipeline{memory-planner=pypto|dsa-rp|ptoas
//                       enable-buffer-ir=true arch=}`
// runs the storage and memory planning passes on every function of a module
// (the seed's "Default pipeline"; see docs/passes/memory-planners.md):
//
//   all planners  tile-materialize-transposed-views
//                 tile-init-memref
//                 tile-select-buffer-ir-functions{enable-buffer-ir}
//                 tile-materialize-semantic-aliases{enable-buffer-ir
//                                                   memory-planner arch}
//                 tile-verify-storage
//   pypto         tile-memory-reuse, tile-verify-storage,
//                 tile-allocate-memory-addr{pypto},
//                 tile-verify-storage{allocated=true}
//   dsa-rp        tile-allocate-memory-addr{dsa-rp},
//                 tile-verify-storage{allocated=true}
//   ptoas         nothing more: ptoas plans lifetimes and addresses
//
// `arch` empty means the module's `tile.target_arch`, else a3. An unknown
// planner is reported by tile-materialize-semantic-aliases.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_DIALECT_TILE_TRANSFORMS_PIPELINES_H
#define TILEMEM_DIALECT_TILE_TRANSFORMS_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir::tile {

struct MemoryPipelineOptions
    : public PassPipelineOptions<MemoryPipelineOptions> {
  PassOptions::Option<std::string> memoryPlanner{
      *this, "memory-planner",
      llvm::cl::desc("The memory planner: pypto, dsa-rp or ptoas"),
      llvm::cl::init("pypto")};
  PassOptions::Option<bool> enableBufferIR{
      *this, "enable-buffer-ir",
      llvm::cl::desc("Buffer-IR legalization in the kernels it supports"),
      llvm::cl::init(true)};
  PassOptions::Option<std::string> arch{
      *this, "arch",
      llvm::cl::desc("Target architecture (a3 or a5); defaults to the "
                     "module's tile.target_arch, else a3"),
      llvm::cl::init("")};
};

/// Adds the memory pipeline to `pm`, a pass manager on builtin.module.
void buildMemoryPipeline(OpPassManager &pm,
                         const MemoryPipelineOptions &options);

/// Registers `tile-memory-pipeline` (safe to call more than once).
void registerTilePipelines();

} // namespace mlir::tile

#endif // TILEMEM_DIALECT_TILE_TRANSFORMS_PIPELINES_H
