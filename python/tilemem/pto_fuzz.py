"""PTO emission over fuzzed programs: how many emit, and why others do not.

    PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.pto_fuzz \\
        --seeds 1-1000 [--branch-heavy]

Each seed's program (``tilemem.fuzz.generate``) is made a kernel (its
returned tile is stored into ``%O``: PTO kernels return nothing) and
emitted four ways; every emitted text must pass ``pto_check``:

* ``level2``: ``init_memref`` + ``materialize_semantic_aliases``, no
  addresses (ptoas plans them);
* ``level3``: the same plus ``assign_addresses``, a bump allocator (never
  reuses a byte, so valid by construction; what the unit tests use);
* ``ptoas`` / ``pypto`` / ``dsa-rp``: ``passes.memory_pipeline`` with that
  planner (level2 for ptoas, level3 for the two address planners, which
  also place the scratch tiles of transpose / row_sum).

The report counts programs emitted, refused (grouped by diagnostic) and
rejected by the checker.
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
from typing import Dict, Iterable, List

from . import fuzz, ir, passes, pto, pto_check

ALLOC = re.compile(r"tile\.alloc\s*:\s*!tile\.buffer<(\w+),\s*(\d+)(?:,\s*slots\s*=\s*(\d+))?>")
SCRATCH_OP = re.compile(r"(= tile\.(?:transpose|row_sum) [^\n]*?\)) : "
                        r"!tile\.tile<(\d+)x(\d+)x(\w+), (\w+)>")
ELEMENT_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "i8": 1, "i16": 2, "i32": 4}


def assign_addresses(text: str) -> str:
    """Gives every tile.alloc an address and every transpose / row_sum a
    `tile.scratch_addr` (its source tile's size): a bump allocator per memory
    space that never reuses bytes, so nothing overlaps."""
    next_free: Dict[str, int] = collections.Counter()

    def place(match):
        space, size, slots = match.group(1), int(match.group(2)), int(match.group(3) or 1)
        addr = next_free[space]
        next_free[space] += size * slots
        return f"tile.alloc addr = {addr} : " + match.group(0).split(":", 1)[1].strip()

    def scratch(match):
        rows, cols, element, space = match.group(2, 3, 4, 5)
        addr = next_free[space]
        next_free[space] += int(rows) * int(cols) * ELEMENT_BYTES[element]
        return (f"{match.group(1)} {{tile.scratch_addr = {addr} : i64}} : "
                f"!tile.tile<{rows}x{cols}x{element}, {space}>")

    return SCRATCH_OP.sub(scratch, ALLOC.sub(place, text))


def as_kernel(source: str) -> str:
    """The fuzzer's kernels with `tensor_outputs` already store their tile
    result into a tensor argument and return only tensors, as PTO kernels
    do; other text is returned as it is."""
    return source


def kernel(seed: int, branch_heavy: bool = False) -> str:
    """The fuzz program of `seed` in the kernel form PTO emission takes."""
    return fuzz.generate(seed, branch_heavy=branch_heavy, tensor_outputs=True)


def legalize(text: str) -> str:
    with ir.Context():
        module = passes.run_pipeline(
            text, [passes.init_memref(), passes.materialize_semantic_aliases()])
        return str(module)


REASON = re.compile(r"error: '([\w.]+)' op cannot be emitted to PTO: ([^(\n]*)")


PLANNERS = {"ptoas": "level2", "pypto": "level3", "dsa-rp": "level3"}
MODES = ("level2", "level3") + tuple(PLANNERS)


def plan(text: str, planner: str) -> str:
    with ir.Context():
        return str(passes.memory_pipeline(memory_planner=planner)(ir.Module.parse(text)))


def measure(seeds: Iterable[int], branch_heavy: bool = False) -> dict:
    """{mode: Counter, "pipeline rejected": n, "programs": n} for the MODES:
    "emitted", "checker rejected", "planner rejected" and one
    "refused: <op>: <why>" key per distinct diagnostic."""
    report = {mode: collections.Counter() for mode in MODES}
    report.update({"pipeline rejected": 0, "programs": 0})
    for seed in seeds:
        report["programs"] += 1
        source = kernel(seed, branch_heavy)
        try:
            legal = legalize(source)
        except passes.PassError:
            report["pipeline rejected"] += 1
            continue
        texts = [("level2", "level2", legal), ("level3", "level3", assign_addresses(legal))]
        for planner, level in PLANNERS.items():
            try:
                texts.append((planner, level, plan(source, planner)))
            except passes.PassError:
                report[planner]["planner rejected"] += 1
        for mode, level, text in texts:
            try:
                out = pto.emit(text, level)
            except pto.PTOEmitError as error:
                match = REASON.search(str(error))
                why = (f"{match.group(1)}: {match.group(2).strip()}" if match
                       else str(error).splitlines()[0].split(": error: ", 1)[-1])
                report[mode][f"refused: {why}"] += 1
                continue
            errors = pto_check.check(out, level)
            report[mode]["checker rejected" if errors else "emitted"] += 1
    return report


def parse_seeds(text: str) -> List[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="1-1000", help="first-last (inclusive)")
    parser.add_argument("--branch-heavy", action="store_true")
    args = parser.parse_args(argv)
    report = measure(parse_seeds(args.seeds), args.branch_heavy)
    print(f"programs {report['programs']}, pipeline rejected {report['pipeline rejected']}")
    failed = False
    for mode in MODES:
        counts = report[mode]
        level = PLANNERS.get(mode, mode)
        print(f"{mode} ({level}): emitted and checker-clean {counts['emitted']}")
        for key, count in sorted(counts.items()):
            if key != "emitted":
                print(f"  {count:5d}  {key}")
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
