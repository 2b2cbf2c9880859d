//===- tile-translate.cpp - tilemem translations (mlir-translate style) ---===//
//
//   tile-translate --tile-to-pto [--pto-level=auto|level2|level3] in.mlir
//
//===----------------------------------------------------------------------===//

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

#include "tilemem/Target/PTO/TranslateToPTO.h"

int main(int argc, char **argv) {
  mlir::tile::registerTileToPTOTranslation();
  return mlir::failed(mlir::mlirTranslateMain(
      argc, argv, "tilemem translations: storage-legalized tile -> PTO\n"));
}
