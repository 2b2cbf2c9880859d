//===- Support.h - C API of tilemem's support functions ----------*- C -*-===//
//
// What the Python package needs besides the dialect and the passes: the
// version, parsing with file names in the locations, the nesting limit and
// stack size of the C++ tools (tilemem/Support/Limits.h), counting ops, and
// restoring a module when a pipeline fails.
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

/// Parses `text` as a module whose locations name `sourceName` (a file
/// path, or "<string>"), verifying it. On failure returns a null module and
/// passes the diagnostics to `diagnostics`, rendered as lines
/// `file:line:col: error: message` (notes follow their error).
MLIR_CAPI_EXPORTED MlirModule tilememParseModule(MlirContext context,
                                                 MlirStringRef text,
                                                 MlirStringRef sourceName,
                                                 MlirStringCallback diagnostics,
                                                 void *userData);

/// The ops named `name` nested under `op` (`op` itself not counted).
MLIR_CAPI_EXPORTED size_t tilememCountOps(MlirOperation op, MlirStringRef name);

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

/// Erases every op nested in `op`, leaving its regions' blocks empty, in
/// O(N) (dropping a deep nest whole is O(N x depth) upstream).
MLIR_CAPI_EXPORTED void tilememEraseNestedOps(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif // TILEMEM_C_SUPPORT_H
