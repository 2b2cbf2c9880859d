//===- Version.h - the tilemem version ---------------------------*- C++
//-*-===//
//
// The project version has one source, `project(tilemem VERSION ...)` in the
// top-level CMakeLists.txt: CMake compiles it into Version.cpp, the Python
// package reads it through the C API (`tilemem.__version__`), and the wheel's
// metadata takes it from the same line (pyproject.toml).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMEM_SUPPORT_VERSION_H
#define TILEMEM_SUPPORT_VERSION_H

#include "llvm/ADT/StringRef.h"

namespace mlir::tile {

/// The tilemem version ("0.1.0").
llvm::StringRef getTilememVersion();

/// The version of the LLVM/MLIR tilemem was built against ("22.1.8").
llvm::StringRef getLLVMVersion();

/// Makes `--version` of a tool built on llvm::cl print the tilemem version
/// and the LLVM one; call before the command line is parsed.
void registerTilememVersionPrinter(llvm::StringRef toolName);

} // namespace mlir::tile

#endif // TILEMEM_SUPPORT_VERSION_H
