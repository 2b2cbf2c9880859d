//===- Loops.cpp - loop inputs and yields
//-----------------------------------===//

#include "Materializer.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::semantic_aliases;

// An initializer whose window is still observed while the carry advances
// (read in a later iteration, after the loop, or again by an enclosing
// loop), shared with another carry, or owned by the caller, gets an entry
// copy into private storage, so the loop may update the carry in place.
FailureOr<bool> Materializer::isolateInputs(Operation *loop,
                                            ArrayRef<LoopCarry> carries,
                                            Operation *lastYield) {
  // Only code that can run updates a carry: a zero-trip loop's yields and
  // writes are dead, so its input needs no private copy to protect readers.
  const TripCounts &trips = conflicts.getTrips();
  // An entry copy changes which yields are aligned and which windows are
  // shared, so decisions restart after each copy (each carry is copied at
  // most once: its private window is observed by nothing else).
  bool copied = true, anyCopied = false;
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
      // Why the initializer needs a copy; a value still read is named only
      // when the copy cannot be made (naming builds the function's AsmState).
      StringRef reason;
      StorageConflicts::ObservedRead stillRead;
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
        // are the loop's own business. The set is built only when a value
        // that would clobber is found (its families are O(nest depth)).
        llvm::SmallPtrSet<Value, 16> carried;
        bool carriedBuilt = false;
        auto isCarried = [&](Value value) {
          if (!carriedBuilt) {
            carriedBuilt = true;
            SmallVector<Value, 3> carryArgs = {loopCarry.iterArg};
            carryArgs.append(loopCarry.otherArgs.begin(),
                             loopCarry.otherArgs.end());
            if (loopCarry.result)
              carryArgs.push_back(loopCarry.result);
            for (Value arg : carryArgs)
              if (const Window *w = conflicts.lookup(arg))
                for (const auto &member : TileStorage::family(arg, *w))
                  carried.insert(member.first);
          }
          return carried.contains(value);
        };
        if ((stillRead =
                 conflicts.findObserved(carry, loop, lastYield, isCarried)))
          reason = "is still read by ";
      }
      if (reason.empty()) {
        earlier.push_back(carry);
        continue;
      }
      if (!canCopy(init)) {
        std::string why = reason.str();
        if (stillRead) {
          // Name the read, and the value read when it is not the
          // initializer itself (a view of it, a value sharing its window).
          why += "'" + stillRead.reader->getName().getStringRef().str() + "'";
          if (stillRead.value != init)
            why += " (of " + name(stillRead.value) + ", in its window)";
          why += " after the loop updates it";
        }
        InFlightDiagnostic diag =
            noCopy(loop, init,
                   ("carry #" + Twine(index) + ": the initializer " + why +
                    ", so it must be copied:")
                       .str());
        if (stillRead)
          diag.attachNote(stillRead.reader->getLoc())
              << name(stillRead.value) << " is read here";
        return diag;
      }
      copyOperandInto(
          loop->getLoc(), loop, loopCarry.init->getOperandNumber(),
          freshTile(loop->getLoc(), cast<TileType>(init.getType())));
      ++counters.entryCopies;
      copied = anyCopied = true;
      break;
    }
  }
  return anyCopied;
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
    // No copy writes the caller's tile, which is no allocation (isolateInputs
    // gives such a carry a private window before any yield is misaligned;
    // this keeps a case it missed from becoming a tile.move into a tile).
    // Tensors are reported by scheduleCopies: they are never copied.
    if (isa<TileType>(init.getType()) &&
        !isa<BufferType>(target.root.getType()))
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
  for (auto [index, yield] : llvm::enumerate(yieldPoints)) {
    // Aligning an scf.while's condition moves what the after-region passes
    // on, so only then is it known which carries its yield updates: a
    // condition that forwards a carry twice, whose copy the yield hands to
    // the other carry, makes that carry change. Its initializer is isolated
    // before the yield is aligned, as it would have been had the loop been
    // written so (a carry already isolated is not copied again).
    FailureOr<bool> copied = isolateInputs(loop, carries, yieldPoints.back());
    if (failed(copied))
      return failure();
    // An entry copy gives a carry a new window, which the terminators
    // aligned before this one no longer deliver to (a condition that
    // forwards the initializer itself, say): they are aligned again first,
    // so that this one is planned from where its inputs will live.
    if (*copied)
      for (Operation *earlier : ArrayRef(yieldPoints).take_front(index))
        if (failed(alignYield(loop, carries, earlier)))
          return failure();
    if (failed(alignYield(loop, carries, yield)))
      return failure();
  }
  return success();
}
