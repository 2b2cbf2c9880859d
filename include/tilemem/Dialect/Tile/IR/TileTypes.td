//===- TileTypes.td - tile dialect types -------------------*- tablegen -*-===//

#ifndef TILEMEM_DIALECT_TILE_IR_TILETYPES_TD
#define TILEMEM_DIALECT_TILE_IR_TILETYPES_TD

include "tilemem/Dialect/Tile/IR/TileBase.td"

class Tile_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Tile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Tile_TileType : Tile_Type<"Tile", "tile"> {
  let summary = "a value-semantic 2-D tile in one on-chip memory space";
  let description = [{
    `!tile.tile<64x64xf32, vec>`: static 2-D shape, element type (f16, bf16,
    f32, i8, i16, i32) and memory space. Its payload is stored row-major;
    `getSizeInBytes()` is the byte size of its storage window: rows x
    columns x element bytes, where a one-row tile in a space that boxes
    its tiles takes a whole fractal box of rows (`getStorageRows`,
    HardwareShapes.h: a 1x32 f16 left tile takes 1024 bytes).
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::tile::MemorySpace":$space);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRows() const { return getShape()[0]; }
    int64_t getCols() const { return getShape()[1]; }
    int64_t getNumElements() const { return getRows() * getCols(); }
    int64_t getElementBytes() const;
    int64_t getSizeInBytes() const;
    /// The same tile type in another memory space.
    TileType withSpace(::mlir::tile::MemorySpace space) const;
  }];
}

def Tile_GlobalTensorType : Tile_Type<"GlobalTensor", "tensor"> {
  let summary = "a 2-D tensor in global memory (kernel arguments)";
  let description = [{
    `!tile.tensor<256x64xf32>`. Tensors are values too: `tile.store` returns
    the updated tensor, whose storage is the stored-to tensor's.

    `!tile.tensor<256x64xf32, window = "comm0">` is a distributed tensor: a
    tensor living in the named communication window, which other ranks read
    and write. The window is part of the type, so every value derived from
    the tensor (a store's result, a loop's carry and result, an if's result)
    names the same window, and a boundary that would change it does not
    type-check. Everything else is a tensor's: ops, storage rules, emission.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        OptionalParameter<"::mlir::StringAttr">:$window);
  let builders = [
    TypeBuilder<(ins "::llvm::ArrayRef<int64_t>":$shape,
                     "::mlir::Type":$elementType), [{
      return $_get($_ctxt, shape, elementType, ::mlir::StringAttr());
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getNumElements() const { return getShape()[0] * getShape()[1]; }
    int64_t getSizeInBytes() const;
  }];
}

def Tile_BufferType : Tile_Type<"Buffer", "buffer"> {
  let summary = "an on-chip allocation handle";
  let description = [{
    `!tile.buffer<vec, 16384>` or `!tile.buffer<vec, 16384, slots = 2>`: an
    allocation of `size` bytes per slot in one memory space, with `slots`
    pipeline slots (default 1). Made by `tile.alloc`.
  }];
  let parameters = (ins "::mlir::tile::MemorySpace":$space,
                        "int64_t":$size,
                        DefaultValuedParameter<"int64_t", "1">:$slots);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The largest `size * slots` a buffer may have (2^50 bytes): the
    /// largest tile (2^24 x 2^24 elements of 4 bytes) fits in one slot, and
    /// sums of an address and a buffer's bytes stay far from int64_t
    /// overflow. Capacities (KiB) are checked by the passes, per target.
    static constexpr int64_t kMaxTotalBytes = int64_t(1) << 50;
    /// `size * slots`: the bytes of all slots, placed together. Never
    /// overflows: the verifier bounds it by kMaxTotalBytes.
    int64_t getTotalBytes() const { return getSize() * getSlots(); }
  }];
}

#endif // TILEMEM_DIALECT_TILE_IR_TILETYPES_TD
