//===- StorageVerifier.cpp - the storage postcondition --------------------===//
//
// Structure checks (carries, branches, in-place contracts) are local to one
// op. The clobber check visits each write once and compares it with the
// values rooted in the same allocation whose windows overlap it, asking
// StorageLiveness whether each is still read afterwards. After InitMemRef an
// allocation holds one producer's value and its derived views, so the
// candidate lists stay short.
//
// With `allocated`, the address rules of AddressRules.h run over the
// planners' own AllocationLifetimes, built from this verifier's analyses:
// per allocation an O(1) address and capacity check, then one sweep per
// memory space over the live intervals sorted by start with the live
// allocations ordered by address, O(A log A) for A allocations. No pair of
// allocations is compared unless both are live and adjacent in address.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Analysis/StorageVerifier.h"
#include "tilemem/Analysis/AddressRules.h"
#include "tilemem/Analysis/AllocationLifetimes.h"
#include "tilemem/Analysis/ProgramOrder.h"
#include "tilemem/Analysis/StorageDerivation.h"
#include "tilemem/Analysis/StorageLiveness.h"
#include "tilemem/Analysis/TileStorage.h"
#include "tilemem/Support/ValueNames.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AsmState.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

class Verifier {
public:
  /// `walk` records the function as it is and outlives this.
  Verifier(const RecordedWalk &walk, StorageVerifierOptions options,
           const ProgramOrder &order, const TripCounts &trips,
           ValueNumbering &numbering)
      : walk(&walk), function(walk.getRoot()), options(options),
        numbering(numbering), storage(numbering, TileStorage::Deferred()),
        order(order), trips(trips),
        liveness(order, &trips, numbering, StorageLiveness::Deferred()) {
    buildStorageAndLiveness(walk, storage, liveness);
  }
  /// Records the walk of `function` itself and builds the windows and reads
  /// along it: `order` and `trips` are all the build needs beforehand.
  Verifier(Operation *function, StorageVerifierOptions options,
           const ProgramOrder &order, const TripCounts &trips,
           ValueNumbering &numbering)
      : function(function), options(options), numbering(numbering),
        storage(numbering, TileStorage::Deferred()), order(order), trips(trips),
        liveness(order, &trips, numbering, StorageLiveness::Deferred()),
        ownWalk(recordStorageAndLiveness(function, storage, liveness)) {
    walk = &*ownWalk;
  }

  SmallVector<StorageViolation> run();

private:
  std::string name(Value value);
  std::string describe(const Window &window);
  void report(Operation *op, const Twine &message) {
    violations.push_back({op, message.str()});
  }
  /// Attaches a note at `value`'s definition (its op, or for a block
  /// argument the op that owns the block) to the last report.
  void noteAt(Value value, const Twine &note) {
    Operation *at = value.getDefiningOp();
    if (!at)
      at = value.getParentBlock()->getParentOp();
    violations.back().notes.push_back({at, note.str()});
  }

  void checkValue(Value value, Operation *anchor);
  /// Every carry in one window: initializer, everything passed on at its
  /// position, pairwise disjoint from the loop's other carries.
  void checkLoop(Operation *loop);
  void checkIf(scf::IfOp ifOp);
  void checkContracts(Operation *op);
  void checkWrite(Operation *op, const Window &written, Value consumed,
                  Value value);
  void checkWrites();
  void checkAddresses();
  void checkMove(MoveOp move);

  const RecordedWalk *walk = nullptr;
  Operation *function;
  StorageVerifierOptions options;
  /// Shared by `storage` and `liveness`.
  ValueNumbering &numbering;
  TileStorage storage;
  const ProgramOrder &order;
  const TripCounts &trips;
  StorageLiveness liveness;
  /// The walk this verifier recorded itself, if it did (after the
  /// analyses it builds along the way).
  std::optional<RecordedWalk> ownWalk;
  ValueNames names{function};
  /// A key per allocation (and external root) windows live in, so the
  /// per-allocation groups below are flat arrays sorted once rather than a
  /// hash map of vectors. Any key that tells roots apart will do, so the
  /// root's own address, with no lookup: the groups' order never shows, as
  /// the reports are sorted by program position at the end and all reports
  /// at one op come from the group of the root it writes.
  static uint64_t rootKey(Value root) {
    return reinterpret_cast<uintptr_t>(root.getAsOpaquePointer());
  }
  /// The storage-typed values that are read, with their window's root key
  /// and their live interval (StorageLiveness::liveInterval). The interval
  /// is taken when the value is checked, in walk order, where its definition
  /// and its anchors are near the ops just visited; grouped by root they
  /// would be visited all over the function.
  struct LiveValue {
    uint64_t root;
    uint64_t start, end;
    Value value;
  };
  SmallVector<LiveValue> valuesByRoot;
  /// 24 bytes: the window written is looked up again when checked rather
  /// than kept (the list holds one entry per writing op).
  struct Write {
    uint64_t root;
    Operation *op;
    /// The value whose window is written (writtenValue).
    Value written;
    /// The updated operand of a writeback; null for a producer.
    Value consumed() const {
      return isa<AllocatingOpInterface>(op) ? Value() : written;
    }
  };
  /// Writes in program order, tagged with their window's root key.
  SmallVector<Write> writes;
  SmallVector<StorageViolation> violations;
  /// With `allocated`: the moves, checked once the allocations' addresses
  /// are, and the allocations that passed the capacity check.
  SmallVector<MoveOp> moves;
  llvm::SmallPtrSet<Operation *, 16> placed;
};

} // namespace

void StorageViolation::emit(const Twine &prefix) const {
  InFlightDiagnostic diag = op->emitError() << prefix.str() << message;
  for (const auto &[at, note] : notes)
    diag.attachNote(at->getLoc()) << note;
}

std::string Verifier::name(Value value) { return names(value); }

std::string Verifier::describe(const Window &window) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << name(window.root) << '[' << window.offset << ", " << window.size << ']';
  if (window.dynamicSlot)
    os << " slot " << name(window.dynamicSlot);
  else if (window.staticSlot)
    os << " slot " << window.staticSlot;
  if (window.colStride != 1)
    os << " strides [" << window.rowStride << ", " << window.colStride << "]";
  return text;
}

void Verifier::checkValue(Value value, Operation *anchor) {
  if (!hasStorage(value.getType()))
    return;
  unsigned number = numbering.lookup(value);
  const Window *window = storage.lookupNumber(number);
  if (!window) {
    auto contract = value.getDefiningOp<StorageContractInterface>();
    // The report is at the value's definition, so the value is named by
    // its place there (the function's SSA numbers are not the source's).
    std::string what;
    if (auto result = dyn_cast<OpResult>(value))
      what = anchor->getNumResults() == 1
                 ? std::string("its result")
                 : "its result #" + std::to_string(result.getResultNumber());
    else
      what = "its region argument #" +
             std::to_string(cast<BlockArgument>(value).getArgNumber());
    if (contract && contract.isFirstInputAlias() &&
        storage.lookup(contract->getOperand(0)))
      report(anchor, what + " has no storage: a strided view cannot be "
                            "reshaped (a reshape names bytes in row-major "
                            "order)");
    else if (isa<CallOpInterface>(anchor))
      report(anchor, what +
                         " has no storage: the storage passes plan one "
                         "function at a time, so a call's tile and tensor "
                         "results have none (inline the callee: --inline; or "
                         "mark a caller that only calls kernels "
                         "tile.orchestration)");
    else if (isa<AllocatingOpInterface>(anchor))
      report(anchor, what + " has no storage: the producer has no "
                            "destination (run tile-init-memref)");
    else if (isa<OpResult>(value) &&
             !isa_and_nonnull<TileDialect>(anchor->getDialect()) &&
             !isStorageRegionOp(anchor))
      report(anchor, what + " has no storage: '" +
                         anchor->getName().getStringRef().str() +
                         "' is not a tile op, and the storage passes give "
                         "storage to the results of tile ops, scf.for, "
                         "scf.while and scf.if only (a choice between two "
                         "tiles is an scf.if)");
    else
      report(anchor, what + " has no storage");
    return;
  }
  if (auto interval = liveness.liveInterval(value, number))
    valuesByRoot.push_back(
        {rootKey(window->root), interval->first, interval->second, value});
  auto tile = dyn_cast<TileType>(value.getType());
  std::optional<MemorySpace> space = window->getSpace();
  if (tile && space && *space != tile.getSpace())
    report(anchor, "value " + name(value) + " is a " +
                       stringifyMemorySpace(tile.getSpace()) +
                       " tile stored in " + stringifyMemorySpace(*space) +
                       " buffer " + name(window->root));
}

void Verifier::checkLoop(Operation *loop) {
  SmallVector<std::pair<Value, const Window *>> carries;
  for (const LoopCarry &carry : getCarries(loop)) {
    Value init = carry.getInit();
    if (!hasStorage(init.getType()))
      continue;
    const Window *initWindow = storage.lookup(init);
    if (!initWindow)
      continue; // reported as a value without storage
    bool checked = false;
    for (OpOperand *yielded : carry.yielded) {
      Value next = yielded->get();
      const Window *nextWindow = storage.lookup(next);
      if (!nextWindow)
        continue;
      checked = true;
      if (*initWindow != *nextWindow) {
        report(loop,
               "carry #" + Twine(carry.index) + ": " +
                   (isa<scf::ConditionOp>(yielded->getOwner()) ? "forwarded"
                                                               : "yielded") +
                   " value " + name(next) + " lives in " +
                   describe(*nextWindow) + " but the carry lives in " +
                   describe(*initWindow) + " (initializer " + name(init) + ")");
        noteAt(next, name(next) + " is defined here");
      }
    }
    if (checked)
      carries.push_back({init, initWindow});
  }
  for (unsigned i = 0; i < carries.size(); ++i)
    for (unsigned j = i + 1; j < carries.size(); ++j)
      if (carries[i].second->mayOverlap(*carries[j].second)) {
        report(loop, "carries initialized by " + name(carries[i].first) +
                         " and " + name(carries[j].first) + " overlap in " +
                         describe(*carries[i].second));
        noteAt(carries[j].first, "the initializer " + name(carries[j].first) +
                                     " is defined here");
      }
}

void Verifier::checkIf(scf::IfOp ifOp) {
  if (ifOp.getNumResults() == 0 || ifOp.getElseRegion().empty())
    return;
  for (auto [index, thenValue, elseValue] : llvm::enumerate(
           ifOp.thenYield().getOperands(), ifOp.elseYield().getOperands())) {
    const Window *thenWindow = storage.lookup(thenValue);
    const Window *elseWindow = storage.lookup(elseValue);
    if (!thenWindow || !elseWindow || *thenWindow == *elseWindow)
      continue;
    report(ifOp, "result #" + Twine(index) + ": the else arm yields " +
                     name(elseValue) + " in " + describe(*elseWindow) +
                     " but the result lives in " + describe(*thenWindow));
    noteAt(elseValue, name(elseValue) + " is defined here");
  }
}

void Verifier::checkContracts(Operation *op) {
  if (op->getNumResults() != 1 || trips.neverRuns(op))
    return; // dead code reads and writes nothing
  const Window *result = storage.lookup(op->getResult(0));
  if (!result)
    return;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!hasStorage(operand.get().getType()))
      continue;
    const Window *input = storage.lookup(operand.get());
    if (!input)
      continue;
    if (std::optional<StringRef> why =
            inPlaceViolation(op, operand.getOperandNumber(), *input, *result)) {
      report(op, "result " + name(op->getResult(0)) + " in " +
                     describe(*result) + " overlaps operand " +
                     name(operand.get()) + " in " + describe(*input) +
                     ", but " + *why);
      noteAt(operand.get(), name(operand.get()) + " is defined here");
    }
  }
}

void Verifier::checkWrite(Operation *op, const Window &written, Value consumed,
                          Value value) {
  // The consumed operand is read by `op` itself; it conflicts only if it is
  // read again afterwards (a writeback of a value still in use).
  if (value.getDefiningOp() == op)
    return;
  const Window *window = storage.lookup(value);
  if (!window->mayOverlap(written))
    return;
  Operation *reader = liveness.findReadAfter(value, op);
  if (!reader)
    return;
  std::string where;
  llvm::raw_string_ostream os(where);
  os << reader->getName() << " at " << reader->getLoc();
  if (value == consumed)
    report(op, "updates " + name(value) + " in place (" + describe(written) +
                   "), but " + name(value) + " is still read afterwards by " +
                   where);
  else
    report(op, "writes " + describe(written) + ", clobbering " + name(value) +
                   " (" + describe(*window) +
                   ") which is still read afterwards by " + where);
  violations.back().notes.push_back({reader, name(value) + " is read here"});
  // A carried value's window is its initializer's in every iteration, not
  // the window its last yield was written in (a ping-pong slot): say so.
  if (auto argument = dyn_cast<BlockArgument>(value))
    if (Operation *loop = argument.getOwner()->getParentOp();
        isa_and_nonnull<scf::ForOp, scf::WhileOp>(loop))
      violations.back().notes.push_back(
          {loop, name(value) +
                     " is carried by this loop, which keeps it in "
                     "its initializer's window (" +
                     describe(*window) + ") in every iteration"});
}

// Per allocation, a sweep over program positions: each write is compared
// only with the values of its allocation whose live interval contains it,
// so a long chain of versions of one tensor costs O(n log n), not O(n^2).
void Verifier::checkWrites() {
  // Group both lists by root; stable, so each group's writes stay in
  // program order, and the values of a group come sorted by the start of
  // their live intervals.
  llvm::stable_sort(
      writes, [](const Write &a, const Write &b) { return a.root < b.root; });
  llvm::stable_sort(valuesByRoot, [](const LiveValue &a, const LiveValue &b) {
    return std::tie(a.root, a.start) < std::tie(b.root, b.start);
  });
  SmallVector<const LiveValue *> active;
  const LiveValue *values = valuesByRoot.begin();
  for (Write *group = writes.begin(); group != writes.end();) {
    uint64_t root = group->root;
    Write *groupEnd = std::find_if(
        group, writes.end(), [&](const Write &w) { return w.root != root; });
    while (values != valuesByRoot.end() && values->root < root)
      ++values;
    const LiveValue *first = values;
    while (values != valuesByRoot.end() && values->root == root)
      ++values;
    ArrayRef<LiveValue> intervals(first, values);
    active.clear();
    unsigned next = 0;
    for (const Write &write : llvm::make_range(group, groupEnd)) {
      if (trips.neverRuns(write.op))
        continue; // dead code clobbers nothing
      uint64_t at = order.position(write.op);
      while (next < intervals.size() && intervals[next].start < at)
        active.push_back(&intervals[next++]);
      const Window *window = nullptr;
      for (unsigned i = 0; i < active.size();) {
        if (active[i]->end < at) { // expired: never live again
          active[i] = active.back();
          active.pop_back();
          continue;
        }
        if (!window)
          window = storage.lookup(write.written);
        checkWrite(write.op, *window, write.consumed(), active[i]->value);
        ++i;
      }
    }
    group = groupEnd;
  }
}

// The address rules of AddressRules.h over the planners' own lifetimes
// (AllocationLifetimes, built from this verifier's analyses), then the
// moves. An allocation outside its capacity is reported and left out of the
// other checks, so every sum below stays under the capacity.
void Verifier::checkAddresses() {
  TargetArch arch = options.arch
                        ? *options.arch
                        : getTargetArch(function).value_or(TargetArch::A3);
  AllocationLifetimes lifetimes(*walk, order, trips, liveness, storage);
  SmallVector<AddressItem> items;
  for (const AllocationLifetime &lifetime : lifetimes.getAllocations()) {
    Operation *op = lifetime.alloc;
    std::string what = "allocation " + name(lifetime.alloc.getResult());
    if (!lifetime.addr) {
      report(op, what + " has no address after address allocation");
      continue;
    }
    if (!fitsInCapacity(*lifetime.addr, lifetime.bytes,
                        getSpaceCapacity(arch, lifetime.space))) {
      report(op, what + describeCapacityOverflow(*lifetime.addr, lifetime.bytes,
                                                 lifetime.space, arch));
      continue;
    }
    placed.insert(op);
    items.push_back({op, /*scratch=*/false, lifetime.space, *lifetime.addr,
                     lifetime.bytes, lifetime.start, lifetime.end});
  }
  // A scratch tile without an address is left to ptoas (level2 PTO).
  for (const ScratchTile &scratch : lifetimes.getScratchTiles()) {
    if (!scratch.addr)
      continue;
    if (!fitsInCapacity(*scratch.addr, scratch.bytes,
                        getSpaceCapacity(arch, scratch.space))) {
      report(scratch.op,
             "the scratch tile of " + name(scratch.op->getResult(0)) +
                 describeCapacityOverflow(*scratch.addr, scratch.bytes,
                                          scratch.space, arch));
      continue;
    }
    items.push_back({scratch.op, /*scratch=*/true, scratch.space, *scratch.addr,
                     scratch.bytes, scratch.point, scratch.point});
  }
  for (StorageViolation &violation :
       checkAlignmentAndLiveOverlaps(items, lifetimes, names))
    violations.push_back(std::move(violation));
  for (MoveOp move : moves)
    checkMove(move);
}

void Verifier::checkMove(MoveOp move) {
  const Window *from = storage.lookup(move.getSource());
  const Window *to = storage.lookup(move.getResult());
  if (!from || !to || from->isExternal() || to->isExternal() || *from == *to)
    return;
  auto fromAlloc = from->root.getDefiningOp<AllocOp>();
  auto toAlloc = to->root.getDefiningOp<AllocOp>();
  if (!fromAlloc || !toAlloc || !placed.contains(fromAlloc) ||
      !placed.contains(toAlloc) ||
      fromAlloc.getResult().getType().getSpace() !=
          toAlloc.getResult().getType().getSpace())
    return;
  // Slots of one allocation are consecutive `size`-byte blocks; a dynamic
  // slot may be any of them. Both allocations lie inside the capacity, so
  // no sum overflows.
  auto range = [](const Window &w, AllocOp alloc) {
    BufferType type = alloc.getResult().getType();
    int64_t base = *alloc.getAddr();
    if (w.dynamicSlot)
      return std::make_pair(base + w.offset,
                            base + (type.getSlots() - 1) * type.getSize() +
                                w.offset + w.size);
    int64_t start = base + w.staticSlot * type.getSize() + w.offset;
    return std::make_pair(start, start + w.size);
  };
  auto [fromBegin, fromEnd] = range(*from, fromAlloc);
  auto [toBegin, toEnd] = range(*to, toAlloc);
  if (fromBegin < toEnd && toBegin < fromEnd)
    report(move, "move source " + name(move.getSource()) + " [" +
                     Twine(fromBegin) + ", " + Twine(fromEnd) +
                     ") and destination [" + Twine(toBegin) + ", " +
                     Twine(toEnd) + ") overlap in address space");
}

SmallVector<StorageViolation> Verifier::run() {
  // One replay checks every storage-typed value (storage, space, the
  // per-root index) and every op. The reports are ordered as if the values
  // were all checked first: those of the values go to `valueViolations`.
  // Both indexes hold at most one entry per numbered value (a write is of
  // a value with a window, which TileStorage numbered), so they are sized
  // once.
  valuesByRoot.reserve(numbering.size());
  writes.reserve(numbering.size());
  SmallVector<StorageViolation> valueViolations;
  walk->forEachPreOrder([&](Operation *op) {
    size_t before = violations.size();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          checkValue(arg, op);
    for (Value result : op->getResults())
      checkValue(result, op);
    if (violations.size() != before) {
      std::move(violations.begin() + before, violations.end(),
                std::back_inserter(valueViolations));
      violations.truncate(before);
    }

    if (isa<scf::ForOp, scf::WhileOp>(op)) {
      checkLoop(op);
    } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      // Results of one if may overlap each other (a view and its source,
      // yielded by both arms): once every arm yields its results' windows
      // (checkIf), what the arms deliver there is checked by the clobber
      // rule like any other write.
      checkIf(ifOp);
    }
    checkContracts(op);
    if (auto move = dyn_cast<MoveOp>(op); move && options.allocated)
      moves.push_back(move);

    // The clobber check: what each op writes.
    if (Value written = writtenValue(op))
      if (const Window *window = storage.lookup(written))
        writes.push_back({rootKey(window->root), op, written});
  });
  // Not an insert of an empty range: SmallVector's moves the tail onto
  // itself, which empties each moved std::string.
  if (!valueViolations.empty())
    violations.insert(violations.begin(),
                      std::make_move_iterator(valueViolations.begin()),
                      std::make_move_iterator(valueViolations.end()));
  checkWrites();
  if (options.allocated)
    checkAddresses();
  llvm::stable_sort(violations,
                    [&](const StorageViolation &a, const StorageViolation &b) {
                      return order.position(a.op) < order.position(b.op);
                    });
  return std::move(violations);
}

SmallVector<StorageViolation>
mlir::tile::verifyTileStorage(Operation *function,
                              StorageVerifierOptions options) {
  RecordedWalk walk(function, hasStorage);
  ProgramOrder order(walk);
  TripCounts trips(order);
  ValueNumbering numbering(countStorageValues(walk));
  return verifyTileStorage(walk, options, order, trips, numbering);
}

SmallVector<StorageViolation> mlir::tile::verifyTileStorage(
    Operation *function, StorageVerifierOptions options,
    const ProgramOrder &order, const TripCounts &trips,
    ValueNumbering &numbering) {
  // The structure is reused; the windows and reads are derived again, along
  // one walk of the function as it is now.
  return Verifier(function, options, order, trips, numbering).run();
}

SmallVector<StorageViolation> mlir::tile::verifyTileStorage(
    const RecordedWalk &walk, StorageVerifierOptions options,
    const ProgramOrder &order, const TripCounts &trips,
    ValueNumbering &numbering) {
  return Verifier(walk, options, order, trips, numbering).run();
}
