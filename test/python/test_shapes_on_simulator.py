"""A bounded slice of `python -m tilemem.testing.shape_sweep` (the full
count runs by the documented command, docs/fuzzing.md): kernels of the
shapes real kernels have (rectangular tiles, blocks at any row and column
of larger tensors, Rx1 and 1xC vectors, f16 cube inputs, K accumulated
over steps), at seeds derived from the commit (conftest.fuzz_seeds).
Without the toolchain, each kernel's storage and plans are checked against
value mode; with it, each runs on the simulator for every planner."""

import collections
import re

import pytest
from conftest import fuzz_seeds, planmemory_log, tools_or_skip
from tilemem import ir
from tilemem.testing import corpus, fuzz, shape_sweep, toolchain

SEEDS = fuzz_seeds(36, salt=17)
PLAN_OVERFLOW = toolchain.results.KNOWN_CLASSES["ptoas-plan-overflow"][1]


def _plan_overflow(planner, outcome) -> bool:
    """Whether a planner run is ptoas's own PlanMemory finding no plan for
    the ptoas planner's PTO (docs/passes/memory-planners.md)."""
    return planner == "ptoas" and bool(re.search(PLAN_OVERFLOW, outcome.reason))


def _plan_overflows(records) -> list:
    """The simulator records that are ptoas's own PlanMemory finding no plan
    (ptoas planner, class ptoas-plan-overflow), each on a kernel that dsa-rp
    places and runs: the one failure not tilemem's."""
    passed = {(r["seed"], r["planner"]) for r in records if r["outcome"] == "pass"}
    overflows = [
        r
        for r in records
        if r["outcome"] in ("ptoas-reject", "ptoas-crash")
        and r["planner"] == "ptoas"
        and r["reason"] == "ptoas-plan-overflow"
    ]
    assert all((r["seed"], "dsa-rp") in passed for r in overflows), corpus.table(records)
    return overflows


def test_every_family_and_shape_passes_the_verifier():
    """Over a few seeds every family occurs, tiles are rectangular, blocks
    are taken at nonzero columns, and every kernel is one its target holds
    (the generator makes no shape the verifier refuses)."""
    seen = collections.Counter()
    for seed in range(1, 150):
        text = shape_sweep.generate(seed)
        seen[re.search(r"func\.func @(\w+)\(", text).group(1)] += 1
        shapes = re.findall(r"!tile\.tile<(\d+)x(\d+)x", text)
        seen["rectangular"] += any(rows != cols for rows, cols in shapes)
        seen["nonzero column"] += bool(re.search(r"tile\.load %\w+\[%c\d+, %c[1-9]\d*\]", text))
        seen["f16 cube"] += "xf16, left>" in text
        with ir.Context():
            ir.Module.parse(text).operation.verify()
    assert set(shape_sweep.FAMILIES) <= set(seen), seen
    assert seen["rectangular"] and seen["nonzero column"] and seen["f16 cube"], seen


def test_shape_kernels_define_every_output_and_keep_it_in_storage_mode():
    """Value mode defines every output element of every family's kernels
    (an undefined byte, as a stored mask's row padding, is a difference for
    fuzz.run_one), and storage legalization keeps them."""
    failed = {}
    for seed in range(1, 400):
        outcome = fuzz.run_one(shape_sweep.generate(seed), seed)
        if outcome.status != "ok":
            failed[seed] = outcome.reason
    assert not failed, failed


@pytest.mark.parametrize("seed", SEEDS[:12])
def test_shape_kernels_keep_their_results_under_every_planner(seed):
    """Storage mode against value mode, then each planner's plan, its
    addresses and its PTO (accepted by ptoas when it is found, or refused
    with a documented diagnostic, or ptoas's PlanMemory finds no plan for
    the ptoas planner's PTO); a plan is refused only when the kernel's tiles
    do not fit (two slots of a 128x128 f32 right tile)."""
    text = shape_sweep.generate(seed)
    legalized = fuzz.run_one(text, seed)
    assert legalized.status == "ok", legalized.reason
    for planner in fuzz.PLANNERS:
        outcome = fuzz.run_planner(text, seed, planner)
        refused = outcome.status == "rejected" and outcome.reason == "capacity"
        assert (
            outcome.status in ("ok", "pto-refused") or refused or _plan_overflow(planner, outcome)
        ), (planner, outcome.reason)


def test_shape_kernels_on_simulator(tmp_path):
    """Every kernel of the slice, for every planner, through ptoas, g++
    against pto-isa and the simulator, against the interpreter: refused
    with a documented diagnostic or passed; none fails but by ptoas's own
    PlanMemory finding no plan (_plan_overflows: attention kernels near the
    capacity)."""
    tools = tools_or_skip()
    programs, skipped = shape_sweep.programs(SEEDS[0], len(SEEDS))
    assert skipped == 0
    records = corpus.run(
        programs, fuzz.PLANNERS, tools=tools, failures=str(tmp_path), conditioning=True
    )
    overflows = _plan_overflows(records)
    failures = [r for r in records if r["outcome"] in corpus.FAILURES and r not in overflows]
    assert not failures, corpus.table(failures)
    passed = sum(r["outcome"] == "pass" for r in records)
    assert passed >= 2 * len(records) // 3, corpus.summary(records, fuzz.PLANNERS)


LOOP_SEEDS = fuzz_seeds(24, salt=18)


def test_loops_family_covers_the_control_flow_of_real_kernels():
    """Over a few seeds the ``loops`` family carries column blocks and row
    vectors through loops, yields them from branches, nests loops, runs
    counted whiles and zero-trip loops, double-buffers loads in a user
    buffer, and writes back into column blocks; every kernel verifies."""
    seen = collections.Counter()
    for seed in range(1, 120):
        text = shape_sweep.generate(seed, "loops")
        with ir.Context():
            ir.Module.parse(text).operation.verify()
        # The function's body is indented by 4: a loop at 6 or more is nested.
        seen["loop in a region"] += bool(re.search(r"\n {6,}%\w+:\d+ = scf\.(for|while)", text))
        seen["while"] += "scf.while" in text
        seen["zero trips"] += bool(re.search(r"scf\.for %\w+ = %c0 to %c0 ", text))
        seen["if"] += "scf.if" in text
        seen["ping-pong"] += "into(%ping_pong slot" in text
        seen["writeback"] += "tile.fillpad" in text or "tile.write" in text
        seen["carried block"] += bool(re.search(r"iter_args\([^)]*= %v\d", text))
        seen["vector carried"] += bool(re.search(r"scf\.for[^\n]*x1xf(16|32), vec>", text))
    assert all(
        seen[k]
        for k in (
            "loop in a region",
            "while",
            "zero trips",
            "if",
            "ping-pong",
            "writeback",
            "carried block",
            "vector carried",
        )
    ), seen


@pytest.mark.parametrize("seed", LOOP_SEEDS[:8])
def test_loops_kernels_keep_their_results_under_every_planner(seed):
    """Storage mode against value mode, then each planner's plan and PTO,
    for kernels of the ``loops`` family."""
    text = shape_sweep.generate(seed, "loops")
    legalized = fuzz.run_one(text, seed)
    assert legalized.status == "ok", legalized.reason
    for planner in fuzz.PLANNERS:
        outcome = fuzz.run_planner(text, seed, planner)
        assert outcome.status in ("ok", "pto-refused"), (planner, outcome.reason)


def test_loops_kernels_on_simulator(tmp_path):
    """Kernels of the ``loops`` family through ptoas, g++ against pto-isa
    and the simulator for every planner: none fails or is refused (the
    ptoas planner's column sums are rows added at level2, where ptoas
    crashes on pto.tcolsum), and only a kernel whose f16 column sums round
    beyond the tolerance goes unchecked."""
    _loops_on_simulator(LOOP_SEEDS, fuzz.PLANNERS, tmp_path)


def _loops_on_simulator(seeds, planners, tmp_path, pressure: bool = False) -> None:
    """Runs the ``loops`` kernels of `seeds` on the simulator with
    `planners`: none fails or is refused, and only one whose f16 column sums
    round beyond the tolerance goes unchecked."""
    tools = tools_or_skip()
    programs, skipped = shape_sweep.programs(seeds[0], len(seeds), "loops", pressure)
    assert skipped == 0
    records = corpus.run(programs, planners, tools=tools, failures=str(tmp_path), conditioning=True)
    failures = [r for r in records if r["outcome"] in corpus.FAILURES]
    assert not failures, corpus.table(failures)
    other = [
        r for r in records if r["outcome"] != "pass" and "move out of tolerance" not in r["reason"]
    ]
    assert not other, corpus.table(other)


PRESSURE_SEEDS = fuzz_seeds(12, salt=20)


def test_pressure_makes_planmemory_reuse_and_see_every_lifetime(tmp_path):
    """`shape_sweep --pressure` keeps the kernel and appends tiles
    beyond the capacity, so ptoas's PlanMemory plans with reuse (it places
    every tile apart below the capacity); it then gives every buffer of
    the loops kernels an end ("freeTime : -1" is a buffer it never frees,
    which it may place over any other: the emitter marks where the buffers
    used in an scf.while end, docs/pto-emission.md)."""
    tools = tools_or_skip()
    for seed in PRESSURE_SEEDS:
        plain = shape_sweep.generate(seed, "loops")
        pressed = shape_sweep.generate(seed, "loops", pressure=True)
        # The kernel's lines but its head and return come first, unchanged.
        kept = plain.splitlines()[2:-3]
        assert pressed.splitlines()[2 : 2 + len(kept)] == kept
        log = planmemory_log(tools, pressed, tmp_path, f"loops-{seed}")
        assert "Need-Plan-CurEntry" in log, seed  # planned with reuse
        assert "freeTime : -1" not in log, seed


def test_loops_kernels_under_pressure_on_simulator(tmp_path):
    """Kernels of the ``loops`` family with the pressure tail, through
    ptoas (whose PlanMemory then reuses addresses), g++ and the simulator
    with the ptoas planner: none fails."""
    _loops_on_simulator(PRESSURE_SEEDS, ["ptoas"], tmp_path, pressure=True)


ATTENTION_SEEDS = fuzz_seeds(16, salt=19)


def test_attention_family_covers_the_forms_of_real_kernels():
    """Over a few seeds the ``attention`` family makes key-block loops,
    loops over query blocks around them, unrolled blocks, first-iteration
    branches, masked tail blocks, user buffers, Q split by tile.extract,
    scratch tensors carried or not (a3) and acc/vec moves (a5), and f16
    cubes; every kernel verifies."""
    seen = collections.Counter()
    for seed in range(1, 120):
        text = shape_sweep.generate(seed, "attention")
        with ir.Context():
            ir.Module.parse(text).operation.verify()
        seen["key loop"] += "scf.for %j" in text
        seen["query-block loop"] += "scf.for %h" in text
        seen["unrolled"] += "scf.for" not in text
        seen["first-iteration branch"] += "scf.if %first" in text
        seen["masked tail in a branch"] += bool(re.search(r"scf\.if %last\d+", text))
        seen["masked tail"] += "pad min" in text and "scf.for" not in text
        seen["user buffers"] += "into(%kb0 slot %slot" in text
        seen["extract"] += "tile.extract" in text
        seen["scratch carried"] += "%Ssc = %Ss" in text or "%Ssh = %Ss" in text
        seen["scratch stored into the argument"] += bool(
            re.search(r"tile\.store %\w+, %Ss\[", text)
        )
        seen["acc -> vec"] += bool(re.search(r"tile\.move %pv\d+ : [^\n]*acc> -> ", text))
        seen["vec -> mat"] += bool(re.search(r"tile\.move %p(h)?\d+ : [^\n]*vec> -> ", text))
        seen["f16 cube"] += "xf16, left>" in text
    assert all(seen[k] for k in seen) and len(seen) == 13, seen


@pytest.mark.parametrize("seed", ATTENTION_SEEDS[:6])
def test_attention_kernels_keep_their_results_under_every_planner(seed):
    """Storage mode against value mode, then each planner's plan and PTO,
    for kernels of the ``attention`` family; only a plan whose tiles do
    not fit may be refused."""
    text = shape_sweep.generate(seed, "attention")
    legalized = fuzz.run_one(text, seed)
    assert legalized.status == "ok", legalized.reason
    for planner in fuzz.PLANNERS:
        outcome = fuzz.run_planner(text, seed, planner)
        refused = outcome.status == "rejected" and outcome.reason == "capacity"
        assert (
            outcome.status in ("ok", "pto-refused") or refused or _plan_overflow(planner, outcome)
        ), (planner, outcome.reason)


def test_attention_kernels_on_simulator(tmp_path):
    """Kernels of the ``attention`` family through ptoas, g++ against
    pto-isa and the simulator for every planner: none fails, and a kernel
    is refused only when a plan does not fit its space. The one failure
    allowed is ptoas's own: its PlanMemory overflowing (never writing an
    op's result over its dying operand) on a kernel whose tiles live
    together fit, which dsa-rp then places and runs."""
    tools = tools_or_skip()
    programs, skipped = shape_sweep.programs(ATTENTION_SEEDS[0], len(ATTENTION_SEEDS), "attention")
    assert skipped == 0
    records = corpus.run(
        programs, fuzz.PLANNERS, tools=tools, failures=str(tmp_path), conditioning=True
    )
    ptoas_overflow = _plan_overflows(records)
    failures = [r for r in records if r["outcome"] in corpus.FAILURES and r not in ptoas_overflow]
    assert not failures, corpus.table(failures)
    other = [
        r
        for r in records
        if r["outcome"] != "pass"
        and r not in ptoas_overflow
        and "does not fit" not in r["reason"]
        and "together, but the capacity" not in r["reason"]
    ]
    assert not other, corpus.table(other)


SELECT_SEEDS = fuzz_seeds(12, salt=22)


def test_select_family_covers_both_compares_targets_and_types():
    """Over a few seeds the ``select`` family compares two tiles and a tile
    with a scalar, on a3 and a5 (where tile.cmp takes a scratch tile), in
    f32, f16 and i32, and stores the mask; every kernel verifies."""
    seen = collections.Counter()
    for seed in range(1, 120):
        text = shape_sweep.generate(seed, "select")
        with ir.Context():
            ir.Module.parse(text).operation.verify()
        arch = re.search(r'tile\.target_arch = "(a\d)"', text).group(1)
        seen["cmp " + arch] += "tile.cmp " in text
        seen["cmps " + arch] += "tile.cmps " in text
        for elem in ("f32", "f16", "i32"):
            seen[elem] += f"x{elem}, vec> -> !tile.tile" in text
        seen["mask stored"] += bool(re.search(r"tile\.store %m\d+,", text))
    assert all(
        seen[k]
        for k in ("cmp a3", "cmp a5", "cmps a3", "cmps a5", "f32", "f16", "i32", "mask stored")
    ), seen


def test_select_kernels_on_simulator(tmp_path):
    """tile.cmp / tile.cmps choosing between tiles with tile.sel on the
    shapes of real kernels, a3 and a5 (narrow sources compared from copies
    32 columns wide): every kernel passes for every planner."""
    tools = tools_or_skip()
    programs, skipped = shape_sweep.programs(SELECT_SEEDS[0], len(SELECT_SEEDS), "select")
    assert skipped == 0
    records = corpus.run(
        programs, fuzz.PLANNERS, tools=tools, failures=str(tmp_path), conditioning=True
    )
    failed = [r for r in records if r["outcome"] != "pass"]
    assert not failed, corpus.table(failed)
