"""What real ptoas and pto-isa's simulator do with tilemem's PTO on a fuzz corpus.

    eval "$(scripts/toolchain-env.sh)"
    PYTHONPATH=build/python_packages .venv/bin/python bench/ptoas_corpus.py \\
        --seeds 20000001-20001000 [--corpus default|branch-heavy|both] \\
        [--planners pypto,dsa-rp,ptoas] [--chunk 150] [--json out.json] [--failures DIR]

For every seed (and corpus), `tilemem.fuzz.generate(seed, tensor_outputs=True,
branch_heavy=...)` makes a module; it is kept when it returns only tensors
and the storage legalization accepts it with matching results
(`fuzz.run_one(...).status == "ok"`). Each kept program then goes through
`tilemem.testing.toolchain.run_batch` once per planner (in chunks, one g++
translation unit per chunk), and every job ends in exactly one outcome:

  pipeline      the planner's memory pipeline rejected the program (a
                located tilemem diagnostic before emission)
  refused       PTO emission refused it ("cannot be emitted to PTO", located)
  ptoas-reject  ptoas rejected the emitted text (error: lines)
  ptoas-crash   ptoas crashed (signal / assertion) or timed out
  compile       ptoas accepted, the C++ does not compile against pto-isa
  run           it compiled, the simulator run failed
  mismatch      it ran, an output differs from the interpreter (with a plan
                that keeps the allocated-storage rules)
  plan-invalid  it ran and differs, and the planned module breaks the
                allocated-storage rules (fuzz.check_allocated: two live
                allocations share bytes): the pipeline's fault, which the
                simulator shows faithfully, not emission's
  pass          all five stages passed

The summary prints, per planner and in total, the counts and the figures of
the issue's target: ptoas's acceptance rate over what tilemem emitted, and
over what ptoas accepted, the share that compiled, ran and matched.
`--failures DIR` writes every non-pass, non-pipeline job's kernel (with its
outcome as a first-line comment) for inspection.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import sys
import time

OUTCOMES = ("pipeline", "refused", "ptoas-reject", "ptoas-crash", "compile", "run",
            "mismatch", "plan-invalid", "pass")


def _seeds(text: str):
    out = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


def outcome_of(r) -> str:
    """One outcome (OUTCOMES) of a toolchain.ChainResult."""
    if r.ok:
        return "pass"
    if r.stage == "emit":
        msg = r.stages["emit"].message
        return "refused" if "cannot be emitted to PTO" in msg else "pipeline"
    if r.stage == "ptoas":
        return "ptoas-reject" if r.ptoas is not None and r.ptoas.status == "rejected" \
            else "ptoas-crash"
    if r.stage in ("compile", "run"):
        return r.stage
    return "mismatch"


_REASON = re.compile(r"cannot be emitted to PTO: ([^\n]*)")


def reason_of(r, outcome: str) -> str:
    """A short, seed-independent reason for grouping failures."""
    if outcome == "pass":
        return ""
    if r.failure_class:
        return r.failure_class
    stage = r.stages.get(r.stage)
    msg = stage.message if stage is not None else ""
    if outcome == "refused":
        m = _REASON.search(msg)
        op = re.search(r"'([\w.]+)' op cannot be emitted", msg)
        text = (op.group(1) + ": " if op else "") + (m.group(1) if m else msg)
    elif outcome == "pipeline":
        text = msg.splitlines()[-1] if msg else ""
        m = re.search(r"error: (.*)", msg)
        text = m.group(1) if m else text
    else:
        text = msg.strip().splitlines()[0] if msg.strip() else outcome
        text = re.sub(r'^loc\("[^"]*":\d+:\d+\): ', "", text)
        text = re.sub(r"^\S+:\d+:\d+: ", "", text)
    text = re.sub(r"%[\w#]+", "%_", text)
    text = re.sub(r"\d+", "N", text)
    return text[:110]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="20000001-20000100")
    parser.add_argument("--corpus", choices=("default", "branch-heavy", "both"), default="both")
    parser.add_argument("--planners", default="pypto,dsa-rp,ptoas")
    parser.add_argument("--chunk", type=int, default=150)
    parser.add_argument("--json", help="write every job's outcome here")
    parser.add_argument("--failures", help="write the kernels of failed jobs here")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)

    from tilemem import fuzz
    from tilemem.testing import toolchain as tc

    tools = tc.find_tools()
    planners = args.planners.split(",")
    corpora = {"default": [False], "branch-heavy": [True], "both": [False, True]}[args.corpus]
    started = time.perf_counter()
    programs = []  # (corpus, seed, text)
    generated = 0
    for heavy in corpora:
        for seed in _seeds(args.seeds):
            generated += 1
            text = fuzz.generate(seed, tensor_outputs=True, branch_heavy=heavy)
            if not fuzz._returns_only_tensors(text):
                continue
            if fuzz.run_one(text, seed).status != "ok":
                continue
            programs.append(("branch-heavy" if heavy else "default", seed, text))
    if not args.quiet:
        print(f"{len(programs)} of {generated} programs kept "
              f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)

    jobs = [(c, s, t, p) for (c, s, t) in programs for p in planners]
    records = []
    for start in range(0, len(jobs), args.chunk):
        chunk = jobs[start:start + args.chunk]
        results = tc.run_batch([tc.Job(t, memory_planner=p, seed=s, name=f"{c}-{s}-{p}")
                                for (c, s, t, p) in chunk], tools=tools)
        for (c, s, t, p), r in zip(chunk, results):
            o = outcome_of(r)
            if o == "mismatch" and fuzz.run_planner(t, s, p, check_pto=False).status \
                    == "address-error":
                o = "plan-invalid"
            records.append({"corpus": c, "seed": s, "planner": p, "outcome": o,
                            "reason": reason_of(r, o), "level": r.level,
                            "message": (r.stages[r.stage].message[:2000]
                                        if r.stage in r.stages and o != "pass" else "")})
            if args.failures and o not in ("pass", "pipeline"):
                os.makedirs(args.failures, exist_ok=True)
                path = os.path.join(args.failures, f"{o}-{c}-{s}-{p}.mlir")
                with open(path, "w") as f:
                    first = records[-1]["message"].strip().splitlines()
                    f.write(f"// {o} ({p}, {r.level}): {records[-1]['reason']}\n")
                    for line in first[:6]:
                        f.write(f"// | {line}\n")
                    f.write(t)
                    if r.pto_text:
                        f.write("\n// PTO:\n" + "\n".join("// " + l for l in r.pto_text.splitlines()))
        if not args.quiet:
            done = start + len(chunk)
            print(f"  {done}/{len(jobs)} jobs ({time.perf_counter() - started:.0f} s)",
                  file=sys.stderr)

    def table(rows):
        counts = collections.Counter(r["outcome"] for r in rows)
        emitted = sum(counts[o] for o in OUTCOMES[2:])
        accepted = sum(counts[o] for o in OUTCOMES[4:])
        line = " ".join(f"{o}={counts[o]}" for o in OUTCOMES)
        pct = lambda a, b: f"{100.0 * a / b:.2f}%" if b else "n/a"
        return (f"{line} | emitted={emitted} ptoas-accepted={accepted} ({pct(accepted, emitted)})"
                f" compiled={pct(accepted - counts['compile'], accepted)}"
                f" ran={pct(counts['mismatch'] + counts['plan-invalid'] + counts['pass'], accepted)}"
                f" matched={pct(counts['pass'], accepted)}"
                f" matched-valid-plans={pct(counts['pass'], accepted - counts['plan-invalid'])}")

    print(f"seeds {args.seeds}, corpus {args.corpus}: {len(programs)} programs, "
          f"{len(records)} jobs, {time.perf_counter() - started:.0f} s")
    for p in planners:
        print(f"{p:7s} " + table([r for r in records if r["planner"] == p]))
    print(f"{'total':7s} " + table(records))
    reasons = collections.Counter((r["outcome"], r["planner"], r["reason"]) for r in records
                                  if r["outcome"] != "pass")
    for (o, p, why), n in sorted(reasons.items(), key=lambda kv: -kv[1]):
        print(f"  {n:5d} {o:12s} {p:7s} {why}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"seeds": args.seeds, "corpus": args.corpus, "programs": len(programs),
                       "records": records}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
