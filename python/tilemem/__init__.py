"""tilemem: explicit storage planning for tile programs.

Submodules: ``tilemem.ir``, ``tilemem.passmanager``, ``tilemem.dialects.tile``
(MLIR bindings), ``tilemem.passes`` (pass callables), ``tilemem.interp`` (the
numpy reference interpreter).
"""
