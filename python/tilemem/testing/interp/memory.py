"""Simulated memory and storage descriptors (storage mode).

A ``_Mem`` is byte memory plus a per-byte poison mask; a ``_Region`` is an
addressed buffer inside its space's memory; a ``_Desc`` says where a tile
lives (memory, byte offset of element (0, 0), shape, element strides,
element type). ``_read`` and ``_write`` move (data, poison) through a
descriptor.
"""

from __future__ import annotations

import functools

import numpy as np

from .errors import InterpreterError, StorageError
from .types import _ELEM


class _Mem:
    """Byte memory: a tile.alloc buffer or a function argument."""

    __slots__ = ("name", "data", "poison", "slot_bytes", "slots")

    def __init__(self, name: str, slot_bytes: int, slots: int = 1, data: np.ndarray | None = None):
        self.name = name
        self.slot_bytes = slot_bytes
        self.slots = slots
        n = slot_bytes * slots
        if data is None:
            self.data = np.zeros(n, dtype=np.uint8)
            self.poison = np.ones(n, dtype=bool)
        else:
            self.data = data
            self.poison = np.zeros(n, dtype=bool)


class _Region:
    """An addressed buffer: ``slots`` slots of ``slot_bytes`` bytes starting
    at byte ``base`` of its memory space's memory (a :class:`_Mem` shared by
    every addressed buffer of that space in one function invocation)."""

    __slots__ = ("name", "mem", "base", "slot_bytes", "slots")

    def __init__(self, name: str, mem: _Mem, base: int, slot_bytes: int, slots: int):
        self.name, self.mem, self.base = name, mem, base
        self.slot_bytes, self.slots = slot_bytes, slots


@functools.lru_cache(maxsize=4096)
def _byte_template(rows, cols, rs, cs, esize) -> np.ndarray:
    elem = (np.arange(rows)[:, None] * rs + np.arange(cols)[None, :] * cs) * esize
    return elem[:, :, None] + np.arange(esize)[None, None, :]


class _Desc:
    """Where a tile (or tensor) lives: memory, byte offset of element (0, 0)
    (slot included), shape, element strides and element type."""

    __slots__ = (
        "mem",
        "off",
        "rows",
        "cols",
        "rs",
        "cs",
        "elem",
        "dtype",
        "esize",
        "contig",
        "end",
    )

    def __init__(self, mem: _Mem, off: int, rows: int, cols: int, rs: int, cs: int, elem: str):
        self.mem, self.off = mem, off
        self.rows, self.cols, self.rs, self.cs = rows, cols, rs, cs
        self.elem = elem
        self.dtype, self.esize = _ELEM[elem]
        self.contig = (cols == 1 or cs == 1) and (rows == 1 or rs == cols)
        self.end = off + ((rows - 1) * rs + (cols - 1) * cs + 1) * self.esize
        if off < 0 or self.end > mem.data.size:
            raise StorageError(
                f"window [{off}, {self.end}) lies outside {mem.name} ({mem.data.size} bytes)"
            )

    def byte_index(self) -> np.ndarray:
        return self.off + _byte_template(self.rows, self.cols, self.rs, self.cs, self.esize)

    def __repr__(self) -> str:
        return (
            f"<{self.mem.name} +{self.off} {self.rows}x{self.cols}x"
            f"{self.elem} strides ({self.rs}, {self.cs})>"
        )


def _read(d: _Desc):
    """(data, poison) of the tile stored at `d`."""
    mem = d.mem
    if d.contig:
        lo, hi = d.off, d.end
        data = mem.data[lo:hi].view(d.dtype).reshape(d.rows, d.cols).copy()
        poison = mem.poison[lo:hi]
        if d.esize > 1:
            poison = poison.reshape(-1, d.esize).any(axis=1)
        return data, poison.reshape(d.rows, d.cols).copy()
    idx = d.byte_index()
    data = np.ascontiguousarray(mem.data[idx]).view(d.dtype).reshape(d.rows, d.cols)
    return data, mem.poison[idx].any(axis=2)


def _write(d: _Desc, data: np.ndarray, poison: np.ndarray) -> None:
    """Stores (data, poison) at `d`."""
    mem = d.mem
    raw = np.ascontiguousarray(data, dtype=d.dtype).view(np.uint8)
    if d.contig:
        lo, hi = d.off, d.end
        mem.data[lo:hi] = raw.reshape(-1)
        mem.poison[lo:hi] = np.repeat(poison.reshape(-1), d.esize)
        return
    idx = d.byte_index()
    mem.data[idx] = raw.reshape(d.rows, d.cols, d.esize)
    mem.poison[idx] = poison[:, :, None]


def _alloc_desc(buf, off: int, slot: int, rows: int, cols: int, elem: str) -> _Desc:
    """The descriptor of window [off, size] in `slot` of buffer `buf` (a
    private :class:`_Mem` or an addressed :class:`_Region`)."""
    if isinstance(buf, _Mem):
        mem, base = buf, 0
    elif isinstance(buf, _Region):
        mem, base = buf.mem, buf.base
    else:
        raise StorageError(
            "the destination buffer has not been allocated (its tile.alloc has not run)"
        )
    slot = int(slot)
    if not 0 <= slot < buf.slots:
        raise StorageError(f"slot {slot} is out of range for {buf.name} with {buf.slots} slot(s)")
    size = rows * cols * _ELEM[elem][1]
    if off < 0 or off + size > buf.slot_bytes:
        raise StorageError(
            f"window [{off}, {size}] lies outside the {buf.slot_bytes}-byte slot of {buf.name}"
        )
    return _Desc(mem, base + off + slot * buf.slot_bytes, rows, cols, cols, 1, elem)


def _check_block(rows, cols, r, c, br, bc, what):
    if r < 0 or c < 0 or r + br > rows or c + bc > cols:
        raise InterpreterError(f"{what} block [{r}, {c}] + {br}x{bc} exceeds {rows}x{cols}")


def _slice_desc(d: _Desc, r: int, c: int, rows: int, cols: int) -> _Desc:
    _check_block(d.rows, d.cols, r, c, rows, cols, "accessed")
    return _Desc(d.mem, d.off + (r * d.rs + c * d.cs) * d.esize, rows, cols, d.rs, d.cs, d.elem)


def _view_desc(d: _Desc, kind: str, params) -> _Desc:
    if kind == "slice":
        return _slice_desc(d, *params)
    if kind == "tview":
        return _Desc(d.mem, d.off, d.cols, d.rows, d.cs, d.rs, d.elem)
    if kind == "reshape":
        if not d.contig:
            raise InterpreterError(
                f"reshape of a strided view is unsupported (source {d.rows}x"
                f"{d.cols} with element strides ({d.rs}, {d.cs}))"
            )
        rows, cols = params
        return _Desc(d.mem, d.off, rows, cols, cols, 1, d.elem)
    raise AssertionError(kind)


def _overlaps(a: _Desc, b: _Desc) -> bool:
    if a.mem is not b.mem or a.end <= b.off or b.end <= a.off:
        return False
    if a.contig and b.contig:
        return True
    return np.intersect1d(a.byte_index().ravel(), b.byte_index().ravel()).size > 0
