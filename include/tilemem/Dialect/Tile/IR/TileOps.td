//===- TileOps.td - tile dialect operations ----------------*- tablegen -*-===//
//
// Every op states its storage contract with traits from TileBase.td. An
// allocating op takes an optional destination clause; every other tile
// result derives its storage from an operand (see docs/ir.md, "Storage").
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_DIALECT_TILE_IR_TILEOPS_TD
#define TILEMEM_DIALECT_TILE_IR_TILEOPS_TD

include "tilemem/Dialect/Tile/IR/TileBase.td"
include "tilemem/Dialect/Tile/IR/TileTypes.td"
include "tilemem/Dialect/Tile/IR/TileInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic,
         !listconcat(traits, [Tile_StorageContractInterface])>;

// The destination clause shared by all allocating producers.
defvar Tile_DestinationArgs = (ins Optional<Tile_BufferType>:$dest,
                                   Optional<Index>:$slot,
                                   OptionalAttr<DenseI64ArrayAttr>:$window,
                                   OptionalAttr<I64Attr>:$static_slot);
// Allocating ops spell it with custom<Destination>($dest, type($dest),
// $window, $slot, $static_slot) before their attribute dictionary.

// Memory effects (every tile op declares them, so dead values can be
// erased before storage is assigned): tile values are value-semantic, so an
// op without a destination has none; a destination clause writes its buffer
// (tile.create reads it instead: its payload is what the buffer holds).
class Tile_AllocatingOp<string mnemonic, list<Trait> traits = []>
    : Tile_Op<mnemonic, !listconcat(traits, [AttrSizedOperandSegments,
          DeclareOpInterfaceMethods<Tile_AllocatingOpInterface>,
          DeclareOpInterfaceMethods<MemoryEffectsOpInterface>])> {
  let results = (outs Tile_TileType:$result);
  let extraClassDefinition = [{
    void $cppClass::getEffects(
        ::llvm::SmallVectorImpl<::mlir::SideEffects::EffectInstance<
            ::mlir::MemoryEffects::Effect>> &effects) {
      ::mlir::tile::detail::getDestinationEffects(*this, effects);
    }
  }];
}

def Tile_ScalarType : AnyTypeOf<[AnyFloat, AnySignlessInteger]>;

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

def Tile_AllocOp : Tile_Op<"alloc"> {
  let summary = "an on-chip allocation";
  let description = [{
    ```mlir
    %b = tile.alloc : !tile.buffer<vec, 16384>
    %p = tile.alloc addr = 4096 pinned : !tile.buffer<acc, 65536, slots = 2>
    ```
    `addr` is the byte address chosen by a planner; `pinned` marks storage a
    user declared explicitly, which no pass may retarget or coalesce.
  }];
  let arguments = (ins OptionalAttr<I64Attr>:$addr, UnitAttr:$pinned);
  let results = (outs Res<Tile_BufferType, "", [MemAlloc]>:$result);
  let assemblyFormat =
      "(`addr` `=` $addr^)? (`pinned` $pinned^)? attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def Tile_LoadOp : Tile_AllocatingOp<"load"> {
  let summary = "load a tile from a global tensor";
  let description = [{
    ```mlir
    %t = tile.load %A[%i, %j] : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
    ```
    Reads the block of the tensor at element offsets (%i, %j). Legal
    destinations: vec, mat.
  }];
  let arguments = !con((ins Tile_GlobalTensorType:$source,
                            Variadic<Index>:$indices), Tile_DestinationArgs);
  let assemblyFormat = "$source `[` $indices `]` `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_StoreOp : Tile_Op<"store", [Tile_WritebackOperand<1, 1>, NoMemoryEffect,
                                    AllTypesMatch<["tensor", "result"]>]> {
  let summary = "store a tile into a global tensor, returning the new tensor";
  let description = [{
    ```mlir
    %B1 = tile.store %t, %B[%i, %j] : !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
    ```
    A writeback of operand 1. It is write-only (the old tensor is not read)
    when the tile covers the whole tensor; a partial store keeps the rest of
    the old tensor in its result, so it reads it. Legal sources: vec, acc.
    Like every tile op it is value-semantic: a store whose result is unused
    is dead (return the tensor to keep it).
  }];
  let extraClassDeclaration = [{
    /// Whether the stored tile covers the whole tensor.
    bool coversWholeOperand() {
      return getValue().getType().getShape() == getTensor().getType().getShape();
    }
  }];
  let arguments = (ins Tile_TileType:$value, Tile_GlobalTensorType:$tensor,
                       Variadic<Index>:$indices);
  let results = (outs Tile_GlobalTensorType:$result);
  let assemblyFormat = "$value `,` $tensor `[` $indices `]` attr-dict `:` "
                       "qualified(type($value)) `,` qualified(type($tensor))";
  let hasVerifier = 1;
}

def Tile_MoveOp : Tile_AllocatingOp<"move", [Tile_NotInPlaceSafe]> {
  let summary = "copy a tile, possibly across memory spaces";
  let description = [{
    ```mlir
    %c = tile.move %a : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, mat>
    ```
    Legal space pairs: vec->vec, mat->left/right/bias, acc->mat on every
    target; vec->mat and acc->vec on a5 only. There is no acc->acc, mat->mat,
    left->left or right->right copy. When the module names its target with
    `tile.target_arch`, a5-only pairs are rejected on a3.
  }];
  let arguments = !con((ins Tile_TileType:$source), Tile_DestinationArgs);
  let assemblyFormat = "$source `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_ExtractOp : Tile_AllocatingOp<"extract", [Tile_NotInPlaceSafe]> {
  let summary = "copy a sub-tile into another memory space";
  let description = [{
    ```mlir
    %l = tile.extract %m[0, 32] : !tile.tile<64x64xf16, mat> -> !tile.tile<64x32xf16, left>
    ```
    Reads the block at static element offsets of a mat tile into left, right
    or bias, or of an acc tile into mat. Its result has its own storage.
  }];
  let arguments = !con((ins Tile_TileType:$source,
                            DenseI64ArrayAttr:$offsets), Tile_DestinationArgs);
  let assemblyFormat = "$source `` $offsets `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_CreateOp : Tile_AllocatingOp<"create", [Tile_MetadataOnly]> {
  let summary = "declare a tile in its storage without accessing data";
  let description = [{
    ```mlir
    %t = tile.create : !tile.tile<64x64xf32, vec>
    ```
    The payload is whatever its storage holds (poison when never written).
  }];
  let arguments = Tile_DestinationArgs;
  let assemblyFormat = "`` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict `:` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// Vector (vec-space) computation
//===----------------------------------------------------------------------===//

// A tile whose element type satisfies `pred` (C++ over `::mlir::Type e`):
// what one of pto-isa's vector instructions takes on A2/A3 (ptoas's
// op verifier says the same).
class Tile_TileOfElements<string pred, string elements>
    : Type<And<[Tile_TileType.predicate,
                CPred<"[](::mlir::Type e) { return " # pred # "; }("
                      "::llvm::cast<::mlir::tile::TileType>($_self)"
                      ".getElementType())">]>,
           "tile of " # elements, "::mlir::tile::TileType">;

// f16 or f32 only: TDIV, TEXP, TLOG, TSQRT, TRSQRT, TRECIP, TABS.
def Tile_FloatTileType : Tile_TileOfElements<"e.isF16() || e.isF32()",
                                             "f16 or f32">;
// TNEG, TSUBS: i16, i32, f16, f32.
def Tile_ArithTileType : Tile_TileOfElements<
    "e.isInteger(16) || e.isInteger(32) || e.isF16() || e.isF32()",
    "i16, i32, f16 or f32">;
// TMAXS, TMINS take i16, i32, f16 and f32, but ptoas wants their scalar as a
// float (an integer one fails in PTOViewToMemref): i32 is left out, as not
// every i32 scalar has an f32.
def Tile_FloatScalarTileType : Tile_TileOfElements<
    "e.isInteger(16) || e.isF16() || e.isF32()", "i16, f16 or f32">;
// TRELU: i32, f16, f32.
def Tile_ReluTileType : Tile_TileOfElements<
    "e.isInteger(32) || e.isF16() || e.isF32()", "i32, f16 or f32">;

class Tile_BinaryOp<string mnemonic, string semantics,
                    Type operandType = Tile_TileType>
    : Tile_AllocatingOp<mnemonic, [Tile_FixedOutputSpace<"Vec">,
                                   AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "elementwise " # semantics;
  let description = [{
    ```mlir
    %c = tile.}] # mnemonic # [{ %a, %b : !tile.tile<64x64xf32, vec>
    ```
    Elementwise and in-place safe: the result may share an operand's window.
  }];
  let arguments = !con((ins operandType:$lhs, operandType:$rhs),
                       Tile_DestinationArgs);
  let assemblyFormat = "$lhs `,` $rhs `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($result))";
}

def Tile_AddOp : Tile_BinaryOp<"add", "addition">;
def Tile_SubOp : Tile_BinaryOp<"sub", "subtraction">;
def Tile_MulOp : Tile_BinaryOp<"mul", "multiplication">;
def Tile_MaximumOp : Tile_BinaryOp<"maximum", "maximum">;
def Tile_MinimumOp : Tile_BinaryOp<"minimum", "minimum">;
// Float only: pto-isa's TDIV takes f16 and f32 on A2/A3.
def Tile_DivOp : Tile_BinaryOp<"div", "division", Tile_FloatTileType>;

class Tile_UnaryOp<string mnemonic, string semantics,
                   Type operandType = Tile_FloatTileType,
                   list<Trait> traits = []>
    : Tile_AllocatingOp<mnemonic, !listconcat(traits,
                        [Tile_FixedOutputSpace<"Vec">,
                         AllTypesMatch<["source", "result"]>])> {
  let summary = "elementwise " # semantics;
  let description = [{
    ```mlir
    %r = tile.}] # mnemonic # [{ %a : !tile.tile<64x64xf32, vec>
    ```
  }];
  let arguments = !con((ins operandType:$source), Tile_DestinationArgs);
  let assemblyFormat = "$source `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($result))";
}

def Tile_ExpOp : Tile_UnaryOp<"exp", "exponential">;
def Tile_LogOp : Tile_UnaryOp<"log", "natural logarithm">;
def Tile_SqrtOp : Tile_UnaryOp<"sqrt", "square root">;
def Tile_RsqrtOp : Tile_UnaryOp<"rsqrt", "reciprocal square root">;
// Not in place: pto-isa's A2/A3 TRECIP cannot read and write one buffer
// (ptoas: "expects A3 trecip src and dst to use different storage").
def Tile_RecipOp : Tile_UnaryOp<"recip", "reciprocal", Tile_FloatTileType,
                                [Tile_NotInPlaceSafe]> {
  let description = [{
    ```mlir
    %r = tile.recip %a : !tile.tile<64x64xf32, vec>
    ```
    `1 / a`. Not in-place safe: the result never overlaps the operand.
  }];
}
def Tile_AbsOp : Tile_UnaryOp<"abs", "absolute value">;
def Tile_NegOp : Tile_UnaryOp<"neg", "negation", Tile_ArithTileType>;
def Tile_ReluOp : Tile_UnaryOp<"relu", "max(x, 0)", Tile_ReluTileType>;

class Tile_ScalarOp<string mnemonic, string semantics,
                    Type operandType = Tile_TileType>
    : Tile_AllocatingOp<mnemonic, [Tile_FixedOutputSpace<"Vec">,
                                   AllTypesMatch<["source", "result"]>]> {
  let summary = "tile-scalar " # semantics;
  let description = [{
    ```mlir
    %c = tile.}] # mnemonic # [{ %a, %s : !tile.tile<64x64xf32, vec>, f32
    ```
    The scalar is converted to the tile's element type: an integer as a
    signed number, except an i1, whose true is 1.
  }];
  let arguments = !con((ins operandType:$source, Tile_ScalarType:$scalar),
                       Tile_DestinationArgs);
  let assemblyFormat = "$source `,` $scalar `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($result)) `,` qualified(type($scalar))";
}

def Tile_AddSOp : Tile_ScalarOp<"adds", "addition">;
def Tile_MulSOp : Tile_ScalarOp<"muls", "multiplication">;
def Tile_SubSOp : Tile_ScalarOp<"subs", "subtraction", Tile_ArithTileType>;
// Float only, as tile.div (IEEE: x / 0 is an infinity).
def Tile_DivSOp : Tile_ScalarOp<"divs", "division", Tile_FloatTileType>;
def Tile_MaxSOp : Tile_ScalarOp<"maxs", "maximum", Tile_FloatScalarTileType>;
def Tile_MinSOp : Tile_ScalarOp<"mins", "minimum", Tile_FloatScalarTileType>;

def Tile_FullOp : Tile_AllocatingOp<"full", [Tile_FixedOutputSpace<"Vec">]> {
  let summary = "a tile filled with one value";
  let description = [{
    ```mlir
    %z = tile.full 0.0 : !tile.tile<64x64xf32, vec>
    ```
  }];
  let arguments = !con((ins F64Attr:$value), Tile_DestinationArgs);
  let assemblyFormat = "$value `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($result))";
}

def Tile_TransposeOp : Tile_AllocatingOp<"transpose", [
    Tile_NotInPlaceSafe, Tile_ScratchTileOpInterface,
    Tile_FixedOutputSpace<"Vec">]> {
  let summary = "transpose a tile into new storage";
  let description = [{
    ```mlir
    %t = tile.transpose %a : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xf32, vec>
    ```
    Not in-place safe: the result never overlaps the operand. For a
    zero-copy transposed view use `tile.transpose_view`.
  }];
  let arguments = !con((ins Tile_TileType:$source), Tile_DestinationArgs);
  let assemblyFormat = "$source `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_CvtOp : Tile_AllocatingOp<"cvt", [Tile_NotInPlaceSafe,
                                         Tile_FixedOutputSpace<"Vec">]> {
  let summary = "convert every element to another element type";
  let description = [{
    ```mlir
    %h = tile.cvt %a : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf16, vec>
    %i = tile.cvt %a rmode floor : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xi32, vec>
    ```
    pto-isa's TCVT: the element type pairs it converts on A2/A3, `rmode`
    (default `rint`) only for a float converted to an integer. Not in-place
    safe.
  }];
  let arguments = !con((ins Tile_TileType:$source,
                            DefaultValuedAttr<Tile_RoundMode,
                                "::mlir::tile::RoundMode::Rint">:$rmode),
                       Tile_DestinationArgs);
  let assemblyFormat = "$source (`rmode` $rmode^)? `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

// A predicate mask: the mask of an RxC tile is an R x align32(C / 8) i8 vec
// tile whose row i holds the predicate of element (i, j) in bit j % 8 of
// byte j / 8 (pto-isa's A2/A3 packed layout, rows 32-byte aligned); the
// bytes past C / 8 of each row are undefined.

// TCMP and TCMPS on A2/A3: f16, f32, and i32 for eq and ne only (A2/A3
// compares i32 elements for equality whatever the mode; TCMPS reads an i16
// tile as f16, so i16 is left out).
def Tile_CompareTileType : Tile_TileOfElements<
    "e.isInteger(32) || e.isF16() || e.isF32()", "i32, f16 or f32">;

def Tile_CmpOp : Tile_AllocatingOp<"cmp", [Tile_NotInPlaceSafe,
                                         DeclareOpInterfaceMethods<
                                             Tile_ScratchTileOpInterface,
                                             ["getScratchTileType"]>,
                                         Tile_FixedOutputSpace<"Vec">,
                                         AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "compare two tiles elementwise into a predicate mask";
  let description = [{
    ```mlir
    %m = tile.cmp lt %a, %b : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
    ```
    pto-isa's TCMP. The result is the mask of the operands' shape. Not
    in-place safe.
  }];
  let arguments = !con((ins Tile_CmpMode:$mode, Tile_CompareTileType:$lhs,
                            Tile_CompareTileType:$rhs),
                       Tile_DestinationArgs);
  let assemblyFormat = "$mode $lhs `,` $rhs `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($lhs)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_CmpSOp : Tile_AllocatingOp<"cmps", [Tile_NotInPlaceSafe,
                                           Tile_FixedOutputSpace<"Vec">]> {
  let summary = "compare a tile with a scalar elementwise into a predicate mask";
  let description = [{
    ```mlir
    %m = tile.cmps ge %a, %s : !tile.tile<16x16xf32, vec>, f32 -> !tile.tile<16x32xi8, vec>
    ```
    pto-isa's TCMPS; the scalar is converted to the tile's element type
    as for the tile-scalar ops (`tile.adds`).
    Not in-place safe.
  }];
  let arguments = !con((ins Tile_CmpMode:$mode, Tile_CompareTileType:$source,
                            Tile_ScalarType:$scalar),
                       Tile_DestinationArgs);
  let assemblyFormat = "$mode $source `,` $scalar `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($source)) `,` qualified(type($scalar)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_SelOp : Tile_AllocatingOp<"sel", [Tile_ForbidOutputAlias<0>,
                                         Tile_ScratchTileOpInterface,
                                         Tile_FixedOutputSpace<"Vec">,
                                         AllTypesMatch<["on_true", "on_false",
                                                        "result"]>]> {
  let summary = "select elementwise between two tiles by a predicate mask";
  let description = [{
    ```mlir
    %r = tile.sel %m, %a, %b : !tile.tile<16x32xi8, vec>, !tile.tile<16x16xf32, vec>
    ```
    pto-isa's TSEL: `%a` where the mask's bit is set, else `%b`. The result
    may share `%a`'s or `%b`'s window, not the mask's; a scratch tile of the
    mask's type (TSEL's tmp).
  }];
  let arguments = !con((ins Tile_TileType:$mask, Tile_ArithTileType:$on_true,
                            Tile_ArithTileType:$on_false),
                       Tile_DestinationArgs);
  let assemblyFormat = "$mask `,` $on_true `,` $on_false `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($mask)) `,` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_ConcatOp : Tile_AllocatingOp<"concat", [Tile_NotInPlaceSafe,
                                               Tile_FixedOutputSpace<"Vec">]> {
  let summary = "two tiles side by side: the columns of the first, then the second's";
  let description = [{
    ```mlir
    %c = tile.concat %a, %b : !tile.tile<16x8xf32, vec>, !tile.tile<16x24xf32, vec> -> !tile.tile<16x32xf32, vec>
    ```
    pto-isa's TCONCAT. Not in-place safe.
  }];
  let arguments = !con((ins Tile_TileType:$lhs, Tile_TileType:$rhs),
                       Tile_DestinationArgs);
  let assemblyFormat = "$lhs `,` $rhs `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($lhs)) `,` qualified(type($rhs)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

class Tile_RowReductionOp<string mnemonic, string semantics,
                          Type operandType = Tile_ArithTileType>
    : Tile_AllocatingOp<mnemonic, [Tile_NotInPlaceSafe,
                                   Tile_ScratchTileOpInterface,
                                   Tile_FixedOutputSpace<"Vec">]> {
  let summary = "the " # semantics # " of each row into a column tile";
  let description = [{
    ```mlir
    %s = tile.}] # mnemonic # [{ %a : !tile.tile<64x64xf32, vec> -> !tile.tile<64x1xf32, vec>
    ```
    Not in-place safe, with a scratch tile of the source's type.
  }];
  let arguments = !con((ins operandType:$source), Tile_DestinationArgs);
  let assemblyFormat = "$source `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_RowSumOp : Tile_RowReductionOp<"row_sum", "sum", Tile_TileType>;
// TROWMAX, TROWMIN: i16, i32, f16, f32.
def Tile_RowMaxOp : Tile_RowReductionOp<"row_max", "maximum">;
def Tile_RowMinOp : Tile_RowReductionOp<"row_min", "minimum">;

// f16 and f32 only: pto-isa's TCOLSUM and TCOLMAX static-assert them.
class Tile_ColReductionOp<string mnemonic, string semantics>
    : Tile_AllocatingOp<mnemonic, [Tile_NotInPlaceSafe,
                                   Tile_FixedOutputSpace<"Vec">]> {
  let summary = "the " # semantics # " of each column into a row tile";
  let description = [{
    ```mlir
    %s = tile.}] # mnemonic # [{ %a : !tile.tile<64x32xf32, vec> -> !tile.tile<1x32xf32, vec>
    ```
    Not in-place safe.
  }];
  let arguments = !con((ins Tile_FloatTileType:$source), Tile_DestinationArgs);
  let assemblyFormat = "$source `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_ColSumOp : Tile_ColReductionOp<"col_sum", "sum">;
def Tile_ColMaxOp : Tile_ColReductionOp<"col_max", "maximum">;

// `result[i][j] = f(source[i][j], vector[i][0])` (row_expand_*) or
// `f(source[i][j], vector[0][j])` (col_expand_*); may share `source`'s window
// but not `vector`'s.
class Tile_BroadcastBinaryOp<string mnemonic, string semantics,
                             string vector, Type operandType = Tile_ArithTileType>
    : Tile_AllocatingOp<mnemonic, [Tile_ForbidOutputAlias<1>,
                                   Tile_FixedOutputSpace<"Vec">,
                                   AllTypesMatch<["source", "result"]>]> {
  let summary = semantics # " each element and the matching element of a " #
                vector # " tile";
  let description = [{
    ```mlir
    %r = tile.}] # mnemonic # [{ %a, %v : !tile.tile<64x64xf32, vec>, }] #
    !if(!eq(vector, "column"), "!tile.tile<64x1xf32, vec>",
        "!tile.tile<1x64xf32, vec>") # [{
    ```
    The result may share `%a`'s window but must not overlap `%v`.
  }];
  let arguments = !con((ins operandType:$source, operandType:$factors),
                       Tile_DestinationArgs);
  let assemblyFormat = "$source `,` $factors `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($source)) `,` qualified(type($factors))";
  let hasVerifier = 1;
}

// pto-isa's TROWEXPAND<op> and TCOLEXPAND<op>: i16, i32, f16, f32 (div f16
// and f32 only).
def Tile_RowExpandMulOp : Tile_BroadcastBinaryOp<"row_expand_mul", "multiply",
                                                 "column">;
def Tile_RowExpandAddOp : Tile_BroadcastBinaryOp<"row_expand_add", "add",
                                                 "column">;
def Tile_RowExpandSubOp : Tile_BroadcastBinaryOp<"row_expand_sub",
                                                 "subtract from", "column">;
def Tile_RowExpandDivOp : Tile_BroadcastBinaryOp<"row_expand_div", "divide",
                                                 "column", Tile_FloatTileType>;
def Tile_RowExpandMaxOp : Tile_BroadcastBinaryOp<"row_expand_max",
                                                 "the maximum of", "column">;
def Tile_RowExpandMinOp : Tile_BroadcastBinaryOp<"row_expand_min",
                                                 "the minimum of", "column">;
def Tile_ColExpandAddOp : Tile_BroadcastBinaryOp<"col_expand_add", "add",
                                                 "row">;
def Tile_ColExpandSubOp : Tile_BroadcastBinaryOp<"col_expand_sub",
                                                 "subtract from", "row">;
def Tile_ColExpandMulOp : Tile_BroadcastBinaryOp<"col_expand_mul", "multiply",
                                                 "row">;
def Tile_ColExpandDivOp : Tile_BroadcastBinaryOp<"col_expand_div", "divide",
                                                 "row", Tile_FloatTileType>;
def Tile_ColExpandMaxOp : Tile_BroadcastBinaryOp<"col_expand_max",
                                                 "the maximum of", "row">;
def Tile_ColExpandMinOp : Tile_BroadcastBinaryOp<"col_expand_min",
                                                 "the minimum of", "row">;

// A vector broadcast to a tile: `result[i][j] = source[i][0]` (row_expand)
// or `source[0][j]` (col_expand).
class Tile_ExpandOp<string mnemonic, string vector>
    : Tile_AllocatingOp<mnemonic, [Tile_NotInPlaceSafe,
                                   Tile_FixedOutputSpace<"Vec">]> {
  let summary = "broadcast a " # vector # " tile";
  let description = [{
    ```mlir
    %r = tile.}] # mnemonic # [{ %v : }] #
    !if(!eq(vector, "column"), "!tile.tile<64x1xf32, vec>",
        "!tile.tile<1x64xf32, vec>") # [{ -> !tile.tile<64x64xf32, vec>
    ```
    Not in-place safe.
  }];
  let arguments = !con((ins Tile_TileType:$source), Tile_DestinationArgs);
  let assemblyFormat = "$source `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_RowExpandOp : Tile_ExpandOp<"row_expand", "column">;
def Tile_ColExpandOp : Tile_ExpandOp<"col_expand", "row">;

//===----------------------------------------------------------------------===//
// Cube (matrix) computation
//===----------------------------------------------------------------------===//

def Tile_MatmulOp : Tile_AllocatingOp<"matmul", [Tile_FixedOutputSpace<"Acc">]> {
  let summary = "matrix product of a left and a right tile into acc";
  let description = [{
    ```mlir
    %c = tile.matmul %l, %r : !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<64x64xf32, acc>
    ```
  }];
  let arguments = !con((ins Tile_TileType:$lhs, Tile_TileType:$rhs),
                       Tile_DestinationArgs);
  let assemblyFormat = "$lhs `,` $rhs `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($lhs)) `,` qualified(type($rhs)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_GemvOp : Tile_AllocatingOp<"gemv", [Tile_FixedOutputSpace<"Acc">]> {
  let summary = "row 0 of a left box times a right tile, into row 0 of an acc box";
  let description = [{
    ```mlir
    %c = tile.gemv %l, %r : !tile.tile<16x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<16x64xf32, acc>
    ```
    pto-isa's TGEMV, which works on whole 16-row fractal boxes: row 0 of
    the result is row 0 of `%l` times `%r`; the other 15 rows of `%l` are
    not read and those of the result are undefined.
  }];
  let arguments = !con((ins Tile_TileType:$lhs, Tile_TileType:$rhs),
                       Tile_DestinationArgs);
  let assemblyFormat = "$lhs `,` $rhs `` custom<Destination>($dest, type($dest), $window, $slot, $static_slot) attr-dict"
                       "  `:` qualified(type($lhs)) `,` qualified(type($rhs)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_MatmulAccOp : Tile_Op<"matmul_acc", [Tile_WritebackOperand<0, 0>, NoMemoryEffect,
                                             AllTypesMatch<["acc", "result"]>]> {
  let summary = "accumulate a matrix product into an acc tile in place";
  let description = [{
    ```mlir
    %c1 = tile.matmul_acc %c0, %l, %r : !tile.tile<64x64xf32, acc>, !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right>
    %c2 = tile.matmul_acc %c1, %l, %r init_cond %first : ...
    ```
    `result = acc + lhs x rhs`, or `lhs x rhs` when `init_cond` is true.
    A writeback of operand 0: the result is `%acc`'s storage, updated.
  }];
  let arguments = (ins Tile_TileType:$acc, Tile_TileType:$lhs,
                       Tile_TileType:$rhs, Optional<I1>:$init_cond);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = "$acc `,` $lhs `,` $rhs (`init_cond` $init_cond^)? "
                       "attr-dict `:` qualified(type($acc)) `,` qualified(type($lhs)) `,` qualified(type($rhs))";
  let hasVerifier = 1;
}

def Tile_WriteOp : Tile_Op<"write", [Tile_WritebackOperand<0, 0>, NoMemoryEffect,
                                    AllTypesMatch<["tile", "result"]>]> {
  let summary = "write one element of a tile in place";
  let description = [{
    ```mlir
    %t1 = tile.write %t[%i, %j], %v : !tile.tile<64x64xf32, vec>, f32
    ```
    A writeback of operand 0 that keeps every other element.
  }];
  let arguments = (ins Tile_TileType:$tile, Index:$row, Index:$col,
                       Tile_ScalarType:$value);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = "$tile `[` $row `,` $col `]` `,` $value attr-dict `:` "
                       "qualified(type($tile)) `,` qualified(type($value))";
  let hasVerifier = 1;
}

def Tile_FillPadOp : Tile_Op<"fillpad", [Tile_WritebackOperand<0, 0>,
                                         NoMemoryEffect,
                                         AllTypesMatch<["tile", "result"]>]> {
  let summary = "fill a tile outside its valid block with a pad value, in place";
  let description = [{
    ```mlir
    %t1 = tile.fillpad %t valid [8, 12] pad max : !tile.tile<16x16xf32, vec>
    ```
    pto-isa's TFILLPAD_INPLACE: element (i, j) keeps its value when
    i < 8 and j < 12 and becomes the pad value otherwise. A writeback of
    operand 0 (read-write).
  }];
  let arguments = (ins Tile_TileType:$tile, DenseI64ArrayAttr:$valid,
                       Tile_PadValue:$pad);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = "$tile `valid` $valid `pad` $pad attr-dict `:` "
                       "qualified(type($tile))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Views and first-input aliases
//===----------------------------------------------------------------------===//

def Tile_ReshapeOp : Tile_Op<"reshape", [Tile_FirstInputAlias, Tile_MetadataOnly,
                                        NoMemoryEffect]> {
  let summary = "view a tile's bytes with another shape";
  let description = [{
    ```mlir
    %v = tile.reshape %a : !tile.tile<64x64xf32, vec> -> !tile.tile<128x32xf32, vec>
    ```
    Same element type, count and space; the view is its source's window.
    The source must be contiguous (not a strided slice or a transposed
    view): `tile-verify-storage` reports a reshape of a strided view.
  }];
  let arguments = (ins Tile_TileType:$source);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = "$source custom<NoDestination>(ref($source)) attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::tile::AliasLayout computeAliasLayout(::mlir::tile::AliasLayout source);
  }];
}

def Tile_SliceOp : Tile_Op<"slice", [Tile_FirstInputAlias, Tile_MetadataOnly,
                                    NoMemoryEffect]> {
  let summary = "view a block of a tile";
  let description = [{
    ```mlir
    %s = tile.slice %a[16, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<16x64xf32, vec>
    ```
    Static element offsets. Its window starts at the first element it covers
    and spans up to its last one, inside its source's window.
  }];
  let arguments = (ins Tile_TileType:$source, DenseI64ArrayAttr:$offsets);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat =
      "$source `` $offsets custom<NoDestination>(ref($source)) attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::tile::AliasLayout computeAliasLayout(::mlir::tile::AliasLayout source);
  }];
}

def Tile_TransposeViewOp
    : Tile_Op<"transpose_view", [Tile_FirstInputAlias, Tile_MetadataOnly,
                                 NoMemoryEffect]> {
  let summary = "view a tile transposed, without moving data";
  let extraClassDeclaration = [{
    ::mlir::tile::AliasLayout computeAliasLayout(::mlir::tile::AliasLayout source);
  }];
  let description = [{
    ```mlir
    %v = tile.transpose_view %a : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xf32, vec>
    ```
  }];
  let arguments = (ins Tile_TileType:$source);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = "$source custom<NoDestination>(ref($source)) attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_AssembleOp : Tile_Op<"assemble", [Tile_FirstInputAlias, NoMemoryEffect,
                                          AllTypesMatch<["target", "result"]>]> {
  let summary = "write a tile into a block of another, in place";
  let description = [{
    ```mlir
    %t1 = tile.assemble %t, %src[16, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>
    ```
    A first-input alias that writes data: the result is `%t`'s storage with
    the block at the static offsets replaced by `%src`.
  }];
  let arguments = (ins Tile_TileType:$target, Tile_TileType:$source,
                       DenseI64ArrayAttr:$offsets);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = "$target `,` $source `` $offsets attr-dict `:` "
                       "qualified(type($target)) `,` qualified(type($source))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Synchronization
//===----------------------------------------------------------------------===//

// A synchronization point: it must stay where it is, so it claims to read and
// write the default resource (no tile value's payload changes).
def Tile_IfExitBarrierOp : Tile_Op<"if_exit_barrier",
                                   [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "complete the producers of a tile an scf.if selected";
  let description = [{
    ```mlir
    %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) { ... }
    tile.if_exit_barrier %r : !tile.tile<8x8xf32, vec>
    ```
    Placed right after an `scf.if` whose arms leave the selected tile in
    different slots of one pool (a logical tile selection, see
    docs/passes/buffer-ir.md): the producers in either arm may still be in
    flight on the hardware's asynchronous pipes, so they complete here, before
    any use of the selected tile. It reads and writes no tile data.
  }];
  let arguments = (ins Variadic<Tile_TileType>:$tiles);
  let assemblyFormat = "$tiles attr-dict `:` qualified(type($tiles))";
}

//===----------------------------------------------------------------------===//
// Transparent regions
//===----------------------------------------------------------------------===//

def Tile_ScopeOp : Tile_Op<"scope", [
    SingleBlockImplicitTerminator<"ScopeYieldOp">, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<RegionBranchOpInterface>]> {
  let summary = "a transparent region wrapper";
  let description = [{
    ```mlir
    %r = tile.scope "split_aiv" -> !tile.tile<64x64xf32, vec> {
      %x = tile.add %a, %b : !tile.tile<64x64xf32, vec>
      tile.scope_yield %x : !tile.tile<64x64xf32, vec>
    }
    ```
    Runs its body once. Its results are the values it yields, storage
    included; storage passes look through it. As a RegionBranchOpInterface
    op, control enters the body and leaves to the results.
  }];
  let arguments = (ins StrAttr:$kind);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat =
      "$kind (`->` qualified(type($results))^)? $body attr-dict";
}

def Tile_ScopeYieldOp : Tile_Op<"scope_yield", [
    Pure, Terminator, ReturnLike, HasParent<"ScopeOp">]> {
  let summary = "the terminator of tile.scope";
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($values^ `:` qualified(type($values)))?";
}

#endif // TILEMEM_DIALECT_TILE_IR_TILEOPS_TD
