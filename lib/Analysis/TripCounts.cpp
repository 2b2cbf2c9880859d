//===- TripCounts.cpp - loops that provably run 0 or at most 1 time -------===//

#include "tilemem/Analysis/TripCounts.h"
#include "tilemem/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

#include <limits>

using namespace mlir;
using namespace mlir::tile;

/// The value of `value` on the first evaluation of a while's condition:
/// constants, and before-region arguments with constant initializers.
static std::optional<int64_t> entryValue(Value value, scf::WhileOp loop) {
  if (std::optional<int64_t> constant = getConstantInt64(value))
    return constant;
  auto arg = dyn_cast<BlockArgument>(value);
  if (arg && arg.getOwner() == &loop.getBefore().front())
    return getConstantInt64(loop.getInits()[arg.getArgNumber()]);
  return std::nullopt;
}

bool mlir::tile::isFalseOnEntry(scf::WhileOp loop) {
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

std::optional<int64_t> mlir::tile::getConstantTripCount(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantInt64(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantInt64(loop.getUpperBound());
  std::optional<int64_t> step = getConstantInt64(loop.getStep());
  // Unsigned comparisons (scf.for unsigned) are left conservative.
  if (!lb || !ub || !step || *step <= 0 || loop.getUnsignedCmp())
    return std::nullopt;
  if (*ub <= *lb)
    return 0;
  // (ub - lb) may not fit in int64_t: compute in 128 bits, and saturate a
  // count past INT64_MAX (INT64_MIN to INT64_MAX by 1 is 2^64 - 1 trips,
  // which truncated to -1 read as "at most once").
  __int128 span = static_cast<__int128>(*ub) - *lb;
  __int128 count = (span + *step - 1) / *step;
  return count > std::numeric_limits<int64_t>::max()
             ? std::numeric_limits<int64_t>::max()
             : static_cast<int64_t>(count);
}

TripCounts::TripCounts(const ProgramOrder &order) : order(order) {
  auto markDead = [&](Block &block) {
    if (!block.empty())
      dead.push_back(&block);
  };
  // Loops are ops with regions, which the order lists: no replay of every
  // op (a deep nest's ops are spread over the heap).
  for (Operation *op : order.getOpsWithRegions()) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      std::optional<int64_t> count = getConstantTripCount(forOp);
      if (!count)
        return;
      int64_t trips = *count;
      if (trips <= 1)
        atMostOnce.insert(op);
      if (trips == 0) {
        zeroTrip.insert(op);
        markDead(*forOp.getBody());
      }
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      if (isFalseOnEntry(whileOp)) {
        zeroTrip.insert(op);
        atMostOnce.insert(op);
        markDead(whileOp.getAfter().front());
      }
    }
  }
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
