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
  shapes.clear();
  // Sized once: growing the table would rehash it log(N) times and hold the
  // old and the new buckets at once.
  size_t withRegions = walk.numOpsWithRegions();
  positions.reserve(walk.numOps());
  shapes.reserve(withRegions);
  opsWithRegions.clear();
  opsWithRegions.reserve(withRegions);
  // The two-armed ifs, and where each one's then-arm ends.
  llvm::DenseMap<Operation *, uint64_t> thenEnd;
  uint64_t counter = 0;
  auto number = [&](Operation *op) {
    counter += kStride;
    positions[op] = counter << 1;
  };
  walk.forEachEvent<RecordedWalk::Reads::Addresses>(
      number,
      [&](Operation *op) {
        number(op);
        opsWithRegions.push_back(op);
        if (auto ifOp = dyn_cast<scf::IfOp>(op);
            ifOp && !ifOp.getElseRegion().empty())
          thenEnd[op] = 0;
      },
      [&](Operation *op) {
        // Ops with regions keep their end, and a mirrored position equal
        // to the position until numberMirrored changes it.
        uint64_t &entry = positions[op];
        setShape(op, entry, entry >> 1, counter);
      },
      [&](Block *block) {
        if (block->getParent()->getRegionNumber() != 1)
          return;
        auto it = thenEnd.find(block->getParentOp());
        if (it != thenEnd.end())
          it->second = counter;
      });
  if (thenEnd.empty())
    return;
  // Nearly every op inside a two-armed if moves and gets a Shape record:
  // the table is sized once for the ops of the outermost such ifs, which
  // span (end - position) / kStride ops each.
  size_t moving = 0;
  uint64_t done = 0;
  for (Operation *op : opsWithRegions) {
    uint64_t position = this->position(op);
    if (position <= done || !thenEnd.count(op))
      continue; // nested in an outermost two-armed if, or not one
    done = end(op);
    moving += (done - position) / kStride;
  }
  shapes.reserve(withRegions + moving);
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
// stack. Every op that moves gets a Shape record.
void ProgramOrder::numberMirrored(
    const RecordedWalk &walk,
    const llvm::DenseMap<Operation *, uint64_t> &thenEnd) {
  int64_t shift = 0;
  // The shift of the block each open op with regions lies in.
  SmallVector<int64_t> outer;
  auto move = [&](Operation *op) {
    if (shift == 0)
      return;
    uint64_t &entry = positions[op];
    uint64_t mirrored = (entry >> 1) + shift;
    if (entry & kHasShape)
      shapes[op].mirrored = mirrored;
    else
      setShape(op, entry, mirrored, entry >> 1); // a region-free op
  };
  walk.forEachEvent<RecordedWalk::Reads::Addresses>(
      move,
      [&](Operation *op) {
        move(op);
        outer.push_back(shift);
      },
      [&](Operation *) { shift = outer.pop_back_val(); },
      [&](Block *block) {
        shift = outer.back();
        Operation *parent = block->getParentOp();
        auto it = thenEnd.find(parent);
        if (it == thenEnd.end())
          return;
        uint64_t start = position(parent), end = this->end(parent),
                 thenArmEnd = it->second;
        if (block->getParent()->getRegionNumber() == 0)
          shift += static_cast<int64_t>(end - thenArmEnd);
        else
          shift -= static_cast<int64_t>(thenArmEnd - start);
      });
}

void ProgramOrder::insertBefore(ArrayRef<Operation *> ops, Operation *next) {
  if (ops.empty())
    return;
  Operation *prev = ops.front()->getPrevNode();
  uint64_t upperPosition = position(next),
           upperMirrored = mirroredPosition(next);
  // At the start of a block the bound is the end of what precedes the block
  // in pre-order.
  uint64_t low = prev ? end(prev) : endBefore(next->getBlock());
  // The sibling gap is the same in the mirrored order (see Shape).
  uint64_t gap = upperPosition - low, mirroredLow = upperMirrored - gap;
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
  uint64_t mirroredBase = mirroredLow + (base - low);
  for (auto [index, op] : llvm::enumerate(ops)) {
    uint64_t position = base + step * (index + 1),
             mirrored = mirroredBase + step * (index + 1);
    uint64_t &entry = positions[op];
    entry = position << 1;
    if (mirrored != position)
      setShape(op, entry, mirrored, position);
  }
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
