"""The semantics of the ops: tile kernels on (data, poison) tuples and the
scalar (``arith``) operations.

``_BINARY``, ``_UNARY``, ``_SCALAR``, ``_REDUCTIONS`` and ``_BROADCASTS``
are the single tables of the elementwise binary, unary, tile-scalar,
reduction and broadcast tile ops:
adding such an op to the interpreter is one entry here (the compiler's
handler table and the fuzzer's op lists are derived from them).
"""

from __future__ import annotations

import contextlib
import math

import numpy as np

from .errors import InterpreterError
from .numerics import _from_c, _signed, _to_c, _unsigned
from .types import _ELEM

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
    "tile.div": _ieee_divide,
    # std::max(lhs, rhs) and std::min(lhs, rhs), as pto-isa's TMAX and TMIN:
    # with a NaN, lhs.
    "tile.maximum": lambda a, b: np.where(a < b, b, a),
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

#: The semantics of the tile-scalar ops: f(tile, scalar), the scalar already
#: in the tile's element type. The fuzzer generates every op named here.
_SCALAR = {
    "tile.adds": np.add,
    "tile.muls": np.multiply,
    "tile.subs": np.subtract,
    "tile.divs": _ieee_divide,
    # std::max(src, s) and std::min(src, s): with a NaN, src.
    "tile.maxs": lambda a, s: np.where(a < s, s, a),
    "tile.mins": lambda a, s: np.where(s < a, s, a),
}

#: The tile-scalar ops the interpreter runs, by mnemonic.
SCALAR_OPS = tuple(name.removeprefix("tile.") for name in _SCALAR)


def _fold(x, axis, pick):
    """pto-isa's max/min reduction: `r = pick(r, x[k])` from the first
    element, `pick(a, b)` true where b replaces a (a NaN first element stays,
    a later NaN is skipped)."""
    x = np.moveaxis(x, axis, 0)
    r = x[0].copy()
    for k in range(1, x.shape[0]):
        r = np.where(pick(r, x[k]), x[k], r)
    return np.expand_dims(r, axis)


#: How float sums (row and column sums, the sums of a matmul) are added:
#: "float64" (the reference: exact enough that the result is the correctly
#: rounded sum in nearly every case), "sequential-float32" (one element
#: after another in float32, as pto-isa's CPU simulator adds row sums; an
#: f16 column sum in f16, as its TColSum adds in the tile's own type) or
#: "perturbed-float32" (the float64 sum moved by a random error of the size
#: float32 addition makes in some order; SUMMATION[1] draws it). Only toolchain.compare.ill_conditioned switches
#: it (with `summation_order`), to tell a kernel whose results depend on the
#: order of its additions beyond the comparison's tolerance.
SUMMATION = ["float64"]


@contextlib.contextmanager
def summation(order: str, rng=None):
    """Float sums added in `order` (SUMMATION) inside the block, drawing
    from the numpy Generator `rng` for "perturbed-float32"; float64 after."""
    SUMMATION[:] = [order, rng]
    try:
        yield
    finally:
        SUMMATION[:] = ["float64"]


def _rounding_noise(total, magnitude, terms):
    """`total` moved by a random error of the size float32 addition of
    `terms` terms of absolute sum `magnitude` makes in some order
    (sqrt(terms) * 2^-24 * magnitude, the usual estimate): SUMMATION
    "perturbed-float32", drawn from SUMMATION[1] (a numpy Generator)."""
    scale = np.sqrt(terms) * 2.0**-24 * magnitude
    return total + SUMMATION[1].standard_normal(np.shape(total)) * scale


def _sum(x, axis, elem="f32"):
    if np.issubdtype(x.dtype, np.floating):
        if SUMMATION[0] == "sequential-float32":
            # pto-isa's CPU TRowSum adds an f16 row in float (TypeSum), its
            # TColSum an f16 column in half (the tile's DType).
            accumulator = np.float16 if elem == "f16" and axis == 0 else np.float32
            partial = np.cumsum(x.astype(accumulator), axis=axis, dtype=accumulator)
            last = np.take(partial, [x.shape[axis] - 1], axis=axis)
            return last.astype(x.dtype)
        if SUMMATION[0] == "perturbed-float32":
            total = x.sum(axis=axis, keepdims=True)
            magnitude = np.abs(x).sum(axis=axis, keepdims=True)
            return _rounding_noise(total, magnitude, x.shape[axis])
    return x.sum(axis=axis, keepdims=True)


#: The reductions: op -> (axis, reduce(values, axis, elem)) on float64/int64
#: values of element type `elem`; the result keeps the reduced axis with one
#: element (Rx1 for a row reduction, 1xC for a column one). The fuzzer
#: generates every op named here.
_REDUCTIONS = {
    "tile.row_sum": (1, _sum),
    "tile.row_max": (1, lambda x, axis, elem: _fold(x, axis, lambda r, v: r < v)),
    "tile.row_min": (1, lambda x, axis, elem: _fold(x, axis, lambda r, v: v < r)),
    "tile.col_sum": (0, _sum),
    "tile.col_max": (0, lambda x, axis, elem: _fold(x, axis, lambda r, v: r < v)),
}

#: The broadcasts: op -> (axis, f(tile, vector), poison(vector) or None),
#: the vector (Rx1 for axis 1, 1xC for axis 0) broadcast along `axis`. A
#: zero divisor is poison: pto-isa's TROWEXPANDDIV and TCOLEXPANDDIV assert
#: a non-zero one. The fuzzer generates every op named here.
_BROADCASTS = {
    "tile.row_expand_mul": (1, np.multiply, None),
    "tile.row_expand_add": (1, np.add, None),
    "tile.row_expand_sub": (1, np.subtract, None),
    "tile.row_expand_div": (1, _ieee_divide, lambda v: v == 0),
    # std::max(x, v): with a NaN element, x.
    "tile.row_expand_max": (1, lambda x, v: np.where(x < v, v, x), None),
    # std::min(x, v): with a NaN element, x.
    "tile.row_expand_min": (1, lambda x, v: np.where(v < x, v, x), None),
    "tile.col_expand_add": (0, np.add, None),
    "tile.col_expand_sub": (0, np.subtract, None),
    "tile.col_expand_mul": (0, np.multiply, None),
    "tile.col_expand_div": (0, _ieee_divide, lambda v: v == 0),
    "tile.col_expand_max": (0, lambda x, v: np.where(x < v, v, x), None),
    "tile.col_expand_min": (0, lambda x, v: np.where(v < x, v, x), None),
}

#: The broadcasts that combine a tile with a column and with a row.
ROW_BROADCASTS = tuple(n.removeprefix("tile.") for n, b in _BROADCASTS.items() if b[0] == 1)
COLUMN_BROADCASTS = tuple(n.removeprefix("tile.") for n, b in _BROADCASTS.items() if b[0] == 0)

#: The row and the column reductions, by mnemonic.
ROW_REDUCTIONS = tuple(n.removeprefix("tile.") for n, (axis, _) in _REDUCTIONS.items() if axis == 1)
COLUMN_REDUCTIONS = tuple(
    n.removeprefix("tile.") for n, (axis, _) in _REDUCTIONS.items() if axis == 0
)


#: tile.cvt's rounding modes (pto-isa's CAST_RINT ... CAST_TRUNC) on float64
#: values: to nearest even, ties away from zero, toward -inf, +inf, zero.
_ROUND_MODES = {
    "rint": np.rint,
    "round": lambda x: np.where(x < 0, -np.floor(0.5 - x), np.floor(x + 0.5)),
    "floor": np.floor,
    "ceil": np.ceil,
    "trunc": np.trunc,
}

#: tile.cvt's rounding modes in the order of the RoundMode enum (TileBase.td).
ROUND_MODES = tuple(_ROUND_MODES)

_INT_RANGE = {"i8": (-(2**7), 2**7 - 1), "i16": (-(2**15), 2**15 - 1), "i32": (-(2**31), 2**31 - 1)}


def _cvt(x, src: str, dst: str, mode: str):
    """tile.cvt on a compute array (float64 / int64) of `src` elements:
    the `dst` storage array and the elements whose result is undefined.

    As pto-isa's TCVT (its CPU simulator, where the hardware agrees):
    a float -> integer conversion rounds with `mode`; a result outside the
    integer's range (or of a NaN) is poison: the simulator's C++ cast is
    undefined there and the hardware saturates or truncates per pair. An
    integer -> integer one wraps (i32 -> i16 truncates on both). A
    conversion to a float rounds to nearest even; a narrowing one (f32 ->
    f16, bf16) whose result is not finite is poison: the simulator gives an
    infinity where the hardware may saturate."""
    with np.errstate(invalid="ignore", over="ignore"):
        if dst[0] == "i":
            if src[0] == "i":
                return _from_c(x, dst), np.zeros(x.shape, bool)
            rounded = _ROUND_MODES[mode](x)
            low, high = _INT_RANGE[dst]
            undefined = ~((rounded >= low) & (rounded <= high))
            return _from_c(np.where(undefined, 0.0, rounded), dst), undefined
        data = _from_c(x, dst)
        if src[0] == "i" or _ELEM[dst][1] >= _ELEM[src][1]:
            return data, np.zeros(x.shape, bool)
        return data, ~np.isfinite(_to_c(data, dst))


#: tile.cmp's and tile.cmps's comparisons, in the order of the CmpMode enum
#: (TileBase.td).
_COMPARISONS = {
    "eq": np.equal,
    "ne": np.not_equal,
    "lt": np.less,
    "le": np.less_equal,
    "gt": np.greater,
    "ge": np.greater_equal,
}
CMP_MODES = tuple(_COMPARISONS)


def _simulated_scalar_compare(a, b, mode: str):
    """pto-isa's CPU TCMPS (CmpCall): eq is |a - b| < 1e-9 in double, ne is
    true for a NaN and else |a - b| > 1e-9; the others are exact."""
    with np.errstate(invalid="ignore"):
        diff = np.abs(a - b)
        if mode == "eq":
            return diff < 1e-9
        if mode == "ne":
            return np.isnan(a) | np.isnan(b) | (diff > 1e-9)
    return _COMPARISONS[mode](a, b)


def _compare(a, b, mode: str, scalar_form: bool, floats: bool):
    """The predicate of each element of tile.cmp (b a tile) or tile.cmps (b
    the scalar) on compute arrays, and where it is undefined: for tile.cmps
    eq/ne on floats, where the simulator's approximate compare and IEEE's
    (the hardware's) disagree (a tiny nonzero difference, equal
    infinities)."""
    with np.errstate(invalid="ignore"):
        exact = _COMPARISONS[mode](a, b)
    if scalar_form and floats and mode in ("eq", "ne"):
        return exact, exact != _simulated_scalar_compare(a, b, mode)
    return exact, np.zeros(np.shape(exact), bool)


def _pack_mask(bits, undefined, mask_cols: int):
    """An RxC predicate (bool) as its mask, R x mask_cols i8: bit j % 8 of
    byte j / 8 of row i is element (i, j); a byte is poison when one of its
    bits is, and the bytes past C / 8 of each row are poison (the hardware
    leaves them undefined; the simulator zeroes them)."""
    rows, cols = bits.shape
    weights = (1 << np.arange(8)).astype(np.int64)
    packed = (bits.reshape(rows, cols // 8, 8).astype(np.int64) * weights).sum(axis=2)
    data = np.zeros((rows, mask_cols), np.int64)
    data[:, : cols // 8] = packed
    poison = np.ones((rows, mask_cols), bool)
    poison[:, : cols // 8] = undefined.reshape(rows, cols // 8, 8).any(axis=2)
    return data.astype(np.uint8).view(np.int8), poison


def _unpack_mask(mask, cols: int):
    """The predicate (RxC bool) a mask holds for a tile of `cols` columns,
    and its poison (the poison of each element's byte)."""
    data, poison = mask
    rows = data.shape[0]
    data = data[:, : cols // 8].view(np.uint8).astype(np.int64)
    bits = (data[:, :, None] >> np.arange(8)) & 1
    return bits.reshape(rows, cols).astype(bool), np.repeat(poison[:, : cols // 8], 8, axis=1)


def _pad_value(pad: str, elem: str):
    """tile.fillpad's pad value in the compute domain: 0, or the largest /
    smallest value (an infinity for a float, the integer's extreme)."""
    if pad == "zero":
        return 0
    if elem[0] == "i":
        bits = _ELEM[elem][1] * 8
        return 2 ** (bits - 1) - 1 if pad == "max" else -(2 ** (bits - 1))
    return np.inf if pad == "max" else -np.inf


#: tile.fillpad's pad values, by the PadValue enum's numbers (TileBase.td).
PAD_VALUES = {1: "zero", 2: "max", 3: "min"}


def _matmul_product(l, r, le, re_):
    """float64/int64 product and its poison (row of l / column of r)."""
    a, b = _to_c(l[0], le), _to_c(r[0], re_)
    if SUMMATION[0] == "sequential-float32" and np.issubdtype(a.dtype, np.floating):
        # Products in float32, added over k one after another.
        terms = a.astype(np.float32)[:, :, None] * b.astype(np.float32)[None, :, :]
        prod = np.cumsum(terms, axis=1, dtype=np.float32)[:, -1, :].astype(a.dtype)
    elif SUMMATION[0] == "perturbed-float32" and np.issubdtype(a.dtype, np.floating):
        prod = _rounding_noise(a @ b, np.abs(a) @ np.abs(b), a.shape[1])
    else:
        prod = a @ b
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
        "arith.ceildivui": lambda a, b: -((-u(a)) // nonzero(u(b))),
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

    def remf(a, b):
        # C's fmod, which arith.remf is: exact, the sign of the dividend.
        if math.isnan(a) or math.isnan(b) or math.isinf(a) or b == 0:
            return math.nan
        return a if math.isinf(b) else math.fmod(a, b)

    table = {
        "arith.addf": lambda a, b: float(f64(a) + f64(b)),
        "arith.subf": lambda a, b: float(f64(a) - f64(b)),
        "arith.mulf": lambda a, b: float(f64(a) * f64(b)),
        "arith.divf": lambda a, b: float(f64(a) / f64(b)),
        "arith.maximumf": maximumf,
        "arith.minimumf": minimumf,
        "arith.maxnumf": maxnumf,
        "arith.minnumf": minnumf,
        "arith.remf": remf,
    }
    return table.get(name)
