//===- Analysis.h - C API of the tilemem analyses -----------------*- C -*-===//

#ifndef TILEMEM_C_ANALYSIS_H
#define TILEMEM_C_ANALYSIS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Calls `callback` (possibly several times, with consecutive pieces) with a
/// JSON array holding the AllocationLifetimes of every function under `op`
/// that has a body and is not an orchestration function:
///   [{"function": "f", "num_positions": N,
///     "allocations": [{"name": "%0", "space": "vec", "addr": 0 | null,
///                      "bytes": 256, "start": 2, "end": 7,
///                      "pinned": false}],
///     "regions": [{"kind": "for", "start": 3, "end": 6}],
///     "lower_bound": {"vec": 512, ...},
///     "peak_position": {"vec": 4, ...}}]
MLIR_CAPI_EXPORTED void
tilememAllocationLifetimesJSON(MlirOperation op, MlirStringCallback callback,
                               void *userData);

#ifdef __cplusplus
}
#endif

#endif // TILEMEM_C_ANALYSIS_H
