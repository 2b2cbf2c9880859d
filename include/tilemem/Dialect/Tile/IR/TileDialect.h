//===- TileDialect.h - the tile dialect -------------------------*- C++ -*-===//

#ifndef TILEMEM_DIALECT_TILE_IR_TILEDIALECT_H
#define TILEMEM_DIALECT_TILE_IR_TILEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tilemem/Dialect/Tile/IR/TileTraits.h"

#include "tilemem/Dialect/Tile/IR/TileDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tilemem/Dialect/Tile/IR/TileTypes.h.inc"

namespace mlir::tile {
class AllocatingOpInterface;
} // namespace mlir::tile

#include "tilemem/Dialect/Tile/IR/TileInterfaces.h.inc"

#define GET_OP_CLASSES
#include "tilemem/Dialect/Tile/IR/TileOps.h.inc"

namespace mlir::tile {
/// Target architectures and the copies each can implement.
enum class TargetArch { A3, A5 };
std::optional<TargetArch> parseTargetArch(llvm::StringRef name);
/// The architecture named by the enclosing module's `tile.target_arch`.
std::optional<TargetArch> getTargetArch(Operation *op);
/// Whether `tile.move` can copy from `from` to `to`. Without an architecture,
/// whether any supported target can.
bool isLegalMove(MemorySpace from, MemorySpace to,
                 std::optional<TargetArch> arch);
/// Whether `func` is an orchestration function that storage passes skip.
bool isOrchestrationFunction(Operation *func);
} // namespace mlir::tile

#endif // TILEMEM_DIALECT_TILE_IR_TILEDIALECT_H
