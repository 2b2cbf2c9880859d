//===- ProgramOrder.cpp - constant-time order queries ---------------------===//

#include "tilemem/Analysis/ProgramOrder.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;

ProgramOrder::ProgramOrder(const RecordedWalk &walk) : root(walk.getRoot()) {
  renumber(walk);
}

void ProgramOrder::renumber(const RecordedWalk &walk) {
  positions.clear();
  ends.clear();
  blockShifts.clear();
  // Sized once: growing the table would rehash it log(N) times and hold the
  // old and the new buckets at once.
  size_t withRegions = walk.numOpsWithRegions();
  positions.reserve(walk.numOps());
  ends.reserve(withRegions);
  opsWithRegions.clear();
  opsWithRegions.reserve(withRegions);
  // The two-armed ifs, and where each one's then-arm ends.
  llvm::DenseMap<Operation *, uint64_t> thenEnd;
  // How many open ops are two-armed ifs (the keys of thenEnd).
  unsigned insideTwoArmed = 0;
  uint64_t counter = 0;
  auto number = [&](Operation *op) {
    counter += kStride;
    positions[op] = counter << kFlagBits | (insideTwoArmed ? kInTwoArmedIf : 0);
  };
  walk.forEachEvent<RecordedWalk::Reads::Addresses>(
      number,
      [&](Operation *op) {
        number(op);
        opsWithRegions.push_back(op);
        if (auto ifOp = dyn_cast<scf::IfOp>(op);
            ifOp && !ifOp.getElseRegion().empty()) {
          thenEnd[op] = 0;
          ++insideTwoArmed;
        }
      },
      [&](Operation *op) {
        if (thenEnd.count(op))
          --insideTwoArmed;
        uint64_t &entry = positions[op];
        entry |= kHasEnd;
        ends[op] = counter;
      },
      [&](Block *block) {
        if (block->getParent()->getRegionNumber() != 1)
          return;
        auto it = thenEnd.find(block->getParentOp());
        if (it != thenEnd.end())
          it->second = counter;
      });
  if (!thenEnd.empty())
    numberMirrored(walk, thenEnd);
}

// The orders differ only inside scf.if ops with two arms: an op's mirrored
// position is its position shifted by the same amount for every op of its
// block. In the then-arm of such an if the else-arm comes first, so the
// then-arm moves by the else-arm's span; the else-arm moves back by the
// then-arm's; shifts add up through nested ifs:
//
//   scf.if (P) { A B (T) } else { C (E) }     position   mirrored
//                                      A, B:   P+1, T     P+1+(E-T), E
//                                      C:      T+1        P+1
//
// One more replay of the walk keeps the shift of each open block on a
// stack and records the blocks whose shift is not 0; it reads no op.
void ProgramOrder::numberMirrored(
    const RecordedWalk &walk,
    const llvm::DenseMap<Operation *, uint64_t> &thenEnd) {
  int64_t shift = 0;
  // The shift of the block each open op with regions lies in.
  SmallVector<int64_t> outer;
  walk.forEachEvent<RecordedWalk::Reads::Addresses>(
      [](Operation *) {}, [&](Operation *) { outer.push_back(shift); },
      [&](Operation *) { shift = outer.pop_back_val(); },
      [&](Block *block) {
        shift = outer.back();
        Operation *parent = block->getParentOp();
        auto it = thenEnd.find(parent);
        if (it != thenEnd.end()) {
          uint64_t start = position(parent), end = this->end(parent),
                   thenArmEnd = it->second;
          if (block->getParent()->getRegionNumber() == 0)
            shift += static_cast<int64_t>(end - thenArmEnd);
          else
            shift -= static_cast<int64_t>(thenArmEnd - start);
        }
        if (shift != 0)
          blockShifts[block] = shift;
      });
}

void ProgramOrder::insertBefore(ArrayRef<Operation *> ops, Operation *next) {
  if (ops.empty())
    return;
  Operation *prev = ops.front()->getPrevNode();
  uint64_t upperPosition = position(next);
  // At the start of a block the bound is the end of what precedes the block
  // in pre-order.
  uint64_t low = prev ? end(prev) : endBefore(next->getBlock());
  uint64_t gap = upperPosition - low;
  uint64_t n = ops.size() + 1;
  // Between siblings, split the gap evenly. At a block's start, pack the new
  // ops just below `next`, each taking 2^-20 of the gap: a pass that keeps
  // inserting at the same block start (allocations at the function entry)
  // then has room for millions of insertions instead of 32 halvings.
  uint64_t step = gap / n, base = low;
  if (!prev && (gap >> 20) * n < gap) {
    step = std::max<uint64_t>(1, gap >> 20);
    base = upperPosition - step * n;
  }
  if (step == 0) {
    renumber(RecordedWalk(root));
    return;
  }
  // The new ops lie in `next`'s block: they move (kInTwoArmedIf) by its
  // shift when `next` does.
  uint64_t flags = tagged(next) & kInTwoArmedIf;
  for (auto [index, op] : llvm::enumerate(ops))
    positions[op] = (base + step * (index + 1)) << kFlagBits | flags;
}

uint64_t ProgramOrder::endBefore(Block *block) const {
  for (Block *earlier = block->getPrevNode(); earlier;
       earlier = earlier->getPrevNode())
    if (!earlier->empty())
      return end(&earlier->back());
  Operation *parent = block->getParentOp();
  for (unsigned i = block->getParent()->getRegionNumber(); i-- > 0;)
    for (Block &earlier : llvm::reverse(parent->getRegion(i)))
      if (!earlier.empty())
        return end(&earlier.back());
  return position(parent);
}

std::optional<bool> ProgramOrder::properlyDominates(Value value,
                                                    Operation *op) const {
  Block *block = value.getParentBlock();
  if (!block || !block->getParent()->hasOneBlock() || !contains(op))
    return std::nullopt;
  if (block->empty())
    return false;
  Operation *last = &block->back();
  Operation *first = isa<OpResult>(value) ? value.getDefiningOp() : nullptr;
  if (!contains(last) || (first && !contains(first)) ||
      (!first && !contains(&block->front())))
    return std::nullopt;
  uint64_t at = position(op);
  if (at > end(last))
    return false;
  return first ? end(first) < at : position(&block->front()) <= at;
}
