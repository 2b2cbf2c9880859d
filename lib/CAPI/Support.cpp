//===- Support.cpp - C API of tilemem's limits and pass options -----------===//

#include "tilemem-c/Support.h"

#include "tilemem/Dialect/Tile/Transforms/PassOptions.h"
#include "tilemem/Support/Limits.h"
#include "tilemem/Support/Version.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Location.h"

#include <cstdint>

using namespace mlir;
using namespace mlir::tile;

MlirStringRef tilememGetVersion(void) { return wrap(getTilememVersion()); }

MlirStringRef tilememGetLLVMVersion(void) { return wrap(getLLVMVersion()); }

unsigned tilememMaxNestingDepth(void) { return kMaxNestingDepth; }

size_t tilememLargeStackBytes(void) { return kLargeStackBytes; }

unsigned tilememTextNesting(MlirStringRef text, unsigned limit,
                            size_t *firstOver) {
  *firstOver = SIZE_MAX;
  StringRef buffer = unwrap(text);
  if (isBytecode(buffer))
    return 0;
  TextNesting nesting = measureTextNesting(buffer, limit);
  if (nesting.firstOver)
    *firstOver = *nesting.firstOver;
  return nesting.maxDepth;
}

unsigned tilememOpNesting(MlirOperation op, unsigned limit,
                          MlirStringCallback callback, void *userData) {
  OpNesting nesting = measureNestingDepth(unwrap(op), limit);
  if (nesting.firstOver) {
    std::string rendered;
    llvm::raw_string_ostream os(rendered);
    Location loc = nesting.firstOver->getLoc();
    if (auto file = dyn_cast<FileLineColLoc>(loc))
      os << file.getFilename().getValue() << ":" << file.getLine() << ":"
         << file.getColumn();
    else
      loc.print(os);
    callback(wrap(StringRef(rendered)), userData);
  }
  return nesting.maxDepth;
}

MlirLogicalResult tilememRestoreOperation(MlirOperation target,
                                          MlirOperation snapshot) {
  Operation *to = unwrap(target), *from = unwrap(snapshot);
  if (to->getName() != from->getName() ||
      to->getNumRegions() != from->getNumRegions())
    return wrap(failure());
  for (auto [into, taken] : llvm::zip(to->getRegions(), from->getRegions()))
    into.takeBody(taken);
  to->setAttrs(from->getAttrDictionary());
  return wrap(success());
}

void tilememOptionValues(MlirStringRef option, MlirStringCallback callback,
                         void *userData) {
  StringRef name = unwrap(option);
  auto emit = [&](StringRef value) { callback(wrap(value), userData); };
  if (name == "memory-planner" || name == "address-planner") {
    for (MemoryPlanner planner : allMemoryPlanners())
      if (name == "memory-planner" || planner != MemoryPlanner::PTOAS)
        emit(stringifyMemoryPlanner(planner));
  } else if (name == "arch") {
    for (TargetArchOption arch : allTargetArchOptions())
      emit(stringifyTargetArchOption(arch));
  }
}
