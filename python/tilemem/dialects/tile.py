"""Python builders for the tile dialect (generated from TileOps.td), and its
types.

Types: ``TileType.get([64, 64], "f32", "vec")``, ``BufferType.get("vec",
16384, slots=2)``, ``TensorType.get([256, 64], "f32")``, with read-only
properties (``shape``, ``dtype``, ``space``, ``size_in_bytes``; a buffer's
``size``, ``slots``, ``total_bytes``). Values of these types come back
typed: ``op.result.type`` of a tile op is a ``TileType``. Invalid parameters
raise ValueError with the verifier's message.

Builders: one class per op (``AddOp``) and one function (``add``). Ops whose
result type the op defines (``AllTypesMatch`` in TileOps.td: the elementwise
ops, ``store``, ``matmul_acc``, ``write``, ``assemble``) infer it:
``tile.add(a, b)``; the others take it first:
``tile.load(TileType.get(...), tensor, [i, j])``. A result type given first
to an inferring op (as before it inferred) is still accepted and checked
by the verifier.
"""

import functools as _functools
import inspect as _inspect
import sys as _sys

from .._mlir_libs import _tilemem as _ext
from .._mlir_libs._mlir import ir as _ir
from . import _tile_ops_gen as _gen
from ._tile_ops_gen import *  # noqa: F401,F403

_ext.define_types(_sys.modules[__name__])


def _infers_result(function) -> bool:
    try:
        parameters = _inspect.signature(function).parameters
    except (TypeError, ValueError):  # a native callable
        return False
    return "results" in parameters and "result" not in parameters


def _accept_result_type_first(function):
    """`function(type, *operands)` as `function(*operands, results=[type])`."""

    @_functools.wraps(function)
    def build(*args, **kwargs):
        if args and isinstance(args[0], _ir.Type) and "results" not in kwargs:
            return function(*args[1:], results=[args[0]], **kwargs)
        return function(*args, **kwargs)

    return build


def _wrap_inferring_builders() -> None:
    module = _sys.modules[__name__]
    for name in dir(_gen):
        value = getattr(_gen, name)
        if isinstance(value, type) and issubclass(value, _ir.OpView):
            init = value.__init__
            if _infers_result(init):
                original = init

                def __init__(self, *args, _original=original, **kwargs):
                    if args and isinstance(args[0], _ir.Type) and "results" not in kwargs:
                        return _original(self, *args[1:], results=[args[0]], **kwargs)
                    return _original(self, *args, **kwargs)

                value.__init__ = _functools.wraps(original)(__init__)
        elif _inspect.isfunction(value) and value.__module__ == _gen.__name__:
            if _infers_result(value):
                setattr(module, name, _accept_result_type_first(value))


_wrap_inferring_builders()
