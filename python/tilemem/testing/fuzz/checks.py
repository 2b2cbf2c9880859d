"""The checks of one program: storage legalization against value mode
(`run_one`, `compare_modes`), a planner's whole memory pipeline with its
addresses and its PTO (`run_planner`, `check_allocated`), and the
classification of the documented rejections."""

from __future__ import annotations

import collections
import os
import re
from dataclasses import dataclass

from ..fuzz_gen import generate


def pipeline(enable_buffer_ir: bool = True) -> list:
    """The storage legalization the compiler runs (tilemem.compile's
    tile-memory-pipeline before its planner: `tile-storage-pipeline`), with
    Buffer IR on or off."""
    from ... import passes

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
    ("capacity", re.compile(r"bytes does not fit in|together, but the capacity on")),
]


def _functions(text: str) -> list[str]:
    return re.findall(r"func\.func @(\w+)\(", text)


def _inputs(reference, function: str, seed: int, trial: int) -> list:
    """Seeded inputs for `function`; its index arguments (trip counts) get
    1, 3, ... and its i1 arguments alternate, per trial."""
    from .. import interp

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
    from .. import interp

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


def classify_user_conflict(message: str, text: str) -> str | None:
    """Names a refusal because the program's own destinations leave no
    valid storage (the verifier's "storage is still invalid after
    materialization", docs/passes/materialize-semantic-aliases.md,
    "Diagnostics") "user destination clobbers" when the op it is reported
    at names its destination in `text`; else None. It is a rightful refusal
    only of a program whose destinations may clobber (the generator's
    clobbering_destinations): the other modes make destinations valid by
    construction. At an op without one (storage the pass chose, or the
    program's semantics force) the refusal stays unexplained, a failure to
    look at: none was seen in the first runs of the mode."""
    located = re.search(
        r"-:(\d+):\d+: error: storage is still invalid after materialization", message
    )
    lines = text.splitlines()
    if located and 0 < int(located.group(1)) <= len(lines):
        if " into(" in lines[int(located.group(1)) - 1]:
            return "user destination clobbers"
    return None


def run_one(
    text: str,
    seed: int,
    scalars=None,
    enable_buffer_ir: bool = True,
    user_conflicts: bool = False,
) -> Outcome:
    """Storage legalization (`pipeline`) of `text`; storage mode on the
    output against value mode on the input, for every kernel. User
    addresses are not validated before a planner runs, so they are
    ignored here (`run_planner` checks them). With `user_conflicts` (a
    program whose destinations may clobber), a refusal because its own
    storage conflicts is counted as one (classify_user_conflict)."""
    from ... import ir, passes

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
            reason = classify_rejection(str(error))
            if user_conflicts and reason.startswith("other"):
                reason = classify_user_conflict(str(error), text) or reason
            return Outcome("rejected", reason)
        output = str(candidate)
        copies = output.count("tile.move") - _live_moves(text)
        difference = _compare_all(text, reference, candidate, seed, ignore_addresses=True)
        if difference is not None:
            return Outcome("mismatch", difference, copies, output)
        return Outcome("ok", copies=copies, output=output)


def _live_moves(text: str) -> int:
    """The tile.move ops of the input that survive dead-code erasure (the
    baseline of "moves inserted")."""
    from ... import ir, passes

    with ir.Context():
        module = passes.run_pipeline(ir.Module.parse(text), [passes.init_memref()])
        return str(module).count("tile.move")


def compare_modes(seeds, report=None, **generator):
    """Runs every program with Buffer IR off and on; returns a summary of the
    tile.move ops each mode inserted. `report`, a writable file, receives one
    CSV line per program: seed, status and moves per mode. `generator`: the
    options of generate() besides the seed."""
    summary = collections.Counter()
    worse = []
    if report is not None:
        report.write("seed,tile_status,tile_moves,buffer_ir_status,buffer_ir_moves\n")
    for seed in seeds:
        text = generate(seed, **generator)
        conflicts = generator.get("clobbering_destinations", False)
        tile = run_one(text, seed, enable_buffer_ir=False, user_conflicts=conflicts)
        bir = run_one(text, seed, enable_buffer_ir=True, user_conflicts=conflicts)
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
        from ... import pto
        from .. import toolchain
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
    from ... import passes
    from ...contract import CAPACITIES

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
    from ... import ir
    from ...compiler import pipeline_text, planned_stats, resolve_options
    from ...passmanager import PassManager

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
                from .. import toolchain

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
        # Every line a comment: a reason may span lines (ptoas's errors do),
        # and the file must parse as it is.
        header = "\n".join("// " + line for line in f"{status}: {reason}".splitlines())
        f.write(f"{header}\n{text}")
        if output:
            f.write("\n// pipeline output:\n" + "\n".join("// " + l for l in output.splitlines()))
    return path
