//===- Handles.cpp - tile_buf handles, scalars, tensor views
//----------------===//

#include "FunctionEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::pto_emission;

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
  FailureOr<Value> handle =
      windowHandle(*window, cast<TileType>(result.getType()), op);
  if (succeeded(handle))
    tileHandles[result] = *handle;
  return handle;
}

FailureOr<pto::TileBufType> FunctionEmitter::handleType(const Window &window,
                                                        TileType type,
                                                        Operation *user) {
  pto::TileBufType ptoType = mapTileType(type, arch);
  switch (windowLayout(type, window)) {
  case WindowLayout::RowMajor:
    return ptoType;
  case WindowLayout::Strided: {
    // A column block of a row-major tile (unit column stride, rows further
    // apart than its width): a tile_buf's row stride is its column count,
    // so the handle is the tile_buf of the rows it spans, as wide as the
    // row stride, whose valid columns are the view's.
    int64_t rows = type.getRows(), cols = type.getCols();
    if (type.getSpace() == MemorySpace::Vec && window.colStride == 1 &&
        window.rowStride > cols && rows > 1)
      return pto::TileBufType::get(type.getContext(), ptoType.getLoc(),
                                   ptoType.getDtype(), rows, window.rowStride,
                                   rows, cols, "row_major", "none_box",
                                   ptoType.getFractal(), ptoType.getPad());
    if (!user)
      return failure();
    return cannotEmit(user)
           << "its tile is a strided view that is not a column block of a "
              "vec tile, and a tile_buf has no strides other than its row "
              "length (only a dense row- or column-major layout, or the "
              "columns of a row-major vec tile)";
  }
  case WindowLayout::Transposed:
    break;
  }
  // Vec tiles are unboxed (none_box): the other base layout over the same
  // bytes is the transpose. A boxed (fractal) layout transposed would also
  // transpose its inner boxes, which no tile_buf layout describes.
  if (type.getSpace() != MemorySpace::Vec) {
    if (!user)
      return failure();
    return cannotEmit(user)
           << "a transposed " << stringifyMemorySpace(type.getSpace())
           << " tile has no tile_buf layout: its fractal "
              "boxes would be transposed too (only vec "
              "tiles, unboxed, can be read transposed)";
  }
  return withBLayout(
      ptoType, ptoType.getBlayout() == "row_major" ? "col_major" : "row_major");
}

LogicalResult FunctionEmitter::checkTileBuf(pto::TileBufType type,
                                            Operation *user) {
  std::optional<std::string> problem = ptoIsaTileProblem(type);
  if (!problem)
    return success();
  return cannotEmit(user) << "pto-isa has no Tile for " << type << ": "
                          << *problem
                          << " (the static asserts of pto/common/pto_tile.hpp)";
}

FailureOr<Value>
FunctionEmitter::windowHandle(const Window &window, TileType type,
                              Operation *user,
                              std::optional<pto::TileBufType> as) {
  FailureOr<pto::TileBufType> ptoType =
      as ? FailureOr<pto::TileBufType>(*as) : handleType(window, type, user);
  if (failed(ptoType))
    return failure();
  if (failed(checkTileBuf(*ptoType, user)))
    return failure();
  HandleKey key{window.root,        window.offset,     window.size,
                window.dynamicSlot, window.staticSlot, *ptoType};
  if (Value handle = windowHandles.lookup(key))
    return handle;
  auto alloc = window.root.getDefiningOp<AllocOp>();
  if (!alloc)
    return cannotEmit(user) << "its storage is a function argument";
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
    FailureOr<Value> selected =
        window.dynamicSlot
            ? selectSlotHandle(window, type, *ptoType, *slot, user)
            : rootView(alloc, window.staticSlot, window, *ptoType, user);
    if (failed(selected))
      return failure();
    handle = *selected;
  } else {
    int64_t slotBytes = cast<BufferType>(alloc.getType()).getSize();
    int64_t base = alloc.getAddrAttr().getInt() + window.offset;
    int64_t bytes = physicalBytes(*ptoType);
    if (!window.dynamicSlot) {
      int64_t start = base + window.staticSlot * slotBytes;
      Value addr = i64Const(start);
      handle = prologue.create<pto::AllocTileOp>(loc, *ptoType, addr);
      level3Handles.push_back({handle, start, start + bytes, /*fixed=*/true});
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
      Value slot64 =
          builder.create<arith::IndexCastOp>(loc, builder.getI64Type(), *slot);
      Value scaled = builder.create<arith::MulIOp>(loc, slot64, scale);
      Value addr = builder.create<arith::AddIOp>(loc, scaled, offset);
      handle = builder.create<pto::AllocTileOp>(loc, *ptoType, addr);
      int64_t slots = cast<BufferType>(alloc.getType()).getSlots();
      level3Handles.push_back({handle, base,
                               base + (slots - 1) * slotBytes + bytes,
                               /*fixed=*/false});
    }
  }
  windowHandles[key] = handle;
  return handle;
}

FailureOr<Value> FunctionEmitter::maskHandle(Value mask, int64_t dataCols,
                                             Operation *user) {
  const Window *window = storage.lookup(mask);
  if (!window)
    return cannotEmit(user) << "its predicate mask has no storage";
  auto type = cast<TileType>(mask.getType());
  if (windowLayout(type, *window) != WindowLayout::RowMajor)
    return cannotEmit(user)
           << "its predicate mask is a strided or transposed view, and "
              "pto-isa reads a mask by whole rows";
  pto::TileBufType base = mapTileType(type, arch);
  MLIRContext *context = type.getContext();
  auto ui8 = IntegerType::get(context, 8, IntegerType::Unsigned);
  auto maskType = pto::TileBufType::get(
      context, base.getLoc(), ui8, type.getRows(), type.getCols(),
      type.getRows(), dataCols / 8, base.getBlayout(), base.getSlayout(),
      base.getFractal(), base.getPad());
  return windowHandle(*window, type, user, maskType);
}

LogicalResult FunctionEmitter::requireDense(Value handle, Operation *op,
                                            StringRef ptoOp, StringRef what) {
  auto type = cast<pto::TileBufType>(handle.getType());
  if (type.getRows() == type.getValidRows() &&
      type.getCols() == type.getValidCols())
    return success();
  return cannotEmit(op) << "its " << what << " is a column block (" << type
                        << "), and pto-isa's " << ptoOp.upper()
                        << " reads and writes whole tile rows";
}

FailureOr<Value> FunctionEmitter::scratch(Operation *op, TileType type,
                                          StringRef ptoOp,
                                          std::optional<pto::TileBufType> as,
                                          int64_t offset) {
  pto::TileBufType ptoType = as ? *as : mapTileType(type, arch);
  if (failed(checkTileBuf(ptoType, op)))
    return failure();
  if (!level3)
    return prologue.create<pto::AllocTileOp>(op->getLoc(), ptoType, Value())
        .getResult();
  // Level3: ptoas plans nothing, so the address planner reserves the
  // scratch (live only at this op) and records its address on the op.
  auto addr = op->getAttrOfType<IntegerAttr>(TileDialect::kScratchAddrAttrName);
  if (!addr)
    return cannotEmit(op) << "pto." << ptoOp
                          << " needs a scratch tile, and level3 takes its "
                             "address from `"
                          << TileDialect::kScratchAddrAttrName
                          << "`, which is missing (run the address planner)";
  int64_t start = addr.getInt() + offset;
  Value handle =
      prologue.create<pto::AllocTileOp>(op->getLoc(), ptoType, i64Const(start))
          .getResult();
  level3Handles.push_back(
      {handle, start, start + physicalBytes(ptoType), /*fixed=*/true});
  return handle;
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
  // An integer is signed, except i1: true is 1, as the tile dialect says
  // (and as C++ converts a bool), not the -1 of a sign extension.
  bool fromBool = from.isInteger(1);
  if (toFloat)
    return fromBool ? body.create<arith::UIToFPOp>(loc, to, value).getResult()
                    : body.create<arith::SIToFPOp>(loc, to, value).getResult();
  if (fromFloat)
    return body.create<arith::FPToSIOp>(loc, to, value);
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return fromBool ? body.create<arith::ExtUIOp>(loc, to, value).getResult()
                    : body.create<arith::ExtSIOp>(loc, to, value).getResult();
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
  return pto::TileBufType::get(
      type.getContext(), type.getLoc(), type.getDtype(), rows, cols, rows, cols,
      type.getBlayout(), type.getSlayout(), type.getFractal(), type.getPad());
}

bool FunctionEmitter::sameStorage(Value nextHandle, Value carriedHandle,
                                  Value next, Value carried) {
  if (nextHandle == carriedHandle)
    return true;
  // Level3: a handle is its address. Level2: the handles of one window are
  // views of one root alloc_tile (rootView), which ptoas aliases.
  const Window *a = storage.lookup(next), *b = storage.lookup(carried);
  return a && b && *a == *b;
}

void FunctionEmitter::anchor(Value handle, Operation *loop) {
  if (!level3 && handle)
    anchors[handle].push_back(loop);
}

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

FailureOr<SmallVector<Value>> FunctionEmitter::scalarsOf(ValueRange values,
                                                         Operation *user) {
  return mapEach(values, [&](Value value) { return scalar(value, user); });
}

FailureOr<SmallVector<Value>> FunctionEmitter::handlesOf(ValueRange tiles,
                                                         Operation *user) {
  return mapEach(tiles, [&](Value tile) { return handleOf(tile, user); });
}

LogicalResult FunctionEmitter::requireRowMajor(Value handle, Operation *op,
                                               StringRef ptoOp,
                                               StringRef what) {
  auto type = cast<pto::TileBufType>(handle.getType());
  if (type.getBlayout() == "row_major")
    return success();
  InFlightDiagnostic diagnostic =
      cannotEmit(op) << "its " << what << " is a col_major tile_buf ("
                     << (type.getCols() == 1 ? "a column vector"
                                             : "a transposed view")
                     << "), and ptoas's pto." << ptoOp
                     << " requires a row-major " << what;
  if (type.getCols() != 1)
    diagnostic << " (tile-materialize-transposed-views turns a transposed "
                  "view into a transpose)";
  return diagnostic;
}

FailureOr<Value> FunctionEmitter::storageOrderHandle(Value tile, Value handle,
                                                     Operation *user) {
  auto type = cast<pto::TileBufType>(handle.getType());
  if (type.getBlayout() == "row_major")
    return handle;
  const Window *window = storage.lookup(tile);
  if (!window)
    return cannotEmit(user) << "a tile operand has no storage";
  // A col_major RxC tile_buf over dense bytes is the row-major CxR one.
  auto tileType = cast<TileType>(tile.getType());
  auto flipped =
      TileType::get(tile.getContext(), {tileType.getCols(), tileType.getRows()},
                    tileType.getElementType(), tileType.getSpace());
  Window rowMajor = *window;
  rowMajor.rowStride = tileType.getRows();
  rowMajor.colStride = 1;
  return windowHandle(rowMajor, flipped, user);
}

FailureOr<SmallVector<Value>>
FunctionEmitter::elementwiseHandles(ArrayRef<Value> tiles,
                                    ArrayRef<Value> handles, Operation *op,
                                    StringRef ptoOp) {
  auto layout = [](Value handle) {
    return cast<pto::TileBufType>(handle.getType()).getBlayout();
  };
  SmallVector<Value> out(handles.begin(), handles.end());
  if (llvm::all_of(handles, [&](Value h) { return layout(h) == "row_major"; }))
    return out;
  if (llvm::all_of(handles,
                   [&](Value h) { return layout(h) == "col_major"; })) {
    for (auto [index, tile] : llvm::enumerate(tiles)) {
      FailureOr<Value> rowMajor = storageOrderHandle(tile, handles[index], op);
      if (failed(rowMajor))
        return failure();
      out[index] = *rowMajor;
    }
    return out;
  }
  if (failed(mixedLayouts(handles, op, ptoOp)))
    return failure();
  return out;
}

LogicalResult FunctionEmitter::mixedLayouts(ArrayRef<Value> handles,
                                            Operation *op, StringRef ptoOp) {
  auto typeOf = [](Value handle) {
    return cast<pto::TileBufType>(handle.getType());
  };
  auto role = [&](size_t index) {
    return index + 1 == handles.size() ? "result"
           : handles.size() == 2       ? "source"
                                       : "operand";
  };
  // A column sliced out of a wider tile is a row-major tile_buf (the wider
  // tile's rows, one valid column), so with a column of its own (a col_major
  // Rx1 tile_buf) no pair of tile_bufs has one layout.
  for (auto [index, handle] : llvm::enumerate(handles)) {
    pto::TileBufType sliced = typeOf(handle);
    if (sliced.getBlayout() != "row_major" || sliced.getValidCols() != 1 ||
        sliced.getCols() == 1)
      continue;
    for (auto [other, column] : llvm::enumerate(handles))
      if (typeOf(column).getBlayout() != "row_major")
        return cannotEmit(op)
               << "its " << role(index)
               << " is a column sliced out of a wider tile, a row-major "
                  "tile_buf of that tile's rows with one valid column ("
               << sliced << "), its " << role(other)
               << " a column of its own, a col_major tile_buf, and ptoas's "
                  "pto."
               << ptoOp << " wants its tiles in one layout";
  }
  for (auto [index, handle] : llvm::enumerate(handles))
    if (typeOf(handle).getBlayout() != "row_major")
      return requireRowMajor(handle, op, ptoOp, role(index));
  return success();
}
