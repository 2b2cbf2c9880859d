//===- AllocationLifetimes.cpp - when each allocation is live -------------===//

#include "tilemem/Analysis/AllocationLifetimes.h"
#include "tilemem/Analysis/ProgramOrder.h"
#include "tilemem/Analysis/StorageLiveness.h"
#include "tilemem/Analysis/TileStorage.h"
#include "tilemem/Analysis/TripCounts.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <limits>

using namespace mlir;
using namespace mlir::tile;

int64_t mlir::tile::getSpaceCapacity(TargetArch arch, MemorySpace space) {
  constexpr int64_t KiB = 1024;
  bool a5 = arch == TargetArch::A5;
  switch (space) {
  case MemorySpace::Vec:
    // UB. On A2/A3 the top 8 KiB are left free: pto-isa's trowexpand<op>
    // without a tmp tile broadcasts its column through a fixed scratch at
    // [184 KiB, 192 KiB) (TMP_UB_OFFSET), clobbering whatever lives there.
    return (a5 ? 248 : 184) * KiB;
  case MemorySpace::Mat:
    return 512 * KiB; // L1
  case MemorySpace::Left:
    return 64 * KiB; // L0A
  case MemorySpace::Right:
    return 64 * KiB; // L0B
  case MemorySpace::Acc:
    return (a5 ? 256 : 128) * KiB; // L0C
  case MemorySpace::Bias:
    return 1 * KiB; // bias table
  }
  llvm_unreachable("unknown memory space");
}

AllocationLifetimes::AllocationLifetimes(Operation *function) {
  // One numbering for both, sized while recording, and one replay that
  // builds both (buildStorageAndLiveness).
  RecordedWalk walk(function, hasStorage);
  ProgramOrder order(walk);
  TripCounts trips(order);
  ValueNumbering numbering(countStorageValues(walk));
  StorageLiveness liveness(order, &trips, numbering,
                           StorageLiveness::Deferred());
  TileStorage storage(numbering, TileStorage::Deferred());
  buildStorageAndLiveness(walk, storage, liveness);
  build(walk, order, trips, liveness, storage);
}

AllocationLifetimes::AllocationLifetimes(const RecordedWalk &walk,
                                         const ProgramOrder &order,
                                         const TripCounts &trips,
                                         const StorageLiveness &liveness,
                                         const TileStorage &storage) {
  build(walk, order, trips, liveness, storage);
}

void AllocationLifetimes::build(const RecordedWalk &walk,
                                const ProgramOrder &order,
                                const TripCounts &trips,
                                const StorageLiveness &liveness,
                                const TileStorage &storage) {

  // Program points: the ops of the body in pre-order, which is the order of
  // ProgramOrder::position. `positions` is increasing, so a raw position
  // maps to the last point at or before it by binary search.
  SmallVector<uint64_t> positions;
  // The storage values rooted at each allocation, gathered in the same walk.
  llvm::DenseMap<Value, SmallVector<Value, 4>> valuesOf;
  auto collect = [&](Value value) {
    if (!hasStorage(value.getType()))
      return;
    const Window *window = storage.lookup(value);
    if (window && window->root.getDefiningOp<AllocOp>())
      valuesOf[window->root].push_back(value);
  };
  Operation *function = walk.getRoot();
  // The scratch tiles some ops take depend on the target (one lookup of the
  // module's attribute, not one per op).
  TargetArch arch = getTargetArch(function).value_or(TargetArch::A3);
  walk.forEachPreOrder([&](Operation *op) {
    if (op == function)
      return;
    pointOf[op] = points.size();
    points.push_back(op);
    positions.push_back(order.position(op));
    for (Region &nested : op->getRegions())
      for (Block &block : nested)
        for (BlockArgument arg : block.getArguments())
          collect(arg);
    for (Value result : op->getResults())
      collect(result);
    if (auto alloc = dyn_cast<AllocOp>(op)) {
      indexOf[op] = allocations.size();
      auto type = cast<BufferType>(alloc.getType());
      AllocationLifetime lifetime;
      lifetime.alloc = alloc;
      lifetime.space = type.getSpace();
      lifetime.bytes = type.getTotalBytes();
      lifetime.start = lifetime.end = 0;
      lifetime.pinned = alloc.getPinned();
      if (std::optional<uint64_t> addr = alloc.getAddr())
        lifetime.addr = static_cast<int64_t>(*addr);
      lifetime.touched = false;
      allocations.push_back(lifetime);
    }
    auto takesScratch = dyn_cast<ScratchTileOpInterface>(op);
    if (std::optional<TileType> scratch =
            takesScratch ? takesScratch.getScratchTileType(arch)
                         : std::nullopt) {
      std::optional<int64_t> addr;
      if (auto attr =
              op->getAttrOfType<IntegerAttr>(TileDialect::kScratchAddrAttrName))
        addr = attr.getInt();
      scratchTiles.push_back({op, scratch->getSpace(),
                              scratch->getSizeInBytes(),
                              static_cast<unsigned>(points.size() - 1), addr});
    }
    StringRef kind = isa<scf::ForOp>(op)     ? "for"
                     : isa<scf::WhileOp>(op) ? "while"
                     : isa<scf::IfOp>(op)    ? "if"
                                             : "";
    if (!kind.empty())
      regions.push_back({kind, static_cast<unsigned>(points.size() - 1),
                         /*end=*/0});
  });
  if (points.empty())
    return;
  auto toPoint = [&](uint64_t position) -> unsigned {
    auto it = llvm::upper_bound(positions, position);
    return it == positions.begin() ? 0 : (it - positions.begin()) - 1;
  };
  for (ControlRegion &region : regions)
    region.end = toPoint(order.end(points[region.start]));

  for (AllocationLifetime &lifetime : allocations) {
    uint64_t lo = std::numeric_limits<uint64_t>::max(), hi = 0;
    auto cover = [&](uint64_t from, uint64_t to) {
      lo = std::min(lo, from);
      hi = std::max(hi, to);
    };
    // Writes through the destination clause (and any other use of the
    // buffer handle).
    for (Operation *user : lifetime.alloc->getUsers())
      cover(order.position(user), order.position(user));
    for (Value value : valuesOf.lookup(lifetime.alloc.getResult())) {
      uint64_t def;
      if (auto result = dyn_cast<OpResult>(value)) {
        Operation *owner = result.getOwner();
        // A loop or branch result exists once its op has finished.
        def = owner->getNumRegions() ? order.end(owner) : order.position(owner);
      } else {
        Block *block = cast<BlockArgument>(value).getOwner();
        Operation *parent = block->getParentOp();
        // A carry is live around the back edge: the whole loop.
        if (isa<LoopLikeOpInterface>(parent) && trips.repeats(parent))
          cover(order.position(parent), order.end(parent));
        def = block->empty() ? order.position(parent)
                             : order.position(&block->front());
      }
      cover(def, def);
      // Every use, even one that never runs (liveness ignores those, but the
      // address checks of tile-verify-storage do not).
      for (Operation *user : value.getUsers())
        cover(order.position(user), order.position(user));
      if (auto live = liveness.liveInterval(value))
        cover(live->first, live->second);
    }
    if (lo > hi) {
      lifetime.start = lifetime.end = pointOf.lookup(lifetime.alloc);
      continue;
    }
    lifetime.touched = true;
    lifetime.start = toPoint(lo);
    lifetime.end = toPoint(hi);
  }

  findInPlaceShares(storage);

  // Max-live lower bound per space: a sweep over start/end events. At one
  // point, releases of intervals that ended before it come first.
  struct Event {
    unsigned point;
    int64_t delta;
    unsigned space;
  };
  SmallVector<Event> events;
  events.reserve(2 * allocations.size());
  for (const AllocationLifetime &lifetime : allocations) {
    unsigned space = static_cast<unsigned>(lifetime.space);
    events.push_back({lifetime.start, lifetime.bytes, space});
    events.push_back({lifetime.end + 1, -lifetime.bytes, space});
  }
  // The scratch tile of an op (tile.transpose, row reductions, tile.sel,
  // tile.cmp on a5) is live at its op only, next to the op's operands and
  // result: the op cannot run in fewer bytes (AllocateMemoryAddr places it as
  // an item).
  for (const ScratchTile &scratch : scratchTiles) {
    unsigned space = static_cast<unsigned>(scratch.space);
    events.push_back({scratch.point, scratch.bytes, space});
    events.push_back({scratch.point + 1, -scratch.bytes, space});
  }
  // An in-place pair overlaps by at most the smaller of the two at its
  // point: only that much is not counted there (one pair per point, the op's
  // one result; the largest if several operands die there).
  for (unsigned i = 0; i < shares.size();) {
    unsigned point = shares[i].point;
    int64_t saved = 0;
    for (; i < shares.size() && shares[i].point == point; ++i)
      saved = std::max(saved, std::min(allocations[shares[i].from].bytes,
                                       allocations[shares[i].to].bytes));
    unsigned space = static_cast<unsigned>(allocations[shares[i - 1].to].space);
    events.push_back({point, -saved, space});
    events.push_back({point + 1, saved, space});
  }
  llvm::sort(events, [](const Event &a, const Event &b) {
    return a.point != b.point ? a.point < b.point : a.delta < b.delta;
  });
  // A buffer has at most 2^50 bytes, so a sum over up to 2^32 of them fits
  // in 128 bits; a peak past int64_t (no target comes near) is clamped.
  std::array<__int128, kNumMemorySpaces> live{};
  std::array<__int128, kNumMemorySpaces> highest{};
  for (const Event &event : events) {
    live[event.space] += event.delta;
    if (live[event.space] > highest[event.space]) {
      highest[event.space] = live[event.space];
      peaks[event.space].bytes = static_cast<int64_t>(std::min<__int128>(
          live[event.space], std::numeric_limits<int64_t>::max()));
      peaks[event.space].point = event.point;
    }
  }
}

void AllocationLifetimes::findInPlaceShares(const TileStorage &storage) {
  // Each allocation's first writer, if the allocation starts there.
  for (auto [to, lifetime] : llvm::enumerate(allocations)) {
    if (!lifetime.touched)
      continue;
    auto producer = dyn_cast<AllocatingOpInterface>(points[lifetime.start]);
    if (!producer)
      continue;
    Operation *op = producer;
    const Window *out = storage.lookup(producer.getProducedTile());
    if (!out || out->root != lifetime.alloc.getResult() || out->dynamicSlot)
      continue;
    auto outType = cast<BufferType>(lifetime.alloc.getType());
    int64_t outStart = out->staticSlot * outType.getSize() + out->offset;
    // The operands in each allocation that ends here.
    SmallVector<std::pair<unsigned, SmallVector<unsigned, 2>>, 2> dying;
    for (OpOperand &operand : op->getOpOperands()) {
      if (!hasStorage(operand.get().getType()))
        continue;
      const Window *in = storage.lookup(operand.get());
      auto alloc = in ? in->root.getDefiningOp<AllocOp>() : AllocOp();
      if (!alloc)
        continue;
      unsigned from = indexOf.lookup(alloc);
      const AllocationLifetime &source = allocations[from];
      if (from == to || source.end != lifetime.start ||
          source.space != lifetime.space)
        continue;
      auto *entry =
          llvm::find_if(dying, [&](auto &e) { return e.first == from; });
      if (entry == dying.end()) {
        dying.push_back({from, {}});
        entry = std::prev(dying.end());
      }
      entry->second.push_back(operand.getOperandNumber());
    }
    for (auto &[from, operands] : dying) {
      auto inType = cast<BufferType>(allocations[from].alloc.getType());
      // Both windows at their bytes from the start of `from`, with `to`
      // shifted so that the first operand's window is the result's.
      auto placed = [&](const Window &w, BufferType type, int64_t at) {
        Window p = w;
        p.root = out->root;
        p.offset = at + w.staticSlot * type.getSize() + w.offset;
        p.staticSlot = 0;
        return p;
      };
      const Window *first = storage.lookup(op->getOperand(operands.front()));
      int64_t shift =
          first->staticSlot * inType.getSize() + first->offset - outStart;
      Window result = placed(*out, outType, shift);
      bool ok = true;
      for (unsigned index : operands) {
        const Window *in = storage.lookup(op->getOperand(index));
        ok &= !in->dynamicSlot &&
              !inPlaceViolation(op, index, placed(*in, inType, 0), result);
      }
      if (!ok)
        continue;
      shares.push_back(
          {from, static_cast<unsigned>(to), lifetime.start, shift});
      shiftOf[{from, static_cast<unsigned>(to)}] = shift;
    }
  }
  llvm::stable_sort(shares, [](const InPlaceShare &a, const InPlaceShare &b) {
    return a.point < b.point;
  });
}
