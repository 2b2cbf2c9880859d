//===- ProgramOrder.cpp - constant-time order queries ---------------------===//

#include "tilemem/Analysis/ProgramOrder.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;

ProgramOrder::ProgramOrder(Operation *root) : root(root) { renumber(); }

void ProgramOrder::renumber() {
  entries.clear();
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
  // First op of its block: everything numbered before `next` is at least a
  // stride below it (inserted ops only go before existing siblings).
  uint64_t low = prev ? lookup(prev).end : upper.position - kStride;
  // The sibling gap is the same in the mirrored order (see Entry).
  uint64_t gap = upper.position - low, mirroredLow = upper.mirrored - gap;
  uint64_t n = ops.size() + 1;
  if (gap < n) {
    renumber();
    return;
  }
  for (auto [index, op] : llvm::enumerate(ops)) {
    Entry entry;
    entry.position = entry.end = low + gap / n * (index + 1);
    entry.mirrored = mirroredLow + gap / n * (index + 1);
    entries[op] = entry;
  }
}
