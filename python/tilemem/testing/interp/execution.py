"""Compiled functions and blocks, and running them.

A function is compiled into closures over a flat frame (a list indexed by
value id); ``_run_block`` runs a block's closures against the step budget
and names the failing op in any error.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import InterpreterError
from .memory import _Mem

DEFAULT_MAX_STEPS = 10**6


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
