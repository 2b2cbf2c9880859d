"""Numeric conversions between storage and compute arrays, and scalar
normalisation.

Arithmetic is done in float64 (integers in int64) and cast to the result's
element type after every op; bf16 is stored as uint16 bit patterns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .errors import InterpreterError
from .types import _ELEM, _Ty


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
