"""A numpy reference interpreter for tile programs.

A tile program is a module of ``func.func`` kernels using the ``tile``
dialect, ``arith``, ``scf`` (for / while / if), ``func.return`` and
``func.call``. The interpreter has two modes:

``value`` mode
    Pure SSA semantics; storage is ignored. A tile or tensor value is a numpy
    array of its element type plus a boolean poison mask. ``tile.store``
    returns a new tensor value, loop carries are bound to the yielded values,
    ``scf.if`` results to the executed arm's yield.

``storage`` mode
    Every ``tile.alloc`` buffer is simulated byte memory (``size * slots``
    bytes plus a per-byte poison mask, all poison initially); tensor and tile
    function arguments are memory initialised from the inputs. Every tile or
    tensor value has a *descriptor* (memory, byte offset of element (0, 0),
    shape, element strides, element type) derived from the storage rules of
    ``tilemem/Analysis/TileStorage.h`` -- never from which branch executed.
    Each op reads its operands through their descriptors at that moment and
    writes its result through its own. A correct storage assignment makes
    storage mode agree exactly with value mode; a wrong one does not.

    Addresses: a ``tile.alloc`` that carries ``addr = N`` (set by a memory
    planner, or by hand) does not get private memory. Its bytes are
    ``[N, N + size * slots)`` of one byte memory per memory space, so two
    buffers whose address ranges overlap share bytes, exactly as on the
    hardware, and a wrong plan shows up as a mismatch against value mode.
    There is one set of space memories per *function invocation*: planners
    place each function independently, so a callee's addresses say nothing
    about its caller's and a call gets its own spaces. The space memories
    are all poison at function entry; executing an addressed ``tile.alloc``
    does not re-poison its bytes (a planner may place the op before the
    buffer's lifetime starts, and the bytes may still hold a live
    neighbour's data). Allocations without ``addr`` keep private memory.
    ``run(..., ignore_addresses=True)`` gives every allocation private
    memory, i.e. checks the storage assignment without the address plan.

Public API::

    from tilemem.testing import interp
    res = interp.run(module, inputs, mode="value", function=None,
                     ignore_addresses=False)
    res.outputs, res.poison
    interp.random_inputs(module, function=None, seed=0, scalars=None)
    cmp = interp.compare(reference, candidate, inputs)
    cmp.equal, cmp.message

Arithmetic is done in float64 (integers in int64) and cast to the result's
element type after every op, identically in both modes, so a correct program
compares exactly. bf16 is stored as uint16 bit patterns (the upper half of a
float32, rounded to nearest even).

Notes and limitations:

* Functions are compiled once per mode into closures over a flat frame; an
  unsupported op anywhere in a function is an :class:`InterpreterError` at
  compile time (even in code that would not run).
* An op reads all its operands before writing its result. Instead of
  modelling in-place hazards, storage mode raises :class:`StorageError` when
  the result of a not-in-place-safe op (move, extract, transpose, row_sum)
  overlaps its operand, or a row_expand_mul result overlaps its factors.
* Every execution of a ``tile.alloc`` without ``addr`` makes fresh,
  all-poison memory (with ``addr``: see Addresses above).
* ``func.call`` passes descriptors by reference in storage mode; its results
  take the callee's returned descriptors (the C++ storage analysis gives
  call results no window).
* An ``scf.if`` result whose then-arm storage depends on values defined
  inside the then arm (its buffer, slot or a call result) is a
  :class:`StorageError` when the else arm runs.
* ``tile.reshape`` of a strided view is unsupported in storage mode.
* Float-to-integer conversions truncate toward zero (NaN -> 0) and wrap;
  integer division by zero and over-wide shifts raise.
"""

from __future__ import annotations

import collections
import functools
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .. import contract, ir
from ..dialects import tile as _tile

__all__ = [
    "InterpreterError",
    "StorageError",
    "Program",
    "RunResult",
    "CompareResult",
    "compile",
    "run",
    "random_inputs",
    "compare",
]

DEFAULT_MAX_STEPS = 10**6


# ===----------------------------------------------------------------------=== #
# Errors
# ===----------------------------------------------------------------------=== #


class InterpreterError(RuntimeError):
    """The program cannot be interpreted (unsupported op, out-of-bounds
    access, step budget exhausted, ...). The message names the op and its
    location."""

    def __init__(self, message: str, located: bool = False):
        super().__init__(message)
        #: Whether the message already names the failing op.
        self.located = located


class StorageError(InterpreterError):
    """A storage-mode failure: a value without storage (a producer without a
    destination), an unallocated buffer, a slot or window out of range, or
    a result overlapping an operand the op forbids it to overlap."""


# ===----------------------------------------------------------------------=== #
# Types
# ===----------------------------------------------------------------------=== #

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


# ===----------------------------------------------------------------------=== #
# Numeric conversions
# ===----------------------------------------------------------------------=== #


def _f32_to_bf16(x) -> np.ndarray:
    """float32 array -> bf16 bit patterns (uint16), round to nearest even."""
    x = np.ascontiguousarray(x, dtype=np.float32)
    bits = x.view(np.uint32).astype(np.uint64)
    rounded = ((bits + (((bits >> 16) & 1) + 0x7FFF)) >> 16).astype(np.uint16)
    nan = np.isnan(x)
    if nan.any():
        rounded = np.where(nan, ((bits >> 16) | 0x40).astype(np.uint16), rounded)
    return rounded


def _bf16_to_f32(bits) -> np.ndarray:
    """bf16 bit patterns (uint16) -> float32 values."""
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)


def _float_to_int64(a: np.ndarray) -> np.ndarray:
    """Truncate toward zero; NaN -> 0, saturate at the int64 range (then the
    cast to a narrower element type wraps)."""
    t = np.trunc(a)
    t = np.where(np.isnan(t), 0.0, t)
    t = np.clip(t, -9.2e18, 9.2e18)
    return t.astype(np.int64)


def _to_c(a: np.ndarray, elem: str) -> np.ndarray:
    """Storage array -> compute array (float64 for floats, int64 for ints)."""
    if elem == "bf16":
        return _bf16_to_f32(a).astype(np.float64)
    if elem[0] == "f":
        return a.astype(np.float64)
    return a.astype(np.int64)


def _from_c(a, elem: str) -> np.ndarray:
    """Compute array -> storage array of `elem` (ints wrap, floats round)."""
    a = np.asarray(a)
    if elem == "bf16":
        return _f32_to_bf16(a.astype(np.float32))
    dtype = _ELEM[elem][0]
    if elem[0] == "i" and a.dtype.kind == "f":
        a = _float_to_int64(a)
    return a.astype(dtype)


def _elem_scalar(value, elem: str):
    """A scalar converted to `elem` and back to the compute domain."""
    arr = np.array([value], dtype=np.float64 if isinstance(value, float) else np.int64)
    return _to_c(_from_c(arr, elem), elem)[0]


def _wrap_fn(bits: int) -> Callable[[Any], int]:
    """Canonical integer of a width: signed two's complement; i1 is 0/1."""
    if bits == 1:
        return lambda x: int(x) & 1
    mask = (1 << bits) - 1
    half = 1 << (bits - 1)
    return lambda x: ((int(x) + half) & mask) - half


def _round_fn(name: str) -> Callable[[Any], float]:
    if name == "f64":
        return float
    if name == "f32":
        return lambda x: float(np.float32(x))
    if name == "f16":
        return lambda x: float(np.float16(x))
    if name == "bf16":
        return lambda x: float(_bf16_to_f32(_f32_to_bf16(np.array([x], np.float32)))[0])
    raise InterpreterError(f"unsupported float type {name}")


def _norm_fn(ty: _Ty) -> Callable[[Any], Any]:
    """Normaliser of a scalar of type `ty` (wrap ints, round floats)."""
    if ty.kind == "int":
        return _wrap_fn(ty.bits)
    if ty.kind == "float":
        return _round_fn(ty.text)
    raise InterpreterError(f"unsupported scalar type {ty.text}")


def _signed(x: int, bits: int) -> int:
    return -x if bits == 1 else x


def _unsigned(x: int, bits: int) -> int:
    return x & ((1 << bits) - 1)


# ===----------------------------------------------------------------------=== #
# Simulated memory and storage descriptors
# ===----------------------------------------------------------------------=== #


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


# ===----------------------------------------------------------------------=== #
# Tile kernels: (data, poison) tuples in storage dtype -> (data, poison)
# ===----------------------------------------------------------------------=== #


def _block(t, r, c, rows, cols):
    return t[0][r : r + rows, c : c + cols].copy(), t[1][r : r + rows, c : c + cols].copy()


def _convert(t, src: str, dst: str):
    if src == dst:
        return t[0].copy(), t[1].copy()
    return _from_c(_to_c(t[0], src), dst), t[1].copy()


def _replace_block(t, src, r, c):
    data, poison = t[0].copy(), t[1].copy()
    data[r : r + src[0].shape[0], c : c + src[0].shape[1]] = src[0]
    poison[r : r + src[0].shape[0], c : c + src[0].shape[1]] = src[1]
    return data, poison


def _ieee_divide(a, b):
    """IEEE division: x / 0 is +-inf and 0 / 0 NaN (pto-isa's TDIV)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.divide(a, b)


#: The semantics of the elementwise binary tile ops: one entry per op (the
#: op's storage contract comes from its TableGen definition; the fuzzer
#: generates every op named here).
_BINARY = {
    "tile.add": np.add,
    "tile.sub": np.subtract,
    "tile.mul": np.multiply,
    "tile.maximum": np.maximum,
    "tile.div": _ieee_divide,
    # std::min(lhs, rhs), as pto-isa's TMIN: with a NaN, lhs.
    "tile.minimum": lambda a, b: np.where(b < a, b, a),
}


#: The elementwise binary ops the interpreter runs, by mnemonic.
BINARY_OPS = tuple(name.removeprefix("tile.") for name in _BINARY)


def _ieee(f):
    """`f` with IEEE results for out-of-domain inputs (log(-1) NaN,
    log(0) -inf, 1 / sqrt(0) inf) instead of numpy warnings."""

    def g(x):
        with np.errstate(divide="ignore", invalid="ignore"):
            return f(x)

    return g


#: The semantics of the elementwise unary tile ops, as pto-isa computes them:
#: op -> (value, poison) where `poison(x)` marks the elements whose result is
#: undefined (None: none is). The fuzzer generates every op named here.
_UNARY = {
    "tile.exp": (np.exp, None),
    "tile.log": (_ieee(np.log), None),
    "tile.sqrt": (_ieee(np.sqrt), None),
    "tile.rsqrt": (_ieee(lambda x: 1.0 / np.sqrt(x)), None),
    # TRECIP is TDIVS(dst, 1, src): pto-isa asserts a non-zero element.
    "tile.recip": (_ieee(lambda x: 1.0 / x), lambda x: x == 0),
    # `x < 0 ? -x : x` and std::max(x, 0): -0.0 and NaN are kept.
    "tile.abs": (lambda x: np.where(x < 0, -x, x), None),
    "tile.neg": (np.negative, None),
    "tile.relu": (lambda x: np.where(x < 0, np.zeros_like(x), x), None),
}

#: The elementwise unary ops the interpreter runs, by mnemonic.
UNARY_OPS = tuple(name.removeprefix("tile.") for name in _UNARY)


def _matmul_product(l, r, le, re_):
    """float64/int64 product and its poison (row of l / column of r)."""
    prod = _to_c(l[0], le) @ _to_c(r[0], re_)
    poison = l[1].any(axis=1)[:, None] | r[1].any(axis=0)[None, :]
    return prod, poison


# ===----------------------------------------------------------------------=== #
# Scalar (arith) semantics
# ===----------------------------------------------------------------------=== #

_CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
_CMPF = [
    "false",
    "oeq",
    "ogt",
    "oge",
    "olt",
    "ole",
    "one",
    "ord",
    "ueq",
    "ugt",
    "uge",
    "ult",
    "ule",
    "une",
    "uno",
    "true",
]


def _cmpi_fn(pred: str, bits: int):
    s = lambda x: _signed(x, bits)  # noqa: E731
    u = lambda x: _unsigned(x, bits)  # noqa: E731
    table = {
        "eq": lambda a, b: a == b,
        "ne": lambda a, b: a != b,
        "slt": lambda a, b: s(a) < s(b),
        "sle": lambda a, b: s(a) <= s(b),
        "sgt": lambda a, b: s(a) > s(b),
        "sge": lambda a, b: s(a) >= s(b),
        "ult": lambda a, b: u(a) < u(b),
        "ule": lambda a, b: u(a) <= u(b),
        "ugt": lambda a, b: u(a) > u(b),
        "uge": lambda a, b: u(a) >= u(b),
    }
    f = table[pred]
    return lambda a, b: int(f(a, b))


def _cmpf_fn(pred: str):
    def ordered(a, b):
        return not (math.isnan(a) or math.isnan(b))

    table = {
        "false": lambda a, b: False,
        "oeq": lambda a, b: ordered(a, b) and a == b,
        "ogt": lambda a, b: ordered(a, b) and a > b,
        "oge": lambda a, b: ordered(a, b) and a >= b,
        "olt": lambda a, b: ordered(a, b) and a < b,
        "ole": lambda a, b: ordered(a, b) and a <= b,
        "one": lambda a, b: ordered(a, b) and a != b,
        "ord": ordered,
        "ueq": lambda a, b: not ordered(a, b) or a == b,
        "ugt": lambda a, b: not ordered(a, b) or a > b,
        "uge": lambda a, b: not ordered(a, b) or a >= b,
        "ult": lambda a, b: not ordered(a, b) or a < b,
        "ule": lambda a, b: not ordered(a, b) or a <= b,
        "une": lambda a, b: not ordered(a, b) or a != b,
        "uno": lambda a, b: not ordered(a, b),
        "true": lambda a, b: True,
    }
    f = table[pred]
    return lambda a, b: int(f(a, b))


def _div_trunc(a: int, b: int) -> int:
    if b == 0:
        raise InterpreterError("integer division by zero")
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _int_binop(name: str, bits: int):
    """(a, b) -> result before wrapping, on canonical operands."""
    s = lambda x: _signed(x, bits)  # noqa: E731
    u = lambda x: _unsigned(x, bits)  # noqa: E731

    def nonzero(b):
        if b == 0:
            raise InterpreterError("integer division by zero")
        return b

    def shift(b):
        b = u(b)
        if b >= bits:
            raise InterpreterError(f"shift amount {b} >= bit width {bits}")
        return b

    table = {
        "arith.addi": lambda a, b: a + b,
        "arith.subi": lambda a, b: a - b,
        "arith.muli": lambda a, b: s(a) * s(b),
        "arith.divsi": lambda a, b: _div_trunc(s(a), s(b)),
        "arith.divui": lambda a, b: u(a) // nonzero(u(b)),
        "arith.remsi": lambda a, b: s(a) - s(b) * _div_trunc(s(a), s(b)),
        "arith.remui": lambda a, b: u(a) % nonzero(u(b)),
        "arith.floordivsi": lambda a, b: s(a) // nonzero(s(b)),
        "arith.ceildivsi": lambda a, b: -((-s(a)) // nonzero(s(b))),
        "arith.andi": lambda a, b: a & b,
        "arith.ori": lambda a, b: a | b,
        "arith.xori": lambda a, b: a ^ b,
        "arith.maxsi": lambda a, b: max(s(a), s(b)),
        "arith.minsi": lambda a, b: min(s(a), s(b)),
        "arith.maxui": lambda a, b: max(u(a), u(b)),
        "arith.minui": lambda a, b: min(u(a), u(b)),
        "arith.shli": lambda a, b: a << shift(b),
        "arith.shrsi": lambda a, b: s(a) >> shift(b),
        "arith.shrui": lambda a, b: u(a) >> shift(b),
    }
    return table.get(name)


def _float_binop(name: str):
    f64 = np.float64

    def maximumf(a, b):
        return math.nan if math.isnan(a) or math.isnan(b) else max(a, b)

    def minimumf(a, b):
        return math.nan if math.isnan(a) or math.isnan(b) else min(a, b)

    def maxnumf(a, b):
        return b if math.isnan(a) else a if math.isnan(b) else max(a, b)

    def minnumf(a, b):
        return b if math.isnan(a) else a if math.isnan(b) else min(a, b)

    table = {
        "arith.addf": lambda a, b: float(f64(a) + f64(b)),
        "arith.subf": lambda a, b: float(f64(a) - f64(b)),
        "arith.mulf": lambda a, b: float(f64(a) * f64(b)),
        "arith.divf": lambda a, b: float(f64(a) / f64(b)),
        "arith.maximumf": maximumf,
        "arith.minimumf": minimumf,
        "arith.maxnumf": maxnumf,
        "arith.minnumf": minnumf,
    }
    return table.get(name)


# ===----------------------------------------------------------------------=== #
# Compiled functions
# ===----------------------------------------------------------------------=== #


class _Block:
    """A compiled block: closures of its non-terminator ops (each called as
    fn(frame, state)), the ops themselves (for error messages) and the value
    ids of its terminator's operands."""

    __slots__ = ("fns", "ops", "term", "cost")

    def __init__(self, fns, ops, term):
        self.fns, self.ops, self.term = fns, ops, term
        self.cost = len(fns) + 1


class _State:
    __slots__ = ("budget", "max_steps")

    def __init__(self, max_steps: int):
        self.budget = self.max_steps = max_steps


def _describe(op) -> str:
    o = getattr(op, "operation", op)
    try:
        names = ", ".join(r.get_name() for r in o.results)
    except Exception:  # pragma: no cover - naming is best effort
        names = ""
    where = str(o.location)
    return f"'{o.name}'" + (f" ({names})" if names else "") + f" at {where}"


def _run_block(blk: _Block, fr: list, st: _State) -> None:
    st.budget -= blk.cost
    if st.budget < 0:
        raise InterpreterError(
            f"step budget of {st.max_steps} operations exceeded (non-terminating loop?)"
        )
    i = 0
    try:
        for i, fn in enumerate(blk.fns):  # noqa: B007 (i locates an error)
            fn(fr, st)
    except InterpreterError as error:
        if error.located:
            raise
        raise type(error)(f"{_describe(blk.ops[i])}: {error}", located=True) from None
    except Exception as error:
        raise InterpreterError(
            f"{_describe(blk.ops[i])}: {type(error).__name__}: {error}", located=True
        ) from error


class _Func:
    __slots__ = ("name", "n_slots", "arg_ids", "arg_types", "result_types", "body", "spaces")


def _invoke(cf: _Func, args: Sequence, st: _State) -> list:
    fr = [None] * cf.n_slots
    # Addressed allocations: fresh, all-poison space memories per invocation.
    for sid, space, nbytes in cf.spaces:
        fr[sid] = _Mem(f"{space} memory of @{cf.name}", nbytes)
    for i, v in zip(cf.arg_ids, args):
        fr[i] = v
    _run_block(cf.body, fr, st)
    return [fr[i] for i in cf.body.term]


_TERMINATORS = {"scf.yield", "scf.condition", "func.return", "tile.scope_yield"}


def _no_storage_error(op_text: str):
    def fn(fr, st):
        raise StorageError(
            f"result has no storage: {op_text} has no destination "
            f"(`into(...)`); storage mode needs every allocating producer "
            f"to name one (run --tile-init-memref or a planner first)"
        )

    return fn


class _Compiler:
    """Compiles one function for one mode into closures over a flat frame
    (a list indexed by value id)."""

    def __init__(self, program: Program, fop, mode: str, ignore_addresses: bool = False):
        self.program = program
        self.storage = mode == "storage"
        self.mode = mode
        self.ignore_addresses = ignore_addresses
        # storage mode with addresses: space -> [frame slot of its memory,
        # bytes needed (the largest addr + size * slots in the function)]
        self.spaces: dict[str, list] = {}
        self.ids: dict[Any, int] = {}
        self.types: list[_Ty] = []
        # storage mode: value id -> recipe of its descriptor (None: no storage)
        self.recipes: dict[int, Any] = {}
        self.fop = fop

    # -- values ---------------------------------------------------------------

    def define(self, value) -> int:
        vid = len(self.types)
        self.ids[value] = vid
        self.types.append(_type_of(value))
        return vid

    def use(self, value) -> int:
        try:
            return self.ids[value]
        except KeyError:
            raise InterpreterError(
                "use of a value defined outside the interpreted function"
            ) from None

    def inherit(self, to: int, frm: int) -> None:
        if self.storage and self.types[to].has_storage:
            self.recipes[to] = self.recipes.get(frm)

    # -- structure ------------------------------------------------------------

    def compile_function(self) -> _Func:
        o = self.fop.operation
        if not o.regions or not o.regions[0].blocks:
            raise InterpreterError(f"function {self.fop_name()} has no body")
        block = o.regions[0].blocks[0]
        cf = _Func()
        cf.name = self.fop_name()
        cf.arg_ids = [self.define(a) for a in block.arguments]
        cf.arg_types = [self.types[i] for i in cf.arg_ids]
        for i in cf.arg_ids:
            if self.types[i].has_storage:
                self.recipes[i] = ("ext", i)
        cf.body = self.compile_block(block)
        ft = ir.FunctionType(ir.TypeAttr(o.attributes["function_type"]).value)
        cf.result_types = [_parse_type(str(t)) for t in ft.results]
        cf.spaces = [(sid, space, nbytes) for space, (sid, nbytes) in self.spaces.items()]
        cf.n_slots = len(self.types)
        return cf

    def fop_name(self) -> str:
        return ir.StringAttr(self.fop.operation.attributes["sym_name"]).value

    def compile_block(self, block) -> _Block:
        ops = list(block.operations)
        terminator = None
        if ops and ops[-1].operation.name in _TERMINATORS:
            terminator = ops.pop().operation
        fns, kept = [], []
        for op in ops:
            o = op.operation
            try:
                fn = self.compile_op(o)
            except InterpreterError as error:
                if error.located:
                    raise
                raise type(error)(f"{_describe(o)}: {error}", located=True) from None
            if fn is not None:
                fns.append(fn)
                kept.append(o)
        term = [] if terminator is None else [self.use(v) for v in terminator.operands]
        return _Block(fns, kept, term)

    def compile_op(self, o):
        name = o.name
        handler = _HANDLERS.get(name)
        if handler is None:
            if name.startswith("arith.") and (_int_binop(name, 64) or _float_binop(name)):
                return self.op_arith_binary(o)
            raise InterpreterError(f"unsupported operation '{name}'")
        return handler(self, o)

    # -- storage helpers ------------------------------------------------------

    def dest_recipe(self, o, rty: _Ty):
        """The destination of an allocating producer as a recipe, or None."""
        attrs = o.attributes
        operands = list(o.operands)
        if "operandSegmentSizes" in attrs:
            segs = list(attrs["operandSegmentSizes"])
            n_dest, n_slot = segs[-2], segs[-1]
            if not n_dest:
                return None
            base = sum(segs[:-2])
            buf = operands[base]
            slot = operands[base + 1] if n_slot else None
        else:  # fall back to the operand types
            pos = [k for k, v in enumerate(operands) if str(v.type).startswith("!tile.buffer")]
            if not pos:
                return None
            buf = operands[pos[0]]
            slot = operands[pos[0] + 1] if pos[0] + 1 < len(operands) else None
        offset = list(attrs["window"])[0] if "window" in attrs else 0
        static_slot = attrs["static_slot"].value if "static_slot" in attrs else 0
        return (
            "alloc",
            self.use(buf),
            int(offset),
            int(static_slot),
            None if slot is None else self.use(slot),
            rty.rows,
            rty.cols,
            rty.elem,
        )

    @staticmethod
    def resolver(recipe):
        """recipe -> fn(frame) -> _Desc (None for a value without storage)."""
        if recipe is None:
            return None
        kind = recipe[0]
        if kind == "ext":
            vid = recipe[1]

            def ext(fr):
                d = fr[vid]
                if not isinstance(d, _Desc):
                    raise StorageError("storage root has not been defined")
                return d

            return ext
        if kind == "alloc":
            _, bid, off, sslot, sid, rows, cols, elem = recipe
            if sid is None:
                return lambda fr: _alloc_desc(fr[bid], off, sslot, rows, cols, elem)
            return lambda fr: _alloc_desc(fr[bid], off, fr[sid], rows, cols, elem)
        if kind == "view":
            base = _Compiler.resolver(recipe[1])
            if base is None:
                return None
            vkind, params = recipe[2], recipe[3]
            return lambda fr: _view_desc(base(fr), vkind, params)
        raise AssertionError(recipe)

    @staticmethod
    def recipe_deps(recipe) -> set:
        if recipe is None:
            return set()
        if recipe[0] == "ext":
            return {recipe[1]}
        if recipe[0] == "alloc":
            return {recipe[1]} | ({recipe[4]} if recipe[4] is not None else set())
        return _Compiler.recipe_deps(recipe[1])

    # -- generic allocating producer -----------------------------------------

    def producer(self, o, tiles: Sequence[int], scalars: Sequence[int], kernel):
        """An allocating op computing kernel(tile_operands, scalar_operands);
        in storage mode its result must not overlap the operands its
        contract forbids (tilemem.contract)."""
        rid = self.define(o.results[0])
        rty = self.types[rid]
        tiles, scalars = tuple(tiles), tuple(scalars)
        if not self.storage:

            def fn(fr, st):
                fr[rid] = kernel([fr[i] for i in tiles], [fr[i] for i in scalars])

            return fn
        recipe = self.dest_recipe(o, rty)
        self.recipes[rid] = recipe
        if recipe is None:
            return _no_storage_error(f"'{o.name}'")
        dest = self.resolver(recipe)
        # The operands the result must not overlap: the op's contract, read
        # from its C++ traits (the tile operands come first, in order).
        rules = contract.OPS[o.name]
        forbid = tuple(
            k for k in range(len(tiles)) if rules.forbids_overlap_with(k, range(len(tiles)))
        )

        def fn(fr, st):
            ins = [_read(fr[i]) for i in tiles]
            d = dest(fr)
            for k in forbid:
                if _overlaps(d, fr[tiles[k]]):
                    raise StorageError(
                        f"result storage {d} overlaps operand #{k}'s storage "
                        f"{fr[tiles[k]]}, which this op forbids"
                    )
            data, poison = kernel(ins, [fr[i] for i in scalars])
            _write(d, data, poison)
            fr[rid] = d

        return fn

    # -- tile ops -------------------------------------------------------------

    def op_alloc(self, o):
        rid = self.define(o.results[0])
        if not self.storage:
            return None
        ty = self.types[rid]
        name = f"buffer {ty.text} allocated at {o.location}"
        if "addr" not in o.attributes or self.ignore_addresses:

            def fn(fr, st):
                fr[rid] = _Mem(name, ty.size, ty.slots)

            return fn
        # Addressed: a region of the space's memory, not re-poisoned here.
        base = ir.IntegerAttr(o.attributes["addr"]).value
        end = base + ty.size * ty.slots
        entry = self.spaces.get(ty.space)
        if entry is None:
            entry = self.spaces[ty.space] = [len(self.types), 0]
            self.types.append(_parse_type("<space memory>"))
        entry[1] = max(entry[1], end)
        sid = entry[0]
        name = f"buffer {ty.text} at {ty.space} [{base}, {end}) allocated at {o.location}"

        def fn(fr, st):
            fr[rid] = _Region(name, fr[sid], base, ty.size, ty.slots)

        return fn

    def op_if_exit_barrier(self, o):
        # Orders asynchronous producers on hardware; the interpreter runs
        # every op to completion, so there is nothing to wait for.
        for v in o.operands:
            self.use(v)
        return None

    def op_load(self, o):
        ops = list(o.operands)
        tid, iid, jid = self.use(ops[0]), self.use(ops[1]), self.use(ops[2])
        rid = self.define(o.results[0])
        rty = self.types[rid]
        R, C = rty.rows, rty.cols
        if not self.storage:

            def fn(fr, st):
                t, i, j = fr[tid], fr[iid], fr[jid]
                _check_block(t[0].shape[0], t[0].shape[1], i, j, R, C, "loaded")
                fr[rid] = _block(t, i, j, R, C)

            return fn
        recipe = self.dest_recipe(o, rty)
        self.recipes[rid] = recipe
        if recipe is None:
            return _no_storage_error("'tile.load'")
        dest = self.resolver(recipe)

        def fn(fr, st):
            src = _read(_slice_desc(fr[tid], fr[iid], fr[jid], R, C))
            d = dest(fr)
            _write(d, *src)
            fr[rid] = d

        return fn

    def op_store(self, o):
        ops = list(o.operands)
        vid_, tid = self.use(ops[0]), self.use(ops[1])
        iid, jid = self.use(ops[2]), self.use(ops[3])
        rid = self.define(o.results[0])
        vty = self.types[vid_]
        R, C = vty.rows, vty.cols
        if not self.storage:

            def fn(fr, st):
                t, i, j = fr[tid], fr[iid], fr[jid]
                _check_block(t[0].shape[0], t[0].shape[1], i, j, R, C, "stored")
                fr[rid] = _replace_block(t, fr[vid_], i, j)

            return fn
        self.inherit(rid, tid)

        def fn(fr, st):
            value = _read(fr[vid_])
            d = fr[tid]
            _write(_slice_desc(d, fr[iid], fr[jid], R, C), *value)
            fr[rid] = d

        return fn

    def op_move(self, o):
        sid = self.use(o.operands[0])
        src = self.types[sid].elem
        dst = _type_of(o.results[0]).elem
        return self.producer(o, [sid], [], lambda t, s: _convert(t[0], src, dst))

    def op_extract(self, o):
        sid = self.use(o.operands[0])
        src = self.types[sid].elem
        rty = _type_of(o.results[0])
        r, c = list(o.attributes["offsets"])
        R, C, dst = rty.rows, rty.cols, rty.elem
        sty = self.types[sid]
        _check_block(sty.rows, sty.cols, r, c, R, C, "extracted")
        return self.producer(
            o, [sid], [], lambda t, s: _convert(_block(t[0], r, c, R, C), src, dst)
        )

    def op_create(self, o):
        rid = self.define(o.results[0])
        rty = self.types[rid]
        if not self.storage:
            shape = (rty.rows, rty.cols)

            def fn(fr, st):
                fr[rid] = (np.zeros(shape, rty.dtype), np.ones(shape, bool))

            return fn
        recipe = self.dest_recipe(o, rty)
        self.recipes[rid] = recipe
        if recipe is None:
            return _no_storage_error("'tile.create'")
        dest = self.resolver(recipe)

        def fn(fr, st):
            fr[rid] = dest(fr)  # descriptor only: no data access

        return fn

    def op_binary(self, o):
        a, b = self.use(o.operands[0]), self.use(o.operands[1])
        elem = self.types[a].elem
        f = _BINARY[o.name]

        def kernel(t, s):
            return _from_c(f(_to_c(t[0][0], elem), _to_c(t[1][0], elem)), elem), t[0][1] | t[1][1]

        return self.producer(o, [a, b], [], kernel)

    def op_unary(self, o):
        a = self.use(o.operands[0])
        elem = self.types[a].elem
        f, undefined = _UNARY[o.name]

        def kernel(t, s):
            x = _to_c(t[0][0], elem)
            poison = t[0][1].copy() if undefined is None else t[0][1] | undefined(x)
            return _from_c(f(x), elem), poison

        return self.producer(o, [a], [], kernel)

    def op_scalar(self, o):
        a, x = self.use(o.operands[0]), self.use(o.operands[1])
        elem = self.types[a].elem
        f = np.add if o.name == "tile.adds" else np.multiply

        def kernel(t, s):
            return _from_c(f(_to_c(t[0][0], elem), _elem_scalar(s[0], elem)), elem), t[0][1].copy()

        return self.producer(o, [a], [x], kernel)

    def op_full(self, o):
        rty = _type_of(o.results[0])
        value = float(o.attributes["value"].value)
        shape, elem = (rty.rows, rty.cols), rty.elem
        fill = _from_c(np.array([value]), elem)[0]
        return self.producer(
            o, [], [], lambda t, s: (np.full(shape, fill, rty.dtype), np.zeros(shape, bool))
        )

    def op_transpose(self, o):
        a = self.use(o.operands[0])
        return self.producer(o, [a], [], lambda t, s: (t[0][0].T.copy(), t[0][1].T.copy()))

    def op_row_sum(self, o):
        a = self.use(o.operands[0])
        elem = self.types[a].elem
        return self.producer(
            o,
            [a],
            [],
            lambda t, s: (
                _from_c(_to_c(t[0][0], elem).sum(axis=1, keepdims=True), elem),
                t[0][1].any(axis=1, keepdims=True),
            ),
        )

    def op_row_expand_mul(self, o):
        a, f = self.use(o.operands[0]), self.use(o.operands[1])
        elem = self.types[a].elem

        def kernel(t, s):
            data = _from_c(_to_c(t[0][0], elem) * _to_c(t[1][0], elem)[:, :1], elem)
            return data, t[0][1] | t[1][1][:, :1]

        return self.producer(o, [a, f], [], kernel)

    def op_matmul(self, o):
        l, r = self.use(o.operands[0]), self.use(o.operands[1])
        le, re_ = self.types[l].elem, self.types[r].elem
        oe = _type_of(o.results[0]).elem

        def kernel(t, s):
            prod, poison = _matmul_product(t[0], t[1], le, re_)
            return _from_c(prod, oe), poison

        return self.producer(o, [l, r], [], kernel)

    def op_matmul_acc(self, o):
        ops = [self.use(v) for v in o.operands]
        acc, l, r = ops[0], ops[1], ops[2]
        cond = ops[3] if len(ops) > 3 else None
        rid = self.define(o.results[0])
        ae, le, re_ = self.types[acc].elem, self.types[l].elem, self.types[r].elem

        def compute(a, lt, rt, init):
            prod, poison = _matmul_product(lt, rt, le, re_)
            if init:
                return _from_c(prod, ae), poison
            return _from_c(_to_c(a[0], ae) + prod, ae), poison | a[1]

        if not self.storage:

            def fn(fr, st):
                init = bool(fr[cond]) if cond is not None else False
                fr[rid] = compute(fr[acc], fr[l], fr[r], init)

            return fn
        self.inherit(rid, acc)

        def fn(fr, st):
            init = bool(fr[cond]) if cond is not None else False
            d = fr[acc]
            a = None if init else _read(d)
            res = compute(a, _read(fr[l]), _read(fr[r]), init)
            _write(d, *res)
            fr[rid] = d

        return fn

    def op_write(self, o):
        tid, iid, jid, xid = [self.use(v) for v in o.operands]
        rid = self.define(o.results[0])
        elem = self.types[tid].elem
        R, C = self.types[tid].rows, self.types[tid].cols

        def element(x):
            return _from_c(np.array([_elem_scalar(x, elem)]), elem).reshape(1, 1)

        if not self.storage:

            def fn(fr, st):
                i, j = fr[iid], fr[jid]
                _check_block(R, C, i, j, 1, 1, "written")
                data, poison = fr[tid][0].copy(), fr[tid][1].copy()
                data[i, j] = element(fr[xid])[0, 0]
                poison[i, j] = False
                fr[rid] = (data, poison)

            return fn
        self.inherit(rid, tid)

        def fn(fr, st):
            d = fr[tid]
            _write(_slice_desc(d, fr[iid], fr[jid], 1, 1), element(fr[xid]), np.zeros((1, 1), bool))
            fr[rid] = d

        return fn

    def op_view(self, o):
        sid = self.use(o.operands[0])
        rid = self.define(o.results[0])
        sty, rty = self.types[sid], self.types[rid]
        if o.name == "tile.slice":
            r, c = list(o.attributes["offsets"])
            _check_block(sty.rows, sty.cols, r, c, rty.rows, rty.cols, "sliced")
            kind, params = "slice", (r, c, rty.rows, rty.cols)
        elif o.name == "tile.transpose_view":
            kind, params = "tview", None
        else:
            kind, params = "reshape", (rty.rows, rty.cols)
        if not self.storage:
            if kind == "slice":

                def fn(fr, st):
                    fr[rid] = _block(fr[sid], *params)
            elif kind == "tview":

                def fn(fr, st):
                    fr[rid] = (fr[sid][0].T.copy(), fr[sid][1].T.copy())
            else:

                def fn(fr, st):
                    fr[rid] = (fr[sid][0].reshape(params).copy(), fr[sid][1].reshape(params).copy())

            return fn
        base = self.recipes.get(sid)
        self.recipes[rid] = None if base is None else ("view", base, kind, params)

        def fn(fr, st):
            fr[rid] = _view_desc(fr[sid], kind, params)

        return fn

    def op_assemble(self, o):
        tid, sid = self.use(o.operands[0]), self.use(o.operands[1])
        rid = self.define(o.results[0])
        r, c = list(o.attributes["offsets"])
        tty, sty = self.types[tid], self.types[sid]
        _check_block(tty.rows, tty.cols, r, c, sty.rows, sty.cols, "assembled")
        if not self.storage:

            def fn(fr, st):
                fr[rid] = _replace_block(fr[tid], fr[sid], r, c)

            return fn
        self.inherit(rid, tid)
        R, C = sty.rows, sty.cols

        def fn(fr, st):
            src = _read(fr[sid])
            d = fr[tid]
            _write(_slice_desc(d, r, c, R, C), *src)
            fr[rid] = d

        return fn

    # -- regions --------------------------------------------------------------

    def op_scope(self, o):
        body = self.compile_block(o.regions[0].blocks[0])
        rids = [self.define(v) for v in o.results]
        for rid, y in zip(rids, body.term):
            self.inherit(rid, y)

        def fn(fr, st):
            _run_block(body, fr, st)
            for rid, y in zip(rids, body.term):
                fr[rid] = fr[y]

        return fn

    def op_for(self, o):
        ops = [self.use(v) for v in o.operands]
        lb, ub, step, inits = ops[0], ops[1], ops[2], ops[3:]
        block = o.regions[0].blocks[0]
        args = list(block.arguments)
        iv = self.define(args[0])
        carries = [self.define(a) for a in args[1:]]
        for c, i in zip(carries, inits):
            self.inherit(c, i)
        body = self.compile_block(block)
        rids = [self.define(v) for v in o.results]
        for rid, i in zip(rids, inits):
            self.inherit(rid, i)
        # storage mode: tile/tensor carries keep the init's storage; the back
        # edge copies nothing
        stored = [self.storage and self.types[c].has_storage for c in carries]
        n = len(carries)
        yields = body.term

        def fn(fr, st):
            i, hi, s = fr[lb], fr[ub], fr[step]
            if s <= 0:
                raise InterpreterError(f"scf.for step must be positive, got {s}")
            vals = [fr[x] for x in inits]
            while i < hi:
                fr[iv] = i
                for k in range(n):
                    fr[carries[k]] = vals[k]
                _run_block(body, fr, st)
                for k in range(n):
                    if not stored[k]:
                        vals[k] = fr[yields[k]]
                i += s
            for k in range(n):
                fr[rids[k]] = vals[k]

        return fn

    def op_while(self, o):
        inits = [self.use(v) for v in o.operands]
        before_blk, after_blk = o.regions[0].blocks[0], o.regions[1].blocks[0]
        bargs = [self.define(a) for a in before_blk.arguments]
        for a, i in zip(bargs, inits):
            self.inherit(a, i)
        before = self.compile_block(before_blk)
        cond, fwd = before.term[0], before.term[1:]
        aargs = [self.define(a) for a in after_blk.arguments]
        for a, f in zip(aargs, fwd):
            self.inherit(a, f)
        after = self.compile_block(after_blk)
        rids = [self.define(v) for v in o.results]
        for rid, f in zip(rids, fwd):
            self.inherit(rid, f)
        bstored = [self.storage and self.types[a].has_storage for a in bargs]
        nb = len(bargs)

        def fn(fr, st):
            vals = [fr[x] for x in inits]
            init_vals = list(vals)
            while True:
                for k in range(nb):
                    fr[bargs[k]] = init_vals[k] if bstored[k] else vals[k]
                _run_block(before, fr, st)
                forwarded = [fr[x] for x in fwd]
                if not fr[cond]:
                    for rid, v in zip(rids, forwarded):
                        fr[rid] = v
                    return
                for a, v in zip(aargs, forwarded):
                    fr[a] = v
                _run_block(after, fr, st)
                vals = [fr[x] for x in after.term]

        return fn

    def op_if(self, o):
        cond = self.use(o.operands[0])
        then_start = len(self.types)
        then = self.compile_block(o.regions[0].blocks[0])
        then_end = len(self.types)
        els = None
        if len(o.regions) > 1 and len(o.regions[1].blocks) > 0:
            els = self.compile_block(o.regions[1].blocks[0])
        rids = [self.define(v) for v in o.results]
        for rid, y in zip(rids, then.term):
            self.inherit(rid, y)
        # storage mode: the results are the then-arm yield's storage, even
        # when the else arm ran
        resolvers = []
        for k, rid in enumerate(rids):
            if not (self.storage and self.types[rid].has_storage):
                resolvers.append(None)
                continue
            recipe = self.recipes.get(rid)
            deps = self.recipe_deps(recipe)
            inner = sorted(d for d in deps if then_start <= d < then_end)
            resolvers.append(self._if_result_resolver(k, recipe, inner))

        def fn(fr, st):
            if fr[cond]:
                _run_block(then, fr, st)
                for rid, y in zip(rids, then.term):
                    fr[rid] = fr[y]
                return
            if els is None:
                return
            _run_block(els, fr, st)
            for k, (rid, y) in enumerate(zip(rids, els.term)):
                res = resolvers[k]
                fr[rid] = fr[y] if res is None else res(fr)

        return fn

    def _if_result_resolver(self, k, recipe, inner):
        if recipe is None:

            def fail(fr):
                raise StorageError(
                    f"scf.if result #{k} has no storage (the "
                    f"then-arm yields a value without storage)"
                )

            return fail
        if inner:

            def fail(fr):
                raise StorageError(
                    f"scf.if result #{k} lives where the then-arm's yielded "
                    f"value lives, which depends on values defined inside the "
                    f"then arm, but the else arm ran"
                )

            return fail
        return self.resolver(recipe)

    def op_call(self, o):
        callee = o.attributes["callee"].value
        args = [self.use(v) for v in o.operands]
        rids = [self.define(v) for v in o.results]
        for rid in rids:
            if self.storage and self.types[rid].has_storage:
                self.recipes[rid] = ("ext", rid)
        program, mode = self.program, self.mode
        ignore = self.ignore_addresses
        if callee not in program.functions:
            raise InterpreterError(f"call of unknown function @{callee}")

        def fn(fr, st):
            cf = program._compiled(callee, mode, ignore)
            results = _invoke(cf, [fr[a] for a in args], st)
            for rid, v in zip(rids, results):
                fr[rid] = v

        return fn

    # -- arith ----------------------------------------------------------------

    def op_constant(self, o):
        rid = self.define(o.results[0])
        ty = self.types[rid]
        attr = o.attributes["value"]
        if isinstance(attr, ir.BoolAttr):
            value = int(attr.value)
        elif isinstance(attr, (ir.IntegerAttr, ir.FloatAttr)):
            value = _norm_fn(ty)(attr.value)
        else:
            raise InterpreterError(f"unsupported constant {attr}")

        def fn(fr, st):
            fr[rid] = value

        return fn

    def op_arith_binary(self, o):
        a, b = self.use(o.operands[0]), self.use(o.operands[1])
        rid = self.define(o.results[0])
        ty = self.types[rid]
        norm = _norm_fn(ty)
        f = _int_binop(o.name, ty.bits) if ty.kind == "int" else _float_binop(o.name)
        if f is None:
            raise InterpreterError(f"'{o.name}' on {ty.text} is unsupported")

        def fn(fr, st):
            fr[rid] = norm(f(fr[a], fr[b]))

        return fn

    def op_cmpi(self, o):
        a, b = self.use(o.operands[0]), self.use(o.operands[1])
        rid = self.define(o.results[0])
        f = _cmpi_fn(_CMPI[o.attributes["predicate"].value], self.types[a].bits)

        def fn(fr, st):
            fr[rid] = f(fr[a], fr[b])

        return fn

    def op_cmpf(self, o):
        a, b = self.use(o.operands[0]), self.use(o.operands[1])
        rid = self.define(o.results[0])
        f = _cmpf_fn(_CMPF[o.attributes["predicate"].value])

        def fn(fr, st):
            fr[rid] = f(fr[a], fr[b])

        return fn

    def op_select(self, o):
        c, t, f = [self.use(v) for v in o.operands]
        rid = self.define(o.results[0])
        if self.storage and self.types[rid].has_storage:
            self.recipes[rid] = None

            def fail(fr, st):
                raise StorageError("arith.select of tiles/tensors has no storage rule")

            return fail

        def fn(fr, st):
            fr[rid] = fr[t] if fr[c] else fr[f]

        return fn

    def op_negf(self, o):
        a = self.use(o.operands[0])
        rid = self.define(o.results[0])

        def fn(fr, st):
            fr[rid] = -fr[a]

        return fn

    def op_cast(self, o):
        a = self.use(o.operands[0])
        rid = self.define(o.results[0])
        src, dst = self.types[a], self.types[rid]
        norm = _norm_fn(dst)
        name = o.name
        if name in ("arith.index_cast", "arith.extsi", "arith.trunci"):
            f = lambda x: norm(_signed(x, src.bits))  # noqa: E731
        elif name in ("arith.index_castui", "arith.extui"):
            f = lambda x: norm(_unsigned(x, src.bits))  # noqa: E731
        elif name == "arith.sitofp":
            f = lambda x: norm(float(_signed(x, src.bits)))  # noqa: E731
        elif name == "arith.uitofp":
            f = lambda x: norm(float(_unsigned(x, src.bits)))  # noqa: E731
        elif name in ("arith.fptosi", "arith.fptoui"):

            def f(x):
                if math.isnan(x) or math.isinf(x):
                    raise InterpreterError(f"{name} of {x}")
                return norm(math.trunc(x))
        elif name in ("arith.extf", "arith.truncf"):
            f = norm
        else:
            raise InterpreterError(f"unsupported operation '{name}'")

        def fn(fr, st):
            fr[rid] = f(fr[a])

        return fn


_HANDLERS: dict[str, Callable] = {
    "tile.alloc": _Compiler.op_alloc,
    "tile.load": _Compiler.op_load,
    "tile.store": _Compiler.op_store,
    "tile.move": _Compiler.op_move,
    "tile.extract": _Compiler.op_extract,
    "tile.create": _Compiler.op_create,
    **{name: _Compiler.op_binary for name in _BINARY},
    **{name: _Compiler.op_unary for name in _UNARY},
    "tile.adds": _Compiler.op_scalar,
    "tile.muls": _Compiler.op_scalar,
    "tile.full": _Compiler.op_full,
    "tile.transpose": _Compiler.op_transpose,
    "tile.row_sum": _Compiler.op_row_sum,
    "tile.row_expand_mul": _Compiler.op_row_expand_mul,
    "tile.matmul": _Compiler.op_matmul,
    "tile.matmul_acc": _Compiler.op_matmul_acc,
    "tile.write": _Compiler.op_write,
    "tile.reshape": _Compiler.op_view,
    "tile.slice": _Compiler.op_view,
    "tile.transpose_view": _Compiler.op_view,
    "tile.assemble": _Compiler.op_assemble,
    "tile.scope": _Compiler.op_scope,
    "tile.if_exit_barrier": _Compiler.op_if_exit_barrier,
    "scf.for": _Compiler.op_for,
    "scf.while": _Compiler.op_while,
    "scf.if": _Compiler.op_if,
    "func.call": _Compiler.op_call,
    "arith.constant": _Compiler.op_constant,
    "arith.cmpi": _Compiler.op_cmpi,
    "arith.cmpf": _Compiler.op_cmpf,
    "arith.select": _Compiler.op_select,
    "arith.negf": _Compiler.op_negf,
    **{
        f"arith.{n}": _Compiler.op_cast
        for n in (
            "index_cast",
            "index_castui",
            "extsi",
            "extui",
            "trunci",
            "sitofp",
            "uitofp",
            "fptosi",
            "fptoui",
            "extf",
            "truncf",
        )
    },
}


# ===----------------------------------------------------------------------=== #
# Programs, results and the public API
# ===----------------------------------------------------------------------=== #


class RunResult:
    """The outcome of one run.

    ``outputs``: the returned values -- numpy arrays (of the element dtype;
    float32 for bf16) for tiles and tensors, Python int / float / bool for
    scalars. ``poison``: one boolean mask per output (None for scalars).
    ``steps``: operations executed. ``mode``: "value" or "storage".
    """

    def __init__(self, outputs, poison, steps, mode, types):
        self.outputs: list[Any] = outputs
        self.poison: list[np.ndarray | None] = poison
        self.steps: int = steps
        self.mode: str = mode
        self.types: list[str] = types

    def __repr__(self) -> str:
        return f"RunResult(mode={self.mode!r}, outputs={self.outputs!r})"


class CompareResult:
    """The outcome of :func:`compare`: ``equal`` (bool), ``message`` (the
    first difference, or "equal"), and both runs (``reference``,
    ``candidate``)."""

    def __init__(self, equal: bool, message: str, reference: RunResult, candidate: RunResult):
        self.equal, self.message = equal, message
        self.reference, self.candidate = reference, candidate

    def __bool__(self) -> bool:
        return self.equal

    def __repr__(self) -> str:
        return f"CompareResult(equal={self.equal}, message={self.message!r})"


def _output_array(data: np.ndarray, elem: str) -> np.ndarray:
    if elem == "bf16":
        return _bf16_to_f32(data).copy()
    return np.array(data, copy=True)


def _input_array(x, ty: _Ty) -> np.ndarray:
    arr = np.asarray(x)
    if arr.shape != (ty.rows, ty.cols):
        raise InterpreterError(f"input of type {ty.text} has shape {arr.shape}")
    if ty.elem == "bf16" and arr.dtype == np.uint16:
        return arr.copy()  # already bf16 bit patterns
    if arr.dtype == bool:
        arr = arr.astype(np.int64)
    return _from_c(arr, ty.elem)


class Program:
    """A module prepared for interpretation; functions are compiled lazily
    (once per mode) into closures. Reuse one Program to run many inputs."""

    def __init__(self, module: ir.Module | str):
        if isinstance(module, str):
            context = ir.Context()
            with context, ir.Location.unknown():
                module = ir.Module.parse(module)
        self.module = module
        self.functions: dict[str, Any] = {}
        callees = set()
        for op in module.body.operations:
            if op.operation.name != "func.func":
                continue
            name = ir.StringAttr(op.operation.attributes["sym_name"]).value
            self.functions[name] = op
            callees |= set(self._callees(op.operation))
        self._cache: dict[tuple, _Func] = {}
        entries = [n for n in self.functions if n not in callees]
        self.default_function = (entries or list(self.functions) or [None])[0]

    @staticmethod
    def _callees(op):
        for region in op.regions:
            for block in region.blocks:
                for inner in block.operations:
                    o = inner.operation
                    if o.name == "func.call":
                        yield o.attributes["callee"].value
                    yield from Program._callees(o)

    def _function_name(self, function: str | None) -> str:
        name = function if function is not None else self.default_function
        if name is None:
            raise InterpreterError("the module has no function")
        name = name.lstrip("@")
        if name not in self.functions:
            raise InterpreterError(f"no function @{name} in the module")
        return name

    def _compiled(self, name: str, mode: str, ignore_addresses: bool = False) -> _Func:
        key = (name, mode, ignore_addresses)
        cf = self._cache.get(key)
        if cf is None:
            with self.module.context:
                cf = _Compiler(
                    self, self.functions[name], mode, ignore_addresses
                ).compile_function()
            self._cache[key] = cf
        return cf

    def argument_types(self, function: str | None = None) -> list[str]:
        """The argument types of `function` as strings."""
        op = self.functions[self._function_name(function)].operation
        ft = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
        return [str(t) for t in ft.inputs]

    def run(
        self,
        inputs: Sequence,
        mode: str = "value",
        function: str | None = None,
        max_steps: int = DEFAULT_MAX_STEPS,
        ignore_addresses: bool = False,
    ) -> RunResult:
        """Runs `function` (default: the first function no other one calls)
        on `inputs` (one per argument) in "value" or "storage" mode. In
        storage mode, allocations with ``addr`` share their space's memory
        unless `ignore_addresses`."""
        if mode not in ("value", "storage"):
            raise ValueError(f"mode must be 'value' or 'storage', not {mode!r}")
        name = self._function_name(function)
        cf = self._compiled(name, mode, bool(ignore_addresses) and mode == "storage")
        if len(inputs) != len(cf.arg_types):
            raise InterpreterError(
                f"@{name} takes {len(cf.arg_types)} argument(s), got {len(inputs)}"
            )
        args = []
        for k, (ty, x) in enumerate(zip(cf.arg_types, inputs)):
            if ty.has_storage:
                arr = _input_array(x, ty)
                if mode == "value":
                    args.append((arr, np.zeros(arr.shape, bool)))
                else:
                    mem = _Mem(
                        f"argument #{k} of @{name}",
                        arr.nbytes,
                        1,
                        np.ascontiguousarray(arr).view(np.uint8).reshape(-1).copy(),
                    )
                    args.append(_Desc(mem, 0, ty.rows, ty.cols, ty.cols, 1, ty.elem))
            elif ty.kind == "buffer":
                # The caller's buffer: memory of its own, poison on entry
                # (no input value; pass None).
                args.append(
                    _Mem(f"buffer argument #{k} of @{name}", ty.size, ty.slots)
                    if mode == "storage"
                    else None
                )
            elif ty.kind in ("int", "float"):
                if isinstance(x, np.ndarray) or isinstance(x, np.generic):
                    if np.size(x) != 1:
                        raise InterpreterError(
                            f"argument #{k} of @{name} is a {ty.text} scalar, "
                            f"got an array of shape {np.shape(x)}"
                        )
                    x = np.asarray(x).item()
                if ty.kind == "float":
                    x = float(x)
                args.append(_norm_fn(ty)(x))
            else:
                raise InterpreterError(f"unsupported argument type {ty.text}")
        st = _State(max_steps)
        with np.errstate(all="ignore"):
            results = _invoke(cf, args, st)
            outputs, poison = [], []
            for ty, v in zip(cf.result_types, results):
                if ty.has_storage:
                    data, mask = v if mode == "value" else _read(v)
                    outputs.append(_output_array(data, ty.elem))
                    poison.append(np.array(mask, dtype=bool, copy=True))
                else:
                    if ty.kind == "int" and ty.bits == 1:
                        v = bool(v)
                    outputs.append(v)
                    poison.append(None)
        return RunResult(
            outputs, poison, max_steps - st.budget, mode, [t.text for t in cf.result_types]
        )


_TEXT_CACHE: collections.OrderedDict[str, Program] = collections.OrderedDict()


def compile(module: ir.Module | str | Program) -> Program:  # noqa: A001
    """A :class:`Program` for `module` (an ``ir.Module``, its text, or a
    Program). Text is cached; an ``ir.Module`` is compiled afresh because it
    may have been transformed in place since."""
    if isinstance(module, Program):
        return module
    if isinstance(module, str):
        program = _TEXT_CACHE.get(module)
        if program is None:
            program = Program(module)
            _TEXT_CACHE[module] = program
            while len(_TEXT_CACHE) > 32:
                _TEXT_CACHE.popitem(last=False)
        else:
            _TEXT_CACHE.move_to_end(module)
        return program
    return Program(module)


def run(
    module: ir.Module | str | Program,
    inputs: Sequence,
    mode: str = "value",
    function: str | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    ignore_addresses: bool = False,
) -> RunResult:
    """Interprets `function` of `module` on `inputs`.

    module: an ``ir.Module``, the text of one, or a :class:`Program`.
    inputs: one per argument -- numpy arrays for tiles and tensors (bf16:
    float values, or uint16 arrays taken as bit patterns), Python or numpy
    scalars otherwise. mode: "value" (SSA semantics) or "storage"
    (simulated memory). function: its name (default: the first function no
    other function calls). max_steps: operation budget; exceeding it raises
    InterpreterError. ignore_addresses: in storage mode, give allocations
    that carry ``addr`` private memory too (default: they share their memory
    space's bytes at their address). Returns a :class:`RunResult`.
    """
    return compile(module).run(
        inputs, mode=mode, function=function, max_steps=max_steps, ignore_addresses=ignore_addresses
    )


def random_inputs(
    module: ir.Module | str | Program,
    function: str | None = None,
    seed: int = 0,
    scalars: dict[int, Any] | None = None,
) -> list:
    """Deterministic inputs for the arguments of `function`.

    Floating tiles/tensors get values uniform in [-1, 1) rounded to the
    element type, integer ones small integers in [-8, 8). Scalar argument
    `k` is ``scalars[k]`` when given, otherwise a small random integer
    (index: [0, 4), iN: [-4, 4)), a random bool for i1, or a float in
    [-1, 1).
    """
    program = compile(module)
    rng = np.random.default_rng(seed)
    scalars = scalars or {}
    inputs = []
    for k, text in enumerate(program.argument_types(function)):
        ty = _parse_type(text)
        if ty.has_storage:
            shape = (ty.rows, ty.cols)
            if ty.elem[0] == "i":
                inputs.append(rng.integers(-8, 8, size=shape).astype(ty.dtype))
            elif ty.elem == "bf16":
                raw = rng.uniform(-1, 1, size=shape).astype(np.float32)
                inputs.append(_bf16_to_f32(_f32_to_bf16(raw)).copy())
            else:
                inputs.append(rng.uniform(-1, 1, size=shape).astype(ty.dtype))
        elif ty.kind == "buffer":
            inputs.append(None)  # the caller's buffer holds no input value
        elif k in scalars:
            inputs.append(scalars[k])
        elif ty.kind == "int" and ty.bits == 1:
            inputs.append(bool(rng.integers(0, 2)))
        elif ty.kind == "int":
            lo, hi = (0, 4) if ty.text == "index" else (-4, 4)
            inputs.append(int(rng.integers(lo, hi)))
        elif ty.kind == "float":
            inputs.append(_round_fn(ty.text)(float(rng.uniform(-1, 1))))
        else:
            raise InterpreterError(f"no random input for type {ty.text}")
    return inputs


def _first(mask: np.ndarray) -> tuple:
    return tuple(int(i) for i in np.argwhere(mask)[0])


def _compare_output(k: int, ty: str, ref, ref_poison, cand, cand_poison) -> str | None:
    if ref_poison is None:  # scalar
        same = ref == cand or (
            isinstance(ref, float)
            and isinstance(cand, float)
            and math.isnan(ref)
            and math.isnan(cand)
        )
        return None if same else (f"output #{k} ({ty}): reference {ref!r}, candidate {cand!r}")
    if ref.shape != cand.shape:
        return f"output #{k} ({ty}): shape {ref.shape} vs {cand.shape}"
    total = ref.size
    for who, mask in (
        ("reference (value mode)", ref_poison),
        ("candidate (storage mode)", cand_poison),
    ):
        if mask.any():
            return (
                f"output #{k} ({ty}): {int(mask.sum())} of {total} "
                f"element(s) are poison in the {who}, first at "
                f"{_first(mask)}"
            )
    if ref.dtype.kind == "f":
        diff = ~((ref == cand) | (np.isnan(ref) & np.isnan(cand)))
    else:
        diff = ref != cand
    if diff.any():
        at = _first(diff)
        return (
            f"output #{k} ({ty}): {int(diff.sum())} of {total} element(s) "
            f"differ in value, first at {at}: reference {ref[at]!r}, "
            f"candidate {cand[at]!r}"
        )
    return None


def compare(
    reference: ir.Module | str | Program,
    candidate: ir.Module | str | Program,
    inputs: Sequence,
    function: str | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    ignore_addresses: bool = False,
) -> CompareResult:
    """Runs `reference` in value mode and `candidate` in storage mode on the
    same inputs and compares every output exactly (NaN equals NaN). Poison
    in any output is a difference. Interpreter errors (e.g. StorageError in
    the candidate) propagate. The candidate's ``addr`` attributes are
    honoured unless `ignore_addresses`."""
    ref = run(reference, inputs, mode="value", function=function, max_steps=max_steps)
    cand = run(
        candidate,
        inputs,
        mode="storage",
        function=function,
        max_steps=max_steps,
        ignore_addresses=ignore_addresses,
    )
    if len(ref.outputs) != len(cand.outputs):
        return CompareResult(
            False,
            f"{len(ref.outputs)} reference outputs vs {len(cand.outputs)} candidate outputs",
            ref,
            cand,
        )
    for k in range(len(ref.outputs)):
        message = _compare_output(
            k, ref.types[k], ref.outputs[k], ref.poison[k], cand.outputs[k], cand.poison[k]
        )
        if message is not None:
            return CompareResult(False, message, ref, cand)
    return CompareResult(True, "equal", ref, cand)
