//===- Version.cpp - the tilemem version
//-----------------------------------===//

#include "tilemem/Support/Version.h"
#include "tilemem/Support/VersionNumber.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

llvm::StringRef mlir::tile::getTilememVersion() { return TILEMEM_VERSION; }

llvm::StringRef mlir::tile::getLLVMVersion() { return LLVM_VERSION_STRING; }

void mlir::tile::registerTilememVersionPrinter(llvm::StringRef toolName) {
  // A static copy: the printer runs after main's arguments are parsed.
  static std::string name;
  name = toolName.str();
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << name << " (tilemem) " << getTilememVersion() << "\n"
       << "  LLVM/MLIR version " << getLLVMVersion() << "\n";
  });
}
