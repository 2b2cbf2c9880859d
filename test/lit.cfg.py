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
    ["tile-opt", "tile-translate", "tile-reduce", "mlir-opt", "FileCheck", "not", "split-file"],
    tool_dirs,
)


# The real ptoas (the lookup of tilemem.testing.toolchain, in its tools.py,
# which needs only the standard library: $TILEMEM_PTOAS, else the cached
# build of ../shared/ptoas, else the newest cached build): the `ptoas`
# feature and the `%ptoas` substitution, for tests marked `REQUIRES: ptoas`
# (as CIRCT's integration tests find their simulators).
def _find_ptoas():
    import importlib.util
    import sys

    source = os.path.join(
        os.path.dirname(config.test_source_root),
        "python",
        "tilemem",
        "testing",
        "toolchain",
        "tools.py",
    )
    try:
        spec = importlib.util.spec_from_file_location("_tilemem_toolchain", source)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
        return module.find_ptoas()
    except Exception:  # e.g. an unreadable checkout: only the variable counts
        path = os.environ.get("TILEMEM_PTOAS")
        return path if path and os.access(path, os.X_OK) else None


_ptoas = _find_ptoas()
if _ptoas:
    config.available_features.add("ptoas")
    config.substitutions.append(("%ptoas", _ptoas))
