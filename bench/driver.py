"""The Python driver against the C++ tools on the same pipeline.

    .venv/bin/python bench/driver.py --sizes 1e4,3e4,1e5,2e5 --out bench/results

For each size, a `bench/gen.py` program (shape ``seq`` by default) goes
through the same work twice, each in a fresh process:

- ``tilemem compile FILE --memory-planner P -o OUT`` (the Python driver:
  parse, ``tile-memory-pipeline``, statistics, PTO emission);
- ``tile-opt FILE --tile-memory-pipeline=memory-planner=P | tile-translate
  --tile-to-pto --pto-level=L -o OUT`` (the C++ tools, the planned module
  printed by one and parsed by the other).

Wall time is the best of ``--repeat`` runs; peak memory is each process's
maximum resident set (``wait4``): the driver's one process against the
larger of the two tools (which run at the same time in the pipe) and their
sum. Both outputs are compared byte for byte, so the driver is timed doing
the tools' exact work. The target (issue 16) is a driver within 1.3x of the
tools in time and memory at 2e5 ops. Writes ``driver.md`` and
``driver.json`` into ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import gen  # noqa: E402

BUILD = os.path.join(ROOT, "build")
TILE_OPT = os.path.join(BUILD, "bin", "tile-opt")
TILE_TRANSLATE = os.path.join(BUILD, "bin", "tile-translate")
PYTHON_PACKAGES = os.environ.get("TILEMEM_PYTHON_PACKAGES", os.path.join(BUILD, "python_packages"))


def _run(commands: list[list[str]], stdout_path: str) -> tuple[float, list[int]]:
    """Runs `commands` as a pipe (stdout of each into the next, the last
    into `stdout_path`); returns the wall seconds and each process's peak
    RSS in bytes."""
    env = dict(os.environ, PYTHONPATH=PYTHON_PACKAGES)
    started = time.perf_counter()
    processes = []
    previous = None
    with open(stdout_path, "wb") as out:
        for index, command in enumerate(commands):
            last = index == len(commands) - 1
            process = subprocess.Popen(
                command,
                stdin=previous.stdout if previous else subprocess.DEVNULL,
                stdout=out if last else subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
            )
            if previous:
                previous.stdout.close()  # the next process owns the pipe
            processes.append(process)
            previous = process
        peaks, errors = [], []
        for process in processes:
            _, status, usage = os.wait4(process.pid, 0)
            process.returncode = os.waitstatus_to_exitcode(status)
            peaks.append(usage.ru_maxrss * 1024)  # KiB on Linux
            errors.append(process.stderr.read().decode(errors="replace"))
            process.stderr.close()
    wall = time.perf_counter() - started
    for process, error in zip(processes, errors):
        if process.returncode != 0:
            raise RuntimeError(f"{process.args} failed ({process.returncode}):\n{error[-2000:]}")
    return wall, peaks


def measure(path: str, planner: str, repeat: int, work: str) -> dict:
    level = "level2" if planner == "ptoas" else "level3"
    driver_out = os.path.join(work, "driver.pto")
    tools_out = os.path.join(work, "tools.pto")
    driver_cmd = [[sys.executable, "-m", "tilemem", "compile", path, "--memory-planner", planner]]
    tools_cmd = [
        [TILE_OPT, path, f"--tile-memory-pipeline=memory-planner={planner}"],
        [TILE_TRANSLATE, "--tile-to-pto", f"--pto-level={level}"],
    ]
    best = {"driver": None, "tools": None}
    for _ in range(repeat):
        for name, commands, out in (
            ("driver", driver_cmd, driver_out),
            ("tools", tools_cmd, tools_out),
        ):
            wall, peaks = _run(commands, out)
            if best[name] is None or wall < best[name]["seconds"]:
                best[name] = {"seconds": wall, "peaks": peaks}
    with open(driver_out, "rb") as a, open(tools_out, "rb") as b:
        same = a.read() == b.read()
    driver, tools = best["driver"], best["tools"]
    return {
        "driver_seconds": driver["seconds"],
        "driver_peak_bytes": driver["peaks"][0],
        "tools_seconds": tools["seconds"],
        "tile_opt_peak_bytes": tools["peaks"][0],
        "tile_translate_peak_bytes": tools["peaks"][1],
        "time_ratio": driver["seconds"] / tools["seconds"],
        "memory_ratio_max": driver["peaks"][0] / max(tools["peaks"]),
        "memory_ratio_sum": driver["peaks"][0] / sum(tools["peaks"]),
        "same_output": same,
    }


def _mb(n: int) -> str:
    return f"{n / 1e6:.0f}"


def report(rows: list[dict], args) -> str:
    out = [
        "# The Python driver against tile-opt + tile-translate",
        "",
        f"`bench/driver.py --shape {args.shape} --memory-planner {args.memory_planner} "
        f"--repeat {args.repeat}` on {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, {time.strftime('%Y-%m-%d')}. Time: best wall of "
        f"{args.repeat}; memory: peak RSS (MB). Target: driver / tools <= 1.3.",
        "",
        "| ops | driver s | tools s | time ratio | driver MB | tile-opt MB | tile-translate MB "
        "| memory ratio (max) | (sum) | same PTO |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|",
    ]
    for r in rows:
        out.append(
            f"| {r['ops']:,} | {r['driver_seconds']:.2f} | {r['tools_seconds']:.2f} "
            f"| {r['time_ratio']:.2f} | {_mb(r['driver_peak_bytes'])} "
            f"| {_mb(r['tile_opt_peak_bytes'])} | {_mb(r['tile_translate_peak_bytes'])} "
            f"| {r['memory_ratio_max']:.2f} | {r['memory_ratio_sum']:.2f} "
            f"| {'yes' if r['same_output'] else 'NO'} |"
        )
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1e4,3e4,1e5,2e5", help="op counts, comma-separated")
    parser.add_argument("--shape", default="seq", choices=gen.SHAPES)
    parser.add_argument("--memory-planner", default="dsa-rp", choices=("pypto", "dsa-rp", "ptoas"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", default=None, help="write driver.md and driver.json here")
    args = parser.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory(prefix="tilemem-driver-") as work:
        for size in args.sizes.split(","):
            ops = int(float(size))
            path = os.path.join(work, f"{args.shape}-{ops}.mlir")
            with open(path, "w") as f:
                f.write(gen.generate(args.shape, ops).text)
            row = {"ops": ops, **measure(path, args.memory_planner, args.repeat, work)}
            rows.append(row)
            print(
                f"{ops:>8} ops: driver {row['driver_seconds']:.2f} s "
                f"{_mb(row['driver_peak_bytes'])} MB, tools {row['tools_seconds']:.2f} s "
                f"{_mb(max(row['tile_opt_peak_bytes'], row['tile_translate_peak_bytes']))} MB "
                f"(time {row['time_ratio']:.2f}x, memory {row['memory_ratio_max']:.2f}x), "
                f"same PTO: {row['same_output']}",
                flush=True,
            )
    text = report(rows, args)
    print(text)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "driver.md"), "w") as f:
            f.write(text)
        with open(os.path.join(args.out, "driver.json"), "w") as f:
            json.dump(rows, f, indent=2)
    return 0 if all(r["same_output"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
