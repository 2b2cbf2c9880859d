"""The chain itself: :class:`Job`, :func:`run_batch` (emit, ptoas, one
compile per batch, one run per kernel, compare) and :func:`run_chain`."""

from __future__ import annotations

import dataclasses
import os
import pathlib
import re
import signal as _signal
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .compare import _compare
from .cxx import _compile, _compile_message, _error_blocks, _probe_tile_types, prepare_compiler
from .driver import DriverKernel
from .ptoas import _run_timed, cpp_kernel_params, run_ptoas
from .results import ChainResult, StageOutcome, classify_failure
from .settings import _INT_RANGES, RUN_TIMEOUT
from .signature import ArgSpec, kernel_signature
from .tools import Tools, find_tools


@dataclasses.dataclass
class Job:
    """One kernel to run: ``kernel`` (MLIR text, a path or an ir.Module),
    ``memory_planner``, ``level`` (auto: the planner's), ``seed`` of the
    inputs, ``scalars`` {argument index: value}, ``inputs`` (every
    argument's value, in order, in place of seeded ones: a numpy array per
    tensor, a number per scalar), ``function`` (default: the
    entry), ``enable_buffer_ir`` / ``arch`` (None: tilemem.compile's
    defaults), ``insert_sync`` (``--enable-insert-sync``), ``name`` (for
    reports and file names), ``memory_fill``: the byte the simulated
    on-chip memories are filled with before the kernel runs (default 0xff,
    so a read of a byte nobody wrote is a NaN or -1, not the simulator's
    0; None keeps the zeros). Testing hooks: ``pto_filter`` rewrites the
    emitted PTO before ptoas reads it; ``cpp_filter`` rewrites ptoas's
    C++ before it is compiled; ``reference_inputs`` replaces the inputs
    given to the interpreter (the simulator keeps the seeded ones).
    ``legalized``: the kernel is already storage-legalized (and, for
    level3, addressed), as the PTO goldens of test/Target/PTO are: it is
    emitted as it is with ``tilemem.pto.emit`` at ``level`` (auto: level3
    when every tile.alloc has an address; ``memory_planner`` then only
    names the job), and the interpreter's storage mode (addresses applied)
    is the reference, since the kernel's ``into`` clauses and
    ``tile.create`` read storage."""

    kernel: Any
    memory_planner: str = "pypto"
    level: str = "auto"
    seed: int = 0
    scalars: dict[int, Any] | None = None
    inputs: list | None = None
    function: str | None = None
    enable_buffer_ir: bool | None = None
    arch: str | None = None
    insert_sync: bool = True
    name: str | None = None
    memory_fill: int | None = 0xFF
    pto_filter: Callable[[str], str] | None = None
    cpp_filter: Callable[[str], str] | None = None
    reference_inputs: list | None = None
    legalized: bool = False


def _kernel_label(job: Job, text: str) -> str:
    if job.name:
        return job.name
    if (
        isinstance(job.kernel, (str, os.PathLike))
        and "\n" not in str(job.kernel)
        and str(job.kernel).endswith(".mlir")
    ):
        return os.path.splitext(os.path.basename(str(job.kernel)))[0]
    m = re.search(r"func\.func\s+(?:\w+\s+)?@([\w$.-]+)", text)
    return m.group(1) if m else "kernel"


def _scalar_argv(a: ArgSpec, value) -> str:
    if a.type == "i1":
        return "1" if bool(value) else "0"
    if a.type in _INT_RANGES:
        return str(int(value))
    v = float(value)
    if v != v:
        return "nan"
    if v in (float("inf"), float("-inf")):
        return "inf" if v > 0 else "-inf"
    return v.hex()


def _safe(name: str) -> str:
    return re.sub(r"[^\w.-]+", "_", name)[:80] or "kernel"


def _emit(job: Job, text: str, source: tuple[str, str], result: ChainResult) -> str | None:
    """The PTO of `text`, or None when emission failed (`result` says why).
    `source`: its name and kind (compiler.kernel_source's), so that its
    diagnostics name the kernel's file, not <string>."""
    started = time.perf_counter()
    try:
        out = (
            _emit_legalized(job, text, source, result)
            if job.legalized
            else _emit_compiled(job, text, source, result)
        )
    except Exception as error:
        result._set(
            StageOutcome("emit", "failed", str(error).strip(), time.perf_counter() - started)
        )
        return None
    result._set(
        StageOutcome(
            "emit",
            "ok",
            "",
            time.perf_counter() - started,
            {"alloc_tiles": out.count("pto.alloc_tile")},
        )
    )
    return out


def _emit_legalized(job: Job, text: str, source: tuple[str, str], result: ChainResult) -> str:
    """PTO of text that is already legalized, emitted as it is."""
    from tilemem import ir, limits, pto

    with ir.Context() as context, ir.Location.unknown():
        module = limits.parse_module(text, context, source[0])
        arch = (
            module.operation.attributes["tile.target_arch"]
            if "tile.target_arch" in module.operation.attributes
            else None
        )
        out = pto.emit(module, level=job.level)
    result.arch = job.arch or (str(arch).strip('"') if arch is not None else "a3")
    result.level = (
        job.level
        if job.level != "auto"
        else ("level3" if "pto.alloc_tile addr = " in out else "level2")
    )
    return out


def _emit_compiled(job: Job, text: str, source: tuple[str, str], result: ChainResult) -> str:
    """PTO of text through tilemem.compile's whole pipeline."""
    import tilemem
    from tilemem import pto

    # A kernel read from a file is compiled from its path (tilemem.compile
    # names its source only so).
    name, kind = source
    compiled = tilemem.compile(
        pathlib.Path(name) if kind == "path" else text,
        memory_planner=job.memory_planner,
        enable_buffer_ir=job.enable_buffer_ir,
        arch=job.arch,
    )
    result.arch = compiled.options["arch"]
    level = compiled.options["pto_level"] if job.level == "auto" else job.level
    result.level = level
    out = compiled.pto
    if level != compiled.options["pto_level"]:
        with compiled.module.context:
            out = pto.emit(compiled.module, level=level)
    return out


def _prepare_job(job: Job, work: str, tools: Tools, index: int):
    """Emit, ptoas and the inputs of one job; returns (result, state) where
    state is None when the chain stopped."""
    from tilemem.compiler import kernel_source

    try:
        text, source_name, kind = kernel_source(job.kernel)
    except Exception as error:
        result = ChainResult(
            str(job.name or job.kernel)[:60], job.memory_planner, job.level, job.arch or "a3"
        )
        result._set(StageOutcome("emit", "failed", f"cannot read the kernel: {error}"))
        return result, None
    label = _kernel_label(job, text)
    result = ChainResult(label, job.memory_planner, job.level, job.arch or "a3")
    job_dir = os.path.join(work, f"{index:03d}-{_safe(label)}-{_safe(job.memory_planner)}")
    os.makedirs(job_dir, exist_ok=True)
    result.files["dir"] = job_dir
    with open(os.path.join(job_dir, "kernel.mlir"), "w") as f:
        f.write(text)
    try:
        sig = kernel_signature(text, job.function, source_name)
    except Exception as error:
        result._set(StageOutcome("emit", "failed", f"kernel signature: {error}"))
        return result, None
    result.signature = sig
    result.kernel_text = text
    pto_text = _emit(job, text, (source_name, kind), result)
    if pto_text is None:
        return result, None
    if job.pto_filter is not None:
        pto_text = job.pto_filter(pto_text)
        result.messages.append("the PTO was rewritten by pto_filter before ptoas")
    result.pto_text = pto_text
    pto_path = os.path.join(job_dir, "kernel.pto")
    cpp_path = os.path.join(job_dir, "kernel.cpp")
    with open(pto_path, "w") as f:
        f.write(pto_text)
    result.files["pto"] = pto_path
    outcome = run_ptoas(tools.ptoas, pto_path, cpp_path, result.level, result.arch, job.insert_sync)
    result.ptoas = outcome
    with open(os.path.join(job_dir, "ptoas.log"), "w") as f:
        f.write(" ".join(outcome.command) + "\n" + outcome.stderr)
    result._set(
        StageOutcome(
            "ptoas",
            "ok" if outcome.status == "accepted" else "failed",
            outcome.message,
            outcome.seconds,
            {"status": outcome.status, "signal": outcome.signal},
        )
    )
    if outcome.status != "accepted":
        return result, None
    result.files["cpp"] = cpp_path
    with open(cpp_path) as f:
        cpp = f.read()
    if job.cpp_filter is not None:
        cpp = job.cpp_filter(cpp)
        with open(cpp_path, "w") as f:
            f.write(cpp)
        result.messages.append("the C++ was rewritten by cpp_filter before compiling")
    # The kernel's C++ signature must be the one the driver assumes.
    params = cpp_kernel_params(cpp, sig.name)
    expected = [a.param for a in sig.args]
    if params is None:
        result._set(
            StageOutcome(
                "compile",
                "failed",
                f"no kernel @{sig.name} (__global__ AICORE void) in ptoas's C++",
            )
        )
        return result, None
    if params != expected:
        result._set(
            StageOutcome(
                "compile",
                "failed",
                f"ptoas's C++ signature ({', '.join(params)}) is not the "
                f"expected ({', '.join(expected)})",
            )
        )
        return result, None
    # Inputs: the same arrays go to the simulator (files) and the interpreter.
    from tilemem.testing import interp

    try:
        if job.inputs is not None:
            if len(job.inputs) != len(sig.args):
                raise ValueError(f"{len(job.inputs)} inputs for {len(sig.args)} arguments")
            inputs = list(job.inputs)
        else:
            inputs = interp.random_inputs(
                text, function=sig.name, seed=job.seed, scalars=job.scalars
            )
    except Exception as error:
        result._set(StageOutcome("compile", "failed", f"cannot make inputs: {error}"))
        return result, None
    result.inputs = inputs
    argv = []
    for a in sig.args:
        if a.kind == "tensor":
            arr = np.ascontiguousarray(np.asarray(inputs[a.index]).astype(a.dtype, copy=False))
            arr.tofile(os.path.join(job_dir, f"arg{a.index}.in"))
        else:
            argv.append(_scalar_argv(a, inputs[a.index]))
    state = {
        "text": text,
        "sig": sig,
        "dir": job_dir,
        "cpp": cpp_path,
        "argv": argv,
        "inputs": inputs,
        "job": job,
    }
    return result, state


def _run_driver(exe: str, k: int, state: dict) -> StageOutcome:
    cmd = [exe, str(k), state["dir"], *state["argv"]]
    env = dict(os.environ)
    fill = state["job"].memory_fill
    env.pop("TILEMEM_SIM_FILL", None)
    if fill is not None:
        env["TILEMEM_SIM_FILL"] = hex(fill & 0xFF)
    proc, seconds, cpu, _ = _run_timed(cmd, RUN_TIMEOUT, env)
    if proc is None:
        return StageOutcome(
            "run", "failed", f"did not finish in {RUN_TIMEOUT} s", seconds, {"command": cmd}
        )
    with open(os.path.join(state["dir"], "run.log"), "w") as f:
        f.write(" ".join(cmd) + f"\nexit {proc.returncode}\n" + proc.stdout + proc.stderr)
    detail = {"command": cmd, "returncode": proc.returncode, "cpu_seconds": cpu}
    if proc.returncode == 0:
        return StageOutcome("run", "ok", "", seconds, detail)
    if proc.returncode < 0:
        try:
            name = _signal.Signals(-proc.returncode).name
        except ValueError:
            name = f"signal {-proc.returncode}"
        tail = " | ".join(l for l in proc.stderr.strip().splitlines()[-3:])
        return StageOutcome(
            "run", "failed", f"killed by {name}" + (f": {tail}" if tail else ""), seconds, detail
        )
    return StageOutcome(
        "run",
        "failed",
        f"exit status {proc.returncode}: {proc.stderr.strip()[-2000:]}",
        seconds,
        detail,
    )


def run_batch(
    jobs: Sequence[Job],
    keep: str | None = None,
    tools: Tools | None = None,
    pch: bool = True,
    batch: bool = True,
) -> list[ChainResult]:
    """Runs every job through the chain and returns one :class:`ChainResult`
    each (in order). With `batch`, the kernels ptoas accepted are compiled
    into one driver (one g++ run; on failure each is compiled alone to find
    the culprit); otherwise one driver each. `pch`: use the precompiled
    prelude. `keep`: a directory that receives every intermediate file
    (otherwise a temporary directory is removed). Raises
    :class:`ToolchainUnavailable` when a tool is missing."""
    tools = tools or find_tools()
    setup = prepare_compiler(tools, pch=pch)
    if keep is not None:
        os.makedirs(keep, exist_ok=True)
        work = os.path.abspath(keep)
        cleanup = None
    else:
        cleanup = tempfile.TemporaryDirectory(prefix="tilemem-chain-")
        work = cleanup.name
    try:
        results: list[ChainResult] = []
        states: list[dict | None] = []
        for i, job in enumerate(jobs):
            result, state = _prepare_job(job, work, tools, i)
            results.append(result)
            states.append(state)
        ready = [i for i, s in enumerate(states) if s is not None]
        compiled: dict[int, tuple[str, int]] = {}  # job -> (exe, kernel index)

        def kernels_of(indices):
            return [
                DriverKernel(states[i]["cpp"], states[i]["sig"], f"tilemem_k{n}", results[i].arch)
                for n, i in enumerate(indices)
            ]

        def record(i, ok, times, err, cmd, size, message=""):
            seconds, cpu = times
            detail = {
                "command": cmd,
                "batch_size": size,
                "pch": pch,
                "pch_key": setup.key,
                "batch_seconds": seconds,
                "batch_cpu_seconds": cpu,
                "stderr": err[-50000:],
            }
            results[i]._set(
                StageOutcome(
                    "compile",
                    "ok" if ok else "failed",
                    message if not ok else "",
                    seconds / size,
                    detail,
                )
            )

        # A batch that fails to compile is split. A kernel an error's context
        # names (its file, or its namespace) failed, with those errors. g++
        # reports an error once per template instantiation, so kernels that
        # share a failing Tile type or op instantiation with a named one are
        # not named: the first failure also probes every distinct Tile type
        # of the batch once (_probe_tile_types), and when a round names few
        # kernels, each remaining one is checked alone by the front end
        # (about 0.4 s with the precompiled prelude) before the survivors
        # are compiled again as a batch. When nothing is named, each kernel
        # is compiled alone.
        queue = [ready] if batch and len(ready) > 1 else [[i] for i in ready]
        batches = 0
        probed = False
        checked_alone = set()
        while queue:
            group = queue.pop(0)
            if not group:
                continue
            if len(group) > 1:
                name, directory = f"driver-batch{batches}", work
                batches += 1
            else:
                name, directory = "driver", states[group[0]]["dir"]
            ok, exe, times, err, cmd = _compile(setup, kernels_of(group), directory, name)
            if ok:
                for n, i in enumerate(group):
                    record(i, True, times, err, cmd, len(group))
                    compiled[i] = (exe, n)
                    results[i].files["driver"] = exe
                continue
            if len(group) == 1:
                record(group[0], False, times, err, cmd, 1, _compile_message(err))
                continue
            blocks = _error_blocks(err)
            named: dict[int, tuple[str, tuple[float, float], list[str]]] = {}
            for n, i in enumerate(group):
                marks = (states[i]["cpp"] + ":", f"tilemem_k{n}::")
                mine = [b for b in blocks if any(m in line for line in b for m in marks)]
                if mine:
                    named[i] = ("\n".join("\n".join(b) for b in mine), times, cmd)
            if not probed:
                probed = True
                typed, ptimes, pcmd = _probe_tile_types(
                    setup, {i: states[i]["cpp"] for i in group if i not in named}, work
                )
                for i, block in typed.items():
                    named[i] = ("\n".join(block), ptimes, pcmd)
            if not named:
                queue += [[i] for i in group]
                continue
            for i, (text, t, c) in named.items():
                record(i, False, t, text, c, len(group), _compile_message(text))
                results[i].stages["compile"].detail["attributed_from_batch"] = True
            rest = [i for i in group if i not in named]
            if len(named) < max(2, len(group) // 10):
                survivors = []
                for i in rest:
                    if i in checked_alone:
                        survivors.append(i)
                        continue
                    checked_alone.add(i)
                    ok1, _, t1, err1, cmd1 = _compile(
                        setup, kernels_of([i]), states[i]["dir"], "driver-check", syntax_only=True
                    )
                    if ok1:
                        survivors.append(i)
                    else:
                        record(i, False, t1, err1, cmd1, 1, _compile_message(err1))
                rest = survivors
            queue.append(rest)
        for i, (exe, k) in compiled.items():
            state = states[i]
            outcome = _run_driver(exe, k, state)
            results[i]._set(outcome)
            if outcome.status != "ok":
                continue
            job = state["job"]
            ref_inputs = (
                job.reference_inputs if job.reference_inputs is not None else state["inputs"]
            )
            if job.reference_inputs is not None:
                results[i].messages.append(
                    "the interpreter was given other inputs (reference_inputs)"
                )
            cmp = _compare(
                results[i],
                state["sig"],
                state["inputs"],
                ref_inputs,
                state["dir"],
                state["text"],
                "storage" if job.legalized else "value",
            )
            results[i]._set(cmp)
            results[i].ok = cmp.status == "ok"
        for r in results:
            r.failure_class = classify_failure(r)
            if keep is None:
                r.files = {}
        return results
    finally:
        if cleanup is not None:
            cleanup.cleanup()


def run_chain(
    kernel,
    memory_planner: str = "pypto",
    level: str = "auto",
    seed: int = 0,
    scalars: dict[int, Any] | None = None,
    keep: str | None = None,
    tools: Tools | None = None,
    pch: bool = True,
    **options,
) -> ChainResult:
    """One kernel through the chain (see :func:`run_batch` and :class:`Job`
    for the options)."""
    job = Job(
        kernel, memory_planner=memory_planner, level=level, seed=seed, scalars=scalars, **options
    )
    return run_batch([job], keep=keep, tools=tools, pch=pch)[0]
