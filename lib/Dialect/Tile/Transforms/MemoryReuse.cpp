//===- MemoryReuse.cpp - coalesce allocations with disjoint lifetimes -----===//
//
// PYPTO's opportunistic reuse as first-fit-decreasing packing, as PyPTO's
// MemoryReuse packs (largest first): allocations by decreasing size (then
// start), each joining a kept allocation that is free over its whole
// interval, else kept itself. A kept allocation is the first, so the
// largest, of its group: every member fits in it. An allocation first joins
// the kept allocation holding an operand that dies at the op writing it
// first, when that op may write in place (an InPlaceShare with shift 0,
// AllocationLifetimes.h), or one that its own result dies into:
//
//   %t = tile.exp %x into(%b1 ...)         %t = tile.exp %x into(%b1 ...)
//   %u = tile.add %t, %y into(%b2 ...) ->  %u = tile.add %t, %y into(%b1 ...)
//   return %u                              return %u
//
// The free time of the kept allocations is a set of gaps (lo, hi) between
// consecutive members, indexed by lo in a segment tree holding the largest
// hi per node: the gap for [start, end] (lo < start and end < hi; the
// highest lo, i.e. the tightest fit before the start, then the lowest hi) is
// one O(log A) descent. Sorting and the index
// make it O(A log A) for A allocations, after the O(N + U)
// AllocationLifetimes analysis.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Analysis/AllocationLifetimes.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"

#include <limits>
#include <memory>
#include <set>
#include <tuple>

namespace mlir::tile {
#define GEN_PASS_DEF_TILEMEMORYREUSE
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Whether a planner allocation may become larger: one slot (a slot's size
/// places the others), and used only as the destination clause of tile ops,
/// whose verifier asks only that the window lies inside the buffer. A
/// buffer passed to a call, returned or carried keeps its exact type.
bool isResizable(AllocOp alloc) {
  if (alloc.getType().getSlots() != 1)
    return false;
  return llvm::all_of(alloc->getUses(), [](OpOperand &use) {
    auto producer = dyn_cast<AllocatingOpInterface>(use.getOwner());
    if (!producer)
      return false;
    MutableOperandRange dest = producer.getDestMutable();
    return dest.size() == 1 && &dest[0] == &use;
  });
}

/// A gap in the use of a kept allocation: members end at `lo` and start at
/// `hi` (`lo` = -1: none before; `hi` = kNone: none after), and between the
/// two members `left` and `right` (-1: none) the allocation is free.
struct Gap {
  int64_t lo, hi;
  unsigned kept;
  int left, right;
};
constexpr int64_t kNone = std::numeric_limits<int64_t>::max();

/// The gaps of the kept allocations of one class, by `lo` (compressed to the
/// class's ends), in a segment tree whose nodes hold the largest `hi` below
/// them; a leaf holds its gaps ordered by (hi, kept, gap). `find` descends to
/// the rightmost leaf with lo < start and a hi > end, O(log A); inserting or
/// erasing a gap updates one leaf and its O(log A) ancestors.
class GapIndex {
public:
  explicit GapIndex(SmallVector<int64_t> los) : los(std::move(los)) {
    while (width < this->los.size())
      width *= 2;
    maxHi.assign(2 * width, std::numeric_limits<int64_t>::min());
    leaves.resize(this->los.size());
  }

  void insert(const Gap &gap, unsigned id) {
    unsigned leaf = leafOf(gap.lo);
    leaves[leaf].insert({gap.hi, gap.kept, id});
    update(leaf);
  }
  void erase(const Gap &gap, unsigned id) {
    unsigned leaf = leafOf(gap.lo);
    leaves[leaf].erase({gap.hi, gap.kept, id});
    update(leaf);
  }

  /// A gap with lo < start and end < hi: the highest lo, then the lowest
  /// hi, then the earliest kept allocation.
  std::optional<unsigned> find(int64_t start, int64_t end) const {
    // Leaves [0, bound) have lo < start.
    unsigned bound = llvm::lower_bound(los, start) - los.begin();
    std::optional<unsigned> leaf = rightmost(1, 0, width, bound, end);
    if (!leaf)
      return std::nullopt;
    auto it = leaves[*leaf].lower_bound({end + 1, 0, 0});
    return std::get<2>(*it);
  }

private:
  unsigned leafOf(int64_t lo) const {
    return llvm::lower_bound(los, lo) - los.begin();
  }
  void update(unsigned leaf) {
    unsigned node = width + leaf;
    maxHi[node] = leaves[leaf].empty() ? std::numeric_limits<int64_t>::min()
                                       : std::get<0>(*leaves[leaf].rbegin());
    for (node /= 2; node; node /= 2)
      maxHi[node] = std::max(maxHi[2 * node], maxHi[2 * node + 1]);
  }
  /// The rightmost leaf below `node` (covering [begin, end)) in [0, bound)
  /// whose largest hi exceeds `above`. Recursion as deep as the tree
  /// (log2 A), visiting O(log A) nodes: a node entirely inside the bound
  /// with a large enough hi is descended without backtracking.
  std::optional<unsigned> rightmost(unsigned node, unsigned begin, unsigned end,
                                    unsigned bound, int64_t above) const {
    if (begin >= bound || maxHi[node] <= above)
      return std::nullopt;
    if (end - begin == 1)
      return begin;
    unsigned middle = (begin + end) / 2;
    if (auto leaf = rightmost(2 * node + 1, middle, end, bound, above))
      return leaf;
    return rightmost(2 * node, begin, middle, bound, above);
  }

  SmallVector<int64_t> los;
  unsigned width = 1;
  std::vector<int64_t> maxHi;
  std::vector<std::set<std::tuple<int64_t, unsigned, unsigned>>> leaves;
};

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
    //
    // Allocations fall into classes that may share: a resizable one (one
    // slot, used only as destination clauses) shares with every resizable
    // one of its space; any other only with its own buffer type.
    using ClassKey = std::pair<unsigned, Type>;
    SmallVector<unsigned> candidates;
    SmallVector<AllocOp> unused;
    DenseMap<unsigned, ClassKey> classOf;
    DenseMap<ClassKey, SmallVector<int64_t>> classLos;
    for (auto [index, lifetime] : llvm::enumerate(all)) {
      if (isUserStorage(lifetime.alloc))
        continue;
      if (lifetime.alloc->use_empty()) {
        unused.push_back(lifetime.alloc);
        continue;
      }
      candidates.push_back(index);
      BufferType type = lifetime.alloc.getType();
      ClassKey key{static_cast<unsigned>(type.getSpace()),
                   isResizable(lifetime.alloc) ? Type() : Type(type)};
      classOf[index] = key;
      classLos[key].push_back(lifetime.end);
    }
    llvm::sort(candidates, [&](unsigned a, unsigned b) {
      int64_t sizeA = all[a].alloc.getType().getSize();
      int64_t sizeB = all[b].alloc.getType().getSize();
      return std::make_tuple(-sizeA, all[a].start, a) <
             std::make_tuple(-sizeB, all[b].start, b);
    });
    DenseMap<ClassKey, std::unique_ptr<GapIndex>> indexes;
    for (auto &[key, los] : classLos) {
      los.push_back(-1);
      llvm::sort(los);
      los.erase(std::unique(los.begin(), los.end()), los.end());
      indexes[key] = std::make_unique<GapIndex>(std::move(los));
    }

    // In-place pairs with shift 0, from either side.
    DenseMap<unsigned, SmallVector<unsigned, 1>> dyingInto, diesInto;
    for (const InPlaceShare &share : lifetimes.getInPlaceShares())
      if (share.shift == 0) {
        dyingInto[share.to].push_back(share.from);
        diesInto[share.from].push_back(share.to);
      }

    // Closed intervals: an allocation fits a gap when lo < start and
    // end < hi, or when the member at lo (at hi) is an in-place partner
    // ending where it starts (starting where it ends): an op's operand and
    // result share only through an in-place pair.
    std::vector<Gap> gaps;
    DenseMap<unsigned, unsigned> keptOf, gapBefore, gapAfter;
    llvm::DenseMap<unsigned, SmallVector<unsigned, 2>> members;
    auto fits = [&](const Gap &gap, unsigned index) {
      const AllocationLifetime &lifetime = all[index];
      bool left = gap.lo < lifetime.start ||
                  (gap.lo == lifetime.start && gap.left >= 0 &&
                   llvm::is_contained(dyingInto.lookup(index),
                                      static_cast<unsigned>(gap.left)));
      bool right = lifetime.end < gap.hi ||
                   (gap.hi == lifetime.end && gap.right >= 0 &&
                    llvm::is_contained(diesInto.lookup(index),
                                       static_cast<unsigned>(gap.right)));
      return left && right;
    };
    auto addGap = [&](GapIndex &gapIndex, Gap gap) {
      unsigned id = gaps.size();
      gaps.push_back(gap);
      gapIndex.insert(gap, id);
      if (gap.left >= 0)
        gapAfter[gap.left] = id;
      if (gap.right >= 0)
        gapBefore[gap.right] = id;
    };
    for (unsigned index : candidates) {
      const AllocationLifetime &lifetime = all[index];
      ClassKey key = classOf.lookup(index);
      GapIndex &gapIndex = *indexes[key];
      // First a gap next to an in-place partner already placed, as PyPTO
      // chains a producer into its consumer's buffer.
      std::optional<unsigned> chosen;
      bool inPlace = false;
      auto tryPartner = [&](unsigned partner,
                            const DenseMap<unsigned, unsigned> &gapOf) {
        if (chosen || !keptOf.count(partner) || classOf.lookup(partner) != key)
          return;
        if (inPlaceOnly &&
            all[partner].alloc.getType() != lifetime.alloc.getType())
          return;
        unsigned gap = gapOf.lookup(partner);
        if (fits(gaps[gap], index)) {
          chosen = gap;
          inPlace = true;
        }
      };
      for (unsigned from : dyingInto.lookup(index))
        tryPartner(from, gapAfter);
      for (unsigned to : diesInto.lookup(index))
        tryPartner(to, gapBefore);
      if (!chosen && !inPlaceOnly)
        chosen = gapIndex.find(lifetime.start, lifetime.end);
      if (!chosen) {
        // Kept: free before its start and after its end.
        keptOf[index] = index;
        addGap(gapIndex, {-1, lifetime.start, index, -1, int(index)});
        addGap(gapIndex, {lifetime.end, kNone, index, int(index), -1});
        continue;
      }
      Gap gap = gaps[*chosen];
      gapIndex.erase(gap, *chosen);
      keptOf[index] = gap.kept;
      members[gap.kept].push_back(index);
      addGap(gapIndex,
             {gap.lo, lifetime.start, gap.kept, gap.left, int(index)});
      addGap(gapIndex, {lifetime.end, gap.hi, gap.kept, int(index), gap.right});
      numInPlace += inPlace;
      numIntoLarger += all[gap.kept].alloc.getType().getSize() >
                       lifetime.alloc.getType().getSize();
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
