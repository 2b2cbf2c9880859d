"""Comparing the simulator's outputs with the reference interpreter's,
within ``TOLERANCES``."""

from __future__ import annotations

import os
import re
import time

import numpy as np

from .results import ChainResult, OutputCheck, StageOutcome
from .settings import TOLERANCES
from .signature import KernelSignature


def tolerance(elem: str, narrowed: str | None = None) -> tuple[float, float] | None:
    """(rtol, atol) of a float output of element type `elem` whose
    computation narrows a wider float to `narrowed` (None: it does not), or
    None for an integer output (compared exactly). A narrowing rounds a
    value near a tie either way when the simulator's summation order and the
    reference's differ by an ulp of the wider type, so an output computed
    from it may differ by one ulp of `narrowed` carried through the later
    ops: it gets the looser of the two tolerances (f16's is about one f16
    ulp, 2^-10 = 9.8e-4, relative to the value and to the output's scale)."""
    if elem not in TOLERANCES:
        return None
    own = TOLERANCES[elem]
    through = TOLERANCES.get(narrowed, own) if narrowed else own
    return max(own[0], through[0]), max(own[1], through[1])


def _compare_arrays(
    ref: np.ndarray,
    got: np.ndarray,
    elem: str,
    poison: np.ndarray | None,
    narrowed: str | None = None,
) -> tuple[int, int, float, tuple | None]:
    """(mismatches, poison, max abs error, first mismatch) of `got` against
    `ref` under the element type's tolerance (`tolerance(elem, narrowed)`)."""
    mask = np.zeros(ref.shape, bool) if poison is None else np.asarray(poison, bool)
    tolerances = tolerance(elem, narrowed)
    if tolerances is not None:
        rtol, atol = tolerances
        r = ref.astype(np.float64)
        g = got.astype(np.float64)
        with np.errstate(all="ignore"):
            same = (r == g) | (np.isnan(r) & np.isnan(g))
            finite = np.isfinite(r) & np.isfinite(g)
            ref_finite = np.isfinite(r) & ~mask
            scale = max(1.0, float(np.max(np.abs(r[ref_finite])))) if ref_finite.any() else 1.0
            err = np.where(finite, np.abs(g - r), 0.0)
            close = finite & (err <= rtol * np.abs(r) + atol * scale)
        bad = ~(same | close) & ~mask
        max_err = float(np.max(np.where(finite & ~mask, err, 0.0))) if r.size else 0.0
    else:
        bad = (ref != got) & ~mask
        with np.errstate(all="ignore"):
            diff = np.abs(ref.astype(np.int64) - got.astype(np.int64))
        max_err = float(np.max(np.where(~mask, diff, 0))) if ref.size else 0.0
    first = None
    if bad.any():
        i, j = (int(x) for x in np.argwhere(bad)[0])
        first = (i, j, ref[i, j].item(), got[i, j].item())
    return int(bad.sum()), int(mask.sum()), max_err, first


# What pto-isa's CPU simulator, built with g++ 12, cannot compute: a kernel
# doing it is run but not compared (its outputs are "skipped", not failed).
_UNVERIFIABLE = (
    # bfloat16_t is a placeholder type: every value computed from a bf16
    # one is meaningless, an f32 matmul result of bf16 inputs included.
    (re.compile(r"(?:x|\b)bf16\b"), "bf16 is a placeholder type in pto-isa with g++ 12"),
    # TFILLPAD's max/min pads read std::numeric_limits<half>, which g++ 12
    # leaves unspecialized for _Float16 (0, not +-inf as the hardware).
    (
        re.compile(r"tile\.fillpad\b[^\n]*\bpad (?:max|min)\b[^\n]*xf16\b"),
        "pto-isa's TFILLPAD pads f16 with std::numeric_limits<half>, 0 with g++ 12",
    ),
)


def _narrowed(sig: KernelSignature, k: int | None) -> str | None:
    """The narrower float result `k` is computed through, if any."""
    return sig.narrowed[k] if k is not None and k < len(sig.narrowed) else None


def ill_conditioned(text: str, seed: int, function: str | None = None) -> str:
    """Why a mismatch of kernel `text` on the inputs of `seed` says nothing
    about the compiler, or "": its value-mode results move out of tolerance
    when its sums (row and column sums, matmuls) are rounded as float32
    rounds them (an f16 column sum as f16 does), either added one term
    after another (as pto-isa's CPU simulator adds a row or a column) or
    moved by a random error of the size float32 addition makes in some
    order (the simulator's matmul order is its own).
    Such a kernel amplifies rounding (rsqrt of a mean that nearly cancels,
    x / (1 - x) near 1, a softmax denominator of raw scores), so the order
    of its additions alone can put it out of tolerance."""
    from tilemem.testing import interp
    from tilemem.testing.interp import semantics

    from .signature import kernel_signature

    sig = kernel_signature(text, function)
    inputs = interp.random_inputs(text, function=sig.name, seed=seed)
    exact = interp.run(text, inputs, function=sig.name)
    for order in ("sequential-float32", "perturbed-float32"):
        with semantics.summation(order, np.random.default_rng(seed)):
            rounded = interp.run(text, inputs, function=sig.name)
        for k, arg in enumerate(sig.results):
            if arg is None or sig.args[arg].kind != "tensor":
                continue
            spec = sig.args[arg]
            if tolerance(spec.elem) is None:
                continue
            narrowed = _narrowed(sig, k)
            shape = (spec.rows, spec.cols)
            ref = np.asarray(exact.outputs[k]).astype(spec.dtype).reshape(shape)
            moved = np.asarray(rounded.outputs[k]).astype(spec.dtype).reshape(shape)
            bad, _, max_err, _ = _compare_arrays(ref, moved, spec.elem, exact.poison[k], narrowed)
            if bad:
                return (
                    f"{bad} element(s) of %{spec.name} move out of tolerance (max |err| "
                    f"{max_err:.3g}) when its sums are rounded as the simulator rounds them ({order})"
                )
    return ""


def unverifiable(text: str) -> str:
    """Why the simulator's outputs for kernel `text` cannot be compared
    with the reference, or "" when they can."""
    for pattern, reason in _UNVERIFIABLE:
        if pattern.search(text):
            return reason
    return ""


def _compare(
    result: ChainResult,
    sig: KernelSignature,
    inputs: list,
    ref_inputs: list,
    job_dir: str,
    text: str,
    mode: str = "value",
) -> StageOutcome:
    from tilemem.testing import interp

    started = time.perf_counter()
    try:
        ref = interp.run(text, ref_inputs, mode=mode, function=sig.name)
    except Exception as error:  # the interpreter cannot run the kernel
        return StageOutcome(
            "compare",
            "failed",
            f"reference interpreter failed: {error}",
            time.perf_counter() - started,
        )
    by_arg: dict[int, list[int]] = {}
    for k, a in enumerate(sig.results):
        if a is not None:
            by_arg.setdefault(a, []).append(k)
    untraced = [k for k, a in enumerate(sig.results) if a is None]
    checks: list[OutputCheck] = []
    skipped = False
    reason = unverifiable(text)
    for a in sig.args:
        if a.kind != "tensor":
            continue
        path = os.path.join(job_dir, f"arg{a.index}.out")
        raw = np.fromfile(path, dtype=a.dtype) if os.path.isfile(path) else None
        if raw is None or raw.size != a.numel:
            checks.append(
                OutputCheck(
                    a.index, a.name, a.type, None, False, note="the driver wrote no complete output"
                )
            )
            continue
        got = raw.reshape(a.rows, a.cols)
        pairs: list[tuple[int | None, np.ndarray, np.ndarray | None]] = []
        note = ""
        if a.index in by_arg:
            for k in by_arg[a.index]:
                pairs.append((k, np.asarray(ref.outputs[k]), ref.poison[k]))
            if len(by_arg[a.index]) > 1:
                note = "several results are versions of this argument"
        elif a.index in sig.stored:
            checks.append(
                OutputCheck(
                    a.index, a.name, a.type, None, False, note="stored into but not returned"
                )
            )
            continue
        else:
            pairs.append((None, np.asarray(ref_inputs[a.index]).astype(a.dtype), None))
        if reason:
            for k, _, _ in pairs:
                checks.append(OutputCheck(a.index, a.name, a.type, k, False, note=reason))
            skipped = True
            continue
        for k, expected, poison in pairs:
            expected = expected.astype(a.dtype, copy=False).reshape(a.rows, a.cols)
            narrowed = _narrowed(sig, k)
            bad, npoison, max_err, first = _compare_arrays(expected, got, a.elem, poison, narrowed)
            checks.append(
                OutputCheck(
                    a.index, a.name, a.type, k, True, a.numel, bad, npoison, max_err, first, note
                )
            )
    result.outputs = checks
    seconds = time.perf_counter() - started
    failures = [c for c in checks if c.checked and c.mismatches]
    problems = []
    if untraced:
        problems.append(
            f"result(s) {untraced} cannot be traced to one tensor argument: not compared"
        )
    missing = [c for c in checks if not c.checked and "no complete output" in c.note]
    if failures or missing:
        total = sum(c.mismatches for c in failures)
        msg = (
            f"{total} mismatching element(s) in {', '.join('%' + c.name for c in failures)}"
            if failures
            else "outputs missing"
        )
        return StageOutcome("compare", "failed", "; ".join([msg] + problems), seconds)
    if untraced:
        return StageOutcome("compare", "failed", "; ".join(problems), seconds)
    if skipped and not any(c.checked and c.result is not None for c in checks):
        return StageOutcome("compare", "skipped", f"not comparable: {reason}", seconds)
    return StageOutcome("compare", "ok", "", seconds)
