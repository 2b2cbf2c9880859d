//===- TilememExtension.cpp - the _tilemem Python extension ---------------===//
//
// Registers the tile dialect (with func, arith and scf) into every context the
// `tilemem` package creates, and the tilemem passes into the pass registry so
// that PassManager.parse accepts them. `emit_pto` is the PTO translation
// (wrapped by tilemem.pto.emit), `allocation_lifetimes_json` the planners'
// lifetime analysis (wrapped by tilemem.passes.allocation_lifetimes). The
// nesting limit, the stack size, the nesting measures, the module restore
// are used by tilemem.limits; `dialect_contract_json` by tilemem.contract;
// `__version__` and `LLVM_VERSION` by tilemem.__version__.
//
//===----------------------------------------------------------------------===//

#include "tilemem-c/Analysis.h"
#include "tilemem-c/Contract.h"
#include "tilemem-c/Dialects.h"
#include "tilemem-c/Support.h"

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include "mlir-c/BuiltinTypes.h"
#include <cstdint>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <optional>
#include <string>
#include <vector>

namespace nb = nanobind;

using namespace mlir::python::nanobind_adaptors;

static void appendTo(MlirStringRef text, void *userData) {
  static_cast<std::string *>(userData)->append(text.data, text.length);
}

static nb::str toStr(MlirStringRef text) {
  return nb::str(text.data, text.length);
}

/// An element type given as an ir.Type or its spelling ("f32").
static MlirType elementTypeOf(const nb::object &dtype, MlirContext context) {
  if (nb::isinstance<nb::str>(dtype)) {
    std::string text = nb::cast<std::string>(dtype);
    MlirType type = mlirTypeParseGet(
        context, mlirStringRefCreate(text.data(), text.size()));
    if (mlirTypeIsNull(type))
      throw nb::value_error(("unknown element type '" + text + "'").c_str());
    return type;
  }
  return nb::cast<MlirType>(dtype);
}

/// The type `build` makes, or ValueError with the verifier's diagnostics.
template <typename Build> static MlirType checkedType(Build &&build) {
  std::string diagnostics;
  MlirType type = build(appendTo, static_cast<void *>(&diagnostics));
  if (mlirTypeIsNull(type)) {
    // "<loc>: error: message" lines: the messages are what a user needs.
    std::string message;
    size_t start = 0;
    while (start < diagnostics.size()) {
      size_t end = diagnostics.find('\n', start);
      if (end == std::string::npos)
        end = diagnostics.size();
      std::string line = diagnostics.substr(start, end - start);
      size_t at = line.find(": error: ");
      if (!message.empty())
        message += "; ";
      message += at == std::string::npos ? line : line.substr(at + 9);
      start = end + 1;
    }
    throw nb::value_error(message.c_str());
  }
  return type;
}

/// Defines TileType, BufferType and TensorType in `scope` (the
/// tilemem.dialects.tile module): subclasses of ir.Type that values of
/// those types are cast to, with a `get` and read-only properties.
static void defineTypes(nb::module_ &scope) {
  mlir_type_subclass(scope, "TileType", tilememTypeIsATileType,
                     tilememTileTypeGetTypeID)
      .def_classmethod(
          "get",
          [](const nb::object &cls, std::vector<int64_t> shape,
             const nb::object &dtype, const std::string &space,
             MlirContext context) {
            MlirType element = elementTypeOf(dtype, context);
            return cls(checkedType([&](MlirStringCallback cb, void *data) {
              return tilememTileTypeGet(
                  context, shape.size(), shape.data(), element,
                  mlirStringRefCreate(space.data(), space.size()), cb, data);
            }));
          },
          nb::arg("cls"), nb::arg("shape"), nb::arg("dtype"), nb::arg("space"),
          nb::arg("context").none() = nb::none(),
          "!tile.tile<RxCxdtype, space>: `shape` [rows, cols], `dtype` an "
          "ir.Type or its spelling ('f32'), `space` 'vec', 'mat', 'left', "
          "'right', 'acc' or 'bias'. Invalid parameters raise ValueError "
          "with the verifier's message.")
      .def_property_readonly(
          "shape",
          [](MlirType type) {
            std::vector<int64_t> shape;
            for (intptr_t i = 0, e = tilememTileTypeGetRank(type); i < e; ++i)
              shape.push_back(tilememTileTypeGetDim(type, i));
            return shape;
          },
          "[rows, cols]")
      .def_property_readonly("dtype", tilememTileTypeGetElementType,
                             "The element type.")
      .def_property_readonly(
          "space",
          [](MlirType type) { return toStr(tilememTileTypeGetSpace(type)); },
          "The memory space ('vec', ...).")
      .def_property_readonly("size_in_bytes", tilememTileTypeGetSizeInBytes,
                             "Bytes of the tile's storage window.");

  mlir_type_subclass(scope, "BufferType", tilememTypeIsABufferType,
                     tilememBufferTypeGetTypeID)
      .def_classmethod(
          "get",
          [](const nb::object &cls, const std::string &space, int64_t size,
             int64_t slots, MlirContext context) {
            return cls(checkedType([&](MlirStringCallback cb, void *data) {
              return tilememBufferTypeGet(
                  context, mlirStringRefCreate(space.data(), space.size()),
                  size, slots, cb, data);
            }));
          },
          nb::arg("cls"), nb::arg("space"), nb::arg("size"),
          nb::arg("slots") = 1, nb::arg("context").none() = nb::none(),
          "!tile.buffer<space, size[, slots = N]>: `size` bytes per slot.")
      .def_property_readonly(
          "space",
          [](MlirType type) { return toStr(tilememBufferTypeGetSpace(type)); },
          "The memory space.")
      .def_property_readonly("size", tilememBufferTypeGetSize,
                             "Bytes per slot.")
      .def_property_readonly("slots", tilememBufferTypeGetSlots,
                             "Pipeline slots.")
      .def_property_readonly(
          "total_bytes",
          [](MlirType type) {
            return tilememBufferTypeGetSize(type) *
                   tilememBufferTypeGetSlots(type);
          },
          "size * slots.");

  mlir_type_subclass(scope, "TensorType", tilememTypeIsATensorType,
                     tilememTensorTypeGetTypeID)
      .def_classmethod(
          "get",
          [](const nb::object &cls, std::vector<int64_t> shape,
             const nb::object &dtype, std::optional<std::string> window,
             MlirContext context) {
            if (window && window->empty())
              throw nb::value_error("a communication window needs a name");
            MlirType element = elementTypeOf(dtype, context);
            MlirStringRef name =
                window ? mlirStringRefCreate(window->data(), window->size())
                       : mlirStringRefCreate(nullptr, 0);
            return cls(checkedType([&](MlirStringCallback cb, void *data) {
              return tilememTensorTypeGet(context, shape.size(), shape.data(),
                                          element, name, cb, data);
            }));
          },
          nb::arg("cls"), nb::arg("shape"), nb::arg("dtype"),
          nb::arg("window").none() = nb::none(),
          nb::arg("context").none() = nb::none(),
          "!tile.tensor<RxCxdtype>: a tensor in global memory; with `window`, "
          "a distributed tensor in that communication window.")
      .def_property_readonly(
          "window",
          [](MlirType type) -> std::optional<std::string> {
            MlirStringRef window = tilememTensorTypeGetWindow(type);
            if (!window.length)
              return std::nullopt;
            return std::string(window.data, window.length);
          },
          "The communication window's name, or None.")
      .def_property_readonly(
          "shape",
          [](MlirType type) {
            std::vector<int64_t> shape;
            for (intptr_t i = 0, e = tilememTensorTypeGetRank(type); i < e; ++i)
              shape.push_back(tilememTensorTypeGetDim(type, i));
            return shape;
          },
          "[rows, cols]")
      .def_property_readonly("dtype", tilememTensorTypeGetElementType,
                             "The element type.")
      .def_property_readonly("size_in_bytes", tilememTensorTypeGetSizeInBytes,
                             "Bytes of the tensor.");
}

NB_MODULE(_tilemem, m) {
  m.doc() = "tilemem native registration hooks";
  m.def(
      "register_dialects",
      [](MlirDialectRegistry registry) { tilememRegisterDialects(registry); },
      nb::arg("registry"),
      "Insert the tile, func, arith and scf dialects into a registry.");
  m.def("define_types", &defineTypes, nb::arg("scope"),
        "Define TileType, BufferType and TensorType in `scope` (called once, "
        "by tilemem.dialects.tile).");
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
      "parse_module",
      [](const std::string &text, const std::string &sourceName,
         MlirContext context) -> nb::object {
        std::string diagnostics;
        MlirModule module = tilememParseModule(
            context, mlirStringRefCreate(text.data(), text.size()),
            mlirStringRefCreate(sourceName.data(), sourceName.size()), appendTo,
            &diagnostics);
        if (mlirModuleIsNull(module))
          return nb::make_tuple(nb::none(), diagnostics);
        return nb::make_tuple(nb::cast(module), diagnostics);
      },
      nb::arg("text"), nb::arg("source_name"), nb::arg("context").none(),
      "Parse and verify a module whose locations name `source_name`. Returns "
      "(module, '') or (None, the rendered diagnostics).");
  m.def(
      "dialect_contract_json",
      []() {
        std::string json;
        tilememDialectContractJSON(appendTo, &json);
        return json;
      },
      "The tile dialect's contract as JSON: each op's storage traits, the "
      "spaces, element types, capacities per arch and the option names (see "
      "tilemem.contract).");
  m.def(
      "allocation_lifetimes_json",
      [](MlirOperation op, bool positions) {
        std::string json;
        tilememAllocationLifetimesJSON(op, positions, appendTo, &json);
        return json;
      },
      nb::arg("operation"), nb::arg("positions") = false,
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
      "count_ops",
      [](MlirOperation op, const std::string &name) {
        return tilememCountOps(op,
                               mlirStringRefCreate(name.data(), name.size()));
      },
      nb::arg("operation"), nb::arg("name"),
      "The ops named `name` nested under `operation` (a walk in C++).");
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
      "erase_nested_ops",
      [](MlirOperation operation) { tilememEraseNestedOps(operation); },
      nb::arg("operation"),
      "Erase every op nested in `operation` in O(N) (dropping a deep nest "
      "whole is O(N x depth) upstream).");
}
