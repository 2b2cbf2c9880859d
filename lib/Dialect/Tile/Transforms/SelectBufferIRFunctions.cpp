//===- SelectBufferIRFunctions.cpp - whole-kernel Buffer-IR selection -----===//

#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Support/Walk.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILESELECTBUFFERIRFUNCTIONS
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

/// Why `op` keeps its kernel on the Tile path, or null if it is supported.
static const char *unsupported(Operation *op) {
  if (auto alloc = dyn_cast<AllocOp>(op)) {
    if (alloc.getPinned())
      return "pinned allocation";
    if (alloc.getResult().getType().getSlots() != 1)
      return "multi-slot buffer";
    return nullptr;
  }
  if (auto scope = dyn_cast<ScopeOp>(op))
    return scope.getBody().hasOneBlock() ? nullptr : "multi-block scope";
  // (An unregistered op has no dialect.)
  if (isa_and_nonnull<TileDialect, arith::ArithDialect>(op->getDialect()))
    return nullptr;
  if (isa<scf::ForOp, scf::WhileOp, scf::IfOp, scf::YieldOp, scf::ConditionOp,
          func::ReturnOp>(op))
    return nullptr;
  return "unsupported op";
}

namespace {
struct SelectBufferIRFunctionsPass
    : public mlir::tile::impl::TileSelectBufferIRFunctionsBase<
          SelectBufferIRFunctionsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    bool selected = enableBufferIR && !function.isExternal() &&
                    !isOrchestrationFunction(function) &&
                    !tile::walk(function, [&](Operation *op) {
                       return op != function && unsupported(op)
                                  ? WalkResult::interrupt()
                                  : WalkResult::advance();
                     }).wasInterrupted();
    if (selected) {
      function->setAttr(TileDialect::kBufferIRAttrName,
                        UnitAttr::get(&getContext()));
      ++numSelected;
    } else {
      function->removeAttr(TileDialect::kBufferIRAttrName);
      ++numRejected;
    }
  }
};
} // namespace
