//===- ProgramOrder.cpp - constant-time order queries ---------------------===//

#include "tilemem/Analysis/ProgramOrder.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;

ProgramOrder::ProgramOrder(Operation *root) : root(root) { renumber(); }

void ProgramOrder::renumber() {
  entries.clear();
  number(root, /*mirrored=*/false);
  number(root, /*mirrored=*/true);
}

// Iterative pre-order walk, so deep nests cannot overflow the stack.
void ProgramOrder::number(Operation *top, bool mirrored) {
  struct Frame {
    Operation *op;
    SmallVector<Block *, 2> blocks;
    unsigned nextBlock = 0;
    Block::iterator nextOp;
    Block *block = nullptr;
  };
  uint64_t counter = 0;
  SmallVector<Frame> stack;
  auto enter = [&](Operation *op) {
    Entry &entry = entries[op];
    counter += kStride;
    (mirrored ? entry.mirrored : entry.position) = counter;
    Frame frame;
    frame.op = op;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        frame.blocks.push_back(&block);
    if (mirrored && isa<scf::IfOp>(op))
      std::reverse(frame.blocks.begin(), frame.blocks.end());
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
    Entry &entry = entries[frame.op];
    (mirrored ? entry.mirroredEnd : entry.end) = counter;
    stack.pop_back();
  }
}

void ProgramOrder::insertBefore(ArrayRef<Operation *> ops, Operation *next) {
  if (ops.empty())
    return;
  Operation *prev = ops.front()->getPrevNode();
  const Entry &upper = lookup(next);
  uint64_t low = 0, mirroredLow = 0;
  if (prev) {
    low = lookup(prev).end;
    mirroredLow = lookup(prev).mirroredEnd;
  } else {
    // First op of its block: everything numbered before `next` is at least a
    // stride below it (inserted ops only go before existing siblings).
    low = upper.position - kStride;
    mirroredLow = upper.mirrored - kStride;
  }
  uint64_t gap = upper.position - low, mirroredGap = upper.mirrored - mirroredLow;
  uint64_t n = ops.size() + 1;
  if (gap < n || mirroredGap < n) {
    renumber();
    return;
  }
  for (auto [index, op] : llvm::enumerate(ops)) {
    Entry entry;
    entry.position = entry.end = low + gap / n * (index + 1);
    entry.mirrored = entry.mirroredEnd =
        mirroredLow + mirroredGap / n * (index + 1);
    entries[op] = entry;
  }
}
