"""The compilers of the ``arith`` ops (a part of ``_Compiler``): scalars are
canonical Python ints and floats, normalised to their type after every op.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ... import ir
from .errors import InterpreterError, StorageError
from .numerics import _norm_fn, _signed, _unsigned
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


ARITH_HANDLERS: dict[str, Callable] = {
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
