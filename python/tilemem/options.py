"""The spellings of the `memory-planner` and `arch` options.

C++ declares both as enum options (``PassOptions.h``): the pass manager
accepts exactly ``pypto``, ``dsa-rp``, ``ptoas`` and ``auto``, ``a3``,
``a5``. Python takes the same values from there (``tilemem.contract``,
read through the C API), and :func:`canonical` is the one
place that also takes other spellings of them (case, ``_`` for ``-``:
``"DSA_RP"`` is ``"dsa-rp"``). `tilemem.compile`, the CLI, `PassContext`
and the `tilemem.passes` factories all go through it.
"""

from __future__ import annotations

__all__ = ["PLANNERS", "ADDRESS_PLANNERS", "ARCHES", "ARCH_VALUES", "canonical", "canonical_arch"]

from .contract import ADDRESS_PLANNERS, ARCH_VALUES, ARCHES, PLANNERS

_VALUES = {
    "memory-planner": PLANNERS,
    "address-planner": ADDRESS_PLANNERS,
    "arch": ARCH_VALUES,
}


def _expected(values) -> str:
    return ", ".join(values[:-1]) + " or " + values[-1]


def canonical(option: str, value) -> str:
    """The canonical spelling of `value` for `option` ("memory-planner",
    "address-planner" or "arch"). Raises TypeError for a value that is not
    a string and ValueError for an unknown one."""
    values = _VALUES[option]
    if not isinstance(value, str):
        raise TypeError(
            f"{option} must be a string ({_expected(values)}), not {type(value).__name__}"
        )
    spelled = value.strip().lower().replace("_", "-")
    if spelled not in values:
        name = "memory-planner" if option == "address-planner" else option
        raise ValueError(f"unknown {name} {value!r} (expected {_expected(values)})")
    return spelled


def canonical_arch(value) -> str | None:
    """`canonical("arch", value)` with None and "auto" both meaning "not
    set" (returns None): the module's ``tile.target_arch``, else a3."""
    if value is None:
        return None
    arch = canonical("arch", value)
    return None if arch == "auto" else arch
