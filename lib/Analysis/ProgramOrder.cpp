//===- ProgramOrder.cpp - constant-time order queries ---------------------===//

#include "tilemem/Analysis/ProgramOrder.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;

ProgramOrder::ProgramOrder(Operation *root) : root(root) { renumber(); }

void ProgramOrder::renumber() {
  entries.clear();
  inserted.clear();
  // Sized once: growing the table would rehash it log(N) times and hold the
  // old and the new buckets at once.
  size_t ops = 0;
  root->walk([&](Operation *) { ++ops; });
  entries.reserve(ops);
  SmallVector<Operation *> twoArmed;
  number(root, /*mirrored=*/false, &twoArmed);
  // The orders differ only inside scf.if ops with two arms: elsewhere the
  // first walk's mirrored = position holds. Renumber just the outermost
  // such ifs, else-arm first, over the same positions their subtree took.
  uint64_t done = 0;
  for (Operation *ifOp : twoArmed) {
    const Entry &entry = lookup(ifOp);
    if (entry.position <= done)
      continue; // nested in an if renumbered already
    done = entry.end;
    number(ifOp, /*mirrored=*/true, nullptr, entry.position - kStride);
  }
}

// Iterative pre-order walk, so deep nests cannot overflow the stack.
void ProgramOrder::number(Operation *top, bool mirrored,
                          SmallVectorImpl<Operation *> *twoArmed,
                          uint64_t counter) {
  struct Frame {
    Operation *op;
    SmallVector<Block *, 2> blocks;
    unsigned nextBlock = 0;
    Block::iterator nextOp;
    Block *block = nullptr;
  };
  SmallVector<Frame> stack;
  auto enter = [&](Operation *op) {
    Entry &entry = entries[op];
    counter += kStride;
    entry.mirrored = counter;
    if (!mirrored)
      entry.position = counter;
    Frame frame;
    frame.op = op;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        frame.blocks.push_back(&block);
    if (isa<scf::IfOp>(op) && frame.blocks.size() > 1) {
      if (mirrored)
        std::reverse(frame.blocks.begin(), frame.blocks.end());
      else if (twoArmed)
        twoArmed->push_back(op);
    }
    stack.push_back(std::move(frame));
  };
  enter(top);
  while (!stack.empty()) {
    Frame &frame = stack.back();
    if (frame.block && frame.nextOp != frame.block->end()) {
      Operation *next = &*frame.nextOp++;
      enter(next);
      continue;
    }
    if (frame.nextBlock < frame.blocks.size()) {
      frame.block = frame.blocks[frame.nextBlock++];
      frame.nextOp = frame.block->begin();
      continue;
    }
    if (!mirrored)
      entries[frame.op].end = counter;
    stack.pop_back();
  }
}

void ProgramOrder::insertBefore(ArrayRef<Operation *> ops, Operation *next) {
  if (ops.empty())
    return;
  Operation *prev = ops.front()->getPrevNode();
  const Entry &upper = lookup(next);
  // At the start of a block the bound is the position of what precedes the
  // block in pre-order: a stride below a numbered op, recorded for an
  // inserted one (which may stand before it, ops inserted there earlier).
  uint64_t low;
  if (prev)
    low = lookup(prev).end;
  else if (auto it = inserted.find(next); it != inserted.end())
    low = it->second.low;
  else
    low = upper.position - kStride;
  // The sibling gap is the same in the mirrored order (see Entry).
  uint64_t gap = upper.position - low, mirroredLow = upper.mirrored - gap;
  uint64_t n = ops.size() + 1;
  // Between siblings, split the gap evenly. At a block's start, pack the new
  // ops just below `next`, each taking 2^-20 of the gap: a pass that keeps
  // inserting at the same block start (allocations at the function entry)
  // then has room for millions of insertions instead of 32 halvings.
  uint64_t step = gap / n, base = low;
  if (!prev && (gap >> 20) * n < gap) {
    step = std::max<uint64_t>(1, gap >> 20);
    base = upper.position - step * n;
  }
  if (step == 0) {
    renumber();
    return;
  }
  uint64_t mirroredBase = mirroredLow + (base - low);
  for (auto [index, op] : llvm::enumerate(ops)) {
    InsertedEntry entry;
    entry.position = entry.end = base + step * (index + 1);
    entry.mirrored = mirroredBase + step * (index + 1);
    entry.low = low;
    inserted[op] = entry;
  }
}
