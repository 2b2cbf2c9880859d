//===- Level2.cpp - level2 roots, slot selections, placement
//----------------===//

#include "FunctionEmitter.h"
#include "tilemem/Analysis/AllocationLifetimes.h"
#include "tilemem/Support/Walk.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <functional>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::pto_emission;

/// How `window` (with handle type `type`) is reached from a level2 root of
/// type `root` over a `slotBytes`-byte buffer slot: `subset` rows
/// [first, first + count) (or, for a one-row root, columns), then a
/// treshape when the subset's type is not `type`. Fails with the reason.
namespace {
struct RootPath {
  bool whole = false; // the root itself (perhaps treshaped)
  int64_t first = 0, count = 0;
  bool columns = false; // a one-row root: a column range
};
} // namespace

static FailureOr<RootPath> pathFromRoot(pto::TileBufType root,
                                        const Window &window,
                                        pto::TileBufType type,
                                        std::string &why) {
  int64_t rootBytes = physicalBytes(root), bytes = physicalBytes(type);
  int64_t offset = window.offset;
  RootPath path;
  // pto-isa's TRESHAPE on the CPU simulator static_asserts that the two
  // element types are the same, both std::is_integral or both
  // std::is_floating_point; under g++ 12 the 16-bit floats (_Float16, which
  // bfloat16_t also is there) are neither, so f16 and bf16 reinterpret as
  // themselves only.
  Type from = root.getDtype(), to = type.getDtype();
  why.clear();
  auto standardFloat = [](Type t) { return t.isF32() || t.isF64(); };
  if (from != to && !(from.isInteger() && to.isInteger()) &&
      !(standardFloat(from) && standardFloat(to))) {
    llvm::raw_string_ostream(why)
        << "pto-isa's TRESHAPE (its CPU simulator) does not reinterpret "
        << from << " as " << to
        << " (a buffer holds tiles of both only with a planner that places "
           "them, pypto or dsa-rp)";
    return failure();
  }
  if (offset == 0 && bytes == rootBytes) {
    // Two boxed tile_bufs of different shapes over the whole buffer are
    // right for a buffer reused by producers of both shapes (each writes and
    // is read through its own treshape), and wrong for a view of one shape
    // as the other; a window cannot tell the two apart, so emitView refuses
    // the view before any handle of it is made.
    if (isBoxed(root) != isBoxed(type)) {
      why = "it would reshape between a boxed and an unboxed layout";
      return failure();
    }
    path.whole = true;
    return path;
  }
  if (isBoxed(root) || isBoxed(type)) {
    why = "ptoas's pto.subset of a boxed (fractal) tile keeps whole rows or "
          "columns in box units, so only the whole buffer has a level2 "
          "handle";
    return failure();
  }
  if (root.getBlayout() != "row_major") {
    why = "its buffer holds a column vector, which has no level2 sub-view";
    return failure();
  }
  if (offset + bytes > rootBytes) {
    why = "the tile_buf spans bytes past the end of its buffer";
    return failure();
  }
  int64_t element = elementBytes(root.getDtype());
  if (root.getRows() == 1) {
    // A one-row root: a column range is contiguous, so ptoas's compact
    // subset is right (a tile_buf's rows are 32-byte multiples in pto-isa).
    if (offset % element || bytes % element || bytes % 32) {
      why = "its bytes are not whole 32-byte rows of its buffer";
      return failure();
    }
    path.columns = true;
    path.first = offset / element;
    path.count = bytes / element;
    return path;
  }
  int64_t rowBytes = root.getCols() * element;
  if (offset % rowBytes || bytes % rowBytes) {
    why = "its bytes are not whole rows of its buffer's tile_buf";
    return failure();
  }
  path.first = offset / rowBytes;
  path.count = bytes / rowBytes;
  return path;
}

void FunctionEmitter::chooseRoots() {
  // The windows every tile value of the kernel occupies, per buffer slot.
  llvm::MapVector<std::pair<Value, int64_t>,
                  SmallVector<std::pair<Window, pto::TileBufType>>>
      uses;
  auto visitWindow = [&](const Window *window, TileType type) {
    if (!window || !window->root.getDefiningOp<AllocOp>())
      return;
    FailureOr<pto::TileBufType> ptoType = handleType(*window, type, nullptr);
    if (failed(ptoType))
      return;
    auto buffer = cast<BufferType>(window->root.getType());
    for (int64_t slot = 0; slot < buffer.getSlots(); ++slot)
      if (window->dynamicSlot || slot == window->staticSlot) {
        Window fixed = *window;
        fixed.dynamicSlot = Value();
        fixed.staticSlot = slot;
        uses[{window->root, slot}].push_back({fixed, *ptoType});
      }
  };
  auto visit = [&](Value value) {
    if (auto type = dyn_cast<TileType>(value.getType()))
      visitWindow(storage.lookup(value), type);
  };
  tile::walk(source, [&](Operation *op) {
    for (Value result : op->getResults())
      visit(result);
    // The block an assemble copies into has a handle too, which no value
    // names (a column block of the target: a view of the root only when the
    // root is a flat row).
    if (auto assemble = dyn_cast<AssembleOp>(op))
      if (const Window *target = storage.lookup(assemble.getTarget())) {
        Window block = assembledBlock(assemble, *target);
        visitWindow(&block, cast<TileType>(assemble.getSource().getType()));
      }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Value arg : block.getArguments())
          visit(arg);
  });
  for (auto &[key, windows] : uses) {
    int64_t slotBytes = cast<BufferType>(key.first.getType()).getSize();
    auto fitsAll = [&](pto::TileBufType root) {
      std::string why;
      return llvm::all_of(windows, [&](auto &use) {
        return succeeded(pathFromRoot(root, use.first, use.second, why));
      });
    };
    // The natural root: a tile that fills the slot, as a producer wrote it.
    pto::TileBufType natural;
    for (auto &[window, type] : windows)
      if (window.offset == 0 && physicalBytes(type) == slotBytes) {
        natural = type;
        break;
      }
    if (natural && fitsAll(natural)) {
      rootTypes[key] = natural;
      continue;
    }
    // Otherwise a vec buffer is one row of its first element type, wide
    // enough for every tile_buf over it (a column block's tile_buf spans
    // past its last valid column), and every window a column range of it.
    pto::TileBufType first = windows.front().second;
    if (llvm::all_of(windows, [](auto &use) { return !isBoxed(use.second); })) {
      int64_t element = elementBytes(first.getDtype());
      int64_t end = slotBytes;
      for (auto &[window, type] : windows)
        end = std::max(end, window.offset + physicalBytes(type));
      end = llvm::alignTo(end, std::max<int64_t>(32, element));
      int64_t cols = end / element;
      auto flat = pto::TileBufType::get(
          source.getContext(), first.getLoc(), first.getDtype(), 1, cols, 1,
          cols, "row_major", "none_box", first.getFractal(), first.getPad());
      if (fitsAll(flat)) {
        rootTypes[key] = flat;
        continue;
      }
    }
    rootTypes[key] = natural ? natural : first;
  }
}

FailureOr<Value> FunctionEmitter::rootView(AllocOp alloc, int64_t slot,
                                           const Window &window,
                                           pto::TileBufType ptoType,
                                           Operation *user) {
  std::pair<Value, int64_t> key{alloc.getResult(), slot};
  pto::TileBufType rootType = rootTypes.lookup(key);
  if (!rootType)
    rootType = ptoType;
  std::string why;
  FailureOr<RootPath> path = pathFromRoot(rootType, window, ptoType, why);
  if (failed(path))
    return cannotEmit(user)
           << "at level2 its tile (" << ptoType << " at byte " << window.offset
           << " of a " << cast<BufferType>(alloc.getType()).getSize()
           << "-byte buffer) must be a view of its buffer's alloc_tile ("
           << rootType << "), and " << why;
  if (failed(checkTileBuf(rootType, user)))
    return failure();
  Value &root = roots[key];
  if (!root)
    root = prologue.create<pto::AllocTileOp>(alloc.getLoc(), rootType, Value());
  Value view = root;
  Location loc = alloc.getLoc();
  if (!path->whole && (path->first != 0 ||
                       path->count != (path->columns ? rootType.getCols()
                                                     : rootType.getRows()))) {
    int64_t rows = path->columns ? 1 : path->count;
    int64_t cols = path->columns ? path->count : rootType.getCols();
    SmallVector<Value> offsets =
        path->columns
            ? SmallVector<Value>{indexConst(0), indexConst(path->first)}
            : SmallVector<Value>{indexConst(path->first), indexConst(0)};
    Value &subset =
        subsets[{root, path->columns ? 1 : 0, path->first, path->count}];
    if (!subset)
      subset = prologue.create<pto::SubsetOp>(
          loc, subsetType(root, rows, cols), root, offsets,
          prologue.getI64ArrayAttr({rows, cols}));
    view = subset;
  }
  if (view.getType() != ptoType)
    view = prologue.create<pto::TReshapeOp>(loc, ptoType, view);
  return view;
}

FailureOr<Value> FunctionEmitter::selectSlotHandle(const Window &window,
                                                   TileType type,
                                                   pto::TileBufType ptoType,
                                                   Value slot,
                                                   Operation *user) {
  // A level2 handle has no address, so the window at slot %s is first the
  // placeholder
  //   %h = scf.if (%s == 0) { yield %h0 } else { ...(%s == 1)... yield %hN-1 }
  // over the per-slot handles (roots or views of them); expandSelections
  // then repeats every op that uses %h per slot and erases the chain (ptoas
  // retypes tile_buf scf.if results after its verifiers and casts them to
  // pointers in its C++). The compares are built once per window, right
  // after the slot (the handle is cached).
  auto alloc = window.root.getDefiningOp<AllocOp>();
  int64_t slots = cast<BufferType>(alloc.getType()).getSlots();
  SmallVector<Value> perSlot;
  for (int64_t index = 0; index < slots; ++index) {
    Window fixed = window;
    fixed.dynamicSlot = Value();
    fixed.staticSlot = index;
    FailureOr<Value> handle = windowHandle(fixed, type, user, ptoType);
    if (failed(handle))
      return failure();
    perSlot.push_back(*handle);
  }
  // Constants go to the prologue before the insertion point is chosen, so
  // they dominate the chain even when it is itself in the prologue.
  SmallVector<Value> slotIndices;
  for (int64_t index = 0; index + 1 < slots; ++index)
    slotIndices.push_back(indexConst(index));
  Location loc = alloc.getLoc();
  OpBuilder &builder = isa<BlockArgument>(slot) && slot.getParentBlock() ==
                                                       &target.getBody().front()
                           ? prologue
                           : body;
  OpBuilder::InsertionGuard guard(builder);
  // The compares first (they stay when the chain is erased after its users
  // are expanded; another window of the same slot reuses them), then the
  // chain selecting among perSlot[index..], after the compares.
  SmallVector<Value> &conds = slotConds[{slot, slots}];
  if (&builder == &body)
    body.setInsertionPointAfterValue(conds.empty() ? slot : conds.back());
  if (conds.empty())
    for (int64_t index = 0; index + 1 < slots; ++index)
      conds.push_back(builder.create<arith::CmpIOp>(
          loc, arith::CmpIPredicate::eq, slot, slotIndices[index]));
  std::function<Value(int64_t)> select = [&](int64_t index) -> Value {
    if (index + 1 == slots)
      return perSlot[index];
    auto branch =
        builder.create<scf::IfOp>(loc, TypeRange{ptoType}, conds[index],
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard armGuard(builder);
    builder.setInsertionPointToStart(branch.thenBlock());
    builder.create<scf::YieldOp>(loc, perSlot[index]);
    builder.setInsertionPointToStart(branch.elseBlock());
    builder.create<scf::YieldOp>(loc, select(index + 1));
    return branch.getResult(0);
  };
  Value selected = select(0);
  if (Operation *chain = selected.getDefiningOp())
    selections[chain] = Selection{conds, perSlot};
  return selected;
}

LogicalResult FunctionEmitter::expandSelections() {
  DenseMap<Value, const Selection *> selected;
  for (auto &[chain, selection] : selections)
    selected[chain->getResult(0)] = &selection;
  // The users still to expand, each once: an op using two selections (a
  // matmul of two dynamic-slot operands) is listed by both, and is erased
  // when the first is expanded. A set of ops already done would hold erased
  // ops, whose memory the clones may reuse (a clone then looked done and
  // kept its use of the chain).
  llvm::SetVector<Operation *> work;
  for (auto &[chain, selection] : selections)
    for (Operation *user : chain->getResult(0).getUsers())
      work.insert(user);
  // Each user becomes `scf.if (%s == 0) { op(h0) } else { ... op(hN-1) }`;
  // a copy that uses another selection is expanded in turn.
  while (!work.empty()) {
    Operation *user = work.pop_back_val();
    Value value;
    for (Value operand : user->getOperands())
      if (selected.count(operand)) {
        value = operand;
        break;
      }
    if (!value)
      continue;
    if (user->getNumResults() != 0 || user->getNumRegions() != 0 ||
        user->hasTrait<OpTrait::IsTerminator>())
      return user->emitError("cannot be emitted to PTO: a level2 tile in a "
                             "dynamic slot reaches ")
             << user->getName() << ", which cannot be repeated per slot";
    const Selection &selection = *selected.lookup(value);
    // Every operand selected by the same slot takes that slot's handle in
    // the same copy (a matmul of two double-buffered operands: 2 copies,
    // not 4).
    SmallVector<std::pair<Value, const Selection *>> sameSlot;
    for (Value operand : user->getOperands()) {
      const Selection *other = selected.lookup(operand);
      if (other && other->conds == selection.conds &&
          !llvm::is_contained(llvm::make_first_range(sameSlot), operand))
        sameSlot.push_back({operand, other});
    }
    OpBuilder builder(user);
    Location loc = user->getLoc();
    for (auto index : llvm::seq<size_t>(0, selection.perSlot.size())) {
      IRMapping mapping;
      for (auto [operand, other] : sameSlot)
        mapping.map(operand, other->perSlot[index]);
      if (index + 1 == selection.perSlot.size()) {
        work.insert(builder.clone(*user, mapping));
        break;
      }
      auto branch = builder.create<scf::IfOp>(loc, selection.conds[index],
                                              /*withElseRegion=*/true);
      builder.setInsertionPointToStart(branch.thenBlock());
      work.insert(builder.clone(*user, mapping));
      // The remaining slots go into the else arm.
      builder.setInsertionPointToStart(branch.elseBlock());
    }
    user->erase();
  }
  for (auto &[chain, selection] : llvm::reverse(selections)) {
    if (!chain->use_empty())
      return chain->emitError("internal error: a level2 slot selection is "
                              "still used after its users were expanded");
    chain->erase();
  }
  selections.clear();
  return success();
}

namespace {
/// Where each allocation group goes: the innermost block holding all of its
/// users (`home`) and, in it, the op that is or holds the first of them
/// (and the last, and whether the first is inside an scf.while: see
/// bracketWhileUses). Found for every group at once in two walks, without
/// looking up an op's ancestors: the lowest common ancestor of a group's
/// users is Tarjan's offline one (a union-find over the ops and blocks of
/// the nest, each finished node joined to its parent), since the users of a
/// tree in pre-order meet at the LCA of the first one met and each later
/// one.
class RootPlacement {
public:
  RootPlacement(func::FuncOp function, ArrayRef<SmallVector<Operation *>> users)
      : function(function), home(users.size()), first(users.size()),
        last(users.size()), firstInWhile(users.size()) {
    for (auto [index, list] : llvm::enumerate(users))
      for (Operation *user : list)
        groupsOf[user].push_back(index);
    findHomes();
    findFirstsAndLasts();
  }
  Operation *getFirst(unsigned group) const { return first[group]; }
  Operation *getLast(unsigned group) const { return last[group]; }
  /// Whether the first user met is an scf.while of the home block or
  /// inside one.
  bool isFirstInWhile(unsigned group) const { return firstInWhile[group]; }

private:
  using Node = PointerUnion<Operation *, Block *>;

  unsigned makeSet(Node node) {
    unsigned id = nodes.size();
    nodes.push_back(node);
    leader.push_back(id);
    ancestor.push_back(id);
    return id;
  }
  unsigned find(unsigned id) {
    while (leader[id] != id) {
      leader[id] = leader[leader[id]];
      id = leader[id];
    }
    return id;
  }
  /// Closes the innermost open node: it joins its parent's set, whose
  /// answer for "lowest common ancestor with a node of it" is the parent.
  void finishTop() {
    unsigned child = open.pop_back_val();
    unsigned parent = open.back();
    leader[find(child)] = find(parent);
    ancestor[find(parent)] = parent;
  }

  void findHomes() {
    SmallVector<std::optional<unsigned>> meet(home.size());
    tile::detail::walkIteratively</*Reverse=*/false>(
        function,
        [&](Operation *op, unsigned stage) -> WalkResult {
          if (stage == 1) {
            // The op's last block, then the op itself.
            if (isa<Block *>(nodes[open.back()]))
              finishTop();
            if (op != function)
              finishTop();
            return WalkResult::advance();
          }
          unsigned id = makeSet(op);
          open.push_back(id);
          auto it = groupsOf.find(op);
          if (it != groupsOf.end())
            for (unsigned group : it->second)
              meet[group] = meet[group] ? ancestor[find(*meet[group])] : id;
          return WalkResult::advance();
        },
        [&](Block *block) {
          // A sibling block of the same op is finished before the next.
          if (isa<Block *>(nodes[open.back()]))
            finishTop();
          open.push_back(makeSet(block));
        });
    Block *entry = &function.getBody().front();
    for (auto [group, node] : llvm::enumerate(meet)) {
      if (!node)
        continue;
      Node lca = nodes[*node];
      if (auto *block = dyn_cast<Block *>(lca))
        home[group] = block;
      else if (Operation *op = cast<Operation *>(lca); op != function)
        home[group] = op->getBlock();
      else
        home[group] = entry;
    }
  }

  /// The op of each open block that holds the op being visited (with the
  /// number of the op's entry, in walk order): for each user of a group, the
  /// op of its home that is or holds it. The first user met gives `first`,
  /// the last `last`. The ops open at a time are a chain of ancestors, so
  /// the innermost open scf.while is the home's op or inside it exactly when
  /// it was entered no earlier than that op.
  void findFirstsAndLasts() {
    DenseMap<Block *, std::pair<Operation *, unsigned>> openOp;
    SmallVector<unsigned> openWhiles;
    unsigned entries = 0;
    walkEnterExit(
        function,
        [&](Operation *op) {
          unsigned entry = entries++;
          openOp[op->getBlock()] = {op, entry};
          if (isa<scf::WhileOp>(op))
            openWhiles.push_back(entry);
          auto it = groupsOf.find(op);
          if (it == groupsOf.end())
            return;
          for (unsigned group : it->second) {
            auto [holder, holderEntry] = openOp.lookup(home[group]);
            if (!first[group]) {
              first[group] = holder;
              firstInWhile[group] =
                  !openWhiles.empty() && openWhiles.back() >= holderEntry;
            }
            last[group] = holder;
          }
        },
        [&](Operation *op) {
          if (isa<scf::WhileOp>(op))
            openWhiles.pop_back();
        });
  }

  func::FuncOp function;
  DenseMap<Operation *, SmallVector<unsigned, 1>> groupsOf;
  SmallVector<Block *> home;
  SmallVector<Operation *> first, last;
  SmallVector<bool> firstInWhile;
  // The union-find over the nodes met so far, and the open ones (the
  // current op, its block and their ancestors).
  SmallVector<Node> nodes;
  SmallVector<unsigned> leader, ancestor, open;
};
} // namespace

/// Every root's space is one of the dialect's (emission made them).
static MemorySpace spaceOfRoot(pto::AllocTileOp root) {
  return *symbolizeMemorySpace(root.getType().getLoc());
}

namespace {
/// What ptoas 0.27's PlanMemory plans per space: the roots' sizes as it
/// aligns them (ubAlignSize, l0*AlignSize) and how many there are. Below a
/// space's capacity it gives every buffer its own bytes
/// (IsEnoughForBuffersNoReuse); at or over it, it may overlay buffers whose
/// lifetimes are apart. tilemem's capacities are at most PlanMemory's.
class PlanMemoryDemand {
public:
  PlanMemoryDemand(ArrayRef<pto::AllocTileOp> roots,
                   std::optional<TargetArch> arch)
      : arch(arch.value_or(TargetArch::A3)) {
    for (pto::AllocTileOp root : roots) {
      pto::TileBufType type = root.getType();
      StringRef loc = type.getLoc();
      int64_t align =
          loc == "left" || loc == "right" || loc == "acc" ? 512 : 32;
      unsigned space = static_cast<unsigned>(spaceOfRoot(root));
      declared[space] += llvm::alignTo(physicalBytes(type), align);
      ++count[space];
    }
  }
  int64_t bytes(MemorySpace space) const {
    return declared[static_cast<unsigned>(space)];
  }
  int64_t capacity(MemorySpace space) const {
    return getSpaceCapacity(arch, space);
  }
  bool mayReuse(MemorySpace space) const {
    return count[static_cast<unsigned>(space)] >= 2 &&
           bytes(space) >= capacity(space);
  }

private:
  TargetArch arch;
  std::array<int64_t, kNumMemorySpaces> declared{};
  std::array<unsigned, kNumMemorySpaces> count{};
};
} // namespace

/// ptoas 0.27's PlanMemory (PTOPlanMemory.cpp) gives a buffer a lifetime
/// from the first op that writes it (its gen) to the op after which it is
/// dead (its kill), with two gaps at scf.while:
/// - a kill is only recorded at an op of the alloc's own block
///   (UpdateOpKillInfo: IsInSameBlock), and it enters scf.for and scf.if
///   (recording the kill at the loop's or branch's end) but not scf.while,
///   whose ops it meets as ops of another block: a buffer last used inside
///   a while of its block is never killed ("freeTime : -1"), and that
///   lifetime overlaps nothing (GetOverlapBufferLife);
/// - a buffer live into an scf.for is generated at the loop's start
///   (GetLiveBuffersInLoop), but one first written inside an scf.while is
///   generated there, after the body's ops before it, whose tiles it may
///   then share in the next iteration.
/// Once the declared tiles of a space exceed its capacity, PlanMemory
/// reuses addresses and places such a buffer over a live one. So each vec
/// root whose last user in its block is an scf.while gets a pto.tmov of the
/// root onto itself after the while, where PlanMemory kills it, and each
/// whose first user is inside a while gets one before the first user, where
/// PlanMemory generates it: both copy a tile onto its own bytes.
///
///   %5 = pto.alloc_tile ...            %5 = pto.alloc_tile ...
///   scf.while ... {                    pto.tmov ins(%5) outs(%5)
///     pto.tadds ins(%5, ..) outs(%5)   scf.while ... {
///   }                                    pto.tadds ins(%5, ..) outs(%5)
///                                      }
///                                      pto.tmov ins(%5) outs(%5)
///
/// Boxed tiles have no copy onto themselves: a kernel with such a tile is
/// refused when its declared tiles of that space (two or more) reach the
/// capacity (below it PlanMemory places every buffer apart:
/// IsEnoughForBuffersNoReuse).
static LogicalResult bracketWhileUses(func::FuncOp target,
                                      MutableArrayRef<pto::AllocTileOp> roots,
                                      const RootPlacement &placement,
                                      const PlanMemoryDemand &demand) {
  OpBuilder builder(target.getContext());
  for (auto [index, root] : llvm::enumerate(roots)) {
    Operation *first = placement.getFirst(index);
    auto lastWhile = dyn_cast<scf::WhileOp>(placement.getLast(index));
    bool genInWhile = placement.isFirstInWhile(index);
    if (!lastWhile && !genInWhile)
      continue;
    pto::TileBufType type = root.getType();
    if (type.getLoc() == "vec") {
      Value handle = root.getResult();
      if (genInWhile) {
        builder.setInsertionPoint(first);
        builder.create<pto::TMovOp>(root.getLoc(), handle, handle);
      }
      if (lastWhile) {
        builder.setInsertionPointAfter(lastWhile);
        builder.create<pto::TMovOp>(root.getLoc(), handle, handle);
      }
      continue;
    }
    MemorySpace space = spaceOfRoot(root);
    if (!demand.mayReuse(space))
      continue;
    // The op of the home block the refusal names: the while the tile dies
    // in, or the op that is or holds the while where it is first written.
    InFlightDiagnostic diag =
        (lastWhile ? refuseLoop(lastWhile) : refuseLoop(first))
        << "at level2, ptoas 0.27's PlanMemory would not see where the "
        << type.getLoc() << " tile used in "
        << (lastWhile ? "this scf.while dies (it frees a buffer only at an "
                        "op of the buffer's own block, and does not enter "
                        "scf.while)"
                      : "an scf.while here is first written (it starts a "
                        "buffer live into an scf.for at the loop, not one "
                        "live into an scf.while)")
        << ", and the kernel's " << type.getLoc() << " tiles ("
        << demand.bytes(space) << " bytes) reach the capacity ("
        << demand.capacity(space)
        << " bytes), where it reuses addresses and may place another tile "
           "over this one while it is live; a boxed tile has no copy onto "
           "itself to mark that point, as a vec tile has. Plan the kernel's "
           "memory with pypto or dsa-rp (level3)";
    diag.attachNote(root.getLoc()) << "the " << type.getLoc() << " tile";
    return diag;
  }
  return success();
}

/// ptoas 0.27's InsertSync relates two tile_bufs only through one root (one
/// pto.pointer_cast address value: MemoryDependentAnalyzer::MemAlias), and
/// PlanMemory, once a space's tiles exceed its capacity, may place a buffer
/// over part of one that died, from another address. A load into the new
/// buffer then need not wait for the store still reading the old one (the
/// level3 form of this, and the measured missing wait: docs/pto-emission.md,
/// "Syncs between tiles at different addresses"). In such a space each root
/// is put behind a pto.barrier <PIPE_ALL> at its first use: every access to
/// whatever held its bytes before has completed (PlanMemory overlays only
/// buffers whose lifetimes are apart, and a root first used in a loop body
/// meets the barrier in every iteration).
static void separateReusedRoots(MutableArrayRef<pto::AllocTileOp> roots,
                                const RootPlacement &placement,
                                const PlanMemoryDemand &demand) {
  for (auto [index, root] : llvm::enumerate(roots))
    if (demand.mayReuse(spaceOfRoot(root)))
      waitForEveryPipeBefore(placement.getFirst(index));
}

LogicalResult FunctionEmitter::placeRoots() {
  Block *entry = &target.getBody().front();
  SmallVector<pto::AllocTileOp> allocs(entry->getOps<pto::AllocTileOp>());
  // Each alloc_tile with the views of it made next to it, and the ops that
  // use them.
  SmallVector<SmallVector<Operation *>> groups, users;
  SmallVector<pto::AllocTileOp> roots;
  for (pto::AllocTileOp alloc : allocs) {
    SmallVector<Operation *> group{alloc};
    DenseSet<Operation *> inGroup{alloc};
    SmallVector<Operation *> groupUsers;
    for (unsigned next = 0; next < group.size(); ++next)
      for (Operation *user : group[next]->getResult(0).getUsers()) {
        if (isa<pto::SubsetOp, pto::TReshapeOp>(user) &&
            user->getBlock() == entry) {
          if (inGroup.insert(user).second)
            group.push_back(user);
          continue;
        }
        groupUsers.push_back(user);
      }
    for (Operation *op : group)
      for (Operation *loop : anchors.lookup(op->getResult(0)))
        groupUsers.push_back(loop);
    // Views nothing uses (a view whose only reader is another view op of
    // the source, which takes its handle from its own window) go.
    for (Operation *op : llvm::reverse(group))
      if (op != alloc && op->use_empty()) {
        inGroup.erase(op);
        op->erase();
      }
    llvm::erase_if(group, [&](Operation *op) { return !inGroup.count(op); });
    if (groupUsers.empty()) {
      for (Operation *op : llvm::reverse(group))
        if (op->use_empty())
          op->erase();
      continue;
    }
    groups.push_back(std::move(group));
    users.push_back(std::move(groupUsers));
    roots.push_back(alloc);
  }
  // Users are never ops of another group (a view takes one tile, its
  // source), so every group's place is found before any group moves.
  RootPlacement placement(target, users);
  for (auto [index, group] : llvm::enumerate(groups)) {
    llvm::sort(group, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    for (Operation *op : group)
      op->moveBefore(placement.getFirst(index));
  }
  PlanMemoryDemand demand(roots, arch);
  separateReusedRoots(roots, placement, demand);
  return bracketWhileUses(target, roots, placement, demand);
}
