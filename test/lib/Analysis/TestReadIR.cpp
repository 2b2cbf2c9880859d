//===- TestReadIR.cpp - read every op once: the floor of a pass's time ----===//
//
// `tile-test-read-ir` walks each function once, in the order the analyses
// walk it, and reads what any storage analysis must read of every op: its
// name, and each operand's and result's type and definition. It changes
// nothing and computes nothing else, so its time is the floor under the
// time of a pass that reads its input once: the cost of bringing the
// parsed IR's memory to the processor in walk order. bench/run.py measures
// it next to the passes (the `read` column of the depth table), where the
// layout of the IR, not the work per op, sets the exponent.
//
//   $ tile-opt f.mlir --tile-test-read-ir --mlir-pass-statistics
//   ... (S) 12 ops-read - Ops read
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "tilemem/Support/Walk.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/Hashing.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TestReadIRPass
    : public PassWrapper<TestReadIRPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestReadIRPass)

  TestReadIRPass() = default;
  TestReadIRPass(const TestReadIRPass &) : TestReadIRPass() {}

  StringRef getArgument() const final { return "tile-test-read-ir"; }
  // The name --mlir-timing reports it under (bench/measure.py reads it).
  StringRef getName() const final { return "TestReadIR"; }
  StringRef getDescription() const final {
    return "Read every op's name, operands and results once, in walk order, "
           "and nothing else: the floor of a pass's time (test only)";
  }

  Statistic opsRead{this, "ops-read", "Ops read"};
  Statistic valuesRead{this, "values-read", "Operands and results read"};
  // Keeps the reads from being optimized away.
  Statistic digest{this, "digest", "A hash of what was read"};

  void runOnOperation() override {
    markAllAnalysesPreserved();
    size_t ops = 0, values = 0;
    llvm::hash_code hash = 0;
    tile::walk<WalkOrder::PreOrder>(
        getOperation().getOperation(), [&](Operation *op) {
          ++ops;
          hash = llvm::hash_combine(hash, op->getName().getAsOpaquePointer());
          for (Value operand : op->getOperands()) {
            ++values;
            Operation *def = operand.getDefiningOp();
            hash = llvm::hash_combine(
                hash, operand.getType().getAsOpaquePointer(),
                def ? static_cast<void *>(def) : operand.getParentBlock());
          }
          for (Value result : op->getResults()) {
            ++values;
            hash =
                llvm::hash_combine(hash, result.getType().getAsOpaquePointer());
          }
        });
    opsRead += ops;
    valuesRead += values;
    digest = static_cast<size_t>(hash) & 0xffff;
  }
};
} // namespace

void mlir::tile::test::registerTestReadIRPass() {
  PassRegistration<TestReadIRPass>();
}
