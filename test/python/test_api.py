"""The typed Python API: bound types, builders that infer result types, one
exception hierarchy carrying located diagnostics with file names, and
`compile` saying which kind of input it got. Each "Why" item of the API
review is a test here."""

import os
import pathlib
import subprocess
import sys

import pytest
import tilemem
from conftest import EXAMPLES, PACKAGE_DIR, SWAP_ACC
from tilemem import compiler, ir, passes, pto
from tilemem.dialects import arith, func, tile

ACCUMULATE = os.path.join(EXAMPLES, "accumulate.mlir")

# A verifier error on line 3, column 8 (an add writing acc).
BAD_SPACE = """func.func @f(%x: !tile.tile<8x8xf32, acc>) -> !tile.tile<8x8xf32, acc> {
  %c0 = arith.constant 0 : index
  %y = tile.add %x, %x : !tile.tile<8x8xf32, acc>
  return %y : !tile.tile<8x8xf32, acc>
}
"""


@pytest.fixture(autouse=True)
def fresh_cache():
    compiler.clear_cache()
    yield
    compiler.clear_cache()


# --- types -------------------------------------------------------------------


def test_bound_types_and_their_properties():
    with ir.Context():
        t = tile.TileType.get([64, 32], "f16", "left")
        assert str(t) == "!tile.tile<64x32xf16, left>"
        assert t.shape == [64, 32] and t.space == "left" and str(t.dtype) == "f16"
        assert t.size_in_bytes == 64 * 32 * 2
        assert tile.TileType.get([8, 8], ir.F32Type.get(), "vec") == ir.Type.parse(
            "!tile.tile<8x8xf32, vec>"
        )
        b = tile.BufferType.get("acc", 65536, slots=2)
        assert str(b) == "!tile.buffer<acc, 65536, slots = 2>"
        assert (b.space, b.size, b.slots, b.total_bytes) == ("acc", 65536, 2, 131072)
        assert str(tile.BufferType.get("vec", 256)) == "!tile.buffer<vec, 256>"
        x = tile.TensorType.get([256, 64], "f32")
        assert str(x) == "!tile.tensor<256x64xf32>"
        assert x.shape == [256, 64] and x.size_in_bytes == 256 * 64 * 4
        # A parsed type casts to its class; the wrong class refuses it.
        parsed = ir.Type.parse("!tile.tile<8x8xf32, vec>")
        assert tile.TileType.isinstance(parsed) and not tile.BufferType.isinstance(parsed)
        assert tile.TileType(parsed).shape == [8, 8]
        with pytest.raises(ValueError, match="Cannot cast type to TileType"):
            tile.TileType(b)


def test_invalid_type_parameters_raise_the_verifier_message():
    with ir.Context():
        with pytest.raises(ValueError, match="unknown memory space 'gpu'"):
            tile.TileType.get([8, 8], "f32", "gpu")
        with pytest.raises(ValueError, match="unknown element type 'f31'"):
            tile.TileType.get([8, 8], "f31", "vec")
        with pytest.raises(ValueError, match="2-D|rank|shape"):
            tile.TileType.get([8, 8, 8], "f32", "vec")
        with pytest.raises(ValueError, match="slot"):
            tile.BufferType.get("vec", 256, slots=0)


# --- builders ------------------------------------------------------------------


def test_builders_infer_result_types_where_the_op_defines_them():
    # The reproducer: every builder needed its result type, even tile.add.
    with ir.Context(), ir.Location.unknown():
        t = tile.TileType.get([8, 8], "f32", "vec")
        tensor = tile.TensorType.get([8, 8], "f32")
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            f = func.FuncOp("k", ([t, tensor], [tensor]))
            entry = f.add_entry_block()
            x, out = entry.arguments
            with ir.InsertionPoint(entry):
                c0 = arith.ConstantOp(ir.IndexType.get(), 0).result
                two = arith.ConstantOp(ir.F32Type.get(), 2.0).result
                e = tile.exp(x)
                s = tile.add(e, x)
                m = tile.muls(s, two)
                stored = tile.store(m, out, [c0, c0])
                func.ReturnOp([stored])
        assert module.operation.verify()
        # Results come back typed.
        assert isinstance(e.type, tile.TileType) and e.type == t
        assert isinstance(stored.type, tile.TensorType) and stored.type == tensor
        # An op whose result type is not defined by its operands takes it.
        with ir.InsertionPoint.at_block_terminator(entry):
            loaded = tile.load(t, out, [c0, c0])
        assert loaded.type == t
        # The result type given first, as before inference, still works.
        with ir.InsertionPoint.at_block_terminator(entry):
            again = tile.add(t, e, x)
            op = tile.AddOp(t, e, x)
        assert again.type == t and op.result.type == t


# --- the exception hierarchy ---------------------------------------------------


def test_one_exception_hierarchy():
    # The reproducer: CompileError was not exported and PTOEmitError was
    # unrelated to the others.
    for name in ("ParseError", "NestingError", "PassError", "CompileError", "PTOEmitError"):
        cls = getattr(tilemem, name)
        assert issubclass(cls, tilemem.Error), name
    assert passes.PassError is tilemem.PassError
    assert pto.PTOEmitError is tilemem.PTOEmitError
    assert compiler.CompileError is tilemem.CompileError
    assert issubclass(tilemem.NestingError, tilemem.ParseError)


def test_passes_on_bad_text_raise_parse_error_with_located_diagnostics():
    # The reproducer: passes.* on bad text raised MLIRError.
    with pytest.raises(tilemem.ParseError) as caught:
        passes.init_memref()(BAD_SPACE)
    error = caught.value
    assert isinstance(error, tilemem.Error) and not isinstance(error, ir.MLIRError)
    (diagnostic,) = error.diagnostics
    assert diagnostic.severity == "error"
    assert diagnostic.location == "<string>:3:8"
    assert "can only produce tiles in vec" in diagnostic.message
    assert "<string>:3:8: error: " in str(error)


def test_pass_errors_carry_located_diagnostics():
    with ir.Context():
        module = tilemem.parse_module(open(ACCUMULATE).read(), source_name=ACCUMULATE)
        passes.init_memref()(module)
        with pytest.raises(tilemem.PassError) as caught:
            passes.verify_storage()(module)
    located = [d for d in caught.value.diagnostics if d.location.startswith(ACCUMULATE + ":")]
    assert located, caught.value.diagnostics
    assert "carry #0" in str(caught.value)


def test_pto_emit_error_is_located():
    with ir.Context():
        module = tilemem.parse_module(open(ACCUMULATE).read(), source_name="k.mlir")
        passes.init_memref()(module)  # not legalized: emission refuses it
        with pytest.raises(tilemem.PTOEmitError) as caught:
            pto.emit(module)
    assert caught.value.diagnostics
    assert all(d.location.startswith("k.mlir:") for d in caught.value.diagnostics)


# --- compile: what it was given ---------------------------------------------------


def test_compile_says_which_input_it_got(tmp_path):
    text = open(ACCUMULATE).read()
    assert tilemem.compile(ACCUMULATE).source == {"kind": "path", "name": ACCUMULATE}
    path = pathlib.Path(ACCUMULATE)
    assert tilemem.compile(path).source == {"kind": "path", "name": ACCUMULATE}
    assert tilemem.compile(text).source == {"kind": "text", "name": "<string>"}
    with ir.Context():
        module = ir.Module.parse(text)
        result = tilemem.compile(module)
    assert result.source == {"kind": "module", "name": "<module>"}
    assert "source=path" in repr(tilemem.compile(ACCUMULATE))


def test_compile_of_a_missing_file_says_so():
    # The reproducer: compile("nosuch") parsed the word as IR.
    with pytest.raises(tilemem.CompileError) as caught:
        tilemem.compile("nosuch")
    assert caught.value.stage == "load"
    assert "cannot read the kernel file 'nosuch'" in str(caught.value)
    with pytest.raises(tilemem.CompileError, match="cannot read the kernel file"):
        tilemem.compile(pathlib.Path("nosuch.mlir"))
    with pytest.raises(TypeError, match="kernel must be"):
        tilemem.compile(42)


def test_compile_diagnostics_name_the_file(tmp_path):
    # The reproducer: diagnostics named "-" instead of the file.
    bad = tmp_path / "bad.mlir"
    bad.write_text(BAD_SPACE)
    with pytest.raises(tilemem.CompileError) as caught:
        tilemem.compile(bad)
    assert caught.value.stage == "parse"
    assert caught.value.diagnostics[0].location == f"{bad}:3:8"
    # A pipeline failure: the located error in the kernel's file.
    swap = tmp_path / "swap.mlir"
    swap.write_text(SWAP_ACC)
    with pytest.raises(tilemem.CompileError) as caught:
        tilemem.compile(swap, memory_planner="dsa-rp")
    assert caught.value.stage == "pipeline"
    assert caught.value.options["memory_planner"] == "dsa-rp"
    errors = [d for d in caught.value.diagnostics if d.severity == "error"]
    assert errors and all(d.location.startswith(f"{swap}:") for d in errors)
    assert "no acc->acc copy" in str(caught.value)


def test_cli_diagnostics_name_the_file(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text(BAD_SPACE)
    proc = subprocess.run(
        [sys.executable, "-m", "tilemem", "compile", str(bad)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": PACKAGE_DIR},
        timeout=120,
    )
    assert proc.returncode == 1
    assert f"{bad}:3:8: error: " in proc.stderr
    assert '"-"' not in proc.stderr and "loc(" not in proc.stderr
