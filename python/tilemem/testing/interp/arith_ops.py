"""The compilers of the ``arith`` ops (a part of ``_Compiler``): scalars are
canonical Python ints and floats, normalised to their type after every op.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from ... import ir
from .errors import InterpreterError, StorageError
from .numerics import _bf16_to_f32, _f32_to_bf16, _norm_fn, _signed, _unsigned
from .semantics import _CMPF, _CMPI, _cmpf_fn, _cmpi_fn, _float_binop, _int_binop


def _integer_value(attr) -> int:
    """An integer attribute's value. Wider than 64 bits it is read from the
    attribute's text: the bindings' ``.value`` asserts there (an i128
    constant of 10^23 aborted the interpreter's process)."""
    if isinstance(attr.type, ir.IntegerType) and attr.type.width > 64:
        return int(str(attr).split(":")[0])
    return attr.value


class _ArithOps:
    """The compilers of the ``arith`` ops, a part of ``_Compiler``."""

    # -- arith ----------------------------------------------------------------

    def op_constant(self, o):
        rid = self.define(o.results[0])
        ty = self.types[rid]
        attr = o.attributes["value"]
        if isinstance(attr, ir.BoolAttr):
            value = int(attr.value)
        elif isinstance(attr, ir.IntegerAttr):
            value = _norm_fn(ty)(_integer_value(attr))
        elif isinstance(attr, ir.FloatAttr):
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

    def op_bitcast(self, o):
        """The same bits read as another type of their width. A float here is
        a Python float, so a NaN keeps its sign but not its payload."""
        a = self.use(o.operands[0])
        rid = self.define(o.results[0])
        pattern_of, _ = _bits_codec(self.types[a])
        _, value_of = _bits_codec(self.types[rid])

        def fn(fr, st):
            fr[rid] = value_of(pattern_of(fr[a]))

        return fn

    def op_extended(self, o):
        """mulsi_extended, mului_extended (the low and high halves of the
        full product) and addui_extended (the sum and its carry out)."""
        a, b = self.use(o.operands[0]), self.use(o.operands[1])
        first, second = self.define(o.results[0]), self.define(o.results[1])
        bits = self.types[a].bits
        norm = _norm_fn(self.types[a])
        name = o.name
        if name == "arith.addui_extended":

            def fn(fr, st):
                total = _unsigned(fr[a], bits) + _unsigned(fr[b], bits)
                fr[first], fr[second] = norm(total), total >> bits

            return fn
        widen = _signed if name == "arith.mulsi_extended" else _unsigned

        def fn(fr, st):
            product = widen(fr[a], bits) * widen(fr[b], bits)
            fr[first], fr[second] = norm(product), norm(product >> bits)

        return fn


def _bits_codec(ty) -> tuple[Callable, Callable]:
    """(value -> unsigned bit pattern, unsigned bit pattern -> value) of a
    scalar type, for arith.bitcast."""
    if ty.kind == "int":
        wrap = _norm_fn(ty)
        return (lambda x: _unsigned(x, ty.bits)), wrap
    if ty.text == "bf16":

        def pattern(x):
            return int(_f32_to_bf16(np.array([x], np.float32))[0])

        def value(p):
            return float(_bf16_to_f32(np.array([p], np.uint16))[0])

        return pattern, value
    floats = {
        "f16": (np.float16, np.uint16),
        "f32": (np.float32, np.uint32),
        "f64": (np.float64, np.uint64),
    }
    if ty.text not in floats:
        raise InterpreterError(f"arith.bitcast of {ty.text} is unsupported")
    float_type, int_type = floats[ty.text]
    return (
        lambda x: int(np.array([x], float_type).view(int_type)[0]),
        lambda p: float(np.array([p], int_type).view(float_type)[0]),
    )


ARITH_HANDLERS: dict[str, Callable] = {
    "arith.bitcast": _ArithOps.op_bitcast,
    "arith.mulsi_extended": _ArithOps.op_extended,
    "arith.mului_extended": _ArithOps.op_extended,
    "arith.addui_extended": _ArithOps.op_extended,
    "arith.constant": _ArithOps.op_constant,
    "arith.cmpi": _ArithOps.op_cmpi,
    "arith.cmpf": _ArithOps.op_cmpf,
    "arith.select": _ArithOps.op_select,
    "arith.negf": _ArithOps.op_negf,
    **{
        f"arith.{n}": _ArithOps.op_cast
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
