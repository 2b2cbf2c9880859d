"""Smoke test of the benchmark suite (bench/): tiny sizes only.

The benchmarks themselves are not timed tests; this checks that the
generated programs stay valid, that the storage pipeline accepts them and
keeps their meaning, and that bench/run.py produces its tables.
"""

import math
import os
import subprocess
import sys

import pytest
from conftest import ROOT, TILE_OPT

sys.path.insert(0, os.path.join(ROOT, "bench"))

import gen  # noqa: E402
import run  # noqa: E402

PIPELINE = [
    "--tile-init-memref=erase-dead-code=false",
    "--tile-materialize-semantic-aliases",
    "--tile-verify-storage",
]


def tool(args, text):
    return subprocess.run(args, input=text, capture_output=True, text=True)


@pytest.mark.parametrize("shape", gen.SHAPES)
def test_tile_program_parses_and_passes_the_pipeline(shape):
    program = gen.generate(shape, 150, "tile")
    assert program.ops >= 100
    parsed = tool([TILE_OPT, "-o", "/dev/null"], program.text)
    assert parsed.returncode == 0, parsed.stderr
    result = tool([TILE_OPT, *PIPELINE, "-o", "/dev/null"], program.text)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("shape", gen.SHAPES)
def test_tensor_twin_parses_and_bufferizes(shape):
    tile = gen.generate(shape, 150, "tile")
    tensor = gen.generate(shape, 150, "tensor")
    assert tensor.units == tile.units  # the same loop and branch structure
    assert tensor.text.count("scf.for") == tile.text.count("scf.for")
    assert tensor.text.count("scf.if") == tile.text.count("scf.if")
    parsed = tool([run.MLIR_OPT, "-o", "/dev/null"], tensor.text)
    assert parsed.returncode == 0, parsed.stderr
    osb = tool(
        [run.MLIR_OPT, run.OSB_PASS, "-o", "/dev/null"],
        gen.generate(shape, 0, "tensor", units=1).text,
    )
    assert osb.returncode == 0, osb.stderr


@pytest.mark.parametrize("shape", gen.SHAPES)
def test_bench_programs_compute_the_same_after_the_pipeline(shape):
    from tilemem import ir, passes
    from tilemem.testing import interp

    text = gen.generate(shape, 0, "tile", units=1).text
    with ir.Context():
        reference = ir.Module.parse(text)
        module = passes.run_pipeline(ir.Module.parse(text), passes.storage_pipeline())
        for n, cond in [(0, True), (2, False), (2, True)]:
            inputs = interp.random_inputs(reference, seed=n, scalars={2: n, 3: cond})
            result = interp.compare(reference, module, inputs)
            assert result.equal, result.message


def test_exponent_fit_on_synthetic_data():
    ns = [1e4, 3e4, 1e5, 3e5, 1e6]
    assert run.fit_exponent(ns, [2e-6 * n**1.3 for n in ns]) == pytest.approx(1.3)
    assert run.fit_exponent(ns, [5e-7 * n * math.log(n) for n in ns]) == pytest.approx(
        1.08, abs=0.02
    )
    assert math.isnan(run.fit_exponent([1e4], [1.0]))


def test_timing_and_statistics_parsers():
    stderr = """
===-------------------------------------------------------------------------===
                         ... Pass statistics report ...
===-------------------------------------------------------------------------===
'func.func' Pipeline
  TileMaterializeSemanticAliases
    (S)  3 retargeted-producers - Producers retargeted into a required window
    (S) 12 yield-copies         - tile.move ops inserted before yields
===-------------------------------------------------------------------------===
                         ... Execution time report ...
===-------------------------------------------------------------------------===
  Total Execution Time: 1.5000 seconds

  ----Wall Time----  ----Name----
    1.5000 (100.0%)  root
    0.5000 ( 33.3%)  Parser
    0.2500 ( 16.7%)  TileMaterializeSemanticAliases
"""
    assert run.parse_statistics(stderr) == {"retargeted-producers": 3, "yield-copies": 12}
    times = run.parse_timing(stderr)
    assert times["Parser"] == 0.5 and times["TileMaterializeSemanticAliases"] == 0.25


def test_naive_baseline_counts_cycles():
    # (source, target) windows: a swap and a 3-rotation are 2 cycles, a chain none.
    assert run._cycles([("a", "b"), ("b", "a")]) == 1
    assert run._cycles([("a", "b"), ("b", "c"), ("c", "a"), ("x", "y"), ("y", "z")]) == 1
    assert run._cycles([("f1", "a"), ("a", "b")]) == 0
    q = run.quality_of("bench/carries", gen.generate("carries", 0, "tile", units=1).text, TILE_OPT)
    assert q.accepted and q.naive == 8 and q.cycles == 2
    assert q.stats["scratch-tiles"] == 2


def test_run_writes_the_tables(tmp_path):
    code = run.main(
        [
            "--sizes",
            "150",
            "--shapes",
            "seq,carries",
            "--osb-timeout",
            "20",
            "--repeat",
            "1",
            "--fuzz-count",
            "2",
            "--planner-fuzz",
            "3",
            "--planner-mixed",
            "3",
            "--no-plot",
            "--out",
            str(tmp_path),
        ]
    )
    assert code == 0
    text = (tmp_path / "results.md").read_text()
    assert "| " + " | ".join(run.SCALING_COLUMNS) + " |" in text
    assert "| " + " | ".join(run.QUALITY_COLUMNS) + " |" in text
    assert "## Targets" in text and "## Planners: peak bytes" in text
    assert "DSA_RP peak within 10% of the max-live lower bound on the corpus" in text
    rows = [l for l in text.splitlines() if l.startswith("| seq |") or l.startswith("| carries |")]
    assert len(rows) >= 2
    assert (tmp_path / "results.json").exists()
    data = __import__("json").loads((tmp_path / "results.json").read_text())
    point = next(p for p in data["points"] if p["shape"] == "carries")
    # bench/passmem.py measured the module and the passes' peak over it.
    assert point["module_mb"] > 0 and point["input_mb"] >= point["module_mb"]
    assert point["pass_peak_mb"] > 0
    # GNU time's kernel seconds and minor faults of both processes: the
    # pipeline touches every page the parse does, and more.
    assert point["kernel_parse"] >= 0 and point["kernel_pipeline"] >= 0
    assert point["faults_pipeline"] > point["faults_parse"] > 0


def test_run_writes_the_depth_table(tmp_path):
    """The `deep` shape gets a one-nest depth sweep, its table and its
    exponent next to the other shapes'."""
    code = run.main(
        [
            "--sizes",
            "150",
            "--shapes",
            "deep",
            "--deep-depths",
            "5,20",
            "--no-osb",
            "--no-passmem",
            "--repeat",
            "1",
            "--fuzz-count",
            "0",
            "--planner-fuzz",
            "0",
            "--no-plot",
            "--out",
            str(tmp_path),
        ]
    )
    assert code == 0
    text = (tmp_path / "results.md").read_text()
    assert "| " + " | ".join(run.DEPTH_COLUMNS) + " |" in text
    # Each depth read from its text and from its bytecode, each an exponent.
    assert "| deep, over depth (one nest, text) |" in text
    assert "| deep, over depth (one nest, bytecode) |" in text
    assert "| 5 | text | " in text and "| 20 | bytecode | " in text
    depth_rows = [l for l in text.splitlines() if l.startswith(("| 5 |", "| 20 |"))]
    assert len(depth_rows) == 4
    # Every row fills every column, the time per op and the kernel seconds
    # included.
    assert all(l.count(" | ") == len(run.DEPTH_COLUMNS) - 1 for l in depth_rows)
    assert all(" / " in l.split(" | ")[-2] for l in depth_rows)
    data = __import__("json").loads((tmp_path / "results.json").read_text())
    assert [(p["depth"], p["input"]) for p in data["depth_points"]] == [
        (5, "text"),
        (20, "text"),
        (5, "bytecode"),
        (20, "bytecode"),
    ]
    assert all(not p["error"] for p in data["depth_points"])
    # One read of the IR is timed at every depth (NaN when it was not).
    assert all(p["read_ir"] >= 0 for p in data["depth_points"])
    assert set(data["depth_exponent"]) == {"text", "bytecode"}
    # The same program either way.
    assert data["depth_points"][0]["ops"] == data["depth_points"][2]["ops"]
    assert all(p["parse_noverify"] > 0 for p in data["depth_points"])
    # One nest per depth: 17 ops per 3 levels, plus the prologue.
    assert data["depth_points"][1]["ops"] > data["depth_points"][0]["ops"] + 3 * 15


def test_best_of_rounds_keeps_the_best_time_and_the_largest_peak():
    """The depth sweep's rounds merge into one point per depth: the least
    time of each field (a missing one does not win), the largest peak."""
    first = run.Point("deep", 10, 10, 1, 100, materialize=0.3, verify=float("nan"))
    first.rss_pipeline_kb = 50
    second = run.Point("deep", 10, 10, 1, 100, materialize=0.2, verify=0.05)
    second.rss_pipeline_kb = 40
    third = run.Point("deep", 10, 10, 1, 100, materialize=float("nan"), verify=0.07)
    third.error = "pipeline: timed out"
    best = run.best_of([first, second, third])
    assert best.materialize == 0.2 and best.verify == 0.05
    assert best.rss_pipeline_kb == 50
    assert best.error == "pipeline: timed out"
    assert first.materialize == 0.3, "the rounds themselves are left alone"


def test_a_target_holds_only_when_every_shape_is_measured_within_it():
    import report

    nan = float("nan")
    assert report.bound_row("t", {"seq": 0.7, "nest": 1.0}, 1.0) == [
        "t",
        "seq 0.70, nest 1.00",
        "yes",
    ]
    assert report.bound_row("t", {"seq": 0.7, "nest": 1.07}, 1.0)[2] == "no"
    assert report.bound_row("t", {"seq": 0.7, "nest": nan}, 1.0)[2] == "no"
    assert report.bound_row("t", {"seq": nan}, 1.5) == ["t", "not measured", "-"]


def test_deep_nests_reach_the_nesting_limit():
    """The deepest `deep` nest parses (its text stays within the 4096
    brackets of tilemem's limit) and one level more is refused."""
    from tilemem import limits

    text = gen.generate("deep", 0, "tile", depth=gen.DEEP_MAX_DEPTH).text
    assert limits.check_text_nesting(text) is None
    deeper = gen.generate("deep", 0, "tile", depth=gen.DEEP_MAX_DEPTH + 1).text
    with pytest.raises(limits.NestingError):
        limits.check_text_nesting(deeper)


def test_pass_memory_grows_with_the_program(tmp_path):
    """bench/passmem.py separates the module from the pass: both grow with
    the program, and the measurement reports them per process."""
    # 25x the ops: resident memory comes in pages and arenas, and once the
    # small module read 4.1 MB (against 7.8 MB at 10x its ops).
    sizes = {}
    for units in (200, 5000):
        path = tmp_path / f"seq-{units}.mlir"
        path.write_text(gen.generate("seq", 0, "tile", units=units).text)
        point = run.Point("seq", 0, 0, units, 0)
        run.measure_pass_memory(point, str(path))
        sizes[units] = point
    small, large = sizes[200], sizes[5000]
    assert large.module_mb > 2 * small.module_mb > 0
    assert large.pass_peak_mb > large.module_mb * 0.1
    assert large.input_mb > large.module_mb


def test_pass_memory_of_the_deepest_nest(tmp_path):
    """bench/passmem.py parses and runs the passes on a large stack, as
    tile-opt does: the deepest nest the limit accepts is measured, where the
    Python main thread's 8 MiB stack overflowed in MLIR's parser."""
    path = tmp_path / "deep.mlir"
    path.write_text(gen.generate("deep", 0, "tile", depth=gen.DEEP_MAX_DEPTH).text)
    point = run.Point("deep", 0, 0, 0, 0)
    run.measure_pass_memory(point, str(path))
    assert point.module_mb and point.module_mb > 0
    assert point.pass_peak_mb is not None and point.pass_peak_mb > 0
