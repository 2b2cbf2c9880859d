//===- AddressRules.cpp - what a valid address plan is --------------------===//

#include "tilemem/Analysis/AddressRules.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace mlir::tile;

std::optional<int64_t> mlir::tile::addressRangeEnd(int64_t addr,
                                                   int64_t bytes) {
  return llvm::checkedAdd(addr, bytes);
}

bool mlir::tile::fitsInCapacity(int64_t addr, int64_t bytes, int64_t capacity) {
  if (addr < 0 || bytes < 0)
    return false;
  std::optional<int64_t> end = addressRangeEnd(addr, bytes);
  return end && *end <= capacity;
}

StringRef mlir::tile::stringifyTargetArch(TargetArch arch) {
  return arch == TargetArch::A3 ? "a3" : "a5";
}

std::string mlir::tile::describeCapacityOverflow(int64_t addr, int64_t bytes,
                                                 MemorySpace space,
                                                 TargetArch arch) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << " of " << bytes << " bytes does not fit in "
     << stringifyMemorySpace(space) << ": it needs bytes [" << addr << ", ";
  // Both are non-negative int64_t, so their sum fits in uint64_t.
  if (addr >= 0 && bytes >= 0)
    os << static_cast<uint64_t>(addr) + static_cast<uint64_t>(bytes);
  else
    os << "?";
  os << ") but the capacity on " << stringifyTargetArch(arch) << " is "
     << getSpaceCapacity(arch, space) << " bytes";
  return text;
}

std::string mlir::tile::describeItem(const AddressItem &item,
                                     ValueNames &names) {
  if (item.scratch)
    return "the scratch tile of " + names(item.op->getResult(0));
  return "allocation " + names(item.op->getResult(0));
}

static std::string describeRange(const AddressItem &item) {
  return "[" + std::to_string(item.addr) + ", " +
         std::to_string(item.addr + item.bytes) + ")";
}

bool mlir::tile::mayShareInPlace(const AddressItem &a, const AddressItem &b,
                                 const AllocationLifetimes &lifetimes) {
  if (a.scratch || b.scratch)
    return false;
  std::optional<unsigned> ia = lifetimes.indexOfAlloc(a.op),
                          ib = lifetimes.indexOfAlloc(b.op);
  if (!ia || !ib)
    return false;
  // Addresses are inside the capacity (the caller's precondition): no
  // difference below overflows.
  if (a.end == b.start)
    if (std::optional<int64_t> shift = lifetimes.getInPlaceShift(*ia, *ib))
      if (b.addr - a.addr == *shift)
        return true;
  if (b.end == a.start)
    if (std::optional<int64_t> shift = lifetimes.getInPlaceShift(*ib, *ia))
      if (a.addr - b.addr == *shift)
        return true;
  return false;
}

SmallVector<StorageViolation>
mlir::tile::checkAlignmentAndLiveOverlaps(ArrayRef<AddressItem> items,
                                          const AllocationLifetimes &lifetimes,
                                          ValueNames &names) {
  SmallVector<StorageViolation> violations;
  for (const AddressItem &item : items)
    if (item.addr % kAddressAlignment != 0)
      violations.push_back(
          {item.op, describeItem(item, names) + " has address " +
                        std::to_string(item.addr) + ", which is not a " +
                        "multiple of " + std::to_string(kAddressAlignment) +
                        " bytes (the address alignment)"});

  // The sweep (see the header), one space at a time: its items by start,
  // and by end to expire them; the live ones in a map from address to item,
  // pairwise disjoint in address.
  for (unsigned space = 0; space < kNumMemorySpaces; ++space) {
    SmallVector<unsigned> byStart;
    for (auto [index, item] : llvm::enumerate(items))
      if (static_cast<unsigned>(item.space) == space)
        byStart.push_back(index);
    if (byStart.size() < 2)
      continue;
    SmallVector<unsigned> byEnd = byStart;
    // Ties in program order of the items, so the error is at the later one.
    llvm::stable_sort(byStart, [&](unsigned a, unsigned b) {
      return items[a].start < items[b].start;
    });
    llvm::stable_sort(byEnd, [&](unsigned a, unsigned b) {
      return items[a].end < items[b].end;
    });
    std::map<int64_t, unsigned> live;
    const unsigned *expire = byEnd.begin();
    // Items overlapped by an in-place pair partner starting at `retiredAt`:
    // out of the map (their range is the partner's now) but still live for
    // other items starting at that point.
    SmallVector<unsigned, 2> retired;
    unsigned retiredAt = 0;
    for (unsigned index : byStart) {
      const AddressItem &item = items[index];
      if (item.start != retiredAt)
        retired.clear();
      // Intervals are closed: one that ends at this start is still live.
      for (; expire != byEnd.end() && items[*expire].end < item.start; ++expire)
        if (auto it = live.find(items[*expire].addr);
            it != live.end() && it->second == *expire)
          live.erase(it);
      // The live items overlapping [addr, addr + bytes): those of the map
      // just below its end, then the retired ones.
      SmallVector<unsigned, 2> overlapping;
      for (auto it = live.lower_bound(item.addr + item.bytes);
           it != live.begin();) {
        --it;
        if (items[it->second].addr + items[it->second].bytes <= item.addr)
          break;
        overlapping.push_back(it->second);
      }
      for (unsigned other : retired)
        if (items[other].addr < item.addr + item.bytes &&
            item.addr < items[other].addr + items[other].bytes)
          overlapping.push_back(other);
      const unsigned *clash = llvm::find_if(overlapping, [&](unsigned other) {
        return !mayShareInPlace(items[other], item, lifetimes);
      });
      if (clash == overlapping.end()) {
        // Of each pair, the one that ends here steps aside.
        bool itemEnds = false;
        for (unsigned other : overlapping) {
          if (items[other].end != item.start) {
            itemEnds = true; // item is the pair's dying side
            continue;
          }
          if (auto it = live.find(items[other].addr);
              it != live.end() && it->second == other) {
            live.erase(it);
            retired.push_back(other);
          }
        }
        if (itemEnds)
          retired.push_back(index);
        else
          live.emplace(item.addr, index);
        retiredAt = item.start;
        continue;
      }
      const AddressItem &other = items[*clash];
      Operation *at = lifetimes.getOp(item.start);
      std::string atName = at->getName().getStringRef().str();
      StorageViolation violation{
          item.op,
          describeItem(item, names) + " " + describeRange(item) + " overlaps " +
              describeItem(other, names) + " " + describeRange(other) + " in " +
              stringifyMemorySpace(item.space).str() +
              " while both are live, from " + atName + " (point " +
              std::to_string(item.start) + ") on",
          {}};
      violation.notes.push_back(
          {other.op, describeItem(other, names) + " " + describeRange(other) +
                         " is live at points [" + std::to_string(other.start) +
                         ", " + std::to_string(other.end) + "]"});
      violation.notes.push_back({at, "both are live here"});
      violations.push_back(std::move(violation));
    }
  }
  return violations;
}
