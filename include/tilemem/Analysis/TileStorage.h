//===- TileStorage.h - where every tile value lives -------------*- C++ -*-===//
//
// Derives the storage window of every tile and tensor value of a function
// from the explicit, SSA-based storage of the tile dialect. Only allocating
// producers name storage; everything else derives it, so one forward walk
// (regions before the results of their op) computes all windows:
//
//   %buf = tile.alloc : !tile.buffer<vec, 32768>
//   %a = tile.full 0.0 into(%buf[0, 16384] : ...)    // %buf[0, 16384]
//   %v = tile.slice %a[32, 0] : ... -> 32x64xf32     // %buf[8192, 8192]
//   %r = scf.for ... iter_args(%acc = %a) {          // %acc: %buf[0, 16384]
//     %n = tile.add %acc, %x into(%buf[0, 16384] ...)
//     scf.yield %n
//   }                                                // %r: %buf[0, 16384]
//
// Rules: an allocating op's result takes its destination window; a function
// argument is external storage rooted at the argument itself; every other
// value takes the window of its source (sourceOf, StorageDerivation.h, where
// the rules are written), a first-input alias's shifted by the op's relative
// byte offset, sized by the result and read in its layout.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_ANALYSIS_TILESTORAGE_H
#define TILEMEM_ANALYSIS_TILESTORAGE_H

#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/Support/RecordedWalk.h"
#include "tilemem/Support/ValueNumbering.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tile {

/// Whether values of `type` have storage windows (tiles and tensors).
bool hasStorage(Type type);
/// Byte size of a value of a storage type.
int64_t storageBytes(Type type);
/// How many storage-typed values (results and block arguments) the IR
/// `walk` recorded holds: the size analyses reserve their per-value tables
/// with, so a table is built without rehashing. Counted while recording
/// when the walk was made with `RecordedWalk(root, hasStorage)`; otherwise
/// one replay.
size_t countStorageValues(const RecordedWalk &walk);
/// The value whose window `op` writes: an allocating producer's result, or
/// the operand a writeback (or a data-writing first-input alias) updates in
/// place; null when `op` writes no storage (declarations, metadata views).
Value writtenValue(Operation *op);
/// Where writtenValue(op) is, without asking the op's interfaces again: a
/// result number, or an operand number with kWrittenOperand set (what a
/// writeback updates in place); kNoWrite when `op` writes no storage.
/// Which result or operand it is depends only on the op's kind.
using detail::kNoWrite;
using detail::kWrittenOperand;
unsigned writtenLocator(Operation *op);
/// The value at `locator` (writtenLocator) of `op`.
inline Value writtenAt(Operation *op, unsigned locator) {
  return locator & kWrittenOperand ? op->getOperand(locator & ~kWrittenOperand)
                                   : Value(op->getResult(locator));
}

/// A physical storage window: (root allocation, byte offset, byte size,
/// slot). Two values share storage only when all four match; a shared root
/// alone does not make two windows the same.
struct Window {
  /// A `tile.alloc` result, or a function argument (external storage).
  Value root;
  int64_t offset = 0;
  int64_t size = 0;
  /// The slot: a dynamic index value, or `staticSlot` when null.
  Value dynamicSlot;
  /// Slots and element strides fit 32 bits (types allow at most 2^24 slots
  /// and 2^24 elements per dimension); keeping them narrow makes a window
  /// 48 bytes, and the storage table one 56-byte bucket per value.
  int32_t staticSlot = 0;
  /// Element strides of the value's layout: a tile written by a producer is
  /// row-major, views may be strided or transposed. Two values share a
  /// window only with the same layout too: a transposed view of a tile
  /// covers its bytes but is not the same value.
  int32_t rowStride = 0;
  int32_t colStride = 1;

  bool isExternal() const { return isa<BlockArgument>(root); }
  /// The memory space of the root, if it is an allocation.
  std::optional<MemorySpace> getSpace() const;
  /// Same physical window: root, offset, size, slot and layout all match.
  bool operator==(const Window &other) const {
    return root == other.root && offset == other.offset && size == other.size &&
           dynamicSlot == other.dynamicSlot && staticSlot == other.staticSlot &&
           rowStride == other.rowStride && colStride == other.colStride;
  }
  /// Whether a value of `type` in this window is stored densely row-major,
  /// the layout every producer (and tile.move) writes.
  bool isRowMajorFor(Type type) const;
  bool operator!=(const Window &other) const { return !(*this == other); }
  /// Whether the two windows may share a byte. Dynamic slots are assumed to
  /// coincide with any other slot unless they are the same value.
  bool mayOverlap(const Window &other) const;
  /// The same bytes (possibly read in different layouts, as a tile and a
  /// transposed view of it are).
  bool sameBytes(const Window &other) const {
    return root == other.root && offset == other.offset && size == other.size &&
           dynamicSlot == other.dynamicSlot && staticSlot == other.staticSlot;
  }
  /// Whether both windows cover the same bytes or certainly none in common.
  bool identicalOrDisjoint(const Window &other) const {
    return sameBytes(other) || !mayOverlap(other);
  }
};

/// Why `op` may not read operand `index` from `input` while it writes its
/// result to `output`, or none. A not-in-place-safe op, or an operand the op
/// forbids its result to alias, must not overlap at all; any other op that
/// writes element by element may read its own output only element for
/// element: the very same window and layout, or no common byte (a transposed
/// view or shifted slice of the output would be overwritten before it is
/// read). The operand a writeback updates is exempt (it is the output).
/// The window of a `type` tile laid over `source` from element `offset`
/// (counted in `source`'s elements) with the strides given: a view's, or
/// the block of a tile.assemble.
Window subWindow(const Window &source, int64_t offset, int64_t rowStride,
                 int64_t colStride, TileType type);

std::optional<StringRef> inPlaceViolation(Operation *op, unsigned index,
                                          const Window &input,
                                          const Window &output);

/// The windows of all storage-typed values under a function, one 48-byte
/// record per value number (ValueNumbering.h).
class TileStorage {
public:
  /// Of the function `walk` recorded, with a numbering of its own.
  explicit TileStorage(const RecordedWalk &walk);
  /// Numbering values in `numbering`, which other analyses of the function
  /// share and which must outlive this one.
  TileStorage(const RecordedWalk &walk, ValueNumbering &numbering);
  /// Empty, to be built along a replay shared with other analyses
  /// (buildStorageAndLiveness, StorageLiveness.h): `beginBuild` before it,
  /// then, in the order forEachBlockThenResult gives, `buildBlock` at each
  /// block and `buildResults` after each op's regions.
  struct Deferred {};
  TileStorage(ValueNumbering &numbering, Deferred) : numbering(&numbering) {}
  void beginBuild(Operation *function);
  void buildBlock(Block *block);
  void buildResults(Operation *op);

  /// The window of `value`, or null when it has none (a producer without a
  /// destination, or a value made by an op outside the storage rules). The
  /// pointer stays valid while windows are added.
  const Window *lookup(Value value) const {
    return lookupNumber(numbering->lookup(value));
  }
  /// The same, for a value known by its number (numberOf): no hashing.
  const Window *lookupNumber(unsigned number) const {
    const Window *window = windows.find(number);
    return window && window->root ? window : nullptr;
  }
  /// The number of `value` in the shared numbering, or ValueNumbering::kNone.
  unsigned numberOf(Value value) const { return numbering->lookup(value); }

  /// The window an allocating producer writes, from its destination clause.
  static std::optional<Window> destinationWindow(AllocatingOpInterface op);

  /// The window of the result of the first-input alias `op` when its
  /// operand 0 lives in `source`; none when the view cannot be formed (a
  /// reshape of a strided view).
  static std::optional<Window> aliasWindow(StorageContractInterface op,
                                           const Window &source);

  /// The first-input alias op that makes `derived` a view of its operand 0
  /// in a layout of its own (slices, reshapes, transposed views, and the
  /// data-writing tile.assemble), or null.
  static StorageContractInterface aliasView(Value derived);

  /// Calls `fn(derived, window)` for every value whose storage derives
  /// directly from `value` (views, writeback results, loop carries and
  /// results, if and scope results, while after-arguments), with the window
  /// it derives when `value` lives in `window`.
  static void forEachDerived(Value value, const Window &window,
                             function_ref<void(Value, const Window &)> fn);

  /// `value` with `window` and every value transitively derived from it,
  /// each after its source: what moves when `value`'s storage moves.
  static SmallVector<std::pair<Value, Window>> family(Value value,
                                                      const Window &window);

  /// Records a window (after a rewrite).
  void set(Value value, const Window &window) {
    windows[numbering->getOrAssign(value)] = window;
  }

private:
  /// The window `derived` has when its source (StorageDerivation.h) lives
  /// in `source`: a first-input alias's view of it, else `source` itself.
  static std::optional<Window> derivedWindow(Value derived,
                                             const Window &source);
  void build(const RecordedWalk &walk);
  void derive(Value value);

  /// The function being built (beginBuild): its own arguments are set there.
  Operation *function = nullptr;

  std::unique_ptr<ValueNumbering> ownNumbering;
  ValueNumbering *numbering;
  /// A window with a null root is no window.
  ValueTable<Window> windows;
};

} // namespace mlir::tile

#endif // TILEMEM_ANALYSIS_TILESTORAGE_H
