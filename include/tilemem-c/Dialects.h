//===- Dialects.h - C API of the tile dialect and its passes ------*- C -*-===//

#ifndef TILEMEM_C_DIALECTS_H
#define TILEMEM_C_DIALECTS_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Tile, tile);

/// Registers the tile dialect and the upstream dialects tile programs use
/// (func, arith, scf) into `registry`.
MLIR_CAPI_EXPORTED void tilememRegisterDialects(MlirDialectRegistry registry);

/// Registers every tilemem pass with the global pass registry.
MLIR_CAPI_EXPORTED void tilememRegisterPasses(void);

/// Translates the storage-legalized `module` to PTO text (`level` is "auto",
/// "level2" or "level3"). On success passes the text to `callback` and
/// returns success; on failure passes the rendered diagnostics (one per
/// line, `file:line:col: error: message`) to `diagnostics`, writes no text
/// and returns failure. The module is never modified.
MLIR_CAPI_EXPORTED MlirLogicalResult tilememTranslateToPTO(
    MlirModule module, MlirStringRef level, MlirStringCallback callback,
    void *userData, MlirStringCallback diagnostics, void *diagnosticsUserData);

#ifdef __cplusplus
}
#endif

#endif // TILEMEM_C_DIALECTS_H
