//===- RecordedWalk.h - one walk of unchanged IR, replayed ------*- C++ -*-===//
//
// The analyses of a function (ProgramOrder, TripCounts, TileStorage,
// StorageLiveness, StorageConflicts, the storage verifier) each visit every
// op once, in the orders tile::walk gives. On IR that no one changes in
// between, a RecordedWalk walks it once and keeps what it met as one array,
// which each analysis then replays: a walk chases `next` pointers from op to
// op, so on a large function, whose ops are spread over the heap, every
// step waits for a cache miss before it knows where the next op is; a
// replay knows every address in advance and lets the processor fetch many
// ops at once. A text-parsed 4093-deep nest (22k ops) takes 5.2 ms to walk
// and 2.0 ms to go through as an array (docs/performance.md, "2026-12-03
// (later)"). The replay also asks for the lines of the op 16 events ahead:
// the text parser creates an op with regions after the ops inside them, so
// in walk order 43% of the steps of such a nest jump more than 8 KiB (1% in
// bytecode-read IR, created in walk order), and the processor's own
// prefetcher, which follows steady strides, does not see them coming.
//
// Each entry is one event, a pointer tagged in its low bits:
//
//   scf.for ... {          // Enter(for)
//                          //   Block(body)
//     %a = tile.add ...    //     Op(add)         ops without regions: one
//     scf.yield %a         //     Op(yield)       event, both before and after
//   }                      // Exit(for)
//   func.return            // Op(return)
//
// Pre-order replays Op and Enter, post-order Op and Exit, and the enter/exit
// and blocks-then-results forms of Walk.h the events they need, in the same
// order as the tile::walk they stand for. A record is valid until the IR
// under its root changes (an op inserted, erased or moved): build it right
// before the analyses that share it and drop it before any rewrite.
//
// An analysis that needs nothing computed from the whole walk first can
// also take the events while they are recorded (WalkListener), which saves
// it a replay: the storage verifier builds its windows and reads that way.
// One replay of a 4093-deep nest from text costs about 53 k misses of a
// 2 MiB cache (docs/performance.md, "2026-12-04 (later)"). Replays that
// only use ops as keys (ProgramOrder's numbering) prefetch nothing
// (Reads::Addresses).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_SUPPORT_RECORDEDWALK_H
#define TILEMEM_SUPPORT_RECORDEDWALK_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace mlir::tile {

/// Receives a walk's events while RecordedWalk records them: the calls a
/// forEachEvent replay makes, in the same order. An analysis that needs
/// nothing more than the events so far builds along the walk, while each op
/// is in the cache for the first time, instead of in a replay that reads
/// every op again (the storage verifier's TileStorage and StorageLiveness).
class WalkListener {
public:
  virtual void op(Operation *op) = 0;
  virtual void enter(Operation *op) = 0;
  virtual void exit(Operation *op) = 0;
  virtual void enterBlock(Block *block) = 0;

protected:
  ~WalkListener() = default;
};

class RecordedWalk {
public:
  /// Walks `root` (once, without recursion) and records every op and block
  /// nested in it, `root` included.
  /// With `counted`, it also counts the values (op results, block
  /// arguments) of the types it accepts: the size of a per-value table,
  /// known without a replay of its own (countStorageValues).
  /// With `listener`, it hands it each event as it records it.
  using ValueFilter = bool (*)(Type);
  explicit RecordedWalk(Operation *root, ValueFilter counted = nullptr,
                        WalkListener *listener = nullptr);

  Operation *getRoot() const { return root; }
  /// Ops recorded, `root` included, and those of them with regions.
  size_t numOps() const { return ops; }
  size_t numOpsWithRegions() const { return opsWithRegions; }
  /// The filter the values were counted with (null: none were), and how
  /// many it accepted.
  ValueFilter countedBy() const { return counted; }
  size_t numCountedValues() const { return countedValues; }

  /// What a replay's callbacks do with the ops they are given: read them
  /// (their name, operands, results), so the replay asks for their lines
  /// ahead, or only use their addresses as keys (ProgramOrder's numbering),
  /// so it asks for nothing: lines fetched and never read would push the
  /// replay's own tables out of the cache.
  enum class Reads { Ops, Addresses };

  /// Every event: `op(op)` for an op without regions, `enter(op)` and
  /// `exit(op)` around the ops nested in one with regions, `enterBlock`
  /// before the ops of each block. The other replays are this one.
  template <Reads reads = Reads::Ops, typename OpT, typename EnterT,
            typename ExitT, typename EnterBlockT>
  void forEachEvent(OpT &&op, EnterT &&enter, ExitT &&exit,
                    EnterBlockT &&enterBlock) const {
    size_t size = events.size();
    for (size_t i = 0; i < size; ++i) {
      if (reads == Reads::Ops && i + kPrefetchDistance < size) {
        prefetch(events[i + kPrefetchDistance]);
        prefetchOperands(events[i + kPrefetchDistance / 2]);
      }
      uintptr_t event = events[i];
      switch (kind(event)) {
      case Op:
        op(asOp(event));
        break;
      case Enter:
        enter(asOp(event));
        break;
      case Exit:
        exit(asOp(event));
        break;
      case BlockStart:
        enterBlock(reinterpret_cast<Block *>(event & ~kKindMask));
        break;
      }
    }
  }
  /// `callback(op)` for every op, in pre-order (before the ops nested in it).
  template <typename FnT> void forEachPreOrder(FnT &&callback) const {
    forEachEvent(callback, callback, ignoreOp, ignoreBlock);
  }
  /// `callback(op)` for every op, in post-order (after the ops nested in it).
  template <typename FnT> void forEachPostOrder(FnT &&callback) const {
    forEachEvent(callback, ignoreOp, callback, ignoreBlock);
  }
  /// As walkEnterExit (Walk.h): `enter(op)` before the ops nested in `op`,
  /// `exit(op)` after them.
  template <typename EnterT, typename ExitT>
  void forEachEnterExit(EnterT &&enter, ExitT &&exit) const {
    auto both = [&](Operation *op) {
      enter(op);
      exit(op);
    };
    forEachEvent(both, enter, exit, ignoreBlock);
  }
  /// As walkBlocksThenResults (Walk.h): `enterBlock(block)` before the ops
  /// of each block, `exit(op)` after the regions of each op.
  template <typename EnterBlockT, typename ExitT>
  void forEachBlockThenResult(EnterBlockT &&enterBlock, ExitT &&exit) const {
    forEachEvent(exit, ignoreOp, exit, enterBlock);
  }

private:
  // Operation and Block are at least 8-byte aligned: two low bits are free.
  enum Kind : uintptr_t { Op = 0, Enter = 1, Exit = 2, BlockStart = 3 };
  static constexpr uintptr_t kKindMask = 3;
  static Kind kind(uintptr_t event) { return Kind(event & kKindMask); }
  static Operation *asOp(uintptr_t event) {
    return reinterpret_cast<Operation *>(event & ~kKindMask);
  }
  /// How many events ahead a replay asks for an object's cache lines: far
  /// enough that a miss (about 100 ns) overlaps the work of the events in
  /// between, near enough that the lines are still cached when reached.
  static constexpr size_t kPrefetchDistance = 16;
  /// Asks for the lines a callback reads first: an op's inline results lie
  /// just before the Operation, its operands just after it.
  static void prefetch(uintptr_t event) {
#if defined(__GNUC__) || defined(__clang__)
    const char *object = reinterpret_cast<const char *>(event & ~kKindMask);
    __builtin_prefetch(object - 64);
    __builtin_prefetch(object);
    __builtin_prefetch(object + 64);
#else
    (void)event;
#endif
  }
  /// Asks for the values an op reads, once its own lines (asked for
  /// kPrefetchDistance / 2 events earlier) are likely in: nearly every
  /// callback reads each operand's type. In a deep nest the ops that close a
  /// level read values defined where it opened, a whole nest earlier; each
  /// such read would be a miss the processor waits for. This reads the op
  /// ahead of its callback: the callbacks of a replay must not erase ops
  /// (none does; a record is dropped before any rewrite, see above).
  static void prefetchOperands(uintptr_t event) {
#if defined(__GNUC__) || defined(__clang__)
    if (kind(event) != Op && kind(event) != Enter)
      return;
    Operation *op = asOp(event);
    unsigned n = std::min(op->getNumOperands(), kMaxPrefetchedOperands);
    for (unsigned i = 0; i < n; ++i)
      __builtin_prefetch(op->getOperand(i).getAsOpaquePointer());
#else
    (void)event;
#endif
  }
  static constexpr unsigned kMaxPrefetchedOperands = 4;
  static void ignoreOp(Operation *) {}
  static void ignoreBlock(Block *) {}

  Operation *root;
  ValueFilter counted;
  size_t ops = 0, opsWithRegions = 0, countedValues = 0;
  std::vector<uintptr_t> events;
};

} // namespace mlir::tile

#endif // TILEMEM_SUPPORT_RECORDEDWALK_H
