//===- Diagnostics.cpp - diagnostics rendered for the C API ---------------===//

#include "Diagnostics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"

using namespace mlir;
using namespace mlir::tile::capi;

void mlir::tile::capi::printLocation(raw_ostream &os, Location loc) {
  // Names and call sites wrap the file location a user can open.
  for (unsigned hops = 0; hops < 64; ++hops) {
    if (auto file = dyn_cast<FileLineColLoc>(loc)) {
      os << file.getFilename().getValue() << ":" << file.getLine() << ":"
         << file.getColumn();
      return;
    }
    if (auto name = dyn_cast<NameLoc>(loc))
      loc = name.getChildLoc();
    else if (auto call = dyn_cast<CallSiteLoc>(loc))
      loc = call.getCallee();
    else
      break;
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

DiagnosticCollector::DiagnosticCollector(MLIRContext *context)
    : context(context), printOp(context->shouldPrintOpOnDiagnostic()) {
  context->printOpOnDiagnostic(false);
  handler = std::make_unique<ScopedDiagnosticHandler>(
      context, [this](Diagnostic &diag) {
        llvm::raw_string_ostream os(rendered);
        auto render = [&](Diagnostic &one) {
          printLocation(os, one.getLocation());
          os << ": " << severityName(one.getSeverity()) << ": " << one << "\n";
        };
        render(diag);
        for (Diagnostic &note : diag.getNotes())
          render(note);
        return success();
      });
}

DiagnosticCollector::~DiagnosticCollector() {
  handler.reset();
  context->printOpOnDiagnostic(printOp);
}
