//===- Limits.h - nesting limit and the large-stack runner ------*- C++ -*-===//
//
// The MLIR parser, printer, verifier and most walks recurse once per level of
// region nesting, so a deep enough nest overflows any fixed stack. tilemem
// makes that a diagnostic instead of a crash in two steps:
//
//  - every tool and Python entry point runs its MLIR work (parse, passes,
//    print, emission) on a thread with `kLargeStackBytes` of stack
//    (`runOnLargeStack`), sized so that the nesting limit below is reached
//    with a wide margin;
//  - nesting deeper than `kMaxNestingDepth` is rejected before it can
//    recurse: in text before parsing (`checkTextNesting`: bracket nesting,
//    which bounds region nesting from above) and in IR before a pass runs
//    (`checkNestingDepth`: region nesting), both with the located error
//    "nesting depth N exceeds the limit L".
//
// docs/development.md ("Limits") has the measured depths.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_SUPPORT_LIMITS_H
#define TILEMEM_SUPPORT_LIMITS_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir::tile {

/// The deepest nesting tilemem accepts (regions in IR, brackets in text).
inline constexpr unsigned kMaxNestingDepth = 4096;

/// The stack of the threads tilemem runs MLIR work on.
inline constexpr std::size_t kLargeStackBytes = std::size_t(256) << 20;

/// Runs `fn` on a thread with `kLargeStackBytes` of stack and waits for it.
/// Runs it inline when the caller already is such a thread, or when no
/// thread can be created.
void runOnLargeStack(llvm::function_ref<void()> fn);

/// Whether the calling thread is one `runOnLargeStack` created.
bool isOnLargeStack();

/// The bracket nesting of MLIR text: `{ ( [ <` open, `} ) ] >` close
/// (`->`, `<=` and `>=` are not brackets); string literals and `//` comments
/// are skipped, and a `// -----` split marker starts a new count.
struct TextNesting {
  /// The deepest nesting reached.
  unsigned maxDepth = 0;
  /// The offset of the bracket where the nesting first exceeds the limit.
  std::optional<std::size_t> firstOver;
};
TextNesting measureTextNesting(llvm::StringRef text,
                               unsigned limit = kMaxNestingDepth);

/// Whether `text` is MLIR bytecode (not scanned: its reader does not recurse
/// through the text's brackets).
bool isBytecode(llvm::StringRef text);

/// The message of a nesting error.
std::string nestingMessage(unsigned depth, unsigned limit = kMaxNestingDepth);

/// Checks the bracket nesting of buffer `bufferID` of `sourceMgr`; reports
/// "nesting depth N exceeds the limit L" at the offending bracket through the
/// source manager and fails when it is too deep.
LogicalResult checkTextNesting(llvm::SourceMgr &sourceMgr, unsigned bufferID,
                               unsigned limit = kMaxNestingDepth);
/// The same for the main buffer of `sourceMgr`, reporting the error as a
/// diagnostic of `context` at its file location; bytecode is checked with
/// checkBytecodeNesting.
LogicalResult checkTextNesting(const llvm::SourceMgr &sourceMgr,
                               MLIRContext *context,
                               unsigned limit = kMaxNestingDepth);

/// The deepest region nesting under `root`. The depth of an op is the number
/// of regions around it up to the top-level op (an op directly in a module
/// has depth 1, whether `root` is the module or a function in it), which the
/// bracket nesting of its text bounds. `firstOver` is the first op, in
/// pre-order, deeper than `limit`. Iterative (tile::walkEnterExit): one
/// heap frame per open level, no call stack per level.
/// `visit`, if given, is called on every op in pre-order, `root` included:
/// a caller with per-op checks of its own makes them in the same walk.
struct OpNesting {
  unsigned maxDepth = 0;
  Operation *firstOver = nullptr;
};
OpNesting
measureNestingDepth(Operation *root, unsigned limit = kMaxNestingDepth,
                    llvm::function_ref<void(Operation *)> visit = nullptr);

/// Emits "nesting depth N exceeds the limit L" at the location of the first
/// op under `root` deeper than `limit` (without printing the op) and fails;
/// succeeds when nothing is that deep. `visit` as for measureNestingDepth.
LogicalResult
checkNestingDepth(Operation *root, unsigned limit = kMaxNestingDepth,
                  llvm::function_ref<void(Operation *)> visit = nullptr);

/// Checks the region nesting of the bytecode in the main buffer of
/// `sourceMgr`: its reader does not recurse, but what follows it does (the
/// verifier, the printer, the destructor, each O(N x depth) upstream), so
/// the bytecode is read once without the verifier, measured, and erased op
/// by op. Reports "nesting depth N exceeds the limit L" at the first op
/// deeper than `limit` as a diagnostic of `context`; succeeds, reporting
/// nothing, on bytecode that does not read (the real parse reports that).
LogicalResult checkBytecodeNesting(const llvm::SourceMgr &sourceMgr,
                                   MLIRContext *context,
                                   unsigned limit = kMaxNestingDepth);

/// Erases every op nested in `root` (its regions keep their blocks, now
/// empty) in O(N) and without recursion. Destroying a nest whole is
/// O(N x depth) upstream (the destructor of every region drops the
/// references of its whole subtree, recursively), so tilemem empties the
/// modules it drops (a pipeline's snapshot, the body a restore replaces)
/// this way first.
void eraseNestedOps(Operation *root);

} // namespace mlir::tile

#endif // TILEMEM_SUPPORT_LIMITS_H
