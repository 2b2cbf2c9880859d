"""Distributed tensors (``!tile.tensor<..., window = "name">``) through the
Python layer: the bound type, and the storage pipeline checked by the
reference interpreter on loop and if carries, zero trips included."""

import os

import pytest
from tilemem import ir, passes
from tilemem.dialects import tile
from tilemem.testing import interp

CASES = os.path.join(os.path.dirname(__file__), "..", "Dialect", "Tile", "distributed-tensor.mlir")


def test_window_is_a_type_parameter():
    with ir.Context():
        plain = tile.TensorType.get([64, 64], "f32")
        comm = tile.TensorType.get([64, 64], "f32", window="comm0")
        assert plain.window is None
        assert comm.window == "comm0"
        assert str(comm) == '!tile.tensor<64x64xf32, window = "comm0">'
        assert comm != plain
        assert comm == tile.TensorType.get([64, 64], "f32", window="comm0")
        assert comm.size_in_bytes == plain.size_in_bytes == 16384
        with pytest.raises(ValueError, match="needs a name"):
            tile.TensorType.get([64, 64], "f32", window="")


@pytest.mark.parametrize("planner", ["pypto", "dsa-rp", "ptoas"])
@pytest.mark.parametrize("trips", [0, 1, 3])
def test_window_carries_compute_the_same(planner, trips):
    # Zero trips: the loop's result is the initializer itself.
    with open(CASES) as f:
        text = f.read()
    with ir.Context():
        reference = ir.Module.parse(text)
        module = passes.run_pipeline(
            ir.Module.parse(text), [passes.memory_pipeline(memory_planner=planner)]
        )
        for condition in (True, False):
            inputs = interp.random_inputs(
                reference, "window_carries", seed=trips, scalars={2: trips, 3: condition}
            )
            result = interp.compare(reference, module, inputs, function="window_carries")
            assert result.equal, result.message
