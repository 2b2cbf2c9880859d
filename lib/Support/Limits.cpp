//===- Limits.cpp - nesting limit and the large-stack runner --------------===//

#include "tilemem/Support/Limits.h"
#include "tilemem/Support/Walk.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/SourceMgr.h"

#include <string>

#if defined(__unix__) || defined(__APPLE__)
#include <pthread.h>
#define TILEMEM_HAVE_PTHREAD 1
#endif

using namespace mlir;
using namespace mlir::tile;

//===----------------------------------------------------------------------===//
// The large-stack runner
//===----------------------------------------------------------------------===//

static thread_local bool onLargeStack = false;

bool mlir::tile::isOnLargeStack() { return onLargeStack; }

#ifdef TILEMEM_HAVE_PTHREAD
namespace {
struct Payload {
  llvm::function_ref<void()> fn;
};
} // namespace

static void *runPayload(void *opaque) {
  onLargeStack = true;
  static_cast<Payload *>(opaque)->fn();
  return nullptr;
}
#endif

void mlir::tile::runOnLargeStack(llvm::function_ref<void()> fn) {
  if (onLargeStack)
    return fn();
#ifdef TILEMEM_HAVE_PTHREAD
  Payload payload{fn};
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) == 0) {
    pthread_t thread;
    bool started = pthread_attr_setstacksize(&attr, kLargeStackBytes) == 0 &&
                   pthread_create(&thread, &attr, runPayload, &payload) == 0;
    pthread_attr_destroy(&attr);
    if (started) {
      pthread_join(thread, nullptr);
      return;
    }
  }
#endif
  // No thread (or no pthreads): the caller's stack, with the nesting limit
  // as the only protection.
  fn();
}

//===----------------------------------------------------------------------===//
// Nesting in text
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kSplitMarker = "// -----";

bool mlir::tile::isBytecode(StringRef text) {
  return text.starts_with("ML\xEFR");
}

TextNesting mlir::tile::measureTextNesting(StringRef text, unsigned limit) {
  TextNesting result;
  unsigned depth = 0;
  const std::size_t size = text.size();
  bool lineStart = true;
  for (std::size_t i = 0; i < size; ++i) {
    char c = text[i];
    bool atLineStart = lineStart;
    lineStart = c == '\n';
    switch (c) {
    case '"':
      // A string literal: up to the closing quote (escapes skipped) or the
      // end of the line.
      for (++i; i < size && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      if (i < size && text[i] == '\n')
        lineStart = true;
      break;
    case '/':
      if (i + 1 < size && text[i + 1] == '/') {
        if (atLineStart && text.substr(i).starts_with(kSplitMarker))
          depth = 0;
        std::size_t end = text.find('\n', i);
        if (end == StringRef::npos)
          return result;
        i = end;
        lineStart = true;
      }
      break;
    case '<':
      if (i + 1 < size && text[i + 1] == '=')
        break;
      [[fallthrough]];
    case '{':
    case '(':
    case '[':
      ++depth;
      if (depth > result.maxDepth)
        result.maxDepth = depth;
      if (depth > limit && !result.firstOver)
        result.firstOver = i;
      break;
    case '>':
      if ((i > 0 && text[i - 1] == '-') || (i + 1 < size && text[i + 1] == '='))
        break;
      [[fallthrough]];
    case '}':
    case ')':
    case ']':
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
  }
  return result;
}

std::string mlir::tile::nestingMessage(unsigned depth, unsigned limit) {
  return ("nesting depth " + llvm::Twine(depth) + " exceeds the limit " +
          llvm::Twine(limit))
      .str();
}

LogicalResult mlir::tile::checkTextNesting(llvm::SourceMgr &sourceMgr,
                                           unsigned bufferID, unsigned limit) {
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferID);
  StringRef text = buffer->getBuffer();
  if (isBytecode(text))
    return success();
  TextNesting nesting = measureTextNesting(text, limit);
  if (!nesting.firstOver)
    return success();
  sourceMgr.PrintMessage(
      llvm::SMLoc::getFromPointer(text.data() + *nesting.firstOver),
      llvm::SourceMgr::DK_Error, nestingMessage(nesting.maxDepth, limit));
  return failure();
}

LogicalResult mlir::tile::checkBytecodeNesting(const llvm::SourceMgr &sourceMgr,
                                               MLIRContext *context,
                                               unsigned limit) {
  // Read without the verifier (O(N x depth) upstream on a deep nest) and
  // without reporting: a file that does not read is the real parse's to
  // report.
  Block block;
  {
    ScopedDiagnosticHandler quiet(context,
                                  [](Diagnostic &) { return success(); });
    if (failed(parseSourceFile(sourceMgr, &block,
                               ParserConfig(context,
                                            /*verifyAfterParse=*/false))))
      return success();
  }
  LogicalResult result = success();
  for (Operation &op : block)
    if (failed(checkNestingDepth(&op, limit)))
      result = failure();
  // Emptied op by op: dropped whole, a deep nest costs O(N x depth).
  for (Operation &op : block)
    eraseNestedOps(&op);
  block.clear();
  return result;
}

LogicalResult mlir::tile::checkTextNesting(const llvm::SourceMgr &sourceMgr,
                                           MLIRContext *context,
                                           unsigned limit) {
  unsigned id = sourceMgr.getMainFileID();
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(id);
  StringRef text = buffer->getBuffer();
  if (isBytecode(text))
    return checkBytecodeNesting(sourceMgr, context, limit);
  TextNesting nesting = measureTextNesting(text, limit);
  if (!nesting.firstOver)
    return success();
  auto [line, column] = sourceMgr.getLineAndColumn(
      llvm::SMLoc::getFromPointer(text.data() + *nesting.firstOver), id);
  return emitError(FileLineColLoc::get(context, buffer->getBufferIdentifier(),
                                       line, column))
         << nestingMessage(nesting.maxDepth, limit);
}

//===----------------------------------------------------------------------===//
// Nesting in IR
//===----------------------------------------------------------------------===//

OpNesting
mlir::tile::measureNestingDepth(Operation *root, unsigned limit,
                                llvm::function_ref<void(Operation *)> visit) {
  OpNesting result;
  // Depths count from the top-level op, so a function measured on its own
  // gets the numbers its module would give it.
  unsigned rootDepth = 0;
  for (Operation *parent = root->getParentOp(); parent;
       parent = parent->getParentOp())
    ++rootDepth;
  // tile::walkEnterExit keeps one frame per open level: a worklist of the
  // ops still to visit would hold a whole block (a million-op function body
  // at once) and grow by reallocation.
  unsigned depth = rootDepth;
  walkEnterExit(
      root,
      [&](Operation *op) {
        if (depth > result.maxDepth)
          result.maxDepth = depth;
        if (depth > limit && !result.firstOver)
          result.firstOver = op;
        if (visit)
          visit(op);
        ++depth;
      },
      [&](Operation *) { --depth; });
  return result;
}

LogicalResult
mlir::tile::checkNestingDepth(Operation *root, unsigned limit,
                              llvm::function_ref<void(Operation *)> visit) {
  OpNesting nesting = measureNestingDepth(root, limit, visit);
  if (!nesting.firstOver)
    return success();
  // At the op's location, without the op attached: printing it would print
  // the whole nest below it.
  return emitError(nesting.firstOver->getLoc(),
                   nestingMessage(nesting.maxDepth, limit));
}

//===----------------------------------------------------------------------===//
// Teardown
//===----------------------------------------------------------------------===//

void mlir::tile::eraseNestedOps(Operation *root) {
  // Every use inside first: an op is erased once nothing uses its results,
  // and erasing it then finds its regions empty (O(1) per op).
  tile::walk(root, [&](Operation *op) {
    if (op == root)
      return;
    for (OpOperand &operand : op->getOpOperands())
      operand.drop();
    for (BlockOperand &successor : op->getBlockOperands())
      successor.drop();
  });
  tile::walk<WalkOrder::PostOrder, ReverseIterator>(root, [&](Operation *op) {
    if (op != root)
      op->erase();
  });
}
