//===- TileStorage.cpp - where every tile value lives ---------------------===//

#include "tilemem/Analysis/TileStorage.h"

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
  auto type = cast<TileType>(op->getResult(0).getType());
  int64_t elementBytes = type.getElementBytes();
  Window window = source;
  window.offset += layout.offset * elementBytes;
  window.rowStride = layout.rowStride;
  window.colStride = layout.colStride;
  window.size = ((type.getRows() - 1) * layout.rowStride +
                 (type.getCols() - 1) * layout.colStride + 1) *
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

Value mlir::tile::writtenValue(Operation *op) {
  auto contract = dyn_cast<StorageContractInterface>(op);
  if (!contract)
    return Value();
  if (auto producer = dyn_cast<AllocatingOpInterface>(op))
    return contract.isMetadataOnly() ? Value() // a declaration writes nothing
                                     : producer.getProducedTile();
  std::optional<unsigned> updated = contract.getWritebackOperand();
  if (!updated && contract.isFirstInputAlias() && !contract.isMetadataOnly())
    updated = 0; // a data-writing first-input alias updates operand 0
  return updated ? op->getOperand(*updated) : Value();
}

size_t mlir::tile::countStorageValues(Operation *root) {
  size_t count = 0;
  root->walk([&](Operation *op) {
    for (Value result : op->getResults())
      count += hasStorage(result.getType());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          count += hasStorage(arg.getType());
  });
  return count;
}

TileStorage::TileStorage(Operation *function)
    : ownNumbering(
          std::make_unique<ValueNumbering>(countStorageValues(function))),
      numbering(ownNumbering.get()) {
  build(function);
}

TileStorage::TileStorage(Operation *function, ValueNumbering &numbering)
    : numbering(&numbering) {
  build(function);
}

void TileStorage::build(Operation *function) {
  for (Region &region : function->getRegions()) {
    if (region.empty())
      continue;
    for (BlockArgument arg : region.front().getArguments())
      if (hasStorage(arg.getType())) {
        Window window{arg, 0, storageBytes(arg.getType()), {}, 0};
        setRowMajor(window, arg.getType());
        set(arg, window);
      }
    for (Block &block : region)
      visitBlock(block);
  }
}

void TileStorage::inherit(Value to, Value from) {
  if (!hasStorage(to.getType()))
    return;
  if (const Window *window = lookup(from))
    set(to, *window);
}

void TileStorage::visitBlock(Block &block) {
  for (Operation &op : block)
    visitOp(&op);
}

void TileStorage::visitOp(Operation *op) {
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    for (auto [init, iterArg] :
         llvm::zip(forOp.getInitArgs(), forOp.getRegionIterArgs()))
      inherit(iterArg, init);
    visitBlock(*forOp.getBody());
    for (auto [init, result] :
         llvm::zip(forOp.getInitArgs(), forOp.getResults()))
      inherit(result, init);
    return;
  }
  if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
    for (auto [init, arg] :
         llvm::zip(whileOp.getInits(), whileOp.getBeforeArguments()))
      inherit(arg, init);
    visitBlock(whileOp.getBefore().front());
    scf::ConditionOp condition = whileOp.getConditionOp();
    for (auto [forwarded, arg, result] :
         llvm::zip(condition.getArgs(), whileOp.getAfterArguments(),
                   whileOp.getResults())) {
      inherit(arg, forwarded);
      inherit(result, forwarded);
    }
    visitBlock(whileOp.getAfter().front());
    return;
  }
  // Other region ops (scf.if, tile.scope, ...): nested values first, then
  // results from what the first region yields.
  for (Region &region : op->getRegions())
    for (Block &block : region)
      visitBlock(block);
  deriveResults(op);
}

void TileStorage::deriveResults(Operation *op) {
  if (op->getNumResults() == 0)
    return;
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    if (ifOp.getThenRegion().empty())
      return;
    for (auto [yielded, result] :
         llvm::zip(ifOp.thenYield().getOperands(), ifOp.getResults()))
      inherit(result, yielded);
    return;
  }
  if (auto scope = dyn_cast<ScopeOp>(op)) {
    Operation *yield = scope.getBody().front().getTerminator();
    for (auto [yielded, result] :
         llvm::zip(yield->getOperands(), scope.getResults()))
      inherit(result, yielded);
    return;
  }
  if (auto producer = dyn_cast<AllocatingOpInterface>(op)) {
    if (std::optional<Window> window = destinationWindow(producer))
      set(producer.getProducedTile(), *window);
    return;
  }
  auto contract = dyn_cast<StorageContractInterface>(op);
  if (!contract)
    return;
  if (std::optional<unsigned> updated = contract.getWritebackOperand()) {
    inherit(op->getResult(0), op->getOperand(*updated));
    return;
  }
  if (contract.isFirstInputAlias()) {
    const Window *source = lookup(op->getOperand(0));
    if (!source)
      return;
    if (std::optional<Window> window = aliasWindow(contract, *source))
      set(op->getResult(0), *window);
  }
}

void TileStorage::forEachDerived(Value value, const Window &window,
                                 function_ref<void(Value, const Window &)> fn) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    unsigned number = use.getOperandNumber();
    if (auto forOp = dyn_cast<scf::ForOp>(user)) {
      if (number < forOp.getNumControlOperands())
        continue;
      unsigned index = number - forOp.getNumControlOperands();
      fn(forOp.getRegionIterArgs()[index], window);
      fn(forOp.getResult(index), window);
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(user)) {
      fn(whileOp.getBeforeArguments()[number], window);
    } else if (auto condition = dyn_cast<scf::ConditionOp>(user)) {
      if (number == 0)
        continue;
      auto whileOp = cast<scf::WhileOp>(condition->getParentOp());
      fn(whileOp.getAfterArguments()[number - 1], window);
      fn(whileOp.getResult(number - 1), window);
    } else if (auto yield = dyn_cast<scf::YieldOp>(user)) {
      auto ifOp = dyn_cast<scf::IfOp>(yield->getParentOp());
      if (ifOp && yield->getParentRegion() == &ifOp.getThenRegion())
        fn(ifOp.getResult(number), window);
    } else if (isa<ScopeYieldOp>(user)) {
      fn(user->getParentOp()->getResult(number), window);
    } else if (auto contract = dyn_cast<StorageContractInterface>(user)) {
      if (isa<AllocatingOpInterface>(user))
        continue;
      if (std::optional<unsigned> updated = contract.getWritebackOperand()) {
        if (*updated == number)
          fn(user->getResult(0), window);
      } else if (contract.isFirstInputAlias() && number == 0) {
        if (std::optional<Window> derived = aliasWindow(contract, window))
          fn(user->getResult(0), *derived);
      }
    }
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
