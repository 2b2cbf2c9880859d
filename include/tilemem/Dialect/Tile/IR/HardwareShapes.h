//===- HardwareShapes.h - the tile shapes the hardware can hold -*- C++ -*-===//
//
// The layout pto-isa gives a tile of each memory space, and the shapes its
// `Tile` template can be instantiated with. One source for both readers: the
// dialect verifier (a module with `tile.target_arch` holds only tiles the
// target can hold) and PTO emission (which maps every tile to a tile_buf of
// this layout and re-checks the layouts of views, e.g. a transposed vec tile).
//
// The rules are the static asserts of pto-isa's pto/common/pto_tile.hpp
// (struct Tile): with Rows x Cols elements of E bytes,
//   - unboxed (SLayout::NoneBox), row-major base: Cols * E % 32 == 0;
//     column-major base: Rows * E % 32 == 0;
//   - boxed (a fractal of inner boxes): Cols % InnerCols == 0 and, except
//     for vec tiles and single-row tiles, Rows % InnerRows == 0, where the
//     inner box of a 512-byte fractal is 16 rows x 32 bytes (inner row-major)
//     or 32 bytes x 16 columns (inner column-major), and the 1024-byte
//     fractal of acc is 16 x 16.
//
// Example, f32 (E = 4) on a3:
//   !tile.tile<16x8xf32, vec>   row-major, 32-byte rows          legal
//   !tile.tile<16x4xf32, vec>   16-byte rows                     illegal
//   !tile.tile<8x8xf32, acc>    8 rows, acc box is 16 x 16       illegal
//   !tile.tile<16x16xf32, right> inner box 8 rows x 16 columns   legal
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_DIALECT_TILE_IR_HARDWARESHAPES_H
#define TILEMEM_DIALECT_TILE_IR_HARDWARESHAPES_H

#include "tilemem/Dialect/Tile/IR/TileDialect.h"

#include <optional>
#include <string>

namespace mlir::tile {

/// The base layout (order of the inner boxes, or of the elements when
/// unboxed) and inner-box layout of a pto-isa tile.
enum class BaseLayout { RowMajor, ColMajor };
enum class BoxLayout { None, RowMajor, ColMajor };

/// The layout of a pto-isa tile (a ptoas tile_buf's blayout, slayout and
/// fractal size).
struct HardwareLayout {
  BaseLayout base = BaseLayout::RowMajor;
  BoxLayout box = BoxLayout::None;
  int64_t fractalBytes = 512;
};

/// The layout real ptoas kernels give a rows x cols tile of `space` on
/// `arch`: vec row-major (a column Rx1 column-major, so its R elements stay
/// contiguous), mat col/row (NZ), left row/row (col/row on a5), right
/// row/col, acc col/row with the 1024-byte fractal, bias row-major.
HardwareLayout getHardwareLayout(MemorySpace space, int64_t rows, int64_t cols,
                                 TargetArch arch);

/// The inner (fractal) box of `layout` for elements of `elementBytes` bytes,
/// in rows x columns: 16 x (32 bytes) inner row-major, (32 bytes) x 16
/// inner column-major, 16 x 16 for acc's 1024-byte fractal, 1 x 1 unboxed.
struct InnerBox {
  int64_t rows = 1, cols = 1;
};
InnerBox getInnerBox(HardwareLayout layout, int64_t elementBytes);

/// The rows a tile of `type` takes in its space: its rows, except that a
/// tile of one row in a space that boxes its tiles takes a whole inner box
/// of rows. pto-isa's Tile allows a boxed tile of one row (a gemv's left
/// row; no other row count that is not whole boxes) and places its columns
/// in whole boxes (GetTileOffset: element (0, c) of a 1x32 f16 left tile lies
/// at box c / 16, 512 bytes apart), so the tile's bytes span its boxes:
/// 1x32 f16 in left takes 16 x 32 x 2 = 1024 bytes, not 64. The boxes of a
/// space are the same on every arch (only the order of left's boxes is
/// not). O(1).
int64_t getStorageRows(TileType type);

/// Why pto-isa has no Tile of rows x cols elements of `elementBytes` bytes
/// in `layout` (`vec`: the space is vec, whose rows are never boxed), or
/// nullopt when it has one. O(1).
std::optional<std::string> getHardwareShapeProblem(bool vec, int64_t rows,
                                                   int64_t cols,
                                                   int64_t elementBytes,
                                                   HardwareLayout layout);

/// The same for a tile of `type` in the layout of its space on `arch`.
std::optional<std::string> getHardwareShapeProblem(TileType type,
                                                   TargetArch arch);

/// Emits an error at every op result and block argument under `root` whose
/// tile type `arch` cannot hold. One walk: O(ops + block arguments).
LogicalResult verifyHardwareShapes(Operation *root, TargetArch arch);

} // namespace mlir::tile

#endif // TILEMEM_DIALECT_TILE_IR_HARDWARESHAPES_H
