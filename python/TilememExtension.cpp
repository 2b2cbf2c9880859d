//===- TilememExtension.cpp - the _tilemem Python extension ---------------===//
//
// Registers the tile dialect (with func, arith and scf) into every context the
// `tilemem` package creates, and the tilemem passes into the pass registry so
// that PassManager.parse accepts them.
//
//===----------------------------------------------------------------------===//

#include "tilemem-c/Analysis.h"
#include "tilemem-c/Dialects.h"

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include <string>

namespace nb = nanobind;

NB_MODULE(_tilemem, m) {
  m.doc() = "tilemem native registration hooks";
  m.def(
      "register_dialects",
      [](MlirDialectRegistry registry) { tilememRegisterDialects(registry); },
      nb::arg("registry"),
      "Insert the tile, func, arith and scf dialects into a registry.");
  m.def(
      "register_passes", []() { tilememRegisterPasses(); },
      "Register the tilemem passes with the global pass registry.");
  m.def(
      "allocation_lifetimes_json",
      [](MlirOperation op) {
        std::string json;
        tilememAllocationLifetimesJSON(
            op,
            [](MlirStringRef piece, void *userData) {
              static_cast<std::string *>(userData)->append(piece.data,
                                                           piece.length);
            },
            &json);
        return json;
      },
      nb::arg("operation"),
      "The AllocationLifetimes of every function under an operation, as a "
      "JSON array (see tilemem.passes.allocation_lifetimes).");
}
