//===- tile-translate.cpp - tilemem translations (mlir-translate style) ---===//
//
//   tile-translate --tile-to-pto [--pto-level=auto|level2|level3] in.mlir
//
// The whole driver runs on a thread with a large stack; `--tile-to-pto`
// checks the input's nesting before parsing it (tilemem/Support/Limits.h).
//
//===----------------------------------------------------------------------===//

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

#include "tilemem/Support/Limits.h"
#include "tilemem/Support/Version.h"
#include "tilemem/Target/PTO/TranslateToPTO.h"

int main(int argc, char **argv) {
  mlir::tile::registerTileToPTOTranslation();
  mlir::tile::registerTilememVersionPrinter("tile-translate");
  mlir::LogicalResult result = mlir::failure();
  mlir::tile::runOnLargeStack([&] {
    result = mlir::mlirTranslateMain(
        argc, argv, "tilemem translations: storage-legalized tile -> PTO\n");
  });
  return mlir::failed(result);
}
