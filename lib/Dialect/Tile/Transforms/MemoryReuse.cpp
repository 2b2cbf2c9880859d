//===- MemoryReuse.cpp - coalesce allocations with disjoint lifetimes -----===//
//
// PYPTO's opportunistic reuse as greedy interval coloring: allocations in
// order of their start point; per buffer type a min-heap (by end point) of
// the allocations kept so far. An allocation joins the allocation holding
// an operand that dies at the op writing it first, when that op may write in
// place (an InPlaceShare with shift 0, AllocationLifetimes.h):
//
//   %t = tile.exp %x into(%b1 ...)         %t = tile.exp %x into(%b1 ...)
//   %u = tile.add %t, %y into(%b2 ...) ->  %u = tile.add %t, %y into(%b1 ...)
//   return %u                              return %u
//
// else the one with the smallest end if that lies before its start, else it
// is kept. Sorting and the heaps make it O(A log A) for A
// allocations, after the O(N + U) AllocationLifetimes analysis; a kept
// allocation whose end grows leaves a stale heap entry, skipped when popped.
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
    // before its start; an op's operand and result share only through an
    // in-place pair.
    using Entry = std::pair<unsigned, unsigned>; // (end, kept allocation)
    using MinHeap =
        std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>>;
    llvm::DenseMap<Type, MinHeap> free;
    llvm::DenseMap<unsigned, SmallVector<unsigned, 2>> members;
    // Per allocation: the kept allocation it went to, and per kept one the
    // end of its last member (its heap entries with another end are stale).
    DenseMap<unsigned, unsigned> keptOf;
    DenseMap<unsigned, unsigned> endOf;
    // In-place pairs with shift 0, by the allocation they start.
    DenseMap<unsigned, SmallVector<unsigned, 1>> dyingInto;
    for (const InPlaceShare &share : lifetimes.getInPlaceShares())
      if (share.shift == 0)
        dyingInto[share.to].push_back(share.from);
    auto join = [&](unsigned kept, unsigned index, MinHeap &heap) {
      members[kept].push_back(index);
      keptOf[index] = kept;
      endOf[kept] = all[index].end;
      heap.push({all[index].end, kept});
    };
    for (unsigned index : candidates) {
      const AllocationLifetime &lifetime = all[index];
      Type type = lifetime.alloc.getType();
      MinHeap &heap = free[type];
      while (!heap.empty() &&
             endOf.lookup(heap.top().second) != heap.top().first)
        heap.pop(); // stale: its allocation took an in-place member since
      // First the kept allocation of an operand dying where this one starts
      // (its last member ends right here: nothing else of it is live
      // after), as PyPTO chains a producer into its consumer's buffer and
      // leaves the other free allocations to later ones.
      std::optional<unsigned> inPlace;
      for (unsigned from : dyingInto.lookup(index)) {
        auto it = keptOf.find(from);
        if (it == keptOf.end())
          continue;
        unsigned kept = it->second;
        if (all[kept].alloc.getType() == type &&
            endOf.lookup(kept) == lifetime.start) {
          inPlace = kept;
          break;
        }
      }
      if (inPlace) {
        join(*inPlace, index, heap);
        ++numInPlace;
        continue;
      }
      if (!heap.empty() && heap.top().first < lifetime.start) {
        unsigned kept = heap.top().second;
        heap.pop();
        join(kept, index, heap);
        continue;
      }
      keptOf[index] = index;
      endOf[index] = lifetime.end;
      heap.push({lifetime.end, index});
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
