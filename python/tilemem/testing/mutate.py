"""``python -m tilemem.testing.mutate``: mutants of real programs against the
tools.

The differential fuzzer (``tilemem.fuzz``) only makes programs its generator
knows how to make. This one starts from programs written by hand (the kernel
corpus, the examples, the lit tests' inputs) and changes their text a little
at random: a line deleted, duplicated or moved, one operand replaced by
another value of the program, an op repeated under a new name (some later
uses reading the copy) or deleted (its uses reading an earlier value of its
type), a memory space, a shape or a constant changed.
Most mutants are invalid, and each must be refused with a located
diagnostic; the rest are programs nobody wrote on purpose, and each must
compile. Oracles, per mutant:

- tools: ``tile-opt`` with one of the pipelines below (every memory planner,
  Buffer IR on and off, the storage passes alone) and, when it succeeds,
  ``tile-translate --tile-to-pto``. A failure is a crash (a signal, or
  LLVM's crash banner), a hang (``--timeout``), or an error reported at no
  source location (``error:`` without ``file:line:col``);
- semantics (``--semantics``): a mutant the storage pipeline accepts runs
  through the fuzzer's checks (``fuzz.run_one``, then ``fuzz.run_planner``
  for every planner, with ptoas when it is found): storage mode must compute
  what value mode computes, plans must keep the address rules and PTO must be
  accepted. Mutants that have no defined result in value mode (a loop that
  never ends, a load outside its tensor, an output read before it is
  written), decided before anything is compiled, are counted, not
  failures: the mutant, not the compiler, is undefined; so are a dynamic
  slot of the program's own that its inputs take out of range (only storage
  mode has slots) and tensors too large for numpy to allocate. Any other
  interpreter error is a failure.
  Modules with ``tile.orchestration`` functions are left out of this
  oracle: their storage is the user's, by contract (docs/ir.md);
- execution (``--execute``, with ``--semantics``): a mutant that passed
  every semantic check and takes and returns only tensors, as a PTO kernel
  does, goes through the real toolchain once per planner
  (``tilemem.testing.corpus.run``: tilemem, ptoas, g++ against pto-isa's
  CPU simulator, the run, and a comparison with the interpreter). An
  outcome of ``corpus.FAILURES`` (ptoas rejects or crashes, the C++ does
  not compile or run, an output differs) fails the run; a located refusal
  is counted, and so is a mismatch of a mutant whose value-mode results
  move out of tolerance when its sums are rounded as float32 rounds them
  (``toolchain.compare.ill_conditioned``: rsqrt of a mean that nearly
  cancels), where the simulator's order of additions alone explains it.

Mutant ``i`` of a run with ``--seed S`` is the mutant of seed ``S + i``, so
``--seed S+i --count 1`` repeats it alone. Failing mutants are written to
``--failures`` with the mutation, the pipeline and the tool's output.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import glob
import os
import random
import re
import subprocess
import sys

from ..options import PLANNERS

# What the storage pipeline is, for the semantic oracle's first filter.
STORAGE_PIPELINE = (
    "--tile-init-memref",
    "--tile-materialize-semantic-aliases",
    "--tile-verify-storage",
)
# The tile-opt pipelines a mutant goes through (one per mutant, at random):
# every planner's memory pipeline, the Tile path, the storage passes with
# and without the pass's self-check.
PIPELINES = (
    *((f"--tile-memory-pipeline=memory-planner={planner}",) for planner in PLANNERS),
    (f"--tile-memory-pipeline=memory-planner={PLANNERS[0]} enable-buffer-ir=false",),
    STORAGE_PIPELINE,
    (
        "--tile-init-memref=erase-dead-code=false",
        "--tile-materialize-semantic-aliases=verify=false",
        "--tile-verify-storage",
    ),
)

_CRASH = re.compile(
    r"Stack dump|PLEASE submit a bug report|LLVM ERROR|Assertion .* failed|UNREACHABLE"
    r"|terminate called"
)
_LOCATED_ERROR = re.compile(r"^[^\s:][^:]*:\d+:\d+: error:", re.M)
_VALUE = re.compile(r"%[A-Za-z0-9_$.-]+(?:#\d+)?")
_SPACE = re.compile(r"\b(vec|mat|left|right|acc|bias)\b")
# A number alone or a dimension of a shape (8x16), not part of a name (%c0, f32).
_NUMBER = re.compile(r"(?<![%#.A-Za-wyz0-9_])\d+(?![0-9])")
_SPACES = ("vec", "mat", "left", "right", "acc", "bias")
# Small values, shapes, the edges of int32_t (what ptoas's C++ holds index
# values in) and of int64_t.
_NUMBERS = (
    "0",
    "1",
    "-1",
    "2",
    "3",
    "7",
    "16",
    "32",
    "64",
    "4096",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483648",
    "9223372036854775807",
)


# --- the corpus ---------------------------------------------------------------


def load_sources(paths) -> list[tuple[str, str]]:
    """(name, text) of every module in `paths`: files, directories (the
    .mlir files under them) or globs (a glob that matches nothing adds
    nothing: the shared reproducers may be absent). A lit file is split at
    ``// -----`` and its comment lines (RUN, CHECK) dropped; chunks without
    a function are left out."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            matched = sorted(glob.glob(os.path.join(path, "**", "*.mlir"), recursive=True))
        elif glob.has_magic(path):
            matched = sorted(glob.glob(path))
        else:
            matched = [path]
        files += [f for f in matched if f.endswith(".mlir")]
    sources = []
    for file in files:
        with open(file) as f:
            text = f.read()
        for index, chunk in enumerate(text.split("\n// -----\n")):
            lines = [line for line in chunk.splitlines() if not line.lstrip().startswith("//")]
            if any("func.func" in line for line in lines):
                sources.append((f"{file}#{index}", "\n".join(lines) + "\n"))
    return sources


# --- mutations ------------------------------------------------------------------
# Each takes the lines and a random source and returns the mutated lines
# with a description, or None when it does not apply to the line it drew.


def _body_lines(lines: list[str]) -> list[int]:
    """Lines inside functions that are neither headers nor closing braces."""
    skip = ("module", "func.func", "}")
    return [i for i, line in enumerate(lines) if line.strip() and not line.strip().startswith(skip)]


def _delete(rng, lines, body):
    i = rng.choice(body)
    return lines[:i] + lines[i + 1 :], f"delete line {i + 1}"


def _duplicate(rng, lines, body):
    i, j = rng.choice(body), rng.choice(body)
    return lines[:j] + [lines[i]] + lines[j:], f"copy line {i + 1} before line {j + 1}"


def _swap(rng, lines, body):
    i, j = rng.choice(body), rng.choice(body)
    if i == j:
        return None
    out = list(lines)
    out[i], out[j] = out[j], out[i]
    return out, f"swap lines {i + 1} and {j + 1}"


def _move(rng, lines, body):
    i = rng.choice(body)
    out = lines[:i] + lines[i + 1 :]
    j = rng.randrange(len(out) + 1)
    return out[:j] + [lines[i]] + out[j:], f"move line {i + 1} to {j + 1}"


def _spliced(lines, i, match, new):
    """`lines` with `match` (in line `i`) replaced by `new`."""
    out = list(lines)
    out[i] = lines[i][: match.start()] + new + lines[i][match.end() :]
    return out


def _uses(line: str) -> list:
    """The values a line reads (those after its `=`)."""
    equals = line.find("=")
    return [m for m in _VALUE.finditer(line) if m.start() > equals]


def _replace_use(rng, lines, body):
    """One operand becomes any other value named in the program (mostly an
    invalid program: a type, a scope or dominance broken)."""
    i = rng.choice(body)
    uses = _uses(lines[i])
    names = sorted({m.group() for text in lines for m in _VALUE.finditer(text)})
    if not uses or len(names) < 2:
        return None
    use = rng.choice(uses)
    new = rng.choice([n for n in names if n != use.group()])
    return _spliced(lines, i, use, new), f"line {i + 1}: use {new} for {use.group()}"


_DEFINITION = re.compile(r"^\s*(%[A-Za-z0-9_$.-]+)\s*=(.*)$")


def _result_type(rest: str) -> str | None:
    """The result type of a one-result op's text after `=`: what follows its
    last `->`, else its last `:` (how the tile dialect and arith print)."""
    for separator in ("->", ":"):
        if separator in rest:
            return rest.rsplit(separator, 1)[1].strip()
    return None


def _single_definition(text: str) -> re.Match | None:
    """The match of a line defining one value with an op without regions."""
    m = _DEFINITION.match(text)
    return m if m and "{" not in m.group(2) else None


def _types_before(lines, i) -> list[tuple[str, str | None]]:
    """(name, result type) of the values defined (one per op without
    regions) in the function of line `i`, before it, in order (a name
    reused in sibling regions appears once per definition)."""
    start = max((k for k in range(i + 1) if "func.func" in lines[k]), default=0)
    return [
        (m.group(1), _result_type(m.group(2)))
        for m in map(_single_definition, lines[start:i])
        if m is not None
    ]


def _replace_use_same_type(rng, lines, body):
    """One operand becomes a value defined earlier in the same function with
    the same result type: the likeliest mutation to give a valid, different
    program."""
    i = rng.choice(body)
    types = dict(_types_before(lines, i))
    uses = [m for m in _uses(lines[i]) if types.get(m.group())]
    if not uses:
        return None
    use = rng.choice(uses)
    same = [n for n, t in types.items() if t == types[use.group()] and n != use.group()]
    if not same:
        return None
    new = rng.choice(same)
    return _spliced(lines, i, use, new), f"line {i + 1}: use {new} for {use.group()} (same type)"


def _uses_of(name: str) -> re.Pattern:
    """The uses of value `name` (not of a longer name it begins)."""
    return re.compile(re.escape(name) + r"(?![A-Za-z0-9_$.-])")


def _single_definitions(lines, body) -> list[tuple[int, re.Match]]:
    """Lines defining one value with an op without regions."""
    return [(i, m) for i in body if (m := _single_definition(lines[i])) is not None]


def _copy_op(rng, lines, body):
    """An op defining one value is repeated right after itself under a new
    name, and some later uses read the copy: valid whenever the original
    is, and the copy writes the same storage again (an into clause, a
    writeback) or makes a second value of it."""
    definitions = _single_definitions(lines, body)
    if not definitions:
        return None
    i, m = rng.choice(definitions)
    name = m.group(1)
    copy = next(
        f"%mut{k}" for k in range(len(lines) + 1) if not any(f"%mut{k}" in t for t in lines)
    )
    uses = _uses_of(name)
    out = lines[: i + 1] + [lines[i].replace(name, copy, 1)]
    redirected = 0
    for text in lines[i + 1 :]:
        if uses.search(text) and rng.random() < 0.5:
            text = uses.sub(copy, text)
            redirected += 1
        out.append(text)
    return out, f"line {i + 1}: copy of {name} as {copy}, {redirected} later lines read it"


def _forward(rng, lines, body):
    """An op defining one value is deleted and its uses read a value of the
    same type defined earlier in the function instead."""
    definitions = _single_definitions(lines, body)
    if not definitions:
        return None
    i, m = rng.choice(definitions)
    name, wanted = m.group(1), _result_type(m.group(2))
    earlier = [n for n, t in _types_before(lines, i) if t == wanted]
    if not wanted or not earlier:
        return None
    new = rng.choice(earlier)
    uses = _uses_of(name)
    out = lines[:i] + [uses.sub(new, text) for text in lines[i + 1 :]]
    return out, f"delete line {i + 1} ({name}), its uses read {new}"


def _replace_token(rng, lines, body, pattern, choices, what: str):
    """One match of `pattern` in a line becomes another of `choices`."""
    i = rng.choice(body)
    found = list(pattern.finditer(lines[i]))
    if not found:
        return None
    m = rng.choice(found)
    new = rng.choice([c for c in choices if c != m.group()])
    return _spliced(lines, i, m, new), f"line {i + 1}: {what}{m.group()} -> {new}"


def _change_space(rng, lines, body):
    return _replace_token(rng, lines, body, _SPACE, _SPACES, "space ")


def _change_number(rng, lines, body):
    """A shape, size, offset, slot, address or constant."""
    return _replace_token(rng, lines, body, _NUMBER, _NUMBERS, "")


# Operand replacements by a value of the same type, copied ops and forwarded
# values are the likeliest to keep a program valid, so they are drawn most
# often.
MUTATIONS = {
    "delete": _delete,
    "duplicate": _duplicate,
    "swap": _swap,
    "move": _move,
    "replace-use": _replace_use,
    "replace-use-same-type": _replace_use_same_type,
    "copy-op": _copy_op,
    "forward": _forward,
    "space": _change_space,
    "number": _change_number,
}
_WEIGHTS = {"replace-use-same-type": 6, "copy-op": 3, "forward": 3, "number": 2}


@dataclasses.dataclass
class Mutant:
    seed: int
    source: str
    text: str
    mutations: list[str]
    pipeline: tuple[str, ...]


def make_mutant(sources: list[tuple[str, str]], seed: int) -> Mutant:
    """The mutant of `seed`: a source, one to three mutations, a pipeline."""
    rng = random.Random(seed)
    source, text = rng.choice(sources)
    lines = text.splitlines()
    done = []
    kinds = [k for k in MUTATIONS for _ in range(_WEIGHTS.get(k, 1))]
    wanted = rng.choice((1, 1, 2, 3))
    for _ in range(20):  # a mutation that does not apply draws again
        if len(done) == wanted:
            break
        body = _body_lines(lines)
        if not body:
            break
        kind = rng.choice(kinds)
        result = MUTATIONS[kind](rng, lines, body)
        if result is not None:
            lines, what = result
            done.append(f"{kind}: {what}")
    return Mutant(seed, source, "\n".join(lines) + "\n", done, rng.choice(PIPELINES))


# --- the tools' oracle ------------------------------------------------------------


@dataclasses.dataclass
class ToolRun:
    # accepted | rejected (a located diagnostic) | crash | hang | unlocated
    status: str
    output: str = ""


def run_tool(command: list[str], stdin: str, timeout: float) -> ToolRun:
    """Runs one tool on `stdin` and classifies what it did."""
    try:
        proc = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return ToolRun("hang", f"no answer in {timeout:g} s")
    if proc.returncode < 0 or _CRASH.search(proc.stderr):
        return ToolRun("crash", proc.stderr[-4000:])
    if proc.returncode == 0:
        return ToolRun("accepted", proc.stdout)
    if not _LOCATED_ERROR.search(proc.stderr):
        return ToolRun("unlocated", proc.stderr[-4000:])
    return ToolRun("rejected", proc.stderr[-2000:])


FAILURES = ("crash", "hang", "unlocated")


def check_tools(mutant: Mutant, tile_opt: str, tile_translate: str, timeout: float):
    """(stage, run) of the first stage that did not accept, else of the last."""
    opt = run_tool([tile_opt, *mutant.pipeline, "-"], mutant.text, timeout)
    if opt.status != "accepted":
        return "tile-opt", opt
    pto = run_tool([tile_translate, "--tile-to-pto", "--pto-level=auto", "-"], opt.output, timeout)
    return "tile-translate", pto


# --- the semantic oracle ------------------------------------------------------------


def undefined_in_value_mode(text: str, seed: int) -> str | None:
    """Why the mutant has no defined result in value mode on the inputs the
    fuzzer's checks give it (an interpreter error, an output read before it
    is written), or None. Decided on the input alone, before anything is
    compiled: an error that storage mode alone meets is the compiler's."""
    from .. import ir
    from . import interp
    from .fuzz.checks import _functions, _inputs

    with ir.Context():
        module = ir.Module.parse(text)
        for function in _functions(text):
            for trial in range(2):
                try:
                    # (The inputs too: the interpreter has none of some
                    # argument types, f8 for one.)
                    inputs = _inputs(module, function, seed, trial)
                    result = interp.run(module, inputs, function=function)
                except interp.InterpreterError as error:
                    return f"@{function}: {str(error).splitlines()[0]}"
                if any(p is not None and p.any() for p in result.poison):
                    return f"@{function}: an output is read before it is written"
    return None


def _user_dynamic_slot_out_of_range(text: str, reason: str) -> bool:
    """A dynamic slot the program's own inputs take out of range: value mode
    has no slots, so only storage mode can meet it, but the slot is the
    user's (``into(%buf slot %i ...)`` in the input)."""
    return "is out of range for buffer" in reason and re.search(r"\bslot %", text) is not None


def check_semantics(job) -> list[tuple[str, str, str]]:
    """(check, status, reason) of the fuzzer's checks on one mutant's text:
    run in a worker process (fuzz's pool), so a crash is the job's alone."""
    text, seed = job
    from .fuzz.checks import run_one, run_planner

    try:
        undefined = undefined_in_value_mode(text, seed)
    except MemoryError as error:  # numpy: a mutated shape too large to run
        return [("storage", "too-large", str(error).splitlines()[0])]
    if undefined is not None:
        return [("storage", "undefined", undefined)]
    results = []
    check = "storage"
    try:
        outcome = run_one(text, seed)
        results.append((check, outcome.status, outcome.reason))
        if outcome.status == "ok":
            for check in PLANNERS:
                planned = run_planner(text, seed, check)
                results.append((check, planned.status, planned.reason))
    except Exception as error:  # an interpreter error storage mode alone met
        results.append((check, "exception", f"{type(error).__name__}: {error}"))
    return [
        (check, "undefined", reason)
        if status == "mismatch" and _user_dynamic_slot_out_of_range(text, reason)
        else (check, status, reason)
        for check, status, reason in results
    ]


_SEMANTIC_FAILURES = ("mismatch", "address-error", "pto-error", "invalid", "exception")


# --- the command ----------------------------------------------------------------------


def _write_failure(directory: str, mutant: Mutant, what: str, how: str, output: str) -> str:
    """Writes the failing mutant with what failed (`what`), how it was run
    (`how`) and the tail of `output`; a mutant failing two checks gets a file
    per check."""
    os.makedirs(directory, exist_ok=True)
    check = what.split(":")[0]
    path = os.path.join(directory, f"mutant-{mutant.seed}-{check}.mlir")
    header = [
        "// " + line
        for part in (what, f"mutant of {mutant.source}: " + "; ".join(mutant.mutations), how)
        for line in part.splitlines()
    ]
    body = "\n".join("// | " + line for line in output.strip().splitlines()[-40:])
    with open(path, "w") as f:
        f.write("\n".join(header) + "\n" + body + "\n" + mutant.text)
    return path


def _execute(
    mutants: list[Mutant], tools, directory: str, counts
) -> tuple[list[str], dict[int, str]]:
    """Runs `mutants` through the real toolchain for every planner (the
    --execute oracle); counts the outcomes and returns the failure files
    and why each mismatching mutant that is ill-conditioned is (by seed)."""
    from . import corpus
    from .toolchain.compare import ill_conditioned

    by_seed = {m.seed: m for m in mutants}
    programs = [corpus.Program("mutant", m.seed, m.text) for m in mutants]
    failures = []
    conditioning: dict[int, str] = {}
    for record in corpus.run(programs, PLANNERS, tools=tools):
        mutant = by_seed[record["seed"]]
        outcome = record["outcome"]
        if outcome == "mismatch":
            if mutant.seed not in conditioning:
                conditioning[mutant.seed] = ill_conditioned(mutant.text, mutant.seed)
            if conditioning[mutant.seed]:
                outcome = "ill-conditioned"
        counts[f"execute {record['planner']} {outcome}"] += 1
        if outcome in corpus.FAILURES:
            how = (
                f"tilemem.testing.toolchain.run_batch, planner {record['planner']}, "
                f"inputs of seed {mutant.seed}"
            )
            failures.append(
                _write_failure(
                    directory,
                    mutant,
                    f"execute-{record['planner']}: {record['outcome']}",
                    how,
                    record["message"] or record["reason"],
                )
            )
    return failures, {seed: why for seed, why in conditioning.items() if why}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tilemem.testing.mutate",
        description="Mutants of hand-written programs through tile-opt and tile-translate: "
        "no crash, no hang, every error at a source location; with --semantics, "
        "accepted mutants keep their results.",
    )
    parser.add_argument(
        "paths",
        nargs="+",
        help="MLIR files or globs to mutate (lit files are split at '// -----')",
    )
    parser.add_argument("--count", type=int, default=500, help="mutants to run")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first mutant")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per tool run")
    parser.add_argument(
        "--semantics",
        action="store_true",
        help="also run the fuzzer's interpreter and planner checks on every mutant "
        "the storage pipeline accepts",
    )
    parser.add_argument(
        "--execute",
        action="store_true",
        help="with --semantics: also run every mutant that passed the semantic checks and "
        "returns only tensors on pto-isa's CPU simulator, through ptoas, for every planner",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for --semantics")
    parser.add_argument(
        "--failures", default="mutate-failures", help="directory for failing mutants"
    )
    parser.add_argument("--print", action="store_true", help="print the mutant of --seed and exit")
    args = parser.parse_args(argv)
    if args.execute and not args.semantics:
        parser.error("--execute needs --semantics (only mutants that passed it are run)")

    from .._tools import tool_path

    try:
        sources = load_sources(args.paths)
    except FileNotFoundError as error:
        parser.error(f"no such file: {error.filename}")
    if not sources:
        parser.error("no function in " + " ".join(args.paths))
    if args.print:
        mutant = make_mutant(sources, args.seed)
        print(f"// mutant of {mutant.source}: " + "; ".join(mutant.mutations))
        print(mutant.text, end="")
        return 0
    tile_opt, tile_translate = tool_path("tile-opt"), tool_path("tile-translate")
    tools = None
    if args.execute:
        from . import toolchain

        try:
            tools = toolchain.find_tools()
        except toolchain.ToolchainUnavailable as error:
            parser.error(f"--execute: {error}")
    counts: collections.Counter = collections.Counter()
    failures = []
    semantic_jobs = []
    for seed in range(args.seed, args.seed + args.count):
        mutant = make_mutant(sources, seed)
        stage, run = check_tools(mutant, tile_opt, tile_translate, args.timeout)
        counts[f"{stage} {run.status}"] += 1
        if run.status in FAILURES:
            how = "tile-opt " + " ".join(mutant.pipeline) + " -"
            if stage == "tile-translate":
                how += " | tile-translate --tile-to-pto --pto-level=auto -"
            failures.append(
                _write_failure(args.failures, mutant, f"{stage}: {run.status}", how, run.output)
            )
        if args.semantics and "tile.orchestration" not in mutant.text:
            # Drawn with the storage pipeline, the mutant has been through it.
            if mutant.pipeline == STORAGE_PIPELINE:
                stored = stage == "tile-translate"
            else:
                stored = (
                    run_tool([tile_opt, *STORAGE_PIPELINE, "-"], mutant.text, args.timeout).status
                    == "accepted"
                )
            if stored:
                semantic_jobs.append(mutant)
    executable = []
    if semantic_jobs:
        from .fuzz.checks import _returns_only_tensors
        from .fuzz.workers import _results

        by_job = {(m.text, m.seed): m for m in semantic_jobs}
        jobs = list(by_job)
        for job, results in _results(
            jobs, len(jobs), args.jobs, progress=False, work=check_semantics
        ):
            mutant = by_job[job]
            if results is None:
                results = [("storage", "crash", "the worker died")]
            if (
                args.execute
                and len(results) == 1 + len(PLANNERS)
                and all(status == "ok" for _, status, _ in results)
                and _returns_only_tensors(mutant.text)
            ):
                executable.append(mutant)
            for check, status, reason in results:
                counts[f"semantics {check} {status}"] += 1
                if status in _SEMANTIC_FAILURES or status == "crash":
                    how = f"tilemem.testing.fuzz checks ({check}), seed {mutant.seed}"
                    failures.append(
                        _write_failure(args.failures, mutant, f"{check}: {status}", how, reason)
                    )
    ill = {}
    if executable:
        failed, ill = _execute(executable, tools, args.failures, counts)
        failures += failed
    print(f"mutants: {args.count} (seeds {args.seed}..{args.seed + args.count - 1})")
    for key in sorted(counts):
        print(f"  {key}: {counts[key]}")
    for seed, why in sorted(ill.items()):
        print(f"ill-conditioned (counted, not failed): mutant {seed}: {why}")
    print(f"failures: {len(failures)}")
    for path in failures[:20]:
        print(f"  {path}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
