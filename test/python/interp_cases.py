"""Programs and checks shared by the interpreter's tests (test_interp*.py)."""

import subprocess

import numpy as np
from conftest import TILE_OPT
from tilemem import passes
from tilemem.testing import interp

T16 = "!tile.tile<16x16xf32, vec>"
TENSOR16 = "!tile.tensor<16x16xf32>"
VBUF = "!tile.buffer<vec, 1024>"


def f32(x):
    """Casts a float64 computation to f32, as the interpreter does per op."""
    return np.asarray(x, dtype=np.float64).astype(np.float32)


def tile_opt(text, *flags):
    proc = subprocess.run([TILE_OPT, *flags], input=text, capture_output=True, text=True)
    return proc


def assert_verifies(text):
    """Hand-written "correct" programs must also satisfy the C++ verifier."""
    proc = tile_opt(text, "--tile-verify-storage")
    assert proc.returncode == 0, proc.stderr


def assert_same_modes(text, inputs, function=None):
    cmp = interp.compare(text, text, inputs, function=function)
    assert cmp.equal, cmp.message
    return cmp


def run_where_defined(text, inputs):
    """Runs `text` in value mode and returns the result, after checking that
    storage mode (after tile-init-memref) computes the same wherever value
    mode defines an output. interp.compare counts poison as a difference;
    this is for ops whose outputs are partly undefined by their contract
    (a mask's padding bytes, the rows tile.gemv leaves)."""
    res = interp.run(text, inputs)
    stored = interp.run(passes.init_memref()(text), inputs, mode="storage")
    for value, poison, storage in zip(res.outputs, res.poison, stored.outputs):
        np.testing.assert_array_equal(storage[~poison], value[~poison])
    return res


ACCUMULATE = f"""
func.func @acc(%A: !tile.tensor<64x16xf32>, %B: {TENSOR16}) -> {TENSOR16} {{
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %z = tile.full 0.0 : {T16}
  %r = scf.for %i = %c0 to %c64 step %c16 iter_args(%acc = %z) -> ({T16}) {{
    %t = tile.load %A[%i, %c0] : !tile.tensor<64x16xf32> -> {T16}
    %n = tile.add %acc, %t : {T16}
    scf.yield %n : {T16}
  }}
  %B1 = tile.store %r, %B[%c0, %c0] : {T16}, {TENSOR16}
  return %B1 : {TENSOR16}
}}
"""


def accumulate_expected(A):
    acc = np.zeros((16, 16), np.float32)
    for i in range(0, 64, 16):
        acc = f32(acc.astype(np.float64) + A[i : i + 16])
    return acc
