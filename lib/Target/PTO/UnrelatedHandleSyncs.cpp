//===- UnrelatedHandleSyncs.cpp - barriers ptoas's InsertSync misses ------===//
//
// ptoas 0.27's InsertSync (MemoryDependentAnalyzer::MemAlias) relates two
// accesses to local memory only through the same root: after
// PTOViewToMemref a level3 alloc_tile is a pto.pointer_cast whose root is
// its address value, so tile_bufs at one address (one shared constant) are
// related, and two whose bytes overlap from different addresses (a slice
// at an offset of its source, a buffer placed over part of a dead one, a
// dynamic slot's computed address) are not: a TLOAD into [0, 4096) and a
// TEXP reading [2048, 4096) got no MTE2 -> V wait, so on the NPU the vector
// unit may read before the load lands (the simulator runs in order and
// computes right).
//
// Between two such accesses the emitter puts a pto.barrier <PIPE_ALL>,
// after which every earlier access, of any pipe, has completed. It needs
// one only where an access may follow one to an overlapping tile_buf of
// another root with no barrier between them:
//
//   %a = pto.alloc_tile addr = %c0_i64 : <16x64xf32>     // [0, 4096)
//   %b = pto.alloc_tile addr = %c2048_i64 : <8x64xf32>   // [2048, 4096)
//   pto.tload ins(%x) outs(%a)
//   pto.barrier <PIPE_ALL>               // %b after %a
//   pto.texp ins(%b) outs(%c)
//   pto.tadd ins(%b, %c) outs(%c)        // none: nothing of %a's root since
//   scf.for ... {
//     pto.barrier <PIPE_ALL>             // %a after %b: before the loop, or
//     pto.tload ins(%y) outs(%a)         // in the previous iteration
//     pto.tmul ins(%a, %a) outs(%a)      // none
//     pto.barrier <PIPE_ALL>             // %b after %a
//     pto.texp ins(%b) outs(%c)
//   }
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"
#include "tilemem/Support/Walk.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::pto_emission;

namespace {
/// The level3 tile_bufs that share bytes with one of another root, as
/// ptoas's InsertSync sees roots: per space, the tile_bufs at one constant
/// address share its constant; a dynamic slot's tile_buf has its computed
/// address to itself and may cover every slot of its buffer.
///
/// Each tile_buf keeps the tile_bufs of other roots it overlaps, found by
/// one sweep over the ranges sorted by start: a range overlaps the later
/// ones that start before its end, and the ones at its own constant start
/// are skipped as a run. A tile_buf with more than kMaxPartners of them, or
/// whose scan passes more, is `saturated` instead: every access to it waits
/// behind a barrier and counts as an access to every tile_buf, so no list
/// is kept. Building is O(H log H + H * kMaxPartners) for H tile_bufs, and
/// a query O(kMaxPartners).
class ConflictingTileBufs {
public:
  static constexpr unsigned kMaxPartners = 16;

  template <typename HandleRange>
  explicit ConflictingTileBufs(const HandleRange &handles);

  /// The index of `handle`, if it conflicts with another.
  std::optional<unsigned> indexOf(Value handle) const {
    auto it = indexOfHandle.find(handle);
    if (it == indexOfHandle.end() || !conflicts(it->second))
      return std::nullopt;
    return it->second;
  }
  bool conflicts(unsigned index) const {
    return entries[index].saturated || !entries[index].partners.empty();
  }
  bool isSaturated(unsigned index) const { return entries[index].saturated; }
  ArrayRef<unsigned> getPartners(unsigned index) const {
    return entries[index].partners;
  }
  unsigned size() const { return entries.size(); }

private:
  struct Entry {
    StringRef space;
    int64_t lo, hi;
    bool fixed;
    bool saturated = false;
    SmallVector<unsigned, 4> partners;
  };
  SmallVector<Entry> entries;
  DenseMap<Value, unsigned> indexOfHandle;
};

template <typename HandleRange>
ConflictingTileBufs::ConflictingTileBufs(const HandleRange &handles) {
  for (const auto &bytes : handles) {
    indexOfHandle[bytes.handle] = entries.size();
    entries.push_back({cast<pto::TileBufType>(bytes.handle.getType()).getLoc(),
                       bytes.lo, bytes.hi, bytes.fixed});
  }
  // By start, the fixed ones at a start (one root) before the dynamic ones.
  SmallVector<unsigned> byStart =
      llvm::to_vector(llvm::seq<unsigned>(0, entries.size()));
  llvm::sort(byStart, [&](unsigned a, unsigned b) {
    const Entry &x = entries[a], &y = entries[b];
    return std::make_tuple(x.space, x.lo, !x.fixed, a) <
           std::make_tuple(y.space, y.lo, !y.fixed, b);
  });
  // The position after the run of fixed tile_bufs at each one's start.
  SmallVector<unsigned> runEnd(byStart.size());
  for (unsigned position = byStart.size(); position-- > 0;) {
    const Entry &entry = entries[byStart[position]];
    bool sameRun = false;
    if (position + 1 < byStart.size()) {
      const Entry &next = entries[byStart[position + 1]];
      sameRun = entry.fixed && next.fixed && next.space == entry.space &&
                next.lo == entry.lo;
    }
    runEnd[position] = sameRun ? runEnd[position + 1] : position + 1;
  }
  auto saturate = [&](unsigned index) {
    entries[index].saturated = true;
    entries[index].partners.clear();
  };
  auto link = [&](unsigned from, unsigned to) {
    Entry &entry = entries[from];
    if (entry.saturated)
      return;
    if (entry.partners.size() == kMaxPartners)
      return saturate(from);
    entry.partners.push_back(to);
  };
  for (auto [position, index] : llvm::enumerate(byStart)) {
    const Entry &entry = entries[index];
    unsigned scanned = 0;
    for (unsigned later = runEnd[position]; later < byStart.size(); ++later) {
      const Entry &other = entries[byStart[later]];
      if (other.space != entry.space || other.lo >= entry.hi)
        break;
      if (++scanned > kMaxPartners) {
        saturate(index);
        break;
      }
      link(index, byStart[later]);
      link(byStart[later], index);
    }
  }
}

/// What a point of the emitted function knows of the accesses before it.
/// Epochs are numbered in the order the walk starts them, and an access
/// stamps its tile_buf with the latest one, so stamps only grow: the
/// tile_bufs accessed since the last barrier on any path to the point are
/// among those stamped `floor` or later (the epoch that barrier started), or
/// all of them when `anything` holds (a loop's earlier iterations, a
/// saturated tile_buf). Where paths join, the earlier floor holds for both.
struct PendingAccesses {
  unsigned floor = 1;
  bool anything = false;

  static PendingAccesses join(PendingAccesses a, PendingAccesses b) {
    return {std::min(a.floor, b.floor), a.anything || b.anything};
  }
};

/// The pending accesses at the start of an op with regions, and where an
/// scf.if's then region or an scf.while's condition region ended.
struct RegionFrame {
  PendingAccesses atStart, firstRegionEnd;
  bool sawSecondRegion = false;
};
} // namespace

/// The tile_buf `value` is, through the views the emitter makes of one.
static Value viewedTileBuf(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto reshape = dyn_cast<pto::TReshapeOp>(def))
      value = reshape->getOperand(0);
    else if (auto subset = dyn_cast<pto::SubsetOp>(def))
      value = subset->getOperand(0);
    else
      break;
  }
  return value;
}

/// One forward walk of the emitted function with the pending accesses as
/// its state (see the file comment): an scf.if's arms both start from the
/// state before it and join after it; an scf.for body or an scf.while's
/// condition region starts with `anything` pending (the earlier
/// iterations) when the loop accesses a conflicting tile_buf, and the loop
/// is left from the state before it or its body's end (for), or its
/// condition's end (while). The walks are iterative (tile::walk), and each
/// op costs O(operands * kMaxPartners).
void FunctionEmitter::separateUnrelatedHandles() {
  ConflictingTileBufs tileBufs(level3Handles);
  SmallVector<unsigned> stamps(tileBufs.size(), 0);
  unsigned epochs = 1;
  PendingAccesses pending;
  auto startEpoch = [&] { pending = {++epochs, /*anything=*/false}; };
  SmallVector<RegionFrame> frames;
  SmallVector<unsigned, 4> accessed;

  // The conflicting tile_bufs `op` accesses, into `accessed`.
  auto collectAccessed = [&](Operation *op) {
    accessed.clear();
    if (op->hasTrait<OpTrait::IsTerminator>() || makesTileBuf(op) ||
        isa<pto::BarrierOp>(op))
      return;
    for (Value operand : op->getOperands())
      if (std::optional<unsigned> index =
              tileBufs.indexOf(viewedTileBuf(operand)))
        accessed.push_back(*index);
  };
  // The ops with regions that hold an access to a conflicting tile_buf:
  // only such a loop brings its earlier iterations' accesses back to its
  // start (one enter/exit walk, a flag per open op).
  DenseSet<Operation *> holdsAccess;
  SmallVector<bool> holding;
  walkEnterExit(
      target.getOperation(),
      [&](Operation *op) {
        if (op->getNumRegions())
          holding.push_back(false);
      },
      [&](Operation *op) {
        if (!op->getNumRegions()) {
          collectAccessed(op);
          if (!accessed.empty() && !holding.empty())
            holding.back() = true;
          return;
        }
        if (!holding.pop_back_val())
          return;
        holdsAccess.insert(op);
        if (!holding.empty())
          holding.back() = true;
      });

  auto access = [&](Operation *op) {
    if (isFullBarrier(op)) {
      startEpoch();
      return;
    }
    collectAccessed(op);
    if (accessed.empty())
      return;
    bool wait = false;
    for (unsigned index : accessed) {
      wait |= pending.anything || tileBufs.isSaturated(index);
      for (unsigned partner : tileBufs.getPartners(index))
        wait |= stamps[partner] >= pending.floor;
    }
    if (wait) {
      waitForEveryPipeBefore(op);
      startEpoch();
    }
    for (unsigned index : accessed) {
      stamps[index] = epochs;
      pending.anything |= tileBufs.isSaturated(index);
    }
  };
  auto enterBlock = [&](Block *block) {
    Operation *parent = block->getParentOp();
    if (isa<func::FuncOp>(parent) && block->isEntryBlock())
      return;
    if (!block->isEntryBlock() ||
        !isa<scf::IfOp, scf::ForOp, scf::WhileOp>(parent)) {
      pending.anything = true; // a block a branch may reach from anywhere
      return;
    }
    unsigned region = block->getParent()->getRegionNumber();
    RegionFrame &frame = frames.back();
    if (isa<scf::ForOp>(parent) || (isa<scf::WhileOp>(parent) && region == 0)) {
      // The loop's earlier iterations, if they access any.
      pending.anything |= holdsAccess.contains(parent);
    } else if (region == 1) {
      // An else arm starts where the then arm did; a while's body continues
      // from its condition.
      frame.firstRegionEnd = pending;
      frame.sawSecondRegion = true;
      if (isa<scf::IfOp>(parent))
        pending = frame.atStart;
    }
  };
  detail::walkIteratively</*Reverse=*/false>(
      target.getOperation(),
      [&](Operation *op, int stage) {
        if (op->getNumRegions() == 0) {
          if (stage == 0)
            access(op);
          return WalkResult::advance();
        }
        if (isa<func::FuncOp>(op))
          return WalkResult::advance();
        if (stage == 0) {
          frames.push_back({pending, pending});
          return WalkResult::advance();
        }
        RegionFrame frame = frames.pop_back_val();
        if (isa<scf::IfOp>(op)) {
          // Without an else arm, the state before the if reaches its end.
          pending = frame.sawSecondRegion
                        ? PendingAccesses::join(frame.firstRegionEnd, pending)
                        : PendingAccesses::join(frame.atStart, pending);
        } else if (isa<scf::ForOp>(op)) {
          pending = PendingAccesses::join(frame.atStart, pending);
        } else if (isa<scf::WhileOp>(op)) {
          pending = frame.sawSecondRegion ? frame.firstRegionEnd : pending;
        } else {
          pending.anything |= holdsAccess.contains(op);
        }
        return WalkResult::advance();
      },
      enterBlock);
}
