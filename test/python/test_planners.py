"""The memory planners through Python: the pass callables, the
tile-memory-pipeline, allocation_lifetimes, and the reference interpreter
(storage mode after each pipeline == value mode on the input).

Storage mode honours the planned addresses (`tilemem.testing.interp`: buffers
whose address ranges overlap share bytes). Independently of that, the tests
also run the program flattened to one buffer per memory space with every
allocation at its planned address (`flatten_addresses`), a second
construction of the same sharing. The placement is
also checked against the lifetimes: two allocations of one space live at a
common point never share a byte."""

import re

import pytest
import tilemem
from conftest import fuzz_seeds
from tilemem import PassContext, ir, passes
from tilemem.testing import fuzz, interp

PLANNERS = ("pypto", "dsa-rp", "ptoas")

ACCUMULATE = """
func.func @accumulate(%A: !tile.tensor<32x8xf32>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %row = arith.muli %i, %c8 : index
    %t = tile.load %A[%row, %c0] : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
    %e = tile.exp %t : !tile.tile<8x8xf32, vec>
    %next = tile.add %acc, %e : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  %half = arith.constant 0.5 : f32
  %m = tile.muls %r, %half : !tile.tile<8x8xf32, vec>, f32
  %s = tile.exp %m : !tile.tile<8x8xf32, vec>
  return %s : !tile.tile<8x8xf32, vec>
}
"""

BRANCH = """
func.func @branch(%x: !tile.tile<8x8xf32, vec>, %y: !tile.tile<8x8xf32, vec>, %c: i1)
    -> !tile.tile<8x8xf32, vec> {
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b = tile.add %a, %y : !tile.tile<8x8xf32, vec>
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.mul %b, %b : !tile.tile<8x8xf32, vec>
    %u = tile.exp %t : !tile.tile<8x8xf32, vec>
    scf.yield %u : !tile.tile<8x8xf32, vec>
  } else {
    %t = tile.sub %b, %x : !tile.tile<8x8xf32, vec>
    scf.yield %t : !tile.tile<8x8xf32, vec>
  }
  %s = tile.add %r, %x : !tile.tile<8x8xf32, vec>
  return %s : !tile.tile<8x8xf32, vec>
}
"""

OVERFLOW = """
func.func @overflow(%x: !tile.tile<160x160xf32, vec>) -> !tile.tile<160x160xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 102400>
  %b1 = tile.alloc : !tile.buffer<vec, 102400>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 102400>) : !tile.tile<160x160xf32, vec>
  %b = tile.exp %x into(%b1 : !tile.buffer<vec, 102400>) : !tile.tile<160x160xf32, vec>
  %c = tile.add %a, %b into(%b0 : !tile.buffer<vec, 102400>) : !tile.tile<160x160xf32, vec>
  return %c : !tile.tile<160x160xf32, vec>
}
"""


def check_placement(records, addressed: bool):
    """Every allocation has an address iff `addressed`; allocations of one
    space live at a common point are disjoint in address, except an in-place
    pair at its point placed at its shift; the bytes used are at least the
    max-live lower bound."""
    for record in records:
        allocations = record["allocations"]
        for a in allocations:
            assert (a["addr"] is not None) == addressed, a
            assert 0 <= a["start"] <= a["end"] < record["num_positions"]
        if not addressed:
            continue
        for item in [*allocations, *record["scratch"]]:
            assert item["addr"] is not None and item["addr"] % 32 == 0, item
        used = passes.used_bytes(record)
        for space, bound in record["lower_bound"].items():
            assert used[space] >= bound
        shifts = {(p["from"], p["to"]): p["shift"] for p in record["in_place"]}
        by_start = sorted(allocations, key=lambda a: a["start"])
        for i, a in enumerate(by_start):
            for b in by_start[i + 1 :]:
                if b["start"] > a["end"]:
                    break
                if a["end"] == b["start"] and shifts.get((a["name"], b["name"])) == (
                    b["addr"] - a["addr"]
                ):
                    continue
                if a["space"] == b["space"]:
                    assert (
                        a["addr"] + a["bytes"] <= b["addr"] or b["addr"] + b["bytes"] <= a["addr"]
                    ), (a, b)


def test_callables_render_their_options_and_follow_the_pass_context():
    assert passes.memory_reuse().pipeline == "tile-memory-reuse"
    assert (
        passes.allocate_memory_addr().pipeline == "tile-allocate-memory-addr{memory-planner=pypto}"
    )
    assert (
        passes.allocate_memory_addr(arch="a5", memory_planner="dsa-rp").pipeline
        == "tile-allocate-memory-addr{memory-planner=dsa-rp arch=a5}"
    )
    with PassContext(enable_buffer_ir=False, memory_planner="dsa-rp"):
        assert (
            passes.allocate_memory_addr().pipeline
            == "tile-allocate-memory-addr{memory-planner=dsa-rp}"
        )
        assert (
            passes.memory_pipeline().pipeline
            == "tile-memory-pipeline{memory-planner=dsa-rp enable-buffer-ir=false}"
        )
    assert (
        passes.memory_pipeline(memory_planner="ptoas", arch="a3").pipeline
        == "tile-memory-pipeline{memory-planner=ptoas enable-buffer-ir=true arch=a3}"
    )


def test_pass_manager_parses_the_pipeline():
    from tilemem.passmanager import PassManager

    with ir.Context():
        module = ir.Module.parse(ACCUMULATE)
        PassManager.parse(
            "builtin.module(tile-memory-pipeline{memory-planner=dsa-rp arch=a5})"
        ).run(module.operation)
        assert "addr = " in str(module)


def test_run_pipeline_runs_module_pipelines_at_module_level():
    # A module pipeline among function passes runs on the module (it used
    # to be nested under func.func, where it did nothing).
    with ir.Context():
        module = passes.run_pipeline(
            ir.Module.parse(ACCUMULATE),
            [
                passes.memory_pipeline(memory_planner="dsa-rp"),
                passes.verify_storage(allocated=True),
            ],
        )
        text = str(module)
        assert "addr = " in text and "tile.alloc :" not in text
    assert passes._anchored(
        [
            passes.init_memref(),
            passes.memory_pipeline(memory_planner="ptoas"),
            passes.verify_storage(),
        ]
    ) == (
        "builtin.module(func.func(tile-init-memref),"
        "tile-memory-pipeline{memory-planner=ptoas enable-buffer-ir=true},"
        "func.func(tile-verify-storage{allocated=false}))"
    )


@pytest.mark.parametrize("planner", PLANNERS)
@pytest.mark.parametrize("program", [ACCUMULATE, BRANCH], ids=["accumulate", "branch"])
def test_pipeline_keeps_the_semantics(planner, program):
    with ir.Context():
        reference = ir.Module.parse(program)
        module = passes.memory_pipeline(memory_planner=planner)(ir.Module.parse(program))
        check_placement(passes.allocation_lifetimes(module), addressed=planner != "ptoas")
        for seed in range(4):
            inputs = interp.random_inputs(reference, seed=seed, scalars={1: seed})
            result = interp.compare(reference, module, inputs)
            assert result.equal, result.message


def test_reuse_merges_and_dsa_rp_overlaps_in_address():
    with ir.Context():
        plain = passes.run_pipeline(
            ir.Module.parse(ACCUMULATE),
            [
                passes.init_memref(),
                passes.select_buffer_ir_functions(),
                passes.materialize_semantic_aliases(),
                passes.verify_storage(),
            ],
        )
        before = str(plain).count("tile.alloc")
        pypto = passes.memory_pipeline(memory_planner="pypto")(ir.Module.parse(ACCUMULATE))
        dsa = passes.memory_pipeline(memory_planner="dsa-rp")(ir.Module.parse(ACCUMULATE))
        # PYPTO merged allocations; DSA_RP kept every identity.
        assert str(pypto).count("tile.alloc") < before
        assert str(dsa).count("tile.alloc") == before
        (record,) = passes.allocation_lifetimes(dsa)
        addrs = [a["addr"] for a in record["allocations"]]
        assert len(set(addrs)) < len(addrs)  # some identities share bytes
        used = max(a["addr"] + a["bytes"] for a in record["allocations"])
        assert used == record["lower_bound"]["vec"]


def test_allocation_lifetimes_describes_each_function():
    text = """
    func.func @f(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
      %acc = tile.alloc : !tile.buffer<vec, 256>
      %p = tile.alloc addr = 512 pinned : !tile.buffer<vec, 256, slots = 2>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = tile.full 0.0 into(%acc : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
        %s = tile.add %a, %x into(%acc : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
        scf.yield %s : !tile.tile<8x8xf32, vec>
      }
      %e = tile.exp %r into(%p slot 1 : !tile.buffer<vec, 256, slots = 2>) : !tile.tile<8x8xf32, vec>
      return %e : !tile.tile<8x8xf32, vec>
    }
    func.func private @external(%x: !tile.tile<8x8xf32, vec>)
    func.func @orchestrate() attributes {tile.orchestration} {
      return
    }
    """
    with ir.Context():
        module = tilemem.parse_module(text, source_name="f.mlir")
        (record,) = passes.allocation_lifetimes(module)
        (with_positions,) = passes.allocation_lifetimes(module, positions=True)
    assert record["function"] == "f" and record["loc"] == "f.mlir:2:5"
    assert record["num_positions"] == 10
    # The op at each position, for the memory map's axis, only when asked.
    assert "positions" not in record
    assert with_positions["positions"][:3] == ["tile.alloc", "tile.alloc", "arith.constant"]
    assert len(with_positions["positions"]) == 10
    acc, pinned = record["allocations"]
    assert acc == {
        "name": "%0",
        "space": "vec",
        "addr": None,
        "bytes": 256,
        "start": 4,
        "end": 8,
        "pinned": False,
        "touched": True,
        # The first op filling the buffer: what a reader recognizes.
        "op": "tile.full",
        "value": "%2",
        "loc": "f.mlir:7:12",
    }
    assert pinned == {
        "name": "%1",
        "space": "vec",
        "addr": 512,
        "bytes": 512,
        "start": 8,
        "end": 9,
        "pinned": True,
        "touched": True,
        "op": "tile.exp",
        "value": "%4",
        "loc": "f.mlir:12:12",
    }
    assert record["regions"] == [{"kind": "for", "start": 5, "end": 7}]
    # The exp reads the carry's result for the last time and writes slot 1
    # of %1 (byte 256): an in-place pair, which the bound counts once.
    assert record["in_place"] == [{"from": "%0", "to": "%1", "point": 8, "shift": -256}]
    assert record["lower_bound"] == {"vec": 512}
    assert record["peak_position"] == {"vec": 8}


def test_overflow_raises_and_leaves_the_module_unchanged():
    with ir.Context():
        module = ir.Module.parse(OVERFLOW)
        before = str(module)
        with pytest.raises(passes.PassError, match="does not fit in vec"):
            passes.allocate_memory_addr(memory_planner="dsa-rp")(module)
        assert str(module) == before
        # a5 has 248 KiB of vec: the same program fits.
        passes.allocate_memory_addr(arch="a5", memory_planner="dsa-rp")(module)
        assert str(module).count("addr = ") == 2


def test_address_planner_is_pypto_or_dsa_rp():
    # ptoas assigns no addresses: no value of tile-allocate-memory-addr's
    # memory-planner, in C++ (an enum option) as in Python.
    with pytest.raises(
        ValueError, match=r"unknown memory-planner 'ptoas' \(expected pypto or dsa-rp\)"
    ):
        passes.allocate_memory_addr(memory_planner="ptoas")
    assert passes.allocate_memory_addr(memory_planner="DSA_RP").pipeline == (
        "tile-allocate-memory-addr{memory-planner=dsa-rp}"
    )


ELEMENT_BYTES = {"f32": 4, "i32": 4, "f16": 2, "bf16": 2, "i16": 2, "i8": 1}
ALLOC = re.compile(
    r"^(\s*)(%\w+) = tile\.alloc addr = (\d+)(?: pinned)? : "
    r"!tile\.buffer<(\w+), (\d+)>$"
)
DEST = re.compile(r"into\((%\w+)(?:\[(\d+), (\d+)\])? : !tile\.buffer<\w+, \d+>\)")
TILE = re.compile(r"!tile\.tile<(\d+)x(\d+)x(\w+), \w+>")


def flatten_addresses(text: str) -> str:
    """The program with every (single-slot) allocation replaced by its
    window of one buffer per memory space at its address, so that the
    interpreter's storage mode sees the addresses: allocations placed on
    the same bytes really share memory."""
    out = []
    for function in re.split(r"(?=\n  func\.func )", text):
        lines = function.split("\n")
        placed, ends = {}, {}
        for line in lines:
            m = ALLOC.match(line)
            if m:
                _, name, addr, space, size = m.groups()
                placed[name] = (space, int(addr))
                ends[space] = max(ends.get(space, 0), int(addr) + int(size))
        assert "slots" not in function
        body, entry_done = [], False
        for line in lines:
            if ALLOC.match(line):
                if not entry_done:
                    indent = ALLOC.match(line).group(1)
                    for space, end in sorted(ends.items()):
                        body.append(
                            f"{indent}%mem_{space} = tile.alloc : !tile.buffer<{space}, {end}>"
                        )
                    entry_done = True
                continue

            def rewrite(m, line=line, placed=placed, ends=ends):
                space, addr = placed[m.group(1)]
                if m.group(2) is None:  # the whole result tile from offset 0
                    types = line[m.end() :]
                    if "->" in types:
                        types = types.split("->")[-1]
                    rows, cols, elem = TILE.findall(types)[0]
                    offset, size = 0, int(rows) * int(cols) * ELEMENT_BYTES[elem]
                else:
                    offset, size = int(m.group(2)), int(m.group(3))
                return (
                    f"into(%mem_{space}[{addr + offset}, {size}] : "
                    f"!tile.buffer<{space}, {ends[space]}>)"
                )

            body.append(DEST.sub(rewrite, line))
        out.append("\n".join(body))
    return "".join(out)


@pytest.mark.parametrize("planner", ["pypto", "dsa-rp"])
@pytest.mark.parametrize("program", [ACCUMULATE, BRANCH], ids=["accumulate", "branch"])
def test_addresses_keep_the_semantics(planner, program):
    """Storage mode on the program flattened to one buffer per space at the
    planned addresses equals value mode on the input."""
    with ir.Context():
        reference = ir.Module.parse(program)
        module = passes.memory_pipeline(memory_planner=planner)(ir.Module.parse(program))
        flat = ir.Module.parse(flatten_addresses(str(module)))
        assert str(flat).count("tile.alloc") == 1  # one vec buffer
        for seed in range(4):
            inputs = interp.random_inputs(reference, seed=seed, scalars={1: seed})
            result = interp.compare(reference, flat, inputs)
            assert result.equal, result.message


def test_flattening_sees_a_bad_placement():
    """The flattened check fails when two allocations live together are put
    on the same bytes (so the checks above can fail)."""
    with ir.Context():
        reference = ir.Module.parse(ACCUMULATE)
        module = passes.memory_pipeline(memory_planner="dsa-rp")(ir.Module.parse(ACCUMULATE))
        bad = re.sub(r"addr = \d+", "addr = 0", str(module))
        inputs = interp.random_inputs(reference, seed=1, scalars={1: 3})
        assert not interp.compare(reference, ir.Module.parse(flatten_addresses(bad)), inputs).equal


FUZZ_SEEDS = fuzz_seeds(40, salt=6)


@pytest.mark.parametrize("planner", PLANNERS)
def test_fuzz_programs_keep_their_semantics(planner):
    """Random programs (tilemem.fuzz) on the Tile path: after each pipeline,
    storage mode with the planned addresses equals value mode, and the plan
    keeps the allocated-storage rules (fuzz.check_allocated). Programs with
    user-declared addresses are left to test_fuzz_planners."""
    checked = 0
    for seed in FUZZ_SEEDS:
        text = fuzz.generate(seed)
        if " addr = " in text:
            continue
        with ir.Context():
            reference = ir.Module.parse(text)
            try:
                module = passes.memory_pipeline(memory_planner=planner, enable_buffer_ir=False)(
                    ir.Module.parse(text)
                )
            except passes.PassError as error:
                # Programs the target cannot implement (documented rejections).
                assert not fuzz.classify_rejection(str(error)).startswith("other"), str(error)
                continue
            check_placement(passes.allocation_lifetimes(module), addressed=planner != "ptoas")
            assert fuzz.check_allocated(module) is None, seed
            difference = fuzz._compare_all(text, reference, module, seed, ignore_addresses=False)
            assert difference is None, f"seed {seed}: {difference}"
            checked += 1
    assert checked >= len(FUZZ_SEEDS) // 3
