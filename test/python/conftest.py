"""pytest setup: import the built `tilemem` package from build/.

A missing or broken build fails the tests; it is never skipped.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE_DIR = os.environ.get(
    "TILEMEM_PYTHON_PACKAGES", os.path.join(ROOT, "build", "python_packages")
)
if not os.path.isdir(os.path.join(PACKAGE_DIR, "tilemem")):
    raise RuntimeError(f"tilemem is not built in {PACKAGE_DIR}: run scripts/setup.sh first")
sys.path.insert(0, PACKAGE_DIR)

TILE_OPT = os.path.join(ROOT, "build", "bin", "tile-opt")
EXAMPLES = os.path.join(ROOT, "examples")
KERNELS = os.path.join(ROOT, "kernels")


# The planners every corpus test runs with.
PLANNERS = ("pypto", "dsa-rp", "ptoas")


def tools_or_skip():
    """The real toolchain (ptoas, pto-isa), or a skip that says what is missing."""
    import pytest
    from tilemem.testing import toolchain

    try:
        return toolchain.find_tools()
    except toolchain.ToolchainUnavailable as error:
        pytest.skip(str(error))


def planmemory_log(tools, text: str, directory, name: str) -> str:
    """ptoas's PlanMemory account (--debug-only=pto-plan-memory) of the PTO
    the ptoas planner emits for `text` (files in `directory`). Its
    "Buffer2Life" gives each buffer's lifetime, "freeTime : -1" for one it
    never frees, and "Need-Plan-CurEntry" shows it planned with reuse."""
    import tilemem
    from tilemem.testing import toolchain

    compiled = tilemem.compile(text, memory_planner="ptoas")
    pto = directory / f"{name}.pto"
    pto.write_text(compiled.pto)
    outcome = toolchain.run_ptoas(
        tools.ptoas,
        str(pto),
        str(directory / f"{name}.cpp"),
        compiled.options["pto_level"],
        compiled.options["arch"],
        insert_sync=False,
        extra_args=["--debug-only=pto-plan-memory"],
    )
    assert outcome.status == "accepted", outcome.message
    return outcome.stderr


# Two acc carries swapped every iteration: a cycle that would need an
# acc->acc copy, which no arch has (a documented rejection).
SWAP_ACC = """
func.func @swap(%l: !tile.tile<8x8xf16, left>, %r: !tile.tile<8x8xf16, right>, %n: index) -> !tile.tile<8x8xf32, acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.matmul %l, %r : !tile.tile<8x8xf16, left>, !tile.tile<8x8xf16, right> -> !tile.tile<8x8xf32, acc>
  %b0 = tile.matmul %l, %r : !tile.tile<8x8xf16, left>, !tile.tile<8x8xf16, right> -> !tile.tile<8x8xf32, acc>
  %x:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!tile.tile<8x8xf32, acc>, !tile.tile<8x8xf32, acc>) {
    scf.yield %b, %a : !tile.tile<8x8xf32, acc>, !tile.tile<8x8xf32, acc>
  }
  return %x#0 : !tile.tile<8x8xf32, acc>
}
"""


def one_trip_loop_nest(depth: int, carried_type: str, init: str, innermost) -> list:
    """The lines of `depth` nested one-trip scf.for loops (on %c0 and %c1,
    which the caller defines) carrying one value of `carried_type` from
    `init`; `innermost(carried)` gives the innermost body's lines, ending in
    its scf.yield. The outermost loop's result is %r0."""
    lines = [
        f"%r{k} = scf.for %i{k} = %c0 to %c1 step %c1 iter_args("
        f"%carried{k} = {init if k == 0 else f'%carried{k - 1}'}) -> ({carried_type}) {{"
        for k in range(depth)
    ]
    lines += innermost(f"%carried{depth - 1}")
    for k in reversed(range(depth)):
        lines.append("}")
        if k:
            lines.append(f"scf.yield %r{k} : {carried_type}")
    return lines


def _fuzz_base() -> int:
    """The first fuzz seed of this run: $TILEMEM_FUZZ_SEED, else derived from
    the checked-out commit, so every commit (and so every CI run) tries
    programs no earlier run tried, and a failure reproduces from the commit."""
    import subprocess

    if os.environ.get("TILEMEM_FUZZ_SEED"):
        return int(os.environ["TILEMEM_FUZZ_SEED"])
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return 1
    # Far from the small seeds the docs' records use.
    return 10_000_000 + int(head[:8], 16) % 1_000_000_000


FUZZ_BASE = _fuzz_base()


def fuzz_seeds(count: int, salt: int = 0) -> list:
    """`count` seeds of this run for one fuzz slice (`salt` tells slices apart)."""
    first = FUZZ_BASE + salt * 100_003
    return list(range(first, first + count))


def pytest_report_header(config):
    return (
        f"fuzz slices start at seed {FUZZ_BASE} (TILEMEM_FUZZ_SEED={FUZZ_BASE} reproduces this run)"
    )
