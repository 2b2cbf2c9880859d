"""Costs of the simulator chain (tilemem.testing.toolchain).

    eval "$(scripts/toolchain-env.sh)"
    PYTHONPATH=build/python_packages .venv/bin/python bench/toolchain_costs.py [--repeat 2]

In a fresh compile cache (a temporary ``TILEMEM_CACHE``, so the precompiled
prelude is built once here and timed), runs the 12 jobs of the examples
(examples/*.mlir x pypto, dsa-rp, ptoas) through the whole chain four ways --
with and without the precompiled prelude, one translation unit for all of
them (``batch``) and one per kernel -- and prints, per way, the g++ wall and
CPU seconds (user + sys of g++ and its children) per kernel, plus the ptoas
and run times. CPU seconds are the figure to compare on a shared machine;
the load average is printed with them.
"""

from __future__ import annotations

import argparse
import glob
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    from tilemem.testing import toolchain as tc

    tools = tc.find_tools()  # may find the tools in the real cache
    # ... but the compile cache (the precompiled prelude) is fresh.
    os.environ["TILEMEM_CACHE"] = tempfile.mkdtemp(prefix="tilemem-cost-cache-")
    started, cpu = time.perf_counter(), tc._children_cpu()
    setup = tc.prepare_compiler(tools, pch=True)
    pch_wall, pch_cpu = time.perf_counter() - started, tc._children_cpu() - cpu
    gch = os.path.join(os.path.dirname(setup.prelude), "prelude.h.gch")
    print(f"g++: {tc._compiler_identity(tools.cxx).splitlines()[-1]}")
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    print(
        f"precompiled prelude: {pch_wall:.2f} s wall, {pch_cpu:.2f} s CPU, "
        f"{os.path.getsize(gch) / 2**20:.0f} MiB, once per cache key"
    )
    files = sorted(glob.glob(os.path.join(ROOT, "examples", "*.mlir")))
    jobs = [tc.Job(f, memory_planner=p) for f in files for p in ("pypto", "dsa-rp", "ptoas")]
    rows = []
    ptoas_times, run_times = [], []
    for pch in (True, False):
        for batch in (True, False):
            walls, cpus = [], []
            for _ in range(args.repeat):
                results = tc.run_batch(jobs, tools=tools, pch=pch, batch=batch)
                bad = [r.report() for r in results if not r.ok]
                if bad:
                    print("\n".join(bad), file=sys.stderr)
                seen, wall, cpu = set(), 0.0, 0.0
                for r in results:
                    d = r.stages["compile"].detail
                    key = tuple(d["command"])
                    if key in seen:
                        continue
                    seen.add(key)
                    wall += d["batch_seconds"]
                    cpu += d["batch_cpu_seconds"]
                walls.append(wall / len(results))
                cpus.append(cpu / len(results))
                ptoas_times += [r.stages["ptoas"].seconds for r in results]
                run_times += [r.stages["run"].detail["cpu_seconds"] for r in results]
            rows.append((pch, batch, min(walls), min(cpus), os.getloadavg()[0]))
    print()
    print(
        "| precompiled prelude | translation units | g++ wall / kernel | g++ CPU / kernel | load |"
    )
    print("|---|---|---|---|---|")
    for pch, batch, wall, cpu, load in rows:
        print(
            f"| {'yes' if pch else 'no'} | {'one for all ' + str(len(jobs)) if batch else 'one per kernel'}"
            f" | {wall:.2f} s | {cpu:.2f} s | {load:.1f} |"
        )
    print()
    print(
        f"ptoas: median {statistics.median(ptoas_times):.3f} s wall per kernel; "
        f"run: median {statistics.median(run_times):.3f} s CPU per kernel"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
