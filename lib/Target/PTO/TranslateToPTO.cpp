//===- TranslateToPTO.cpp - tile module -> PTO text for ptoas -------------===//
//
// Builds a PTO module (the ops of PTODialect.h) next to the input and prints
// it; the input is never modified, and nothing is written unless every
// kernel translated and the PTO module verifies. The emitter of one kernel
// is FunctionEmitter.h (its parts are listed there). Rules and the op
// table: docs/pto-emission.md.
//
//===----------------------------------------------------------------------===//

#include "tilemem/Target/PTO/TranslateToPTO.h"

#include "FunctionEmitter.h"

#include "tilemem/Analysis/StorageVerifier.h"
#include "tilemem/InitAllDialects.h"
#include "tilemem/Support/Limits.h"
#include "tilemem/Support/Walk.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::pto_emission;

std::optional<PTOLevel> mlir::tile::parsePTOLevel(StringRef name) {
  if (name == "auto")
    return PTOLevel::Auto;
  if (name == "level2")
    return PTOLevel::Level2;
  if (name == "level3")
    return PTOLevel::Level3;
  return std::nullopt;
}

LogicalResult FunctionEmitter::emit() {
  Block *entry = target.addEntryBlock();
  body.setInsertionPointToEnd(entry);
  sentinel = body.create<arith::ConstantIndexOp>(source.getLoc(), 0);
  prologue.setInsertionPoint(sentinel);

  for (auto [from, to] :
       llvm::zip(source.getArguments(), entry->getArguments())) {
    auto tensor = dyn_cast<GlobalTensorType>(from.getType());
    if (!tensor) {
      scalars.map(from, to);
      continue;
    }
    // Static shape and row-major strides of the tensor argument.
    int64_t rows = tensor.getShape()[0], cols = tensor.getShape()[1];
    auto viewType = pto::TensorViewType::get(
        tensor.getContext(), {ShapedType::kDynamic, ShapedType::kDynamic},
        tensor.getElementType());
    SmallVector<Value> shape{indexConst(rows), indexConst(cols)};
    SmallVector<Value> strides{indexConst(cols), indexConst(1)};
    tensorViews[from] = prologue.create<pto::MakeTensorViewOp>(
        source.getLoc(), viewType, to, shape, strides);
  }

  if (!level3)
    chooseRoots();
  Block &block = source.getBody().front();
  if (failed(emitBlock(block)))
    return failure();
  // Functions return nothing: tensor results are the arguments' memory.
  body.create<func::ReturnOp>(block.getTerminator()->getLoc());
  sentinel->erase();
  // The selections add scf.if ops, which may be inside whiles; the roots
  // and the barriers are placed on the kernel as ptoas will see it.
  if (!level3 && failed(expandSelections()))
    return failure();
  nestOnlyWhilesInWhiles();
  if (!level3)
    return placeRoots();
  separateUnrelatedHandles();
  return success();
}

/// The signature of the PTO function for `func`, or a diagnostic.
static FailureOr<FunctionType> ptoSignature(func::FuncOp func) {
  SmallVector<Type> inputs;
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
    if (auto tensor = dyn_cast<GlobalTensorType>(type)) {
      inputs.push_back(
          pto::PtrType::get(type.getContext(), tensor.getElementType()));
      continue;
    }
    if (isa<TileType, BufferType>(type))
      return cannotEmit(func)
             << "argument #" << index << " is a "
             << (isa<TileType>(type) ? "tile" : "buffer")
             << ": kernel arguments are global tensors and scalars";
    if (!type.isIntOrIndexOrFloat())
      return cannotEmit(func)
             << "argument #" << index << " has type " << type
             << ", which is neither a global tensor nor a scalar";
    inputs.push_back(type);
  }
  for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
    if (!isa<GlobalTensorType>(type))
      return cannotEmit(func)
             << "result #" << index << " is a "
             << (isa<TileType>(type) ? "tile" : "scalar")
             << ": PTO kernels return nothing (only tensor results, which "
                "are argument memory, are dropped)";
  return FunctionType::get(func.getContext(), inputs, {});
}

LogicalResult mlir::tile::translateToPTO(ModuleOp module, raw_ostream &os,
                                         PTOEmitOptions options) {
  MLIRContext *context = module.getContext();
  // Emission recurses per nesting level; modules built without the parser
  // have not been checked yet.
  if (failed(checkNestingDepth(module)))
    return failure();
  context->loadDialect<pto::PTODialect, arith::ArithDialect, func::FuncDialect,
                       scf::SCFDialect>();

  // Kernels: function definitions that are not host-side orchestration.
  SmallVector<func::FuncOp> kernels;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && !isOrchestrationFunction(func))
      kernels.push_back(func);
  if (kernels.empty())
    return emitError(
        module.getLoc(),
        "cannot be emitted to PTO: the module has no kernel (orchestration "
        "functions and declarations are not emitted)");

  // Level: auto means level3 iff every allocation has an address.
  SmallVector<AllocOp> unaddressed;
  bool anyAlloc = false;
  for (func::FuncOp kernel : kernels)
    tile::walk(kernel, [&](AllocOp alloc) {
      anyAlloc = true;
      if (!alloc.getAddrAttr())
        unaddressed.push_back(alloc);
    });
  bool level3 =
      options.level == PTOLevel::Level3 ||
      (options.level == PTOLevel::Auto && anyAlloc && unaddressed.empty());
  if (level3 && !unaddressed.empty()) {
    for (AllocOp alloc : unaddressed)
      cannotEmit(alloc) << "level3 needs an address on every tile.alloc "
                           "(run the address planner or set `addr`)";
    return failure();
  }

  // Entry: the only kernel, or the one marked `pto.entry`.
  func::FuncOp entry;
  if (kernels.size() == 1) {
    entry = kernels.front();
  } else {
    SmallVector<func::FuncOp> marked;
    for (func::FuncOp kernel : kernels)
      if (kernel->hasAttr(kEntryAttrName))
        marked.push_back(kernel);
    if (marked.size() != 1) {
      InFlightDiagnostic diag =
          emitError(module.getLoc())
          << "cannot be emitted to PTO: " << kernels.size() << " kernels and "
          << marked.size() << " marked `pto.entry`; mark exactly one";
      for (func::FuncOp kernel : kernels)
        diag.attachNote(kernel.getLoc()) << "kernel @" << kernel.getName();
      return failure();
    }
    entry = marked.front();
  }

  OwningOpRef<ModuleOp> out = ModuleOp::create(module.getLoc());
  if (auto arch =
          module->getAttrOfType<StringAttr>(TileDialect::kTargetArchAttrName))
    (*out)->setAttr(kPTOTargetArchAttrName, arch);
  std::optional<TargetArch> arch;
  if (auto name =
          module->getAttrOfType<StringAttr>(TileDialect::kTargetArchAttrName))
    arch = parseTargetArch(name.getValue());

  OpBuilder builder(context);
  builder.setInsertionPointToEnd(out->getBody());
  bool failedAny = false;
  for (func::FuncOp kernel : kernels) {
    FailureOr<FunctionType> type = ptoSignature(kernel);
    if (failed(type)) {
      failedAny = true;
      continue;
    }
    // At level3 the addresses are emitted as they are: check them as
    // tile-verify-storage{allocated} does (aligned, inside the capacity, no
    // two live allocations sharing a byte), so an address the planner did
    // not choose cannot overflow or overlap silently.
    StorageVerifierOptions verifierOptions;
    verifierOptions.allocated = level3;
    verifierOptions.arch = arch;
    SmallVector<StorageViolation> violations =
        verifyTileStorage(kernel, verifierOptions);
    if (!violations.empty()) {
      for (const StorageViolation &violation : violations)
        violation.emit("cannot be emitted to PTO: storage is not legalized: ");
      failedAny = true;
      continue;
    }
    auto func =
        builder.create<func::FuncOp>(kernel.getLoc(), kernel.getName(), *type);
    if (kernels.size() > 1 && kernel == entry)
      func->setAttr(kEntryAttrName, builder.getUnitAttr());
    if (failed(FunctionEmitter(kernel, func, level3, arch).emit())) {
      failedAny = true;
      continue;
    }
    // One walk finds the whiles the refusals and the rewrites look at.
    SmallVector<scf::WhileOp> whiles;
    tile::walk(func, [&](scf::WhileOp loop) { whiles.push_back(loop); });
    if (failed(copyPermutedCarries(whiles))) {
      failedAny = true;
    } else {
      routeWhileResults(whiles);
      if (failed(checkCFGLowering(func, whiles)))
        failedAny = true;
    }
    for (scf::WhileOp loop : whiles)
      loop->removeAttr(kEmittedForAttrName);
  }
  if (failedAny)
    return failure();
  if (failed(verify(*out)))
    return emitError(module.getLoc(),
                     "internal error: the emitted PTO module does not verify");

  std::string text;
  llvm::raw_string_ostream buffer(text);
  out->print(buffer);
  os << text;
  return success();
}

void mlir::tile::registerTileToPTOTranslation() {
  static llvm::cl::opt<std::string> level(
      "pto-level", llvm::cl::desc("PTO level: auto, level2 or level3"),
      llvm::cl::init("auto"));
  // A raw registration, so that the text's nesting is checked before it is
  // parsed (tilemem/Support/Limits.h).
  TranslateRegistration registration(
      "tile-to-pto", "translate a storage-legalized tile module to PTO",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr, raw_ostream &os,
         MLIRContext *context) -> LogicalResult {
        DialectRegistry registry;
        registerTileProgramDialects(registry);
        registry.insert<pto::PTODialect>();
        context->appendDialectRegistry(registry);
        if (failed(checkTextNesting(*sourceMgr, context)))
          return failure();
        OwningOpRef<ModuleOp> module =
            parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
        if (!module)
          return failure();
        std::optional<PTOLevel> parsed = parsePTOLevel(level);
        if (!parsed)
          return emitError(module->getLoc())
                 << "unknown PTO level '" << level
                 << "' (expected auto, level2 or level3)";
        return translateToPTO(*module, os, PTOEmitOptions{*parsed});
      });
}
