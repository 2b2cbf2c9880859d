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
  SmallVector<Operation *> twoArmed;
  uint64_t counter = 0;
  walk.forEachEnterExit(
      [&](Operation *op) {
        counter += kStride;
        positions[op] = counter << 1;
        if (op->getNumRegions() == 0)
          return;
        opsWithRegions.push_back(op);
        if (auto ifOp = dyn_cast<scf::IfOp>(op);
            ifOp && !ifOp.getElseRegion().empty())
          twoArmed.push_back(op);
      },
      [&](Operation *op) {
        // Ops with regions keep their end, and a mirrored position equal
        // to the position until numberMirrored changes it.
        if (op->getNumRegions() != 0) {
          uint64_t &entry = positions[op];
          setShape(op, entry, entry >> 1, counter);
        }
      });
  // The orders differ only inside scf.if ops with two arms: elsewhere the
  // first walk's mirrored = position holds. Renumber just the outermost
  // such ifs, else-arm first, over the same positions their subtree took.
  // Nearly every op the mirrored walk renumbers gets a Shape record (its
  // mirrored position moves by the other arm's size), and the first walk
  // spaced positions kStride apart, so an outermost if spans
  // (end - position) / kStride ops: the table is sized once for them.
  SmallVector<Operation *> outermost;
  size_t renumbered = 0;
  uint64_t done = 0;
  for (Operation *ifOp : twoArmed) {
    uint64_t position = this->position(ifOp);
    if (position <= done)
      continue; // nested in an outermost two-armed if
    done = end(ifOp);
    outermost.push_back(ifOp);
    renumbered += (done - position) / kStride;
  }
  shapes.reserve(withRegions + renumbered);
  for (Operation *ifOp : outermost)
    numberMirrored(ifOp, position(ifOp) - kStride);
}

// Iterative pre-order walk with the arms of every scf.if swapped, so deep
// nests cannot overflow the stack.
void ProgramOrder::numberMirrored(Operation *top, uint64_t counter) {
  struct Frame {
    SmallVector<Block *, 2> blocks;
    unsigned nextBlock = 0;
    Block::iterator nextOp;
    Block *block = nullptr;
  };
  SmallVector<Frame> stack;
  auto numberOp = [&](Operation *op) {
    uint64_t &entry = positions[op];
    counter += kStride;
    if (entry & kHasShape)
      shapes[op].mirrored = counter;
    else if (counter != entry >> 1)
      setShape(op, entry, counter, entry >> 1); // a region-free op
  };
  auto enter = [&](Operation *op) {
    numberOp(op);
    Frame frame;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        frame.blocks.push_back(&block);
    if (isa<scf::IfOp>(op))
      std::reverse(frame.blocks.begin(), frame.blocks.end());
    stack.push_back(std::move(frame));
  };
  enter(top);
  while (!stack.empty()) {
    Frame &frame = stack.back();
    if (frame.block && frame.nextOp != frame.block->end()) {
      Operation *next = &*frame.nextOp++;
      // Most ops have no region: numbered in place, without a frame.
      if (next->getNumRegions() == 0)
        numberOp(next);
      else
        enter(next);
      continue;
    }
    if (frame.nextBlock < frame.blocks.size()) {
      frame.block = frame.blocks[frame.nextBlock++];
      frame.nextOp = frame.block->begin();
      continue;
    }
    stack.pop_back();
  }
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
