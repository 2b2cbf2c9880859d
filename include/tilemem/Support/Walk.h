//===- Walk.h - walks of nested IR without recursion ------------*- C++ -*-===//
//
// `Operation::walk` recurses once per level of region nesting, so its stack
// grows with the depth of the program. tilemem's passes, analyses and the
// PTO emitter walk with `tile::walk` instead: the same visiting order and
// callback forms as `Operation::walk` (Operation *, an op class or interface
// to filter on; void or WalkResult), with the open levels kept in a vector
// on the heap, one 32-byte frame per level that has regions:
//
//   tile::walk(function, [&](Operation *op) { ... });              // post
//   tile::walk<WalkOrder::PreOrder>(function, [&](scf::ForOp l) { ... });
//   tile::walk<WalkOrder::PostOrder, ReverseIterator>(function, eraseDead);
//
// Mutation follows `Operation::walk`'s rules: the next op of a block is
// taken before the callback runs, so a post-order callback may erase the op
// it is given (and anything nested in it, already visited); a pre-order
// callback may change what is nested in its op but not erase the op.
// WalkResult::skip in pre-order skips the op's regions; interrupt stops.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_SUPPORT_WALK_H
#define TILEMEM_SUPPORT_WALK_H

#include "mlir/IR/Iterators.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Visitors.h"
#include "llvm/ADT/SmallVector.h"

#include <type_traits>

namespace mlir::tile {

namespace detail {
/// One level of the walk: `op`, the next region to enter, the current block
/// and the next op of that block in walk order.
struct WalkFrame {
  Operation *op;
  unsigned regionsEntered = 0;
  Block *block = nullptr;
  Operation *next = nullptr;
};

/// The block hook of a walk that has none.
struct NoBlockHook {
  void operator()(Block *) const {}
};

/// Walks `root` calling `visit(op, stage)` (stage 0: before the op's
/// regions, 1: after them); `visit` returns a WalkResult. `enterBlock(block)`
/// runs before the first op of each block is visited.
template <bool Reverse, typename VisitT, typename EnterBlockT = NoBlockHook>
WalkResult walkIteratively(Operation *root, VisitT &&visit,
                           EnterBlockT &&enterBlock = EnterBlockT()) {
  auto firstOp = [](Block *block) -> Operation * {
    if (block->empty())
      return nullptr;
    return Reverse ? &block->back() : &block->front();
  };
  auto nextOp = [](Operation *op) -> Operation * {
    return Reverse ? op->getPrevNode() : op->getNextNode();
  };
  auto firstBlock = [](Region &region) -> Block * {
    if (region.empty())
      return nullptr;
    return Reverse ? &region.back() : &region.front();
  };
  auto nextBlock = [](Block *block) -> Block * {
    return Reverse ? block->getPrevNode() : block->getNextNode();
  };

  SmallVector<WalkFrame, 16> stack;
  auto open = [&](Operation *op) -> WalkResult {
    WalkResult result = visit(op, 0);
    if (result.wasInterrupted())
      return result;
    if (result.wasSkipped() || op->getNumRegions() == 0)
      return op->getNumRegions() == 0 ? visit(op, 1) : WalkResult::advance();
    stack.push_back(WalkFrame{op});
    return WalkResult::advance();
  };
  if (open(root).wasInterrupted())
    return WalkResult::interrupt();
  while (!stack.empty()) {
    WalkFrame &frame = stack.back();
    if (Operation *op = frame.next) {
      // Taken before the callback runs: `op` may be erased by it.
      frame.next = nextOp(op);
      if (open(op).wasInterrupted())
        return WalkResult::interrupt();
      continue;
    }
    if (frame.block) {
      frame.block = nextBlock(frame.block);
      if (frame.block) {
        enterBlock(frame.block);
        frame.next = firstOp(frame.block);
      }
      continue;
    }
    unsigned numRegions = frame.op->getNumRegions();
    if (frame.regionsEntered < numRegions) {
      unsigned index = frame.regionsEntered++;
      Region &region =
          frame.op->getRegion(Reverse ? numRegions - 1 - index : index);
      frame.block = firstBlock(region);
      if (frame.block) {
        enterBlock(frame.block);
        frame.next = firstOp(frame.block);
      }
      continue;
    }
    Operation *done = frame.op;
    stack.pop_back();
    if (visit(done, 1).wasInterrupted())
      return WalkResult::interrupt();
  }
  return WalkResult::advance();
}

template <typename FnT, typename ArgT>
WalkResult invokeFiltered(FnT &callback, Operation *op) {
  using RetT = std::invoke_result_t<FnT &, ArgT>;
  ArgT arg;
  if constexpr (std::is_same_v<ArgT, Operation *>) {
    arg = op;
  } else {
    arg = dyn_cast<ArgT>(op);
    if (!arg)
      return WalkResult::advance();
  }
  if constexpr (std::is_same_v<RetT, WalkResult>) {
    return callback(arg);
  } else {
    callback(arg);
    return WalkResult::advance();
  }
}
} // namespace detail

/// Walks `root` and every op nested in it like `root->walk<Order,
/// Iterator>(callback)`, without recursion. `Iterator` is
/// mlir::ForwardIterator or mlir::ReverseIterator (regions, blocks and ops
/// in reverse). Returns interrupt if the callback interrupted the walk.
template <WalkOrder Order = WalkOrder::PostOrder,
          typename Iterator = ForwardIterator, typename FnT>
WalkResult walk(Operation *root, FnT &&callback) {
  static_assert(std::is_same_v<Iterator, ForwardIterator> ||
                    std::is_same_v<Iterator, ReverseIterator>,
                "tile::walk supports ForwardIterator and ReverseIterator");
  using ArgT = mlir::detail::first_argument<std::decay_t<FnT>>;
  constexpr unsigned stage = Order == WalkOrder::PreOrder ? 0 : 1;
  return detail::walkIteratively<std::is_same_v<Iterator, ReverseIterator>>(
      root, [&](Operation *op, unsigned at) -> WalkResult {
        if (at != stage)
          return WalkResult::advance();
        return detail::invokeFiltered<std::decay_t<FnT>, ArgT>(callback, op);
      });
}

/// The same for an op handle (func::FuncOp, ...).
template <WalkOrder Order = WalkOrder::PostOrder,
          typename Iterator = ForwardIterator, typename OpT, typename FnT,
          typename = std::enable_if_t<!std::is_convertible_v<OpT, Operation *>>>
WalkResult walk(OpT op, FnT &&callback) {
  return walk<Order, Iterator>(op.getOperation(), std::forward<FnT>(callback));
}

/// Calls `enter(op)` before the ops nested in `op` and `exit(op)` after
/// them, for `root` and every op nested in it, in forward order and without
/// recursion: the shape of a recursive visitor that keeps state per level
/// (a stack of enclosing loops, say). Neither may erase an op.
template <typename EnterT, typename ExitT>
void walkEnterExit(Operation *root, EnterT &&enter, ExitT &&exit) {
  detail::walkIteratively</*Reverse=*/false>(
      root, [&](Operation *op, unsigned stage) -> WalkResult {
        if (stage == 0)
          enter(op);
        else
          exit(op);
        return WalkResult::advance();
      });
}

/// Calls `enterBlock(block)` before the ops of each block nested in `root`
/// and `exit(op)` after the regions of each op (post-order), `root`
/// included, in forward order and without recursion: the order in which a
/// forward dataflow over structured IR meets a block's arguments before its
/// ops and an op's regions before its results. Neither may erase an op.
template <typename EnterBlockT, typename ExitT>
void walkBlocksThenResults(Operation *root, EnterBlockT &&enterBlock,
                           ExitT &&exit) {
  detail::walkIteratively</*Reverse=*/false>(
      root,
      [&](Operation *op, unsigned stage) -> WalkResult {
        if (stage == 1)
          exit(op);
        return WalkResult::advance();
      },
      [&](Block *block) { enterBlock(block); });
}

} // namespace mlir::tile

#endif // TILEMEM_SUPPORT_WALK_H
