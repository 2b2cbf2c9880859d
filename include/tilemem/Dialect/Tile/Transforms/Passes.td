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
  let statistics = [
    Statistic<"numAllocations", "allocations", "Number of allocations created">
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
    - an if arm does not yield its result's window, or two results of one op
      partially overlap;
    - an op writes a window that overlaps a value still live after it
      (uses reached around loop back edges included), other than the operand
      a writeback consumes;
    - a not-in-place-safe result overlaps an input, or a result overlaps an
      operand its op forbids it to alias.
    With `allocated=true` it also requires every allocation to have an
    address and every move's source and destination to be disjoint in address
    space unless they are the same window.
    Functions marked `tile.orchestration` are skipped. The IR is unchanged.
    When the previous pass already proved the function with the same options
    (`tile-materialize-semantic-aliases` verifies its own result and keeps the
    verdict as a preserved `StorageVerdict` analysis), the verdict is reused:
    the pass manager discards it as soon as any pass changes the function.
  }];
  let options = [
    Option<"allocated", "allocated", "bool", /*default=*/"false",
           "Also check addresses (after address allocation)">
  ];
  let statistics = [
    Statistic<"numReused", "reused-verdicts",
              "Functions whose verdict from the previous pass was reused">
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
      matmul_acc(prev)`), or copied (vec), or moved into a fresh allocation
      in both arms;
    - when the needed copy does not exist on the target (acc->acc, mat->mat,
      left/right->same), or a tensor would need one, the pass fails naming
      the value, and leaves the function exactly as it was.
    The result always satisfies `tile-verify-storage`, which the pass runs on
    its own output before committing it. Allocations left unused by
    retargeting are removed. Functions marked `tile.orchestration` are
    skipped. See docs/passes/materialize-semantic-aliases.md.

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
    Option<"memoryPlanner", "memory-planner", "std::string",
           /*default=*/"\"pypto\"",
           "The memory planner that follows: pypto, dsa-rp or ptoas">,
    Option<"targetArch", "arch", "std::string", /*default=*/"\"\"",
           "Target architecture for copy legality (a3 or a5); defaults to "
           "the module's tile.target_arch, else a3">,
    Option<"verifyResult", "verify", "bool", /*default=*/"true",
           "Check the rewritten function with tile-verify-storage before "
           "committing it (turn off only to debug the pass)">,
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
  ];
}

def TileTestPrintStorage
    : Pass<"tile-test-print-storage", "::mlir::func::FuncOp"> {
  let summary = "Print the storage window of every tile value (test only)";
  let description = [{
    Prints, for each op result and block argument of tile or tensor type in
    program order, the window the storage analysis derives for it:
    `<name>: <root>[<offset>, <size>] slot <s>` or `<name>: none`. Used to
    FileCheck the analysis.
  }];
}

#endif // TILEMEM_DIALECT_TILE_TRANSFORMS_PASSES_TD
