//===- TestPrintRecordedWalk.cpp - print a recorded walk and check it -----===//
//
// `tile-test-print-recorded-walk` prints the ops a RecordedWalk of each
// function holds, as its enter/exit replay meets them, indented by nesting:
//
//   walk of @f:
//     enter func.func at line 1
//       op tile.exp at line 2
//       ...
//     exit func.func at line 1
//
// and then replays it in the four orders the analyses use, each against the
// tile::walk form it stands for (pre-order, post-order, walkEnterExit,
// walkBlocksThenResults), reporting the first difference as an error at the
// function.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "tilemem/Support/RecordedWalk.h"
#include "tilemem/Support/Walk.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// One visit of a walk: an op entered (or visited in a one-callback order),
/// an op exited, or a block about to be walked.
struct Visit {
  enum Kind { Enter, Exit, BlockStart } kind;
  void *object;
  bool operator==(const Visit &other) const {
    return kind == other.kind && object == other.object;
  }
};

struct TestPrintRecordedWalkPass
    : public PassWrapper<TestPrintRecordedWalkPass,
                         OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintRecordedWalkPass)

  /// This function's printout (FunctionOutput), while the pass runs on it.
  llvm::raw_ostream *os = nullptr;

  StringRef getArgument() const final {
    return "tile-test-print-recorded-walk";
  }
  StringRef getDescription() const final {
    return "Print the events of a RecordedWalk and check its replays against "
           "tile::walk (test only)";
  }

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    markAllAnalysesPreserved();
    test::FunctionOutput output;
    os = &output.os();
    RecordedWalk walk(function);
    print(walk);
    using Visits = SmallVector<Visit>;
    auto enterOf = [](Visits &visits) {
      return [&visits](Operation *op) { visits.push_back({Visit::Enter, op}); };
    };
    auto exitOf = [](Visits &visits) {
      return [&visits](Operation *op) { visits.push_back({Visit::Exit, op}); };
    };
    auto blockOf = [](Visits &visits) {
      return [&visits](Block *block) {
        visits.push_back({Visit::BlockStart, block});
      };
    };
    Visits replayed, walked;
    walk.forEachPreOrder(enterOf(replayed));
    tile::walk<WalkOrder::PreOrder>(function.getOperation(), enterOf(walked));
    compare("pre-order", replayed, walked);
    walk.forEachPostOrder(exitOf(replayed));
    tile::walk(function.getOperation(), exitOf(walked));
    compare("post-order", replayed, walked);
    walk.forEachEnterExit(enterOf(replayed), exitOf(replayed));
    walkEnterExit(function, enterOf(walked), exitOf(walked));
    compare("enter/exit", replayed, walked);
    walk.forEachBlockThenResult(blockOf(replayed), exitOf(replayed));
    walkBlocksThenResults(function, blockOf(walked), exitOf(walked));
    compare("blocks-then-results", replayed, walked);
    size_t ops = 0, withRegions = 0;
    tile::walk(function.getOperation(), [&](Operation *op) {
      ++ops;
      withRegions += op->getNumRegions() != 0;
    });
    if (ops != walk.numOps() || withRegions != walk.numOpsWithRegions())
      function.emitError("recorded ")
          << walk.numOps() << " ops (" << walk.numOpsWithRegions()
          << " with regions), the walk met " << ops << " (" << withRegions
          << ")";
    *os << "  " << walk.numOps() << " ops, " << walk.numOpsWithRegions()
        << " with regions\n";
  }

  /// The ops of `walk` as its enter/exit replay meets them, indented by
  /// nesting.
  void print(const RecordedWalk &walk) {
    llvm::raw_ostream &os = *this->os;
    os << "walk of @" << getOperation().getSymName() << ":\n";
    unsigned depth = 1;
    walk.forEachEnterExit(
        [&](Operation *op) {
          os.indent(2 * depth) << (op->getNumRegions() ? "enter " : "op ");
          test::printOpName(os, op);
          os << '\n';
          depth += op->getNumRegions() != 0;
        },
        [&](Operation *op) {
          if (op->getNumRegions() == 0)
            return;
          --depth;
          os.indent(2 * depth) << "exit ";
          test::printOpName(os, op);
          os << '\n';
        });
  }

  void compare(StringRef form, SmallVectorImpl<Visit> &replayed,
               SmallVectorImpl<Visit> &walked) {
    if (replayed != walked)
      getOperation().emitError("the ")
          << form << " replay of the recorded walk differs from tile::walk ("
          << replayed.size() << " visits against " << walked.size() << ")";
    else
      *os << "  " << form << " replay = tile::walk\n";
    replayed.clear();
    walked.clear();
  }
};
} // namespace

void mlir::tile::test::registerTestPrintRecordedWalkPass() {
  PassRegistration<TestPrintRecordedWalkPass>();
}
