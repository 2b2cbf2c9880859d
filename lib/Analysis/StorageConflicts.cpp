//===- StorageConflicts.cpp - can this storage change clobber? ------------===//

#include "tilemem/Analysis/StorageConflicts.h"
#include "tilemem/Analysis/StorageDerivation.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::tile;

StorageConflicts::StorageConflicts(const RecordedWalk &walk,
                                   ProgramOrder &order, const TripCounts &trips,
                                   ValueNumbering &numbering)
    : storage(numbering, TileStorage::Deferred()), order(order), trips(trips),
      liveness(order, &trips, numbering, StorageLiveness::Deferred()) {
  buildStorageAndLiveness(walk, storage, liveness, [&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (const Window *window = storage.lookup(arg))
            index(arg, *window);
    for (Value result : op->getResults())
      if (const Window *window = storage.lookup(result))
        index(result, *window);
    if (std::optional<WriteEffect> effect = indexWriter(op);
        effect && effect->consumed)
      initialWritebacks.push_back({op, effect->consumed});
  });
}

void StorageConflicts::index(Value value, const Window &window) {
  allocations.addValue(window.root, value, storage.numberOf(value));
}

std::optional<WriteEffect> StorageConflicts::indexWriter(Operation *op) {
  unsigned locator = writtenLocator(op);
  std::optional<WriteEffect> effect =
      writeAt(op, locator, [&](Value v) { return storage.lookup(v); });
  if (effect)
    allocations.addWriter(effect->window.root, op, locator);
  return effect;
}

std::optional<WriteEffect>
StorageConflicts::writeAt(Operation *op, unsigned locator,
                          function_ref<const Window *(Value)> windowOf) {
  if (locator == kNoWrite)
    return std::nullopt;
  Value written = writtenAt(op, locator);
  const Window *window = windowOf(written);
  if (!window)
    return std::nullopt;
  // A producer's result is new; a writeback consumes the operand it updates.
  Value consumed = locator & kWrittenOperand ? written : Value();
  return WriteEffect{*window, consumed};
}

/// What `op` writes, with windows looked up by `windowOf`.
static std::optional<WriteEffect>
writeEffect(Operation *op, function_ref<const Window *(Value)> windowOf) {
  return StorageConflicts::writeAt(op, writtenLocator(op), windowOf);
}

std::optional<WriteEffect> StorageConflicts::writeOf(Operation *op) const {
  return writeEffect(op, [&](Value v) { return storage.lookup(v); });
}

std::optional<StorageConflict>
StorageConflicts::check(ArrayRef<std::pair<Value, Window>> moved) const {
  llvm::DenseMap<Value, Window> proposed;
  for (const auto &[value, window] : moved)
    proposed[value] = window;
  auto windowOf = [&](Value v) -> const Window * {
    auto it = proposed.find(v);
    return it != proposed.end() ? &it->second : storage.lookup(v);
  };
  llvm::SmallPtrSet<Operation *, 8> familyWriters;
  SmallVector<std::pair<Operation *, unsigned>, 8> familyLocators;
  llvm::SetVector<Value> roots;
  for (const auto &[value, window] : moved) {
    roots.insert(window.root);
    if (Operation *def = value.getDefiningOp()) {
      unsigned locator = writtenLocator(def);
      if (std::optional<WriteEffect> effect = writeAt(def, locator, windowOf))
        if (familyWriters.insert(def).second) {
          familyLocators.push_back({def, locator});
          roots.insert(effect->window.root);
        }
    }
  }

  // In-place contracts (inPlaceViolation): a moved result against its
  // operands, a moved operand against its user's result.
  for (const auto &[value, window] : moved) {
    if (auto result = dyn_cast<OpResult>(value)) {
      Operation *owner = result.getOwner();
      if (owner->getNumResults() == 1)
        for (OpOperand &operand : owner->getOpOperands())
          if (hasStorage(operand.get().getType()))
            if (const Window *input = windowOf(operand.get());
                input && inPlaceViolation(owner, operand.getOperandNumber(),
                                          *input, window))
              return StorageConflict{operand.get(), owner, owner};
    }
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (user->getNumResults() != 1)
        continue;
      if (const Window *output = windowOf(user->getResult(0));
          output &&
          inPlaceViolation(user, use.getOperandNumber(), window, *output))
        return StorageConflict{value, user, user};
    }
  }

  for (Value root : roots) {
    // The writers and values of this allocation once the proposal applies.
    SmallVector<std::pair<Operation *, WriteEffect>> writers;
    llvm::SmallPtrSet<Operation *, 16> seenWriters;
    auto addWriter = [&](Operation *op, unsigned locator) {
      if (!seenWriters.insert(op).second || trips.neverRuns(op))
        return;
      if (std::optional<WriteEffect> effect = writeAt(op, locator, windowOf))
        if (effect->window.root == root)
          writers.push_back({op, *effect});
    };
    for (const auto &writer : allocations.writers(root))
      addWriter(writer.item, writer.tag);
    for (auto [op, locator] : familyLocators)
      addWriter(op, locator);

    // The values with their numbers, and their windows once the proposal
    // applies (the number spares hashing the value again).
    struct Candidate {
      Value value;
      unsigned number;
      const Window *window;
    };
    SmallVector<Candidate> values;
    llvm::SmallPtrSet<Value, 16> seenValues;
    auto addValue = [&](Value v, unsigned number) {
      auto it = proposed.find(v);
      const Window *window =
          it != proposed.end() ? &it->second : storage.lookupNumber(number);
      if (!window || window->root != root || !seenValues.insert(v).second)
        return;
      values.push_back({v, number, window});
    };
    for (const auto &value : allocations.values(root))
      addValue(value.item, value.tag);
    for (const auto &[value, window] : moved)
      addValue(value, storage.numberOf(value));

    // A writer can only clobber the values whose live interval contains it:
    // with the writers sorted by position, each value visits just those
    // (a binary search and the hits) instead of every writer.
    struct PlacedWriter {
      uint64_t position;
      Operation *op;
      const WriteEffect *effect;
      bool moved;
    };
    SmallVector<PlacedWriter> placed;
    placed.reserve(writers.size());
    for (auto &[writer, effect] : writers)
      placed.push_back({order.position(writer), writer, &effect,
                        familyWriters.contains(writer)});
    llvm::sort(placed, [](const PlacedWriter &a, const PlacedWriter &b) {
      return a.position < b.position;
    });
    bool anyWriterMoved =
        llvm::any_of(placed, [](const PlacedWriter &w) { return w.moved; });
    for (const auto &[value, number, window] : values) {
      bool valueMoved = proposed.count(value);
      if (!valueMoved && !anyWriterMoved)
        continue; // only existing pairs, not affected by the proposal
      std::optional<std::pair<uint64_t, uint64_t>> interval =
          liveness.liveInterval(value, number);
      if (!interval)
        continue;
      auto first = llvm::partition_point(placed, [&](const PlacedWriter &w) {
        return w.position < interval->first;
      });
      for (auto it = first;
           it != placed.end() && it->position <= interval->second; ++it) {
        if (!it->moved && !valueMoved)
          continue; // an existing pair, not affected by the proposal
        if (value.getDefiningOp() == it->op ||
            !window->mayOverlap(it->effect->window))
          continue;
        if (Operation *reader = liveness.findReadAfter(value, it->op))
          return StorageConflict{value, it->op, reader};
      }
    }
  }
  return std::nullopt;
}

std::optional<StorageConflict>
StorageConflicts::checkWriteBefore(const Window &window, Operation *point,
                                   ArrayRef<Value> ignored) const {
  if (trips.neverRuns(point))
    return std::nullopt;
  llvm::SmallPtrSet<Value, 16> seen;
  for (const auto &entry : allocations.values(window.root)) {
    Value value = entry.item;
    if (!seen.insert(value).second || llvm::is_contained(ignored, value))
      continue;
    const Window *current = storage.lookupNumber(entry.tag);
    if (!current || !current->mayOverlap(window) ||
        !liveness.isDefinedBefore(value, point))
      continue;
    if (llvm::is_contained(point->getOperands(), value))
      return StorageConflict{value, nullptr, point};
    if (Operation *reader = liveness.findReadAfter(value, point))
      return StorageConflict{value, nullptr, reader};
  }
  return std::nullopt;
}

StorageConflicts::ObservedRead
StorageConflicts::findObserved(const Window &window, Operation *loop,
                               Operation *lastYield,
                               function_ref<bool(Value)> isCarried) const {
  auto values = allocations.values(window.root);
  if (values.empty())
    return {};
  // The positions of the live writes of the window inside the loop, sorted:
  // each value then finds the writes inside its live interval by a binary
  // search instead of testing every write.
  SmallVector<std::pair<uint64_t, Operation *>, 16> writes = {
      {order.position(lastYield), lastYield}};
  for (const auto &writer : allocations.writers(window.root))
    if (order.encloses(loop, writer.item) && !trips.neverRuns(writer.item))
      if (std::optional<WriteEffect> effect = writeAt(writer.item, writer.tag);
          effect && effect->window.mayOverlap(window))
        writes.push_back({order.position(writer.item), writer.item});
  llvm::sort(writes, llvm::less_first());
  llvm::SmallPtrSet<Value, 16> seen;
  for (const auto &entry : values) {
    Value value = entry.item;
    const Window *current = storage.lookupNumber(entry.tag);
    if (!current || !current->mayOverlap(window))
      continue;
    // Values defined inside the loop that hold the pre-loop payload (the
    // result of a zero-trip loop seeded by the same input, say) count too.
    // Only writes inside the value's live interval can clobber it, and that
    // interval is O(1) per anchor: it spares the per-write anchor scans.
    std::optional<std::pair<uint64_t, uint64_t>> interval =
        liveness.liveInterval(value, entry.tag);
    if (!interval)
      continue;
    const auto *first = llvm::partition_point(writes, [&](const auto &write) {
      return write.first < interval->first;
    });
    if (first == writes.end() || first->first > interval->second ||
        !seen.insert(value).second)
      continue;
    Operation *reader = nullptr;
    for (const auto *write = first;
         !reader && write != writes.end() && write->first <= interval->second;
         ++write)
      reader = liveness.findReadAfter(value, write->second);
    // The loop's own carry (the costliest test) is asked last.
    if (reader && !isCarried(value))
      return {value, reader};
  }
  return {};
}

bool StorageConflicts::isWrittenWithin(const Window &window,
                                       Operation *region) const {
  for (const auto &writer : allocations.writers(window.root)) {
    if (!order.encloses(region, writer.item) || trips.neverRuns(writer.item))
      continue;
    if (std::optional<WriteEffect> effect = writeAt(writer.item, writer.tag);
        effect && effect->window.mayOverlap(window))
      return true;
  }
  return false;
}

void StorageConflicts::commit(ArrayRef<std::pair<Value, Window>> moved) {
  for (const auto &[value, window] : moved) {
    const Window *old = storage.lookup(value);
    bool rootChanged = !old || old->root != window.root;
    storage.set(value, window);
    if (rootChanged) {
      index(value, window);
      if (Operation *def = value.getDefiningOp())
        indexWriter(def);
    }
  }
}

void StorageConflicts::noteInserted(ArrayRef<Operation *> ops,
                                    Operation *next) {
  order.insertBefore(ops, next);
  for (Operation *op : ops) {
    liveness.addReadsOf(op);
    if (auto producer = dyn_cast<AllocatingOpInterface>(op))
      if (std::optional<Window> window =
              TileStorage::destinationWindow(producer)) {
        storage.set(producer.getProducedTile(), *window);
        index(producer.getProducedTile(), *window);
      }
    indexWriter(op);
  }
}

// A retarget moves a whole family; a member that another loop or branch
// already delivers in the right window (the same tile yielded twice, say)
// must stay there, or aligning one boundary would undo another.
bool StorageConflicts::breaksAlignedBoundary(
    ArrayRef<std::pair<Value, Window>> moved) const {
  llvm::DenseMap<Value, Window> proposed(moved.begin(), moved.end());
  auto windowOf = [&](Value v) -> const Window * {
    auto it = proposed.find(v);
    return it != proposed.end() ? &it->second : lookup(v);
  };
  for (const auto &[value, window] : moved) {
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      unsigned number = use.getOperandNumber();
      // The boundary partner: the window this yield operand must match (its
      // carry's initializer, or the other arm's value).
      Value partner;
      if (std::optional<unsigned> index = carryIndexOfYielded(use)) {
        SmallVector<LoopCarry, 4> carries = getCarries(user->getParentOp());
        if (*index < carries.size())
          partner = carries[*index].getInit();
      } else if (auto ifOp = dyn_cast<scf::IfOp>(user->getParentOp());
                 ifOp && isa<scf::YieldOp>(user)) {
        partner = user->getParentRegion() == &ifOp.getThenRegion()
                      ? ifOp.elseYield().getOperand(number)
                      : ifOp.thenYield().getOperand(number);
      }
      // A loop input: each of the loop's yields of that carry must follow,
      // and the carries of one loop must stay pairwise disjoint.
      SmallVector<Value, 2> loopYields;
      SmallVector<Value, 4> loopInits;
      if (isa<scf::ForOp, scf::WhileOp>(user))
        for (const LoopCarry &carry : getCarries(user)) {
          loopInits.push_back(carry.getInit());
          if (carry.init == &use)
            for (OpOperand *yielded : carry.yielded)
              loopYields.push_back(yielded->get());
        }
      for (Value other : loopInits)
        if (other != value && hasStorage(other.getType()))
          if (const Window *otherWindow = windowOf(other);
              otherWindow && otherWindow->mayOverlap(window))
            return true;
      for (Value yielded : loopYields) {
        const Window *before = lookup(yielded);
        const Window *initBefore = lookup(value);
        const Window *after = windowOf(yielded);
        if (before && initBefore && *before == *initBefore &&
            (!after || *after != window))
          return true;
      }
      if (!partner || partner == value)
        continue;
      const Window *before = lookup(value);
      const Window *partnerBefore = lookup(partner);
      const Window *partnerAfter = windowOf(partner);
      bool wasAligned = before && partnerBefore && *before == *partnerBefore;
      bool isAligned = partnerAfter && *partnerAfter == window;
      if (wasAligned && !isAligned)
        return true;
    }
  }
  return false;
}
