//===- Analysis.cpp - C API of the tilemem analyses -----------------------===//

#include "tilemem-c/Analysis.h"

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

static llvm::json::Object describe(func::FuncOp function) {
  AllocationLifetimes lifetimes(function);
  AsmState state(function);
  llvm::json::Array allocations;
  for (const AllocationLifetime &lifetime : lifetimes.getAllocations()) {
    std::string name;
    llvm::raw_string_ostream os(name);
    lifetime.alloc.getResult().printAsOperand(os, state);
    allocations.push_back(llvm::json::Object{
        {"name", name},
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
  llvm::json::Array regions;
  for (const ControlRegion &region : lifetimes.getRegions())
    regions.push_back(llvm::json::Object{
        {"kind", region.kind}, {"start", region.start}, {"end", region.end}});
  llvm::json::Object lowerBound, peakPosition;
  for (unsigned space = 0; space < kNumMemorySpaces; ++space) {
    auto memorySpace = static_cast<MemorySpace>(space);
    const SpacePeak &peak = lifetimes.getPeak(memorySpace);
    if (!peak.bytes)
      continue;
    lowerBound[stringifyMemorySpace(memorySpace)] = peak.bytes;
    peakPosition[stringifyMemorySpace(memorySpace)] = peak.point;
  }
  return llvm::json::Object{
      {"function", function.getSymName()},
      {"num_positions", lifetimes.getNumPoints()},
      {"allocations", std::move(allocations)},
      {"regions", std::move(regions)},
      {"lower_bound", std::move(lowerBound)},
      {"peak_position", std::move(peakPosition)},
  };
}

void tilememAllocationLifetimesJSON(MlirOperation op,
                                    MlirStringCallback callback,
                                    void *userData) {
  llvm::json::Array functions;
  // Functions only: their bodies are not entered.
  tile::walk<WalkOrder::PreOrder>(unwrap(op), [&](Operation *nested) {
    auto function = dyn_cast<func::FuncOp>(nested);
    if (!function)
      return WalkResult::advance();
    if (!function.isExternal() && !isOrchestrationFunction(function))
      functions.push_back(describe(function));
    return WalkResult::skip();
  });
  mlir::detail::CallbackOstream stream(callback, userData);
  stream << llvm::json::Value(std::move(functions));
  stream.flush();
}
