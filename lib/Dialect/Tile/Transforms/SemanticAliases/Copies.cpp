//===- Copies.cpp - tile.move, scratch, parallel copies
//---------------------===//

#include "Materializer.h"

#include "tilemem/Dialect/Tile/Transforms/ParallelCopy.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::semantic_aliases;

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
Window mlir::tile::semantic_aliases::wholeTile(Value buffer, TileType type) {
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
  diag.attachNote(value.getLoc()) << name(value) << " is defined here";
  return diag;
}

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
// placed right before the yield, as one parallel copy (ParallelCopy.h orders
// the copies and says which sources to spill to a scratch tile first).
LogicalResult
Materializer::scheduleCopies(Operation *yield,
                             ArrayRef<std::pair<unsigned, Window>> copies,
                             unsigned &counter, StringRef what) {
  SmallVector<Value> sources;
  SmallVector<std::optional<Window>> sourceWindows;
  SmallVector<Window> targets;
  // Copies of one value deliver one payload; copies of two values never
  // share a delivery, even from one window (ParallelCopy.h).
  SmallVector<unsigned> payloads;
  for (auto [index, target] : copies) {
    Value source = yield->getOperand(index);
    // Named by carry, not by operand (scf.condition's operand 0 is the
    // condition).
    unsigned number =
        carryIndexOfYielded(yield->getOpOperand(index)).value_or(index);
    if (!canCopy(source))
      return noCopy(
          yield, source,
          (what + " #" + Twine(number) + " must be copied from").str());
    if (!target.isRowMajorFor(source.getType())) {
      yield->emitError()
          << what << " #" << number
          << " lives in a strided view, which a copy cannot write";
      return failure();
    }
    payloads.push_back(
        std::distance(sources.begin(), llvm::find(sources, source)));
    sources.push_back(source);
    const Window *window = conflicts.lookup(source);
    sourceWindows.push_back(window ? std::optional(*window) : std::nullopt);
    targets.push_back(target);
  }
  // The copies not made yet: their sources are still to be read, so a copy
  // may overwrite them only where the schedule says it does not.
  SmallVector<bool> done(copies.size(), false);
  // What each copy made delivered (fan-out reads it again).
  SmallVector<Value> delivered(copies.size());
  for (const ParallelCopyStep &step :
       scheduleParallelCopy(sourceWindows, targets, payloads)) {
    unsigned index = copies[step.copy].first;
    auto [point, operand] = copyPoint(yield, index);
    if (step.kind == ParallelCopyStep::Kind::Spill) {
      Window scratch = freshTile(yield->getLoc(),
                                 cast<TileType>(sources[step.copy].getType()));
      sources[step.copy] =
          copyOperandInto(yield->getLoc(), point, operand, scratch);
      ++counter;
      ++counters.scratch;
      continue;
    }
    SmallVector<Value> ignored;
    for (unsigned copy = 0; copy < copies.size(); ++copy)
      if (!done[copy])
        ignored.push_back(sources[copy]);
    if (std::optional<StorageConflict> conflict =
            conflicts.checkWriteBefore(targets[step.copy], point, ignored)) {
      yield->emitError() << what << " #" << index
                         << " cannot be copied into its window: "
                         << name(conflict->clobbered) << " is still read there";
      return failure();
    }
    if (step.from) {
      // Fan-out: the same payload from the window an earlier copy filled.
      Value source = point->getOperand(operand);
      Value moved =
          createMove(yield->getLoc(), delivered[*step.from],
                     targets[step.copy].root, targets[step.copy], point);
      journal.setOperand(point, operand, moved);
      conflicts.relocate(moved, targets[step.copy]);
      conflicts.noteUseReplaced(source);
      delivered[step.copy] = moved;
    } else {
      delivered[step.copy] =
          copyOperandInto(yield->getLoc(), point, operand, targets[step.copy]);
    }
    ++counter;
    done[step.copy] = true;
  }
  return success();
}
