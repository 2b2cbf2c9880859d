//===- Support.h - C API of tilemem's limits and pass options -----*- C -*-===//
//
// What the Python package needs to apply the same nesting limit, stack size
// and option spellings as the C++ tools (tilemem/Support/Limits.h,
// tilemem/Dialect/Tile/Transforms/PassOptions.h), and to restore a module
// when a pipeline fails.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_C_SUPPORT_H
#define TILEMEM_C_SUPPORT_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The tilemem version (project(tilemem VERSION ...) in CMakeLists.txt).
MLIR_CAPI_EXPORTED MlirStringRef tilememGetVersion(void);

/// The LLVM/MLIR version tilemem was built against.
MLIR_CAPI_EXPORTED MlirStringRef tilememGetLLVMVersion(void);

/// The deepest nesting tilemem accepts.
MLIR_CAPI_EXPORTED unsigned tilememMaxNestingDepth(void);

/// The stack size of the threads tilemem runs MLIR work on.
MLIR_CAPI_EXPORTED size_t tilememLargeStackBytes(void);

/// The bracket nesting of MLIR `text`: returns the deepest nesting and sets
/// `*firstOver` to the byte offset of the bracket where it first exceeds
/// `limit`, or to SIZE_MAX when it never does (and for bytecode).
MLIR_CAPI_EXPORTED unsigned
tilememTextNesting(MlirStringRef text, unsigned limit, size_t *firstOver);

/// The region nesting under `op`: returns the deepest nesting; when an op is
/// deeper than `limit`, passes the location of the first such op
/// (`file:line:col` for file locations) to `callback`.
MLIR_CAPI_EXPORTED unsigned tilememOpNesting(MlirOperation op, unsigned limit,
                                             MlirStringCallback callback,
                                             void *userData);

/// Gives `target` the regions and attributes of `snapshot` (a clone of
/// `target` taken before it changed); `snapshot` is left with empty regions.
/// Fails, changing nothing, when the two ops differ in name or number of
/// regions.
MLIR_CAPI_EXPORTED MlirLogicalResult
tilememRestoreOperation(MlirOperation target, MlirOperation snapshot);

/// Calls `callback` once per value the pass option `option` accepts:
/// "memory-planner" (the pipeline, tile-materialize-semantic-aliases),
/// "address-planner" (tile-allocate-memory-addr's memory-planner) or
/// "arch"; nothing for other names.
MLIR_CAPI_EXPORTED void tilememOptionValues(MlirStringRef option,
                                            MlirStringCallback callback,
                                            void *userData);

#ifdef __cplusplus
}
#endif

#endif // TILEMEM_C_SUPPORT_H
