"""The mutation fuzzer (`python -m tilemem.testing.mutate`): its mutations,
its oracle on tools that misbehave on purpose, and a bounded run over the
kernels, the examples and the lit tests' inputs at seeds derived from the
commit (conftest.fuzz_seeds; the full count runs by the command in
docs/fuzzing.md)."""

import os
import random
import sys

import pytest
from conftest import ROOT, fuzz_seeds, tools_or_skip
from tilemem.testing import mutate

PROGRAM = """func.func @f(%A: !tile.tensor<16x8xf32>) -> !tile.tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %t = tile.load %A[%c0, %c0] : !tile.tensor<16x8xf32> -> !tile.tile<8x8xf32, vec>
  %s = tile.load %A[%c8, %c0] : !tile.tensor<16x8xf32> -> !tile.tile<8x8xf32, vec>
  %u = tile.add %t, %s : !tile.tile<8x8xf32, vec>
  %v = tile.mul %u, %t : !tile.tile<8x8xf32, vec>
  %A1 = tile.store %v, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<16x8xf32>
  return %A1 : !tile.tensor<16x8xf32>
}
"""

CORPUS = [
    os.path.join(ROOT, "kernels", "*.mlir"),
    os.path.join(ROOT, "examples", "*.mlir"),
    os.path.join(ROOT, "test", "Transforms", "*.mlir"),
]


@pytest.mark.parametrize("kind", sorted(mutate.MUTATIONS))
def test_every_mutation_changes_the_program(kind):
    lines = PROGRAM.splitlines()
    body = mutate._body_lines(lines)
    changed = 0
    for seed in range(20):
        result = mutate.MUTATIONS[kind](random.Random(seed), lines, body)
        if result is None:
            continue
        mutated, what = result
        assert what
        changed += mutated != lines
    assert changed >= 10


@pytest.mark.parametrize("kind", ["copy-op", "forward"])
def test_op_mutations_keep_the_program_valid(kind):
    """copy-op and forward only make programs the storage pipeline accepts
    from a valid one (the point of drawing them often)."""
    from tilemem._tools import tool_path

    lines = PROGRAM.splitlines()
    body = mutate._body_lines(lines)
    texts = set()
    for seed in range(12):
        result = mutate.MUTATIONS[kind](random.Random(seed), lines, body)
        if result is not None:
            texts.add("\n".join(result[0]) + "\n")
    assert len(texts) >= 3
    for text in texts:
        run = mutate.run_tool([tool_path("tile-opt"), *mutate.STORAGE_PIPELINE, "-"], text, 60)
        assert run.status == "accepted", text + run.output


def test_lit_files_are_split_and_their_directives_dropped(tmp_path):
    path = tmp_path / "cases.mlir"
    path.write_text(
        "// RUN: tile-opt %s\n// CHECK: x\n" + PROGRAM + "\n// -----\n\n// no function here\n"
    )
    sources = mutate.load_sources([str(path)])
    assert [name for name, _ in sources] == [f"{path}#0"]
    assert "RUN" not in sources[0][1] and "@f" in sources[0][1]


def test_paths_are_files_directories_or_globs(tmp_path, capsys):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.mlir").write_text(PROGRAM)
    (tmp_path / "b.txt").write_text(PROGRAM)
    names = [name for name, _ in mutate.load_sources([str(tmp_path), str(tmp_path / "none-*")])]
    assert names == [str(tmp_path / "sub" / "a.mlir") + "#0"]
    with pytest.raises(SystemExit):
        mutate.main([str(tmp_path / "missing.mlir"), "--count", "1"])
    assert "no such file: " in capsys.readouterr().err


def test_a_mutant_is_its_seed():
    sources = mutate.load_sources(CORPUS)
    first = mutate.make_mutant(sources, 7)
    assert first == mutate.make_mutant(sources, 7)
    assert len({mutate.make_mutant(sources, s).text for s in range(7, 27)}) > 15


def test_value_mode_decides_what_is_undefined():
    assert mutate.undefined_in_value_mode(PROGRAM, 1) is None
    # A column the inputs choose (1, then 3): the block leaves the tensor.
    outside = PROGRAM.replace("%A[%c8, %c0]", "%A[%c8, %n]").replace(
        "(%A: !tile.tensor<16x8xf32>)", "(%A: !tile.tensor<16x8xf32>, %n: index)"
    )
    assert "exceeds 16x8" in mutate.undefined_in_value_mode(outside, 1)
    unwritten = PROGRAM.replace("%v = tile.mul %u, %t", "%v = tile.create")
    assert "read before it is written" in mutate.undefined_in_value_mode(unwritten, 1)
    # No input of an argument type the interpreter has none of (a mutant of
    # tile-to-pto-invalid.mlir's @arith_without_lowering): undefined, where
    # it used to kill the worker and count as a compiler crash.
    f8 = """func.func @f(%a: f8E4M3FN, %s: f8E8M0FNU) {
  %f = arith.scaling_extf %a, %s : f8E4M3FN, f8E8M0FNU to f32
  return
}"""
    assert "no random input for type f8E4M3FN" in mutate.undefined_in_value_mode(f8, 1)
    assert mutate.check_semantics((f8, 1))[0][1] == "undefined"


def _tool(tmp_path, script: str) -> list[str]:
    path = tmp_path / "tool.py"
    path.write_text("import os, signal, sys, time\nsys.stdin.read()\n" + script)
    return [sys.executable, str(path)]


@pytest.mark.parametrize(
    "script, status",
    [
        ("print('ok')", "accepted"),
        ("sys.stderr.write('<stdin>:3:5: error: bad\\n'); sys.exit(1)", "rejected"),
        ("sys.stderr.write('error: bad, but where?\\n'); sys.exit(1)", "unlocated"),
        ("sys.stderr.write('loc(unknown): error: bad\\n'); sys.exit(1)", "unlocated"),
        ("os.kill(os.getpid(), signal.SIGSEGV)", "crash"),
        ("sys.stderr.write('PLEASE submit a bug report\\n'); sys.exit(1)", "crash"),
        ("time.sleep(30)", "hang"),
    ],
)
def test_the_oracle_tells_a_clean_refusal_from_a_failure(tmp_path, script, status):
    assert mutate.run_tool(_tool(tmp_path, script), "x", timeout=2).status == status


def test_a_failing_tool_fails_the_run(tmp_path, monkeypatch, capsys):
    crashing = _tool(tmp_path, "os.kill(os.getpid(), signal.SIGABRT)")
    monkeypatch.setattr(
        mutate, "check_tools", lambda m, o, t, s: ("tile-opt", mutate.run_tool(crashing, m.text, s))
    )
    failures = tmp_path / "failures"
    assert mutate.main([*CORPUS, "--count", "2", "--seed", "5", "--failures", str(failures)]) == 1
    written = sorted(os.listdir(failures))
    assert written == ["mutant-5-tile-opt.mlir", "mutant-6-tile-opt.mlir"]
    header = (failures / "mutant-5-tile-opt.mlir").read_text().splitlines()
    assert header[0] == "// tile-opt: crash"
    assert header[1].startswith("// mutant of ")
    assert "failures: 2" in capsys.readouterr().out


def test_mutants_of_the_corpus_crash_nothing(tmp_path, capsys):
    first = fuzz_seeds(1, salt=11)[0]
    code = mutate.main(
        [*CORPUS, "--count", "300", "--seed", str(first), "--failures", str(tmp_path)]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert "tile-opt rejected" in out and "tile-translate" in out


def test_accepted_mutants_keep_their_results(tmp_path, capsys):
    first = fuzz_seeds(1, salt=12)[0]
    code = mutate.main(
        [
            *CORPUS[:2],
            "--count",
            "60",
            "--seed",
            str(first),
            "--semantics",
            "--jobs",
            "2",
            "--failures",
            str(tmp_path),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert "semantics storage ok" in out


def test_execute_needs_semantics(capsys):
    with pytest.raises(SystemExit) as exit:
        mutate.main([*CORPUS[:1], "--count", "1", "--execute"])
    assert exit.value.code == 2
    assert "--execute needs --semantics" in capsys.readouterr().err


@pytest.fixture
def accepted_program(monkeypatch):
    """Every mutant is PROGRAM, accepted by the tools, with a stand-in for
    the toolchain: the --execute oracle alone decides (corpus.run scripted
    by the test)."""
    from tilemem.testing import toolchain

    monkeypatch.setattr(
        mutate,
        "make_mutant",
        lambda sources, seed: mutate.Mutant(seed, "PROGRAM", PROGRAM, ["none"], ()),
    )
    monkeypatch.setattr(
        mutate,
        "check_tools",
        lambda m, o, t, s: ("tile-translate", mutate.ToolRun("accepted", "")),
    )
    monkeypatch.setattr(toolchain, "find_tools", lambda: "tools")


def test_a_wrong_simulator_result_fails_the_run(tmp_path, monkeypatch, capsys, accepted_program):
    """The execution oracle: a mutant that passed every semantic check and
    whose run on the simulator differs for one planner fails the run, with a
    file naming the planner; the other planners' passes are counted."""
    from tilemem.testing import corpus

    seen = []

    def scripted_run(programs, planners, tools=None, **_):
        seen.extend((p.seed, p.text, tools) for p in programs)
        return [
            {
                "seed": p.seed,
                "planner": planner,
                "outcome": "mismatch" if planner == "dsa-rp" else "pass",
                "reason": "output 0 differs",
                "message": "output 0: 3 of 64 elements differ",
            }
            for p in programs
            for planner in planners
        ]

    monkeypatch.setattr(corpus, "run", scripted_run)
    failures = tmp_path / "failures"
    code = mutate.main(
        [*CORPUS[:1], "--count", "1", "--seed", "7", "--semantics", "--execute"]
        + ["--failures", str(failures)]
    )
    out = capsys.readouterr().out
    assert code == 1, out
    assert seen == [(7, PROGRAM, "tools")]
    assert "execute pypto pass: 1" in out and "execute dsa-rp mismatch: 1" in out
    assert os.listdir(failures) == ["mutant-7-execute-dsa-rp.mlir"]
    text = (failures / "mutant-7-execute-dsa-rp.mlir").read_text()
    assert text.startswith("// execute-dsa-rp: mismatch\n")
    assert "3 of 64 elements differ" in text and PROGRAM in text


def test_an_ill_conditioned_mismatch_is_counted_not_failed(
    tmp_path, monkeypatch, capsys, accepted_program
):
    """A simulator mismatch of a mutant whose results depend on the order of
    its sums beyond the tolerance (toolchain.compare.ill_conditioned) is
    counted as ill-conditioned; the check runs once per mutant."""
    from tilemem.testing import corpus
    from tilemem.testing.toolchain import compare

    monkeypatch.setattr(
        corpus,
        "run",
        lambda programs, planners, tools=None, **_: [
            {"seed": p.seed, "planner": planner, "outcome": "mismatch", "reason": "", "message": ""}
            for p in programs
            for planner in planners
        ],
    )
    asked = []
    monkeypatch.setattr(
        compare, "ill_conditioned", lambda text, seed: asked.append(seed) or "rsqrt near 0"
    )
    code = mutate.main(
        [*CORPUS[:1], "--count", "1", "--seed", "7", "--semantics", "--execute"]
        + ["--failures", str(tmp_path)]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert asked == [7]
    assert "execute dsa-rp ill-conditioned: 1" in out and "failures: 0" in out
    assert "ill-conditioned (counted, not failed): mutant 7: rsqrt near 0" in out


def test_accepted_mutants_run_on_the_simulator(tmp_path, capsys):
    tools_or_skip()
    first = fuzz_seeds(1, salt=13)[0]
    code = mutate.main(
        [*CORPUS[:2], "--count", "120", "--seed", str(first), "--semantics", "--execute"]
        + ["--jobs", "2", "--failures", str(tmp_path)]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert "execute pypto pass" in out, out
