"""The report of bench/run.py: the Markdown tables (scaling, depth, quality,
planners), the targets the figures are held to, and the scaling plot."""

from __future__ import annotations

import math

import gen
from measure import DEPTH_FIT_FROM, FIT_FROM, LONG_PARSE_S, Point, fit_exponent

# Columns of the scaling table, in order (the smoke test checks them).
SCALING_COLUMNS = [
    "shape",
    "N",
    "parse s",
    "IR verifier s",
    "init s",
    "read s",
    "materialize s",
    "verify s",
    "(mat+verify)/read",
    "(mat+verify)/parse",
    "(mat+verify)/parse w/o verifier",
    "RSS parse MB",
    "RSS pipeline MB",
    "RSS ratio",
    "kernel s: parse / pipeline",
    "module MB",
    "pass peak MB",
    "pass peak / module",
    "pass peak / pass input",
    "moves",
    "scratch",
    "OSB N",
    "OSB s",
    "OSB / tilemem",
]
QUALITY_COLUMNS = [
    "corpus",
    "programs",
    "accepted",
    "pass moves",
    "yield-side moves",
    "entry + writeback moves",
    "naive moves",
    "naive + cycles",
    "programs: moves > naive",
    "programs: yield-side > naive + cycles",
    "scratch",
    "cycles",
    "self-overlapping copies",
    "programs: scratch > cycles",
]


def fmt(x, digits=3) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    if isinstance(x, float):
        if digits == 3 and abs(x) < 0.1:
            return f"{x:.4f}"
        return f"{x:.{digits}f}"
    return str(x)


def markdown_table(columns: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def moves_inserted(p: Point) -> int:
    """The `tile.move` ops the pass inserted (its copy statistics)."""
    return sum(
        p.stats.get(k, 0)
        for k in ("yield-copies", "entry-copies", "branch-copies", "writeback-copies")
    )


def kernel_cell(p: Point) -> str:
    """Kernel seconds of the parse-only process and of the pipeline's."""
    return f"{fmt(p.kernel_parse, 2)} / {fmt(p.kernel_pipeline, 2)}"


def scaling_rows(points: list[Point], osb_timeout: float) -> list[list[str]]:
    rows = []
    for p in points:
        if p.error:
            rows.append(
                [p.shape, p.ops] + ["-"] * (len(SCALING_COLUMNS) - 3) + [f"error: {p.error[:60]}"]
            )
            continue
        if p.osb is not None:
            osb, ratio = fmt(p.osb), f"{p.osb / p.tilemem:.0f}x"
        elif p.osb_status == "timeout":
            osb, ratio = f"> {osb_timeout:g}", f"> {osb_timeout / p.tilemem:.0f}x"
        else:
            osb, ratio = p.osb_status, "-"
        rows.append(
            [
                p.shape + (f" (depth {p.depth})" if p.depth else ""),
                p.ops,
                fmt(p.parse),
                fmt(p.ir_verifier),
                fmt(p.init),
                fmt(p.materialize),
                fmt(p.verify),
                fmt(p.mat_verify / p.parse, 2),
                fmt(p.mat_verify / p.parse_noverify, 2),
                fmt(p.rss_parse_kb / 1024, 1),
                fmt(p.rss_pipeline_kb / 1024, 1),
                fmt(p.rss_pipeline_kb / p.rss_parse_kb, 2),
                kernel_cell(p),
                fmt(p.module_mb, 1),
                fmt(p.pass_peak_mb, 1),
                fmt(p.pass_peak_mb / p.module_mb, 2),
                fmt(p.pass_peak_mb / p.input_mb, 2),
                moves_inserted(p),
                p.stats.get("scratch-tiles", 0),
                p.osb_ops or "-",
                osb,
                ratio,
            ]
        )
    return rows


def depth_exponent(points: list[Point]) -> dict[str, dict[str, float]]:
    """The exponents of the `deep` depth sweep over depth (one nest each),
    per input (text, bytecode), in the order the points came."""
    return _exponents_by(
        points,
        group=lambda p: p.input,
        fitted=lambda p: p.depth >= DEPTH_FIT_FROM,
        x=lambda p: p.depth,
        span=lambda xs: f"depth {min(xs)}..{max(xs)}",
        without_verifier=True,
    )


def depth_rows(points: list[Point]) -> list[list[str]]:
    return [
        [
            p.depth,
            p.input,
            p.ops,
            fmt(p.parse),
            fmt(p.ir_verifier),
            fmt(p.parse_noverify),
            fmt(p.init),
            fmt(p.read_ir),
            fmt(p.materialize),
            fmt(p.verify),
            fmt(p.mat_verify / p.read_ir, 1) if p.read_ir > 0 else "-",
            fmt(p.mat_verify / p.parse, 2),
            fmt(p.mat_verify / p.parse_noverify, 2),
            fmt(p.mat_verify / p.ops * 1e6, 2),
            kernel_cell(p),
            moves_inserted(p),
        ]
        if not p.error
        else [p.depth, p.input, p.ops]
        + ["-"] * (len(DEPTH_COLUMNS) - 4)
        + [f"error: {p.error[:60]}"]
        for p in points
    ]


DEPTH_COLUMNS = [
    "depth",
    "input",
    "N",
    "parse s",
    "IR verifier s",
    "parse w/o verifier s",
    "init s",
    "read s",
    "materialize s",
    "verify s",
    "(mat+verify)/read",
    "(mat+verify)/parse",
    "(mat+verify)/parse w/o verifier",
    "mat+verify µs per op",
    "kernel s: parse / pipeline",
    "moves",
]


def _exponents_by(points, group, fitted, x, span, without_verifier=False):
    """Per group of `points` (in the order they came), the exponents of each
    time over `x`, fitted over the error-free points `fitted` keeps."""
    out = {}
    for key in dict.fromkeys(group(p) for p in points):
        pts = [p for p in points if group(p) == key and not p.error and fitted(p)]
        xs = [x(p) for p in pts]
        fit = {
            "mat+verify": fit_exponent(xs, [p.mat_verify for p in pts]),
            "materialize": fit_exponent(xs, [p.materialize for p in pts]),
            "verify": fit_exponent(xs, [p.verify for p in pts]),
            "parse": fit_exponent(xs, [p.parse for p in pts]),
        }
        if without_verifier:
            fit["parse w/o verifier"] = fit_exponent(xs, [p.parse_noverify for p in pts])
            fit["read"] = fit_exponent(xs, [p.read_ir for p in pts])
        out[key] = {**fit, "points": len(pts), "range": span(xs) if xs else "-"}
    return out


def exponents(points: list[Point]) -> dict[str, dict[str, float]]:
    return _exponents_by(
        points,
        group=lambda p: p.shape,
        fitted=lambda p: p.target >= FIT_FROM,
        x=lambda p: p.ops,
        span=lambda xs: f"{min(xs)}..{max(xs)}",
    )


def targets(
    points: list[Point],
    exps,
    quality_rows,
    osb_timeout: float,
    planner_ratio=None,
    depth_exp=None,
) -> list[list[str]]:
    rows = []
    shapes = list(exps)
    ok_points = [p for p in points if not p.error]
    rows.append(
        bound_row(
            "materialize+verify exponent <= 1.15 (N >= 1e4)",
            {s: exps[s]["mat+verify"] for s in shapes},
            1.15,
        )
    )
    for input, e in (depth_exp or {}).items():
        if not e["points"]:
            continue
        rows.append(
            [
                f"materialize+verify exponent over the depth of one nest <= 1.15 "
                f"(deep, depth >= {DEPTH_FIT_FROM:g}, read from {input})",
                f"{e['mat+verify']:.2f} over {e['range']}; parse "
                f"{e['parse']:.2f} (w/o verifier {e['parse w/o verifier']:.2f}); "
                f"one read of the IR {e['read']:.2f} (the passes over it: "
                f"{e['mat+verify'] - e['read']:+.2f})",
                "yes" if e["mat+verify"] <= 1.15 else "no",
            ]
        )
    largest = {}
    for p in ok_points:
        if p.ops > largest.get(p.shape, Point("", 0, 0, 0, 0)).ops:
            largest[p.shape] = p
    ratios = {s: p.mat_verify / p.parse for s, p in largest.items()}
    bare = {s: p.mat_verify / p.parse_noverify for s, p in largest.items()}
    rows.append(
        bound_row(
            "(materialize + verify) / parse <= 1.0 at the largest N",
            {f"{s} (N={largest[s].ops})": r for s, r in ratios.items()},
            1.0,
            "; against the parse without MLIR's verifier: "
            + ", ".join(f"{s} {r:.2f}" for s, r in bare.items()),
        )
    )
    rows.append(
        bound_row(
            "peak memory of the pass (materialize + verify) <= 1.5x the parsed module, "
            "at the largest N",
            {s: p.pass_peak_mb / p.module_mb for s, p in largest.items()},
            1.5,
        )
    )
    rows.append(
        bound_row(
            "... against the module the pass is given (parsed + tile-init-memref's allocations)",
            {s: p.pass_peak_mb / p.input_mb for s, p in largest.items()},
            1.5,
        )
    )
    rows.append(
        bound_row(
            "whole process: peak RSS of the pipeline <= 1.5x parse+print, at the largest N",
            {s: p.rss_pipeline_kb / p.rss_parse_kb for s, p in largest.items()},
            1.5,
        )
    )
    near = {}
    for p in ok_points:
        if p.osb is not None or p.osb_status == "timeout":
            best = near.get(p.shape)
            if best is None or abs(math.log(p.ops / 3000)) < abs(math.log(best.ops / 3000)):
                near[p.shape] = p
    speed = {}
    for s, p in near.items():
        speed[s] = (p.osb if p.osb is not None else osb_timeout) / p.tilemem
    rows.append(
        [
            ">= 100x faster than OSB at ~3000 ops (OSB pass / all tilemem passes)",
            ", ".join(f"{s} {v:.0f}x (N={near[s].ops})" for s, v in speed.items()) or "OSB not run",
            ("yes" if speed and min(speed.values()) >= 100 else "no") if speed else "-",
        ]
    )
    if quality_rows:
        total = quality_rows[-1]
        strict = total["programs: moves > naive"]
        like = total["programs: yield-side > naive + cycles"]
        rows.append(
            [
                "no more copies than the naive baseline, on any program",
                f"all moves: {total['pass moves']} vs {total['naive moves']} naive, {strict} of "
                f"{total['accepted']} programs over; yield-side moves: {total['yield-side moves']} vs "
                f"{total['naive + cycles']} naive + cycles, {like} programs over; "
                f"{total['entry + writeback moves']} entry/writeback moves have no naive counterpart",
                f"strict: {'yes' if strict == 0 else 'no'}; like for like: {'yes' if like == 0 else 'no'}",
            ]
        )
        rows.append(
            [
                "at most one scratch per cycle",
                f"{total['scratch']} scratch tiles, {total['cycles']} cycles + "
                f"{total['self-overlapping copies']} self-overlapping copies; "
                f"{total['programs: scratch > cycles']} programs with more scratch than cycles",
                "yes" if total["programs: scratch > cycles"] == 0 else "no",
            ]
        )
    if planner_ratio is not None:
        ratio, worst = planner_ratio
        rows.append(
            [
                "DSA_RP peak within 10% of the max-live lower bound on the corpus",
                f"dsa-rp / bound {ratio:.4f} over the corpus (worst function {worst:.3f})",
                "yes" if ratio <= 1.10 else "no",
            ]
        )
    else:
        rows.append(
            [
                "DSA_RP peak within 10% of the max-live lower bound",
                "not measured (--planner-fuzz 0)",
                "-",
            ]
        )
    return rows


def plot(points: list[Point], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shapes = list(dict.fromkeys(p.shape for p in points))
    cols = 3
    rows = (len(shapes) + cols) // cols  # one more panel for the legend
    fig, axes = plt.subplots(rows, cols, figsize=(10, 3.1 * rows), squeeze=False)
    flat = [ax for row in axes for ax in row]
    handles = None
    for ax, shape in zip(flat, shapes):
        pts = [p for p in points if p.shape == shape and not p.error]
        n = [p.ops for p in pts]
        for label, values, style in [
            ("parse", [p.parse for p in pts], "k--"),
            ("tile-init-memref", [p.init for p in pts], "c:"),
            ("materialize", [p.materialize for p in pts], "b-"),
            ("verify-storage", [p.verify for p in pts], "g-"),
            ("materialize + verify", [p.mat_verify for p in pts], "m-o"),
        ]:
            ax.plot(n, values, style, label=label, markersize=3)
        osb = [(p.osb_ops, p.osb) for p in pts if p.osb is not None]
        if osb:
            ax.plot(*zip(*osb), "r-s", label="One-Shot Bufferize (tensor twin)", markersize=4)
        timeouts = [(p.osb_ops, p.osb_wall) for p in pts if p.osb_status == "timeout"]
        if timeouts:
            ax.plot(*zip(*timeouts), "r^", markersize=6, label="OSB stopped at the time bound")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(shape)
        ax.set_xlabel("ops")
        ax.set_ylabel("seconds")
        ax.grid(True, which="major", alpha=0.3)
        if handles is None or len(ax.get_legend_handles_labels()[0]) > len(handles[0]):
            handles = ax.get_legend_handles_labels()
    for ax in flat[len(shapes) :]:
        ax.axis("off")
    if handles and len(flat) > len(shapes):
        flat[len(shapes)].legend(*handles, loc="center", fontsize=8, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=72)
    plt.close(fig)


def bound_row(target: str, ratios: dict[str, float], bound: float, extra: str = "") -> list[str]:
    """A row of the targets table: `target`, every shape's ratio, and whether
    each is measured and at most `bound` ("-" when none was measured, as the
    pass memory without bench/passmem.py)."""
    if not ratios or all(math.isnan(r) for r in ratios.values()):
        return [target, "not measured", "-"]
    holds = all(r <= bound for r in ratios.values())  # False for a NaN
    measured = ", ".join(f"{s} {r:.2f}" for s, r in ratios.items()) + extra
    return [target, measured, "yes" if holds else "no"]


def report(
    points,
    exps,
    quality_rows,
    quality,
    info,
    args,
    planner_table="",
    planner_ratio=None,
    depth_points=(),
    depth_exp=None,
) -> str:
    out = [
        "# tilemem benchmark results\n",
        f"Machine: {info['cpu']}, {info['nproc']} cores, {info['memory']}, Linux {info['kernel']}; "
        f"tilemem {info['commit']}; {info['date']}. tile-opt built {info['tile_opt_built']}"
        + (
            f" (rebuilt during the run: was {info['tile_opt_built_at_start']})"
            if info["tile_opt_built"] != info["tile_opt_built_at_start"]
            else ""
        )
        + ".\n",
        f"Command: `{' '.join(args.argv)}`\n",
        "## Scaling\n",
        "deep: nests as deep as the op count allows, up to the deepest the nesting limit accepts "
        f"({gen.DEEP_MAX_DEPTH}), then several of them.\n",
        "Times are wall seconds from `--mlir-timing` (the best of "
        f"{args.repeat} runs at every N, one run when the parse takes over {LONG_PARSE_S:g} s); "
        "parse is the pipeline process's own, with MLIR's IR verifier, which every parse runs; "
        "IR verifier: the parse time minus that of a `--mlir-very-unsafe-disable-verifier-on-parsing` "
        "run. The passes run with `--verify-each=false`: their times are their own, without the "
        "verifier MLIR would run again after each pass that changes the IR. "
        "RSS: peak resident set of `tile-opt file -o /dev/null` (parse + print) and of the pipeline "
        "(parse + passes + print). kernel s: CPU seconds in the kernel (GNU time's %S) of those two "
        "processes, mostly page faults on new memory; a VM whose host backs fresh guest pages on "
        "first touch charges them to whichever phase touches the pages first. module MB: resident memory the parsed module takes; pass peak MB: "
        "the most resident memory `tile-materialize-semantic-aliases` + `tile-verify-storage` add over "
        "the module they are given (bench/passmem.py, one process per program); pass input = the "
        "parsed module plus `tile-init-memref`'s allocations. moves/scratch: `tile.move` ops and scratch tiles the pass inserted. "
        "OSB: the `OneShotBufferizePass` time on the tensor twin with OSB N ops; "
        "OSB / tilemem divides it by init + materialize + verify.\n",
        markdown_table(SCALING_COLUMNS, scaling_rows(points, args.osb_timeout)),
        "",
        f"\n## Scaling exponents (least squares on log-log, N >= {FIT_FROM:g})\n",
        markdown_table(
            ["shape", "points", "N range", "mat+verify", "materialize", "verify", "parse"],
            [
                [
                    s,
                    e["points"],
                    e["range"],
                    fmt(e["mat+verify"], 2),
                    fmt(e["materialize"], 2),
                    fmt(e["verify"], 2),
                    fmt(e["parse"], 2),
                ]
                for s, e in exps.items()
            ]
            + [
                [
                    f"deep, over depth (one nest, {input})",
                    e["points"],
                    e["range"],
                    fmt(e["mat+verify"], 2),
                    fmt(e["materialize"], 2),
                    fmt(e["verify"], 2),
                    fmt(e["parse"], 2),
                ]
                for input, e in (depth_exp or {}).items()
            ],
        ),
        "",
    ]
    if depth_points:
        out += [
            "\n## Depth: one `deep` nest\n",
            "One nest of the given depth (levels cycling through scf.for, a counted scf.while "
            "and scf.if, two tile carries at every level, reads of values defined two levels out), "
            "measured like the scaling points but in rounds (every depth once per round, the best "
            f"of {args.repeat} rounds), so a drift of the machine's speed reaches all depths alike; "
            f"the exponents are fitted over depth >= "
            f"{DEPTH_FIT_FROM:g}. The nesting limit ({gen.DEEP_MAX_DEPTH} levels for this shape) "
            "is the deepest point. input: how the nest reaches tile-opt, its text (MLIR's parser "
            "keeps state per open level on the heap, between the ops of a deep nest) or its "
            "bytecode (`tile-opt --emit-bytecode` of the same text; the reader lays the ops out "
            "as the Python builders do). The pass's work is the same; the layout of its input "
            "is not. read: `tile-test-read-ir` after init, one walk reading every op's name, "
            "operands and results and nothing else, the floor of any pass that reads its input "
            "once, measured in each round; its exponent is the layout's, not any work's. "
            "mat+verify µs per op: the passes' time divided by the nest's ops, flat over "
            "depth when their work per op is; kernel s as in the scaling table (the parse-only "
            "process and the pipeline's).\n",
            markdown_table(DEPTH_COLUMNS, depth_rows(depth_points)),
            "",
        ]
    attributed = [p for p in points if p.rss_init_kb]
    if attributed:
        out += [
            "\n## Attribution\n",
            "Peak RSS of four processes on the same file, each printing its result to /dev/null: "
            "parse only; `tile-init-memref` (the module the pass starts from); init + "
            "`tile-materialize-semantic-aliases{verify=false}` (no final verification inside the pass, "
            "no `tile-verify-storage`); the whole pipeline. materialize (verify=false): the pass's time "
            "without its final verification.\n",
            markdown_table(
                [
                    "shape",
                    "N",
                    "RSS parse MB",
                    "RSS init MB",
                    "RSS init+mat(verify=false) MB",
                    "RSS pipeline MB",
                    "pipeline / init",
                    "materialize s",
                    "materialize (verify=false) s",
                ],
                [
                    [
                        p.shape,
                        p.ops,
                        fmt(p.rss_parse_kb / 1024, 1),
                        fmt(p.rss_init_kb / 1024, 1),
                        fmt(p.rss_noverify_kb / 1024, 1),
                        fmt(p.rss_pipeline_kb / 1024, 1),
                        fmt(p.rss_pipeline_kb / p.rss_init_kb, 2),
                        fmt(p.materialize),
                        fmt(p.materialize_noverify),
                    ]
                    for p in attributed
                ],
            ),
            "",
        ]
    if quality_rows:
        out += [
            "\n## Quality\n",
            "pass moves: `tile.move` ops the pipeline inserted. naive moves: yield operands "
            "(loop carries, while conditions, else arms) whose window differs from their target on "
            "the `tile-init-memref` output: one copy each; naive + cycles adds the one scratch move "
            "a parallel copy needs per cycle and per copy whose source overlaps its own target (same bytes, other layout). scratch: the pass's `scratch-tiles` counter; cycles: "
            "copy cycles among those yields. yield-side moves: the pass's yield and branch copies "
            "(scratch moves included), the like-for-like comparison with naive + cycles; entry and "
            "writeback copies have no naive counterpart (a copier that only copies at yields computes "
            "wrong results on the programs that need them).\n",
            markdown_table(
                QUALITY_COLUMNS, [[r[c] for c in QUALITY_COLUMNS] for r in quality_rows]
            ),
            "",
        ]
        over = [
            q
            for q in quality
            if q.accepted
            and (
                q.moves > q.naive
                or q.yield_side > q.naive + q.scratch_needed
                or q.stats.get("scratch-tiles", 0) > q.scratch_needed
            )
        ]
        if over:
            out.append(
                "\nPrograms over the naive count (all moves, or yield-side moves over naive + "
                "cycles), or with more scratch than cycles + self-overlapping copies:\n"
            )
            out.append(
                markdown_table(
                    [
                        "program",
                        "moves",
                        "naive",
                        "cycles",
                        "self-overlaps",
                        "yield",
                        "entry",
                        "branch",
                        "writeback",
                        "scratch",
                    ],
                    [
                        [
                            q.name,
                            q.moves,
                            q.naive,
                            q.cycles,
                            q.self_overlaps,
                            q.stats.get("yield-copies", 0),
                            q.stats.get("entry-copies", 0),
                            q.stats.get("branch-copies", 0),
                            q.stats.get("writeback-copies", 0),
                            q.stats.get("scratch-tiles", 0),
                        ]
                        for q in over[:40]
                    ],
                )
                + ("\n\n(first 40 shown)" if len(over) > 40 else "")
            )
        rejected = {}
        for q in quality:
            if not q.accepted:
                rejected[q.reason] = rejected.get(q.reason, 0) + 1
        if rejected:
            out.append("\nRejected programs (documented diagnostics), by message:\n")
            out.append(
                markdown_table(
                    ["count", "diagnostic"],
                    [[c, r] for r, c in sorted(rejected.items(), key=lambda x: -x[1])],
                )
            )
    if planner_table:
        out += [
            "\n## Planners: peak bytes against the max-live lower bound\n",
            "Per function and memory space, the bytes each planner uses (highest end address) and the "
            "max-live lower bound (the largest sum of bytes of allocations live at one program point); "
            "`bench/planners.py` (also runnable alone) on fuzz programs, examples, the bench shapes "
            "(~600 ops) and mixed-size programs.\n",
            planner_table,
            "",
        ]
    out += [
        "\n## Targets (issues 6 and 17)\n",
        markdown_table(
            ["target", "measured", "holds"],
            targets(points, exps, quality_rows, args.osb_timeout, planner_ratio, depth_exp),
        ),
        "",
    ]
    return "\n".join(out) + "\n"
