#!/usr/bin/env python3
"""Proves a change leaves the compiler's output byte-identical.

Runs two builds of the tools (a baseline and a candidate ``bin/`` directory,
each with ``tile-opt`` and ``tile-translate``) on the same inputs and
compares everything they print, stdout and stderr, byte for byte:

- every pipeline configuration: ``tile-memory-pipeline`` for each memory
  planner (pypto, dsa-rp, ptoas) in both Buffer-IR modes, then PTO emission
  (``tile-translate --tile-to-pto``) of the planned modules;
- the inputs: ``examples/*.mlir``, the bench shapes (``bench/gen.py``) at
  ``--bench-ops`` operations, and ``--fuzz-count`` fuzz programs from
  ``--seed`` (``tilemem.fuzz_gen``: half of them branch-heavy, half returning
  only tensors, every fourth with boundary shapes), run in chunks through
  ``--split-input-file`` so a chunk costs one process per tool.

    scripts/compare-pipeline-output.py --baseline /tmp/base/bin --candidate build/bin \\
        --fuzz-count 20000 --seed 91000001 --jobs 2

Exits 1 and prints the first differing input of each configuration when
any output differs. Keep the baseline build (``cp -r build/bin``) before the
change; the Python package of the candidate generates the fuzz programs.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import difflib
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPLIT = "\n// -----\n"
PLANNERS = ("pypto", "dsa-rp", "ptoas")
BENCH_SHAPES = ("seq", "nest", "branch", "carries", "views")


def _configurations():
    for buffer_ir in ("true", "false"):
        for planner in PLANNERS:
            yield f"memory-planner={planner} enable-buffer-ir={buffer_ir}"


def _run(tools: str, path: str, options: str, split: bool) -> bytes:
    """The pipeline's and the emitter's output on `path`, as one byte string."""
    flags = ["--split-input-file"] if split else []
    opt = subprocess.run(
        [os.path.join(tools, "tile-opt"), *flags, path, f"--tile-memory-pipeline={options}"],
        capture_output=True,
    )
    translate = subprocess.run(
        [os.path.join(tools, "tile-translate"), *flags, "--tile-to-pto", "-"],
        input=opt.stdout,
        capture_output=True,
    )
    return b"".join(
        [
            b"== tile-opt rc=%d\n" % opt.returncode,
            opt.stdout,
            b"== tile-opt stderr\n",
            opt.stderr,
            b"== tile-translate rc=%d\n" % translate.returncode,
            translate.stdout,
            b"== tile-translate stderr\n",
            translate.stderr,
        ]
    )


def _compare(job):
    baseline, candidate, path, options, split = job
    old = _run(baseline, path, options, split)
    new = _run(candidate, path, options, split)
    if old == new:
        return None
    diff = difflib.unified_diff(
        old.decode(errors="replace").splitlines(),
        new.decode(errors="replace").splitlines(),
        "baseline",
        "candidate",
        lineterm="",
        n=2,
    )
    return f"{path} [{options}]\n" + "\n".join(list(diff)[:60])


def _inputs(args, scratch: str) -> list[tuple[str, bool]]:
    inputs = []
    examples = os.path.join(ROOT, "examples")
    for name in sorted(os.listdir(examples)):
        if name.endswith(".mlir"):
            inputs.append((os.path.join(examples, name), False))
    if args.bench_ops:
        sys.path.insert(0, os.path.join(ROOT, "bench"))
        import gen

        for shape in BENCH_SHAPES:
            path = os.path.join(scratch, f"bench-{shape}.mlir")
            with open(path, "w") as f:
                f.write(gen.generate(shape, args.bench_ops).text)
            inputs.append((path, False))
    if args.fuzz_count:
        from tilemem.testing.fuzz_gen import generate

        seeds = list(range(args.seed, args.seed + args.fuzz_count))
        for start in range(0, len(seeds), args.chunk):
            chunk = seeds[start : start + args.chunk]
            path = os.path.join(scratch, f"fuzz-{chunk[0]}-{chunk[-1]}.mlir")
            with open(path, "w") as f:
                f.write(
                    SPLIT.join(
                        generate(
                            seed,
                            branch_heavy=seed % 2 == 1,
                            tensor_outputs=seed % 4 < 2,
                            boundary=seed % 4 == 3,
                        )
                        for seed in chunk
                    )
                )
            inputs.append((path, True))
    return inputs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", required=True, help="bin/ of the build before the change")
    parser.add_argument("--candidate", default=os.path.join(ROOT, "build", "bin"))
    parser.add_argument("--fuzz-count", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1, help="first fuzz seed")
    parser.add_argument("--chunk", type=int, default=250, help="fuzz programs per process")
    parser.add_argument("--bench-ops", type=int, default=0, help="bench shapes at this size")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        inputs = _inputs(args, scratch)
        jobs = [
            (args.baseline, args.candidate, path, options, split)
            for path, split in inputs
            for options in _configurations()
        ]
        differences = []
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for done, difference in enumerate(pool.map(_compare, jobs), 1):
                if difference:
                    differences.append(difference)
                    print(difference, flush=True)
                if done % 50 == 0 or done == len(jobs):
                    print(f"[{done}/{len(jobs)}] compared", file=sys.stderr, flush=True)
    fuzz = f", {args.fuzz_count} fuzz programs from seed {args.seed}" if args.fuzz_count else ""
    print(
        f"{len(inputs)} inputs ({args.bench_ops or 'no'} bench ops{fuzz}) x "
        f"{len(list(_configurations()))} configurations: "
        + (f"{len(differences)} differ" if differences else "identical")
    )
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
