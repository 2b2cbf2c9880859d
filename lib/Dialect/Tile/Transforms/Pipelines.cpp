//===- Pipelines.cpp - the tilemem pass pipelines -------------------------===//

#include "tilemem/Dialect/Tile/Transforms/Pipelines.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tile;

void mlir::tile::buildMemoryPipeline(OpPassManager &pm,
                                     const MemoryPipelineOptions &options) {
  OpPassManager &fpm = pm.nest<func::FuncOp>();
  auto verify = [&](bool allocated) {
    TileVerifyStorageOptions verifyOptions;
    verifyOptions.allocated = allocated;
    fpm.addPass(createTileVerifyStorage(verifyOptions));
  };
  fpm.addPass(createTileMaterializeTransposedViews());
  fpm.addPass(createTileInitMemRef());
  TileSelectBufferIRFunctionsOptions select;
  select.enableBufferIR = options.enableBufferIR;
  fpm.addPass(createTileSelectBufferIRFunctions(select));
  TileMaterializeSemanticAliasesOptions materialize;
  materialize.enableBufferIR = options.enableBufferIR;
  materialize.memoryPlanner = options.memoryPlanner;
  materialize.targetArch = options.arch;
  fpm.addPass(createTileMaterializeSemanticAliases(materialize));
  verify(false);

  TileAllocateMemoryAddrOptions allocate;
  allocate.targetArch = options.arch;
  allocate.memoryPlanner = options.memoryPlanner;
  if (options.memoryPlanner == "pypto") {
    fpm.addPass(createTileMemoryReuse());
    verify(false);
    fpm.addPass(createTileAllocateMemoryAddr(allocate));
    verify(true);
  } else if (options.memoryPlanner == "dsa-rp") {
    fpm.addPass(createTileAllocateMemoryAddr(allocate));
    verify(true);
  }
}

void mlir::tile::registerTilePipelines() {
  // Registering a pipeline name twice is fatal; the plugin and the Python
  // module may call this more than once.
  static bool registered = [] {
    PassPipelineRegistration<MemoryPipelineOptions>(
        "tile-memory-pipeline",
        "Storage planning and the selected memory planner (pypto, dsa-rp "
        "or ptoas) on every function",
        buildMemoryPipeline);
    return true;
  }();
  (void)registered;
}
