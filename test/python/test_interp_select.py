"""tile.cmp, tile.cmps and tile.sel in the reference interpreter: the packed
mask layout (a bit per element, rows of align32(C / 8) bytes, the padding
undefined), every comparison, the simulator's approximate tile.cmps eq/ne
as poison where it and IEEE disagree, and storage mode equal to value
mode."""

import numpy as np
import pytest
from interp_cases import run_where_defined
from tilemem.testing import interp

COMPARE = """
func.func @k(%X: !tile.tensor<2x16xf32>, %Y: !tile.tensor<2x16xf32>, %M: !tile.tensor<2x32xi8>, %s: f32) -> !tile.tensor<2x32xi8> {{
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<2x16xf32> -> !tile.tile<2x16xf32, vec>
  %y = tile.load %Y[%c0, %c0] : !tile.tensor<2x16xf32> -> !tile.tile<2x16xf32, vec>
  %m = {op} : {types} -> !tile.tile<2x32xi8, vec>
  %M1 = tile.store %m, %M[%c0, %c0] : !tile.tile<2x32xi8, vec>, !tile.tensor<2x32xi8>
  return %M1 : !tile.tensor<2x32xi8>
}}
"""

MODES = {
    "eq": np.equal,
    "ne": np.not_equal,
    "lt": np.less,
    "le": np.less_equal,
    "gt": np.greater,
    "ge": np.greater_equal,
}


def _bits(mask, cols=16):
    """The predicate a 2x32 mask holds for 16 columns."""
    data = mask[:, : cols // 8].view(np.uint8)
    return np.unpackbits(data, axis=1, bitorder="little").astype(bool)


def _inputs():
    X = np.array(
        [
            [0.0, 1.0, -1.0, 2.5, np.nan, np.inf, -np.inf, 0.5] * 2,
            [3.0, -0.0, 1e-10, 0.5, 7.0, -2.0, 0.25, 0.5] * 2,
        ],
        np.float32,
    )
    Y = np.array(
        [
            [0.0, 2.0, -1.0, 2.0, 1.0, np.inf, 0.0, 0.5] * 2,
            [3.0, 0.0, 0.0, 0.6, -7.0, -3.0, 0.25, np.nan] * 2,
        ],
        np.float32,
    )
    return X, Y


@pytest.mark.parametrize("mode", MODES)
def test_cmp_packs_a_bit_per_element(mode):
    X, Y = _inputs()
    text = COMPARE.format(op=f"tile.cmp {mode} %x, %y", types="!tile.tile<2x16xf32, vec>")
    res = run_where_defined(text, [X, Y, np.zeros((2, 32), np.int8), 0.0])
    mask, poison = res.outputs[0], res.poison[0]
    with np.errstate(invalid="ignore"):
        np.testing.assert_array_equal(_bits(mask), MODES[mode](X, Y))
    # Bytes 2..31 of each row are not the mask's: undefined.
    assert not poison[:, :2].any() and poison[:, 2:].all()


@pytest.mark.parametrize("mode", MODES)
def test_cmps_against_a_scalar(mode):
    X, Y = _inputs()
    text = COMPARE.format(op=f"tile.cmps {mode} %x, %s", types="!tile.tile<2x16xf32, vec>, f32")
    res = run_where_defined(text, [X, Y, np.zeros((2, 32), np.int8), 0.5])
    mask, poison = res.outputs[0], res.poison[0]
    with np.errstate(invalid="ignore"):
        want = MODES[mode](X, np.float32(0.5))
    if mode in ("eq", "ne"):
        # No element is within 1e-9 of 0.5 and none is an infinity equal to
        # it: the simulator's approximate eq/ne agree with IEEE here.
        assert not poison[:, :2].any()
    np.testing.assert_array_equal(_bits(mask), want)


def test_cmps_eq_where_the_simulator_is_approximate_is_poison():
    """The simulator's TCMPS eq is |a - b| < 1e-9 in double and ne its
    negation (true for a NaN): a tiny nonzero difference compares equal and
    an infinity unequal to itself, unlike IEEE (the hardware): those bytes
    are poison, the others exact."""
    X = np.zeros((2, 16), np.float32)
    X[0, 0] = 1e-10  # byte 0 of row 0: simulator eq, IEEE not
    X[0, 9] = np.inf  # byte 1 of row 0: inf == inf? IEEE yes, simulator no
    X[1, :] = np.arange(16)
    for mode, scalar in (("eq", 0.0), ("ne", 0.0)):
        text = COMPARE.format(op=f"tile.cmps {mode} %x, %s", types="!tile.tile<2x16xf32, vec>, f32")
        res = interp.run(text, [X, X, np.zeros((2, 32), np.int8), scalar])
        poison = res.poison[0]
        np.testing.assert_array_equal(poison[0, :2], [True, False])
        assert not poison[1, :2].any()
        bits = _bits(res.outputs[0])
        assert bits[1, 0] == (mode == "eq") and bits[1, 1:].sum() == (15 if mode == "ne" else 0)
    X[0, 0] = 0.0
    text = COMPARE.format(op="tile.cmps eq %x, %s", types="!tile.tile<2x16xf32, vec>, f32")
    res = interp.run(text, [X, X, np.zeros((2, 32), np.int8), np.inf])
    np.testing.assert_array_equal(res.poison[0][0, :2], [False, True])
    # tile.cmp (tile against tile) is exact on the simulator too.
    text = COMPARE.format(op="tile.cmp eq %x, %y", types="!tile.tile<2x16xf32, vec>")
    res = interp.run(text, [X, X, np.zeros((2, 32), np.int8), 0.0])
    assert not res.poison[0][:, :2].any() and _bits(res.outputs[0])[0, 9]


SELECT = """
func.func @k(%X: !tile.tensor<2x16xf32>, %Y: !tile.tensor<2x16xf32>, %s: f32) -> !tile.tensor<2x16xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<2x16xf32> -> !tile.tile<2x16xf32, vec>
  %y = tile.load %Y[%c0, %c0] : !tile.tensor<2x16xf32> -> !tile.tile<2x16xf32, vec>
  %m = tile.cmps gt %x, %s : !tile.tile<2x16xf32, vec>, f32 -> !tile.tile<2x32xi8, vec>
  %z = tile.sel %m, %x, %y : !tile.tile<2x32xi8, vec>, !tile.tile<2x16xf32, vec>
  %X1 = tile.store %z, %X[%c0, %c0] : !tile.tile<2x16xf32, vec>, !tile.tensor<2x16xf32>
  return %X1 : !tile.tensor<2x16xf32>
}
"""


def test_sel_takes_the_first_where_the_bit_is_set():
    rng = np.random.default_rng(3)
    X = rng.uniform(-1, 1, (2, 16)).astype(np.float32)
    Y = rng.uniform(-1, 1, (2, 16)).astype(np.float32)
    res = run_where_defined(SELECT, [X, Y, 0.0])
    np.testing.assert_array_equal(res.outputs[0], np.where(X > 0, X, Y))
    assert not res.poison[0].any()


def test_sel_of_a_poison_mask_byte_is_poison():
    """A mask byte that is poison makes its 8 elements poison."""
    text = SELECT.replace(
        "%m = tile.cmps gt %x, %s : !tile.tile<2x16xf32, vec>, f32 -> !tile.tile<2x32xi8, vec>",
        "%m = tile.create : !tile.tile<2x32xi8, vec>",
    )
    res = interp.run(text, [np.zeros((2, 16), np.float32), np.ones((2, 16), np.float32), 0.0])
    assert res.poison[0].all()
