//===- Passes.cpp - C API of the tilemem passes ---------------------------===//

#include "tilemem-c/Dialects.h"

#include "mlir/CAPI/Pass.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Dialect/Tile/Transforms/Pipelines.h"

using namespace mlir;
using namespace mlir::tile;

#include "tilemem/Dialect/Tile/Transforms/Passes.capi.cpp.inc"

void tilememRegisterPasses(void) {
  mlir::tile::registerTilePasses();
  mlir::tile::registerTilePipelines();
}
