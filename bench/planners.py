"""How close the memory planners come to the max-live lower bound.

    PYTHONPATH=build/python_packages .venv/bin/python bench/planners.py \
        --fuzz 300 --mixed 200

For every program of a corpus it runs `tile-memory-pipeline` with the dsa-rp
and the pypto planner and reads `passes.allocation_lifetimes`: per function
and memory space, the bytes a planner uses (the highest end address) and the
max-live lower bound (the largest sum of bytes of allocations live at one
program point, on the dsa-rp output, whose allocation identities are those
of MaterializeSemanticAliases). No placement can use fewer bytes than the
bound. It prints the sums over the corpus and their ratio, per corpus, and
a second table per program: the `tile.move` ops each planner's pipeline
(pypto, dsa-rp, ptoas) leaves, and the bytes of the naive baseline (every
allocation of the dsa-rp output in its own range, no reuse), of pypto, of
dsa-rp and of the bound.

Corpora:
  fuzz      tilemem.fuzz programs (16x16 f32 tiles: one size)
  examples  examples/*.mlir
  bench     bench/gen.py shapes (seq, nest, branch, carries, views), ~600 ops
  mixed     random programs with tiles of several sizes (generated here):
            straight-line code, loops with carried accumulators, branches
"""

from __future__ import annotations

import argparse
import glob
import os
import random
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

SHAPES = [(8, 8), (16, 8), (16, 16), (32, 16), (4, 8), (32, 32), (8, 32)]


def tile(shape) -> str:
    return f"!tile.tile<{shape[0]}x{shape[1]}xf32, vec>"


def mixed_program(seed: int, steps: int = 40) -> str:
    """Random tile program with tiles of several sizes. Each new value is
    computed from live values of its shape; values are read a random number
    of steps later; some get carried through loops or chosen by branches."""
    rng = random.Random(seed)
    lines = []
    counter = [0]

    def fresh():
        counter[0] += 1
        return f"%v{counter[0]}"

    def emit(depth, text):
        lines.append("  " * (depth + 1) + text)

    def produce(depth, scope, shape=None):
        shape = shape or rng.choice(SHAPES)
        sources = scope[shape]
        name = fresh()
        r = rng.random()
        if not sources or r < 0.25:
            emit(depth, f"{name} = tile.full {rng.randint(1, 9)}.0 : {tile(shape)}")
        elif r < 0.55 or len(sources) < 2:
            emit(depth, f"{name} = tile.exp {rng.choice(sources)} : {tile(shape)}")
        else:
            a, b = rng.sample(sources, 2)
            emit(depth, f"{name} = tile.add {a}, {b} : {tile(shape)}")
        sources.append(name)
        # Values die: keep only a few per shape visible.
        if len(sources) > rng.randint(1, 3):
            sources.pop(0)
        return shape, name

    def block(depth, scope, count):
        for _ in range(count):
            r = rng.random()
            if depth < 2 and r < 0.12:
                loop(depth, scope)
            elif depth < 2 and r < 0.2:
                branch(depth, scope)
            else:
                produce(depth, scope)

    def copy_scope(scope):
        inner = defaultdict(list)
        for k, v in scope.items():
            inner[k] = list(v)
        return inner

    def loop(depth, scope):
        shape = rng.choice(SHAPES)
        if not scope[shape]:
            produce(depth, scope, shape)
        init = scope[shape][-1]
        res, arg, iv = fresh(), fresh(), fresh()
        emit(
            depth,
            f"{res} = scf.for {iv} = %c0 to %n step %c1 iter_args({arg} = {init}) "
            f"-> ({tile(shape)}) {{",
        )
        inner = copy_scope(scope)
        inner[shape].append(arg)
        block(depth + 1, inner, rng.randint(2, 6))
        other = inner[shape][-1] if inner[shape] else arg
        nxt = fresh()
        emit(depth + 1, f"{nxt} = tile.add {arg}, {other} : {tile(shape)}")
        emit(depth + 1, f"scf.yield {nxt} : {tile(shape)}")
        emit(depth, "}")
        scope[shape].append(res)

    def branch(depth, scope):
        shape = rng.choice(SHAPES)
        res = fresh()
        emit(depth, f"{res} = scf.if %c -> ({tile(shape)}) {{")
        for arm in range(2):
            inner = copy_scope(scope)
            block(depth + 1, inner, rng.randint(1, 4))
            if not inner[shape]:
                name = fresh()
                emit(depth + 1, f"{name} = tile.full 1.0 : {tile(shape)}")
                inner[shape].append(name)
            emit(depth + 1, f"scf.yield {inner[shape][-1]} : {tile(shape)}")
            if arm == 0:
                emit(depth, "} else {")
        emit(depth, "}")
        scope[shape].append(res)

    scope = defaultdict(list)
    block(0, scope, steps)
    results = [(shape, names[-1]) for shape, names in sorted(scope.items()) if names]
    types = ", ".join(tile(s) for s, _ in results)
    head = (
        f"func.func @mixed(%n: index, %c: i1) -> ({types}) {{\n"
        "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
    )
    ret = f"  return {', '.join(n for _, n in results)} : {types}\n}}\n"
    return head + "\n".join(lines) + "\n" + ret


def corpus(args):
    from tilemem.testing import fuzz

    for seed in range(1, args.fuzz + 1):
        yield "fuzz", fuzz.generate(seed)
    root = os.path.dirname(HERE)
    for path in sorted(glob.glob(os.path.join(root, "examples", "*.mlir"))):
        with open(path) as f:
            yield "examples", f.read()
    if args.bench_ops:
        import gen

        for shape in gen.SHAPES:
            yield "bench", gen.generate(shape, args.bench_ops).text
    for seed in range(1, args.mixed + 1):
        yield "mixed", mixed_program(seed)


def count_moves(module) -> int:
    """The `tile.move` ops of a module (copies the pipeline inserted)."""
    return str(module).count(" = tile.move ")


def measure(fuzz_count: int = 300, mixed: int = 200, bench_ops: int = 600):
    """Runs the planners on the corpus; returns (markdown tables, dsa-rp /
    bound over all programs, worst function's dsa-rp / bound)."""
    from tilemem import ir, passes

    args = argparse.Namespace(fuzz=fuzz_count, mixed=mixed, bench_ops=bench_ops)
    totals = defaultdict(lambda: defaultdict(int))
    worst = defaultdict(float)
    for name, text in corpus(args):
        with ir.Context():
            try:
                dsa = passes.memory_pipeline(memory_planner="dsa-rp")(ir.Module.parse(text))
                pypto = passes.memory_pipeline(memory_planner="pypto")(ir.Module.parse(text))
            except passes.PassError:
                totals[name]["rejected"] += 1
                continue
            dsa_records = passes.allocation_lifetimes(dsa)
            pypto_records = passes.allocation_lifetimes(pypto)
            t = totals[name]
            t["moves_pypto"] += count_moves(pypto)
            t["moves_dsa"] += count_moves(dsa)
            try:  # ptoas rejects user addresses the others keep: own count
                ptoas = passes.memory_pipeline(memory_planner="ptoas")(ir.Module.parse(text))
                t["moves_ptoas"] += count_moves(ptoas)
                t["ptoas_programs"] += 1
            except passes.PassError:
                pass
        t["programs"] += 1
        for drec, prec in zip(dsa_records, pypto_records):
            dsa_used, pypto_used = passes.used_bytes(drec), passes.used_bytes(prec)
            naive = defaultdict(int)
            for a in drec["allocations"]:
                naive[a["space"]] += a["bytes"]
            for space, bound in drec["lower_bound"].items():
                t["naive"] += naive[space]
                t["bound"] += bound
                t["dsa"] += dsa_used[space]
                t["pypto"] += pypto_used[space]
                t["optimal"] += dsa_used[space] == bound
                t["spaces"] += 1
                worst[name] = max(worst[name], dsa_used[space] / bound)

    lines = [
        "| corpus | programs (rejected) | lower bound (B) | dsa-rp (B) | dsa-rp / bound "
        "| spaces at the bound | worst function | pypto (B) | pypto / bound |",
        "|---" * 9 + "|",
    ]
    grand = defaultdict(int)
    for name, t in totals.items():
        for k, v in t.items():
            grand[k] += v
        if not t["bound"]:
            continue
        lines.append(
            f"| {name} | {t['programs']} ({t['rejected']}) | {t['bound']} | {t['dsa']} | "
            f"{t['dsa'] / t['bound']:.4f} | {t['optimal']}/{t['spaces']} | "
            f"{worst[name]:.3f} | {t['pypto']} | {t['pypto'] / t['bound']:.3f} |"
        )
    ratio = grand["dsa"] / grand["bound"] if grand["bound"] else float("nan")
    worst_all = max(worst.values(), default=float("nan"))
    lines.append(
        f"| all | {grand['programs']} ({grand['rejected']}) | {grand['bound']} | {grand['dsa']} | "
        f"{ratio:.4f} | {grand['optimal']}/{grand['spaces']} | "
        f"{worst_all:.3f} | {grand['pypto']} | "
        f"{grand['pypto'] / max(grand['bound'], 1):.3f} |"
    )
    lines += [
        "",
        "| corpus (per program) | moves: pypto | moves: dsa-rp | moves: ptoas (programs) "
        "| naive (B) | pypto (B) | dsa-rp (B) | lower bound (B) | naive / bound |",
        "|---" * 9 + "|",
    ]
    for name, t in list(totals.items()) + [("all", grand)]:
        n = t["programs"]
        if not n or not t["bound"]:
            continue
        lines.append(
            f"| {name} | {t['moves_pypto'] / n:.2f} | {t['moves_dsa'] / n:.2f} | "
            f"{t['moves_ptoas'] / max(t['ptoas_programs'], 1):.2f} ({t['ptoas_programs']}) | "
            f"{t['naive'] / n:.0f} | {t['pypto'] / n:.0f} | "
            f"{t['dsa'] / n:.0f} | {t['bound'] / n:.0f} | {t['naive'] / t['bound']:.3f} |"
        )
    return "\n".join(lines), ratio, worst_all


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fuzz", type=int, default=300, help="tilemem.fuzz seeds")
    parser.add_argument("--mixed", type=int, default=200, help="mixed-size programs")
    parser.add_argument(
        "--bench-ops", type=int, default=600, help="ops per bench/gen.py shape (0: none)"
    )
    args = parser.parse_args(argv)
    table, _, _ = measure(args.fuzz, args.mixed, args.bench_ops)
    print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
