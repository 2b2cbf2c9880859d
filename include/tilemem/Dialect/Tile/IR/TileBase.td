//===- TileBase.td - tile dialect, enums and traits --------*- tablegen -*-===//
//
// The `tile` dialect: value-semantic 2-D tiles whose storage is explicit and
// SSA-based. See docs/ir.md for the full reference.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_DIALECT_TILE_IR_TILEBASE_TD
#define TILEMEM_DIALECT_TILE_IR_TILEBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::mlir::tile";
  let summary = "Tiles with explicit, SSA-based on-chip storage";
  let description = [{
    Tiles are value-semantic 2-D arrays living in one on-chip memory space
    (vec, mat, left, right, acc, bias). Storage is explicit: allocating ops
    name a destination window of a `tile.alloc` buffer, every other tile value
    derives its window from its operands, so storage can never drift.
  }];
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    void registerTypes();

    /// Name of the unit attribute marking functions that only orchestrate
    /// kernels; storage passes leave such functions untouched.
    static constexpr ::llvm::StringLiteral kOrchestrationAttrName =
        "tile.orchestration";
    /// Unit attribute of functions selected for Buffer-IR legalization.
    static constexpr ::llvm::StringLiteral kBufferIRAttrName = "tile.buffer_ir";
    /// Module attribute selecting the target architecture ("a3" or "a5").
    static constexpr ::llvm::StringLiteral kTargetArchAttrName =
        "tile.target_arch";
    /// Byte address (i64) of the scratch tile a tile.transpose or
    /// tile.row_sum needs on the target (pto.ttrans / pto.trowsum take a
    /// temporary); set by the address planner, read by level3 PTO emission.
    static constexpr ::llvm::StringLiteral kScratchAddrAttrName =
        "tile.scratch_addr";
  }];
}

def Tile_MemorySpace : I32EnumAttr<"MemorySpace", "on-chip memory space", [
    I32EnumAttrCase<"Vec", 0, "vec">,
    I32EnumAttrCase<"Mat", 1, "mat">,
    I32EnumAttrCase<"Left", 2, "left">,
    I32EnumAttrCase<"Right", 3, "right">,
    I32EnumAttrCase<"Acc", 4, "acc">,
    I32EnumAttrCase<"Bias", 5, "bias">]> {
  let cppNamespace = "::mlir::tile";
  let genSpecializedAttr = 0;
}

// How tile.cvt rounds a value it cannot represent exactly (pto-isa's
// RoundMode, CAST_RINT ... CAST_TRUNC): to nearest even, to nearest with ties
// away from zero, toward -inf, toward +inf, toward zero.
def Tile_RoundMode : I32EnumAttr<"RoundMode", "rounding mode of tile.cvt", [
    I32EnumAttrCase<"Rint", 0, "rint">,
    I32EnumAttrCase<"Round", 1, "round">,
    I32EnumAttrCase<"Floor", 2, "floor">,
    I32EnumAttrCase<"Ceil", 3, "ceil">,
    I32EnumAttrCase<"Trunc", 4, "trunc">]> {
  let cppNamespace = "::mlir::tile";
}

// The comparison of tile.cmp and tile.cmps (pto-isa's CmpMode, in its order).
def Tile_CmpMode : I32EnumAttr<"CmpMode", "comparison of tile.cmp and tile.cmps", [
    I32EnumAttrCase<"Eq", 0, "eq">,
    I32EnumAttrCase<"Ne", 1, "ne">,
    I32EnumAttrCase<"Lt", 2, "lt">,
    I32EnumAttrCase<"Le", 3, "le">,
    I32EnumAttrCase<"Gt", 4, "gt">,
    I32EnumAttrCase<"Ge", 5, "ge">]> {
  let cppNamespace = "::mlir::tile";
}

// What tile.fillpad writes outside the valid block (pto-isa's PadValue, with
// its numbers): 0, the largest value (+inf for a float, the largest integer),
// the smallest (-inf, the smallest integer).
def Tile_PadValue : I32EnumAttr<"PadValue", "pad value of tile.fillpad", [
    I32EnumAttrCase<"Zero", 1, "zero">,
    I32EnumAttrCase<"Max", 2, "max">,
    I32EnumAttrCase<"Min", 3, "min">]> {
  let cppNamespace = "::mlir::tile";
}

//===----------------------------------------------------------------------===//
// Storage property traits. They are queried through StorageContractInterface
// (TileInterfaces.td); analyses never match op names.
//===----------------------------------------------------------------------===//

class Tile_NativeTrait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::mlir::tile";
}
class Tile_ParamTrait<string name, string params>
    : ParamNativeOpTrait<name, params> {
  let cppNamespace = "::mlir::tile";
}

// The result must not overlap any operand's storage.
def Tile_NotInPlaceSafe : Tile_NativeTrait<"NotInPlaceSafe">;
// The op neither reads nor writes tile payloads (views, declarations).
def Tile_MetadataOnly : Tile_NativeTrait<"MetadataOnly">;
// The result shares operand 0's buffer: its window is operand 0's window plus
// the op's relative byte offset (views, and data-writing ops like assemble).
def Tile_FirstInputAlias : Tile_NativeTrait<"FirstInputAlias">;
// The result is operand `idx` updated in place (output reuses input).
// `writeOnly` means the op overwrites it without reading its old payload.
class Tile_WritebackOperand<int idx, bit writeOnly>
    : Tile_ParamTrait<"WritebackOperand",
                      idx # ", " # !if(writeOnly, "true", "false")>;
// The result must not overlap operand `idx`.
class Tile_ForbidOutputAlias<int idx>
    : Tile_ParamTrait<"ForbidOutputAlias", "" # idx>;
// The op can only write memory space `space` (a MemorySpace enumerator).
class Tile_FixedOutputSpace<string space>
    : Tile_ParamTrait<"FixedOutputSpace", "::mlir::tile::MemorySpace::" # space>;

#endif // TILEMEM_DIALECT_TILE_IR_TILEBASE_TD
