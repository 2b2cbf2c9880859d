"""``python -m tilemem.fuzz``: the command line (and its ``--execute`` and
``--compare-modes`` runs)."""

from __future__ import annotations

import argparse
import collections
import sys
import time

from ...options import PLANNERS
from ..fuzz_gen import generate
from .checks import _pto_modules, _write_failure, compare_modes
from .workers import _results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tilemem.fuzz",
        description="Differential fuzzing of the storage pipeline and the memory planners "
        "against the reference interpreter.",
    )
    parser.add_argument("--count", type=int, default=200, help="programs to run")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--max-depth", type=int, default=4, help="control-flow nesting depth")
    parser.add_argument(
        "--failures", default="fuzz-failures", help="directory for failing programs"
    )
    parser.add_argument("--print", action="store_true", help="print the program of --seed and exit")
    parser.add_argument(
        "--enable-buffer-ir",
        choices=("true", "false"),
        default="true",
        help="Buffer-IR legalization (default true, as the compiler); false tests the Tile path",
    )
    parser.add_argument(
        "--branch-heavy",
        action="store_true",
        help="generate programs in which scf.if is the most frequent statement",
    )
    parser.add_argument(
        "--pressure",
        action="store_true",
        help="kernels for PTO end with tiles beyond the capacity of vec, left, right "
        "and acc, so that ptoas's PlanMemory (the ptoas planner) reuses addresses by "
        "the lifetimes it derives (it places every tile apart otherwise)",
    )
    parser.add_argument(
        "--while-forwarding",
        choices=("true", "false"),
        default="true",
        help="about 3 in 10 scf.while before regions compute a few ops and their "
        "scf.condition forwards, per carry, another before argument (one value "
        "for two carries), an outer value or a value computed there instead of "
        "the carry's own argument (default true; false: every condition "
        "forwards exactly the before arguments)",
    )
    parser.add_argument(
        "--scalars",
        choices=("true", "false"),
        default="true",
        help="the kernels also compute f32 and index scalars (arith ops, int32 "
        "extremes in clamps), carry them in scf.for, scf.while and scf.if, and "
        "read them in tile-scalar ops, tile.write positions, loop bounds and "
        "conditions; drawn from a stream of their own, so false gives the same "
        "tile programs without them (default true)",
    )
    parser.add_argument(
        "--loop-destinations",
        choices=("true", "false"),
        default="true",
        help="some producers inside loops write a user buffer of their own "
        "(into(...)), often in the slot of the innermost scf.for's induction "
        "variable modulo 2, as ping-pong buffers; drawn from a stream of their "
        "own, so false gives the same tile programs without them (default true)",
    )
    parser.add_argument(
        "--dynamic-offsets",
        choices=("true", "false"),
        default="true",
        help="some loads and stores inside scf.for loops take the tensor row "
        "block of the induction variable modulo 4 instead of a constant; drawn "
        "from a stream of their own, so false gives the same tile programs "
        "with constant rows (default true)",
    )
    parser.add_argument(
        "--clobbering-destinations",
        choices=("true", "false"),
        default="false",
        help="about 1 in 4 producers that may name a user buffer write any "
        "slot of any user buffer of their space instead, whatever it holds "
        "(a value still read, a carry's initializer, inside loops in every "
        "iteration): programs whose own storage may be invalid, which must "
        "be refused with a located diagnostic or compute what value mode "
        "computes; drawn from a stream of their own (default false)",
    )
    parser.add_argument(
        "--shapes",
        choices=("default", "boundary"),
        default="default",
        help="tile shapes: default (16x16 tiles, 8x16 halves: the f32 "
        "boundaries of every space) or boundary (per program 16x16 or "
        "32x32 tiles and halves of 1, 8, n/2 or n-1 rows)",
    )
    parser.add_argument(
        "--arch",
        choices=("a3", "a5"),
        default="a3",
        help="the modules' tile.target_arch (default a3); a5 kernels also "
        "move acc tiles to vec and vec tiles to mat, the copies only a5 has",
    )
    parser.add_argument(
        "--compare-modes",
        action="store_true",
        help="run every program with Buffer IR off and on and compare the "
        "tile.move ops each inserts",
    )
    parser.add_argument(
        "--report",
        metavar="CSV",
        help="with --compare-modes: write seed, status and moves per mode per program",
    )
    parser.add_argument(
        "--memory-planner",
        choices=PLANNERS + ("all", "none"),
        default="pypto",
        help="after legalization, also run this planner's whole memory pipeline "
        "on every accepted program and check its plan and its addresses "
        "(default pypto, the compiler's; none: legalization only)",
    )
    parser.add_argument(
        "--execute",
        action="store_true",
        help="also run every accepted kernel that returns only tensors through "
        "the real toolchain for each planner (ptoas, g++ against pto-isa, "
        "the CPU simulator; tilemem.testing.toolchain finds them through "
        "TILEMEM_PTOAS / TILEMEM_PTO_ISA) and compare its outputs with "
        "value mode; counts ptoas rejections and crashes, compile and run "
        "errors and mismatches (tilemem.testing.corpus)",
    )
    parser.add_argument(
        "--execute-chunk",
        type=int,
        default=150,
        help="with --execute: kernels per g++ translation unit",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=1,
        help="worker processes (default 1; programs always run in a worker, "
        "so a compiler crash is counted, not fatal)",
    )
    parser.add_argument(
        "--progress",
        choices=("auto", "on", "off"),
        default="auto",
        help="a progress bar on stderr (auto: when stderr is a terminal)",
    )
    args = parser.parse_args(argv)
    # What generate() takes besides the seed and tensor_outputs (the
    # true/false options are spelled like --enable-buffer-ir).
    args.generator = {
        "max_depth": args.max_depth,
        "branch_heavy": args.branch_heavy,
        "boundary": args.shapes == "boundary",
        "while_forwarding": args.while_forwarding == "true",
        "scalars": args.scalars == "true",
        "arch": args.arch,
        "loop_destinations": args.loop_destinations == "true",
        "dynamic_offsets": args.dynamic_offsets == "true",
        "clobbering_destinations": args.clobbering_destinations == "true",
        "pressure": args.pressure,
    }
    planners = (
        []
        if args.memory_planner == "none"
        else (list(PLANNERS) if args.memory_planner == "all" else [args.memory_planner])
    )
    buffer_ir = args.enable_buffer_ir == "true"

    if args.print:
        sys.stdout.write(
            _program(args, args.seed, tensor_outputs=bool(planners) and args.seed % 2 == 0)
        )
        return 0
    if args.compare_modes:
        return _compare_main(args)
    tools = None
    if args.execute:
        from .. import toolchain

        if not planners:
            parser.error("--execute needs a planner (--memory-planner other than none)")
        try:
            tools = toolchain.find_tools()
        except toolchain.ToolchainUnavailable as error:
            print(f"--execute: {error}", file=sys.stderr)
            return 2
    executable = []  # seeds of accepted kernels that return only tensors

    planner_counts = {p: collections.Counter() for p in planners}
    planner_reasons = {p: collections.Counter() for p in planners}
    planner_peak = {p: [0, 0] for p in planners}
    counts = collections.Counter()
    reasons = collections.Counter()
    copies = []
    started = time.time()
    options = {
        "planners": planners,
        "generator": args.generator,
        "buffer_ir": buffer_ir,
        "keep_text": False,
    }
    jobs = ((seed, options) for seed in range(args.seed, args.seed + args.count))
    progress = args.progress == "on" or (args.progress == "auto" and sys.stderr.isatty())
    for job, result in _results(jobs, args.count, args.jobs, progress):
        if result is None:
            # The compiler crashed (an assertion, a signal): a failure to
            # report with the program that caused it.
            seed = job[0]
            counts["crash"] += 1
            text = _program(args, seed, tensor_outputs=bool(planners) and seed % 2 == 0)
            path = _write_failure(
                args.failures, f"seed-{seed}.mlir", "crash", "the compiler crashed", text, ""
            )
            print(f"seed {seed}: crash -> {path}", file=sys.stderr)
            continue
        seed, text, outcome = result.seed, result.text, result.legalization
        counts[outcome.status] += 1
        if outcome.status == "rejected":
            reasons[outcome.reason] += 1
        if outcome.status == "ok":
            copies.append(outcome.copies)
            if (
                args.execute
                and seed % 2 == 0
                and any(
                    p.pto_checked or p.status == "pto-refused" for p in result.planners.values()
                )
            ):
                executable.append(seed)
        if outcome.status in ("mismatch", "invalid") or outcome.reason.startswith("other"):
            path = _write_failure(
                args.failures,
                f"seed-{seed}.mlir",
                outcome.status,
                outcome.reason,
                text,
                outcome.output,
            )
            print(f"seed {seed}: {outcome.status}: {outcome.reason} -> {path}", file=sys.stderr)
        for planner, p in result.planners.items():
            planner_counts[planner][p.status] += 1
            planner_counts[planner]["pto checked"] += int(p.pto_checked)
            planner_peak[planner][0] += p.peak
            planner_peak[planner][1] += p.lower_bound
            if p.status in ("rejected", "pto-refused"):
                planner_reasons[planner][
                    p.reason if p.status == "rejected" else "PTO refused: " + p.reason
                ] += 1
            if p.status in ("mismatch", "pto-error", "address-error") or p.reason.startswith(
                "other"
            ):
                path = _write_failure(
                    args.failures, f"seed-{seed}-{planner}.mlir", p.status, p.reason, text, p.output
                )
                print(f"seed {seed} [{planner}]: {p.status}: {p.reason} -> {path}", file=sys.stderr)

    total = args.count
    rejected = counts["rejected"]
    mode = "buffer IR" if buffer_ir else "tile path"
    corpus = _corpus_name(args)
    print(
        f"programs run:  {total}  ({time.time() - started:.1f} s, {mode}, {corpus} corpus, "
        f"seeds {args.seed}..{args.seed + total - 1})"
    )
    print(f"accepted:      {counts['ok']}")
    print(f"mismatches:    {counts['mismatch']}")
    print(f"crashes:       {counts['crash']}")
    print(f"invalid input: {counts['invalid']}")
    print(f"rejected:      {rejected} ({100.0 * rejected / max(total, 1):.1f}%)")
    for reason, count in reasons.most_common():
        print(f"  {count:6d}  {reason}")
    if copies:
        print(
            f"tile.move inserted per accepted program: mean {sum(copies) / len(copies):.2f}, max {max(copies)}"
        )
    bad = (
        counts["mismatch"]
        + counts["invalid"]
        + counts["crash"]
        + sum(c for r, c in reasons.items() if r.startswith("other"))
    )
    if planners and _pto_modules() is None:
        print("PTO: tilemem.pto is not built, emission not checked")
    for planner in planners:
        c = planner_counts[planner]
        ran = sum(
            c[k]
            for k in ("ok", "rejected", "mismatch", "pto-refused", "pto-error", "address-error")
        )
        print(
            f"planner {planner}: run {ran}, ok {c['ok'] + c['pto-refused']}, "
            f"mismatches {c['mismatch']}, address errors {c['address-error']}, "
            f"rejected {c['rejected']}, PTO checked {c['pto checked']}, "
            f"PTO refused {c['pto-refused']}, PTO errors {c['pto-error']}"
        )
        for reason, count in planner_reasons[planner].most_common():
            print(f"  {count:6d}  {reason}")
        peak, bound = planner_peak[planner]
        if bound and planner != "ptoas":
            print(f"  peak / max-live lower bound (summed): {peak} / {bound} = {peak / bound:.3f}")
        bad += (
            c["mismatch"]
            + c["pto-error"]
            + c["address-error"]
            + sum(n for r, n in planner_reasons[planner].items() if r.startswith("other"))
        )
    if args.execute:
        bad += _execute(args, executable, planners, buffer_ir, tools, progress)
    return 1 if bad else 0


def _corpus_name(args) -> str:
    """The generator's options, as the summaries name the corpus."""
    corpus = "branch-heavy" if args.branch_heavy else "default"
    if args.shapes == "boundary":
        corpus += ", boundary shapes"
    if args.arch != "a3":
        corpus += f", {args.arch}"
    if args.generator["clobbering_destinations"]:
        corpus += ", clobbering destinations"
    return corpus


def _program(args, seed: int, tensor_outputs: bool) -> str:
    """The program of `seed` with the generator options of the command line."""
    return generate(seed, tensor_outputs=tensor_outputs, **args.generator)


def _execute(args, seeds, planners, buffer_ir, tools, progress) -> int:
    """--execute: the kernels of `seeds` through the real toolchain for
    every planner; prints the outcomes and returns the failures."""
    from .. import corpus

    started = time.time()
    name = "branch-heavy" if args.branch_heavy else "default"
    programs = [
        corpus.Program(name, seed, _program(args, seed, tensor_outputs=True)) for seed in seeds
    ]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(programs) * len(planners), desc="execute", unit="job", file=sys.stderr)

    def advance(done, total):
        if bar is not None:
            bar.update(done - bar.n)

    records = corpus.run(
        programs,
        planners,
        enable_buffer_ir=buffer_ir,
        chunk=args.execute_chunk,
        tools=tools,
        failures=args.failures,
        on_chunk=advance,
    )
    if bar is not None:
        bar.close()
    print(
        f"executed:      {len(programs)} kernels x {len(planners)} planners "
        f"({time.time() - started:.1f} s, ptoas + g++ -D__CPU_SIM + the simulator)"
    )
    print(corpus.summary(records, planners))
    for r in records:
        if r["outcome"] in corpus.FAILURES:
            print(
                f"seed {r['seed']} [{r['planner']}]: {r['outcome']}: {r['reason']}", file=sys.stderr
            )
    return corpus.failed(records)


def _compare_main(args) -> int:
    started = time.time()
    seeds = range(args.seed, args.seed + args.count)
    report = open(args.report, "w") if args.report else None
    try:
        summary, worse = compare_modes(seeds, report, **args.generator)
    finally:
        if report is not None:
            report.close()
    both = summary["both_ok"]
    corpus = _corpus_name(args)
    print(f"programs run:  {summary['programs']}  ({time.time() - started:.1f} s, {corpus} corpus)")
    for mode in ("tile", "buffer_ir"):
        print(
            f"{mode:10s} accepted {summary[mode + '_ok']}, rejected {summary[mode + '_rejected']}, "
            f"mismatches {summary[mode + '_mismatch']}, invalid {summary[mode + '_invalid']}"
        )
    print(f"accepted by both: {both}")
    if both:
        print(
            f"tile.move per program: tile path {summary['tile_moves'] / both:.2f}, "
            f"buffer IR {summary['buffer_ir_moves'] / both:.2f}"
        )
    print(
        f"buffer IR fewer moves: {summary['buffer_ir_fewer']}, same: {summary['same']}, "
        f"more: {len(worse)}" + (f" (seeds {worse[:20]})" if worse else "")
    )
    bad = sum(summary[f"{m}_{s}"] for m in ("tile", "buffer_ir") for s in ("mismatch", "invalid"))
    return 1 if bad or worse else 0
