//===- Writebacks.cpp - writebacks of payloads still read
//-------------------===//

#include "Materializer.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::semantic_aliases;

// A writeback updates its operand's storage in place; when that payload
// (the operand or a view of it) is still read afterwards, including by a
// later iteration, the op must update a copy instead.
LogicalResult Materializer::isolateWritebacks() {
  // Nothing was rewritten yet: the writebacks the conflict index found.
  ArrayRef<std::pair<Operation *, Value>> writebacks =
      conflicts.getInitialWritebacks();
  const StorageLiveness &liveness = conflicts.getLiveness();
  for (auto [op, consumed] : writebacks) {
    if (conflicts.getTrips().neverRuns(op))
      continue;
    Value observed;
    for (Value member : payloadNames(consumed))
      if (member.getDefiningOp() != op &&
          liveness.isDefinedBefore(member, op) &&
          liveness.findReadAfter(member, op)) {
        observed = member;
        break;
      }
    if (!observed)
      continue;
    if (!canCopy(consumed))
      return noCopy(op, consumed,
                    "the op updates its operand in place while " +
                        name(observed) +
                        " is still read afterwards, so it must copy");
    unsigned index =
        llvm::find(op->getOperands(), consumed) - op->getOperands().begin();
    copyOperandInto(
        op->getLoc(), op, index,
        freshTile(op->getLoc(), cast<TileType>(consumed.getType())));
    ++counters.writebackCopies;
  }
  // A writeback that reads another operand from the window it writes (an
  // assemble of a slice of its own target, say) reads elements it has
  // already overwritten: that operand is copied first.
  for (auto [op, consumed] : writebacks) {
    if (conflicts.getTrips().neverRuns(op))
      continue;
    for (OpOperand &operand : op->getOpOperands()) {
      Value input = operand.get();
      const Window *inputWindow = conflicts.lookup(input);
      const Window *output = conflicts.lookup(consumed);
      if (input == consumed || !inputWindow || !output ||
          !inPlaceViolation(op, operand.getOperandNumber(), *inputWindow,
                            *output))
        continue;
      if (!canCopy(input))
        return noCopy(op, input,
                      "the op reads an operand from the window it writes, "
                      "so it must copy");
      copyOperandInto(op->getLoc(), op, operand.getOperandNumber(),
                      freshTile(op->getLoc(), cast<TileType>(input.getType())));
      ++counters.writebackCopies;
    }
  }
  return success();
}
