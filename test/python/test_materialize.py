"""MaterializeSemanticAliases through the Python layer, checked by the
reference interpreter (storage mode on the output == value mode on the input)."""

import os
import re

import pytest
from conftest import SWAP_ACC, fuzz_seeds
from tilemem import ir, passes
from tilemem.testing import fuzz, interp

ACCUMULATE = """
func.func @accumulate(%A: !tile.tensor<32x8xf32>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %row = arith.muli %i, %c8 : index
    %t = tile.load %A[%row, %c0] : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
    %next = tile.add %acc, %t : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}
"""


def test_accumulator_becomes_in_place_and_computes_the_same():
    with ir.Context():
        reference = ir.Module.parse(ACCUMULATE)
        module = passes.run_pipeline(ir.Module.parse(ACCUMULATE), passes.storage_pipeline())
        text = str(module)
        assert "tile.move" not in text
        assert text.count("tile.alloc") == 2  # the carry and the load
        for n in (0, 1, 4):
            inputs = interp.random_inputs(reference, seed=n, scalars={1: n})
            result = interp.compare(reference, module, inputs)
            assert result.equal, result.message


def test_init_memref_alone_miscomputes_the_accumulator():
    # The reason the pass exists: without it storage mode differs.
    with ir.Context():
        reference = ir.Module.parse(ACCUMULATE)
        module = passes.init_memref()(ir.Module.parse(ACCUMULATE))
        inputs = interp.random_inputs(reference, seed=3, scalars={1: 3})
        assert not interp.compare(reference, module, inputs).equal


def test_failure_raises_and_leaves_the_module_unchanged():
    with ir.Context():
        module = passes.init_memref()(ir.Module.parse(SWAP_ACC))
        before = str(module)
        with pytest.raises(passes.PassError, match="there is no acc->acc copy"):
            passes.materialize_semantic_aliases()(module)
        assert str(module) == before


def test_options_are_validated():
    with ir.Context():
        passes.init_memref()(ir.Module.parse(ACCUMULATE))
        # Checked when the pass is created, with the spellings C++ accepts.
        with pytest.raises(ValueError, match="unknown memory-planner 'foo'"):
            passes.materialize_semantic_aliases(memory_planner="foo")
        with pytest.raises(ValueError, match="unknown arch 'a9'"):
            passes.materialize_semantic_aliases(arch="a9")
        assert passes.materialize_semantic_aliases(arch="a5").pipeline == (
            "tile-materialize-semantic-aliases{enable-buffer-ir=true "
            "memory-planner=pypto verify=true arch=a5}"
        )


@pytest.mark.parametrize("seed", fuzz_seeds(150, salt=1))
def test_fuzzed_programs_keep_their_results(seed):
    """A bounded slice of `python -m tilemem.fuzz` (the full count runs by
    the documented command), Buffer IR on as in the compiler, at seeds
    derived from the commit: no mismatch, and any rejection is documented."""
    outcome = fuzz.run_one(fuzz.generate(seed), seed)
    assert outcome.status in ("ok", "rejected"), (outcome.status, outcome.reason)
    if outcome.status == "rejected":
        assert not outcome.reason.startswith("other"), outcome.reason


@pytest.mark.parametrize("seed", fuzz_seeds(40, salt=8))
def test_fuzzed_deep_nests_keep_their_results(seed):
    """The same at nesting depth up to 8 (the default corpus stops at 4),
    where changes that travel out through the levels need more than one
    round of boundary alignment."""
    outcome = fuzz.run_one(fuzz.generate(seed, max_depth=8), seed)
    assert outcome.status in ("ok", "rejected"), (outcome.status, outcome.reason)
    if outcome.status == "rejected":
        assert not outcome.reason.startswith("other"), outcome.reason


BRANCH = """
func.func @select(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %f = arith.constant 2.0 : f32
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b = tile.muls %x, %f : !tile.tile<8x8xf32, vec>, f32
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    scf.yield %a : !tile.tile<8x8xf32, vec>
  } else {
    scf.yield %b : !tile.tile<8x8xf32, vec>
  }
  return %r, %a, %b : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}
"""


def test_pass_context_selects_the_option():
    import tilemem

    assert tilemem.get_enable_buffer_ir() is True
    with tilemem.PassContext(enable_buffer_ir=False, memory_planner="ptoas"):
        assert tilemem.get_enable_buffer_ir() is False
        assert tilemem.get_memory_planner() == "ptoas"
        pipeline = passes.materialize_semantic_aliases().pipeline
        assert "enable-buffer-ir=false" in pipeline and "memory-planner=ptoas" in pipeline
        with tilemem.PassContext(enable_buffer_ir=True):
            assert tilemem.get_enable_buffer_ir() is True
        assert tilemem.get_enable_buffer_ir() is False
    assert tilemem.get_enable_buffer_ir() is True
    with pytest.raises(ValueError):
        tilemem.PassContext(memory_planner="greedy")


@pytest.mark.parametrize("enable_buffer_ir", [False, True])
def test_branch_destinations_by_mode(enable_buffer_ir):
    with ir.Context():
        reference = ir.Module.parse(BRANCH)
        module = ir.Module.parse(BRANCH)
        with __import__("tilemem").PassContext(enable_buffer_ir=enable_buffer_ir):
            passes.run_pipeline(module, passes.storage_pipeline())
        text = str(module)
        assert ("tile.buffer_ir" in text) == enable_buffer_ir
        # Both modes: the two compiler-owned tiles become the slots of one
        # pool and the if selects a slot, without a copy.
        assert text.count("tile.move") == 0
        assert "slots = 2" in text and text.count("tile.create") == 2
        assert "tile.if_exit_barrier" in text
        for flag in (True, False):
            inputs = interp.random_inputs(reference, seed=1, scalars={1: flag})
            result = interp.compare(reference, module, inputs)
            assert result.equal, result.message


@pytest.mark.parametrize("seed", fuzz_seeds(60, salt=2))
def test_fuzzed_programs_on_the_tile_path(seed):
    outcome = fuzz.run_one(
        fuzz.generate(seed, branch_heavy=seed % 2 == 0), seed, enable_buffer_ir=False
    )
    assert outcome.status in ("ok", "rejected"), (outcome.status, outcome.reason)
    if outcome.status == "rejected":
        assert not outcome.reason.startswith("other"), outcome.reason


def test_never_executed_loops_stay_known_after_renumbering():
    """TripCounts marks the body of a zero-trip loop as never executed. It
    used to keep that region as positions fixed when it was built, which the
    rewrite's renumbering of ProgramOrder made stale: this fuzz program (a
    `scf.for %c0 to %c0` among while loops) then got 3 copies it does not
    need (8 moves instead of 5). It reads the positions when asked now."""
    import os

    path = os.path.join(os.path.dirname(__file__), "programs", "fuzz-seed-258.mlir")
    outcome = fuzz.run_one(open(path).read(), 258, enable_buffer_ir=False)
    assert outcome.status == "ok", (outcome.status, outcome.reason)
    assert outcome.copies <= 5


SWAP = """
func.func @swap(%l: !tile.tile<16x16xf32, left>, %r: !tile.tile<16x16xf32, right>,
                %l2: !tile.tile<16x16xf32, left>, %r2: !tile.tile<16x16xf32, right>,
                %x: !tile.tile<16x16xf32, vec>, %c: i1)
    -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
  %a = tile.matmul %l, %r : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
  %b = tile.matmul %l2, %r2 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
  %u = tile.exp %x : !tile.tile<16x16xf32, vec>
  %v = tile.mul %x, %x : !tile.tile<16x16xf32, vec>
  %s:4 = scf.if %c -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    scf.yield %a, %b, %u, %v : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  } else {
    scf.yield %b, %a, %v, %u : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  return %s#0, %s#1, %s#2, %s#3 : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
}
"""


@pytest.mark.parametrize("enable_buffer_ir", [False, True])
def test_swapped_results_are_selected_and_compute_the_same(enable_buffer_ir):
    # Two acc results swapped between the arms have no copy (acc->acc): each
    # pair is selected from one pool at opposite slots.
    with ir.Context():
        module = passes.run_pipeline(
            ir.Module.parse(SWAP), passes.storage_pipeline(enable_buffer_ir=enable_buffer_ir)
        )
        text = str(module)
        assert "tile.move" not in text
        assert len(re.findall(r"= tile\.alloc : !tile\.buffer<\w+, \d+, slots = 2>", text)) == 2
        for flag in (True, False):
            inputs = interp.random_inputs(SWAP, seed=2, scalars={5: flag})
            result = interp.compare(SWAP, module, inputs)
            assert result.equal, result.message


@pytest.mark.parametrize(
    "seed, branch_heavy", [(210005475, True), (210019587, True), (310017992, False)]
)
@pytest.mark.parametrize("enable_buffer_ir", [False, True])
def test_scope_result_yielded_twice_settles(seed, branch_heavy, enable_buffer_ir):
    """Fuzz programs of the 100,000-program runs whose rewrite never settled
    ("storage is still invalid after materialization"): a tile.scope result
    that a yield forwards for two results was copied inside the scope for
    one, undoing the other's copy. Both Buffer-IR modes keep the results.
    The programs are kept as generated then (programs/fuzz-seed-N.mlir): the
    generator's programs change as the op set grows."""
    del branch_heavy  # how the kept program was generated
    path = os.path.join(os.path.dirname(__file__), "programs", f"fuzz-seed-{seed}.mlir")
    outcome = fuzz.run_one(open(path).read(), seed, enable_buffer_ir=enable_buffer_ir)
    assert outcome.status == "ok", outcome.reason


SELECTION_COST = os.path.join(
    os.path.dirname(__file__),
    "..",
    "Transforms",
    "materialize-semantic-aliases-selection-cost.mlir",
)


@pytest.mark.parametrize("percent", [0, 25, 100])
def test_selection_or_copy_computes_the_same(percent):
    # Either choice of selection-slot-percent (the lit file checks which one
    # is made) leaves every case of the file computing what it means, on
    # both arms of the if.
    with open(SELECTION_COST) as f:
        cases = [c for c in f.read().split("// -----") if "func.func" in c]
    assert len(cases) == 4
    for case in cases:
        with ir.Context():
            reference = ir.Module.parse(case)
            module = passes.run_pipeline(
                ir.Module.parse(case),
                [
                    passes.init_memref(),
                    passes.materialize_semantic_aliases(selection_slot_percent=percent),
                    passes.verify_storage(),
                ],
            )
            arguments = re.search(r"func\.func @\w+\((.*?)\) ->", case).group(1)
            condition = [a.endswith(": i1") for a in arguments.split(", %")].index(True)
            for c in (True, False):
                inputs = interp.random_inputs(reference, seed=percent, scalars={condition: c})
                result = interp.compare(reference, module, inputs)
                assert result.equal, result.message


def test_selection_slot_percent_is_checked():
    with pytest.raises(TypeError, match="non-negative int"):
        passes.materialize_semantic_aliases(selection_slot_percent=-1)
    with pytest.raises(TypeError, match="non-negative int"):
        passes.materialize_semantic_aliases(selection_slot_percent=True)


@pytest.mark.parametrize("depth,trips", [(8, 2), (12, 1), (40, 1)])
def test_a_carry_every_level_updates_settles_at_any_depth(depth, trips):
    """Tests that a `deep` nest whose innermost level updates the carry all
    its levels pass through, each level reading its own carry again after
    the level inside it, is materialized and computes the same: every loop
    needs an entry copy, which its enclosing level sees only once it is
    made, one level per top-down round (rejected from depth 8 on before the
    rounds alternated with bottom-up ones)."""
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
    import gen

    text = gen.generate("deep", 0, "tile", depth=depth, update_aux=True).text
    with ir.Context():
        reference = ir.Module.parse(text)
        module = passes.run_pipeline(ir.Module.parse(text), passes.storage_pipeline())
        assert str(module).count("tile.move") >= depth // 3, "every loop copies its carry in"
        for cond in (0, 1):
            inputs = interp.random_inputs(reference, seed=depth, scalars={2: trips, 3: cond})
            result = interp.compare(reference, module, inputs)
            assert result.equal, result.message


REGRESSIONS = os.path.join(
    os.path.dirname(__file__), "..", "Transforms", "materialize-semantic-aliases-regressions.mlir"
)


@pytest.mark.parametrize(
    "function", ["while_caller_carry_forwarded_twice", "while_forwarded_twice_init_read_after"]
)
@pytest.mark.parametrize("enable_buffer_ir", [False, True])
def test_while_carry_forwarded_twice_keeps_its_results(function, enable_buffer_ir):
    """The two while loops of the 2026-12-04 hunt (a carry the condition
    forwards twice, swapped by the yield; in the caller's storage it crashed
    the pass, with its initializer read after the loop it was rejected):
    legalized, and storage mode keeps value mode's results. The lit file
    checks the entry copies."""
    with open(REGRESSIONS) as f:
        (case,) = [c for c in f.read().split("// -----") if f"func.func @{function}(" in c]
    for seed in (1, 2, 3):
        outcome = fuzz.run_one(case, seed, enable_buffer_ir=enable_buffer_ir)
        assert outcome.status == "ok", outcome.reason


HUNT_20261204 = os.path.join(os.path.dirname(__file__), "programs", "hunt-2026-12-04")


@pytest.mark.parametrize("name", sorted(os.listdir(HUNT_20261204)))
@pytest.mark.parametrize("enable_buffer_ir", [False, True])
def test_values_sharing_a_window_are_copied_each_from_its_own(name, enable_buffer_ir):
    """The silent miscompiles of the 2026-12-04 hunt (each file's first line
    says what it showed): a yield, condition or arm delivering two values
    that sat in one window while the rewrite was still deciding (a loop's
    result and the value seeding it, say) delivered one of them twice. Every
    index argument runs 0 to 3 trips, every i1 both ways."""
    with open(os.path.join(HUNT_20261204, name)) as f:
        text = f.read()
    with ir.Context():
        module = passes.run_pipeline(
            ir.Module.parse(text), passes.storage_pipeline(enable_buffer_ir=enable_buffer_ir)
        )
        _assert_storage_keeps_values(text, module)


def _assert_storage_keeps_values(text, module):
    """Storage mode of `module` against value mode of `text` (function @k):
    every index argument runs 0 to 3 trips, every i1 both ways."""
    types = interp.compile(text).argument_types("k")
    for trips in range(4):
        for flag in (False, True):
            scalars = {
                k: (trips if t == "index" else flag)
                for k, t in enumerate(types)
                if t in ("index", "i1")
            }
            inputs = interp.random_inputs(text, seed=trips, scalars=scalars)
            result = interp.compare(text, module, inputs)
            assert result.equal, f"{trips} trips, i1 {flag}: {result.message}"


WHILE_FORWARDING_20261204 = (
    "F3_while_in_for_fwd_twice_still_invalid.mlir",
    "F4_fwd_twice_not_in_place.mlir",
    "F5_nested_while_forwards_outer_value.mlir",
    "FW1_outer_value_forwarded_twice.mlir",
)


@pytest.mark.parametrize("name", WHILE_FORWARDING_20261204)
@pytest.mark.parametrize("planner", ["pypto", "dsa-rp", "ptoas"])
@pytest.mark.parametrize("enable_buffer_ir", [False, True])
def test_while_results_live_in_their_carries(name, planner, enable_buffer_ir):
    """The wrong rejections of the 2026-12-04 hunt (F3, F4, F5: while loops
    whose condition forwards a value from outside, nested in another loop
    that yields their results): an enclosing yield planned its copies from
    the window the forwarded value sat in, which the result left once the
    inner condition was aligned. Each passes the whole memory pipeline with
    every planner and keeps value mode's results."""
    with open(os.path.join(HUNT_20261204, name)) as f:
        text = f.read()
    with ir.Context():
        module = passes.run_pipeline(
            ir.Module.parse(text),
            [passes.memory_pipeline(memory_planner=planner, enable_buffer_ir=enable_buffer_ir)],
        )
        _assert_storage_keeps_values(text, module)
