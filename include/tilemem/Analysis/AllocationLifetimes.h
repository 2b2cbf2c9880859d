//===- AllocationLifetimes.h - when each allocation is live -----*- C++ -*-===//
//
// The input of the memory planners: for every `tile.alloc` of a function, an
// allocation identity (every window, slot and view of its buffer belongs to
// it), its memory space, its bytes (`size * slots`) and a closed live
// interval [start, end] of program points. Program point i is the i-th op of
// the function body in ProgramOrder::position order (pre-order, then-arm
// first), so comparing points is comparing positions:
//
//   point                                             %acc   %in
//   0  %acc = tile.alloc : !tile.buffer<vec, 256>
//   1  %in = tile.alloc : !tile.buffer<vec, 256>
//   2  %z = tile.full 0.0 into(%acc ...)               2
//   3  %r = scf.for ... iter_args(%a = %z) {           3 -+
//   4    %t = tile.load %A[..] into(%in ...)            |     4
//   5    %n = tile.add %a, %t into(%acc ...)            |     5
//   6    scf.yield %n                                   |
//      }                                              6 -+   (carried: the
//   7  %m = tile.exp %r into(%in ...)                  7      whole loop)
//   8  return %m                                              7..8
//
// gives %acc = [2, 7] (its carry is live around the back edge, so the
// interval covers the whole loop, and %r is read at 7) and %in = [4, 8]
// (%t at 4..5, then %m at 7..8). Their intervals overlap at 4..7, so they
// need 512 bytes of vec at points 4..7: the max-live lower bound of vec.
//
// Derivation, per allocation: the hull of (a) every op using the buffer
// value (destination clauses: the writes), (b) for every tile value whose
// TileStorage window is rooted at the buffer, its defining point, every use
// (also in code that never runs: the address checks look at it) and
// StorageLiveness::liveInterval (which extends a read of a value defined
// outside a repeating loop to the end of that loop), and (c) the
// whole loop for a loop-carried block argument (for iter_args, while
// arguments) of a loop that may repeat (TripCounts). The hull is sound
// because values cross a loop iteration only through carries or through
// reads of values defined before the loop, both of which cover the loop.
// An allocation nothing touches is live at its own `tile.alloc` only.
//
// In-place sharing at one point. Intervals are closed, so an allocation
// read for the last time by an op and one the op writes first overlap at
// that op. When the op is in-place safe for those operands (no
// not-in-place-safe op, no operand whose aliasing it forbids;
// inPlaceViolation) the two may still share bytes there, placed so that the
// result window is exactly the dying operand's (or shares no byte with it):
//
//   %t = tile.exp %x into(%b1 ...)       // %b0 (holds %x): last read here
//   %u = tile.add %t, %y into(%b2 ...)   // %b1: last read here; %b2 first
//   return %u                            //   written here: %b2 may take
//                                        //   %b1's bytes (u = t + y in place)
//
// Such a pair is an InPlaceShare, with the one relative placement (`shift`,
// the address of the written allocation minus the read one's) that makes
// the windows coincide; a dynamic slot on either side, or an operand of the
// op in the same allocation at another place, rules the pair out. Never
// around a loop: an operand read again in a later iteration is live to the
// end of the loop, so its allocation does not end at the op. The planners
// use the pairs (PYPTO merges the two allocations when the shift is 0,
// DSA_RP may place the second at the first's address plus the shift) and
// tile-verify-storage{allocated} accepts exactly those overlaps; the
// max-live bound counts a pair's point with their overlap subtracted, and
// the scratch tile of a tile.transpose or row reduction at its op.
//
// Cost: one walk to collect values per root, O(1) amortized per value plus
// O(uses) in liveInterval, and an O(log N) binary search to turn a raw
// position into a point; the lower bound is one sort of 2A events; the
// in-place pairs look at the operands of each allocation's first writer.
// Overall O(N + U + A log A) for N ops, U uses and A allocations; no
// ancestor walks.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_ANALYSIS_ALLOCATIONLIFETIMES_H
#define TILEMEM_ANALYSIS_ALLOCATIONLIFETIMES_H

#include "tilemem/Dialect/Tile/IR/TileDialect.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <optional>

namespace mlir::tile {

constexpr unsigned kNumMemorySpaces = 6;

struct AllocationLifetime {
  /// An op handle (its accessors are not const, so neither is this).
  mutable AllocOp alloc;
  MemorySpace space;
  /// `size * slots` (BufferType::getTotalBytes): the slots of one buffer
  /// are placed together.
  int64_t bytes;
  /// Closed interval of program points.
  unsigned start, end;
  bool pinned;
  /// The address the IR already has, if any.
  std::optional<int64_t> addr;
  /// Whether an op reads or writes it (else it is live at its alloc only).
  bool touched;

  bool overlaps(const AllocationLifetime &other) const {
    return start <= other.end && other.start <= end;
  }
};

/// Two allocations that may share bytes at `point`, the last read of `from`
/// and the first write of `to` by an in-place-safe op (see above).
struct InPlaceShare {
  unsigned from, to; // indices into getAllocations()
  unsigned point;
  /// addr(to) - addr(from) under which the op's result window is exactly its
  /// operands' in `from` (or shares no byte with them): the one placement
  /// in which the two may overlap.
  int64_t shift;
};

/// The scratch tile an op takes (ScratchTileOpInterface::getScratchTileType:
/// pto.ttrans and pto.trowsum/trowmax/trowmin take a temporary as large as the
/// source tile, A5's pto.tcmp one for its mask), live at its op only.
struct ScratchTile {
  Operation *op;
  MemorySpace space;
  int64_t bytes;
  unsigned point;
  /// Its `tile.scratch_addr`, if set.
  std::optional<int64_t> addr;
};

/// A structured control-flow op and the points it covers.
struct ControlRegion {
  StringRef kind; // "for", "while" or "if"
  unsigned start, end;
};

/// The max-live lower bound of one memory space and where it is reached.
struct SpacePeak {
  int64_t bytes = 0;
  /// The first point where the live bytes reach `bytes` (valid if bytes > 0).
  unsigned point = 0;
};

class ProgramOrder;
class RecordedWalk;
class StorageLiveness;
class TileStorage;
class TripCounts;

class AllocationLifetimes {
public:
  explicit AllocationLifetimes(Operation *function);
  /// The same from analyses of `function` the caller already has (the
  /// storage verifier's): the liveness must be built with `trips`, as the
  /// planners' is, so that the verifier checks what the planners assume.
  /// `walk` is a record of `function` as it is now, needed only here.
  AllocationLifetimes(const RecordedWalk &walk, const ProgramOrder &order,
                      const TripCounts &trips, const StorageLiveness &liveness,
                      const TileStorage &storage);

  /// Every allocation of the function, in program order.
  ArrayRef<AllocationLifetime> getAllocations() const { return allocations; }
  const AllocationLifetime *lookup(AllocOp alloc) const {
    auto it = indexOf.find(alloc);
    return it == indexOf.end() ? nullptr : &allocations[it->second];
  }

  unsigned getNumPoints() const { return points.size(); }
  Operation *getOp(unsigned point) const { return points[point]; }
  unsigned getPoint(Operation *op) const { return pointOf.lookup(op); }

  /// The in-place pairs, by increasing point.
  ArrayRef<InPlaceShare> getInPlaceShares() const { return shares; }
  /// The shift under which allocation `to` may overlap allocation `from` at
  /// the point where one ends and the other starts, if they form a pair.
  std::optional<int64_t> getInPlaceShift(unsigned from, unsigned to) const {
    auto it = shiftOf.find({from, to});
    if (it == shiftOf.end())
      return std::nullopt;
    return it->second;
  }
  /// The index of `alloc` in getAllocations(), if it is one.
  std::optional<unsigned> indexOfAlloc(Operation *alloc) const {
    auto it = indexOf.find(alloc);
    if (it == indexOf.end())
      return std::nullopt;
    return it->second;
  }

  /// Every scratch tile of the function, in program order.
  ArrayRef<ScratchTile> getScratchTiles() const { return scratchTiles; }

  /// Loops and branches, in program order.
  ArrayRef<ControlRegion> getRegions() const { return regions; }

  /// The max-live lower bound of `space`: the largest sum of bytes of the
  /// allocations and scratch tiles live at one point. No placement can use
  /// fewer bytes.
  const SpacePeak &getPeak(MemorySpace space) const {
    return peaks[static_cast<unsigned>(space)];
  }

private:
  void build(const RecordedWalk &walk, const ProgramOrder &order,
             const TripCounts &trips, const StorageLiveness &liveness,
             const TileStorage &storage);
  void findInPlaceShares(const TileStorage &storage);

  SmallVector<AllocationLifetime> allocations;
  llvm::DenseMap<Operation *, unsigned> indexOf;
  SmallVector<Operation *> points;
  llvm::DenseMap<Operation *, unsigned> pointOf;
  SmallVector<ControlRegion> regions;
  SmallVector<ScratchTile> scratchTiles;
  SmallVector<InPlaceShare> shares;
  llvm::DenseMap<std::pair<unsigned, unsigned>, int64_t> shiftOf;
  std::array<SpacePeak, kNumMemorySpaces> peaks;
};

/// The capacity in bytes of `space` on `arch`.
int64_t getSpaceCapacity(TargetArch arch, MemorySpace space);

} // namespace mlir::tile

#endif // TILEMEM_ANALYSIS_ALLOCATIONLIFETIMES_H
