//===- tile-opt.cpp - the tilemem optimizer driver ------------------------===//
//
// mlir-opt with the tile dialect and passes. The whole driver (options,
// parse, passes, print) runs on a thread with a large stack, and the input's
// nesting is checked before it is parsed (tilemem/Support/Limits.h), so a
// deep nest is a located error, never a stack overflow.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include "tilemem/Dialect/Tile/Transforms/Passes.h"
#include "tilemem/Dialect/Tile/Transforms/Pipelines.h"
#include "tilemem/InitAllDialects.h"
#include "tilemem/Support/Limits.h"
#include "tilemem/Support/Version.h"

#include <cstdio>

using namespace mlir;

namespace mlir::tile::test {
/// The analysis printing passes of test/lib (tile-opt only).
void registerTestPasses();
} // namespace mlir::tile::test

/// What `MlirOptMain(argc, argv, ...)` does, with the nesting check between
/// reading the input and parsing it.
static LogicalResult optMain(int argc, char **argv) {
  registerTransformsPasses();
  tile::registerTilePasses();
  tile::registerTilePipelines();
  tile::test::registerTestPasses();
  tile::registerTilememVersionPrinter("tile-opt");

  DialectRegistry registry;
  tile::registerTileProgramDialects(registry);
  // --inline (registered with the upstream transforms) needs func's inliner.
  func::registerInlinerExtension(registry);
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "tilemem optimizer: storage planning for tile programs\n",
      registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  // Listing dialects or passes reads no input.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return MlirOptMain(llvm::outs(), llvm::MemoryBuffer::getMemBuffer(""),
                       registry, config);

  if (inputFilename == "-" &&
      llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << errorMessage << "\n";
    return failure();
  }
  {
    llvm::SourceMgr sourceMgr;
    unsigned id = sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(file->getMemBufferRef(),
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    if (failed(tile::checkTextNesting(sourceMgr, id)))
      return failure();
    // Bytecode is read once to measure its nesting, in a context of its own.
    if (tile::isBytecode(file->getBuffer())) {
      MLIRContext context(registry, MLIRContext::Threading::DISABLED);
      context.allowUnregisteredDialects(
          config.shouldAllowUnregisteredDialects());
      SourceMgrDiagnosticHandler handler(sourceMgr, &context);
      if (failed(tile::checkBytecodeNesting(sourceMgr, &context)))
        return failure();
    }
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return failure();
  }
  if (failed(MlirOptMain(output->os(), std::move(file), registry, config)))
    return failure();
  output->keep();
  return success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  LogicalResult result = failure();
  tile::runOnLargeStack([&] { result = optMain(argc, argv); });
  return asMainReturnCode(result);
}
