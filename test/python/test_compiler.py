"""The compile driver (tilemem.compile): options, stats, cache, IR dumps,
timing."""

import os

import pytest
import tilemem
from conftest import EXAMPLES, SWAP_ACC
from tilemem import compiler, ir

ACCUMULATE = os.path.join(EXAMPLES, "accumulate.mlir")


def allocs(module):
    found = []

    def visit(op):
        if op.name == "tile.alloc":
            found.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found


@pytest.fixture(autouse=True)
def fresh_cache():
    compiler.clear_cache()
    yield
    compiler.clear_cache()


@pytest.mark.parametrize("planner", ["pypto", "dsa-rp", "ptoas"])
def test_compile_each_planner(planner):
    result = tilemem.compile(ACCUMULATE, memory_planner=planner)
    level = "level2" if planner == "ptoas" else "level3"
    assert result.options == {
        "memory_planner": planner,
        "enable_buffer_ir": True,
        "arch": "a3",
        "pto_level": level,
    }
    assert ("pto.alloc_tile addr = " in result.pto) == (level == "level3")
    addressed = ["addr" in op.attributes for op in allocs(result.module)]
    assert addressed and all(addressed) == (planner != "ptoas")
    assert not any(addressed) == (planner == "ptoas")
    stats = result.stats
    assert stats["allocations"]["vec"] == len(addressed)
    assert stats["bytes"]["vec"] == 16384 * len(addressed)
    assert stats["moves_inserted"] == 0
    assert stats["lower_bound"]["vec"] >= 16384
    if planner == "ptoas":
        assert stats["peak"] == {}
    else:
        assert stats["peak"]["vec"] >= stats["lower_bound"]["vec"]
        assert stats["functions"]["accumulate_rows"]["peak"] == stats["peak"]


ENTRY_COPY = """
func.func @entry_copy(%X: !tile.tensor<64x64xf32>, %O: !tile.tensor<64x64xf32>, %n: index) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %x = tile.load %X[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (!tile.tile<64x64xf32, vec>) {
    %next = tile.adds %acc, %one : !tile.tile<64x64xf32, vec>, f32
    scf.yield %next : !tile.tile<64x64xf32, vec>
  }
  %d = tile.sub %r, %x : !tile.tile<64x64xf32, vec>
  %O1 = tile.store %d, %O[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %O1 : !tile.tensor<64x64xf32>
}
"""


def test_moves_inserted_are_counted():
    # %x is read after the loop: the carry advances in an entry copy.
    result = tilemem.compile(ENTRY_COPY, memory_planner="dsa-rp")
    assert str(result.module).count("tile.move") == 1
    assert result.stats["moves_inserted"] == 1
    assert "pto.tmov" in result.pto
    # moves already in the input are not counted as inserted
    splitk = tilemem.compile(os.path.join(EXAMPLES, "splitk_matmul.mlir"))
    assert str(splitk.module).count("tile.move") == 2
    assert splitk.stats["moves_inserted"] == 0


def test_options_come_from_the_pass_context():
    with tilemem.PassContext(enable_buffer_ir=False, memory_planner="dsa-rp"):
        result = tilemem.compile(ACCUMULATE)
        assert result.options["memory_planner"] == "dsa-rp"
        assert result.options["enable_buffer_ir"] is False
        # explicit arguments win over the context
        assert (
            tilemem.compile(ACCUMULATE, memory_planner="ptoas").options["memory_planner"] == "ptoas"
        )
    assert tilemem.compile(ACCUMULATE).options["memory_planner"] == "pypto"


def test_arch_from_the_module_and_explicit():
    text = open(ACCUMULATE).read()
    a5 = 'module attributes {tile.target_arch = "a5"} {\n' + text + "}\n"
    assert tilemem.compile(a5).options["arch"] == "a5"
    assert tilemem.compile(a5, arch="a3").options["arch"] == "a3"
    assert tilemem.compile(text).options["arch"] == "a3"
    with pytest.raises(ValueError, match="unknown arch"):
        tilemem.compile(text, arch="a9")
    with pytest.raises(ValueError, match="unknown memory-planner 'greedy'"):
        tilemem.compile(text, memory_planner="greedy")


def test_kernel_as_path_text_or_module():
    text = open(ACCUMULATE).read()
    from_path = tilemem.compile(ACCUMULATE).pto
    compiler.clear_cache()
    assert tilemem.compile(text).pto == from_path
    with ir.Context():
        module = ir.Module.parse(text)
        before = str(module)
        compiler.clear_cache()
        assert tilemem.compile(module).pto == from_path
        assert str(module) == before  # the caller's module is not modified


def test_cache_keeps_the_source_name():
    """A kernel compiled from text and then from its file keeps the file's
    name in its module's locations (the cache returned the text's module,
    whose locations, and so its later diagnostics, named <string>)."""
    compiler.clear_cache()
    tilemem.compile(open(ACCUMULATE).read())
    from_file = tilemem.compile(ACCUMULATE)
    printed = from_file.module.operation.get_asm(enable_debug_info=True)
    assert f'"{ACCUMULATE}"' in printed and "<string>" not in printed
    assert tilemem.compile(ACCUMULATE).cached


def test_cache_hits_and_every_option_misses():
    first = tilemem.compile(ACCUMULATE, memory_planner="pypto")
    assert not first.cached
    again = tilemem.compile(ACCUMULATE, memory_planner="pypto")
    assert again.cached and again.pto == first.pto
    assert str(again.module) == str(first.module)
    assert compiler.cache_info() == {"hits": 1, "misses": 1, "entries": 1}
    # Each option change is a miss, never a stale hit.
    changed = [
        dict(memory_planner="dsa-rp"),
        dict(memory_planner="ptoas"),
        dict(memory_planner="pypto", enable_buffer_ir=False),
        dict(memory_planner="pypto", arch="a5"),
    ]
    results = []
    for options in changed:
        result = tilemem.compile(ACCUMULATE, **options)
        assert not result.cached, options
        results.append(result)
    assert compiler.cache_info()["misses"] == 1 + len(changed)
    # ptoas is level2: no addresses in its PTO, unlike the cached pypto one
    assert "addr" in first.pto and "addr" not in results[1].pto
    # A changed PassContext is a changed option too.
    with tilemem.PassContext(enable_buffer_ir=False):
        assert tilemem.compile(ACCUMULATE).cached  # == results[2]'s options
    with tilemem.PassContext(memory_planner="dsa-rp", enable_buffer_ir=False):
        assert not tilemem.compile(ACCUMULATE).cached


def test_cache_hit_is_isolated_from_mutation():
    first = tilemem.compile(ACCUMULATE)
    for op in allocs(first.module):
        del op.attributes["addr"]
    hit = tilemem.compile(ACCUMULATE)
    assert hit.cached
    assert all("addr" in op.attributes for op in allocs(hit.module))


def test_dump_ir_writes_options_and_each_pass(tmp_path):
    out = tmp_path / "dump"
    result = tilemem.compile(
        ACCUMULATE, memory_planner="dsa-rp", enable_buffer_ir=False, dump_ir=out
    )
    assert result.ir_dump == str(out)
    options = (out / "options.txt").read_text()
    assert "memory_planner=dsa-rp\n" in options
    assert "enable_buffer_ir=false\n" in options
    assert "arch=a3\n" in options
    assert (out / "output.pto").read_text() == result.pto
    assert (out / "0_input.mlir").read_text() == open(ACCUMULATE).read()
    dumped = sorted(p for p in (out / "passes").rglob("*") if p.is_file())
    names = " ".join(p.name for p in dumped)
    for pass_name in (
        "tile-init-memref",
        "tile-materialize-semantic-aliases",
        "tile-allocate-memory-addr",
    ):
        assert pass_name in names, names
    assert "tile-memory-reuse" not in names  # a pypto pass
    last = [p for p in dumped if "tile-allocate-memory-addr" in p.name][0]
    assert "addr = " in last.read_text()
    # A dump request always runs, even when the result is cached.
    again = tilemem.compile(
        ACCUMULATE, memory_planner="dsa-rp", enable_buffer_ir=False, dump_ir=tmp_path / "dump2"
    )
    assert not again.cached and (tmp_path / "dump2" / "options.txt").exists()


def test_timing_report_records_the_options():
    result = tilemem.compile(ACCUMULATE, memory_planner="pypto", timing=True)
    report = result.timing["report"]
    assert report.startswith(
        "// tilemem compile: memory_planner=pypto enable_buffer_ir=true arch=a3"
    )
    assert "Execution time report" in report
    names = [name for name, _ in result.timing["passes"]]
    assert any("MemoryReuse" in n or "memory-reuse" in n for n in names), names
    assert all(seconds >= 0 for _, seconds in result.timing["passes"])
    assert result.timing["pto_emission"] >= 0
    assert tilemem.compile(ACCUMULATE).timing is None


def test_failure_raises_with_the_options():
    with pytest.raises(
        compiler.CompileError, match=r"(?s)memory_planner=dsa-rp .*no acc->acc copy"
    ):
        tilemem.compile(SWAP_ACC, memory_planner="dsa-rp")
