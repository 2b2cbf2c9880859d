//===- tile-opt.cpp - the tilemem optimizer driver ------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Dialect/Tile/Transforms/Pipelines.h"

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::tile::registerTilePasses();
  mlir::tile::registerTilePipelines();

  mlir::DialectRegistry registry;
  registry.insert<mlir::tile::TileDialect, mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::scf::SCFDialect>();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "tilemem optimizer: storage planning for tile programs\n",
      registry));
}
