//===- Dialects.cpp - C API of the tile dialect ---------------------------===//

#include "tilemem-c/Dialects.h"

#include "Diagnostics.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/InitAllDialects.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tile, tile, mlir::tile::TileDialect)

void tilememRegisterDialects(MlirDialectRegistry registry) {
  mlir::tile::registerTileProgramDialects(*unwrap(registry));
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

using namespace mlir;
using namespace mlir::tile;

/// Builds a type with `getChecked`, collecting the verifier's diagnostics;
/// a null type (diagnostics passed on) when the parameters are invalid.
template <typename Build>
static MlirType checked(MLIRContext *context, MlirStringCallback diagnostics,
                        void *userData, Build &&build) {
  Type type;
  std::string rendered;
  {
    capi::DiagnosticCollector collector(context);
    type = build([context] { return emitError(UnknownLoc::get(context)); });
    rendered = collector.getRendered();
  }
  if (!type)
    diagnostics(wrap(StringRef(rendered)), userData);
  return wrap(type);
}

/// The space named `space`, else a null type with a diagnostic.
static std::optional<MemorySpace> spaceOf(MLIRContext *context,
                                          MlirStringRef space,
                                          MlirStringCallback diagnostics,
                                          void *userData) {
  if (std::optional<MemorySpace> parsed = symbolizeMemorySpace(unwrap(space)))
    return parsed;
  std::string rendered =
      ("<unknown>: error: unknown memory space '" + unwrap(space) +
       "' (expected vec, mat, left, right, acc or bias)\n")
          .str();
  diagnostics(wrap(StringRef(rendered)), userData);
  return std::nullopt;
}

bool tilememTypeIsATileType(MlirType type) {
  return isa<TileType>(unwrap(type));
}
MlirTypeID tilememTileTypeGetTypeID(void) {
  return wrap(TypeID::get<TileType>());
}
MlirType tilememTileTypeGet(MlirContext context, intptr_t rank,
                            const int64_t *shape, MlirType elementType,
                            MlirStringRef space, MlirStringCallback diagnostics,
                            void *userData) {
  MLIRContext *ctx = unwrap(context);
  std::optional<MemorySpace> parsed =
      spaceOf(ctx, space, diagnostics, userData);
  if (!parsed)
    return MlirType{nullptr};
  return checked(ctx, diagnostics, userData, [&](auto emitError) {
    return TileType::getChecked(emitError, ctx, ArrayRef(shape, rank),
                                unwrap(elementType), *parsed);
  });
}
intptr_t tilememTileTypeGetRank(MlirType type) {
  return cast<TileType>(unwrap(type)).getShape().size();
}
int64_t tilememTileTypeGetDim(MlirType type, intptr_t dim) {
  return cast<TileType>(unwrap(type)).getShape()[dim];
}
MlirType tilememTileTypeGetElementType(MlirType type) {
  return wrap(cast<TileType>(unwrap(type)).getElementType());
}
MlirStringRef tilememTileTypeGetSpace(MlirType type) {
  return wrap(stringifyMemorySpace(cast<TileType>(unwrap(type)).getSpace()));
}
int64_t tilememTileTypeGetSizeInBytes(MlirType type) {
  return cast<TileType>(unwrap(type)).getSizeInBytes();
}

bool tilememTypeIsABufferType(MlirType type) {
  return isa<BufferType>(unwrap(type));
}
MlirTypeID tilememBufferTypeGetTypeID(void) {
  return wrap(TypeID::get<BufferType>());
}
MlirType tilememBufferTypeGet(MlirContext context, MlirStringRef space,
                              int64_t size, int64_t slots,
                              MlirStringCallback diagnostics, void *userData) {
  MLIRContext *ctx = unwrap(context);
  std::optional<MemorySpace> parsed =
      spaceOf(ctx, space, diagnostics, userData);
  if (!parsed)
    return MlirType{nullptr};
  return checked(ctx, diagnostics, userData, [&](auto emitError) {
    return BufferType::getChecked(emitError, ctx, *parsed, size, slots);
  });
}
MlirStringRef tilememBufferTypeGetSpace(MlirType type) {
  return wrap(stringifyMemorySpace(cast<BufferType>(unwrap(type)).getSpace()));
}
int64_t tilememBufferTypeGetSize(MlirType type) {
  return cast<BufferType>(unwrap(type)).getSize();
}
int64_t tilememBufferTypeGetSlots(MlirType type) {
  return cast<BufferType>(unwrap(type)).getSlots();
}

bool tilememTypeIsATensorType(MlirType type) {
  return isa<GlobalTensorType>(unwrap(type));
}
MlirTypeID tilememTensorTypeGetTypeID(void) {
  return wrap(TypeID::get<GlobalTensorType>());
}
MlirType tilememTensorTypeGet(MlirContext context, intptr_t rank,
                              const int64_t *shape, MlirType elementType,
                              MlirStringRef window,
                              MlirStringCallback diagnostics, void *userData) {
  MLIRContext *ctx = unwrap(context);
  StringAttr windowAttr =
      window.length ? StringAttr::get(ctx, unwrap(window)) : StringAttr();
  return checked(ctx, diagnostics, userData, [&](auto emitError) {
    return GlobalTensorType::getChecked(emitError, ctx, ArrayRef(shape, rank),
                                        unwrap(elementType), windowAttr);
  });
}
MlirStringRef tilememTensorTypeGetWindow(MlirType type) {
  StringAttr window = cast<GlobalTensorType>(unwrap(type)).getWindow();
  return window ? wrap(window.getValue()) : mlirStringRefCreate(nullptr, 0);
}
intptr_t tilememTensorTypeGetRank(MlirType type) {
  return cast<GlobalTensorType>(unwrap(type)).getShape().size();
}
int64_t tilememTensorTypeGetDim(MlirType type, intptr_t dim) {
  return cast<GlobalTensorType>(unwrap(type)).getShape()[dim];
}
MlirType tilememTensorTypeGetElementType(MlirType type) {
  return wrap(cast<GlobalTensorType>(unwrap(type)).getElementType());
}
int64_t tilememTensorTypeGetSizeInBytes(MlirType type) {
  return cast<GlobalTensorType>(unwrap(type)).getSizeInBytes();
}
