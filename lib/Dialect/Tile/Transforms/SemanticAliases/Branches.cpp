//===- Branches.cpp - scf.if results
//----------------------------------------===//

#include "Materializer.h"

#include "tilemem/Analysis/AllocationLifetimes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::semantic_aliases;

/// Whether a yielded value is a branch-local allocating producer that rule 3
/// may retarget (its only use is the yield).
static bool isBranchLocalProducer(scf::IfOp ifOp, Value value) {
  // A yielded value dominates its yield, so it is branch-local exactly
  // when it is defined in an arm's block itself (no ancestor walk).
  Operation *def = value.getDefiningOp();
  return def && isa<AllocatingOpInterface>(def) &&
         def->getParentOp() == ifOp.getOperation() && value.hasOneUse();
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
      !properlyDominates(thenTarget.root, point) ||
      (thenTarget.dynamicSlot &&
       !properlyDominates(thenTarget.dynamicSlot, point)))
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
      // Defined outside the if: the yielded value dominates the yield, so
      // it is either in the arm's block or above the if.
      if (yielded.getParentRegion()->getParentOp() != ifOp.getOperation())
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

// The price of a selection against one copy. A selection holds a second
// slot of the tile's size from the earlier producer until the result dies;
// one copy in the else arm (rule 4) holds one slot and moves the tile's
// bytes once each time the else arm runs. Memory is free while it fits and
// decisive when it does not, so the slot is priced by the share of its
// space it takes, and the copy by one fixed share, `selection-slot-percent`
// (25 by default): on a3's 184 KiB vec, a 32 KiB tile is selected and a
// 64 KiB one (whose second slot would leave too little room to double
// buffer anything else) is copied. Without a same-space copy (acc, mat)
// there is no choice to make.
bool Materializer::copyCheaperThanSlot(Value value) const {
  auto tile = dyn_cast<TileType>(value.getType());
  if (!tile)
    return false;
  int64_t capacity = getSpaceCapacity(arch, tile.getSpace());
  return tile.getSizeInBytes() * 100 >
         static_cast<int64_t>(selectionSlotPercent) * capacity;
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
    // No copy either: both values keep their bytes, in two slots of a pool,
    // unless one copy delivers the result for less than the second slot.
    Value elseValue = elseYield->getOperand(index);
    if (canCopy(elseValue) && copyCheaperThanSlot(elseValue) &&
        copyElseIntoThenWindow(ifOp, index))
      continue;
    if (trySelectInSlots(ifOp, index))
      continue;
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
      Value thenValue = thenYield->getOperand(index);
      diag.attachNote(thenValue.getLoc())
          << "the then arm's " << name(thenValue) << " is defined here";
      diag.attachNote(elseValue.getLoc())
          << "the else arm's " << name(elseValue) << " is defined here";
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

// Peeled accumulators (seed: "Normalize peeled accumulator phis"): an scf.if
// whose one arm continues an accumulator that lives outside the if (a
// tile.matmul_acc of it, a loop carried by it) and whose other arm seeds a
// fresh one:
//
//   %p = scf.if %first -> !tile.tile<16x16xf32, acc> {
//     %m = tile.matmul %l, %r ...                  // the seed
//     scf.yield %m
//   } else {
//     %n = tile.matmul_acc %acc, %l, %r ...        // the continuation
//     scf.yield %n
//   }
//
// The seed is produced in the continued accumulator's window, so the result
// needs no acc->acc copy (which the hardware does not have). Inner ifs come
// before the ifs that yield their results (post-order), so a tree of peeled
// branches settles bottom-up into one window. The conflict oracle refuses
// the retarget when the continued value (or an alias of it) is still read
// where the seed would overwrite it.
void Materializer::normalizeAccumulatorPhis(ArrayRef<Operation *> ifsPreOrder) {
  const ProgramOrder &order = conflicts.getOrder();
  // Post-order from the pre-order: an if comes after every if nested in it,
  // and sequential ifs keep their order. Nested intervals: sort by end,
  // the inner (later position) first on a tie.
  SmallVector<Operation *> ifs(ifsPreOrder);
  llvm::stable_sort(ifs, [&](Operation *a, Operation *b) {
    uint64_t endA = order.end(a), endB = order.end(b);
    return endA != endB ? endA < endB : order.position(a) > order.position(b);
  });
  // Whether `value`'s storage continues an accumulator defined outside
  // `ifOp`: its derivation leaves the if.
  auto continuesOutside = [&](scf::IfOp ifOp, Value value) -> const Window * {
    for (Value current = value;;) {
      Operation *def = current.getDefiningOp();
      if (!def || !order.encloses(ifOp, def))
        return conflicts.lookup(current);
      std::optional<Derivation> derivation =
          sourceOf(current, LoopResults::FromInitializer);
      if (!derivation)
        return nullptr; // a root inside the if: a seed, not a continuation
      current = derivation->getSource();
    }
  };
  for (Operation *op : ifs) {
    auto ifOp = cast<scf::IfOp>(op);
    if (ifOp.getElseRegion().empty())
      continue;
    for (unsigned index = 0; index < ifOp.getNumResults(); ++index) {
      auto tile = dyn_cast<TileType>(ifOp.getResult(index).getType());
      if (!tile || tile.getSpace() != MemorySpace::Acc)
        continue;
      Value thenValue = ifOp.thenYield()->getOperand(index);
      Value elseValue = ifOp.elseYield()->getOperand(index);
      const Window *thenWindow = conflicts.lookup(thenValue);
      const Window *elseWindow = conflicts.lookup(elseValue);
      if (!thenWindow || !elseWindow || *thenWindow == *elseWindow)
        continue;
      for (auto [seed, continued] :
           {std::pair(thenValue, elseValue), std::pair(elseValue, thenValue)}) {
        const Window *target = continuesOutside(ifOp, continued);
        if (!target || continuesOutside(ifOp, seed))
          continue;
        if (tryRetarget(seed, *target))
          break;
      }
    }
  }
}
