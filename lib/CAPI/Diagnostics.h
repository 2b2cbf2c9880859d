//===- Diagnostics.h - diagnostics rendered for the C API -------*- C++ -*-===//
//
// The C API functions that can fail (parsing, PTO emission) collect their
// diagnostics instead of printing them and hand them to the caller as lines
// `file:line:col: severity: message`, each diagnostic followed by its notes:
// the format the C++ tools print, which tilemem.errors reads back.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_LIB_CAPI_DIAGNOSTICS_H
#define TILEMEM_LIB_CAPI_DIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::tile::capi {

/// `file:line:col` for file locations (what a user opens; looking through
/// names and call sites), MLIR's spelling otherwise.
void printLocation(llvm::raw_ostream &os, Location loc);

/// While alive, collects every diagnostic of `context` (and its notes) as
/// rendered lines, and keeps the context from appending the failing op to
/// its diagnostics (the lines are for users).
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *context);
  ~DiagnosticCollector();
  const std::string &getRendered() const { return rendered; }

private:
  MLIRContext *context;
  bool printOp;
  std::string rendered;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
};

} // namespace mlir::tile::capi

#endif // TILEMEM_LIB_CAPI_DIAGNOSTICS_H
