//===- TileInterfaces.td - storage contracts of tile ops ---*- tablegen -*-===//

#ifndef TILEMEM_DIALECT_TILE_IR_TILEINTERFACES_TD
#define TILEMEM_DIALECT_TILE_IR_TILEINTERFACES_TD

include "mlir/IR/OpBase.td"

def Tile_AllocatingOpInterface : OpInterface<"AllocatingOpInterface"> {
  let cppNamespace = "::mlir::tile";
  let description = [{
    An allocating producer: its single result needs fresh storage, named by
    an optional destination clause
    `into(%buf[offset, size] slot %i : !tile.buffer<...>)`.
    Without a destination the result has no storage yet (before InitMemRef).
  }];
  let methods = [
    InterfaceMethod<"The destination buffer, or null.", "::mlir::Value",
                    "getDest">,
    InterfaceMethod<"The destination operand.", "::mlir::MutableOperandRange",
                    "getDestMutable">,
    InterfaceMethod<"The dynamic slot index, or null.", "::mlir::Value",
                    "getSlot">,
    InterfaceMethod<"The dynamic slot operand.", "::mlir::MutableOperandRange",
                    "getSlotMutable">,
    InterfaceMethod<"The [offset, size] byte window, or null (whole tile at 0).",
                    "::mlir::DenseI64ArrayAttr", "getWindowAttr">,
    InterfaceMethod<"Set the byte window.", "void", "setWindowAttr",
                    (ins "::mlir::DenseI64ArrayAttr":$window)>,
    InterfaceMethod<"The static slot index, or null.", "::mlir::IntegerAttr",
                    "getStaticSlotAttr">,
    InterfaceMethod<"Set the static slot index.", "void", "setStaticSlotAttr",
                    (ins "::mlir::IntegerAttr":$slot)>,
  ];
  let extraSharedClassDeclaration = [{
    /// The produced tile.
    ::mlir::TypedValue<::mlir::tile::TileType> getProducedTile() {
      return ::llvm::cast<::mlir::TypedValue<::mlir::tile::TileType>>(
          $_op->getResult(0));
    }
    bool hasDestination() { return static_cast<bool>($_op.getDest()); }
  }];
  let verify = [{ return ::mlir::tile::detail::verifyAllocatingOp($_op); }];
}

def Tile_ScratchTileOpInterface : OpInterface<"ScratchTileOpInterface"> {
  let cppNamespace = "::mlir::tile";
  let description = [{
    An op that may take a scratch tile besides its result: storage live at
    the op only, which the planners place (`tile.scratch_addr`), the
    capacity check counts and the PTO emitter uses. pto.ttrans and
    pto.trowsum/trowmax/trowmin take one of their source's type, pto.tsel
    one as large as its mask (the default: operand 0's type); tile.cmp
    takes one on A5 only (A5CompareScratch).
  }];
  let methods = [
    InterfaceMethod<"The scratch tile the op takes on `arch`, or none.",
      "std::optional<::mlir::tile::TileType>", "getScratchTileType",
      (ins "::mlir::tile::TargetArch":$arch), "",
      [{ return ::llvm::cast<::mlir::tile::TileType>(
             $_op->getOperand(0).getType()); }]>,
  ];
}

def Tile_StorageContractInterface : OpInterface<"StorageContractInterface"> {
  let cppNamespace = "::mlir::tile";
  let description = [{
    The storage contract of a tile op, derived from its property traits
    (TileBase.td). Every tile op has it; analyses query it instead of op
    names.
  }];
  let methods = [
    InterfaceMethod<"Operand the result updates in place (writeback), if any.",
      "std::optional<unsigned>", "getWritebackOperand", (ins), "",
      [{ return ::mlir::tile::detail::writebackOperandOf<ConcreteOp>(); }]>,
    InterfaceMethod<[{Where the op writes storage: result 0, an operand
      number with detail::kWrittenOperand set, or detail::kNoWrite
      (detail::writtenLocatorOf).}],
      "unsigned", "getWrittenLocator", (ins), "",
      [{ return ::mlir::tile::detail::writtenLocatorOf<ConcreteOp>(
             ConcreteOp::template hasTrait<
                 ::mlir::tile::AllocatingOpInterface::Trait>()); }]>,
    InterfaceMethod<"Whether operand `index` is overwritten without being read.",
      "bool", "isWriteOnlyOperand", (ins "unsigned":$index), "",
      [{ return ::mlir::tile::detail::isWriteOnlyOperandOf<ConcreteOp>($_op, index); }]>,
    InterfaceMethod<"Whether the result must not overlap operand `index`.",
      "bool", "forbidsOutputAliasWith", (ins "unsigned":$index), "",
      [{ return ::mlir::tile::detail::forbidsOutputAliasOf<ConcreteOp>(index); }]>,
    InterfaceMethod<"Memory space the op must write, if fixed.",
      "std::optional<::mlir::tile::MemorySpace>", "getFixedOutputSpace", (ins),
      "", [{ return ::mlir::tile::detail::fixedOutputSpaceOf<ConcreteOp>(); }]>,
    InterfaceMethod<[{Layout of a first-input alias result inside operand 0,
      given operand 0's own layout (strides in elements).}],
      "::mlir::tile::AliasLayout", "getAliasLayout",
      (ins "::mlir::tile::AliasLayout":$source), "",
      [{ return ::mlir::tile::detail::aliasLayoutOf<ConcreteOp>($_op, source); }]>,
  ];
  let extraSharedClassDeclaration = [{
    bool isAllocating() {
      return ::llvm::isa<::mlir::tile::AllocatingOpInterface>($_op.getOperation());
    }
    bool isFirstInputAlias() {
      return $_op->template hasTrait<::mlir::tile::FirstInputAlias>();
    }
    bool isMetadataOnly() {
      return $_op->template hasTrait<::mlir::tile::MetadataOnly>();
    }
    bool isNotInPlaceSafe() {
      return $_op->template hasTrait<::mlir::tile::NotInPlaceSafe>();
    }
  }];
}

#endif // TILEMEM_DIALECT_TILE_IR_TILEINTERFACES_TD
