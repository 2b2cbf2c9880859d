"""``python -m tilemem.testing.pto_syncs``: the barriers of level3 PTO,
checked independently of the emitter.

ptoas 0.27's InsertSync relates two tile_bufs only through one address
value, so between two accesses to tile_bufs whose bytes overlap from
different addresses the emitter puts a ``pto.barrier #pto.pipe<PIPE_ALL>``
(docs/pto-emission.md, "Syncs between tiles at different addresses";
UnrelatedHandleSyncs.cpp). ``accesses_missing_a_barrier`` restates that rule
on the PTO text: it follows every path exactly, with the set of tile_bufs
accessed since the last barrier as its state (to a fixpoint at each loop),
where the emitter abstracts loops and joins. It reads the tile_bufs at
constant addresses and the dynamic slots whose address the emitter
computes from a `remui` or `select` slot index (the whole buffer each);
any other computed address it does not model.

Run as a module, it prints the barriers per kernel and planner, checks the
kernels and ``--fuzz`` fuzzed programs, and with ``--needed`` counts the
barriers whose removal the check reports::

    PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.pto_syncs --fuzz 200 --seed S --needed
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import sys
from typing import NamedTuple

PTO_CONSTANT = re.compile(r"^\s*(%[\w]+) = arith\.constant (-?\d+) : (i64|index)$")
PTO_DEFINITION = re.compile(r"^\s*(%[\w]+)(:\d+)? = ")
PTO_ARITH = re.compile(r"^\s*(%[\w]+) = (arith\.\w+) (.*)$")
PTO_ALLOC = re.compile(
    r"^\s*(%[\w]+) = pto\.alloc_tile addr = (%[\w]+) : !pto\.tile_buf<loc=(\w+), "
    r"dtype=(\w+), rows=(\d+), cols=(\d+),"
)
PTO_VALUE = re.compile(r"%[\w]+")
# Lines that touch no tile's bytes.
PTO_NO_ACCESS = re.compile(
    r"^\s*(%[\w]+ = (arith\.|pto\.alloc_tile|pto\.partition_view|pto\.make_tensor_view)|"
    r"pto\.barrier|scf\.yield|scf\.condition|\^bb)"
)
PTO_FULL_BARRIER = "pto.barrier #pto.pipe<PIPE_ALL>"


def _element_bytes(dtype: str) -> int:
    """The bytes of one element of a tile_buf's `dtype` (f32, bf16, ui8, ...)."""
    return (int(re.search(r"\d+$", dtype).group()) + 7) // 8


def accesses_missing_a_barrier(text: str) -> list:
    """The lines of level3 PTO `text` that access a tile_buf sharing bytes
    with another of a different address value, where some path of the
    function reaches them from an access to that other tile_buf with no
    pto.barrier <PIPE_ALL> between: an independent restatement of
    separateUnrelatedHandles (UnrelatedHandleSyncs.cpp) for the tile_bufs at
    constant addresses and the dynamic slots the module docstring names. It
    follows every path exactly (the sets of tile_bufs accessed since the
    last barrier, to a fixpoint at each loop), where the emitter abstracts
    loops and joins."""
    missing = []
    for function in re.split(r"(?m)^\s*func\.func ", text)[1:]:
        missing += _function_accesses_missing_a_barrier(function)
    return missing


def _pto_regions(lines: list, index: int) -> tuple:
    """The ops of the region that starts at line `index`, as line indices and
    (opener line, [region, ...]) nests, and the index of the line closing
    it (a `}`, or a `} else {` / `} do {` that opens the next region)."""
    nodes = []
    while index < len(lines):
        line = lines[index].strip()
        if line.startswith("}"):
            return nodes, index
        if line.endswith("{"):
            opener, regions = index, []
            while True:
                region, index = _pto_regions(lines, index + 1)
                regions.append(region)
                if not lines[index].strip().endswith("{"):
                    break
            nodes.append((opener, regions))
        else:
            nodes.append(index)
        index += 1
    return nodes, index


class _Handle(NamedTuple):
    """A tile_buf: the bytes it may cover in its space, and its root (the
    address value ptoas's InsertSync relates it through)."""

    space: str
    lo: int
    hi: int
    root: object


class _TileBuf(NamedTuple):
    """A name bound to the tile_buf of the alloc_tile at `line`."""

    line: int


class _Slots(NamedTuple):
    """An address `base + slot * scale`, the slot one of `count`."""

    count: int
    scale: int = 0
    base: int | None = None


def _address_value(op: str, args: list, env: dict):
    """What the emitter's address arithmetic computes: an int, _Slots, or
    None (not modeled). A dynamic slot's address is
    `addi(muli(index_cast(slot), size), base)`, the slot `remui(i, n)` or
    `select(c, a, b)` of constants."""
    values = [env.get(a) for a in args]
    if op == "arith.index_cast":
        return values[0]
    if op == "arith.remui" and isinstance(values[1], int):
        return _Slots(values[1])
    if op == "arith.select" and all(isinstance(v, int) for v in values[1:]):
        return _Slots(max(values[1:]) + 1)
    if op == "arith.muli" and isinstance(values[0], _Slots) and isinstance(values[1], int):
        return _Slots(values[0].count, values[1])
    if op == "arith.addi" and isinstance(values[0], _Slots) and isinstance(values[1], int):
        return _Slots(values[0].count, values[0].scale, values[1])
    return None


def _function_accesses_missing_a_barrier(text: str) -> list:
    lines = text.splitlines()
    # Names met so far on the walk (an SSA name may be reused by a sibling
    # region, so a name means its latest definition): constants, address
    # arithmetic, and tile_bufs as the line of their alloc_tile.
    env: dict = {}
    handles: dict = {}

    def define(index: int, line: str) -> None:
        if m := PTO_DEFINITION.match(line):
            env[m.group(1)] = None  # whatever it named in a sibling region
        if m := PTO_CONSTANT.match(line):
            env[m.group(1)] = int(m.group(2))
        elif m := PTO_ALLOC.match(line):
            address = env.get(m.group(2))
            size = int(m.group(5)) * int(m.group(6)) * _element_bytes(m.group(4))
            if isinstance(address, int):
                handles[index] = _Handle(m.group(3), address, address + size, address)
            elif isinstance(address, _Slots) and address.base is not None:
                last = address.base + (address.count - 1) * address.scale
                handles[index] = _Handle(m.group(3), address.base, last + size, m.group(2))
            else:
                handles.pop(index, None)
            env[m.group(1)] = _TileBuf(index) if index in handles else None
        elif m := PTO_ARITH.match(line):
            env[m.group(1)] = _address_value(m.group(2), PTO_VALUE.findall(m.group(3)), env)

    def conflict(a: int, b: int) -> bool:
        x, y = handles[a], handles[b]
        return x.space == y.space and x.root != y.root and x.lo < y.hi and y.lo < x.hi

    missing = {}

    def run(nodes: list, state: frozenset, report: bool) -> frozenset:
        for node in nodes:
            if isinstance(node, int):
                line = lines[node]
                define(node, line)
                if PTO_FULL_BARRIER in line:
                    state = frozenset()
                elif not PTO_NO_ACCESS.match(line):
                    used = {
                        env[v].line
                        for v in PTO_VALUE.findall(line)
                        if isinstance(env.get(v), _TileBuf)
                    }
                    if report and any(conflict(u, s) for u in used for s in state):
                        missing[node] = line.strip()
                    state = state | used
                continue
            opener, regions = node
            header = lines[opener]
            if "scf.if" in header:
                state = frozenset().union(*(run(r, state, report) for r in regions))
            elif "scf.for" in header or "scf.while" in header:
                # A while's condition ends its first region; its second
                # region runs after it and goes back to the first.
                entry = state
                while True:
                    end = entry
                    for region in regions:
                        end = run(region, end, False)
                    if entry | end == entry:
                        break
                    entry = entry | end
                end = entry
                for position, region in enumerate(regions):
                    end = run(region, end, report)
                    if position == 0:
                        exit_state = end
                state = exit_state if "scf.while" in header else entry
            else:  # func.func's body
                state = run(regions[0], state, report)
        return state

    body, _ = _pto_regions(lines, 1)
    run(body, frozenset(), True)
    return [missing[index] for index in sorted(missing)]


def _compile(text: str, planner: str):
    import tilemem

    try:
        return tilemem.compile(text, memory_planner=planner).pto
    except tilemem.Error:
        return None


def _needed_barriers(pto_text: str) -> int:
    """The barriers of `pto_text` without which the check reports an access."""
    lines = pto_text.splitlines()
    return sum(
        1
        for index, line in enumerate(lines)
        if PTO_FULL_BARRIER in line
        and accesses_missing_a_barrier("\n".join(lines[:index] + lines[index + 1 :]))
    )


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tilemem.testing.pto_syncs",
        description="Count the level3 barriers of the kernels and fuzzed programs, "
        "and check each against an independent restatement of the rule.",
    )
    parser.add_argument("--fuzz", type=int, default=0, help="fuzzed programs to check")
    parser.add_argument("--seed", type=int, default=1, help="first fuzz seed")
    parser.add_argument("--needed", action="store_true", help="count the barriers the check needs")
    parser.add_argument(
        "--kernels", default="kernels", help="directory of kernels (default: ./kernels)"
    )
    args = parser.parse_args(argv)
    from tilemem.testing import fuzz

    kernels = sorted(glob.glob(os.path.join(args.kernels, "*.mlir")))
    programs = [(os.path.basename(path)[: -len(".mlir")], open(path).read()) for path in kernels]
    programs += [
        (f"seed {seed}", fuzz.generate(seed, tensor_outputs=True, branch_heavy=seed % 2 == 0))
        for seed in range(args.seed, args.seed + args.fuzz)
    ]
    print("| kernel | pypto | dsa-rp |")
    print("|---|---|---|")
    compiled = barriers = needed = failures = 0
    for position, (name, text) in enumerate(programs):
        cells = []
        for planner in ["pypto", "dsa-rp"]:
            pto_text = _compile(text, planner)
            if position < len(kernels):
                ops = len(re.findall(r"(?m)^\s*pto\.t\w+ ", pto_text or ""))
                cells.append(
                    "refused" if pto_text is None else f"{pto_text.count(PTO_FULL_BARRIER)} / {ops}"
                )
            if pto_text is None:
                continue
            compiled += 1
            barriers += pto_text.count(PTO_FULL_BARRIER)
            if missing := accesses_missing_a_barrier(pto_text):
                failures += 1
                print(f"MISSING {name} ({planner}): {missing[0]}")
            if args.needed:
                needed += _needed_barriers(pto_text)
        if cells:
            print(f"| {name} | " + " | ".join(cells) + " |")
    print(
        f"{compiled} compilations (kernels and {args.fuzz} fuzzed programs, every other one "
        f"branch-heavy), {barriers} barriers, {failures} with an access missing one"
        + (f", {needed} barriers needed by the check" if args.needed else "")
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
