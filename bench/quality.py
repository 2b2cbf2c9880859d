"""The quality figures of bench/run.py: on a corpus (examples, a seeded fuzz
set, the bench shapes at small size), the tile.move ops the pass inserts
against a naive baseline that copies at every non-equivalent yield, and the
scratch tiles against the copy cycles."""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass, field

import gen
from measure import PIPELINE, ROOT, parse_statistics


def _has_storage(value) -> bool:
    text = str(value.type)
    return text.startswith("!tile.tile<") or text.startswith("!tile.tensor<")


def _windows(module_text: str, module, tile_opt: str) -> dict[object, str]:
    """The window (as printed by --tile-test-print-storage) of every tile and
    tensor value of `module`, matched by walk order."""
    run = subprocess.run(
        [tile_opt, "--tile-test-print-storage", "--mlir-disable-threading", "-o", "/dev/null"],
        input=module_text,
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        raise RuntimeError(run.stderr)
    sections: dict[str, list[str]] = {}
    current = None
    for line in run.stdout.splitlines():
        m = re.match(r"storage of @(\S+):", line)
        if m:
            current = sections.setdefault(m.group(1), [])
        elif current is not None and line.startswith("  "):
            current.append(line.strip().split(": ", 1)[1])
    windows: dict[object, str] = {}

    def walk(op, out: list):
        for region in op.regions:
            for block in region.blocks:
                for arg in block.arguments:
                    if _has_storage(arg):
                        out.append(arg)
        for result in op.results:
            if _has_storage(result):
                out.append(result)
        for region in op.regions:
            for block in region.blocks:
                for child in block.operations:
                    walk(child.operation, out)

    for op in module.body.operations:
        op = op.operation
        if op.name != "func.func" or not op.regions[0].blocks:
            continue
        name = str(op.attributes["sym_name"]).strip('"')
        values: list = []
        walk(op, values)
        lines = sections.get(name, [])
        if len(lines) != len(values):
            raise RuntimeError(f"@{name}: {len(lines)} printed windows for {len(values)} values")
        windows.update(zip(values, lines))
    return windows


def _cycles(copies: list[tuple]) -> int:
    """Cycles of a parallel copy [(source window, target window)]: copy i
    waits for copy j when i's target is j's source."""
    by_target = {dst: i for i, (_, dst) in enumerate(copies)}
    # reads[i] = the copy whose target i's source is (at most one: targets
    # of one yield are distinct windows).
    reads = [by_target.get(src) for src, _ in copies]
    state = [0] * len(copies)  # 0 new, 1 on path, 2 done
    cycles = 0
    for start in range(len(copies)):
        path = []
        node = start
        while node is not None and state[node] == 0:
            state[node] = 1
            path.append(node)
            node = reads[node]
        if node is not None and state[node] == 1:
            cycles += 1
        for n in path:
            state[n] = 2
    return cycles


_TILE_SHAPE = re.compile(r"!tile\.tile<(\d+)x(\d+)x")
_WINDOW = re.compile(r"^(\S+)\[(\d+), (\d+)\](?: slot (\S+))?$")


def _row_major(value):
    m = _TILE_SHAPE.match(str(value.type))
    return (int(m.group(2)), 1) if m else None


def _layouts(function) -> dict[object, tuple]:
    """Element strides of every tile value (the layout part of a window that
    --tile-test-print-storage does not print), by the storage model's rules:
    producers and reshapes are row-major, slices keep their source's strides,
    transposed views swap them, writebacks, carries and results follow the
    value they derive from."""
    strides: dict[object, tuple] = {}

    def of(value):
        return strides.get(value) or _row_major(value)

    def bind(targets, sources):
        for t, v in zip(targets, sources):
            if _TILE_SHAPE.match(str(t.type)):
                strides[t] = of(v)

    def block(b):
        for child in b.operations:
            op(child.operation)

    def op(o):
        name = o.name
        if name == "scf.for":
            body = o.regions[0].blocks[0]
            inits = list(o.operands)[3:]
            bind(list(body.arguments)[1:], inits)
            bind(o.results, inits)
            block(body)
            return
        if name == "scf.while":
            before, after = o.regions[0].blocks[0], o.regions[1].blocks[0]
            bind(before.arguments, o.operands)
            block(before)
            cond = list(before.operations)[-1]
            bind(after.arguments, list(cond.operands)[1:])
            bind(o.results, list(cond.operands)[1:])
            block(after)
            return
        if name in ("scf.if", "tile.scope"):
            for region in o.regions:
                for b in region.blocks:
                    block(b)
            if len(o.results):
                bind(o.results, list(o.regions[0].blocks[0].operations)[-1].operands)
            return
        if not len(o.results) or not _TILE_SHAPE.match(str(o.results[0].type)):
            for region in o.regions:
                for b in region.blocks:
                    block(b)
            return
        result = o.results[0]
        if name in ("tile.slice", "tile.matmul_acc", "tile.write", "tile.assemble"):
            strides[result] = of(o.operands[0])
        elif name == "tile.transpose_view":
            rs, cs = of(o.operands[0])
            strides[result] = (cs, rs)
        else:  # producers, reshape: row-major
            strides[result] = _row_major(result)

    for b in function.regions[0].blocks:
        for arg in b.arguments:
            if _TILE_SHAPE.match(str(arg.type)):
                strides[arg] = _row_major(arg)
        block(b)
    return strides


def _overlap(a: str, b: str) -> bool:
    """May two printed windows overlap (same root, slot not known apart,
    byte ranges intersect)?"""
    ma, mb = _WINDOW.match(a), _WINDOW.match(b)
    if not ma or not mb or ma.group(1) != mb.group(1):
        return False
    sa, sb = ma.group(4) or "0", mb.group(4) or "0"
    if sa.isdigit() and sb.isdigit() and sa != sb:  # two static slots
        return False
    oa, za, ob, zb = int(ma.group(2)), int(ma.group(3)), int(mb.group(2)), int(mb.group(3))
    return oa < ob + zb and ob < oa + za


def naive_baseline(memref_text: str, tile_opt: str) -> dict[str, int]:
    """On the tile-init-memref output: yield operands whose window (bytes or
    layout) differs from their target (for/while carries: the initializer's
    window, if results: the then arm's); the copy cycles among them, and the
    copies whose source overlaps their own target (a transposed view of the
    carry, say): each cycle and each such copy needs one scratch move."""
    from tilemem import ir

    counts = {"yields": 0, "cycles": 0, "self_overlaps": 0}
    with ir.Context():
        module = ir.Module.parse(memref_text)
        windows = _windows(memref_text, module, tile_opt)
        layouts: dict[object, tuple] = {}
        for f in module.body.operations:
            if f.operation.name == "func.func" and f.operation.regions[0].blocks:
                layouts.update(_layouts(f.operation))

        def check(pairs):
            copies = []
            for value, target in pairs:
                src, dst = windows.get(value), windows.get(target)
                if src is None or dst is None or src == "none" or dst == "none":
                    continue
                if src != dst or layouts.get(value) != layouts.get(target):
                    copies.append((src, dst))
                    if _overlap(src, dst):
                        counts["self_overlaps"] += 1
            counts["yields"] += len(copies)
            counts["cycles"] += _cycles([c for c in copies if c[0] != c[1]])

        def visit(op):
            name = op.name
            if name == "scf.for":
                body = op.regions[0].blocks[0]
                targets = list(body.arguments)[1:]
                term = list(body.operations)[-1]
                check(zip(term.operands, targets))
            elif name == "scf.while":
                before = op.regions[0].blocks[0]
                after = op.regions[1].blocks[0]
                targets = list(before.arguments)
                cond = list(before.operations)[-1]
                check(zip(list(cond.operands)[1:], targets))
                check(zip(list(after.operations)[-1].operands, targets))
            elif name == "scf.if" and len(op.results) and len(op.regions[1].blocks):
                then_yield = list(op.regions[0].blocks[0].operations)[-1]
                else_yield = list(op.regions[1].blocks[0].operations)[-1]
                check(zip(else_yield.operands, then_yield.operands))
            for region in op.regions:
                for block in region.blocks:
                    for child in block.operations:
                        visit(child.operation)

        for op in module.body.operations:
            visit(op.operation)
    return counts


@dataclass
class Quality:
    name: str
    accepted: bool
    reason: str = ""
    moves: int = 0
    naive: int = 0
    cycles: int = 0
    self_overlaps: int = 0
    stats: dict[str, int] = field(default_factory=dict)

    @property
    def scratch_needed(self) -> int:
        """Scratch moves any parallel copy of the naive yields needs."""
        return self.cycles + self.self_overlaps

    @property
    def yield_side(self) -> int:
        """Moves at yields and in if arms, scratch moves included."""
        return self.stats.get("yield-copies", 0) + self.stats.get("branch-copies", 0)

    @property
    def entry_writeback(self) -> int:
        """Moves the naive yield copier has no counterpart for."""
        return self.stats.get("entry-copies", 0) + self.stats.get("writeback-copies", 0)


def quality_of(name: str, text: str, tile_opt: str) -> Quality:
    run = subprocess.run(
        [tile_opt, *PIPELINE, "--mlir-pass-statistics", "--mlir-disable-threading"],
        input=text,
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        from tilemem.testing import fuzz

        return Quality(name, False, fuzz.classify_rejection(run.stderr))
    stats = parse_statistics(run.stderr)
    moves = len(re.findall(r"\btile\.move\b", run.stdout)) - len(
        re.findall(r"\btile\.move\b", text)
    )
    memref = subprocess.run(
        [tile_opt, "--tile-init-memref=erase-dead-code=false", "--mlir-disable-threading"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    naive = naive_baseline(memref, tile_opt)
    return Quality(
        name,
        True,
        moves=moves,
        naive=naive["yields"],
        cycles=naive["cycles"],
        self_overlaps=naive["self_overlaps"],
        stats=stats,
    )


def corpus(fuzz_count: int, fuzz_seed: int):
    from tilemem.testing import fuzz

    examples = sorted(os.listdir(os.path.join(ROOT, "examples")))
    items = [
        (f"examples/{e}", open(os.path.join(ROOT, "examples", e)).read())
        for e in examples
        if e.endswith(".mlir")
    ]
    items += [(f"bench/{s}", gen.generate(s, 0, "tile", units=2).text) for s in gen.SHAPES]
    items += [
        (f"fuzz/{seed}", fuzz.generate(seed)) for seed in range(fuzz_seed, fuzz_seed + fuzz_count)
    ]
    return items


def summarize_quality(results: list[Quality]) -> list[dict]:
    rows = []
    for label, prefix in [
        ("examples", "examples/"),
        ("bench shapes (2 units)", "bench/"),
        ("fuzz", "fuzz/"),
        ("all", ""),
    ]:
        group = [q for q in results if q.name.startswith(prefix)]
        ok = [q for q in group if q.accepted]
        rows.append(
            {
                "corpus": label,
                "programs": len(group),
                "accepted": len(ok),
                "pass moves": sum(q.moves for q in ok),
                "yield-side moves": sum(q.yield_side for q in ok),
                "entry + writeback moves": sum(q.entry_writeback for q in ok),
                "naive moves": sum(q.naive for q in ok),
                "naive + cycles": sum(q.naive + q.scratch_needed for q in ok),
                "programs: moves > naive": sum(1 for q in ok if q.moves > q.naive),
                "programs: yield-side > naive + cycles": sum(
                    1 for q in ok if q.yield_side > q.naive + q.scratch_needed
                ),
                "scratch": sum(q.stats.get("scratch-tiles", 0) for q in ok),
                "cycles": sum(q.cycles for q in ok),
                "self-overlapping copies": sum(q.self_overlaps for q in ok),
                "programs: scratch > cycles": sum(
                    1 for q in ok if q.stats.get("scratch-tiles", 0) > q.scratch_needed
                ),
            }
        )
    return rows
