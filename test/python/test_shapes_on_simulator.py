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
from conftest import fuzz_seeds, tools_or_skip
from tilemem import ir
from tilemem.testing import corpus, fuzz, shape_sweep

SEEDS = fuzz_seeds(36, salt=17)


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


@pytest.mark.parametrize("seed", SEEDS[:12])
def test_shape_kernels_keep_their_results_under_every_planner(seed):
    """Storage mode against value mode, then each planner's plan, its
    addresses and its PTO (accepted by ptoas when it is found, or refused
    with a documented diagnostic); a plan is refused only when the
    kernel's tiles do not fit (two slots of a 128x128 f32 right tile)."""
    text = shape_sweep.generate(seed)
    legalized = fuzz.run_one(text, seed)
    assert legalized.status == "ok", legalized.reason
    for planner in fuzz.PLANNERS:
        outcome = fuzz.run_planner(text, seed, planner)
        refused = outcome.status == "rejected" and outcome.reason == "capacity"
        assert outcome.status in ("ok", "pto-refused") or refused, (planner, outcome.reason)


def test_shape_kernels_on_simulator(tmp_path):
    """Every kernel of the slice, for every planner, through ptoas, g++
    against pto-isa and the simulator, against the interpreter: refused
    with a documented diagnostic or passed; none fails."""
    tools = tools_or_skip()
    programs, skipped = shape_sweep.programs(SEEDS[0], len(SEEDS))
    assert skipped == 0
    records = corpus.run(programs, fuzz.PLANNERS, tools=tools, failures=str(tmp_path))
    failures = [r for r in records if r["outcome"] in corpus.FAILURES]
    assert not failures, corpus.table(failures)
    passed = sum(r["outcome"] == "pass" for r in records)
    assert passed >= 2 * len(records) // 3, corpus.summary(records, fuzz.PLANNERS)
