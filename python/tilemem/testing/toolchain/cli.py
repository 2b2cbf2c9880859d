"""``python -m tilemem.testing.toolchain``: the command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from .chain import Job, run_batch
from .tools import ToolchainUnavailable, find_tools


def _parse_scalar(text: str) -> tuple[int, Any]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected K=VALUE, got {text!r}")
    v: Any
    low = value.strip().lower()
    if low in ("true", "false"):
        v = low == "true"
    else:
        try:
            v = int(value, 0)
        except ValueError:
            v = float(value)
    return int(key), v


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tilemem.testing.toolchain",
        description="Run tile kernels through tilemem's PTO emission, the real ptoas and "
        "pto-isa's CPU simulator, and compare with the reference interpreter.",
    )
    parser.add_argument("kernels", nargs="+", metavar="KERNEL.mlir")
    parser.add_argument(
        "--memory-planner",
        default="pypto",
        help="pypto, dsa-rp, ptoas, a comma-separated list, or all",
    )
    parser.add_argument("--level", default="auto", choices=("auto", "level2", "level3"))
    parser.add_argument("--arch", default=None, choices=("a3", "a5"))
    parser.add_argument("--enable-buffer-ir", default=None, choices=("true", "false"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--scalar",
        type=_parse_scalar,
        action="append",
        default=[],
        metavar="K=VALUE",
        help="value of scalar argument K (0-based)",
    )
    parser.add_argument("--function", default=None)
    parser.add_argument(
        "--no-insert-sync", action="store_true", help="do not pass --enable-insert-sync to ptoas"
    )
    parser.add_argument("--no-pch", action="store_true", help="no precompiled prelude")
    parser.add_argument(
        "--no-batch", action="store_true", help="one driver (one g++ run) per kernel"
    )
    parser.add_argument(
        "--keep", default=None, metavar="DIR", help="keep every intermediate file in DIR"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    from tilemem.compiler import PLANNERS

    planners = (
        list(PLANNERS)
        if args.memory_planner == "all"
        else [p.strip() for p in args.memory_planner.split(",") if p.strip()]
    )
    buffer_ir = None if args.enable_buffer_ir is None else args.enable_buffer_ir == "true"
    jobs = [
        Job(
            k,
            memory_planner=p,
            level=args.level,
            seed=args.seed,
            scalars=dict(args.scalar) or None,
            function=args.function,
            enable_buffer_ir=buffer_ir,
            arch=args.arch,
            insert_sync=not args.no_insert_sync,
        )
        for k in args.kernels
        for p in planners
    ]
    try:
        tools = find_tools()
    except ToolchainUnavailable as error:
        print(f"toolchain: {error}", file=sys.stderr)
        return 2
    results = run_batch(
        jobs, keep=args.keep, tools=tools, pch=not args.no_pch, batch=not args.no_batch
    )
    if args.json:
        print(json.dumps([r.to_dict() for r in results], indent=2, default=str))
    else:
        print(f"# ptoas: {tools.ptoas}\n# pto-isa: {tools.pto_isa}")
        for r in results:
            print(r.report())
    return 0 if all(r.ok for r in results) else 1
