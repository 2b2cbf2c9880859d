//===- FunctionEmitter.h - one kernel as a PTO function --------*- C++ -*-===//
//
// The emitter of one kernel, in parts:
//
//   PTOTypes.cpp        tile types and windows as tile_bufs
//   Handles.cpp         the tile_buf handle of every window (cached by window
//                       and PTO type), scalars, tensor views, scratch tiles
//   Level2.cpp          level2 roots (one alloc_tile per buffer slot, views
//                       of it), dynamic-slot selections, root placement
//   EmitOps.cpp         the tile ops: the emission table (TileToPTO.h, read
//                       from each PTO op's TableGen record) and the ops with
//                       a form of their own
//   EmitControlFlow.cpp scf.for, scf.while, scf.if, tile.scope
//   WhileOnlyNesting.cpp scf.for and scf.if inside an scf.while as whiles,
//                       in a kernel ptoas lowers to a CFG as a whole
//   UnrelatedHandleSyncs.cpp  level3 barriers between tile_bufs sharing
//                       bytes from roots ptoas's InsertSync cannot relate
//   PtoasLimits.cpp     refusals of kernels ptoas 0.27 crashes on or
//                       mistranslates (index values beyond int32_t among
//                       them)
//   TranslateToPTO.cpp  the module driver and the translation registration
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_LIB_TARGET_PTO_FUNCTIONEMITTER_H
#define TILEMEM_LIB_TARGET_PTO_FUNCTIONEMITTER_H

#include "PTOTypes.h"

#include "tilemem/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>
#include <tuple>
#include <unordered_map>

namespace mlir::tile::pto_emission {

/// The attribute that marks the entry among several kernels, on the input
/// (to choose) and on the output (as ptoas expects).
constexpr StringLiteral kEntryAttrName = "pto.entry";
/// Marks an scf.while emitted for an scf.for that carries a scalar, so that
/// the refusals of whiles (PtoasLimits.cpp) name the op the kernel has; it
/// is removed before the PTO is printed.
constexpr StringLiteral kEmittedForAttrName = "tile.emitted_for";

/// The module attribute naming the target for ptoas.
constexpr StringLiteral kPTOTargetArchAttrName = "pto.target_arch";

/// Whether a value of `type` is carried through PTO control flow (scalars);
/// tiles live in handles and tensors are the arguments' memory.
inline bool isCarried(Type type) {
  return !isa<TileType, GlobalTensorType, BufferType>(type);
}

/// "'tile.xxx' op cannot be emitted to PTO: <why>".
inline InFlightDiagnostic cannotEmit(Operation *op) {
  return op->emitOpError("cannot be emitted to PTO: ");
}

/// A handle is identified by its physical window and its PTO type. The PTO
/// type, not the tile type, because it carries the layout: a transposed view
/// of a square RxR tile has the tile type of its source and the same window,
/// but its handle is the col_major tile_buf over those bytes.
using HandleKey = std::tuple<Value, int64_t, int64_t, Value, int64_t, Type>;

/// The window of the block of `op`'s target (in `target`) that `op` copies
/// its source into, derived from the target's like a slice's.
Window assembledBlock(AssembleOp op, const Window &target);

/// Translates one kernel into an (empty) func.func of the PTO module.
class FunctionEmitter {
public:
  FunctionEmitter(func::FuncOp source, func::FuncOp target, bool level3,
                  std::optional<TargetArch> arch)
      : source(source), target(target), level3(level3), arch(arch),
        storage(RecordedWalk(source, hasStorage)), dominance(source),
        body(source.getContext()), prologue(source.getContext()) {}

  LogicalResult emit();

private:
  // Values.
  FailureOr<Value> scalar(Value value, Operation *user);
  FailureOr<Value> handleOf(Value tile, Operation *user);
  /// scalar / handleOf of each value, in order; fails at the first failure.
  FailureOr<SmallVector<Value>> scalarsOf(ValueRange values, Operation *user);
  FailureOr<SmallVector<Value>> handlesOf(ValueRange tiles, Operation *user);
  FailureOr<Value> tensorViewOf(Value tensor, Operation *user);
  /// The handle of the window of `op`'s result, registered as the result's
  /// handle (what later uses of the result read).
  FailureOr<Value> producerHandle(Operation *op);
  /// The handle of `window` holding a `type` value, as `as` when given
  /// (another tile_buf over the same bytes), else as handleType's.
  FailureOr<Value> windowHandle(const Window &window, TileType type,
                                Operation *user,
                                std::optional<pto::TileBufType> as = {});
  /// The handle of `mask`, the predicate mask of a tile of `dataCols`
  /// columns, as pto-isa's TCMP, TCMPS and TSEL read it: a ui8 tile_buf over
  /// its rows whose valid columns are the dataCols / 8 packed bytes (the
  /// simulator's TCMPS and TSEL step through a mask by its valid columns).
  FailureOr<Value> maskHandle(Value mask, int64_t dataCols, Operation *user);
  /// A diagnostic unless `handle` is a dense tile_buf (valid shape = shape):
  /// e.g. the simulator's TCMPS packs a mask by its source's full row.
  LogicalResult requireDense(Value handle, Operation *op, StringRef ptoOp,
                             StringRef what);
  /// requireRowMajor, then requireDense.
  LogicalResult requireDenseRowMajor(Value handle, Operation *op,
                                     StringRef ptoOp, StringRef what) {
    return failure(failed(requireRowMajor(handle, op, ptoOp, what)) ||
                   failed(requireDense(handle, op, ptoOp, what)));
  }
  /// The scratch tile `op` takes (ScratchTileOpInterface::getScratchTileType
  /// gives `type`), as a handle of `type` or, if given, of `as` over its bytes
  /// from `offset` (a part of it: at level2 an allocation of its own).
  FailureOr<Value> scratch(Operation *op, TileType type, StringRef ptoOp,
                           std::optional<pto::TileBufType> as = std::nullopt,
                           int64_t offset = 0);
  /// Level2 on a3: tile.row_expand_add as a pto.trowexpandsub of the negated
  /// column with a tmp (`handles`: source, column, result).
  LogicalResult emitRowExpandAddWithTmp(Operation *op, ArrayRef<Value> handles);
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
  /// buffer live across every loop. Then the roots used in an scf.while
  /// are marked for ptoas's PlanMemory (bracketWhileUses, Level2.cpp).
  LogicalResult placeRoots();
  /// In a kernel with an scf.while inside another op than the function,
  /// which ptoas 0.27 lowers to a CFG as a whole, every scf.for and scf.if
  /// inside an scf.while becomes the scf.while it means: ptoas's
  /// SCFWhileToCF asserts on a while whose body is several blocks
  /// (WhileOnlyNesting.cpp).
  void nestOnlyWhilesInWhiles();
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
  /// A diagnostic unless `handles` (the op's tile operands, then its result)
  /// keep `rule`, naming the column block that breaks it.
  LogicalResult checkShapes(pto::ShapeRule rule, Operation *op, StringRef ptoOp,
                            ArrayRef<Value> handles);
  /// A copy of the tile in `from` into `to` (tile.move, tile.assemble, a
  /// vector transposed): pto.tmov, or pto.tmax(x, x) where ptoas refuses a
  /// tmov between tile_bufs of different row strides; a diagnostic when
  /// neither copies it.
  LogicalResult emitCopy(Operation *op, Value from, Value to);
  /// The diagnostic of `ptoOp` given `handles` (its tile operands, then its
  /// result) in mixed layouts, which ptoas's verifiers refuse; success if
  /// all are row_major.
  LogicalResult mixedLayouts(ArrayRef<Value> handles, Operation *op,
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
  /// Emits the ops of `block` (without its terminator) at the insertion
  /// point, and those of every region nested in them, without recursion:
  /// a region op's emitter queues its first block (queueBlock) with what
  /// follows it, and this loop emits the queued ops innermost first.
  LogicalResult emitBlock(Block &block);
  /// What a region op emits after the ops of one of its blocks (the
  /// terminator's part, its results); it may queue the op's next block.
  using AfterBlock = std::function<LogicalResult()>;
  /// Queues the ops of `source` (without its terminator), to be emitted at
  /// the end of `into` (at the insertion point if null) and followed by
  /// `after`; the insertion point returns where it was once `after` has
  /// run and queued nothing more.
  void queueBlock(Block &source, Block *into, AfterBlock after);
  LogicalResult emitOp(Operation *op);
  LogicalResult emitGeneric(Operation *op);
  /// Emits the arith op `op`, whose operands are mapped, in a form ptoas
  /// 0.27 translates to C++ that computes what `op` means, where its own
  /// translation of `op` would not (PtoasLimits.cpp); false when `op` needs
  /// no other form and is to be copied as it is.
  bool emitArithAsPtoasReadsIt(Operation *op);
  /// ptoas's C++ holds index values in int32_t: refuses an index constant
  /// (or a constant-folded index result) of `op` that does not fit it, and
  /// records the known ones (PtoasLimits.cpp).
  LogicalResult checkIndexFitsInt32(Operation *op);
  /// The same for a loop's induction variable: its last increment, when
  /// the bounds are known, must not overflow int32_t.
  LogicalResult checkInductionFitsInt32(scf::ForOp op);
  /// The value of an index `value` known at compile time, if any.
  std::optional<int64_t> knownIndex(Value value) const;
  /// `op` emitted as the table op whose TileOp it is, if any (PTOOps.td).
  std::optional<LogicalResult> emitFromTable(Operation *op);
  template <typename... PTOOps>
  std::optional<LogicalResult> emitFromTableOf(Operation *op);
  /// `op` emitted as the table op `PTOOp`, in its form.
  template <typename PTOOp> LogicalResult emitAs(Operation *op);
  template <typename PTOOp> LogicalResult emitUnary(Operation *op);
  /// Level2: tile.col_sum as its source's rows added into `sum`, the
  /// result's handle (ptoas 0.27 crashes on pto.tcolsum there).
  LogicalResult emitColSumByRows(Operation *op, Value sum);
  template <typename PTOOp> LogicalResult emitBinary(Operation *op);
  template <typename PTOOp>
  LogicalResult emitTileScalar(Operation *op, Value scalarOperand);
  template <typename PTOOp>
  LogicalResult emitWithScratch(Operation *op, StringRef ptoName);
  template <typename PTOOp> LogicalResult emitCompare(Operation *op);
  template <typename PTOOp> LogicalResult emitFillPad(Operation *op);
  template <typename PTOOp> LogicalResult emitSelect(Operation *op);
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
  /// An scf.for that carries scalars, as an scf.while (EmitControlFlow.cpp).
  LogicalResult emitForAsWhile(scf::ForOp op, ArrayRef<Value> bounds,
                               ArrayRef<Value> inits,
                               ArrayRef<Value> carriedTiles);
  /// The end of `loop`'s last block, emitted as `emitted`: the PTO loop's
  /// yield of `leading` (if any: the next induction variable of a for
  /// emitted as a while) and of its scalar operands (each tile must come
  /// back in its carry's handle), then `loop`'s scalar results mapped to
  /// `emitted`'s after `leading`'s.
  LogicalResult emitLoopEnd(Operation *loop, Operation *emitted,
                            scf::YieldOp yield, ValueRange carriedArgs,
                            Value leading = {});
  LogicalResult emitWhile(scf::WhileOp op);
  /// The while's condition, after its before-block; queues the after-block.
  LogicalResult emitWhileCondition(scf::WhileOp op, scf::WhileOp loop,
                                   Block *newAfter,
                                   const SmallPtrSetImpl<Value> &carried);
  LogicalResult emitIf(scf::IfOp op);
  /// The yield of one arm of `op` (the insertion point at the end of its
  /// emitted arm), collecting the handles of the tiles it yields.
  LogicalResult emitArmYield(Block &from, SmallVectorImpl<Value> &armHandles);
  /// The results of `op` once both arms are emitted as `branch`.
  LogicalResult finishIf(scf::IfOp op, scf::IfOp branch,
                         ArrayRef<Value> thenHandles,
                         ArrayRef<Value> elseHandles);
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
  /// Not DenseMap: every int64_t is a constant a program may hold, and
  /// DenseMap reserves INT64_MAX and INT64_MIN as its empty and deleted keys.
  std::unordered_map<int64_t, Value> indexConsts, i64Consts;
  /// Source index values known at compile time (constants, and arithmetic
  /// on them), as checkIndexFitsInt32 found them.
  DenseMap<Value, int64_t> knownIndexValues;
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
  /// The compares of each (slot value, slot count), shared by every window
  /// it selects, so an op on several windows of one slot is repeated once
  /// per slot rather than once per combination.
  DenseMap<std::pair<Value, int64_t>, SmallVector<Value>> slotConds;
  /// Level3: the bytes each alloc_tile may cover, [lo, hi) in its space,
  /// and whether its address is the constant `lo` (a dynamic slot's is not).
  struct HandleBytes {
    Value handle;
    int64_t lo, hi;
    /// Whether the handle starts at `lo` (a constant address), rather than
    /// anywhere its dynamic slot puts it in [lo, hi).
    bool fixed;
  };
  SmallVector<HandleBytes> level3Handles;
  /// Level3: a pto.barrier between each two accesses, with none between
  /// them, to tile_bufs that share bytes from roots ptoas's InsertSync cannot
  /// relate (UnrelatedHandleSyncs.cpp).
  void separateUnrelatedHandles();
  /// Loops that carry a value stored in a handle (placeRoots).
  DenseMap<Value, SmallVector<Operation *>> anchors;
  /// The blocks emitBlock is inside of, innermost last: the next op of
  /// each, what follows it and the insertion point to return to.
  struct PendingBlock {
    Block::iterator next, end;
    AfterBlock after;
    OpBuilder::InsertPoint resume;
  };
  SmallVector<PendingBlock> pending;
};

/// A pto.barrier #pto.pipe<PIPE_ALL>: every pipe's earlier work completes
/// before anything later starts (PtoasLimits.cpp).
pto::BarrierOp createFullBarrier(OpBuilder &builder, Location loc);
/// Whether `op` is such a barrier.
bool isFullBarrier(Operation *op);
/// Whether `op` makes a tile_buf or a view of one, touching no tile's bytes.
inline bool makesTileBuf(Operation *op) {
  return isa<pto::AllocTileOp, pto::SubsetOp, pto::TReshapeOp>(op);
}
/// Puts a pto.barrier #pto.pipe<PIPE_ALL> (every pipe's earlier work
/// completes before anything later starts) before `op`, unless one already
/// stands there with only alloc_tiles and views, which access nothing,
/// between (PtoasLimits.cpp).
void waitForEveryPipeBefore(Operation *op);
/// A refusal of an emitted loop ("'<op>' op cannot be emitted to PTO: ",
/// the reason to follow), naming the op the kernel has there: an scf.for
/// for a while emitted for one, with a note saying why it is a while
/// (PtoasLimits.cpp).
InFlightDiagnostic refuseLoop(Operation *loop);
/// An scf.while at the builder's insertion point that counts its first
/// carry from `lowerBound` while it is below `upperBound` (signed, or
/// unsigned), carrying `carried` after it: its condition is built, its body
/// an empty block taking every carry (the step is the body's to add).
scf::WhileOp createCountingWhile(OpBuilder &builder, Location loc,
                                 Value lowerBound, Value upperBound,
                                 bool unsignedCmp, ValueRange carried);
/// ptoas 0.27's lowering of a kernel with whiles to a CFG, simulated on a
/// copy of the emitted PTO function given its scf.while ops in walk order
/// (PtoasLimits.cpp): refuses the kernel when a while would be left, and
/// puts a full barrier where two blocks would merge into one taking a tile
/// as a block argument.
LogicalResult checkCFGLowering(func::FuncOp func,
                               ArrayRef<scf::WhileOp> whiles);
/// ptoas 0.27's SCFWhileToCF lowers an scf.while only when every read of its
/// results is in the while's own block (checkCFGLowering). A scalar result
/// read in another block, or after a later while of its block (which ptoas
/// may lower first, splitting the block there), is passed, right after the
/// while, through a cast and back, and the other reads take the cast back:
/// the while's result is then read once, next to it (PtoasLimits.cpp).
void routeWhileResults(ArrayRef<scf::WhileOp> whiles);
/// ptoas 0.27's C++ assigns the iteration arguments of a lowered scf.while
/// one after another from its yield, and the body reads the same variables:
/// `scf.yield %k1, %a1, %a` (the third carry takes the second's old value)
/// becomes `v1 = k1; v2 = a1; v3 = v2;`, which reads the new value. Each
/// yielded iteration argument that changes position is copied before the
/// yield through the round trip of routeWhileResults, a variable the
/// assignments do not write (PtoasLimits.cpp); a type without one is refused.
LogicalResult copyPermutedCarries(ArrayRef<scf::WhileOp> whiles);
/// Whether ptoas 0.27 lowers the arith op `op` to C++ (PtoasLimits.cpp).
bool ptoasLowersArith(Operation *op);

} // namespace mlir::tile::pto_emission

#endif // TILEMEM_LIB_TARGET_PTO_FUNCTIONEMITTER_H
