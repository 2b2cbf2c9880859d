"""Pythonic callables for the tilemem passes.

    from tilemem import passes
    module = passes.init_memref()(module)
    passes.verify_storage()(module)

Each factory returns a callable that runs the pass on every function of a
module (a ``tilemem.ir.Module`` or the text of one) and returns the module.
A pass failure raises ``PassError`` carrying the diagnostics.
"""

from __future__ import annotations

from typing import Union

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


class FunctionPass:
    """A function-level pass with its options, callable on a module."""

    def __init__(self, name: str, **options):
        self.name = name
        self.options = options

    @property
    def pipeline(self) -> str:
        return f"{self.name}{_render_options(self.options)}"

    def __repr__(self) -> str:
        return f"FunctionPass({self.pipeline!r})"

    def __call__(self, module: Union[Module, str]) -> Module:
        return run_pipeline(module, [self])


def run_pipeline(module: Union[Module, str], passes) -> Module:
    """Runs function passes in order on every function of `module`."""
    if isinstance(module, str):
        context = Context()
        with context, Location.unknown():
            module = Module.parse(module)
    inner = ",".join(p.pipeline for p in passes)
    with module.context:
        pm = PassManager.parse(f"builtin.module(func.func({inner}))")
        try:
            pm.run(module.operation)
        except Exception as error:  # MLIRError carries the diagnostics
            raise PassError(str(error)) from error
    return module


def init_memref() -> FunctionPass:
    """tile-init-memref: a fresh allocation for every allocating producer."""
    return FunctionPass("tile-init-memref")


def verify_storage(allocated: bool = False) -> FunctionPass:
    """tile-verify-storage: check the storage postcondition."""
    return FunctionPass("tile-verify-storage", allocated=allocated)


def materialize_semantic_aliases(
    enable_buffer_ir: bool = False,
    memory_planner: str = "pypto",
    arch: str = "",
    verify: bool = True,
) -> FunctionPass:
    """tile-materialize-semantic-aliases: make required sharing explicit.

    Runs after `init_memref()`; the result satisfies `verify_storage()` or the
    call raises `PassError` and the module is left as it was.
    """
    options = {
        "enable_buffer_ir": enable_buffer_ir,
        "memory_planner": memory_planner,
        "verify": verify,
    }
    if arch:
        options["arch"] = arch
    return FunctionPass("tile-materialize-semantic-aliases", **options)


def storage_pipeline(**options) -> list:
    """InitMemRef, MaterializeSemanticAliases, VerifyTileStorage."""
    return [init_memref(), materialize_semantic_aliases(**options), verify_storage()]
