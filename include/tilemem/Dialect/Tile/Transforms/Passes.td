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
  }];
  let options = [
    Option<"allocated", "allocated", "bool", /*default=*/"false",
           "Also check addresses (after address allocation)">
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
