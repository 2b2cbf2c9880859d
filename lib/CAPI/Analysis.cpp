//===- Analysis.cpp - C API of the tilemem analyses -----------------------===//

#include "tilemem-c/Analysis.h"

#include "Diagnostics.h"

#include "tilemem/Analysis/AddressRules.h"
#include "tilemem/Analysis/AllocationLifetimes.h"
#include "tilemem/Support/Walk.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::tile;

static std::string locationOf(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  capi::printLocation(os, op->getLoc());
  return text;
}

/// The first op (in program order) that produces a tile into `alloc`'s
/// buffer, or null: what the allocation holds, for a reader.
static Operation *firstProducer(AllocOp alloc,
                                const AllocationLifetimes &lifetimes) {
  Operation *first = nullptr;
  unsigned firstPoint = 0;
  for (Operation *user : alloc.getResult().getUsers()) {
    auto producer = dyn_cast<AllocatingOpInterface>(user);
    if (!producer || producer.getDest() != alloc.getResult())
      continue;
    unsigned point = lifetimes.getPoint(user);
    if (!first || point < firstPoint) {
      first = user;
      firstPoint = point;
    }
  }
  return first;
}

static llvm::json::Object describe(func::FuncOp function, bool withPositions) {
  AllocationLifetimes lifetimes(function);
  // Verified already (an entry point's input); verifying again would be
  // O(N x depth) on a deep nest.
  AsmState state(function, OpPrintingFlags().assumeVerified());
  llvm::json::Array allocations;
  SmallVector<std::string> names;
  for (const AllocationLifetime &lifetime : lifetimes.getAllocations()) {
    std::string name;
    llvm::raw_string_ostream os(name);
    lifetime.alloc.getResult().printAsOperand(os, state);
    names.push_back(name);
    // What a reader recognizes: the op that fills the buffer, its value and
    // where it is in the source (the alloc's own when nothing fills it).
    Operation *producer = firstProducer(lifetime.alloc, lifetimes);
    Operation *shown = producer ? producer : lifetime.alloc.getOperation();
    std::string value;
    llvm::raw_string_ostream valueOs(value);
    shown->getResult(0).printAsOperand(valueOs, state);
    allocations.push_back(llvm::json::Object{
        {"name", name},
        {"op", shown->getName().getStringRef()},
        {"value", value},
        {"loc", locationOf(shown)},
        {"space", stringifyMemorySpace(lifetime.space)},
        {"addr", lifetime.addr ? llvm::json::Value(*lifetime.addr)
                               : llvm::json::Value(nullptr)},
        {"bytes", lifetime.bytes},
        {"start", lifetime.start},
        {"end", lifetime.end},
        {"pinned", lifetime.pinned},
        {"touched", lifetime.touched},
    });
  }
  llvm::json::Array inPlace;
  for (const InPlaceShare &share : lifetimes.getInPlaceShares())
    inPlace.push_back(llvm::json::Object{{"from", names[share.from]},
                                         {"to", names[share.to]},
                                         {"point", share.point},
                                         {"shift", share.shift}});
  llvm::json::Array regions;
  for (const ControlRegion &region : lifetimes.getRegions())
    regions.push_back(llvm::json::Object{
        {"kind", region.kind}, {"start", region.start}, {"end", region.end}});
  // The scratch tiles the planners place next to the allocations (their
  // address once planned): the plan's bytes and the bound count them.
  llvm::json::Array scratch;
  for (const ScratchTile &tile : lifetimes.getScratchTiles())
    scratch.push_back(llvm::json::Object{
        {"op", tile.op->getName().getStringRef()},
        {"loc", locationOf(tile.op)},
        {"space", stringifyMemorySpace(tile.space)},
        {"addr", tile.addr ? llvm::json::Value(*tile.addr)
                           : llvm::json::Value(nullptr)},
        {"bytes", tile.bytes},
        {"point", tile.point},
    });
  llvm::json::Object lowerBound, peakPosition;
  for (unsigned space = 0; space < kNumMemorySpaces; ++space) {
    auto memorySpace = static_cast<MemorySpace>(space);
    const SpacePeak &peak = lifetimes.getPeak(memorySpace);
    if (!peak.bytes)
      continue;
    lowerBound[stringifyMemorySpace(memorySpace)] = peak.bytes;
    peakPosition[stringifyMemorySpace(memorySpace)] = peak.point;
  }
  llvm::json::Object described{
      {"function", function.getSymName()},
      {"loc", locationOf(function)},
      {"num_positions", lifetimes.getNumPoints()},
      {"allocations", std::move(allocations)},
      {"in_place", std::move(inPlace)},
      {"scratch", std::move(scratch)},
      {"regions", std::move(regions)},
      {"lower_bound", std::move(lowerBound)},
      {"peak_position", std::move(peakPosition)},
  };
  if (withPositions) {
    // The op at each program point, for the axis of a picture.
    llvm::json::Array positions;
    for (unsigned point = 0, e = lifetimes.getNumPoints(); point < e; ++point)
      positions.push_back(lifetimes.getOp(point)->getName().getStringRef());
    described["positions"] = std::move(positions);
  }
  return described;
}

void tilememAllocationLifetimesJSON(MlirOperation op, bool positions,
                                    MlirStringCallback callback,
                                    void *userData) {
  llvm::json::Array functions;
  // Functions only: their bodies are not entered.
  tile::walk<WalkOrder::PreOrder>(unwrap(op), [&](Operation *nested) {
    auto function = dyn_cast<func::FuncOp>(nested);
    if (!function)
      return WalkResult::advance();
    if (!function.isExternal() && !isOrchestrationFunction(function))
      functions.push_back(describe(function, positions));
    return WalkResult::skip();
  });
  mlir::detail::CallbackOstream stream(callback, userData);
  stream << llvm::json::Value(std::move(functions));
  stream.flush();
}
