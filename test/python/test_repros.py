"""Reproducers found by testing tilemem from outside (test/python/repros/,
copied from ../shared/repros with their README): each is a regression test
here or in the lit file its README row names."""

import os

import pytest

from tilemem import fuzz

REPROS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "repros")
FRESH_SEEDS = sorted(
    f for f in os.listdir(os.path.join(REPROS, "fresh-seeds")) if f.endswith(".mlir")
)


def _read(*parts):
    with open(os.path.join(REPROS, *parts)) as f:
        return f.read()


@pytest.mark.parametrize("enable_buffer_ir", [False, True], ids=["tile", "buffer-ir"])
@pytest.mark.parametrize("name", FRESH_SEEDS)
def test_fresh_seed_is_legalized_and_computes_the_same(name, enable_buffer_ir):
    # Each was an internal error of the pass ("storage is still invalid after
    # materialization", "operand #2 does not dominate this use").
    seed = int(name.split("-")[1].split(".")[0])
    outcome = fuzz.run_one(_read("fresh-seeds", name), seed, enable_buffer_ir=enable_buffer_ir)
    assert outcome.status == "ok", outcome.reason


@pytest.mark.parametrize("planner", fuzz.PLANNERS)
@pytest.mark.parametrize("name", FRESH_SEEDS)
def test_fresh_seed_through_every_planner(name, planner):
    seed = int(name.split("-")[1].split(".")[0])
    outcome = fuzz.run_planner(_read("fresh-seeds", name), seed, planner,
                               enable_buffer_ir=True, check_pto=False)
    assert outcome.status == "ok", outcome.reason


def _chunks(name):
    return [c for c in _read("correctness", name).split("// -----") if "func.func" in c]


# Correctness reproducers that are valid programs tilemem must compile and
# compute right (the others are invalid inputs or address plans, tested where
# their rule lives).
VALID = [
    "crash-then-yields-argument.mlir",  # assertion in AllocatingOpInterface::getDest
    "reject-dead-code-if-results-overlap.mlir",  # rejected: if in a zero-trip loop
]


@pytest.mark.parametrize("enable_buffer_ir", [False, True], ids=["tile", "buffer-ir"])
@pytest.mark.parametrize("name", VALID)
def test_valid_reproducer_compiles_and_computes_the_same(name, enable_buffer_ir):
    from tilemem import interp, ir, passes

    for chunk in _chunks(name):
        with ir.Context():
            reference = ir.Module.parse(chunk)
            module = passes.run_pipeline(
                ir.Module.parse(chunk),
                passes.storage_pipeline(enable_buffer_ir=enable_buffer_ir))
            for seed in range(4):
                inputs = interp.random_inputs(reference, seed=seed)
                result = interp.compare(reference, module, inputs)
                assert result.equal, result.message
