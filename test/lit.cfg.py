# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "TILEMEM"
# lit 23 refuses execute_external=True.
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "python", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilemem_obj_root, "test")

# The wheel's FileCheck and not live next to its other LLVM tools.
llvm_tools = config.llvm_tools_dir
config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(
    ("%tilemem_plugin", os.path.join(config.tilemem_libs_dir, "TilememPlugin.so"))
)

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.with_environment("PATH", config.tilemem_tools_dir, append_path=True)
llvm_config.with_environment("PATH", llvm_tools, append_path=True)
llvm_config.with_environment("PATH", config.mlir_tools_dir, append_path=True)

tool_dirs = [config.tilemem_tools_dir, llvm_tools, config.mlir_tools_dir]
llvm_config.add_tool_substitutions(
    ["tile-opt", "tile-translate", "mlir-opt", "FileCheck", "not", "split-file"], tool_dirs
)
