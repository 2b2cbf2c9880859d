//===- Target.cpp - C API of the tilemem translations ---------------------===//

#include "tilemem-c/Dialects.h"

#include "Diagnostics.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "tilemem/Target/PTO/TranslateToPTO.h"

using namespace mlir;

MlirLogicalResult tilememTranslateToPTO(MlirModule module, MlirStringRef level,
                                        MlirStringCallback callback,
                                        void *userData,
                                        MlirStringCallback diagnostics,
                                        void *diagnosticsUserData) {
  ModuleOp op = unwrap(module);
  LogicalResult result = failure();
  std::string text, rendered;
  {
    // Collects the diagnostics instead of printing them.
    tile::capi::DiagnosticCollector collector(op.getContext());
    std::optional<tile::PTOLevel> parsed = tile::parsePTOLevel(unwrap(level));
    if (!parsed) {
      llvm::raw_string_ostream os(rendered);
      tile::capi::printLocation(os, op.getLoc());
      os << ": error: unknown PTO level '" << unwrap(level)
         << "' (expected auto, level2 or level3)\n";
    } else {
      llvm::raw_string_ostream out(text);
      result = tile::translateToPTO(op, out, tile::PTOEmitOptions{*parsed});
      rendered = collector.getRendered();
    }
  }
  if (failed(result)) {
    diagnostics(wrap(StringRef(rendered)), diagnosticsUserData);
    return wrap(failure());
  }
  callback(wrap(StringRef(text)), userData);
  return wrap(success());
}
