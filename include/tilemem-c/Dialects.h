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

#ifdef __cplusplus
}
#endif

#endif // TILEMEM_C_DIALECTS_H
