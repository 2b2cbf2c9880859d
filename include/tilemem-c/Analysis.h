//===- Analysis.h - C API of the tilemem analyses -----------------*- C -*-===//

#ifndef TILEMEM_C_ANALYSIS_H
#define TILEMEM_C_ANALYSIS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Calls `callback` (possibly several times, with consecutive pieces) with a
/// JSON array holding the AllocationLifetimes of every function under `op`
/// that has a body and is not an orchestration function:
///   [{"function": "f", "loc": "k.mlir:1:1", "num_positions": N,
///     "positions": ["func.func", "arith.constant", ...],   (op per point,
///                   with `positions` only)
///     "allocations": [{"name": "%0", "space": "vec", "addr": 0 | null,
///                      "bytes": 256, "start": 2, "end": 7,
///                      "pinned": false, "touched": true,
///                      "op": "tile.add", "value": "%3",
///                      "loc": "k.mlir:5:10"}],
///     "regions": [{"kind": "for", "start": 3, "end": 6}],
///     "lower_bound": {"vec": 512, ...},
///     "peak_position": {"vec": 4, ...}}]
/// "op", "value" and "loc" name the first op filling the buffer (the
/// tile.alloc itself when none does), with its source location.
/// With `positions`, each function also has "positions": the op name at
/// every program point (for pictures; long for large functions).
MLIR_CAPI_EXPORTED void
tilememAllocationLifetimesJSON(MlirOperation op, bool positions,
                               MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // TILEMEM_C_ANALYSIS_H
