"""The results of the chain (per stage, per output, per kernel) and the
classification of known failures (``KNOWN_CLASSES``)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from .ptoas import PtoasOutcome
from .settings import STAGES
from .signature import KernelSignature


@dataclasses.dataclass
class StageOutcome:
    """``status``: ok / failed / skipped (a skipped stage was not needed or
    cannot be checked, e.g. bf16 outputs); ``message``; ``seconds``."""

    name: str
    status: str
    message: str = ""
    seconds: float = 0.0
    detail: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class OutputCheck:
    """One tensor argument after the run. ``result``: the function result
    compared with it (None: the argument is compared with its input, or not
    at all when ``checked`` is False, see ``note``). ``mismatches`` of
    ``total`` elements (``poison`` reference elements not compared);
    ``max_abs_error``; ``first``: (row, col, reference, simulator) of the
    first mismatch."""

    arg: int
    name: str
    type: str
    result: int | None
    checked: bool
    total: int = 0
    mismatches: int = 0
    poison: int = 0
    max_abs_error: float = 0.0
    first: tuple[int, int, Any, Any] | None = None
    note: str = ""

    def describe(self) -> str:
        what = f"%{self.name} (arg {self.arg}, {self.type[len('!tile.tensor<') : -1]})"
        if self.result is not None:
            what += f" = result {self.result}"
        elif self.checked:
            what += " unchanged"
        if not self.checked:
            return f"{what}: not compared ({self.note})"
        text = f"{what}: {self.mismatches} of {self.total} mismatch"
        if self.max_abs_error:
            text += f", max |err| {self.max_abs_error:.3g}"
        if self.first is not None:
            r, c, ref, got = self.first
            text += f", first at ({r}, {c}): reference {ref!r}, simulator {got!r}"
        if self.poison:
            text += f", {self.poison} poison element(s) not compared"
        if self.note:
            text += f" ({self.note})"
        return text


@dataclasses.dataclass
class ChainResult:
    """The outcome of one kernel through the chain. ``stage``: the stage
    that failed, or ``compare`` when every stage passed (``ok``);
    ``stages``: each attempted stage's :class:`StageOutcome`; ``ptoas``: its
    :class:`PtoasOutcome`; ``outputs``: one :class:`OutputCheck` per tensor
    argument; ``messages``; ``failure_class``: a known class
    (``KNOWN_CLASSES``) the failure matches, if any; ``files``: paths of the
    intermediate files (kept only with ``keep``)."""

    kernel: str
    planner: str
    level: str
    arch: str
    stage: str = "emit"
    ok: bool = False
    stages: dict[str, StageOutcome] = dataclasses.field(default_factory=dict)
    ptoas: PtoasOutcome | None = None
    outputs: list[OutputCheck] = dataclasses.field(default_factory=list)
    messages: list[str] = dataclasses.field(default_factory=list)
    failure_class: str | None = None
    files: dict[str, str] = dataclasses.field(default_factory=dict)
    signature: KernelSignature | None = None
    inputs: list | None = None
    kernel_text: str = dataclasses.field(default="", repr=False)
    pto_text: str = dataclasses.field(default="", repr=False)

    @property
    def unchecked(self) -> bool:
        """It ran, but the simulator cannot compute what it does (the
        compare stage was skipped: :func:`compare.unverifiable`)."""
        compared = self.stages.get("compare")
        return compared is not None and compared.status == "skipped"

    @property
    def mismatches(self) -> dict[str, int]:
        return {o.name: o.mismatches for o in self.outputs if o.checked}

    def _set(self, outcome: StageOutcome) -> StageOutcome:
        self.stages[outcome.name] = outcome
        self.stage = outcome.name
        return outcome

    def report(self) -> str:
        head = f"{self.kernel} [{self.planner} {self.level} {self.arch}]: "
        if self.ok:
            head += "PASS"
        elif self.unchecked:
            head += "NOT CHECKED"
        else:
            head += f"FAIL at {self.stage}"
        if self.failure_class:
            head += f" ({self.failure_class})"
        lines = [head]
        for name in STAGES:
            s = self.stages.get(name)
            if s is None:
                continue
            status = s.status
            if name == "ptoas" and self.ptoas is not None:
                status = self.ptoas.status
                if self.ptoas.signal:
                    status += f" ({self.ptoas.signal})"
            line = f"  {name:<8} {status:<10} {s.seconds:7.3f}s"
            if s.message:
                msg = s.message.strip().splitlines()
                line += "  " + msg[0]
                lines.append(line)
                lines.extend("      " + m for m in msg[1:8])
            else:
                lines.append(line)
            if name == "compare":
                lines.extend("      " + o.describe() for o in self.outputs)
        for m in self.messages:
            lines.append("  note: " + m)
        return "\n".join(lines)

    def to_dict(self) -> dict:
        d = {
            "kernel": self.kernel,
            "planner": self.planner,
            "level": self.level,
            "arch": self.arch,
            "stage": self.stage,
            "ok": self.ok,
            "failure_class": self.failure_class,
            "messages": list(self.messages),
            "stages": {k: dataclasses.asdict(v) for k, v in self.stages.items()},
            "outputs": [dataclasses.asdict(o) for o in self.outputs],
            "files": dict(self.files),
        }
        if self.ptoas is not None:
            p = dataclasses.asdict(self.ptoas)
            p["stderr"] = p["stderr"][-4000:]
            d["ptoas"] = p
        return d


# Known failure classes (found by /work/shared/ptoas/README.md,
# /work/shared/pto-isa/README.md and this harness; docs/pto-emission.md,
# "Running on the simulator"): name -> (stage, regex over the stage's
# diagnostics, what it is). A kernel can have several; the first matching
# entry names it.
KNOWN_CLASSES: dict[str, tuple[str, str, str]] = {
    "ptoas-while-nest-crash": (
        "ptoas",
        r"cast<.*scf::YieldOp|SCFWhileToCF|YieldOp.*isa",
        "ptoas asserts in SCFWhileToCF on an scf.while nested in an scf.while",
    ),
    "transposed-view-row-major": (
        "ptoas",
        r"to use row-major layout|row_major blayout",
        "a transposed view is a col_major treshape fed to ops whose verifiers want row_major",
    ),
    "subset-before-memref": (
        "ptoas",
        r"pto\.subset source must be lowered to memref first",
        "ptoas lowers pto.subset before pto.treshape",
    ),
    "if-result-not-memref": (
        "ptoas",
        r"ins/outs are not memref yet",
        "ptoas retypes tile-typed scf.if results after the compute ops",
    ),
    "ptoas-plan-overflow": (
        "ptoas",
        # ptoas 0.27 spells it "avaliable"; when its report of the failure
        # itself fails (ReportAllocatedEntryDebugInfo), it aborts instead.
        r"overflow, requires \d+ bits while \d+ bits ava(il|li)able"
        r"|LLVM ERROR: missing failed storage entry",
        "ptoas's PlanMemory finds no plan though the tiles live together fit "
        "(tile-check-capacity): it never writes an op's result over its dying "
        "operand (IsReusePTOOp is false); once, every alloc_tile in the prologue",
    ),
    "tile-pointer-cast": (
        "compile",
        r"(invalid|cannot convert|no matching).*Tile<.*(__ubuf__|\*)"
        r"|(__ubuf__|\*)\).*Tile<|which is of non-class type .\w+\*",
        "ptoas casts a tile-typed scf.if result / block argument to a pointer",
    ),
    "transposed-view-row-major-cxx": (
        "compile",
        r"TileType of src and dst tiles must be Row Major",
        "the transposed-view class caught by pto-isa: ptoas's verifier lets a col_major "
        "source through to TADDS/TMULS, whose implementation wants row-major tiles",
    ),
    "boxed-tile-too-small": (
        "compile",
        r"Layout (rows|cols) must be divisible by inner box",
        "pto-isa rejects boxed tiles smaller than the fractal box (e.g. 8x8 f32)",
    ),
    "vec-row-not-32B": (
        "compile",
        r"Rows must be 32 bytes align",
        "pto-isa rejects row-major vec tiles whose rows are not 32-byte multiples",
    ),
}


def classify_failure(result: ChainResult) -> str | None:
    """The first known class (``KNOWN_CLASSES``, in order) a failed
    result matches, if any, by its stage's diagnostics. A wrong result
    (compare) has no class: it is always a new failure."""
    if result.ok:
        return None
    stage = result.stages.get(result.stage)
    if stage is None:
        return None
    text = stage.message
    if result.stage == "ptoas" and result.ptoas is not None:
        text += "\n" + result.ptoas.stderr[-20000:]
    if result.stage == "compile":
        text += "\n" + str(stage.detail.get("stderr", ""))[-50000:]
    if result.stage == "compare":
        return None
    for name, (where, pattern, _) in KNOWN_CLASSES.items():
        if where == result.stage and pattern and re.search(pattern, text):
            return name
    return None
