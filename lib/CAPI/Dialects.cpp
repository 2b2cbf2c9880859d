//===- Dialects.cpp - C API of the tile dialect ---------------------------===//

#include "tilemem-c/Dialects.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "tilemem/Dialect/Tile/IR/TileDialect.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tile, tile, mlir::tile::TileDialect)

void tilememRegisterDialects(MlirDialectRegistry registry) {
  unwrap(registry)
      ->insert<mlir::tile::TileDialect, mlir::arith::ArithDialect,
               mlir::func::FuncDialect, mlir::scf::SCFDialect>();
}
