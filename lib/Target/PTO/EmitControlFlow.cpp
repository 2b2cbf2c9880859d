//===- EmitControlFlow.cpp - scf.for, scf.while, scf.if, tile.scope
//---------===//

#include "FunctionEmitter.h"

#include "tilemem/Analysis/StorageDerivation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::pto_emission;

LogicalResult FunctionEmitter::emitScope(ScopeOp op) {
  // Transparent: the body is inlined and the results are what it yields.
  Block &block = op.getBody().front();
  queueBlock(block, /*into=*/nullptr, [this, op]() mutable -> LogicalResult {
    auto yield = cast<ScopeYieldOp>(op.getBody().front().getTerminator());
    for (auto [result, value] :
         llvm::zip(op->getResults(), yield.getValues())) {
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
  });
  return success();
}

LogicalResult FunctionEmitter::emitLoopEnd(Operation *loop, Operation *emitted,
                                           scf::YieldOp yield,
                                           ValueRange carriedArgs,
                                           Value leading) {
  // Scalars are yielded; tiles must come back in their carry's handle (the
  // PTO loop carries no tile), tensors are global memory.
  SmallVector<Value> yielded;
  if (leading)
    yielded.push_back(leading);
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
  unsigned kept = leading ? 1 : 0;
  for (OpResult result : loop->getResults())
    if (isCarried(result.getType()))
      scalars.map(result, emitted->getResult(kept++));
  return success();
}

LogicalResult FunctionEmitter::emitFor(scf::ForOp op) {
  if (failed(checkInductionFitsInt32(op)))
    return failure();
  SmallVector<Value> bounds;
  for (Value bound : {op.getLowerBound(), op.getUpperBound(), op.getStep()}) {
    FailureOr<Value> mapped = scalar(bound, op);
    if (failed(mapped))
      return failure();
    bounds.push_back(*mapped);
  }
  SmallVector<Value> inits, carriedTiles;
  for (const LoopCarry &carry : getCarries(op)) {
    Value init = carry.getInit();
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
      tileHandles[carry.iterArg] = *handle;
      tileHandles[carry.result] = *handle;
      carriedTiles.push_back(*handle);
    }
  }
  if (!inits.empty())
    return emitForAsWhile(op, bounds, inits, carriedTiles);
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

  queueBlock(*op.getBody(), loopBody, [this, op, loop]() mutable {
    return emitLoopEnd(op, loop,
                       cast<scf::YieldOp>(op.getBody()->getTerminator()),
                       op.getRegionIterArgs());
  });
  return success();
}

/// ptoas 0.27 asserts in PTOToEmitC ("Bit position out of bounds", in
/// llvm::APInt) on every scf.for that carries a scalar (f32, i32 or index
/// alike, read or not), and takes an scf.while that does. Such a loop is
/// emitted as the while it means, the induction variable its first carry:
///
///   %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (f32) {
///     ...
///     scf.yield %n : f32
///   }
/// becomes
///   %w:2 = scf.while (%i = %lb, %a = %x) : (index, f32) -> (index, f32) {
///     %go = arith.cmpi slt, %i, %ub : index     // ult for an unsigned loop
///     scf.condition(%go) %i, %a : index, f32
///   } do {
///   ^bb0(%i: index, %a: f32):
///     ...
///     %next = arith.addi %i, %s : index
///     scf.yield %next, %n : index, f32
///   }                                          // %r is %w#1
LogicalResult FunctionEmitter::emitForAsWhile(scf::ForOp op,
                                              ArrayRef<Value> bounds,
                                              ArrayRef<Value> inits,
                                              ArrayRef<Value> carriedTiles) {
  Location loc = op.getLoc();
  scf::WhileOp loop = createCountingWhile(body, loc, bounds[0], bounds[1],
                                          op.getUnsignedCmp(), inits);
  loop->setAttr(kEmittedForAttrName, body.getUnitAttr());
  for (Value handle : carriedTiles)
    anchor(handle, loop);
  Block *after = loop.getAfterBody();
  scalars.map(op.getInductionVar(), after->getArgument(0));
  unsigned kept = 1;
  for (BlockArgument arg : op.getRegionIterArgs())
    if (isCarried(arg.getType()))
      scalars.map(arg, after->getArgument(kept++));
  Value step = bounds[2];
  queueBlock(*op.getBody(), after, [this, op, loop, after, step]() mutable {
    Value next =
        body.create<arith::AddIOp>(op.getLoc(), after->getArgument(0), step);
    return emitLoopEnd(op, loop,
                       cast<scf::YieldOp>(op.getBody()->getTerminator()),
                       op.getRegionIterArgs(), next);
  });
  return success();
}

LogicalResult FunctionEmitter::emitWhile(scf::WhileOp op) {
  Block &before = op.getBefore().front();
  auto condition = op.getConditionOp();
  SmallVector<Value> inits;
  SmallVector<Type> beforeTypes, afterTypes;
  SmallPtrSet<Value, 4> carriedHandles;
  for (const LoopCarry &carry : getCarries(op)) {
    Value init = carry.getInit();
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
      tileHandles[carry.iterArg] = *handle;
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
  OpBuilder::InsertPoint afterLoop = body.saveInsertionPoint();
  SmallVector<Location> beforeLocs(beforeTypes.size(), op.getLoc());
  SmallVector<Location> afterLocs(afterTypes.size(), op.getLoc());
  Block *newBefore =
      body.createBlock(&loop.getBefore(), {}, beforeTypes, beforeLocs);
  Block *newAfter =
      body.createBlock(&loop.getAfter(), {}, afterTypes, afterLocs);
  body.restoreInsertionPoint(afterLoop);
  unsigned kept = 0;
  for (BlockArgument arg : before.getArguments())
    if (isCarried(arg.getType()))
      scalars.map(arg, newBefore->getArgument(kept++));

  // Before region: the forwarded tiles name the after-arguments' and the
  // results' storage, so their handles must be visible after the loop.
  queueBlock(before, newBefore,
             [this, op, loop, newAfter, carriedHandles]() mutable {
               return emitWhileCondition(op, loop, newAfter, carriedHandles);
             });
  return success();
}

LogicalResult FunctionEmitter::emitWhileCondition(
    scf::WhileOp op, scf::WhileOp loop, Block *newAfter,
    const SmallPtrSetImpl<Value> &carriedHandles) {
  Block &before = op.getBefore().front(), &after = op.getAfter().front();
  auto condition = op.getConditionOp();
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

  unsigned kept = 0;
  for (BlockArgument arg : after.getArguments())
    if (isCarried(arg.getType()))
      scalars.map(arg, newAfter->getArgument(kept++));
  queueBlock(after, newAfter, [this, op, loop]() mutable {
    return emitLoopEnd(op, loop, op.getYieldOp(),
                       op.getBefore().front().getArguments());
  });
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

  // The then-arm, then the else-arm, then the results right after the
  // branch (the last arm's continuation runs with the insertion point still
  // in that arm).
  auto armBlock = [](Region &to) {
    Block *block = &to.front();
    if (!block->empty())
      block->getTerminator()->erase();
    return block;
  };
  auto handles =
      std::make_shared<std::pair<SmallVector<Value>, SmallVector<Value>>>();
  queueBlock(
      op.getThenRegion().front(), armBlock(branch.getThenRegion()),
      [=]() mutable -> LogicalResult {
        if (failed(emitArmYield(op.getThenRegion().front(), handles->first)))
          return failure();
        if (!hasElse) {
          body.setInsertionPointAfter(branch);
          return finishIf(op, branch, handles->first, handles->second);
        }
        queueBlock(op.getElseRegion().front(), armBlock(branch.getElseRegion()),
                   [=]() mutable -> LogicalResult {
                     if (failed(emitArmYield(op.getElseRegion().front(),
                                             handles->second)))
                       return failure();
                     body.setInsertionPointAfter(branch);
                     return finishIf(op, branch, handles->first,
                                     handles->second);
                   });
        return success();
      });
  return success();
}

LogicalResult
FunctionEmitter::emitArmYield(Block &from, SmallVectorImpl<Value> &armHandles) {
  auto yield = cast<scf::YieldOp>(from.getTerminator());
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
}

LogicalResult FunctionEmitter::finishIf(scf::IfOp op, scf::IfOp branch,
                                        ArrayRef<Value> thenHandles,
                                        ArrayRef<Value> elseHandles) {
  bool hasElse = !op.getElseRegion().empty();
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
