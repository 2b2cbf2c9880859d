//===- Journal.cpp - undoing MaterializeSemanticAliases' rewrite ---------===//

#include "Journal.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::semantic_aliases;

void Journal::rollback() {
  for (const OperandChange &change : llvm::reverse(operands))
    change.op->setOperand(change.index, change.old);
  for (const DestinationChange &change : llvm::reverse(destinations)) {
    AllocatingOpInterface producer = change.producer;
    if (change.dest)
      producer.getDestMutable().assign(change.dest);
    else
      producer.getDestMutable().clear();
    if (change.slot)
      producer.getSlotMutable().assign(change.slot);
    else
      producer.getSlotMutable().clear();
    producer.setWindowAttr(change.window);
    producer.setStaticSlotAttr(change.staticSlot);
  }
  for (Operation *op : llvm::reverse(createdOps))
    op->erase();
  operands.clear();
  destinations.clear();
  createdOps.clear();
}
