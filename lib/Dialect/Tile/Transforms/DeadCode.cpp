//===- DeadCode.cpp - erase what cannot affect a function's results -------===//
//
// See DeadCode.h.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Dialect/Tile/Transforms/DeadCode.h"
#include "tilemem/Analysis/TripCounts.h"
#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/Support/Walk.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"

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

namespace {
/// Which values and ops of a function something observable depends on:
/// marking from the roots (the function's return, ops with memory effects,
/// ops of unknown effect) backwards through operands, through region
/// terminators to the results and carries that need them, and outwards to
/// the loops and branches that hold a live op (their conditions and bounds).
/// A result of a branch or scope is live only if used; a loop carry only if
/// its result or its iteration argument is used by something live. O(N + U):
/// each value and op is marked once.
class Liveness {
public:
  explicit Liveness(func::FuncOp function) : function(function) {}

  void run() {
    tile::walk(function, [&](Operation *op) {
      if (op != function && isRoot(op))
        markOp(op);
    });
    while (!ops.empty() || !values.empty()) {
      if (!values.empty()) {
        Value value = values.pop_back_val();
        visitValue(value);
        continue;
      }
      visitOp(ops.pop_back_val());
    }
  }

  bool isLive(Operation *op) const { return liveOps.contains(op); }
  bool isLive(Value value) const { return liveValues.contains(value); }

private:
  /// Ops whose effect is observable however their results are used.
  static bool isRoot(Operation *op) {
    if (isa<func::ReturnOp>(op))
      return true;
    if (isa<scf::YieldOp, scf::ConditionOp, ScopeYieldOp>(op))
      return false; // live through the results they deliver
    if (isa<scf::IfOp, scf::ForOp, scf::WhileOp, ScopeOp>(op))
      return false; // live through their results or a live op inside
    if (op->getNumRegions() != 0)
      return true; // an op we do not model: keep it and all it holds
    return !wouldOpBeTriviallyDead(op);
  }

  void markOp(Operation *op) {
    if (op != function.getOperation() && liveOps.insert(op).second)
      ops.push_back(op);
  }
  void markValue(Value value) {
    if (liveValues.insert(value).second)
      values.push_back(value);
  }
  void markCarry(scf::ForOp loop, unsigned index) {
    markValue(loop.getInitArgs()[index]);
    markValue(loop.getRegionIterArgs()[index]);
    markValue(loop.getResult(index));
    markValue(loop.getBody()->getTerminator()->getOperand(index));
  }

  void visitOp(Operation *op) {
    markOp(op->getParentOp());
    if (auto ifOp = dyn_cast<scf::IfOp>(op))
      return markValue(ifOp.getCondition());
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      markValue(forOp.getLowerBound());
      markValue(forOp.getUpperBound());
      markValue(forOp.getStep());
      return;
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      // Carries of a while are kept whole: its two regions forward them
      // in both directions.
      for (Value operand : whileOp->getOperands())
        markValue(operand);
      for (Operation *terminator : {whileOp.getConditionOp().getOperation(),
                                    whileOp.getYieldOp().getOperation()})
        for (Value operand : terminator->getOperands())
          markValue(operand);
      return;
    }
    if (isa<ScopeOp>(op))
      return;
    if (op->getNumRegions() != 0) {
      // Unknown region op: everything it holds is live.
      tile::walk(op, [&](Operation *nested) {
        if (nested != op)
          markOp(nested);
      });
    }
    for (Value operand : op->getOperands())
      markValue(operand);
  }

  void visitValue(Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      Operation *owner = arg.getOwner()->getParentOp();
      if (auto forOp = dyn_cast<scf::ForOp>(owner);
          forOp && arg.getArgNumber() > 0)
        markCarry(forOp, arg.getArgNumber() - 1);
      markOp(owner);
      return;
    }
    auto result = cast<OpResult>(value);
    Operation *def = result.getOwner();
    unsigned index = result.getResultNumber();
    markOp(def);
    if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
      markValue(ifOp.thenYield().getOperand(index));
      if (!ifOp.getElseRegion().empty())
        markValue(ifOp.elseYield().getOperand(index));
    } else if (auto scope = dyn_cast<ScopeOp>(def)) {
      markValue(scope.getBody().front().getTerminator()->getOperand(index));
    } else if (auto forOp = dyn_cast<scf::ForOp>(def)) {
      markCarry(forOp, index);
    }
  }

  func::FuncOp function;
  llvm::DenseSet<Value> liveValues;
  llvm::DenseSet<Operation *> liveOps;
  SmallVector<Value> values;
  SmallVector<Operation *> ops;
};
} // namespace

/// Rebuilds a live scf.if, tile.scope or scf.for without its dead results
/// (and, for the loop, their carries): their yield operands are already
/// gone, and nothing live uses the dead results or iteration arguments. The
/// old op and the loop body's dead arguments are left for the caller to
/// erase once every op is rebuilt: a dead carry's initializer can be another
/// rebuilt op's dead result or an enclosing loop's dead argument.
static Operation *rebuildWithoutDeadResults(Operation *op,
                                            const llvm::BitVector &dead) {
  OpBuilder builder(op);
  SmallVector<Type> types;
  for (OpResult result : op->getResults())
    if (!dead.test(result.getResultNumber()))
      types.push_back(result.getType());
  Operation *replacement = nullptr;
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    auto newIf =
        scf::IfOp::create(builder, ifOp.getLoc(), types, ifOp.getCondition(),
                          /*addThenBlock=*/false,
                          /*addElseBlock=*/false);
    newIf.getThenRegion().takeBody(ifOp.getThenRegion());
    newIf.getElseRegion().takeBody(ifOp.getElseRegion());
    replacement = newIf;
  } else if (auto scope = dyn_cast<ScopeOp>(op)) {
    auto newScope =
        ScopeOp::create(builder, scope.getLoc(), types, scope.getKindAttr());
    newScope.getBody().takeBody(scope.getBody());
    replacement = newScope;
  } else {
    auto forOp = cast<scf::ForOp>(op);
    SmallVector<Value> inits;
    for (auto [index, init] : llvm::enumerate(forOp.getInitArgs()))
      if (!dead.test(index))
        inits.push_back(init);
    auto newFor =
        scf::ForOp::create(builder, forOp.getLoc(), forOp.getLowerBound(),
                           forOp.getUpperBound(), forOp.getStep(), inits);
    newFor.setUnsignedCmp(forOp.getUnsignedCmp());
    newFor.getRegion().front().erase();
    newFor.getRegion().takeBody(forOp.getRegion());
    replacement = newFor;
  }
  unsigned next = 0;
  for (OpResult result : op->getResults())
    if (!dead.test(result.getResultNumber()))
      result.replaceAllUsesWith(replacement->getResult(next++));
  return replacement;
}

/// Removes what `liveness` found dead: the yield operands of dead results
/// and carries, then dead ops (users before the values they use), then the
/// dead results themselves. Returns the number of ops erased.
static unsigned eraseNotLive(func::FuncOp function, const Liveness &liveness) {
  SmallVector<std::pair<Operation *, llvm::BitVector>> trimmed;
  tile::walk(function, [&](Operation *op) {
    if (!isa<scf::IfOp, scf::ForOp, ScopeOp>(op) || !liveness.isLive(op))
      return;
    llvm::BitVector dead(op->getNumResults());
    for (OpResult result : op->getResults())
      if (!liveness.isLive(result))
        dead.set(result.getResultNumber());
    if (dead.none())
      return;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        block.getTerminator()->eraseOperands(dead);
    trimmed.push_back({op, dead});
  });
  unsigned erased = 0;
  tile::walk<WalkOrder::PostOrder, ReverseIterator>(
      function, [&](Operation *op) {
        if (op == function || liveness.isLive(op) ||
            op->hasTrait<OpTrait::IsTerminator>())
          return;
        op->dropAllUses();
        op->erase();
        ++erased;
      });
  SmallVector<std::pair<Block *, llvm::BitVector>> bodies;
  for (auto &[op, dead] : trimmed) {
    Operation *replacement = rebuildWithoutDeadResults(op, dead);
    if (auto forOp = dyn_cast<scf::ForOp>(replacement)) {
      llvm::BitVector args(forOp.getBody()->getNumArguments());
      for (unsigned index : dead.set_bits())
        args.set(index + 1); // after the induction variable
      bodies.push_back({forOp.getBody(), args});
    }
  }
  // Only the old ops' dead carry initializers still use the dead values.
  for (auto &[op, dead] : trimmed)
    op->dropAllReferences();
  for (auto &[op, dead] : trimmed)
    op->erase();
  for (auto &[body, args] : bodies)
    body->eraseArguments(args);
  return erased;
}

unsigned mlir::tile::eraseDeadCode(func::FuncOp function) {
  unsigned erased = 0;
  // Code that never runs first: folding it leaves its uses to the liveness
  // below.
  tile::walk<WalkOrder::PostOrder, ReverseIterator>(
      function, [&](Operation *op) {
        if (op != function && foldKnownControlFlow(op))
          ++erased;
      });
  Liveness liveness(function);
  liveness.run();
  return erased + eraseNotLive(function, liveness);
}
