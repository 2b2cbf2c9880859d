//===- InitAllDialects.h - the dialects of a tile program -------*- C++ -*-===//
//
// The dialects a tile program is written in: tile, with func, scf and arith
// around it. tile-opt, tile-reduce, tile-translate and the C API (the Python
// bindings) register this one list, so every tool reads the same programs.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_INITALLDIALECTS_H
#define TILEMEM_INITALLDIALECTS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"

#include "tilemem/Dialect/Tile/IR/TileDialect.h"

namespace mlir::tile {

inline void registerTileProgramDialects(DialectRegistry &registry) {
  registry.insert<TileDialect, arith::ArithDialect, func::FuncDialect,
                  scf::SCFDialect>();
}

} // namespace mlir::tile

#endif // TILEMEM_INITALLDIALECTS_H
