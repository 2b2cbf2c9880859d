"""Fuzz programs through the real toolchain: one outcome per (program, planner).

``run(programs, planners)`` sends every program through
:func:`tilemem.testing.toolchain.run_batch` once per planner, in chunks (one
g++ translation unit per chunk), and every job ends in exactly one outcome
(``OUTCOMES``):

  pipeline      the planner's memory pipeline rejected the program (a
                located tilemem diagnostic before emission)
  refused       PTO emission refused it ("cannot be emitted to PTO", located)
  ptoas-reject  ptoas rejected the emitted text (error: lines)
  ptoas-crash   ptoas crashed (signal / assertion) or timed out
  compile       ptoas accepted, the C++ does not compile against pto-isa
  run           it compiled, the simulator run failed
  mismatch      it ran, an output differs from the interpreter (with a plan
                that keeps the allocated-storage rules)
  plan-invalid  it ran and differs, and the planned module breaks the
                allocated-storage rules (``fuzz.check_allocated``): the
                pipeline's fault, which the simulator shows faithfully
  unchecked     it ran, but the simulator cannot compute what it does
                (``toolchain.compare.unverifiable``: bf16, f16 max/min pads)
  pass          all five stages passed

``python -m tilemem.fuzz --execute`` and ``bench/ptoas_corpus.py`` read it;
``summary`` prints the figures the real-toolchain issue measures: ptoas's
acceptance of what tilemem emitted and, of what ptoas accepted, the shares
that compiled, ran and matched.
"""

from __future__ import annotations

import collections
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

OUTCOMES = (
    "pipeline",
    "refused",
    "ptoas-reject",
    "ptoas-crash",
    "compile",
    "run",
    "mismatch",
    "plan-invalid",
    "unchecked",
    "pass",
)
#: The outcomes that are a tilemem or toolchain failure (pipeline and refused
#: are located tilemem diagnostics, unchecked is what the simulator cannot
#: compute, pass is a pass).
FAILURES = OUTCOMES[2:-2]


@dataclass
class Program:
    """A fuzz program: its corpus name (for reports), seed and text."""

    corpus: str
    seed: int
    text: str


def outcome_of(result) -> str:
    """One outcome (OUTCOMES) of a toolchain.ChainResult."""
    if result.ok:
        return "pass"
    if result.stage == "emit":
        message = result.stages["emit"].message
        return "refused" if "cannot be emitted to PTO" in message else "pipeline"
    if result.stage == "ptoas":
        rejected = result.ptoas is not None and result.ptoas.status == "rejected"
        return "ptoas-reject" if rejected else "ptoas-crash"
    if result.stage in ("compile", "run"):
        return result.stage
    return "unchecked" if result.unchecked else "mismatch"


_REASON = re.compile(r"cannot be emitted to PTO: ([^\n]*)")


def reason_of(result, outcome: str) -> str:
    """A short, seed-independent reason for grouping failures."""
    if outcome == "pass":
        return ""
    if result.failure_class:
        return result.failure_class
    stage = result.stages.get(result.stage)
    message = stage.message if stage is not None else ""
    if outcome == "refused":
        m = _REASON.search(message)
        op = re.search(r"'([\w.]+)' op cannot be emitted", message)
        text = (op.group(1) + ": " if op else "") + (m.group(1) if m else message)
    elif outcome == "pipeline":
        m = re.search(r"error: (.*)", message)
        text = m.group(1) if m else (message.splitlines()[-1] if message else "")
    else:
        text = message.strip().splitlines()[0] if message.strip() else outcome
        text = re.sub(r'^loc\("[^"]*":\d+:\d+\): ', "", text)
        text = re.sub(r"^\S+:\d+:\d+: ", "", text)
    text = re.sub(r"%[\w#]+", "%_", text)
    text = re.sub(r"\d+", "N", text)
    return text[:110]


def run(
    programs: Sequence[Program],
    planners: Sequence[str],
    enable_buffer_ir: bool = True,
    chunk: int = 150,
    tools=None,
    failures: str | None = None,
    on_chunk: Callable[[int, int], None] | None = None,
    conditioning: bool = False,
) -> list[dict]:
    """Every program through the chain for every planner; one record (a
    dict: corpus, seed, planner, outcome, reason, level, message) per job.
    `failures`: a directory receiving the kernel of every failed or refused
    job. `on_chunk(done, total)` is called after each chunk. With
    `conditioning`, a mismatch of a kernel whose value-mode results move out
    of tolerance when its sums are added as the simulator adds them
    (toolchain.compare.ill_conditioned: f16 column sums, sums that cancel)
    is "unchecked", with that as its reason: the simulator cannot tell such
    a kernel's storage apart from its rounding."""
    from tilemem.testing import fuzz, toolchain
    from tilemem.testing.toolchain.compare import ill_conditioned

    conditioned: dict[int, str] = {}

    tools = tools or toolchain.find_tools()
    jobs = [(p, planner) for p in programs for planner in planners]
    records: list[dict] = []
    for start in range(0, len(jobs), chunk):
        part = jobs[start : start + chunk]
        results = toolchain.run_batch(
            [
                toolchain.Job(
                    p.text,
                    memory_planner=planner,
                    seed=p.seed,
                    enable_buffer_ir=enable_buffer_ir,
                    name=f"{p.corpus}-{p.seed}-{planner}",
                )
                for p, planner in part
            ],
            tools=tools,
        )
        for (p, planner), r in zip(part, results):
            outcome = outcome_of(r)
            if (
                outcome == "mismatch"
                and fuzz.run_planner(
                    p.text, p.seed, planner, enable_buffer_ir=enable_buffer_ir, check_pto=False
                ).status
                == "address-error"
            ):
                outcome = "plan-invalid"
            why = ""
            if outcome == "mismatch" and conditioning:
                if p.seed not in conditioned:
                    conditioned[p.seed] = ill_conditioned(p.text, p.seed)
                why = conditioned[p.seed]
                outcome = "unchecked" if why else outcome
            message = (
                r.stages[r.stage].message[:2000]
                if r.stage in r.stages and outcome != "pass"
                else ""
            )
            records.append(
                {
                    "corpus": p.corpus,
                    "seed": p.seed,
                    "planner": planner,
                    "buffer_ir": enable_buffer_ir,
                    "outcome": outcome,
                    "reason": why or reason_of(r, outcome),
                    "level": r.level,
                    "message": message,
                }
            )
            if failures and outcome not in ("pass", "pipeline"):
                _write_failure(failures, p, planner, r, records[-1])
        if on_chunk is not None:
            on_chunk(start + len(part), len(jobs))
    return records


def _write_failure(directory: str, program: Program, planner: str, result, record) -> None:
    os.makedirs(directory, exist_ok=True)
    mode = "bir" if record["buffer_ir"] else "tile"
    path = os.path.join(
        directory, f"{record['outcome']}-{program.corpus}-{program.seed}-{planner}-{mode}.mlir"
    )
    with open(path, "w") as f:
        head = f"{record['outcome']} ({planner}, {result.level}): {record['reason']}"
        for line in head.splitlines():
            f.write(f"// {line}\n")
        for line in record["message"].strip().splitlines()[:6]:
            f.write(f"// | {line}\n")
        f.write(program.text)
        if result.pto_text:
            f.write("\n// PTO:\n" + "\n".join("// " + l for l in result.pto_text.splitlines()))


def table(records: Iterable[dict]) -> str:
    """The counts of every outcome and the issue's figures, on one line."""
    counts = collections.Counter(r["outcome"] for r in records)
    emitted = sum(counts[o] for o in OUTCOMES[2:])
    accepted = sum(counts[o] for o in OUTCOMES[4:])

    def pct(a, b):
        return f"{100.0 * a / b:.2f}%" if b else "n/a"

    ran = counts["mismatch"] + counts["plan-invalid"] + counts["unchecked"] + counts["pass"]
    return (
        " ".join(f"{o}={counts[o]}" for o in OUTCOMES)
        + f" | emitted={emitted} ptoas-accepted={accepted} ({pct(accepted, emitted)})"
        + f" compiled={pct(accepted - counts['compile'], accepted)}"
        + f" ran={pct(ran, accepted)} matched={pct(counts['pass'], accepted)}"
    )


def summary(records: Sequence[dict], planners: Sequence[str]) -> str:
    """A table line per planner and in total, then every non-pass reason
    with its count."""
    lines = [f"{p:7s} " + table([r for r in records if r["planner"] == p]) for p in planners]
    lines.append(f"{'total':7s} " + table(records))
    reasons = collections.Counter(
        (r["outcome"], r["planner"], r["reason"]) for r in records if r["outcome"] != "pass"
    )
    for (outcome, planner, why), n in sorted(reasons.items(), key=lambda kv: -kv[1]):
        lines.append(f"  {n:5d} {outcome:12s} {planner:7s} {why}")
    return "\n".join(lines)


def failed(records: Iterable[dict]) -> int:
    """How many jobs ended in a FAILURES outcome."""
    return sum(r["outcome"] in FAILURES for r in records)
