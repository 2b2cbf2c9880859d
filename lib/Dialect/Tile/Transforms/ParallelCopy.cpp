//===- ParallelCopy.cpp - order the copies of one parallel copy -----------===//

#include "tilemem/Dialect/Tile/Transforms/ParallelCopy.h"

using namespace mlir;
using namespace mlir::tile;

SmallVector<ParallelCopyStep>
mlir::tile::scheduleParallelCopy(ArrayRef<std::optional<Window>> sources,
                                 ArrayRef<Window> targets,
                                 ArrayRef<unsigned> payloads) {
  assert(sources.size() == targets.size() && "one source per target");
  assert(payloads.size() == targets.size() && "one payload per copy");
  SmallVector<std::optional<Window>> current(sources.begin(), sources.end());
  SmallVector<unsigned> pending;
  for (unsigned copy = 0; copy < targets.size(); ++copy)
    pending.push_back(copy);
  SmallVector<std::optional<unsigned>> from(targets.size());
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
      unsigned done = *ready;
      steps.push_back({ParallelCopyStep::Kind::Copy, done, from[done]});
      pending.erase(ready);
      // The same payload is in `done`'s target now, for good if no copy
      // still to run writes there: read it from there (fan-out), which
      // frees its original window. (A copy reading a delivered window
      // already blocks nothing, so it stays with the first one.)
      bool kept = llvm::none_of(pending, [&](unsigned other) {
        return targets[other].mayOverlap(targets[done]);
      });
      if (current[done] && !from[done] && kept)
        for (unsigned other : pending)
          if (!from[other] && current[other] &&
              payloads[other] == payloads[done] &&
              *current[other] == *current[done]) {
            current[other] = targets[done];
            from[other] = done;
          }
      continue;
    }
    // Every remaining target still holds a remaining source: a cycle (or a
    // source overlapping its own target). Spill a copy whose source is still
    // in place: the scratch overlaps nothing, so each spill takes one source
    // out of the way for good, and the loop ends after at most one spill per
    // copy. (Spilling the first copy regardless looped forever once that
    // copy had been spilled and another still blocked it.) Some pending copy
    // still has its source: were every source gone, nothing would block.
    auto *spilled = llvm::find_if(
        pending, [&](unsigned copy) { return current[copy].has_value(); });
    assert(spilled != pending.end() && "a blocked copy implies a source");
    steps.push_back({ParallelCopyStep::Kind::Spill, *spilled});
    current[*spilled] = std::nullopt;
  }
  return steps;
}
