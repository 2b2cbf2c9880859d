"""tile.cvt in the reference interpreter: pto-isa's TCVT at the ties of each
rounding mode, to nearest even into f16, the undefined results (poison),
and storage mode equal to value mode. The same ties run on the simulator:
test/Target/PTO/tile-to-pto.mlir's @cvt_rounding, a golden of
test_toolchain_corpora.py."""

import numpy as np
import pytest
from tilemem import passes
from tilemem.testing import interp

MODES = ["rint", "round", "floor", "ceil", "trunc"]

FLOAT_TO_INT = """
func.func @k(%X: !tile.tensor<1x8x{src}>, %Y: !tile.tensor<1x8x{dst}>) -> !tile.tensor<1x8x{dst}> {{
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<1x8x{src}> -> !tile.tile<1x8x{src}, vec>
  %y = tile.cvt %x rmode {mode} : !tile.tile<1x8x{src}, vec> -> !tile.tile<1x8x{dst}, vec>
  %Y1 = tile.store %y, %Y[%c0, %c0] : !tile.tile<1x8x{dst}, vec>, !tile.tensor<1x8x{dst}>
  return %Y1 : !tile.tensor<1x8x{dst}>
}}
"""

TIES = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.4999998, -3.75]
EXPECTED = {
    "rint": [0, 2, 2, 0, -2, -2, 2, -4],  # ties to even
    "round": [1, 2, 3, -1, -2, -3, 2, -4],  # ties away from zero
    "floor": [0, 1, 2, -1, -2, -3, 2, -4],
    "ceil": [1, 2, 3, 0, -1, -2, 3, -3],
    "trunc": [0, 1, 2, 0, -1, -2, 2, -3],
}


def _run(text, inputs):
    """Value mode; storage mode (after tile-init-memref) must agree where
    value mode defines the outputs (compare refuses a poisoned reference)."""
    res = interp.run(text, inputs)
    if not any(p.any() for p in res.poison):
        cmp = interp.compare(text, passes.init_memref()(text), inputs)
        assert cmp.equal, cmp.message
    return res


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "src, dst", [("f32", "i32"), ("f32", "i16"), ("f16", "i32"), ("f16", "i16")]
)
def test_float_to_int_at_the_ties(mode, src, dst):
    text = FLOAT_TO_INT.format(src=src, dst=dst, mode=mode)
    dtype = {"f32": np.float32, "f16": np.float16}[src]
    X = np.array([TIES], dtype)
    if src == "f16":  # 2.4999998 is 2.5 in f16
        X[0, 6] = np.float16(2.498)
    res = _run(text, [X, np.zeros((1, 8), dst.replace("i", "int"))])
    want = np.array(EXPECTED[mode])
    if src == "f16":
        want[6] = {"ceil": 3}.get(mode, 2)
    np.testing.assert_array_equal(res.outputs[0][0], want)
    assert not res.poison[0].any()


def test_float_to_int_out_of_range_is_poison():
    """A result outside the integer's range, or of a NaN or an infinity, is
    undefined: the simulator's C++ cast is undefined behaviour there."""
    X = np.array([[32767.4, 32767.6, -32768.6, np.nan, np.inf, -np.inf, 1e9, 7.0]], np.float32)
    res = interp.run(
        FLOAT_TO_INT.format(src="f32", dst="i16", mode="rint"), [X, np.zeros((1, 8), np.int16)]
    )
    np.testing.assert_array_equal(
        res.poison[0][0], [False, True, True, True, True, True, True, False]
    )
    assert res.outputs[0][0][0] == 32767 and res.outputs[0][0][7] == 7
    X = np.array([[2147483520.0, 2147483648.0, -2147483648.0, -2.2e9, 0, 0, 0, 0]], np.float32)
    res = interp.run(
        FLOAT_TO_INT.format(src="f32", dst="i32", mode="trunc"), [X, np.zeros((1, 8), np.int32)]
    )
    np.testing.assert_array_equal(res.poison[0][0][:4], [False, True, False, True])
    assert res.outputs[0][0][0] == 2147483520 and res.outputs[0][0][2] == -(2**31)


CONVERT = """
func.func @k(%X: !tile.tensor<1x16x{src}>, %Y: !tile.tensor<1x16x{dst}>) -> !tile.tensor<1x16x{dst}> {{
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<1x16x{src}> -> !tile.tile<1x16x{src}, vec>
  %y = tile.cvt %x : !tile.tile<1x16x{src}, vec> -> !tile.tile<1x16x{dst}, vec>
  %Y1 = tile.store %y, %Y[%c0, %c0] : !tile.tile<1x16x{dst}, vec>, !tile.tensor<1x16x{dst}>
  return %Y1 : !tile.tensor<1x16x{dst}>
}}
"""


def test_f32_to_f16_rounds_to_nearest_even():
    """Values halfway between two f16 round to the even one; a result that
    is not finite (overflow, infinity, NaN) is poison: the simulator gives
    an infinity where the hardware may saturate."""
    u = 2.0**-11
    values = [
        1 + u,
        1 + 3 * u,
        -(1 + u),
        2049.0,
        2051.0,
        65519.0,
        65520.0,
        np.inf,
        np.nan,
        1 + u + 2.0**-20,
        -0.0,
        6e-8,
        3e-8,
        1e-8,
        100.0,
        -7.5,
    ]
    X = np.array([values], np.float32)
    res = _run(CONVERT.format(src="f32", dst="f16"), [X, np.zeros((1, 16), np.float16)])
    got, poison = res.outputs[0][0], res.poison[0][0]
    np.testing.assert_array_equal(poison, [False] * 6 + [True, True, True] + [False] * 7)
    want = [
        1.0,
        1 + 4 * u,
        -1.0,
        2048.0,
        2052.0,
        65504.0,
        1 + 2 * u,
        -0.0,
        2.0**-24,
        2.0**-24,
        0.0,
        100.0,
        -7.5,
    ]
    np.testing.assert_array_equal(got[~poison], np.array(want, np.float16))
    assert np.signbit(got[10])


def test_widening_and_integer_conversions_are_exact():
    X = np.array([[-65504.0, 65504.0, np.inf, -np.inf, np.nan] + [0.5] * 11], np.float16)
    res = _run(CONVERT.format(src="f16", dst="f32"), [X, np.zeros((1, 16), np.float32)])
    np.testing.assert_array_equal(res.outputs[0][0], X[0].astype(np.float32))
    assert not res.poison[0].any()
    # i32 -> i16 keeps the low 16 bits (the A2/A3 default is non-saturating).
    X = np.array([[70000, -70000, 32768, -32769, 5] + [0] * 11], np.int32)
    res = _run(CONVERT.format(src="i32", dst="i16"), [X, np.zeros((1, 16), np.int16)])
    np.testing.assert_array_equal(res.outputs[0][0][:5], [4464, -4464, -32768, 32767, 5])
    # i32 -> f32 rounds to nearest even.
    X = np.array([[16777217, 16777219, -16777217] + [0] * 13], np.int32)
    res = _run(CONVERT.format(src="i32", dst="f32"), [X, np.zeros((1, 16), np.float32)])
    np.testing.assert_array_equal(res.outputs[0][0][:3], [16777216.0, 16777220.0, -16777216.0])


def test_cvt_poison_propagates():
    """A poison source element stays poison."""
    text = CONVERT.format(src="f32", dst="f16")
    body = text.replace("%x = tile.load", "%z = tile.load").replace(
        "%y = tile.cvt %x", "%x = tile.create : !tile.tile<1x16xf32, vec>\n  %y = tile.cvt %x"
    )
    res = interp.run(body, [np.zeros((1, 16), np.float32), np.zeros((1, 16), np.float16)])
    assert res.poison[0].all()
