//===- Dialects.h - C API of the tile dialect and its passes ------*- C -*-===//

#ifndef TILEMEM_C_DIALECTS_H
#define TILEMEM_C_DIALECTS_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Tile, tile);

/// Registers the tile dialect and the upstream dialects tile programs use
/// (func, arith, scf) into `registry`.
MLIR_CAPI_EXPORTED void tilememRegisterDialects(MlirDialectRegistry registry);

/// Registers every tilemem pass with the global pass registry.
MLIR_CAPI_EXPORTED void tilememRegisterPasses(void);

//===----------------------------------------------------------------------===//
// Types: !tile.tile<RxCxT, space>, !tile.buffer<space, size[, slots = N]>,
// !tile.tensor<RxCxT>. The Get functions check the parameters as the
// parser does: on invalid ones they return a null type and pass the
// verifier's diagnostics (rendered lines, as tilememParseModule) to
// `diagnostics`. Spaces are spelled as in the IR ("vec", "mat", ...).
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool tilememTypeIsATileType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID tilememTileTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirType
tilememTileTypeGet(MlirContext context, intptr_t rank, const int64_t *shape,
                   MlirType elementType, MlirStringRef space,
                   MlirStringCallback diagnostics, void *userData);
MLIR_CAPI_EXPORTED intptr_t tilememTileTypeGetRank(MlirType type);
MLIR_CAPI_EXPORTED int64_t tilememTileTypeGetDim(MlirType type, intptr_t dim);
MLIR_CAPI_EXPORTED MlirType tilememTileTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED MlirStringRef tilememTileTypeGetSpace(MlirType type);
MLIR_CAPI_EXPORTED int64_t tilememTileTypeGetSizeInBytes(MlirType type);

MLIR_CAPI_EXPORTED bool tilememTypeIsABufferType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID tilememBufferTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirType tilememBufferTypeGet(MlirContext context,
                                                 MlirStringRef space,
                                                 int64_t size, int64_t slots,
                                                 MlirStringCallback diagnostics,
                                                 void *userData);
MLIR_CAPI_EXPORTED MlirStringRef tilememBufferTypeGetSpace(MlirType type);
MLIR_CAPI_EXPORTED int64_t tilememBufferTypeGetSize(MlirType type);
MLIR_CAPI_EXPORTED int64_t tilememBufferTypeGetSlots(MlirType type);

MLIR_CAPI_EXPORTED bool tilememTypeIsATensorType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID tilememTensorTypeGetTypeID(void);
/// `window`: the communication window of a distributed tensor, or an empty
/// string for a plain one.
MLIR_CAPI_EXPORTED MlirType
tilememTensorTypeGet(MlirContext context, intptr_t rank, const int64_t *shape,
                     MlirType elementType, MlirStringRef window,
                     MlirStringCallback diagnostics, void *userData);
/// The communication window's name, empty for a plain tensor.
MLIR_CAPI_EXPORTED MlirStringRef tilememTensorTypeGetWindow(MlirType type);
MLIR_CAPI_EXPORTED intptr_t tilememTensorTypeGetRank(MlirType type);
MLIR_CAPI_EXPORTED int64_t tilememTensorTypeGetDim(MlirType type, intptr_t dim);
MLIR_CAPI_EXPORTED MlirType tilememTensorTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED int64_t tilememTensorTypeGetSizeInBytes(MlirType type);

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
