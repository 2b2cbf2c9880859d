"""Deep nests never kill the process.

The MLIR parser, printer and most walks recurse once per nesting level, and
the Python main thread has a fixed stack (8 MiB on Linux). tilemem's entry
points (``tilemem.compile``, the ``tilemem.passes`` callables,
``tilemem.pto.emit``, :func:`parse_module`) therefore

- reject nesting deeper than :data:`MAX_NESTING_DEPTH` before it recurses:
  text before parsing (bracket nesting, which bounds region nesting) and
  modules before a pass or the emitter runs (region nesting), raising
  :class:`NestingError` ("nesting depth N exceeds the limit L" at a source
  location);
- run their MLIR work on a thread with :data:`LARGE_STACK_BYTES` of stack
  (:func:`run_on_large_stack`).

Python code that recurses once per nesting level (the reference
interpreter, the toolchain's kernel signature) runs through
:func:`run_recursive`, which also lifts Python's recursion limit (1000
frames, a few hundred levels) to cover MAX_NESTING_DEPTH levels.

Both numbers come from the C++ side (``tilemem/Support/Limits.h``), which
``tile-opt`` and ``tile-translate`` use the same way. ``ir.Module.parse``
called directly runs on the caller's thread without the check; use
:func:`parse_module` for input of unknown depth.
"""

from __future__ import annotations

import contextlib
import contextvars
import sys
import threading

from . import ir
from ._mlir_libs import _tilemem
from .errors import Diagnostic, NestingError, ParseError, headline, parse_rendered

__all__ = [
    "MAX_NESTING_DEPTH",
    "LARGE_STACK_BYTES",
    "NestingError",
    "run_on_large_stack",
    "run_recursive",
    "check_text_nesting",
    "check_op_nesting",
    "parse_module",
]

#: The deepest nesting tilemem accepts (regions in IR, brackets in text).
MAX_NESTING_DEPTH: int = _tilemem.MAX_NESTING_DEPTH
#: The stack of the threads tilemem runs MLIR work on.
LARGE_STACK_BYTES: int = _tilemem.LARGE_STACK_BYTES


_local = threading.local()
_start_lock = threading.Lock()


def _current(kind):
    try:
        return kind.current
    except (ValueError, RuntimeError):
        return None


def run_on_large_stack(fn, *args, **kwargs):
    """Calls ``fn(*args, **kwargs)`` on a thread with LARGE_STACK_BYTES of
    stack and returns its result or raises its exception. The thread sees
    the caller's context variables (``PassContext``) and the caller's
    current ``ir.Context`` and ``ir.Location``. Runs inline when already on
    such a thread, or when no thread can be started."""
    if getattr(_local, "large", False):
        return fn(*args, **kwargs)
    variables = contextvars.copy_context()
    mlir_context, location = _current(ir.Context), _current(ir.Location)
    box = {}

    def work():
        _local.large = True
        try:
            with contextlib.ExitStack() as stack:
                if mlir_context is not None:
                    stack.enter_context(mlir_context)
                if location is not None:
                    stack.enter_context(location)
                box["result"] = variables.run(fn, *args, **kwargs)
        except BaseException as error:  # re-raised in the caller
            box["error"] = error

    # threading.stack_size is process-wide: set it only around our start.
    with _start_lock:
        previous = threading.stack_size()
        try:
            threading.stack_size(LARGE_STACK_BYTES)
            thread = threading.Thread(target=work, name="tilemem-large-stack", daemon=True)
            thread.start()
        except (RuntimeError, ValueError, MemoryError):
            thread = None
        finally:
            threading.stack_size(previous)
    if thread is None:
        # No thread: the caller's stack, with the nesting limit as the only
        # protection.
        return fn(*args, **kwargs)
    thread.join()
    if "error" in box:
        error = box.pop("error")
        raise error
    return box["result"]


def run_recursive(fn, *args, frames_per_level: int = 4, **kwargs):
    """:func:`run_on_large_stack` for Python code that recurses
    `frames_per_level` frames per level of region nesting: raises Python's
    recursion limit (process-wide, never lowers it) so that a nest of
    MAX_NESTING_DEPTH levels fits."""
    needed = frames_per_level * MAX_NESTING_DEPTH + 1000
    if sys.getrecursionlimit() < needed:
        sys.setrecursionlimit(needed)
    return run_on_large_stack(fn, *args, **kwargs)


def _nesting_error(location: str, depth: int) -> NestingError:
    diagnostic = Diagnostic(
        "error", location, f"nesting depth {depth} exceeds the limit {MAX_NESTING_DEPTH}"
    )
    return NestingError(str(diagnostic), [diagnostic])


def check_text_nesting(text: str, source_name: str = "<string>") -> None:
    """Raises NestingError when the bracket nesting of MLIR `text` exceeds
    MAX_NESTING_DEPTH (location: `source_name`:line:column of the bracket)."""
    depth, over = _tilemem.text_nesting(text, MAX_NESTING_DEPTH)
    if over is not None:
        line, column = over
        raise _nesting_error(f"{source_name}:{line}:{column}", depth)


def check_op_nesting(operation) -> None:
    """Raises NestingError when the region nesting under `operation` (an
    Operation, OpView or Module) exceeds MAX_NESTING_DEPTH (location: the
    first op that is deeper)."""
    operation = getattr(operation, "operation", operation)
    depth, location = _tilemem.op_nesting(operation, MAX_NESTING_DEPTH)
    if location is not None:
        raise _nesting_error(location, depth)


def parse_module(
    text: str, context: ir.Context | None = None, source_name: str = "<string>"
) -> ir.Module:
    """Parses and verifies `text` after the nesting check, on a large stack;
    its locations name `source_name` (a file's path, so diagnostics and the
    IR's locations say which file). `context` defaults to the current
    ``ir.Context``, else a new one (the module keeps it alive), as
    ``passes.run_pipeline`` and ``pto.emit`` do when given text. Raises
    :class:`tilemem.ParseError` (NestingError for a deep nest) carrying the
    located diagnostics."""
    check_text_nesting(text, source_name)
    if context is None:
        context = _current(ir.Context) or ir.Context()
    module, rendered = run_on_large_stack(_tilemem.parse_module, text, source_name, context)
    if module is None:
        diagnostics = parse_rendered(rendered)
        raise ParseError(
            f"cannot parse {source_name}: {headline(diagnostics, 'invalid module')}", diagnostics
        )
    return module
