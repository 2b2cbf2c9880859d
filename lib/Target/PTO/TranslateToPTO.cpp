//===- TranslateToPTO.cpp - tile module -> PTO text for ptoas
//--------------===//
//
// Builds a PTO module (the ops of PTODialect.h) next to the input and prints
// it; the input is never modified, and nothing is written unless every
// kernel translated and the PTO module verifies. Rules and the op table:
// docs/pto-emission.md.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Target/PTO/TranslateToPTO.h"

#include "tilemem/Analysis/StorageVerifier.h"
#include "tilemem/Analysis/TileStorage.h"
#include "tilemem/Dialect/Tile/IR/HardwareShapes.h"
#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/Support/Limits.h"
#include "tilemem/Target/PTO/PTODialect.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

#include <functional>
#include <tuple>

using namespace mlir;
using namespace mlir::tile;

std::optional<PTOLevel> mlir::tile::parsePTOLevel(StringRef name) {
  if (name == "auto")
    return PTOLevel::Auto;
  if (name == "level2")
    return PTOLevel::Level2;
  if (name == "level3")
    return PTOLevel::Level3;
  return std::nullopt;
}

namespace {

/// The attribute that marks the entry among several kernels, on the input
/// (to choose) and on the output (as ptoas expects).
constexpr StringLiteral kEntryAttrName = "pto.entry";

/// The module attribute naming the target for ptoas.
constexpr StringLiteral kPTOTargetArchAttrName = "pto.target_arch";

/// "'tile.xxx' op cannot be emitted to PTO: <why>".
InFlightDiagnostic cannotEmit(Operation *op) {
  return op->emitOpError("cannot be emitted to PTO: ");
}

/// The PTO tile type of `type`: a tile_buf in the layout real ptoas kernels
/// use for its space (getHardwareLayout).
pto::TileBufType mapTileType(TileType type, std::optional<TargetArch> arch) {
  HardwareLayout layout =
      getHardwareLayout(type.getSpace(), type.getRows(), type.getCols(),
                        arch.value_or(TargetArch::A3));
  StringRef blayout =
      layout.base == BaseLayout::RowMajor ? "row_major" : "col_major";
  StringRef slayout = layout.box == BoxLayout::None       ? "none_box"
                      : layout.box == BoxLayout::RowMajor ? "row_major"
                                                          : "col_major";
  return pto::TileBufType::get(
      type.getContext(), stringifyMemorySpace(type.getSpace()),
      type.getElementType(), type.getRows(), type.getCols(), type.getRows(),
      type.getCols(), blayout, slayout, layout.fractalBytes, /*pad=*/0);
}

/// How a tile of `type` is laid out in `window`, in the tile dialect's byte
/// model (every tile is a row-major array; views may be strided or
/// transposed).
enum class WindowLayout { RowMajor, Transposed, Strided };

/// RowMajor when the window is dense row-major (what every producer writes;
/// a single row or column always is), Transposed when it is dense
/// column-major (a transposed view: a row-major RxC tile read as CxR),
/// Strided otherwise. O(1).
static WindowLayout windowLayout(TileType type, const Window &window) {
  int64_t rows = type.getRows(), cols = type.getCols();
  if ((rows == 1 || window.rowStride == cols) &&
      (cols == 1 || window.colStride == 1))
    return WindowLayout::RowMajor;
  if ((rows == 1 || window.rowStride == 1) &&
      (cols == 1 || window.colStride == rows))
    return WindowLayout::Transposed;
  return WindowLayout::Strided;
}

/// `type` with another base layout.
static pto::TileBufType withBLayout(pto::TileBufType type, StringRef blayout) {
  return pto::TileBufType::get(
      type.getContext(), type.getLoc(), type.getDtype(), type.getRows(),
      type.getCols(), type.getValidRows(), type.getValidCols(), blayout,
      type.getSlayout(), type.getFractal(), type.getPad());
}

/// A handle is identified by its physical window and its PTO type. The PTO
/// type, not the tile type, because it carries the layout: a transposed view
/// of a square RxR tile has the tile type of its source and the same window,
/// but its handle is the col_major tile_buf over those bytes.
using HandleKey = std::tuple<Value, int64_t, int64_t, Value, int64_t, Type>;

/// Why pto-isa has no `Tile` for `type`, if it has none: the layout of the
/// tile_buf (which a view may have changed, e.g. transposed) read back into
/// a HardwareLayout and checked by the dialect's rule.
static std::optional<std::string> ptoIsaTileProblem(pto::TileBufType type) {
  HardwareLayout layout;
  layout.base = type.getBlayout() == "row_major" ? BaseLayout::RowMajor
                                                 : BaseLayout::ColMajor;
  layout.box = type.getSlayout() == "none_box"    ? BoxLayout::None
               : type.getSlayout() == "row_major" ? BoxLayout::RowMajor
                                                  : BoxLayout::ColMajor;
  layout.fractalBytes = type.getFractal();
  int64_t elementBytes = (type.getDtype().getIntOrFloatBitWidth() + 7) / 8;
  return getHardwareShapeProblem(type.getLoc() == "vec", type.getRows(),
                                 type.getCols(), elementBytes, layout);
}

/// Translates one kernel into an (empty) func.func of the PTO module.
class FunctionEmitter {
public:
  FunctionEmitter(func::FuncOp source, func::FuncOp target, bool level3,
                  std::optional<TargetArch> arch)
      : source(source), target(target), level3(level3), arch(arch),
        storage(source), dominance(source), body(source.getContext()),
        prologue(source.getContext()) {}

  LogicalResult emit();

private:
  // Values.
  FailureOr<Value> scalar(Value value, Operation *user);
  FailureOr<Value> handleOf(Value tile, Operation *user);
  /// scalar / handleOf of each value, in order; fails at the first failure.
  FailureOr<SmallVector<Value>> scalarsOf(ValueRange values, Operation *user);
  FailureOr<SmallVector<Value>> handlesOf(ValueRange tiles, Operation *user);
  FailureOr<Value> tensorViewOf(Value tensor, Operation *user);
  FailureOr<Value> producerHandle(Operation *op);
  FailureOr<Value> windowHandle(const Window &window, TileType type,
                                Operation *user);
  FailureOr<Value> scratch(Operation *op, TileType type, StringRef ptoOp);
  /// The PTO type of a `type` value stored in `window`: mapTileType's,
  /// with the base layout the window is dense in (a vec tile read
  /// transposed is col_major), or a diagnostic when no tile_buf describes it.
  FailureOr<pto::TileBufType> handleType(const Window &window, TileType type,
                                         Operation *user);
  /// Level2 handle of a dynamic-slot window: the per-slot handles selected
  /// by an scf.if chain on the slot value, placed right after it. The
  /// chain is a placeholder: expandSelections replaces every op that uses
  /// it by an scf.if over the slot with one copy of the op per slot.
  FailureOr<Value> selectSlotHandle(const Window &window, TileType type,
                                    pto::TileBufType ptoType, Value slot,
                                    Operation *user);
  /// Level2: the root alloc_tile of slot `slot` of `alloc` (one per buffer
  /// slot, so ptoas plans exactly tilemem's buffers) and the view of it
  /// (pto.subset, then pto.treshape) that is `window` with type `ptoType`.
  FailureOr<Value> rootView(AllocOp alloc, int64_t slot, const Window &window,
                            pto::TileBufType ptoType, Operation *user);
  /// Level2: chooses the type of every root alloc_tile from the windows the
  /// kernel's tile values occupy (chooseRoots), before any op is emitted.
  void chooseRoots();
  /// Level2 after emission: every op that uses a dynamic-slot selection
  /// becomes an scf.if chain over the slot, one copy of the op per slot
  /// handle, and the selections are erased (ptoas casts a tile_buf scf.if
  /// result to a pointer in its C++, and retypes it too late for its
  /// verifiers).
  LogicalResult expandSelections();
  /// Level2 after emission: every alloc_tile (with the views derived from
  /// it) moves from the prologue to the innermost block that holds all its
  /// uses and the loops that carry it, so PlanMemory does not keep every
  /// buffer live across every loop.
  void placeRoots();
  /// The handle of the bytes of `tile` (in `handle`) read as a row-major
  /// tile in storage order: the handle itself when it is row_major, the
  /// row_major CxR tile over the bytes of a col_major RxC one (a column
  /// vector Rx1 becomes the row 1xR, a transposed view its source's shape).
  FailureOr<Value> storageOrderHandle(Value tile, Value handle,
                                      Operation *user);
  /// Handles for an elementwise op over `tiles` (its tile operands, then its
  /// result): as they are when all are row_major, in storage order when all
  /// are col_major (elementwise ops do not depend on the layout when every
  /// operand has the same one); a located diagnostic otherwise, because
  /// ptoas's verifiers want row-major tiles.
  FailureOr<SmallVector<Value>> elementwiseHandles(ArrayRef<Value> tiles,
                                                   ArrayRef<Value> handles,
                                                   Operation *op,
                                                   StringRef ptoOp);
  /// A diagnostic unless `handle` (operand `what` of `ptoOp`) is row_major.
  LogicalResult requireRowMajor(Value handle, Operation *op, StringRef ptoOp,
                                StringRef what);
  /// A diagnostic when pto-isa cannot instantiate a Tile of `type`.
  LogicalResult checkTileBuf(pto::TileBufType type, Operation *user);
  Value indexConst(int64_t value);
  Value i64Const(int64_t value);
  Value convertScalar(Value value, Type to, Location loc);
  Value partition(Value view, ValueRange offsets, TileType tile, Location loc);
  pto::TileBufType subsetType(Value parent, int64_t rows, int64_t cols);
  /// Whether the tile `next` is stored where `carried` is, so it needs no
  /// carry: the same handle or the same window (level3: handles are
  /// addresses; level2: handles of one window are views of one root
  /// alloc_tile).
  bool sameStorage(Value nextHandle, Value carriedHandle, Value next,
                   Value carried);
  /// Records that `loop` carries a value stored in `handle`, so placeRoots
  /// keeps its root alloc_tile outside the loop.
  void anchor(Value handle, Operation *loop);

  // Ops.
  LogicalResult emitBlock(Block &block);
  LogicalResult emitOp(Operation *op);
  LogicalResult emitGeneric(Operation *op);
  template <typename PTOOp> LogicalResult emitUnary(Operation *op);
  template <typename PTOOp> LogicalResult emitBinary(Operation *op);
  template <typename PTOOp>
  LogicalResult emitTileScalar(Operation *op, Value scalarOperand);
  template <typename PTOOp>
  LogicalResult emitWithScratch(Operation *op, StringRef ptoName);
  LogicalResult emitLoad(LoadOp op);
  LogicalResult emitStore(StoreOp op);
  LogicalResult emitExtract(ExtractOp op);
  LogicalResult emitFull(FullOp op);
  LogicalResult emitMatmulAcc(MatmulAccOp op);
  LogicalResult emitWrite(WriteOp op);
  LogicalResult emitView(Operation *op);
  LogicalResult emitIfExitBarrier(IfExitBarrierOp op);
  LogicalResult emitAssemble(AssembleOp op);
  LogicalResult emitScope(ScopeOp op);
  LogicalResult emitFor(scf::ForOp op);
  /// The PTO loop's yield: its scalar operands; each tile must come back in
  /// its carry's handle.
  LogicalResult emitLoopYield(Operation *loop, scf::YieldOp yield,
                              ValueRange carriedArgs);
  LogicalResult emitWhile(scf::WhileOp op);
  LogicalResult emitIf(scf::IfOp op);
  /// Maps `result` (a carried or merged value) to `handle`, or records its
  /// scalar counterpart; tensors need nothing (found by storage root).
  void bindResult(Value result, Value handle) {
    if (isa<TileType>(result.getType()))
      tileHandles[result] = handle;
  }

  func::FuncOp source, target;
  bool level3;
  std::optional<TargetArch> arch;
  TileStorage storage;
  DominanceInfo dominance;
  /// `body` appends translated ops; `prologue` inserts constants, handles
  /// and tensor views before `sentinel`, at the top of the entry block, so
  /// they dominate every use.
  OpBuilder body, prologue;
  Operation *sentinel = nullptr;
  IRMapping scalars;
  DenseMap<Value, Value> tileHandles;
  DenseMap<Value, Value> tensorViews; // tensor argument -> tensor_view
  DenseMap<HandleKey, Value> windowHandles;
  DenseMap<int64_t, Value> indexConsts, i64Consts;
  /// Level2 roots: (buffer, slot) -> its alloc_tile, and the type chosen
  /// for it by chooseRoots.
  DenseMap<std::pair<Value, int64_t>, Value> roots;
  DenseMap<std::pair<Value, int64_t>, pto::TileBufType> rootTypes;
  /// Level2 subsets of roots: (root, columns?, first, count) -> subset.
  DenseMap<std::tuple<Value, int, int64_t, int64_t>, Value> subsets;
  /// Level2 dynamic-slot selections: outermost scf.if -> the slot value and
  /// the per-slot handles.
  struct Selection {
    /// conds[k] is `slot == k` (k < N - 1), computed right after the slot.
    SmallVector<Value> conds;
    SmallVector<Value> perSlot;
  };
  llvm::MapVector<Operation *, Selection> selections;
  /// Loops that carry a value stored in a handle (placeRoots).
  DenseMap<Value, SmallVector<Operation *>> anchors;
};

} // namespace

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

Value FunctionEmitter::indexConst(int64_t value) {
  Value &slot = indexConsts[value];
  if (!slot)
    slot = prologue.create<arith::ConstantIndexOp>(source.getLoc(), value);
  return slot;
}

Value FunctionEmitter::i64Const(int64_t value) {
  Value &slot = i64Consts[value];
  if (!slot)
    slot = prologue.create<arith::ConstantIntOp>(source.getLoc(),
                                                 prologue.getI64Type(), value);
  return slot;
}

FailureOr<Value> FunctionEmitter::scalar(Value value, Operation *user) {
  if (Value mapped = scalars.lookupOrNull(value))
    return mapped;
  return cannotEmit(user) << "an operand has no PTO value (it is made by an "
                             "op that has no PTO form)";
}

FailureOr<Value> FunctionEmitter::handleOf(Value tile, Operation *user) {
  if (Value handle = tileHandles.lookup(tile))
    return handle;
  return cannotEmit(user) << "a tile operand has no PTO tile handle (its "
                             "storage is unknown or outside the kernel)";
}

FailureOr<Value> FunctionEmitter::tensorViewOf(Value tensor, Operation *user) {
  if (const Window *window = storage.lookup(tensor))
    if (Value view = tensorViews.lookup(window->root))
      return view;
  return cannotEmit(user) << "its tensor is not a kernel tensor argument";
}

FailureOr<Value> FunctionEmitter::producerHandle(Operation *op) {
  Value result = op->getResult(0);
  const Window *window = storage.lookup(result);
  if (!window)
    return cannotEmit(op) << "its result has no storage (run "
                             "tile-init-memref and "
                             "tile-materialize-semantic-aliases first)";
  return windowHandle(*window, cast<TileType>(result.getType()), op);
}

FailureOr<pto::TileBufType> FunctionEmitter::handleType(const Window &window,
                                                        TileType type,
                                                        Operation *user) {
  pto::TileBufType ptoType = mapTileType(type, arch);
  switch (windowLayout(type, window)) {
  case WindowLayout::RowMajor:
    return ptoType;
  case WindowLayout::Strided: {
    // A column block of a row-major tile (unit column stride, rows further
    // apart than its width): a tile_buf's row stride is its column count,
    // so the handle is the tile_buf of the rows it spans, as wide as the
    // row stride, whose valid columns are the view's.
    int64_t rows = type.getRows(), cols = type.getCols();
    if (type.getSpace() == MemorySpace::Vec && window.colStride == 1 &&
        window.rowStride > cols && rows > 1)
      return pto::TileBufType::get(type.getContext(), ptoType.getLoc(),
                                   ptoType.getDtype(), rows, window.rowStride,
                                   rows, cols, "row_major", "none_box",
                                   ptoType.getFractal(), ptoType.getPad());
    if (!user)
      return failure();
    return cannotEmit(user)
           << "its tile is a strided view that is not a column block of a "
              "vec tile, and a tile_buf has no strides other than its row "
              "length (only a dense row- or column-major layout, or the "
              "columns of a row-major vec tile)";
  }
  case WindowLayout::Transposed:
    break;
  }
  // Vec tiles are unboxed (none_box): the other base layout over the same
  // bytes is the transpose. A boxed (fractal) layout transposed would also
  // transpose its inner boxes, which no tile_buf layout describes.
  if (type.getSpace() != MemorySpace::Vec) {
    if (!user)
      return failure();
    return cannotEmit(user)
           << "a transposed " << stringifyMemorySpace(type.getSpace())
           << " tile has no tile_buf layout: its fractal "
              "boxes would be transposed too (only vec "
              "tiles, unboxed, can be read transposed)";
  }
  return withBLayout(
      ptoType, ptoType.getBlayout() == "row_major" ? "col_major" : "row_major");
}

LogicalResult FunctionEmitter::checkTileBuf(pto::TileBufType type,
                                            Operation *user) {
  std::optional<std::string> problem = ptoIsaTileProblem(type);
  if (!problem)
    return success();
  return cannotEmit(user) << "pto-isa has no Tile for " << type << ": "
                          << *problem
                          << " (the static asserts of pto/common/pto_tile.hpp)";
}

FailureOr<Value> FunctionEmitter::windowHandle(const Window &window,
                                               TileType type, Operation *user) {
  FailureOr<pto::TileBufType> ptoType = handleType(window, type, user);
  if (failed(ptoType))
    return failure();
  if (failed(checkTileBuf(*ptoType, user)))
    return failure();
  HandleKey key{window.root,        window.offset,     window.size,
                window.dynamicSlot, window.staticSlot, *ptoType};
  if (Value handle = windowHandles.lookup(key))
    return handle;
  auto alloc = window.root.getDefiningOp<AllocOp>();
  if (!alloc)
    return cannotEmit(user) << "its storage is a function argument";
  Location loc = alloc.getLoc();
  FailureOr<Value> slot = Value();
  if (window.dynamicSlot) {
    // A handle computed from the slot is placed right after the slot is
    // defined, so one handle serves every use of the window.
    if (!dominance.properlyDominates(window.dynamicSlot, user))
      return cannotEmit(user)
             << "the dynamic slot of its storage is not defined before it";
    slot = scalar(window.dynamicSlot, user);
    if (failed(slot))
      return failure();
  }
  Value handle;
  if (!level3) {
    FailureOr<Value> selected =
        window.dynamicSlot
            ? selectSlotHandle(window, type, *ptoType, *slot, user)
            : rootView(alloc, window.staticSlot, window, *ptoType, user);
    if (failed(selected))
      return failure();
    handle = *selected;
  } else {
    int64_t slotBytes = cast<BufferType>(alloc.getType()).getSize();
    int64_t base = alloc.getAddrAttr().getInt() + window.offset;
    if (!window.dynamicSlot) {
      Value addr = i64Const(base + window.staticSlot * slotBytes);
      handle = prologue.create<pto::AllocTileOp>(loc, *ptoType, addr);
    } else {
      Value scale = i64Const(slotBytes), offset = i64Const(base);
      OpBuilder &builder =
          isa<BlockArgument>(*slot) &&
                  slot->getParentBlock() == &target.getBody().front()
              ? prologue
              : body;
      OpBuilder::InsertionGuard guard(builder);
      if (&builder == &body)
        body.setInsertionPointAfterValue(*slot);
      Value slot64 =
          builder.create<arith::IndexCastOp>(loc, builder.getI64Type(), *slot);
      Value scaled = builder.create<arith::MulIOp>(loc, slot64, scale);
      Value addr = builder.create<arith::AddIOp>(loc, scaled, offset);
      handle = builder.create<pto::AllocTileOp>(loc, *ptoType, addr);
    }
  }
  windowHandles[key] = handle;
  return handle;
}

/// Bytes per element of a PTO dtype.
static int64_t elementBytes(Type type) {
  return (type.getIntOrFloatBitWidth() + 7) / 8;
}

/// The physical byte size of a tile_buf (rows x cols, valid or not).
static int64_t physicalBytes(pto::TileBufType type) {
  return type.getRows() * type.getCols() * elementBytes(type.getDtype());
}

static bool isBoxed(pto::TileBufType type) {
  return type.getSlayout() != "none_box";
}

/// How `window` (with handle type `type`) is reached from a level2 root of
/// type `root` over a `slotBytes`-byte buffer slot: `subset` rows
/// [first, first + count) (or, for a one-row root, columns), then a
/// treshape when the subset's type is not `type`. Fails with the reason.
namespace {
struct RootPath {
  bool whole = false; // the root itself (perhaps treshaped)
  int64_t first = 0, count = 0;
  bool columns = false; // a one-row root: a column range
};
} // namespace

static FailureOr<RootPath> pathFromRoot(pto::TileBufType root,
                                        const Window &window,
                                        pto::TileBufType type,
                                        std::string &why) {
  int64_t rootBytes = physicalBytes(root), bytes = physicalBytes(type);
  int64_t offset = window.offset;
  RootPath path;
  // pto-isa's TRESHAPE (the CPU simulator's) reinterprets floats as floats
  // and integers as integers only.
  if (isa<FloatType>(root.getDtype()) != isa<FloatType>(type.getDtype())) {
    why = "pto-isa's TRESHAPE does not reinterpret integers as floats or "
          "back";
    return failure();
  }
  if (offset == 0 && bytes == rootBytes) {
    if (isBoxed(root) != isBoxed(type)) {
      why = "it would reshape between a boxed and an unboxed layout";
      return failure();
    }
    path.whole = true;
    return path;
  }
  if (isBoxed(root) || isBoxed(type)) {
    why = "ptoas's pto.subset of a boxed (fractal) tile keeps whole rows or "
          "columns in box units, so only the whole buffer has a level2 "
          "handle";
    return failure();
  }
  if (root.getBlayout() != "row_major") {
    why = "its buffer holds a column vector, which has no level2 sub-view";
    return failure();
  }
  if (offset + bytes > rootBytes) {
    why = "the tile_buf spans bytes past the end of its buffer";
    return failure();
  }
  int64_t element = elementBytes(root.getDtype());
  if (root.getRows() == 1) {
    // A one-row root: a column range is contiguous, so ptoas's compact
    // subset is right (a tile_buf's rows are 32-byte multiples in pto-isa).
    if (offset % element || bytes % element || bytes % 32) {
      why = "its bytes are not whole 32-byte rows of its buffer";
      return failure();
    }
    path.columns = true;
    path.first = offset / element;
    path.count = bytes / element;
    return path;
  }
  int64_t rowBytes = root.getCols() * element;
  if (offset % rowBytes || bytes % rowBytes) {
    why = "its bytes are not whole rows of its buffer's tile_buf";
    return failure();
  }
  path.first = offset / rowBytes;
  path.count = bytes / rowBytes;
  return path;
}

void FunctionEmitter::chooseRoots() {
  // The windows every tile value of the kernel occupies, per buffer slot.
  llvm::MapVector<std::pair<Value, int64_t>,
                  SmallVector<std::pair<Window, pto::TileBufType>>>
      uses;
  auto visit = [&](Value value) {
    auto type = dyn_cast<TileType>(value.getType());
    if (!type)
      return;
    const Window *window = storage.lookup(value);
    if (!window || !window->root.getDefiningOp<AllocOp>())
      return;
    FailureOr<pto::TileBufType> ptoType = handleType(*window, type, nullptr);
    if (failed(ptoType))
      return;
    auto buffer = cast<BufferType>(window->root.getType());
    for (int64_t slot = 0; slot < buffer.getSlots(); ++slot)
      if (window->dynamicSlot || slot == window->staticSlot) {
        Window fixed = *window;
        fixed.dynamicSlot = Value();
        fixed.staticSlot = slot;
        uses[{window->root, slot}].push_back({fixed, *ptoType});
      }
  };
  source.walk([&](Operation *op) {
    for (Value result : op->getResults())
      visit(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Value arg : block.getArguments())
          visit(arg);
  });
  for (auto &[key, windows] : uses) {
    int64_t slotBytes = cast<BufferType>(key.first.getType()).getSize();
    auto fitsAll = [&](pto::TileBufType root) {
      std::string why;
      return llvm::all_of(windows, [&](auto &use) {
        return succeeded(pathFromRoot(root, use.first, use.second, why));
      });
    };
    // The natural root: a tile that fills the slot, as a producer wrote it.
    pto::TileBufType natural;
    for (auto &[window, type] : windows)
      if (window.offset == 0 && physicalBytes(type) == slotBytes) {
        natural = type;
        break;
      }
    if (natural && fitsAll(natural)) {
      rootTypes[key] = natural;
      continue;
    }
    // Otherwise a vec buffer is one row of its first element type, wide
    // enough for every tile_buf over it (a column block's tile_buf spans
    // past its last valid column), and every window a column range of it.
    pto::TileBufType first = windows.front().second;
    if (llvm::all_of(windows, [](auto &use) { return !isBoxed(use.second); })) {
      int64_t element = elementBytes(first.getDtype());
      int64_t end = slotBytes;
      for (auto &[window, type] : windows)
        end = std::max(end, window.offset + physicalBytes(type));
      end = llvm::alignTo(end, std::max<int64_t>(32, element));
      int64_t cols = end / element;
      auto flat = pto::TileBufType::get(
          source.getContext(), first.getLoc(), first.getDtype(), 1, cols, 1,
          cols, "row_major", "none_box", first.getFractal(), first.getPad());
      if (fitsAll(flat)) {
        rootTypes[key] = flat;
        continue;
      }
    }
    rootTypes[key] = natural ? natural : first;
  }
}

FailureOr<Value> FunctionEmitter::rootView(AllocOp alloc, int64_t slot,
                                           const Window &window,
                                           pto::TileBufType ptoType,
                                           Operation *user) {
  std::pair<Value, int64_t> key{alloc.getResult(), slot};
  pto::TileBufType rootType = rootTypes.lookup(key);
  if (!rootType)
    rootType = ptoType;
  std::string why;
  FailureOr<RootPath> path = pathFromRoot(rootType, window, ptoType, why);
  if (failed(path))
    return cannotEmit(user)
           << "at level2 its tile (" << ptoType << " at byte " << window.offset
           << " of a " << cast<BufferType>(alloc.getType()).getSize()
           << "-byte buffer) must be a view of its buffer's alloc_tile ("
           << rootType << "), and " << why;
  if (failed(checkTileBuf(rootType, user)))
    return failure();
  Value &root = roots[key];
  if (!root)
    root = prologue.create<pto::AllocTileOp>(alloc.getLoc(), rootType, Value());
  Value view = root;
  Location loc = alloc.getLoc();
  if (!path->whole && (path->first != 0 ||
                       path->count != (path->columns ? rootType.getCols()
                                                     : rootType.getRows()))) {
    int64_t rows = path->columns ? 1 : path->count;
    int64_t cols = path->columns ? path->count : rootType.getCols();
    SmallVector<Value> offsets =
        path->columns
            ? SmallVector<Value>{indexConst(0), indexConst(path->first)}
            : SmallVector<Value>{indexConst(path->first), indexConst(0)};
    Value &subset =
        subsets[{root, path->columns ? 1 : 0, path->first, path->count}];
    if (!subset)
      subset = prologue.create<pto::SubsetOp>(
          loc, subsetType(root, rows, cols), root, offsets,
          prologue.getI64ArrayAttr({rows, cols}));
    view = subset;
  }
  if (view.getType() != ptoType)
    view = prologue.create<pto::TReshapeOp>(loc, ptoType, view);
  return view;
}

FailureOr<Value> FunctionEmitter::selectSlotHandle(const Window &window,
                                                   TileType type,
                                                   pto::TileBufType ptoType,
                                                   Value slot,
                                                   Operation *user) {
  // A level2 handle has no address, so the window at slot %s is first the
  // placeholder
  //   %h = scf.if (%s == 0) { yield %h0 } else { ...(%s == 1)... yield %hN-1 }
  // over the per-slot handles (roots or views of them); expandSelections
  // then repeats every op that uses %h per slot and erases the chain (ptoas
  // retypes tile_buf scf.if results after its verifiers and casts them to
  // pointers in its C++). The compares are built once per window, right
  // after the slot (the handle is cached).
  auto alloc = window.root.getDefiningOp<AllocOp>();
  int64_t slots = cast<BufferType>(alloc.getType()).getSlots();
  SmallVector<Value> perSlot;
  for (int64_t index = 0; index < slots; ++index) {
    Window fixed = window;
    fixed.dynamicSlot = Value();
    fixed.staticSlot = index;
    FailureOr<Value> handle = windowHandle(fixed, type, user);
    if (failed(handle))
      return failure();
    perSlot.push_back(*handle);
  }
  // Constants go to the prologue before the insertion point is chosen, so
  // they dominate the chain even when it is itself in the prologue.
  SmallVector<Value> slotIndices;
  for (int64_t index = 0; index + 1 < slots; ++index)
    slotIndices.push_back(indexConst(index));
  Location loc = alloc.getLoc();
  OpBuilder &builder = isa<BlockArgument>(slot) && slot.getParentBlock() ==
                                                       &target.getBody().front()
                           ? prologue
                           : body;
  OpBuilder::InsertionGuard guard(builder);
  if (&builder == &body)
    body.setInsertionPointAfterValue(slot);
  // The compares first (they stay when the chain is erased after its users
  // are expanded), then the chain selecting among perSlot[index..].
  SmallVector<Value> conds;
  for (int64_t index = 0; index + 1 < slots; ++index)
    conds.push_back(builder.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                                  slot, slotIndices[index]));
  std::function<Value(int64_t)> select = [&](int64_t index) -> Value {
    if (index + 1 == slots)
      return perSlot[index];
    auto branch =
        builder.create<scf::IfOp>(loc, TypeRange{ptoType}, conds[index],
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard armGuard(builder);
    builder.setInsertionPointToStart(branch.thenBlock());
    builder.create<scf::YieldOp>(loc, perSlot[index]);
    builder.setInsertionPointToStart(branch.elseBlock());
    builder.create<scf::YieldOp>(loc, select(index + 1));
    return branch.getResult(0);
  };
  Value selected = select(0);
  if (Operation *chain = selected.getDefiningOp())
    selections[chain] = Selection{conds, perSlot};
  return selected;
}

FailureOr<Value> FunctionEmitter::scratch(Operation *op, TileType type,
                                          StringRef ptoOp) {
  pto::TileBufType ptoType = mapTileType(type, arch);
  if (failed(checkTileBuf(ptoType, op)))
    return failure();
  if (!level3)
    return prologue.create<pto::AllocTileOp>(op->getLoc(), ptoType, Value())
        .getResult();
  // Level3: ptoas plans nothing, so the address planner reserves the
  // scratch (live only at this op) and records its address on the op.
  auto addr = op->getAttrOfType<IntegerAttr>(TileDialect::kScratchAddrAttrName);
  if (!addr)
    return cannotEmit(op) << "pto." << ptoOp
                          << " needs a scratch tile, and level3 takes its "
                             "address from `"
                          << TileDialect::kScratchAddrAttrName
                          << "`, which is missing (run the address planner)";
  return prologue
      .create<pto::AllocTileOp>(op->getLoc(), ptoType, i64Const(addr.getInt()))
      .getResult();
}

Value FunctionEmitter::convertScalar(Value value, Type to, Location loc) {
  Type from = value.getType();
  if (from == to)
    return value;
  auto fromFloat = dyn_cast<FloatType>(from);
  auto toFloat = dyn_cast<FloatType>(to);
  if (fromFloat && toFloat) {
    if (fromFloat.getWidth() == toFloat.getWidth()) // f16 <-> bf16
      value = body.create<arith::ExtFOp>(loc, body.getF32Type(), value),
      fromFloat = body.getF32Type();
    if (fromFloat.getWidth() < toFloat.getWidth())
      return body.create<arith::ExtFOp>(loc, to, value);
    return body.create<arith::TruncFOp>(loc, to, value);
  }
  if (toFloat)
    return body.create<arith::SIToFPOp>(loc, to, value);
  if (fromFloat)
    return body.create<arith::FPToSIOp>(loc, to, value);
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return body.create<arith::ExtSIOp>(loc, to, value);
  return body.create<arith::TruncIOp>(loc, to, value);
}

Value FunctionEmitter::partition(Value view, ValueRange offsets, TileType tile,
                                 Location loc) {
  auto type = pto::PartitionTensorViewType::get(
      tile.getContext(), tile.getShape(), tile.getElementType());
  SmallVector<Value> sizes{indexConst(tile.getRows()),
                           indexConst(tile.getCols())};
  return body.create<pto::PartitionViewOp>(loc, type, view, offsets, sizes);
}

pto::TileBufType FunctionEmitter::subsetType(Value parent, int64_t rows,
                                             int64_t cols) {
  auto type = cast<pto::TileBufType>(parent.getType());
  return pto::TileBufType::get(
      type.getContext(), type.getLoc(), type.getDtype(), rows, cols, rows, cols,
      type.getBlayout(), type.getSlayout(), type.getFractal(), type.getPad());
}

bool FunctionEmitter::sameStorage(Value nextHandle, Value carriedHandle,
                                  Value next, Value carried) {
  if (nextHandle == carriedHandle)
    return true;
  // Level3: a handle is its address. Level2: the handles of one window are
  // views of one root alloc_tile (rootView), which ptoas aliases.
  const Window *a = storage.lookup(next), *b = storage.lookup(carried);
  return a && b && *a == *b;
}

void FunctionEmitter::anchor(Value handle, Operation *loop) {
  if (!level3 && handle)
    anchors[handle].push_back(loop);
}

//===----------------------------------------------------------------------===//
// Functions and blocks
//===----------------------------------------------------------------------===//

LogicalResult FunctionEmitter::emit() {
  Block *entry = target.addEntryBlock();
  body.setInsertionPointToEnd(entry);
  sentinel = body.create<arith::ConstantIndexOp>(source.getLoc(), 0);
  prologue.setInsertionPoint(sentinel);

  for (auto [from, to] :
       llvm::zip(source.getArguments(), entry->getArguments())) {
    auto tensor = dyn_cast<GlobalTensorType>(from.getType());
    if (!tensor) {
      scalars.map(from, to);
      continue;
    }
    // Static shape and row-major strides of the tensor argument.
    int64_t rows = tensor.getShape()[0], cols = tensor.getShape()[1];
    auto viewType = pto::TensorViewType::get(
        tensor.getContext(), {ShapedType::kDynamic, ShapedType::kDynamic},
        tensor.getElementType());
    SmallVector<Value> shape{indexConst(rows), indexConst(cols)};
    SmallVector<Value> strides{indexConst(cols), indexConst(1)};
    tensorViews[from] = prologue.create<pto::MakeTensorViewOp>(
        source.getLoc(), viewType, to, shape, strides);
  }

  if (!level3)
    chooseRoots();
  Block &block = source.getBody().front();
  if (failed(emitBlock(block)))
    return failure();
  // Functions return nothing: tensor results are the arguments' memory.
  body.create<func::ReturnOp>(block.getTerminator()->getLoc());
  sentinel->erase();
  if (!level3) {
    if (failed(expandSelections()))
      return failure();
    placeRoots();
  }
  return success();
}

LogicalResult FunctionEmitter::expandSelections() {
  DenseMap<Value, const Selection *> selected;
  for (auto &[chain, selection] : selections)
    selected[chain->getResult(0)] = &selection;
  SmallVector<Operation *> work;
  for (auto &[chain, selection] : selections)
    for (Operation *user : chain->getResult(0).getUsers())
      work.push_back(user);
  // Each user becomes `scf.if (%s == 0) { op(h0) } else { ... op(hN-1) }`;
  // a copy that uses another selection is expanded in turn.
  DenseSet<Operation *> done;
  while (!work.empty()) {
    Operation *user = work.pop_back_val();
    if (!done.insert(user).second)
      continue;
    Value value;
    for (Value operand : user->getOperands())
      if (selected.count(operand)) {
        value = operand;
        break;
      }
    if (!value)
      continue;
    if (user->getNumResults() != 0 || user->getNumRegions() != 0 ||
        user->hasTrait<OpTrait::IsTerminator>())
      return user->emitError("cannot be emitted to PTO: a level2 tile in a "
                             "dynamic slot reaches ")
             << user->getName() << ", which cannot be repeated per slot";
    const Selection &selection = *selected.lookup(value);
    OpBuilder builder(user);
    Location loc = user->getLoc();
    for (auto [index, handle] : llvm::enumerate(selection.perSlot)) {
      IRMapping mapping;
      mapping.map(value, handle);
      if (index + 1 == selection.perSlot.size()) {
        work.push_back(builder.clone(*user, mapping));
        break;
      }
      auto branch = builder.create<scf::IfOp>(loc, selection.conds[index],
                                              /*withElseRegion=*/true);
      builder.setInsertionPointToStart(branch.thenBlock());
      work.push_back(builder.clone(*user, mapping));
      // The remaining slots go into the else arm.
      builder.setInsertionPointToStart(branch.elseBlock());
    }
    user->erase();
  }
  for (auto &[chain, selection] : llvm::reverse(selections)) {
    if (!chain->use_empty())
      return chain->emitError("internal error: a level2 slot selection is "
                              "still used after its users were expanded");
    chain->erase();
  }
  selections.clear();
  return success();
}

void FunctionEmitter::placeRoots() {
  Block *entry = &target.getBody().front();
  SmallVector<pto::AllocTileOp> allocs(entry->getOps<pto::AllocTileOp>());
  for (pto::AllocTileOp alloc : allocs) {
    // The alloc_tile and the views of it made next to it.
    SmallVector<Operation *> group{alloc};
    DenseSet<Operation *> inGroup{alloc};
    SmallVector<Operation *> users;
    for (unsigned next = 0; next < group.size(); ++next)
      for (Operation *user : group[next]->getResult(0).getUsers()) {
        if (isa<pto::SubsetOp, pto::TReshapeOp>(user) &&
            user->getBlock() == entry) {
          if (inGroup.insert(user).second)
            group.push_back(user);
          continue;
        }
        users.push_back(user);
      }
    for (Operation *op : group)
      for (Operation *loop : anchors.lookup(op->getResult(0)))
        users.push_back(loop);
    // Views nothing uses (a view whose only reader is another view op of
    // the source, which takes its handle from its own window) go.
    for (Operation *op : llvm::reverse(group))
      if (op != alloc && op->use_empty()) {
        inGroup.erase(op);
        op->erase();
      }
    llvm::erase_if(group, [&](Operation *op) { return !inGroup.count(op); });
    if (users.empty()) {
      for (Operation *op : llvm::reverse(group))
        if (op->use_empty())
          op->erase();
      continue;
    }
    // The innermost block holding every user: one of the first user's
    // enclosing blocks (structured control flow, so the first that holds
    // all the others).
    Block *home = nullptr;
    for (Block *block = users.front()->getBlock(); block;
         block = block->getParentOp() ? block->getParentOp()->getBlock()
                                      : nullptr) {
      if (llvm::all_of(users, [&](Operation *user) {
            return block->findAncestorOpInBlock(*user) != nullptr;
          })) {
        home = block;
        break;
      }
      if (block == entry)
        break;
    }
    if (!home)
      home = entry;
    Operation *first = nullptr;
    for (Operation *user : users) {
      Operation *ancestor = home->findAncestorOpInBlock(*user);
      if (!first || ancestor->isBeforeInBlock(first))
        first = ancestor;
    }
    llvm::sort(group, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    for (Operation *op : group)
      op->moveBefore(first);
  }
}

LogicalResult FunctionEmitter::emitBlock(Block &block) {
  for (Operation &op : block.without_terminator())
    if (failed(emitOp(&op)))
      return failure();
  return success();
}

LogicalResult FunctionEmitter::emitOp(Operation *op) {
  return TypeSwitch<Operation *, LogicalResult>(op)
      // Handles are made per window when a value needs one.
      .Case<AllocOp>([](auto) { return success(); })
      .Case<LoadOp>([&](auto op) { return emitLoad(op); })
      .Case<StoreOp>([&](auto op) { return emitStore(op); })
      .Case<MoveOp>([&](auto op) { return emitUnary<pto::TMovOp>(op); })
      .Case<ExtractOp>([&](auto op) { return emitExtract(op); })
      .Case<CreateOp>([&](auto op) -> LogicalResult {
        FailureOr<Value> handle = producerHandle(op);
        if (failed(handle))
          return failure();
        tileHandles[op.getResult()] = *handle;
        return success();
      })
      .Case<AddOp>([&](auto op) { return emitBinary<pto::TAddOp>(op); })
      .Case<SubOp>([&](auto op) { return emitBinary<pto::TSubOp>(op); })
      .Case<MulOp>([&](auto op) { return emitBinary<pto::TMulOp>(op); })
      .Case<MaximumOp>([&](auto op) { return emitBinary<pto::TMaxOp>(op); })
      .Case<ExpOp>([&](auto op) { return emitUnary<pto::TExpOp>(op); })
      .Case<AddSOp>([&](auto op) {
        return emitTileScalar<pto::TAddSOp>(op, op.getScalar());
      })
      .Case<MulSOp>([&](auto op) {
        return emitTileScalar<pto::TMulSOp>(op, op.getScalar());
      })
      .Case<FullOp>([&](auto op) { return emitFull(op); })
      .Case<TransposeOp>(
          [&](auto op) { return emitWithScratch<pto::TTransOp>(op, "ttrans"); })
      .Case<RowSumOp>([&](auto op) {
        return emitWithScratch<pto::TRowSumOp>(op, "trowsum");
      })
      .Case<RowExpandMulOp>(
          [&](auto op) { return emitBinary<pto::TRowExpandMulOp>(op); })
      .Case<MatmulOp>([&](auto op) { return emitBinary<pto::TMatmulOp>(op); })
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
  if (isa<TileDialect>(op->getDialect()))
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
  // Index and i64 constants share the prologue's (one per value).
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
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
  if (failed(scalarsOf(op->getOperands(), op)))
    return failure();
  body.clone(*op, scalars);
  return success();
}

//===----------------------------------------------------------------------===//
// Tile ops
//===----------------------------------------------------------------------===//

/// `map` applied to each of `values`, or failure at the first that fails
/// (it has reported why).
static FailureOr<SmallVector<Value>>
mapEach(ValueRange values, function_ref<FailureOr<Value>(Value)> map) {
  SmallVector<Value> mapped;
  for (Value value : values) {
    FailureOr<Value> one = map(value);
    if (failed(one))
      return failure();
    mapped.push_back(*one);
  }
  return mapped;
}

FailureOr<SmallVector<Value>> FunctionEmitter::scalarsOf(ValueRange values,
                                                         Operation *user) {
  return mapEach(values, [&](Value value) { return scalar(value, user); });
}

FailureOr<SmallVector<Value>> FunctionEmitter::handlesOf(ValueRange tiles,
                                                         Operation *user) {
  return mapEach(tiles, [&](Value tile) { return handleOf(tile, user); });
}

LogicalResult FunctionEmitter::requireRowMajor(Value handle, Operation *op,
                                               StringRef ptoOp,
                                               StringRef what) {
  auto type = cast<pto::TileBufType>(handle.getType());
  if (type.getBlayout() == "row_major")
    return success();
  return cannotEmit(op) << "its " << what << " is a col_major tile_buf ("
                        << (type.getCols() == 1 ? "a column vector"
                                                : "a transposed view")
                        << "), and ptoas's pto." << ptoOp
                        << " requires a row-major " << what
                        << " (tile-materialize-transposed-views turns a "
                           "transposed view into a transpose)";
}

FailureOr<Value> FunctionEmitter::storageOrderHandle(Value tile, Value handle,
                                                     Operation *user) {
  auto type = cast<pto::TileBufType>(handle.getType());
  if (type.getBlayout() == "row_major")
    return handle;
  const Window *window = storage.lookup(tile);
  if (!window)
    return cannotEmit(user) << "a tile operand has no storage";
  // A col_major RxC tile_buf over dense bytes is the row-major CxR one.
  auto tileType = cast<TileType>(tile.getType());
  auto flipped =
      TileType::get(tile.getContext(), {tileType.getCols(), tileType.getRows()},
                    tileType.getElementType(), tileType.getSpace());
  Window rowMajor = *window;
  rowMajor.rowStride = tileType.getRows();
  rowMajor.colStride = 1;
  return windowHandle(rowMajor, flipped, user);
}

FailureOr<SmallVector<Value>>
FunctionEmitter::elementwiseHandles(ArrayRef<Value> tiles,
                                    ArrayRef<Value> handles, Operation *op,
                                    StringRef ptoOp) {
  auto layout = [](Value handle) {
    return cast<pto::TileBufType>(handle.getType()).getBlayout();
  };
  SmallVector<Value> out(handles.begin(), handles.end());
  if (llvm::all_of(handles, [&](Value h) { return layout(h) == "row_major"; }))
    return out;
  if (llvm::all_of(handles,
                   [&](Value h) { return layout(h) == "col_major"; })) {
    for (auto [index, tile] : llvm::enumerate(tiles)) {
      FailureOr<Value> rowMajor = storageOrderHandle(tile, handles[index], op);
      if (failed(rowMajor))
        return failure();
      out[index] = *rowMajor;
    }
    return out;
  }
  for (Value handle : handles)
    if (layout(handle) != "row_major")
      if (failed(requireRowMajor(handle, op, ptoOp, "operand")))
        return failure();
  return out;
}

template <typename PTOOp>
LogicalResult FunctionEmitter::emitUnary(Operation *op) {
  FailureOr<Value> src = handleOf(op->getOperand(0), op);
  if (failed(src))
    return failure();
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  tileHandles[op->getResult(0)] = *dst;
  Value from = *src, to = *dst;
  if constexpr (std::is_same_v<PTOOp, pto::TMovOp>) {
    // pto.tmov within vec copies bytes (pto-isa's TMovToVec copies rows),
    // so both sides must have one layout; a transposed view is not copied
    // by it into a row-major tile.
    auto s = cast<pto::TileBufType>(from.getType());
    auto d = cast<pto::TileBufType>(to.getType());
    if (s.getLoc() == "vec" && d.getLoc() == "vec" &&
        s.getBlayout() != d.getBlayout())
      return requireRowMajor(s.getBlayout() == "row_major" ? to : from, op,
                             "tmov", "source");
    // ptoas's A2/A3 verifier: "expects A2/A3 non-mat tmov to use matching
    // src/dst shapes" (the physical ones: a column block's tile_buf is as
    // wide as its row stride).
    if (arch != TargetArch::A5 && s.getLoc() != "mat" &&
        (s.getRows() != d.getRows() || s.getCols() != d.getCols()))
      return cannotEmit(op)
             << "ptoas's A2/A3 pto.tmov wants source and destination "
                "tile_bufs of one shape, and a column block's is as wide as "
                "its row stride ("
             << s << " into " << d << ")";
  } else {
    FailureOr<SmallVector<Value>> handles =
        elementwiseHandles({op->getOperand(0), op->getResult(0)}, {from, to},
                           op, PTOOp::getOperationName().drop_front(4));
    if (failed(handles))
      return failure();
    from = (*handles)[0];
    to = (*handles)[1];
  }
  body.create<PTOOp>(op->getLoc(), from, to);
  return success();
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
  tileHandles[op->getResult(0)] = *dst;
  SmallVector<Value> handles{(*ins)[0], (*ins)[1], *dst};
  StringRef name = PTOOp::getOperationName().drop_front(4);
  if constexpr (std::is_same_v<PTOOp, pto::TRowExpandMulOp>) {
    // The source and the result row-major, the factors a column.
    if (failed(requireRowMajor(handles[0], op, name, "source")) ||
        failed(requireRowMajor(handles[2], op, name, "result")))
      return failure();
  } else if constexpr (!std::is_same_v<PTOOp, pto::TMatmulOp>) {
    FailureOr<SmallVector<Value>> normalized = elementwiseHandles(
        {op->getOperand(0), op->getOperand(1), op->getResult(0)}, handles, op,
        name);
    if (failed(normalized))
      return failure();
    handles = *normalized;
    // pto-isa's TADD (unlike TSUB, TMUL, TMAX) takes its three tiles as
    // one C++ Tile type.
    if (std::is_same_v<PTOOp, pto::TAddOp> &&
        (handles[0].getType() != handles[2].getType() ||
         handles[1].getType() != handles[2].getType()))
      return cannotEmit(op)
             << "pto-isa's TADD takes its three tiles as one Tile type, and "
                "a column block's tile_buf is as wide as its row stride ("
             << handles[0].getType() << " + " << handles[1].getType() << " -> "
             << handles[2].getType() << ")";
  }
  body.create<PTOOp>(op->getLoc(), handles[0], handles[1], handles[2]);
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
  tileHandles[op->getResult(0)] = *dst;
  // ptoas's verifier lets a col_major tile through, but pto-isa's
  // TADDS/TMULS static-assert row-major tiles.
  FailureOr<SmallVector<Value>> handles =
      elementwiseHandles({op->getOperand(0), op->getResult(0)}, {*src, *dst},
                         op, PTOOp::getOperationName().drop_front(4));
  if (failed(handles))
    return failure();
  // ptoas takes the scalar in the tile's element type.
  Type element = cast<TileType>(op->getResult(0).getType()).getElementType();
  Value converted = convertScalar(*value, element, op->getLoc());
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
  tileHandles[op->getResult(0)] = *dst;
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
    body.create<pto::TMovOp>(op->getLoc(), *from, *to);
    return success();
  }
  if (failed(requireRowMajor(*src, op, ptoName, "source")))
    return failure();
  FailureOr<Value> tmp = scratch(op, sourceType, ptoName);
  if (failed(tmp))
    return failure();
  body.create<PTOOp>(op->getLoc(), *src, *tmp, *dst);
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
  tileHandles[op.getResult()] = *dst;
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
  tileHandles[op.getResult()] = *dst;
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
  FailureOr<Value> dst = producerHandle(op);
  if (failed(dst))
    return failure();
  Type element = op.getType().getElementType();
  double value = op.getValueAttr().getValueAsDouble();
  TypedAttr attr;
  if (isa<FloatType>(element))
    attr = prologue.getFloatAttr(element, value);
  else
    attr = prologue.getIntegerAttr(element, static_cast<int64_t>(value));
  Value fill = prologue.create<arith::ConstantOp>(op.getLoc(), attr);
  tileHandles[op.getResult()] = *dst;
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
  if (failed(handleOf(op->getOperand(0), op)))
    return failure();
  Value result = op->getResult(0);
  const Window *window = storage.lookup(result);
  if (!window)
    return cannotEmit(op)
           << "its result has no storage (a reshape of a strided or "
              "transposed view does not name its bytes in row-major order)";
  FailureOr<Value> handle =
      windowHandle(*window, cast<TileType>(result.getType()), op);
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
  body.create<pto::BarrierOp>(op.getLoc(),
                              pto::PipeAttr::get(op.getContext(), "PIPE_ALL"));
  return success();
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
  ArrayRef<int64_t> offsets = op.getOffsets();
  int64_t element = targetType.getElementBytes();
  Window block = *target;
  block.offset +=
      (offsets[0] * target->rowStride + offsets[1] * target->colStride) *
      element;
  block.size = ((sourceType.getRows() - 1) * target->rowStride +
                (sourceType.getCols() - 1) * target->colStride + 1) *
               element;
  FailureOr<Value> blockHandle = windowHandle(block, sourceType, op);
  if (failed(blockHandle))
    return failure();
  auto srcType = cast<pto::TileBufType>(src->getType());
  auto dstType = cast<pto::TileBufType>(blockHandle->getType());
  if (srcType.getRows() != dstType.getRows() ||
      srcType.getCols() != dstType.getCols() ||
      srcType.getBlayout() != dstType.getBlayout())
    return cannotEmit(op)
           << "the block is not a whole-row block of the target, and "
              "ptoas's A2/A3 pto.tmov wants source and destination of one "
              "shape and layout (here "
           << srcType << " into " << dstType << ")";
  body.create<pto::TMovOp>(op.getLoc(), *src, *blockHandle);
  return success();
}

LogicalResult FunctionEmitter::emitScope(ScopeOp op) {
  // Transparent: the body is inlined and the results are what it yields.
  Block &block = op.getBody().front();
  if (failed(emitBlock(block)))
    return failure();
  auto yield = cast<ScopeYieldOp>(block.getTerminator());
  for (auto [result, value] : llvm::zip(op.getResults(), yield.getValues())) {
    if (isa<TileType>(result.getType())) {
      FailureOr<Value> handle = handleOf(value, yield);
      if (failed(handle))
        return failure();
      tileHandles[result] = *handle;
    } else if (!isa<GlobalTensorType>(result.getType())) {
      FailureOr<Value> mapped = scalar(value, yield);
      if (failed(mapped))
        return failure();
      scalars.map(result, *mapped);
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow: tile and tensor carries are dropped
//===----------------------------------------------------------------------===//

/// Whether a value of `type` is carried through PTO control flow (scalars);
/// tiles live in handles and tensors are the arguments' memory.
static bool isCarried(Type type) {
  return !isa<TileType, GlobalTensorType, BufferType>(type);
}

LogicalResult FunctionEmitter::emitLoopYield(Operation *loop,
                                             scf::YieldOp yield,
                                             ValueRange carriedArgs) {
  // Scalars are yielded; tiles must come back in their carry's handle (the
  // PTO loop carries no tile), tensors are global memory.
  SmallVector<Value> yielded;
  for (auto [index, value] : llvm::enumerate(yield.getOperands())) {
    Value arg = carriedArgs[index];
    if (isCarried(value.getType())) {
      FailureOr<Value> mapped = scalar(value, yield);
      if (failed(mapped))
        return failure();
      yielded.push_back(*mapped);
    } else if (isa<TileType>(value.getType())) {
      FailureOr<Value> handle = handleOf(value, yield);
      if (failed(handle))
        return failure();
      if (!sameStorage(*handle, tileHandles.lookup(arg), value, arg))
        return cannotEmit(loop)
               << "carry #" << index
               << " is yielded in other storage than its initializer; a "
                  "loop-carried tile must be updated in place (run "
                  "tile-materialize-semantic-aliases)";
    }
  }
  body.create<scf::YieldOp>(yield.getLoc(), yielded);
  return success();
}

LogicalResult FunctionEmitter::emitFor(scf::ForOp op) {
  SmallVector<Value> bounds;
  for (Value bound : {op.getLowerBound(), op.getUpperBound(), op.getStep()}) {
    FailureOr<Value> mapped = scalar(bound, op);
    if (failed(mapped))
      return failure();
    bounds.push_back(*mapped);
  }
  SmallVector<Value> inits, carriedTiles;
  for (auto [index, init] : llvm::enumerate(op.getInitArgs())) {
    Type type = init.getType();
    if (isa<BufferType>(type))
      return cannotEmit(op) << "a buffer cannot be loop-carried";
    if (isCarried(type)) {
      FailureOr<Value> mapped = scalar(init, op);
      if (failed(mapped))
        return failure();
      inits.push_back(*mapped);
    } else if (isa<TileType>(type)) {
      FailureOr<Value> handle = handleOf(init, op);
      if (failed(handle))
        return failure();
      tileHandles[op.getRegionIterArgs()[index]] = *handle;
      tileHandles[op.getResult(index)] = *handle;
      carriedTiles.push_back(*handle);
    }
  }
  auto loop = body.create<scf::ForOp>(
      op.getLoc(), bounds[0], bounds[1], bounds[2], inits,
      /*bodyBuilder=*/nullptr, op.getUnsignedCmp());
  for (Value handle : carriedTiles)
    anchor(handle, loop);
  Block *loopBody = loop.getBody();
  if (!loopBody->empty())
    loopBody->getTerminator()->erase();
  scalars.map(op.getInductionVar(), loop.getInductionVar());
  unsigned kept = 0;
  for (BlockArgument arg : op.getRegionIterArgs())
    if (isCarried(arg.getType()))
      scalars.map(arg, loop.getRegionIterArgs()[kept++]);

  OpBuilder::InsertionGuard guard(body);
  body.setInsertionPointToEnd(loopBody);
  if (failed(emitBlock(*op.getBody())))
    return failure();
  auto yield = cast<scf::YieldOp>(op.getBody()->getTerminator());
  if (failed(emitLoopYield(op, yield, op.getRegionIterArgs())))
    return failure();
  kept = 0;
  for (OpResult result : op.getResults())
    if (isCarried(result.getType()))
      scalars.map(result, loop.getResult(kept++));
  return success();
}

LogicalResult FunctionEmitter::emitWhile(scf::WhileOp op) {
  Block &before = op.getBefore().front(), &after = op.getAfter().front();
  auto condition = op.getConditionOp();
  SmallVector<Value> inits;
  SmallVector<Type> beforeTypes, afterTypes;
  SmallPtrSet<Value, 4> carriedHandles;
  for (auto [index, init] : llvm::enumerate(op.getInits())) {
    Type type = init.getType();
    if (isa<BufferType>(type))
      return cannotEmit(op) << "a buffer cannot be loop-carried";
    if (isCarried(type)) {
      FailureOr<Value> mapped = scalar(init, op);
      if (failed(mapped))
        return failure();
      inits.push_back(*mapped);
      beforeTypes.push_back(type);
    } else if (isa<TileType>(type)) {
      FailureOr<Value> handle = handleOf(init, op);
      if (failed(handle))
        return failure();
      tileHandles[before.getArgument(index)] = *handle;
      carriedHandles.insert(*handle);
    }
  }
  for (Value forwarded : condition.getArgs()) {
    if (isa<BufferType>(forwarded.getType()))
      return cannotEmit(op) << "a buffer cannot be loop-carried";
    if (isCarried(forwarded.getType()))
      afterTypes.push_back(forwarded.getType());
  }
  auto loop = body.create<scf::WhileOp>(op.getLoc(), afterTypes, inits);
  for (Value handle : carriedHandles)
    anchor(handle, loop);
  // createBlock moves the insertion point into the new block.
  OpBuilder::InsertionGuard guard(body);
  SmallVector<Location> beforeLocs(beforeTypes.size(), op.getLoc());
  SmallVector<Location> afterLocs(afterTypes.size(), op.getLoc());
  Block *newBefore =
      body.createBlock(&loop.getBefore(), {}, beforeTypes, beforeLocs);
  Block *newAfter =
      body.createBlock(&loop.getAfter(), {}, afterTypes, afterLocs);
  unsigned kept = 0;
  for (BlockArgument arg : before.getArguments())
    if (isCarried(arg.getType()))
      scalars.map(arg, newBefore->getArgument(kept++));

  // Before region: the forwarded tiles name the after-arguments' and the
  // results' storage, so their handles must be visible after the loop.
  body.setInsertionPointToEnd(newBefore);
  if (failed(emitBlock(before)))
    return failure();
  FailureOr<Value> cond = scalar(condition.getCondition(), condition);
  if (failed(cond))
    return failure();
  SmallVector<Value> forwarded;
  for (auto [index, value] : llvm::enumerate(condition.getArgs())) {
    if (isCarried(value.getType())) {
      FailureOr<Value> mapped = scalar(value, condition);
      if (failed(mapped))
        return failure();
      forwarded.push_back(*mapped);
    } else if (isa<TileType>(value.getType())) {
      FailureOr<Value> handle = handleOf(value, condition);
      if (failed(handle))
        return failure();
      // The handle must be visible after the loop: the forwarded value is
      // defined outside it (scf.condition sees only its block and enclosing
      // ones), or its handle is a carried one or in the prologue.
      bool outside = value.getParentBlock() != &before ||
                     carriedHandles.contains(*handle) ||
                     handle->getParentBlock() == &target.getBody().front();
      if (!outside)
        return cannotEmit(op) << "result #" << index
                              << " is forwarded from storage made inside "
                                 "the loop, which has no handle after it";
      tileHandles[after.getArgument(index)] = *handle;
      tileHandles[op.getResult(index)] = *handle;
      anchor(*handle, loop);
    }
  }
  body.create<scf::ConditionOp>(condition.getLoc(), *cond, forwarded);

  kept = 0;
  for (BlockArgument arg : after.getArguments())
    if (isCarried(arg.getType()))
      scalars.map(arg, newAfter->getArgument(kept++));
  body.setInsertionPointToEnd(newAfter);
  if (failed(emitBlock(after)))
    return failure();
  auto yield = cast<scf::YieldOp>(after.getTerminator());
  if (failed(emitLoopYield(op, yield, before.getArguments())))
    return failure();
  kept = 0;
  for (OpResult result : op.getResults())
    if (isCarried(result.getType()))
      scalars.map(result, loop.getResult(kept++));
  return success();
}

LogicalResult FunctionEmitter::emitIf(scf::IfOp op) {
  FailureOr<Value> cond = scalar(op.getCondition(), op);
  if (failed(cond))
    return failure();
  SmallVector<Type> types;
  for (Type type : op.getResultTypes()) {
    if (isa<BufferType>(type))
      return cannotEmit(op) << "a buffer cannot be a branch result";
    if (isCarried(type))
      types.push_back(type);
  }
  bool hasElse = !op.getElseRegion().empty();
  auto branch = body.create<scf::IfOp>(op.getLoc(), types, *cond, hasElse);

  // Emits one arm; returns the handles of the tiles it yields.
  auto emitArm = [&](Region &from, Region &to,
                     SmallVectorImpl<Value> &armHandles) -> LogicalResult {
    Block *block = &to.front();
    if (!block->empty())
      block->getTerminator()->erase();
    OpBuilder::InsertionGuard guard(body);
    body.setInsertionPointToEnd(block);
    if (failed(emitBlock(from.front())))
      return failure();
    auto yield = cast<scf::YieldOp>(from.front().getTerminator());
    SmallVector<Value> yielded;
    for (Value value : yield.getOperands()) {
      if (isCarried(value.getType())) {
        FailureOr<Value> mapped = scalar(value, yield);
        if (failed(mapped))
          return failure();
        yielded.push_back(*mapped);
        armHandles.push_back(Value());
      } else if (isa<TileType>(value.getType())) {
        FailureOr<Value> handle = handleOf(value, yield);
        if (failed(handle))
          return failure();
        armHandles.push_back(*handle);
      } else {
        armHandles.push_back(Value());
      }
    }
    body.create<scf::YieldOp>(yield.getLoc(), yielded);
    return success();
  };
  SmallVector<Value> thenHandles, elseHandles;
  if (failed(emitArm(op.getThenRegion(), branch.getThenRegion(), thenHandles)))
    return failure();
  if (hasElse &&
      failed(emitArm(op.getElseRegion(), branch.getElseRegion(), elseHandles)))
    return failure();

  unsigned kept = 0;
  for (auto [index, result] : llvm::enumerate(op.getResults())) {
    if (isCarried(result.getType())) {
      scalars.map(result, branch.getResult(kept++));
      continue;
    }
    if (!isa<TileType>(result.getType()))
      continue;
    // Both arms wrote the result's window (storage legalization put both
    // arms' values in one window), so the result is that window's handle:
    // the same handle, or (level3) any handle of the window, or (level2) a
    // view of the window's root alloc_tile. No tile_buf is yielded: ptoas
    // retypes tile_buf scf.if results after its verifiers run, and its C++
    // casts them to pointers.
    if (!hasElse)
      return cannotEmit(op) << "a tile result needs an else arm";
    Value thenHandle = thenHandles[index], elseHandle = elseHandles[index];
    if (thenHandle == elseHandle) {
      tileHandles[result] = thenHandle;
      continue;
    }
    Value thenValue = op.thenYield().getOperand(index);
    Value elseValue = op.elseYield().getOperand(index);
    const Window *thenWindow = storage.lookup(thenValue);
    const Window *elseWindow = storage.lookup(elseValue);
    auto type = cast<TileType>(result.getType());
    if (!thenWindow || !elseWindow || *thenWindow != *elseWindow)
      return cannotEmit(op) << "result #" << index
                            << " is yielded in different storage by the two "
                               "arms (run tile-materialize-semantic-aliases)";
    FailureOr<Value> handle = windowHandle(*thenWindow, type, op);
    if (failed(handle))
      return failure();
    tileHandles[result] = *handle;
  }
  // An if whose arms only wrote handles they did not yield, and wrote
  // nothing (both arms were tile values only), is dropped.
  auto onlyYield = [](Region &region) {
    return region.empty() || region.front().getOperations().size() == 1;
  };
  if (branch.getNumResults() == 0 && onlyYield(branch.getThenRegion()) &&
      onlyYield(branch.getElseRegion()))
    branch.erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Module
//===----------------------------------------------------------------------===//

/// ptoas 0.27 lowers scf.while to CFG blocks, which it cannot do inside a
/// single-block region: when an scf.while sits inside an scf.for, scf.if or
/// scf.while (needsWholeFunctionSCFToCF in its PTOToEmitC.cpp), it first
/// lowers every scf.for and scf.if of the function to a CFG, then each
/// scf.while with SCFWhileToCF, which moves only the first block of the
/// while's regions and casts its terminator to scf.yield: a while whose body
/// holds an scf.for or scf.if (now several blocks) makes it assert. Such a
/// kernel is refused at the while, naming the while that forces the
/// whole-function lowering and the op that makes the body several blocks.
static LogicalResult checkWhileNesting(func::FuncOp func) {
  scf::WhileOp nested;
  func.walk([&](scf::WhileOp loop) {
    if (!nested && !isa<func::FuncOp>(loop->getParentOp()))
      nested = loop;
  });
  if (!nested)
    return success();
  Operation *inner = nullptr;
  func.walk([&](Operation *op) {
    if (!inner && isa<scf::ForOp, scf::IfOp>(op) &&
        op->getParentOfType<scf::WhileOp>())
      inner = op;
  });
  if (!inner)
    return success();
  auto loop = inner->getParentOfType<scf::WhileOp>();
  InFlightDiagnostic diag =
      emitError(loop.getLoc())
      << "'scf.while' op cannot be emitted to PTO: ptoas 0.27 crashes on it "
         "(an assertion in SCFWhileToCF): an scf.while inside an scf.for, "
         "scf.if or scf.while makes it lower the whole kernel to a CFG, and "
         "then a while whose body holds an scf.for or scf.if has several "
         "blocks, which SCFWhileToCF does not handle";
  diag.attachNote(nested.getLoc())
      << "this scf.while inside " << nested->getParentOp()->getName()
      << " makes ptoas lower the whole kernel to a CFG";
  diag.attachNote(inner->getLoc())
      << "this " << inner->getName() << " is in the while's body"
      << (isa<scf::IfOp>(inner) ? " (it may come from a tile.matmul_acc "
                                  "init_cond or a level2 dynamic slot)"
                                : "");
  return failure();
}

namespace {
/// ptoas's SCFWhileToCF (PTOToEmitC.cpp): an scf.while whose parent region
/// may hold several blocks becomes a header block (the before region), a
/// body block (the after region) and a branch back. Unlike ptoas's, it
/// moves every block of the regions (ptoas moves the first and asserts on
/// more: checkWhileNesting refuses those kernels before this runs).
struct WhileToCF : OpRewritePattern<scf::WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::WhileOp op,
                                PatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    if (parent && parent->hasTrait<OpTrait::SingleBlock>())
      return failure();
    for (Value result : op.getResults())
      for (Operation *user : result.getUsers())
        if (user->getBlock() != op->getBlock())
          return failure();
    Location loc = op.getLoc();
    Block *after =
        rewriter.splitBlock(op->getBlock(), std::next(Block::iterator(op)));
    for (auto [index, result] : llvm::enumerate(op.getResults()))
      result.replaceAllUsesWith(after->addArgument(result.getType(), loc));
    SmallVector<scf::ConditionOp> conditions;
    for (Block &block : op.getBefore())
      if (auto c = dyn_cast<scf::ConditionOp>(block.getTerminator()))
        conditions.push_back(c);
    SmallVector<scf::YieldOp> yields;
    for (Block &block : op.getAfter())
      if (auto y = dyn_cast<scf::YieldOp>(block.getTerminator()))
        yields.push_back(y);
    Block *header = &op.getBefore().front(), *body = &op.getAfter().front();
    rewriter.inlineRegionBefore(op.getBefore(), after);
    rewriter.inlineRegionBefore(op.getAfter(), after);
    for (scf::ConditionOp c : conditions) {
      rewriter.setInsertionPoint(c);
      rewriter.replaceOpWithNewOp<cf::CondBranchOp>(
          c, c.getCondition(), body, c.getArgs(), after, c.getArgs());
    }
    for (scf::YieldOp y : yields) {
      rewriter.setInsertionPoint(y);
      rewriter.replaceOpWithNewOp<cf::BranchOp>(y, header, y.getOperands());
    }
    rewriter.setInsertionPoint(op);
    rewriter.create<cf::BranchOp>(loc, header, op.getInits());
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

/// A kernel ptoas lowers to a CFG as a whole (an scf.while inside an
/// scf.for, scf.if or scf.while: needsWholeFunctionSCFToCF) goes through
/// SCFToControlFlow for its scf.for and scf.if, then a greedy rewrite with
/// SCFWhileToCF whose default (aggressive) region simplification merges
/// blocks that differ only in operands, making each differing operand a
/// block argument; ptoas's C++ casts a tile_buf block argument to a pointer
/// (an invalid cast, or "tmov lowering expects opaque dst/src types").
/// The same lowering is run on a copy of the emitted kernel: a tile_buf
/// block argument in it refuses the kernel at the op that reads it.
static LogicalResult checkBlockMerging(func::FuncOp func) {
  bool nested = false;
  func.walk([&](scf::WhileOp loop) {
    nested |= !isa<func::FuncOp>(loop->getParentOp());
  });
  if (!nested)
    return success();
  MLIRContext *context = func.getContext();
  context->loadDialect<cf::ControlFlowDialect>();
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(func.getLoc());
  OpBuilder builder(context);
  builder.setInsertionPointToEnd(scratch->getBody());
  auto copy = cast<func::FuncOp>(builder.clone(*func));
  ConversionTarget target(*context);
  target.addIllegalOp<scf::ForOp, scf::IfOp>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  RewritePatternSet lowering(context);
  populateSCFToControlFlowConversionPatterns(lowering);
  if (failed(applyPartialConversion(copy, target, std::move(lowering))))
    return success(); // ptoas fails too, with its own message
  RewritePatternSet whiles(context);
  whiles.add<WhileToCF>(context);
  (void)applyPatternsGreedily(copy, std::move(whiles));
  for (Block &block : copy.getBody())
    for (BlockArgument arg : block.getArguments()) {
      if (!isa<pto::TileBufType>(arg.getType()) || arg.use_empty())
        continue;
      Operation *user = *arg.getUsers().begin();
      InFlightDiagnostic diag =
          emitError(user->getLoc())
          << "cannot be emitted to PTO: ptoas 0.27 lowers this kernel to a "
             "CFG as a whole (an scf.while inside an scf.for, scf.if or "
             "scf.while), and its block merging then makes a tile operand of "
             "the "
          << user->getName()
          << " emitted here a block argument (two blocks differ only in that "
             "tile), which its C++ casts to a pointer";
      llvm::SetVector<Block *> preds(block.pred_begin(), block.pred_end());
      for (Block *pred : preds)
        diag.attachNote(pred->getTerminator()->getLoc())
            << "the merged block is entered from here";
      return failure();
    }
  return success();
}

/// The signature of the PTO function for `func`, or a diagnostic.
static FailureOr<FunctionType> ptoSignature(func::FuncOp func) {
  SmallVector<Type> inputs;
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
    if (auto tensor = dyn_cast<GlobalTensorType>(type)) {
      inputs.push_back(
          pto::PtrType::get(type.getContext(), tensor.getElementType()));
      continue;
    }
    if (isa<TileType, BufferType>(type))
      return cannotEmit(func)
             << "argument #" << index << " is a "
             << (isa<TileType>(type) ? "tile" : "buffer")
             << ": kernel arguments are global tensors and scalars";
    if (!type.isIntOrIndexOrFloat())
      return cannotEmit(func)
             << "argument #" << index << " has type " << type
             << ", which is neither a global tensor nor a scalar";
    inputs.push_back(type);
  }
  for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
    if (!isa<GlobalTensorType>(type))
      return cannotEmit(func)
             << "result #" << index << " is a "
             << (isa<TileType>(type) ? "tile" : "scalar")
             << ": PTO kernels return nothing (only tensor results, which "
                "are argument memory, are dropped)";
  return FunctionType::get(func.getContext(), inputs, {});
}

LogicalResult mlir::tile::translateToPTO(ModuleOp module, raw_ostream &os,
                                         PTOEmitOptions options) {
  MLIRContext *context = module.getContext();
  // Emission recurses per nesting level; modules built without the parser
  // have not been checked yet.
  if (failed(checkNestingDepth(module)))
    return failure();
  context->loadDialect<pto::PTODialect, arith::ArithDialect, func::FuncDialect,
                       scf::SCFDialect>();

  // Kernels: function definitions that are not host-side orchestration.
  SmallVector<func::FuncOp> kernels;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && !isOrchestrationFunction(func))
      kernels.push_back(func);
  if (kernels.empty())
    return module.emitError(
        "cannot be emitted to PTO: the module has no kernel (orchestration "
        "functions and declarations are not emitted)");

  // Level: auto means level3 iff every allocation has an address.
  SmallVector<AllocOp> unaddressed;
  bool anyAlloc = false;
  for (func::FuncOp kernel : kernels)
    kernel.walk([&](AllocOp alloc) {
      anyAlloc = true;
      if (!alloc.getAddrAttr())
        unaddressed.push_back(alloc);
    });
  bool level3 =
      options.level == PTOLevel::Level3 ||
      (options.level == PTOLevel::Auto && anyAlloc && unaddressed.empty());
  if (level3 && !unaddressed.empty()) {
    for (AllocOp alloc : unaddressed)
      cannotEmit(alloc) << "level3 needs an address on every tile.alloc "
                           "(run the address planner or set `addr`)";
    return failure();
  }

  // Entry: the only kernel, or the one marked `pto.entry`.
  func::FuncOp entry;
  if (kernels.size() == 1) {
    entry = kernels.front();
  } else {
    SmallVector<func::FuncOp> marked;
    for (func::FuncOp kernel : kernels)
      if (kernel->hasAttr(kEntryAttrName))
        marked.push_back(kernel);
    if (marked.size() != 1) {
      InFlightDiagnostic diag =
          module.emitError()
          << "cannot be emitted to PTO: " << kernels.size() << " kernels and "
          << marked.size() << " marked `pto.entry`; mark exactly one";
      for (func::FuncOp kernel : kernels)
        diag.attachNote(kernel.getLoc()) << "kernel @" << kernel.getName();
      return failure();
    }
    entry = marked.front();
  }

  OwningOpRef<ModuleOp> out = ModuleOp::create(module.getLoc());
  if (auto arch =
          module->getAttrOfType<StringAttr>(TileDialect::kTargetArchAttrName))
    (*out)->setAttr(kPTOTargetArchAttrName, arch);
  std::optional<TargetArch> arch;
  if (auto name =
          module->getAttrOfType<StringAttr>(TileDialect::kTargetArchAttrName))
    arch = parseTargetArch(name.getValue());

  OpBuilder builder(context);
  builder.setInsertionPointToEnd(out->getBody());
  bool failedAny = false;
  for (func::FuncOp kernel : kernels) {
    FailureOr<FunctionType> type = ptoSignature(kernel);
    if (failed(type)) {
      failedAny = true;
      continue;
    }
    SmallVector<StorageViolation> violations = verifyTileStorage(kernel);
    if (!violations.empty()) {
      for (const StorageViolation &violation : violations)
        violation.op->emitError()
            << "cannot be emitted to PTO: storage is not legalized: "
            << violation.message;
      failedAny = true;
      continue;
    }
    auto func =
        builder.create<func::FuncOp>(kernel.getLoc(), kernel.getName(), *type);
    if (kernels.size() > 1 && kernel == entry)
      func->setAttr(kEntryAttrName, builder.getUnitAttr());
    if (failed(FunctionEmitter(kernel, func, level3, arch).emit()) ||
        failed(checkWhileNesting(func)) || failed(checkBlockMerging(func)))
      failedAny = true;
  }
  if (failedAny)
    return failure();
  if (failed(verify(*out)))
    return module.emitError(
        "internal error: the emitted PTO module does not verify");

  std::string text;
  llvm::raw_string_ostream buffer(text);
  out->print(buffer);
  os << text;
  return success();
}

void mlir::tile::registerTileToPTOTranslation() {
  static llvm::cl::opt<std::string> level(
      "pto-level", llvm::cl::desc("PTO level: auto, level2 or level3"),
      llvm::cl::init("auto"));
  // A raw registration, so that the text's nesting is checked before it is
  // parsed (tilemem/Support/Limits.h).
  TranslateRegistration registration(
      "tile-to-pto", "translate a storage-legalized tile module to PTO",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr, raw_ostream &os,
         MLIRContext *context) -> LogicalResult {
        DialectRegistry registry;
        registry.insert<TileDialect, pto::PTODialect, arith::ArithDialect,
                        func::FuncDialect, scf::SCFDialect>();
        context->appendDialectRegistry(registry);
        if (failed(checkTextNesting(*sourceMgr, context)))
          return failure();
        OwningOpRef<ModuleOp> module =
            parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
        if (!module)
          return failure();
        std::optional<PTOLevel> parsed = parsePTOLevel(level);
        if (!parsed)
          return module->emitError() << "unknown PTO level '" << level
                                     << "' (expected auto, level2 or level3)";
        return translateToPTO(*module, os, PTOEmitOptions{*parsed});
      });
}
