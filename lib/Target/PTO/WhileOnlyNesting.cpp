//===- WhileOnlyNesting.cpp - loops and branches in whiles as whiles ------===//
//
// ptoas 0.27 lowers scf.while to CFG blocks, which it cannot do inside a
// single-block region: when an scf.while sits inside an scf.for, scf.if or
// scf.while (needsWholeFunctionSCFToCF, PTOToEmitC.cpp) it first lowers
// every scf.for and scf.if of the kernel to a CFG, then each scf.while with
// SCFWhileToCF, which moves only the first block of the while's regions and
// casts its terminator to scf.yield. A while whose body held an scf.for or
// scf.if has several blocks by then, and ptoas asserts (SIGABRT).
//
// In such a kernel the emitter writes every scf.for and scf.if inside an
// scf.while as the scf.while it means, so that inside whiles there are only
// whiles, each of which SCFWhileToCF lowers once its parent is a CFG. A
// loop counts its induction variable (the form of an scf.for that carries a
// scalar, EmitControlFlow.cpp); a branch is one while per arm that runs at
// most once, its results carried through both:
//
//   scf.for %i = %lb to %ub step %s {      %w = scf.while (%i = %lb) {
//     <body>                                 %go = arith.cmpi slt, %i, %ub
//   }                                        scf.condition(%go) %i
//                                          } do {
//                                          ^bb0(%i: index):
//                                            <body>
//                                            %next = arith.addi %i, %s
//                                            scf.yield %next
//                                          }
//
//   %r = scf.if %c -> (f32) {              %t:2 = scf.while (%go = %c,
//     <then>                                   %r = %zero) : (i1, f32) -> .. {
//     scf.yield %a : f32                     scf.condition(%go) %go, %r
//   } else {                               } do {
//     <else>                               ^bb0(%g: i1, %x: f32):
//     scf.yield %b : f32                     <then>
//   }                                        scf.yield %false, %a
//                                          }
//                                          %nc = arith.cmpi eq, %c, %false
//                                          %e:2 = scf.while (%go = %nc,
//                                              %r = %t#1) ... {
//                                            ... <else>, scf.yield %false, %b
//                                          }                  // %r is %e#1
//
// Every path through the kernel is the same before and after (each loop
// iterates as it did, each arm runs when it did), so the barriers placed
// later and ptoas's synchronization see the same accesses in the same
// order; what changes is only that ptoas and the barrier walk treat the
// one-shot arms as loops, which makes them more careful, never less. The
// rewrite runs before the level2 roots are placed and the level3 barriers
// are set, so both see the whiles ptoas will see.
//
// One walk finds the ops (a counter of open whiles, no ancestor lookups);
// each is rewritten by moving its blocks' ops, O(1) per op besides the
// splice.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"
#include "tilemem/Support/Walk.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::pto_emission;

/// An scf.while at the builder's insertion point carrying `first`, then
/// `carried`, whose condition region forwards every carry while
/// `condition(before)` holds, and whose body is an empty block taking them.
static scf::WhileOp createWhile(OpBuilder &builder, Location loc, Value first,
                                ValueRange carried,
                                function_ref<Value(Block *before)> condition) {
  SmallVector<Value> inits = {first};
  llvm::append_range(inits, carried);
  SmallVector<Type> types = llvm::to_vector(ValueRange(inits).getTypes());
  auto loop = builder.create<scf::WhileOp>(loc, types, inits);
  OpBuilder::InsertionGuard guard(builder);
  SmallVector<Location> locs(types.size(), loc);
  Block *before = builder.createBlock(&loop.getBefore(), {}, types, locs);
  builder.create<scf::ConditionOp>(loc, condition(before),
                                   before->getArguments());
  builder.createBlock(&loop.getAfter(), {}, types, locs);
  return loop;
}

scf::WhileOp pto_emission::createCountingWhile(OpBuilder &builder, Location loc,
                                               Value lowerBound,
                                               Value upperBound,
                                               bool unsignedCmp,
                                               ValueRange carried) {
  return createWhile(builder, loc, lowerBound, carried, [&](Block *before) {
    return builder.create<arith::CmpIOp>(
        loc,
        unsignedCmp ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt,
        before->getArgument(0), upperBound);
  });
}

/// `op` (an scf.for without results: the emitter writes one that carries a
/// scalar as a while already) as a while counting its induction variable.
static scf::WhileOp forAsWhile(scf::ForOp op) {
  assert(op.getNumResults() == 0 && "an emitted scf.for carries nothing");
  Location loc = op.getLoc();
  OpBuilder builder(op);
  scf::WhileOp loop =
      createCountingWhile(builder, loc, op.getLowerBound(), op.getUpperBound(),
                          op.getUnsignedCmp(), {});
  Block *after = loop.getAfterBody();
  op.getInductionVar().replaceAllUsesWith(after->getArgument(0));
  Block *forBody = op.getBody();
  forBody->getTerminator()->erase();
  after->getOperations().splice(after->end(), forBody->getOperations());
  builder.setInsertionPointToEnd(after);
  Value next =
      builder.create<arith::AddIOp>(loc, after->getArgument(0), op.getStep());
  builder.create<scf::YieldOp>(loc, next);
  return loop;
}

/// A while at the builder's insertion point that runs `arm` (an scf.if
/// region's block, whose ops it takes) when `go` holds, at most once,
/// carrying `carried` (one value per result of the branch) and yielding
/// what the arm yields in their place.
static scf::WhileOp armAsWhile(OpBuilder &builder, Location loc, Value go,
                               ValueRange carried, Block &arm) {
  scf::WhileOp loop = createWhile(builder, loc, go, carried, [](Block *before) {
    return before->getArgument(0);
  });
  Block *after = loop.getAfterBody();
  OpBuilder::InsertionGuard guard(builder);
  auto yield = cast<scf::YieldOp>(arm.getTerminator());
  after->getOperations().splice(after->end(), arm.getOperations());
  builder.setInsertionPoint(yield);
  SmallVector<Value> yielded = {
      builder.create<arith::ConstantIntOp>(loc, /*value=*/0, /*width=*/1)};
  llvm::append_range(yielded, yield.getOperands());
  builder.create<scf::YieldOp>(yield.getLoc(), yielded);
  yield.erase();
  return loop;
}

/// `op` as one while per arm (the file's comment), in order. Its results
/// are carried from zeros: when neither arm runs (no else arm) there are
/// none.
static SmallVector<scf::WhileOp> ifAsWhiles(scf::IfOp op) {
  Location loc = op.getLoc();
  OpBuilder builder(op);
  SmallVector<Value> carried;
  for (Type type : op.getResultTypes())
    carried.push_back(builder.create<arith::ConstantOp>(
        loc, type, cast<TypedAttr>(builder.getZeroAttr(type))));
  SmallVector<scf::WhileOp> loops;
  loops.push_back(armAsWhile(builder, loc, op.getCondition(), carried,
                             op.getThenRegion().front()));
  if (!op.getElseRegion().empty()) {
    Value no = builder.create<arith::ConstantIntOp>(loc, 0, 1);
    Value otherwise = builder.create<arith::CmpIOp>(
        loc, arith::CmpIPredicate::eq, op.getCondition(), no);
    loops.push_back(armAsWhile(builder, loc, otherwise,
                               loops.back().getResults().drop_front(),
                               op.getElseRegion().front()));
  }
  op.replaceAllUsesWith(loops.back().getResults().drop_front());
  return loops;
}

void FunctionEmitter::nestOnlyWhilesInWhiles() {
  // ptoas lowers the kernel as a whole when some while is inside another
  // op than the function; then every scf.for and scf.if inside a while is
  // rewritten, in pre-order (a rewrite moves the ops nested in it without
  // recreating them, so the ones found later are still there).
  bool wholeKernel = false;
  unsigned openWhiles = 0;
  SmallVector<Operation *> inWhiles;
  walkEnterExit(
      target,
      [&](Operation *op) {
        if (isa<scf::WhileOp>(op)) {
          wholeKernel |= op->getParentOp() != target.getOperation();
          ++openWhiles;
        } else if (openWhiles != 0 && isa<scf::ForOp, scf::IfOp>(op)) {
          inWhiles.push_back(op);
        }
      },
      [&](Operation *op) {
        if (isa<scf::WhileOp>(op))
          --openWhiles;
      });
  if (!wholeKernel)
    return;
  DenseMap<Operation *, Operation *> rewrittenAs;
  for (Operation *op : inWhiles) {
    SmallVector<scf::WhileOp> loops;
    if (auto loop = dyn_cast<scf::ForOp>(op))
      loops.push_back(forAsWhile(loop));
    else
      loops = ifAsWhiles(cast<scf::IfOp>(op));
    rewrittenAs[op] = loops.front();
    op->erase();
  }
  // placeRoots keeps a carried tile's root outside the loops that carry it
  // (only scf.for and scf.while carry one): the while carries it now. The
  // anchors name ops made before this rewrite, never one it made.
  for (auto &[handle, loops] : anchors)
    for (Operation *&loop : loops)
      if (Operation *now = rewrittenAs.lookup(loop))
        loop = now;
}
