//===- TripCounts.cpp - loops that provably run 0 or at most 1 time -------===//

#include "tilemem/Analysis/TripCounts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tile;

static std::optional<int64_t> constantIndex(Value value) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  return std::nullopt;
}

/// The value of `value` on the first evaluation of a while's condition:
/// constants, and before-region arguments with constant initializers.
static std::optional<int64_t> entryValue(Value value, scf::WhileOp loop) {
  if (std::optional<int64_t> constant = constantIndex(value))
    return constant;
  auto arg = dyn_cast<BlockArgument>(value);
  if (arg && arg.getOwner() == &loop.getBefore().front())
    return constantIndex(loop.getInits()[arg.getArgNumber()]);
  return std::nullopt;
}

/// Whether the while's condition is false on entry (the loop exits at once).
static bool falseOnEntry(scf::WhileOp loop) {
  Value condition = loop.getConditionOp().getCondition();
  APInt constant;
  if (matchPattern(condition, m_ConstantInt(&constant)))
    return constant.isZero();
  auto compare = condition.getDefiningOp<arith::CmpIOp>();
  if (!compare)
    return false;
  std::optional<int64_t> lhs = entryValue(compare.getLhs(), loop);
  std::optional<int64_t> rhs = entryValue(compare.getRhs(), loop);
  if (!lhs || !rhs)
    return false;
  APInt a(64, *lhs, /*isSigned=*/true), b(64, *rhs, /*isSigned=*/true);
  return !arith::applyCmpPredicate(compare.getPredicate(), a, b);
}

TripCounts::TripCounts(Operation *function, const ProgramOrder &order)
    : order(order) {
  auto markDead = [&](Block &block) {
    if (!block.empty())
      dead.push_back(&block);
  };
  function->walk([&](Operation *op) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      std::optional<int64_t> lb = constantIndex(forOp.getLowerBound());
      std::optional<int64_t> ub = constantIndex(forOp.getUpperBound());
      std::optional<int64_t> step = constantIndex(forOp.getStep());
      // Unsigned comparisons (scf.for unsigned) are left conservative.
      if (!lb || !ub || !step || *step <= 0 || forOp.getUnsignedCmp())
        return;
      int64_t trips = *ub <= *lb ? 0 : (*ub - *lb + *step - 1) / *step;
      if (trips <= 1)
        atMostOnce.insert(op);
      if (trips == 0) {
        zeroTrip.insert(op);
        markDead(*forOp.getBody());
      }
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      if (falseOnEntry(whileOp)) {
        zeroTrip.insert(op);
        atMostOnce.insert(op);
        markDead(whileOp.getAfter().front());
      }
    }
  });
  // Keep the outermost blocks only, sorted: nested ones are inside them.
  llvm::sort(dead, [&](Block *a, Block *b) {
    return interval(a).first < interval(b).first;
  });
  SmallVector<Block *> outermost;
  for (Block *block : dead)
    if (outermost.empty() ||
        interval(block).first > interval(outermost.back()).second)
      outermost.push_back(block);
  dead = std::move(outermost);
}

std::pair<uint64_t, uint64_t> TripCounts::interval(Block *block) const {
  return {order.position(&block->front()), order.end(&block->back())};
}

bool TripCounts::neverRuns(Operation *op) const {
  if (dead.empty() || !order.contains(op))
    return false;
  uint64_t at = order.position(op);
  auto it = llvm::upper_bound(dead, at, [&](uint64_t p, Block *block) {
    return p < interval(block).first;
  });
  if (it == dead.begin())
    return false;
  return at <= interval(*std::prev(it)).second;
}
