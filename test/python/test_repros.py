"""Reproducers found by testing tilemem from outside (test/python/repros/,
copied from ../shared/repros with their README): each is a regression test
here or in the lit file its README row names."""

import os
import re

import pytest
from tilemem import passes
from tilemem.testing import fuzz

REPROS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "repros")
FRESH_SEEDS = sorted(
    f for f in os.listdir(os.path.join(REPROS, "fresh-seeds")) if f.endswith(".mlir")
)


def _read(*parts):
    with open(os.path.join(REPROS, *parts)) as f:
        return f.read()


def _fresh_seed(name):
    """A fresh-seed program, as a target-independent module. They come from
    the fuzzer of tilemem 24f1d66, whose 8x8 mat/left/right/acc tiles are
    smaller than a3's fractal boxes; a module naming its target
    (`tile.target_arch`) holds only tiles the target can hold, so the
    attribute is dropped. The passes still compile for a3 (their `arch`
    option's default when the module names none): the storage questions
    these programs reproduce do not depend on the shapes."""
    text = _read("fresh-seeds", name)
    return text.replace('module attributes {tile.target_arch = "a3"} {', "module {", 1)


@pytest.mark.parametrize("enable_buffer_ir", [False, True], ids=["tile", "buffer-ir"])
@pytest.mark.parametrize("name", FRESH_SEEDS)
def test_fresh_seed_is_legalized_and_computes_the_same(name, enable_buffer_ir):
    # Each was an internal error of the pass ("storage is still invalid after
    # materialization", "operand #2 does not dominate this use").
    seed = int(name.split("-")[1].split(".")[0])
    outcome = fuzz.run_one(_fresh_seed(name), seed, enable_buffer_ir=enable_buffer_ir)
    assert outcome.status == "ok", outcome.reason


@pytest.mark.parametrize("planner", fuzz.PLANNERS)
@pytest.mark.parametrize("name", FRESH_SEEDS)
def test_fresh_seed_through_every_planner(name, planner):
    seed = int(name.split("-")[1].split(".")[0])
    outcome = fuzz.run_planner(
        _fresh_seed(name), seed, planner, enable_buffer_ir=True, check_pto=False
    )
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
    from tilemem import ir, passes
    from tilemem.testing import interp

    for chunk in _chunks(name):
        with ir.Context():
            reference = ir.Module.parse(chunk)
            module = passes.run_pipeline(
                ir.Module.parse(chunk), passes.storage_pipeline(enable_buffer_ir=enable_buffer_ir)
            )
            for seed in range(4):
                inputs = interp.random_inputs(reference, seed=seed)
                result = interp.compare(reference, module, inputs)
                assert result.equal, result.message


# --- The allocated-storage postcondition (correctness/addr-*, verifier-gap-*,
# buffer-size-*, ptoas-planner-*); the lit regression tests are in
# test/Transforms/verify-storage-allocated-invalid.mlir,
# allocate-memory-addr-fixed-invalid.mlir, check-capacity-invalid.mlir and
# test/Dialect/Tile/invalid.mlir.

import tilemem  # noqa: E402
from tilemem.compiler import CompileError  # noqa: E402
from tilemem.testing import interp  # noqa: E402

USER_ADDRESS_REPROS = [
    (
        "addr-pinned-overlap-miscompile.mlir",
        "allocation %2 [32, 16416) overlaps allocation %1 [0, 16384) in vec while both are live",
    ),
    (
        "addr-misaligned-overlap-miscompile.mlir",
        "allocation %1 has address 3, which is not a multiple of 32 bytes",
    ),
]


@pytest.mark.parametrize(
    "name,message", USER_ADDRESS_REPROS, ids=[n for n, _ in USER_ADDRESS_REPROS]
)
def test_user_addresses_overlapping_while_live_are_a_miscompile(name, message):
    # Storage mode honours the addresses: the two user buffers share bytes
    # while both are live, so the program (given storage for its last add,
    # which has no address and so private memory) computes something else...
    src = _read("correctness", name)
    stored = str(passes.init_memref()(src))
    inputs = interp.random_inputs(src, seed=0)
    cmp = interp.compare(src, stored, inputs)
    assert not cmp.equal and "differ in value" in cmp.message
    # ...because of the addresses alone.
    assert interp.compare(src, stored, inputs, ignore_addresses=True).equal


@pytest.mark.parametrize("planner", ["pypto", "dsa-rp"])
@pytest.mark.parametrize(
    "name,message", USER_ADDRESS_REPROS, ids=[n for n, _ in USER_ADDRESS_REPROS]
)
def test_user_addresses_overlapping_while_live_are_rejected(name, message, planner):
    # They used to pass every pipeline and be emitted as level3 PTO; now the
    # planner rejects them before using them as obstacles.
    with pytest.raises(CompileError, match=re.escape(message)):
        tilemem.compile(_read("correctness", name), memory_planner=planner)


def test_verifier_gap_live_overlap_is_rejected():
    src = _read("correctness", "verifier-gap-live-overlap.mlir")
    # The oracle: the returned %a is clobbered by %b.
    inputs = interp.random_inputs(src, seed=0)
    assert not interp.compare(src, src, inputs).equal
    with pytest.raises(
        passes.PassError,
        match=re.escape(
            "allocation %1 [0, 256) overlaps allocation %0 [0, 256) "
            "in vec while both are live, from tile.add (point 3) on"
        ),
    ):
        passes.verify_storage(allocated=True)(src)


@pytest.mark.parametrize("planner", ["pypto", "dsa-rp"])
def test_address_near_int64_max_does_not_wrap(planner):
    with pytest.raises(
        CompileError, match=re.escape("it needs bytes [9223372036854775800, 9223372036854792184)")
    ):
        tilemem.compile(_read("correctness", "addr-overflow-accepted.mlir"), memory_planner=planner)


def test_buffer_size_times_slots_overflow_is_a_type_error():
    with pytest.raises(
        Exception,
        match=re.escape(
            "buffer size * slots must be at most 1125899906842624 bytes, "
            "got 4611686018427387904 * 4"
        ),
    ):
        tilemem.compile(_read("correctness", "buffer-size-times-slots-overflow.mlir"))


@pytest.mark.parametrize("planner", fuzz.PLANNERS)
def test_16GiB_tile_is_rejected_by_every_planner(planner):
    with pytest.raises(CompileError, match="17179869184 bytes does not fit in vec"):
        tilemem.compile(
            _read("correctness", "ptoas-planner-16GiB-tile-accepted.mlir"), memory_planner=planner
        )


def test_check_capacity_callable():
    assert passes.check_capacity(arch="a5").pipeline == "tile-check-capacity{arch=a5}"
    assert (
        passes.verify_storage(allocated=True, arch="a5").pipeline
        == "tile-verify-storage{allocated=true arch=a5}"
    )
    src = _read("correctness", "ptoas-planner-16GiB-tile-accepted.mlir")
    with pytest.raises(
        passes.PassError,
        match=re.escape(
            "tile %3 of 17179869184 bytes does not fit in vec: the capacity on a5 is 253952 bytes"
        ),
    ):
        passes.run_pipeline(src, [passes.init_memref(), passes.check_capacity(arch="a5")])


def test_check_capacity_takes_the_context_arch():
    # check_capacity() without an arch named an undefined helper (NameError).
    assert passes.check_capacity().pipeline == "tile-check-capacity"
    with tilemem.PassContext(arch="a5"):
        assert passes.check_capacity().pipeline == "tile-check-capacity{arch=a5}"


def test_memory_map_of_one_kernel_of_two(tmp_path):
    # memory-map-two-kernels.mlir: drawing @f1 failed because the picture
    # went through PTO emission, which refuses two kernels without a
    # pto.entry. The picture needs the plan only.
    from tilemem import memory_map

    path = os.path.join(REPROS, "correctness", "memory-map-two-kernels.mlir")
    drawn = memory_map.render(path, tmp_path / "map.png", function="f1")
    assert drawn.record["function"] == "f1"
    assert (tmp_path / "map.png").stat().st_size > 0
    with pytest.raises(
        tilemem.CompileError if hasattr(tilemem, "CompileError") else CompileError,
        match="pto.entry",
    ):
        tilemem.compile(path)  # PTO itself still needs an entry


def test_deep_nest_built_in_python_is_rejected_quickly():
    # deep-nest-python-builders.py: a 10,000-deep nest built with the Python
    # builders took 34.6 s in the pipeline; it is past the nesting limit,
    # which the entry points check before any recursion.
    import subprocess
    import sys

    script = os.path.join(REPROS, "correctness", "deep-nest-python-builders.py")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    proc = subprocess.run(
        [sys.executable, script, "10000", "pipe"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "nesting depth" in proc.stdout + proc.stderr, proc.stdout + proc.stderr


BLIND = sorted(f for f in os.listdir(os.path.join(REPROS, "blind")) if f.endswith(".mlir"))


@pytest.mark.parametrize("name", BLIND)
def test_blind_generator_repro_runs_on_the_simulator(name):
    # Found by an independently written generator: each computed wrong
    # numbers on the simulator with some planner; now every planner's PTO
    # is accepted by ptoas and matches the interpreter.
    from conftest import PLANNERS, tools_or_skip
    from tilemem.testing import toolchain

    tools = tools_or_skip()
    path = os.path.join(REPROS, "blind", name)
    jobs = [toolchain.Job(path, memory_planner=planner) for planner in PLANNERS]
    for result in toolchain.run_batch(jobs, tools=tools):
        assert result.ok, result.report()
