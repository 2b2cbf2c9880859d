//===- PTODialect.cpp - the PTO ops tile-translate emits ------------------===//
//
// Printers (and parsers, so the output round-trips through this model) of
// the PTO types and of the two ops whose syntax is not declarative.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Target/PTO/PTODialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pto;

#include "tilemem/Target/PTO/PTODialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tilemem/Target/PTO/PTOAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tilemem/Target/PTO/PTOTypes.cpp.inc"

#define GET_OP_CLASSES
#include "tilemem/Target/PTO/PTOOps.cpp.inc"

void PTODialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilemem/Target/PTO/PTOAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilemem/Target/PTO/PTOTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilemem/Target/PTO/PTOOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// #pto.pipe<PIPE_ALL>: a bare keyword, not a string
//===----------------------------------------------------------------------===//

void PipeAttr::print(AsmPrinter &p) const { p << "<" << getPipe() << ">"; }

Attribute PipeAttr::parse(AsmParser &parser, Type) {
  StringRef pipe;
  if (parser.parseLess() || parser.parseKeyword(&pipe) || parser.parseGreater())
    return {};
  return PipeAttr::get(parser.getContext(), pipe);
}

// `#pto<round_mode FLOOR>`: the printed "round_mode FLOOR" is not a pretty
// dialect symbol, so it is wrapped in #pto<...> as ptoas prints it.
void RoundModeAttr::print(AsmPrinter &p) const { p << " " << getMode(); }

Attribute RoundModeAttr::parse(AsmParser &parser, Type) {
  StringRef mode;
  if (parser.parseKeyword(&mode))
    return {};
  return RoundModeAttr::get(parser.getContext(), mode);
}

// `#pto<cmp lt>`, like #pto<round_mode ...>.
void CmpModeAttr::print(AsmPrinter &p) const { p << " " << getMode(); }

Attribute CmpModeAttr::parse(AsmParser &parser, Type) {
  StringRef mode;
  if (parser.parseKeyword(&mode))
    return {};
  return CmpModeAttr::get(parser.getContext(), mode);
}

//===----------------------------------------------------------------------===//
// !pto.tile_buf<loc=.., dtype=.., rows=.., cols=.., v_row=.., v_col=..,
//               blayout=.., slayout=.., fractal=.., pad=..>
//===----------------------------------------------------------------------===//

void TileBufType::print(AsmPrinter &p) const {
  p << "<loc=" << getLoc() << ", dtype=" << getDtype() << ", rows=" << getRows()
    << ", cols=" << getCols() << ", v_row=" << getValidRows()
    << ", v_col=" << getValidCols() << ", blayout=" << getBlayout()
    << ", slayout=" << getSlayout() << ", fractal=" << getFractal()
    << ", pad=" << getPad() << ">";
}

Type TileBufType::parse(AsmParser &parser) {
  std::string loc, blayout, slayout;
  Type dtype;
  int64_t rows, cols, vRow, vCol, fractal, pad;
  auto key = [&](StringRef name) {
    return failed(parser.parseKeyword(name)) || failed(parser.parseEqual());
  };
  auto word = [&](StringRef name, std::string &out, bool comma = true) {
    if (key(name) || failed(parser.parseKeywordOrString(&out)))
      return true;
    return comma && failed(parser.parseComma());
  };
  auto number = [&](StringRef name, int64_t &out, bool comma = true) {
    if (key(name) || failed(parser.parseInteger(out)))
      return true;
    return comma && failed(parser.parseComma());
  };
  if (parser.parseLess() || word("loc", loc) || key("dtype") ||
      parser.parseType(dtype) || parser.parseComma() || number("rows", rows) ||
      number("cols", cols) || number("v_row", vRow) || number("v_col", vCol) ||
      word("blayout", blayout) || word("slayout", slayout) ||
      number("fractal", fractal) || number("pad", pad, /*comma=*/false) ||
      parser.parseGreater())
    return {};
  return TileBufType::get(parser.getContext(), loc, dtype, rows, cols, vRow,
                          vCol, blayout, slayout, fractal, pad);
}

//===----------------------------------------------------------------------===//
// !pto.tensor_view<?x?xf32>, !pto.partition_tensor_view<64x64xf32>
//===----------------------------------------------------------------------===//

static void printShaped(AsmPrinter &p, ArrayRef<int64_t> shape, Type element) {
  p << "<";
  for (int64_t dim : shape) {
    if (ShapedType::isDynamic(dim))
      p << "?";
    else
      p << dim;
    p << "x";
  }
  p << element << ">";
}

static ParseResult parseShaped(AsmParser &parser,
                               SmallVectorImpl<int64_t> &shape, Type &element) {
  return failure(parser.parseLess() ||
                 parser.parseDimensionList(shape, /*allowDynamic=*/true) ||
                 parser.parseType(element) || parser.parseGreater());
}

void TensorViewType::print(AsmPrinter &p) const {
  printShaped(p, getShape(), getElementType());
}

Type TensorViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type element;
  if (failed(parseShaped(parser, shape, element)))
    return {};
  return TensorViewType::get(parser.getContext(), shape, element);
}

void PartitionTensorViewType::print(AsmPrinter &p) const {
  printShaped(p, getShape(), getElementType());
}

Type PartitionTensorViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type element;
  if (failed(parseShaped(parser, shape, element)))
    return {};
  return PartitionTensorViewType::get(parser.getContext(), shape, element);
}

//===----------------------------------------------------------------------===//
// pto.make_tensor_view %p, shape = [%m, %n], strides = [%s, %t] : type
//===----------------------------------------------------------------------===//

void MakeTensorViewOp::print(OpAsmPrinter &p) {
  p << " " << getPtr() << ", shape = [" << getShape() << "], strides = ["
    << getStrides() << "]";
  p.printOptionalAttrDict((*this)->getAttrs(),
                          /*elidedAttrs=*/{getOperandSegmentSizesAttrName()});
  p << " : " << getResult().getType();
}

ParseResult MakeTensorViewOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  OpAsmParser::UnresolvedOperand ptr;
  SmallVector<OpAsmParser::UnresolvedOperand> shape, strides;
  TensorViewType type;
  if (parser.parseOperand(ptr) || parser.parseComma() ||
      parser.parseKeyword("shape") || parser.parseEqual() ||
      parser.parseOperandList(shape, OpAsmParser::Delimiter::Square) ||
      parser.parseOptionalComma() || parser.parseKeyword("strides") ||
      parser.parseEqual() ||
      parser.parseOperandList(strides, OpAsmParser::Delimiter::Square) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  Type index = parser.getBuilder().getIndexType();
  if (parser.resolveOperand(
          ptr, PtrType::get(parser.getContext(), type.getElementType()),
          result.operands) ||
      parser.resolveOperands(shape, index, result.operands) ||
      parser.resolveOperands(strides, index, result.operands))
    return failure();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, static_cast<int32_t>(shape.size()),
                           static_cast<int32_t>(strides.size())}));
  result.addTypes(type);
  return success();
}

//===----------------------------------------------------------------------===//
// pto.subset %t[%i, %j] sizes [r, c] : source-type
//===----------------------------------------------------------------------===//

void SubsetOp::print(OpAsmPrinter &p) {
  p << " " << getSource() << "[" << getOffsets() << "] sizes [";
  llvm::interleaveComma(getSizes(), p, [&](Attribute size) {
    p << cast<IntegerAttr>(size).getInt();
  });
  p << "]";
  p.printOptionalAttrDict((*this)->getAttrs(), {getSizesAttrName()});
  p << " : " << getSource().getType();
}

ParseResult SubsetOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand source;
  SmallVector<OpAsmParser::UnresolvedOperand> offsets;
  SmallVector<int64_t> sizes;
  TileBufType type;
  if (parser.parseOperand(source) ||
      parser.parseOperandList(offsets, OpAsmParser::Delimiter::Square) ||
      parser.parseKeyword("sizes") ||
      parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square,
          [&]() { return parser.parseInteger(sizes.emplace_back()); }) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  if (sizes.size() != 2)
    return parser.emitError(parser.getNameLoc(), "expected two sizes");
  if (parser.resolveOperand(source, type, result.operands) ||
      parser.resolveOperands(offsets, parser.getBuilder().getIndexType(),
                             result.operands))
    return failure();
  result.addAttribute(getSizesAttrName(result.name),
                      parser.getBuilder().getI64ArrayAttr(sizes));
  result.addTypes(TileBufType::get(
      parser.getContext(), type.getLoc(), type.getDtype(), sizes[0], sizes[1],
      sizes[0], sizes[1], type.getBlayout(), type.getSlayout(),
      type.getFractal(), type.getPad()));
  return success();
}
