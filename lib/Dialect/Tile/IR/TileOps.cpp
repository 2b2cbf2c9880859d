//===- TileOps.cpp - tile dialect operations ------------------------------===//

#include "tilemem/Dialect/Tile/IR/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tile;

//===----------------------------------------------------------------------===//
// The destination clause: into(%buf[offset, size] slot %i : !tile.buffer<...>)
//===----------------------------------------------------------------------===//

static ParseResult
parseDestination(OpAsmParser &parser,
                 std::optional<OpAsmParser::UnresolvedOperand> &dest,
                 Type &destType, DenseI64ArrayAttr &window,
                 std::optional<OpAsmParser::UnresolvedOperand> &slot,
                 IntegerAttr &staticSlot) {
  if (failed(parser.parseOptionalKeyword("into")))
    return success();
  OpAsmParser::UnresolvedOperand buffer;
  if (parser.parseLParen() || parser.parseOperand(buffer))
    return failure();
  dest = buffer;
  if (succeeded(parser.parseOptionalLSquare())) {
    int64_t offset = 0, size = 0;
    if (parser.parseInteger(offset) || parser.parseComma() ||
        parser.parseInteger(size) || parser.parseRSquare())
      return failure();
    window = parser.getBuilder().getDenseI64ArrayAttr({offset, size});
  }
  if (succeeded(parser.parseOptionalKeyword("slot"))) {
    OpAsmParser::UnresolvedOperand dynamicSlot;
    OptionalParseResult parsedOperand =
        parser.parseOptionalOperand(dynamicSlot);
    if (parsedOperand.has_value()) {
      if (failed(*parsedOperand))
        return failure();
      slot = dynamicSlot;
    } else {
      int64_t index = 0;
      if (parser.parseInteger(index))
        return failure();
      staticSlot = parser.getBuilder().getI64IntegerAttr(index);
    }
  }
  if (parser.parseColon() || parser.parseType(destType) || parser.parseRParen())
    return failure();
  return success();
}

/// Views take no destination clause; `into(...)` after one is a located
/// error saying why, rather than the parser's "expected ':'".
static ParseResult parseNoDestination(OpAsmParser &parser,
                                      OpAsmParser::UnresolvedOperand) {
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("into")))
    return parser.emitError(loc)
           << "a view has no destination: it names bytes of its source's "
              "window, so `into(...)` does not apply (give the source's "
              "producer the destination instead)";
  return success();
}

static void printNoDestination(OpAsmPrinter &, Operation *, Value) {}

static void printDestination(OpAsmPrinter &printer, Operation *, Value dest,
                             Type destType, DenseI64ArrayAttr window,
                             Value slot, IntegerAttr staticSlot) {
  if (!dest)
    return;
  printer << " into(" << dest;
  if (window)
    printer << '[' << window[0] << ", " << window[1] << ']';
  if (slot)
    printer << " slot " << slot;
  else if (staticSlot)
    printer << " slot " << staticSlot.getInt();
  printer << " : " << destType << ')';
}

void mlir::tile::detail::getDestinationEffects(
    Operation *op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  auto producer = cast<AllocatingOpInterface>(op);
  OpOperand *dest = producer.getDestMutable().empty()
                        ? nullptr
                        : &producer.getDestMutable()[0];
  if (!dest)
    return;
  if (op->hasTrait<MetadataOnly>())
    effects.emplace_back(MemoryEffects::Read::get(), dest);
  else
    effects.emplace_back(MemoryEffects::Write::get(), dest);
}

LogicalResult mlir::tile::detail::verifyAllocatingOp(Operation *op) {
  auto producer = cast<AllocatingOpInterface>(op);
  TileType tile = producer.getProducedTile().getType();
  Value dest = producer.getDest();
  DenseI64ArrayAttr window = producer.getWindowAttr();
  IntegerAttr staticSlot = producer.getStaticSlotAttr();
  if (!dest) {
    if (window || staticSlot || producer.getSlot())
      return op->emitOpError("has a window or slot but no destination buffer");
    return success();
  }
  auto buffer = cast<BufferType>(dest.getType());
  if (buffer.getSpace() != tile.getSpace())
    return op->emitOpError("destination buffer is in ")
           << stringifyMemorySpace(buffer.getSpace())
           << " but the result tile is in "
           << stringifyMemorySpace(tile.getSpace());
  int64_t offset = 0, size = tile.getSizeInBytes();
  if (window) {
    if (window.size() != 2)
      return op->emitOpError("window must be [offset, size], got ")
             << window.size() << " values";
    offset = window[0];
    if (window[1] != size)
      return op->emitOpError("window size ")
             << window[1] << " does not match the tile's " << size << " bytes";
  }
  if (offset < 0 || size > buffer.getSize() || offset > buffer.getSize() - size)
    return op->emitOpError("window [")
           << offset << ", " << size << "] lies outside its "
           << buffer.getSize() << "-byte buffer";
  if (staticSlot && producer.getSlot())
    return op->emitOpError("has both a static and a dynamic slot");
  // A constant dynamic slot is checked as a static one: the analyses and
  // the emitter read it as one.
  std::optional<int64_t> slot;
  if (staticSlot)
    slot = staticSlot.getInt();
  else if (Value dynamicSlot = producer.getSlot())
    slot = getConstantInt64(dynamicSlot);
  if (slot && (*slot < 0 || *slot >= buffer.getSlots()))
    return op->emitOpError("slot ")
           << *slot << " is out of range for a buffer with "
           << buffer.getSlots() << " slot(s)";
  return success();
}

LogicalResult mlir::tile::detail::verifyFixedOutputSpace(Operation *op,
                                                         MemorySpace space) {
  for (Type type : op->getResultTypes())
    if (auto tile = dyn_cast<TileType>(type); tile && tile.getSpace() != space)
      return op->emitOpError("can only produce tiles in ")
             << stringifyMemorySpace(space) << ", not "
             << stringifyMemorySpace(tile.getSpace());
  return success();
}

//===----------------------------------------------------------------------===//
// Shared shape checks
//===----------------------------------------------------------------------===//

static LogicalResult verifyBlockInBounds(Operation *op, ArrayRef<int64_t> outer,
                                         ArrayRef<int64_t> inner,
                                         ArrayRef<int64_t> offsets,
                                         StringRef what) {
  if (offsets.size() != 2)
    return op->emitOpError("expected 2 offsets, got ") << offsets.size();
  for (unsigned d = 0; d < 2; ++d)
    if (offsets[d] < 0 || offsets[d] > outer[d] - inner[d])
      return op->emitOpError()
             << what << " block [" << offsets[0] << ", " << offsets[1] << "] + "
             << inner[0] << "x" << inner[1] << " exceeds " << outer[0] << "x"
             << outer[1];
  return success();
}

static LogicalResult verifySameElement(Operation *op, Type a, Type b) {
  if (a != b)
    return op->emitOpError("element types differ: ") << a << " vs " << b;
  return success();
}

static LogicalResult verifySpace(Operation *op, TileType tile, StringRef what,
                                 ArrayRef<MemorySpace> allowed) {
  if (llvm::is_contained(allowed, tile.getSpace()))
    return success();
  InFlightDiagnostic diag = op->emitOpError() << what << " must be in ";
  llvm::interleave(
      allowed, diag, [&](MemorySpace s) { diag << stringifyMemorySpace(s); },
      " or ");
  return diag << ", not " << stringifyMemorySpace(tile.getSpace());
}

//===----------------------------------------------------------------------===//
// Op verifiers
//===----------------------------------------------------------------------===//

LogicalResult AllocOp::verify() {
  if (IntegerAttr addr = getAddrAttr(); addr && addr.getInt() < 0)
    return emitOpError("address must be non-negative, got ") << addr.getInt();
  return success();
}

/// A tile moved to or from a block of a global tensor (load, store).
static LogicalResult verifyTensorBlock(Operation *op, GlobalTensorType tensor,
                                       TileType tile, ValueRange indices,
                                       StringRef what,
                                       ArrayRef<MemorySpace> spaces) {
  if (indices.size() != 2)
    return op->emitOpError("expected 2 indices, got ") << indices.size();
  if (failed(verifySameElement(op, tensor.getElementType(),
                               tile.getElementType())))
    return failure();
  ArrayRef<int64_t> shape = tensor.getShape();
  int64_t rows = tile.getRows(), cols = tile.getCols();
  if (rows > shape[0] || cols > shape[1])
    return op->emitOpError("tile is larger than the tensor");
  // Offsets that are constants must keep the block inside the tensor (each
  // on its own: a dynamic offset is not checked).
  std::optional<int64_t> offsets[2];
  bool outside = false;
  for (unsigned d = 0; d < 2; ++d) {
    offsets[d] = getConstantInt64(indices[d]);
    if (!offsets[d])
      continue;
    int64_t extent = d == 0 ? rows : cols;
    outside |= *offsets[d] < 0 || *offsets[d] > shape[d] - extent;
  }
  if (outside) {
    InFlightDiagnostic diag = op->emitOpError() << what << " block [";
    llvm::interleaveComma(offsets, diag, [&](std::optional<int64_t> offset) {
      if (offset)
        diag << *offset;
      else
        diag << "?";
    });
    return diag << "] + " << rows << "x" << cols << " lies outside the "
                << shape[0] << "x" << shape[1] << " tensor";
  }
  return verifySpace(op, tile, what, spaces);
}

LogicalResult LoadOp::verify() {
  return verifyTensorBlock(*this, getSource().getType(), getResult().getType(),
                           getIndices(), "loaded tile",
                           {MemorySpace::Vec, MemorySpace::Mat});
}

LogicalResult StoreOp::verify() {
  return verifyTensorBlock(*this, getTensor().getType(), getValue().getType(),
                           getIndices(), "stored tile",
                           {MemorySpace::Vec, MemorySpace::Acc});
}

LogicalResult MoveOp::verify() {
  TileType from = getSource().getType(), to = getResult().getType();
  if (from.getShape() != to.getShape())
    return emitOpError("source and result shapes differ");
  if (from.getSpace() != MemorySpace::Acc &&
      failed(
          verifySameElement(*this, from.getElementType(), to.getElementType())))
    return failure();
  std::optional<TargetArch> arch = getTargetArch(*this);
  if (!isLegalMove(from.getSpace(), to.getSpace(), arch))
    return emitOpError("no copy from ")
           << stringifyMemorySpace(from.getSpace()) << " to "
           << stringifyMemorySpace(to.getSpace())
           << (arch ? (*arch == TargetArch::A3 ? " on a3" : " on a5")
                    : " on any target");
  return success();
}

LogicalResult ExtractOp::verify() {
  TileType from = getSource().getType(), to = getResult().getType();
  if (failed(verifyBlockInBounds(*this, from.getShape(), to.getShape(),
                                 getOffsets(), "extracted")))
    return failure();
  bool legal = (from.getSpace() == MemorySpace::Mat &&
                (to.getSpace() == MemorySpace::Left ||
                 to.getSpace() == MemorySpace::Right ||
                 to.getSpace() == MemorySpace::Bias)) ||
               (from.getSpace() == MemorySpace::Acc &&
                to.getSpace() == MemorySpace::Mat);
  if (!legal)
    return emitOpError("cannot extract from ")
           << stringifyMemorySpace(from.getSpace()) << " into "
           << stringifyMemorySpace(to.getSpace())
           << " (mat->left/right/bias or acc->mat)";
  if (from.getSpace() != MemorySpace::Acc)
    return verifySameElement(*this, from.getElementType(), to.getElementType());
  return success();
}

LogicalResult TransposeOp::verify() {
  TileType from = getSource().getType(), to = getResult().getType();
  if (from.getRows() != to.getCols() || from.getCols() != to.getRows())
    return emitOpError("result shape must be the transposed source shape");
  if (failed(verifySpace(*this, from, "source", {MemorySpace::Vec})))
    return failure();
  return verifySameElement(*this, from.getElementType(), to.getElementType());
}

/// The element type pairs pto-isa's TCVT converts on A2/A3 among the tile
/// dialect's element types (npu/a2a3/TCvt.hpp, GenCastCall: one vconv per
/// pair). ptoas's verifier takes any pair, and for another one the A2/A3
/// TCVT emits no instruction at all: the destination is left unwritten,
/// while the CPU simulator converts it. Left out on purpose: f32 -> f32
/// (rounds to an integral value on A2/A3, a copy on the simulator) and
/// i32 -> f16 (a dequantization, vconv_deq, not a conversion).
static ArrayRef<StringRef> convertibleTo(Type from) {
  static const StringRef fromF32[] = {"f16", "bf16", "i32", "i16"};
  static const StringRef fromF16[] = {"f32", "i32", "i16", "i8"};
  static const StringRef fromBF16[] = {"f32", "i32"};
  static const StringRef fromI32[] = {"f32", "i16"};
  static const StringRef fromI16[] = {"f32", "f16"};
  static const StringRef fromI8[] = {"f16"};
  if (from.isF32())
    return fromF32;
  if (from.isF16())
    return fromF16;
  if (from.isBF16())
    return fromBF16;
  if (from.isInteger(32))
    return fromI32;
  if (from.isInteger(16))
    return fromI16;
  if (from.isInteger(8))
    return fromI8;
  return {};
}

LogicalResult CvtOp::verify() {
  TileType from = getSource().getType(), to = getResult().getType();
  if (from.getShape() != to.getShape())
    return emitOpError("source and result shapes differ");
  if (failed(verifySpace(*this, from, "source", {MemorySpace::Vec})))
    return failure();
  Type src = from.getElementType(), dst = to.getElementType();
  std::string dstName;
  llvm::raw_string_ostream(dstName) << dst;
  ArrayRef<StringRef> targets = convertibleTo(src);
  if (!llvm::is_contained(targets, dstName)) {
    InFlightDiagnostic diag = emitOpError("pto-isa's A2/A3 TCVT has no ")
                              << src << " -> " << dst << " conversion (from "
                              << src << ": ";
    llvm::interleaveComma(targets, diag);
    return diag << ")";
  }
  // The rounding mode of a conversion to a float is ignored by pto-isa's
  // CPU simulator (a C++ cast, to nearest even) but not by the hardware.
  if (getRmode() != RoundMode::Rint &&
      !(isa<FloatType>(src) && dst.isInteger()))
    return emitOpError("rmode ")
           << stringifyRoundMode(getRmode())
           << " applies to a float converted to an integer only: a "
              "conversion to a float rounds to nearest even (rint)";
  return success();
}

/// The predicate mask of a `data` tile (tile.cmp, tile.cmps, tile.sel): an
/// R x align32(C / 8) i8 vec tile, one bit per element, C a multiple of 8.
static LogicalResult verifyMask(Operation *op, TileType data, TileType mask,
                                StringRef what) {
  int64_t rows = data.getRows(), cols = data.getCols();
  if (cols % 8 != 0)
    return op->emitOpError("a mask packs 8 columns per byte, and ")
           << cols << " columns is not a multiple of 8";
  int64_t bytes = llvm::alignTo(cols / 8, 32);
  if (mask.getRows() != rows || mask.getCols() != bytes ||
      !mask.getElementType().isInteger(8) ||
      mask.getSpace() != MemorySpace::Vec)
    return op->emitOpError()
           << what << " must be the mask of a " << rows << "x" << cols
           << " tile, !tile.tile<" << rows << "x" << bytes
           << "xi8, vec> (a bit per element, rows of " << bytes << " bytes)";
  return success();
}

/// A vec source, a mask result, and A2/A3's rule that TCMP and TCMPS
/// compare i32 elements for equality whatever the mode (vcmpv_eq,
/// vcmpvs_eq; ne inverts it).
static LogicalResult verifyCompare(Operation *op, TileType source,
                                   StringRef what, TileType mask, CmpMode mode,
                                   StringRef instruction) {
  if (failed(verifySpace(op, source, what, {MemorySpace::Vec})) ||
      failed(verifyMask(op, source, mask, "result")))
    return failure();
  if (source.getElementType().isInteger(32) && mode != CmpMode::Eq &&
      mode != CmpMode::Ne)
    return op->emitOpError("compares i32 tiles with eq or ne only: A2/A3's ")
           << instruction << " tests i32 elements for equality whatever the "
           << "mode, so " << stringifyCmpMode(mode) << " would be eq";
  return success();
}

std::optional<TileType> CmpOp::getScratchTileType(TargetArch arch) {
  if (arch != TargetArch::A5)
    return std::nullopt;
  A5CompareScratch parts = getA5CompareScratch(*this);
  int64_t rows = getLhs().getType().getRows();
  if (parts.bytes == 0)
    return std::nullopt;
  return TileType::get(getContext(), {rows, parts.bytes / rows},
                       IntegerType::get(getContext(), 8), MemorySpace::Vec);
}

LogicalResult CmpOp::verify() {
  return verifyCompare(*this, getLhs().getType(), "operands", getType(),
                       getMode(), "TCMP");
}

LogicalResult CmpSOp::verify() {
  return verifyCompare(*this, getSource().getType(), "source", getType(),
                       getMode(), "TCMPS");
}

LogicalResult SelOp::verify() {
  return verifyMask(*this, getType(), getMask().getType(), "mask");
}

LogicalResult ConcatOp::verify() {
  TileType lhs = getLhs().getType(), rhs = getRhs().getType(),
           result = getType();
  if (failed(verifySpace(*this, lhs, "lhs", {MemorySpace::Vec})) ||
      failed(verifySpace(*this, rhs, "rhs", {MemorySpace::Vec})) ||
      failed(verifySameElement(*this, lhs.getElementType(),
                               rhs.getElementType())) ||
      failed(verifySameElement(*this, lhs.getElementType(),
                               result.getElementType())))
    return failure();
  if (lhs.getRows() != rhs.getRows() || result.getRows() != lhs.getRows() ||
      result.getCols() != lhs.getCols() + rhs.getCols())
    return emitOpError("result must be the ")
           << lhs.getRows() << "x" << lhs.getCols() + rhs.getCols()
           << " tile of both operands' columns side by side (" << lhs.getRows()
           << "x" << lhs.getCols() << " and " << rhs.getRows() << "x"
           << rhs.getCols() << " -> " << result.getRows() << "x"
           << result.getCols() << ")";
  return success();
}

/// A row reduction's result is an Rx1 column, a column reduction's a 1xC
/// row, of the source's element type; the source lives in vec.
static LogicalResult verifyReduction(Operation *op, TileType from, TileType to,
                                     bool rows) {
  if (rows && (to.getRows() != from.getRows() || to.getCols() != 1))
    return op->emitOpError("result must be a ")
           << from.getRows() << "x1 column tile";
  if (!rows && (to.getRows() != 1 || to.getCols() != from.getCols()))
    return op->emitOpError("result must be a 1x")
           << from.getCols() << " row tile";
  if (failed(verifySpace(op, from, "source", {MemorySpace::Vec})))
    return failure();
  return verifySameElement(op, from.getElementType(), to.getElementType());
}

LogicalResult RowSumOp::verify() {
  return verifyReduction(*this, getSource().getType(), getType(), true);
}
LogicalResult RowMaxOp::verify() {
  return verifyReduction(*this, getSource().getType(), getType(), true);
}
LogicalResult RowMinOp::verify() {
  return verifyReduction(*this, getSource().getType(), getType(), true);
}
LogicalResult ColSumOp::verify() {
  return verifyReduction(*this, getSource().getType(), getType(), false);
}
LogicalResult ColMaxOp::verify() {
  return verifyReduction(*this, getSource().getType(), getType(), false);
}

/// The vector of a broadcast: an Rx1 column (`column`) or a 1xC row as tall
/// or as wide as the tile, in vec, of the tile's element type.
static LogicalResult verifyBroadcast(Operation *op, TileType tile,
                                     TileType vector, StringRef name,
                                     bool column) {
  if (column && (vector.getRows() != tile.getRows() || vector.getCols() != 1))
    return op->emitOpError()
           << name << " must be a " << tile.getRows() << "x1 column tile";
  if (!column && (vector.getRows() != 1 || vector.getCols() != tile.getCols()))
    return op->emitOpError()
           << name << " must be a 1x" << tile.getCols() << " row tile";
  if (failed(verifySpace(op, vector, name, {MemorySpace::Vec})))
    return failure();
  return verifySameElement(op, tile.getElementType(), vector.getElementType());
}

#define TILE_BROADCAST_VERIFIER(Op, column)                                    \
  LogicalResult Op::verify() {                                                 \
    return verifyBroadcast(*this, getSource().getType(),                       \
                           getFactors().getType(), "factors", column);         \
  }
TILE_BROADCAST_VERIFIER(RowExpandMulOp, true)
TILE_BROADCAST_VERIFIER(RowExpandAddOp, true)
TILE_BROADCAST_VERIFIER(RowExpandSubOp, true)
TILE_BROADCAST_VERIFIER(RowExpandDivOp, true)
TILE_BROADCAST_VERIFIER(RowExpandMaxOp, true)
TILE_BROADCAST_VERIFIER(RowExpandMinOp, true)
TILE_BROADCAST_VERIFIER(ColExpandAddOp, false)
TILE_BROADCAST_VERIFIER(ColExpandSubOp, false)
TILE_BROADCAST_VERIFIER(ColExpandMulOp, false)
TILE_BROADCAST_VERIFIER(ColExpandDivOp, false)
TILE_BROADCAST_VERIFIER(ColExpandMaxOp, false)
TILE_BROADCAST_VERIFIER(ColExpandMinOp, false)
#undef TILE_BROADCAST_VERIFIER

LogicalResult RowExpandOp::verify() {
  return verifyBroadcast(*this, getType(), getSource().getType(), "source",
                         true);
}
LogicalResult ColExpandOp::verify() {
  return verifyBroadcast(*this, getType(), getSource().getType(), "source",
                         false);
}

static LogicalResult verifyMatmulOperands(Operation *op, TileType lhs,
                                          TileType rhs, TileType result) {
  if (failed(verifySpace(op, lhs, "lhs", {MemorySpace::Left})) ||
      failed(verifySpace(op, rhs, "rhs", {MemorySpace::Right})) ||
      failed(verifySpace(op, result, "result", {MemorySpace::Acc})))
    return failure();
  if (lhs.getCols() != rhs.getRows() || lhs.getRows() != result.getRows() ||
      rhs.getCols() != result.getCols())
    return op->emitOpError("shapes do not compose: ")
           << lhs.getRows() << "x" << lhs.getCols() << " * " << rhs.getRows()
           << "x" << rhs.getCols() << " -> " << result.getRows() << "x"
           << result.getCols();
  return verifySameElement(op, lhs.getElementType(), rhs.getElementType());
}

/// Accumulators are f32 for float operands and i32 for integer ones.
static LogicalResult verifyAccumulatorElement(Operation *op, TileType lhs,
                                              TileType acc) {
  Type expected = isa<FloatType>(lhs.getElementType())
                      ? Type(Float32Type::get(op->getContext()))
                      : Type(IntegerType::get(op->getContext(), 32));
  if (acc.getElementType() != expected)
    return op->emitOpError("accumulates ")
           << lhs.getElementType() << " products in " << expected << ", not "
           << acc.getElementType();
  return success();
}

/// Operand spaces and shapes, then the accumulator's element type.
static LogicalResult verifyMatmul(Operation *op, TileType lhs, TileType rhs,
                                  TileType acc) {
  if (failed(verifyMatmulOperands(op, lhs, rhs, acc)))
    return failure();
  return verifyAccumulatorElement(op, lhs, acc);
}

LogicalResult MatmulOp::verify() {
  return verifyMatmul(*this, getLhs().getType(), getRhs().getType(),
                      getResult().getType());
}

LogicalResult GemvOp::verify() {
  // TGEMV works on whole 16-row fractal boxes: it reads row 0 of a 16-row
  // left box and writes row 0 of a 16-row acc box (pto-isa's CPU model is
  // TMATMUL, which requires as many left rows as acc rows).
  TileType lhs = getLhs().getType(), rhs = getRhs().getType(),
           result = getType();
  for (auto [name, type] : {std::pair<StringRef, TileType>{"lhs", lhs},
                            std::pair<StringRef, TileType>{"result", result}})
    if (type.getRows() != 16)
      return emitOpError() << name << " must be a 16-row fractal box, not "
                           << type.getRows()
                           << " rows: TGEMV reads row 0 of a 16-row left box "
                              "and writes row 0 of a 16-row acc box";
  return verifyMatmul(*this, lhs, rhs, result);
}

LogicalResult FillPadOp::verify() {
  TileType type = getType();
  ArrayRef<int64_t> valid = getValid();
  if (valid.size() != 2)
    return emitOpError("expected a valid block of 2 extents, got ")
           << valid.size();
  if (valid[0] < 1 || valid[0] > type.getRows() || valid[1] < 1 ||
      valid[1] > type.getCols())
    return emitOpError("valid block ")
           << valid[0] << "x" << valid[1] << " must be non-empty and within "
           << type.getRows() << "x" << type.getCols();
  return verifySpace(*this, type, "padded tile", {MemorySpace::Vec});
}

LogicalResult MatmulAccOp::verify() {
  if (getAcc().getType().getSpace() != MemorySpace::Acc)
    return emitOpError("accumulator must be in acc, not ")
           << stringifyMemorySpace(getAcc().getType().getSpace());
  return verifyMatmul(*this, getLhs().getType(), getRhs().getType(),
                      getAcc().getType());
}

LogicalResult WriteOp::verify() {
  TileType type = getTile().getType();
  if (failed(verifySpace(*this, type, "written tile", {MemorySpace::Vec})))
    return failure();
  // A constant index must name an element of the tile: outside it the write
  // lands in whatever the tile's neighbour holds. (A dynamic one is not
  // checked.)
  int64_t extents[2] = {type.getRows(), type.getCols()};
  Value indices[2] = {getRow(), getCol()};
  for (unsigned d = 0; d < 2; ++d) {
    std::optional<int64_t> index = getConstantInt64(indices[d]);
    if (index && (*index < 0 || *index >= extents[d]))
      return emitOpError() << (d == 0 ? "row" : "column") << " index " << *index
                           << " is outside the tile's " << extents[d]
                           << (d == 0 ? " rows" : " columns");
  }
  return success();
}

LogicalResult ReshapeOp::verify() {
  TileType from = getSource().getType(), to = getResult().getType();
  if (from.getNumElements() != to.getNumElements())
    return emitOpError("reshape must keep the element count (")
           << from.getNumElements() << " vs " << to.getNumElements() << ")";
  if (from.getSpace() != to.getSpace())
    return emitOpError("a view cannot change the memory space");
  return verifySameElement(*this, from.getElementType(), to.getElementType());
}

LogicalResult SliceOp::verify() {
  TileType from = getSource().getType(), to = getResult().getType();
  if (from.getSpace() != to.getSpace())
    return emitOpError("a view cannot change the memory space");
  if (failed(verifyBlockInBounds(*this, from.getShape(), to.getShape(),
                                 getOffsets(), "sliced")))
    return failure();
  return verifySameElement(*this, from.getElementType(), to.getElementType());
}

AliasLayout SliceOp::computeAliasLayout(AliasLayout source) {
  ArrayRef<int64_t> offsets = getOffsets();
  source.offset = offsets[0] * source.rowStride + offsets[1] * source.colStride;
  return source;
}

AliasLayout TransposeViewOp::computeAliasLayout(AliasLayout source) {
  return AliasLayout{0, source.colStride, source.rowStride, source.valid};
}

AliasLayout ReshapeOp::computeAliasLayout(AliasLayout source) {
  TileType from = getSource().getType(), to = getResult().getType();
  bool contiguous = source.rowStride == from.getCols() && source.colStride == 1;
  return AliasLayout{0, to.getCols(), 1, source.valid && contiguous};
}

int64_t mlir::tile::detail::resultStorageBytes(Operation *op) {
  if (op->getNumResults() == 0)
    return 0;
  if (auto tile = dyn_cast<TileType>(op->getResult(0).getType()))
    return tile.getSizeInBytes();
  return 0;
}

LogicalResult TransposeViewOp::verify() {
  TileType from = getSource().getType(), to = getResult().getType();
  if (from.getRows() != to.getCols() || from.getCols() != to.getRows())
    return emitOpError("result shape must be the transposed source shape");
  if (from.getSpace() != to.getSpace())
    return emitOpError("a view cannot change the memory space");
  return verifySameElement(*this, from.getElementType(), to.getElementType());
}

LogicalResult AssembleOp::verify() {
  TileType target = getTarget().getType(), source = getSource().getType();
  if (target.getSpace() != source.getSpace())
    return emitOpError("source and target must be in one memory space");
  if (failed(verifyBlockInBounds(*this, target.getShape(), source.getShape(),
                                 getOffsets(), "assembled")))
    return failure();
  return verifySameElement(*this, target.getElementType(),
                           source.getElementType());
}

void ScopeOp::getSuccessorRegions(RegionBranchPoint point,
                                  SmallVectorImpl<RegionSuccessor> &regions) {
  // The body runs once: entered from the scope, it yields to the results.
  if (point.isParent())
    regions.push_back(RegionSuccessor(&getBody()));
  else
    regions.push_back(RegionSuccessor(getOperation(), getResults()));
}

#define GET_OP_CLASSES
#include "tilemem/Dialect/Tile/IR/TileOps.cpp.inc"
