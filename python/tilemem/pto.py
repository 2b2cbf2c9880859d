"""PTO emission: the text ptoas reads, from a storage-legalized module.

    from tilemem import ir, passes, pto
    with ir.Context():
        module = passes.run_pipeline(ir.Module.parse(text),
                                     [passes.init_memref(),
                                      passes.materialize_semantic_aliases()])
        print(pto.emit(module))              # level2 (no addresses)

``level="auto"`` is level3 when every ``tile.alloc`` has an address, level2
otherwise; ``"level2"`` / ``"level3"`` force one. A module that cannot be
emitted raises ``PTOEmitError`` carrying the located diagnostics; the module
is never modified; a module nested deeper than
``tilemem.limits.MAX_NESTING_DEPTH`` raises ``PTOEmitError`` too. Emission
runs on a large-stack thread. Rules: docs/pto-emission.md. The real ptoas
checks the result: ``tilemem.testing.toolchain.check_with_ptoas(text, level)``.
"""

from __future__ import annotations

from . import limits
from ._mlir_libs import _tilemem
from .errors import NestingError, PTOEmitError, headline, parse_rendered
from .ir import Context, Location, Module

__all__ = ["LEVELS", "PTOEmitError", "emit"]

LEVELS = ("auto", "level2", "level3")


def emit(module: Module | str, level: str = "auto") -> str:
    """Returns the PTO text of `module` (a ``tilemem.ir.Module`` or its text).
    Raises PTOEmitError with the located diagnostics (text that does not
    parse: :class:`tilemem.ParseError`)."""
    if level not in LEVELS:
        raise ValueError(f"unknown PTO level {level!r} (expected one of {', '.join(LEVELS)})")
    if isinstance(module, str):
        context = Context()
        with context, Location.unknown():
            return emit(limits.parse_module(module, context), level)
    try:
        limits.check_op_nesting(module)
    except NestingError as error:
        raise PTOEmitError(error.message, error.diagnostics) from error
    ok, text, rendered = limits.run_on_large_stack(_tilemem.emit_pto, module, level)
    if not ok:
        diagnostics = parse_rendered(rendered)
        raise PTOEmitError(
            f"PTO emission failed: {headline(diagnostics, 'no diagnostic')}", diagnostics
        )
    return text
