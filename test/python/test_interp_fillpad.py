"""tile.fillpad in the reference interpreter: the pad value (0, +-inf for
floats, the integer extremes) outside the valid block, the rest kept, in
place: storage mode equal to value mode."""

import numpy as np
import pytest
from tilemem import passes
from tilemem.testing import interp

FILLPAD = """
func.func @k(%X: !tile.tensor<16x16x{elem}>) -> !tile.tensor<16x16x{elem}> {{
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16x{elem}> -> !tile.tile<16x16x{elem}, vec>
  %y = tile.fillpad %x valid [5, 11] pad {pad} : !tile.tile<16x16x{elem}, vec>
  %X1 = tile.store %y, %X[%c0, %c0] : !tile.tile<16x16x{elem}, vec>, !tile.tensor<16x16x{elem}>
  return %X1 : !tile.tensor<16x16x{elem}>
}}
"""

PADS = {
    ("f32", "zero"): 0.0,
    ("f32", "max"): np.inf,
    ("f32", "min"): -np.inf,
    ("f16", "max"): np.inf,
    ("i32", "max"): 2**31 - 1,
    ("i32", "min"): -(2**31),
    ("i16", "min"): -(2**15),
    ("i8", "max"): 127,
}


@pytest.mark.parametrize("elem, pad", sorted(PADS))
def test_fillpad_pads_outside_the_valid_block(elem, pad):
    dtype = {"f32": np.float32, "f16": np.float16, "i32": np.int32, "i16": np.int16, "i8": np.int8}[
        elem
    ]
    if elem == "i8":
        text = FILLPAD.replace("16x16x{elem}", "16x32x{elem}").format(elem=elem, pad=pad)
        X = np.arange(512).reshape(16, 32).astype(dtype)
    else:
        text = FILLPAD.format(elem=elem, pad=pad)
        X = np.arange(256).reshape(16, 16).astype(dtype)
    res = interp.run(text, [X])
    want = np.full(X.shape, PADS[(elem, pad)], dtype)
    want[:5, :11] = X[:5, :11]
    np.testing.assert_array_equal(res.outputs[0], want)
    assert not res.poison[0].any()
    cmp = interp.compare(text, passes.init_memref()(text), [X])
    assert cmp.equal, cmp.message
