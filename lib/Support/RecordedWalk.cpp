//===- RecordedWalk.cpp - one walk of unchanged IR, replayed --------------===//

#include "tilemem/Support/RecordedWalk.h"
#include "tilemem/Support/Walk.h"

using namespace mlir;
using namespace mlir::tile;

RecordedWalk::RecordedWalk(Operation *root, ValueFilter counted,
                           WalkListener *listener)
    : root(root), counted(counted) {
  auto count = [&](ValueRange values) {
    for (Value value : values)
      countedValues += counted(value.getType());
  };
  auto tagged = [](void *pointer, Kind kind) {
    auto address = reinterpret_cast<uintptr_t>(pointer);
    assert((address & kKindMask) == 0 && "IR objects leave two low bits free");
    return address | kind;
  };
  detail::walkIteratively</*Reverse=*/false>(
      root,
      [&](Operation *op, unsigned stage) -> WalkResult {
        if (op->getNumRegions() == 0) {
          // walkIteratively calls back twice for an op without regions.
          if (stage == 0) {
            ++ops;
            events.push_back(tagged(op, Op));
            if (counted)
              count(op->getResults());
            if (listener)
              listener->op(op);
          }
        } else if (stage == 0) {
          ++ops;
          ++opsWithRegions;
          events.push_back(tagged(op, Enter));
          if (counted)
            count(op->getResults());
          if (listener)
            listener->enter(op);
        } else {
          events.push_back(tagged(op, Exit));
          if (listener)
            listener->exit(op);
        }
        return WalkResult::advance();
      },
      [&](Block *block) {
        events.push_back(tagged(block, BlockStart));
        if (counted)
          count(block->getArguments());
        if (listener)
          listener->enterBlock(block);
      });
}
