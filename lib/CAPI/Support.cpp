//===- Support.cpp - C API of tilemem's support functions -----------------===//

#include "tilemem-c/Support.h"

#include "Diagnostics.h"

#include "tilemem/Support/Limits.h"
#include "tilemem/Support/Version.h"
#include "tilemem/Support/Walk.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/Parser/Parser.h"

#include <cstdint>

using namespace mlir;
using namespace mlir::tile;

MlirStringRef tilememGetVersion(void) { return wrap(getTilememVersion()); }

MlirStringRef tilememGetLLVMVersion(void) { return wrap(getLLVMVersion()); }

MlirModule tilememParseModule(MlirContext context, MlirStringRef text,
                              MlirStringRef sourceName,
                              MlirStringCallback diagnostics, void *userData) {
  MLIRContext *ctx = unwrap(context);
  OwningOpRef<ModuleOp> module;
  std::string rendered;
  {
    capi::DiagnosticCollector collector(ctx);
    ParserConfig config(ctx);
    module =
        parseSourceString<ModuleOp>(unwrap(text), config, unwrap(sourceName));
    rendered = collector.getRendered();
  }
  if (!module) {
    diagnostics(wrap(StringRef(rendered)), userData);
    return MlirModule{nullptr};
  }
  return MlirModule{module.release().getOperation()};
}

size_t tilememCountOps(MlirOperation op, MlirStringRef name) {
  Operation *root = unwrap(op);
  StringRef wanted = unwrap(name);
  size_t count = 0;
  tile::walk(root, [&](Operation *nested) {
    if (nested != root && nested->getName().getStringRef() == wanted)
      ++count;
  });
  return count;
}

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
  // The replaced body is emptied first: taking the snapshot's body would
  // destroy it whole, O(N x depth) on a deep nest.
  eraseNestedOps(to);
  for (auto [into, taken] : llvm::zip(to->getRegions(), from->getRegions()))
    into.takeBody(taken);
  to->setAttrs(from->getAttrDictionary());
  return wrap(success());
}

void tilememEraseNestedOps(MlirOperation op) { eraseNestedOps(unwrap(op)); }
