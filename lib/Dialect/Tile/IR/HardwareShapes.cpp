//===- HardwareShapes.cpp - the tile shapes the hardware can hold ---------===//

#include "tilemem/Dialect/Tile/IR/HardwareShapes.h"
#include "tilemem/Support/Walk.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tile;

HardwareLayout mlir::tile::getHardwareLayout(MemorySpace space, int64_t rows,
                                             int64_t cols, TargetArch arch) {
  HardwareLayout layout;
  switch (space) {
  case MemorySpace::Vec:
    if (cols == 1 && rows > 1)
      layout.base = BaseLayout::ColMajor;
    break;
  case MemorySpace::Mat:
    layout.base = BaseLayout::ColMajor;
    layout.box = BoxLayout::RowMajor;
    break;
  case MemorySpace::Left:
    layout.base =
        arch == TargetArch::A5 ? BaseLayout::ColMajor : BaseLayout::RowMajor;
    layout.box = BoxLayout::RowMajor;
    break;
  case MemorySpace::Right:
    layout.box = BoxLayout::ColMajor;
    break;
  case MemorySpace::Acc:
    layout.base = BaseLayout::ColMajor;
    layout.box = BoxLayout::RowMajor;
    layout.fractalBytes = 1024;
    break;
  case MemorySpace::Bias:
    break;
  }
  return layout;
}

InnerBox mlir::tile::getInnerBox(HardwareLayout layout, int64_t elementBytes) {
  if (layout.fractalBytes == 1024)
    return {16, 16};
  if (layout.box == BoxLayout::RowMajor)
    return {16, 32 / elementBytes};
  if (layout.box == BoxLayout::ColMajor)
    return {32 / elementBytes, 16};
  return {};
}

int64_t mlir::tile::getStorageRows(TileType type) {
  // Other row counts that are not whole boxes have no pto-isa Tile (the
  // verifier of a module with a target rejects them); without a target
  // they keep their rows, as tests of the storage rules write them.
  if (type.getSpace() == MemorySpace::Vec || type.getRows() != 1)
    return type.getRows();
  HardwareLayout layout = getHardwareLayout(type.getSpace(), type.getRows(),
                                            type.getCols(), TargetArch::A3);
  int64_t innerRows = getInnerBox(layout, type.getElementBytes()).rows;
  return llvm::alignTo(type.getRows(), innerRows);
}

std::optional<std::string>
mlir::tile::getHardwareShapeProblem(bool vec, int64_t rows, int64_t cols,
                                    int64_t elementBytes,
                                    HardwareLayout layout) {
  auto [innerRows, innerCols] = getInnerBox(layout, elementBytes);
  std::string why;
  llvm::raw_string_ostream os(why);
  bool boxed = layout.box != BoxLayout::None;
  if (!vec && rows != 1 && rows % innerRows)
    os << "its " << rows << " rows are not a multiple of the " << innerRows
       << "-row fractal box";
  else if (cols % innerCols)
    os << "its " << cols << " columns are not a multiple of the " << innerCols
       << "-column fractal box";
  else if (!boxed && layout.base == BaseLayout::RowMajor &&
           cols * elementBytes % 32)
    os << "its rows are " << cols * elementBytes
       << " bytes, not a multiple of 32";
  else if (!boxed && layout.base == BaseLayout::ColMajor &&
           rows * elementBytes % 32)
    os << "its columns are " << rows * elementBytes
       << " bytes, not a multiple of 32";
  if (why.empty())
    return std::nullopt;
  return why;
}

std::optional<std::string>
mlir::tile::getHardwareShapeProblem(TileType type, TargetArch arch) {
  int64_t elementBytes =
      (type.getElementType().getIntOrFloatBitWidth() + 7) / 8;
  return getHardwareShapeProblem(
      type.getSpace() == MemorySpace::Vec, type.getRows(), type.getCols(),
      elementBytes,
      getHardwareLayout(type.getSpace(), type.getRows(), type.getCols(), arch));
}

/// Appends the diagnostic's common tail: what the rule is and where it is.
static InFlightDiagnostic &explain(InFlightDiagnostic &&diag, TileType type,
                                   TargetArch arch,
                                   const std::string &problem) {
  return diag << type << ", which " << (arch == TargetArch::A5 ? "a5" : "a3")
              << " cannot hold: " << problem
              << " (pto-isa's Tile, pto/common/pto_tile.hpp)";
}

LogicalResult mlir::tile::verifyHardwareShapes(Operation *root,
                                               TargetArch arch) {
  bool ok = true;
  tile::walk(root, [&](Operation *op) {
    for (OpResult result : op->getResults()) {
      auto type = dyn_cast<TileType>(result.getType());
      if (!type)
        continue;
      if (std::optional<std::string> problem =
              getHardwareShapeProblem(type, arch)) {
        ok = false;
        explain(op->emitOpError()
                    << "result #" << result.getResultNumber() << " is a ",
                type, arch, *problem);
      }
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments()) {
          auto type = dyn_cast<TileType>(argument.getType());
          if (!type)
            continue;
          if (std::optional<std::string> problem =
                  getHardwareShapeProblem(type, arch)) {
            ok = false;
            explain(emitError(argument.getLoc())
                        << "block argument #" << argument.getArgNumber()
                        << " of '" << op->getName() << "' is a ",
                    type, arch, *problem);
          }
        }
  });
  return success(ok);
}
