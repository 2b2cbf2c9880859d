"""A bounded slice of `python -m tilemem.fuzz --memory-planner all` (the full
count runs by the documented command), at seeds derived from the commit
(conftest.fuzz_seeds): each planner's whole memory pipeline on fuzzed
programs, the plan's allocated-storage rules, storage mode with its
addresses against value mode, and its PTO (checked by the real ptoas when
it is found)."""

import collections
import functools
import re

import pytest
from conftest import fuzz_seeds
from tilemem import ir
from tilemem.testing import fuzz

SEEDS = fuzz_seeds(30, salt=3)


@functools.cache
def program(seed):
    """The program of `seed` (tensor outputs: its PTO can be emitted) and its
    legalization outcome."""
    text = fuzz.generate(seed, tensor_outputs=True)
    return text, fuzz.run_one(text, seed)


@pytest.mark.parametrize("planner", fuzz.PLANNERS)
@pytest.mark.parametrize("seed", SEEDS)
def test_planned_fuzz_programs_keep_their_results(seed, planner):
    text, legalized = program(seed)
    assert legalized.status in ("ok", "rejected"), legalized.reason
    if legalized.status == "rejected":
        assert not legalized.reason.startswith("other"), legalized.reason
        return
    outcome = fuzz.run_planner(text, seed, planner)
    # pto-refused: storage matched, and emission gave a documented
    # "cannot be emitted to PTO" diagnostic (docs/pto-emission.md)
    assert outcome.status in ("ok", "rejected", "pto-refused"), (outcome.status, outcome.reason)
    if outcome.status == "rejected":
        assert not outcome.reason.startswith("other"), outcome.reason
        return
    kernel = fuzz._returns_only_tensors(text)
    assert outcome.pto_checked == (outcome.status == "ok" and kernel)
    if planner != "ptoas":
        assert outcome.peak >= outcome.lower_bound
        # Every tile of a program can be dead code (seed 42992833): then
        # nothing is allocated and there is no bound to reach.
        assert (outcome.lower_bound > 0) == ("tile.alloc" in outcome.output)


def _keeps_its_results_under_every_planner(text, seed, user_conflicts=False):
    """`text` is legalized or rejected for a documented reason (with
    `user_conflicts`, also because its own destinations clobber), and each
    planner's pipeline then keeps its results (its PTO accepted by ptoas,
    when it is found, or refused with a documented diagnostic)."""
    legalized = fuzz.run_one(text, seed, user_conflicts=user_conflicts)
    assert legalized.status in ("ok", "rejected"), legalized.reason
    if legalized.status == "rejected":
        assert not legalized.reason.startswith("other"), legalized.reason
        return
    for planner in fuzz.PLANNERS:
        outcome = fuzz.run_planner(text, seed, planner)
        assert outcome.status in ("ok", "rejected", "pto-refused"), (planner, outcome.reason)


@pytest.mark.parametrize("seed", fuzz_seeds(20, salt=7))
def test_boundary_shape_programs_keep_their_results(seed):
    """`--shapes boundary`: 16x16 or 32x32 tiles, halves of 1, 8, n/2 or
    n-1 rows. Every shape passes the verifier of the module's target (the
    generator makes only shapes the hardware holds), and each planner's
    pipeline keeps the results."""
    _keeps_its_results_under_every_planner(
        fuzz.generate(seed, tensor_outputs=True, boundary=True), seed
    )


def test_boundary_shapes_reach_every_boundary():
    """Over a few seeds the boundary mode makes both tile sizes and every
    half-tile height, all legal on a3 (tilemem's verifier checks the
    hardware shapes of a module with tile.target_arch)."""
    seen = set()
    for seed in range(1, 200):
        text = fuzz.generate(seed, boundary=True)
        n = int(re.search(r"!tile\.tile<(\d+)x\1xf32, vec>", text).group(1))
        halves = re.findall(rf"!tile\.tile<(\d+)x{n}xf32, vec>", text)
        seen |= {(n, int(h)) for h in halves if int(h) != n}
    assert {(16, 1), (16, 8), (16, 15), (32, 1), (32, 8), (32, 16), (32, 31)} <= seen
    with ir.Context():
        ir.Module.parse(fuzz.generate(3, boundary=True)).operation.verify()


@pytest.mark.parametrize("seed", fuzz_seeds(20, salt=11))
def test_a5_programs_keep_their_results(seed):
    """`--arch a5`: the module's target is a5, whose kernels also move acc
    tiles to vec and vec tiles to mat (copies a3 has not); each planner's
    pipeline keeps the results, and the PTO is accepted (by ptoas, when it
    is found) or refused with a documented diagnostic."""
    _keeps_its_results_under_every_planner(
        fuzz.generate(seed, tensor_outputs=True, arch="a5"), seed
    )


def test_a5_programs_use_the_a5_copies():
    """Over a few seeds a5 programs move acc to vec and vec to mat, which
    the a3 verifier rejects; an a3 program of a seed is the default one
    (the a5 constructs draw nothing from it)."""
    acc_to_vec = re.compile(
        r"tile\.move %\S+ : !tile\.tile<16x16xf32, acc> -> !tile\.tile<16x16xf32, vec>"
    )
    vec_to_mat = re.compile(
        r"tile\.move %\S+ : !tile\.tile<16x16xf32, vec> -> !tile\.tile<16x16xf32, mat>"
    )
    seen = {"acc -> vec": 0, "vec -> mat": 0}
    for seed in range(1, 60):
        text = fuzz.generate(seed, tensor_outputs=True, arch="a5")
        assert 'tile.target_arch = "a5"' in text
        seen["acc -> vec"] += bool(acc_to_vec.search(text))
        seen["vec -> mat"] += bool(vec_to_mat.search(text))
        assert fuzz.generate(seed, arch="a3") == fuzz.generate(seed), seed
    assert all(seen.values()), seen
    with ir.Context():
        a5 = next(
            text
            for seed in range(1, 60)
            if acc_to_vec.search(text := fuzz.generate(seed, tensor_outputs=True, arch="a5"))
        )
        ir.Module.parse(a5).operation.verify()
        with pytest.raises(ir.MLIRError, match="no copy from acc to vec on a3"):
            ir.Module.parse(a5.replace('"a5"', '"a3"'))


def test_tensor_outputs_store_the_tile_result():
    stored = fuzz.generate(7, tensor_outputs=True, distributed=False)
    assert "%Tout = tile.store" in stored
    assert "-> (!tile.tensor<64x16xf32>, !tile.tensor<16x16xf32>)" in stored


def test_every_fourth_seed_is_distributed():
    # The window is chosen from the seed, not drawn from the program's
    # random stream: the same seed makes the same program with plain tensors.
    window = '!tile.tensor<16x16xf32, window = "comm0">'
    distributed = fuzz.generate(7, tensor_outputs=True)
    assert window in distributed and "!tile.tensor<16x16xf32>" not in distributed
    assert distributed.replace(', window = "comm0"', "") == fuzz.generate(
        7, tensor_outputs=True, distributed=False
    )
    assert "window" not in fuzz.generate(8, tensor_outputs=True)


def test_the_address_check_catches_a_wrong_plan():
    # Collapsing every address of a planned program to 0 makes live buffers
    # overlap: the independent allocated-storage check and the comparison
    # the fuzzer runs must both fail.
    caught = checked = 0
    for seed in fuzz_seeds(40, salt=4):
        text = fuzz.generate(seed, tensor_outputs=True)
        if fuzz.run_one(text, seed).status != "ok":
            continue
        outcome = fuzz.run_planner(text, seed, "dsa-rp", check_pto=False)
        if outcome.status != "ok" or outcome.output.count(" addr = ") < 3:
            continue
        checked += 1
        wrong = re.sub(r" addr = \d+", " addr = 0", outcome.output)
        with ir.Context():
            assert fuzz.check_allocated(ir.Module.parse(outcome.output)) is None
            flagged = fuzz.check_allocated(ir.Module.parse(wrong)) is not None
            reference, candidate = ir.Module.parse(text), ir.Module.parse(wrong)
            differs = (
                fuzz._compare_all(text, reference, candidate, seed, ignore_addresses=False)
                is not None
            )
        # Every wrong result is a broken rule; a plan whose buffers all have
        # disjoint lifetimes may keep them all at 0.
        assert flagged or not differs, seed
        caught += flagged
    assert checked >= 5 and caught >= 3, (checked, caught)


def test_main_summarises_each_planner(capsys):
    first = fuzz_seeds(1, salt=5)[0]
    status = fuzz.main(["--count", "4", "--seed", str(first), "--memory-planner", "all"])
    out = capsys.readouterr().out
    assert status == 0, out
    for planner in fuzz.PLANNERS:
        assert re.search(
            rf"planner {planner}: run \d+, ok \d+, mismatches 0, address errors 0", out
        ), out


def test_main_generates_for_the_target_of_arch(capsys):
    """`--arch a5` reaches the generator (the printed program and the
    corpus the summary names) and the planners' pipelines."""
    first = fuzz_seeds(1, salt=13)[0]
    assert fuzz.main(["--seed", str(first), "--arch", "a5", "--print"]) == 0
    assert 'tile.target_arch = "a5"' in capsys.readouterr().out
    status = fuzz.main(
        ["--count", "3", "--seed", str(first), "--arch", "a5", "--memory-planner", "pypto"]
    )
    out = capsys.readouterr().out
    assert status == 0, out
    assert "default, a5 corpus" in out, out


_WHILE = re.compile(r"= scf\.while \((.*?)\) :")
_CONDITION = re.compile(r"scf\.condition\(\S+\) (.*?) :")
_DEFINED = re.compile(r"^\s*(%[\w#]+)(?::\d+)? = ")


def while_conditions(text):
    """Per scf.while of `text`: how many ops its before region computes
    besides the counter compare, and what its scf.condition forwards for
    each carry: its own before argument ("own"), another before argument
    ("twin"), a value of the before region ("local") or an outer one."""
    lines = text.splitlines()
    shapes = []
    for i, line in enumerate(lines):
        match = _WHILE.search(line)
        if not match:
            continue
        before = [p.split(" = ")[0] for p in match.group(1).split(", ")][1:]
        j, defined = i + 1, set()
        while not _CONDITION.search(lines[j]):
            name = _DEFINED.match(lines[j])
            if name and "arith.cmpi" not in lines[j]:
                defined.add(name.group(1).split("#")[0])
            j += 1
        forwarded = _CONDITION.search(lines[j]).group(1).split(", ")[1:]
        kinds = []
        for slot, name in enumerate(forwarded):
            if name == before[slot]:
                kinds.append("own")
            elif name in before:
                kinds.append("twin")
            elif name.split("#")[0] in defined:
                kinds.append("local")
            else:
                kinds.append("outer")
        shapes.append((len(defined), kinds))
    return shapes


def test_while_conditions_forward_other_values():
    """Some scf.while before regions compute, and their conditions forward
    a before argument for two carries, an outer value or a value computed
    in the region; most whiles keep the plain shape, and
    while_forwarding=False makes only plain ones."""
    seen, whiles, other, computing = set(), 0, 0, 0
    for seed in range(1, 150):
        # (Without the scalar constructs, whose conditions compute too.)
        text = fuzz.generate(seed, max_depth=6, scalars=False)
        for ops, kinds in while_conditions(text):
            whiles += 1
            seen |= set(kinds)
            computing += ops > 0
            other += ops > 0 or kinds.count("own") != len(kinds)
        plain = fuzz.generate(seed, max_depth=6, while_forwarding=False, scalars=False)
        assert all(ops == 0 and set(kinds) <= {"own"} for ops, kinds in while_conditions(plain)), (
            seed
        )
    assert {"own", "twin", "local", "outer"} <= seen
    assert computing > 0
    assert 0.15 * whiles < other < 0.45 * whiles


# What each scalar construct of the generator looks like in its text.
_SCALAR_CONSTRUCTS = {
    "for carry": re.compile(r"scf\.for .* iter_args\(%xa\d+ = "),
    "while carry": re.compile(r"scf\.while \(%k\d+ = %c0, %xb\d+ = "),
    "while condition": re.compile(r"= arith\.andi %go\d+, %p\d+ : i1"),
    "if result": re.compile(r"scf\.if \S+ -> \((index|f32|i1)"),
    "i1 carry": re.compile(
        r"iter_args\(.*= %(cond|notcond|true|false|p\d+)[,)]|scf\.while \(.*%xb\d+ = %(cond|p\d+)"
    ),
    "if condition": re.compile(r"scf\.if %p\d+"),
    "for bound": re.compile(r"scf\.for %i\d+ = %c0 to %ub\d+ "),
    "while bound": re.compile(r"arith\.cmpi slt, %k\d+, %ub\d+"),
    "tile-scalar operand": re.compile(
        r"tile\.(adds|subs|muls|divs|maxs|mins|cmps \w+) %[\w#]+, %(x[ab]?\d+|[rfw]\d+#)"
    ),
    "write position": re.compile(r"tile\.write %[\w#]+\[%x\d+, "),
    "int to float": re.compile(r"arith\.sitofp"),
    "int32 extreme": re.compile(r"arith\.constant (2147483647|-2147483648) : index"),
    "integer loop carry": re.compile(r"scf\.(for|while) .*-> \([^)]*\bi(32|64)\b"),
    "integer if result": re.compile(r"scf\.if \S+ -> \([^)]*\bi(32|64)\b"),
    "integer division": re.compile(
        r"arith\.(divsi|divui|remsi|remui|ceildivsi|ceildivui|floordivsi) .*: i(32|64)"
    ),
    "unsigned compare": re.compile(r"arith\.cmpi u(lt|le|gt|ge), .*: i(32|64)"),
    "integer to float": re.compile(r"arith\.(sitofp|uitofp) %\w+ : i64 to f32"),
    "index_castui": re.compile(r"arith\.index_castui %\w+ : i(32|64) to index"),
}
_TILE_OPS = re.compile(r"= (tile\.\w+)")


def _yields_a_carry_elsewhere(text):
    """Whether a loop yields one of its scalar carries (%xa...) to another carry's
    position (a swap, a rotation or a lag): each yield is matched with the
    block arguments of the loop body opened two columns left of it."""
    args_at = {}  # indentation of an open region -> its block arguments
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if line.rstrip().endswith("{") or line.lstrip().startswith("^bb0("):
            region = re.search(r"iter_args\(([^)]*)\)|\^bb0\(([^)]*)\)", line)
            names = re.findall(
                r"(%[\w]+)(?: =|:)", (region.group(1) or region.group(2)) if region else ""
            )
            args_at[indent] = names
        elif "scf.yield" in line:
            operands = re.findall(r"%[\w#]+", line.split(":")[0])
            names = args_at.get(indent - 2, [])
            if any(
                o.startswith("%xa") and o in names and names.index(o) != i
                for i, o in enumerate(operands)
            ):
                return True
    return False


def test_scalar_constructs_in_every_position():
    """The generator computes f32, index, i1, i32 and i64 scalars and puts
    them in every position the tile program reads a scalar or carries a
    value; with
    scalars=False a seed gives the same tile program without them."""
    seen = dict.fromkeys([*_SCALAR_CONSTRUCTS, "permuted carries"], 0)
    for seed in range(1, 120):
        for tensor_outputs in (False, True):
            text = fuzz.generate(seed, tensor_outputs=tensor_outputs)
            for construct, pattern in _SCALAR_CONSTRUCTS.items():
                seen[construct] += bool(pattern.search(text))
            seen["permuted carries"] += _yields_a_carry_elsewhere(text)
            plain = fuzz.generate(seed, tensor_outputs=tensor_outputs, scalars=False)
            assert not re.search(r"%(x|xa|xb|p|ub|edge)\d", plain), seed
            assert _TILE_OPS.findall(plain) == _TILE_OPS.findall(text), seed
    assert all(seen.values()), seen


_LOOP_DESTINATION = re.compile(r" into\((%ul\d+)[^)]*\)")


def test_loop_destinations_write_user_buffers_of_their_own():
    """Some producers inside loops write a user buffer no other op writes,
    often in the slot of an induction variable modulo 2; without them
    (loop_destinations=False) a seed gives the same program minus the
    clauses, the buffers and the slot computations."""
    seen = {"loop destinations": 0, "slot of the induction variable": 0}
    for seed in range(1, 80):
        text = fuzz.generate(seed, tensor_outputs=seed % 2 == 0)
        for kernel in text.split("func.func")[1:]:
            written = _LOOP_DESTINATION.findall(kernel)
            assert len(written) == len(set(written)), (seed, written)
            for name in written:
                assert f"{name} = tile.alloc :" in kernel
            seen["loop destinations"] += len(written)
            seen["slot of the induction variable"] += len(
                re.findall(r"%ul\d+s = arith\.remui %i\d+, %c2 : index", kernel)
            )
        plain = fuzz.generate(seed, tensor_outputs=seed % 2 == 0, loop_destinations=False)
        stripped = [
            line
            for line in _LOOP_DESTINATION.sub("", text).splitlines()
            if not re.match(r"\s*%ul\d+s? = ", line)
        ]
        assert stripped == plain.splitlines(), seed
    assert all(seen.values()), seen


def test_dynamic_offsets_take_the_block_of_the_induction_variable():
    """Some loads and stores inside scf.for loops read or write the tensor
    block of the induction variable modulo 4; the rows are in bounds
    (a block of four), and without them (dynamic_offsets=False) a seed
    gives the same tile ops with constant rows."""
    uses = 0
    for seed in range(1, 80):
        text = fuzz.generate(seed, tensor_outputs=seed % 2 == 0)
        for iv in re.findall(r"%ob\d+ = arith\.remui (%\w+), %c4 : index", text):
            assert iv.startswith("%i"), (seed, iv)
        offsets = re.findall(r"(%or\d+) = arith\.muli %ob\d+, %c16 : index", text)
        for offset in offsets:
            assert re.search(rf"tile\.(load|store) [^\n]*\[{offset}, %c0\]", text), (seed, offset)
        uses += len(offsets)
        plain = fuzz.generate(seed, tensor_outputs=seed % 2 == 0, dynamic_offsets=False)
        assert "%or" not in plain
        assert _TILE_OPS.findall(plain) == _TILE_OPS.findall(text), seed
    assert uses > 0


@pytest.mark.parametrize("seed", fuzz_seeds(20, salt=13))
def test_programs_with_clobbering_destinations_are_refused_or_keep_their_results(seed):
    """`--clobbering-destinations`: producers write any slot of any user
    buffer, whatever it holds. A program is refused because its own storage
    conflicts (a documented diagnostic) or keeps its results: legalization
    against value mode, then every planner and its PTO."""
    _keeps_its_results_under_every_planner(
        fuzz.generate(seed, tensor_outputs=True, clobbering_destinations=True),
        seed,
        user_conflicts=True,
    )


def test_clobbering_destinations_reuse_slots_and_are_refused_for_it():
    """Over a few seeds clobbering destinations write slots other producers
    write, some in the slot of an induction variable modulo 2; without them
    a seed gives the same tile ops. Some such programs are refused because
    their storage conflicts (at an op that names its destination), and
    others are accepted: the
    mode reaches both sides of the verifier. A refusal for a conflict is
    counted only in programs whose destinations may clobber."""
    seen = collections.Counter()
    for seed in range(1, 120):
        text = fuzz.generate(seed, clobbering_destinations=True)
        plain = fuzz.generate(seed)
        assert _TILE_OPS.findall(plain) == _TILE_OPS.findall(text), seed
        written = re.findall(r" into\((%\w+ slot (?:\d+|%c\d+))", text)
        written += re.findall(r" into\((%\w+) :", text)
        if len(written) == len(set(written)):
            continue
        seen["a slot written twice"] += 1
        seen["slot of the induction variable"] += "%cl" in text
        outcome = fuzz.run_one(text, seed, user_conflicts=True)
        seen[outcome.status] += 1
        if outcome.status == "rejected":
            seen[outcome.reason] += 1
            if outcome.reason.startswith("user destination"):
                assert fuzz.run_one(text, seed).reason.startswith("other"), seed
    assert seen["ok"] and seen["user destination clobbers"], seen
    assert seen["slot of the induction variable"], seen


def test_failure_file_parses_with_a_reason_of_several_lines(tmp_path):
    """A failure file's header comments every line of its reason (ptoas's
    errors span lines), so the file parses as the kernel it holds."""
    from tilemem.testing.fuzz import checks

    text = fuzz.generate(5, tensor_outputs=True)
    reason = 'ptoas (level3) rejected: loc("k.pto":31:12): error: X\nError: Pass execution failed.'
    path = checks._write_failure(str(tmp_path), "k.mlir", "pto-error", reason, text, "out\nput")
    written = open(path).read()
    assert written.splitlines()[1] == "// Error: Pass execution failed."
    with ir.Context():
        ir.Module.parse(written)


def test_every_emission_refusal_is_classified_as_one():
    """Each refusal tile-translate makes reads "cannot be emitted to PTO:
    <why>", the form the fuzzer and the corpus count as a refusal (the
    level2 refusal of a boxed tile in an scf.while once read "... to PTO at
    level2: ...", and the fuzzer counted it as a PTO error)."""
    import os
    import subprocess

    from conftest import ROOT, TILE_OPT

    invalid = os.path.join(ROOT, "test", "Target", "PTO", "tile-to-pto-invalid.mlir")
    translate = os.path.join(os.path.dirname(TILE_OPT), "tile-translate")
    run = subprocess.run(
        [translate, "--tile-to-pto", "--split-input-file", invalid],
        capture_output=True,
        text=True,
    )
    errors = re.findall(r"error: (.*)", run.stderr)
    emission = [e for e in errors if "emitted to PTO" in e]
    assert len(emission) > 20, run.stderr[-2000:]
    unclassified = [e for e in emission if fuzz.classify_pto_refusal(e) is None]
    assert not unclassified, unclassified
    assert any(fuzz.classify_pto_refusal(e).startswith("scf.while: at level2") for e in emission)
