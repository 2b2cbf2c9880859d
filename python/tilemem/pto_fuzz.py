"""PTO emission over fuzzed programs: how many emit, and why others do not.

    PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.pto_fuzz \\
        --seeds 1-1000 [--branch-heavy] [--planner bump]

Each seed's program (``tilemem.fuzz.generate``) is made a kernel (its
returned tile is stored into ``%O``: PTO kernels return nothing), legalized
with ``init_memref`` + ``materialize_semantic_aliases``, and emitted at
level2 and at level3; every emitted text must pass ``pto_check``. Level3
needs addresses: ``assign_addresses`` is a bump allocator (never reuses a
byte, so it is valid by construction), the stand-in until the address
planners' pipeline is available. The report counts programs emitted,
refused (grouped by diagnostic) and rejected by the checker.
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
RETURN = re.compile(r"return (%[\w#]+), (%[\w#]+) : (!tile\.tensor<[^>]*>), (!tile\.tile<[^>]*>)")


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
    """The fuzzer's kernels return their last tile (for the interpreter); a
    PTO kernel returns nothing, so that tile is stored into %O instead."""
    source = source.replace(f"-> ({fuzz.TENSOR}, {fuzz.TILE}) {{", f"-> {fuzz.TENSOR} {{")
    return RETURN.sub(
        lambda m: (f"%emitted = tile.store {m.group(2)}, {m.group(1)}[%c0, %c0] : "
                   f"{m.group(4)}, {m.group(3)}\n    return %emitted : {m.group(3)}"),
        source)


def legalize(text: str) -> str:
    with ir.Context():
        module = passes.run_pipeline(
            text, [passes.init_memref(), passes.materialize_semantic_aliases()])
        return str(module)


REASON = re.compile(r"error: '([\w.]+)' op cannot be emitted to PTO: ([^(\n]*)")


def measure(seeds: Iterable[int], branch_heavy: bool = False) -> dict:
    """{"level2": Counter, "level3": Counter, "pipeline rejected": n}: per
    level, "emitted", "checker rejected" and one "refused: <op>: <why>" key
    per distinct diagnostic."""
    report = {"level2": collections.Counter(), "level3": collections.Counter(),
              "pipeline rejected": 0, "programs": 0}
    for seed in seeds:
        report["programs"] += 1
        try:
            legal = legalize(as_kernel(fuzz.generate(seed, branch_heavy=branch_heavy)))
        except passes.PassError:
            report["pipeline rejected"] += 1
            continue
        for level, text in (("level2", legal), ("level3", assign_addresses(legal))):
            try:
                out = pto.emit(text, level)
            except pto.PTOEmitError as error:
                match = REASON.search(str(error))
                why = f"{match.group(1)}: {match.group(2).strip()}" if match else str(error)
                report[level][f"refused: {why}"] += 1
                continue
            errors = pto_check.check(out, level)
            report[level]["checker rejected" if errors else "emitted"] += 1
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
    for level in ("level2", "level3"):
        counts = report[level]
        print(f"{level}: emitted and checker-clean {counts['emitted']}")
        for key, count in sorted(counts.items()):
            if key != "emitted":
                print(f"  {count:5d}  {key}")
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
