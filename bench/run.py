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
  (``--deep-depths``), the exponent fitted over depths >= 1e3;
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
import datetime
import json
import math
import os
import platform
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import gen  # noqa: E402

TILE_OPT = os.path.join(ROOT, "build", "bin", "tile-opt")
MLIR_OPT = os.path.join(
    ROOT, ".venv", "lib", "python3.11", "site-packages", "mlir", "bin", "mlir-opt"
)
TIME = "/usr/bin/time"  # GNU time, for the peak RSS of one process
PYTHON_PACKAGES = os.environ.get(
    "TILEMEM_PYTHON_PACKAGES", os.path.join(ROOT, "build", "python_packages")
)

# The bench shapes carry values nothing reads after their loops; dead-code
# erasure would measure an empty program, so it is off here.
PIPELINE = [
    "--tile-init-memref=erase-dead-code=false",
    "--tile-materialize-semantic-aliases",
    "--tile-verify-storage",
]
PASSES = {
    "init": "TileInitMemRef",
    "materialize": "TileMaterializeSemanticAliases",
    "verify": "TileVerifyStorage",
}
OSB_PASS = "--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops"
FIT_FROM = 1e4
# The depth exponent is fitted from this depth on.
DEPTH_FIT_FROM = 1e3
# A point whose verified parse takes longer than this is measured once: its
# run-to-run noise is small against its length (a 1e6-op `deep` program
# parses for minutes: upstream's verifier is O(N x depth)).
LONG_PARSE_S = 30.0
# Pipeline runs: the passes' own time (MLIR's verifier after each pass is
# the same upstream walk the parse does; see the docstring) and a printer
# that does not run the verifier once more.
PIPELINE_RUN = ["--verify-each=false", "--mlir-print-assume-verified"]

# Columns of the scaling table, in order (the smoke test checks them).
SCALING_COLUMNS = [
    "shape",
    "N",
    "parse s",
    "IR verifier s",
    "init s",
    "materialize s",
    "verify s",
    "(mat+verify)/parse",
    "(mat+verify)/parse w/o verifier",
    "RSS parse MB",
    "RSS pipeline MB",
    "RSS ratio",
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


# ---------------------------------------------------------------------------
# Running a measured process
# ---------------------------------------------------------------------------


@dataclass
class Run:
    cmd: list[str]
    rc: int
    wall: float
    maxrss_kb: int
    stdout: str
    stderr: str
    timed_out: bool = False


def run_measured(
    cmd: Sequence[str], timeout: float | None = None, keep_stdout: bool = False
) -> Run:
    """Runs `cmd` and returns its wall time and its own peak RSS.

    The peak RSS comes from GNU time (``/usr/bin/time -f %M``), not from
    wait4 here: Linux carries the RSS high-water mark of the forking process
    over exec, so a child forked from this (large) Python process would report
    at least the parent's RSS. The child runs in its own process group, which
    a timeout kills whole."""
    with tempfile.NamedTemporaryFile(prefix="tilemem-bench-rss-", delete=False) as f:
        rss_file = f.name
    for attempt in range(60):  # tile-opt may be being rebuilt: wait for it
        if os.path.exists(cmd[0]) or attempt == 59:
            break
        print(f"  ({cmd[0]} missing; retrying in 10 s)", file=sys.stderr, flush=True)
        time.sleep(10)
    start = time.perf_counter()
    proc = subprocess.Popen(
        [TIME, "-f", "%M", "-o", rss_file, *cmd],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE if keep_stdout else subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    killed = threading.Event()

    def kill():
        killed.set()
        try:
            os.killpg(proc.pid, 9)
        except ProcessLookupError:
            pass

    timer = threading.Timer(timeout, kill) if timeout else None
    if timer:
        timer.start()
    out, err = proc.communicate()
    wall = time.perf_counter() - start
    if timer:
        timer.cancel()
    maxrss = 0
    try:
        with open(rss_file) as f:
            numbers = re.findall(r"^(\d+)$", f.read(), re.M)
            maxrss = int(numbers[-1]) if numbers else 0
    finally:
        os.remove(rss_file)
    return Run(
        list(cmd),
        proc.returncode,
        wall,
        maxrss,
        (out or b"").decode(errors="replace"),
        err.decode(errors="replace"),
        killed.is_set(),
    )


_TIME = re.compile(r"([\d.]+) \(\s*[\d.]+%\)")


def parse_timing(text: str) -> dict[str, float]:
    """Wall time per name of a ``--mlir-timing-display=list`` report."""
    times: dict[str, float] = {}
    in_report = False
    for line in text.splitlines():
        if "Execution time report" in line:
            in_report = True
            continue
        if not in_report:
            continue
        matches = list(_TIME.finditer(line))
        if not matches:
            continue
        name = line[matches[-1].end() :].strip()
        times[name] = times.get(name, 0.0) + float(matches[-1].group(1))
    return times


_STAT = re.compile(r"\(S\)\s+(\d+)\s+([\w-]+)")


def parse_statistics(text: str) -> dict[str, int]:
    """Counters of a ``--mlir-pass-statistics`` report, by name."""
    return {m.group(2): int(m.group(1)) for m in _STAT.finditer(text)}


def fit_exponent(ns: Sequence[float], ts: Sequence[float]) -> float:
    """Slope of the least-squares line through (log n, log t)."""
    points = [(math.log(n), math.log(t)) for n, t in zip(ns, ts) if n > 0 and t > 0]
    if len(points) < 2:
        return float("nan")
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    sxx = sum((x - mx) ** 2 for x, _ in points)
    sxy = sum((x - mx) * (y - my) for x, y in points)
    return sxy / sxx if sxx else float("nan")


# ---------------------------------------------------------------------------
# Scaling
# ---------------------------------------------------------------------------


@dataclass
class Point:
    shape: str
    target: int
    ops: int
    units: int
    bytes: int
    parse: float = float("nan")  # Parser time inside the pipeline process
    parse_only: float = float("nan")  # Parser time of the parse+print process
    # Parser time with MLIR's verifier off (--mlir-very-unsafe-disable-...).
    parse_noverify: float = float("nan")
    depth: int = 0  # `deep` only: the depth of its nests
    init: float = float("nan")
    materialize: float = float("nan")
    verify: float = float("nan")
    output: float = float("nan")
    pipeline_wall: float = float("nan")
    rss_parse_kb: int = 0
    rss_pipeline_kb: int = 0
    stats: dict[str, int] = field(default_factory=dict)
    error: str = ""
    osb_ops: int = 0
    osb: float | None = None  # OneShotBufferizePass time; None: not run
    osb_parse: float | None = None
    osb_wall: float | None = None
    osb_rss_kb: int = 0
    osb_status: str = "not run"  # ok | timeout (> bound) | skipped | error: ...
    # --attribution only: peak RSS of parse + tile-init-memref + print, and
    # the materialize time without its final verification (verify=false).
    rss_init_kb: int = 0
    rss_noverify_kb: int = 0  # parse + init + materialize{verify=false} + print
    materialize_noverify: float | None = None
    # bench/passmem.py, in a process of its own: resident MB of the parsed
    # module, of the module the pass is given (after tile-init-memref), and
    # the peak the two storage passes add over it.
    module_mb: float = float("nan")
    input_mb: float = float("nan")
    pass_peak_mb: float = float("nan")

    @property
    def mat_verify(self) -> float:
        return self.materialize + self.verify

    @property
    def ir_verifier(self) -> float:
        """The MLIR verifier's share of the parse."""
        return self.parse_only - self.parse_noverify

    @property
    def tilemem(self) -> float:
        return self.init + self.materialize + self.verify


def tile_opt_run(path: str, extra: Sequence[str], tile_opt: str) -> Run:
    return run_measured(
        [
            tile_opt,
            path,
            "-o",
            "/dev/null",
            "--mlir-disable-threading",
            "--mlir-timing",
            "--mlir-timing-display=list",
            *extra,
        ]
    )


def measure_point(
    shape: str, target: int, args, workdir: str, log, depth: int = 0, passmem: bool = True
) -> Point:
    program = gen.generate(shape, target, "tile", depth=depth)
    path = os.path.join(workdir, f"{shape}-{target}-{depth}.mlir")
    with open(path, "w") as f:
        f.write(program.text)
    point = Point(shape, target, program.ops, program.units, len(program.text))
    if shape == "deep":
        point.depth = gen.deep_depth(target, depth)
    del program
    repeats = args.repeat
    base_runs, runs, unverified = [], [], []
    for _ in range(repeats):
        base = tile_opt_run(path, [], args.tile_opt)
        if base.rc != 0:
            point.error = "parse: " + (base.stderr.strip().splitlines() or [""])[0][:200]
            break
        base_runs.append((parse_timing(base.stderr), base))
        quick = tile_opt_run(
            path,
            ["--mlir-very-unsafe-disable-verifier-on-parsing", "--mlir-print-assume-verified"],
            args.tile_opt,
        )
        unverified.append(parse_timing(quick.stderr).get("Parser", math.nan))
        run = tile_opt_run(
            path, [*PIPELINE, *PIPELINE_RUN, "--mlir-pass-statistics"], args.tile_opt
        )
        if run.rc != 0:
            point.error = (
                "pipeline: "
                + next((l for l in run.stderr.splitlines() if "error" in l), run.stderr[:200])[:300]
            )
            break
        runs.append((parse_timing(run.stderr), run))
        if base_runs[-1][0].get("Parser", 0.0) > LONG_PARSE_S:
            break
    if not point.error:
        point.parse_only = min(t.get("Parser", math.nan) for t, _ in base_runs)
        point.parse_noverify = min(unverified)
        point.rss_parse_kb = max(r.maxrss_kb for _, r in base_runs)
        for attr, name in [
            ("parse", "Parser"),
            ("init", PASSES["init"]),
            ("materialize", PASSES["materialize"]),
            ("verify", PASSES["verify"]),
            ("output", "Output"),
        ]:
            setattr(point, attr, min(t.get(name, math.nan) for t, _ in runs))
        point.pipeline_wall = min(r.wall for _, r in runs)
        point.rss_pipeline_kb = max(r.maxrss_kb for _, r in runs)
        point.stats = parse_statistics(runs[-1][1].stderr)
    if not point.error and not args.no_passmem and passmem:
        measure_pass_memory(point, path)
    if args.attribution and not point.error:
        init = tile_opt_run(path, ["--tile-init-memref=erase-dead-code=false"], args.tile_opt)
        point.rss_init_kb = init.maxrss_kb
        noverify = tile_opt_run(
            path,
            [
                "--tile-init-memref=erase-dead-code=false",
                "--tile-materialize-semantic-aliases=verify=false",
            ],
            args.tile_opt,
        )
        if noverify.rc == 0:
            point.materialize_noverify = parse_timing(noverify.stderr).get(PASSES["materialize"])
            point.rss_noverify_kb = noverify.maxrss_kb
    os.remove(path)
    log(
        f"  {shape:8s} N={point.ops:>8d}"
        + (f" depth {point.depth:>5d}" if point.depth else "")
        + f"  parse {point.parse:7.3f}s (verifier {point.ir_verifier:7.3f}s)  init {point.init:7.3f}s  "
        f"materialize {point.materialize:7.3f}s  verify {point.verify:7.3f}s  "
        f"RSS {point.rss_parse_kb / 1024:7.1f} -> {point.rss_pipeline_kb / 1024:7.1f} MB"
        + (f"  ERROR {point.error}" if point.error else "")
    )
    return point


def measure_pass_memory(point: Point, path: str) -> None:
    """Fills the module / pass-input / pass-peak MB from bench/passmem.py."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([PYTHON_PACKAGES, *filter(None, sys.path)]))
    run = subprocess.run(
        [sys.executable, os.path.join(HERE, "passmem.py"), path],
        capture_output=True,
        text=True,
        env=env,
    )
    try:
        result = json.loads(run.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        result = {"error": run.stderr.strip()[-200:]}
    if "error" in result:
        print(f"  passmem: {result['error']}", file=sys.stderr)
        return
    point.module_mb = result["module_mb"]
    point.input_mb = result["input_mb"]
    point.pass_peak_mb = result["pass_peak_mb"]


def measure_osb(point: Point, args, workdir: str, log) -> None:
    program = gen.generate(point.shape, point.target, "tensor")
    path = os.path.join(workdir, f"{point.shape}-{point.target}-tensor.mlir")
    with open(path, "w") as f:
        f.write(program.text)
    point.osb_ops = program.ops
    run = run_measured(
        [
            args.mlir_opt,
            path,
            "-o",
            "/dev/null",
            OSB_PASS,
            "--mlir-disable-threading",
            "--mlir-timing",
            "--mlir-timing-display=list",
        ],
        timeout=args.osb_timeout,
    )
    os.remove(path)
    point.osb_wall = run.wall
    point.osb_rss_kb = run.maxrss_kb
    if run.timed_out:
        point.osb_status = "timeout"
    elif run.rc != 0:
        point.osb_status = (
            "error: " + next((l for l in run.stderr.splitlines() if "error" in l), "")[:200]
        )
    else:
        t = parse_timing(run.stderr)
        point.osb = t.get("OneShotBufferizePass", math.nan)
        point.osb_parse = t.get("Parser", math.nan)
        point.osb_status = "ok"
    shown = (
        f"{point.osb:.3f}s"
        if point.osb is not None
        else f"> {args.osb_timeout:g}s"
        if run.timed_out
        else point.osb_status
    )
    log(f"  {point.shape:8s} OSB N={point.osb_ops:>8d}  {shown}  RSS {run.maxrss_kb / 1024:.1f} MB")


# ---------------------------------------------------------------------------
# Quality: copies against the naive baseline, scratch tiles against cycles
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------


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
        moves = sum(
            p.stats.get(k, 0)
            for k in ("yield-copies", "entry-copies", "branch-copies", "writeback-copies")
        )
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
                fmt(p.module_mb, 1),
                fmt(p.pass_peak_mb, 1),
                fmt(p.pass_peak_mb / p.module_mb, 2),
                fmt(p.pass_peak_mb / p.input_mb, 2),
                moves,
                p.stats.get("scratch-tiles", 0),
                p.osb_ops or "-",
                osb,
                ratio,
            ]
        )
    return rows


def depth_exponent(points: list[Point]) -> dict[str, float]:
    """The exponents of the `deep` depth sweep over depth (one nest each)."""
    pts = [p for p in points if not p.error and p.depth >= DEPTH_FIT_FROM]
    ds = [p.depth for p in pts]
    return {
        "mat+verify": fit_exponent(ds, [p.mat_verify for p in pts]),
        "materialize": fit_exponent(ds, [p.materialize for p in pts]),
        "verify": fit_exponent(ds, [p.verify for p in pts]),
        "parse": fit_exponent(ds, [p.parse for p in pts]),
        "parse w/o verifier": fit_exponent(ds, [p.parse_noverify for p in pts]),
        "points": len(pts),
        "range": f"depth {min(ds)}..{max(ds)}" if ds else "-",
    }


def depth_rows(points: list[Point]) -> list[list[str]]:
    return [
        [
            p.depth,
            p.ops,
            fmt(p.parse),
            fmt(p.ir_verifier),
            fmt(p.parse_noverify),
            fmt(p.init),
            fmt(p.materialize),
            fmt(p.verify),
            fmt(p.mat_verify / p.parse, 2),
            fmt(p.mat_verify / p.parse_noverify, 2),
            sum(
                p.stats.get(k, 0)
                for k in ("yield-copies", "entry-copies", "branch-copies", "writeback-copies")
            ),
        ]
        if not p.error
        else [p.depth, p.ops] + ["-"] * 8 + [f"error: {p.error[:60]}"]
        for p in points
    ]


DEPTH_COLUMNS = [
    "depth",
    "N",
    "parse s",
    "IR verifier s",
    "parse w/o verifier s",
    "init s",
    "materialize s",
    "verify s",
    "(mat+verify)/parse",
    "(mat+verify)/parse w/o verifier",
    "moves",
]


def exponents(points: list[Point]) -> dict[str, dict[str, float]]:
    out = {}
    for shape in dict.fromkeys(p.shape for p in points):
        pts = [p for p in points if p.shape == shape and not p.error and p.target >= FIT_FROM]
        ns = [p.ops for p in pts]
        out[shape] = {
            "mat+verify": fit_exponent(ns, [p.mat_verify for p in pts]),
            "materialize": fit_exponent(ns, [p.materialize for p in pts]),
            "verify": fit_exponent(ns, [p.verify for p in pts]),
            "parse": fit_exponent(ns, [p.parse for p in pts]),
            "points": len(pts),
            "range": f"{min(ns)}..{max(ns)}" if ns else "-",
        }
    return out


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
    worst_exp = max(
        (exps[s]["mat+verify"] for s in shapes if not math.isnan(exps[s]["mat+verify"])),
        default=float("nan"),
    )
    per = ", ".join(f"{s} {exps[s]['mat+verify']:.2f}" for s in shapes)
    rows.append(
        [
            "materialize+verify exponent <= 1.15 (N >= 1e4)",
            per,
            "yes" if worst_exp <= 1.15 else "no",
        ]
    )
    if depth_exp and depth_exp["points"]:
        rows.append(
            [
                f"materialize+verify exponent over the depth of one nest <= 1.15 "
                f"(deep, depth >= {DEPTH_FIT_FROM:g})",
                f"{depth_exp['mat+verify']:.2f} over {depth_exp['range']}; parse "
                f"{depth_exp['parse']:.2f} (w/o verifier {depth_exp['parse w/o verifier']:.2f})",
                "yes" if depth_exp["mat+verify"] <= 1.15 else "no",
            ]
        )
    largest = {}
    for p in ok_points:
        if p.ops > largest.get(p.shape, Point("", 0, 0, 0, 0)).ops:
            largest[p.shape] = p
    ratios = {s: p.mat_verify / p.parse for s, p in largest.items()}
    bare = {s: p.mat_verify / p.parse_noverify for s, p in largest.items()}
    rows.append(
        [
            "(materialize + verify) / parse <= 1.0 at the largest N",
            ", ".join(f"{s} {r:.2f} (N={largest[s].ops})" for s, r in ratios.items())
            + "; against the parse without MLIR's verifier: "
            + ", ".join(f"{s} {r:.2f}" for s, r in bare.items()),
            "yes" if ratios and max(ratios.values()) <= 1.0 else "no",
        ]
    )
    peak = {s: p.pass_peak_mb / p.module_mb for s, p in largest.items()}
    rows.append(
        [
            "peak memory of the pass (materialize + verify) <= 1.5x the parsed module, at the largest N",
            ", ".join(f"{s} {r:.2f}" for s, r in peak.items()),
            "yes" if peak and max(peak.values()) <= 1.5 else "no",
        ]
    )
    given = {s: p.pass_peak_mb / p.input_mb for s, p in largest.items()}
    rows.append(
        [
            "... against the module the pass is given (parsed + tile-init-memref's allocations)",
            ", ".join(f"{s} {r:.2f}" for s, r in given.items()),
            "yes" if given and max(given.values()) <= 1.5 else "no",
        ]
    )
    mem = {s: p.rss_pipeline_kb / p.rss_parse_kb for s, p in largest.items()}
    rows.append(
        [
            "whole process: peak RSS of the pipeline <= 1.5x parse+print, at the largest N",
            ", ".join(f"{s} {r:.2f}" for s, r in mem.items()),
            "yes" if mem and max(mem.values()) <= 1.5 else "no",
        ]
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


def machine() -> dict[str, str]:
    cpu = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "?"
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    commit = subprocess.run(
        ["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    return {
        "cpu": cpu,
        "nproc": str(os.cpu_count()),
        "memory": mem,
        "kernel": platform.release(),
        "commit": commit,
        "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
    }


def binary_stamp(path: str) -> str:
    try:
        return datetime.datetime.fromtimestamp(os.stat(path).st_mtime).strftime("%Y-%m-%d %H:%M:%S")
    except OSError:
        return "missing"


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
        "(parse + passes + print). module MB: resident memory the parsed module takes; pass peak MB: "
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
            + (
                [
                    [
                        "deep, over depth (one nest)",
                        depth_exp["points"],
                        depth_exp["range"],
                        fmt(depth_exp["mat+verify"], 2),
                        fmt(depth_exp["materialize"], 2),
                        fmt(depth_exp["verify"], 2),
                        fmt(depth_exp["parse"], 2),
                    ]
                ]
                if depth_exp
                else []
            ),
        ),
        "",
    ]
    if depth_points:
        out += [
            "\n## Depth: one `deep` nest\n",
            "One nest of the given depth (levels cycling through scf.for, a counted scf.while "
            "and scf.if, two tile carries at every level, reads of values defined two levels out), "
            f"measured like the scaling points; the exponents are fitted over depth >= "
            f"{DEPTH_FIT_FROM:g}. The nesting limit ({gen.DEEP_MAX_DEPTH} levels for this shape) "
            "is the deepest point.\n",
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
            log("deep, one nest per depth:")
            for d in [int(float(x)) for x in args.deep_depths.split(",") if x]:
                target = round(d * gen.DEEP_OPS_PER_LEVEL)
                depth_points.append(
                    measure_point("deep", target, args, workdir, log, depth=d, passmem=False)
                )
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
