"""tilemem: explicit storage planning for tile programs.

The product API: ``tilemem.ir``, ``tilemem.passmanager``,
``tilemem.dialects.tile`` (MLIR bindings), ``tilemem.passes`` (pass
callables), ``tilemem.compile`` (the compile driver, ``tilemem.compiler``),
``tilemem.pto`` (PTO emission), ``tilemem.memory_map`` (the memory map
picture), ``tilemem.options`` (the option spellings), ``tilemem.limits`` (the
nesting limit and the large-stack thread; ``tilemem.parse_module`` is
``ir.Module.parse`` for text of any depth) and ``python -m tilemem`` (the
command line, ``tilemem.cli``).

The test oracle is ``tilemem.testing``: the numpy reference interpreter
(``testing.interp``), the differential fuzzer (``testing.fuzz``, its program
generator ``testing.fuzz_gen``; ``python -m tilemem.fuzz`` runs it), the real
toolchain in the loop (``testing.toolchain``, ``testing.corpus``).

Every failure is a :class:`tilemem.Error` (``ParseError``, ``NestingError``,
``PassError``, ``CompileError``, ``PTOEmitError``) carrying located
:class:`tilemem.Diagnostic` s (``tilemem.errors``).

``tilemem.__version__`` is the project version and ``tilemem.LLVM_VERSION``
the LLVM/MLIR one it was built against (both compiled into the extension
from CMakeLists.txt and LLVM's headers); ``tool_path`` and ``plugin_path``
locate tile-opt, tile-translate and the mlir-opt plugin.
"""

from ._mlir_libs._tilemem import LLVM_VERSION, __version__  # noqa: F401
from ._tools import plugin_path, tool_path  # noqa: F401
from .compiler import CompileResult, compile  # noqa: F401,A001
from .errors import (  # noqa: F401
    CompileError,
    Diagnostic,
    Error,
    NestingError,
    ParseError,
    PassError,
    PTOEmitError,
)
from .limits import MAX_NESTING_DEPTH, parse_module  # noqa: F401
from .passes import PassContext, get_arch, get_enable_buffer_ir, get_memory_planner  # noqa: E402,F401
