"""The PTO goldens of test/Target/PTO, the ptoas reproducers and fuzz slices,
emitted by tilemem and run through the real chain (ptoas, then pto-isa's CPU
simulator, compared with the interpreter); the harness itself is tested in
test_toolchain.py. Each test skips, with the reason, when ptoas or pto-isa
is missing (``eval "$(scripts/toolchain-env.sh)"`` provides both).
"""

import glob
import os
import re

import pytest
from conftest import PLANNERS, ROOT, fuzz_seeds, planmemory_log, tools_or_skip
from tilemem.testing import toolchain
from tilemem.testing.toolchain import (
    Job,
)

# ===----------------------------------------------------------------------=== #
# The PTO goldens and the ptoas reproducers, on the simulator
# ===----------------------------------------------------------------------=== #

GOLDENS = [
    os.path.join(ROOT, "test", "Target", "PTO", name)
    for name in ("tile-to-pto.mlir", "tile-to-pto-level3.mlir")
]
REPROS = os.path.join(ROOT, "test", "python", "repros", "ptoas")

# What each kernel of ../repros/ptoas (one per problem real ptoas had with
# tilemem's PTO) does now, with every planner: "pass" (emitted, accepted by
# ptoas, compiled, run, and equal to the interpreter), "unchecked" (run, but
# the simulator cannot compute it: toolchain.compare.unverifiable), a
# located refusal, or a verifier error ("invalid"), given by a part of its
# diagnostic.
REPRO_EXPECTED = {
    "a5_elemtype_tmul_i8": "refused: ptoas's A5 pto.tmul takes element types i32/i16/f16/f32",
    "abs_colblock": "pass",  # tile-materialize-column-blocks copies the block
    "add_colblock_carried": "pass",  # the same, for an if result and a carry
    "acc_pressure": "pass",
    "accreshape": "refused: a view of another shape of a acc tile has no tile_buf",
    "accslice": "refused: a view of another shape of a acc tile has no tile_buf",
    # a full barrier in one arm keeps the blocks ptoas would merge apart
    "block_merge": "pass",
    "block_merge_after_cse": "pass",
    "cf_merge": "pass",
    # a5's tcmp writes rows as long as its sources' (copies 32 columns wide
    # when they are narrower) into a scratch tile or the mask
    "cmp_a5_mask_shape": "pass",
    "cmp_a5_wide": "pass",
    "cmp_a5_slots": "pass",
    "colexp_colblock": "pass",  # tile-materialize-column-blocks copies the block
    "colmax_colblock": "pass",  # tile-materialize-column-blocks copies the block
    "cvt_colblock": "pass",  # tile-materialize-column-blocks copies the block
    "exp_strided_col": "refused: its source is a column sliced out of a wider tile",
    "extract": "pass",  # an f32 output through an f16 narrowing: compare.tolerance
    "fillpad_colblock": "pass",  # the same, for a writeback read by whole rows
    "fillpad_f16_maxmin_sim": "unchecked: pto-isa's TFILLPAD pads f16",
    "for_scalar_carry": "pass",  # emitted as an scf.while
    "for_swapped_f32_carries": "pass",
    "gemv_row0": "refused: a view of another shape of a acc tile has no tile_buf",
    "index_beyond_int32": "refused: ptoas 0.27 holds index values in int32_t",
    "index_int32_extremes": "pass",
    "harness_bf16_matmul_f32_out": "unchecked: bf16 is a placeholder type",
    "matslice": "refused: a view of another shape of a mat tile has no tile_buf",
    "nonfinite_const": "refused: ptoas 0.27 prints a NaN or infinite float constant",
    "reshape_slice": "refused: pto-isa has no Tile for",  # 8x4 f32: 16-byte rows
    "rope": "pass",
    "row_expand_mul_i8": "invalid: operand #0 must be tile of i16, i32, f16 or f32",
    "scalar_addf": "pass",
    "scalar_i1_sign": "pass",
    "sel_add": "pass",
    "sel_max": "pass",
    "sel_tview": "pass",
    "slicecol": "refused: its vector operand is a column sliced out of a wider tile",
    "transpose_strided_col": "refused: a vector is transposed as a pto.tmov of its elements",
    "tv_rowsum": "pass",
    "tv_slice": "pass",
    "tv_square_add": "pass",
    "tv_square_exp": "pass",
    "tv_transpose": "pass",
    "while_in_for": "pass",
    "while_lagged_i32_carry": "pass",
    "while_lagged_i64_carry": "pass",
    "ceildivui_wraps": "pass",
    "index_castui_to_i64": "pass",
    "index_castui_i32_roundtrip": "pass",
    "while_scalar_carry": "pass",
    "while_nest": "pass",  # its stores are dead: nothing nested is emitted
    "while_i1_result_in_if": "pass",
    "while_lagged_carry": "pass",
    "while_result_in_if": "pass",
    "while_result_read_through_fold": "pass",
    # ptoas asserts on an scf.for inside a while of a kernel it lowers to a
    # CFG as a whole: the emitter writes the for as a while.
    "while_nest_live": "pass",
    "gemm_k_while_in_m_loop": "pass",
    "ifs_in_nested_while": "pass",
    # ptoas's PlanMemory does not see a buffer's lifetime end (or, for the
    # last, start) inside an scf.while: the emitter marks both points.
    "while_carry_freed_never": "pass",
    "while_after_loop_pingpong_level2": "pass",
    "while_carry_first_written_inside": "pass",
    "write_colblock_live": "pass",
}


def _bool_variants(text, function=None):
    """One scalar assignment per value of each i1 argument (both arms); an
    index argument is 1 (a trip count, or a slot in range)."""
    sig = toolchain.kernel_signature(text, function)
    flags = [a.index for a in sig.args if a.type == "i1"]
    indices = {a.index: 1 for a in sig.args if a.type == "index"}
    if not flags:
        return [indices or None]
    return [{**indices, **{i: value for i in flags}} for value in (True, False)]


def _golden_kernels():
    """(id, text, function) of every kernel split of the PTO goldens; a split
    with several kernels is run once per kernel."""
    kernels = []
    for path in GOLDENS:
        for split in open(path).read().split("\n// -----\n"):
            split = "\n".join(l for l in split.splitlines() if not l.startswith("//"))
            names = re.findall(r"func\.func @(\w+)\(", split)
            for name in names:
                text = split
                if len(names) > 1:  # only the entry is a __global__ kernel
                    text = re.sub(r" attributes \{pto\.entry\}", "", text)
                    text = re.sub(
                        rf"(func\.func @{name}\(.*\)[^\n{{]*?) ?\{{\n",
                        r"\1 attributes {pto.entry} {\n",
                        text,
                        count=1,
                    )
                kernels.append(
                    (
                        f"{os.path.basename(path)[:-5]}-{name}",
                        text,
                        name if len(names) > 1 else None,
                    )
                )
    return kernels


GOLDEN_KERNELS = _golden_kernels()


@pytest.fixture(scope="module")
def golden_results():
    """Every golden kernel as it is (already legalized: emitted directly, the
    interpreter's storage mode as the reference), both arms of its i1
    arguments, in one batch."""
    tools = tools_or_skip()
    jobs, ids = [], []
    for case, text, function in GOLDEN_KERNELS:
        for scalars in _bool_variants(text, function):
            ids.append(case)
            jobs.append(
                Job(
                    text,
                    legalized=True,
                    function=function,
                    scalars=scalars,
                    arch=None,
                    name=f"{case}-{scalars}",
                )
            )
    results = toolchain.run_batch(jobs, tools=tools)
    by_case = {}
    for case, result in zip(ids, results):
        by_case.setdefault(case, []).append(result)
    return by_case


def test_goldens_are_found():
    assert len(GOLDEN_KERNELS) >= 20
    assert {c for c, _, _ in GOLDEN_KERNELS} >= {
        "tile-to-pto-accumulate",
        "tile-to-pto-fill",
        "tile-to-pto-level3-square_transpose_view",
    }


@pytest.mark.parametrize("case", sorted({c for c, _, _ in GOLDEN_KERNELS}))
def test_golden_on_simulator(golden_results, case):
    """ptoas accepts each golden's PTO, its C++ compiles against pto-isa, and
    the simulator computes what the interpreter does."""
    for result in golden_results[case]:
        assert result.ok, result.report()


def test_every_repro_has_an_expectation():
    names = {os.path.basename(p)[:-5] for p in glob.glob(os.path.join(REPROS, "*.mlir"))}
    assert names == set(REPRO_EXPECTED)


@pytest.fixture(scope="module")
def repro_results():
    tools = tools_or_skip()
    jobs, keys = [], []
    for name in sorted(REPRO_EXPECTED):
        path = os.path.join(REPROS, name + ".mlir")
        # An invalid kernel has no signature to vary its flags by.
        invalid = REPRO_EXPECTED[name].startswith("invalid")
        for planner in PLANNERS:
            for scalars in [None] if invalid else _bool_variants(open(path).read()):
                keys.append((name, planner))
                jobs.append(
                    Job(
                        path,
                        memory_planner=planner,
                        scalars=scalars,
                        name=f"{name}-{planner}-{scalars}",
                    )
                )
    results = toolchain.run_batch(jobs, tools=tools)
    by_key = {}
    for key, result in zip(keys, results):
        by_key.setdefault(key, []).append(result)
    return by_key


@pytest.mark.parametrize("planner", PLANNERS)
@pytest.mark.parametrize("name", sorted(REPRO_EXPECTED))
def test_ptoas_repro(repro_results, name, planner):
    """Each ptoas reproducer now emits PTO that ptoas accepts and that
    matches on the simulator, or is refused before emission with a located
    diagnostic naming the ptoas limitation."""
    expected = REPRO_EXPECTED[name]
    for result in repro_results[(name, planner)]:
        if expected == "pass":
            assert result.ok, result.report()
            continue
        kind, part = expected.split(": ", 1)
        if kind == "unchecked":
            assert result.stage == "compare", result.report()
            assert result.stages["compare"].status == "skipped", result.report()
            assert part in result.stages["compare"].message, result.report()
            continue
        assert result.stage == "emit", result.report()
        message = result.stages["emit"].message
        if kind == "refused":
            assert "cannot be emitted to PTO" in message, message
            assert re.search(r":\d+:\d+: error: ", message), message  # located
        assert part in message, message


# A pto.tmov of a tile_buf onto itself: level2's marks of where a buffer used
# in an scf.while begins and ends for ptoas's PlanMemory (bracketWhileUses).
SELF_MOVE = re.compile(r"^\s*pto\.tmov ins\((%\w+) : [^)]*\) outs\(\1 : [^)]*\)\n", re.M)


@pytest.mark.parametrize(
    "name, marks",
    [
        ("while_carry_freed_never", 1),
        ("while_after_loop_pingpong_level2", 2),
        ("while_carry_first_written_inside", 1),
    ],
)
def test_while_marks_are_load_bearing(name, marks):
    """The reproducers of ptoas's PlanMemory at scf.while pass with the
    ptoas planner (test_ptoas_repro) because of the emitter's marks: with
    the self-moves taken out of the emitted PTO, the simulator computes
    wrong values again."""
    tools = tools_or_skip()
    path = os.path.join(REPROS, name + ".mlir")
    seen = []

    def strip(pto: str) -> str:
        seen.append(len(SELF_MOVE.findall(pto)))
        return SELF_MOVE.sub("", pto)

    result = toolchain.run_chain(path, memory_planner="ptoas", tools=tools, pto_filter=strip)
    assert seen == [marks]
    assert result.stage == "compare" and not result.ok, result.report()
    assert any(result.mismatches.values()), result.report()


# ===----------------------------------------------------------------------=== #
# The fuzzer's --execute mode
# ===----------------------------------------------------------------------=== #


@pytest.mark.parametrize("enable_buffer_ir", ["true", "false"])
@pytest.mark.parametrize("corpus", ["default", "branch-heavy"])
def test_fuzz_execute_slice(capsys, tmp_path, corpus, enable_buffer_ir):
    """A bounded slice of `python -m tilemem.fuzz --execute` at seeds derived
    from the commit: every kernel the fuzzer accepts and that returns only
    tensors goes through ptoas, g++ against pto-isa and the simulator for
    the three planners; nothing is rejected by ptoas, fails to compile or to
    run, or differs from value mode (the exit status counts those)."""
    tools_or_skip()
    salt = 8 + 2 * (corpus == "branch-heavy") + (enable_buffer_ir == "false")
    argv = [
        "--count",
        "30",
        "--seed",
        str(fuzz_seeds(1, salt=salt)[0]),
        "--memory-planner",
        "all",
        "--enable-buffer-ir",
        enable_buffer_ir,
        "--execute",
        "--progress",
        "off",
        "--failures",
        str(tmp_path),
    ]
    if corpus == "branch-heavy":
        argv.append("--branch-heavy")
    _fuzz_executes_clean(argv, capsys, planners=3)


def _fuzz_executes_clean(argv, capsys, planners: int) -> None:
    """Runs `python -m tilemem.fuzz argv` (an --execute run): some kernels
    ran with each of the `planners`, and nothing was rejected by ptoas,
    failed to compile or run, or differed from value mode (the exit status
    counts those)."""
    from tilemem.testing import fuzz

    status = fuzz.main(argv)
    out = capsys.readouterr().out
    executed = re.search(rf"executed:\s+(\d+) kernels x {planners} planners", out)
    assert executed and int(executed.group(1)) > 0, out
    total = re.search(r"^total .* emitted=(\d+) ptoas-accepted=(\d+)", out, re.M)
    assert total and int(total.group(1)) == int(total.group(2)) > 0, out
    for failure in ("ptoas-reject", "ptoas-crash", "compile", "run", "mismatch", "plan-invalid"):
        assert re.search(rf"^total .* {failure}=0 ", out, re.M), out
    assert status == 0, out


def test_fuzz_execute_under_pressure(capsys, tmp_path):
    """A bounded slice of `python -m tilemem.fuzz --execute --pressure`
    with the ptoas planner: with a tail of tiles beyond the capacity,
    ptoas's PlanMemory places each branch-heavy program's tiles by the
    lifetimes it derives, and nothing it emits is rejected by ptoas, fails
    to compile or run, or differs from value mode."""
    tools_or_skip()
    argv = [
        "--count",
        "30",
        "--seed",
        str(fuzz_seeds(1, salt=12)[0]),
        "--memory-planner",
        "ptoas",
        "--branch-heavy",
        "--pressure",
        "--execute",
        "--progress",
        "off",
        "--failures",
        str(tmp_path),
    ]
    _fuzz_executes_clean(argv, capsys, planners=1)


def test_planmemory_sees_every_lifetime_of_fuzz_programs(tmp_path):
    """The fuzzer's PTO kernels (whiles, ifs and fors nested every way)
    with the pressure tail, through ptoas's PlanMemory: it plans them with
    reuse and frees every buffer it places ("freeTime : -1" is one it
    never frees, so it may place any other over it; the emitter marks the
    ends it does not see, docs/pto-emission.md)."""
    from tilemem.errors import CompileError
    from tilemem.testing import fuzz_gen

    tools = tools_or_skip()
    checked = 0
    for seed in fuzz_seeds(40, salt=13):
        text = fuzz_gen.generate(
            seed, branch_heavy=seed % 2 == 0, tensor_outputs=True, pressure=True
        )
        try:
            log = planmemory_log(tools, text, tmp_path, f"fuzz-{seed}")
        except CompileError:
            continue  # rejected or refused: the fuzzer's own tests count these
        checked += 1
        assert "Need-Plan-CurEntry" in log, seed
        assert "freeTime : -1" not in log, seed
    assert checked >= 10
