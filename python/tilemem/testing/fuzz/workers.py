"""One seed in a worker process (`run_seed`), and the pool of worker
processes the command line runs seeds in (`_results`): a compiler crash
kills a worker, not the fuzzer."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from ..fuzz_gen import generate
from .checks import Outcome, PlannerOutcome, run_one, run_planner


@dataclass
class SeedResult:
    seed: int
    text: str
    legalization: Outcome
    planners: dict[str, PlannerOutcome] = field(default_factory=dict)


def run_seed(job) -> SeedResult:
    """Everything the fuzzer does with one seed (picklable for --jobs)."""
    seed, options = job
    # Half the programs return only tensors, so that their PTO is emitted.
    tensor_outputs = bool(options["planners"]) and seed % 2 == 0
    text = generate(seed, tensor_outputs=tensor_outputs, **options["generator"])
    legalization = run_one(
        text,
        seed,
        enable_buffer_ir=options["buffer_ir"],
        user_conflicts=options["generator"].get("clobbering_destinations", False),
    )
    result = SeedResult(seed, text, legalization)
    if result.legalization.status == "ok":
        for planner in options["planners"]:
            result.planners[planner] = run_planner(
                text, seed, planner, enable_buffer_ir=options["buffer_ir"]
            )
    if not options["keep_text"]:
        failing = (
            result.legalization.status in ("mismatch", "invalid")
            or result.legalization.reason.startswith("other")
            or any(
                p.status in ("mismatch", "pto-error", "address-error")
                or p.reason.startswith("other")
                for p in result.planners.values()
            )
        )
        if not failing:
            result.text = ""
            result.legalization.output = ""
            for p in result.planners.values():
                p.output = ""
    return result


def _worker(connection, work) -> None:
    """A worker process: runs `work` on each job it receives, until None."""
    while True:
        job = connection.recv()
        if job is None:
            return
        connection.send(work(job))


def _results(jobs, count: int, workers: int, progress: bool, work=run_seed):
    """Yields ``(job, result)`` for every job, in any order, running `work` in
    `workers` worker processes (at least one: a crash in the compiler must
    not take the fuzzer down). A job whose worker dies yields ``(job,
    None)`` and the worker is replaced, so every other job still runs."""
    import multiprocessing
    from multiprocessing.connection import wait

    bar = None
    if progress:
        try:
            from tqdm import tqdm

            bar = tqdm(total=count, unit="program", file=sys.stderr, smoothing=0.05)
        except ImportError:  # progress is optional
            bar = None
    # Workers fork from a fork server that has imported nothing but this
    # module, not from the caller: a caller holding MLIR objects (pytest,
    # a notebook) would hand each child a copy of its heap, whose MLIR
    # objects the child's garbage collector then destroys (a segfault).
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    pending = iter(jobs)
    running = {}  # connection -> (process, job)

    def start():
        parent, child = context.Pipe()
        process = context.Process(target=_worker, args=(child, work), daemon=True)
        process.start()
        child.close()
        return parent, process

    def feed(connection, process) -> bool:
        job = next(pending, None)
        if job is None:
            connection.send(None)
            process.join()
            return False
        connection.send(job)
        running[connection] = (process, job)
        return True

    try:
        for _ in range(max(1, workers)):
            connection, process = start()
            if not feed(connection, process):
                break
        while running:
            sentinels = {
                process.sentinel: connection for connection, (process, _) in running.items()
            }
            for ready in wait(list(running) + list(sentinels)):
                connection = sentinels.get(ready, ready)
                if connection not in running:
                    continue
                process, job = running.pop(connection)
                try:
                    result = connection.recv()
                except (EOFError, OSError):  # the worker died on this job
                    result = None
                    process.join()
                    connection, process = start()
                if bar is not None:
                    bar.update(1)
                yield job, result
                feed(connection, process)
    finally:
        if bar is not None:
            bar.close()
        for process, _ in running.values():
            process.kill()
