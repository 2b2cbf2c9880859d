//===- Contract.cpp - C API of the tile dialect's contract ----------------===//
//
// Every fact here is read from the C++ definitions: the op list is
// TableGen's (GET_OP_LIST), each op's storage contract its traits (the
// static members TileTraits.h gives the parametric ones), the element types
// the TileType verifier's, the capacities getSpaceCapacity's and the names
// the pass options'.
//
//===----------------------------------------------------------------------===//

#include "tilemem-c/Contract.h"

#include "tilemem/Analysis/AllocationLifetimes.h"
#include "tilemem/Dialect/Tile/IR/TileDialect.h"
#include "tilemem/Dialect/Tile/Transforms/PassOptions.h"

#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
template <typename T> using writeOnlyFlag = decltype(T::kWritebackWriteOnly);
} // namespace

template <typename Op> static llvm::json::Object describeOp() {
  llvm::json::Value writeback = nullptr;
  StringRef writeOnly = "never";
  if (std::optional<unsigned> index = tile::detail::writebackOperandOf<Op>()) {
    writeback = *index;
    if constexpr (llvm::is_detected<writeOnlyFlag, Op>::value) {
      if (Op::kWritebackWriteOnly)
        writeOnly = llvm::is_detected<tile::detail::covers_whole_t, Op>::value
                        ? "when-covering"
                        : "always";
    }
  }
  llvm::json::Array forbidden;
  if constexpr (llvm::is_detected<tile::detail::forbidden_alias_t, Op>::value)
    forbidden.push_back(Op::kForbiddenAliasOperand);
  llvm::json::Value fixed = nullptr;
  if (std::optional<MemorySpace> space = tile::detail::fixedOutputSpaceOf<Op>())
    fixed = stringifyMemorySpace(*space);
  return llvm::json::Object{
      {"name", Op::getOperationName()},
      {"allocating", Op::template hasTrait<AllocatingOpInterface::Trait>()},
      {"first_input_alias", Op::template hasTrait<FirstInputAlias>()},
      {"metadata_only", Op::template hasTrait<MetadataOnly>()},
      {"not_in_place_safe", Op::template hasTrait<NotInPlaceSafe>()},
      {"writeback_operand", std::move(writeback)},
      {"write_only", writeOnly},
      {"forbidden_alias_operands", std::move(forbidden)},
      {"fixed_output_space", std::move(fixed)},
  };
}

template <typename... Ops> static llvm::json::Array describeOps() {
  llvm::json::Array ops;
  (ops.push_back(describeOp<Ops>()), ...);
  return ops;
}

/// The element types TileType's verifier accepts, among the builtin
/// integer and float types.
static llvm::json::Array elementTypes() {
  MLIRContext context;
  // The verifier reports what it rejects; that is the probe, not an error.
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  Builder b(&context);
  Type candidates[] = {b.getF16Type(),       b.getBF16Type(),
                       b.getF32Type(),       b.getF64Type(),
                       b.getIntegerType(1),  b.getIntegerType(8),
                       b.getIntegerType(16), b.getIntegerType(32),
                       b.getIntegerType(64), b.getIndexType()};
  llvm::json::Array accepted;
  auto emitError = [&] { return mlir::emitError(b.getUnknownLoc()); };
  for (Type type : candidates) {
    if (failed(TileType::verify(emitError, {1, 1}, type, MemorySpace::Vec)))
      continue;
    std::string name;
    llvm::raw_string_ostream os(name);
    type.print(os);
    accepted.push_back(name);
  }
  return accepted;
}

/// The target of an arch option other than `auto`.
static TargetArch archOf(TargetArchOption option) {
  return option == TargetArchOption::A5 ? TargetArch::A5 : TargetArch::A3;
}

void tilememDialectContractJSON(MlirStringCallback callback, void *userData) {
  llvm::json::Array spaces;
  for (unsigned space = 0; space < kNumMemorySpaces; ++space)
    spaces.push_back(stringifyMemorySpace(static_cast<MemorySpace>(space)));

  llvm::json::Object capacities;
  llvm::json::Array arches, archValues;
  for (TargetArchOption option : allTargetArchOptions()) {
    archValues.push_back(stringifyTargetArchOption(option));
    if (option == TargetArchOption::Auto)
      continue;
    arches.push_back(stringifyTargetArchOption(option));
    llvm::json::Object perSpace;
    for (unsigned space = 0; space < kNumMemorySpaces; ++space) {
      auto memorySpace = static_cast<MemorySpace>(space);
      perSpace[stringifyMemorySpace(memorySpace)] =
          getSpaceCapacity(archOf(option), memorySpace);
    }
    capacities[stringifyTargetArchOption(option)] = std::move(perSpace);
  }

  llvm::json::Array planners, addressPlanners;
  for (MemoryPlanner planner : allMemoryPlanners()) {
    planners.push_back(stringifyMemoryPlanner(planner));
    if (planner != MemoryPlanner::PTOAS)
      addressPlanners.push_back(stringifyMemoryPlanner(planner));
  }

  llvm::json::Object contract{
      {"ops", describeOps<
#define GET_OP_LIST
#include "tilemem/Dialect/Tile/IR/TileOps.cpp.inc"
                  >()},
      {"spaces", std::move(spaces)},
      {"element_types", elementTypes()},
      {"capacities", std::move(capacities)},
      {"planners", std::move(planners)},
      {"address_planners", std::move(addressPlanners)},
      {"arches", std::move(arches)},
      {"arch_values", std::move(archValues)},
  };
  mlir::detail::CallbackOstream stream(callback, userData);
  stream << llvm::json::Value(std::move(contract));
  stream.flush();
}
