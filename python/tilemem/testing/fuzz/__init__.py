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

The package: ``checks`` (what is checked of one program: legalization,
planners, PTO), ``workers`` (one seed in a worker process, and the pool of
workers) and ``cli`` (the command line); the generator is
``tilemem.testing.fuzz_gen``.
"""

from __future__ import annotations

from ...options import PLANNERS as PLANNERS
from ..fuzz_gen import ACC as ACC
from ..fuzz_gen import OUT_TENSOR as OUT_TENSOR
from ..fuzz_gen import TENSOR as TENSOR
from ..fuzz_gen import TILE as TILE
from ..fuzz_gen import TYPES as TYPES
from ..fuzz_gen import generate as generate
from .checks import (
    ALIGNMENT,
    REJECTIONS,
    Outcome,
    PlannerOutcome,
    check_allocated,
    classify_pto_refusal,
    classify_rejection,
    compare_modes,
    pipeline,
    run_one,
    run_planner,
)
from .checks import _compare_all as _compare_all  # read by the planner tests
from .checks import _returns_only_tensors as _returns_only_tensors  # read by the tests
from .cli import main
from .workers import SeedResult, run_seed

__all__ = [
    "ALIGNMENT",
    "Outcome",
    "PlannerOutcome",
    "REJECTIONS",
    "check_allocated",
    "classify_pto_refusal",
    "classify_rejection",
    "compare_modes",
    "pipeline",
    "run_one",
    "run_planner",
    "SeedResult",
    "run_seed",
    "main",
]
