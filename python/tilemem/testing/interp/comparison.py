"""``compare``: value mode against storage mode, output by output.

Every output is compared exactly (NaN equals NaN); poison in any output is
a difference; the message names the first differing element.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ... import ir
from .execution import DEFAULT_MAX_STEPS as DEFAULT_MAX_STEPS
from .program import Program, RunResult, run


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
