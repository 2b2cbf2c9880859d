//===- Contract.h - C API of the tile dialect's contract ----------*- C -*-===//
//
// The facts the Python package needs about the dialect, read from the C++
// definitions so that Python never writes them again: each op's storage
// contract (the traits of TileBase.td and the interfaces of
// TileInterfaces.td), the element types and memory spaces of the types, the
// capacity of every space per target arch, and the planner and arch names
// of the pass options (PassOptions.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_C_CONTRACT_H
#define TILEMEM_C_CONTRACT_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Calls `callback` (possibly several times, with consecutive pieces) with
/// a JSON object:
///   {"ops": [{"name": "tile.add", "allocating": true,
///             "first_input_alias": false, "metadata_only": false,
///             "not_in_place_safe": false, "writeback_operand": null | 0,
///             "write_only": "never" | "always" | "when-covering",
///             "forbidden_alias_operands": [1],
///             "fixed_output_space": "vec" | null}, ...],
///    "spaces": ["vec", ...], "element_types": ["f16", ...],
///    "capacities": {"a3": {"vec": 188416, ...}, "a5": {...}},
///    "planners": [...], "address_planners": [...],
///    "arches": ["a3", "a5"], "arch_values": ["auto", "a3", "a5"]}
/// "write_only": whether a writeback overwrites its operand without reading
/// it ("when-covering": when the result covers the whole operand, e.g. a
/// store of a tile as large as its tensor).
MLIR_CAPI_EXPORTED void tilememDialectContractJSON(MlirStringCallback callback,
                                                   void *userData);

#ifdef __cplusplus
}
#endif

#endif // TILEMEM_C_CONTRACT_H
