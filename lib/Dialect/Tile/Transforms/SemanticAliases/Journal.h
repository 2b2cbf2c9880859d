//===- Journal.h - undoing MaterializeSemanticAliases' rewrite --*- C++ -*-===//
//
// The pass rewrites the function in place and keeps the result only when it
// verifies; every change goes through the journal, so that a failure
// restores the function exactly.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_LIB_DIALECT_TILE_TRANSFORMS_SEMANTICALIASES_JOURNAL_H
#define TILEMEM_LIB_DIALECT_TILE_TRANSFORMS_SEMANTICALIASES_JOURNAL_H

#include "tilemem/Dialect/Tile/IR/TileDialect.h"

#include "mlir/IR/Operation.h"

#include <deque>

namespace mlir::tile::semantic_aliases {

/// Every change the pass makes to the IR, so that a failure can restore the
/// function exactly: operand replacements, producer destinations, and the
/// ops it created. Cheaper than rewriting a clone (no second copy of the
/// function).
class Journal {
public:
  void setOperand(Operation *op, unsigned index, Value value) {
    operands.push_back({op, index, op->getOperand(index)});
    op->setOperand(index, value);
  }
  void willRetarget(AllocatingOpInterface producer) {
    destinations.push_back({producer, producer.getDest(), producer.getSlot(),
                            producer.getWindowAttr(),
                            producer.getStaticSlotAttr()});
  }
  void created(Operation *op) { createdOps.push_back(op); }
  /// Whether the rewrite created an op. It erases and moves none (until a
  /// rollback), so without one a walk recorded before it is still valid.
  bool createdAny() const { return !createdOps.empty(); }

  /// Undoes everything, newest first.
  void rollback();

private:
  struct OperandChange {
    Operation *op;
    unsigned index;
    Value old;
  };
  struct DestinationChange {
    AllocatingOpInterface producer;
    Value dest, slot;
    DenseI64ArrayAttr window;
    IntegerAttr staticSlot;
  };
  // Deques: the journal lives through the final self-check, and a vector
  // grown by doubling would hold up to twice the records (a copy-heavy
  // rewrite journals one change per inserted op).
  std::deque<OperandChange> operands;
  std::deque<DestinationChange> destinations;
  std::deque<Operation *> createdOps;
};

} // namespace mlir::tile::semantic_aliases

#endif // TILEMEM_LIB_DIALECT_TILE_TRANSFORMS_SEMANTICALIASES_JOURNAL_H
