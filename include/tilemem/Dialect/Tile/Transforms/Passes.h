//===- Passes.h - tile storage passes ---------------------------*- C++ -*-===//

#ifndef TILEMEM_DIALECT_TILE_TRANSFORMS_PASSES_H
#define TILEMEM_DIALECT_TILE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/Dialect/Tile/Transforms/PassOptions.h"

namespace mlir::tile {

#define GEN_PASS_DECL
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"

} // namespace mlir::tile

#endif // TILEMEM_DIALECT_TILE_TRANSFORMS_PASSES_H
