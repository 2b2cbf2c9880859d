//===- TileDialect.cpp - the tile dialect ---------------------------------===//

#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/Dialect/Tile/IR/HardwareShapes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::tile;

#include "tilemem/Dialect/Tile/IR/TileDialect.cpp.inc"
#include "tilemem/Dialect/Tile/IR/TileEnums.cpp.inc"
#include "tilemem/Dialect/Tile/IR/TileInterfaces.cpp.inc"

namespace {
/// Every tile op may be inlined: an op's storage is its operands and
/// destination, which the inliner remaps, so a callee's allocations become
/// the caller's. The storage passes plan one function at a time, so a
/// kernel that calls a function returning a tile is inlined first
/// (`--inline`).
struct TileInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void TileDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "tilemem/Dialect/Tile/IR/TileOps.cpp.inc"
      >();
  addInterfaces<TileInlinerInterface>();
}

LogicalResult TileDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attribute) {
  if (attribute.getName() == kTargetArchAttrName) {
    auto name = dyn_cast<StringAttr>(attribute.getValue());
    std::optional<TargetArch> arch =
        name ? parseTargetArch(name.getValue()) : std::nullopt;
    if (!isa<ModuleOp>(op) || !arch)
      return op->emitError() << "'" << kTargetArchAttrName
                             << "' must be \"a3\" or \"a5\" on a module";
    // A module that names its target holds only tiles the target can hold.
    return verifyHardwareShapes(op, *arch);
  }
  if (attribute.getName() == kBufferIRAttrName) {
    if (!isa<UnitAttr>(attribute.getValue()) || !isa<func::FuncOp>(op))
      return op->emitError() << "'" << kBufferIRAttrName
                             << "' must be a unit attribute on a func.func";
    return success();
  }
  if (attribute.getName() == kOrchestrationAttrName) {
    if (!isa<UnitAttr>(attribute.getValue()) || !isa<func::FuncOp>(op))
      return op->emitError() << "'" << kOrchestrationAttrName
                             << "' must be a unit attribute on a func.func";
    return success();
  }
  if (attribute.getName() == kScratchAddrAttrName) {
    auto addr = dyn_cast<IntegerAttr>(attribute.getValue());
    if (!isa<ScratchTileOpInterface>(op) || !addr ||
        !addr.getType().isSignlessInteger(64) || addr.getInt() < 0)
      return op->emitError()
             << "'" << kScratchAddrAttrName
             << "' must be a non-negative i64 on an op with a scratch tile "
                "(tile.transpose, tile.row_sum, tile.row_max, tile.row_min, "
                "tile.sel, and tile.cmp on a5)";
    return success();
  }
  return op->emitError() << "unknown tile dialect attribute '"
                         << attribute.getName() << "'";
}

std::optional<TargetArch> mlir::tile::parseTargetArch(StringRef name) {
  if (name == "a3")
    return TargetArch::A3;
  if (name == "a5")
    return TargetArch::A5;
  return std::nullopt;
}

A5CompareScratch mlir::tile::getA5CompareScratch(CmpOp compare) {
  TileType source = compare.getLhs().getType();
  int64_t rows = source.getRows(), cols = source.getCols();
  A5CompareScratch parts{llvm::alignTo(cols, 32), std::nullopt, std::nullopt,
                         std::nullopt, 0};
  if (parts.width != cols) {
    parts.lhsCopyOffset = parts.rhsCopyOffset = 0;
    parts.bytes = rows * parts.width * source.getElementBytes();
    if (compare.getRhs() != compare.getLhs()) {
      parts.rhsCopyOffset = parts.bytes;
      parts.bytes *= 2;
    }
  }
  if (parts.width != compare.getType().getCols()) {
    parts.destinationOffset = parts.bytes;
    parts.bytes += rows * parts.width;
  }
  return parts;
}

std::optional<TargetArch> mlir::tile::getTargetArch(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module)
    return std::nullopt;
  auto name =
      module->getAttrOfType<StringAttr>(TileDialect::kTargetArchAttrName);
  if (!name)
    return std::nullopt;
  return parseTargetArch(name.getValue());
}

bool mlir::tile::isLegalMove(MemorySpace from, MemorySpace to,
                             std::optional<TargetArch> arch) {
  bool a5 = !arch || *arch == TargetArch::A5;
  switch (from) {
  case MemorySpace::Vec:
    return to == MemorySpace::Vec || (a5 && to == MemorySpace::Mat);
  case MemorySpace::Mat:
    return to == MemorySpace::Left || to == MemorySpace::Right ||
           to == MemorySpace::Bias;
  case MemorySpace::Acc:
    return to == MemorySpace::Mat || (a5 && to == MemorySpace::Vec);
  case MemorySpace::Left:
  case MemorySpace::Right:
  case MemorySpace::Bias:
    return false;
  }
  return false;
}

bool mlir::tile::isStorageRegionOp(Operation *op) {
  return isa<scf::ForOp, scf::WhileOp, scf::IfOp>(op);
}

bool mlir::tile::isOrchestrationFunction(Operation *func) {
  return func->hasAttr(TileDialect::kOrchestrationAttrName);
}

std::optional<int64_t> mlir::tile::getConstantInt64(Value value) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)) &&
      constant.getSignificantBits() <= 64)
    return constant.getSExtValue();
  return std::nullopt;
}
