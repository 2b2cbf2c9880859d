"""Benchmarks of the tilemem storage pipeline (issue 6).

    .venv/bin/python bench/run.py --sizes 1e3,3e3,1e4,3e4,1e5,3e5,1e6 \
        --shapes seq,nest,branch,carries,views --osb-timeout 60 --out bench/results

In one run on one machine, for every shape (bench/gen.py) and size N (ops of
the tile program):

- parse time and the time of each tilemem pass, from ``--mlir-timing`` of one
  ``tile-opt --tile-init-memref --tile-materialize-semantic-aliases
  --tile-verify-storage --verify-each=false`` process (the parse time is that
  process's own, MLIR's IR verifier included, as every parse runs it; the
  pass times exclude the verifier MLIR would run again after each pass:
  upstream's, O(N x depth) on deep nests, and measured on its own as the
  parse time of a ``--mlir-very-unsafe-disable-verifier-on-parsing`` run
  subtracted from the verified parse);
- peak RSS (GNU time) of that process against the peak RSS of ``tile-opt
  file`` (parse and print only), both with ``-o /dev/null``;
- One-Shot Bufferize (``mlir-opt --one-shot-bufferize``) on the equivalent
  tensor program, until a size exceeds ``--osb-timeout`` (bigger sizes are
  then skipped for that shape);
- the scaling exponent of materialize + verify (least squares on log-log over
  N >= 1e4);
- for the ``deep`` shape, the same over the depth of one nest
  (``--deep-depths``), the exponent fitted over depths >= 1e3, once for
  each way the nest reaches tile-opt (``--deep-inputs``): its text, and its
  bytecode, whose reader lays the ops out as the Python builders do, where
  the text parser leaves per-level state between them;
- quality figures on a fixed corpus (examples/*.mlir, a seeded fuzz set and
  the bench shapes at small size): tile.move ops the pass inserts against a
  naive baseline that copies at every non-equivalent yield, and scratch tiles
  against the copy cycles.

Writes ``results.md`` (also printed), ``results.json`` and ``scaling.png`` to
``--out``. All tile-opt runs use ``--mlir-disable-threading`` (a kernel is one
function; threads only add noise on a shared machine).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from dataclasses import asdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

# The pieces of the benchmark: the program shapes (gen.py), the measurement
# of one point (measure.py), the quality figures (quality.py) and the report
# (report.py). The names below are also read by test/python/test_bench.py.
import gen  # noqa: E402
from measure import (  # noqa: E402
    DEEP_INPUTS,
    MLIR_OPT,
    OSB_PASS,
    PYTHON_PACKAGES,
    TILE_OPT,
    TIME,
    Point,
    best_of,
    binary_stamp,
    fit_exponent,
    machine,
    measure_osb,
    measure_pass_memory,
    measure_point,
    parse_statistics,
    parse_timing,
)
from quality import Quality, _cycles, corpus, quality_of, summarize_quality  # noqa: E402
from report import (  # noqa: E402
    DEPTH_COLUMNS,
    QUALITY_COLUMNS,
    SCALING_COLUMNS,
    depth_exponent,
    exponents,
    plot,
    report,
)

__all__ = [
    "DEPTH_COLUMNS",
    "MLIR_OPT",
    "OSB_PASS",
    "QUALITY_COLUMNS",
    "SCALING_COLUMNS",
    "Point",
    "_cycles",
    "best_of",
    "fit_exponent",
    "main",
    "measure_pass_memory",
    "parse_statistics",
    "parse_timing",
    "quality_of",
]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="tilemem benchmarks (issue 6)")
    parser.add_argument(
        "--sizes", default="1e3,3e3,1e4,3e4,1e5,3e5,1e6", help="op counts, comma-separated"
    )
    parser.add_argument("--shapes", default=",".join(gen.SHAPES))
    parser.add_argument(
        "--deep-depths",
        default=f"10,100,300,1e3,2e3,3e3,{gen.DEEP_MAX_DEPTH}",
        help="depths of the one-nest `deep` sweep, comma-separated (empty: none; run when "
        "--shapes has deep)",
    )
    parser.add_argument(
        "--deep-inputs",
        default="text,bytecode",
        help="how the `deep` sweep's nests reach tile-opt, comma-separated: text (MLIR's "
        "parser) and/or bytecode (the bytecode reader, whose op layout is the Python builders')",
    )
    parser.add_argument(
        "--osb-timeout", type=float, default=60.0, help="seconds per One-Shot Bufferize run"
    )
    parser.add_argument("--no-osb", action="store_true", help="skip One-Shot Bufferize")
    parser.add_argument(
        "--no-passmem",
        action="store_true",
        help="skip the per-pass memory measurement (bench/passmem.py)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="runs per point (the best is taken): one run of the largest points varies by tens of percent on a shared VM",
    )
    parser.add_argument(
        "--fuzz-count",
        type=int,
        default=200,
        help="fuzz programs in the quality corpus (0: no quality figures)",
    )
    parser.add_argument("--fuzz-seed", type=int, default=1)
    parser.add_argument(
        "--planner-fuzz",
        type=int,
        default=300,
        help="fuzz programs in the planner corpus (0: no planner figures)",
    )
    parser.add_argument(
        "--planner-mixed", type=int, default=200, help="mixed-size programs in the planner corpus"
    )
    parser.add_argument("--out", default=os.path.join(HERE, "results"))
    parser.add_argument("--no-plot", action="store_true")
    parser.add_argument(
        "--attribution",
        action="store_true",
        help="also measure tile-init-memref alone (RSS) and materialize with verify=false (time)",
    )
    parser.add_argument("--tile-opt", default=TILE_OPT)
    parser.add_argument("--mlir-opt", default=MLIR_OPT)
    args = parser.parse_args(argv)
    args.argv = ["bench/run.py"] + list(argv if argv is not None else sys.argv[1:])
    sizes = [int(float(s)) for s in args.sizes.split(",") if s]
    shapes = [s for s in args.shapes.split(",") if s]
    for s in shapes:
        if s not in gen.SHAPES:
            parser.error(f"unknown shape {s}")
    for i in args.deep_inputs.split(","):
        if i and i not in DEEP_INPUTS:
            parser.error(f"unknown --deep-inputs {i} (one of {', '.join(DEEP_INPUTS)})")
    for tool in [args.tile_opt, TIME] + ([] if args.no_osb else [args.mlir_opt]):
        if not os.path.exists(tool):
            parser.error(f"{tool} not found")
    if PYTHON_PACKAGES not in sys.path:
        sys.path.insert(0, PYTHON_PACKAGES)
    os.makedirs(args.out, exist_ok=True)

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    started = time.time()
    built_at_start = binary_stamp(args.tile_opt)
    points: list[Point] = []
    with tempfile.TemporaryDirectory(prefix="tilemem-bench-") as workdir:
        for shape in shapes:
            log(f"{shape}:")
            osb_over = False
            for size in sizes:
                point = measure_point(shape, size, args, workdir, log)
                if not args.no_osb and not point.error:
                    if osb_over:
                        point.osb_status = "skipped"
                    else:
                        measure_osb(point, args, workdir, log)
                        osb_over = point.osb_status != "ok"
                points.append(point)
        depth_points: list[Point] = []
        if "deep" in shapes and args.deep_depths:
            # In rounds, each measuring every depth once: a drift of the
            # machine's speed during the sweep reaches every depth alike
            # instead of bending the fitted exponent.
            log(f"deep, one nest per depth, {args.repeat} round(s):")
            depths = [int(float(x)) for x in args.deep_depths.split(",") if x]
            inputs = [x for x in args.deep_inputs.split(",") if x]
            once = argparse.Namespace(**{**vars(args), "repeat": 1})
            rounds = [
                [
                    measure_point(
                        "deep",
                        round(d * gen.DEEP_OPS_PER_LEVEL),
                        once,
                        workdir,
                        log,
                        depth=d,
                        passmem=False,
                        input=i,
                    )
                    for i in inputs
                    for d in depths
                ]
                for _ in range(args.repeat)
            ]
            depth_points = [best_of(runs) for runs in zip(*rounds)]
    exps = exponents(points)
    depth_exp = depth_exponent(depth_points) if depth_points else None
    quality: list[Quality] = []
    quality_rows: list[dict] = []
    if args.fuzz_count > 0:
        log("quality corpus:")
        for name, text in corpus(args.fuzz_count, args.fuzz_seed):
            quality.append(quality_of(name, text, args.tile_opt))
        quality_rows = summarize_quality(quality)
    planner_table, planner_ratio = "", None
    if args.planner_fuzz > 0:
        log("planner corpus:")
        import planners

        planner_table, ratio, worst = planners.measure(args.planner_fuzz, args.planner_mixed)
        planner_ratio = (ratio, worst)
    info = machine()
    info["tile_opt_built_at_start"] = built_at_start
    info["tile_opt_built"] = binary_stamp(args.tile_opt)
    text = report(
        points,
        exps,
        quality_rows,
        quality,
        info,
        args,
        planner_table,
        planner_ratio,
        depth_points,
        depth_exp,
    )
    text += f"\n(benchmark wall time: {time.time() - started:.0f} s)\n"
    with open(os.path.join(args.out, "results.md"), "w") as f:
        f.write(text)
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(
            {
                "machine": info,
                "argv": args.argv,
                "points": [dict(asdict(p), mat_verify=p.mat_verify) for p in points],
                "exponents": exps,
                "depth_points": [dict(asdict(p), mat_verify=p.mat_verify) for p in depth_points],
                "depth_exponent": depth_exp,
                "quality": [asdict(q) for q in quality],
                "quality_summary": quality_rows,
            },
            f,
            indent=1,
            default=str,
        )
    if not args.no_plot:
        plot(points, os.path.join(args.out, "scaling.png"))
    print(text)
    return 1 if any(p.error for p in [*points, *depth_points]) else 0


if __name__ == "__main__":
    sys.exit(main())
