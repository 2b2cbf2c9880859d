//===- MemoryReuse.cpp - coalesce allocations with disjoint lifetimes -----===//
//
// PYPTO's opportunistic reuse as greedy interval coloring: allocations in
// order of their start point; per buffer type a min-heap (by end point) of
// the allocations kept so far; an allocation whose start lies after the
// smallest end joins that allocation, otherwise it is kept. Sorting and the
// heaps make it O(A log A) for A allocations, after the O(N + U)
// AllocationLifetimes analysis.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Analysis/AllocationLifetimes.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"

#include <queue>

namespace mlir::tile {
#define GEN_PASS_DEF_TILEMEMORYREUSE
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
struct MemoryReusePass
    : public mlir::tile::impl::TileMemoryReuseBase<MemoryReusePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (isOrchestrationFunction(function) || function.isExternal())
      return markAllAnalysesPreserved();
    AllocationLifetimes lifetimes(function);
    ArrayRef<AllocationLifetime> all = lifetimes.getAllocations();

    // Planner-owned allocations only: user storage (pinned, or with an
    // address) keeps exactly its own values, so it neither absorbs another
    // allocation nor joins one, and stays even when unused.
    SmallVector<unsigned> candidates;
    SmallVector<AllocOp> unused;
    for (auto [index, lifetime] : llvm::enumerate(all)) {
      if (isUserStorage(lifetime.alloc))
        continue;
      if (lifetime.alloc->use_empty())
        unused.push_back(lifetime.alloc);
      else
        candidates.push_back(index);
    }
    llvm::stable_sort(candidates, [&](unsigned a, unsigned b) {
      return all[a].start < all[b].start;
    });

    // Closed intervals: an allocation may join one whose end lies strictly
    // before its start, so an op's operand and result never share.
    using Entry = std::pair<unsigned, unsigned>; // (end, kept allocation)
    using MinHeap =
        std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>>;
    llvm::DenseMap<Type, MinHeap> free;
    llvm::DenseMap<unsigned, SmallVector<unsigned, 2>> members;
    for (unsigned index : candidates) {
      const AllocationLifetime &lifetime = all[index];
      MinHeap &heap = free[lifetime.alloc.getType()];
      if (!heap.empty() && heap.top().first < lifetime.start) {
        unsigned kept = heap.top().second;
        heap.pop();
        members[kept].push_back(index);
        heap.push({lifetime.end, kept});
      } else {
        heap.push({lifetime.end, index});
      }
    }

    Block &entry = function.getBody().front();
    // In program order, so the output does not depend on hashing.
    SmallVector<unsigned> kepts =
        llvm::to_vector(llvm::make_first_range(members));
    llvm::sort(kepts);
    Operation *hoisted = nullptr;
    for (unsigned kept : kepts) {
      AllocOp keptAlloc = all[kept].alloc;
      // The kept allocation must dominate every merged use: put it before
      // the first allocation of its group when all are in the entry block
      // (each dominates its own uses), else at the function entry. An
      // allocation has no operands, so it can move anywhere.
      ArrayRef<unsigned> group = members[kept];
      bool allInEntry = keptAlloc->getBlock() == &entry;
      Operation *first = keptAlloc;
      for (unsigned index : group) {
        Operation *op = all[index].alloc;
        allInEntry &= op->getBlock() == &entry;
        if (lifetimes.getPoint(op) < lifetimes.getPoint(first))
          first = op;
      }
      if (!allInEntry) {
        if (hoisted)
          keptAlloc->moveAfter(hoisted);
        else
          keptAlloc->moveBefore(&entry, entry.begin());
        hoisted = keptAlloc;
      } else if (first != keptAlloc.getOperation())
        keptAlloc->moveBefore(first);
      for (unsigned index : group) {
        AllocOp merged = all[index].alloc;
        merged.getResult().replaceAllUsesWith(keptAlloc.getResult());
        merged.erase();
        ++numMerged;
      }
    }
    for (AllocOp alloc : unused) {
      alloc.erase();
      ++numRemoved;
    }
  }
};
} // namespace
