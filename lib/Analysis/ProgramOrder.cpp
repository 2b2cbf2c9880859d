//===- ProgramOrder.cpp - constant-time order queries ---------------------===//

#include "tilemem/Analysis/ProgramOrder.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;

ProgramOrder::ProgramOrder(Operation *root) {
  unsigned counter = 0;
  number(root, /*mirrored=*/false, counter);
  counter = 0;
  number(root, /*mirrored=*/true, counter);
}

// Iterative pre-order walk, so deep nests cannot overflow the stack.
void ProgramOrder::number(Operation *root, bool mirrored, unsigned &counter) {
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
    (mirrored ? entry.mirrored : entry.position) = counter++;
    Frame frame;
    frame.op = op;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        frame.blocks.push_back(&block);
    if (mirrored && isa<scf::IfOp>(op))
      std::reverse(frame.blocks.begin(), frame.blocks.end());
    stack.push_back(std::move(frame));
  };
  enter(root);
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
      entries[frame.op].end = counter - 1;
    stack.pop_back();
  }
}
