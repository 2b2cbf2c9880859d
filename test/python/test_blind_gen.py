"""The independently written generator (tilemem.testing.blind_gen): its
programs keep their results in storage mode under every planner and path,
and, with the real toolchain, on the simulator. A bounded slice at fixed
seeds; the campaigns are `python -m tilemem.testing.blind_gen` at fresh
seeds (docs/fuzzing.md)."""

import pytest
from conftest import tools_or_skip
from tilemem.testing import blind_gen

SEEDS = range(1, 13)


def test_the_same_seed_gives_the_same_program():
    assert blind_gen.generate(7) == blind_gen.generate(7)
    assert blind_gen.generate(7) != blind_gen.generate(8)


@pytest.mark.parametrize("seed", SEEDS)
def test_blind_programs_keep_their_results_in_storage_mode(seed):
    outcomes = blind_gen.check_interp(blind_gen.generate(seed), blind_gen.PLANNERS, seed)
    assert set(outcomes) == set(blind_gen.PLANNERS)
    bad = {p: o for p, o in outcomes.items() if o["outcome"] in blind_gen.BAD_INTERP}
    assert not bad, bad


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_blind_programs_run_on_the_simulator(seed):
    tools_or_skip()
    outcomes = blind_gen.check_chain(blind_gen.generate(seed), blind_gen.PLANNERS, seed)
    bad = {p: o for p, o in outcomes.items() if o["outcome"] in blind_gen.BAD_CHAIN}
    assert not bad, bad
