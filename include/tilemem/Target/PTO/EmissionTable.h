//===- EmissionTable.h - iterating the emission table ----------*- C++ -*-===//
//
// The emission table is the PTO op definitions (PTOOps.td): a PTO op whose
// record names a tile op declares `TileOp`, `kForm` and `kShapes`. These
// helpers let a fold expression over every PTO op class visit its records.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_TARGET_PTO_EMISSIONTABLE_H
#define TILEMEM_TARGET_PTO_EMISSIONTABLE_H

#include <type_traits>

namespace mlir::pto {

/// Whether `PTOOp` is in the emission table (its record names a tile op).
template <typename PTOOp, typename = void>
struct InEmissionTable : std::false_type {};
template <typename PTOOp>
struct InEmissionTable<PTOOp, std::void_t<typename PTOOp::TileOp>>
    : std::true_type {};

/// A type as a value, to pass a PTO op class to a generic lambda.
template <typename T> struct TypeTag {
  using type = T;
};

} // namespace mlir::pto

#endif // TILEMEM_TARGET_PTO_EMISSIONTABLE_H
