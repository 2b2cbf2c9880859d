//===- TranslateToPTO.cpp - tile module -> PTO text for ptoas --------------===//
//
// Builds a PTO module (the ops of PTODialect.h) next to the input and prints
// it; the input is never modified, and nothing is written unless every
// kernel translated and the PTO module verifies. Rules and the op table:
// docs/pto-emission.md.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Target/PTO/TranslateToPTO.h"

#include "tilemem/Analysis/StorageVerifier.h"
#include "tilemem/Analysis/TileStorage.h"
#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/Support/Limits.h"
#include "tilemem/Target/PTO/PTODialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

#include <functional>
#include <tuple>

using namespace mlir;
using namespace mlir::tile;

std::optional<PTOLevel> mlir::tile::parsePTOLevel(StringRef name) {
  if (name == "auto")
    return PTOLevel::Auto;
  if (name == "level2")
    return PTOLevel::Level2;
  if (name == "level3")
    return PTOLevel::Level3;
  return std::nullopt;
}

namespace {

/// The attribute that marks the entry among several kernels, on the input
/// (to choose) and on the output (as ptoas expects).
constexpr StringLiteral kEntryAttrName = "pto.entry";

/// The module attribute naming the target for ptoas.
constexpr StringLiteral kPTOTargetArchAttrName = "pto.target_arch";

/// "'tile.xxx' op cannot be emitted to PTO: <why>".
InFlightDiagnostic cannotEmit(Operation *op) {
  return op->emitOpError("cannot be emitted to PTO: ");
}

/// The PTO tile type of `type`, with the layout conventions of real ptoas
/// kernels: vec row-major (a column tile Rx1 is a DN column vector,
/// col-major, so that its R elements stay contiguous as in the tile
/// dialect's byte model), mat col/row (NZ), left row/row (col/row on a5),
/// right row/col, acc col/row with fractal 1024, bias row-major.
pto::TileBufType mapTileType(TileType type, std::optional<TargetArch> arch) {
  StringRef blayout = "row_major", slayout = "none_box";
  int64_t fractal = 512;
  switch (type.getSpace()) {
  case MemorySpace::Vec:
    if (type.getCols() == 1 && type.getRows() > 1)
      blayout = "col_major";
    break;
  case MemorySpace::Mat:
    blayout = "col_major";
    slayout = "row_major";
    break;
  case MemorySpace::Left:
    blayout = arch == TargetArch::A5 ? "col_major" : "row_major";
    slayout = "row_major";
    break;
  case MemorySpace::Right:
    slayout = "col_major";
    break;
  case MemorySpace::Acc:
    blayout = "col_major";
    slayout = "row_major";
    fractal = 1024;
    break;
  case MemorySpace::Bias:
    break;
  }
  return pto::TileBufType::get(
      type.getContext(), stringifyMemorySpace(type.getSpace()),
      type.getElementType(), type.getRows(), type.getCols(), type.getRows(),
      type.getCols(), blayout, slayout, fractal, /*pad=*/0);
}

/// How a tile of `type` is laid out in `window`, in the tile dialect's byte
/// model (every tile is a row-major array; views may be strided or
/// transposed).
enum class WindowLayout { RowMajor, Transposed, Strided };

/// RowMajor when the window is dense row-major (what every producer writes;
/// a single row or column always is), Transposed when it is dense
/// column-major (a transposed view: a row-major RxC tile read as CxR),
/// Strided otherwise. O(1).
static WindowLayout windowLayout(TileType type, const Window &window) {
  int64_t rows = type.getRows(), cols = type.getCols();
  if ((rows == 1 || window.rowStride == cols) &&
      (cols == 1 || window.colStride == 1))
    return WindowLayout::RowMajor;
  if ((rows == 1 || window.rowStride == 1) &&
      (cols == 1 || window.colStride == rows))
    return WindowLayout::Transposed;
  return WindowLayout::Strided;
}

/// `type` with another base layout.
static pto::TileBufType withBLayout(pto::TileBufType type, StringRef blayout) {
  return pto::TileBufType::get(
      type.getContext(), type.getLoc(), type.getDtype(), type.getRows(),
      type.getCols(), type.getValidRows(), type.getValidCols(), blayout,
      type.getSlayout(), type.getFractal(), type.getPad());
}

/// A handle is identified by its physical window and its tile type.
using HandleKey = std::tuple<Value, int64_t, int64_t, Value, int64_t, Type>;

/// Translates one kernel into an (empty) func.func of the PTO module.
class FunctionEmitter {
public:
  FunctionEmitter(func::FuncOp source, func::FuncOp target, bool level3,
                  std::optional<TargetArch> arch)
      : source(source), target(target), level3(level3), arch(arch),
        storage(source), dominance(source), body(source.getContext()),
        prologue(source.getContext()) {}

  LogicalResult emit();

private:
  // Values.
  FailureOr<Value> scalar(Value value, Operation *user);
  FailureOr<Value> handleOf(Value tile, Operation *user);
  /// scalar / handleOf of each value, in order; fails at the first failure.
  FailureOr<SmallVector<Value>> scalarsOf(ValueRange values, Operation *user);
  FailureOr<SmallVector<Value>> handlesOf(ValueRange tiles, Operation *user);
  FailureOr<Value> tensorViewOf(Value tensor, Operation *user);
  FailureOr<Value> producerHandle(Operation *op);
  FailureOr<Value> windowHandle(const Window &window, TileType type,
                                Operation *user);
  FailureOr<Value> scratch(Operation *op, TileType type, StringRef ptoOp);
  /// The PTO type of a `type` value stored in `window`: mapTileType's,
  /// with the base layout the window is dense in (a vec tile read
  /// transposed is col_major), or a diagnostic when no tile_buf describes it.
  FailureOr<pto::TileBufType> handleType(const Window &window, TileType type,
                                         Operation *user);
  /// Level2 handle of a dynamic-slot window: the per-slot handles selected
  /// by an scf.if chain on the slot value, placed right after it.
  FailureOr<Value> selectSlotHandle(const Window &window, TileType type,
                                    pto::TileBufType ptoType, Value slot,
                                    Operation *user);
  Value indexConst(int64_t value);
  Value i64Const(int64_t value);
  Value convertScalar(Value value, Type to, Location loc);
  Value partition(Value view, ValueRange offsets, TileType tile,
                  Location loc);
  pto::TileBufType subsetType(Value parent, int64_t rows, int64_t cols);
  /// Whether the tile `next` is stored where `carried` is, so it needs no
  /// carry: the same handle, or the same window and (level3, where a handle
  /// is its address) any handle or (level2) a view of the same alloc_tile.
  bool sameStorage(Value nextHandle, Value carriedHandle, Value next,
                   Value carried);
  /// The alloc_tile a handle views (through treshape and subset).
  static Value rootHandle(Value handle);

  // Ops.
  LogicalResult emitBlock(Block &block);
  LogicalResult emitOp(Operation *op);
  LogicalResult emitGeneric(Operation *op);
  template <typename PTOOp>
  LogicalResult emitUnary(Operation *op);
  template <typename PTOOp>
  LogicalResult emitBinary(Operation *op);
  template <typename PTOOp>
  LogicalResult emitTileScalar(Operation *op, Value scalarOperand);
  template <typename PTOOp>
  LogicalResult emitWithScratch(Operation *op, StringRef ptoName);
  LogicalResult emitLoad(LoadOp op);
  LogicalResult emitStore(StoreOp op);
  LogicalResult emitExtract(ExtractOp op);
  LogicalResult emitFull(FullOp op);
  LogicalResult emitMatmulAcc(MatmulAccOp op);
  LogicalResult emitWrite(WriteOp op);
  LogicalResult emitReshape(ReshapeOp op);
  LogicalResult emitSlice(SliceOp op);
  LogicalResult emitTransposeView(TransposeViewOp op);
  LogicalResult emitIfExitBarrier(IfExitBarrierOp op);
  LogicalResult emitAssemble(AssembleOp op);
  LogicalResult emitScope(ScopeOp op);
  LogicalResult emitFor(scf::ForOp op);
  /// The PTO loop's yield: its scalar operands; each tile must come back in
  /// its carry's handle.
  LogicalResult emitLoopYield(Operation *loop, scf::YieldOp yield,
                              ValueRange carriedArgs);
  LogicalResult emitWhile(scf::WhileOp op);
  LogicalResult emitIf(scf::IfOp op);
  /// Maps `result` (a carried or merged value) to `handle`, or records its
  /// scalar counterpart; tensors need nothing (found by storage root).
  void bindResult(Value result, Value handle) {
    if (isa<TileType>(result.getType()))
      tileHandles[result] = handle;
  }

  func::FuncOp source, target;
  bool level3;
  std::optional<TargetArch> arch;
  TileStorage storage;
  DominanceInfo dominance;
  /// `body` appends translated ops; `prologue` inserts constants, handles
  /// and tensor views before `sentinel`, at the top of the entry block, so
  /// they dominate every use.
  OpBuilder body, prologue;
  Operation *sentinel = nullptr;
  IRMapping scalars;
  DenseMap<Value, Value> tileHandles;
  DenseMap<Value, Value> tensorViews; // tensor argument -> tensor_view
  DenseMap<HandleKey, Value> windowHandles;
  DenseMap<int64_t, Value> indexConsts, i64Consts;
};

} // namespace

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

Value FunctionEmitter::indexConst(int64_t value) {
  Value &slot = indexConsts[value];
  if (!slot)
    slot = prologue.create<arith::ConstantIndexOp>(source.getLoc(), value);
  return slot;
}

Value FunctionEmitter::i64Const(int64_t value) {
  Value &slot = i64Consts[value];
  if (!slot)
    slot = prologue.create<arith::ConstantIntOp>(source.getLoc(),
                                                 prologue.getI64Type(), value);
  return slot;
}

FailureOr<Value> FunctionEmitter::scalar(Value value, Operation *user) {
  if (Value mapped = scalars.lookupOrNull(value))
    return mapped;
  return cannotEmit(user) << "an operand has no PTO value (it is made by an "
                             "op that has no PTO form)";
}

FailureOr<Value> FunctionEmitter::handleOf(Value tile, Operation *user) {
  if (Value handle = tileHandles.lookup(tile))
    return handle;
  return cannotEmit(user) << "a tile operand has no PTO tile handle (its "
                             "storage is unknown or outside the kernel)";
}

FailureOr<Value> FunctionEmitter::tensorViewOf(Value tensor, Operation *user) {
  if (const Window *window = storage.lookup(tensor))
    if (Value view = tensorViews.lookup(window->root))
      return view;
  return cannotEmit(user) << "its tensor is not a kernel tensor argument";
}

FailureOr<Value> FunctionEmitter::producerHandle(Operation *op) {
  Value result = op->getResult(0);
  const Window *window = storage.lookup(result);
  if (!window)
    return cannotEmit(op) << "its result has no storage (run "
                             "tile-init-memref and "
                             "tile-materialize-semantic-aliases first)";
  return windowHandle(*window, cast<TileType>(result.getType()), op);
}

FailureOr<pto::TileBufType>
FunctionEmitter::handleType(const Window &window, TileType type,
                            Operation *user) {
  pto::TileBufType ptoType = mapTileType(type, arch);
  switch (windowLayout(type, window)) {
  case WindowLayout::RowMajor:
    return ptoType;
  case WindowLayout::Strided:
    return cannotEmit(user) << "its tile is a strided view, and a tile_buf "
                               "has no strides (only a dense row- or "
                               "column-major layout)";
  case WindowLayout::Transposed:
    break;
  }
  // Vec tiles are unboxed (none_box): the other base layout over the same
  // bytes is the transpose. A boxed (fractal) layout transposed would also
  // transpose its inner boxes, which no tile_buf layout describes.
  if (type.getSpace() != MemorySpace::Vec)
    return cannotEmit(user) << "a transposed "
                            << stringifyMemorySpace(type.getSpace())
                            << " tile has no tile_buf layout: its fractal "
                               "boxes would be transposed too (only vec "
                               "tiles, unboxed, can be read transposed)";
  return withBLayout(ptoType, ptoType.getBlayout() == "row_major"
                                  ? "col_major"
                                  : "row_major");
}

FailureOr<Value> FunctionEmitter::windowHandle(const Window &window,
                                               TileType type,
                                               Operation *user) {
  HandleKey key{window.root,        window.offset,     window.size,
                window.dynamicSlot, window.staticSlot, type};
  if (Value handle = windowHandles.lookup(key))
    return handle;
  auto alloc = window.root.getDefiningOp<AllocOp>();
  if (!alloc)
    return cannotEmit(user) << "its storage is a function argument";
  FailureOr<pto::TileBufType> ptoType = handleType(window, type, user);
  if (failed(ptoType))
    return failure();
  Location loc = alloc.getLoc();
  FailureOr<Value> slot = Value();
  if (window.dynamicSlot) {
    // A handle computed from the slot is placed right after the slot is
    // defined, so one handle serves every use of the window.
    if (!dominance.properlyDominates(window.dynamicSlot, user))
      return cannotEmit(user)
             << "the dynamic slot of its storage is not defined before it";
    slot = scalar(window.dynamicSlot, user);
    if (failed(slot))
      return failure();
  }
  Value handle;
  if (!level3) {
    if (window.dynamicSlot) {
      FailureOr<Value> selected =
          selectSlotHandle(window, type, *ptoType, *slot, user);
      if (failed(selected))
        return failure();
      handle = *selected;
    } else {
      handle = prologue.create<pto::AllocTileOp>(loc, *ptoType, Value());
    }
  } else {
    int64_t slotBytes = cast<BufferType>(alloc.getType()).getSize();
    int64_t base = alloc.getAddrAttr().getInt() + window.offset;
    if (!window.dynamicSlot) {
      Value addr = i64Const(base + window.staticSlot * slotBytes);
      handle = prologue.create<pto::AllocTileOp>(loc, *ptoType, addr);
    } else {
      Value scale = i64Const(slotBytes), offset = i64Const(base);
      OpBuilder &builder =
          isa<BlockArgument>(*slot) &&
                  slot->getParentBlock() == &target.getBody().front()
              ? prologue
              : body;
      OpBuilder::InsertionGuard guard(builder);
      if (&builder == &body)
        body.setInsertionPointAfterValue(*slot);
      Value slot64 = builder.create<arith::IndexCastOp>(
          loc, builder.getI64Type(), *slot);
      Value scaled = builder.create<arith::MulIOp>(loc, slot64, scale);
      Value addr = builder.create<arith::AddIOp>(loc, scaled, offset);
      handle = builder.create<pto::AllocTileOp>(loc, *ptoType, addr);
    }
  }
  windowHandles[key] = handle;
  return handle;
}

FailureOr<Value> FunctionEmitter::selectSlotHandle(const Window &window,
                                                   TileType type,
                                                   pto::TileBufType ptoType,
                                                   Value slot,
                                                   Operation *user) {
  // A level2 handle has no address, but ptoas accepts scf.if results of
  // tile_buf type (its PlanMemory and InsertSync alias the result with every
  // yielded handle), so the window at slot %s is
  //   %h = scf.if (%s == 0) { yield %h0 } else { ...(%s == 1)... yield %hN-1 }
  // over the per-slot handles, which live in the prologue. The chain costs
  // one compare per slot and is built once per window (the handle is cached).
  auto alloc = window.root.getDefiningOp<AllocOp>();
  int64_t slots = cast<BufferType>(alloc.getType()).getSlots();
  SmallVector<Value> perSlot;
  for (int64_t index = 0; index < slots; ++index) {
    Window fixed = window;
    fixed.dynamicSlot = Value();
    fixed.staticSlot = index;
    FailureOr<Value> handle = windowHandle(fixed, type, user);
    if (failed(handle))
      return failure();
    perSlot.push_back(*handle);
  }
  // Constants go to the prologue before the insertion point is chosen, so
  // they dominate the chain even when it is itself in the prologue.
  SmallVector<Value> slotIndices;
  for (int64_t index = 0; index + 1 < slots; ++index)
    slotIndices.push_back(indexConst(index));
  Location loc = alloc.getLoc();
  OpBuilder &builder =
      isa<BlockArgument>(slot) &&
              slot.getParentBlock() == &target.getBody().front()
          ? prologue
          : body;
  OpBuilder::InsertionGuard guard(builder);
  if (&builder == &body)
    body.setInsertionPointAfterValue(slot);
  // Builds the selection among perSlot[index..] at the insertion point.
  std::function<Value(int64_t)> select = [&](int64_t index) -> Value {
    if (index + 1 == slots)
      return perSlot[index];
    Value isSlot = builder.create<arith::CmpIOp>(
        loc, arith::CmpIPredicate::eq, slot, slotIndices[index]);
    auto branch = builder.create<scf::IfOp>(loc, TypeRange{ptoType}, isSlot,
                                            /*withElseRegion=*/true);
    OpBuilder::InsertionGuard armGuard(builder);
    builder.setInsertionPointToStart(branch.thenBlock());
    builder.create<scf::YieldOp>(loc, perSlot[index]);
    builder.setInsertionPointToStart(branch.elseBlock());
    builder.create<scf::YieldOp>(loc, select(index + 1));
    return branch.getResult(0);
  };
  return select(0);
}

FailureOr<Value> FunctionEmitter::scratch(Operation *op, TileType type,
                                          StringRef ptoOp) {
  pto::TileBufType ptoType = mapTileType(type, arch);
  if (!level3)
    return prologue.create<pto::AllocTileOp>(op->getLoc(), ptoType, Value())
        .getResult();
  // Level3: ptoas plans nothing, so the address planner reserves the
  // scratch (live only at this op) and records its address on the op.
  auto addr =
      op->getAttrOfType<IntegerAttr>(TileDialect::kScratchAddrAttrName);
  if (!addr)
    return cannotEmit(op) << "pto." << ptoOp
                          << " needs a scratch tile, and level3 takes its "
                             "address from `"
                          << TileDialect::kScratchAddrAttrName
                          << "`, which is missing (run the address planner)";
  return prologue
      .create<pto::AllocTileOp>(op->getLoc(), ptoType, i64Const(addr.getInt()))
      .getResult();
}

Value FunctionEmitter::convertScalar(Value value, Type to, Location loc) {
  Type from = value.getType();
  if (from == to)
    return value;
  auto fromFloat = dyn_cast<FloatType>(from);
  auto toFloat = dyn_cast<FloatType>(to);
  if (fromFloat && toFloat) {
    if (fromFloat.getWidth() == toFloat.getWidth()) // f16 <-> bf16
      value = body.create<arith::ExtFOp>(loc, body.getF32Type(), value),
      fromFloat = body.getF32Type();
    if (fromFloat.getWidth() < toFloat.getWidth())
      return body.create<arith::ExtFOp>(loc, to, value);
    return body.create<arith::TruncFOp>(loc, to, value);
  }
  if (toFloat)
    return body.create<arith::SIToFPOp>(loc, to, value);
  if (fromFloat)
    return body.create<arith::FPToSIOp>(loc, to, value);
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return body.create<arith::ExtSIOp>(loc, to, value);
  return body.create<arith::TruncIOp>(loc, to, value);
}

Value FunctionEmitter::partition(Value view, ValueRange offsets, TileType tile,
                                 Location loc) {
  auto type = pto::PartitionTensorViewType::get(
      tile.getContext(), tile.getShape(), tile.getElementType());
  SmallVector<Value> sizes{indexConst(tile.getRows()),
                           indexConst(tile.getCols())};
  return body.create<pto::PartitionViewOp>(loc, type, view, offsets, sizes);
}

pto::TileBufType FunctionEmitter::subsetType(Value parent, int64_t rows,
                                             int64_t cols) {
  auto type = cast<pto::TileBufType>(parent.getType());
  return pto::TileBufType::get(type.getContext(), type.getLoc(),
                               type.getDtype(), rows, cols, rows, cols,
                               type.getBlayout(), type.getSlayout(),
                               type.getFractal(), type.getPad());
}

bool FunctionEmitter::sameStorage(Value nextHandle, Value carriedHandle,
                                  Value next, Value carried) {
  if (nextHandle == carriedHandle)
    return true;
  const Window *a = storage.lookup(next), *b = storage.lookup(carried);
  if (!a || !b || *a != *b)
    return false;
  // Level3: a handle is its address. Level2: views (treshape, subset) of
  // one alloc_tile alias it, separate alloc_tiles do not.
  return level3 || rootHandle(nextHandle) == rootHandle(carriedHandle);
}

Value FunctionEmitter::rootHandle(Value handle) {
  while (Operation *def = handle.getDefiningOp()) {
    if (auto view = dyn_cast<pto::TReshapeOp>(def)) {
      handle = view.getSrc();
    } else if (auto view = dyn_cast<pto::SubsetOp>(def)) {
      handle = view.getSource();
    } else if (auto select = dyn_cast<scf::IfOp>(def)) {
      // An scf.if choosing between views of one alloc_tile (both arms
      // reached one window through different view ops) is a view of it too.
      unsigned index = cast<OpResult>(handle).getResultNumber();
      Value thenRoot = rootHandle(select.thenYield().getOperand(index));
      if (select.getElseRegion().empty() ||
          rootHandle(select.elseYield().getOperand(index)) != thenRoot)
        break;
      return thenRoot;
    } else {
      break;
    }
  }
  return handle;
}

//===----------------------------------------------------------------------===//
// Functions and blocks
//===----------------------------------------------------------------------===//

LogicalResult FunctionEmitter::emit() {
  Block *entry = target.addEntryBlock();
  body.setInsertionPointToEnd(entry);
  sentinel = body.create<arith::ConstantIndexOp>(source.getLoc(), 0);
  prologue.setInsertionPoint(sentinel);

  for (auto [from, to] :
       llvm::zip(source.getArguments(), entry->getArguments())) {
    auto tensor = dyn_cast<GlobalTensorType>(from.getType());
    if (!tensor) {
      scalars.map(from, to);
      continue;
    }
    // Static shape and row-major strides of the tensor argument.
    int64_t rows = tensor.getShape()[0], cols = tensor.getShape()[1];
    auto viewType = pto::TensorViewType::get(
        tensor.getContext(), {ShapedType::kDynamic, ShapedType::kDynamic},
        tensor.getElementType());
    SmallVector<Value> shape{indexConst(rows), indexConst(cols)};
    SmallVector<Value> strides{indexConst(cols), indexConst(1)};
    tensorViews[from] = prologue.create<pto::MakeTensorViewOp>(
        source.getLoc(), viewType, to, shape, strides);
  }

  Block &block = source.getBody().front();
  if (failed(emitBlock(block)))
    return failure();
  // Functions return nothing: tensor results are the arguments' memory.
  body.create<func::ReturnOp>(block.getTerminator()->getLoc());
  sentinel->erase();
  return success();
}

LogicalResult FunctionEmitter::emitBlock(Block &block) {
  for (Operation &op : block.without_terminator())
    if (failed(emitOp(&op)))
      return failure();
  return success();
}

LogicalResult FunctionEmitter::emitOp(Operation *op) {
  return TypeSwitch<Operation *, LogicalResult>(op)
      // Handles are made per window when a value needs one.
      .Case<AllocOp>([](auto) { return success(); })
      .Case<LoadOp>([&](auto op) { return emitLoad(op); })
      .Case<StoreOp>([&](auto op) { return emitStore(op); })
      .Case<MoveOp>([&](auto op) { return emitUnary<pto::TMovOp>(op); })
      .Case<ExtractOp>([&](auto op) { return emitExtract(op); })
      .Case<CreateOp>([&](auto op) -> LogicalResult {
        FailureOr<Value> handle = producerHandle(op);
        if (failed(handle))
          return failure();
        tileHandles[op.getResult()] = *handle;
        return success();
      })
      .Case<AddOp>([&](auto op) { return emitBinary<pto::TAddOp>(op); })
      .Case<SubOp>([&](auto op) { return emitBinary<pto::TSubOp>(op); })
      .Case<MulOp>([&](auto op) { return emitBinary<pto::TMulOp>(op); })
      .Case<MaximumOp>([&](auto op) { return emitBinary<pto::TMaxOp>(op); })
      .Case<ExpOp>([&](auto op) { return emitUnary<pto::TExpOp>(op); })
      .Case<AddSOp>([&](auto op) {
        return emitTileScalar<pto::TAddSOp>(op, op.getScalar());
      })
      .Case<MulSOp>([&](auto op) {
        return emitTileScalar<pto::TMulSOp>(op, op.getScalar());
      })
      .Case<FullOp>([&](auto op) { return emitFull(op); })
      .Case<TransposeOp>([&](auto op) {
        return emitWithScratch<pto::TTransOp>(op, "ttrans");
      })
      .Case<RowSumOp>([&](auto op) {
        return emitWithScratch<pto::TRowSumOp>(op, "trowsum");
      })
      .Case<RowExpandMulOp>(
          [&](auto op) { return emitBinary<pto::TRowExpandMulOp>(op); })
      .Case<MatmulOp>([&](auto op) { return emitBinary<pto::TMatmulOp>(op); })
      .Case<MatmulAccOp>([&](auto op) { return emitMatmulAcc(op); })
      .Case<WriteOp>([&](auto op) { return emitWrite(op); })
      .Case<ReshapeOp>([&](auto op) { return emitReshape(op); })
      .Case<SliceOp>([&](auto op) { return emitSlice(op); })
      .Case<TransposeViewOp>([&](auto op) { return emitTransposeView(op); })
      .Case<IfExitBarrierOp>(
          [&](auto op) { return emitIfExitBarrier(op); })
      .Case<AssembleOp>([&](auto op) { return emitAssemble(op); })
      .Case<ScopeOp>([&](auto op) { return emitScope(op); })
      .Case<scf::ForOp>([&](auto op) { return emitFor(op); })
      .Case<scf::WhileOp>([&](auto op) { return emitWhile(op); })
      .Case<scf::IfOp>([&](auto op) { return emitIf(op); })
      .Case<func::CallOp>([&](auto op) {
        return cannotEmit(op) << "calls are not emitted (kernel arguments "
                                 "are pointers and tiles do not cross "
                                 "calls): inline the callee first";
      })
      .Default([&](Operation *op) { return emitGeneric(op); });
}

/// Scalar arithmetic is copied as it is; anything else has no PTO form.
LogicalResult FunctionEmitter::emitGeneric(Operation *op) {
  if (isa<TileDialect>(op->getDialect()))
    return cannotEmit(op) << "no PTO form is defined for it";
  auto isStorageType = [](Type type) {
    return isa<TileType, GlobalTensorType, BufferType>(type);
  };
  if (!isa_and_nonnull<arith::ArithDialect>(op->getDialect()) ||
      op->getNumRegions() != 0)
    return cannotEmit(op) << "ptoas reads only func, arith and scf "
                             "(for, while, if) besides pto";
  if (llvm::any_of(op->getOperandTypes(), isStorageType) ||
      llvm::any_of(op->getResultTypes(), isStorageType))
    return cannotEmit(op) << "a tile, tensor or buffer chosen at run time "
                             "has no single storage";
  // Index and i64 constants share the prologue's (one per value).
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    if (auto value = dyn_cast<IntegerAttr>(constant.getValue())) {
      if (value.getType().isIndex()) {
        scalars.map(constant.getResult(), indexConst(value.getInt()));
        return success();
      }
      if (value.getType().isInteger(64)) {
        scalars.map(constant.getResult(), i64Const(value.getInt()));
        return success();
      }
    }
  if (failed(scalarsOf(op->getOperands(), op)))
    return failure();
  body.clone(*op, scalars);
  return success();
}

//===----------------------------------------------------------------------===//
// Tile ops
//===----------------------------------------------------------------------===//

/// `map` applied to each of `values`, or failure at the first that fails
/// (it has reported why).
static FailureOr<SmallVector<Value>>
mapEach(ValueRange values, function_ref<FailureOr<Value>(Value)> map) {
  SmallVector<Value> mapped;
  for (Value value : values) {
    FailureOr<Value> one = map(value);
    if (failed(one))
      return failure();
    mapped.push_back(*one);
  }
  return mapped;
}

FailureOr<SmallVector<Value>>
FunctionEmitter::scalarsOf(ValueRange values, Operation *user) {
  return mapEach(values, [&](Value value) { return scalar(value, user); });
}

FailureOr<SmallVector<Value>>
FunctionEmitter::handlesOf(ValueRange tiles, Operation *user) {
  return mapEach(tiles, [&](Value tile) { return handleOf(tile, user); });
}

template <typename PTOOp>
LogicalResult FunctionEmitter::emitUnary(Operation *op) {
  FailureOr<Value> src = handleOf(op->getOperand(0), op);
  if (failed(src))
    return failure();
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  body.create<PTOOp>(op->getLoc(), *src, *dst);
  tileHandles[op->getResult(0)] = *dst;
  return success();
}

template <typename PTOOp>
LogicalResult FunctionEmitter::emitBinary(Operation *op) {
  FailureOr<SmallVector<Value>> ins =
      handlesOf(op->getOperands().take_front(2), op);
  if (failed(ins))
    return failure();
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  body.create<PTOOp>(op->getLoc(), (*ins)[0], (*ins)[1], *dst);
  tileHandles[op->getResult(0)] = *dst;
  return success();
}

template <typename PTOOp>
LogicalResult FunctionEmitter::emitTileScalar(Operation *op,
                                              Value scalarOperand) {
  FailureOr<Value> src = handleOf(op->getOperand(0), op);
  if (failed(src))
    return failure();
  FailureOr<Value> value = scalar(scalarOperand, op);
  if (failed(value))
    return failure();
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  // ptoas takes the scalar in the tile's element type.
  Type element = cast<TileType>(op->getResult(0).getType()).getElementType();
  Value converted = convertScalar(*value, element, op->getLoc());
  body.create<PTOOp>(op->getLoc(), *src, converted, *dst);
  tileHandles[op->getResult(0)] = *dst;
  return success();
}

template <typename PTOOp>
LogicalResult FunctionEmitter::emitWithScratch(Operation *op,
                                               StringRef ptoName) {
  FailureOr<Value> src = handleOf(op->getOperand(0), op);
  if (failed(src))
    return failure();
  FailureOr<Value> tmp =
      scratch(op, cast<TileType>(op->getOperand(0).getType()), ptoName);
  if (failed(tmp))
    return failure();
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  body.create<PTOOp>(op->getLoc(), *src, *tmp, *dst);
  tileHandles[op->getResult(0)] = *dst;
  return success();
}

LogicalResult FunctionEmitter::emitLoad(LoadOp op) {
  FailureOr<Value> view = tensorViewOf(op.getSource(), op);
  if (failed(view))
    return failure();
  FailureOr<SmallVector<Value>> offsets = scalarsOf(op.getIndices(), op);
  if (failed(offsets))
    return failure();
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  Value part = partition(*view, *offsets, op.getType(), op.getLoc());
  body.create<pto::TLoadOp>(op.getLoc(), part, *dst);
  tileHandles[op.getResult()] = *dst;
  return success();
}

LogicalResult FunctionEmitter::emitStore(StoreOp op) {
  FailureOr<Value> src = handleOf(op.getValue(), op);
  if (failed(src))
    return failure();
  FailureOr<Value> view = tensorViewOf(op.getTensor(), op);
  if (failed(view))
    return failure();
  FailureOr<SmallVector<Value>> offsets = scalarsOf(op.getIndices(), op);
  if (failed(offsets))
    return failure();
  Value part = partition(*view, *offsets,
                         cast<TileType>(op.getValue().getType()), op.getLoc());
  body.create<pto::TStoreOp>(op.getLoc(), *src, part);
  return success();
}

LogicalResult FunctionEmitter::emitExtract(ExtractOp op) {
  FailureOr<Value> src = handleOf(op.getSource(), op);
  if (failed(src))
    return failure();
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  ArrayRef<int64_t> offsets = op.getOffsets();
  body.create<pto::TExtractOp>(op.getLoc(), *src, indexConst(offsets[0]),
                               indexConst(offsets[1]), *dst);
  tileHandles[op.getResult()] = *dst;
  return success();
}

LogicalResult FunctionEmitter::emitFull(FullOp op) {
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  Type element = op.getType().getElementType();
  double value = op.getValueAttr().getValueAsDouble();
  TypedAttr attr;
  if (isa<FloatType>(element))
    attr = prologue.getFloatAttr(element, value);
  else
    attr = prologue.getIntegerAttr(element, static_cast<int64_t>(value));
  Value fill = prologue.create<arith::ConstantOp>(op.getLoc(), attr);
  body.create<pto::TExpandSOp>(op.getLoc(), fill, *dst);
  tileHandles[op.getResult()] = *dst;
  return success();
}

LogicalResult FunctionEmitter::emitMatmulAcc(MatmulAccOp op) {
  FailureOr<SmallVector<Value>> ins =
      handlesOf({op.getAcc(), op.getLhs(), op.getRhs()}, op);
  if (failed(ins))
    return failure();
  Value acc = (*ins)[0], lhs = (*ins)[1], rhs = (*ins)[2];
  // A writeback: the result is the accumulator's handle, updated in place.
  tileHandles[op.getResult()] = acc;
  if (!op.getInitCond()) {
    body.create<pto::TMatmulAccOp>(op.getLoc(), acc, lhs, rhs, acc);
    return success();
  }
  // init_cond selects at run time between a fresh product and accumulation.
  FailureOr<Value> cond = scalar(op.getInitCond(), op);
  if (failed(cond))
    return failure();
  auto branch =
      body.create<scf::IfOp>(op.getLoc(), *cond, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(body);
  body.setInsertionPointToStart(branch.thenBlock());
  body.create<pto::TMatmulOp>(op.getLoc(), lhs, rhs, acc);
  body.setInsertionPointToStart(branch.elseBlock());
  body.create<pto::TMatmulAccOp>(op.getLoc(), acc, lhs, rhs, acc);
  return success();
}

LogicalResult FunctionEmitter::emitWrite(WriteOp op) {
  FailureOr<Value> tile = handleOf(op.getTile(), op);
  if (failed(tile))
    return failure();
  TileType type = op.getType();
  const Window *window = storage.lookup(op.getTile());
  // pto.tsetval takes a linear offset in the handle's storage order:
  // row-major for a producer's tile, column-major for a transposed view
  // (whose handle is the col_major tile_buf over the same bytes).
  WindowLayout layout =
      window ? windowLayout(type, *window) : WindowLayout::Strided;
  if (layout == WindowLayout::Strided)
    return cannotEmit(op) << "pto.tsetval takes a linear offset into a "
                             "dense tile, and this tile is a strided view";
  FailureOr<SmallVector<Value>> scalars =
      scalarsOf({op.getRow(), op.getCol(), op.getValue()}, op);
  if (failed(scalars))
    return failure();
  Value row = (*scalars)[0], col = (*scalars)[1], value = (*scalars)[2];
  Location loc = op.getLoc();
  bool rowMajor = layout == WindowLayout::RowMajor;
  Value major = rowMajor ? row : col, minor = rowMajor ? col : row;
  Value scaled = body.create<arith::MulIOp>(
      loc, major, indexConst(rowMajor ? type.getCols() : type.getRows()));
  Value offset = body.create<arith::AddIOp>(loc, scaled, minor);
  Value converted = convertScalar(value, type.getElementType(), loc);
  body.create<pto::TSetValOp>(loc, offset, converted, *tile);
  tileHandles[op.getResult()] = *tile;
  return success();
}

LogicalResult FunctionEmitter::emitReshape(ReshapeOp op) {
  FailureOr<Value> src = handleOf(op.getSource(), op);
  if (failed(src))
    return failure();
  if (!storage.lookup(op.getResult()))
    return cannotEmit(op) << "a reshape of a strided view has no storage";
  Value view = body.create<pto::TReshapeOp>(
      op.getLoc(), mapTileType(op.getType(), arch), *src);
  tileHandles[op.getResult()] = view;
  return success();
}

LogicalResult FunctionEmitter::emitSlice(SliceOp op) {
  FailureOr<Value> src = handleOf(op.getSource(), op);
  if (failed(src))
    return failure();
  TileType type = op.getType();
  ArrayRef<int64_t> offsets = op.getOffsets();
  Value view = body.create<pto::SubsetOp>(
      op.getLoc(), subsetType(*src, type.getRows(), type.getCols()), *src,
      ValueRange{indexConst(offsets[0]), indexConst(offsets[1])},
      body.getI64ArrayAttr({type.getRows(), type.getCols()}));
  tileHandles[op.getResult()] = view;
  return success();
}

LogicalResult FunctionEmitter::emitTransposeView(TransposeViewOp op) {
  FailureOr<Value> src = handleOf(op.getSource(), op);
  if (failed(src))
    return failure();
  const Window *window = storage.lookup(op.getResult());
  if (!window)
    return cannotEmit(op) << "its result has no storage";
  if (level3) {
    // A handle is its address: the view is a second alloc_tile at the same
    // address, with the transposed shape and the other base layout.
    FailureOr<Value> handle = windowHandle(*window, op.getType(), op);
    if (failed(handle))
      return failure();
    tileHandles[op.getResult()] = *handle;
    return success();
  }
  // Level2: pto.treshape aliases the same bytes with another tile type
  // (pto-isa TRESHAPE: same loc and byte size, no boxed/unboxed change), so
  // a row-major RxC tile is viewed as the col-major CxR tile.
  FailureOr<pto::TileBufType> type = handleType(*window, op.getType(), op);
  if (failed(type))
    return failure();
  Value view = body.create<pto::TReshapeOp>(op.getLoc(), *type, *src);
  tileHandles[op.getResult()] = view;
  return success();
}

LogicalResult FunctionEmitter::emitIfExitBarrier(IfExitBarrierOp op) {
  for (Value tile : op.getTiles())
    if (failed(handleOf(tile, op)))
      return failure();
  // The selected tile's producers ran in either arm, on any pipe; PIPE_ALL
  // waits for all of them (ptoas: pto.barrier, a pipeline barrier).
  body.create<pto::BarrierOp>(op.getLoc(),
                              pto::PipeAttr::get(op.getContext(), "PIPE_ALL"));
  return success();
}

LogicalResult FunctionEmitter::emitAssemble(AssembleOp op) {
  FailureOr<Value> targetHandle = handleOf(op.getTarget(), op);
  if (failed(targetHandle))
    return failure();
  FailureOr<Value> src = handleOf(op.getSource(), op);
  if (failed(src))
    return failure();
  tileHandles[op.getResult()] = *targetHandle;
  TileType targetType = op.getType();
  auto sourceType = cast<TileType>(op.getSource().getType());
  if (targetType.getSpace() != MemorySpace::Vec)
    return cannotEmit(op) << "assembling is a copy into a block of the "
                             "target, and pto.tmov copies within vec only ("
                          << stringifyMemorySpace(targetType.getSpace())
                          << " here)";
  // The source never lives in the target's block (the storage verifier
  // rejects an assemble that reads a window overlapping its result), so the
  // assemble is always a copy.
  ArrayRef<int64_t> offsets = op.getOffsets();
  Value block = body.create<pto::SubsetOp>(
      op.getLoc(),
      subsetType(*targetHandle, sourceType.getRows(), sourceType.getCols()),
      *targetHandle, ValueRange{indexConst(offsets[0]), indexConst(offsets[1])},
      body.getI64ArrayAttr({sourceType.getRows(), sourceType.getCols()}));
  body.create<pto::TMovOp>(op.getLoc(), *src, block);
  return success();
}

LogicalResult FunctionEmitter::emitScope(ScopeOp op) {
  // Transparent: the body is inlined and the results are what it yields.
  Block &block = op.getBody().front();
  if (failed(emitBlock(block)))
    return failure();
  auto yield = cast<ScopeYieldOp>(block.getTerminator());
  for (auto [result, value] : llvm::zip(op.getResults(), yield.getValues())) {
    if (isa<TileType>(result.getType())) {
      FailureOr<Value> handle = handleOf(value, yield);
      if (failed(handle))
        return failure();
      tileHandles[result] = *handle;
    } else if (!isa<GlobalTensorType>(result.getType())) {
      FailureOr<Value> mapped = scalar(value, yield);
      if (failed(mapped))
        return failure();
      scalars.map(result, *mapped);
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow: tile and tensor carries are dropped
//===----------------------------------------------------------------------===//

/// Whether a value of `type` is carried through PTO control flow (scalars);
/// tiles live in handles and tensors are the arguments' memory.
static bool isCarried(Type type) {
  return !isa<TileType, GlobalTensorType, BufferType>(type);
}

LogicalResult FunctionEmitter::emitLoopYield(Operation *loop,
                                             scf::YieldOp yield,
                                             ValueRange carriedArgs) {
  // Scalars are yielded; tiles must come back in their carry's handle (the
  // PTO loop carries no tile), tensors are global memory.
  SmallVector<Value> yielded;
  for (auto [index, value] : llvm::enumerate(yield.getOperands())) {
    Value arg = carriedArgs[index];
    if (isCarried(value.getType())) {
      FailureOr<Value> mapped = scalar(value, yield);
      if (failed(mapped))
        return failure();
      yielded.push_back(*mapped);
    } else if (isa<TileType>(value.getType())) {
      FailureOr<Value> handle = handleOf(value, yield);
      if (failed(handle))
        return failure();
      if (!sameStorage(*handle, tileHandles.lookup(arg), value, arg))
        return cannotEmit(loop)
               << "carry #" << index
               << " is yielded in other storage than its initializer; a "
                  "loop-carried tile must be updated in place (run "
                  "tile-materialize-semantic-aliases)";
    }
  }
  body.create<scf::YieldOp>(yield.getLoc(), yielded);
  return success();
}

LogicalResult FunctionEmitter::emitFor(scf::ForOp op) {
  SmallVector<Value> bounds;
  for (Value bound : {op.getLowerBound(), op.getUpperBound(), op.getStep()}) {
    FailureOr<Value> mapped = scalar(bound, op);
    if (failed(mapped))
      return failure();
    bounds.push_back(*mapped);
  }
  SmallVector<Value> inits;
  for (auto [index, init] : llvm::enumerate(op.getInitArgs())) {
    Type type = init.getType();
    if (isa<BufferType>(type))
      return cannotEmit(op) << "a buffer cannot be loop-carried";
    if (isCarried(type)) {
      FailureOr<Value> mapped = scalar(init, op);
      if (failed(mapped))
        return failure();
      inits.push_back(*mapped);
    } else if (isa<TileType>(type)) {
      FailureOr<Value> handle = handleOf(init, op);
      if (failed(handle))
        return failure();
      tileHandles[op.getRegionIterArgs()[index]] = *handle;
      tileHandles[op.getResult(index)] = *handle;
    }
  }
  auto loop = body.create<scf::ForOp>(op.getLoc(), bounds[0], bounds[1],
                                      bounds[2], inits,
                                      /*bodyBuilder=*/nullptr,
                                      op.getUnsignedCmp());
  Block *loopBody = loop.getBody();
  if (!loopBody->empty())
    loopBody->getTerminator()->erase();
  scalars.map(op.getInductionVar(), loop.getInductionVar());
  unsigned kept = 0;
  for (BlockArgument arg : op.getRegionIterArgs())
    if (isCarried(arg.getType()))
      scalars.map(arg, loop.getRegionIterArgs()[kept++]);

  OpBuilder::InsertionGuard guard(body);
  body.setInsertionPointToEnd(loopBody);
  if (failed(emitBlock(*op.getBody())))
    return failure();
  auto yield = cast<scf::YieldOp>(op.getBody()->getTerminator());
  if (failed(emitLoopYield(op, yield, op.getRegionIterArgs())))
    return failure();
  kept = 0;
  for (OpResult result : op.getResults())
    if (isCarried(result.getType()))
      scalars.map(result, loop.getResult(kept++));
  return success();
}

LogicalResult FunctionEmitter::emitWhile(scf::WhileOp op) {
  Block &before = op.getBefore().front(), &after = op.getAfter().front();
  auto condition = op.getConditionOp();
  SmallVector<Value> inits;
  SmallVector<Type> beforeTypes, afterTypes;
  SmallPtrSet<Value, 4> carriedHandles;
  for (auto [index, init] : llvm::enumerate(op.getInits())) {
    Type type = init.getType();
    if (isa<BufferType>(type))
      return cannotEmit(op) << "a buffer cannot be loop-carried";
    if (isCarried(type)) {
      FailureOr<Value> mapped = scalar(init, op);
      if (failed(mapped))
        return failure();
      inits.push_back(*mapped);
      beforeTypes.push_back(type);
    } else if (isa<TileType>(type)) {
      FailureOr<Value> handle = handleOf(init, op);
      if (failed(handle))
        return failure();
      tileHandles[before.getArgument(index)] = *handle;
      carriedHandles.insert(*handle);
    }
  }
  for (Value forwarded : condition.getArgs()) {
    if (isa<BufferType>(forwarded.getType()))
      return cannotEmit(op) << "a buffer cannot be loop-carried";
    if (isCarried(forwarded.getType()))
      afterTypes.push_back(forwarded.getType());
  }
  auto loop = body.create<scf::WhileOp>(op.getLoc(), afterTypes, inits);
  // createBlock moves the insertion point into the new block.
  OpBuilder::InsertionGuard guard(body);
  SmallVector<Location> beforeLocs(beforeTypes.size(), op.getLoc());
  SmallVector<Location> afterLocs(afterTypes.size(), op.getLoc());
  Block *newBefore =
      body.createBlock(&loop.getBefore(), {}, beforeTypes, beforeLocs);
  Block *newAfter =
      body.createBlock(&loop.getAfter(), {}, afterTypes, afterLocs);
  unsigned kept = 0;
  for (BlockArgument arg : before.getArguments())
    if (isCarried(arg.getType()))
      scalars.map(arg, newBefore->getArgument(kept++));

  // Before region: the forwarded tiles name the after-arguments' and the
  // results' storage, so their handles must be visible after the loop.
  body.setInsertionPointToEnd(newBefore);
  if (failed(emitBlock(before)))
    return failure();
  FailureOr<Value> cond = scalar(condition.getCondition(), condition);
  if (failed(cond))
    return failure();
  SmallVector<Value> forwarded;
  for (auto [index, value] : llvm::enumerate(condition.getArgs())) {
    if (isCarried(value.getType())) {
      FailureOr<Value> mapped = scalar(value, condition);
      if (failed(mapped))
        return failure();
      forwarded.push_back(*mapped);
    } else if (isa<TileType>(value.getType())) {
      FailureOr<Value> handle = handleOf(value, condition);
      if (failed(handle))
        return failure();
      // The handle must be visible after the loop: the forwarded value is
      // defined outside it (scf.condition sees only its block and enclosing
      // ones), or its handle is a carried one or in the prologue.
      bool outside = value.getParentBlock() != &before ||
                     carriedHandles.contains(*handle) ||
                     handle->getParentBlock() == &target.getBody().front();
      if (!outside)
        return cannotEmit(op) << "result #" << index
                              << " is forwarded from storage made inside "
                                 "the loop, which has no handle after it";
      tileHandles[after.getArgument(index)] = *handle;
      tileHandles[op.getResult(index)] = *handle;
    }
  }
  body.create<scf::ConditionOp>(condition.getLoc(), *cond, forwarded);

  kept = 0;
  for (BlockArgument arg : after.getArguments())
    if (isCarried(arg.getType()))
      scalars.map(arg, newAfter->getArgument(kept++));
  body.setInsertionPointToEnd(newAfter);
  if (failed(emitBlock(after)))
    return failure();
  auto yield = cast<scf::YieldOp>(after.getTerminator());
  if (failed(emitLoopYield(op, yield, before.getArguments())))
    return failure();
  kept = 0;
  for (OpResult result : op.getResults())
    if (isCarried(result.getType()))
      scalars.map(result, loop.getResult(kept++));
  return success();
}

LogicalResult FunctionEmitter::emitIf(scf::IfOp op) {
  FailureOr<Value> cond = scalar(op.getCondition(), op);
  if (failed(cond))
    return failure();
  SmallVector<Type> types;
  for (Type type : op.getResultTypes()) {
    if (isa<BufferType>(type))
      return cannotEmit(op) << "a buffer cannot be a branch result";
    if (isCarried(type))
      types.push_back(type);
  }
  bool hasElse = !op.getElseRegion().empty();
  auto branch = body.create<scf::IfOp>(op.getLoc(), types, *cond, hasElse);

  // Emits one arm; returns the handles of the tiles it yields.
  auto emitArm = [&](Region &from, Region &to,
                     SmallVectorImpl<Value> &armHandles) -> LogicalResult {
    Block *block = &to.front();
    if (!block->empty())
      block->getTerminator()->erase();
    OpBuilder::InsertionGuard guard(body);
    body.setInsertionPointToEnd(block);
    if (failed(emitBlock(from.front())))
      return failure();
    auto yield = cast<scf::YieldOp>(from.front().getTerminator());
    SmallVector<Value> yielded;
    for (Value value : yield.getOperands()) {
      if (isCarried(value.getType())) {
        FailureOr<Value> mapped = scalar(value, yield);
        if (failed(mapped))
          return failure();
        yielded.push_back(*mapped);
        armHandles.push_back(Value());
      } else if (isa<TileType>(value.getType())) {
        FailureOr<Value> handle = handleOf(value, yield);
        if (failed(handle))
          return failure();
        armHandles.push_back(*handle);
      } else {
        armHandles.push_back(Value());
      }
    }
    body.create<scf::YieldOp>(yield.getLoc(), yielded);
    return success();
  };
  SmallVector<Value> thenHandles, elseHandles;
  if (failed(emitArm(op.getThenRegion(), branch.getThenRegion(), thenHandles)))
    return failure();
  if (hasElse &&
      failed(emitArm(op.getElseRegion(), branch.getElseRegion(), elseHandles)))
    return failure();

  unsigned kept = 0;
  // Level2 tile results whose arms yield different handles of one window.
  SmallVector<std::tuple<unsigned, Value, Value>> yieldedHandles;
  for (auto [index, result] : llvm::enumerate(op.getResults())) {
    if (isCarried(result.getType())) {
      scalars.map(result, branch.getResult(kept++));
      continue;
    }
    if (!isa<TileType>(result.getType()))
      continue;
    // Both arms must write one handle that is visible after the if: the
    // same handle (one SSA value seen by both arms is defined outside them)
    // or, at level3, the same window.
    if (!hasElse)
      return cannotEmit(op) << "a tile result needs an else arm";
    Value thenHandle = thenHandles[index], elseHandle = elseHandles[index];
    if (thenHandle == elseHandle) {
      tileHandles[result] = thenHandle;
      continue;
    }
    Value thenValue = op.thenYield().getOperand(index);
    Value elseValue = op.elseYield().getOperand(index);
    const Window *thenWindow = storage.lookup(thenValue);
    const Window *elseWindow = storage.lookup(elseValue);
    auto type = cast<TileType>(result.getType());
    if (!thenWindow || !elseWindow || *thenWindow != *elseWindow)
      return cannotEmit(op) << "result #" << index
                            << " is yielded in different storage by the two "
                               "arms (run tile-materialize-semantic-aliases)";
    if (level3) {
      // A level3 handle is its address: any handle of the window will do.
      FailureOr<Value> handle = windowHandle(*thenWindow, type, op);
      if (failed(handle))
        return failure();
      tileHandles[result] = *handle;
      continue;
    }
    // Level2: views of one alloc_tile with its type (e.g. a reshape there
    // and back) are that alloc_tile, if it is visible after the if (O(1):
    // it is in the if's block or the entry block).
    Value root = rootHandle(thenHandle);
    Block *rootBlock = root.getParentBlock();
    if (root == rootHandle(elseHandle) && root.getType() == thenHandle.getType() &&
        (rootBlock == branch->getBlock() ||
         rootBlock == &target.getBody().front())) {
      tileHandles[result] = root;
      continue;
    }
    // Otherwise two handles of one window (a view in one arm, the alloc_tile
    // in the other) are not one SSA value, so the if yields the handle
    // (ptoas aliases an scf.if tile_buf result with every yielded handle).
    if (thenHandle.getType() != elseHandle.getType())
      return cannotEmit(op) << "result #" << index
                            << " is yielded through handles of different "
                               "tile_buf types by the two arms";
    yieldedHandles.push_back({static_cast<unsigned>(index), thenHandle,
                              elseHandle});
  }
  if (yieldedHandles.empty()) {
    // An if whose arms only wrote handles they did not yield, and wrote
    // nothing (both arms were tile values only), is dropped.
    auto onlyYield = [](Region &region) {
      return region.empty() || region.front().getOperations().size() == 1;
    };
    if (branch.getNumResults() == 0 && onlyYield(branch.getThenRegion()) &&
        onlyYield(branch.getElseRegion()))
      branch.erase();
    return success();
  }
  // Rebuild the if with the handle results appended (an op's result list
  // is fixed once created) and move the emitted arms into it.
  SmallVector<Type> withHandles(branch.getResultTypes());
  for (auto &[index, thenHandle, elseHandle] : yieldedHandles)
    withHandles.push_back(thenHandle.getType());
  OpBuilder::InsertionGuard guard(body);
  body.setInsertionPoint(branch);
  auto rebuilt = body.create<scf::IfOp>(op.getLoc(), withHandles, *cond,
                                        /*withElseRegion=*/true);
  rebuilt.getThenRegion().takeBody(branch.getThenRegion());
  rebuilt.getElseRegion().takeBody(branch.getElseRegion());
  for (auto &[index, thenHandle, elseHandle] : yieldedHandles) {
    rebuilt.thenYield()->insertOperands(rebuilt.thenYield()->getNumOperands(),
                                        thenHandle);
    rebuilt.elseYield()->insertOperands(rebuilt.elseYield()->getNumOperands(),
                                        elseHandle);
  }
  kept = 0;
  for (OpResult result : op.getResults())
    if (isCarried(result.getType()))
      scalars.map(result, rebuilt.getResult(kept++));
  unsigned next = branch.getNumResults();
  for (auto &[index, thenHandle, elseHandle] : yieldedHandles)
    tileHandles[op.getResult(index)] = rebuilt.getResult(next++);
  branch.erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Module
//===----------------------------------------------------------------------===//

/// The signature of the PTO function for `func`, or a diagnostic.
static FailureOr<FunctionType> ptoSignature(func::FuncOp func) {
  SmallVector<Type> inputs;
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
    if (auto tensor = dyn_cast<GlobalTensorType>(type)) {
      inputs.push_back(
          pto::PtrType::get(type.getContext(), tensor.getElementType()));
      continue;
    }
    if (isa<TileType, BufferType>(type))
      return cannotEmit(func)
             << "argument #" << index << " is a "
             << (isa<TileType>(type) ? "tile" : "buffer")
             << ": kernel arguments are global tensors and scalars";
    if (!type.isIntOrIndexOrFloat())
      return cannotEmit(func)
             << "argument #" << index << " has type " << type
             << ", which is neither a global tensor nor a scalar";
    inputs.push_back(type);
  }
  for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
    if (!isa<GlobalTensorType>(type))
      return cannotEmit(func)
             << "result #" << index << " is a "
             << (isa<TileType>(type) ? "tile" : "scalar")
             << ": PTO kernels return nothing (only tensor results, which "
                "are argument memory, are dropped)";
  return FunctionType::get(func.getContext(), inputs, {});
}

LogicalResult mlir::tile::translateToPTO(ModuleOp module, raw_ostream &os,
                                         PTOEmitOptions options) {
  MLIRContext *context = module.getContext();
  // Emission recurses per nesting level; modules built without the parser
  // have not been checked yet.
  if (failed(checkNestingDepth(module)))
    return failure();
  context->loadDialect<pto::PTODialect, arith::ArithDialect,
                       func::FuncDialect, scf::SCFDialect>();

  // Kernels: function definitions that are not host-side orchestration.
  SmallVector<func::FuncOp> kernels;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && !isOrchestrationFunction(func))
      kernels.push_back(func);
  if (kernels.empty())
    return module.emitError(
        "cannot be emitted to PTO: the module has no kernel (orchestration "
        "functions and declarations are not emitted)");

  // Level: auto means level3 iff every allocation has an address.
  SmallVector<AllocOp> unaddressed;
  bool anyAlloc = false;
  for (func::FuncOp kernel : kernels)
    kernel.walk([&](AllocOp alloc) {
      anyAlloc = true;
      if (!alloc.getAddrAttr())
        unaddressed.push_back(alloc);
    });
  bool level3 = options.level == PTOLevel::Level3 ||
                (options.level == PTOLevel::Auto && anyAlloc &&
                 unaddressed.empty());
  if (level3 && !unaddressed.empty()) {
    for (AllocOp alloc : unaddressed)
      cannotEmit(alloc) << "level3 needs an address on every tile.alloc "
                           "(run the address planner or set `addr`)";
    return failure();
  }

  // Entry: the only kernel, or the one marked `pto.entry`.
  func::FuncOp entry;
  if (kernels.size() == 1) {
    entry = kernels.front();
  } else {
    SmallVector<func::FuncOp> marked;
    for (func::FuncOp kernel : kernels)
      if (kernel->hasAttr(kEntryAttrName))
        marked.push_back(kernel);
    if (marked.size() != 1) {
      InFlightDiagnostic diag = module.emitError()
                                << "cannot be emitted to PTO: "
                                << kernels.size() << " kernels and "
                                << marked.size()
                                << " marked `pto.entry`; mark exactly one";
      for (func::FuncOp kernel : kernels)
        diag.attachNote(kernel.getLoc()) << "kernel @" << kernel.getName();
      return failure();
    }
    entry = marked.front();
  }

  OwningOpRef<ModuleOp> out = ModuleOp::create(module.getLoc());
  if (auto arch =
          module->getAttrOfType<StringAttr>(TileDialect::kTargetArchAttrName))
    (*out)->setAttr(kPTOTargetArchAttrName, arch);
  std::optional<TargetArch> arch;
  if (auto name =
          module->getAttrOfType<StringAttr>(TileDialect::kTargetArchAttrName))
    arch = parseTargetArch(name.getValue());

  OpBuilder builder(context);
  builder.setInsertionPointToEnd(out->getBody());
  bool failedAny = false;
  for (func::FuncOp kernel : kernels) {
    FailureOr<FunctionType> type = ptoSignature(kernel);
    if (failed(type)) {
      failedAny = true;
      continue;
    }
    SmallVector<StorageViolation> violations = verifyTileStorage(kernel);
    if (!violations.empty()) {
      for (const StorageViolation &violation : violations)
        violation.op->emitError()
            << "cannot be emitted to PTO: storage is not legalized: "
            << violation.message;
      failedAny = true;
      continue;
    }
    auto func =
        builder.create<func::FuncOp>(kernel.getLoc(), kernel.getName(), *type);
    if (kernels.size() > 1 && kernel == entry)
      func->setAttr(kEntryAttrName, builder.getUnitAttr());
    if (failed(FunctionEmitter(kernel, func, level3, arch).emit()))
      failedAny = true;
  }
  if (failedAny)
    return failure();
  if (failed(verify(*out)))
    return module.emitError(
        "internal error: the emitted PTO module does not verify");

  std::string text;
  llvm::raw_string_ostream buffer(text);
  out->print(buffer);
  os << text;
  return success();
}

void mlir::tile::registerTileToPTOTranslation() {
  static llvm::cl::opt<std::string> level(
      "pto-level", llvm::cl::desc("PTO level: auto, level2 or level3"),
      llvm::cl::init("auto"));
  // A raw registration, so that the text's nesting is checked before it is
  // parsed (tilemem/Support/Limits.h).
  TranslateRegistration registration(
      "tile-to-pto", "translate a storage-legalized tile module to PTO",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr, raw_ostream &os,
         MLIRContext *context) -> LogicalResult {
        DialectRegistry registry;
        registry.insert<TileDialect, pto::PTODialect, arith::ArithDialect,
                        func::FuncDialect, scf::SCFDialect>();
        context->appendDialectRegistry(registry);
        if (failed(checkTextNesting(*sourceMgr, context)))
          return failure();
        OwningOpRef<ModuleOp> module =
            parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
        if (!module)
          return failure();
        std::optional<PTOLevel> parsed = parsePTOLevel(level);
        if (!parsed)
          return module->emitError()
                 << "unknown PTO level '" << level
                 << "' (expected auto, level2 or level3)";
        return translateToPTO(*module, os, PTOEmitOptions{*parsed});
      });
}
