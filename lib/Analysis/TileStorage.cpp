//===- TileStorage.cpp - where every tile value lives ---------------------===//

#include "tilemem/Analysis/TileStorage.h"
#include "tilemem/Analysis/StorageDerivation.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tile;

bool mlir::tile::hasStorage(Type type) {
  return isa<TileType, GlobalTensorType>(type);
}

int64_t mlir::tile::storageBytes(Type type) {
  if (auto tile = dyn_cast<TileType>(type))
    return tile.getSizeInBytes();
  return cast<GlobalTensorType>(type).getSizeInBytes();
}

std::optional<MemorySpace> Window::getSpace() const {
  if (auto buffer = dyn_cast<BufferType>(root.getType()))
    return buffer.getSpace();
  return std::nullopt;
}

bool Window::isRowMajorFor(Type type) const {
  auto tile = dyn_cast<TileType>(type);
  if (!tile)
    return true;
  return rowStride == tile.getCols() && colStride == 1 &&
         size == tile.getSizeInBytes();
}

std::optional<StringRef> mlir::tile::inPlaceViolation(Operation *op,
                                                      unsigned index,
                                                      const Window &input,
                                                      const Window &output) {
  auto contract = dyn_cast<StorageContractInterface>(op);
  if (!contract || contract.isMetadataOnly() || !input.mayOverlap(output))
    return std::nullopt;
  std::optional<unsigned> updated = contract.getWritebackOperand();
  if (!updated && contract.isFirstInputAlias())
    updated = 0; // a data-writing first-input alias updates operand 0
  if (updated && *updated == index)
    return std::nullopt;
  if (contract.isNotInPlaceSafe())
    return StringRef("the op is not in-place safe");
  if (contract.forbidsOutputAliasWith(index))
    return StringRef("the op forbids its result to alias it");
  if (input != output)
    return StringRef("an in-place op must read each element where it writes "
                     "it (same window and layout, or disjoint)");
  return std::nullopt;
}

bool Window::mayOverlap(const Window &other) const {
  if (root != other.root)
    return false;
  bool sameSlot =
      dynamicSlot || other.dynamicSlot ? true : staticSlot == other.staticSlot;
  if (!sameSlot)
    return false;
  return offset < other.offset + other.size && other.offset < offset + size;
}

/// Row-major layout of a whole tile or tensor.
static void setRowMajor(Window &window, Type type) {
  ArrayRef<int64_t> shape = isa<TileType>(type)
                                ? cast<TileType>(type).getShape()
                                : cast<GlobalTensorType>(type).getShape();
  window.rowStride = shape[1];
  window.colStride = 1;
}

std::optional<Window> TileStorage::aliasWindow(StorageContractInterface op,
                                               const Window &source) {
  AliasLayout layout = op.getAliasLayout(
      AliasLayout{0, source.rowStride, source.colStride, true});
  if (!layout.valid)
    return std::nullopt;
  return subWindow(source, layout.offset, layout.rowStride, layout.colStride,
                   cast<TileType>(op->getResult(0).getType()));
}

Window mlir::tile::subWindow(const Window &source, int64_t offset,
                             int64_t rowStride, int64_t colStride,
                             TileType type) {
  int64_t elementBytes = type.getElementBytes();
  Window window = source;
  window.offset += offset * elementBytes;
  window.rowStride = rowStride;
  window.colStride = colStride;
  window.size = ((type.getRows() - 1) * rowStride +
                 (type.getCols() - 1) * colStride + 1) *
                elementBytes;
  return window;
}

std::optional<Window> TileStorage::destinationWindow(AllocatingOpInterface op) {
  Value dest = op.getDest();
  if (!dest)
    return std::nullopt;
  Window window;
  window.root = dest;
  window.size = op.getProducedTile().getType().getSizeInBytes();
  setRowMajor(window, op.getProducedTile().getType());
  if (DenseI64ArrayAttr range = op.getWindowAttr())
    window.offset = range[0];
  // A constant slot index is a static slot: distinct constants never alias.
  APInt constantSlot;
  if (Value slot = op.getSlot()) {
    // (An out-of-range constant, which never names a slot, stays dynamic.)
    if (matchPattern(slot, m_ConstantInt(&constantSlot)) &&
        constantSlot.isSignedIntN(32))
      window.staticSlot = constantSlot.getSExtValue();
    else
      window.dynamicSlot = slot;
  }
  if (IntegerAttr slot = op.getStaticSlotAttr())
    window.staticSlot = slot.getInt();
  return window;
}

unsigned mlir::tile::writtenLocator(Operation *op) {
  auto contract = dyn_cast<StorageContractInterface>(op);
  return contract ? contract.getWrittenLocator() : kNoWrite;
}

Value mlir::tile::writtenValue(Operation *op) {
  unsigned locator = writtenLocator(op);
  return locator == kNoWrite ? Value() : writtenAt(op, locator);
}

size_t mlir::tile::countStorageValues(const RecordedWalk &walk) {
  if (walk.countedBy() == &hasStorage)
    return walk.numCountedValues();
  size_t count = 0;
  walk.forEachPostOrder([&](Operation *op) {
    for (Value result : op->getResults())
      count += hasStorage(result.getType());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          count += hasStorage(arg.getType());
  });
  return count;
}

TileStorage::TileStorage(const RecordedWalk &walk)
    : ownNumbering(std::make_unique<ValueNumbering>(countStorageValues(walk))),
      numbering(ownNumbering.get()) {
  build(walk);
}

TileStorage::TileStorage(const RecordedWalk &walk, ValueNumbering &numbering)
    : numbering(&numbering) {
  build(walk);
}

void TileStorage::build(const RecordedWalk &walk) {
  beginBuild(walk.getRoot());
  // Each block's arguments before its ops, and an op's regions before its
  // results: every source is derived before what derives from it (an
  // scf.while's before-region, which the after-region's arguments follow,
  // comes first).
  walk.forEachBlockThenResult([&](Block *block) { buildBlock(block); },
                              [&](Operation *op) { buildResults(op); });
}

void TileStorage::beginBuild(Operation *root) {
  function = root;
  for (Region &region : function->getRegions()) {
    if (region.empty())
      continue;
    for (BlockArgument arg : region.front().getArguments())
      if (hasStorage(arg.getType())) {
        Window window{arg, 0, storageBytes(arg.getType()), {}, 0};
        setRowMajor(window, arg.getType());
        set(arg, window);
      }
  }
}

void TileStorage::buildBlock(Block *block) {
  // The function's own arguments are set by beginBuild. Compared by region,
  // not by parent op: a region lives in its op, which in a deep nest lies
  // far from the block in memory.
  Region *region = block->getParent();
  for (Region &own : function->getRegions())
    if (region == &own)
      return;
  for (BlockArgument arg : block->getArguments())
    derive(arg);
}

void TileStorage::buildResults(Operation *op) {
  if (op == function)
    return;
  for (Value result : op->getResults())
    derive(result);
}

StorageContractInterface TileStorage::aliasView(Value derived) {
  auto contract =
      dyn_cast_or_null<StorageContractInterface>(derived.getDefiningOp());
  if (!contract || !contract.isFirstInputAlias() ||
      contract.getWritebackOperand() ||
      isa<AllocatingOpInterface>(contract.getOperation()))
    return {};
  return contract;
}

std::optional<Window> TileStorage::derivedWindow(Value derived,
                                                 const Window &source) {
  if (StorageContractInterface view = aliasView(derived))
    return aliasWindow(view, source);
  return source;
}

void TileStorage::derive(Value value) {
  if (!hasStorage(value.getType()))
    return;
  if (auto producer =
          dyn_cast_or_null<AllocatingOpInterface>(value.getDefiningOp())) {
    if (std::optional<Window> window = destinationWindow(producer))
      set(value, *window);
    return;
  }
  std::optional<Derivation> derivation =
      sourceOf(value, windowLoopResults(value));
  if (!derivation)
    return;
  if (const Window *source = lookup(derivation->getSource()))
    if (std::optional<Window> window = derivedWindow(value, *source))
      set(value, *window);
}

void TileStorage::forEachDerived(Value value, const Window &window,
                                 function_ref<void(Value, const Window &)> fn) {
  for (OpOperand &use : value.getUses()) {
    // Only an scf.while's initializers and its condition's operands feed
    // its results; each result is derived from one of the two
    // (windowLoopResults), the other must not claim it.
    LoopResults loopResults = isa<scf::WhileOp>(use.getOwner())
                                  ? LoopResults::FromInitializer
                                  : LoopResults::FromExit;
    forEachDerivedThrough(
        use,
        [&](Value derived, DerivationKind) {
          if (windowLoopResults(derived) != loopResults &&
              isa_and_nonnull<scf::WhileOp>(derived.getDefiningOp()))
            return;
          if (std::optional<Window> derivedWin = derivedWindow(derived, window))
            fn(derived, *derivedWin);
        },
        loopResults);
  }
}

SmallVector<std::pair<Value, Window>>
TileStorage::family(Value value, const Window &window) {
  SmallVector<std::pair<Value, Window>> members = {{value, window}};
  for (unsigned i = 0; i < members.size(); ++i) {
    auto [member, memberWindow] = members[i];
    forEachDerived(member, memberWindow, [&](Value derived, const Window &w) {
      if (hasStorage(derived.getType()))
        members.push_back({derived, w});
    });
  }
  return members;
}
