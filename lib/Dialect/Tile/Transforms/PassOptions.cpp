//===- PassOptions.cpp - the enum options of the tilemem passes -----------===//

#include "tilemem/Dialect/Tile/Transforms/PassOptions.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace mlir::tile;

StringRef mlir::tile::stringifyMemoryPlanner(MemoryPlanner planner) {
  switch (planner) {
  case MemoryPlanner::PyPTO:
    return "pypto";
  case MemoryPlanner::DsaRp:
    return "dsa-rp";
  case MemoryPlanner::PTOAS:
    return "ptoas";
  }
  llvm_unreachable("unknown memory planner");
}

StringRef mlir::tile::stringifyTargetArchOption(TargetArchOption arch) {
  switch (arch) {
  case TargetArchOption::Auto:
    return "auto";
  case TargetArchOption::A3:
    return "a3";
  case TargetArchOption::A5:
    return "a5";
  }
  llvm_unreachable("unknown arch option");
}

ArrayRef<MemoryPlanner> mlir::tile::allMemoryPlanners() {
  static const MemoryPlanner all[] = {
      MemoryPlanner::PyPTO, MemoryPlanner::DsaRp, MemoryPlanner::PTOAS};
  return all;
}

ArrayRef<TargetArchOption> mlir::tile::allTargetArchOptions() {
  static const TargetArchOption all[] = {
      TargetArchOption::Auto, TargetArchOption::A3, TargetArchOption::A5};
  return all;
}

static llvm::cl::OptionEnumValue value(MemoryPlanner planner, StringRef help) {
  return clEnumValN(planner, stringifyMemoryPlanner(planner), help);
}

static llvm::cl::OptionEnumValue value(TargetArchOption arch, StringRef help) {
  return clEnumValN(arch, stringifyTargetArchOption(arch), help);
}

static constexpr llvm::StringLiteral kPyPTOHelp =
    "PYPTO: reuse, then one address range per allocation";
static constexpr llvm::StringLiteral kDsaRpHelp =
    "DSA_RP: lifetime-aware address placement";

llvm::cl::ValuesClass mlir::tile::memoryPlannerValues() {
  return llvm::cl::values(
      value(MemoryPlanner::PyPTO, kPyPTOHelp),
      value(MemoryPlanner::DsaRp, kDsaRpHelp),
      value(MemoryPlanner::PTOAS, "PTOAS: no addresses, ptoas plans memory"));
}

llvm::cl::ValuesClass mlir::tile::addressPlannerValues() {
  return llvm::cl::values(value(MemoryPlanner::PyPTO, kPyPTOHelp),
                          value(MemoryPlanner::DsaRp, kDsaRpHelp));
}

llvm::cl::ValuesClass mlir::tile::targetArchValues() {
  return llvm::cl::values(
      value(TargetArchOption::Auto, "the module's tile.target_arch, else a3"),
      value(TargetArchOption::A3, "a3"), value(TargetArchOption::A5, "a5"));
}

TargetArch mlir::tile::resolveTargetArch(Operation *op,
                                         TargetArchOption option) {
  switch (option) {
  case TargetArchOption::A3:
    return TargetArch::A3;
  case TargetArchOption::A5:
    return TargetArch::A5;
  case TargetArchOption::Auto:
    break;
  }
  return getTargetArch(op).value_or(TargetArch::A3);
}
