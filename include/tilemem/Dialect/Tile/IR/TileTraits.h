//===- TileTraits.h - storage property traits of tile ops -------*- C++ -*-===//
//
// Traits declaring each op's storage contract (see TileBase.td). Parametric
// traits expose their parameters as static members, which the default
// implementations of StorageContractInterface read: analyses query the
// interface, never op names.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_DIALECT_TILE_IR_TILETRAITS_H
#define TILEMEM_DIALECT_TILE_IR_TILETRAITS_H

#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/STLExtras.h"
#include <optional>

#include "tilemem/Dialect/Tile/IR/TileEnums.h.inc"

namespace mlir::tile {

template <typename ConcreteType>
class NotInPlaceSafe : public OpTrait::TraitBase<ConcreteType, NotInPlaceSafe> {
};

template <typename ConcreteType>
class MetadataOnly : public OpTrait::TraitBase<ConcreteType, MetadataOnly> {};

template <typename ConcreteType>
class FirstInputAlias
    : public OpTrait::TraitBase<ConcreteType, FirstInputAlias> {};

template <unsigned Index, bool WriteOnly> struct WritebackOperand {
  template <typename ConcreteType>
  class Impl : public OpTrait::TraitBase<ConcreteType, Impl> {
  public:
    static constexpr unsigned kWritebackOperandIndex = Index;
    static constexpr bool kWritebackWriteOnly = WriteOnly;
  };
};

template <unsigned Index> struct ForbidOutputAlias {
  template <typename ConcreteType>
  class Impl : public OpTrait::TraitBase<ConcreteType, Impl> {
  public:
    static constexpr unsigned kForbiddenAliasOperand = Index;
  };
};

template <MemorySpace Space> struct FixedOutputSpace {
  template <typename ConcreteType>
  class Impl : public OpTrait::TraitBase<ConcreteType, Impl> {
  public:
    static constexpr MemorySpace kFixedOutputSpace = Space;
    static LogicalResult verifyTrait(Operation *op);
  };
};

/// How a view's elements sit in its source's storage: element (i, j) of the
/// view is at `offset + i * rowStride + j * colStride` elements from the
/// source's first element. `valid` is false when the view cannot be formed
/// (a reshape of a strided view).
struct AliasLayout {
  int64_t offset = 0;
  int64_t rowStride = 0;
  int64_t colStride = 1;
  bool valid = true;
};

namespace detail {
LogicalResult verifyFixedOutputSpace(Operation *op, MemorySpace space);
LogicalResult verifyAllocatingOp(Operation *op);
/// Byte size of the first result's payload (0 when it is not a tile).
int64_t resultStorageBytes(Operation *op);

template <typename T> using writeback_t = decltype(T::kWritebackOperandIndex);
template <typename T>
using forbidden_alias_t = decltype(T::kForbiddenAliasOperand);
template <typename T> using fixed_space_t = decltype(T::kFixedOutputSpace);

template <typename T>
using alias_layout_t = decltype(std::declval<T &>().computeAliasLayout(
    std::declval<AliasLayout>()));

/// The layout of a first-input alias result given its source's; ops without
/// a `computeAliasLayout` method (assemble) keep the source's layout.
template <typename Op> AliasLayout aliasLayoutOf(Op op, AliasLayout source) {
  if constexpr (llvm::is_detected<alias_layout_t, Op>::value)
    return op.computeAliasLayout(source);
  source.offset = 0;
  return source;
}
template <typename Op> constexpr std::optional<unsigned> writebackOperandOf() {
  if constexpr (llvm::is_detected<writeback_t, Op>::value)
    return Op::kWritebackOperandIndex;
  return std::nullopt;
}
/// Where an op of kind Op writes storage (StorageContractInterface's
/// getWrittenLocator): result 0 for a data-writing allocating producer;
/// kWrittenOperand | i for the operand i a writeback (or a data-writing
/// first-input alias, operand 0) updates in place; kNoWrite for
/// declarations and metadata views. A fact of the op's kind, so it is
/// computed once per kind rather than by trait queries per op.
constexpr unsigned kWrittenOperand = 1u << 31, kNoWrite = ~0u;
template <typename Op> constexpr unsigned writtenLocatorOf(bool allocating) {
  bool metadataOnly = Op::template hasTrait<MetadataOnly>();
  if (allocating)
    return metadataOnly ? kNoWrite : 0;
  std::optional<unsigned> updated = writebackOperandOf<Op>();
  if (!updated && Op::template hasTrait<FirstInputAlias>() && !metadataOnly)
    updated = 0;
  return updated ? kWrittenOperand | *updated : kNoWrite;
}
template <typename T>
using covers_whole_t = decltype(std::declval<T &>().coversWholeOperand());

/// A write-only writeback overwrites its operand without reading it; an op
/// that can write only part of it (`coversWholeOperand`) is write-only just
/// when it writes all of it: otherwise the untouched part flows into the
/// result, which reads the old payload.
template <typename Op> bool isWriteOnlyOperandOf(Op op, unsigned index) {
  if constexpr (llvm::is_detected<writeback_t, Op>::value) {
    if (!Op::kWritebackWriteOnly || index != Op::kWritebackOperandIndex)
      return false;
    if constexpr (llvm::is_detected<covers_whole_t, Op>::value)
      return op.coversWholeOperand();
    return true;
  }
  return false;
}
template <typename Op> bool forbidsOutputAliasOf(unsigned index) {
  if constexpr (llvm::is_detected<forbidden_alias_t, Op>::value)
    return index == Op::kForbiddenAliasOperand;
  return false;
}
template <typename Op> std::optional<MemorySpace> fixedOutputSpaceOf() {
  if constexpr (llvm::is_detected<fixed_space_t, Op>::value)
    return Op::kFixedOutputSpace;
  return std::nullopt;
}
} // namespace detail

template <MemorySpace Space>
template <typename ConcreteType>
LogicalResult
FixedOutputSpace<Space>::Impl<ConcreteType>::verifyTrait(Operation *op) {
  return detail::verifyFixedOutputSpace(op, Space);
}

} // namespace mlir::tile

#endif // TILEMEM_DIALECT_TILE_IR_TILETRAITS_H
