//===- Retarget.cpp - moving a producer chain
//-------------------------------===//

#include "Materializer.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::semantic_aliases;

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
      if (!properlyDominates(target.root, def) ||
          (target.dynamicSlot && !properlyDominates(target.dynamicSlot, def)))
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
  if (conflicts.breaksAlignedBoundary(moved) || conflicts.check(moved))
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
