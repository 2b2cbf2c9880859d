//===- TileDialect.h - the tile dialect -------------------------*- C++ -*-===//

#ifndef TILEMEM_DIALECT_TILE_IR_TILEDIALECT_H
#define TILEMEM_DIALECT_TILE_IR_TILEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tilemem/Dialect/Tile/IR/TileTraits.h"

#include "tilemem/Dialect/Tile/IR/TileDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tilemem/Dialect/Tile/IR/TileTypes.h.inc"

namespace mlir::tile {
class AllocatingOpInterface;
/// Target architectures and the copies each can implement.
enum class TargetArch { A3, A5 };
namespace detail {
/// The memory effects of an allocating producer: none without a
/// destination (tile values are value-semantic), a write of the destination
/// buffer with one (a read of it for the metadata-only tile.create, whose
/// payload is what the buffer holds).
void getDestinationEffects(
    Operation *op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects);
} // namespace detail
} // namespace mlir::tile

#include "tilemem/Dialect/Tile/IR/TileInterfaces.h.inc"

#define GET_OP_CLASSES
#include "tilemem/Dialect/Tile/IR/TileOps.h.inc"

namespace mlir::tile {
std::optional<TargetArch> parseTargetArch(llvm::StringRef name);
/// The architecture named by the enclosing module's `tile.target_arch`.
std::optional<TargetArch> getTargetArch(Operation *op);
/// Whether `tile.move` can copy from `from` to `to`. Without an architecture,
/// whether any supported target can.
bool isLegalMove(MemorySpace from, MemorySpace to,
                 std::optional<TargetArch> arch);
/// The parts of A5's tile.cmp scratch tile (CmpOp::getScratchTileType), which
/// ptoas's A5 pto.tcmp needs besides the mask: it wants a destination of its
/// sources' shape, whose rows are as long as their columns, not those of
/// tile.cmp's mask. The sources are compared `width` = C' = align(C, 32)
/// columns wide (pto-isa has no i8 tile of shorter rows); when C is not C',
/// from R x C' copies at `lhsCopyOffset` and `rhsCopyOffset` (one copy, at the
/// same offset, when both operands are one value). The R x C' i8 destination is
/// at `destinationOffset`, or the mask itself when C' is its row length.
/// `bytes` is the whole tile's size (0: no scratch tile).
struct A5CompareScratch {
  int64_t width;
  std::optional<int64_t> lhsCopyOffset, rhsCopyOffset;
  std::optional<int64_t> destinationOffset;
  int64_t bytes;
};
A5CompareScratch getA5CompareScratch(CmpOp compare);
/// Whether `op` is a region op the storage rules cover: scf.for, scf.while
/// and scf.if (the storage preconditions reject every other scf region op).
bool isStorageRegionOp(Operation *op);
/// Whether `func` is an orchestration function that storage passes skip.
bool isOrchestrationFunction(Operation *func);
/// The value of `value` if it is an integer constant that fits in int64_t;
/// nothing for any other value, a wider constant (an i128 one) included, so
/// that a caller treats it as unknown. (MLIR's getConstantIntValue asserts
/// on such a constant.)
std::optional<int64_t> getConstantInt64(Value value);
/// Whether `alloc` is user storage: `pinned` or with a user `addr` (before
/// address planning every `addr` is the user's). No pass places another
/// value into it or moves one out, merges it with another allocation, or
/// changes its address; planners treat its address as a fixed obstacle.
inline bool isUserStorage(AllocOp alloc) {
  return alloc.getPinned() || alloc.getAddr().has_value();
}
} // namespace mlir::tile

#endif // TILEMEM_DIALECT_TILE_IR_TILEDIALECT_H
