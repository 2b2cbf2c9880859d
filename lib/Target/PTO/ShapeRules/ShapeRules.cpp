//===- ShapeRules.cpp - the operands PTO cannot read as column blocks -----===//
//
// operandsReadDense (TranslateToPTO.h) reads the ShapeRule of each record of
// the emission table. It needs only the PTO op classes' declarations, so the
// storage pipeline's tile-materialize-column-blocks (and the mlir-opt
// plugin, which carries no PTO emitter) can link it alone.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Target/PTO/EmissionTable.h"

#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/Target/PTO/PTODialect.h"
#include "tilemem/Target/PTO/TranslateToPTO.h"

using namespace mlir;
using namespace mlir::pto;

namespace {
/// The operands of `op` that its record's ShapeRule makes agree in shape
/// with another tile_buf, in `PTOOps`: every tile of a OneTileType or
/// WholeRows op, the source of a SourceResultShape or SourceResultCols one. A
/// copy (pto.tmov) has its own fallback (FunctionEmitter::emitCopy).
template <typename... PTOOps>
SmallVector<unsigned> operandsReadDenseIn(Operation *op) {
  std::optional<SmallVector<unsigned>> result;
  auto tryOne = [&](auto tag) {
    using PTOOp = typename decltype(tag)::type;
    if constexpr (InEmissionTable<PTOOp>::value) {
      if (result || !isa<typename PTOOp::TileOp>(op))
        return;
      result.emplace();
      if constexpr (PTOOp::kForm == EmissionForm::Copy ||
                    PTOOp::kShapes == ShapeRule::Free)
        return;
      for (OpOperand &operand : op->getOpOperands()) {
        if (!isa<tile::TileType>(operand.get().getType()))
          continue;
        if (PTOOp::kShapes == ShapeRule::OneTileType ||
            PTOOp::kShapes == ShapeRule::WholeRows ||
            operand.getOperandNumber() == 0)
          result->push_back(operand.getOperandNumber());
      }
    }
  };
  (tryOne(TypeTag<PTOOps>()), ...);
  return result.value_or(SmallVector<unsigned>());
}
} // namespace

SmallVector<unsigned> mlir::tile::operandsReadDense(Operation *op) {
  return operandsReadDenseIn<
#define GET_OP_LIST
#include "tilemem/Target/PTO/PTOOps.cpp.inc"
      >(op);
}
