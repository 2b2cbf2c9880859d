//===- EmitOps.cpp - the tile ops
//-------------------------------------------===//

#include "FunctionEmitter.h"
#include "tilemem/Target/PTO/EmissionTable.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::pto_emission;
using pto::InEmissionTable;
using pto::TypeTag;

void FunctionEmitter::queueBlock(Block &source, Block *into, AfterBlock after) {
  auto ops = source.without_terminator();
  pending.push_back(PendingBlock{ops.begin(), ops.end(), std::move(after),
                                 body.saveInsertionPoint()});
  if (into)
    body.setInsertionPointToEnd(into);
}

LogicalResult FunctionEmitter::emitBlock(Block &block) {
  assert(pending.empty() && "emitBlock is the emission's one loop");
  queueBlock(block, /*into=*/nullptr, /*after=*/nullptr);
  while (!pending.empty()) {
    if (pending.back().next != pending.back().end) {
      // emitOp may queue a block: take the op before it does.
      Operation *op = &*pending.back().next++;
      if (failed(emitOp(op))) {
        pending.clear();
        return failure();
      }
      continue;
    }
    PendingBlock done = std::move(pending.back());
    pending.pop_back();
    size_t depth = pending.size();
    if (done.after && failed(done.after())) {
      pending.clear();
      return failure();
    }
    // The op's next block returns where this one would have.
    if (pending.size() > depth)
      pending[depth].resume = done.resume;
    else
      body.restoreInsertionPoint(done.resume);
  }
  return success();
}

namespace {

/// ptoas 0.27 prints a NaN or infinite float constant as a C++ token that
/// does not compile (`float v3 = NaN.0f;`), and folds any arith that would
/// compute one at run time into such a constant.
constexpr llvm::StringLiteral kNonFiniteConstant =
    "ptoas 0.27 prints a NaN or infinite float constant as C++ that does not "
    "compile (NaN.0f, Inf.0f)";

bool isNonFinite(Attribute value) {
  auto number = dyn_cast<FloatAttr>(value);
  return number && !number.getValue().isFinite();
}

/// Whether `PTOOp` lists the element types ptoas accepts for it
/// (PTO_ElementTypes in PTOOps.td).
template <typename PTOOp, typename = void>
struct HasElementTypes : std::false_type {};
template <typename PTOOp>
struct HasElementTypes<PTOOp, std::void_t<decltype(PTOOp::kElementTypesA5)>>
    : std::true_type {};

/// Why ptoas would reject `PTOOp` on `elementType` for `arch` (none: A2/A3,
/// the default), or nothing if it accepts it.
template <typename PTOOp>
std::optional<std::string> elementTypeRefusal(Type elementType,
                                              std::optional<TargetArch> arch) {
  if constexpr (!HasElementTypes<PTOOp>::value) {
    return std::nullopt;
  } else {
    bool a5 = arch == TargetArch::A5;
    StringRef types = a5 ? PTOOp::kElementTypesA5 : PTOOp::kElementTypesA2A3;
    if (types.empty())
      return std::nullopt;
    std::string name;
    llvm::raw_string_ostream(name) << elementType;
    SmallVector<StringRef> accepted;
    types.split(accepted, '/');
    if (llvm::is_contained(accepted, name))
      return std::nullopt;
    return (Twine("ptoas's ") + (a5 ? "A5 " : "A2/A3 ") +
            PTOOp::getOperationName() + " takes element types " + types +
            ", not " + name)
        .str();
  }
}
} // namespace

template <typename PTOOp> LogicalResult FunctionEmitter::emitAs(Operation *op) {
  using Form = pto::EmissionForm;
  if (op->getNumResults() != 0)
    if (auto tile = dyn_cast<TileType>(op->getResult(0).getType()))
      if (std::optional<std::string> refusal =
              elementTypeRefusal<PTOOp>(tile.getElementType(), arch))
        return cannotEmit(op) << *refusal;
  if constexpr (PTOOp::kForm == Form::UnaryElementwise ||
                PTOOp::kForm == Form::Copy ||
                PTOOp::kForm == Form::VectorTile ||
                PTOOp::kForm == Form::Convert)
    return emitUnary<PTOOp>(op);
  else if constexpr (PTOOp::kForm == Form::TileScalar)
    return emitTileScalar<PTOOp>(op, op->getOperand(1));
  else if constexpr (PTOOp::kForm == Form::FillPad)
    return emitFillPad<PTOOp>(op);
  else if constexpr (PTOOp::kForm == Form::Compare)
    return emitCompare<PTOOp>(op);
  else if constexpr (PTOOp::kForm == Form::Select)
    return emitSelect<PTOOp>(op);
  else if constexpr (PTOOp::kForm == Form::WithScratch)
    return emitWithScratch<PTOOp>(op, PTOOp::getOperationName().drop_front(4));
  else
    return emitBinary<PTOOp>(op);
}

template <typename... PTOOps>
std::optional<LogicalResult> FunctionEmitter::emitFromTableOf(Operation *op) {
  std::optional<LogicalResult> result;
  auto tryOne = [&](auto tag) {
    using PTOOp = typename decltype(tag)::type;
    if constexpr (InEmissionTable<PTOOp>::value)
      if (!result && isa<typename PTOOp::TileOp>(op))
        result = emitAs<PTOOp>(op);
  };
  (tryOne(TypeTag<PTOOps>()), ...);
  return result;
}

std::optional<LogicalResult> FunctionEmitter::emitFromTable(Operation *op) {
  return emitFromTableOf<
#define GET_OP_LIST
#include "tilemem/Target/PTO/PTOOps.cpp.inc"
      >(op);
}

LogicalResult FunctionEmitter::emitOp(Operation *op) {
  // The emission table (PTOOps.td) first, then the ops with forms of
  // their own.
  if (std::optional<LogicalResult> result = emitFromTable(op))
    return *result;
  return TypeSwitch<Operation *, LogicalResult>(op)
      // Handles are made per window when a value needs one.
      .Case<AllocOp>([](auto) { return success(); })
      .Case<LoadOp>([&](auto op) { return emitLoad(op); })
      .Case<StoreOp>([&](auto op) { return emitStore(op); })
      .Case<ExtractOp>([&](auto op) { return emitExtract(op); })
      .Case<CreateOp>([&](auto op) -> LogicalResult {
        return failure(failed(producerHandle(op)));
      })
      .Case<FullOp>([&](auto op) { return emitFull(op); })
      .Case<MatmulAccOp>([&](auto op) { return emitMatmulAcc(op); })
      .Case<WriteOp>([&](auto op) { return emitWrite(op); })
      .Case<ReshapeOp, SliceOp, TransposeViewOp>(
          [&](Operation *op) { return emitView(op); })
      .Case<IfExitBarrierOp>([&](auto op) { return emitIfExitBarrier(op); })
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
  // (An unregistered op has no dialect.)
  if (isa_and_nonnull<TileDialect>(op->getDialect()))
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
  if (failed(checkIndexFitsInt32(op)))
    return failure();
  // Index and i64 constants share the prologue's (one per value).
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    if (isNonFinite(constant.getValue()))
      return cannotEmit(op) << kNonFiniteConstant;
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
  }
  if (!ptoasLowersArith(op))
    return cannotEmit(op) << "ptoas 0.27 has no lowering to C++ for it";
  if (failed(scalarsOf(op->getOperands(), op)))
    return failure();
  if (!emitArithAsPtoasReadsIt(op))
    body.clone(*op, scalars);
  return success();
}

template <typename PTOOp>
LogicalResult FunctionEmitter::emitUnary(Operation *op) {
  FailureOr<Value> src = handleOf(op->getOperand(0), op);
  if (failed(src))
    return failure();
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  Value from = *src, to = *dst;
  StringRef name = PTOOp::getOperationName().drop_front(4);
  if constexpr (PTOOp::kForm == pto::EmissionForm::VectorTile) {
    if (std::is_same_v<PTOOp, pto::TColSumOp> && !level3)
      return emitColSumByRows(op, to);
    // Every side row-major but a column vector (an Rx1 tile's tile_buf is
    // col_major, which pto.trowexpand reads as a column).
    auto isColumn = [](Value tile) {
      auto type = cast<TileType>(tile.getType());
      return type.getCols() == 1 && type.getRows() != 1;
    };
    if ((!isColumn(op->getOperand(0)) &&
         failed(requireRowMajor(from, op, name, "source"))) ||
        (!isColumn(op->getResult(0)) &&
         failed(requireRowMajor(to, op, name, "result"))))
      return failure();
  } else if constexpr (PTOOp::kForm == pto::EmissionForm::Copy) {
    return emitCopy(op, from, to);
  } else {
    FailureOr<SmallVector<Value>> handles = elementwiseHandles(
        {op->getOperand(0), op->getResult(0)}, {from, to}, op, name);
    if (failed(handles))
      return failure();
    from = (*handles)[0];
    to = (*handles)[1];
  }
  if constexpr (PTOOp::kForm == pto::EmissionForm::Convert) {
    // ptoas's default mode is CAST_RINT, tile.cvt's rint: written only when
    // it is another one.
    RoundMode mode = cast<CvtOp>(op).getRmode();
    pto::RoundModeAttr rmode;
    if (mode != RoundMode::Rint)
      rmode = pto::RoundModeAttr::get(op->getContext(),
                                      stringifyRoundMode(mode).upper());
    if (failed(checkShapes(PTOOp::kShapes, op, name, {from, to})))
      return failure();
    body.create<PTOOp>(op->getLoc(), from, to, rmode);
  } else {
    if (failed(checkShapes(PTOOp::kShapes, op, name, {from, to})))
      return failure();
    body.create<PTOOp>(op->getLoc(), from, to);
  }
  return success();
}

// ptoas 0.27's TColSumOp::getDpsInitsMutable returns an operand range past
// the op's operands, which asserts when its level2 PlanMemory asks for it.
// So at level2 the column sums are the source's rows added one by one into
// the result, in the order pto-isa's TCOLSUM adds them (so the rounding is
// the same):
//
//   pto.tadd ins(%row0, %row1) outs(%sum)     // one row: a pto.tmov
//   pto.tadd ins(%sum, %row2) outs(%sum)
//   ...
//
// Each row is a view of the source's window, a subset of whole rows of its
// root; the result never overlaps the source (col_sum is not in-place
// safe), so no add reads a row it wrote.
LogicalResult FunctionEmitter::emitColSumByRows(Operation *op, Value sum) {
  Value source = op->getOperand(0);
  auto type = cast<TileType>(source.getType());
  const Window *window = storage.lookup(source);
  if (!window || window->colStride != 1)
    return cannotEmit(op) << "ptoas 0.27 crashes on pto.tcolsum at level2 "
                             "(its TColSumOp::getDpsInitsMutable is out of "
                             "range), and the source is not stored as rows "
                             "the sum could add instead: emit it at level3 "
                             "(an address planner, e.g. "
                             "--tile-memory-pipeline=memory-planner=pypto)";
  if (failed(requireRowMajor(sum, op, "tadd", "result")))
    return failure();
  auto rowType = TileType::get(op->getContext(), {1, type.getCols()},
                               type.getElementType(), type.getSpace());
  SmallVector<Value> rows;
  for (int64_t row = 0; row < type.getRows(); ++row) {
    Window rowWindow = subWindow(*window, row * window->rowStride,
                                 window->rowStride, 1, rowType);
    FailureOr<Value> handle = windowHandle(rowWindow, rowType, op);
    if (failed(handle))
      return failure();
    rows.push_back(*handle);
  }
  if (rows.size() == 1)
    return emitCopy(op, rows.front(), sum);
  Value partial = rows.front();
  for (Value row : ArrayRef(rows).drop_front()) {
    if (failed(
            checkShapes(pto::TAddOp::kShapes, op, "tadd", {partial, row, sum})))
      return failure();
    body.create<pto::TAddOp>(op->getLoc(), partial, row, sum);
    partial = sum;
  }
  return success();
}

/// What the tile_buf `type` is in the kernel when it is narrower than its
/// row: a column block (or a column) of a wider tile.
static StringRef narrowTileBuf(pto::TileBufType type) {
  return type.getValidCols() == 1 ? "a column sliced out of a wider tile"
                                  : "a column block of a wider tile";
}

LogicalResult FunctionEmitter::checkShapes(pto::ShapeRule rule, Operation *op,
                                           StringRef ptoOp,
                                           ArrayRef<Value> handles) {
  auto typeOf = [](Value handle) {
    return cast<pto::TileBufType>(handle.getType());
  };
  pto::TileBufType source = typeOf(handles.front());
  pto::TileBufType result = typeOf(handles.back());
  std::string want;
  llvm::raw_string_ostream wantStream(want);
  bool kept = true;
  switch (rule) {
  case pto::ShapeRule::Free:
    return success();
  case pto::ShapeRule::OneTileType:
    kept = llvm::all_of(handles,
                        [&](Value handle) { return typeOf(handle) == result; });
    wantStream << "pto-isa's " << ptoOp.upper()
               << " takes its tiles as one Tile type";
    break;
  case pto::ShapeRule::SourceResultShape:
    kept = source.getRows() == result.getRows() &&
           source.getCols() == result.getCols();
    wantStream << "ptoas's " << (ptoOp == "tmov" ? "A2/A3 " : "") << "pto."
               << ptoOp << " wants its source and result tile_bufs of one "
               << "shape";
    break;
  case pto::ShapeRule::SourceResultCols:
    kept = source.getCols() == result.getCols();
    wantStream << "pto-isa's " << ptoOp.upper()
               << " wants its source and result tile_bufs of one column "
                  "count (its static assert \"Inconsistent number of cols\")";
    break;
  case pto::ShapeRule::WholeRows:
    llvm_unreachable("the Compare, Select and FillPad forms check WholeRows "
                     "themselves (requireDense)");
  }
  if (kept)
    return success();
  InFlightDiagnostic diagnostic = cannotEmit(op) << want;
  for (auto [index, handle] : llvm::enumerate(handles)) {
    pto::TileBufType type = typeOf(handle);
    if (type.getValidCols() == type.getCols())
      continue;
    StringRef role = index + 1 == handles.size() ? "result"
                     : index == 0                ? "source"
                                                 : "operand";
    diagnostic << ", and its " << role << " is " << narrowTileBuf(type)
               << ", whose tile_buf is as wide as that tile's rows";
    break;
  }
  diagnostic << " (";
  for (auto [index, handle] : llvm::enumerate(handles))
    diagnostic << (index == 0                    ? ""
                   : index + 1 == handles.size() ? " -> "
                                                 : ", ")
               << handle.getType();
  return diagnostic << ")";
}

LogicalResult FunctionEmitter::emitCopy(Operation *op, Value from, Value to) {
  auto s = cast<pto::TileBufType>(from.getType());
  auto d = cast<pto::TileBufType>(to.getType());
  // pto.tmov within vec copies bytes (pto-isa's TMovToVec copies rows),
  // so both sides must have one layout; a transposed view is not copied
  // by it into a row-major tile.
  if (s.getLoc() == "vec" && d.getLoc() == "vec" &&
      s.getBlayout() != d.getBlayout())
    return mixedLayouts({from, to}, op, "tmov");
  bool oneShape = s.getRows() == d.getRows() && s.getCols() == d.getCols();
  // ptoas's A2/A3 verifier wants pto.tmov's tile_bufs of one shape outside
  // mat (pto-isa's TMovToVec would copy rows by their strides).
  if (oneShape || (arch == TargetArch::A5 && s.getLoc() != "mat")) {
    body.create<pto::TMovOp>(op->getLoc(), from, to);
    return success();
  }
  // So a copy within vec between tile_bufs of different row strides (a
  // column block and a dense tile) is pto.tmax(x, x), which ptoas takes for
  // any row strides: max(x, x) is x (a NaN stays a NaN, -0 stays -0).
  if (s.getLoc() == "vec" && d.getLoc() == "vec" &&
      !elementTypeRefusal<pto::TMaxOp>(s.getDtype(), arch)) {
    body.create<pto::TMaxOp>(op->getLoc(), from, from, to);
    return success();
  }
  return checkShapes(pto::TMovOp::kShapes, op, "tmov", {from, to});
}

template <typename Op>
using tmp_operand_t = decltype(std::declval<Op>().getTmp());

/// The tmp pto-isa's A2/A3 TROWEXPAND<op> broadcasts the column of a
/// `result`-typed op into: one 32-byte block per row (vbrcb), in repeats of
/// 8 rows, at most 256 rows at a time (TRowExpandBinaryInstr,
/// TRowExpandBinaryNormMode in pto/npu/a2a3/TRowExpandBinOp.hpp).
static TileType rowBroadcastTmpType(Value result) {
  auto type = cast<TileType>(result.getType());
  Type element = type.getElementType();
  int64_t rows = llvm::alignTo(std::min<int64_t>(type.getRows(), 256), 8);
  int64_t perBlock = 32 * 8 / element.getIntOrFloatBitWidth();
  return TileType::get(type.getContext(), {rows, perBlock}, element,
                       type.getSpace());
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
  SmallVector<Value> handles{(*ins)[0], (*ins)[1], *dst};
  StringRef name = PTOOp::getOperationName().drop_front(4);
  if constexpr (PTOOp::kForm == pto::EmissionForm::Broadcast) {
    // The source and the result row-major, the vector as it is: a dense
    // tile_buf. pto-isa's TROWEXPAND<op> reads a column as a col_major Rx1
    // tile_buf (or as row-major 32-byte blocks, one per row); a column sliced
    // out of a wider tile is a row-major tile_buf with one valid column,
    // which the simulator aborts on ("TROWEXPAND: invalid src1 shape").
    if (failed(requireRowMajor(handles[0], op, name, "source")) ||
        failed(requireRowMajor(handles[2], op, name, "result")))
      return failure();
    auto vector = cast<pto::TileBufType>(handles[1].getType());
    if (vector.getValidRows() != vector.getRows() ||
        vector.getValidCols() != vector.getCols())
      return cannotEmit(op)
             << "its vector operand is a column sliced out of a wider tile ("
             << vector << "), and pto-isa's " << name.upper()
             << " reads a column vector only as a dense col_major Rx1 "
                "tile_buf (or as row-major 32-byte blocks, one per row)";
  } else if constexpr (PTOOp::kForm == pto::EmissionForm::Concat) {
    for (Value handle : handles)
      if (failed(requireRowMajor(handle, op, name, "operand")))
        return failure();
  } else if constexpr (PTOOp::kForm == pto::EmissionForm::Gemv) {
    // TGEMV reads row 0 of the left box and writes row 0 of the acc box,
    // and ptoas wants both tile_bufs' valid rows to say so ("expects lhs /
    // dst valid_shape[0] to be 1 for tgemv").
    for (auto [value, index] :
         {std::pair<Value, unsigned>{op->getOperand(0), 0},
          std::pair<Value, unsigned>{op->getResult(0), 2}}) {
      auto full = cast<pto::TileBufType>(handles[index].getType());
      FailureOr<Value> firstRow = windowHandle(
          *storage.lookup(value), cast<TileType>(value.getType()), op,
          pto::TileBufType::get(
              op->getContext(), full.getLoc(), full.getDtype(), full.getRows(),
              full.getCols(), 1, full.getValidCols(), full.getBlayout(),
              full.getSlayout(), full.getFractal(), full.getPad()));
      if (failed(firstRow))
        return failure();
      handles[index] = *firstRow;
    }
  } else if constexpr (PTOOp::kForm != pto::EmissionForm::Matmul) {
    FailureOr<SmallVector<Value>> normalized = elementwiseHandles(
        {op->getOperand(0), op->getOperand(1), op->getResult(0)}, handles, op,
        name);
    if (failed(normalized))
      return failure();
    handles = *normalized;
  }
  if (failed(checkShapes(PTOOp::kShapes, op, name, handles)))
    return failure();
  // At level2 on a3, ptoas plans all of UB, so a row broadcast's column goes
  // through a tmp of its own, not UB's fixed scratch (docs/pto-emission.md,
  // "UB's fixed scratch at level2").
  bool ownTmp = !level3 && arch.value_or(TargetArch::A3) == TargetArch::A3;
  if constexpr (llvm::is_detected<tmp_operand_t, PTOOp>::value) {
    Value tmp;
    if (ownTmp) {
      FailureOr<Value> scratchTile =
          scratch(op, rowBroadcastTmpType(op->getResult(0)), name);
      if (failed(scratchTile))
        return failure();
      tmp = *scratchTile;
    }
    body.create<PTOOp>(op->getLoc(), handles[0], handles[1], tmp, handles[2]);
  } else if constexpr (std::is_same_v<PTOOp, pto::TRowExpandAddOp>) {
    if (ownTmp)
      return emitRowExpandAddWithTmp(op, handles);
    body.create<PTOOp>(op->getLoc(), handles[0], handles[1], handles[2]);
  } else {
    body.create<PTOOp>(op->getLoc(), handles[0], handles[1], handles[2]);
  }
  return success();
}

LogicalResult
FunctionEmitter::emitRowExpandAddWithTmp(Operation *op,
                                         ArrayRef<Value> handles) {
  // ptoas has no tmp form of trowexpandadd, so a + c is emitted as
  // a - (-c): IEEE defines x - y as x + (-y), and -1 * c negates exactly
  // (signed zeros and NaNs included); integers wrap alike. The negated
  // column is a tile of its own, written through the row over its bytes
  // (pto-isa's TMULS reads row-major tiles).
  Location loc = op->getLoc();
  Value column = op->getOperand(1);
  auto columnType = cast<TileType>(column.getType());
  FailureOr<Value> columnRow = storageOrderHandle(column, handles[1], op);
  if (failed(columnRow))
    return failure();
  FailureOr<Value> negated = scratch(op, columnType, "trowexpandsub");
  if (failed(negated))
    return failure();
  FailureOr<Value> tmp =
      scratch(op, rowBroadcastTmpType(op->getResult(0)), "trowexpandsub");
  if (failed(tmp))
    return failure();
  Value negatedRow =
      prologue.create<pto::TReshapeOp>(loc, columnRow->getType(), *negated);
  Type element = columnType.getElementType();
  TypedAttr minusOne = isa<FloatType>(element)
                           ? TypedAttr(body.getFloatAttr(element, -1.0))
                           : TypedAttr(body.getIntegerAttr(element, -1));
  Value factor = body.create<arith::ConstantOp>(loc, minusOne);
  body.create<pto::TMulSOp>(loc, *columnRow, factor, negatedRow);
  body.create<pto::TRowExpandSubOp>(loc, handles[0], *negated, *tmp,
                                    handles[2]);
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
  // ptoas's verifier lets a col_major tile through, but pto-isa's
  // TADDS/TMULS static-assert row-major tiles.
  FailureOr<SmallVector<Value>> handles =
      elementwiseHandles({op->getOperand(0), op->getResult(0)}, {*src, *dst},
                         op, PTOOp::getOperationName().drop_front(4));
  if (failed(handles))
    return failure();
  // ptoas takes the scalar in the tile's element type, or as an f32 for the
  // ops that want a float (exact: their integer tiles are i16).
  Type element = cast<TileType>(op->getResult(0).getType()).getElementType();
  Value converted = convertScalar(*value, element, op->getLoc());
  if (PTOOp::kFloatScalar && !isa<FloatType>(element))
    converted = convertScalar(converted, body.getF32Type(), op->getLoc());
  body.create<PTOOp>(op->getLoc(), (*handles)[0], converted, (*handles)[1]);
  return success();
}

template <typename PTOOp>
LogicalResult FunctionEmitter::emitWithScratch(Operation *op,
                                               StringRef ptoName) {
  FailureOr<Value> src = handleOf(op->getOperand(0), op);
  if (failed(src))
    return failure();
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  auto sourceType = cast<TileType>(op->getOperand(0).getType());
  if (std::is_same_v<PTOOp, pto::TTransOp> &&
      (sourceType.getRows() == 1 || sourceType.getCols() == 1)) {
    // A vector transposed is the same elements in the same order: a copy
    // between the two tiles read in storage order (a column vector is a
    // col_major tile_buf, which pto.ttrans does not take).
    FailureOr<Value> from = storageOrderHandle(op->getOperand(0), *src, op);
    if (failed(from))
      return failure();
    FailureOr<Value> to = storageOrderHandle(op->getResult(0), *dst, op);
    if (failed(to))
      return failure();
    // pto.tmov takes element (r, c) to (r, c) (the simulator's TMOV asserts
    // one valid shape), and a column sliced out of a wider tile is no row in
    // storage order: its tile_buf is the wider tile's rows, one valid
    // column each.
    auto s = cast<pto::TileBufType>(from->getType());
    auto d = cast<pto::TileBufType>(to->getType());
    if (s.getValidRows() != d.getValidRows() ||
        s.getValidCols() != d.getValidCols())
      return cannotEmit(op)
             << "a vector is transposed as a pto.tmov of its elements in "
                "storage order, and its source is "
             << narrowTileBuf(s)
             << ", whose elements are not one row of a tile_buf (" << s
             << " -> " << d << ")";
    return emitCopy(op, *from, *to);
  }
  if (failed(requireRowMajor(*src, op, ptoName, "source")))
    return failure();
  FailureOr<Value> tmp = scratch(op, sourceType, ptoName);
  if (failed(tmp))
    return failure();
  body.create<PTOOp>(op->getLoc(), *src, *tmp, *dst);
  return success();
}

template <typename PTOOp>
LogicalResult FunctionEmitter::emitCompare(Operation *op) {
  constexpr bool scalarForm = std::is_same_v<PTOOp, pto::TCmpSOp>;
  StringRef name = PTOOp::getOperationName().drop_front(4);
  FailureOr<Value> src = handleOf(op->getOperand(0), op);
  if (failed(src))
    return failure();
  FailureOr<Value> other = scalarForm ? scalar(op->getOperand(1), op)
                                      : handleOf(op->getOperand(1), op);
  if (failed(other))
    return failure();
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  auto data = cast<TileType>(op->getOperand(0).getType());
  FailureOr<Value> mask = maskHandle(op->getResult(0), data.getCols(), op);
  if (failed(mask))
    return failure();
  static_assert(PTOOp::kShapes == pto::ShapeRule::WholeRows,
                "its tiles are read by whole rows: requireDense below");
  if (failed(requireDenseRowMajor(*src, op, name, "source")))
    return failure();
  Value lhs = *src, rhs = *other;
  if constexpr (scalarForm) {
    // ptoas takes the scalar in the tile's element type.
    rhs = convertScalar(rhs, data.getElementType(), op->getLoc());
  } else {
    if (failed(requireDenseRowMajor(rhs, op, name, "operand")))
      return failure();
  }
  // ptoas's A5 pto.tcmp wants a destination of its sources' shape, and
  // pto-isa's A5 TCMP writes row r's packed bits at r times that
  // destination's row length: on A5 the compare runs at the width and in
  // the parts of the op's scratch tile getA5CompareScratch gives, and a
  // pto.tmov copies the C/8 bytes of each row of a destination that is not
  // the mask into the mask's rows. (A5's tcmps writes the mask as it is.)
  Value compared = *mask;
  if (!scalarForm && arch == TargetArch::A5) {
    auto compare = cast<CmpOp>(op);
    std::optional<TileType> scratchType = compare.getScratchTileType(*arch);
    A5CompareScratch parts = getA5CompareScratch(compare);
    auto widened = [&](pto::TileBufType type, int64_t validCols) {
      return pto::TileBufType::get(
          op->getContext(), type.getLoc(), type.getDtype(), data.getRows(),
          parts.width, type.getValidRows(), validCols, type.getBlayout(),
          type.getSlayout(), type.getFractal(), type.getPad());
    };
    auto wide = widened(cast<pto::TileBufType>(lhs.getType()), data.getCols());
    auto copyOf = [&](Value source, int64_t offset) -> FailureOr<Value> {
      FailureOr<Value> copy = scratch(op, *scratchType, name, wide, offset);
      if (failed(copy) || failed(emitCopy(op, source, *copy)))
        return failure();
      return *copy;
    };
    if (parts.lhsCopyOffset) {
      FailureOr<Value> lhsWide = copyOf(lhs, *parts.lhsCopyOffset);
      if (failed(lhsWide))
        return failure();
      FailureOr<Value> rhsWide = parts.rhsCopyOffset == parts.lhsCopyOffset
                                     ? lhsWide
                                     : copyOf(rhs, *parts.rhsCopyOffset);
      if (failed(rhsWide))
        return failure();
      lhs = *lhsWide;
      rhs = *rhsWide;
    }
    if (parts.destinationOffset) {
      auto packed = cast<pto::TileBufType>(mask->getType());
      FailureOr<Value> destination = scratch(
          op, *scratchType, name, widened(packed, packed.getValidCols()),
          *parts.destinationOffset);
      if (failed(destination))
        return failure();
      compared = *destination;
    }
  }
  auto mode = pto::CmpModeAttr::get(
      op->getContext(),
      stringifyCmpMode(cast<typename PTOOp::TileOp>(op).getMode()));
  body.create<PTOOp>(op->getLoc(), lhs, rhs, compared, mode);
  if (compared != *mask)
    return emitCopy(op, compared, *mask);
  return success();
}

template <typename PTOOp>
LogicalResult FunctionEmitter::emitFillPad(Operation *op) {
  auto fill = cast<FillPadOp>(op);
  StringRef name = PTOOp::getOperationName().drop_front(4);
  FailureOr<Value> tile = handleOf(fill.getTile(), op);
  if (failed(tile))
    return failure();
  // A writeback: the result is the tile's handle, padded in place.
  tileHandles[fill.getResult()] = *tile;
  static_assert(PTOOp::kShapes == pto::ShapeRule::WholeRows,
                "its tile is read by whole rows: requireDense below");
  if (failed(requireDenseRowMajor(*tile, op, name, "tile")))
    return failure();
  const Window *window = storage.lookup(fill.getTile());
  auto whole = cast<pto::TileBufType>(tile->getType());
  auto withValid = [&](int64_t rows, int64_t cols) {
    return pto::TileBufType::get(
        op->getContext(), whole.getLoc(), whole.getDtype(), whole.getRows(),
        whole.getCols(), rows, cols, whole.getBlayout(), whole.getSlayout(),
        whole.getFractal(), static_cast<int64_t>(fill.getPad()));
  };
  ArrayRef<int64_t> valid = fill.getValid();
  FailureOr<Value> src =
      windowHandle(*window, fill.getType(), op, withValid(valid[0], valid[1]));
  if (failed(src))
    return failure();
  FailureOr<Value> dst = windowHandle(
      *window, fill.getType(), op, withValid(whole.getRows(), whole.getCols()));
  if (failed(dst))
    return failure();
  body.create<PTOOp>(op->getLoc(), *src, *dst);
  return success();
}

template <typename PTOOp>
LogicalResult FunctionEmitter::emitSelect(Operation *op) {
  StringRef name = PTOOp::getOperationName().drop_front(4);
  FailureOr<SmallVector<Value>> ins =
      handlesOf(op->getOperands().slice(1, 2), op);
  if (failed(ins))
    return failure();
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  auto data = cast<TileType>(op->getResult(0).getType());
  FailureOr<Value> mask = maskHandle(op->getOperand(0), data.getCols(), op);
  if (failed(mask))
    return failure();
  // pto-isa's TSEL takes the result and both sources as one Tile type.
  static_assert(PTOOp::kShapes == pto::ShapeRule::WholeRows,
                "its tiles are read by whole rows: requireDense below");
  for (Value handle : {(*ins)[0], (*ins)[1], *dst})
    if (failed(requireDenseRowMajor(handle, op, name, "operand")))
      return failure();
  FailureOr<Value> tmp =
      scratch(op, cast<TileType>(op->getOperand(0).getType()), name);
  if (failed(tmp))
    return failure();
  body.create<PTOOp>(op->getLoc(), *mask, (*ins)[0], (*ins)[1], *tmp, *dst);
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
  auto srcType = cast<pto::TileBufType>(src->getType());
  if (srcType.getLoc() == "vec" && srcType.getCols() != 1 &&
      failed(requireRowMajor(*src, op, "tstore", "source")))
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
  auto sourceType = cast<TileType>(op.getSource().getType());
  TileType type = op.getType();
  MemorySpace from = sourceType.getSpace(), to = type.getSpace();
  // pto.textract reads loc=mat and writes left or right (ptoas's A2/A3
  // verifier: "expects A2/A3 textract src to use loc=mat"); any other pair
  // (mat -> bias, acc -> mat) is a pto.tmov of the whole tile.
  bool extractable = from == MemorySpace::Mat &&
                     (to == MemorySpace::Left || to == MemorySpace::Right);
  if (!extractable) {
    if (offsets[0] != 0 || offsets[1] != 0 ||
        sourceType.getShape() != type.getShape())
      return cannotEmit(op)
             << "a block of a tile in " << stringifyMemorySpace(from)
             << " extracted into " << stringifyMemorySpace(to)
             << " has no ptoas form: pto.textract reads loc=mat and writes "
                "left or right, and pto.tmov copies whole tiles";
    body.create<pto::TMovOp>(op.getLoc(), *src, *dst);
    return success();
  }
  body.create<pto::TExtractOp>(op.getLoc(), *src, indexConst(offsets[0]),
                               indexConst(offsets[1]), *dst);
  return success();
}

LogicalResult FunctionEmitter::emitFull(FullOp op) {
  Type element = op.getType().getElementType();
  if (std::optional<std::string> refusal =
          elementTypeRefusal<pto::TExpandSOp>(element, arch))
    return cannotEmit(op) << *refusal;
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  double value = op.getValueAttr().getValueAsDouble();
  TypedAttr attr;
  if (isa<FloatType>(element))
    attr = prologue.getFloatAttr(element, value);
  else
    attr = prologue.getIntegerAttr(element, static_cast<int64_t>(value));
  if (isNonFinite(attr)) // also a finite value past the element type's range
    return cannotEmit(op) << kNonFiniteConstant;
  Value fill = prologue.create<arith::ConstantOp>(op.getLoc(), attr);
  // ptoas wants a row-major vec destination: a column vector is filled as
  // the row over its bytes.
  FailureOr<Value> to = op.getType().getSpace() == MemorySpace::Vec
                            ? storageOrderHandle(op.getResult(), *dst, op)
                            : FailureOr<Value>(*dst);
  if (failed(to))
    return failure();
  body.create<pto::TExpandSOp>(op.getLoc(), fill, *to);
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
  FailureOr<SmallVector<Value>> scalars =
      scalarsOf({op.getRow(), op.getCol(), op.getValue()}, op);
  if (failed(scalars))
    return failure();
  // pto.tsetval takes a linear offset in the handle's storage order:
  // row-major (over its physical columns: a column block's tile_buf is as
  // wide as its row stride), column-major for a transposed view (whose
  // handle is the col_major tile_buf over the same bytes).
  auto handleType = cast<pto::TileBufType>(tile->getType());
  Value row = (*scalars)[0], col = (*scalars)[1], value = (*scalars)[2];
  Location loc = op.getLoc();
  bool rowMajor = handleType.getBlayout() == "row_major";
  Value major = rowMajor ? row : col, minor = rowMajor ? col : row;
  Value scaled = body.create<arith::MulIOp>(
      loc, major,
      indexConst(rowMajor ? handleType.getCols() : handleType.getRows()));
  Value offset = body.create<arith::AddIOp>(loc, scaled, minor);
  Value converted = convertScalar(value, type.getElementType(), loc);
  body.create<pto::TSetValOp>(loc, offset, converted, *tile);
  tileHandles[op.getResult()] = *tile;
  return success();
}

LogicalResult FunctionEmitter::emitView(Operation *op) {
  // A view (reshape, slice, transposed view) names bytes of its source's
  // window; its handle is the handle of its own window, derived from the
  // buffer like every other (level3: an alloc_tile at its address; level2:
  // a pto.subset and pto.treshape of the buffer's root alloc_tile, never a
  // view of a view: ptoas lowers pto.subset before pto.treshape, so a
  // subset of a treshape is rejected).
  FailureOr<Value> source = handleOf(op->getOperand(0), op);
  if (failed(source))
    return failure();
  Value result = op->getResult(0);
  auto sourceType = cast<TileType>(op->getOperand(0).getType());
  auto resultType = cast<TileType>(result.getType());
  const Window *window = storage.lookup(result);
  if (!window)
    return cannotEmit(op)
           << "its result has no storage (a reshape of a strided or "
              "transposed view does not name its bytes in row-major order)";
  // The layouts no tile_buf describes (a strided or transposed view of a
  // boxed tile among them) are refused here, each with its reason.
  FailureOr<pto::TileBufType> type = handleType(*window, resultType, op);
  if (failed(type))
    return failure();
  // A boxed (fractal) tile's bytes are only its own: its elements lie in
  // 16-row boxes, so a handle of another shape over them (even a row-major
  // window, a row slice or a reshape) reads the wrong elements. This is the
  // one place a tile can be read in a shape its bytes were not written
  // with: a producer writes its own window in its own shape (a sub-window
  // of a buffer, `into(%buf)` with a window, a pipeline-made tile.move
  // alike), and a writeback, a loop carry or a branch result takes its
  // operand's handle. Handle derivation cannot tell instead: the same
  // window and type are right for a producer of that shape reusing the
  // buffer (at level2 a pto.treshape of the root alloc_tile, which
  // TRESHAPE reinterprets byte for byte; pathFromRoot).
  if (isBoxed(cast<pto::TileBufType>(source->getType())) &&
      sourceType.getShape() != resultType.getShape())
    return cannotEmit(op) << "a view of another shape of a "
                          << stringifyMemorySpace(sourceType.getSpace())
                          << " tile has no tile_buf: its elements lie in "
                             "fractal boxes, not in row-major order (move "
                             "the tile to vec first)";
  FailureOr<Value> handle = windowHandle(*window, resultType, op, *type);
  if (failed(handle))
    return failure();
  tileHandles[result] = *handle;
  return success();
}

LogicalResult FunctionEmitter::emitIfExitBarrier(IfExitBarrierOp op) {
  for (Value tile : op.getTiles())
    if (failed(handleOf(tile, op)))
      return failure();
  // The selected tile's producers ran in either arm, on any pipe; PIPE_ALL
  // waits for all of them (ptoas: pto.barrier, a pipeline barrier).
  createFullBarrier(body, op.getLoc());
  return success();
}

Window pto_emission::assembledBlock(AssembleOp op, const Window &target) {
  ArrayRef<int64_t> offsets = op.getOffsets();
  return subWindow(
      target, offsets[0] * target.rowStride + offsets[1] * target.colStride,
      target.rowStride, target.colStride,
      cast<TileType>(op.getSource().getType()));
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
  // assemble is a copy into the block's window, which is derived from the
  // target's like a slice's.
  const Window *target = storage.lookup(op.getTarget());
  if (!target)
    return cannotEmit(op) << "its target has no storage";
  FailureOr<Value> blockHandle =
      windowHandle(assembledBlock(op, *target), sourceType, op);
  if (failed(blockHandle))
    return failure();
  return emitCopy(op, *src, *blockHandle);
}
