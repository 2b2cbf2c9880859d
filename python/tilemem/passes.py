"""Pythonic callables for the tilemem passes.

    from tilemem import passes
    module = passes.init_memref()(module)
    passes.verify_storage()(module)

Each factory returns a callable that runs the pass on every function of a
module (a ``tilemem.ir.Module`` or the text of one) and returns the module.
A pass failure raises ``PassError`` carrying the diagnostics.
"""

from __future__ import annotations

from typing import Optional, Union

from .ir import Context, Location, Module
from .passmanager import PassManager


class PassError(RuntimeError):
    """A pass or pipeline failed; the message holds its diagnostics."""


def _render_options(options: dict) -> str:
    rendered = []
    for key, value in options.items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        rendered.append(f"{key.replace('_', '-')}={value}")
    return "{" + " ".join(rendered) + "}" if rendered else ""


class _Registered:
    """A registered pass or pipeline with its options, callable on a module
    (a ``tilemem.ir.Module`` or its text); returns the module."""

    def __init__(self, name: str, **options):
        self.name = name
        self.options = options

    @property
    def pipeline(self) -> str:
        return f"{self.name}{_render_options(self.options)}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.pipeline!r})"

    def __call__(self, module: Union[Module, str]) -> Module:
        return run_pipeline(module, [self])


class FunctionPass(_Registered):
    """A function-level pass: runs on every function of a module."""


class ModulePipeline(_Registered):
    """A registered module-level pipeline (run_pipeline runs it on the
    module, between the function passes around it)."""


def _anchored(passes) -> str:
    """The pipeline text of `passes`: runs of function passes nested under
    func.func, module pipelines (ModulePipeline) at module level, in order."""
    pieces, functions = [], []
    for p in passes:
        if isinstance(p, ModulePipeline):
            if functions:
                pieces.append(f"func.func({','.join(functions)})")
                functions = []
            pieces.append(p.pipeline)
        else:
            functions.append(p.pipeline)
    if functions:
        pieces.append(f"func.func({','.join(functions)})")
    return f"builtin.module({','.join(pieces)})"


def run_pipeline(module: Union[Module, str], passes) -> Module:
    """Runs `passes` in order on `module`: function passes on every function,
    module pipelines (``memory_pipeline()``) on the module."""
    if isinstance(module, str):
        context = Context()
        with context, Location.unknown():
            module = Module.parse(module)
    with module.context:
        pm = PassManager.parse(_anchored(passes))
        try:
            pm.run(module.operation)
        except Exception as error:  # MLIRError carries the diagnostics
            raise PassError(str(error)) from error
    return module


def init_memref() -> FunctionPass:
    """tile-init-memref: a fresh allocation for every allocating producer."""
    return FunctionPass("tile-init-memref")


def materialize_transposed_views() -> FunctionPass:
    """tile-materialize-transposed-views: a transposed view of a vec tile
    that an op reads becomes a slice of a `tile.transpose` (ptoas reads vec
    tiles row-major)."""
    return FunctionPass("tile-materialize-transposed-views")


def verify_storage(allocated: bool = False) -> FunctionPass:
    """tile-verify-storage: check the storage postcondition."""
    return FunctionPass("tile-verify-storage", allocated=allocated)


class PassContext:
    """Options shared by the passes created inside it::

        with tilemem.PassContext(enable_buffer_ir=False, memory_planner="ptoas"):
            module = passes.run_pipeline(module, passes.storage_pipeline())

    Contexts nest; the innermost one wins. Outside any context Buffer IR is
    on and the planner is PYPTO, as in the seed.
    """

    _stack: list = []

    def __init__(self, enable_buffer_ir: bool = True, memory_planner: str = "pypto"):
        if memory_planner not in ("pypto", "dsa-rp", "ptoas"):
            raise ValueError(f"unknown memory planner {memory_planner!r}")
        self.enable_buffer_ir = bool(enable_buffer_ir)
        self.memory_planner = memory_planner

    def __enter__(self) -> "PassContext":
        PassContext._stack.append(self)
        return self

    def __exit__(self, *exc) -> None:
        PassContext._stack.pop()

    @classmethod
    def current(cls) -> "PassContext":
        return cls._stack[-1] if cls._stack else cls()

    def __repr__(self) -> str:
        return (f"PassContext(enable_buffer_ir={self.enable_buffer_ir}, "
                f"memory_planner={self.memory_planner!r})")


def get_enable_buffer_ir() -> bool:
    """Whether Buffer-IR legalization is on in the current PassContext."""
    return PassContext.current().enable_buffer_ir


def get_memory_planner() -> str:
    """The memory planner of the current PassContext."""
    return PassContext.current().memory_planner


def select_buffer_ir_functions(enable_buffer_ir: Optional[bool] = None) -> FunctionPass:
    """tile-select-buffer-ir-functions: mark the kernels Buffer IR supports."""
    if enable_buffer_ir is None:
        enable_buffer_ir = get_enable_buffer_ir()
    return FunctionPass("tile-select-buffer-ir-functions", enable_buffer_ir=enable_buffer_ir)


def materialize_semantic_aliases(
    enable_buffer_ir: Optional[bool] = None,
    memory_planner: Optional[str] = None,
    arch: str = "",
    verify: bool = True,
) -> FunctionPass:
    """tile-materialize-semantic-aliases: make required sharing explicit.

    Runs after `init_memref()`; the result satisfies `verify_storage()` or the
    call raises `PassError` and the module is left as it was. Options left
    as None come from the current `PassContext`.
    """
    if enable_buffer_ir is None:
        enable_buffer_ir = get_enable_buffer_ir()
    if memory_planner is None:
        memory_planner = get_memory_planner()
    options = {
        "enable_buffer_ir": enable_buffer_ir,
        "memory_planner": memory_planner,
        "verify": verify,
    }
    if arch:
        options["arch"] = arch
    return FunctionPass("tile-materialize-semantic-aliases", **options)


def storage_pipeline(**options) -> list:
    """Buffer-IR selection, InitMemRef, MaterializeSemanticAliases,
    VerifyTileStorage (options as for `materialize_semantic_aliases`)."""
    return [
        select_buffer_ir_functions(options.get("enable_buffer_ir")),
        init_memref(),
        materialize_semantic_aliases(**options),
        verify_storage(),
    ]


# ---------------------------------------------------------------------------
# Memory planners (docs/passes/memory-planners.md)
# ---------------------------------------------------------------------------


def _context_arch() -> str:
    """The arch of the current PassContext, if it has one ("" = the module's
    tile.target_arch, else a3)."""
    return getattr(PassContext.current(), "arch", None) or ""


def memory_reuse() -> FunctionPass:
    """tile-memory-reuse: merge same-type allocations whose lifetimes never
    overlap (the PYPTO planner's reuse step)."""
    return FunctionPass("tile-memory-reuse")


def allocate_memory_addr(arch: Optional[str] = None,
                         memory_planner: Optional[str] = None) -> FunctionPass:
    """tile-allocate-memory-addr: give every allocation an address.

    `memory_planner` is "pypto" or "dsa-rp"; None takes the current
    `PassContext`'s. `arch` ("a3"/"a5") None or "" means the module's
    `tile.target_arch`, else a3.
    """
    if memory_planner is None:
        memory_planner = get_memory_planner()
    if arch is None:
        arch = _context_arch()
    options = {"memory_planner": memory_planner}
    if arch:
        options["arch"] = arch
    return FunctionPass("tile-allocate-memory-addr", **options)


def memory_pipeline(memory_planner: Optional[str] = None,
                    enable_buffer_ir: Optional[bool] = None,
                    arch: Optional[str] = None) -> ModulePipeline:
    """tile-memory-pipeline: MaterializeTransposedViews, InitMemRef, Buffer-IR selection,
    MaterializeSemanticAliases, VerifyTileStorage, then the planner's passes
    (pypto: reuse + addresses, dsa-rp: addresses, ptoas: none). Options left
    as None come from the current `PassContext`."""
    if memory_planner is None:
        memory_planner = get_memory_planner()
    if enable_buffer_ir is None:
        enable_buffer_ir = get_enable_buffer_ir()
    if arch is None:
        arch = _context_arch()
    options = {"memory_planner": memory_planner, "enable_buffer_ir": enable_buffer_ir}
    if arch:
        options["arch"] = arch
    return ModulePipeline("tile-memory-pipeline", **options)


def allocation_lifetimes(module) -> list:
    """The AllocationLifetimes of every function of `module` (a Module or an
    Operation): one dict per function with "function", "num_positions",
    "allocations" (name, space, addr or None, bytes, start, end, pinned,
    touched), "regions" (kind, start, end), "lower_bound" and
    "peak_position" (per used space). Positions are program points: the
    i-th op of the function body in pre-order."""
    import json

    from ._mlir_libs import _tilemem

    operation = getattr(module, "operation", module)
    return json.loads(_tilemem.allocation_lifetimes_json(operation))
