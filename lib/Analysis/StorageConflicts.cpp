//===- StorageConflicts.cpp - can this storage change clobber? ------------===//

#include "tilemem/Analysis/StorageConflicts.h"
#include "tilemem/Analysis/StorageDerivation.h"
#include "tilemem/Support/Walk.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::tile;

StorageConflicts::StorageConflicts(Operation *function, ProgramOrder &order,
                                   const TripCounts &trips,
                                   ValueNumbering &numbering)
    : storage(function, numbering), order(order), trips(trips),
      liveness(function, order, &trips, numbering) {
  tile::walk(function, [&](Operation *op) {
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
  allocations.addValue(window.root, value);
}

std::optional<WriteEffect> StorageConflicts::indexWriter(Operation *op) {
  std::optional<WriteEffect> effect = writeOf(op);
  if (effect)
    allocations.addWriter(effect->window.root, op);
  return effect;
}

/// What `op` writes, with windows looked up by `windowOf`.
static std::optional<WriteEffect>
writeEffect(Operation *op, function_ref<const Window *(Value)> windowOf) {
  Value written = writtenValue(op);
  if (!written)
    return std::nullopt;
  const Window *window = windowOf(written);
  if (!window)
    return std::nullopt;
  // A producer's result is new; a writeback consumes the operand it updates.
  Value consumed = isa<AllocatingOpInterface>(op) ? Value() : written;
  return WriteEffect{*window, consumed};
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
  llvm::SetVector<Value> roots;
  for (const auto &[value, window] : moved) {
    roots.insert(window.root);
    if (Operation *def = value.getDefiningOp())
      if (std::optional<WriteEffect> effect = writeEffect(def, windowOf)) {
        familyWriters.insert(def);
        roots.insert(effect->window.root);
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
    auto addWriter = [&](Operation *op) {
      if (!seenWriters.insert(op).second || trips.neverRuns(op))
        return;
      if (std::optional<WriteEffect> effect = writeEffect(op, windowOf))
        if (effect->window.root == root)
          writers.push_back({op, *effect});
    };
    for (Operation *op : allocations.writers(root))
      addWriter(op);
    for (Operation *op : familyWriters)
      addWriter(op);

    SmallVector<Value> values;
    llvm::SmallPtrSet<Value, 16> seenValues;
    auto addValue = [&](Value v) {
      if (!seenValues.insert(v).second)
        return;
      if (const Window *window = windowOf(v); window && window->root == root)
        values.push_back(v);
    };
    for (Value v : allocations.values(root))
      addValue(v);
    for (const auto &[value, window] : moved)
      addValue(value);

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
    for (Value value : values) {
      bool valueMoved = proposed.count(value);
      if (!valueMoved && !anyWriterMoved)
        continue; // only existing pairs, not affected by the proposal
      std::optional<std::pair<uint64_t, uint64_t>> interval =
          liveness.liveInterval(value);
      if (!interval)
        continue;
      const Window *window = windowOf(value);
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
  for (Value value : allocations.values(window.root)) {
    if (!seen.insert(value).second || llvm::is_contained(ignored, value))
      continue;
    const Window *current = storage.lookup(value);
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

Value StorageConflicts::findObserved(
    const Window &window, Operation *loop, Operation *lastYield,
    const llvm::SmallPtrSetImpl<Value> &carried) const {
  auto values = allocations.values(window.root);
  if (values.empty())
    return Value();
  // The live writes of the window inside the loop.
  SmallVector<Operation *> writes = {lastYield};
  for (Operation *writer : allocations.writers(window.root))
    if (order.encloses(loop, writer) && !trips.neverRuns(writer))
      if (std::optional<WriteEffect> effect = writeOf(writer);
          effect && effect->window.mayOverlap(window))
        writes.push_back(writer);
  llvm::SmallPtrSet<Value, 16> seen;
  for (Value value : values) {
    if (!seen.insert(value).second)
      continue;
    const Window *current = storage.lookup(value);
    if (!current || !current->mayOverlap(window) || carried.contains(value))
      continue;
    // Values defined inside the loop that hold the pre-loop payload (the
    // result of a zero-trip loop seeded by the same input, say) count too.
    // Only writes inside the value's live interval can clobber it, and that
    // interval is O(1) per anchor: it spares the per-write anchor scans.
    std::optional<std::pair<uint64_t, uint64_t>> interval =
        liveness.liveInterval(value);
    if (!interval)
      continue;
    for (Operation *write : writes) {
      uint64_t at = order.position(write);
      if (at < interval->first || at > interval->second)
        continue;
      if (liveness.findReadAfter(value, write))
        return value;
    }
  }
  return Value();
}

bool StorageConflicts::isWrittenWithin(const Window &window,
                                       Operation *region) const {
  for (Operation *writer : allocations.writers(window.root)) {
    if (!order.encloses(region, writer) || trips.neverRuns(writer))
      continue;
    if (std::optional<WriteEffect> effect = writeOf(writer);
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
