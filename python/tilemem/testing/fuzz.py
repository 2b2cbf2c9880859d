"""Differential fuzzer for the storage pipeline.

    python -m tilemem.fuzz --count 20000 --seed 1

Generates random, valid tile programs (nested scf.for/scf.while/scf.if up to
depth 4, several tile and tensor carries, views, writeback and in-place ops,
reads of initializers inside and after loops, constant 0/1/N and unknown trip
counts, swaps, rotations, one tile passed as two initializers, yields through
tile.scope), runs the pipeline
``tile-init-memref, tile-materialize-semantic-aliases, tile-verify-storage``
on each, and compares the reference interpreter's storage mode on the output
with its value mode on the input (``tilemem.testing.interp.compare``).

A program the pass rejects is counted by the reason of its diagnostic; a
program whose output computes something else is a mismatch, written to
``--failures`` together with the pipeline output.

With ``--memory-planner pypto|dsa-rp|ptoas|all``, every program the
legalization accepts also runs, per planner, the whole
``tile-memory-pipeline{memory-planner=...}``; the interpreter's storage mode
on the planned module, *with the planner's addresses applied* (buffers
whose address ranges overlap share bytes), must equal value mode on the
input. When ``tilemem.pto`` is available the planned module is also emitted
as PTO at the planner's level (level2 for ptoas, level3 otherwise) and,
when ptoas is found (``tilemem.testing.toolchain.find_ptoas``), checked
by the real ptoas. The summary counts each planner
separately, with its peak against the max-live lower bound.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import sys
import time
from dataclasses import dataclass, field

from ..options import PLANNERS  # noqa: F401
from .fuzz_gen import ACC, OUT_TENSOR, TENSOR, TILE, TYPES, generate  # noqa: F401


def pipeline(enable_buffer_ir: bool = True) -> list:
    """The storage legalization the compiler runs (tilemem.compile's
    tile-memory-pipeline before its planner: `tile-storage-pipeline`), with
    Buffer IR on or off."""
    from .. import passes

    return passes.storage_pipeline(enable_buffer_ir=enable_buffer_ir, memory_planner="pypto")


# Diagnostics a correct compiler may give for a program it cannot implement
# on the target; each is documented (docs/passes/materialize-semantic-aliases.md,
# docs/passes/memory-planners.md). Anything else is an internal error.
REJECTIONS = [
    ("no same-space copy", re.compile(r"there is no (\w+)->\1 copy")),
    ("tensor needs a copy", re.compile(r"tensors cannot be copied")),
    ("divergent phi", re.compile(r"divergent result")),
    # The user's own addresses break a rule of the address plan
    # (docs/passes/memory-planners.md, "The address rules").
    ("user address misaligned", re.compile(r"which is not a multiple of \d+ bytes")),
    (
        "user addresses overlap while live",
        re.compile(r"overlaps allocation .* while both are live"),
    ),
    ("user address with the ptoas planner", re.compile(r"which the ptoas planner cannot keep")),
    ("capacity", re.compile(r"bytes does not fit in")),
]


def _functions(text: str) -> list[str]:
    return re.findall(r"func\.func @(\w+)\(", text)


def _inputs(reference, function: str, seed: int, trial: int) -> list:
    """Seeded inputs for `function`; its index arguments (trip counts) get
    1, 3, ... and its i1 arguments alternate, per trial."""
    from . import interp

    program = interp.compile(reference)
    inputs = interp.random_inputs(program, function=function, seed=seed * 7 + trial)
    for k, text in enumerate(program.argument_types(function)):
        if text == "index":
            inputs[k] = trial * 2 + 1
        elif text == "i1":
            inputs[k] = trial == 0
    return inputs


def _compare_all(text: str, reference, candidate, seed: int, ignore_addresses: bool) -> str | None:
    """None when every kernel of `candidate` (storage mode) computes what
    `reference` (value mode) does on two input sets, else the difference."""
    from . import interp

    for function in _functions(text):
        for trial in range(2):
            inputs = _inputs(reference, function, seed, trial)
            try:
                result = interp.compare(
                    reference,
                    candidate,
                    inputs,
                    function=function,
                    ignore_addresses=ignore_addresses,
                )
            except interp.StorageError as error:
                return f"@{function}: storage error: {error}"
            if not result.equal:
                return f"@{function}: {result.message}"
    return None


@dataclass
class Outcome:
    status: str  # ok | rejected | mismatch | invalid
    reason: str = ""
    copies: int = 0
    output: str = ""


def classify_rejection(message: str) -> str:
    for reason, pattern in REJECTIONS:
        if pattern.search(message):
            return reason
    for line in message.splitlines():
        if "error:" in line:
            text = line.split("error:", 1)[1]
            text = re.sub(r'"-":\d+:\d+:\s*', "", text)
            text = re.sub(r"%[\w#]+", "%_", text)
            text = re.sub(r"loc\([^)]*\)", "loc", text)
            return "other: " + text.strip()[:120]
    return "other: " + message.strip()[:120]


def run_one(text: str, seed: int, scalars=None, enable_buffer_ir: bool = True) -> Outcome:
    """Storage legalization (`pipeline`) of `text`; storage mode on the
    output against value mode on the input, for every kernel. User
    addresses are not validated before a planner runs, so they are
    ignored here (`run_planner` checks them)."""
    from .. import ir, passes

    del scalars  # inputs are derived from each kernel's signature
    with ir.Context():
        try:
            reference = ir.Module.parse(text)
        except Exception as error:  # generator bug: invalid program
            return Outcome("invalid", str(error).splitlines()[0])
        candidate = ir.Module.parse(text)
        try:
            passes.run_pipeline(candidate, pipeline(enable_buffer_ir))
        except passes.PassError as error:
            return Outcome("rejected", classify_rejection(str(error)))
        output = str(candidate)
        copies = output.count("tile.move") - _live_moves(text)
        difference = _compare_all(text, reference, candidate, seed, ignore_addresses=True)
        if difference is not None:
            return Outcome("mismatch", difference, copies, output)
        return Outcome("ok", copies=copies, output=output)


def _live_moves(text: str) -> int:
    """The tile.move ops of the input that survive dead-code erasure (the
    baseline of "moves inserted")."""
    from .. import ir, passes

    with ir.Context():
        module = passes.run_pipeline(ir.Module.parse(text), [passes.init_memref()])
        return str(module).count("tile.move")


def compare_modes(
    seeds, max_depth: int = 4, branch_heavy: bool = False, report=None, boundary: bool = False
):
    """Runs every program with Buffer IR off and on; returns a summary of the
    tile.move ops each mode inserted. `report`, a writable file, receives one
    CSV line per program: seed, status and moves per mode."""
    summary = collections.Counter()
    worse = []
    if report is not None:
        report.write("seed,tile_status,tile_moves,buffer_ir_status,buffer_ir_moves\n")
    for seed in seeds:
        text = generate(seed, max_depth, branch_heavy, boundary=boundary)
        tile = run_one(text, seed, enable_buffer_ir=False)
        bir = run_one(text, seed, enable_buffer_ir=True)
        if report is not None:
            report.write(f"{seed},{tile.status},{tile.copies},{bir.status},{bir.copies}\n")
        summary["programs"] += 1
        for mode, outcome in (("tile", tile), ("buffer_ir", bir)):
            summary[f"{mode}_{outcome.status}"] += 1
        if tile.status == "ok" and bir.status == "ok":
            summary["both_ok"] += 1
            summary["tile_moves"] += tile.copies
            summary["buffer_ir_moves"] += bir.copies
            if bir.copies > tile.copies:
                worse.append(seed)
            elif bir.copies < tile.copies:
                summary["buffer_ir_fewer"] += 1
            else:
                summary["same"] += 1
    return summary, worse


@dataclass
class PlannerOutcome:
    # ok | rejected (pipeline diagnostic) | mismatch | address-error (a rule
    # of the allocated-storage postcondition broken in the accepted plan) |
    # pto-refused (a documented "cannot be emitted to PTO" diagnostic,
    # docs/pto-emission.md) | pto-error (emitted text ptoas rejects or
    # crashes on, or an undocumented emission failure)
    status: str
    reason: str = ""
    output: str = ""
    pto_checked: bool = False  # emitted, and accepted by ptoas when it is found
    peak: int = 0  # summed over spaces (planners that assign addresses)
    lower_bound: int = 0


def _pto_modules():
    """(tilemem.pto, the ptoas binary or None), or None when emission is
    not built."""
    try:
        from .. import pto
        from . import toolchain
    except ImportError:
        return None
    return pto, toolchain.find_ptoas()


# The address alignment the planners keep (docs/passes/memory-planners.md);
# the fuzzer checks plans against it independently of the C++ verifier.
ALIGNMENT = 32


def check_allocated(module, arch: str = "a3") -> str | None:
    """The allocated-storage postcondition, checked apart from the C++
    verifier: every address aligned, every range inside its space, and no two
    allocations of one space sharing a byte while both are live (from the
    planners' own lifetimes). None when it holds, else the first violation."""
    from .. import passes
    from ..contract import CAPACITIES

    for record in passes.allocation_lifetimes(module):
        by_space = collections.defaultdict(list)
        for a in record["allocations"]:
            if a.get("addr") is None:
                continue
            addr, end = a["addr"], a["addr"] + a["bytes"]
            if addr % ALIGNMENT:
                return (
                    f"@{record['function']}: {a['name']} at {addr} is not {ALIGNMENT}-byte aligned"
                )
            limit = CAPACITIES[arch][a["space"]]
            if end > limit:
                return (
                    f"@{record['function']}: {a['name']} [{addr}, {end}) exceeds "
                    f"the {limit}-byte {a['space']}"
                )
            by_space[a["space"]].append(a)
        # In-place pairs may overlap at their point, at exactly their shift
        # (AllocationLifetimes.h): the op there writes one over the other.
        shifts = {(p["from"], p["to"]): p["shift"] for p in record.get("in_place", [])}

        def in_place(a, b, shifts=shifts):
            return (
                b["end"] == a["start"]
                and shifts.get((b["name"], a["name"])) == a["addr"] - b["addr"]
            ) or (
                a["end"] == b["start"]
                and shifts.get((a["name"], b["name"])) == b["addr"] - a["addr"]
            )

        for space, allocations in by_space.items():
            allocations.sort(key=lambda a: a["start"])
            active: list[dict] = []
            for a in allocations:
                active = [b for b in active if b["end"] >= a["start"]]
                for b in active:
                    if in_place(a, b):
                        continue
                    if a["addr"] < b["addr"] + b["bytes"] and b["addr"] < a["addr"] + a["bytes"]:
                        return (
                            f"@{record['function']}: {a['name']} and {b['name']} share "
                            f"{space} bytes while both are live"
                        )
                active.append(a)
    return None


def run_planner(
    text: str,
    seed: int,
    planner: str,
    enable_buffer_ir: bool = True,
    scalars=None,
    check_pto: bool = True,
) -> PlannerOutcome:
    """Runs `planner`'s whole memory pipeline on `text`, checks the plan's
    allocated-storage rules (`check_allocated`) and storage mode with its
    addresses against value mode, then (when available, and for kernels
    that return only tensors) the PTO text at the planner's level."""
    from .. import ir
    from ..compiler import pipeline_text, planned_stats, resolve_options
    from ..passmanager import PassManager

    del scalars
    with ir.Context():
        reference = ir.Module.parse(text)
        candidate = ir.Module.parse(text)
        options = resolve_options(planner, enable_buffer_ir, None, candidate)
        try:
            PassManager.parse(pipeline_text(options)).run(candidate.operation)
        except Exception as error:  # MLIRError carries the diagnostics
            return PlannerOutcome("rejected", classify_rejection(str(error)))
        output = str(candidate)
        outcome = PlannerOutcome("ok", output=output)
        for function in planned_stats(candidate)["functions"].values():
            outcome.peak += sum(function["peak"].values())
            outcome.lower_bound += sum(function["lower_bound"].values())
        violation = check_allocated(candidate, options["arch"])
        if violation is not None:
            return PlannerOutcome("address-error", violation, output)
        difference = _compare_all(text, reference, candidate, seed, ignore_addresses=False)
        if difference is not None:
            return PlannerOutcome("mismatch", difference, output)
        modules = _pto_modules() if check_pto else None
        if modules is not None and _returns_only_tensors(text):
            pto, ptoas = modules
            level = options["pto_level"]
            try:
                emitted = pto.emit(candidate, level=level)
            except pto.PTOEmitError as error:
                refused = classify_pto_refusal(str(error))
                if refused is None:
                    return PlannerOutcome("pto-error", f"emission failed: {error}", output)
                outcome.status, outcome.reason = "pto-refused", refused
                return outcome
            if ptoas is not None:
                from . import toolchain

                checked = toolchain.check_with_ptoas(emitted, level, options["arch"], ptoas)
                if checked.status != "accepted":
                    return PlannerOutcome(
                        "pto-error",
                        f"ptoas ({level}) {checked.status}: {checked.message}",
                        output + "\n// PTO:\n" + emitted,
                    )
            outcome.pto_checked = True
        return outcome


def _returns_only_tensors(text: str) -> bool:
    """PTO kernels take and return global tensors only."""
    signatures = re.findall(r"func\.func @\w+\((.*)\{$", text, re.M)
    return bool(signatures) and not any(
        "!tile." in s.replace("!tile.tensor", "") for s in signatures
    )


# "'tile.x' op cannot be emitted to PTO: why" at an op, or "cannot be
# emitted to PTO: why" at a location (the refusals that look at the kernel
# as ptoas will lower it, after the tile ops are gone).
_PTO_REFUSAL = re.compile(r"(?:'([\w.]+)' op )?cannot be emitted to PTO: ([^(\n]*)")


def classify_pto_refusal(message: str) -> str | None:
    """ "<op>: <why>" for a documented emission refusal, else None."""
    m = _PTO_REFUSAL.search(message)
    if m is None:
        return None
    why = re.sub(r"%[\w#]+", "%_", m.group(2)).strip().rstrip(":;,")
    return f"{m.group(1) or 'kernel'}: {why[:80]}"


def _write_failure(
    directory: str, name: str, status: str, reason: str, text: str, output: str
) -> str:
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(f"// {status}: {reason}\n{text}")
        if output:
            f.write("\n// pipeline output:\n" + "\n".join("// " + l for l in output.splitlines()))
    return path


# ---------------------------------------------------------------------------
# One seed, in a worker process
# ---------------------------------------------------------------------------


@dataclass
class SeedResult:
    seed: int
    text: str
    legalization: Outcome
    planners: dict[str, PlannerOutcome] = field(default_factory=dict)


def run_seed(job) -> SeedResult:
    """Everything the fuzzer does with one seed (picklable for --jobs)."""
    seed, options = job
    # Half the programs return only tensors, so that their PTO is emitted.
    tensor_outputs = bool(options["planners"]) and seed % 2 == 0
    text = generate(
        seed,
        options["max_depth"],
        options["branch_heavy"],
        tensor_outputs=tensor_outputs,
        boundary=options.get("boundary", False),
    )
    result = SeedResult(seed, text, run_one(text, seed, enable_buffer_ir=options["buffer_ir"]))
    if result.legalization.status == "ok":
        for planner in options["planners"]:
            result.planners[planner] = run_planner(
                text, seed, planner, enable_buffer_ir=options["buffer_ir"]
            )
    if not options["keep_text"]:
        failing = (
            result.legalization.status in ("mismatch", "invalid")
            or result.legalization.reason.startswith("other")
            or any(
                p.status in ("mismatch", "pto-error", "address-error")
                or p.reason.startswith("other")
                for p in result.planners.values()
            )
        )
        if not failing:
            result.text = ""
            result.legalization.output = ""
            for p in result.planners.values():
                p.output = ""
    return result


def _worker(connection, work) -> None:
    """A worker process: runs `work` on each job it receives, until None."""
    while True:
        job = connection.recv()
        if job is None:
            return
        connection.send(work(job))


def _results(jobs, count: int, workers: int, progress: bool, work=run_seed):
    """Yields ``(job, result)`` for every job, in any order, running `work` in
    `workers` worker processes (at least one: a crash in the compiler must
    not take the fuzzer down). A job whose worker dies yields ``(job,
    None)`` and the worker is replaced, so every other job still runs."""
    import multiprocessing
    from multiprocessing.connection import wait

    bar = None
    if progress:
        try:
            from tqdm import tqdm

            bar = tqdm(total=count, unit="program", file=sys.stderr, smoothing=0.05)
        except ImportError:  # progress is optional
            bar = None
    # Workers fork from a fork server that has imported nothing but this
    # module, not from the caller: a caller holding MLIR objects (pytest,
    # a notebook) would hand each child a copy of its heap, whose MLIR
    # objects the child's garbage collector then destroys (a segfault).
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    pending = iter(jobs)
    running = {}  # connection -> (process, job)

    def start():
        parent, child = context.Pipe()
        process = context.Process(target=_worker, args=(child, work), daemon=True)
        process.start()
        child.close()
        return parent, process

    def feed(connection, process) -> bool:
        job = next(pending, None)
        if job is None:
            connection.send(None)
            process.join()
            return False
        connection.send(job)
        running[connection] = (process, job)
        return True

    try:
        for _ in range(max(1, workers)):
            connection, process = start()
            if not feed(connection, process):
                break
        while running:
            sentinels = {
                process.sentinel: connection for connection, (process, _) in running.items()
            }
            for ready in wait(list(running) + list(sentinels)):
                connection = sentinels.get(ready, ready)
                if connection not in running:
                    continue
                process, job = running.pop(connection)
                try:
                    result = connection.recv()
                except (EOFError, OSError):  # the worker died on this job
                    result = None
                    process.join()
                    connection, process = start()
                if bar is not None:
                    bar.update(1)
                yield job, result
                feed(connection, process)
    finally:
        if bar is not None:
            bar.close()
        for process, _ in running.values():
            process.kill()


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
        "--shapes",
        choices=("default", "boundary"),
        default="default",
        help="tile shapes: default (16x16 tiles, 8x16 halves: the f32 "
        "boundaries of every space) or boundary (per program 16x16 or "
        "32x32 tiles and halves of 1, 8, n/2 or n-1 rows)",
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
    planners = (
        []
        if args.memory_planner == "none"
        else (list(PLANNERS) if args.memory_planner == "all" else [args.memory_planner])
    )
    buffer_ir = args.enable_buffer_ir == "true"

    if args.print:
        sys.stdout.write(
            generate(
                args.seed,
                args.max_depth,
                args.branch_heavy,
                tensor_outputs=bool(planners) and args.seed % 2 == 0,
                boundary=args.shapes == "boundary",
            )
        )
        return 0
    if args.compare_modes:
        return _compare_main(args)
    tools = None
    if args.execute:
        from . import toolchain

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
        "max_depth": args.max_depth,
        "branch_heavy": args.branch_heavy,
        "boundary": args.shapes == "boundary",
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
            text = generate(
                seed,
                args.max_depth,
                args.branch_heavy,
                tensor_outputs=bool(planners) and seed % 2 == 0,
                boundary=args.shapes == "boundary",
            )
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
    corpus = "branch-heavy" if args.branch_heavy else "default"
    if args.shapes == "boundary":
        corpus += ", boundary shapes"
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


def _execute(args, seeds, planners, buffer_ir, tools, progress) -> int:
    """--execute: the kernels of `seeds` through the real toolchain for
    every planner; prints the outcomes and returns the failures."""
    from . import corpus

    started = time.time()
    name = "branch-heavy" if args.branch_heavy else "default"
    programs = [
        corpus.Program(
            name,
            seed,
            generate(
                seed,
                args.max_depth,
                args.branch_heavy,
                tensor_outputs=True,
                boundary=args.shapes == "boundary",
            ),
        )
        for seed in seeds
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
        summary, worse = compare_modes(
            seeds, args.max_depth, args.branch_heavy, report, boundary=args.shapes == "boundary"
        )
    finally:
        if report is not None:
            report.close()
    both = summary["both_ok"]
    corpus = "branch-heavy" if args.branch_heavy else "default"
    if args.shapes == "boundary":
        corpus += ", boundary shapes"
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


if __name__ == "__main__":
    sys.exit(main())
