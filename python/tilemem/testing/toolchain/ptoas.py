"""Running ptoas and classifying its outcome (accepted, rejected, crashed,
timeout)."""

from __future__ import annotations

import dataclasses
import os
import re
import resource
import signal as _signal
import subprocess
import tempfile
import time
from collections.abc import Sequence

from .settings import PTOAS_TIMEOUT
from .tools import ToolchainUnavailable, find_ptoas


@dataclasses.dataclass
class PtoasOutcome:
    """``status``: accepted / rejected / crashed / timeout; ``message``: the
    diagnostics (error lines, or the assertion); ``signal``: the signal name
    of a crash; ``returncode``; ``stderr``: everything ptoas printed there
    (it prints its pass dumps too); ``command``."""

    status: str
    message: str
    returncode: int | None
    signal: str | None
    stderr: str
    command: list[str]
    seconds: float


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run_timed(cmd: list[str], timeout: float, env: dict[str, str] | None = None):
    """subprocess.run with captured text output; returns (process or None on
    timeout, wall seconds, CPU seconds of the child, timeout stderr)."""
    started, cpu = time.perf_counter(), _children_cpu()
    try:
        proc = subprocess.run(
            cmd, capture_output=True, text=True, errors="replace", timeout=timeout, env=env
        )
        late = ""
    except subprocess.TimeoutExpired as error:
        proc = None
        late = error.stderr or b""
        if isinstance(late, bytes):
            late = late.decode("utf-8", "replace")
    return proc, time.perf_counter() - started, _children_cpu() - cpu, late


_CRASH_MARKERS = (
    "PLEASE submit a bug report",
    "Stack dump:",
    "Assertion `",
    "LLVM ERROR:",
    "Segmentation fault",
    "Aborted",
)


def _error_lines(text: str, limit: int = 12) -> str:
    lines = text.splitlines()
    keep = []
    for i, line in enumerate(lines):
        if re.search(r"\berror\b", line, re.IGNORECASE):
            keep.append(line.strip())
            for follow in lines[i + 1 : i + 3]:
                if "note:" in follow:
                    keep.append(follow.strip())
        if len(keep) >= limit:
            break
    return "\n".join(keep)


def _crash_message(text: str) -> str:
    for line in text.splitlines():
        if "Assertion `" in line or "LLVM ERROR:" in line:
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    for i, line in enumerate(lines):
        if line.startswith("Stack dump:"):
            return " | ".join(l.strip() for l in lines[max(0, i - 2) : i + 3])
    return " | ".join(lines[-3:])


def run_ptoas(
    ptoas: str,
    pto_path: str,
    cpp_path: str,
    level: str,
    arch: str | None,
    insert_sync: bool = True,
    timeout: float = PTOAS_TIMEOUT,
    extra_args: Sequence[str] = (),
) -> PtoasOutcome:
    """Runs ptoas on `pto_path` writing `cpp_path`, and classifies the
    outcome (see :class:`PtoasOutcome`). `extra_args` go before the input
    (e.g. ``--debug-only=pto-plan-memory``, whose account lands in
    ``stderr``)."""
    cmd = [ptoas, f"--pto-level={level}"]
    if arch:
        cmd.append(f"--pto-arch={arch}")
    if insert_sync:
        cmd.append("--enable-insert-sync")
    cmd += [*extra_args, pto_path, "-o", cpp_path]
    if os.path.exists(cpp_path):
        os.unlink(cpp_path)
    proc, seconds, _, late = _run_timed(cmd, timeout)
    if proc is None:
        return PtoasOutcome(
            "timeout", f"ptoas did not finish in {timeout} s", None, None, late, cmd, seconds
        )
    err = proc.stderr + (("\n" + proc.stdout) if proc.stdout.strip() else "")
    rc = proc.returncode
    if rc < 0:
        try:
            name = _signal.Signals(-rc).name
        except ValueError:
            name = f"signal {-rc}"
        return PtoasOutcome("crashed", _crash_message(err) or name, rc, name, err, cmd, seconds)
    if rc != 0 and any(m in err for m in _CRASH_MARKERS):
        name = None
        if rc > 128:
            try:
                name = _signal.Signals(rc - 128).name
            except ValueError:
                pass
        return PtoasOutcome("crashed", _crash_message(err), rc, name or "abort", err, cmd, seconds)
    if rc != 0:
        message = _error_lines(err) or "\n".join(err.strip().splitlines()[-5:])
        return PtoasOutcome("rejected", message or f"exit status {rc}", rc, None, err, cmd, seconds)
    if not os.path.isfile(cpp_path) or os.path.getsize(cpp_path) == 0:
        return PtoasOutcome(
            "rejected", "exit status 0 but no C++ written", rc, None, err, cmd, seconds
        )
    return PtoasOutcome("accepted", "", rc, None, err, cmd, seconds)


def check_with_ptoas(
    pto_text: str,
    level: str,
    arch: str | None = None,
    ptoas: str | None = None,
    insert_sync: bool = True,
) -> PtoasOutcome:
    """What real ptoas does with `pto_text` at `level` (in a temporary
    directory): the :class:`PtoasOutcome` of :func:`run_ptoas`. `ptoas`
    defaults to :func:`find_ptoas`; :class:`ToolchainUnavailable` when there
    is none. This is tilemem's check of emitted PTO: it replaced the
    syntax checker tilemem.pto_check, which accepted every text ptoas
    rejected (docs/pto-emission.md)."""
    ptoas = ptoas or find_ptoas()
    if ptoas is None:
        raise ToolchainUnavailable(
            "ptoas not found: set TILEMEM_PTOAS or run scripts/build-ptoas.sh"
        )
    with tempfile.TemporaryDirectory(prefix="tilemem-ptoas-") as work:
        pto_path = os.path.join(work, "kernel.pto")
        with open(pto_path, "w") as f:
            f.write(pto_text)
        return run_ptoas(
            ptoas, pto_path, os.path.join(work, "kernel.cpp"), level, arch, insert_sync
        )


_CPP_KERNEL_RE = re.compile(r"__global__\s+AICORE\s+void\s+(\w+)\s*\(([^)]*)\)")


def cpp_kernel_params(cpp: str, name: str) -> list[str] | None:
    """The parameter types of kernel `name` in ptoas's C++ (qualifiers
    ``__gm__`` and parameter names dropped), or None when it is not there."""
    for m in _CPP_KERNEL_RE.finditer(cpp):
        if m.group(1) != name:
            continue
        params = []
        for p in (s.strip() for s in m.group(2).split(",")):
            if not p:
                continue
            p = re.sub(r"\b__gm__\b", "", p)
            p = re.sub(r"\s*\*\s*", "* ", p).strip()
            p = re.sub(r"\s+\w+$", "", p)  # the parameter name
            params.append(re.sub(r"\s+", "", p))
        return params
    return None
