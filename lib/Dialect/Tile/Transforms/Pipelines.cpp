//===- Pipelines.cpp - the tilemem pass pipelines -------------------------===//

#include "tilemem/Dialect/Tile/Transforms/Pipelines.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tile;

static void addVerify(OpPassManager &fpm, bool allocated,
                      const MemoryPipelineOptions &options) {
  TileVerifyStorageOptions verifyOptions;
  verifyOptions.allocated = allocated;
  verifyOptions.targetArch = options.arch;
  fpm.addPass(createTileVerifyStorage(verifyOptions));
}

void mlir::tile::buildStoragePipeline(OpPassManager &pm,
                                      const MemoryPipelineOptions &options) {
  OpPassManager &fpm = pm.nest<func::FuncOp>();
  // ptoas reads vec tiles row-major, and a few of its instructions no
  // column blocks (Passes.td).
  fpm.addPass(createTileMaterializeTransposedViews());
  fpm.addPass(createTileMaterializeColumnBlocks());
  // It erases dead code first (eraseDeadCode, DeadCode.h).
  fpm.addPass(createTileInitMemRef());
  TileSelectBufferIRFunctionsOptions select;
  select.enableBufferIR = options.enableBufferIR;
  fpm.addPass(createTileSelectBufferIRFunctions(select));
  TileMaterializeSemanticAliasesOptions materialize;
  materialize.enableBufferIR = options.enableBufferIR;
  materialize.memoryPlanner = options.memoryPlanner;
  materialize.targetArch = options.arch;
  fpm.addPass(createTileMaterializeSemanticAliases(materialize));
  addVerify(fpm, false, options);
}

void mlir::tile::buildMemoryPipeline(OpPassManager &pm,
                                     const MemoryPipelineOptions &options) {
  buildStoragePipeline(pm, options);
  OpPassManager &fpm = pm.nest<func::FuncOp>();
  auto verify = [&](bool allocated) { addVerify(fpm, allocated, options); };
  TileAllocateMemoryAddrOptions allocate;
  allocate.targetArch = options.arch;
  allocate.memoryPlanner = options.memoryPlanner;
  if (options.memoryPlanner == MemoryPlanner::PyPTO) {
    fpm.addPass(createTileMemoryReuse());
    verify(false);
    fpm.addPass(createTileAllocateMemoryAddr(allocate));
    verify(true);
  } else if (options.memoryPlanner == MemoryPlanner::DsaRp) {
    fpm.addPass(createTileAllocateMemoryAddr(allocate));
    verify(true);
  } else if (options.memoryPlanner == MemoryPlanner::PTOAS) {
    // ptoas places every tile, but never writes an op's result over its
    // dying operand: those pairs share an allocation here.
    TileMemoryReuseOptions inPlace;
    inPlace.inPlaceOnly = true;
    fpm.addPass(createTileMemoryReuse(inPlace));
    verify(false);
    // What cannot fit at all is reported here.
    TileCheckCapacityOptions capacity;
    capacity.targetArch = options.arch;
    fpm.addPass(createTileCheckCapacity(capacity));
  }
}

void mlir::tile::registerTilePipelines() {
  // Registering a pipeline name twice is fatal; the plugin and the Python
  // module may call this more than once.
  static bool registered = [] {
    PassPipelineRegistration<MemoryPipelineOptions>(
        "tile-storage-pipeline",
        "Storage legalization on every function: dead code erased, a fresh "
        "allocation per producer, required sharing made explicit, verified "
        "(the memory-planner option only selects what legalization "
        "assumes; no planner runs)",
        buildStoragePipeline);
    PassPipelineRegistration<MemoryPipelineOptions>(
        "tile-memory-pipeline",
        "Storage planning and the selected memory planner (pypto, dsa-rp "
        "or ptoas) on every function",
        buildMemoryPipeline);
    return true;
  }();
  (void)registered;
}
