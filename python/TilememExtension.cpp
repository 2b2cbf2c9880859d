//===- TilememExtension.cpp - the _tilemem Python extension ---------------===//
//
// Registers the tile dialect (with func, arith and scf) into every context the
// `tilemem` package creates, and the tilemem passes into the pass registry so
// that PassManager.parse accepts them. `emit_pto` is the PTO translation
// (wrapped by tilemem.pto.emit), `allocation_lifetimes_json` the planners'
// lifetime analysis (wrapped by tilemem.passes.allocation_lifetimes).
//
//===----------------------------------------------------------------------===//

#include "tilemem-c/Analysis.h"
#include "tilemem-c/Dialects.h"

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include <string>

namespace nb = nanobind;

static void appendTo(MlirStringRef text, void *userData) {
  static_cast<std::string *>(userData)->append(text.data, text.length);
}

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
      "emit_pto",
      [](MlirModule module, const std::string &level) {
        std::string text, diagnostics;
        MlirLogicalResult result = tilememTranslateToPTO(
            module, mlirStringRefCreate(level.data(), level.size()), appendTo,
            &text, appendTo, &diagnostics);
        return nb::make_tuple(mlirLogicalResultIsSuccess(result), text,
                              diagnostics);
      },
      nb::arg("module"), nb::arg("level") = "auto",
      "Translate a storage-legalized module to PTO text. Returns (ok, text, "
      "diagnostics); the module is never modified.");
  m.def(
      "allocation_lifetimes_json",
      [](MlirOperation op) {
        std::string json;
        tilememAllocationLifetimesJSON(op, appendTo, &json);
        return json;
      },
      nb::arg("operation"),
      "The AllocationLifetimes of every function under an operation, as a "
      "JSON array (see tilemem.passes.allocation_lifetimes).");
}
