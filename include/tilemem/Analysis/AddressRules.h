//===- AddressRules.h - what a valid address plan is ------------*- C++ -*-===//
//
// The rules every address plan satisfies, stated once: the address planners
// (tile-allocate-memory-addr) follow them and check the addresses they are
// given (user `addr`, an existing `tile.scratch_addr`), and
// tile-verify-storage{allocated=true} checks them after any planner.
//
// An *item* is an allocation (`size * slots` bytes from its `addr`: the slots
// of a buffer are placed together) or the scratch tile of a tile.transpose /
// tile.row_sum (the source tile's bytes from its `tile.scratch_addr`), with
// its closed live interval of AllocationLifetimes program points (a scratch
// tile is live at its op only). In one memory space:
//
//   - alignment: every address is a multiple of kAddressAlignment;
//   - capacity: [addr, addr + bytes) lies in [0, capacity) of the space on
//     the target (getSpaceCapacity), computed without overflow;
//   - no live overlap: two items live at a common point share no byte,
//     except an in-place pair of AllocationLifetimes at its shift (the op
//     where one ends and the other starts writes its result exactly over the
//     dying operand: mayShareInPlace).
//
//   %b0 = tile.alloc addr = 0 : !tile.buffer<vec, 256>     // [0, 256)   live
//   [2, 4] %b1 = tile.alloc addr = 128 : !tile.buffer<vec, 256>   // [128, 384)
//   live [3, 4] %a = tile.exp %x into(%b0 ...)                          //
//   point 2 %b = tile.add %x, %x into(%b1 ...)                      // point 3:
//   both live, error return %a, %b                                           //
//   point 4
//
// The live-overlap check is one sweep per space over the items sorted by the
// start of their interval, with the live items in a map ordered by address.
// Items reported as overlapping stay out of the map, so the map's ranges are
// pairwise disjoint: sorted by address they are also sorted by end, and the
// items that can overlap a new range [a, b) are those just below b. An item
// an in-place partner overlaps leaves the map for it (it ends at that
// point) and is kept aside for the other items starting there. Each item is
// inserted, looked up and removed once: O(A log A) for A items, never a
// comparison of all pairs. Whenever two items overlap while live (outside
// an in-place pair), at least one error is reported: at the later start of
// the first such pair the earlier one is in the map or aside, or was itself
// reported.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_ANALYSIS_ADDRESSRULES_H
#define TILEMEM_ANALYSIS_ADDRESSRULES_H

#include "tilemem/Analysis/AllocationLifetimes.h"
#include "tilemem/Analysis/StorageVerifier.h"
#include "tilemem/Support/ValueNames.h"

#include <optional>
#include <string>

namespace mlir::tile {

/// The alignment of every on-chip address, in bytes: the planners place
/// every item at a multiple of it, and a user `addr` must be one.
constexpr int64_t kAddressAlignment = 32;

/// `addr + bytes`, or none when it does not fit in int64_t.
std::optional<int64_t> addressRangeEnd(int64_t addr, int64_t bytes);

/// Whether [addr, addr + bytes) lies inside [0, capacity), overflow-checked.
bool fitsInCapacity(int64_t addr, int64_t bytes, int64_t capacity);

/// " of N bytes does not fit in S: it needs bytes [addr, end) but the
/// capacity on A is C bytes" (the end printed exactly, also past int64_t).
std::string describeCapacityOverflow(int64_t addr, int64_t bytes,
                                     MemorySpace space, TargetArch arch);

/// "a3" or "a5".
StringRef stringifyTargetArch(TargetArch arch);

/// One item of an address plan, as the rules see it.
struct AddressItem {
  /// The tile.alloc, or the scratch tile's op: diagnostics go there.
  Operation *op;
  bool scratch;
  MemorySpace space;
  int64_t addr, bytes;
  /// Closed interval of AllocationLifetimes points.
  unsigned start, end;
};

/// Whether two items that overlap in address may do so while both are live:
/// an in-place pair of AllocationLifetimes (one ends where the other
/// starts, at an op that writes the second in place of the first) placed at
/// exactly the pair's shift.
bool mayShareInPlace(const AddressItem &a, const AddressItem &b,
                     const AllocationLifetimes &lifetimes);

/// "allocation %0" or "the scratch tile of %3".
std::string describeItem(const AddressItem &item, ValueNames &names);

/// The alignment and live-overlap rules over `items`, every one of which
/// already satisfies the capacity rule (so no sum below overflows). One
/// violation per misaligned item, and one per item that overlaps, while
/// both are live, an item starting no later: the error is at the later one
/// and names the other, with a note at the other one and one at the first
/// op where both are live. Misalignments first, then overlaps by space and
/// start point (StorageVerifier sorts its report by program order).
SmallVector<StorageViolation>
checkAlignmentAndLiveOverlaps(ArrayRef<AddressItem> items,
                              const AllocationLifetimes &lifetimes,
                              ValueNames &names);

} // namespace mlir::tile

#endif // TILEMEM_ANALYSIS_ADDRESSRULES_H
