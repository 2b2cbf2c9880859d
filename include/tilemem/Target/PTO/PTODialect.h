//===- PTODialect.h - the PTO ops tile-translate emits ----------*- C++ -*-===//
//
// An emission-only model of the `pto` dialect ptoas reads (see PTOOps.td).
// TranslateToPTO builds a module of these ops and prints it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_TARGET_PTO_PTODIALECT_H
#define TILEMEM_TARGET_PTO_PTODIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/Target/PTO/EmissionForm.h"

#include "tilemem/Target/PTO/PTODialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tilemem/Target/PTO/PTOAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tilemem/Target/PTO/PTOTypes.h.inc"

#define GET_OP_CLASSES
#include "tilemem/Target/PTO/PTOOps.h.inc"

#endif // TILEMEM_TARGET_PTO_PTODIALECT_H
