"""The tile dialect's contract, read once from the C++ definitions.

Python never writes these facts again: each op's storage contract (the
traits of ``TileBase.td`` and ``TileInterfaces.td``), the memory spaces and
element types of the types, the capacity of every space per target arch
(``getSpaceCapacity``) and the planner and arch names of the pass options
(``PassOptions.h``) all come from the C API (``tilememDialectContractJSON``)::

    from tilemem import contract
    contract.OPS["tile.row_expand_mul"].forbidden_alias_operands   # (1,)
    contract.ALLOCATING_OPS                  # every op with a destination clause
    contract.CAPACITIES["a5"]["acc"]         # 262144
    contract.SPACES, contract.ELEMENT_TYPES, contract.PLANNERS, contract.ARCHES

``tilemem.options`` (the option spellings), ``tilemem.memory_map`` (the
capacity lines) and the oracle (``tilemem.testing.interp``: which ops
allocate, which operands a result must not overlap) read it here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ._mlir_libs import _tilemem

__all__ = [
    "OpContract",
    "OPS",
    "ALLOCATING_OPS",
    "SPACES",
    "ELEMENT_TYPES",
    "CAPACITIES",
    "PLANNERS",
    "ADDRESS_PLANNERS",
    "ARCHES",
    "ARCH_VALUES",
]


@dataclass(frozen=True)
class OpContract:
    """The storage contract of one tile op (docs/ir.md, "Storage").

    ``allocating``: its result needs fresh storage (a destination clause).
    ``first_input_alias``: the result is a window of operand 0's storage.
    ``metadata_only``: it neither reads nor writes payloads (views).
    ``not_in_place_safe``: the result must not overlap any operand.
    ``writeback_operand``: the operand the result updates in place, or None;
    ``write_only``: "never", "always" or "when-covering" (overwrites the
    operand without reading it, when the result covers all of it).
    ``forbidden_alias_operands``: operands the result must not overlap.
    ``fixed_output_space``: the only space the op can write, or None.
    """

    name: str
    allocating: bool
    first_input_alias: bool
    metadata_only: bool
    not_in_place_safe: bool
    writeback_operand: int | None
    write_only: str
    forbidden_alias_operands: tuple[int, ...]
    fixed_output_space: str | None

    def forbids_overlap_with(self, operand: int, tile_operands) -> bool:
        """Whether the result must not overlap operand `operand`, among the
        op's tile operands (indices `tile_operands`)."""
        if self.not_in_place_safe:
            return operand in tile_operands
        return operand in self.forbidden_alias_operands


_RAW = json.loads(_tilemem.dialect_contract_json())

#: Every tile op by name.
OPS: dict[str, OpContract] = {
    op["name"]: OpContract(
        name=op["name"],
        allocating=op["allocating"],
        first_input_alias=op["first_input_alias"],
        metadata_only=op["metadata_only"],
        not_in_place_safe=op["not_in_place_safe"],
        writeback_operand=op["writeback_operand"],
        write_only=op["write_only"],
        forbidden_alias_operands=tuple(op["forbidden_alias_operands"]),
        fixed_output_space=op["fixed_output_space"],
    )
    for op in _RAW["ops"]
}
#: The ops whose result needs fresh storage (AllocatingOpInterface).
ALLOCATING_OPS: frozenset[str] = frozenset(name for name, op in OPS.items() if op.allocating)
#: The memory spaces, in the MemorySpace enum's order.
SPACES: tuple[str, ...] = tuple(_RAW["spaces"])
#: The element types a tile or tensor may have.
ELEMENT_TYPES: tuple[str, ...] = tuple(_RAW["element_types"])
#: Bytes of every space, per target arch.
CAPACITIES: dict[str, dict[str, int]] = {
    arch: dict(spaces) for arch, spaces in _RAW["capacities"].items()
}
#: Every memory planner (``memory-planner`` of the pipeline).
PLANNERS: tuple[str, ...] = tuple(_RAW["planners"])
#: The planners that assign addresses (``tile-allocate-memory-addr``).
ADDRESS_PLANNERS: tuple[str, ...] = tuple(_RAW["address_planners"])
#: The target architectures.
ARCHES: tuple[str, ...] = tuple(_RAW["arches"])
#: The values of an ``arch`` option (``auto``: the module's
#: ``tile.target_arch``, else a3).
ARCH_VALUES: tuple[str, ...] = tuple(_RAW["arch_values"])
