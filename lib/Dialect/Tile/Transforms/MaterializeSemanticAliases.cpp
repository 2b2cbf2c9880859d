//===- MaterializeSemanticAliases.cpp - required sharing, made explicit ---===//
//
// See Passes.td for the contract and
// docs/passes/materialize-semantic-aliases.md for the algorithm. The pass
// rewrites in place under an undo journal and keeps the result only when it
// satisfies tile-verify-storage, so a failure leaves the function exactly as it
// was.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Analysis/StorageConflicts.h"
#include "tilemem/Analysis/StorageDerivation.h"
#include "tilemem/Analysis/StorageVerifier.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Support/ValueNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>

namespace mlir::tile {
#define GEN_PASS_DEF_TILEMATERIALIZESEMANTICALIASES
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

struct Counters {
  unsigned retargeted = 0, yieldCopies = 0, entryCopies = 0, scratch = 0,
           branchCopies = 0, writebackCopies = 0, selections = 0;
  unsigned total() const {
    return retargeted + yieldCopies + entryCopies + scratch + branchCopies +
           writebackCopies + selections;
  }
};

/// Rounds of boundary alignment before giving up on a fixed point (the
/// final verification then reports what is left).
constexpr unsigned kMaxRounds = 4;

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

  /// Undoes everything, newest first.
  void rollback() {
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

/// Where a yielded value must be produced to land in `target`: an allocating
/// producer and the window it must write.
struct RetargetPlan {
  AllocatingOpInterface producer;
  Window window;
};

class Materializer {
public:
  Materializer(func::FuncOp function, TargetArch arch, bool bufferIR,
               Counters &counters, Journal &journal, ProgramOrder &order,
               const TripCounts &trips, ValueNumbering &numbering)
      : function(function), arch(arch), bufferIR(bufferIR), counters(counters),
        journal(journal), conflicts(function, order, trips, numbering),
        dominance(function) {}

  LogicalResult run();

private:
  // Loops.
  LogicalResult processLoop(Operation *loop);
  LogicalResult isolateInputs(Operation *loop, ArrayRef<LoopCarry> carries,
                              Operation *lastYield);
  LogicalResult alignYield(Operation *loop, ArrayRef<LoopCarry> carries,
                           Operation *yield);
  void copyBlockingCarriesEarly(
      Operation *loop, Operation *yield,
      SmallVectorImpl<std::pair<unsigned, Window>> &copies);
  // Branches.
  LogicalResult processIf(scf::IfOp ifOp);
  void deliverToFreshDestination(scf::IfOp ifOp, unsigned index);
  bool copyElseIntoThenWindow(scf::IfOp ifOp, unsigned index);
  AllocOp selectableAllocation(Value value);
  bool trySelectInSlots(scf::IfOp ifOp, unsigned index);
  // Writebacks of values still read afterwards.
  LogicalResult isolateWritebacks();

  // Building blocks.
  std::optional<RetargetPlan> planRetarget(Value yielded, Window target);
  bool tryRetarget(Value yielded, const Window &target);
  bool breaksAlignedBoundary(ArrayRef<std::pair<Value, Window>> moved);
  Value createAlloc(Location loc, TileType type);
  /// Copies operand `index` of `user` into `target` with a tile.move right
  /// before `user` (or before `at`, an earlier op of its block), which then
  /// reads the copy (journaled); what derives from the operand (a scope's
  /// result, a loop's carries) follows the copy.
  Value copyOperandInto(Location loc, Operation *user, unsigned index,
                        const Window &target, Operation *at = nullptr);
  /// The window of a fresh allocation for a whole `type` tile.
  Window freshTile(Location loc, TileType type);
  Value createMove(Location loc, Value source, Value buffer,
                   const Window &target, Operation *before);
  /// The op before which a copy delivering yield operand `index` goes, and
  /// the operand to replace: through transparent tile.scope wrappers.
  std::pair<Operation *, unsigned> copyPoint(Operation *yield, unsigned index);
  LogicalResult scheduleCopies(Operation *yield,
                               ArrayRef<std::pair<unsigned, Window>> copies,
                               unsigned &counter, StringRef what);
  bool canCopy(Value value) const;
  InFlightDiagnostic noCopy(Operation *at, Value value, StringRef why);
  std::string name(Value value);
  /// The value's name, its defining op and location (names repeat across
  /// sibling regions).
  std::string describeValue(Value value);

  func::FuncOp function;
  TargetArch arch;
  /// Buffer-IR branch destinations (a selected function, option on).
  bool bufferIR;
  Counters &counters;
  Journal &journal;
  StorageConflicts conflicts;
  DominanceInfo dominance;
  /// The pools logical tile selections created.
  llvm::SmallPtrSet<Value, 4> selectionPools;
  ValueNames names{function};
};

} // namespace

std::string Materializer::describeValue(Value value) {
  std::string text = name(value);
  if (Operation *def = value.getDefiningOp()) {
    llvm::raw_string_ostream os(text);
    os << " (" << def->getName() << " at " << def->getLoc() << ")";
  }
  return text;
}

std::string Materializer::name(Value value) { return names(value); }

/// The row-major window of a whole `type` tile at the start of `buffer`.
static Window wholeTile(Value buffer, TileType type) {
  Window window{buffer, 0, type.getSizeInBytes(), Value(), 0};
  window.rowStride = type.getCols();
  window.colStride = 1;
  return window;
}

bool Materializer::canCopy(Value value) const {
  auto tile = dyn_cast<TileType>(value.getType());
  return tile && isLegalMove(tile.getSpace(), tile.getSpace(), arch);
}

InFlightDiagnostic Materializer::noCopy(Operation *at, Value value,
                                        StringRef why) {
  InFlightDiagnostic diag = at->emitError() << why << " " << name(value);
  if (auto tile = dyn_cast<TileType>(value.getType()))
    diag << ", but there is no " << stringifyMemorySpace(tile.getSpace())
         << "->" << stringifyMemorySpace(tile.getSpace()) << " copy on "
         << (arch == TargetArch::A3 ? "a3" : "a5");
  else
    diag << ", but tensors cannot be copied";
  return diag;
}

//===----------------------------------------------------------------------===//
// Retargeting a producer chain
//===----------------------------------------------------------------------===//

// Follows the storage derivation of `yielded` (sourceOf, with loop results
// decided by their initializers) back to the allocating producer whose
// destination decides it, undoing each view's relative offset on the way.
std::optional<RetargetPlan> Materializer::planRetarget(Value yielded,
                                                       Window target) {
  Value value = yielded;
  while (true) {
    auto result = dyn_cast<OpResult>(value);
    if (!result)
      return std::nullopt; // a block argument: storage fixed by its owner
    Operation *def = result.getOwner();
    if (auto producer = dyn_cast<AllocatingOpInterface>(def)) {
      // User storage (pinned or addressed) keeps exactly the values the
      // user put there: no producer moves out of it, and none into it.
      Value dest = producer.getDest();
      if (dest)
        if (auto alloc = dest.getDefiningOp<AllocOp>();
            alloc && isUserStorage(alloc))
          return std::nullopt;
      if (auto alloc = target.root.getDefiningOp<AllocOp>();
          alloc && isUserStorage(alloc))
        return std::nullopt;
      auto buffer = dyn_cast<BufferType>(target.root.getType());
      if (!buffer)
        return std::nullopt; // external storage cannot be a destination
      // A producer writes its whole tile, densely and row-major.
      if (target.offset < 0 || target.offset + target.size > buffer.getSize() ||
          !target.isRowMajorFor(producer.getProducedTile().getType()))
        return std::nullopt;
      if (!dominance.properlyDominates(target.root, def) ||
          (target.dynamicSlot &&
           !dominance.properlyDominates(target.dynamicSlot, def)))
        return std::nullopt;
      return RetargetPlan{producer, target};
    }
    std::optional<Derivation> derivation =
        sourceOf(value, LoopResults::FromInitializer);
    if (!derivation)
      return std::nullopt;
    if (StorageContractInterface view = TileStorage::aliasView(value)) {
      // The source keeps its layout; only its placement moves.
      const Window *source = conflicts.lookup(derivation->getSource());
      if (!source)
        return std::nullopt;
      AliasLayout layout = view.getAliasLayout(
          AliasLayout{0, source->rowStride, source->colStride, true});
      target.offset -=
          layout.offset * cast<TileType>(result.getType()).getElementBytes();
      target.size = source->size;
      target.rowStride = source->rowStride;
      target.colStride = source->colStride;
    }
    value = derivation->getSource();
  }
}

// A retarget moves a whole family; a member that another loop or branch
// already delivers in the right window (the same tile yielded twice, say)
// must stay there, or aligning one boundary would undo another.
bool Materializer::breaksAlignedBoundary(
    ArrayRef<std::pair<Value, Window>> moved) {
  llvm::DenseMap<Value, Window> proposed(moved.begin(), moved.end());
  auto windowOf = [&](Value v) -> const Window * {
    auto it = proposed.find(v);
    return it != proposed.end() ? &it->second : conflicts.lookup(v);
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
        const Window *before = conflicts.lookup(yielded);
        const Window *initBefore = conflicts.lookup(value);
        const Window *after = windowOf(yielded);
        if (before && initBefore && *before == *initBefore &&
            (!after || *after != window))
          return true;
      }
      if (!partner || partner == value)
        continue;
      const Window *before = conflicts.lookup(value);
      const Window *partnerBefore = conflicts.lookup(partner);
      const Window *partnerAfter = windowOf(partner);
      bool wasAligned = before && partnerBefore && *before == *partnerBefore;
      bool isAligned = partnerAfter && *partnerAfter == window;
      if (wasAligned && !isAligned)
        return true;
    }
  }
  return false;
}

bool Materializer::tryRetarget(Value yielded, const Window &target) {
  std::optional<RetargetPlan> plan = planRetarget(yielded, target);
  if (!plan)
    return false;
  // A producer that fills a slot of a selection pool stays there: the
  // tile.create ops of the selection name the slot, not the producer, so
  // moving it would leave them reading a slot nobody wrote.
  if (const Window *current =
          conflicts.lookup(plan->producer.getProducedTile());
      current && selectionPools.contains(current->root))
    return false;
  Value produced = plan->producer.getProducedTile();
  SmallVector<std::pair<Value, Window>> moved =
      TileStorage::family(produced, plan->window);
  // Views on the way may not rebuild the target's layout (a transposed view
  // of a row-major producer is not the row-major carry).
  auto landed =
      llvm::find_if(moved, [&](const auto &m) { return m.first == yielded; });
  if (landed == moved.end() || landed->second != target)
    return false;
  if (breaksAlignedBoundary(moved) || conflicts.check(moved))
    return false;
  AllocatingOpInterface producer = plan->producer;
  const Window &window = plan->window;
  MLIRContext *context = function.getContext();
  journal.willRetarget(producer);
  producer.getDestMutable().assign(window.root);
  int64_t tileBytes = cast<TileType>(produced.getType()).getSizeInBytes();
  producer.setWindowAttr(
      window.offset == 0 && window.size == tileBytes
          ? DenseI64ArrayAttr()
          : DenseI64ArrayAttr::get(context, {window.offset, window.size}));
  if (window.dynamicSlot) {
    producer.getSlotMutable().assign(window.dynamicSlot);
    producer.setStaticSlotAttr(IntegerAttr());
  } else {
    producer.getSlotMutable().clear();
    producer.setStaticSlotAttr(
        window.staticSlot
            ? IntegerAttr::get(IntegerType::get(context, 64), window.staticSlot)
            : IntegerAttr());
  }
  conflicts.commit(moved);
  ++counters.retargeted;
  return true;
}

//===----------------------------------------------------------------------===//
// Copies
//===----------------------------------------------------------------------===//

Value Materializer::createAlloc(Location loc, TileType type) {
  Block &entry = function.getBody().front();
  OpBuilder builder(&entry, entry.begin());
  auto alloc = builder.create<AllocOp>(
      loc,
      BufferType::get(function.getContext(), type.getSpace(),
                      type.getSizeInBytes(), /*slots=*/1),
      /*addr=*/nullptr, /*pinned=*/false);
  journal.created(alloc);
  conflicts.noteInserted({alloc}, alloc->getNextNode());
  return alloc.getResult();
}

Value Materializer::copyOperandInto(Location loc, Operation *user,
                                    unsigned index, const Window &target,
                                    Operation *at) {
  Value source = user->getOperand(index);
  Value moved = createMove(loc, source, target.root, target, at ? at : user);
  journal.setOperand(user, index, moved);
  conflicts.relocate(moved, target);
  // Right before `user`, the source's recorded read there still stands for
  // the move's; from an earlier op on it would keep the source live too long.
  if (at && at != user)
    conflicts.noteUseReplaced(source);
  return moved;
}

Window Materializer::freshTile(Location loc, TileType type) {
  return wholeTile(createAlloc(loc, type), type);
}

Value Materializer::createMove(Location loc, Value source, Value buffer,
                               const Window &target, Operation *before) {
  OpBuilder builder(before);
  auto type = cast<TileType>(source.getType());
  MLIRContext *context = function.getContext();
  DenseI64ArrayAttr window =
      target.offset == 0 && target.size == type.getSizeInBytes()
          ? DenseI64ArrayAttr()
          : DenseI64ArrayAttr::get(context, {target.offset, target.size});
  IntegerAttr staticSlot =
      !target.dynamicSlot && target.staticSlot
          ? IntegerAttr::get(IntegerType::get(context, 64), target.staticSlot)
          : IntegerAttr();
  auto move = builder.create<MoveOp>(loc, type, source, buffer,
                                     target.dynamicSlot, window, staticSlot);
  journal.created(move);
  conflicts.noteInserted({move}, before);
  return move.getResult();
}

std::pair<Operation *, unsigned> Materializer::copyPoint(Operation *yield,
                                                         unsigned index) {
  // A yield of a transparent scope's result: copy inside the scope, before
  // its own yield, so the transfer stays in the scope (recursively). Not
  // when the yield forwards that result more than once: the scope's one
  // result cannot be in two windows, so copying inside it for one operand
  // would undo the other's copy (and the rewrite would never settle).
  while (auto scope = yield->getOperand(index).getDefiningOp<ScopeOp>()) {
    if (scope->getNextNode() != yield || !yield->getOperand(index).hasOneUse())
      break;
    unsigned resultIndex =
        cast<OpResult>(yield->getOperand(index)).getResultNumber();
    yield = scope.getBody().front().getTerminator();
    index = resultIndex;
  }
  return {yield, index};
}

// Delivers each yield operand of `copies` into its window with tile.move ops
// placed right before the yield, as one parallel copy: a copy whose target
// still holds another pending source waits; a cycle of such copies is broken
// by moving one source to a scratch tile (one scratch per cycle).
LogicalResult
Materializer::scheduleCopies(Operation *yield,
                             ArrayRef<std::pair<unsigned, Window>> copies,
                             unsigned &counter, StringRef what) {
  struct Pending {
    unsigned index;
    Window target;
    Value source;
  };
  SmallVector<Pending> pending;
  for (auto [index, target] : copies) {
    Value source = yield->getOperand(index);
    if (!canCopy(source))
      return noCopy(
          yield, source,
          (what + " #" + Twine(index) + " must be copied from").str());
    if (!target.isRowMajorFor(source.getType())) {
      yield->emitError()
          << what << " #" << index
          << " lives in a strided view, which a copy cannot write";
      return failure();
    }
    pending.push_back({index, target, source});
  }
  auto sourceWindow = [&](const Pending &p) {
    return conflicts.lookup(p.source);
  };
  while (!pending.empty()) {
    bool progressed = false;
    for (unsigned i = 0; i < pending.size(); ++i) {
      bool blocked = false;
      for (unsigned j = 0; j < pending.size() && !blocked; ++j)
        if (const Window *w = sourceWindow(pending[j]))
          // A copy onto (part of) its own source is not in-place safe.
          blocked = w->mayOverlap(pending[i].target);
      if (blocked)
        continue;
      Pending copy = pending[i];
      auto [point, operand] = copyPoint(yield, copy.index);
      SmallVector<Value> ignored = {copy.source};
      for (const Pending &other : pending)
        ignored.push_back(other.source);
      if (std::optional<StorageConflict> conflict =
              conflicts.checkWriteBefore(copy.target, point, ignored)) {
        yield->emitError() << what << " #" << copy.index
                           << " cannot be copied into its window: "
                           << name(conflict->clobbered)
                           << " is still read there";
        return failure();
      }
      copyOperandInto(yield->getLoc(), point, operand, copy.target);
      ++counter;
      pending.erase(pending.begin() + i);
      progressed = true;
      break;
    }
    if (progressed)
      continue;
    // Every pending target still holds a pending source: a cycle (or a
    // source overlapping its own target).
    Pending &first = pending.front();
    Window scratch =
        freshTile(yield->getLoc(), cast<TileType>(first.source.getType()));
    auto [point, operand] = copyPoint(yield, first.index);
    first.source = copyOperandInto(yield->getLoc(), point, operand, scratch);
    ++counter;
    ++counters.scratch;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

// An initializer whose window is still observed while the carry advances
// (read in a later iteration, after the loop, or again by an enclosing
// loop), shared with another carry, or owned by the caller, gets an entry
// copy into private storage, so the loop may update the carry in place.
LogicalResult Materializer::isolateInputs(Operation *loop,
                                          ArrayRef<LoopCarry> carries,
                                          Operation *lastYield) {
  // Only code that can run updates a carry: a zero-trip loop's yields and
  // writes are dead, so its input needs no private copy to protect readers.
  const TripCounts &trips = conflicts.getTrips();
  // An entry copy changes which yields are aligned and which windows are
  // shared, so decisions restart after each copy (each carry is copied at
  // most once: its private window is observed by nothing else).
  bool copied = true;
  for (unsigned attempt = 0; copied && attempt <= carries.size(); ++attempt) {
    copied = false;
    SmallVector<Window> earlier;
    for (const LoopCarry &loopCarry : carries) {
      unsigned index = loopCarry.index;
      Value init = loopCarry.getInit();
      if (!hasStorage(init.getType()))
        continue;
      const Window *window = conflicts.lookup(init);
      if (!window)
        continue;
      Window carry = *window;
      // Misaligned anywhere: a copy will be placed (static structure, which
      // must hold even in dead code); at a yield that runs: the carry changes.
      bool misaligned = false, liveMisaligned = false;
      for (OpOperand *yielded : loopCarry.yielded) {
        const Window *w = conflicts.lookup(yielded->get());
        if (w && *w == carry)
          continue;
        misaligned = true;
        liveMisaligned |= !trips.neverRuns(yielded->getOwner());
      }
      bool updated = liveMisaligned || conflicts.isWrittenWithin(carry, loop);
      std::string reason;
      if (llvm::any_of(earlier,
                       [&](const Window &w) { return w.mayOverlap(carry); })) {
        reason = "shares its window with another carry";
      } else if (misaligned && carry.isExternal() &&
                 isa<TileType>(init.getType())) {
        // A copy or producer would have to deliver the carry into the
        // caller's tile, which is no allocation. In-place writebacks of the
        // argument need no copy.
        reason = "is the caller's storage";
      } else if (misaligned && !carry.isRowMajorFor(init.getType())) {
        // A copy or producer would have to deliver the carry; both write
        // row-major. In-place writebacks keep a view's layout and need none.
        reason = "is a strided or transposed view";
      } else if (updated) {
        // The carry itself and what derives from it inside and after the loop
        // are the loop's own business.
        llvm::SmallPtrSet<Value, 16> carried;
        SmallVector<Value, 3> carryArgs = {loopCarry.iterArg};
        carryArgs.append(loopCarry.otherArgs.begin(),
                         loopCarry.otherArgs.end());
        if (loopCarry.result)
          carryArgs.push_back(loopCarry.result);
        for (Value arg : carryArgs)
          if (const Window *w = conflicts.lookup(arg))
            for (const auto &member : TileStorage::family(arg, *w))
              carried.insert(member.first);
        if (Value observed =
                conflicts.findObserved(carry, loop, lastYield, carried))
          reason = "is still read by " + name(observed) +
                   " while the loop updates it";
      }
      if (reason.empty()) {
        earlier.push_back(carry);
        continue;
      }
      if (!canCopy(init))
        return noCopy(loop, init,
                      ("carry #" + Twine(index) + ": the initializer " +
                       reason + ", so it must be copied:")
                          .str());
      copyOperandInto(
          loop->getLoc(), loop, loopCarry.init->getOperandNumber(),
          freshTile(loop->getLoc(), cast<TileType>(init.getType())));
      ++counters.entryCopies;
      copied = true;
      break;
    }
  }
  return success();
}

LogicalResult Materializer::alignYield(Operation *loop,
                                       ArrayRef<LoopCarry> carries,
                                       Operation *yield) {
  SmallVector<std::pair<unsigned, Window>> copies;
  for (const LoopCarry &loopCarry : carries) {
    Value init = loopCarry.getInit();
    const auto *yieldedHere =
        llvm::find_if(loopCarry.yielded, [&](OpOperand *operand) {
          return operand->getOwner() == yield;
        });
    if (yieldedHere == loopCarry.yielded.end() || !hasStorage(init.getType()))
      continue;
    unsigned operand = (*yieldedHere)->getOperandNumber();
    const Window *carry = conflicts.lookup(init);
    if (!carry)
      continue;
    Window target = *carry;
    Value yielded = yield->getOperand(operand);
    const Window *current = conflicts.lookup(yielded);
    if (current && *current == target)
      continue;
    if (tryRetarget(yielded, target))
      continue;
    copies.push_back({operand, target});
  }
  if (isa<scf::YieldOp>(yield))
    copyBlockingCarriesEarly(loop, yield, copies);
  if (copies.empty())
    return success();
  return scheduleCopies(yield, copies, counters.yieldCopies, "carry");
}

// A producer cannot write its carry's window in place while the carried
// value there is still read by the yield, to be copied out to another
// carry's window:
//
//   %s = tile.add %a, %x into(<%b's window>)   // cannot take %a's window:
//   scf.yield %s, %a                            // the yield still reads %a
//
// Copying %a out before the producer (instead of at the yield) frees its
// window, and the producer then writes in place: one copy instead of two.
// The copy is the one the yield needed anyway, so even when the retarget
// still fails (another read of %a after the producer) nothing is added. It
// is only made early when its target is written nowhere in the loop and
// holds nothing read from the producer on.
void Materializer::copyBlockingCarriesEarly(
    Operation *loop, Operation *yield,
    SmallVectorImpl<std::pair<unsigned, Window>> &copies) {
  // Yield operands no longer copied at the yield: copied early, or now
  // produced in place.
  llvm::SmallDenseSet<unsigned, 8> aligned;
  auto pending = [&](unsigned operand) { return !aligned.contains(operand); };
  // After a producer moves in place, earlier carries are looked at again.
  for (bool rescan = true; rescan;) {
    rescan = false;
    for (auto [index, target] : copies) {
      if (!pending(index))
        continue;
      std::optional<RetargetPlan> plan =
          planRetarget(yield->getOperand(index), target);
      if (!plan || plan->producer->getBlock() != yield->getBlock())
        continue;
      Operation *producer = plan->producer;
      // The pending copy whose source occupies the producer's target.
      const auto *blocking = llvm::find_if(copies, [&](const auto &copy) {
        const Window *window = conflicts.lookup(yield->getOperand(copy.first));
        return copy.first != index && pending(copy.first) && window &&
               window->mayOverlap(target);
      });
      if (blocking == copies.end())
        continue;
      auto [blockingIndex, blockingTarget] = *blocking;
      Value source = yield->getOperand(blockingIndex);
      if (!canCopy(source) || source.getDefiningOp<ScopeOp>() ||
          !blockingTarget.isRowMajorFor(source.getType()) ||
          !conflicts.getLiveness().isDefinedBefore(source, producer) ||
          conflicts.isWrittenWithin(blockingTarget, loop) ||
          conflicts.checkWriteBefore(blockingTarget, producer, {source}))
        continue;
      copyOperandInto(yield->getLoc(), yield, blockingIndex, blockingTarget,
                      /*at=*/producer);
      ++counters.yieldCopies;
      aligned.insert(blockingIndex);
      if (tryRetarget(yield->getOperand(index), target)) {
        aligned.insert(index);
        rescan = true;
        break;
      }
    }
  }
  llvm::erase_if(copies,
                 [&](const auto &copy) { return !pending(copy.first); });
}

LogicalResult Materializer::processLoop(Operation *loop) {
  SmallVector<LoopCarry, 4> carries = getCarries(loop);
  // The terminators that pass the carries on, in region order (an
  // scf.while's condition, then its yield).
  SmallVector<Operation *, 2> yieldPoints;
  for (const LoopCarry &carry : carries)
    for (OpOperand *yielded : carry.yielded)
      if (!llvm::is_contained(yieldPoints, yielded->getOwner()))
        yieldPoints.push_back(yielded->getOwner());
  if (yieldPoints.empty())
    return success();
  if (failed(isolateInputs(loop, carries, yieldPoints.back())))
    return failure();
  for (Operation *yield : yieldPoints)
    if (failed(alignYield(loop, carries, yield)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Branches
//===----------------------------------------------------------------------===//

/// Whether a yielded value is a branch-local allocating producer that rule 3
/// may retarget (its only use is the yield).
static bool isBranchLocalProducer(scf::IfOp ifOp, Value value) {
  Operation *def = value.getDefiningOp();
  return def && isa<AllocatingOpInterface>(def) &&
         ifOp->isProperAncestor(def) && value.hasOneUse();
}

// Buffer-IR branch destinations (seed rules 2-4): a result whose arms yield
// different windows gets an independent destination. An input yielded from
// outside the branch keeps its own storage and is copied; a branch-local
// producer whose only use is the yield writes the destination directly when
// the conflict oracle allows it; anything else is copied right before the
// yield (inside a transparent scope when the yield is there).
void Materializer::deliverToFreshDestination(scf::IfOp ifOp, unsigned index) {
  Window destination =
      freshTile(ifOp.getLoc(), cast<TileType>(ifOp.getResult(index).getType()));
  for (Operation *yield : {ifOp.thenYield(), ifOp.elseYield()}) {
    auto [point, operand] = copyPoint(yield, index);
    Value value = point->getOperand(operand);
    if (isBranchLocalProducer(ifOp, value) && tryRetarget(value, destination))
      continue;
    copyOperandInto(yield->getLoc(), point, operand, destination);
    ++counters.branchCopies;
  }
}

bool Materializer::copyElseIntoThenWindow(scf::IfOp ifOp, unsigned index) {
  Value elseValue = ifOp.elseYield()->getOperand(index);
  const Window *thenWindow =
      conflicts.lookup(ifOp.thenYield()->getOperand(index));
  if (!thenWindow || !canCopy(elseValue))
    return false;
  Window thenTarget = *thenWindow;
  auto [point, operand] = copyPoint(ifOp.elseYield(), index);
  SmallVector<Value> ignored = {point->getOperand(operand)};
  const Window *elseCurrent = conflicts.lookup(point->getOperand(operand));
  // The then value may live where no copy can write: the caller's storage
  // (a function argument, or a writeback of one), or a window whose buffer
  // or dynamic slot is defined inside the then arm or elsewhere out of the
  // else arm's reach (a selection's slot made for another if).
  if (!isa<BufferType>(thenTarget.root.getType()) ||
      !dominance.properlyDominates(thenTarget.root, point) ||
      (thenTarget.dynamicSlot &&
       !dominance.properlyDominates(thenTarget.dynamicSlot, point)))
    return false;
  if (!thenTarget.isRowMajorFor(elseValue.getType()) || !elseCurrent ||
      elseCurrent->mayOverlap(thenTarget) ||
      conflicts.checkWriteBefore(thenTarget, point, ignored))
    return false;
  copyOperandInto(ifOp.elseYield()->getLoc(), point, operand, thenTarget);
  ++counters.branchCopies;
  return true;
}

/// The allocation a logical tile selection may take over: a compiler-owned,
/// single-slot tile.alloc whose whole buffer holds `value`, written only by
/// allocating producers, with no loop carry, writeback or data-writing view
/// anywhere in its storage family.
AllocOp Materializer::selectableAllocation(Value value) {
  auto tile = dyn_cast<TileType>(value.getType());
  const Window *window = conflicts.lookup(value);
  if (!tile || !window || window->dynamicSlot || window->staticSlot != 0 ||
      window->offset != 0 || !window->isRowMajorFor(tile))
    return {};
  MemorySpace space = tile.getSpace();
  if (space != MemorySpace::Vec && space != MemorySpace::Mat &&
      space != MemorySpace::Acc)
    return {};
  auto alloc = window->root.getDefiningOp<AllocOp>();
  if (!alloc || alloc.getPinned() || alloc.getAddr())
    return {};
  BufferType buffer = alloc.getResult().getType();
  if (buffer.getSlots() != 1 || buffer.getSize() != window->size ||
      !isa_and_nonnull<AllocatingOpInterface>(value.getDefiningOp()))
    return {};
  auto isLoop = [](Operation *op) {
    return op && isa<scf::ForOp, scf::WhileOp>(op);
  };
  // The selected value's producer is the allocation's only writer. Another
  // producer (one an earlier retarget moved in) could write the slot while
  // the selection's result, which may name either slot, is still live.
  if (!alloc.getResult().hasOneUse())
    return {};
  for (OpOperand &use : alloc.getResult().getUses()) {
    auto producer = dyn_cast<AllocatingOpInterface>(use.getOwner());
    if (!producer || producer.getDest() != alloc.getResult())
      return {};
    Value produced = producer.getProducedTile();
    const Window *written = conflicts.lookup(produced);
    if (!written)
      return {};
    for (const auto &[member, memberWindow] :
         TileStorage::family(produced, *written)) {
      if (auto arg = dyn_cast<BlockArgument>(member);
          arg && isLoop(arg.getOwner()->getParentOp()))
        return {};
      if (isLoop(member.getDefiningOp()))
        return {};
      for (OpOperand &memberUse : member.getUses()) {
        Operation *user = memberUse.getOwner();
        if (isLoop(user) || (isa<scf::YieldOp, scf::ConditionOp>(user) &&
                             isLoop(user->getParentOp())))
          return {};
        auto contract = dyn_cast<StorageContractInterface>(user);
        if (contract &&
            ((contract.getWritebackOperand() &&
              *contract.getWritebackOperand() ==
                  memberUse.getOperandNumber()) ||
             (contract.isFirstInputAlias() && !contract.isMetadataOnly() &&
              memberUse.getOperandNumber() == 0)))
          return {};
      }
    }
  }
  return alloc;
}

// A logical tile selection (seed "Logical Tile selections"): the two
// allocations become the slots of one pool, and both arms yield the pool's
// tile at the slot the condition selects, declared with tile.create; nothing
// is copied. Before:
//
//   %a = tile.exp %x into(%A : !tile.buffer<vec, 256>)
//   %r = scf.if %c { scf.yield %a } else { %b = tile.muls ... into(%B ...);
//   scf.yield %b }
//
// After:
//
//   %pool = tile.alloc : !tile.buffer<vec, 256, slots = 2>
//   %a = tile.exp %x into(%pool slot 0 ...)
//   %s = arith.select %c, %c0, %c1 : index
//   %r = scf.if %c {
//     %t = tile.create into(%pool slot %s ...); scf.yield %t
//   } else {
//     %b = tile.muls ... into(%pool slot 1 ...)
//     %e = tile.create into(%pool slot %s ...); scf.yield %e
//   }
//   tile.if_exit_barrier %r
bool Materializer::trySelectInSlots(scf::IfOp ifOp, unsigned index) {
  Value thenValue = ifOp.thenYield()->getOperand(index);
  Value elseValue = ifOp.elseYield()->getOperand(index);
  AllocOp thenAlloc = selectableAllocation(thenValue);
  AllocOp elseAlloc = selectableAllocation(elseValue);
  if (!thenAlloc || !elseAlloc || thenAlloc == elseAlloc ||
      thenAlloc.getResult().getType() != elseAlloc.getResult().getType() ||
      thenValue.getType() != elseValue.getType() ||
      thenValue.getType() != ifOp.getResult(index).getType())
    return false;
  // The if's results that yield either allocation: each must yield one of
  // them whole in both arms, and is selected with the others from the same
  // pool (a result that yields the same one in both arms keeps its slot).
  // Two acc results swapped between the arms are two selections, with
  // opposite slots, of one pool.
  struct Selection {
    unsigned index;
    unsigned thenSlot, elseSlot;
  };
  SmallVector<Selection, 2> selections;
  auto slotOf = [&](Value value) -> std::optional<unsigned> {
    const Window *w = conflicts.lookup(value);
    if (!w ||
        (w->root != thenAlloc.getResult() && w->root != elseAlloc.getResult()))
      return std::nullopt;
    return w->root == thenAlloc.getResult() ? 0u : 1u;
  };
  for (unsigned result = 0; result < ifOp.getNumResults(); ++result) {
    Value thenYielded = ifOp.thenYield()->getOperand(result);
    Value elseYielded = ifOp.elseYield()->getOperand(result);
    std::optional<unsigned> thenSlot = slotOf(thenYielded);
    std::optional<unsigned> elseSlot = slotOf(elseYielded);
    if (!thenSlot && !elseSlot)
      continue;
    // Both arms name the pool, each with a whole allocation's value of the
    // result's type.
    if (!thenSlot || !elseSlot ||
        selectableAllocation(thenYielded) !=
            (*thenSlot ? elseAlloc : thenAlloc) ||
        selectableAllocation(elseYielded) !=
            (*elseSlot ? elseAlloc : thenAlloc) ||
        thenYielded.getType() != ifOp.getResult(result).getType() ||
        elseYielded.getType() != ifOp.getResult(result).getType())
      return false;
    if (*thenSlot != *elseSlot)
      selections.push_back({result, *thenSlot, *elseSlot});
  }

  MLIRContext *context = function.getContext();
  BufferType single = thenAlloc.getResult().getType();
  Block &entry = function.getBody().front();
  OpBuilder builder(&entry, entry.begin());
  auto pool = builder.create<AllocOp>(
      ifOp.getLoc(),
      BufferType::get(context, single.getSpace(), single.getSize(), 2),
      /*addr=*/nullptr, /*pinned=*/false);
  journal.created(pool);
  conflicts.noteInserted({pool}, pool->getNextNode());

  // Every producer of either allocation writes its slot of the pool instead.
  for (auto [slot, alloc] : llvm::enumerate(std::array{thenAlloc, elseAlloc})) {
    SmallVector<AllocatingOpInterface> producers;
    for (Operation *user : alloc.getResult().getUsers())
      producers.push_back(cast<AllocatingOpInterface>(user));
    for (AllocatingOpInterface producer : producers) {
      Window window = *conflicts.lookup(producer.getProducedTile());
      journal.willRetarget(producer);
      producer.getDestMutable().assign(pool.getResult());
      producer.setStaticSlotAttr(
          slot ? IntegerAttr::get(IntegerType::get(context, 64), slot)
               : IntegerAttr());
      window.root = pool.getResult();
      window.staticSlot = slot;
      conflicts.relocate(producer.getProducedTile(), window);
    }
  }

  // The slot each selection takes, computed before the if from the
  // condition: the then arm's slot when it holds.
  builder.setInsertionPoint(ifOp);
  Location loc = ifOp.getLoc();
  auto zero = builder.create<arith::ConstantIndexOp>(loc, 0);
  auto one = builder.create<arith::ConstantIndexOp>(loc, 1);
  auto pick = builder.create<arith::SelectOp>(
      loc, ifOp.getCondition(), zero.getResult(), one.getResult());
  SmallVector<Operation *, 4> created = {zero, one, pick};
  Value swapped; // the other slot, for selections the else arm takes first
  for (const Selection &selection : selections)
    if (selection.thenSlot == 1 && !swapped) {
      swapped = builder
                    .create<arith::SelectOp>(loc, ifOp.getCondition(),
                                             one.getResult(), zero.getResult())
                    .getResult();
      created.push_back(swapped.getDefiningOp());
    }
  for (Operation *op : created)
    journal.created(op);
  conflicts.noteInserted(created, ifOp);

  // The barrier also reads the selected tiles defined before the if: they
  // stay live (so nothing may overwrite their slots) until the selection is
  // complete, although the arms now yield the pool's tiles, not them.
  SmallVector<Value> barrierOperands;
  for (const Selection &selection : selections) {
    Value slot = selection.thenSlot == 0 ? pick.getResult() : swapped;
    auto type = cast<TileType>(ifOp.getResult(selection.index).getType());
    Window selected = wholeTile(pool.getResult(), type);
    selected.dynamicSlot = slot;
    selected.staticSlot = 0;
    SmallVector<Value, 2> before;
    for (Operation *yield : {ifOp.thenYield(), ifOp.elseYield()}) {
      Value yielded = yield->getOperand(selection.index);
      if (!ifOp->isAncestor(yielded.getParentRegion()->getParentOp()))
        before.push_back(yielded);
      auto [point, operand] = copyPoint(yield, selection.index);
      OpBuilder armBuilder(point);
      auto create =
          armBuilder.create<CreateOp>(yield->getLoc(), type, pool.getResult(),
                                      slot, DenseI64ArrayAttr(), IntegerAttr());
      journal.created(create);
      conflicts.noteInserted({create}, point);
      journal.setOperand(point, operand, create.getResult());
      conflicts.relocate(create.getResult(), selected);
    }
    barrierOperands.push_back(ifOp.getResult(selection.index));
    for (Value value : before)
      if (!llvm::is_contained(barrierOperands, value))
        barrierOperands.push_back(value);
  }
  builder.setInsertionPointAfter(ifOp);
  auto barrier = builder.create<IfExitBarrierOp>(loc, barrierOperands);
  selectionPools.insert(pool.getResult());
  journal.created(barrier);
  conflicts.noteInserted({barrier}, barrier->getNextNode());
  ++counters.selections;
  return true;
}

LogicalResult Materializer::processIf(scf::IfOp ifOp) {
  if (ifOp.getNumResults() == 0 || ifOp.getElseRegion().empty())
    return success();
  Operation *thenYield = ifOp.thenYield();
  Operation *elseYield = ifOp.elseYield();
  for (unsigned index = 0; index < ifOp.getNumResults(); ++index) {
    if (!hasStorage(ifOp.getResult(index).getType()))
      continue;
    const Window *thenWindow = conflicts.lookup(thenYield->getOperand(index));
    const Window *elseWindow = conflicts.lookup(elseYield->getOperand(index));
    if (!thenWindow || !elseWindow || *thenWindow == *elseWindow)
      continue;
    Window thenTarget = *thenWindow, elseTarget = *elseWindow;
    // No copy at all: the else arm's producer writes the result's window, or
    // the then arm's producer writes the else value's window (accumulator
    // phis); under Buffer IR that window is an independent destination in
    // the sense of rule 2, since the conflict oracle proves nothing else
    // observes it.
    if (tryRetarget(elseYield->getOperand(index), thenTarget) ||
        tryRetarget(thenYield->getOperand(index), elseTarget))
      continue;
    // No copy either: both values keep their bytes, in two slots of a pool.
    if (trySelectInSlots(ifOp, index))
      continue;
    Value elseValue = elseYield->getOperand(index);
    if (bufferIR && canCopy(elseValue)) {
      // Rules 2-4. The then value's window is an independent destination
      // when nothing observes it after the else arm writes it (one copy);
      // otherwise a fresh allocation, which branch-local producers write
      // directly.
      if (!copyElseIntoThenWindow(ifOp, index))
        deliverToFreshDestination(ifOp, index);
      continue;
    }
    if (!canCopy(elseValue)) {
      InFlightDiagnostic diag =
          ifOp.emitError()
          << "divergent result #" << index << ": the then arm yields "
          << describeValue(thenYield->getOperand(index)) << " and the else arm "
          << describeValue(elseValue)
          << " in different windows and neither can be produced "
             "in the other's";
      if (isa<TileType>(elseValue.getType()))
        diag << "; a copy would need "
             << stringifyMemorySpace(
                    cast<TileType>(elseValue.getType()).getSpace())
             << "->"
             << stringifyMemorySpace(
                    cast<TileType>(elseValue.getType()).getSpace());
      return failure();
    }
    // Copy into the result's window in the else arm when nothing there is
    // still read; otherwise both arms copy into a fresh allocation.
    if (copyElseIntoThenWindow(ifOp, index))
      continue;
    Window freshWindow =
        freshTile(ifOp.getLoc(), cast<TileType>(elseValue.getType()));
    for (Operation *yield : {thenYield, elseYield}) {
      auto [armPoint, armOperand] = copyPoint(yield, index);
      copyOperandInto(yield->getLoc(), armPoint, armOperand, freshWindow);
      ++counters.branchCopies;
    }
    conflicts.relocate(ifOp.getResult(index), freshWindow);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

/// The names of `value`'s payload: the values it forwards from (views'
/// sources, the then-yield of an if result, a scope's yield, the input of a
/// loop whose result it is) up to the first that does not, and everything
/// forwarded from there or from `value` by views, if and scope results and
/// loops' carries and results. A writeback result starts a payload of its
/// own (an earlier version is protected by its own writeback).
static SmallVector<Value> payloadGroup(Value value) {
  // A loop's carry starts as its input's payload (a writeback of the input
  // inside the loop clobbers it), and a loop that leaves the carry alone
  // returns that payload: loop results belong to their initializers.
  constexpr LoopResults loopResults = LoopResults::FromInitializer;
  Value top = value;
  while (isa<OpResult>(top)) {
    std::optional<Derivation> derivation = sourceOf(top, loopResults);
    if (!derivation || !derivation->keepsPayload())
      break;
    top = derivation->getSource();
  }
  SmallVector<Value> group;
  llvm::SmallPtrSet<Value, 8> seen;
  auto add = [&](Value v) {
    if (seen.insert(v).second)
      group.push_back(v);
  };
  add(top);
  add(value);
  for (unsigned i = 0; i < group.size(); ++i)
    for (OpOperand &use : group[i].getUses())
      forEachDerivedThrough(
          use,
          [&](Value derived, DerivationKind kind) {
            if (kind != DerivationKind::Update)
              add(derived);
          },
          loopResults);
  return group;
}

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
    for (Value member : payloadGroup(consumed))
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

LogicalResult Materializer::run() {
  if (failed(isolateWritebacks()))
    return failure();
  // Top-down: an outer carry's window is pushed into the body before the
  // nested loops and branches that yield into it are aligned. A later
  // boundary can move a value an earlier one aligned (a branch result that
  // a following loop retargets), so rounds repeat until nothing changes.
  SmallVector<Operation *> boundaries;
  for (Operation *op : conflicts.getOrder().getOpsWithRegions())
    if (isa<scf::ForOp, scf::WhileOp, scf::IfOp>(op))
      boundaries.push_back(op);
  for (unsigned round = 0; round < kMaxRounds; ++round) {
    unsigned before = counters.total();
    for (Operation *op : boundaries) {
      LogicalResult result = success();
      if (isa<scf::ForOp, scf::WhileOp>(op))
        result = processLoop(op);
      else
        result = processIf(cast<scf::IfOp>(op));
      if (failed(result))
        return failure();
    }
    if (counters.total() == before)
      break;
  }
  return success();
}

/// Erases the allocations whose producers all moved elsewhere.
static void eraseUnusedAllocations(func::FuncOp function) {
  for (Operation &op : llvm::make_early_inc_range(function.getBody().front()))
    if (auto alloc = dyn_cast<AllocOp>(op);
        alloc && alloc->use_empty() && !alloc.getPinned())
      alloc.erase();
}

namespace {
struct MaterializeSemanticAliasesPass
    : public mlir::tile::impl::TileMaterializeSemanticAliasesBase<
          MaterializeSemanticAliasesPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (isOrchestrationFunction(function) || function.isExternal())
      return markAllAnalysesPreserved();
    TargetArch arch = resolveTargetArch(function, targetArch);

    // Rewrite in place, journaling every change; keep the result only when
    // it verifies, otherwise restore the function exactly.
    bool bufferIR =
        enableBufferIR && function->hasAttr(TileDialect::kBufferIRAttrName);
    Counters counters;
    Journal journal;
    // The program's structure outlives the rewrite's analyses: the rewrite
    // numbers every op and value it adds, so the final check reuses them.
    ProgramOrder order(function);
    TripCounts trips(function, order);
    ValueNumbering numbering(countStorageValues(function));
    bool ok = succeeded(Materializer(function, arch, bufferIR, counters,
                                     journal, order, trips, numbering)
                            .run());
    if (ok && verifyResult) {
      SmallVector<StorageViolation> violations =
          verifyTileStorage(function, {}, order, trips, numbering);
      for (const StorageViolation &violation : violations)
        violation.op->emitError()
            << "storage is still invalid after materialization: "
            << violation.message;
      ok = violations.empty();
    }
    if (!ok) {
      journal.rollback();
      return signalPassFailure();
    }
    // Erasing allocations nothing uses changes no window, so the verdict
    // still holds for the function tile-verify-storage will see.
    eraseUnusedAllocations(function);
    if (verifyResult) {
      StorageVerdict &verdict = getAnalysis<StorageVerdict>();
      verdict.verified = true;
      verdict.options = StorageVerifierOptions();
      markAnalysesPreserved<StorageVerdict>();
    }
    numRetargeted += counters.retargeted;
    numYieldCopies += counters.yieldCopies;
    numEntryCopies += counters.entryCopies;
    numScratch += counters.scratch;
    numBranchCopies += counters.branchCopies;
    numWritebackCopies += counters.writebackCopies;
    numSelections += counters.selections;
  }
};
} // namespace
