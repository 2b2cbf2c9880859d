//===- ParallelCopy.cpp - order the copies of one parallel copy -----------===//

#include "tilemem/Dialect/Tile/Transforms/ParallelCopy.h"

using namespace mlir;
using namespace mlir::tile;

SmallVector<ParallelCopyStep>
mlir::tile::scheduleParallelCopy(ArrayRef<std::optional<Window>> sources,
                                 ArrayRef<Window> targets) {
  assert(sources.size() == targets.size() && "one source per target");
  SmallVector<std::optional<Window>> current(sources.begin(), sources.end());
  SmallVector<unsigned> pending;
  for (unsigned copy = 0; copy < targets.size(); ++copy)
    pending.push_back(copy);
  SmallVector<ParallelCopyStep> steps;
  auto blocked = [&](unsigned copy) {
    return llvm::any_of(pending, [&](unsigned other) {
      return current[other] && current[other]->mayOverlap(targets[copy]);
    });
  };
  while (!pending.empty()) {
    auto *ready =
        llvm::find_if(pending, [&](unsigned copy) { return !blocked(copy); });
    if (ready != pending.end()) {
      steps.push_back({ParallelCopyStep::Kind::Copy, *ready});
      pending.erase(ready);
      continue;
    }
    // Every remaining target still holds a remaining source: a cycle (or a
    // source overlapping its own target). The scratch overlaps nothing.
    steps.push_back({ParallelCopyStep::Kind::Spill, pending.front()});
    current[pending.front()] = std::nullopt;
  }
  return steps;
}
