//===- Passes.td - tile storage passes ---------------------*- tablegen -*-===//
//
// The single source of each pass's name, options, summary and description.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_DIALECT_TILE_TRANSFORMS_PASSES_TD
#define TILEMEM_DIALECT_TILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileInitMemRef : Pass<"tile-init-memref", "::mlir::func::FuncOp"> {
  let summary = "Give every allocating producer a fresh allocation";
  let description = [{
    Creates one `tile.alloc` per allocating producer that has no destination
    yet, sized from its tile and hoisted to the function entry, and makes it
    the producer's destination. Nothing else changes: views, writebacks,
    loop carries and branch results derive their storage from their operands.
    Producers that already name a destination are left alone, so the pass is
    idempotent. Functions marked `tile.orchestration` are skipped.

    As the first pass of every pipeline it checks the storage passes'
    precondition (`Preconditions.h`) and fails, changing nothing, with a
    located error when a function nests deeper than 4096 regions
    (`nesting depth N exceeds the limit 4096`) or an `scf.for` has a
    constant step that is not positive (`scf.for step must be positive,
    got 0`; an `unsigned` loop's step is unsigned, so only 0 there). That
    it holds is kept as a preserved `StoragePreconditionsHold` analysis, so
    `tile-verify-storage` later in the pipeline need not check it again.

    Dead code needs no storage, and must not constrain it: first, every op
    whose results are unused and that has no memory effect is erased (tile
    ops are value-semantic; only a destination clause writes memory, and
    `tile.create` reads its buffer), loops and branches included when
    nothing in them has one, and code that provably never runs goes too: an
    `scf.for` with zero trips is replaced by its initializers, an
    `scf.while` whose condition is false on entry by its before region, an
    `scf.if` on a constant by the arm it takes. Otherwise a writeback of a
    tile that only a dead op reads later, or an `scf.if` in a loop that never
    runs, could need a copy the target does not have. A `tile.store` whose
    result is unused is dead too: return the tensor to keep it.
    `erase-dead-code=false` keeps everything (DeadCode.h).

    Before:
    ```mlir
    func.func @f(%a: !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec> {
      %0 = tile.exp %a : !tile.tile<64x64xf32, vec>
      return %0 : !tile.tile<64x64xf32, vec>
    }
    ```
    After:
    ```mlir
    func.func @f(%a: !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec> {
      %buf = tile.alloc : !tile.buffer<vec, 16384>
      %0 = tile.exp %a into(%buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
      return %0 : !tile.tile<64x64xf32, vec>
    }
    ```
  }];
  let dependentDialects = ["::mlir::tile::TileDialect"];
  let options = [
    Option<"eraseDeadCode", "erase-dead-code", "bool", "true",
           "First erase unused values without memory effects and code that "
           "provably never runs">
  ];
  let statistics = [
    Statistic<"numAllocations", "allocations", "Number of allocations created">,
    Statistic<"numErased", "erased-ops", "Number of dead ops erased">
  ];
}

def TileEraseDeadCode : Pass<"tile-erase-dead-code", "::mlir::func::FuncOp"> {
  let summary = "Erase unused values and code that provably never runs";
  let description = [{
    Tile ops are value-semantic, so what no result depends on cannot change
    what a function computes, and must not constrain storage. Erases every
    op whose results are unused and that has no memory effect (only a
    destination clause writes memory, `tile.create` reads it; loops and
    branches with nothing effectful inside included), replaces an `scf.for`
    with zero trips by its initializers, an `scf.while` whose condition is
    false on entry by its before region, and an `scf.if` on a constant by
    the arm it takes, and removes the unused results of live branches and
    the carries of live loops that nothing observes (DeadCode.h).
    `tile-init-memref` does the same first unless `erase-dead-code=false`.

    Before:
    ```mlir
    %d = tile.mul %a, %a : !tile.tile<16x16xf32, vec>
    %r = scf.for %i = %c0 to %c0 step %c1 iter_args(%x = %a) -> (!tile.tile<16x16xf32, vec>) {
      %n = tile.add %x, %a : !tile.tile<16x16xf32, vec>
      scf.yield %n : !tile.tile<16x16xf32, vec>
    }
    return %r : !tile.tile<16x16xf32, vec>
    ```
    After:
    ```mlir
    return %a : !tile.tile<16x16xf32, vec>
    ```
  }];
  let statistics = [
    Statistic<"numErased", "erased-ops", "Number of dead ops erased">
  ];
}

def TileMaterializeTransposedViews
    : Pass<"tile-materialize-transposed-views", "::mlir::func::FuncOp"> {
  let summary = "Turn transposed views of vec tiles into transposes where "
                "an op reads them";
  let description = [{
    ptoas reads a vec tile row-major in nearly every instruction (its
    verifiers of `pto.tadd`, `tsub`, `tmul`, `tmax`, `texp`, `trowsum`,
    `ttrans` want row-major operands, and pto-isa's `TADDS`/`TMULS`
    static-assert it), while a `tile.transpose_view` of a vec tile is the
    col_major tile_buf over the same bytes, and a column slice of one is not
    even dense. This pass replaces every view (a chain of `tile.slice` and
    `tile.transpose_view`) that reads its base transposed, at each use by an
    op that is not itself such a view, with a row-major slice of the base's
    transpose: a `tile.transpose` (a copy into its own storage; the planner
    gives it its scratch) placed right after the view. A chain whose
    transposes cancel becomes a slice of the base. Views of vectors (Rx1,
    1xC) are left alone: their bytes read either way are in one order. The
    values computed are the same (views are value-semantic); the cost is a
    transpose per such view. `tile-memory-pipeline` runs it first.

    Before:
    ```mlir
    %v = tile.transpose_view %x : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
    %r = tile.add %x, %v : !tile.tile<16x16xf32, vec>
    ```
    After:
    ```mlir
    %t = tile.transpose %x : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
    %r = tile.add %x, %t : !tile.tile<16x16xf32, vec>
    ```
    and `transpose_view(slice %x[0, 8] : 16x16 -> 16x8) : 16x8 -> 8x16`
    becomes `slice (transpose %x)[8, 0] : 16x16 -> 8x16`.
  }];
  let dependentDialects = ["::mlir::tile::TileDialect"];
  let statistics = [
    Statistic<"numViews", "views", "Views replaced at their uses">,
    Statistic<"numTransposes", "transposes", "tile.transpose ops created">
  ];
}

def TileMaterializeColumnBlocks
    : Pass<"tile-materialize-column-blocks", "::mlir::func::FuncOp"> {
  let summary = "Copy column blocks of vec tiles into tiles of their own "
                "where an op's PTO instruction cannot read them";
  let description = [{
    A column block of a vec tile (a `tile.slice` narrower than its base, at
    any column) is a tile_buf as wide as the base's rows with fewer valid
    columns. Most PTO instructions read it through its row stride, but a few
    cannot (`operandsReadDense`, from the ShapeRule of the op's record in
    `PTOOps.td`): pto-isa takes the tiles of `TADD` and `TABS` as one C++
    Tile type (its CPU simulator does; the A2/A3 implementations take one
    per tile), ptoas wants the source and result of `tcvt` and
    `tcolexpand<op>` of one shape, pto-isa the source and result of
    `TCOLSUM` and `TCOLMAX` of one column count, and it reads the tiles of
    `TFILLPAD_INPLACE`, `TCMP`, `TCMPS` and `TSEL` by whole rows. PTO
    emission refuses such an op. This pass gives each column block such an op reads a copy
    (`tile.move`, emitted as `pto.tmax(x, x)` between tiles of different row
    strides on A2/A3), placed right after the slice and read by those uses
    only; the values computed are the same, the cost is one copy per such
    slice. A value whose storage derives from a column block (the rules of
    StorageDerivation: a loop carry seeded by a slice, an scf.if result
    whose then arm yields one, a slice of one, a tile.assemble into one) is
    one too, and is copied where it is defined: a carry first in the loop
    body, on every iteration. Column slices of one column (an Rx1 vector's
    dense form is col_major, which a copy within vec cannot change) are
    left as they are. `tile-memory-pipeline` runs it after
    `tile-materialize-transposed-views`.

    Before:
    ```mlir
    %v = tile.slice %x[0, 8] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x8xf32, vec>
    %r = tile.add %v, %y : !tile.tile<16x8xf32, vec>
    ```
    After:
    ```mlir
    %v = tile.slice %x[0, 8] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x8xf32, vec>
    %c = tile.move %v : !tile.tile<16x8xf32, vec> -> !tile.tile<16x8xf32, vec>
    %r = tile.add %c, %y : !tile.tile<16x8xf32, vec>
    ```
  }];
  let dependentDialects = ["::mlir::tile::TileDialect"];
  let statistics = [
    Statistic<"numCopies", "copies", "Column blocks copied (tile.move ops created)">
  ];
}

def TileVerifyStorage : Pass<"tile-verify-storage", "::mlir::func::FuncOp"> {
  let summary = "Check the storage postcondition of tile programs";
  let description = [{
    Fails with one error per violation, at the offending op, naming the
    values involved, when:
    - a tile value has no storage, or storage in another memory space;
    - a for/while carry's initializer, iter_arg, yielded value and result do
      not share one window, or two carries of one loop overlap;
    - an if arm does not yield its result's window (results of one if may
      overlap each other, as a view and its source yielded by both arms do);
    - an op writes a window that overlaps a value still live after it
      (uses reached around loop back edges included), other than the operand
      a writeback consumes;
    - a not-in-place-safe result overlaps an input, or a result overlaps an
      operand its op forbids it to alias.
    With `allocated=true` (after any address planner) it also checks the
    address plan (the rules of `include/tilemem/Analysis/AddressRules.h`):
    - every allocation has an `addr`;
    - every address (`addr`, `tile.scratch_addr`) is a multiple of 32 bytes;
    - every allocation's range `[addr, addr + size * slots)`, and every
      scratch tile's `[tile.scratch_addr, + its source's bytes)`, lies inside
      its space's capacity on the target (`arch`; overflow-checked);
    - no two allocations of one space share a byte at a program point where
      both are live (pinned and user-addressed ones included; scratch tiles
      are live at their op). Live intervals are the planners' own
      (`AllocationLifetimes`). The error is at the allocation whose interval
      starts later, naming the other one, with a note at the other
      allocation and one at the first op where both are live:
      ```text
      %b0 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
      %b1 = tile.alloc addr = 0 : !tile.buffer<vec, 256>  // error: allocation %1 [0, 256)
          // overlaps allocation %0 [0, 256) in vec while both are live, from tile.add (point 3) on
      %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
      %b = tile.add %x, %x into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
      return %a, %b : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
      ```
    - a move's source and destination are disjoint in address space unless
      they are the same window.
    The overlap rule costs one sweep per space over the intervals sorted by
    start, with the live allocations in a map ordered by address (disjoint,
    so only the nearest one below a new range's end can overlap it):
    O(A log A), never all pairs.
    It checks the same precondition as `tile-init-memref` first (nesting
    depth, positive constant `scf.for` steps, the scf region ops it plans),
    unless an earlier pass found it to hold and every pass since preserved
    that (`StoragePreconditionsHold`, which `tile-init-memref` and
    `tile-materialize-semantic-aliases` preserve): then the function is not
    walked for it again.
    Functions marked `tile.orchestration` are skipped. The IR is unchanged.
    When the previous pass already proved the function with the same options
    (`tile-materialize-semantic-aliases` verifies its own result and keeps the
    verdict as a preserved `StorageVerdict` analysis), the verdict is reused:
    the pass manager discards it as soon as any pass changes the function.
  }];
  let options = [
    Option<"allocated", "allocated", "bool", /*default=*/"false",
           "Also check addresses (after address allocation)">,
    Option<"targetArch", "arch", "::mlir::tile::TargetArchOption",
           /*default=*/"::mlir::tile::TargetArchOption::Auto",
           "Target architecture for the capacities (auto: the module's "
           "tile.target_arch, else a3)",
           [{::mlir::tile::targetArchValues()}]>,
  ];
  let statistics = [
    Statistic<"numReused", "reused-verdicts",
              "Functions whose verdict from the previous pass was reused">,
    Statistic<"numPreconditionsReused", "reused-preconditions",
              "Functions whose precondition check by an earlier pass was "
              "reused">
  ];
}

def TileSelectBufferIRFunctions
    : Pass<"tile-select-buffer-ir-functions", "::mlir::func::FuncOp"> {
  let summary = "Mark the kernels Buffer-IR storage legalization supports";
  let description = [{
    Whole-kernel selection for the staged Buffer-IR rollout: a function is
    marked `tile.buffer_ir` when every construct in it is supported, and
    only marked functions get Buffer-IR rewrites from
    `tile-materialize-semantic-aliases{enable-buffer-ir=true}`; the others
    keep the Tile path unchanged. A kernel is unsupported when it contains
    any of: an op outside the tile, arith, scf (for, while, if, yield,
    condition) and func (return) dialects (func.call included); a `pinned`
    allocation; a multi-slot buffer; a `tile.scope` with more than one
    block. Orchestration functions are never marked. With
    `enable-buffer-ir=false` the pass removes the marks instead, so explicit
    off mode is the Tile path everywhere. See docs/passes/buffer-ir.md.
  }];
  let options = [
    Option<"enableBufferIR", "enable-buffer-ir", "bool", /*default=*/"true",
           "Select supported kernels (false: clear every selection)">,
  ];
  let statistics = [
    Statistic<"numSelected", "selected", "Functions selected for Buffer IR">,
    Statistic<"numRejected", "rejected", "Functions left on the Tile path">,
  ];
}

def TileMaterializeSemanticAliases
    : Pass<"tile-materialize-semantic-aliases", "::mlir::func::FuncOp"> {
  let summary = "Make storage that program semantics require to be shared, shared";
  let description = [{
    After `tile-init-memref` every allocating producer writes its own
    allocation, but a loop-carried accumulator must be updated in the carry's
    window, and both arms of an `scf.if` must deliver the result in one
    window. This pass pushes each carry's window (its initializer's) down the
    yield/producer chain, following writebacks to the operand they update,
    views to their source, and through `scf.if`, `tile.scope` and nested loop
    results, and retargets the allocating producer at the end of the chain
    into that window, but only where no value that is still observed would be
    clobbered (reads later in the iteration, in later iterations, after the
    loop, or in an enclosing loop). Where it cannot:
    - an initializer still observed while the carry advances gets an entry
      copy into private storage before the loop (vec tiles);
    - a yielded vec tile that cannot be produced in place is copied into the
      carry's window right before the yield, with all carries of one yield
      scheduled as a parallel copy (swaps and rotations get one scratch tile
      per cycle);
    - a branch result is aligned by retargeting the else-arm's producer,
      or the then-arm's (accumulator phis such as `if first: matmul else:
      matmul_acc(prev)`), or selected from two slots of one pool (no copy,
      one more slot held while the result lives), or copied (vec), or moved
      into a fresh allocation in both arms; where a selection and one copy
      are both possible, `selection-slot-percent` prices the copy against
      the slot;
    - when the needed copy does not exist on the target (acc->acc, mat->mat,
      left/right->same), or a tensor would need one, the pass fails naming
      the value, and leaves the function exactly as it was.
    The result always satisfies `tile-verify-storage`, which the pass runs on
    its own output before committing it. User storage (a pinned allocation,
    or one with an `addr`) keeps exactly the values the user put there: no
    producer is retargeted into it or out of it (a carry rooted there is
    copied into instead). Allocations left unused by retargeting are
    removed. Functions marked `tile.orchestration` are skipped.
    `memory-planner` (pypto, dsa-rp, ptoas) and `arch` (auto: the module's
    `tile.target_arch`, else a3; a3; a5) are enum options: another value
    fails when the pipeline is parsed, before any function is looked at. See
    docs/passes/materialize-semantic-aliases.md.

    Before (after tile-init-memref):
    ```mlir
    %b0 = tile.alloc : !tile.buffer<vec, 16384>
    %b1 = tile.alloc : !tile.buffer<vec, 16384>
    %zero = tile.full 0.0 into(%b0 : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<64x64xf32, vec>) {
      %next = tile.add %acc, %x into(%b1 : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
      scf.yield %next : !tile.tile<64x64xf32, vec>
    }
    ```
    After:
    ```mlir
    %b0 = tile.alloc : !tile.buffer<vec, 16384>
    %zero = tile.full 0.0 into(%b0 : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<64x64xf32, vec>) {
      %next = tile.add %acc, %x into(%b0 : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
      scf.yield %next : !tile.tile<64x64xf32, vec>
    }
    ```
  }];
  let dependentDialects = ["::mlir::tile::TileDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"enableBufferIR", "enable-buffer-ir", "bool", /*default=*/"true",
           "Use the Buffer-IR branch destinations in functions marked by "
           "tile-select-buffer-ir-functions (others keep the Tile path)">,
    Option<"memoryPlanner", "memory-planner", "::mlir::tile::MemoryPlanner",
           /*default=*/"::mlir::tile::MemoryPlanner::PyPTO",
           "The memory planner that follows",
           [{::mlir::tile::memoryPlannerValues()}]>,
    Option<"targetArch", "arch", "::mlir::tile::TargetArchOption",
           /*default=*/"::mlir::tile::TargetArchOption::Auto",
           "Target architecture for copy legality",
           [{::mlir::tile::targetArchValues()}]>,
    Option<"verifyResult", "verify", "bool", /*default=*/"true",
           "Check the rewritten function with tile-verify-storage before "
           "committing it (turn off only to debug the pass)">,
    Option<"selectionSlotPercent", "selection-slot-percent", "unsigned",
           /*default=*/"25",
           "The price of one tile.move, in percent of the space's capacity: "
           "an scf.if result that one copy in the else arm could deliver is "
           "selected from two slots instead only when the second slot holds "
           "at most this share of the space (0: copy whenever one copy "
           "suffices; 100: always select)">,
  ];
  let statistics = [
    Statistic<"numRetargeted", "retargeted-producers",
              "Producers retargeted into a required window">,
    Statistic<"numYieldCopies", "yield-copies",
              "tile.move ops inserted before yields">,
    Statistic<"numEntryCopies", "entry-copies",
              "tile.move ops inserted before loops">,
    Statistic<"numScratch", "scratch-tiles",
              "Scratch tiles allocated to break copy cycles">,
    Statistic<"numBranchCopies", "branch-copies",
              "tile.move ops inserted in if arms">,
    Statistic<"numWritebackCopies", "writeback-copies",
              "tile.move ops inserted before writebacks of values still read">,
    Statistic<"numSelections", "slot-selections",
              "scf.if results selected from two slots of a pool, without a copy">,
    Statistic<"numReplayedChecks", "replayed-self-checks",
              "Self-checks that replayed the walk the rewrite's analyses were "
              "built from (the rewrite created no op) instead of walking the "
              "function again">,
    Statistic<"numValueTableGrowths", "value-table-growths",
              "Times the value numbering, sized for the input's storage "
              "values, grew for the values the rewrite added">,
  ];
}

def TileMemoryReuse : Pass<"tile-memory-reuse", "::mlir::func::FuncOp"> {
  let summary = "Coalesce allocations of one space whose lifetimes never overlap";
  let description = [{
    PYPTO's opportunistic (may-alias) reuse, after
    `tile-materialize-semantic-aliases` has made every required sharing
    explicit. Two allocations of one memory space are merged when their
    live intervals (`AllocationLifetimes`) never overlap: every use of one
    buffer is replaced by the other and its `tile.alloc` is erased. As in
    PyPTO's MemoryReuse, allocations are packed largest first, so the kept
    allocation of a group is its largest and every member fits in it
    (first-fit-decreasing). Allocations of any size share when each has one
    slot and is used only as a destination clause (a window stays inside a
    larger buffer); any other (slots, a buffer passed to a call or carried)
    shares only with its own buffer type. Intervals are closed, so an op's
    input and output overlap at the op; they are merged only as an in-place
    pair (`AllocationLifetimes.h`): the op is the last reader of the input's
    allocation and the first writer of the output's, it may write in place
    (no not-in-place-safe op, no forbidden output alias: `inPlaceViolation`),
    and its result window is exactly the operand's. An operand read again
    later, around a loop included, keeps its allocation live past the op and
    is never overwritten. Because storage is
    derived from SSA, merging only makes windows of values that are never
    live together share bytes; it cannot break a must-alias relation, and
    the result still satisfies `tile-verify-storage`. User storage (pinned
    allocations and allocations with an `addr`) keeps exactly its own
    values: it is never merged, neither kept nor absorbed, and stays when
    unused; unused allocations without either are removed. The kept
    allocation is hoisted to the entry block when needed so it dominates
    every use. The free time of the kept allocations is indexed by a segment
    tree over gap starts, so each placement is O(log A): O(A log A) in all.
    Functions marked `tile.orchestration` are skipped. See
    docs/passes/memory-planners.md.

    Before:
    ```mlir
    %b0 = tile.alloc : !tile.buffer<vec, 256>
    %b1 = tile.alloc : !tile.buffer<vec, 256>
    %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %s = tile.store %a, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
    %b = tile.exp %y into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    ```
    After:
    ```mlir
    %b0 = tile.alloc : !tile.buffer<vec, 256>
    %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %s = tile.store %a, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
    %b = tile.exp %y into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    ```
    In place (`%t` dies at the add, which writes `%u` over it):
    ```mlir
    %t = tile.exp %x into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %u = tile.add %t, %y into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    ```
    With `in-place-only`, only such pairs merge, and only allocations of one
    buffer type: the ptoas planner's step (`tile-memory-pipeline`), since
    ptoas's PlanMemory never writes an op's result over its dying operand
    itself, and the merged buffer still holds tiles of one type, as a level2
    `alloc_tile` must.
  }];
  let options = [
    Option<"inPlaceOnly", "in-place-only", "bool", /*default=*/"false",
           "Merge only an allocation into the one of an operand that dies "
           "at its first writer (of the same buffer type)">,
  ];
  let statistics = [
    Statistic<"numInPlace", "in-place-merges",
              "Allocations merged into the allocation of an operand that "
              "dies at their first writer (counted in merged-allocations too)">,
    Statistic<"numMerged", "merged-allocations",
              "Allocations merged into another">,
    Statistic<"numIntoLarger", "merged-into-larger",
              "Allocations merged into a larger one (counted in "
              "merged-allocations too)">,
    Statistic<"numRemoved", "removed-allocations",
              "Unused allocations removed">,
  ];
}

def TileAllocateMemoryAddr
    : Pass<"tile-allocate-memory-addr", "::mlir::func::FuncOp"> {
  let summary = "Give every allocation an address in its memory space";
  let description = [{
    Sets `addr` on every `tile.alloc` that has none. Addresses are 32-byte
    aligned and the whole buffer (`size * slots`) lies inside its space's
    capacity on the target (a3: vec 192 KiB, mat 512 KiB, left 64 KiB,
    right 64 KiB, acc 128 KiB, bias 1 KiB; a5: vec 248 KiB, acc 256 KiB,
    others as a3). Allocations that already have an `addr` (user storage,
    or an earlier run) and scratch tiles with a `tile.scratch_addr` keep it
    and are fixed obstacles; they are checked first against the address
    rules of `tile-verify-storage{allocated=true}` (aligned, inside the
    capacity without overflow, no two of them sharing a byte while both are
    live), and a violation is an error before any address is written.
    - `memory-planner=pypto` (after `tile-memory-reuse`): every allocation
      gets its own range, bump-allocated in program order per space.
    - `memory-planner=dsa-rp`: lifetime-aware placement of allocation
      identities (a buffer with all its slots and views moves as a unit):
      by decreasing size (ties: earlier start), each at the lowest aligned
      offset that does not overlap, in address, an already placed
      allocation whose live interval overlaps its own, except that it may
      go lower over an in-place partner: an allocation whose interval ends
      at the in-place-safe op that writes this one first, placed so that the
      op's result window is exactly its dying operand's
      (`AllocationLifetimes.h`; `tile-verify-storage{allocated=true}`
      accepts exactly that overlap). Overlapping intervals come from a
      segment tree over program points, so a placement looks at its
      conflicts only, never at every placed allocation.
    The scratch tile of each `tile.transpose` / `tile.row_sum` / `row_max` /
    `row_min` (the source tile's size; pto.ttrans and pto.trowsum / trowmax /
    trowmin take a temporary that only this
    pass can place for level3 PTO) is placed the same way as an item live
    at its op only, so it overlaps no allocation live there and counts in
    the capacity check; its address is set as `tile.scratch_addr = N : i64`
    (pypto: once its allocations are bumped, each scratch at the lowest
    offset free of those live at its op; an existing one is kept).
    An allocation that does not fit is an error at its `tile.alloc` giving
    the bytes it needs and the capacity, with a note at the op where the
    live bytes of that space peak (the max-live lower bound). Addresses are
    all computed before any is written, so on failure the function is
    unchanged. The result satisfies `tile-verify-storage{allocated=true}`.
    Functions marked `tile.orchestration` are skipped. `memory-planner`
    (pypto or dsa-rp) and `arch` (auto: the module's `tile.target_arch`,
    else a3; a3; a5) are enum options: another value, ptoas included,
    fails when the pipeline is parsed. See docs/passes/memory-planners.md.

    Before (dsa-rp):
    ```mlir
    %b0 = tile.alloc : !tile.buffer<vec, 256>
    %b1 = tile.alloc : !tile.buffer<vec, 256>
    %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %s = tile.store %a, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
    %b = tile.exp %y into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    ```
    After:
    ```mlir
    %b0 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
    %b1 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
    ...
    ```
  }];
  let options = [
    Option<"targetArch", "arch", "::mlir::tile::TargetArchOption",
           /*default=*/"::mlir::tile::TargetArchOption::Auto",
           "Target architecture for the capacities",
           [{::mlir::tile::targetArchValues()}]>,
    Option<"memoryPlanner", "memory-planner", "::mlir::tile::MemoryPlanner",
           /*default=*/"::mlir::tile::MemoryPlanner::PyPTO",
           "The address planner (ptoas assigns no addresses: it plans "
           "memory itself, so it is no value here)",
           [{::mlir::tile::addressPlannerValues()}]>,
  ];
  let statistics = [
    Statistic<"numPlaced", "placed", "Allocations given an address">,
    Statistic<"numInPlace", "in-place-placed",
              "Allocations placed over an allocation that ends at the op "
              "writing them in place (dsa-rp)">,
    Statistic<"numScratch", "scratch-placed",
              "Scratch tiles (tile.transpose, tile.row_sum) given an address">,
    Statistic<"vecBytes", "vec-bytes", "Bytes of vec used (highest end address)">,
    Statistic<"matBytes", "mat-bytes", "Bytes of mat used">,
    Statistic<"leftBytes", "left-bytes", "Bytes of left used">,
    Statistic<"rightBytes", "right-bytes", "Bytes of right used">,
    Statistic<"accBytes", "acc-bytes", "Bytes of acc used">,
    Statistic<"biasBytes", "bias-bytes", "Bytes of bias used">,
    Statistic<"peakBytes", "peak-bytes",
              "Max-live lower bound, summed over spaces">,
  ];
}

def TileCheckCapacity : Pass<"tile-check-capacity", "::mlir::func::FuncOp"> {
  let summary = "The ptoas planner's check: tiles and allocations ptoas "
                "could not place";
  let description = [{
    The capacity check of the ptoas planner path, where tilemem places no
    addresses (ptoas' PlanMemory does): a tile, or an allocation with all its
    slots, that is larger than its space's capacity on the target (`arch`;
    the capacities of `tile-allocate-memory-addr`) cannot be placed by any
    planner, so it is an error at its definition naming the value, the
    space, its bytes and the capacity. Tiles checked: function arguments and
    allocating producers' results (every other tile value has the type of
    one of those, or is a smaller view); an allocation is reported when the
    tiles written into it fit but its slots together do not. When each
    fits, the tiles live at one point must fit together: the max-live lower
    bound (`AllocationLifetimes`, scratch tiles included, an op's result
    over its dying operand counted once) of a space over its capacity is an
    error at the op where it peaks, since no planner can place them (ptoas'
    PlanMemory reports the overflow on the whole function, or aborts).
    Whether a plan fits when the bound does is ptoas' question. The pypto
    and dsa-rp planners report the same in their own capacity check
    (`tile-allocate-memory-addr`). An allocation with a fixed `addr` is an
    error too: ptoas places every tile itself at level2 (it rejects an
    `alloc_tile` that names an address), so a user's address could not be
    kept; pypto and dsa-rp keep it. The IR is unchanged. Functions marked
    `tile.orchestration` are skipped.

    ```text
    %t = tile.load %A[%i, %i] : !tile.tensor<65536x65536xf32> -> !tile.tile<65536x65536xf32, vec>
    // error: tile %1 of 17179869184 bytes does not fit in vec: the capacity on a3 is 188416 bytes
    %a = tile.load %A[%i, %i] : !tile.tensor<128x256xf32> -> !tile.tile<128x128xf32, vec>
    %b = tile.load %A[%i, %j] : !tile.tensor<128x256xf32> -> !tile.tile<128x128xf32, vec>
    %c = tile.sub %a, %b : !tile.tile<128x128xf32, vec>
    // error: the tiles live here need 196608 bytes of vec together, but the capacity on a3 is 188416 bytes: no planner can place them
    ```
  }];
  let options = [
    Option<"targetArch", "arch", "::mlir::tile::TargetArchOption",
           /*default=*/"::mlir::tile::TargetArchOption::Auto",
           "Target architecture for the capacities (auto: the module's "
           "tile.target_arch, else a3)",
           [{::mlir::tile::targetArchValues()}]>,
  ];
}

#endif // TILEMEM_DIALECT_TILE_TRANSFORMS_PASSES_TD
