//===- TestParallelCopy.cpp - print the schedule of a parallel copy -------===//
//
// `tile-test-parallel-copy` schedules the parallel copy a function declares
// in its `test.parallel_copy` attribute, one [source offset, source
// size, target offset, target size] entry per copy (byte windows of the
// function's first argument, a buffer; a negative source offset is a source
// without storage), and prints the steps:
//
//   func.func @swap(%b: !tile.buffer<vec, 512>) attributes {
//       test.parallel_copy = [[0, 256, 256, 256], [256, 256, 0, 256]]}
//
//   parallel copy of @swap:
//     spill #0
//     copy #1
//     copy #0
//
//===----------------------------------------------------------------------===//

#include "../Analysis/TestPasses.h"

#include "tilemem/Dialect/Tile/Transforms/ParallelCopy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TestParallelCopyPass
    : public PassWrapper<TestParallelCopyPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestParallelCopyPass)

  StringRef getArgument() const final { return "tile-test-parallel-copy"; }
  StringRef getDescription() const final {
    return "Print the schedule of the parallel copy a function declares in "
           "test.parallel_copy (test only)";
  }

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    markAllAnalysesPreserved();
    auto copies = function->getAttrOfType<ArrayAttr>("test.parallel_copy");
    if (!copies)
      return;
    if (function.getNumArguments() == 0) {
      function.emitError("test.parallel_copy needs a buffer argument");
      return signalPassFailure();
    }
    Value root = function.getArgument(0);
    auto window = [&](int64_t offset, int64_t size) {
      Window w;
      w.root = root;
      w.offset = offset;
      w.size = size;
      return w;
    };
    SmallVector<std::optional<Window>> sources;
    SmallVector<Window> targets;
    SmallVector<unsigned> payloads;
    for (Attribute entry : copies) {
      auto bounds = dyn_cast<DenseI64ArrayAttr>(entry);
      if (!bounds || (bounds.size() != 4 && bounds.size() != 5)) {
        function.emitError("each test.parallel_copy entry is "
                           "array<i64: src offset, src size, dst offset, "
                           "dst size[, payload]>");
        return signalPassFailure();
      }
      std::optional<Window> source =
          bounds[0] < 0 ? std::nullopt
                        : std::optional(window(bounds[0], bounds[1]));
      // Without a payload, copies from one window carry one payload (the
      // first such copy's number), as copies of one value do.
      unsigned payload = sources.size();
      if (bounds.size() == 5)
        payload = bounds[4];
      else if (source)
        for (unsigned earlier = 0; earlier < sources.size(); ++earlier)
          if (sources[earlier] && *sources[earlier] == *source) {
            payload = earlier;
            break;
          }
      sources.push_back(source);
      targets.push_back(window(bounds[2], bounds[3]));
      payloads.push_back(payload);
    }
    test::FunctionOutput output;
    llvm::raw_ostream &os = output.os();
    os << "parallel copy of @" << function.getSymName() << ":\n";
    for (const ParallelCopyStep &step :
         scheduleParallelCopy(sources, targets, payloads)) {
      os << "  "
         << (step.kind == ParallelCopyStep::Kind::Spill ? "spill" : "copy")
         << " #" << step.copy;
      if (step.from)
        os << " from #" << *step.from;
      os << '\n';
    }
  }
};
} // namespace

void mlir::tile::test::registerTestParallelCopyPass() {
  PassRegistration<TestParallelCopyPass>();
}
