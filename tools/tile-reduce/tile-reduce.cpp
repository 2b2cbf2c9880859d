//===- tile-reduce.cpp - mlir-reduce with the tile dialect ----------------===//
//
// Shrinks a failing tile program while an interestingness script still
// says it fails (MLIR's mlir-reduce with tilemem's dialects and passes):
//
//   tile-reduce in.mlir --test=scripts/reduce-interesting.sh \
//     --test-arg='<pattern>' -reduction-tree='traversal-mode=0 test=...'
//
// See docs/development.md, "Reducing a failing program".
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/InitAllDialects.h"

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::tile::registerTilePasses();
  mlir::DialectRegistry registry;
  mlir::tile::registerTileProgramDialects(registry);
  // --inline (registered with the upstream transforms) needs func's inliner.
  mlir::func::registerInlinerExtension(registry);
  mlir::MLIRContext context(registry);
  if (mlir::succeeded(mlir::mlirReduceMain(argc, argv, context)))
    return 0;
  // mlir-reduce fails without a word when the test does not find the input
  // interesting (its reduction tree stops at the root); an input it cannot
  // read or a pipeline it cannot parse has printed its error already.
  llvm::errs() << "tile-reduce: nothing reduced: unless an error is printed "
                  "above, the test found the input itself not interesting "
                  "(mlir-reduce's convention: the test exits 1 for an "
                  "interesting input, 0 for one that is not)\n";
  return 1;
}
