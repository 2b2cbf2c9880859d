"""What real ptoas and pto-isa's simulator do with tilemem's PTO on a fuzz corpus.

    eval "$(scripts/toolchain-env.sh)"
    PYTHONPATH=build/python_packages .venv/bin/python bench/ptoas_corpus.py \\
        --seeds 20000001-20001000 [--corpus default|branch-heavy|both] \\
        [--planners pypto,dsa-rp,ptoas] [--chunk 150] [--json out.json] [--failures DIR]

For every seed (and corpus), `tilemem.testing.fuzz.generate(seed, tensor_outputs=True,
branch_heavy=...)` makes a module; it is kept when it returns only tensors
and the storage legalization accepts it with matching results
(`fuzz.run_one(...).status == "ok"`). Each kept program then goes through the
chain once per planner and Buffer-IR mode (`tilemem.testing.corpus.run`,
whose docstring lists the outcomes). The summary prints, per planner and in
total, the counts and the figures of the issue's target: ptoas's acceptance
rate over what tilemem emitted, and over what ptoas accepted, the share that
compiled, ran and matched. `--failures DIR` writes every non-pass,
non-pipeline job's kernel (with its outcome as a first-line comment).
`python -m tilemem.fuzz --execute` runs the same chain on the fuzzer's
programs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time


def _seeds(text: str):
    out = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="20000001-20000100")
    parser.add_argument("--corpus", choices=("default", "branch-heavy", "both"), default="both")
    parser.add_argument("--planners", default="pypto,dsa-rp,ptoas")
    parser.add_argument("--chunk", type=int, default=150)
    parser.add_argument("--json", help="write every job's outcome here")
    parser.add_argument("--failures", help="write the kernels of failed jobs here")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument(
        "--enable-buffer-ir",
        choices=("true", "false", "both"),
        default="both",
        help="the legalization mode(s) every job is compiled in",
    )
    args = parser.parse_args(argv)

    from tilemem.testing import corpus as chain_corpus
    from tilemem.testing import fuzz
    from tilemem.testing import toolchain as tc

    tools = tc.find_tools()
    planners = args.planners.split(",")
    modes = {"true": [True], "false": [False], "both": [True, False]}[args.enable_buffer_ir]
    corpora = {"default": [False], "branch-heavy": [True], "both": [False, True]}[args.corpus]
    started = time.perf_counter()
    records = []
    programs = 0
    for buffer_ir in modes:
        kept = []
        generated = 0
        for heavy in corpora:
            for seed in _seeds(args.seeds):
                generated += 1
                text = fuzz.generate(seed, tensor_outputs=True, branch_heavy=heavy)
                if not fuzz._returns_only_tensors(text):
                    continue
                if fuzz.run_one(text, seed, enable_buffer_ir=buffer_ir).status != "ok":
                    continue
                kept.append(
                    chain_corpus.Program("branch-heavy" if heavy else "default", seed, text)
                )
        programs += len(kept)
        if not args.quiet:
            print(
                f"buffer IR {buffer_ir}: {len(kept)} of {generated} programs kept "
                f"({time.perf_counter() - started:.0f} s)",
                file=sys.stderr,
            )

        def progress(done, total):
            if not args.quiet:
                print(
                    f"  {done}/{total} jobs ({time.perf_counter() - started:.0f} s)",
                    file=sys.stderr,
                )

        records += chain_corpus.run(
            kept,
            planners,
            enable_buffer_ir=buffer_ir,
            chunk=args.chunk,
            tools=tools,
            failures=args.failures,
            on_chunk=progress,
        )

    print(
        f"seeds {args.seeds}, corpus {args.corpus}, buffer IR {args.enable_buffer_ir}: "
        f"{programs} programs, {len(records)} jobs, {time.perf_counter() - started:.0f} s"
    )
    print(chain_corpus.summary(records, planners))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {
                    "seeds": args.seeds,
                    "corpus": args.corpus,
                    "buffer_ir": args.enable_buffer_ir,
                    "programs": programs,
                    "records": records,
                },
                f,
                indent=1,
            )
    return 1 if chain_corpus.failed(records) else 0


if __name__ == "__main__":
    sys.exit(main())
