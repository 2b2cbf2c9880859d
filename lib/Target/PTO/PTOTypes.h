//===- PTOTypes.h - tile types and windows as PTO tile_bufs -----*- C++ -*-===//
//
// The one mapping between the tile dialect's tiles (type, space, window)
// and ptoas's tile_buf types: the layout each space has on the target
// (HardwareShapes.h) spelled as blayout/slayout, read back for pto-isa's
// static asserts, and the base layout a view's window is dense in.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_LIB_TARGET_PTO_PTOTYPES_H
#define TILEMEM_LIB_TARGET_PTO_PTOTYPES_H

#include "tilemem/Analysis/TileStorage.h"
#include "tilemem/Dialect/Tile/IR/HardwareShapes.h"
#include "tilemem/Target/PTO/PTODialect.h"

#include <optional>
#include <string>

namespace mlir::tile::pto_emission {

/// The tile_buf of a rows x cols tile of `dtype` in `space` laid out as
/// `layout`, with `validRows` of its rows valid (default: all).
pto::TileBufType toTileBuf(MLIRContext *context, MemorySpace space, Type dtype,
                           int64_t rows, int64_t cols,
                           const HardwareLayout &layout,
                           std::optional<int64_t> validRows = std::nullopt);
/// The layout a tile_buf spells (the inverse of toTileBuf's).
HardwareLayout layoutOf(pto::TileBufType type);

/// The PTO tile type of `type`: a tile_buf in the layout real ptoas kernels
/// use for its space (getHardwareLayout).
pto::TileBufType mapTileType(TileType type, std::optional<TargetArch> arch);

/// How a tile of `type` is laid out in `window`, in the tile dialect's byte
/// model (every tile is a row-major array; views may be strided or
/// transposed).
enum class WindowLayout { RowMajor, Transposed, Strided };

/// RowMajor when the window is dense row-major (what every producer writes;
/// a single row or column always is), Transposed when it is dense
/// column-major (a transposed view: a row-major RxC tile read as CxR),
/// Strided otherwise. O(1).
WindowLayout windowLayout(TileType type, const Window &window);

/// `type` with another base layout.
pto::TileBufType withBLayout(pto::TileBufType type, StringRef blayout);

/// Why pto-isa has no `Tile` for `type`, if it has none: the layout of the
/// tile_buf (which a view may have changed, e.g. transposed) checked by the
/// dialect's rule.
std::optional<std::string> ptoIsaTileProblem(pto::TileBufType type);

/// Bytes per element of a PTO dtype.
int64_t elementBytes(Type type);
/// The physical byte size of a tile_buf (rows x cols, valid or not).
int64_t physicalBytes(pto::TileBufType type);
/// Whether a tile_buf is boxed (fractal).
bool isBoxed(pto::TileBufType type);

} // namespace mlir::tile::pto_emission

#endif // TILEMEM_LIB_TARGET_PTO_PTOTYPES_H
