//===- StorageLiveness.cpp - is a value still read after an op? -----------===//

#include "tilemem/Analysis/StorageLiveness.h"
#include "tilemem/Analysis/TileStorage.h"

#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::tile;

bool StorageLiveness::repeats(Operation *op) const {
  return isa<LoopLikeOpInterface>(op) && (!trips || trips->repeats(op));
}

// One walk keeps the stack of repeating loops around the current op and
// records, per block, how many of them enclose it. The repeating loops
// around a value's block are a prefix of those around any of its uses, so a
// use's anchor is the stack entry just past that prefix: O(1) per use.
StorageLiveness::StorageLiveness(const RecordedWalk &walk,
                                 const ProgramOrder &order,
                                 const TripCounts *trips)
    : order(order), trips(trips),
      ownNumbering(std::make_unique<ValueNumbering>(countStorageValues(walk))),
      numbering(ownNumbering.get()) {
  build(walk);
}

StorageLiveness::StorageLiveness(const RecordedWalk &walk,
                                 const ProgramOrder &order,
                                 const TripCounts *trips,
                                 ValueNumbering &numbering)
    : order(order), trips(trips), numbering(&numbering) {
  build(walk);
}

void StorageLiveness::build(const RecordedWalk &walk) {
  Builder builder(*this, walk.getRoot());
  walk.forEachEnterExit([&](Operation *op) { builder.enter(op); },
                        [&](Operation *op) { builder.exit(op); });
}

void StorageLiveness::Builder::enter(Operation *op) {
  auto contract = dyn_cast<StorageContractInterface>(op);
  for (OpOperand &use : op->getOpOperands()) {
    if (!liveness.isRead(use, contract))
      continue;
    auto depth = loopDepth.find(use.get().getParentBlock());
    unsigned prefix = depth == loopDepth.end() ? 0 : depth->second;
    Anchor anchor = prefix < loops.size()
                        ? Anchor(loops[prefix], op, /*recurs=*/true)
                        : Anchor(op, op, /*recurs=*/false);
    // The walk meets anchors in program order, so an earlier anchor in the
    // same block precedes this one: whatever may run before it or inside it
    // (a recurring loop) runs before this anchor too.
    liveness.addAnchor(liveness.numbering->getOrAssign(use.get()), anchor,
                       /*inOrder=*/true);
  }
  if (op != function && liveness.repeats(op))
    loops.push_back(op);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      loopDepth[&block] = loops.size();
}

StorageAndLivenessBuilder::StorageAndLivenessBuilder(
    Operation *function, TileStorage &storage, StorageLiveness &liveness,
    function_ref<void(Operation *)> afterOp)
    : storage(storage), reads(liveness, function), afterOp(afterOp) {
  storage.beginBuild(function);
}

void StorageAndLivenessBuilder::exit(Operation *op) {
  reads.exit(op);
  storage.buildResults(op);
  if (afterOp)
    afterOp(op);
}

void StorageAndLivenessBuilder::enterBlock(Block *block) {
  storage.buildBlock(block);
}

void mlir::tile::buildStorageAndLiveness(
    const RecordedWalk &walk, TileStorage &storage, StorageLiveness &liveness,
    function_ref<void(Operation *)> afterOp) {
  StorageAndLivenessBuilder builder(walk.getRoot(), storage, liveness, afterOp);
  walk.forEachEvent([&](Operation *op) { builder.op(op); },
                    [&](Operation *op) { builder.enter(op); },
                    [&](Operation *op) { builder.exit(op); },
                    [&](Block *block) { builder.enterBlock(block); });
}

RecordedWalk mlir::tile::recordStorageAndLiveness(Operation *function,
                                                  TileStorage &storage,
                                                  StorageLiveness &liveness) {
  StorageAndLivenessBuilder builder(function, storage, liveness);
  return RecordedWalk(function, /*counted=*/nullptr, &builder);
}

bool StorageLiveness::isRead(OpOperand &use,
                             StorageContractInterface contract) const {
  if (!hasStorage(use.get().getType()))
    return false;
  if (contract && contract.isWriteOnlyOperand(use.getOperandNumber()))
    return false; // overwritten without being read
  return !trips || !trips->neverRuns(use.getOwner()); // dead code reads nothing
}

void StorageLiveness::addReadsOf(Operation *op) {
  auto contract = dyn_cast<StorageContractInterface>(op);
  for (OpOperand &use : op->getOpOperands())
    if (isRead(use, contract))
      addUse(use);
}

void StorageLiveness::resetReadsOf(Value value) {
  unsigned n = numbering->getOrAssign(value);
  anchors[n] = Anchor();
  spilled.erase(n);
  for (OpOperand &use : value.getUses())
    if (isRead(use, dyn_cast<StorageContractInterface>(use.getOwner())))
      addUse(use);
}

// For ops inserted after construction (copies), found from their parents.
void StorageLiveness::addUse(OpOperand &use) {
  Value value = use.get();
  Block *definitionBlock = value.getParentBlock();
  Operation *user = use.getOwner();
  Anchor anchor(user, user, /*recurs=*/false);
  for (Operation *op = user; op && op->getBlock() != definitionBlock;) {
    op = op->getParentOp();
    if (op && repeats(op))
      anchor = Anchor(op, user, /*recurs=*/true);
  }
  addAnchor(numbering->getOrAssign(value), anchor, /*inOrder=*/false);
}

const StorageLiveness::Anchor &
StorageLiveness::subsuming(const Anchor &earlier, const Anchor &later) const {
  // The same op: a recurring anchor covers the op's own reads and every
  // iteration; otherwise the later anchor covers all that precedes the
  // earlier one (and what lies inside it, a recurring loop), and extends
  // the live interval at least as far.
  if (earlier.op() == later.op())
    return earlier.recurs() && !later.recurs() ? earlier : later;
  return later;
}

void StorageLiveness::addAnchor(unsigned n, Anchor anchor, bool inOrder) {
  Block *block = anchor.op()->getBlock();
  // `recorded` shares `anchor`'s block: keep whichever subsumes the other.
  auto merge = [&](Anchor &recorded) {
    bool anchorIsLater =
        inOrder || recorded.op() == anchor.op() ||
        order.position(recorded.op()) < order.position(anchor.op());
    recorded = anchorIsLater ? subsuming(recorded, anchor)
                             : subsuming(anchor, recorded);
  };
  Anchor &slot = anchors[n];
  if (!slot.isSpilled()) {
    if (!slot.op())
      slot = anchor;
    else if (slot.op()->getBlock() == block)
      merge(slot);
    else {
      spilled[n] = {slot, anchor};
      slot = Anchor::spilledMarker();
    }
    return;
  }
  // In walk order only the last anchor is compared (O(1) per use): an
  // earlier one of the same block is then redundant, never wrong. An
  // inserted op's anchor may fall anywhere, so every one is compared.
  SmallVector<Anchor, 2> &list = spilled[n];
  MutableArrayRef<Anchor> candidates(list);
  if (inOrder)
    candidates = candidates.take_back(1);
  for (Anchor &recorded : candidates)
    if (recorded.op()->getBlock() == block)
      return merge(recorded);
  list.push_back(anchor);
}

bool StorageLiveness::isDefinedBefore(Value value, Operation *op) const {
  if (auto result = dyn_cast<OpResult>(value))
    return order.end(result.getOwner()) < order.position(op);
  // A block argument is defined on entry to its block, just before its first
  // op (an scf.while after-region argument only once the before-region ran).
  Block *block = cast<BlockArgument>(value).getOwner();
  return !block->empty() &&
         order.position(&block->front()) <= order.position(op);
}

Operation *StorageLiveness::findReadAfter(Value value, Operation *op) const {
  if (!isDefinedBefore(value, op))
    return nullptr;
  for (const Anchor &anchor : anchorsOf(value)) {
    if (anchor.recurs() && order.encloses(anchor.op(), op))
      return anchor.user;
    if (anchor.op() != op && order.mayFollow(op, anchor.op()))
      return anchor.user;
  }
  return nullptr;
}

std::optional<std::pair<uint64_t, uint64_t>>
StorageLiveness::liveInterval(Value value, unsigned number) const {
  ArrayRef<Anchor> list = anchorsOf(number);
  if (list.empty())
    return std::nullopt;
  uint64_t start;
  if (auto result = dyn_cast<OpResult>(value)) {
    start = order.end(result.getOwner());
  } else {
    Block *block = cast<BlockArgument>(value).getOwner();
    start = block->empty() ? order.position(block->getParentOp())
                           : order.position(&block->front()) - 1;
  }
  uint64_t last = start;
  for (const Anchor &anchor : list)
    last = std::max(last, anchor.recurs() ? order.end(anchor.op())
                                          : order.position(anchor.op()));
  return std::make_pair(start, last);
}

bool StorageLiveness::isLiveAfter(Value value, Operation *op) const {
  return findReadAfter(value, op) != nullptr;
}
