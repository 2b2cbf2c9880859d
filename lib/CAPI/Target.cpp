//===- Target.cpp - C API of the tilemem translations ---------------------===//

#include "tilemem-c/Dialects.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "tilemem/Target/PTO/TranslateToPTO.h"

using namespace mlir;

/// `file:line:col` for file locations (what a user opens), MLIR's spelling
/// otherwise.
static void printLocation(raw_ostream &os, Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc)) {
    os << file.getFilename().getValue() << ":" << file.getLine() << ":"
       << file.getColumn();
    return;
  }
  loc.print(os);
}

static StringRef severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

MlirLogicalResult tilememTranslateToPTO(MlirModule module, MlirStringRef level,
                                        MlirStringCallback callback,
                                        void *userData,
                                        MlirStringCallback diagnostics,
                                        void *diagnosticsUserData) {
  ModuleOp op = unwrap(module);
  std::string rendered;
  llvm::raw_string_ostream os(rendered);
  auto render = [&](Diagnostic &diag) {
    printLocation(os, diag.getLocation());
    os << ": " << severityName(diag.getSeverity()) << ": " << diag << "\n";
  };
  LogicalResult result = failure();
  std::string text;
  // The diagnostics are for users: no dump of the op in generic form.
  MLIRContext *context = op.getContext();
  bool printOp = context->shouldPrintOpOnDiagnostic();
  context->printOpOnDiagnostic(false);
  {
    // Collects the diagnostics instead of printing them.
    ScopedDiagnosticHandler handler(op.getContext(), [&](Diagnostic &diag) {
      render(diag);
      for (Diagnostic &note : diag.getNotes())
        render(note);
      return success();
    });
    std::optional<tile::PTOLevel> parsed = tile::parsePTOLevel(unwrap(level));
    if (!parsed) {
      os << "unknown PTO level '" << unwrap(level)
         << "' (expected auto, level2 or level3)\n";
    } else {
      llvm::raw_string_ostream out(text);
      result = tile::translateToPTO(op, out, tile::PTOEmitOptions{*parsed});
    }
  }
  context->printOpOnDiagnostic(printOp);
  if (failed(result)) {
    diagnostics(wrap(StringRef(rendered)), diagnosticsUserData);
    return wrap(failure());
  }
  callback(wrap(StringRef(text)), userData);
  return wrap(success());
}
