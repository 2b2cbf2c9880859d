"""The tilemem Python package: MLIR bindings, generated builders, passes."""

import pytest
from tilemem import ir, passes
from tilemem.dialects import func, tile
from tilemem.passmanager import PassManager

ACCUMULATE = """
func.func @accumulate(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %x : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}
"""


def count_ops(module, name):
    count = 0

    def visit(op):
        nonlocal count
        if op.name == name:
            count += 1
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return count


def test_parse_and_print_round_trip():
    with ir.Context():
        module = ir.Module.parse(ACCUMULATE)
        text = str(module)
        assert "tile.full 0.000000e+00 : !tile.tile<8x8xf32, vec>" in text
        assert str(ir.Module.parse(text)) == text


def test_pass_manager_parse_runs_tile_passes():
    with ir.Context():
        module = ir.Module.parse(ACCUMULATE)
        pm = PassManager.parse("builtin.module(func.func(tile-init-memref))")
        pm.run(module.operation)
        assert count_ops(module, "tile.alloc") == 2
        assert "into(%0 : !tile.buffer<vec, 256>)" in str(module)


def test_pythonic_pass_layer():
    with ir.Context():
        module = ir.Module.parse(ACCUMULATE)
        assert passes.init_memref()(module) is module
        assert count_ops(module, "tile.alloc") == 2
        # Idempotent: a second run adds nothing.
        passes.init_memref()(module)
        assert count_ops(module, "tile.alloc") == 2
        # InitMemRef alone leaves the carry unaligned: the verifier says so.
        with pytest.raises(passes.PassError, match="carry #0: yielded value"):
            passes.verify_storage()(module)


def test_pass_layer_accepts_text_and_renders_options():
    module = passes.init_memref()(ACCUMULATE)
    assert count_ops(module, "tile.alloc") == 2
    assert passes.verify_storage(allocated=True).pipeline == ("tile-verify-storage{allocated=true}")
    with module.context:
        with pytest.raises(passes.PassError, match="has no address"):
            passes.run_pipeline(module, [passes.verify_storage(allocated=True)])


def test_generated_builders_build_a_kernel():
    with ir.Context(), ir.Location.unknown():
        tile_type = ir.Type.parse("!tile.tile<8x8xf32, vec>")
        buffer_type = ir.Type.parse("!tile.buffer<vec, 256>")
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            function = func.FuncOp("kernel", ([tile_type], [tile_type]))
            entry = function.add_entry_block()
            with ir.InsertionPoint(entry):
                buffer = tile.AllocOp(buffer_type).result
                exp = tile.ExpOp(entry.arguments[0], dest=buffer)
                added = tile.AddOp(exp.result, entry.arguments[0])
                func.ReturnOp([added.result])
        assert module.operation.verify()
        text = str(module)
        assert "tile.exp %arg0 into(%0 : !tile.buffer<vec, 256>)" in text
        passes.init_memref()(module)
        assert count_ops(module, "tile.alloc") == 2
        passes.verify_storage()(module)


def test_verifier_errors_surface_as_exceptions():
    bad = """
    func.func @f(%x: !tile.tile<8x8xf32, acc>) -> !tile.tile<8x8xf32, acc> {
      %y = tile.add %x, %x : !tile.tile<8x8xf32, acc>
      return %y : !tile.tile<8x8xf32, acc>
    }
    """
    with ir.Context():
        with pytest.raises(ir.MLIRError, match="can only produce tiles in vec"):
            ir.Module.parse(bad)
