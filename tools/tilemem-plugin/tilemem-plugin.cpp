//===- tilemem-plugin.cpp - tilemem as an mlir-opt plugin -----------------===//
//
//   mlir-opt --load-dialect-plugin=TilememPlugin.so \
//            --load-pass-plugin=TilememPlugin.so --pass-pipeline=...
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Dialect/Tile/Transforms/Pipelines.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Tilemem", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            registry->insert<mlir::tile::TileDialect>();
            mlir::tile::registerTilePasses();
            mlir::tile::registerTilePipelines();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TilememPasses", LLVM_VERSION_STRING, []() {
            mlir::tile::registerTilePasses();
            mlir::tile::registerTilePipelines();
          }};
}
