//===- TilememExtension.cpp - the _tilemem Python extension ---------------===//
//
// Registers the tile dialect (with func, arith and scf) into every context the
// `tilemem` package creates, and the tilemem passes into the pass registry so
// that PassManager.parse accepts them. `emit_pto` is the PTO translation
// (wrapped by tilemem.pto.emit), `allocation_lifetimes_json` the planners'
// lifetime analysis (wrapped by tilemem.passes.allocation_lifetimes). The
// nesting limit, the stack size, the nesting measures, the module restore
// and the option spellings are used by tilemem.limits and tilemem.options;
// `__version__` and `LLVM_VERSION` by tilemem.__version__.
//
//===----------------------------------------------------------------------===//

#include "tilemem-c/Analysis.h"
#include "tilemem-c/Dialects.h"
#include "tilemem-c/Support.h"

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include <cstdint>
#include <string>
#include <vector>

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
  MlirStringRef version = tilememGetVersion();
  MlirStringRef llvmVersion = tilememGetLLVMVersion();
  m.attr("__version__") = nb::str(version.data, version.length);
  m.attr("LLVM_VERSION") = nb::str(llvmVersion.data, llvmVersion.length);
  m.attr("MAX_NESTING_DEPTH") = tilememMaxNestingDepth();
  m.attr("LARGE_STACK_BYTES") = tilememLargeStackBytes();
  m.def(
      "text_nesting",
      [](const std::string &text, unsigned limit) {
        size_t firstOver = SIZE_MAX;
        unsigned depth = tilememTextNesting(
            mlirStringRefCreate(text.data(), text.size()), limit, &firstOver);
        if (firstOver == SIZE_MAX)
          return nb::make_tuple(depth, nb::none());
        // 1-based line and byte column, as the MLIR parser reports them.
        size_t line = 1, lineStart = 0;
        for (size_t i = 0; i < firstOver; ++i)
          if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
          }
        return nb::make_tuple(depth,
                              nb::make_tuple(line, firstOver - lineStart + 1));
      },
      nb::arg("text"), nb::arg("limit"),
      "The bracket nesting of MLIR text: (deepest, (line, column) of the "
      "bracket where it first exceeds `limit`, or None).");
  m.def(
      "op_nesting",
      [](MlirOperation op, unsigned limit) {
        std::string location;
        bool over = false;
        struct Box {
          std::string *location;
          bool *over;
        } box{&location, &over};
        unsigned depth = tilememOpNesting(
            op, limit,
            [](MlirStringRef text, void *userData) {
              auto *b = static_cast<Box *>(userData);
              b->location->assign(text.data, text.length);
              *b->over = true;
            },
            &box);
        if (!over)
          return nb::make_tuple(depth, nb::none());
        return nb::make_tuple(depth, location);
      },
      nb::arg("operation"), nb::arg("limit"),
      "The region nesting under an operation: (deepest, location of the "
      "first op deeper than `limit`, or None).");
  m.def(
      "restore_operation",
      [](MlirOperation target, MlirOperation snapshot) {
        return mlirLogicalResultIsSuccess(
            tilememRestoreOperation(target, snapshot));
      },
      nb::arg("target"), nb::arg("snapshot"),
      "Give `target` the regions and attributes of `snapshot`, a clone of it "
      "taken earlier. False (nothing changed) if they do not match.");
  m.def(
      "option_values",
      [](const std::string &option) {
        std::vector<std::string> values;
        tilememOptionValues(
            mlirStringRefCreate(option.data(), option.size()),
            [](MlirStringRef text, void *userData) {
              static_cast<std::vector<std::string> *>(userData)->emplace_back(
                  text.data, text.length);
            },
            &values);
        nb::list result;
        for (const std::string &value : values)
          result.append(nb::str(value.c_str()));
        return result;
      },
      nb::arg("option"),
      "The values the C++ pass option accepts: 'memory-planner', "
      "'address-planner' or 'arch'.");
}
