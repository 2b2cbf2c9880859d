"""An independent ("blind") random program generator for the ``tile`` dialect.

Written from docs/ir.md, docs/pto-emission.md and the kernels only (not from
the project's own generators), as an outside adversary: programs are written
the way a user of the dialect would write kernels, in rectangular shapes of
real kernels (16x64, 64x128, 1x128, 128x1 vectors, ...), f16 and f32, a3 and
a5, with loops, branches, whiles and scopes carrying tiles, tensors and
scalars, views of carried tiles, user buffers, writebacks and cube chains.

    from tilemem.testing import blind_gen
    text = blind_gen.generate(seed)

    python -m tilemem.testing.blind_gen --seed S --count N [--print]
        [--failures DIR] [--planners all] [--no-chain] [--no-interp] [--log F.jsonl]

It found, in its first few thousand programs, one-row boxed tiles packed
over each other by every planner, a level2 ``pto.treshape`` from f32 to f16
that pto-isa does not compile, and nests deep enough to stop the testing
tools (docs/fuzzing.md; test/python/repros/README.md, "blind/").

The command line runs every program through

* the interpreter: ``tilemem.compile(..., emit_pto=False)`` per planner, then
  the planned module in storage mode (addresses honoured) against the input
  in value mode (``tilemem.testing.interp.compare``);
* the real chain: ``tilemem.testing.toolchain.run_batch`` (emission, ptoas,
  g++ against pto-isa, the CPU simulator, comparison with value mode) for
  every planner;

each program in a child process (a crash of the compiler is an outcome, not
the end of the campaign), and classifies the outcomes.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter

# ---------------------------------------------------------------------------
# Types and hardware rules (docs/ir.md, "Tile shapes the target holds")
# ---------------------------------------------------------------------------

EBYTES = {"f32": 4, "f16": 2, "bf16": 2, "i8": 1, "i16": 2, "i32": 4}


def holdable(r: int, c: int, dt: str, space: str) -> bool:
    e = EBYTES[dt]
    if r <= 0 or c <= 0:
        return False
    if space == "vec":
        if c == 1 and r > 1:
            return (r * e) % 32 == 0
        return (c * e) % 32 == 0
    if space == "bias":
        return (c * e) % 32 == 0
    if space in ("mat", "left"):
        return (r % 16 == 0 or r == 1) and c % (32 // e) == 0
    if space == "right":
        return (r % (32 // e) == 0 or r == 1) and c % 16 == 0
    if space == "acc":
        return (r % 16 == 0 or r == 1) and c % 16 == 0
    return False


def ttype(r: int, c: int, dt: str, space: str) -> str:
    return f"!tile.tile<{r}x{c}x{dt}, {space}>"


def mask_cols(c: int) -> int:
    b = c // 8
    return ((b + 31) // 32) * 32


INTS = ("i8", "i16", "i32")
IMAX = {"i8": 100, "i16": 20000, "i32": 1 << 30}

CAPACITY = {
    "a3": {
        "vec": 184 * 1024,
        "mat": 512 * 1024,
        "left": 64 * 1024,
        "right": 64 * 1024,
        "acc": 128 * 1024,
    },
    "a5": {
        "vec": 248 * 1024,
        "mat": 512 * 1024,
        "left": 64 * 1024,
        "right": 64 * 1024,
        "acc": 256 * 1024,
    },
}


@dataclasses.dataclass
class Val:
    name: str
    kind: str  # tile | tensor | index | f32 | i1
    r: int = 0
    c: int = 0
    dt: str = ""
    space: str = ""
    mag: float = 1.0  # an upper bound of |element|
    exact: bool = True  # computed without rounding differences between implementations
    out: int = -1  # for tensors: which output tensor (-1: an input)
    uses: int = 0

    @property
    def type(self) -> str:
        if self.kind == "tile":
            return ttype(self.r, self.c, self.dt, self.space)
        if self.kind == "tensor":
            return f"!tile.tensor<{self.r}x{self.c}x{self.dt}>"
        return self.kind


LIM = 8.0  # carried and branch values are clamped to [-LIM, LIM]


class Skip(Exception):
    """The statement being generated cannot be completed: roll it back."""


class Gen:
    def __init__(self, seed: int):
        self.seed = seed
        self.rng = random.Random(seed * 7919 + 17)
        r = self.rng
        self.arch = "a5" if r.random() < 0.35 else "a3"
        self.dt = "f16" if r.random() < 0.4 else "f32"
        self.n = 0
        self.lines: list[str] = []
        self.prologue: list[str] = []  # user tile.alloc lines, at the top
        self.args: list[Val] = []
        self.scopes: list[list[Val]] = [[]]
        self.depth = 0
        self.max_depth = r.choice([1, 2, 3, 3, 4, 5])
        self.stmts_left = r.randint(8, 40) if r.random() < 0.85 else r.randint(60, 150)
        # shapes
        if self.dt == "f32":
            bases = [
                (16, 64),
                (64, 128),
                (32, 32),
                (8, 32),
                (1, 128),
                (16, 16),
                (32, 64),
                (64, 64),
                (16, 128),
                (128, 16),
                (128, 8),
                (8, 64),
                (48, 32),
                (24, 40),
            ]
        else:
            bases = [
                (16, 64),
                (64, 128),
                (32, 32),
                (16, 16),
                (1, 128),
                (32, 128),
                (128, 32),
                (16, 256),
                (64, 64),
                (48, 32),
                (1, 256),
                (128, 16),
            ]
        self.R, self.C = r.choice(bases)
        self.cube = r.random() < 0.4
        self.M = 1 if r.random() < 0.07 else r.choice([16, 16, 32, 64])
        self.K = r.choice([16, 32, 64, 128])
        self.N = r.choice([16, 32, 64, 128])
        self.N2 = r.choice([16, 32, 64])
        self.cube_dt = "f16" if (self.dt == "f16" or r.random() < 0.6) else "f32"
        if self.cube_dt == "f32" and r.random() < 0.3:
            self.K = 8  # an f32 fractal box is 16x8 (left) / 8x16 (right)
        self.D = max(self.R, self.C, self.M, self.N, self.K, self.N2, 16)
        self.p_user = r.choice([0, 0, 0.15, 0.35, 0.6])
        self.p_addr = r.choice([0, 0, 0, 0.3])
        # sometimes several producers share user buffers (their windows may
        # clobber each other: then the program must be refused, or compute right)
        self.p_share = r.choice([0, 0, 0.3, 0.6])
        self.user_bufs: list[tuple] = []  # (name, space, size, slots, type)
        self.pressure = r.random() < 0.12
        self.ints = r.random() < 0.35  # integer tiles (i32, i16, i8 via conversions)
        self.idt = r.choice(["i32", "i16"])
        self.user_addr_top = {}  # space -> next free fixed address from the top
        self.inputs: dict[tuple, list[Val]] = {}
        self.outs: list[Val] = []  # the output tensor arguments
        self.out_cur: list[Val] = []  # their current SSA versions
        self.writable: set[int] | None = None  # outputs a store may update here (None: all)
        self.scal_cache: dict = {}

    # -- names and text ----------------------------------------------------
    def fresh(self, p="v") -> str:
        self.n += 1
        return f"%{p}{self.n}"

    def emit(self, s: str):
        self.lines.append("  " * (self.depth + 2) + s)

    def add(self, v: Val) -> Val:
        if v.kind == "tile" and not holdable(v.r, v.c, v.dt, v.space):
            raise Skip(f"{v.type} cannot be held")
        self.scopes[-1].append(v)
        return v

    def snapshot(self):
        return (
            len(self.lines),
            len(self.prologue),
            [list(s) for s in self.scopes],
            list(self.out_cur),
            len(self.args),
            len(self.outs),
            {k: list(v) for k, v in self.inputs.items()},
            self.depth,
            dict(self.user_addr_top),
            self.writable,
            len(self.user_bufs),
        )

    def restore(self, snap):
        (nl, np_, scopes, out_cur, na, no, inputs, depth, tops, self.writable, nub) = snap
        del self.user_bufs[nub:]
        del self.lines[nl:]
        del self.prologue[np_:]
        self.scopes = scopes
        self.out_cur = out_cur
        del self.args[na:]
        del self.outs[no:]
        self.inputs = inputs
        self.depth = depth
        self.user_addr_top = tops

    def visible(self) -> list[Val]:
        return [v for s in self.scopes for v in s]

    def tiles(self, pred=lambda v: True) -> list[Val]:
        return [v for v in self.visible() if v.kind == "tile" and pred(v)]

    def pick(self, cands: list[Val]) -> Val | None:
        if not cands:
            return None
        # prefer values nobody read yet, and recent ones
        w = [(3.0 if v.uses == 0 else 1.0) * (1.0 + i / len(cands)) for i, v in enumerate(cands)]
        v = self.rng.choices(cands, weights=w)[0]
        v.uses += 1
        return v

    # -- arguments -----------------------------------------------------------
    def arg(self, kind: str, **kw) -> Val:
        name = f"%arg{len(self.args)}"
        v = Val(name, kind, **kw)
        self.args.append(v)
        self.scopes[0].append(v)
        return v

    def const_index(self, k: int) -> str:
        name = self.fresh("c")
        self.emit(f"{name} = arith.constant {k} : index")
        return name

    def const_f32(self, x: float) -> str:
        name = self.fresh("cf")
        self.emit(f"{name} = arith.constant {x!r} : f32")
        return name

    def index_arg(self) -> Val:
        idx = [a for a in self.args if a.kind == "index"]
        if idx and (len(idx) >= 2 or self.rng.random() < 0.7):
            return self.rng.choice(idx)
        return self.arg("index")

    def f32_scalar(self) -> tuple[str, float]:
        """A float scalar with a bound of its magnitude (<= 2)."""
        r = self.rng.random()
        fs = [v for v in self.visible() if v.kind == "f32"]
        if fs and r < 0.5:
            v = self.rng.choice(fs)
            return v.name, v.mag
        if r < 0.75:
            a = [x for x in self.args if x.kind == "f32"]
            v = self.rng.choice(a) if a and self.rng.random() < 0.6 else self.arg("f32", mag=1.0)
            return v.name, 1.0
        x = self.rng.choice([0.5, -0.25, 1.5, 2.0, -1.0, 0.125, 0.75])
        return self.const_f32(x), abs(x)

    def cond(self) -> str:
        r = self.rng.random()
        vis = [v for v in self.visible() if v.kind == "i1" and not v.name.startswith("%arg")]
        if vis and r < 0.2:
            return self.rng.choice(vis).name
        if r < 0.35:
            a = [x for x in self.args if x.kind == "i1"]
            v = self.rng.choice(a) if a and self.rng.random() < 0.6 else self.arg("i1")
            return v.name
        if r < 0.55:
            ivs = [v for v in self.visible() if v.kind == "index"]
            if ivs:
                iv = self.rng.choice(ivs)
                k = self.const_index(self.rng.choice([0, 1, 2]))
                name = self.fresh("b")
                pred = self.rng.choice(["eq", "ne", "slt", "sge", "ult"])
                self.emit(f"{name} = arith.cmpi {pred}, {iv.name}, {k} : index")
                return name
        if r < 0.8:
            s, _ = self.f32_scalar()
            z = self.const_f32(self.rng.choice([0.0, 0.25, -0.5]))
            name = self.fresh("b")
            pred = self.rng.choice(["ogt", "olt", "oge", "une"])
            self.emit(f"{name} = arith.cmpf {pred}, {s}, {z} : f32")
            return name
        name = self.fresh("b")
        self.emit(f"{name} = arith.constant {self.rng.choice(['true', 'false'])}")
        return name

    # -- tensors -------------------------------------------------------------
    def input_tensor(self, r: int, c: int, dt: str) -> Val:
        rows = max(4 * self.D, r)
        cols = max(self.D, c)
        key = (dt,)
        lst = self.inputs.setdefault(key, [])
        if lst and (len(lst) >= 2 or self.rng.random() < 0.7):
            t = self.rng.choice(lst)
            if t.r >= r and t.c >= c:
                return t
        t = self.arg("tensor", r=rows, c=cols, dt=dt)
        lst.append(t)
        return t

    def output_index(self, r: int, c: int, dt: str) -> int | None:
        """An output tensor of `dt` at least r x c (created at the top only)."""
        cands = [
            i
            for i, o in enumerate(self.outs)
            if o.dt == dt
            and o.r >= r
            and o.c >= c
            and (self.writable is None or i in self.writable)
        ]
        if cands and (self.depth > 0 or len(cands) >= 2 or self.rng.random() < 0.75):
            return self.rng.choice(cands)
        if self.depth > 0:
            return None
        rows = max(2 * self.D, r)
        cols = max(self.D, c)
        t = self.arg("tensor", r=rows, c=cols, dt=dt, out=len(self.outs))
        self.outs.append(t)
        self.out_cur.append(t)
        return len(self.outs) - 1

    def row_offset(self, r: int, rows_avail: int) -> str:
        """A row offset for an r-row block in a tensor of rows_avail rows:
        a constant, or the block of an enclosing induction variable."""
        ivs = [v for v in self.visible() if v.kind == "index"]
        slots = rows_avail // r
        if ivs and slots >= 2 and self.rng.random() < 0.5:
            iv = self.rng.choice(ivs)
            m = self.const_index(min(slots, 4))
            rr = self.const_index(r)
            q = self.fresh("o")
            self.emit(f"{q} = arith.remui {iv.name}, {m} : index")
            o = self.fresh("o")
            self.emit(f"{o} = arith.muli {q}, {rr} : index")
            return o
        k = (
            self.rng.randrange(0, slots) * r
            if self.rng.random() < 0.7
            else self.rng.randrange(0, rows_avail - r + 1)
        )
        return self.const_index(k)

    def col_offset(self, c: int, cols_avail: int) -> str:
        if cols_avail == c or self.rng.random() < 0.6:
            return self.const_index(0)
        return self.const_index(self.rng.randrange(0, (cols_avail - c) // c + 1) * c)

    # -- destinations ----------------------------------------------------------
    def dest(self, r: int, c: int, dt: str, space: str) -> str:
        """An optional user destination clause for an allocating producer."""
        if self.p_user == 0 or self.rng.random() >= self.p_user:
            return ""
        if space != "vec" and r == 1:
            return ""  # a 1-row boxed tile's footprint is its fractal boxes, not r*c*E bytes
        size = r * c * EBYTES[dt]
        ivs = [v for v in self.visible() if v.kind == "index" and v.name.startswith("%i")]
        shared = [b for b in self.user_bufs if b[1] == space and b[2] >= size]
        if shared and self.rng.random() < self.p_share:
            name, _, bsize, slots, btype = self.rng.choice(shared)
            offs = sorted({0, bsize - size} | {k * size for k in range(bsize // size)})
            off = self.rng.choice(offs)
            if space == "vec" and self.rng.random() < 0.2:
                off = 32 * self.rng.randint(0, (bsize - size) // 32)
            win = f"[{off}, {size}]" if (off or bsize != size or self.rng.random() < 0.3) else ""
            slot = ""
            if slots == 2:
                if ivs and self.rng.random() < 0.5:
                    two = self.const_index(2)
                    dyn = self.fresh("sl")
                    self.emit(f"{dyn} = arith.remui {self.rng.choice(ivs).name}, {two} : index")
                    slot = f" slot {dyn}"
                else:
                    slot = f" slot {self.rng.choice([0, 1])}"
            return f" into({name}{win}{slot} : {btype})"
        slots = 1
        dyn = None
        if ivs and self.rng.random() < 0.4:
            slots = 2
            iv = self.rng.choice(ivs)
            two = self.const_index(2)
            dyn = self.fresh("sl")
            self.emit(f"{dyn} = arith.remui {iv.name}, {two} : index")
        elif self.rng.random() < 0.2:
            slots = 2
        extra = 0
        off = 0
        if self.rng.random() < 0.3:
            # a window in a larger buffer
            k = self.rng.choice([1, 2, 3])
            extra = k * size
            off = self.rng.choice([0, extra])
            if space == "vec" and self.rng.random() < 0.3:
                off = min(extra, 32 * self.rng.randint(0, max(0, extra // 32)))
        bsize = size + extra
        cap = CAPACITY[self.arch][space]
        while bsize * slots > cap // 4 and (extra or slots > 1):
            if extra:
                extra, off = 0, 0
            else:
                slots, dyn = 1, None
            bsize = size + extra
        if size * slots > cap // 4:
            return ""
        btype = f"!tile.buffer<{space}, {bsize}" + (f", slots = {slots}>" if slots > 1 else ">")
        name = self.fresh("ub")
        attrs = ""
        if self.p_addr and self.rng.random() < self.p_addr:
            cap = CAPACITY[self.arch][space]
            top = self.user_addr_top.get(space, cap)
            need = bsize * slots
            a = ((top - need) // 32) * 32
            if a >= cap // 2:
                self.user_addr_top[space] = a
                attrs += f" addr = {a}"
        if self.rng.random() < 0.4:
            attrs += " pinned"
        self.prologue.append(f"{name} = tile.alloc{attrs} : {btype}")
        self.user_bufs.append((name, space, bsize, slots, btype))
        win = f"[{off}, {size}]" if (extra or self.rng.random() < 0.2) else ""
        slot = ""
        if dyn is not None:
            slot = f" slot {dyn}"
        elif slots == 2:
            slot = f" slot {self.rng.choice([0, 1])}"
        return f" into({name}{win}{slot} : {btype})"

    # -- values --------------------------------------------------------------
    def load(self, r: int, c: int, dt: str, space: str = "vec") -> Val:
        # sometimes read back an output written before (through its current version)
        outs = [
            i
            for i, o in enumerate(self.out_cur)
            if self.outs[i].dt == dt and o.r >= r and o.c >= c and o is not self.outs[i]
        ]
        if outs and self.rng.random() < 0.15:
            t = self.out_cur[self.rng.choice(outs)]
        else:
            t = self.input_tensor(r, c, dt)
        ro = self.row_offset(r, t.r)
        co = self.col_offset(c, t.c)
        name = self.fresh()
        d = self.dest(r, c, dt, space)
        self.emit(
            f"{name} = tile.load {t.name}[{ro}, {co}]{d} : {t.type} -> {ttype(r, c, dt, space)}"
        )
        imag = 8.0 if dt in INTS else 1.0
        return self.add(
            Val(name, "tile", r, c, dt, space, mag=imag if t.out < 0 else LIM * 64, exact=t.out < 0)
        )

    def vec(self, r: int, c: int, dt: str, fresh_ok=True, exact=False) -> Val:
        cands = self.tiles(
            lambda v: v.space == "vec" and (v.r, v.c, v.dt) == (r, c, dt) and (v.exact or not exact)
        )
        if cands and (not fresh_ok or self.rng.random() < 0.8):
            return self.pick(cands)
        if self.rng.random() < 0.8 or exact:
            return self.load(r, c, dt)
        name = self.fresh()
        x = self.rng.choice([0.0, 0.5, -1.5, 2.0, 0.25])
        self.emit(f"{name} = tile.full {x}{self.dest(r, c, dt, 'vec')} : {ttype(r, c, dt, 'vec')}")
        return self.add(Val(name, "tile", r, c, dt, "vec", mag=abs(x)))

    def any_vec(self, pred=lambda v: True) -> Val:
        cands = self.tiles(lambda v: v.space == "vec" and v.dt in ("f32", "f16") and pred(v))
        if cands and self.rng.random() < 0.85:
            return self.pick(cands)
        shapes = self.shape_menu()
        r, c = self.rng.choice(shapes)
        return self.vec(r, c, self.dt)

    def shape_menu(self) -> list[tuple[int, int]]:
        R, C, dt = self.R, self.C, self.dt
        s = [(R, C), (R, C), (R, C)]
        for sh in [(C, R), (R, 1), (1, C), (max(1, R // 2), C), (R, max(1, C // 2))]:
            if holdable(*sh, dt, "vec") and sh[0] * sh[1] > 0:
                s.append(sh)
        return s

    def tame(self, v: Val, lim: float = LIM) -> Val:
        if v.mag <= lim or v.space != "vec" or v.dt in INTS:
            return v
        a = self.const_f32(lim)
        b = self.const_f32(-lim)
        t = ttype(v.r, v.c, v.dt, "vec")
        n1 = self.fresh()
        self.emit(f"{n1} = tile.mins {v.name}, {a} : {t}, f32")
        n2 = self.fresh()
        self.emit(f"{n2} = tile.maxs {n1}, {b} : {t}, f32")
        return self.add(Val(n2, "tile", v.r, v.c, v.dt, "vec", mag=lim, exact=v.exact))

    def new(self, name, like: Val, mag, exact, **kw) -> Val:
        d = dict(r=like.r, c=like.c, dt=like.dt, space=like.space)
        d.update(kw)
        return self.add(Val(name, "tile", mag=mag, exact=exact, **d))

    # -- vector statements ---------------------------------------------------
    def s_binary(self):
        a = self.any_vec()
        b = a if self.rng.random() < 0.15 else self.vec(a.r, a.c, a.dt)
        op = self.rng.choice(["add", "sub", "mul", "maximum", "minimum", "div", "add", "mul"])
        t = a.type
        if op == "div":
            den = self.positive(b)
            name = self.fresh()
            self.emit(
                f"{name} = tile.div {a.name}, {den.name}{self.dest(a.r, a.c, a.dt, 'vec')} : {t}"
            )
            self.new(name, a, a.mag, False)
            return
        name = self.fresh()
        self.emit(f"{name} = tile.{op} {a.name}, {b.name}{self.dest(a.r, a.c, a.dt, 'vec')} : {t}")
        mag = {"add": a.mag + b.mag, "sub": a.mag + b.mag, "mul": a.mag * b.mag}.get(
            op, max(a.mag, b.mag)
        )
        v = self.new(name, a, mag, a.exact and b.exact and op in ("maximum", "minimum"))
        self.tame(v)

    def positive(self, v: Val) -> Val:
        """abs(v) + 1 (>= 1)."""
        t = v.type
        n1 = self.fresh()
        self.emit(f"{n1} = tile.abs {v.name} : {t}")
        one = self.const_f32(1.0)
        n2 = self.fresh()
        self.emit(f"{n2} = tile.adds {n1}, {one} : {t}, f32")
        return self.new(n2, v, v.mag + 1, False)

    def s_unary(self):
        a = self.any_vec()
        t = a.type
        op = self.rng.choice(["exp", "log", "sqrt", "rsqrt", "recip", "abs", "neg", "relu"])
        src = a
        if op == "exp":
            two = self.const_f32(2.0)
            n = self.fresh()
            self.emit(f"{n} = tile.mins {a.name}, {two} : {t}, f32")
            src = self.new(n, a, a.mag, a.exact)
            mag = 7.5
        elif op in ("log", "rsqrt", "recip"):
            src = self.positive(a)
            mag = {"log": src.mag, "rsqrt": 1.0, "recip": 1.0}[op]
        elif op == "sqrt":
            n = self.fresh()
            self.emit(f"{n} = tile.abs {a.name} : {t}")
            src = self.new(n, a, a.mag, a.exact)
            mag = max(1.0, a.mag**0.5)
        else:
            mag = a.mag
        name = self.fresh()
        self.emit(f"{name} = tile.{op} {src.name}{self.dest(a.r, a.c, a.dt, 'vec')} : {t}")
        self.new(name, a, mag, src.exact and op in ("abs", "neg", "relu"))

    def s_scalar(self):
        a = self.any_vec()
        t = a.type
        op = self.rng.choice(["adds", "muls", "subs", "maxs", "mins", "divs", "muls"])
        if op == "divs":
            s = self.const_f32(self.rng.choice([2.0, -4.0, 0.5, 3.0]))
            smag = 0.5
            mag = a.mag * 2
        else:
            s, smag = self.f32_scalar()
            mag = {"adds": a.mag + smag, "subs": a.mag + smag, "muls": a.mag * smag}.get(
                op, max(a.mag, smag)
            )
        name = self.fresh()
        self.emit(f"{name} = tile.{op} {a.name}, {s}{self.dest(a.r, a.c, a.dt, 'vec')} : {t}, f32")
        v = self.new(name, a, mag, a.exact and op in ("maxs", "mins"))
        self.tame(v)

    def s_full(self):
        r, c = self.rng.choice(self.shape_menu())
        self.vec(r, c, self.dt)

    def s_rowred(self):
        col_ok = self.rng.random() < 0.05  # a reduction of a column vector (refused at emission)
        a = self.any_vec(
            lambda v: v.r > 1 and holdable(v.r, 1, v.dt, "vec") and (v.c > 1 or col_ok)
        )
        if not holdable(a.r, 1, a.dt, "vec") or a.r == 1 or (a.c == 1 and not col_ok):
            return self.s_binary()
        op = self.rng.choice(["row_sum", "row_max", "row_min"])
        name = self.fresh()
        ct = ttype(a.r, 1, a.dt, "vec")
        self.emit(f"{name} = tile.{op} {a.name}{self.dest(a.r, 1, a.dt, 'vec')} : {a.type} -> {ct}")
        v = self.new(
            name, a, a.mag * (a.c if op == "row_sum" else 1), a.exact and op != "row_sum", c=1
        )
        self.tame(v)

    def column_for(self, a: Val) -> Val:
        cols = self.tiles(lambda v: v.space == "vec" and (v.r, v.c, v.dt) == (a.r, 1, a.dt))
        if cols and self.rng.random() < 0.7:
            return self.pick(cols)
        if self.rng.random() < 0.5:
            return self.load(a.r, 1, a.dt)
        src = self.vec(a.r, a.c, a.dt)
        name = self.fresh()
        op = self.rng.choice(["row_max", "row_min", "row_sum"])
        self.emit(f"{name} = tile.{op} {src.name} : {src.type} -> {ttype(a.r, 1, a.dt, 'vec')}")
        return self.tame(self.new(name, src, src.mag * (a.c if op == "row_sum" else 1), False, c=1))

    def row_for(self, a: Val) -> Val:
        rows = self.tiles(lambda v: v.space == "vec" and (v.r, v.c, v.dt) == (1, a.c, a.dt))
        if rows and self.rng.random() < 0.7:
            return self.pick(rows)
        if self.rng.random() < 0.5:
            return self.load(1, a.c, a.dt)
        src = self.vec(a.r, a.c, a.dt)
        name = self.fresh()
        op = self.rng.choice(["col_max", "col_sum"])
        self.emit(f"{name} = tile.{op} {src.name} : {src.type} -> {ttype(1, a.c, a.dt, 'vec')}")
        return self.tame(self.new(name, src, src.mag * (a.r if op == "col_sum" else 1), False, r=1))

    def s_rowexp(self):
        a = self.any_vec(lambda v: v.r > 1 and v.c > 1 and holdable(v.r, 1, v.dt, "vec"))
        if a.r == 1 or a.c == 1 or not holdable(a.r, 1, a.dt, "vec"):
            return self.s_colexp()
        col = self.column_for(a)
        self.broadcast("row", a, col)

    def s_colred(self):
        a = self.any_vec(lambda v: v.r > 1 and v.c > 1)
        if a.r == 1 or a.c == 1:
            return self.s_binary()
        op = self.rng.choice(["col_sum", "col_max"])
        name = self.fresh()
        self.emit(
            f"{name} = tile.{op} {a.name}{self.dest(1, a.c, a.dt, 'vec')} : {a.type} -> {ttype(1, a.c, a.dt, 'vec')}"
        )
        self.tame(
            self.new(
                name, a, a.mag * (a.r if op == "col_sum" else 1), a.exact and op == "col_max", r=1
            )
        )

    def s_colexp(self):
        a = self.any_vec(lambda v: v.r > 1 and v.c > 1)
        if a.r == 1 or a.c == 1:
            return self.s_binary()
        row = self.row_for(a)
        self.broadcast("col", a, row)

    def broadcast(self, kind: str, a, factor):
        """A tile.{row,col}_expand of `factor` (a column or row of `a`'s
        shape), or one of the ops that combine it with `a`."""
        op = self.rng.choice(["mul", "add", "sub", "div", "max", "min", "expand"])
        name = self.fresh()
        if op == "div":
            factor = self.positive(factor)
        # The destination is drawn after the factor is made positive.
        dest = self.dest(a.r, a.c, a.dt, "vec")
        if op == "expand":
            self.emit(
                f"{name} = tile.{kind}_expand {factor.name}{dest} : {factor.type} -> {a.type}"
            )
            self.new(name, a, factor.mag, factor.exact)
            return
        self.emit(
            f"{name} = tile.{kind}_expand_{op} {a.name}, {factor.name}{dest} : {a.type}, {factor.type}"
        )
        mag = {"mul": a.mag * factor.mag, "add": a.mag + factor.mag, "sub": a.mag + factor.mag}.get(
            op, max(a.mag, factor.mag)
        )
        self.tame(self.new(name, a, mag, a.exact and factor.exact and op in ("max", "min")))

    def s_transpose(self):
        a = self.any_vec(lambda v: holdable(v.c, v.r, v.dt, "vec"))
        if not holdable(a.c, a.r, a.dt, "vec"):
            return self.s_unary()
        name = self.fresh()
        self.emit(
            f"{name} = tile.transpose {a.name}{self.dest(a.c, a.r, a.dt, 'vec')} : {a.type} -> {ttype(a.c, a.r, a.dt, 'vec')}"
        )
        self.new(name, a, a.mag, a.exact, r=a.c, c=a.r)

    def s_cvt(self):
        a = self.any_vec()
        to = "f16" if a.dt == "f32" else "f32"
        if not holdable(a.r, a.c, to, "vec") or a.mag > 1000:
            return self.s_unary()
        name = self.fresh()
        self.emit(
            f"{name} = tile.cvt {a.name}{self.dest(a.r, a.c, to, 'vec')} : {a.type} -> {ttype(a.r, a.c, to, 'vec')}"
        )
        self.new(name, a, a.mag, a.exact and to == "f32", dt=to)

    def s_select(self):
        a = self.any_vec(lambda v: v.c % 8 == 0 and v.exact)
        if a.c % 8 or a.c < 8:
            return self.s_binary()
        m = ttype(a.r, mask_cols(a.c), "i8", "vec")
        mname = self.fresh("m")
        mode = self.rng.choice(["eq", "ne", "lt", "le", "gt", "ge"])
        if self.rng.random() < 0.5 or not a.exact:
            b = self.vec(a.r, a.c, a.dt, exact=True) if a.exact else a
            self.emit(
                f"{mname} = tile.cmp {mode} {a.name}, {b.name}{self.dest(a.r, mask_cols(a.c), 'i8', 'vec')} : {a.type} -> {m}"
            )
        else:
            s = self.const_f32(self.rng.choice([0.0, 0.25, -0.5]))
            if mode in ("eq", "ne"):
                mode = "gt"
            self.emit(
                f"{mname} = tile.cmps {mode} {a.name}, {s}{self.dest(a.r, mask_cols(a.c), 'i8', 'vec')} : {a.type}, f32 -> {m}"
            )
        x = self.vec(a.r, a.c, a.dt)
        y = self.vec(a.r, a.c, a.dt)
        name = self.fresh()
        self.emit(
            f"{name} = tile.sel {mname}, {x.name}, {y.name}{self.dest(a.r, a.c, a.dt, 'vec')} : {m}, {a.type}"
        )
        self.new(name, a, max(x.mag, y.mag), x.exact and y.exact)

    def s_concat(self):
        a = self.any_vec(lambda v: v.c >= 2)
        e = EBYTES[a.dt]
        parts = [w for w in range(1, a.c) if (w * e) % 32 == 0 and ((a.c - w) * e) % 32 == 0]
        if not parts or a.c == 1:
            return self.s_binary()
        w = self.rng.choice(parts)
        lhs = self.vec(a.r, w, a.dt)
        rhs = self.vec(a.r, a.c - w, a.dt)
        name = self.fresh()
        self.emit(
            f"{name} = tile.concat {lhs.name}, {rhs.name}{self.dest(a.r, a.c, a.dt, 'vec')} : {lhs.type}, {rhs.type} -> {a.type}"
        )
        self.new(name, a, max(lhs.mag, rhs.mag), lhs.exact and rhs.exact)

    def s_move(self):
        a = self.any_vec()
        name = self.fresh()
        self.emit(
            f"{name} = tile.move {a.name}{self.dest(a.r, a.c, a.dt, 'vec')} : {a.type} -> {a.type}"
        )
        self.new(name, a, a.mag, a.exact)

    def s_fillpad(self):
        col_ok = self.rng.random() < 0.05  # a column vector (refused at emission)
        a = self.any_vec(lambda v: v.c > 1 or col_ok)
        if a.c == 1 and not col_ok:
            return self.s_unary()
        vr = self.rng.randint(1, a.r)
        vc = self.rng.randint(1, a.c)
        pad = self.rng.choice(["zero", "zero", "max", "min"])
        if a.dt == "f16" and pad != "zero":
            pad = "zero"
        name = self.fresh()
        self.emit(f"{name} = tile.fillpad {a.name} valid [{vr}, {vc}] pad {pad} : {a.type}")
        v = self.new(name, a, a.mag if pad == "zero" else float("inf"), a.exact)
        if pad != "zero":
            self.tame(v)

    def s_write(self):
        a = self.any_vec()
        ivs = [v for v in self.visible() if v.kind == "index" and v.name.startswith("%i")]
        if ivs and self.rng.random() < 0.5:
            iv = self.rng.choice(ivs)
            m = self.const_index(a.r)
            i = self.fresh("o")
            self.emit(f"{i} = arith.remui {iv.name}, {m} : index")
        else:
            i = self.const_index(self.rng.randrange(a.r))
        j = self.const_index(self.rng.randrange(a.c))
        s, smag = self.f32_scalar()
        if a.dt == "f16":
            h = self.fresh("h")
            self.emit(f"{h} = arith.truncf {s} : f32 to f16")
            s, sty = h, "f16"
        else:
            sty = "f32"
        name = self.fresh()
        self.emit(f"{name} = tile.write {a.name}[{i}, {j}], {s} : {a.type}, {sty}")
        self.new(name, a, max(a.mag, smag), False)

    def s_view(self):
        a = self.any_vec()
        e = EBYTES[a.dt]
        k = self.rng.random()
        name = self.fresh()
        if k < 0.35 and a.r > 1:
            # row slice
            h = self.rng.choice([x for x in range(1, a.r) if a.r % x == 0] or [1])
            r0 = self.rng.randrange(0, a.r - h + 1)
            self.emit(
                f"{name} = tile.slice {a.name}[{r0}, 0] : {a.type} -> {ttype(h, a.c, a.dt, 'vec')}"
            )
            self.new(name, a, a.mag, a.exact, r=h)
        elif k < 0.55:
            ws = [w for w in range(1, a.c) if (w * e) % 32 == 0] + (
                [1] if (a.r * e) % 32 == 0 and a.r > 1 and self.rng.random() < 0.1 else []
            )
            if not ws:
                return self.s_move()
            w = self.rng.choice(ws)
            c0 = self.rng.randrange(0, a.c - w + 1)
            if w > 1:
                c0 = (c0 // (32 // e)) * (32 // e)
            self.emit(
                f"{name} = tile.slice {a.name}[0, {c0}] : {a.type} -> {ttype(a.r, w, a.dt, 'vec')}"
            )
            self.new(name, a, a.mag, a.exact, c=w)
        elif k < 0.8:
            n = a.r * a.c
            shapes = [
                (x, n // x)
                for x in range(1, n + 1)
                if n % x == 0 and holdable(x, n // x, a.dt, "vec") and (x, n // x) != (a.r, a.c)
            ]
            if not shapes:
                return self.s_move()
            r, c = self.rng.choice(shapes)
            self.emit(f"{name} = tile.reshape {a.name} : {a.type} -> {ttype(r, c, a.dt, 'vec')}")
            self.new(name, a, a.mag, a.exact, r=r, c=c)
        else:
            if not holdable(a.c, a.r, a.dt, "vec"):
                return self.s_move()
            self.emit(
                f"{name} = tile.transpose_view {a.name} : {a.type} -> {ttype(a.c, a.r, a.dt, 'vec')}"
            )
            self.new(name, a, a.mag, a.exact, r=a.c, c=a.r)

    def s_assemble(self):
        a = self.any_vec(lambda v: v.r > 1)
        e = EBYTES[a.dt]
        if a.r > 1 and self.rng.random() < 0.6:
            h = self.rng.choice([x for x in range(1, a.r) if a.r % x == 0] or [1])
            r0 = self.rng.randrange(0, a.r // h) * h
            s = self.vec(h, a.c, a.dt)
            off = f"[{r0}, 0]"
        else:
            ws = [w for w in range(1, a.c) if (w * e) % 32 == 0]
            if not ws:
                return self.s_binary()
            w = self.rng.choice(ws)
            c0 = self.rng.randrange(0, a.c // w) * w
            s = self.vec(a.r, w, a.dt)
            off = f"[0, {c0}]"
        name = self.fresh()
        self.emit(f"{name} = tile.assemble {a.name}, {s.name}{off} : {a.type}, {s.type}")
        self.new(name, a, max(a.mag, s.mag), a.exact and s.exact)

    # -- cube ----------------------------------------------------------------
    def mat(self, r: int, c: int, dt: str) -> Val:
        cands = self.tiles(lambda v: v.space == "mat" and (v.r, v.c, v.dt) == (r, c, dt))
        if cands and self.rng.random() < 0.6:
            return self.pick(cands)
        if self.arch == "a5" and self.rng.random() < 0.25 and holdable(r, c, dt, "vec"):
            v = self.vec(r, c, dt)
            v = self.tame(v, 2.0)
            name = self.fresh()
            self.emit(
                f"{name} = tile.move {v.name}{self.dest(r, c, dt, 'mat')} : {v.type} -> {ttype(r, c, dt, 'mat')}"
            )
            return self.new(name, v, v.mag, v.exact, space="mat")
        return self.load(r, c, dt, "mat")

    def operand(self, r: int, c: int, dt: str, space: str) -> Val:
        cands = self.tiles(lambda v: v.space == space and (v.r, v.c, v.dt) == (r, c, dt))
        if cands and self.rng.random() < 0.5:
            return self.pick(cands)
        if self.rng.random() < 0.3:
            # a block of a larger mat tile
            big = (2 * r, c) if self.rng.random() < 0.5 else (r, 2 * c)
            m = self.mat(*big, dt)
            off = (
                f"[{self.rng.choice([0, big[0] - r])}, 0]"
                if big[0] != r
                else f"[0, {self.rng.choice([0, big[1] - c])}]"
            )
            name = self.fresh()
            self.emit(
                f"{name} = tile.extract {m.name}{off}{self.dest(r, c, dt, space)} : {m.type} -> {ttype(r, c, dt, space)}"
            )
            return self.new(name, m, m.mag, m.exact, r=r, c=c, space=space)
        m = self.mat(r, c, dt)
        name = self.fresh()
        op = self.rng.choice(["move", "extract"])
        if op == "move":
            self.emit(
                f"{name} = tile.move {m.name}{self.dest(r, c, dt, space)} : {m.type} -> {ttype(r, c, dt, space)}"
            )
        else:
            self.emit(
                f"{name} = tile.extract {m.name}[0, 0]{self.dest(r, c, dt, space)} : {m.type} -> {ttype(r, c, dt, space)}"
            )
        return self.new(name, m, m.mag, m.exact, space=space)

    def s_matmul(self):
        dt = self.cube_dt
        M, K, N = self.M, self.K, self.N
        accs = self.tiles(lambda v: v.space == "acc")
        if accs and self.rng.random() < 0.4:
            acc = self.pick(accs)
            M, N = acc.r, acc.c
            l = self.operand(M, K, dt, "left")
            r = self.operand(K, N, dt, "right")
            name = self.fresh()
            ic = ""
            if self.rng.random() < 0.3:
                ic = f" init_cond {self.cond()}"
            self.emit(
                f"{name} = tile.matmul_acc {acc.name}, {l.name}, {r.name}{ic} : {acc.type}, {l.type}, {r.type}"
            )
            self.new(name, acc, acc.mag + K * l.mag * r.mag, False)
            return
        if accs and self.rng.random() < 0.5:
            # chain: acc -> mat (or vec on a5) -> left, times a new right
            acc = self.pick(accs)
            if acc.mag > 1e4:
                return
            if (
                holdable(acc.r, acc.c, dt, "mat")
                and holdable(acc.r, acc.c, dt, "left")
                and holdable(acc.c, self.N2, dt, "right")
            ):
                name = self.fresh()
                if (
                    self.arch == "a5"
                    and self.rng.random() < 0.5
                    and holdable(acc.r, acc.c, "f32", "vec")
                ):
                    self.emit(
                        f"{name} = tile.move {acc.name}{self.dest(acc.r, acc.c, 'f32', 'vec')} : {acc.type} -> {ttype(acc.r, acc.c, 'f32', 'vec')}"
                    )
                    self.new(name, acc, acc.mag, False, space="vec", dt="f32")
                    return
                self.emit(
                    f"{name} = tile.move {acc.name}{self.dest(acc.r, acc.c, dt, 'mat')} : {acc.type} -> {ttype(acc.r, acc.c, dt, 'mat')}"
                )
                m = self.new(name, acc, acc.mag, False, space="mat", dt=dt)
                l = self.fresh()
                self.emit(
                    f"{l} = tile.move {m.name}{self.dest(acc.r, acc.c, dt, 'left')} : {m.type} -> {ttype(acc.r, acc.c, dt, 'left')}"
                )
                lv = self.new(l, m, m.mag, False, space="left")
                r = self.operand(acc.c, self.N2, dt, "right")
                out = self.fresh()
                at = ttype(acc.r, self.N2, "f32", "acc")
                self.emit(
                    f"{out} = tile.matmul {lv.name}, {r.name}{self.dest(acc.r, self.N2, 'f32', 'acc')} : {lv.type}, {r.type} -> {at}"
                )
                self.new(out, lv, acc.c * lv.mag * r.mag, False, c=self.N2, space="acc", dt="f32")
                return
        l = self.operand(M, K, dt, "left")
        r = self.operand(K, N, dt, "right")
        name = self.fresh()
        at = ttype(M, N, "f32", "acc")
        self.emit(
            f"{name} = tile.matmul {l.name}, {r.name}{self.dest(M, N, 'f32', 'acc')} : {l.type}, {r.type} -> {at}"
        )
        self.add(Val(name, "tile", M, N, "f32", "acc", mag=K * l.mag * r.mag, exact=False))

    def s_acc_to_vec(self):
        """a5: an acc result moved to vec for vector work (sometimes converting to f16)."""
        accs = self.tiles(
            lambda v: v.space == "acc" and v.dt == "f32" and holdable(v.r, v.c, "f32", "vec")
        )
        if self.arch != "a5" or not accs:
            return self.s_matmul()
        acc = self.pick(accs)
        to = (
            "f16"
            if (self.rng.random() < 0.4 and holdable(acc.r, acc.c, "f16", "vec") and acc.mag < 6e4)
            else "f32"
        )
        name = self.fresh()
        self.emit(
            f"{name} = tile.move {acc.name}{self.dest(acc.r, acc.c, to, 'vec')} : {acc.type} -> {ttype(acc.r, acc.c, to, 'vec')}"
        )
        self.tame(self.new(name, acc, acc.mag, False, space="vec", dt=to))

    # -- stores ----------------------------------------------------------------
    def s_store(self, v: Val | None = None):
        if v is None:
            cands = self.tiles(lambda v: v.space in ("vec", "acc") and v.dt != "i8")
            if not cands:
                return self.s_binary()
            v = self.pick(cands)
        k = self.output_index(v.r, v.c, v.dt)
        if k is None:
            dead = [
                i for i, o in enumerate(self.outs) if o.dt == v.dt and o.r >= v.r and o.c >= v.c
            ]
            if dead and self.rng.random() < 0.3:
                # a store whose result nobody reads (dead code)
                cur = self.out_cur[self.rng.choice(dead)]
                ro = self.row_offset(v.r, cur.r)
                co = self.col_offset(v.c, cur.c)
                self.emit(
                    f"{self.fresh('t')} = tile.store {v.name}, {cur.name}[{ro}, {co}] : {v.type}, {cur.type}"
                )
            return
        cur = self.out_cur[k]
        ro = self.row_offset(v.r, cur.r)
        co = self.col_offset(v.c, cur.c)
        name = self.fresh("t")
        self.emit(f"{name} = tile.store {v.name}, {cur.name}[{ro}, {co}] : {v.type}, {cur.type}")
        nv = Val(name, "tensor", cur.r, cur.c, cur.dt, out=k)
        self.out_cur[k] = nv
        v.uses += 1

    # -- control flow ----------------------------------------------------------
    def carried_outs(self) -> list[int]:
        return [
            i
            for i in range(len(self.outs))
            if (self.writable is None or i in self.writable) and self.rng.random() < 0.5
        ]

    def pick_carries(self, n: int) -> list[Val]:
        inits = []
        for _ in range(n):
            cands = self.tiles(lambda v: v.space in ("vec", "acc", "mat") and v.dt != "i8")
            if not cands or self.rng.random() < 0.2:
                v = self.any_vec()
            elif inits and self.rng.random() < 0.15:
                v = self.rng.choice(inits)  # one tile passed as two initializers
            else:
                v = self.pick(cands)
            if v.space == "vec":
                v = self.tame(v)
            inits.append(v)
        return inits

    def yield_value(self, ty_of: Val, body_vals: list[Val], own: list[Val], outer_ok=True) -> Val:
        """A value of ty_of's type to yield: computed in the region, a region
        argument (own / swapped), or an outer value."""
        same = lambda v: (
            v.kind == "tile"
            and (v.r, v.c, v.dt, v.space) == (ty_of.r, ty_of.c, ty_of.dt, ty_of.space)
        )
        r = self.rng.random()
        local = [v for v in body_vals if same(v)]
        if local and r < 0.6:
            v = self.rng.choice(local[-3:])
        elif r < 0.85 and [v for v in own if same(v)]:
            v = self.rng.choice([v for v in own if same(v)])
        elif outer_ok:
            v = self.rng.choice(self.tiles(same)) if self.tiles(same) else None
        else:
            v = None
        if v is None:
            if ty_of.space == "vec" and ty_of.dt not in INTS:
                # compute one from something of the type
                src = self.rng.choice([x for x in self.tiles(same)] or [ty_of])
                name = self.fresh()
                s, _ = self.f32_scalar()
                self.emit(f"{name} = tile.adds {src.name}, {s} : {src.type}, f32")
                v = self.new(name, src, src.mag + 2, False)
            else:
                v = self.rng.choice(self.tiles(same) or [ty_of])
        if v.space == "vec":
            v = self.tame(v)
        v.uses += 1
        return v

    def region_body(self, n: int):
        for _ in range(n):
            self.statement()

    def scalar_carries(self, init_texts: list[str]) -> list[Val]:
        """Scalar loop carries (f32, index, i1) with their initializers."""
        out = []
        for _ in range(self.rng.choice([1, 1, 2, 3])):
            kind = self.rng.choice(["f32", "f32", "index", "index", "i1"])
            if kind == "f32":
                init, _ = self.f32_scalar()
            elif kind == "index":
                init = self.small_index()
            else:
                init = self.cond()
            v = Val(
                self.fresh("f" if kind == "f32" else ("k" if kind == "index" else "q")),
                kind,
                mag=4.0,
            )
            init_texts.append(f"{v.name} = {init}")
            out.append(v)
        return out

    def scalar_yields(self, scs: list[Val], iv: str | None) -> list[str]:
        """The next values of scalar carries: computed, or another carry of
        the same kind (a swap: ptoas assigns iteration variables in order)."""
        ys = []
        for v in scs:
            same = [w for w in scs if w.kind == v.kind and w is not v]
            if same and self.rng.random() < 0.3:
                ys.append(self.rng.choice(same).name)
                continue
            if v.kind == "f32":
                half = self.const_f32(0.5)
                m = self.fresh("f")
                self.emit(f"{m} = arith.mulf {v.name}, {half} : f32")
                s, _ = self.f32_scalar()
                m2 = self.fresh("f")
                op = self.rng.choice(["addf", "subf", "maximumf", "minimumf", "mulf"])
                self.emit(f"{m2} = arith.{op} {m}, {s} : f32")
                if op in ("addf", "subf"):
                    # keep it bounded: clamp to [-4, 4]
                    lo, hi = self.const_f32(-4.0), self.const_f32(4.0)
                    m3, m4 = self.fresh("f"), self.fresh("f")
                    self.emit(f"{m3} = arith.minimumf {m2}, {hi} : f32")
                    self.emit(f"{m4} = arith.maximumf {m3}, {lo} : f32")
                    m2 = m4
                ys.append(m2)
            elif v.kind == "index":
                step = iv if (iv and self.rng.random() < 0.5) else self.const_index(1)
                a = self.fresh("k")
                self.emit(f"{a} = arith.addi {v.name}, {step} : index")
                four = self.const_index(4)
                b = self.fresh("k")
                self.emit(f"{b} = arith.{self.rng.choice(['remui', 'minsi'])} {a}, {four} : index")
                ys.append(b)
            else:
                t = self.fresh("q")
                self.emit(f"{t} = arith.constant true")
                q = self.fresh("q")
                self.emit(f"{q} = arith.xori {v.name}, {t} : i1")
                ys.append(q)
        return ys

    def small_index(self) -> str:
        """An index value in [0, 4]: a constant, an argument, or a visible
        index value (induction variable, carry, result) clamped."""
        r = self.rng.random()
        vis = [v for v in self.visible() if v.kind == "index"]
        if vis and r < 0.4:
            v = self.rng.choice(vis)
            lim = self.const_index(self.rng.choice([2, 3, 4]))
            m = self.fresh("n")
            self.emit(f"{m} = arith.minsi {v.name}, {lim} : index")
            return m
        if r < 0.7:
            return self.index_arg().name
        return self.const_index(self.rng.choice([0, 1, 2, 3]))

    def s_for(self):
        r = self.rng
        ntile = r.choice([0, 1, 1, 2, 2, 3])
        inits = self.pick_carries(ntile)
        scal = r.random() < 0.4
        outs = self.carried_outs()
        kind = r.random()
        if kind < 0.45:
            lb, ub, st = 0, r.choice([0, 1, 1, 2, 3, 4]), r.choice([1, 1, 2])
            lbn, ubn, stn = self.const_index(lb), self.const_index(ub), self.const_index(st)
        else:
            lbn = self.const_index(r.choice([0, 0, 1]))
            ubn = self.small_index()
            stn = self.const_index(r.choice([1, 1, 1, 2]))
        iv = self.fresh("i")
        carries = []  # (init name, type, region arg Val)
        init_texts = []
        for v in inits:
            a = Val(
                self.fresh("a"),
                "tile",
                v.r,
                v.c,
                v.dt,
                v.space,
                mag=LIM if v.space == "vec" else v.mag,
                exact=v.exact,
            )
            carries.append((v, a))
            init_texts.append(f"{a.name} = {v.name}")
        scs = self.scalar_carries(init_texts) if scal else []
        tens = []
        for k in outs:
            cur = self.out_cur[k]
            ta = Val(self.fresh("T"), "tensor", cur.r, cur.c, cur.dt, out=k)
            tens.append((k, cur, ta))
            init_texts.append(f"{ta.name} = {cur.name}")
        types = (
            [a.type for _, a in carries] + [v.kind for v in scs] + [ta.type for _, _, ta in tens]
        )
        res = self.fresh("r")
        nres = len(types)
        head = f"{res}:{nres} = " if nres > 1 else (f"{res} = " if nres == 1 else "")
        ia = f" iter_args({', '.join(init_texts)}) -> ({', '.join(types)})" if nres else ""
        self.emit(f"{head}scf.for {iv} = {lbn} to {ubn} step {stn}{ia} {{")
        saved_out = list(self.out_cur)
        saved_w = self.writable
        self.writable = set(outs)
        self.depth += 1
        self.scopes.append([])
        self.add(Val(iv, "index"))
        for _, a in carries:
            self.add(a)
        for v in scs:
            self.add(v)
        for k, _, ta in tens:
            self.out_cur[k] = ta
        self.region_body(r.randint(1, 6))
        # stores of carried values into carried tensors
        for k, _, ta in tens:
            if r.random() < 0.6:
                cands = self.tiles(
                    lambda v, k=k, ta=ta: (
                        v.space in ("vec", "acc")
                        and v.dt == self.outs[k].dt
                        and v.r <= ta.r
                        and v.c <= ta.c
                    )
                )
                if cands:
                    self.s_store_into(k, self.pick(cands))
        body_vals = self.scopes[-1]
        ys = [self.yield_value(a, body_vals, [x for _, x in carries]) for _, a in carries]
        yt = [y.name for y in ys]
        yt += self.scalar_yields(scs, iv)
        for k, _, _ta in tens:
            yt.append(self.out_cur[k].name)
        if nres:
            self.emit(f"scf.yield {', '.join(yt)} : {', '.join(types)}")
        self.scopes.pop()
        self.depth -= 1
        self.emit("}")
        self.out_cur = saved_out
        self.writable = saved_w
        self.bind_results(res, nres, [a for _, a in carries], scs, tens)

    def bind_results(self, res, nres, tile_like: list[Val], sv, tens):
        idx = 0

        def rn(i):
            return res if nres == 1 else f"{res}#{i}"

        for a in tile_like:
            self.add(
                Val(
                    rn(idx),
                    "tile",
                    a.r,
                    a.c,
                    a.dt,
                    a.space,
                    mag=a.mag if a.space != "vec" else LIM,
                    exact=False,
                )
            )
            idx += 1
        for v in sv or []:
            self.add(Val(rn(idx), v.kind, mag=v.mag))
            idx += 1
        for k, cur, _ in tens:
            self.out_cur[k] = Val(rn(idx), "tensor", cur.r, cur.c, cur.dt, out=k)
            idx += 1

    def s_store_into(self, k: int, v: Val):
        cur = self.out_cur[k]
        ro = self.row_offset(v.r, cur.r)
        co = self.col_offset(v.c, cur.c)
        name = self.fresh("t")
        self.emit(f"{name} = tile.store {v.name}, {cur.name}[{ro}, {co}] : {v.type}, {cur.type}")
        self.out_cur[k] = Val(name, "tensor", cur.r, cur.c, cur.dt, out=k)

    def s_if(self):
        r = self.rng
        c = self.cond()
        nres = r.choice([0, 1, 1, 2, 2, 3])
        like = self.pick_carries(nres)
        outs = self.carried_outs()
        skinds = [r.choice(["f32", "index", "i1"]) for _ in range(r.choice([0, 0, 0, 1, 2]))]
        types = [v.type for v in like] + skinds + [self.out_cur[k].type for k in outs]
        res = self.fresh("r")
        n = len(types)
        head = f"{res}:{n} = " if n > 1 else (f"{res} = " if n == 1 else "")
        rt = f" -> ({', '.join(types)})" if n else ""
        self.emit(f"{head}scf.if {c}{rt} {{")
        saved_out = list(self.out_cur)
        saved_w = self.writable
        self.writable = set(outs)
        has_else = n > 0 or r.random() < 0.5
        for arm in range(2 if has_else else 1):
            if arm == 1:
                self.emit("} else {")
            self.depth += 1
            self.scopes.append([])
            self.out_cur = list(saved_out)
            self.region_body(r.randint(0, 4))
            for k in outs:
                if r.random() < 0.4:
                    cands = self.tiles(
                        lambda v, k=k: (
                            v.space in ("vec", "acc")
                            and v.dt == self.outs[k].dt
                            and v.r <= self.out_cur[k].r
                            and v.c <= self.out_cur[k].c
                        )
                    )
                    if cands:
                        self.s_store_into(k, self.pick(cands))
            ys = []
            for i, v in enumerate(like):
                if i > 0 and r.random() < 0.2:
                    same = [y for y in ys if y.type == v.type]
                    if same:
                        ys.append(same[0])  # the same tile yielded twice
                        continue
                ys.append(self.yield_value(v, self.scopes[-1], [], True))
            sy = []
            for kd in skinds:
                sy.append(
                    self.f32_scalar()[0]
                    if kd == "f32"
                    else (self.small_index() if kd == "index" else self.cond())
                )
            yt = [y.name for y in ys] + sy + [self.out_cur[k].name for k in outs]
            if n:
                self.emit(f"scf.yield {', '.join(yt)} : {', '.join(types)}")
            self.scopes.pop()
            self.depth -= 1
        self.emit("}")
        self.out_cur = saved_out
        self.writable = saved_w
        self.bind_results(
            res,
            n,
            like,
            [Val("", kd, mag=4.0) for kd in skinds],
            [(k, self.out_cur[k], None) for k in outs],
        )

    def s_while(self):
        r = self.rng
        ntile = r.choice([1, 1, 2, 2, 3])
        inits = self.pick_carries(ntile)
        outs = self.carried_outs() if r.random() < 0.5 else []
        if r.random() < 0.5:
            bound = self.const_index(r.choice([0, 1, 2, 3]))
        else:
            bound = self.index_arg().name
        c0 = self.const_index(0)
        k = Val(self.fresh("k"), "index")
        bargs = [k] + [
            Val(
                self.fresh("a"),
                "tile",
                v.r,
                v.c,
                v.dt,
                v.space,
                mag=LIM if v.space == "vec" else v.mag,
                exact=False,
            )
            for v in inits
        ]
        inits_txt = [f"{k.name} = {c0}"] + [
            f"{a.name} = {v.name}" for a, v in zip(bargs[1:], inits)
        ]
        scs = self.scalar_carries(inits_txt) if r.random() < 0.45 else []
        bargs += scs
        tens = []
        for kk in outs:
            cur = self.out_cur[kk]
            ta = Val(self.fresh("T"), "tensor", cur.r, cur.c, cur.dt, out=kk)
            tens.append((kk, cur, ta))
            bargs.append(ta)
            inits_txt.append(f"{ta.name} = {cur.name}")
        types = [a.type for a in bargs]
        res = self.fresh("w")
        n = len(types)
        self.emit(
            f"{res}:{n} = scf.while ({', '.join(inits_txt)}) : ({', '.join(types)}) -> ({', '.join(types)}) {{"
        )
        saved_out = list(self.out_cur)
        saved_w = self.writable
        self.writable = set(outs)
        self.depth += 1
        self.scopes.append([])
        for a in bargs:
            if a.kind != "tensor":
                self.add(a)
        for kk, _, ta in tens:
            self.out_cur[kk] = ta
        # before region: maybe compute something, then the condition
        if r.random() < 0.3:
            self.region_body(r.randint(1, 2))
        go = self.fresh("go")
        self.emit(f"{go} = arith.cmpi slt, {k.name}, {bound} : index")
        for sc in scs:
            if r.random() < 0.5:
                continue
            if sc.kind == "f32":
                lim = self.const_f32(r.choice([1.0, 0.0, 3.0]))
                fb = self.fresh("b")
                self.emit(f"{fb} = arith.cmpf olt, {sc.name}, {lim} : f32")
            elif sc.kind == "index":
                lim = self.const_index(r.choice([2, 3, 4]))
                fb = self.fresh("b")
                self.emit(f"{fb} = arith.cmpi ult, {sc.name}, {lim} : index")
            else:
                fb = sc.name
            g2 = self.fresh("go")
            self.emit(f"{g2} = arith.andi {go}, {fb} : i1")
            go = g2
        fwd = [k.name]
        for a in bargs[1:]:
            if a.kind == "tile":
                if r.random() < 0.25:
                    y = self.yield_value(a, self.scopes[-1], bargs[1:], True)
                    fwd.append(y.name)
                else:
                    fwd.append(a.name)
            elif a.kind in ("f32", "index", "i1"):
                same = [w for w in scs if w.kind == a.kind and w is not a]
                fwd.append(r.choice(same).name if same and r.random() < 0.25 else a.name)
            else:
                fwd.append(self.out_cur[a.out].name)
        self.emit(f"scf.condition({go}) {', '.join(fwd)} : {', '.join(types)}")
        self.scopes.pop()
        self.depth -= 1
        self.emit("} do {")
        self.depth += 1
        self.scopes.append([])
        aargs = [Val(self.fresh("k"), "index")] + [
            Val(self.fresh("a"), a.kind, a.r, a.c, a.dt, a.space, mag=a.mag, exact=False, out=a.out)
            for a in bargs[1:]
        ]
        self.emit(f"^bb0({', '.join(f'{a.name}: {a.type}' for a in aargs)}):")
        for a in aargs:
            if a.kind != "tensor":
                self.add(a)
        self.out_cur = list(saved_out)
        for a in aargs:
            if a.kind == "tensor":
                self.out_cur[a.out] = a
        self.region_body(r.randint(1, 5))
        for kk, _, _ in tens:
            if r.random() < 0.6:
                cands = self.tiles(
                    lambda v, kk=kk: (
                        v.space in ("vec", "acc")
                        and v.dt == self.outs[kk].dt
                        and v.r <= self.out_cur[kk].r
                        and v.c <= self.out_cur[kk].c
                    )
                )
                if cands:
                    self.s_store_into(kk, self.pick(cands))
        one = self.const_index(1)
        k2 = self.fresh("k")
        self.emit(f"{k2} = arith.addi {aargs[0].name}, {one} : index")
        ys = [k2]
        own_tiles = [a for a in aargs if a.kind == "tile"]
        a_scs = [a for a in aargs[1:] if a.kind in ("f32", "index", "i1")]
        s_ys = iter(self.scalar_yields(a_scs, None))
        for a in aargs[1:]:
            if a.kind == "tile":
                ys.append(self.yield_value(a, self.scopes[-1], own_tiles).name)
            elif a.kind in ("f32", "index", "i1"):
                ys.append(next(s_ys))
            else:
                ys.append(self.out_cur[a.out].name)
        self.emit(f"scf.yield {', '.join(ys)} : {', '.join(types)}")
        self.scopes.pop()
        self.depth -= 1
        self.emit("}")
        self.out_cur = saved_out
        self.writable = saved_w
        # results
        self.add(Val(f"{res}#0", "index"))
        for i, a in enumerate(bargs[1:], start=1):
            if a.kind == "tile":
                self.add(Val(f"{res}#{i}", "tile", a.r, a.c, a.dt, a.space, mag=a.mag, exact=False))
            elif a.kind in ("f32", "index", "i1"):
                self.add(Val(f"{res}#{i}", a.kind, mag=4.0))
            else:
                self.out_cur[a.out] = Val(f"{res}#{i}", "tensor", a.r, a.c, a.dt, out=a.out)

    def s_scope(self):
        r = self.rng
        res = self.fresh("s")
        self.emit(f'{res} = tile.scope "split_aiv" -> {{TYPE}} {{')
        at = len(self.lines) - 1
        saved_out = list(self.out_cur)
        saved_w = self.writable
        self.writable = set()
        self.depth += 1
        self.scopes.append([])
        self.region_body(r.randint(1, 4))
        cands = self.scopes[-1] and [v for v in self.scopes[-1] if v.kind == "tile"]
        if cands:
            y = r.choice(cands)
        else:
            y = self.any_vec()
        self.emit(f"tile.scope_yield {y.name} : {y.type}")
        self.scopes.pop()
        self.depth -= 1
        self.emit("}")
        self.out_cur = saved_out  # stores inside a scope are dead (no tensor results)
        self.writable = saved_w
        self.lines[at] = self.lines[at].replace("{TYPE}", y.type)
        self.add(Val(res, "tile", y.r, y.c, y.dt, y.space, mag=y.mag, exact=y.exact))

    def s_accumulate(self):
        """The accumulate kernel's shape, optionally in a user buffer, with
        double-buffered loads."""
        r = self.rng
        R, C, dt = self.R, self.C, self.dt
        t = ttype(R, C, dt, "vec")
        size = R * C * EBYTES[dt]
        user = r.random() < 0.5
        ab = ""
        if user:
            name = self.fresh("ub")
            pin = " pinned" if r.random() < 0.5 else ""
            self.prologue.append(f"{name} = tile.alloc{pin} : !tile.buffer<vec, {size}>")
            ab = f" into({name} : !tile.buffer<vec, {size}>)"
        z = self.fresh()
        self.emit(f"{z} = tile.full 0.0{ab} : {t}")
        n = self.const_index(r.choice([1, 2, 3, 4])) if r.random() < 0.5 else self.index_arg().name
        c0 = self.const_index(0)
        c1 = self.const_index(1)
        iv = self.fresh("i")
        acc = self.fresh("a")
        res = self.fresh("r")
        self.emit(
            f"{res} = scf.for {iv} = {c0} to {n} step {c1} iter_args({acc} = {z}) -> ({t}) {{"
        )
        self.depth += 1
        self.scopes.append([Val(iv, "index")])
        blk = self.load(R, C, dt)
        h = self.const_f32(0.5)
        m = self.fresh()
        self.emit(f"{m} = tile.muls {acc}, {h}{ab} : {t}, f32")
        nx = self.fresh()
        self.emit(f"{nx} = tile.add {m}, {blk.name}{ab} : {t}")
        self.emit(f"scf.yield {nx} : {t}")
        self.scopes.pop()
        self.depth -= 1
        self.emit("}")
        self.add(Val(res, "tile", R, C, dt, "vec", mag=2.0, exact=False))

    def s_splitk(self):
        """gemm_splitk's inner loop: create + matmul_acc init_cond on the first step."""
        r = self.rng
        dt = self.cube_dt
        M, K, N = self.M, self.K, self.N
        at = ttype(M, N, "f32", "acc")
        init = self.fresh()
        self.emit(f"{init} = tile.create{self.dest(M, N, 'f32', 'acc')} : {at}")
        steps = r.choice([1, 2, 3])
        c0, c1, cs = self.const_index(0), self.const_index(1), self.const_index(steps)
        iv = self.fresh("i")
        acc = self.fresh("a")
        res = self.fresh("r")
        self.emit(
            f"{res} = scf.for {iv} = {c0} to {cs} step {c1} iter_args({acc} = {init}) -> ({at}) {{"
        )
        self.depth += 1
        self.scopes.append([Val(iv, "index")])
        first = self.fresh("b")
        self.emit(f"{first} = arith.cmpi eq, {iv}, {c0} : index")
        l = self.operand(M, K, dt, "left")
        rr = self.operand(K, N, dt, "right")
        nx = self.fresh()
        self.emit(
            f"{nx} = tile.matmul_acc {acc}, {l.name}, {rr.name} init_cond {first} : {at}, {l.type}, {rr.type}"
        )
        self.emit(f"scf.yield {nx} : {at}")
        self.scopes.pop()
        self.depth -= 1
        self.emit("}")
        self.add(Val(res, "tile", M, N, "f32", "acc", mag=K * steps, exact=False))

    def s_pressure(self):
        """Many simultaneously live tiles near a space's capacity."""
        R, C, dt = self.R, self.C, self.dt
        size = R * C * EBYTES[dt]
        cap = CAPACITY[self.arch]["vec"]
        n = max(2, min(24, int(cap * self.rng.uniform(0.6, 1.05)) // max(size, 1)))
        vals = [self.load(R, C, dt) for _ in range(n)]
        acc = vals[0]
        for v in vals[1:]:
            name = self.fresh()
            self.emit(f"{name} = tile.maximum {acc.name}, {v.name} : {acc.type}")
            acc = self.new(name, acc, 1.0, True)

    # -- integer tiles -----------------------------------------------------------
    def any_int(self, pred=lambda v: True) -> Val:
        cands = self.tiles(lambda v: v.space == "vec" and v.dt in ("i32", "i16") and pred(v))
        if cands and self.rng.random() < 0.8:
            return self.pick(cands)
        r, c = self.rng.choice(self.shape_menu())
        dt = self.idt if holdable(r, c, self.idt, "vec") else "i32"
        if self.rng.random() < 0.5:
            return self.load(r, c, dt)
        return self.s_to_int(r, c, dt)

    def int_like(self, a: Val) -> Val:
        cands = self.tiles(lambda v: v.space == "vec" and (v.r, v.c, v.dt) == (a.r, a.c, a.dt))
        if cands and self.rng.random() < 0.7:
            return self.pick(cands)
        return self.load(a.r, a.c, a.dt)

    def s_to_int(self, r=None, c=None, dt=None) -> Val:
        """A float tile converted to an integer one (clamped into range, every rounding mode)."""
        if r is None:
            src = self.any_vec(lambda v: holdable(v.r, v.c, "i32", "vec"))
            dt = self.rng.choice(["i32", "i16"])
            if not holdable(src.r, src.c, dt, "vec"):
                dt = "i32"
        else:
            src = self.vec(
                r, c, self.rng.choice(["f32", "f16"]) if holdable(r, c, "f16", "vec") else "f32"
            )
        ok = {"f32": ("i32", "i16"), "f16": ("i32", "i16", "i8")}[src.dt]
        if dt not in ok or not holdable(src.r, src.c, dt, "vec"):
            raise Skip("no such conversion")
        t = src.type
        k = self.const_f32(self.rng.choice([4.0, 8.0, 16.0]))
        n1 = self.fresh()
        self.emit(f"{n1} = tile.muls {src.name}, {k} : {t}, f32")
        hi, lo = self.const_f32(100.0), self.const_f32(-100.0)
        n2, n3 = self.fresh(), self.fresh()
        self.emit(f"{n2} = tile.mins {n1}, {hi} : {t}, f32")
        self.emit(f"{n3} = tile.maxs {n2}, {lo} : {t}, f32")
        mode = self.rng.choice(
            ["", "", " rmode round", " rmode floor", " rmode ceil", " rmode trunc"]
        )
        name = self.fresh()
        self.emit(
            f"{name} = tile.cvt {n3}{mode}{self.dest(src.r, src.c, dt, 'vec')} : {t} -> {ttype(src.r, src.c, dt, 'vec')}"
        )
        v = self.new(name, src, 100.0, True, dt=dt)
        if dt == "i8":
            # back to f16 at once (i8 is a conversion target only here)
            back = self.fresh()
            self.emit(f"{back} = tile.cvt {name} : {v.type} -> {ttype(src.r, src.c, 'f16', 'vec')}")
            self.new(back, v, 100.0, True, dt="f16")
        return v

    def s_int_binary(self):
        a = self.any_int()
        b = a if self.rng.random() < 0.1 else self.int_like(a)
        ops = ["add", "sub", "maximum", "minimum"]
        if a.mag * b.mag < IMAX[a.dt]:
            ops.append("mul")
        op = self.rng.choice(ops)
        name = self.fresh()
        self.emit(
            f"{name} = tile.{op} {a.name}, {b.name}{self.dest(a.r, a.c, a.dt, 'vec')} : {a.type}"
        )
        mag = {"add": a.mag + b.mag, "sub": a.mag + b.mag, "mul": a.mag * b.mag}.get(
            op, max(a.mag, b.mag)
        )
        if mag > IMAX[a.dt]:
            raise Skip("integer overflow")
        self.new(name, a, mag, True)

    def s_int_misc(self):
        a = self.any_int()
        k = self.rng.random()
        name = self.fresh()
        ity = a.dt
        if k < 0.2:
            op = "neg" if (a.dt == "i16" or self.rng.random() < 0.5) else "relu"
            self.emit(f"{name} = tile.{op} {a.name}{self.dest(a.r, a.c, a.dt, 'vec')} : {a.type}")
            self.new(name, a, a.mag, True)
        elif k < 0.45:
            ops = ["adds", "subs", "muls"] + (["maxs", "mins"] if a.dt == "i16" else [])
            op = self.rng.choice(ops)
            x = self.rng.choice([3, -2, 5, 1, 0])
            sc = self.fresh("c")
            sty = self.rng.choice([ity, "i32"]) if op not in ("maxs", "mins") else ity
            self.emit(f"{sc} = arith.constant {x} : {sty}")
            mag = {"adds": a.mag + abs(x), "subs": a.mag + abs(x), "muls": a.mag * abs(x)}.get(
                op, max(a.mag, abs(x))
            )
            if mag > IMAX[a.dt]:
                raise Skip("integer overflow")
            self.emit(
                f"{name} = tile.{op} {a.name}, {sc}{self.dest(a.r, a.c, a.dt, 'vec')} : {a.type}, {sty}"
            )
            self.new(name, a, mag, True)
        elif k < 0.6 and a.c > 1 and holdable(a.r, 1, a.dt, "vec") and a.r > 1:
            op = self.rng.choice(["row_max", "row_min", "row_sum"])
            mag = a.mag * (a.c if op == "row_sum" else 1)
            if mag > IMAX[a.dt]:
                raise Skip("integer overflow")
            self.emit(
                f"{name} = tile.{op} {a.name}{self.dest(a.r, 1, a.dt, 'vec')} : {a.type} -> {ttype(a.r, 1, a.dt, 'vec')}"
            )
            self.new(name, a, mag, True, c=1)
        elif k < 0.75 and a.c % 8 == 0 and a.dt == "i32":
            b = self.int_like(a)
            m = ttype(a.r, mask_cols(a.c), "i8", "vec")
            mn = self.fresh("m")
            self.emit(
                f"{mn} = tile.cmp {self.rng.choice(['eq', 'ne'])} {a.name}, {b.name} : {a.type} -> {m}"
            )
            x, y = self.int_like(a), self.int_like(a)
            self.emit(
                f"{name} = tile.sel {mn}, {x.name}, {y.name}{self.dest(a.r, a.c, a.dt, 'vec')} : {m}, {a.type}"
            )
            self.new(name, a, max(x.mag, y.mag), True)
        elif k < 0.9:
            # back to a float tile
            to = {"i32": ["f32"], "i16": ["f32", "f16"]}[a.dt]
            to = self.rng.choice(to)
            if not holdable(a.r, a.c, to, "vec"):
                raise Skip("shape")
            self.emit(
                f"{name} = tile.cvt {a.name}{self.dest(a.r, a.c, to, 'vec')} : {a.type} -> {ttype(a.r, a.c, to, 'vec')}"
            )
            self.tame(self.new(name, a, a.mag, True, dt=to))
        else:
            if a.dt == "i32" and holdable(a.r, a.c, "i16", "vec"):
                self.emit(
                    f"{name} = tile.cvt {a.name} : {a.type} -> {ttype(a.r, a.c, 'i16', 'vec')}"
                )
                self.new(name, a, min(a.mag, 32768), True, dt="i16")
            else:
                self.emit(f"{name} = tile.move {a.name} : {a.type} -> {a.type}")
                self.new(name, a, a.mag, True)

    def statement(self):
        if self.stmts_left <= 0:
            return
        self.stmts_left -= 1
        r = self.rng
        table = [
            (self.s_binary, 10),
            (self.s_unary, 6),
            (self.s_scalar, 6),
            (self.s_full, 1),
            (self.s_rowred, 3),
            (self.s_rowexp, 3),
            (self.s_colred, 2),
            (self.s_colexp, 2),
            (self.s_transpose, 2),
            (self.s_cvt, 2),
            (self.s_select, 2),
            (self.s_concat, 1),
            (self.s_move, 1),
            (self.s_fillpad, 1),
            (self.s_write, 2),
            (self.s_view, 5),
            (self.s_assemble, 2),
            (self.s_store, 3),
        ]
        if self.cube:
            table += [(self.s_matmul, 8), (self.s_splitk, 1), (self.s_acc_to_vec, 1)]
        if self.ints:
            table += [(self.s_to_int, 2), (self.s_int_binary, 5), (self.s_int_misc, 5)]
        if self.depth < self.max_depth:
            table += [(self.s_for, 5), (self.s_if, 5), (self.s_while, 3), (self.s_scope, 1)]
        if self.depth == 0:
            table += [(self.s_accumulate, 1)]
        fn = r.choices([f for f, _ in table], weights=[w for _, w in table])[0]
        snap = self.snapshot()
        try:
            fn()
        except Skip:
            self.restore(snap)

    def build(self) -> str:
        if self.pressure:
            self.s_pressure()
        while self.stmts_left > 0:
            self.statement()
        # outputs: store a few of the values computed
        cands = self.tiles(lambda v: v.space in ("vec", "acc") and v.dt != "i8")
        unread = [v for v in cands if v.uses == 0]
        chosen = (unread[-5:] if unread else []) + self.rng.sample(
            cands, min(len(cands), self.rng.randint(0, 2))
        )
        if self.cube:
            accs = [v for v in cands if v.space == "acc"]
            if accs and not any(v.space == "acc" for v in chosen):
                chosen.append(accs[-1])
        if not chosen:
            chosen = [self.any_vec()]
        seen = set()
        for v in chosen:
            if v.name in seen:
                continue
            seen.add(v.name)
            self.s_store(v)
        if not self.outs:
            self.s_store(self.any_vec())
        ret_t = [o.type for o in self.outs]
        self.emit(f"return {', '.join(o.name for o in self.out_cur)} : {', '.join(ret_t)}")
        sig = ", ".join(f"{a.name}: {a.type}" for a in self.args)
        head = [
            f"// blind_gen seed {self.seed}: arch {self.arch}, {self.dt}, base {self.R}x{self.C}"
            + (f", cube {self.cube_dt} {self.M}x{self.K}x{self.N}" if self.cube else ""),
            f'module attributes {{tile.target_arch = "{self.arch}"}} {{',
            f"  func.func @blind_{self.seed}({sig}) -> ({', '.join(ret_t)}) {{",
        ]
        body = ["    " + p for p in self.prologue] + self.lines
        return "\n".join(head + body + ["  }", "}", ""])


def generate(seed: int) -> str:
    """The text of one module, deterministic in `seed`."""
    return Gen(seed).build()


# ---------------------------------------------------------------------------
# Checking
# ---------------------------------------------------------------------------


def _all_variants() -> tuple[str, ...]:
    """Every planner (tilemem.compiler.PLANNERS) with Buffer IR on, then on
    the Tile path ("pypto/tile")."""
    from tilemem.compiler import PLANNERS as planners

    return tuple(planners) + tuple(f"{p}/tile" for p in planners)


PLANNERS = _all_variants()


def _variant(p: str) -> tuple[str, bool]:
    """'pypto' -> (pypto, Buffer IR on); 'pypto/tile' -> (pypto, off: the Tile path)."""
    name, _, path = p.partition("/")
    return name, path != "tile"


def _first_lines(text: str, n: int = 3) -> str:
    return " | ".join(l.strip() for l in str(text).strip().splitlines()[:n])


def check_interp(text: str, planners, seed: int) -> dict:
    """Per planner: the planned module in storage mode against the input in
    value mode. Also reports a planning refusal or crash of the planner."""
    import tilemem
    from tilemem.testing import interp

    out = {}
    try:
        inputs = interp.random_inputs(text, seed=seed)
    except Exception as e:  # noqa: BLE001
        return {p: {"outcome": "interp-error", "message": f"inputs: {e!r}"} for p in planners}
    try:
        ref = interp.run(text, inputs, mode="value")
        poisoned = any(p is not None and p.any() for p in ref.poison)
    except Exception as e:  # noqa: BLE001
        return {
            p: {"outcome": "interp-error", "message": f"value mode: {e!r}"[:2000]} for p in planners
        }
    for p in planners:
        name, bir = _variant(p)
        try:
            res = tilemem.compile(text, memory_planner=name, enable_buffer_ir=bir, emit_pto=False)
        except tilemem.CompileError as e:
            out[p] = {"outcome": f"refused-{e.stage}", "message": str(e)[:3000]}
            continue
        except tilemem.Error as e:
            out[p] = {"outcome": "refused-other", "message": str(e)[:3000]}
            continue
        except Exception:  # noqa: BLE001
            import traceback

            out[p] = {"outcome": "python-error", "message": traceback.format_exc()[-3000:]}
            continue
        try:
            for ign in (False, True):
                cmp = interp.compare(text, res.module, inputs, ignore_addresses=ign)
                if not cmp.equal:
                    if poisoned and "poison in the reference" in cmp.message:
                        out[p] = {"outcome": "poison", "message": cmp.message}
                    else:
                        out[p] = {
                            "outcome": "interp-mismatch",
                            "message": ("(ignore_addresses) " if ign else "") + cmp.message,
                        }
                    break
            else:
                out[p] = {"outcome": "ok", "message": ""}
        except interp.StorageError as e:
            out[p] = {"outcome": "interp-storage-error", "message": str(e)[:3000]}
        except Exception as e:  # noqa: BLE001
            out[p] = {"outcome": "interp-error", "message": repr(e)[:3000]}
    return out


def check_chain(text: str, planners, seed: int) -> dict:
    from tilemem.testing import toolchain

    jobs = [
        toolchain.Job(
            text,
            memory_planner=_variant(p)[0],
            enable_buffer_ir=_variant(p)[1],
            seed=seed,
            name=f"blind_{p}",
        )
        for p in planners
    ]
    results = toolchain.run_batch(jobs)
    out = {}
    for p, r in zip(planners, results):
        if r.ok:
            o = "pass"
        elif r.unchecked:
            o = "not-checked"
        elif r.stage == "emit":
            msg = r.stages["emit"].message if "emit" in r.stages else ""
            o = "refused"
            if "Traceback" in msg or "Error(" in msg:
                o = "emit-error"
        elif r.stage == "ptoas":
            o = f"ptoas-{r.ptoas.status}" if r.ptoas else "ptoas-failed"
        elif r.stage == "compile":
            o = "compile-failed"
        elif r.stage == "run":
            o = "run-failed"
        else:
            o = "mismatch"
        st = r.stages.get(r.stage)
        msg = st.message if st else ""
        if o == "mismatch":
            bad = [x for x in r.outputs if x.checked and x.mismatches]
            msg = "; ".join(x.describe() for x in bad) or msg
            # f16 accumulations (col_sum of 64 rows, ...) round differently on
            # the simulator (in f16) than in the interpreter (once per op):
            # a few elements a few ulps apart are triaged by hand.
            if bad and all(
                "f16" in x.type
                and x.mismatches <= max(4, x.total // 200)
                and x.first is not None
                and x.max_abs_error < 0.1 + 0.005 * abs(float(x.first[2]))
                for x in bad
            ):
                o = "mismatch-f16-small"
        out[p] = {
            "outcome": o,
            "message": str(msg)[:3000],
            "class": r.failure_class,
            "level": r.level,
            "arch": r.arch,
        }
    return out


def check_file(path: str, planners, seed: int, chain: bool, interp_: bool) -> dict:
    import tilemem

    text = open(path).read()
    res = {"interp": {}, "chain": {}}
    try:
        from tilemem import ir

        with ir.Context():
            tilemem.parse_module(text, source_name=path)
    except tilemem.Error as e:
        return {"invalid": str(e)[:3000]}
    if interp_:
        res["interp"] = check_interp(text, planners, seed)
    if chain:
        res["chain"] = check_chain(text, planners, seed)
    return res


BAD_CHAIN = {
    "emit-error",
    "ptoas-rejected",
    "ptoas-crashed",
    "ptoas-timeout",
    "ptoas-failed",
    "compile-failed",
    "run-failed",
    "mismatch",
}
BAD_INTERP = {
    "python-error",
    "interp-mismatch",
    "interp-storage-error",
    "interp-error",
    "refused-other",
}


def _child(args) -> int:
    planners = PLANNERS if args.planners == "all" else tuple(args.planners.split(","))
    res = check_file(args.check, planners, args.input_seed, not args.no_chain, not args.no_interp)
    print("BLIND-JSON " + json.dumps(res, default=str))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tilemem.testing.blind_gen")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--print", action="store_true", help="print the programs, run nothing")
    ap.add_argument("--failures", default=None, help="directory for failing programs")
    ap.add_argument("--planners", default="all")
    ap.add_argument("--no-chain", action="store_true")
    ap.add_argument("--no-interp", action="store_true")
    ap.add_argument(
        "--work", default=None, help="directory for the programs (default: a temporary one)"
    )
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--log", default=None, help="append one JSON line per program")
    ap.add_argument("--check", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--input-seed", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.check:
        return _child(args)
    if args.print:
        for s in range(args.seed, args.seed + args.count):
            print(generate(s))
        return 0
    if args.work is None:
        args.work = tempfile.mkdtemp(prefix="blind-gen-")
    os.makedirs(args.work, exist_ok=True)
    if args.failures:
        os.makedirs(args.failures, exist_ok=True)
    tally: Counter = Counter()
    bad = 0
    for s in range(args.seed, args.seed + args.count):
        text = generate(s)
        path = os.path.join(args.work, f"seed-{s}.mlir")
        with open(path, "w") as f:
            f.write(text)
        cmd = [
            sys.executable,
            "-m",
            "tilemem.testing.blind_gen",
            "--check",
            path,
            "--input-seed",
            str(s),
            "--planners",
            args.planners,
        ]
        if args.no_chain:
            cmd.append("--no-chain")
        if args.no_interp:
            cmd.append("--no-interp")
        t0 = time.time()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
            line = [l for l in proc.stdout.splitlines() if l.startswith("BLIND-JSON ")]
            if line:
                res = json.loads(line[-1][len("BLIND-JSON ") :])
            else:
                res = {"crash": f"exit {proc.returncode}: " + proc.stderr[-3000:]}
        except subprocess.TimeoutExpired:
            res = {"crash": f"timeout after {args.timeout} s"}
        dt = time.time() - t0
        failing = []
        if "invalid" in res:
            tally["gen-invalid"] += 1
            failing.append("gen-invalid")
        elif "crash" in res:
            tally["crash"] += 1
            failing.append("crash")
        else:
            for part in ("interp", "chain"):
                for p, o in res[part].items():
                    tally[f"{part}:{p}:{o['outcome']}"] += 1
                    if o["outcome"] in (BAD_CHAIN if part == "chain" else BAD_INTERP):
                        failing.append(f"{part}:{p}:{o['outcome']}")
        summary = ", ".join(sorted(set(failing))) or "ok"
        print(f"seed {s} ({dt:.1f}s): {summary}", flush=True)
        if args.log:
            with open(args.log, "a") as f:
                f.write(json.dumps({"seed": s, "seconds": dt, "result": res}) + "\n")
        if failing:
            bad += 1
            if args.failures:
                with open(os.path.join(args.failures, f"seed-{s}.mlir"), "w") as f:
                    f.write(text)
                    f.write(
                        "\n// " + json.dumps(res, default=str)[:20000].replace("\n", "\n// ") + "\n"
                    )
    print("\n# tally")
    for k, v in sorted(tally.items()):
        print(f"{k}: {v}")
    print(f"# {bad} of {args.count} programs with a failure")
    return 0


if __name__ == "__main__":
    sys.exit(main())
