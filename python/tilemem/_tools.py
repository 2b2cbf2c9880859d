"""Where tilemem's native tools are, and the console scripts that run them.

An installed wheel holds ``tilemem/bin/tile-opt``, ``tilemem/bin/tile-translate``
and ``tilemem/lib/TilememPlugin.so`` (the ``tile-opt`` and ``tile-translate``
console scripts exec the binaries). A developer build keeps the package in
``build/python_packages/tilemem`` and the tools in ``build/bin`` and
``build/lib``; both layouts are searched, the package's own first.
"""

from __future__ import annotations

import os
import sys

__all__ = ["tool_path", "plugin_path", "tile_opt", "tile_translate"]

_PACKAGE = os.path.dirname(os.path.abspath(__file__))
# The wheel's layout, then the build tree's (build/python_packages/tilemem).
_BIN_DIRS = (os.path.join(_PACKAGE, "bin"), os.path.join(_PACKAGE, "..", "..", "bin"))
_LIB_DIRS = (os.path.join(_PACKAGE, "lib"), os.path.join(_PACKAGE, "..", "..", "lib"))


def _find(directories, name: str) -> str:
    for directory in directories:
        path = os.path.normpath(os.path.join(directory, name))
        if os.path.isfile(path):
            return path
    searched = ", ".join(os.path.normpath(d) for d in directories)
    raise FileNotFoundError(f"{name} is not installed with tilemem (searched {searched})")


def tool_path(name: str) -> str:
    """The path of a tilemem tool: ``"tile-opt"`` or ``"tile-translate"``."""
    if name not in ("tile-opt", "tile-translate"):
        raise ValueError(f"unknown tilemem tool {name!r} (expected tile-opt or tile-translate)")
    return _find(_BIN_DIRS, name)


def plugin_path() -> str:
    """The mlir-opt plugin: ``mlir-opt --load-dialect-plugin=PATH
    --load-pass-plugin=PATH`` gives the wheel's mlir-opt the tile dialect and
    passes."""
    return _find(_LIB_DIRS, "TilememPlugin.so")


def _exec(name: str) -> int:
    path = tool_path(name)
    os.execv(path, [path, *sys.argv[1:]])
    return 127  # not reached: execv replaces the process


def tile_opt() -> int:
    """The ``tile-opt`` console script."""
    return _exec("tile-opt")


def tile_translate() -> int:
    """The ``tile-translate`` console script."""
    return _exec("tile-translate")
