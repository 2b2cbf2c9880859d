//===- PTOOps.td - the PTO ops tile-translate emits --------*- tablegen -*-===//
//
// An emission-only model of the part of the `pto` dialect that ptoas reads
// (hw-native-sys/PTOAS:include/PTO/IR/PTOOps.td, and
// ../shared/docs/pto-format.md). TranslateToPTO builds the PTO module with
// these ops and prints it with the MLIR printer, so the text has exactly
// ptoas's spellings, the SSA names are consistent and dominance is checked
// by the verifier before anything is written. Each assembly format below
// repeats the one of the ptoas op of the same name; nothing here lowers or
// interprets the ops.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_TARGET_PTO_PTOOPS_TD
#define TILEMEM_TARGET_PTO_PTOOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def PTO_Dialect : Dialect {
  let name = "pto";
  let cppNamespace = "::mlir::pto";
  let summary = "the PTO ops and types tilemem emits for ptoas";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class PTO_Type<string name, string typeMnemonic> : TypeDef<PTO_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def PTO_TileBufType : PTO_Type<"TileBuf", "tile_buf"> {
  let summary = "an on-chip tile buffer";
  let description = [{
    `!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64,
    blayout=row_major, slayout=none_box, fractal=512, pad=0>`: every field,
    in this order (the key=value form ptoas parses).
  }];
  let parameters = (ins StringRefParameter<"memory space">:$loc,
                        "::mlir::Type":$dtype,
                        "int64_t":$rows, "int64_t":$cols,
                        "int64_t":$validRows, "int64_t":$validCols,
                        StringRefParameter<"base layout">:$blayout,
                        StringRefParameter<"secondary layout">:$slayout,
                        "int64_t":$fractal, "int64_t":$pad);
  let hasCustomAssemblyFormat = 1;
}

def PTO_PtrType : PTO_Type<"Ptr", "ptr"> {
  let summary = "a pointer to global memory";
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def PTO_TensorViewType : PTO_Type<"TensorView", "tensor_view"> {
  let summary = "a global tensor with shape and strides";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
}

def PTO_PartitionTensorViewType
    : PTO_Type<"PartitionTensorView", "partition_tensor_view"> {
  let summary = "a block of a tensor view";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def PTO_PipeAttr : AttrDef<PTO_Dialect, "Pipe"> {
  let mnemonic = "pipe";
  let summary = "a hardware pipeline (PIPE_ALL, PIPE_V, PIPE_M, PIPE_MTE2, ...)";
  let description = [{
    `#pto.pipe<PIPE_ALL>`: the pipe name is a bare keyword, as in ptoas's
    PipeAttr.
  }];
  let parameters = (ins StringRefParameter<"pipe name">:$pipe);
  let hasCustomAssemblyFormat = 1;
}

def PTO_RoundModeAttr : AttrDef<PTO_Dialect, "RoundMode"> {
  let mnemonic = "round_mode";
  let summary = "a rounding mode of pto.tcvt (RINT, ROUND, FLOOR, CEIL, TRUNC, ...)";
  let description = [{
    `#pto<round_mode FLOOR>`, as ptoas's EnumAttr prints it (the mode a bare
    keyword after the mnemonic).
  }];
  let parameters = (ins StringRefParameter<"mode name">:$mode);
  let hasCustomAssemblyFormat = 1;
}

def PTO_CmpModeAttr : AttrDef<PTO_Dialect, "CmpMode"> {
  let mnemonic = "cmp";
  let summary = "the comparison of pto.tcmp / pto.tcmps (eq, ne, lt, le, gt, ge)";
  let description = [{
    `#pto<cmp lt>`, as ptoas's EnumAttr prints it.
  }];
  let parameters = (ins StringRefParameter<"comparison">:$mode);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class PTO_Op<string mnemonic, list<Trait> traits = []>
    : Op<PTO_Dialect, mnemonic, traits>;

// The views are Pure and an alloc_tile allocates, as the ops ptoas makes of
// them are (memref.reinterpret_cast, memref.subview and pto.bind_tile are
// Pure; memref.alloc and pto.pointer_cast, even at one address, have a
// MemAlloc result): ptoas runs CSE before it lowers the kernel to C++,
// which merges equal views and never two tiles, and the simulation of that
// lowering (simulateCFGLowering, PtoasLimits.cpp) runs the same CSE. The
// ops that read or write tiles have unknown effects, so nothing moves or
// merges them.

def PTO_AllocTileOp : PTO_Op<"alloc_tile"> {
  let summary = "a tile buffer handle (level3: at address `addr`)";
  let arguments = (ins Optional<I64>:$addr);
  let results = (outs Res<PTO_TileBufType, "", [MemAlloc]>:$result);
  let assemblyFormat = "(`addr` `=` $addr^)? attr-dict `:` qualified(type($result))";
}

def PTO_MakeTensorViewOp
    : PTO_Op<"make_tensor_view", [AttrSizedOperandSegments, Pure]> {
  let summary = "a tensor view of a kernel pointer argument";
  let arguments = (ins PTO_PtrType:$ptr, Variadic<Index>:$shape,
                       Variadic<Index>:$strides);
  let results = (outs PTO_TensorViewType:$result);
  // `%tv = pto.make_tensor_view %p, shape = [..], strides = [..] : type`
  let hasCustomAssemblyFormat = 1;
}

def PTO_PartitionViewOp
    : PTO_Op<"partition_view", [AttrSizedOperandSegments, Pure]> {
  let summary = "the block of a tensor view a tload or tstore moves";
  let arguments = (ins PTO_TensorViewType:$source, Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes);
  let results = (outs PTO_PartitionTensorViewType:$result);
  let assemblyFormat = [{
    $source `,` `offsets` `=` `[` $offsets `]` `,` `sizes` `=` `[` $sizes `]`
    attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
}

def PTO_SubsetOp : PTO_Op<"subset", [Pure]> {
  let summary = "a strided sub-tile view of a tile buffer";
  let arguments = (ins PTO_TileBufType:$source, Variadic<Index>:$offsets,
                       I64ArrayAttr:$sizes);
  let results = (outs PTO_TileBufType:$result);
  // `%s = pto.subset %t[%i, %j] sizes [r, c] : source-type`; the result type
  // is the source's with rows/cols (and valid extents) set to `sizes`.
  let hasCustomAssemblyFormat = 1;
}

def PTO_TReshapeOp : PTO_Op<"treshape", [Pure]> {
  let summary = "the bytes of a tile buffer with another shape (aliases)";
  let arguments = (ins PTO_TileBufType:$src);
  let results = (outs PTO_TileBufType:$result);
  let assemblyFormat =
      "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
}

// The emission table: an op whose record names `tileOp`, a class of the tile
// dialect, is what every such tile op is emitted as, in `form` (an
// EmissionForm, EmissionForm.h); `shapes`: which of its tile_bufs ptoas or
// pto-isa wants of one shape (a ShapeRule, EmissionForm.h). Records without a
// tile op are emitted by hand.
class PTO_EmittedFrom<string tileOp, string form, string shapes> {
  string emissionTable = !if(!empty(tileOp), "",
      "using TileOp = ::mlir::tile::" # tileOp # ";\n" #
      "static constexpr ::mlir::pto::EmissionForm kForm = " #
      "::mlir::pto::EmissionForm::" # form # ";\n" #
      "static constexpr ::mlir::pto::ShapeRule kShapes = " #
      "::mlir::pto::ShapeRule::" # shapes # ";");
}

// The element types ptoas 0.27's verifiers accept for an op, as their
// messages list them ("'pto.tadd' op expects A2/A3 tadd element type to be
// i32/i16/f16/f32", "... expects A5 tadd element type to be
// i32/i16/i8/f16/bf16/f32"): `a2a3` for A2/A3 (the default arch), `a5` for
// A5; an empty list leaves that arch to the tile dialect's own verifier. An
// op of another element type is refused at emission instead of handing
// ptoas PTO it rejects. Added to an op's class declaration with
// `let extraClassDeclaration = emissionTable # elementTypes;` (a tile-scalar
// op: `tileScalarDeclaration # elementTypes`).
class PTO_ElementTypes<string a2a3, string a5> {
  string elementTypes = "\n"
      "static constexpr ::llvm::StringLiteral kElementTypesA2A3 = \"" # a2a3 #
      "\";\nstatic constexpr ::llvm::StringLiteral kElementTypesA5 = \"" #
      a5 # "\";";
}

// ins(%a : T) outs(%d : T)
class PTO_UnaryOp<string mnemonic, string tileOp = "",
                  string form = "UnaryElementwise", string shapes = "Free">
    : PTO_Op<mnemonic>, PTO_EmittedFrom<tileOp, form, shapes> {
  let extraClassDeclaration = emissionTable;
  let arguments = (ins AnyType:$src, AnyType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

// ins(%a, %b : T, T) outs(%d : T)
class PTO_BinaryOp<string mnemonic, string tileOp = "",
                   string form = "BinaryElementwise", string shapes = "Free">
    : PTO_Op<mnemonic>, PTO_EmittedFrom<tileOp, form, shapes> {
  let extraClassDeclaration = emissionTable;
  let arguments = (ins AnyType:$src0, AnyType:$src1, AnyType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 `:` qualified(type($src0)) `,` qualified(type($src1)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

// ins(%a, %s : T, f32) outs(%d : T); `floatScalar`: ptoas takes the scalar
// as a float also for an integer tile (PTOViewToMemref rejects an integer
// one), so it is converted to the element type and then to f32.
class PTO_TileScalarOp<string mnemonic, string tileOp = "", bit floatScalar = 0>
    : PTO_Op<mnemonic>, PTO_EmittedFrom<tileOp, "TileScalar", "Free"> {
  string tileScalarDeclaration = emissionTable # "\n" #
      "static constexpr bool kFloatScalar = " #
      !if(floatScalar, "true", "false") # ";";
  let extraClassDeclaration = tileScalarDeclaration;
  let arguments = (ins AnyType:$src, AnyType:$scalar, AnyType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar `:` qualified(type($src)) `,` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TLoadOp : PTO_UnaryOp<"tload"> { let summary = "global -> tile"; }
def PTO_TStoreOp : PTO_UnaryOp<"tstore"> { let summary = "tile -> global"; }
// ptoas's A2/A3 verifier: "expects A2/A3 non-mat tmov to use matching src/dst
// shapes" (emitCopy).
def PTO_TMovOp : PTO_UnaryOp<"tmov", "MoveOp", "Copy", "SourceResultShape"> {
  let summary = "tile copy";
}
def PTO_TExpOp : PTO_UnaryOp<"texp", "ExpOp"> {
  let summary = "elementwise exp";
}
def PTO_TLogOp : PTO_UnaryOp<"tlog", "LogOp"> {
  let summary = "elementwise natural log";
}
def PTO_TSqrtOp : PTO_UnaryOp<"tsqrt", "SqrtOp"> {
  let summary = "elementwise square root";
}
def PTO_TRsqrtOp : PTO_UnaryOp<"trsqrt", "RsqrtOp"> {
  let summary = "elementwise reciprocal square root";
}
def PTO_TRecipOp : PTO_UnaryOp<"trecip", "RecipOp"> {
  let summary = "elementwise reciprocal (A2/A3: src and dst distinct)";
}
// pto-isa's TABS_IMPL(tile_shape &dst, tile_shape &src).
def PTO_TAbsOp : PTO_UnaryOp<"tabs", "AbsOp", "UnaryElementwise", "OneTileType"> {
  let summary = "elementwise absolute value";
}
def PTO_TNegOp : PTO_UnaryOp<"tneg", "NegOp"> {
  let summary = "elementwise negation";
}
def PTO_TReluOp : PTO_UnaryOp<"trelu", "ReluOp"> {
  let summary = "elementwise max(x, 0)";
}

// pto-isa's TADD (unlike TSUB, TMUL, TMAX) takes its three tiles as one C++
// Tile type.
def PTO_TAddOp : PTO_BinaryOp<"tadd", "AddOp", "BinaryElementwise", "OneTileType">,
    PTO_ElementTypes<"i32/i16/f16/f32",
                     "i32/i16/i8/f16/bf16/f32"> {
  let summary = "elementwise add";
  let extraClassDeclaration = emissionTable # elementTypes;
}
def PTO_TSubOp : PTO_BinaryOp<"tsub", "SubOp">,
    PTO_ElementTypes<"i32/i16/f16/f32",
                     "i32/i16/i8/f16/f32"> {
  let summary = "elementwise sub";
  let extraClassDeclaration = emissionTable # elementTypes;
}
def PTO_TMulOp : PTO_BinaryOp<"tmul", "MulOp">,
    PTO_ElementTypes<"i32/i16/f16/f32",
                     "i32/i16/f16/f32"> {
  let summary = "elementwise mul";
  let extraClassDeclaration = emissionTable # elementTypes;
}
def PTO_TMaxOp : PTO_BinaryOp<"tmax", "MaximumOp">,
    PTO_ElementTypes<"i32/i16/f16/f32",
                     "i32/i16/i8/f16/f32"> {
  let summary = "elementwise max";
  let extraClassDeclaration = emissionTable # elementTypes;
}
def PTO_TMinOp : PTO_BinaryOp<"tmin", "MinimumOp">,
    PTO_ElementTypes<"i32/i16/f16/f32",
                     "i32/i16/i8/f16/f32"> {
  let summary = "elementwise min";
  let extraClassDeclaration = emissionTable # elementTypes;
}
def PTO_TDivOp : PTO_BinaryOp<"tdiv", "DivOp"> {
  let summary = "elementwise div";
}
// The broadcasts: a column (trowexpand<op>) or a row (tcolexpand<op>) vector
// combined with every row or column of a tile. ptoas's A2/A3 trowexpand<op>
// also takes a tmp, which tilemem does not pass: A2/A3 hardware then
// broadcasts the column through UB [184 KiB, 192 KiB), which tilemem's
// planners leave free (docs/pto-emission.md).
class PTO_BroadcastOp<string mnemonic, string tileOp, string shapes = "Free">
    : PTO_BinaryOp<mnemonic, tileOp, "Broadcast", shapes> {
  let summary = "broadcast " # !substr(mnemonic, 1);
}
// ins(%a, %column[, %tmp] : T, C[, S]) outs(%d : T). Without %tmp,
// pto-isa's A2/A3 TROWEXPAND<op> broadcasts the column through UB's fixed
// scratch at 184 KiB (TMP_UB_OFFSET); with it, through %tmp (level2 on a3
// passes one: docs/pto-emission.md, "UB's fixed scratch at level2").
// ptoas 0.27 has no tmp form of trowexpandadd.
class PTO_RowBroadcastOp<string mnemonic, string tileOp>
    : PTO_Op<mnemonic>, PTO_EmittedFrom<tileOp, "Broadcast", "Free"> {
  let summary = "broadcast " # !substr(mnemonic, 1);
  let extraClassDeclaration = emissionTable;
  let arguments = (ins AnyType:$src0, AnyType:$src1, Optional<AnyType>:$tmp,
                       AnyType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($src0)) `,`
    qualified(type($src1)) (`,` qualified(type($tmp))^)? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}
def PTO_TRowExpandMulOp : PTO_RowBroadcastOp<"trowexpandmul", "RowExpandMulOp">;
def PTO_TRowExpandAddOp : PTO_BroadcastOp<"trowexpandadd", "RowExpandAddOp">;
def PTO_TRowExpandSubOp : PTO_RowBroadcastOp<"trowexpandsub", "RowExpandSubOp">;
def PTO_TRowExpandDivOp : PTO_RowBroadcastOp<"trowexpanddiv", "RowExpandDivOp">;
def PTO_TRowExpandMaxOp : PTO_RowBroadcastOp<"trowexpandmax", "RowExpandMaxOp">;
def PTO_TRowExpandMinOp : PTO_RowBroadcastOp<"trowexpandmin", "RowExpandMinOp">;
// ptoas's verifier of tcolexpand<op>: "expects src0/dst to have same shape".
def PTO_TColExpandAddOp : PTO_BroadcastOp<"tcolexpandadd", "ColExpandAddOp", "SourceResultShape">;
def PTO_TColExpandSubOp : PTO_BroadcastOp<"tcolexpandsub", "ColExpandSubOp", "SourceResultShape">;
def PTO_TColExpandMulOp : PTO_BroadcastOp<"tcolexpandmul", "ColExpandMulOp", "SourceResultShape">;
def PTO_TColExpandDivOp : PTO_BroadcastOp<"tcolexpanddiv", "ColExpandDivOp", "SourceResultShape">;
def PTO_TColExpandMaxOp : PTO_BroadcastOp<"tcolexpandmax", "ColExpandMaxOp", "SourceResultShape">;
def PTO_TColExpandMinOp : PTO_BroadcastOp<"tcolexpandmin", "ColExpandMinOp", "SourceResultShape">;
def PTO_TRowExpandOp : PTO_UnaryOp<"trowexpand", "RowExpandOp", "VectorTile"> {
  let summary = "broadcast a column";
}
def PTO_TColExpandOp : PTO_UnaryOp<"tcolexpand", "ColExpandOp", "VectorTile"> {
  let summary = "broadcast a row";
}
// TCONCAT reads and writes row-major tiles by their row strides, so a
// column block (valid columns narrower than its row) is one of its operands.
def PTO_TConcatOp : PTO_BinaryOp<"tconcat", "ConcatOp", "Concat"> {
  let summary = "two tiles side by side";
}
// ins(%src : T{v_row=r, v_col=c}) outs(%dst : T): two tile_bufs over the
// padded tile's window, the valid block and the whole tile, both with the
// pad value (pto-isa reads the destination's PadVal).
def PTO_TFillPadInplaceOp
    : PTO_UnaryOp<"tfillpad_inplace", "FillPadOp", "FillPad", "WholeRows"> {
  let summary = "fill a tile outside its source's valid block with its pad value";
}
def PTO_TMatmulOp : PTO_BinaryOp<"tmatmul", "MatmulOp", "Matmul"> {
  let summary = "matmul";
}
def PTO_TGemvOp : PTO_BinaryOp<"tgemv", "GemvOp", "Gemv"> {
  let summary = "a row times a matrix, into row 0 of an acc box";
}
// Tile operands of ttrans / trowsum: the source and a scratch tile.
def PTO_TTransOp : PTO_BinaryOp<"ttrans", "TransposeOp", "WithScratch"> {
  let summary = "transpose";
}
def PTO_TRowSumOp : PTO_BinaryOp<"trowsum", "RowSumOp", "WithScratch">,
    PTO_ElementTypes<"i16/i32/f16/f32",
                     "i16/i32/f16/f32"> {
  let summary = "row sums";
  let extraClassDeclaration = emissionTable # elementTypes;
}
def PTO_TRowMaxOp : PTO_BinaryOp<"trowmax", "RowMaxOp", "WithScratch"> {
  let summary = "row maxima";
}
def PTO_TRowMinOp : PTO_BinaryOp<"trowmin", "RowMinOp", "WithScratch"> {
  let summary = "row minima";
}
// pto-isa's TCOLSUM and TCOLMAX static-assert "Inconsistent number of cols".
def PTO_TColSumOp : PTO_UnaryOp<"tcolsum", "ColSumOp", "VectorTile", "SourceResultCols"> {
  let summary = "column sums (level3 only: ptoas 0.27 crashes at level2)";
}
def PTO_TColMaxOp : PTO_UnaryOp<"tcolmax", "ColMaxOp", "VectorTile", "SourceResultCols"> {
  let summary = "column maxima";
}

def PTO_TAddSOp : PTO_TileScalarOp<"tadds", "AddSOp">,
    PTO_ElementTypes<"i32/i16/f16/f32",
                     "i32/i16/i8/f16/bf16/f32"> {
  let summary = "tile + scalar";
  let extraClassDeclaration = tileScalarDeclaration # elementTypes;
}
def PTO_TMulSOp : PTO_TileScalarOp<"tmuls", "MulSOp">,
    PTO_ElementTypes<"i32/i16/f16/f32",
                     "i32/i16/i8/f16/bf16/f32"> {
  let summary = "tile * scalar";
  let extraClassDeclaration = tileScalarDeclaration # elementTypes;
}
def PTO_TSubSOp : PTO_TileScalarOp<"tsubs", "SubSOp"> {
  let summary = "tile - scalar";
}
def PTO_TDivSOp : PTO_TileScalarOp<"tdivs", "DivSOp"> {
  let summary = "tile / scalar";
}
def PTO_TMaxSOp : PTO_TileScalarOp<"tmaxs", "MaxSOp", 1> {
  let summary = "max(tile, scalar)";
}
def PTO_TMinSOp : PTO_TileScalarOp<"tmins", "MinSOp", 1> {
  let summary = "min(tile, scalar)";
}

// ins(%a {rmode = #pto<round_mode FLOOR>} : T) outs(%d : U): the mode is
// absent for ptoas's default, CAST_RINT.
// ptoas's verifier: "expects src and dst to have compatible shapes".
def PTO_TCvtOp : PTO_Op<"tcvt">, PTO_EmittedFrom<"CvtOp", "Convert", "SourceResultShape"> {
  let summary = "elementwise type conversion";
  let extraClassDeclaration = emissionTable;
  let arguments = (ins AnyType:$src, AnyType:$dst,
                       OptionalAttr<PTO_RoundModeAttr>:$rmode);
  let assemblyFormat = [{
    `ins` `(` $src attr-dict `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
}

// ins(%a, %b {cmpMode = #pto<cmp lt>} : T, T) outs(%mask : M), the mask a
// ui8 tile_buf whose valid columns are the packed bytes of a row.
def PTO_TCmpOp : PTO_Op<"tcmp">, PTO_EmittedFrom<"CmpOp", "Compare", "WholeRows"> {
  let summary = "compare two tiles into a packed predicate mask";
  let extraClassDeclaration = emissionTable;
  let arguments = (ins AnyType:$src0, AnyType:$src1, AnyType:$dst,
                       PTO_CmpModeAttr:$cmpMode);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 attr-dict `:` qualified(type($src0)) `,`
          qualified(type($src1)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
}

// ins(%a, %s {cmpMode = #pto<cmp lt>} : T, E) outs(%mask : M).
def PTO_TCmpSOp : PTO_Op<"tcmps">, PTO_EmittedFrom<"CmpSOp", "Compare", "WholeRows"> {
  let summary = "compare a tile with a scalar into a packed predicate mask";
  let extraClassDeclaration = emissionTable;
  let arguments = (ins AnyType:$src, AnyType:$scalar, AnyType:$dst,
                       PTO_CmpModeAttr:$cmpMode);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar attr-dict `:` qualified(type($src)) `,`
          type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
}

// ins(%mask, %a, %b, %tmp : M, T, T, M) outs(%d : T).
def PTO_TSelOp : PTO_Op<"tsel">, PTO_EmittedFrom<"SelOp", "Select", "WholeRows"> {
  let summary = "select between two tiles by a packed predicate mask";
  let extraClassDeclaration = emissionTable;
  let arguments = (ins AnyType:$mask, AnyType:$src0, AnyType:$src1,
                       AnyType:$tmp, AnyType:$dst);
  let assemblyFormat = [{
    `ins` `(` $mask `,` $src0 `,` $src1 `,` $tmp `:` qualified(type($mask)) `,`
          qualified(type($src0)) `,` qualified(type($src1)) `,`
          qualified(type($tmp)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TMatmulAccOp : PTO_Op<"tmatmul.acc"> {
  let summary = "matmul accumulated into acc_in";
  let arguments = (ins AnyType:$acc_in, AnyType:$lhs, AnyType:$rhs,
                       AnyType:$dst);
  let assemblyFormat = [{
    `ins` `(` $acc_in `,` $lhs `,` $rhs `:` qualified(type($acc_in)) `,`
          qualified(type($lhs)) `,` qualified(type($rhs)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TExpandSOp : PTO_Op<"texpands">,
    PTO_ElementTypes<"i16/i32/f16/f32",
                     "i8/i16/i32/f16/f32"> {
  let summary = "fill a tile with a scalar";
  let extraClassDeclaration = elementTypes;
  let arguments = (ins AnyType:$scalar, AnyType:$dst);
  let assemblyFormat = [{
    `ins` `(` $scalar `:` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TExtractOp : PTO_Op<"textract"> {
  let summary = "copy the block at (indexRow, indexCol) of src into dst";
  let arguments = (ins AnyType:$src, Index:$indexRow, Index:$indexCol,
                       AnyType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $indexRow `,` $indexCol `:` qualified(type($src)) `,`
          type($indexRow) `,` type($indexCol) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TSetValOp : PTO_Op<"tsetval"> {
  let summary = "write one element (row-major flat offset) of dst";
  let arguments = (ins Index:$offset, AnyType:$val, AnyType:$dst);
  let assemblyFormat = [{
    `ins` `(` $offset `,` $val `:` type($offset) `,` type($val) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_BarrierOp : PTO_Op<"barrier"> {
  let summary = "wait until every operation issued on a pipe has completed";
  let description = [{
    `pto.barrier #pto.pipe<PIPE_ALL>` (hw-native-sys/PTOAS:docs/PTO_IR_manual.md,
    "Synchronization Operations"): a pipeline barrier; PIPE_ALL drains every
    pipe.
  }];
  let arguments = (ins PTO_PipeAttr:$pipe);
  let assemblyFormat = "qualified($pipe) attr-dict";
}

#endif // TILEMEM_TARGET_PTO_PTOOPS_TD
