"""Pythonic callables for the tilemem passes.

    from tilemem import passes
    module = passes.init_memref()(module)
    passes.verify_storage()(module)

Each factory returns a callable that runs the pass on every function of a
module (a ``tilemem.ir.Module`` or the text of one) and returns the module.
A pass failure raises ``PassError`` carrying the diagnostics and leaves the
module exactly as it was before the call: the pass manager does not roll
back, so `run_pipeline` keeps a clone and restores it. The passes run on a
large-stack thread after the nesting check (`tilemem.limits`).
"""

from __future__ import annotations

import contextvars
from collections.abc import Sequence

from . import limits
from ._mlir_libs import _tilemem
from .errors import NestingError, PassError, diagnostics_of
from .ir import Context, Location, Module
from .options import canonical, canonical_arch
from .passmanager import PassManager

__all__ = [
    "PassError",
    "PassContext",
    "FunctionPass",
    "ModulePipeline",
    "run_pipeline",
    "init_memref",
    "materialize_transposed_views",
    "materialize_column_blocks",
    "verify_storage",
    "select_buffer_ir_functions",
    "materialize_semantic_aliases",
    "storage_pipeline",
    "memory_reuse",
    "allocate_memory_addr",
    "check_capacity",
    "memory_pipeline",
    "allocation_lifetimes",
    "get_arch",
    "get_enable_buffer_ir",
    "get_memory_planner",
]


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

    def __call__(self, module: Module | str) -> Module:
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


def run_pipeline(module: Module | str, passes: Sequence[_Registered]) -> Module:
    """Runs `passes` in order on `module`: function passes on every function,
    module pipelines (``memory_pipeline()``) on the module. On failure raises
    PassError (with the located diagnostics) and leaves `module` as it was;
    text that does not parse raises :class:`tilemem.ParseError`."""
    if isinstance(module, str):
        context = Context()
        with context, Location.unknown():
            module = limits.parse_module(module, context)
    pipeline = _anchored(passes)

    def run():
        with module.context:
            limits.check_op_nesting(module)
            pm = PassManager.parse(pipeline)
            # The IR verifier runs once, on the result, not after every pass:
            # its isolation and dominance checks are O(N x depth) upstream
            # (docs/development.md, "Limits").
            pm.enable_verifier(False)
            snapshot = module.operation.clone(ip=False)
            try:
                pm.run(module.operation)
                module.operation.verify()
            except Exception as error:  # MLIRError carries the diagnostics
                _tilemem.restore_operation(module.operation, snapshot)
                raise PassError(
                    f"pass pipeline failed: {pipeline}", diagnostics_of(error)
                ) from error
            finally:
                # Emptied op by op: dropped whole it costs O(N x depth).
                _tilemem.erase_nested_ops(snapshot)

    try:
        limits.run_on_large_stack(run)
    except NestingError as error:
        raise PassError(error.message, error.diagnostics) from error
    return module


def init_memref() -> FunctionPass:
    """tile-init-memref: a fresh allocation for every allocating producer."""
    return FunctionPass("tile-init-memref")


def materialize_transposed_views() -> FunctionPass:
    """tile-materialize-transposed-views: a transposed view of a vec tile
    that an op reads becomes a slice of a `tile.transpose` (ptoas reads vec
    tiles row-major)."""
    return FunctionPass("tile-materialize-transposed-views")


def materialize_column_blocks() -> FunctionPass:
    """tile-materialize-column-blocks: a column block of a vec tile, or a
    value whose storage derives from one (a loop carry seeded by it, an if
    result yielding it), that an op's PTO instruction cannot read as one
    (the tiles of `tile.add`, `tile.abs`, `tile.fillpad`, `tile.cmp`,
    `tile.cmps` and `tile.sel`, the source of `tile.cvt`, `tile.col_expand_*`,
    `tile.col_sum` and `tile.col_max`) is read through a copy of its own
    (`tile.move`), made where the value is defined."""
    return FunctionPass("tile-materialize-column-blocks")


def verify_storage(allocated: bool = False, arch: str | None = None) -> FunctionPass:
    """tile-verify-storage: check the storage postcondition; with `allocated`
    also the address plan (aligned, inside the capacities of `arch`, no two
    live allocations sharing a byte). `arch` None (or "auto") means the
    current `PassContext`'s, else the module's tile.target_arch, else a3."""
    options = {"allocated": _bool_option("allocated", allocated)}
    options.update(_arch_option(arch))
    return FunctionPass("tile-verify-storage", **options)


_ACTIVE: contextvars.ContextVar[tuple] = contextvars.ContextVar("tilemem_pass_contexts", default=())


class PassContext:
    """Options shared by the passes created inside it::

        with tilemem.PassContext(enable_buffer_ir=False, memory_planner="ptoas"):
            module = passes.run_pipeline(module, passes.storage_pipeline())

    Contexts nest; the innermost one wins (all of its options, given or
    default). Outside any context Buffer IR is on, the planner is PYPTO and
    the arch is the module's (``tile.target_arch``, else a3). The active
    context is a context variable: entering one in a thread or an asyncio
    task changes nothing in other threads or tasks.

    enable_buffer_ir: a bool (anything else raises TypeError).
    memory_planner: pypto, dsa-rp or ptoas. arch: None (or "auto"), a3 or
    a5. Other spellings of these ("DSA_RP") are accepted as
    `tilemem.options.canonical` defines; unknown values raise ValueError.
    """

    def __init__(
        self, enable_buffer_ir: bool = True, memory_planner: str = "pypto", arch: str | None = None
    ):
        if not isinstance(enable_buffer_ir, bool):
            raise TypeError(
                f"enable_buffer_ir must be a bool, not "
                f"{type(enable_buffer_ir).__name__} "
                f"({enable_buffer_ir!r})"
            )
        self._enable_buffer_ir = enable_buffer_ir
        self._memory_planner = canonical("memory-planner", memory_planner)
        self._arch = canonical_arch(arch)

    # Read-only, so that a context always holds checked values.
    enable_buffer_ir = property(lambda self: self._enable_buffer_ir)
    memory_planner = property(lambda self: self._memory_planner)
    arch = property(lambda self: self._arch)

    def __enter__(self) -> PassContext:
        _ACTIVE.set(_ACTIVE.get() + (self,))
        return self

    def __exit__(self, *exc) -> None:
        active = _ACTIVE.get()
        # The last entry of this context (with-statements exit in order).
        for index in range(len(active) - 1, -1, -1):
            if active[index] is self:
                _ACTIVE.set(active[:index] + active[index + 1 :])
                return

    @classmethod
    def current(cls) -> PassContext:
        active = _ACTIVE.get()
        return active[-1] if active else _DEFAULT

    def __repr__(self) -> str:
        return (
            f"PassContext(enable_buffer_ir={self.enable_buffer_ir}, "
            f"memory_planner={self.memory_planner!r}, arch={self.arch!r})"
        )


_DEFAULT = PassContext()


def get_enable_buffer_ir() -> bool:
    """Whether Buffer-IR legalization is on in the current PassContext."""
    return PassContext.current().enable_buffer_ir


def get_memory_planner() -> str:
    """The memory planner of the current PassContext."""
    return PassContext.current().memory_planner


def get_arch() -> str | None:
    """The arch of the current PassContext (None: the module's
    ``tile.target_arch``, else a3)."""
    return PassContext.current().arch


def _arch_option(arch) -> dict[str, str]:
    """The `arch` option of a tile pass, the one rule every factory here
    follows, as `tilemem.compile` does: a3 or a5 (any spelling
    `tilemem.options` takes) is used as given; None or "auto" take the
    current `PassContext`'s arch, and when it has none leave the option
    unset, so the pass reads the module's ``tile.target_arch``, else a3.
    Any other value, "" included, raises ValueError (TypeError for a
    non-string)."""
    arch = canonical_arch(arch) or get_arch()
    return {"arch": arch} if arch else {}


def _bool_option(name: str, value) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__} ({value!r})")
    return value


def select_buffer_ir_functions(enable_buffer_ir: bool | None = None) -> FunctionPass:
    """tile-select-buffer-ir-functions: mark the kernels Buffer IR supports."""
    if enable_buffer_ir is None:
        enable_buffer_ir = get_enable_buffer_ir()
    return FunctionPass(
        "tile-select-buffer-ir-functions",
        enable_buffer_ir=_bool_option("enable_buffer_ir", enable_buffer_ir),
    )


def materialize_semantic_aliases(
    enable_buffer_ir: bool | None = None,
    memory_planner: str | None = None,
    arch: str | None = None,
    verify: bool = True,
    selection_slot_percent: int | None = None,
) -> FunctionPass:
    """tile-materialize-semantic-aliases: make required sharing explicit.

    Runs after `init_memref()`; the result satisfies `verify_storage()` or the
    call raises `PassError` and the module is left as it was. Options left
    as None come from the current `PassContext` (arch: its arch, else the
    module's). `selection_slot_percent` prices one copy against a selection's
    second slot, in percent of the space's capacity (None: the pass's
    default, 25; docs/passes/materialize-semantic-aliases.md).
    """
    if enable_buffer_ir is None:
        enable_buffer_ir = get_enable_buffer_ir()
    if memory_planner is None:
        memory_planner = get_memory_planner()
    options = {
        "enable_buffer_ir": _bool_option("enable_buffer_ir", enable_buffer_ir),
        "memory_planner": canonical("memory-planner", memory_planner),
        "verify": _bool_option("verify", verify),
    }
    options.update(_arch_option(arch))
    if selection_slot_percent is not None:
        if (
            isinstance(selection_slot_percent, bool)
            or not isinstance(selection_slot_percent, int)
            or selection_slot_percent < 0
        ):
            raise TypeError(
                f"selection_slot_percent must be a non-negative int, got {selection_slot_percent!r}"
            )
        options["selection_slot_percent"] = str(selection_slot_percent)
    return FunctionPass("tile-materialize-semantic-aliases", **options)


def storage_pipeline(
    enable_buffer_ir: bool | None = None,
    memory_planner: str | None = None,
    arch: str | None = None,
) -> list:
    """tile-storage-pipeline, the legalization every planner runs first (dead
    code erased, InitMemRef, Buffer-IR selection, MaterializeSemanticAliases,
    VerifyTileStorage), as the one registered C++ pipeline. Options left as
    None come from the current `PassContext` (arch: its arch, else the
    module's)."""
    if enable_buffer_ir is None:
        enable_buffer_ir = get_enable_buffer_ir()
    if memory_planner is None:
        memory_planner = get_memory_planner()
    options = {
        "memory_planner": canonical("memory-planner", memory_planner),
        "enable_buffer_ir": _bool_option("enable_buffer_ir", enable_buffer_ir),
    }
    options.update(_arch_option(arch))
    return [ModulePipeline("tile-storage-pipeline", **options)]


# ---------------------------------------------------------------------------
# Memory planners (docs/passes/memory-planners.md)
# ---------------------------------------------------------------------------


def memory_reuse(in_place_only: bool = False) -> FunctionPass:
    """tile-memory-reuse: merge same-type allocations whose lifetimes never
    overlap (the PYPTO planner's reuse step); with `in_place_only`, only an
    allocation into the one of an operand that dies at its first writer,
    of the same buffer type (the ptoas planner's step)."""
    return FunctionPass("tile-memory-reuse", in_place_only=in_place_only or None)


def allocate_memory_addr(
    arch: str | None = None, memory_planner: str | None = None
) -> FunctionPass:
    """tile-allocate-memory-addr: give every allocation an address.

    `memory_planner` is "pypto" or "dsa-rp" (ptoas assigns no addresses:
    ValueError); None takes the current `PassContext`'s. `arch` ("a3"/"a5")
    None or "auto" means the context's arch, else the module's
    `tile.target_arch`, else a3.
    """
    if memory_planner is None:
        memory_planner = get_memory_planner()
    options = {"memory_planner": canonical("address-planner", memory_planner)}
    options.update(_arch_option(arch))
    return FunctionPass("tile-allocate-memory-addr", **options)


def check_capacity(arch: str | None = None) -> FunctionPass:
    """tile-check-capacity: a tile or allocation larger than its memory space
    on `arch` (None or "auto": the current `PassContext`'s, else the
    module's tile.target_arch, else a3), or tiles live together over it,
    is an error; the ptoas planner's check."""
    return FunctionPass("tile-check-capacity", **_arch_option(arch))


def memory_pipeline(
    memory_planner: str | None = None, enable_buffer_ir: bool | None = None, arch: str | None = None
) -> ModulePipeline:
    """tile-memory-pipeline: MaterializeTransposedViews, MaterializeColumnBlocks,
    InitMemRef, Buffer-IR selection,
    MaterializeSemanticAliases, VerifyTileStorage, then the planner's passes
    (pypto: reuse + addresses, dsa-rp: addresses, ptoas: in-place reuse
    and the capacity check). Options left
    as None come from the current `PassContext`."""
    if memory_planner is None:
        memory_planner = get_memory_planner()
    if enable_buffer_ir is None:
        enable_buffer_ir = get_enable_buffer_ir()
    options = {
        "memory_planner": canonical("memory-planner", memory_planner),
        "enable_buffer_ir": _bool_option("enable_buffer_ir", enable_buffer_ir),
    }
    options.update(_arch_option(arch))
    return ModulePipeline("tile-memory-pipeline", **options)


def allocation_lifetimes(module, positions: bool = False) -> list:
    """The AllocationLifetimes of every function of `module` (a Module or an
    Operation): one dict per function with "function", "loc",
    "num_positions", "allocations" (name, space, addr or None, bytes, start,
    end, pinned, touched, and the op filling the buffer: op, value, loc),
    "in_place" (from, to, point, shift: the pairs that may share bytes at
    their point, AllocationLifetimes.h), "scratch" (op, loc, space, addr or
    None, bytes, point: the scratch tile of a tile.transpose or row
    reduction, live at its op only), "regions" (kind, start, end),
    "lower_bound" (the max-live bound, scratch tiles included) and
    "peak_position" (per used space); with `positions`,
    "positions": the op name at every position. Positions are program
    points: the i-th op of the function body in pre-order."""
    import json

    operation = getattr(module, "operation", module)
    limits.check_op_nesting(operation)
    return json.loads(
        limits.run_on_large_stack(_tilemem.allocation_lifetimes_json, operation, positions)
    )


def used_bytes(record: dict) -> dict:
    """The bytes a planned function uses per space: the highest address +
    bytes over the allocations and scratch tiles of one
    `allocation_lifetimes` record that have an address (none: the space is
    absent)."""
    used: dict = {}
    for item in [*record["allocations"], *record.get("scratch", [])]:
        if item.get("addr") is not None:
            used[item["space"]] = max(used.get(item["space"], 0), item["addr"] + item["bytes"])
    return used
