//===- DeadCode.cpp - erase what cannot affect a function's results -------===//
//
// See DeadCode.h.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Dialect/Tile/Transforms/DeadCode.h"
#include "tilemem/Analysis/TripCounts.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tile;

/// Moves the ops of `block` right before `op`, with the block's arguments
/// replaced by `arguments`, replaces `op`'s results with what the block's
/// terminator forwards (an scf.yield's operands, an scf.condition's
/// arguments), and erases `op`.
static void inlineBlockInPlaceOf(Operation *op, Block &block,
                                 ValueRange arguments) {
  for (auto [arg, value] : llvm::zip_equal(block.getArguments(), arguments))
    arg.replaceAllUsesWith(value);
  // Read after the arguments are replaced: a terminator may forward one.
  Operation *terminator = block.getTerminator();
  ValueRange forwarded = terminator->getOperands();
  if (auto condition = dyn_cast<scf::ConditionOp>(terminator))
    forwarded = condition.getArgs();
  SmallVector<Value> results(forwarded);
  terminator->erase();
  op->getBlock()->getOperations().splice(op->getIterator(),
                                         block.getOperations());
  op->replaceAllUsesWith(results);
  op->erase();
}

/// Replaces a loop or branch whose taken path is known statically; returns
/// whether it did.
static bool foldKnownControlFlow(Operation *op) {
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    std::optional<int64_t> trips = getConstantTripCount(forOp);
    if (!trips || *trips != 0)
      return false;
    forOp->replaceAllUsesWith(forOp.getInitArgs());
    forOp->erase();
    return true;
  }
  if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
    if (!isFalseOnEntry(whileOp))
      return false;
    // The before region runs once; its scf.condition forwards the results.
    Block &before = whileOp.getBefore().front();
    inlineBlockInPlaceOf(whileOp, before, whileOp.getInits());
    return true;
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    APInt condition;
    if (!matchPattern(ifOp.getCondition(), m_ConstantInt(&condition)))
      return false;
    Region &taken =
        condition.isZero() ? ifOp.getElseRegion() : ifOp.getThenRegion();
    if (taken.empty()) { // no else arm, and no results
      ifOp->erase();
      return true;
    }
    inlineBlockInPlaceOf(ifOp, taken.front(), {});
    return true;
  }
  return false;
}

unsigned mlir::tile::eraseDeadCode(func::FuncOp function) {
  unsigned erased = 0;
  // Post-order in reverse: an op's users (later in its block, or nested in
  // later ops) are visited before it, so its results are unused by then if
  // they are only used by dead code. The current op may be erased.
  function.walk<WalkOrder::PostOrder, ReverseIterator>([&](Operation *op) {
    if (op == function)
      return;
    if (isOpTriviallyDead(op)) {
      op->erase();
      ++erased;
      return;
    }
    if (foldKnownControlFlow(op))
      ++erased;
  });
  return erased;
}
