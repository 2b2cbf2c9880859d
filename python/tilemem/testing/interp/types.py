"""The types the interpreter handles, read through the dialect's bound types.

``_Ty`` is a parsed type (tile, tensor, buffer, integer, float); the type
grammar is the dialect's, so the interpreter parses type text with MLIR and
never with a regular expression. ``_ELEM`` is the numeric table of the
element types (its keys must cover ``contract.ELEMENT_TYPES``).
"""

from __future__ import annotations

import functools

import numpy as np

from ... import ir
from ...dialects import tile as _tile
from .errors import InterpreterError

# element type -> (numpy storage dtype, bytes)
_ELEM = {
    "f16": (np.dtype(np.float16), 2),
    "bf16": (np.dtype(np.uint16), 2),
    "f32": (np.dtype(np.float32), 4),
    "i8": (np.dtype(np.int8), 1),
    "i16": (np.dtype(np.int16), 2),
    "i32": (np.dtype(np.int32), 4),
}

_FLOATS = ("f16", "bf16", "f32", "f64")


class _Ty:
    """A parsed type: kind is 'tile', 'tensor', 'buffer', 'int', 'float' or
    'other'."""

    __slots__ = (
        "text",
        "kind",
        "rows",
        "cols",
        "elem",
        "space",
        "size",
        "slots",
        "bits",
        "dtype",
        "esize",
    )

    def __init__(self, text: str):
        # The type grammar is the dialect's: the text is parsed by MLIR and
        # read through the bound types (tilemem.dialects.tile).
        self.text = text
        self.kind = "other"
        self.rows = self.cols = self.size = self.slots = self.bits = 0
        self.elem = self.space = None
        self.dtype = None
        self.esize = 0
        parsed = _parse_mlir_type(text)
        if parsed is None:
            return
        if _tile.TileType.isinstance(parsed) or _tile.TensorType.isinstance(parsed):
            is_tile = _tile.TileType.isinstance(parsed)
            bound = _tile.TileType(parsed) if is_tile else _tile.TensorType(parsed)
            self.kind = "tile" if is_tile else "tensor"
            self.rows, self.cols = bound.shape
            self.elem = str(bound.dtype)
            if is_tile:
                self.space = bound.space
            if self.elem not in _ELEM:
                raise InterpreterError(f"unsupported element type in {text}")
            self.dtype, self.esize = _ELEM[self.elem]
            return
        if _tile.BufferType.isinstance(parsed):
            bound = _tile.BufferType(parsed)
            self.kind = "buffer"
            self.space, self.size, self.slots = bound.space, bound.size, bound.slots
            return
        if isinstance(parsed, ir.IndexType):
            self.kind, self.bits = "int", 64
            return
        if isinstance(parsed, ir.IntegerType):
            self.kind, self.bits = "int", parsed.width
            return
        if text in _FLOATS:
            self.kind = "float"
            self.bits = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}[text]

    @property
    def has_storage(self) -> bool:
        return self.kind in ("tile", "tensor")

    def __repr__(self) -> str:
        return f"_Ty({self.text})"


# Types are parsed in a context of their own: a _Ty outlives the program's.
_TYPE_CONTEXT: list = []


def _parse_mlir_type(text: str):
    """The ir.Type spelled `text`, or None when it is not a type."""
    if not _TYPE_CONTEXT:
        _TYPE_CONTEXT.append(ir.Context())
    try:
        return ir.Type.parse(text, _TYPE_CONTEXT[0])
    except ir.MLIRError:
        return None


@functools.cache
def _parse_type(text: str) -> _Ty:
    return _Ty(text)


def _type_of(value) -> _Ty:
    return _parse_type(str(value.type))
