//===- StorageDerivation.cpp - how a value's storage follows from another -===//

#include "tilemem/Analysis/StorageDerivation.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::tile;

OpOperand &mlir::tile::ifResultSource(scf::IfOp ifOp, unsigned index) {
  return ifOp.thenYield()->getOpOperand(index);
}

// Valid storage forwards every carry in its window (tile-verify-storage
// checks the scf.condition's operands against the carries), so both
// sources agree there. While tile-materialize-semantic-aliases is still
// aligning a condition, the operand it forwards may sit in another value's
// window; a result taken from there made an enclosing yield plan its
// copies from a window the result leaves as soon as the condition is
// aligned: a tile.move onto its own window, or a parallel copy that
// overwrites the result before copying it out (hunt of 2026-12-04, F3 to
// F5).
LoopResults mlir::tile::windowLoopResults(Value value) {
  auto result = dyn_cast<OpResult>(value);
  if (!result)
    return LoopResults::FromExit;
  auto whileOp = dyn_cast<scf::WhileOp>(result.getOwner());
  unsigned index = result.getResultNumber();
  if (whileOp && index < whileOp.getInits().size() &&
      whileOp.getInits()[index].getType() == result.getType())
    return LoopResults::FromInitializer;
  return LoopResults::FromExit;
}

std::optional<Derivation> mlir::tile::sourceOf(Value value,
                                               LoopResults loopResults) {
  constexpr DerivationKind forward = DerivationKind::Forward;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto forOp = dyn_cast_or_null<scf::ForOp>(parent)) {
      if (arg.getArgNumber() < forOp.getNumInductionVars())
        return std::nullopt;
      return Derivation{forOp.getTiedLoopInit(arg), forward};
    }
    if (auto whileOp = dyn_cast_or_null<scf::WhileOp>(parent)) {
      if (arg.getParentRegion() == &whileOp.getBefore())
        return Derivation{&whileOp->getOpOperand(arg.getArgNumber()), forward};
      // After-region arguments: what the condition forwards (operand 0 is
      // the condition itself).
      return Derivation{
          &whileOp.getConditionOp()->getOpOperand(arg.getArgNumber() + 1),
          forward};
    }
    return std::nullopt; // a function argument: the caller's storage
  }
  auto result = cast<OpResult>(value);
  Operation *def = result.getOwner();
  unsigned index = result.getResultNumber();
  if (auto forOp = dyn_cast<scf::ForOp>(def))
    return Derivation{&forOp.getInitArgsMutable()[index], forward};
  if (auto whileOp = dyn_cast<scf::WhileOp>(def)) {
    if (loopResults == LoopResults::FromInitializer)
      return index < whileOp.getInits().size()
                 ? std::optional(
                       Derivation{&whileOp->getOpOperand(index), forward})
                 : std::nullopt;
    return Derivation{&whileOp.getConditionOp()->getOpOperand(index + 1),
                      forward};
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    if (ifOp.getThenRegion().empty())
      return std::nullopt;
    return Derivation{&ifResultSource(ifOp, index), forward};
  }
  if (auto scope = dyn_cast<ScopeOp>(def))
    return Derivation{
        &scope.getBody().front().getTerminator()->getOpOperand(index), forward};
  if (isa<AllocatingOpInterface>(def) || index != 0)
    return std::nullopt; // a root: the producer's destination
  auto contract = dyn_cast<StorageContractInterface>(def);
  if (!contract)
    return std::nullopt;
  if (std::optional<unsigned> updated = contract.getWritebackOperand())
    return Derivation{&def->getOpOperand(*updated), DerivationKind::Update};
  if (contract.isFirstInputAlias())
    return Derivation{&def->getOpOperand(0), contract.isMetadataOnly()
                                                 ? DerivationKind::View
                                                 : DerivationKind::Update};
  return std::nullopt;
}

/// Calls `fn` with each value `use`'s operand flows into: the successor
/// inputs and loop results its position feeds (for region ops and their
/// terminators) or the op's result (for any other op). A superset of the
/// derived values; sourceOf decides.
template <typename Fn> static void forEachFlowTarget(OpOperand &use, Fn fn) {
  Operation *user = use.getOwner();
  unsigned number = use.getOperandNumber();
  if (auto forOp = dyn_cast<scf::ForOp>(user)) {
    if (number < forOp.getNumControlOperands())
      return;
    unsigned index = number - forOp.getNumControlOperands();
    fn(forOp.getRegionIterArgs()[index]);
    fn(forOp.getResult(index));
  } else if (auto whileOp = dyn_cast<scf::WhileOp>(user)) {
    fn(whileOp.getBeforeArguments()[number]);
    if (number < whileOp.getNumResults())
      fn(whileOp.getResult(number));
  } else if (auto condition = dyn_cast<scf::ConditionOp>(user)) {
    if (number == 0)
      return;
    auto whileOp = cast<scf::WhileOp>(condition->getParentOp());
    fn(whileOp.getAfterArguments()[number - 1]);
    fn(whileOp.getResult(number - 1));
  } else if (isa<scf::YieldOp>(user)) {
    Operation *parent = user->getParentOp();
    if (isa<scf::IfOp>(parent)) {
      fn(parent->getResult(number));
    } else if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
      fn(forOp.getRegionIterArgs()[number]);
      fn(forOp.getResult(number));
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
      fn(whileOp.getBeforeArguments()[number]);
    }
  } else if (isa<ScopeYieldOp>(user)) {
    fn(user->getParentOp()->getResult(number));
  } else if (user->getNumResults() && !user->getNumRegions()) {
    fn(user->getResult(0));
  }
}

void mlir::tile::forEachDerivedThrough(
    OpOperand &use, function_ref<void(Value, DerivationKind)> fn,
    LoopResults loopResults) {
  forEachFlowTarget(use, [&](Value target) {
    if (std::optional<Derivation> derivation = sourceOf(target, loopResults);
        derivation && derivation->operand == &use)
      fn(target, derivation->kind);
  });
}

void mlir::tile::forEachCarry(Operation *op,
                              function_ref<void(const LoopCarry &)> fn) {
  for (const LoopCarry &carry : getCarries(op))
    fn(carry);
}

SmallVector<LoopCarry, 4> mlir::tile::getCarries(Operation *op) {
  SmallVector<LoopCarry, 4> carries;
  auto loop = dyn_cast<RegionBranchOpInterface>(op);
  if (!loop)
    return carries;
  // The region entered first: its inputs are the carries, fed by the entry
  // operands (an scf.for's induction variable is not among the inputs).
  SmallVector<RegionSuccessor, 2> entries;
  loop.getSuccessorRegions(RegionBranchPoint::parent(), entries);
  const RegionSuccessor *body =
      llvm::find_if(entries, [](const RegionSuccessor &successor) {
        return !successor.isParent();
      });
  if (body == entries.end())
    return carries;
  Region *bodyRegion = body->getSuccessor();
  OperandRange inits = loop.getEntrySuccessorOperands(*body);
  if (inits.empty())
    return carries;
  ValueRange iterArgs = body->getSuccessorInputs();
  unsigned firstInit = inits.getBeginOperandIndex();
  for (unsigned index = 0; index < inits.size() && index < iterArgs.size();
       ++index)
    carries.push_back(
        {index,
         &op->getOpOperand(firstInit + index),
         cast<BlockArgument>(iterArgs[index]),
         {},
         {},
         index < op->getNumResults() ? op->getResult(index) : Value()});
  // What each terminator passes on, by position: back edges into the body,
  // an scf.condition's operands into the after-region and the results.
  SmallVector<RegionSuccessor, 2> successors;
  for (Region &region : op->getRegions())
    for (Block &block : region) {
      auto terminator = dyn_cast_or_null<RegionBranchTerminatorOpInterface>(
          block.empty() ? nullptr : &block.back());
      if (!terminator)
        continue;
      successors.clear();
      loop.getSuccessorRegions(RegionBranchPoint(terminator), successors);
      if (successors.empty())
        continue;
      MutableOperandRange passed =
          terminator.getMutableSuccessorOperands(successors.front());
      for (unsigned index = 0; index < passed.size() && index < carries.size();
           ++index)
        carries[index].yielded.push_back(&passed[index]);
      for (const RegionSuccessor &successor : successors) {
        if (successor.isParent() || successor.getSuccessor() == bodyRegion)
          continue;
        ValueRange inputs = successor.getSuccessorInputs();
        for (unsigned index = 0;
             index < inputs.size() && index < carries.size(); ++index)
          carries[index].otherArgs.push_back(
              cast<BlockArgument>(inputs[index]));
      }
    }
  return carries;
}

std::optional<unsigned> mlir::tile::carryIndexOfYielded(OpOperand &use) {
  Operation *user = use.getOwner();
  unsigned number = use.getOperandNumber();
  if (isa<scf::ConditionOp>(user))
    return number == 0 ? std::nullopt : std::optional(number - 1);
  if (isa<scf::YieldOp>(user) &&
      isa<scf::ForOp, scf::WhileOp>(user->getParentOp()))
    return number;
  return std::nullopt;
}

SmallVector<Value> mlir::tile::payloadNames(Value value) {
  // A loop's carry starts as its input's payload (a writeback of the input
  // inside the loop clobbers it), and a loop that leaves the carry alone
  // returns that payload: loop results belong to their initializers.
  constexpr LoopResults loopResults = LoopResults::FromInitializer;
  Value top = value;
  while (isa<OpResult>(top)) {
    std::optional<Derivation> derivation = sourceOf(top, loopResults);
    if (!derivation || !derivation->keepsPayload())
      break;
    top = derivation->getSource();
  }
  SmallVector<Value> group;
  llvm::SmallPtrSet<Value, 8> seen;
  auto add = [&](Value v) {
    if (seen.insert(v).second)
      group.push_back(v);
  };
  add(top);
  add(value);
  for (unsigned i = 0; i < group.size(); ++i)
    for (OpOperand &use : group[i].getUses())
      forEachDerivedThrough(
          use,
          [&](Value derived, DerivationKind kind) {
            if (kind != DerivationKind::Update)
              add(derived);
          },
          loopResults);
  return group;
}
