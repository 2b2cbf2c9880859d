//===- AllocateMemoryAddr.cpp - place allocations in their spaces ---------===//
//
// Two planners over AllocationLifetimes, per memory space:
// - pypto: a bump pointer in program order; fixed (addr) allocations are
//   skipped over with a pointer into them sorted by address: O(A log A).
//   Its scratch tiles are then placed as dsa-rp places an item, among the
//   allocations live at their op.
// - dsa-rp: by decreasing size, each allocation at the lowest 32-byte
//   aligned offset free of the placed allocations whose live intervals
//   overlap its own, or lower over a placed in-place partner (an allocation
//   ending at the op that writes this one first, in place:
//   AllocationLifetimes.h) at exactly the pair's shift. The conflicts come
//   from a segment tree over the (compressed) interval endpoints, so one
//   placement costs O(log A + K log K) for its K conflicts, never a scan of
//   every placed allocation.
// The scratch tile of each op that takes one
// (ScratchTileOpInterface::getScratchTileType: tile.transpose,
// tile.row_sum/row_max/row_min, tile.sel, tile.cmp on a5; pto.ttrans,
// pto.trowsum/trowmax/trowmin, pto.tsel and A5's pto.tcmp take a temporary,
// which only the planner can place at level3) is one more item, live only at
// its op ([p, p]); it goes through the same placement and capacity check and
// its address is written as `tile.scratch_addr`. Addresses given in the IR (a
// user `addr`, an existing `tile.scratch_addr`) are fixed obstacles, and are
// first checked against the rules every plan satisfies (AddressRules.h):
// aligned, inside the capacity, no two of them overlapping while live. All
// addresses are computed before the first is written: a function that does not
// fit is left unchanged.
//
// No sum below overflows: a buffer has at most 2^50 bytes
// (BufferType::kMaxTotalBytes), every fixed range is checked to end inside
// the capacity (overflow-checked) before any is used, and every computed
// address is at most the capacity.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Analysis/AddressRules.h"
#include "tilemem/Analysis/AllocationLifetimes.h"
#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Support/ValueNames.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEALLOCATEMEMORYADDR
#include "tilemem/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Closed intervals of program points, inserted one by one; reports every
/// inserted interval overlapping a query. A segment tree over the sorted
/// distinct endpoints: an interval is stored at the O(log A) nodes that
/// partition it (`stored`) and listed at every node its insertion visits
/// (`touching`: those nodes intersect it). A query reports `stored` of the
/// nodes it passes through and `touching` of the nodes it covers whole.
class IntervalIndex {
public:
  explicit IntervalIndex(SmallVector<unsigned> endpoints)
      : coords(std::move(endpoints)) {
    llvm::sort(coords);
    coords.erase(std::unique(coords.begin(), coords.end()), coords.end());
    while (size < coords.size())
      size *= 2;
    stored.resize(2 * size);
    touching.resize(2 * size);
  }

  void insert(unsigned id, unsigned start, unsigned end) {
    if (id >= seen.size())
      seen.resize(id + 1, 0);
    insert(1, 0, size - 1, id, compress(start), compress(end));
  }

  /// The ids of inserted intervals overlapping [start, end], each once.
  SmallVector<unsigned> query(unsigned start, unsigned end) {
    ++stamp;
    SmallVector<unsigned> found;
    query(1, 0, size - 1, compress(start), compress(end), found);
    return found;
  }

private:
  /// Every queried or inserted endpoint is one of `coords`.
  unsigned compress(unsigned point) const {
    return llvm::lower_bound(coords, point) - coords.begin();
  }
  void insert(unsigned node, unsigned lo, unsigned hi, unsigned id,
              unsigned start, unsigned end) {
    touching[node].push_back(id);
    if (start <= lo && hi <= end) {
      stored[node].push_back(id);
      return;
    }
    unsigned mid = (lo + hi) / 2;
    if (start <= mid)
      insert(2 * node, lo, mid, id, start, end);
    if (end > mid)
      insert(2 * node + 1, mid + 1, hi, id, start, end);
  }
  void report(ArrayRef<unsigned> ids, SmallVectorImpl<unsigned> &found) {
    for (unsigned id : ids)
      if (seen[id] != stamp) {
        seen[id] = stamp;
        found.push_back(id);
      }
  }
  void query(unsigned node, unsigned lo, unsigned hi, unsigned start,
             unsigned end, SmallVectorImpl<unsigned> &found) {
    if (start <= lo && hi <= end)
      return report(touching[node], found);
    report(stored[node], found);
    unsigned mid = (lo + hi) / 2;
    if (start <= mid)
      query(2 * node, lo, mid, start, end, found);
    if (end > mid)
      query(2 * node + 1, mid + 1, hi, start, end, found);
  }

  SmallVector<unsigned> coords;
  unsigned size = 1;
  std::vector<SmallVector<unsigned, 2>> stored, touching;
  SmallVector<unsigned> seen;
  unsigned stamp = 0;
};

struct Planner {
  func::FuncOp function;
  TargetArch arch;
  const AllocationLifetimes &lifetimes;
  /// What is placed: the allocations of the analysis (same indices), then
  /// one item per scratch op (`alloc` null), live at its op only.
  SmallVector<AllocationLifetime> items;
  /// The scratch ops, item `numAllocations + i` being scratchOps[i].
  SmallVector<Operation *> scratchOps;
  unsigned numAllocations;
  /// The address of each item, by its index.
  SmallVector<std::optional<int64_t>> addrs;
  /// Allocations placed over an in-place partner (DSA_RP).
  unsigned inPlace = 0;
  ValueNames names;

  Planner(func::FuncOp function, TargetArch arch,
          const AllocationLifetimes &lifetimes)
      : function(function), arch(arch), lifetimes(lifetimes),
        items(lifetimes.getAllocations()),
        numAllocations(lifetimes.getAllocations().size()), names(function) {
    for (const ScratchTile &scratch : lifetimes.getScratchTiles()) {
      items.push_back(AllocationLifetime{
          AllocOp(), scratch.space, scratch.bytes, scratch.point, scratch.point,
          /*pinned=*/false, scratch.addr, /*touched=*/true});
      scratchOps.push_back(scratch.op);
    }
    addrs.resize(items.size());
  }

  const AllocationLifetime &at(unsigned index) const { return items[index]; }
  bool isScratch(unsigned index) const { return index >= numAllocations; }
  Operation *opOf(unsigned index) const {
    return isScratch(index) ? scratchOps[index - numAllocations]
                            : at(index).alloc.getOperation();
  }

  /// The error for allocation `index` that would occupy [addr, addr+bytes).
  LogicalResult overflow(unsigned index, int64_t addr) {
    const AllocationLifetime &lifetime = at(index);
    MemorySpace space = lifetime.space;
    InFlightDiagnostic diag =
        isScratch(index) ? scratchOps[index - numAllocations]->emitError()
                               << "the scratch tile"
                         : lifetime.alloc.emitError()
                               << "allocation "
                               << names(lifetime.alloc.getResult());
    diag << describeCapacityOverflow(addr, lifetime.bytes, space, arch);
    const SpacePeak &peak = lifetimes.getPeak(space);
    diag.attachNote(lifetimes.getOp(peak.point)->getLoc())
        << "the live allocations of " << stringifyMemorySpace(space)
        << " peak here at " << peak.bytes << " bytes";
    return failure();
  }

  /// Checks the addresses placed by the user (or an earlier run), the
  /// obstacles of the planner: inside the capacity, then aligned and not
  /// overlapping one another while live.
  LogicalResult checkFixed(ArrayRef<unsigned> fixed) {
    bool ok = true;
    SmallVector<AddressItem> inside;
    for (unsigned index : fixed) {
      const AllocationLifetime &item = at(index);
      if (!fitsInCapacity(*item.addr, item.bytes,
                          getSpaceCapacity(arch, item.space))) {
        ok &= succeeded(overflow(index, *item.addr));
        continue;
      }
      inside.push_back({opOf(index), isScratch(index), item.space, *item.addr,
                        item.bytes, item.start, item.end});
    }
    for (const StorageViolation &violation :
         checkAlignmentAndLiveOverlaps(inside, lifetimes, names)) {
      violation.emit();
      ok = false;
    }
    return success(ok);
  }

  /// PYPTO: one range per allocation, in program order. Then each scratch
  /// tile, live at its own op only, at the lowest offset free of the
  /// allocations live there, as DSA_RP places it (`place`): the bytes of
  /// an allocation dead at the op are free for its scratch, so a scratch
  /// costs no more than the largest gap it needs, never a range past every
  /// allocation.
  LogicalResult bump(ArrayRef<unsigned> movable, ArrayRef<unsigned> fixed) {
    SmallVector<std::pair<int64_t, int64_t>> taken; // [begin, end)
    for (unsigned index : fixed)
      taken.push_back({*at(index).addr, *at(index).addr + at(index).bytes});
    llvm::sort(taken);
    SmallVector<unsigned> obstacles(fixed), scratch;
    int64_t cursor = 0;
    unsigned next = 0;
    for (unsigned index : movable) {
      if (isScratch(index)) {
        scratch.push_back(index);
        continue;
      }
      int64_t bytes = at(index).bytes;
      // Ranges starting before our end either end before the cursor (never
      // relevant again: the cursor only grows) or push it past them.
      while (next < taken.size() && taken[next].first < cursor + bytes) {
        if (taken[next].second > cursor)
          cursor = llvm::alignTo(taken[next].second, kAddressAlignment);
        ++next;
      }
      if (cursor + bytes > getSpaceCapacity(arch, at(index).space))
        return overflow(index, cursor);
      addrs[index] = cursor;
      obstacles.push_back(index);
      cursor = llvm::alignTo(cursor + bytes, kAddressAlignment);
    }
    if (scratch.empty())
      return success();
    return place(std::move(scratch), obstacles);
  }

  /// DSA_RP: lifetime-aware first fit by decreasing size.
  LogicalResult place(SmallVector<unsigned> movable, ArrayRef<unsigned> fixed) {
    SmallVector<unsigned> endpoints;
    for (ArrayRef<unsigned> set : {ArrayRef<unsigned>(movable), fixed})
      for (unsigned index : set) {
        endpoints.push_back(at(index).start);
        endpoints.push_back(at(index).end);
      }
    IntervalIndex placed(std::move(endpoints));
    for (unsigned index : fixed)
      placed.insert(index, at(index).start, at(index).end);
    llvm::stable_sort(movable, [&](unsigned a, unsigned b) {
      if (at(a).bytes != at(b).bytes)
        return at(a).bytes > at(b).bytes;
      return at(a).start < at(b).start;
    });
    // In-place partners (AllocationLifetimes.h): (other, the address of
    // this one minus the other's under which the two may overlap).
    DenseMap<unsigned, SmallVector<std::pair<unsigned, int64_t>, 1>> partners;
    for (const InPlaceShare &share : lifetimes.getInPlaceShares()) {
      // User storage keeps exactly its own values.
      if (at(share.from).pinned || at(share.from).addr || at(share.to).pinned ||
          at(share.to).addr)
        continue;
      partners[share.to].push_back({share.from, share.shift});
      partners[share.from].push_back({share.to, -share.shift});
    }
    int64_t capacity =
        movable.empty() ? 0 : getSpaceCapacity(arch, at(movable.front()).space);
    for (unsigned index : movable) {
      const AllocationLifetime &lifetime = at(index);
      SmallVector<unsigned> conflicts =
          placed.query(lifetime.start, lifetime.end);
      SmallVector<std::pair<int64_t, int64_t>> busy;
      for (unsigned other : conflicts)
        busy.push_back({*addrs[other], *addrs[other] + at(other).bytes});
      llvm::sort(busy);
      int64_t addr = 0;
      for (auto [begin, end] : busy) {
        if (addr + lifetime.bytes <= begin)
          break;
        addr = std::max<int64_t>(addr, llvm::alignTo(end, kAddressAlignment));
      }
      // Lower still: over a placed partner, at the pair's shift, when that
      // overlaps nothing else live.
      bool overPartner = false;
      for (auto [other, shift] : partners.lookup(index)) {
        if (!addrs[other] || !llvm::is_contained(conflicts, other))
          continue;
        int64_t candidate = *addrs[other] + shift;
        if (candidate < 0 || candidate >= addr ||
            candidate % kAddressAlignment != 0 ||
            candidate + lifetime.bytes > capacity)
          continue;
        bool fits = llvm::all_of(conflicts, [&](unsigned next) {
          int64_t begin = *addrs[next], end = begin + at(next).bytes;
          if (end <= candidate || candidate + lifetime.bytes <= begin)
            return true;
          return llvm::any_of(partners.lookup(index), [&](auto &p) {
            return p.first == next && *addrs[next] + p.second == candidate;
          });
        });
        if (fits) {
          addr = candidate;
          overPartner = true;
        }
      }
      inPlace += overPartner;
      if (addr + lifetime.bytes > getSpaceCapacity(arch, lifetime.space))
        return overflow(index, addr);
      addrs[index] = addr;
      placed.insert(index, lifetime.start, lifetime.end);
    }
    return success();
  }

  LogicalResult run(bool dsa) {
    ArrayRef<AllocationLifetime> all = items;
    bool ok = true;
    for (unsigned space = 0; space < kNumMemorySpaces; ++space) {
      SmallVector<unsigned> movable, fixed;
      for (auto [index, lifetime] : llvm::enumerate(all)) {
        if (static_cast<unsigned>(lifetime.space) != space)
          continue;
        (lifetime.addr ? fixed : movable).push_back(index);
        addrs[index] = lifetime.addr;
      }
      if (failed(checkFixed(fixed))) {
        ok = false;
        continue;
      }
      ok &= succeeded(dsa ? place(std::move(movable), fixed)
                          : bump(movable, fixed));
    }
    return success(ok);
  }
};

struct AllocateMemoryAddrPass
    : public mlir::tile::impl::TileAllocateMemoryAddrBase<
          AllocateMemoryAddrPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (isOrchestrationFunction(function) || function.isExternal())
      return markAllAnalysesPreserved();
    TargetArch arch = resolveTargetArch(function, targetArch);
    AllocationLifetimes lifetimes(function);
    Planner planner(function, arch, lifetimes);
    if (failed(planner.run(memoryPlanner == MemoryPlanner::DsaRp)))
      return signalPassFailure();

    // Everything fits: write the addresses.
    std::array<int64_t, kNumMemorySpaces> used{};
    Builder builder(function.getContext());
    for (auto [index, lifetime] : llvm::enumerate(planner.items)) {
      int64_t addr = *planner.addrs[index];
      unsigned space = static_cast<unsigned>(lifetime.space);
      used[space] = std::max(used[space], addr + lifetime.bytes);
      if (lifetime.addr)
        continue;
      if (planner.isScratch(index)) {
        planner.scratchOps[index - planner.numAllocations]->setAttr(
            TileDialect::kScratchAddrAttrName, builder.getI64IntegerAttr(addr));
        ++numScratch;
        continue;
      }
      lifetime.alloc.setAddrAttr(builder.getI64IntegerAttr(addr));
      ++numPlaced;
    }
    numInPlace += planner.inPlace;
    vecBytes += used[static_cast<unsigned>(MemorySpace::Vec)];
    matBytes += used[static_cast<unsigned>(MemorySpace::Mat)];
    leftBytes += used[static_cast<unsigned>(MemorySpace::Left)];
    rightBytes += used[static_cast<unsigned>(MemorySpace::Right)];
    accBytes += used[static_cast<unsigned>(MemorySpace::Acc)];
    biasBytes += used[static_cast<unsigned>(MemorySpace::Bias)];
    for (unsigned space = 0; space < kNumMemorySpaces; ++space)
      peakBytes += lifetimes.getPeak(static_cast<MemorySpace>(space)).bytes;
  }
};
} // namespace
