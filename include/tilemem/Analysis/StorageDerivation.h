//===- StorageDerivation.h - how a value's storage follows from another ---===//
//
// The storage rules of the tile dialect, written once. Only allocating
// producers name storage; every other storage-typed value takes it from one
// operand, its *source*:
//
//   %a = tile.exp %x into(%buf ...)           // a root: its destination
//   %v = tile.slice %a[8, 0] ...              // View of %a (operand 0)
//   %w = tile.write %s, %a[...] ...           // Update of %a (the operand
//                                             // the writeback updates)
//   %r = scf.for ... iter_args(%c = %a) {     // %c, %r: Forward of %a
//     scf.yield %n                            //   (the initializer)
//   }
//   %i = scf.if %p { scf.yield %a }           // Forward of the then arm's
//        else { scf.yield %b }                //   yield: the then arm first
//   %s = tile.scope "k" { tile.scope_yield %a }   // Forward of the yield
//
// scf.while: before-region arguments follow the initializers; the
// after-region arguments and the results follow the scf.condition operands.
// Function arguments are the caller's storage (roots too).
//
// `sourceOf` answers "where does this value's storage come from" by its
// defining op alone (O(1)); `forEachDerivedThrough` is its inverse, the values
// that take their storage through one use, and is defined as exactly the
// uses' control-flow targets whose `sourceOf` is that use, so the rules live
// in `sourceOf` only. `forEachCarry` pairs each loop carry's initializer,
// iteration argument, yielded operands and result through
// RegionBranchOpInterface, for scf.for, scf.while and anything else that
// implements it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_ANALYSIS_STORAGEDERIVATION_H
#define TILEMEM_ANALYSIS_STORAGEDERIVATION_H

#include "tilemem/Dialect/Tile/IR/TileDialect.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::scf {
class IfOp;
} // namespace mlir::scf

namespace mlir::tile {

/// How a value's storage follows from its source.
enum class DerivationKind {
  /// The source's storage and payload under another name: loop carries and
  /// results, if and scope results.
  Forward,
  /// A metadata-only first-input alias (slice, reshape, transposed view):
  /// the source's bytes, shifted and read in the view's layout.
  View,
  /// The source's storage after the op wrote it in place: a writeback's
  /// result, or a data-writing first-input alias (tile.assemble). The payload
  /// is a new one.
  Update,
};

/// The operand a value's storage derives through, and how.
struct Derivation {
  OpOperand *operand;
  DerivationKind kind;
  Value getSource() const { return operand->get(); }
  /// Whether the derived value holds the source's payload (not an update).
  bool keepsPayload() const { return kind != DerivationKind::Update; }
};

/// Where a loop result's storage is looked for.
enum class LoopResults {
  /// What the loop forwards on exit (an scf.while's scf.condition operand).
  FromExit,
  /// The loop's initializer: the carry that decides the result's window
  /// once the loop's boundaries are aligned (a rewrite moves a loop result
  /// by moving its initializer). Same as FromExit for scf.for.
  FromInitializer,
};

/// Where TileStorage takes `value`'s window from if it is a loop result:
/// an scf.while's result that continues a carry (same position and type as
/// an initializer) from the initializer, as an scf.for's; one that
/// continues no carry from what the condition forwards.
LoopResults windowLoopResults(Value value);

/// The source of `value`'s storage, or none for a storage root (an
/// allocating producer's result, a function argument) and for values the
/// storage rules do not cover.
std::optional<Derivation>
sourceOf(Value value, LoopResults loopResults = LoopResults::FromExit);

/// Calls `fn(derived, kind)` for every value whose storage derives through
/// `use` (the inverse of sourceOf with the same `loopResults`).
void forEachDerivedThrough(OpOperand &use,
                           function_ref<void(Value, DerivationKind)> fn,
                           LoopResults loopResults = LoopResults::FromExit);

/// The names of `value`'s payload: the values it derives from while they
/// keep the payload (views' sources, the then-yield of an if result, a
/// scope's yield, the initializer of a loop whose result it is) up to the
/// first that does not, and every value derived from there or from `value`
/// without an update (views, if and scope results, loops' carries and
/// results). A writeback's result starts a payload of its own: an earlier
/// version is protected by its own writeback. O(names + their uses).
SmallVector<Value> payloadNames(Value value);

/// The yield operand an scf.if result takes its storage from: the then
/// arm's (the "then arm first" policy: a rewrite that reconciles two arms
/// brings the else arm to the then arm's window, never the other way round).
OpOperand &ifResultSource(scf::IfOp ifOp, unsigned index);

/// One carry of a loop (a RegionBranchOpInterface op whose entry region's
/// arguments are fed by its operands): the initializer, the entry region's
/// argument, every terminator operand passed on at the carry's position
/// (back edges, an scf.while's forwarded condition operand, the exit) in
/// region order, the arguments of the other regions it reaches there (an
/// scf.while's after-region), and the loop's result at that position (null
/// when the loop has fewer results). Storage requires all of them in one
/// window.
struct LoopCarry {
  unsigned index;
  OpOperand *init;
  BlockArgument iterArg;
  SmallVector<OpOperand *, 2> yielded;
  SmallVector<BlockArgument, 1> otherArgs;
  Value result;
  Value getInit() const { return init->get(); }
};

/// Calls `fn` for each carry of `loop`, in order. O(carries + terminators).
void forEachCarry(Operation *loop, function_ref<void(const LoopCarry &)> fn);

/// The carries of `loop`, in order.
SmallVector<LoopCarry, 4> getCarries(Operation *loop);

/// For a terminator operand that flows into a loop carry (an scf.yield of a
/// loop, an scf.condition's forwarded operand), the carry's position.
std::optional<unsigned> carryIndexOfYielded(OpOperand &use);

} // namespace mlir::tile

#endif // TILEMEM_ANALYSIS_STORAGEDERIVATION_H
