"""Measuring the storage pipeline for bench/run.py: the tools and the
pipeline, one measured process (wall time, peak RSS, ``--mlir-timing``),
one scaling point of a shape and size (tile-opt runs, the pass memory of
bench/passmem.py, One-Shot Bufferize on the tensor twin), the scaling
exponent fit, and the machine a run was measured on."""

from __future__ import annotations

import dataclasses
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
from dataclasses import dataclass, field

import gen

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


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
# `deep` points also time one read of the IR the pass is given (the floor of
# any pass that reads its input once; test/lib/Analysis/TestReadIR.cpp).
READ_IR_RUN = ["--tile-init-memref=erase-dead-code=false", "--tile-test-read-ir"]
READ_IR_PASS = "TestReadIR"
OSB_PASS = "--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops"
FIT_FROM = 1e4
# The depth exponent is fitted from this depth on.
DEPTH_FIT_FROM = 1e3
# A point whose verified parse takes longer than this is measured once: its
# run-to-run noise is small against its length (a 1e6-op `deep` program
# parses for minutes: upstream's verifier is O(N x depth)).
LONG_PARSE_S = 30.0
# Pipeline runs: the passes' own time (MLIR's verifier after each pass is
# the same upstream walk the parse does; see bench/run.py's docstring) and a printer
# that does not run the verifier once more.
PIPELINE_RUN = ["--verify-each=false", "--mlir-print-assume-verified"]


@dataclass
class Run:
    cmd: list[str]
    rc: int
    wall: float
    maxrss_kb: int
    stdout: str
    stderr: str
    timed_out: bool = False
    # Kernel CPU seconds and minor page faults (GNU time %S, %R): on a VM
    # whose host backs fresh guest pages on first touch, the time a phase
    # spends faulting in new memory shows here, not in its instructions.
    kernel_s: float = float("nan")
    minor_faults: int = 0


def run_measured(
    cmd: Sequence[str], timeout: float | None = None, keep_stdout: bool = False
) -> Run:
    """Runs `cmd` and returns its wall time, its own peak RSS, kernel time
    and minor page faults.

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
        [TIME, "-f", "%M %S %R", "-o", rss_file, *cmd],
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
    maxrss, kernel_s, minor_faults = 0, float("nan"), 0
    try:
        with open(rss_file) as f:
            # The last line: GNU time writes "Command exited with ..." first
            # when the command fails.
            fields = re.findall(r"^(\d+) ([\d.]+) (\d+)$", f.read(), re.M)
            if fields:
                rss, kernel, faults = fields[-1]
                maxrss, kernel_s, minor_faults = int(rss), float(kernel), int(faults)
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
        kernel_s,
        minor_faults,
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


# How the `deep` sweep's programs reach tile-opt (Point.input).
DEEP_INPUTS = ("text", "bytecode")


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
    # How the program reaches tile-opt: "text", or "bytecode" (MLIR's
    # bytecode reader, which lays the ops out as Python builders do; the
    # text parser leaves its per-level state between the ops of a deep nest).
    input: str = "text"
    init: float = float("nan")
    # `deep` only: tile-test-read-ir after init, one read of every op.
    read_ir: float = float("nan")
    materialize: float = float("nan")
    verify: float = float("nan")
    output: float = float("nan")
    pipeline_wall: float = float("nan")
    rss_parse_kb: int = 0
    rss_pipeline_kb: int = 0
    # Kernel seconds and minor page faults of the parse-only process and of
    # the pipeline's (the run with the best pipeline wall time).
    kernel_parse: float = float("nan")
    kernel_pipeline: float = float("nan")
    faults_parse: int = 0
    faults_pipeline: int = 0
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
    shape: str,
    target: int,
    args,
    workdir: str,
    log,
    depth: int = 0,
    passmem: bool = True,
    input: str = "text",
) -> Point:
    program = gen.generate(shape, target, "tile", depth=depth)
    path = os.path.join(workdir, f"{shape}-{target}-{depth}.mlir")
    with open(path, "w") as f:
        f.write(program.text)
    point = Point(shape, target, program.ops, program.units, len(program.text), input=input)
    if input == "bytecode":
        text_path, path = path, path + "bc"
        convert = subprocess.run(
            [args.tile_opt, text_path, "--emit-bytecode", "-o", path],
            capture_output=True,
            text=True,
        )
        if convert.returncode != 0:
            point.error = "bytecode: " + (convert.stderr.strip().splitlines() or [""])[0][:200]
            return point
    if shape == "deep":
        point.depth = gen.deep_depth(target, depth)
    del program
    repeats = args.repeat
    base_runs, runs, unverified, reads = [], [], [], []
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
        if shape == "deep":
            read = tile_opt_run(path, READ_IR_RUN, args.tile_opt)
            reads.append(parse_timing(read.stderr).get(READ_IR_PASS, math.nan))
        if base_runs[-1][0].get("Parser", 0.0) > LONG_PARSE_S:
            break
    if not point.error:
        point.parse_only = min(t.get("Parser", math.nan) for t, _ in base_runs)
        point.parse_noverify = min(unverified)
        if reads:
            point.read_ir = min(reads)
        point.rss_parse_kb = max(r.maxrss_kb for _, r in base_runs)
        for attr, name in [
            ("parse", "Parser"),
            ("init", PASSES["init"]),
            ("materialize", PASSES["materialize"]),
            ("verify", PASSES["verify"]),
            ("output", "Output"),
        ]:
            setattr(point, attr, min(t.get(name, math.nan) for t, _ in runs))
        point.rss_pipeline_kb = max(r.maxrss_kb for _, r in runs)
        parse_run = min((r for _, r in base_runs), key=lambda r: r.wall)
        pipeline_run = min((r for _, r in runs), key=lambda r: r.wall)
        point.pipeline_wall = pipeline_run.wall
        point.kernel_parse, point.faults_parse = parse_run.kernel_s, parse_run.minor_faults
        point.kernel_pipeline = pipeline_run.kernel_s
        point.faults_pipeline = pipeline_run.minor_faults
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
        f"RSS {point.rss_parse_kb / 1024:7.1f} -> {point.rss_pipeline_kb / 1024:7.1f} MB  "
        f"kernel {point.kernel_parse:.2f} -> {point.kernel_pipeline:.2f}s"
        + (f"  ERROR {point.error}" if point.error else "")
    )
    return point


# The timings of a Point (the best of its runs) and its peak sizes.
TIME_FIELDS = (
    "parse",
    "parse_only",
    "parse_noverify",
    "init",
    "read_ir",
    "materialize",
    "verify",
    "output",
    "pipeline_wall",
    "kernel_parse",
    "kernel_pipeline",
)
PEAK_FIELDS = ("rss_parse_kb", "rss_pipeline_kb", "faults_parse", "faults_pipeline")


def best_of(points: Sequence[Point]) -> Point:
    """One point from measurements of the same program: the best time and
    the largest peak of each field, the first error."""
    best = dataclasses.replace(points[0])
    for other in points[1:]:
        for name in TIME_FIELDS:
            mine, theirs = getattr(best, name), getattr(other, name)
            if math.isnan(mine) or theirs < mine:
                setattr(best, name, theirs)
        for name in PEAK_FIELDS:
            setattr(best, name, max(getattr(best, name), getattr(other, name)))
        best.error = best.error or other.error
    return best


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
