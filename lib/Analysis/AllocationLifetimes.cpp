//===- AllocationLifetimes.cpp - when each allocation is live -------------===//

#include "tilemem/Analysis/AllocationLifetimes.h"
#include "tilemem/Analysis/ProgramOrder.h"
#include "tilemem/Analysis/StorageLiveness.h"
#include "tilemem/Analysis/TileStorage.h"
#include "tilemem/Analysis/TripCounts.h"
#include "tilemem/Support/Walk.h"

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
    return (a5 ? 248 : 192) * KiB; // UB
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
  ProgramOrder order(function);
  TripCounts trips(function, order);
  StorageLiveness liveness(function, order, &trips);
  TileStorage storage(function);
  build(function, order, trips, liveness, storage);
}

AllocationLifetimes::AllocationLifetimes(Operation *function,
                                         const ProgramOrder &order,
                                         const TripCounts &trips,
                                         const StorageLiveness &liveness,
                                         const TileStorage &storage) {
  build(function, order, trips, liveness, storage);
}

void AllocationLifetimes::build(Operation *function, const ProgramOrder &order,
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
  tile::walk<WalkOrder::PreOrder>(function, [&](Operation *op) {
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
