"""tilemem: explicit storage planning for tile programs.

Submodules: ``tilemem.ir``, ``tilemem.passmanager``, ``tilemem.dialects.tile``
(MLIR bindings), ``tilemem.passes`` (pass callables), ``tilemem.interp`` (the
numpy reference interpreter).
"""

from .passes import PassContext, get_enable_buffer_ir, get_memory_planner  # noqa: E402,F401
