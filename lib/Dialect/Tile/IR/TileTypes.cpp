//===- TileTypes.cpp - tile dialect types ---------------------------------===//

#include "tilemem/Dialect/Tile/IR/HardwareShapes.h"
#include "tilemem/Dialect/Tile/IR/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::tile;

#define GET_TYPEDEF_CLASSES
#include "tilemem/Dialect/Tile/IR/TileTypes.cpp.inc"

void TileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilemem/Dialect/Tile/IR/TileTypes.cpp.inc"
      >();
}

static bool isSupportedElementType(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() ||
         type.isSignlessInteger(8) || type.isSignlessInteger(16) ||
         type.isSignlessInteger(32);
}

static int64_t elementBytes(Type type) {
  // The supported element types by TypeID first: getIntOrFloatBitWidth
  // reaches a float's width through FloatType's interface lookup, and tile
  // sizes are asked for on the passes' hot paths.
  if (isa<Float32Type>(type))
    return 4;
  if (isa<Float16Type, BFloat16Type>(type))
    return 2;
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.getWidth() / 8;
  return static_cast<int64_t>(type.getIntOrFloatBitWidth()) / 8;
}

static LogicalResult
verifyShapeAndElement(function_ref<InFlightDiagnostic()> emitError,
                      ArrayRef<int64_t> shape, Type elementType) {
  if (shape.size() != 2)
    return emitError() << "expected a 2-D shape, got rank " << shape.size();
  for (int64_t dim : shape)
    if (dim <= 0)
      return emitError() << "expected static positive dimensions, got "
                         << (ShapedType::isDynamic(dim) ? std::string("?")
                                                        : std::to_string(dim));
  if (!isSupportedElementType(elementType))
    return emitError() << "unsupported element type " << elementType
                       << " (expected f16, bf16, f32, i8, i16 or i32)";
  // Byte sizes must fit comfortably in int64_t.
  constexpr int64_t kMaxDim = int64_t(1) << 24;
  if (shape[0] > kMaxDim || shape[1] > kMaxDim)
    return emitError() << "dimensions must be at most " << kMaxDim;
  return success();
}

/// Parses `64x64xf32`.
static ParseResult parseShapeAndElement(AsmParser &parser,
                                        SmallVectorImpl<int64_t> &shape,
                                        Type &elementType) {
  if (parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType))
    return failure();
  return success();
}

static void printShapeAndElement(AsmPrinter &printer, ArrayRef<int64_t> shape,
                                 Type elementType) {
  for (int64_t dim : shape)
    printer << dim << 'x';
  printer << elementType;
}

static ParseResult parseSpace(AsmParser &parser, MemorySpace &space) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<MemorySpace> parsed = symbolizeMemorySpace(keyword);
  if (!parsed)
    return parser.emitError(loc, "unknown memory space '")
           << keyword << "' (expected vec, mat, left, right, acc or bias)";
  space = *parsed;
  return success();
}

//===----------------------------------------------------------------------===//
// TileType
//===----------------------------------------------------------------------===//

Type TileType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  MemorySpace space;
  if (parser.parseLess() || parseShapeAndElement(parser, shape, elementType) ||
      parser.parseComma() || parseSpace(parser, space) || parser.parseGreater())
    return {};
  return TileType::getChecked([&] { return parser.emitError(loc); },
                              parser.getContext(), shape, elementType, space);
}

void TileType::print(AsmPrinter &printer) const {
  printer << '<';
  printShapeAndElement(printer, getShape(), getElementType());
  printer << ", " << stringifyMemorySpace(getSpace()) << '>';
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType,
                               MemorySpace) {
  return verifyShapeAndElement(emitError, shape, elementType);
}

int64_t TileType::getElementBytes() const {
  return elementBytes(getElementType());
}

TileType TileType::withSpace(MemorySpace space) const {
  return TileType::get(getContext(), getShape(), getElementType(), space);
}

//===----------------------------------------------------------------------===//
// GlobalTensorType
//===----------------------------------------------------------------------===//

Type GlobalTensorType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  StringAttr window;
  if (parser.parseLess() || parseShapeAndElement(parser, shape, elementType))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    std::string name;
    if (parser.parseKeyword("window") || parser.parseEqual() ||
        parser.parseString(&name))
      return {};
    window = StringAttr::get(parser.getContext(), name);
  }
  if (parser.parseGreater())
    return {};
  return GlobalTensorType::getChecked([&] { return parser.emitError(loc); },
                                      parser.getContext(), shape, elementType,
                                      window);
}

void GlobalTensorType::print(AsmPrinter &printer) const {
  printer << '<';
  printShapeAndElement(printer, getShape(), getElementType());
  if (getWindow()) {
    printer << ", window = ";
    printer.printString(getWindow().getValue());
  }
  printer << '>';
}

LogicalResult
GlobalTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                         ArrayRef<int64_t> shape, Type elementType,
                         StringAttr window) {
  if (window && window.getValue().empty())
    return emitError() << "a communication window needs a name";
  return verifyShapeAndElement(emitError, shape, elementType);
}

int64_t TileType::getSizeInBytes() const {
  return getStorageRows(*this) * getCols() * getElementBytes();
}

int64_t GlobalTensorType::getSizeInBytes() const {
  return getNumElements() * elementBytes(getElementType());
}

//===----------------------------------------------------------------------===//
// BufferType
//===----------------------------------------------------------------------===//

Type BufferType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  MemorySpace space;
  int64_t size = 0, slots = 1;
  if (parser.parseLess() || parseSpace(parser, space) || parser.parseComma() ||
      parser.parseInteger(size))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("slots") || parser.parseEqual() ||
        parser.parseInteger(slots))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return BufferType::getChecked([&] { return parser.emitError(loc); },
                                parser.getContext(), space, size, slots);
}

void BufferType::print(AsmPrinter &printer) const {
  printer << '<' << stringifyMemorySpace(getSpace()) << ", " << getSize();
  if (getSlots() != 1)
    printer << ", slots = " << getSlots();
  printer << '>';
}

LogicalResult BufferType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 MemorySpace, int64_t size, int64_t slots) {
  if (size <= 0)
    return emitError() << "buffer size must be positive, got " << size;
  if (slots <= 0)
    return emitError() << "buffer slot count must be positive, got " << slots;
  // Storage windows keep the slot in 32 bits.
  constexpr int64_t kMaxSlots = int64_t(1) << 24;
  if (slots > kMaxSlots)
    return emitError() << "buffer slot count must be at most " << kMaxSlots
                       << ", got " << slots;
  // size * slots, overflow-checked: every pass reads getTotalBytes().
  std::optional<int64_t> total = llvm::checkedMul(size, slots);
  if (!total || *total > kMaxTotalBytes)
    return emitError() << "buffer size * slots must be at most "
                       << kMaxTotalBytes << " bytes, got " << size << " * "
                       << slots;
  return success();
}
