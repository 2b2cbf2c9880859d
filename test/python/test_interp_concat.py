"""tile.concat in the reference interpreter: the columns of both operands
side by side; storage mode equal to value mode, the result never sharing
an operand's storage."""

import numpy as np
from tilemem import passes
from tilemem.testing import interp

CONCAT = """
func.func @k(%A: !tile.tensor<2x8xi32>, %B: !tile.tensor<2x16xi32>, %O: !tile.tensor<2x24xi32>) -> !tile.tensor<2x24xi32> {
  %c0 = arith.constant 0 : index
  %a = tile.load %A[%c0, %c0] : !tile.tensor<2x8xi32> -> !tile.tile<2x8xi32, vec>
  %b = tile.load %B[%c0, %c0] : !tile.tensor<2x16xi32> -> !tile.tile<2x16xi32, vec>
  %c = tile.concat %a, %b : !tile.tile<2x8xi32, vec>, !tile.tile<2x16xi32, vec> -> !tile.tile<2x24xi32, vec>
  %O1 = tile.store %c, %O[%c0, %c0] : !tile.tile<2x24xi32, vec>, !tile.tensor<2x24xi32>
  return %O1 : !tile.tensor<2x24xi32>
}
"""


def test_concat_puts_the_columns_side_by_side():
    A = np.arange(16, dtype=np.int32).reshape(2, 8)
    B = -np.arange(32, dtype=np.int32).reshape(2, 16)
    inputs = [A, B, np.zeros((2, 24), np.int32)]
    res = interp.run(CONCAT, inputs)
    np.testing.assert_array_equal(res.outputs[0], np.concatenate([A, B], axis=1))
    cmp = interp.compare(CONCAT, passes.init_memref()(CONCAT), inputs)
    assert cmp.equal, cmp.message
