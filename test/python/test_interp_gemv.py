"""tile.gemv in the reference interpreter: row 0 of its 16-row acc result
is row 0 of the 16-row left box times the matrix, the other rows undefined
(poison) whatever the other left rows hold; storage mode equal to value mode
on row 0."""

import numpy as np
from interp_cases import run_where_defined

GEMV = """
func.func @k(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x32xf32>, %O: !tile.tensor<16x32xf32>) -> !tile.tensor<16x32xf32> {
  %c0 = arith.constant 0 : index
  %a = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, mat>
  %b = tile.load %B[%c0, %c0] : !tile.tensor<16x32xf32> -> !tile.tile<16x32xf32, mat>
  %l = tile.extract %a[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
  %r = tile.extract %b[0, 0] : !tile.tile<16x32xf32, mat> -> !tile.tile<16x32xf32, right>
  %c = tile.gemv %l, %r : !tile.tile<16x16xf32, left>, !tile.tile<16x32xf32, right> -> !tile.tile<16x32xf32, acc>
  %O1 = tile.store %c, %O[%c0, %c0] : !tile.tile<16x32xf32, acc>, !tile.tensor<16x32xf32>
  return %O1 : !tile.tensor<16x32xf32>
}
"""


def test_gemv_row_zero_is_the_product():
    rng = np.random.default_rng(5)
    A = rng.uniform(-1, 1, (16, 16)).astype(np.float32)
    A[1:] = np.inf  # rows TGEMV does not read
    B = rng.uniform(-1, 1, (16, 32)).astype(np.float32)
    inputs = [A, B, np.zeros((16, 32), np.float32)]
    res = run_where_defined(GEMV, inputs)
    want = (A[0:1].astype(np.float64) @ B.astype(np.float64)).astype(np.float32)
    np.testing.assert_array_equal(res.outputs[0][0], want[0])
    assert not res.poison[0][0].any() and res.poison[0][1:].all()
