"""The corpus of kernels/ and the numpy golden of each kernel's math.

Every kernel is ``kernels/<name>.mlir``; ``KERNELS[name]`` gives its golden
(a function of the kernel's arguments, as ``tilemem.testing.interp.random_inputs``
makes them, returning the expected value of each result), its tolerance and
the ptoas sample it is modelled on. Goldens compute in float64 from the
inputs, with none of the kernels' tiling, so they check the math, not the
program's structure. numpy only: bench/kernels.py and the tests import it.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Sequence

import numpy as np

DIR = os.path.dirname(os.path.abspath(__file__))


@dataclasses.dataclass(frozen=True)
class Kernel:
    """``golden(*args) -> [expected result, ...]``; ``rtol``/``atol``: an
    element passes when ``|got - want| <= rtol * |want| + atol * S``, S the
    largest ``|want|`` of that result (at least 1), the rule of
    ``tilemem.testing.toolchain``'s comparison; ``samples``: ptoas's
    hand-written kernels (paths under its ``test/samples``) of the same
    computation, for docs/kernels.md."""

    name: str
    golden: Callable[..., list]
    rtol: float
    atol: float
    samples: tuple[str, ...] = ()
    note: str = ""

    @property
    def path(self) -> str:
        return os.path.join(DIR, f"{self.name}.mlir")


def _f64(x) -> np.ndarray:
    return np.asarray(x, dtype=np.float64)


def _softmax_rows(s: np.ndarray) -> np.ndarray:
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def gemm_splitk(a, b, c):
    return [_f64(a) @ _f64(b)]


def row_softmax(x, y):
    return [_softmax_rows(_f64(x))]


def online_softmax(x, y):
    return [_softmax_rows(_f64(x))]


def layer_norm(x, gamma, beta, y):
    x = _f64(x)
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return [(x - mean) / np.sqrt(var + 1e-5) * _f64(gamma) + _f64(beta)]


def rms_norm(x, gamma, y):
    x = _f64(x)
    return [x / np.sqrt((x * x).mean(axis=1, keepdims=True) + 1e-6) * _f64(gamma)]


def rotary(q, cos, sin, q_out):
    q = _f64(q).reshape(32, 4, 2, 64)  # tokens, heads, halves, 64
    lo, hi = q[:, :, 0, :], q[:, :, 1, :]
    c, s = _f64(cos)[:, None, :], _f64(sin)[:, None, :]
    out = np.stack([lo * c - hi * s, hi * c + lo * s], axis=2)
    return [out.reshape(32, 512)]


def _ffn(x, w1, w3, w2):
    x = _f64(x)
    h1, h3 = x @ _f64(w1), x @ _f64(w3)
    act = h1 / (1.0 + np.exp(-h1)) * h3
    return [act @ _f64(w2)]


def ffn(x, w1, w3, w2, h1s, h3s, a_s, y):
    return _ffn(x, w1, w3, w2)


def ffn_f16(x, w1, w3, w2, h1s, h3s, a_s, y):
    return _ffn(x, w1, w3, w2)


def ffn_a5(x, w1, w3, w2, y):
    return _ffn(x, w1, w3, w2)


# The kernels' softmax scale: 1 / sqrt(head dimension 128).
_HEAD_SCALE = 1.0 / np.sqrt(128.0)


def _attention(q, kt, v, allowed=None):
    """softmax(q kt * _HEAD_SCALE) v, the scores where `allowed` is False
    replaced by -1e30 first (as the masked kernel does)."""
    scores = _f64(q) @ _f64(kt) * _HEAD_SCALE
    if allowed is not None:
        scores = np.where(allowed, scores, -1.0e30)
    return _softmax_rows(scores) @ _f64(v)


def flash_attention(q, kt, v, ss, ps, pvs, o):
    return [_attention(q, kt, v)]


def flash_attention_f16(q, kt, v, ss, ps, pvs, o):
    return [_attention(q, kt, v)]


def flash_attention_a5(q, kt, v, o):
    return [_attention(q, kt, v)]


def flash_attention_causal_a5(q, kt, v, qp, kp, o):
    # The kernel compares each 32-key block of kp with qp element for element.
    allowed = _f64(kp) <= np.tile(_f64(qp), (1, kp.shape[1] // qp.shape[1]))
    return [_attention(q, kt, v, allowed)]


def gemm_w8a8_a5(a, b, row_scale, col_scale, y):
    exact = a.astype(np.int64) @ b.astype(np.int64)
    return [exact * _f64(row_scale) * _f64(col_scale)]


def qwen3_decode_attention(q, kt, v, ss, ps, os_, out):
    return [_attention(q, kt, v)]


# The interpreter rounds every op to f32 and the simulator also sums in its
# own order, so a few ulps of the largest value per op chain; 1e-5 is the
# toolchain comparison's f32 tolerance. The f16 kernels
# round an intermediate (the activation, the probabilities) to f16, whose
# ulp is 2^-10 relative: 2e-3.
KERNELS: dict[str, Kernel] = {
    k.name: k
    for k in (
        Kernel("gemm_splitk", gemm_splitk, 1e-5, 1e-5, ("MatMul/tmatmulk.pto",)),
        Kernel("row_softmax", row_softmax, 1e-5, 1e-5),
        Kernel("online_softmax", online_softmax, 1e-5, 1e-5),
        Kernel("layer_norm", layer_norm, 1e-5, 1e-5),
        Kernel("rms_norm", rms_norm, 1e-5, 1e-5, ("Qwen3DecodeA3/qwen3_decode_incore_11.pto",)),
        Kernel("rotary", rotary, 1e-5, 1e-5, ("Qwen3DecodeA3/qwen3_decode_incore_4.pto",)),
        Kernel("ffn", ffn, 1e-5, 1e-5, ("FFN/ffn_full_tiled.pto",)),
        Kernel("ffn_f16", ffn_f16, 2e-3, 2e-3, ("FFN/ffn_full_tiled.pto",)),
        Kernel(
            "flash_attention",
            flash_attention,
            1e-5,
            1e-5,
            ("FlashAttention/flash_attention_full_tiled.pto",),
        ),
        Kernel(
            "flash_attention_f16",
            flash_attention_f16,
            2e-3,
            2e-3,
            ("FlashAttention/flash_attention_full_tiled.pto",),
        ),
        Kernel(
            "flash_attention_a5",
            flash_attention_a5,
            2e-3,
            2e-3,
            ("FlashAttention/flash_attention_full_tiled.pto",),
        ),
        Kernel(
            "flash_attention_causal_a5",
            flash_attention_causal_a5,
            2e-3,
            2e-3,
            ("FlashAttention/flash_attention_full_tiled.pto",),
        ),
        Kernel("ffn_a5", ffn_a5, 2e-3, 2e-3, ("FFN/ffn_full_tiled.pto",)),
        Kernel("gemm_w8a8_a5", gemm_w8a8_a5, 1e-5, 1e-5),
        Kernel(
            "qwen3_decode_attention",
            qwen3_decode_attention,
            1e-5,
            1e-5,
            (
                "Qwen3DecodeA3/qwen3_decode_incore_5.pto",
                "Qwen3DecodeA3/qwen3_decode_incore_6.pto",
                "Qwen3DecodeA3/qwen3_decode_incore_7.pto",
                "Qwen3DecodeA3/qwen3_decode_incore_8.pto",
            ),
        ),
    )
}


def mismatches(want: np.ndarray, got: np.ndarray, rtol: float, atol: float) -> tuple[int, float]:
    """(elements outside the tolerance, largest absolute error)."""
    want, got = _f64(want), _f64(got)
    scale = max(1.0, float(np.max(np.abs(want)))) if want.size else 1.0
    err = np.abs(got - want)
    bad = ~(err <= rtol * np.abs(want) + atol * scale)  # NaN is bad
    return int(bad.sum()), float(np.nanmax(err)) if err.size else 0.0


def check(kernel: Kernel, inputs: Sequence, outputs: Sequence) -> str | None:
    """None when every result is within the kernel's tolerance of its golden,
    else what differs."""
    want = kernel.golden(*inputs)
    if len(want) != len(outputs):
        return f"{len(outputs)} results, the golden has {len(want)}"
    for k, (w, g) in enumerate(zip(want, outputs)):
        if np.shape(w) != np.shape(g):
            return f"result #{k} has shape {np.shape(g)}, the golden {np.shape(w)}"
        bad, err = mismatches(w, g, kernel.rtol, kernel.atol)
        if bad:
            return f"result #{k}: {bad} of {np.size(w)} elements off (max abs error {err:.3g})"
    return None
