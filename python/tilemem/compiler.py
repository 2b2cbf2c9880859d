"""The compile driver: a tile kernel in, PTO text out.

    import tilemem
    result = tilemem.compile("examples/accumulate.mlir", memory_planner="dsa-rp")
    print(result.pto)          # the PTO text for ptoas
    result.module              # the planned tile module (its own Context)
    result.stats               # allocations/bytes per space, moves, peak vs lower bound
    result.options             # the resolved options

`compile` runs ``tile-memory-pipeline{memory-planner enable-buffer-ir arch}``
(storage legalization, then the planner's passes: see docs/pipelines.md)
and then PTO emission: level3 (every buffer has an address) for the PYPTO
and DSA_RP planners, level2 (ptoas plans memory) for PTOAS.

Options left as None come from the active :class:`tilemem.PassContext`
(``memory_planner``, ``enable_buffer_ir``, ``arch``); an arch set nowhere
is the module's ``tile.target_arch`` attribute, else ``a3``. Spellings are
those of :mod:`tilemem.options`. The resolved options
are in ``result.options`` and are written at the head of every timing
report and IR dump, so a report always says which pipeline produced it.

Results of kernels up to 1 MiB of text are cached in-process, keyed by
the kernel text and *every* resolved option (planner, Buffer IR, arch, PTO level): changing any of them
recompiles. A request for a timing report or an IR dump always runs the
pipeline (the report or the dump is the point of the request) and refreshes
the cache entry. A cache hit returns a fresh :class:`CompileResult` whose
module is parsed anew, so a caller mutating ``result.module`` cannot corrupt
the cache; ``result.cached`` says whether it was a hit.

A failing compile raises :class:`CompileError` and changes nothing: an
``ir.Module`` given as the kernel is only printed, never run on. The work
runs on a large-stack thread after the nesting check (:mod:`tilemem.limits`),
so a deep nest is a CompileError, not a crash.
"""

from __future__ import annotations

import collections
import contextlib
import copy
import gc
import os
import re
import sys
import tempfile
import time
from typing import Any

from . import ir, limits
from .errors import CompileError, Error, diagnostics_of
from .options import ARCHES, PLANNERS, canonical, canonical_arch
from .passes import PassContext
from .passmanager import PassManager

__all__ = [
    "compile",
    "CompileResult",
    "CompileError",
    "cache_info",
    "clear_cache",
    "resolve_options",
    "pipeline_text",
    "planned_stats",
    "PLANNERS",
    "ARCHES",
]

_CACHE_LIMIT = 64
# Kernels larger than this are not cached: a hit re-parses the planned
# module's text, which only pays for itself on small kernels, and a large
# kernel's printed copy would cost as much memory as the module.
_CACHE_MAX_TEXT = 1 << 20
_CACHE: collections.OrderedDict[tuple, dict] = collections.OrderedDict()
_CACHE_STATS = {"hits": 0, "misses": 0}


class CompileResult:
    """The outcome of :func:`compile`.

    ``pto``: the PTO text (None with ``emit_pto=False``). ``module``: the
    planned tile module.
    ``stats``: see :func:`planned_stats` (computed on first use: a large
    kernel compiled for its PTO does not pay for them). ``options``: the
    resolved options
    (``memory_planner``, ``enable_buffer_ir``, ``arch``, ``pto_level``).
    ``timing``: None, or ``{"header": ..., "report": text, "passes":
    [(name, seconds)], "pto_emission": seconds}`` when ``timing=True``.
    ``ir_dump``: the dump directory when ``dump_ir`` was given.
    ``cached``: whether the result came from the cache.
    ``source``: what `compile` was given, ``{"kind": "path" | "text" |
    "module", "name": the path, "<string>" or "<module>"}``.
    """

    def __init__(
        self,
        pto: str | None,
        module: ir.Module,
        stats,
        options: dict,
        timing: dict | None = None,
        ir_dump: str | None = None,
        cached: bool = False,
        source: dict | None = None,
    ):
        self.pto = pto
        self.module = module
        # A dict, or a function computing it on first use.
        self._stats = stats
        self.options = options
        self.timing = timing
        self.ir_dump = ir_dump
        self.cached = cached
        self.source = source or {"kind": "text", "name": "<string>"}

    @property
    def stats(self) -> dict:
        if callable(self._stats):
            self._stats = self._stats()
        return self._stats

    def __repr__(self) -> str:
        size = "no PTO" if self.pto is None else f"pto={len(self.pto)} chars"
        return (
            f"CompileResult(source={self.source['kind']} {self.source['name']!r}, "
            f"options={self.options}, cached={self.cached}, {size})"
        )


# ===----------------------------------------------------------------------=== #
# Options
# ===----------------------------------------------------------------------=== #


def _strict_bool(name: str, value) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__} ({value!r})")
    return value


def _module_arch(module: ir.Module) -> str | None:
    attrs = module.operation.attributes
    if "tile.target_arch" not in attrs:
        return None
    return ir.StringAttr(attrs["tile.target_arch"]).value


def resolve_options(
    memory_planner=None, enable_buffer_ir=None, arch=None, module: ir.Module | None = None
) -> dict[str, Any]:
    """The options a compile with these arguments uses: None takes the
    active PassContext's value (arch, None or "auto": the context's, if it
    has one, else the module's ``tile.target_arch``, else a3). Raises
    TypeError for a value of the wrong type, ValueError for an unknown one."""
    context = PassContext.current()
    planner = canonical(
        "memory-planner", memory_planner if memory_planner is not None else context.memory_planner
    )
    buffer_ir = _strict_bool(
        "enable_buffer_ir",
        enable_buffer_ir if enable_buffer_ir is not None else context.enable_buffer_ir,
    )
    arch = canonical_arch(arch)
    if arch is None:
        arch = context.arch
    if arch is None and module is not None:
        arch = _module_arch(module)
    arch = canonical_arch(arch or "a3")
    return {
        "memory_planner": planner,
        "enable_buffer_ir": buffer_ir,
        "arch": arch,
        # ptoas plans memory itself and rejects addresses below level3.
        "pto_level": "level2" if planner == "ptoas" else "level3",
    }


def pipeline_text(options: dict[str, Any]) -> str:
    """The textual pass pipeline `compile` runs for resolved `options`."""
    from . import passes

    pipeline = passes.memory_pipeline(
        memory_planner=options["memory_planner"],
        enable_buffer_ir=options["enable_buffer_ir"],
        arch=options["arch"],
    )
    return f"builtin.module({pipeline.pipeline})"


def _options_header(options: dict[str, Any]) -> str:
    flag = "true" if options["enable_buffer_ir"] else "false"
    return (
        f"memory_planner={options['memory_planner']} "
        f"enable_buffer_ir={flag} arch={options['arch']} "
        f"pto_level={options['pto_level']}"
    )


# ===----------------------------------------------------------------------=== #
# Statistics
# ===----------------------------------------------------------------------=== #


def _count_ops(module: ir.Module, name: str) -> int:
    """Ops named `name` under `module` (a walk in C++: no Python object per
    op, so it costs nothing next to the pipeline)."""
    from ._mlir_libs import _tilemem

    operation = getattr(module, "operation", module)
    return limits.run_on_large_stack(_tilemem.count_ops, operation, name)


def planned_stats(module: ir.Module, input_moves: int = 0) -> dict:
    """Statistics of a planned module, from `passes.allocation_lifetimes`:
    ``allocations`` and ``bytes`` (size * slots) per space; per function
    (``functions``) the ``peak`` (highest address + bytes per space, scratch
    tiles included, for planners that assign addresses) and the max-live
    ``lower_bound``; and
    module-wide ``peak`` / ``lower_bound``, the largest over functions
    (functions are planned independently). ``moves_inserted``: tile.move
    ops in `module` minus `input_moves`."""
    from . import passes

    allocations: dict[str, int] = collections.Counter()
    total_bytes: dict[str, int] = collections.Counter()
    functions = {}
    peak: dict[str, int] = {}
    lower_bound: dict[str, int] = {}
    for record in passes.allocation_lifetimes(module):
        for a in record["allocations"]:
            allocations[a["space"]] += 1
            total_bytes[a["space"]] += a["bytes"]
        fpeak = passes.used_bytes(record)
        fbound = dict(record.get("lower_bound", {}))
        functions[record["function"]] = {"peak": fpeak, "lower_bound": fbound}
        for space, value in fpeak.items():
            peak[space] = max(peak.get(space, 0), value)
        for space, value in fbound.items():
            lower_bound[space] = max(lower_bound.get(space, 0), value)
    return {
        "allocations": dict(allocations),
        "bytes": dict(total_bytes),
        "moves_inserted": _count_ops(module, "tile.move") - input_moves,
        "peak": peak,
        "lower_bound": lower_bound,
        "functions": functions,
    }


# ===----------------------------------------------------------------------=== #
# Running the pipeline
# ===----------------------------------------------------------------------=== #


@contextlib.contextmanager
def _capture_fd2():
    """Captures what native code writes to file descriptor 2 (the pass
    manager's timing report and diagnostics go to llvm::errs())."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile(mode="w+b") as tmp:
        os.dup2(tmp.fileno(), 2)
        box = {"text": ""}
        try:
            yield box
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            tmp.seek(0)
            box["text"] = tmp.read().decode("utf-8", "replace")


_TIMING_LINE = re.compile(r"^\s*([0-9.]+)\s+\(\s*[0-9.]+%\)\s+(\S.*?)\s*$")


def _parse_timing(report: str) -> list[tuple]:
    """(pass name, wall seconds) rows of an MLIR timing report, in order."""
    rows = []
    in_table = False
    for line in report.splitlines():
        if "Wall Time" in line and "Name" in line:
            in_table = True
            continue
        if not in_table:
            continue
        m = _TIMING_LINE.match(line)
        if m and m.group(2) != "Total":
            rows.append((m.group(2), float(m.group(1))))
    return rows


# A str is MLIR text when it has any of these (every module does: a
# function has `@`, a block `{`), otherwise the name of a file.
_TEXT_MARKS = ("\n", "{", "@", "%", "(", '"')


def kernel_source(kernel) -> tuple[str, str, str]:
    """(text, source name, kind) of what :func:`compile` was given: an
    ``ir.Module`` (kind "module", name "<module>"), an ``os.PathLike``
    (kind "path"), or a str: MLIR text (kind "text", name "<string>") when
    it holds a newline or one of ``{ @ % ( "``, else a path. Raises
    CompileError (stage "load") for a path that cannot be read and
    TypeError for anything else."""
    if isinstance(kernel, ir.Module):
        limits.check_op_nesting(kernel)
        return str(kernel), "<module>", "module"
    if isinstance(kernel, str) and any(mark in kernel for mark in _TEXT_MARKS):
        return kernel, "<string>", "text"
    if isinstance(kernel, (str, os.PathLike)):
        path = os.fspath(kernel)
        try:
            with open(path) as f:
                return f.read(), path, "path"
        except OSError as error:
            why = error.strerror or str(error)
            raise CompileError(
                f"cannot read the kernel file {path!r}: {why} (a str without a newline "
                'or any of { @ % ( " names a file; MLIR text has them)',
                stage="load",
            ) from error
    raise TypeError(
        "kernel must be an ir.Module, MLIR text or a path (str or os.PathLike), "
        f"not {type(kernel).__name__}"
    )


def _load_kernel(kernel):
    """(kernel text, source name): :func:`kernel_source` without the kind."""
    text, name, _ = kernel_source(kernel)
    return text, name


def _write_options(directory: str, options: dict[str, Any], pipeline: str) -> None:
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "options.txt"), "w") as f:
        for key in ("memory_planner", "enable_buffer_ir", "arch", "pto_level"):
            value = options[key]
            if isinstance(value, bool):
                value = "true" if value else "false"
            f.write(f"{key}={value}\n")
        f.write(f"pipeline={pipeline}\n")


def _run(
    module: ir.Module,
    text: str,
    options: dict[str, Any],
    dump_ir: str | None,
    timing: bool,
    emit_pto: bool = True,
):
    """Runs the pipeline on `module` (parsed from `text`, in its own
    Context: the one parse of the compile) and emits PTO."""
    from . import pto as pto_module

    context = module.context
    pipeline = pipeline_text(options)
    header = _options_header(options)

    def failed(stage: str, what: str, error: BaseException) -> CompileError:
        return CompileError(
            f"[{header}] {what}", diagnostics_of(error), stage=stage, options=dict(options)
        )

    with context, ir.Location.unknown():
        input_moves = _count_ops(module, "tile.move")
        if dump_ir is not None:
            _write_options(dump_ir, options, pipeline)
            with open(os.path.join(dump_ir, "0_input.mlir"), "w") as f:
                f.write(text)
            # One file per pass and function; deterministic order needs one
            # thread.
            context.enable_multithreading(False)
        pm = PassManager.parse(pipeline)
        if dump_ir is not None:
            pm.enable_ir_printing(
                print_after_all=True, tree_printing_dir_path=os.path.join(dump_ir, "passes")
            )
        report = None
        if timing:
            pm.enable_timing()
            with _capture_fd2() as captured:
                try:
                    pm.run(module.operation)
                    error = None
                except Exception as e:  # MLIRError carries the diagnostics
                    error = e
                # The timing report is printed when the pass manager dies.
                del pm
                gc.collect()
            report = captured["text"]
            if error is not None:
                raise failed("pipeline", "pass pipeline failed", error) from error
        else:
            try:
                pm.run(module.operation)
            except Exception as error:  # MLIRError carries the diagnostics
                raise failed("pipeline", "pass pipeline failed", error) from error
        started = time.perf_counter()
        pto = None
        if emit_pto:
            try:
                pto = pto_module.emit(module, level=options["pto_level"])
            except Error as error:
                raise failed("emission", error.message, error) from error
        emit_seconds = time.perf_counter() - started

        # Statistics on demand: the allocation records of a large module
        # cost as much as a pass.
        def stats():
            return limits.run_on_large_stack(planned_stats, module, input_moves)

    timing_info = None
    if timing:
        header = f"tilemem compile: {_options_header(options)}"
        timing_info = {
            "header": header,
            "report": f"// {header}\n// pipeline: {pipeline}\n{report}",
            "passes": _parse_timing(report),
            "pto_emission": emit_seconds,
        }
    if dump_ir is not None and pto is not None:
        with open(os.path.join(dump_ir, "output.pto"), "w") as f:
            f.write(pto)
        if timing_info is not None:
            with open(os.path.join(dump_ir, "timing.txt"), "w") as f:
                f.write(timing_info["report"])
    return module, pto, stats, timing_info


def compile(
    kernel: ir.Module | str | os.PathLike,  # noqa: A001
    memory_planner: str | None = None,
    enable_buffer_ir: bool | None = None,
    arch: str | None = None,
    dump_ir: str | os.PathLike | None = None,
    timing: bool = False,
    emit_pto: bool = True,
) -> CompileResult:
    """Plans storage and memory for `kernel` and emits PTO.

    kernel: an ``ir.Module`` (not modified), MLIR text, or a path to a
    ``.mlir`` file. memory_planner: ``pypto``, ``dsa-rp`` or ``ptoas``.
    enable_buffer_ir: Buffer-IR legalization on or off (a bool). arch:
    ``a3`` or ``a5`` (``auto``: as None). None takes the active
    PassContext's value (arch: the context's if it has one, else the
    module's ``tile.target_arch``, else a3). dump_ir: a directory receiving
    ``options.txt``, ``0_input.mlir``, ``passes/`` (the IR after each pass,
    one file per pass and function) and ``output.pto``. timing: collect the
    pass manager's timing report. emit_pto: False stops after planning
    (``result.pto`` is None): a module PTO cannot express (several kernels
    without a ``pto.entry``, tile arguments) can still be planned and drawn.
    Raises :class:`CompileError` (a deep nest included), TypeError or
    ValueError for bad options.
    """
    return limits.run_on_large_stack(
        _compile, kernel, memory_planner, enable_buffer_ir, arch, dump_ir, timing, emit_pto
    )


def _compile(kernel, memory_planner, enable_buffer_ir, arch, dump_ir, timing, emit_pto=True):
    try:
        text, source_name, kind = kernel_source(kernel)
    except limits.NestingError as error:
        raise CompileError(error.message, error.diagnostics, stage="parse") from error
    source = {"kind": kind, "name": source_name}
    # One parse: the module the options are resolved from (its
    # tile.target_arch) is the one the pipeline runs on.
    context = ir.Context()
    with context, ir.Location.unknown():
        try:
            module = limits.parse_module(text, context, source_name)
        except Error as error:
            raise CompileError(error.message, error.diagnostics, stage="parse") from error
        options = resolve_options(memory_planner, enable_buffer_ir, arch, module)
    # The source name too: a hit returns the module with its locations, and
    # its later diagnostics (another PTO level, a memory map) name that file.
    key = (
        text,
        source_name,
        options["memory_planner"],
        options["enable_buffer_ir"],
        options["arch"],
        options["pto_level"],
        emit_pto,
    )
    cacheable = len(text) <= _CACHE_MAX_TEXT
    if dump_ir is None and not timing and cacheable:
        entry = _CACHE.get(key)
        if entry is not None:
            _CACHE_STATS["hits"] += 1
            _CACHE.move_to_end(key)
            del module
            context = ir.Context()
            with context:
                module = ir.Module.parse(entry["module"])
            return CompileResult(
                entry["pto"],
                module,
                _copy_stats(entry["stats"]),
                dict(options),
                cached=True,
                source=source,
            )
    _CACHE_STATS["misses"] += 1
    dump_dir = os.fspath(dump_ir) if dump_ir is not None else None
    module, pto, stats, timing_info = _run(module, text, options, dump_dir, timing, emit_pto)
    if cacheable:
        # With its locations, so a cached module still names the kernel's file.
        printed = module.operation.get_asm(enable_debug_info=True)
        _CACHE[key] = {"pto": pto, "module": printed, "stats": _copy_stats(stats())}
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_LIMIT:
            _CACHE.popitem(last=False)
    return CompileResult(
        pto, module, stats, dict(options), timing_info, dump_dir, cached=False, source=source
    )


def _copy_stats(stats: dict) -> dict:
    return copy.deepcopy(stats)


def cache_info() -> dict[str, int]:
    """Hits, misses and entries of the in-process compile cache."""
    return {"hits": _CACHE_STATS["hits"], "misses": _CACHE_STATS["misses"], "entries": len(_CACHE)}


def clear_cache() -> None:
    """Empties the compile cache and resets its counters."""
    _CACHE.clear()
    _CACHE_STATS["hits"] = _CACHE_STATS["misses"] = 0
