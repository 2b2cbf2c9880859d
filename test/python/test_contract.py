"""The dialect's contract is read from the C++ definitions (issue 18, item 3):
tilemem.contract exposes each op's storage traits, the spaces, element types,
capacities per arch and the option names, and the Python side uses them
instead of its own copies."""

import glob
import os
import re

import pytest
from conftest import ROOT
from tilemem import contract, ir, options, passes
from tilemem.dialects import _tile_ops_gen
from tilemem.testing import interp


def test_every_op_of_the_dialect_has_a_contract():
    generated = {
        cls.OPERATION_NAME
        for cls in vars(_tile_ops_gen).values()
        if isinstance(cls, type) and hasattr(cls, "OPERATION_NAME")
    }
    assert generated and set(contract.OPS) == generated


@pytest.mark.parametrize(
    "name, facts",
    [
        ("tile.add", dict(allocating=True, fixed_output_space="vec", writeback_operand=None)),
        ("tile.matmul", dict(allocating=True, fixed_output_space="acc")),
        ("tile.move", dict(allocating=True, not_in_place_safe=True)),
        ("tile.create", dict(allocating=True, metadata_only=True)),
        ("tile.row_expand_mul", dict(forbidden_alias_operands=(1,), fixed_output_space="vec")),
        ("tile.store", dict(allocating=False, writeback_operand=1, write_only="when-covering")),
        ("tile.matmul_acc", dict(writeback_operand=0, write_only="never")),
        ("tile.write", dict(writeback_operand=0, write_only="never")),
        ("tile.slice", dict(first_input_alias=True, metadata_only=True, allocating=False)),
        ("tile.assemble", dict(first_input_alias=True, metadata_only=False)),
        ("tile.alloc", dict(allocating=False, fixed_output_space=None)),
        ("tile.cvt", dict(allocating=True, not_in_place_safe=True, fixed_output_space="vec")),
        ("tile.cmp", dict(allocating=True, not_in_place_safe=True, fixed_output_space="vec")),
        ("tile.cmps", dict(allocating=True, not_in_place_safe=True, fixed_output_space="vec")),
        ("tile.sel", dict(forbidden_alias_operands=(0,), not_in_place_safe=False)),
        ("tile.fillpad", dict(allocating=False, writeback_operand=0, write_only="never")),
        ("tile.gemv", dict(allocating=True, fixed_output_space="acc")),
        ("tile.concat", dict(allocating=True, not_in_place_safe=True, fixed_output_space="vec")),
    ],
)
def test_op_contracts_are_the_tablegen_traits(name, facts):
    op = contract.OPS[name]
    for field, value in facts.items():
        assert getattr(op, field) == value, (name, field)


def test_forbidden_overlaps():
    assert contract.OPS["tile.transpose"].forbids_overlap_with(0, range(1))
    assert not contract.OPS["tile.row_expand_mul"].forbids_overlap_with(0, range(2))
    assert contract.OPS["tile.row_expand_mul"].forbids_overlap_with(1, range(2))
    assert not contract.OPS["tile.add"].forbids_overlap_with(0, range(2))


def test_spaces_and_element_types():
    assert contract.SPACES == ("vec", "mat", "left", "right", "acc", "bias")
    assert set(contract.ELEMENT_TYPES) == {"f16", "bf16", "f32", "i8", "i16", "i32"}
    # The interpreter has numerics for exactly the dialect's element types.
    assert set(interp._ELEM) == set(contract.ELEMENT_TYPES)


@pytest.mark.parametrize("arch", ["a3", "a5"])
@pytest.mark.parametrize("space", ["vec", "acc"])
def test_capacities_are_the_ones_the_passes_check(arch, space):
    capacity = contract.CAPACITIES[arch][space]

    def module(size):
        return f"""
        func.func @k() {{
          %b = tile.alloc : !tile.buffer<{space}, {size}>
          return
        }}"""

    with ir.Context():
        passes.check_capacity(arch)(module(capacity))
        with pytest.raises(passes.PassError, match=f"does not fit in {space}"):
            passes.check_capacity(arch)(module(capacity + 32))


def test_no_python_file_writes_the_facts_again():
    """The option names, capacities, allocating ops and type grammar appear
    in tilemem.contract (read from C++) and nowhere else in the package."""
    patterns = {
        "a planner list": re.compile(r"\(\s*\"pypto\",\s*\"dsa-rp\""),
        "a capacity table": re.compile(r"\"vec\":\s*\d+\s*\*\s*_?KIB", re.I),
        "a type regex": re.compile(r"re\.compile\(r?\"\^?!tile\\\\?\."),
        "an allocating-op set": re.compile(r"\{\s*\"tile\.load\",\s*\"tile\.move\""),
    }
    package = os.path.join(ROOT, "python", "tilemem")
    for path in glob.glob(os.path.join(package, "**", "*.py"), recursive=True):
        text = open(path).read()
        for what, pattern in patterns.items():
            assert not pattern.search(text), f"{os.path.relpath(path, ROOT)} writes {what}"
    assert options.PLANNERS is contract.PLANNERS
