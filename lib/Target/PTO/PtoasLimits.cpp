//===- PtoasLimits.cpp - what ptoas 0.27 cannot take, and workarounds -----===//
//
// Refusals of kernels ptoas 0.27 crashes on or mistranslates, and the
// rewrites of the emitted PTO that give it an equivalent form it handles
// (the while carries and results passed through a cast round trip, and the
// arith ops it translates wrongly).
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"
#include "tilemem/Support/Walk.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <limits>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::pto_emission;

InFlightDiagnostic pto_emission::refuseLoop(Operation *loop) {
  bool fromFor = loop->hasAttr(kEmittedForAttrName);
  InFlightDiagnostic diag =
      emitError(loop->getLoc())
      << "'"
      << (fromFor ? StringRef("scf.for") : loop->getName().getStringRef())
      << "' op cannot be emitted to PTO: ";
  if (fromFor)
    diag.attachNote(loop->getLoc())
        << "this scf.for carries a scalar, so it is emitted as an scf.while "
           "(ptoas 0.27 crashes on an scf.for that carries one)";
  return diag;
}

static bool isNested(scf::WhileOp loop) {
  return !isa<func::FuncOp>(loop->getParentOp());
}

/// ptoas's SCFWhileToCF (PTOToEmitC.cpp): an scf.while whose parent region
/// may hold several blocks becomes a header block (the before region), a
/// body block (the after region) and a branch back; it fails, leaving the
/// while, when a result is read in another block. Unlike ptoas's, it moves
/// every block of the regions (ptoas moves the first and asserts on more:
/// the emitter leaves no scf.for or scf.if inside a while of such a kernel,
/// WhileOnlyNesting.cpp).
static LogicalResult lowerWhileToCF(RewriterBase &rewriter, scf::WhileOp op) {
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

/// The round trip that passes a scalar through ops ptoas 0.27 keeps as a
/// variable of their own until it lowers scf.while. What it folds decides
/// the carrier, checked on the simulator for every scalar type
/// (tile-to-pto.mlir, @while_lagged_carries_of_every_type):
/// - an identity such as `addi %r, 0` is folded away, and so are
///   `trunci(extsi %r)` and `trunci(extui %r)`;
/// - its index is a 32-bit int, so an i32 through index is an identity it
///   folds, and an i64 through index loses its high half;
/// - index through i64, i1, i8 and i16 through index, and any bitcast pair
///   are kept.
/// So index goes through i64 and narrow integers through index (index_cast),
/// i32 and i64 through the float of their width and floats through the
/// integer of theirs (bitcast). Null when `type` has none.
static Type roundTripType(Type type) {
  MLIRContext *context = type.getContext();
  if (type.isIndex())
    return IntegerType::get(context, 64);
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.getWidth() < 32)
      return IndexType::get(context);
    if (integer.getWidth() == 32)
      return Float32Type::get(context);
    if (integer.getWidth() == 64)
      return Float64Type::get(context);
    return nullptr;
  }
  if (auto floatType = dyn_cast<FloatType>(type))
    return IntegerType::get(context, floatType.getWidth());
  return nullptr;
}

static Value castForRoundTrip(OpBuilder &builder, Location loc, Value value,
                              Type to) {
  if (value.getType().isIntOrIndex() && to.isIntOrIndex())
    return builder.create<arith::IndexCastOp>(loc, to, value);
  return builder.create<arith::BitcastOp>(loc, to, value);
}

/// `value` passed through its round trip at the builder's insertion point,
/// or null when its type has none.
static Value roundTrip(OpBuilder &builder, Location loc, Value value) {
  Type carrier = roundTripType(value.getType());
  if (!carrier)
    return nullptr;
  Value there = castForRoundTrip(builder, loc, value, carrier);
  return castForRoundTrip(builder, loc, there, value.getType());
}

LogicalResult pto_emission::copyPermutedCarries(ArrayRef<scf::WhileOp> whiles) {
  bool refused = false;
  for (scf::WhileOp loop : whiles) {
    Block *after = loop.getAfterBody();
    Block *before = loop.getBeforeBody();
    scf::ConditionOp condition = loop.getConditionOp();
    auto yield = cast<scf::YieldOp>(after->getTerminator());
    OpBuilder builder(yield);
    for (OpOperand &operand : yield->getOpOperands()) {
      auto carried = dyn_cast<BlockArgument>(operand.get());
      if (!carried || carried.getOwner() != after)
        continue;
      // An iteration argument yielded back to its own position is no copy.
      auto forwarded =
          dyn_cast<BlockArgument>(condition.getArgs()[carried.getArgNumber()]);
      if (forwarded && forwarded.getOwner() == before &&
          forwarded.getArgNumber() == operand.getOperandNumber())
        continue;
      if (Value copy = roundTrip(builder, yield.getLoc(), carried)) {
        operand.set(copy);
        continue;
      }
      cannotEmit(yield) << "iteration argument #" << carried.getArgNumber()
                        << " (" << carried.getType()
                        << ") is yielded to position #"
                        << operand.getOperandNumber()
                        << ", which needs a copy ptoas 0.27 keeps, and no "
                           "cast round trip of its type is known to be kept";
      refused = true;
    }
  }
  return failure(refused);
}

/// The ops that read `result`: its users, and the users of every result
/// of theirs that folds to it. ptoas's greedy rewrite folds as it lowers, so
/// `arith.select %c, %r, %r` is %r by the time a while is lowered, and what
/// reads the select reads %r. Each user is folded on a copy, since a fold
/// may update its op in place; an op with regions is not folded here.
static SmallVector<Operation *> readersThroughFolds(Value result) {
  SmallVector<Operation *> readers;
  llvm::SmallPtrSet<Operation *, 8> seen;
  SmallVector<Value> values{result};
  while (!values.empty()) {
    Value value = values.pop_back_val();
    // Copies of a user add uses of `value`: the users are listed first.
    SmallVector<Operation *> users(value.getUsers());
    for (Operation *user : users) {
      if (!seen.insert(user).second)
        continue;
      readers.push_back(user);
      if (user->getNumRegions() != 0 || user->getNumResults() == 0)
        continue;
      Operation *copy = user->clone();
      SmallVector<OpFoldResult> folded;
      if (succeeded(copy->fold(folded)) &&
          folded.size() == user->getNumResults())
        for (auto [index, foldResult] : llvm::enumerate(folded))
          if (llvm::dyn_cast_if_present<Value>(foldResult) == value)
            values.push_back(user->getResult(index));
      copy->destroy();
    }
  }
  return readers;
}

void pto_emission::routeWhileResults(ArrayRef<scf::WhileOp> whiles) {
  bool nested = llvm::any_of(whiles, isNested);
  for (scf::WhileOp loop : whiles) {
    // ptoas lowers the whiles in an order of its greedy driver's: a later
    // while of the block lowered first splits the block there, and a read
    // after it is in another block too. In a kernel ptoas lowers as a whole,
    // so does its SCFToControlFlow at every scf.for and scf.if. The scan
    // stops at the first such op, so the scans of one block's whiles do not
    // overlap.
    Operation *split = nullptr;
    for (Operation *op = loop->getNextNode(); op && !split;
         op = op->getNextNode())
      if (nested ? op->getNumRegions() != 0 : isa<scf::WhileOp>(op))
        split = op;
    auto readElsewhere = [&](Operation *user) {
      return user->getBlock() != loop->getBlock() ||
             (split && !user->isBeforeInBlock(split));
    };
    OpBuilder builder(loop->getContext());
    builder.setInsertionPointAfter(loop);
    for (Value result : loop.getResults()) {
      if (llvm::none_of(readersThroughFolds(result), readElsewhere))
        continue;
      Value back = roundTrip(builder, loop.getLoc(), result);
      if (!back)
        continue;
      Operation *there = back.getDefiningOp()->getOperand(0).getDefiningOp();
      result.replaceAllUsesExcept(back, there);
    }
  }
}

namespace {
/// The ops a rewrite erases, nested ones included.
struct ErasedOps : RewriterBase::Listener {
  void notifyOperationErased(Operation *op) override { erased.insert(op); }
  DenseSet<Operation *> erased;
};
} // namespace

/// ptoas 0.27 lowers every scf.while to CFG blocks with a greedy rewrite
/// (SCFWhileToCF); in a kernel it lowers to a CFG as a whole (an scf.while
/// inside an scf.for, scf.if or scf.while: needsWholeFunctionSCFToCF) its
/// scf.for and scf.if go through SCFToControlFlow first. The same lowering
/// runs on a copy of the emitted kernel, and two of its outcomes matter:
/// - SCFWhileToCF leaves alone a while whose result is read in another block
///   than the while's own (in a nested region, or after an scf.if or scf.for
///   the whole-kernel lowering split the block at), and ptoas then fails
///   with "Unsupported SCF op remained after pre-lowering": the kernel is
///   refused;
/// - the rewrite's default (aggressive) region simplification merges blocks
///   that differ only in operands, making each differing operand a block
///   argument; ptoas's C++ casts a tile_buf block argument to a pointer (an
///   invalid cast, or "tmov lowering expects opaque dst/src types"). The
///   ops of the kernel that read such an argument, one per merged block,
///   are returned (checkCFGLowering keeps the blocks apart there), or with
///   `refuseMerging` the kernel is refused.
/// None when neither happens.
static FailureOr<SmallVector<Operation *>>
simulateCFGLowering(func::FuncOp func, ArrayRef<scf::WhileOp> whiles,
                    bool foldFirst, bool refuseMerging) {
  bool nested = llvm::any_of(whiles, isNested);
  MLIRContext *context = func.getContext();
  context->loadDialect<cf::ControlFlowDialect>();
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(func.getLoc());
  OpBuilder builder(context);
  builder.setInsertionPointToEnd(scratch->getBody());
  IRMapping cloned;
  auto copy = cast<func::FuncOp>(builder.clone(*func, cloned));
  // ptoas runs CSE before it lowers the kernel (ptoas.cpp), and an op it
  // removes can leave a block equal to another but for a tile: the
  // `cmpi eq, %c, false` of a branch's else arm, computed again for a later
  // branch on %c, once CSE reuses the first one, leaves the ops after a
  // while's exit as short as the body of that later arm's while.
  ErasedOps erasedByCSE;
  {
    IRRewriter rewriter(context, &erasedByCSE);
    DominanceInfo dominance;
    eliminateCommonSubExpressions(rewriter, dominance, copy);
  }
  if (nested) {
    ConversionTarget target(*context);
    target.addIllegalOp<scf::ForOp, scf::IfOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet lowering(context);
    populateSCFToControlFlowConversionPatterns(lowering);
    if (failed(applyPartialConversion(copy, target, std::move(lowering))))
      return SmallVector<Operation *>(); // ptoas fails too, with its own
                                         // message
  }
  // The copies of `whiles`, in their order (the clone maps every op; the
  // whole-kernel lowering above moves the whiles without recreating them).
  // Folding first may erase a while nothing reads: they are then found
  // again, by the same walk as `whiles` were.
  SmallVector<scf::WhileOp> copies;
  if (foldFirst) {
    GreedyRewriteConfig noMerging;
    noMerging.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    (void)applyPatternsGreedily(copy, FrozenRewritePatternSet(), noMerging);
    tile::walk(copy, [&](scf::WhileOp loop) { copies.push_back(loop); });
  } else {
    // CSE erases a while nothing reads whose body has no effect.
    for (scf::WhileOp original : whiles) {
      Operation *copyOfIt = cloned.lookup(original.getOperation());
      if (!erasedByCSE.erased.contains(copyOfIt))
        copies.push_back(cast<scf::WhileOp>(copyOfIt));
    }
  }
  // ptoas's greedy rewrite lowers the whiles in an order of its driver's;
  // the last first is the order that splits blocks under the most reads:
  // a while's result read after a later while is then in another block.
  // What passes in this order passes in every other.
  IRRewriter rewriter(context);
  scf::WhileOp left;
  for (scf::WhileOp loop : llvm::reverse(copies))
    if (failed(lowerWhileToCF(rewriter, loop)))
      left = loop;
  // The same greedy rewrite then simplifies the regions (merging blocks
  // that differ only in operands), as ptoas's does after its lowering.
  (void)applyPatternsGreedily(copy, FrozenRewritePatternSet());
  if (left) {
    Operation *reader = nullptr;
    for (Value result : left.getResults())
      for (Operation *user : result.getUsers())
        if (!reader && user->getBlock() != left->getBlock())
          reader = user;
    InFlightDiagnostic diag =
        refuseLoop(left)
        << "ptoas 0.27 lowers an "
           "scf.while to a CFG only when every use of its results is in the "
           "while's own block (SCFWhileToCF; otherwise \"Unsupported SCF op "
           "remained after pre-lowering\")";
    if (reader)
      diag.attachNote(reader->getLoc())
          << "a result is read here, in another block"
          << (nested ? " (an scf.while inside an scf.for, scf.if or "
                       "scf.while makes ptoas lower the whole kernel to a "
                       "CFG, which splits blocks at every scf.for and scf.if)"
                     : "");
    return failure();
  }
  if (!nested)
    return SmallVector<Operation *>();
  // The merged blocks' ops are copies of the kernel's (of the blocks each
  // stands for, one of them): the op of the kernel that reads a tile
  // argument, one per merged block.
  SmallVector<Operation *> readers;
  DenseMap<Operation *, Operation *> originalOf;
  for (Block &block : copy.getBody())
    for (BlockArgument arg : block.getArguments()) {
      if (!isa<pto::TileBufType>(arg.getType()) || arg.use_empty())
        continue;
      Operation *user = *arg.getUsers().begin();
      if (!refuseMerging) {
        if (originalOf.empty())
          for (auto [original, copyOfIt] : cloned.getOperationMap())
            originalOf[copyOfIt] = original;
        // CSE and the lowering erase ops of the copy and make new ones, which
        // may reuse an erased one's memory: an op of the kernel is the
        // original only if it is the same op.
        Operation *original = originalOf.lookup(user);
        if (original && original->getName() == user->getName()) {
          readers.push_back(original);
          break;
        }
      }
      InFlightDiagnostic diag =
          emitError(user->getLoc())
          << "cannot be emitted to PTO: ptoas 0.27 lowers this kernel to a "
             "CFG as a whole (an scf.while inside an scf.for, scf.if or "
             "scf.while), and its block merging then makes a tile operand of "
             "the "
          << user->getName()
          << " emitted here a block argument (blocks that differ only in that "
             "tile), which its C++ casts to a pointer";
      llvm::SetVector<Block *> preds(block.pred_begin(), block.pred_end());
      for (Block *pred : preds)
        diag.attachNote(pred->getTerminator()->getLoc())
            << "the merged block is entered from here";
      return failure();
    }
  return readers;
}

LogicalResult pto_emission::checkCFGLowering(func::FuncOp func,
                                             ArrayRef<scf::WhileOp> whiles) {
  if (whiles.empty())
    return success();
  // ptoas's greedy rewrite folds ops as it lowers the whiles, before or
  // after each while in an order of its driver's: a fold that makes a read
  // elsewhere read a while's result directly matters when it comes first,
  // one that drops a read when it comes after. Both orders are simulated.
  //
  // Where its block merging would make a tile a block argument, a full
  // barrier before the tile's reader in the merged block keeps that block
  // apart from the others (it then has one op more; a barrier only waits),
  // and the lowering is simulated again. Two blocks merge most often (a
  // branch's arms, two slots of a double buffer); three or more need a
  // round per block, which may again merge blocks separated by as many
  // barriers, so after kMaxRounds rounds the kernel is refused.
  constexpr unsigned kMaxRounds = 6;
  for (unsigned round = 0;; ++round) {
    bool refuse = round == kMaxRounds;
    SmallVector<Operation *> readers;
    for (bool foldFirst : {false, true}) {
      FailureOr<SmallVector<Operation *>> merged =
          simulateCFGLowering(func, whiles, foldFirst, refuse);
      if (failed(merged))
        return failure();
      if (!(readers = std::move(*merged)).empty())
        break;
    }
    if (readers.empty())
      return success();
    for (Operation *reader : readers) {
      OpBuilder builder(reader);
      createFullBarrier(builder, reader->getLoc());
    }
  }
}

/// The arith ops ptoas 0.27's PTOToEmitC lowers to C++ (its conversion
/// patterns), and arith.addf, which the emitter writes as a subf of a negf.
bool pto_emission::ptoasLowersArith(Operation *op) {
  return isa<arith::AddFOp, arith::AddIOp, arith::AddUIExtendedOp,
             arith::AndIOp, arith::BitcastOp, arith::CeilDivSIOp,
             arith::CeilDivUIOp, arith::CmpFOp, arith::CmpIOp,
             arith::ConstantOp, arith::DivFOp, arith::DivSIOp, arith::DivUIOp,
             arith::ExtFOp, arith::ExtSIOp, arith::ExtUIOp, arith::FloorDivSIOp,
             arith::FPToSIOp, arith::FPToUIOp, arith::IndexCastOp,
             arith::IndexCastUIOp, arith::MaximumFOp, arith::MaxNumFOp,
             arith::MaxSIOp, arith::MaxUIOp, arith::MinimumFOp,
             arith::MinNumFOp, arith::MinSIOp, arith::MinUIOp, arith::MulFOp,
             arith::MulIOp, arith::MulSIExtendedOp, arith::MulUIExtendedOp,
             arith::NegFOp, arith::OrIOp, arith::RemFOp, arith::RemSIOp,
             arith::RemUIOp, arith::SelectOp, arith::ShLIOp, arith::ShRSIOp,
             arith::ShRUIOp, arith::SIToFPOp, arith::SubFOp, arith::SubIOp,
             arith::TruncFOp, arith::TruncIOp, arith::UIToFPOp, arith::XOrIOp>(
      op);
}

/// The arith ops ptoas 0.27 has no translation for, or translates to C++
/// that computes something else (found on the simulator; the repros in
/// test/python/repros/ptoas), written as ops it translates faithfully.
bool FunctionEmitter::emitArithAsPtoasReadsIt(Operation *op) {
  // ptoas 0.27 has no lowering of arith.addf; a - (-b) is a + b in IEEE
  // arithmetic, signed zeros and NaNs included.
  if (auto add = dyn_cast<arith::AddFOp>(op)) {
    Value negated = body.create<arith::NegFOp>(
        add.getLoc(), scalars.lookup(add.getRhs()), add.getFastmath());
    scalars.map(add.getResult(), body.create<arith::SubFOp>(
                                     add.getLoc(), scalars.lookup(add.getLhs()),
                                     negated, add.getFastmath()));
    return true;
  }
  // ptoas 0.27 writes ceildivui as (a + b - 1) / b, which wraps when a + b
  // passes the type's range ((7, 2^32 - 2) gives 0 where 1 is right); the
  // expansion of arith's own lowering does not: a == 0 ? 0 : (a - 1) / b + 1.
  if (auto ceil = dyn_cast<arith::CeilDivUIOp>(op)) {
    Location loc = ceil.getLoc();
    Value lhs = scalars.lookup(ceil.getLhs());
    Value rhs = scalars.lookup(ceil.getRhs());
    Type type = lhs.getType();
    auto constant = [&](int64_t value) -> Value {
      if (type.isIndex())
        return indexConst(value);
      if (type.isInteger(64))
        return i64Const(value);
      return body.create<arith::ConstantOp>(loc, type,
                                            body.getIntegerAttr(type, value));
    };
    Value zero = constant(0), one = constant(1);
    Value isZero =
        body.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, lhs, zero);
    Value below = body.create<arith::SubIOp>(loc, lhs, one);
    Value quotient = body.create<arith::DivUIOp>(loc, below, rhs);
    Value ceiling = body.create<arith::AddIOp>(loc, quotient, one);
    scalars.map(ceil.getResult(),
                body.create<arith::SelectOp>(loc, isZero, zero, ceiling));
    return true;
  }
  // ptoas 0.27's index is a 32-bit int: it zero-extends an index_castui
  // from index to i64 from 32 bits (-3 becomes 2^32 - 3, where MLIR's 64-bit
  // index casts to -3), and an index_castui from i32 to index read back as
  // i32 fails its emitc.expression ("yielded value has no defining op").
  // For index values that fit 32 bits, index_cast means the same in both
  // cases; from an integer narrower than 32 bits the zero-extension is kept.
  if (auto cast = dyn_cast<arith::IndexCastUIOp>(op)) {
    Type from = cast.getIn().getType();
    if (from.isIndex() || from.getIntOrFloatBitWidth() >= 32) {
      scalars.map(cast.getResult(), body.create<arith::IndexCastOp>(
                                        cast.getLoc(), cast.getType(),
                                        scalars.lookup(cast.getIn())));
      return true;
    }
  }
  return false;
}

/// ptoas 0.27's C++ declares every index value int32_t (constants, scalar
/// arguments, loop induction variables and carries), where MLIR's index is
/// 64-bit here and the interpreter computes in 64 bits. A constant beyond
/// int32_t is truncated silently (`const int32_t v6 =
/// 9223372036854775807;` is -1, and a loop up to it never runs), so an index
/// value known at compile time must fit: constants, and index arithmetic
/// on known values, folded on a copy of the op (a fold may update its op in
/// place). Values known only at run time (a kernel argument, which the
/// simulator's driver range-checks, and what is computed from it) are not
/// checked here (docs/pto-emission.md, "Index values").
static InFlightDiagnostic indexTooWide(Operation *op) {
  return cannotEmit(op) << "ptoas 0.27 holds index values in int32_t, and ";
}

static bool fitsInt32(int64_t value) {
  return value >= std::numeric_limits<int32_t>::min() &&
         value <= std::numeric_limits<int32_t>::max();
}

LogicalResult FunctionEmitter::checkIndexFitsInt32(Operation *op) {
  if (op->getNumResults() != 1 || !op->getResult(0).getType().isIndex())
    return success();
  std::optional<int64_t> known;
  Attribute constant;
  if (matchPattern(op->getResult(0), m_Constant(&constant))) {
    if (auto value = dyn_cast<IntegerAttr>(constant))
      known = value.getInt();
  } else {
    SmallVector<Attribute> operands;
    for (Value operand : op->getOperands()) {
      Attribute value;
      if (std::optional<int64_t> known = knownIndex(operand))
        value = IntegerAttr::get(operand.getType(), *known);
      else if (!matchPattern(operand, m_Constant(&value)))
        return success(); // known only at run time
      operands.push_back(value);
    }
    Operation *copy = op->clone();
    SmallVector<OpFoldResult> folded;
    if (succeeded(copy->fold(operands, folded)) && folded.size() == 1) {
      if (auto value =
              dyn_cast_or_null<IntegerAttr>(dyn_cast<Attribute>(folded[0])))
        known = value.getInt();
      else if (auto value = dyn_cast<Value>(folded[0]))
        known = knownIndex(value);
    }
    copy->destroy();
  }
  if (!known)
    return success();
  if (!fitsInt32(*known))
    return indexTooWide(op)
           << "this " << (isa<arith::ConstantOp>(op) ? "constant" : "value")
           << " is " << *known << ", outside its range";
  knownIndexValues[op->getResult(0)] = *known;
  return success();
}

LogicalResult FunctionEmitter::checkInductionFitsInt32(scf::ForOp op) {
  // (An unsigned loop compares its bounds as unsigned: not modelled here.)
  if (!op.getInductionVar().getType().isIndex() || op.getUnsignedCmp())
    return success();
  std::optional<int64_t> lower = knownIndex(op.getLowerBound()),
                         upper = knownIndex(op.getUpperBound()),
                         step = knownIndex(op.getStep());
  if (!lower || !upper || !step || *step <= 0 || *upper <= *lower)
    return success();
  // All three fit int32_t (checkIndexFitsInt32), so none of this overflows.
  int64_t last = *lower + (*upper - 1 - *lower) / *step * *step;
  if (fitsInt32(last + *step))
    return success();
  return indexTooWide(op) << "the induction variable's last increment (" << last
                          << " + " << *step << ") overflows it";
}

std::optional<int64_t> FunctionEmitter::knownIndex(Value value) const {
  if (auto it = knownIndexValues.find(value); it != knownIndexValues.end())
    return it->second;
  return std::nullopt;
}

pto::BarrierOp pto_emission::createFullBarrier(OpBuilder &builder,
                                               Location loc) {
  return builder.create<pto::BarrierOp>(
      loc, pto::PipeAttr::get(builder.getContext(), "PIPE_ALL"));
}

bool pto_emission::isFullBarrier(Operation *op) {
  auto barrier = dyn_cast<pto::BarrierOp>(op);
  return barrier && barrier.getPipe().getPipe() == "PIPE_ALL";
}

void pto_emission::waitForEveryPipeBefore(Operation *op) {
  Operation *previous = op->getPrevNode();
  while (previous && makesTileBuf(previous))
    previous = previous->getPrevNode();
  if (previous && isFullBarrier(previous))
    return;
  OpBuilder builder(op);
  createFullBarrier(builder, op->getLoc());
}
