//===- PTOTypes.cpp - tile types and windows as PTO tile_bufs
//---------------===//

#include "PTOTypes.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::pto_emission;

pto::TileBufType pto_emission::toTileBuf(MLIRContext *context,
                                         MemorySpace space, Type dtype,
                                         int64_t rows, int64_t cols,
                                         const HardwareLayout &layout,
                                         std::optional<int64_t> validRows) {
  StringRef blayout =
      layout.base == BaseLayout::RowMajor ? "row_major" : "col_major";
  StringRef slayout = layout.box == BoxLayout::None       ? "none_box"
                      : layout.box == BoxLayout::RowMajor ? "row_major"
                                                          : "col_major";
  return pto::TileBufType::get(context, stringifyMemorySpace(space), dtype,
                               rows, cols, validRows.value_or(rows), cols,
                               blayout, slayout, layout.fractalBytes,
                               /*pad=*/0);
}

HardwareLayout pto_emission::layoutOf(pto::TileBufType type) {
  HardwareLayout layout;
  layout.base = type.getBlayout() == "row_major" ? BaseLayout::RowMajor
                                                 : BaseLayout::ColMajor;
  layout.box = type.getSlayout() == "none_box"    ? BoxLayout::None
               : type.getSlayout() == "row_major" ? BoxLayout::RowMajor
                                                  : BoxLayout::ColMajor;
  layout.fractalBytes = type.getFractal();
  return layout;
}

pto::TileBufType pto_emission::mapTileType(TileType type,
                                           std::optional<TargetArch> arch) {
  // A one-row boxed tile spans a whole box of rows (getStorageRows): its
  // tile_buf has those rows, one of them valid, so ptoas's PlanMemory (at
  // level2) reserves the bytes pto-isa's layout touches.
  return toTileBuf(type.getContext(), type.getSpace(), type.getElementType(),
                   getStorageRows(type), type.getCols(),
                   getHardwareLayout(type.getSpace(), type.getRows(),
                                     type.getCols(),
                                     arch.value_or(TargetArch::A3)),
                   type.getRows());
}

WindowLayout pto_emission::windowLayout(TileType type, const Window &window) {
  int64_t rows = type.getRows(), cols = type.getCols();
  if ((rows == 1 || window.rowStride == cols) &&
      (cols == 1 || window.colStride == 1))
    return WindowLayout::RowMajor;
  if ((rows == 1 || window.rowStride == 1) &&
      (cols == 1 || window.colStride == rows))
    return WindowLayout::Transposed;
  return WindowLayout::Strided;
}

pto::TileBufType pto_emission::withBLayout(pto::TileBufType type,
                                           StringRef blayout) {
  return pto::TileBufType::get(
      type.getContext(), type.getLoc(), type.getDtype(), type.getRows(),
      type.getCols(), type.getValidRows(), type.getValidCols(), blayout,
      type.getSlayout(), type.getFractal(), type.getPad());
}

std::optional<std::string>
pto_emission::ptoIsaTileProblem(pto::TileBufType type) {
  return getHardwareShapeProblem(type.getLoc() == "vec", type.getRows(),
                                 type.getCols(), elementBytes(type.getDtype()),
                                 layoutOf(type));
}

int64_t pto_emission::elementBytes(Type type) {
  return (type.getIntOrFloatBitWidth() + 7) / 8;
}

int64_t pto_emission::physicalBytes(pto::TileBufType type) {
  return type.getRows() * type.getCols() * elementBytes(type.getDtype());
}

bool pto_emission::isBoxed(pto::TileBufType type) {
  return type.getSlayout() != "none_box";
}
