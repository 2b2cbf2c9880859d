"""A bounded slice of `python -m tilemem.fuzz --memory-planner all` (the full
count runs by the documented command): each planner's whole memory pipeline
on fuzzed programs, storage mode with its addresses against value mode, and
its PTO through pto_check."""

import functools
import re

import pytest

from tilemem import fuzz, interp, ir

FIRST_SEEDS = range(1, 31)


@functools.lru_cache(maxsize=None)
def legalized(seed):
    """The program of `seed` and whether legalization accepts it."""
    text = fuzz.generate(seed, tensor_outputs=True)
    return text, fuzz.run_one(text, seed).status == "ok"


# Only the programs legalization accepts have a memory plan; the rejected
# ones are checked (documented diagnostics) by the base fuzz slice.
SEEDS = [seed for seed in FIRST_SEEDS if legalized(seed)[1]]


@pytest.mark.parametrize("planner", fuzz.PLANNERS)
@pytest.mark.parametrize("seed", SEEDS)
def test_planned_fuzz_programs_keep_their_results(seed, planner):
    text, _ = legalized(seed)
    outcome = fuzz.run_planner(text, seed, planner)
    # pto-refused: storage matched, and emission gave a documented
    # "cannot be emitted to PTO" diagnostic (docs/pto-emission.md)
    assert outcome.status in ("ok", "rejected", "pto-refused"), (outcome.status, outcome.reason)
    if outcome.status == "rejected":
        assert not outcome.reason.startswith("other"), outcome.reason
        return
    assert outcome.pto_checked == (outcome.status == "ok")
    addressed = " addr = " in outcome.output
    assert addressed == (planner != "ptoas")
    if planner != "ptoas":
        assert outcome.peak >= outcome.lower_bound > 0


def test_tensor_outputs_keep_the_program_body():
    plain, stored = fuzz.generate(7), fuzz.generate(7, tensor_outputs=True)
    # the same lines between the signature and the final store/return
    assert plain.split("\n")[2:-4] == stored.split("\n")[2:-5]
    assert "%Tout = tile.store" in stored and "-> (!tile.tensor<32x8xf32>, !tile.tensor<8x8xf32>)" in stored


def test_the_address_check_catches_a_wrong_plan():
    # Collapsing every address of a planned program to 0 makes live buffers
    # overlap: the same comparison the fuzzer runs must now fail.
    caught = 0
    for seed in SEEDS:
        text = fuzz.generate(seed, tensor_outputs=True)
        outcome = fuzz.run_planner(text, seed, "dsa-rp")
        if outcome.status not in ("ok", "pto-refused") or outcome.output.count(" addr = ") < 3:
            continue
        wrong = re.sub(r" addr = \d+", " addr = 0", outcome.output)
        with ir.Context():
            inputs = interp.random_inputs(text, seed=seed, scalars={2: 3, 3: True})
            try:
                equal = interp.compare(text, wrong, inputs).equal
            except interp.StorageError:
                equal = False
            assert interp.compare(text, outcome.output, inputs).equal
        caught += not equal
    assert caught >= 5


def test_main_summarises_each_planner(capsys):
    status = fuzz.main(["--count", "4", "--seed", "1", "--memory-planner", "all"])
    out = capsys.readouterr().out
    assert status == 0, out
    for planner in fuzz.PLANNERS:
        assert re.search(rf"planner {planner}: run \d+, ok \d+, mismatches 0", out), out
    assert "peak / max-live lower bound" in out
