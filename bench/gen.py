"""Generator of large tile programs and their One-Shot Bufferize twins.

    python bench/gen.py --shape seq --ops 100000 --kind tile   -o seq.mlir
    python bench/gen.py --shape seq --ops 100000 --kind tensor -o seq-osb.mlir

A program is a sequence of *units* of one shape, repeated until the tile
program has about ``--ops`` operations (every operation counts, terminators
included; the function and module do not). The tensor program of the same
shape and op target has exactly the same units, hence the same loop and
branch structure, with ``tensor`` iter_args and ``linalg``/``tensor`` ops, in
destination-passing style: a value that updates a carried or previous value
names it as its ``outs`` (so One-Shot Bufferize has to decide in-place
updates, the decision tilemem's materialize pass makes), every other value is
computed into a ``tensor.empty``. Its op count is reported separately (a few
ops more per unit: ``tensor.empty`` and ``linalg.fill`` have no single-op
counterpart).

Shapes (all units store into one output tensor, threaded through the
function, the way kernels write their result):

seq      a chain of accumulation loops:
         full; for { load; transpose_view; add; yield }; store   (7 ops)
nest     loop nests of depth ``NEST_DEPTH`` with one accumulator carried
         through every level, a load+add innermost and a scale at each level
branch   if/else trees of depth ``BRANCH_DEPTH`` (16 leaves) yielding an
         acc result (then leaves: matmul, else leaves: matmul_acc of an acc
         computed before the tree: accumulator phis) and a vec result
carries  loops with ``CARRIES`` carries: two updated in place, a swap,
         a 3-rotation and a lag (a chain); 2 copy cycles per loop
views    loops whose carry goes through slices, a slice of a slice, an
         assemble, reshapes and a transposed view every iteration
deep     one nest ``depth`` levels deep (``--depth``; by default as deep as
         the op count allows, up to ``DEEP_MAX_DEPTH``, the deepest the
         nesting limit accepts), the levels cycling through scf.for,
         scf.while (counted by an index carry) and scf.if: two tile carries
         at every level (one updated, one passed through), a read of a value
         defined two levels out at every level, a load innermost and a read
         of a function-level tile there;
         past ``DEEP_MAX_DEPTH`` levels the program is several such nests

``Program.cycles`` is the number of copy cycles (swaps, rotations) the
shape puts in loop yields: a parallel copy needs one scratch per cycle.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass

SHAPES = ["seq", "nest", "branch", "carries", "views", "deep"]
KINDS = ["tile", "tensor"]

NEST_DEPTH = 12
BRANCH_DEPTH = 4
CARRIES = 8
# The deepest `deep` nest the nesting limit accepts (docs/development.md,
# "Limits"): at this depth its text nests exactly 4096 brackets (module,
# function, one `{` per level, and the parentheses and `<` of a while's
# types), one level more is refused before parsing (test_bench.py).
DEEP_MAX_DEPTH = 4093
# Ops per level of a `deep` nest, averaged over the for/while/if cycle.
DEEP_OPS_PER_LEVEL = 17 / 3
# The depth of one `deep` unit when only the number of units is given.
DEEP_UNIT_DEPTH = 12
# Lines are indented by at most this many levels: a 4000-deep nest indented
# in full would be quadratic in bytes.
MAX_INDENT = 32

# Tile program types.
T = "!tile.tile<8x8xf32, vec>"
H = "!tile.tile<4x8xf32, vec>"
Q = "!tile.tile<2x8xf32, vec>"
R = "!tile.tile<16x4xf32, vec>"
ACC = "!tile.tile<8x8xf32, acc>"
MAT = "!tile.tile<8x8xf32, mat>"
LEFT = "!tile.tile<8x8xf32, left>"
RIGHT = "!tile.tile<8x8xf32, right>"
GT = "!tile.tensor<64x8xf32>"
# Tensor program types.
TT = "tensor<8x8xf32>"
TH = "tensor<4x8xf32>"
TQ = "tensor<2x8xf32>"
TR = "tensor<16x4xf32>"
TF = "tensor<64xf32>"
GTT = "tensor<64x8xf32>"


@dataclass
class Program:
    shape: str
    kind: str
    text: str
    ops: int  # operations in the function body (terminators included)
    units: int
    cycles: int  # copy cycles in loop yields (one scratch each)


class Emitter:
    def __init__(self, kind: str):
        self.kind = kind
        self.lines: list[str] = []
        self.ops = 0
        self.counter = 0
        self.out = "%O"  # current version of the output tensor
        self.cycles = 0

    def fresh(self, prefix: str = "v") -> str:
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def op(self, depth: int, text: str) -> None:
        self.raw(depth, text)
        self.ops += 1

    def raw(self, depth: int, text: str) -> None:
        self.lines.append("  " * (min(depth, MAX_INDENT) + 2) + text)

    # -- common pieces, in both kinds -------------------------------------
    def zero(self, d: int, value: str = "0.0") -> str:
        """A fresh 8x8 tile filled with `value`."""
        name = self.fresh("z")
        if self.kind == "tile":
            self.op(d, f"{name} = tile.full {value} : {T}")
        else:
            empty = self.fresh("e")
            self.op(d, f"{empty} = tensor.empty() : {TT}")
            self.op(d, f"{name} = linalg.fill ins(%f0 : f32) outs({empty} : {TT}) -> {TT}")
        return name

    def empty(self, d: int, ty: str = TT) -> str:
        name = self.fresh("e")
        self.op(d, f"{name} = tensor.empty() : {ty}")
        return name

    def load(self, d: int, row: str) -> str:
        name = self.fresh("x")
        if self.kind == "tile":
            self.op(d, f"{name} = tile.load %A[{row}, %c0] : {GT} -> {T}")
        else:
            self.op(d, f"{name} = tensor.extract_slice %A[{row}, 0] [8, 8] [1, 1] : {GTT} to {TT}")
        return name

    def binary(self, d: int, op: str, a: str, b: str, into: str = "", ty: str = "") -> str:
        """`op` (add, mul) of a and b; the tensor program writes `into` (a
        value being updated) or a fresh tensor.empty."""
        name = self.fresh("s")
        if self.kind == "tile":
            self.op(d, f"{name} = tile.{op} {a}, {b} : {ty or T}")
        else:
            ty = ty or TT
            dest = into or self.empty(d, ty)
            self.op(
                d, f"{name} = linalg.{op} ins({a}, {b} : {ty}, {ty}) outs({dest} : {ty}) -> {ty}"
            )
        return name

    def scale(self, d: int, a: str, into: str = "") -> str:
        name = self.fresh("m")
        if self.kind == "tile":
            self.op(d, f"{name} = tile.muls {a}, %fhalf : {T}, f32")
        else:
            dest = into or self.empty(d)
            self.op(
                d, f"{name} = linalg.mul ins({a}, %halves : {TT}, {TT}) outs({dest} : {TT}) -> {TT}"
            )
        return name

    def transpose(self, d: int, a: str) -> str:
        name = self.fresh("t")
        if self.kind == "tile":
            self.op(d, f"{name} = tile.transpose_view {a} : {T} -> {T}")
        else:
            dest = self.empty(d)
            self.op(
                d,
                f"{name} = linalg.transpose ins({a} : {TT}) outs({dest} : {TT}) permutation = [1, 0]",
            )
        return name

    def store(self, d: int, value: str, row: int, ty: str = "") -> None:
        name = self.fresh("O")
        if self.kind == "tile":
            self.op(d, f"{name} = tile.store {value}, {self.out}[%c{row}, %c0] : {ty or T}, {GT}")
        else:
            self.op(
                d,
                f"{name} = tensor.insert_slice {value} into {self.out}[{row}, 0] [8, 8] [1, 1] : {TT} into {GTT}",
            )
        self.out = name

    def for_head(self, d: int, inits: list[str], prefix: str = "a") -> tuple:
        """Opens an scf.for over [0, %n) with one carry per init; returns
        (result names, iter_arg names, induction variable)."""
        ty = T if self.kind == "tile" else TT
        res = self.fresh("r")
        iv = self.fresh("i")
        args = [self.fresh(prefix) for _ in inits]
        head = f"{res}:{len(inits)} = " if len(inits) > 1 else f"{res} = "
        iter_args = ", ".join(f"{a} = {i}" for a, i in zip(args, inits))
        types = ", ".join([ty] * len(inits))
        self.op(
            d, f"{head}scf.for {iv} = %c0 to %n step %c1 iter_args({iter_args}) -> ({types}) {{"
        )
        results = [f"{res}#{k}" for k in range(len(inits))] if len(inits) > 1 else [res]
        return results, args, iv

    def yield_(self, d: int, values: list[str], ty: str = "") -> None:
        ty = ty or (T if self.kind == "tile" else TT)
        self.op(d, f"scf.yield {', '.join(values)} : {', '.join([ty] * len(values))}")


# -- units -------------------------------------------------------------------


def unit_seq(e: Emitter, k: int) -> None:
    z = e.zero(0)
    (r,), (acc,), iv = e.for_head(0, [z])
    x = e.load(1, iv)
    xt = e.transpose(1, x)
    s = e.binary(1, "add", acc, xt, into=acc)
    e.yield_(1, [s])
    e.raw(0, "}")
    e.store(0, r, 8 * (k % 8))


def unit_nest(e: Emitter, k: int) -> None:
    z = e.zero(0)

    def level(d: int, init: str) -> str:
        (r,), (acc,), iv = e.for_head(d, [init])
        if d + 1 < NEST_DEPTH:
            inner = level(d + 1, acc)
            nxt = e.scale(d + 1, inner, into=inner)
        else:
            x = e.load(d + 1, iv)
            nxt = e.binary(d + 1, "add", acc, x, into=acc)
        e.yield_(d + 1, [nxt])
        e.raw(d, "}")
        return r

    r = level(0, z)
    e.store(0, r, 8 * (k % 8))


def unit_branch(e: Emitter, k: int) -> None:
    """A tree of scf.if yielding (acc, vec): then leaves compute a matmul,
    else leaves accumulate into an acc made before the tree (accumulator
    phis, which the pass normalizes by producing the matmuls in that acc)."""
    tile = e.kind == "tile"
    acc_ty, vec_ty = (ACC, T) if tile else (TT, TT)
    # The else leaves accumulate into an acc computed right before the tree.
    # (Chaining the trees, each accumulating into the previous tree's acc
    # result, is rejected as a divergent phi from the second tree of depth
    # >= 2 on, although a valid assignment exists: docs/performance.md,
    # "Findings".)
    prev = e.fresh("p")
    if tile:
        e.op(0, f"{prev} = tile.matmul %left, %right : {LEFT}, {RIGHT} -> {ACC}")
    else:
        zeros = e.fresh("p")
        e.op(0, f"{zeros} = linalg.fill ins(%f0 : f32) outs(%e_a : {TT}) -> {TT}")
        e.op(
            0,
            f"{prev} = linalg.matmul ins(%left, %right : {TT}, {TT}) outs({zeros} : {TT}) -> {TT}",
        )

    def leaf(d: int, then: bool) -> list[str]:
        m = e.fresh("mm")
        if tile:
            if then:
                e.op(d, f"{m} = tile.matmul %left, %right : {LEFT}, {RIGHT} -> {ACC}")
            else:
                e.op(d, f"{m} = tile.matmul_acc {prev}, %left, %right : {ACC}, {LEFT}, {RIGHT}")
        else:
            dest = "%zeros" if then else prev
            e.op(
                d,
                f"{m} = linalg.matmul ins(%left, %right : {TT}, {TT}) outs({dest} : {TT}) -> {TT}",
            )
        v = e.binary(d, "add" if then else "mul", "%x0", "%x1")
        return [m, v]

    def tree(d: int, depth: int) -> list[str]:
        res = e.fresh("b")
        e.op(d, f"{res}:2 = scf.if %cond -> ({acc_ty}, {vec_ty}) {{")
        for arm in (True, False):
            if not arm:
                e.raw(d, "} else {")
            values = leaf(d + 1, arm) if depth == 1 else tree(d + 1, depth - 1)
            e.op(d + 1, f"scf.yield {values[0]}, {values[1]} : {acc_ty}, {vec_ty}")
        e.raw(d, "}")
        return [f"{res}#0", f"{res}#1"]

    acc, vec = tree(0, BRANCH_DEPTH)
    e.store(0, vec, 8 * (k % 8))
    e.store(0, acc, 8 * ((k + 1) % 8), ty=ACC)


def unit_carries(e: Emitter, k: int) -> None:
    inits = [e.zero(0, f"{j}.0") for j in range(CARRIES)]
    results, a, iv = e.for_head(0, inits)
    x = e.load(1, iv)
    n0 = e.binary(1, "add", a[0], x, into=a[0])
    n1 = e.binary(1, "mul", a[1], x, into=a[1])
    # 2<->3 swap, 4->5->6->4 rotation, 7 takes the old value of carry 0
    # (a lag: a chain, no cycle).
    e.yield_(1, [n0, n1, a[3], a[2], a[5], a[6], a[4], a[0]])
    e.raw(0, "}")
    e.cycles += 2
    e.store(0, results[0], 8 * (k % 8))
    e.store(0, results[7], 8 * ((k + 1) % 8))


def unit_views(e: Emitter, k: int) -> None:
    tile = e.kind == "tile"
    z = e.zero(0)
    (r,), (t,), iv = e.for_head(0, [z], prefix="t")
    x = e.load(1, iv)
    top, bot, xs, q = e.fresh("v"), e.fresh("v"), e.fresh("v"), e.fresh("v")
    if tile:
        e.op(1, f"{top} = tile.slice {t}[0, 0] : {T} -> {H}")
        e.op(1, f"{bot} = tile.slice {t}[4, 0] : {T} -> {H}")
        e.op(1, f"{q} = tile.slice {bot}[2, 0] : {H} -> {Q}")
        e.op(1, f"{xs} = tile.slice {x}[4, 0] : {T} -> {H}")
    else:
        e.op(1, f"{top} = tensor.extract_slice {t}[0, 0] [4, 8] [1, 1] : {TT} to {TH}")
        e.op(1, f"{bot} = tensor.extract_slice {t}[4, 0] [4, 8] [1, 1] : {TT} to {TH}")
        e.op(1, f"{q} = tensor.extract_slice {bot}[2, 0] [2, 8] [1, 1] : {TH} to {TQ}")
        e.op(1, f"{xs} = tensor.extract_slice {x}[4, 0] [4, 8] [1, 1] : {TT} to {TH}")
    s = e.binary(1, "add", top, xs, ty=H if tile else TH)
    s2 = e.binary(1, "mul", q, q, ty=Q if tile else TQ)
    t1, t2, rs, back = e.fresh("w"), e.fresh("w"), e.fresh("w"), e.fresh("w")
    if tile:
        e.op(1, f"{t1} = tile.assemble {t}, {s}[4, 0] : {T}, {H}")
        e.op(1, f"{t2} = tile.assemble {t1}, {s2}[0, 0] : {T}, {Q}")
        e.op(1, f"{rs} = tile.reshape {t2} : {T} -> {R}")
        e.op(1, f"{back} = tile.reshape {rs} : {R} -> {T}")
    else:
        flat = e.fresh("w")
        e.op(1, f"{t1} = tensor.insert_slice {s} into {t}[4, 0] [4, 8] [1, 1] : {TH} into {TT}")
        e.op(1, f"{t2} = tensor.insert_slice {s2} into {t1}[0, 0] [2, 8] [1, 1] : {TQ} into {TT}")
        e.op(1, f"{flat} = tensor.collapse_shape {t2} [[0, 1]] : {TT} into {TF}")
        e.op(1, f"{rs} = tensor.expand_shape {flat} [[0, 1]] output_shape [16, 4] : {TF} into {TR}")
        e.op(1, f"{back} = tensor.collapse_shape {rs} [[0, 1]] : {TR} into {TF}")
        back2 = e.fresh("w")
        e.op(
            1, f"{back2} = tensor.expand_shape {back} [[0, 1]] output_shape [8, 8] : {TF} into {TT}"
        )
        back = back2
    tv = e.transpose(1, back)
    u = e.binary(1, "add", tv, x, into=back)
    e.yield_(1, [u])
    e.raw(0, "}")
    e.store(0, r, 8 * (k % 8))


def deep_nest(e: Emitter, k: int, depth: int, update_aux: bool = False) -> None:
    """One nest of `depth` levels (see the module docstring), built without
    recursion: the opening lines of every level first, then the closing
    ones from the innermost out. Level l is an scf.for (l % 3 == 0), an
    scf.while counted to %n by an index carry (1) or an scf.if (2); each
    takes (acc, aux) and gives back two values, and reads `far`, a value
    defined two levels out.

    With `update_aux` the innermost level also updates aux, which every
    level passes through. The benchmark leaves it off: its sweep measures a
    nest aligned in one round. On, every loop needs an entry copy, which
    each enclosing level sees only once the level inside it has made its
    own; tile-materialize-semantic-aliases takes such changes outwards in
    its bottom-up rounds (test_materialize.py checks the nest; before those
    rounds it rejected it from depth 8 on)."""
    tile = e.kind == "tile"
    ty = T if tile else TT
    pair = f"{ty}, {ty}"
    acc = e.zero(0)
    aux = e.load(0, "%c0")
    far = e.load(0, "%c24")
    # What each level needs to close: (kind, depth, result name, values).
    opened: list[tuple] = []
    for level in range(depth):
        d = level
        kind = level % 3
        res = e.fresh("r")
        if kind == 0:
            iv, a, b = e.fresh("i"), e.fresh("a"), e.fresh("b")
            e.op(
                d,
                f"{res}:2 = scf.for {iv} = %c0 to %n step %c1 "
                f"iter_args({a} = {acc}, {b} = {aux}) -> ({pair}) {{",
            )
        elif kind == 1:
            # A counted while: a third, index carry runs it %n times.
            w0, w1, k0, go = e.fresh("w"), e.fresh("w"), e.fresh("k"), e.fresh("go")
            a, b, count = e.fresh("a"), e.fresh("b"), e.fresh("k")
            triple = f"{pair}, index"
            e.op(
                d,
                f"{res}:3 = scf.while ({w0} = {acc}, {w1} = {aux}, {k0} = %c0) "
                f": ({triple}) -> ({triple}) {{",
            )
            e.op(d + 1, f"{go} = arith.cmpi slt, {k0}, %n : index")
            e.op(d + 1, f"scf.condition({go}) {w0}, {w1}, {k0} : {triple}")
            e.raw(d, "} do {")
            e.raw(d, f"^bb0({a}: {ty}, {b}: {ty}, {count}: index):")
            b = (b, count)
        else:
            a, b = acc, aux
            e.op(d, f"{res}:2 = scf.if %cond -> ({pair}) {{")
        # The read of an outer value: `far` was defined two levels out.
        s = e.binary(d + 1, "add", a, far, into=a if kind != 2 else "")
        opened.append((kind, d, res, a, b))
        far, acc, aux = a, s, b[0] if kind == 1 else b
    # Innermost: a load, and a read of a function-level tile.
    x = e.load(depth, "%c8")
    inner = e.binary(depth, "add", acc, x, into=acc)
    inner = e.binary(depth, "mul", inner, "%x0", into=inner)
    inner_aux = e.binary(depth, "mul", aux, x) if update_aux else aux
    values = [inner, inner_aux]
    for kind, d, res, a, b in reversed(opened):
        if kind == 0:
            m = e.scale(d + 1, values[0], into=values[0])
            e.yield_(d + 1, [m, values[1]])
        elif kind == 1:
            b, count = b
            m = e.binary(d + 1, "sub" if tile else "add", values[0], b, into=values[0])
            step = e.fresh("k")
            e.op(d + 1, f"{step} = arith.addi {count}, %c1 : index")
            e.op(d + 1, f"scf.yield {m}, {values[1]}, {step} : {pair}, index")
        else:
            e.yield_(d + 1, values)
            e.raw(d, "} else {")
            m = e.scale(d + 1, a)
            e.yield_(d + 1, [m, b])
        e.raw(d, "}")
        values = [f"{res}#0", f"{res}#1"]
    e.store(0, values[0], 8 * (k % 8))
    e.store(0, values[1], 8 * ((k + 1) % 8))


def deep_depth(ops: int, depth: int = 0) -> int:
    """The depth of the `deep` nests of a program of about `ops` ops: `depth`
    if given, else as deep as the op count allows up to DEEP_MAX_DEPTH."""
    if depth:
        return depth
    if not ops:
        return DEEP_UNIT_DEPTH
    return max(1, min(DEEP_MAX_DEPTH, round(ops / DEEP_OPS_PER_LEVEL)))


UNITS: dict[str, Callable[[Emitter, int], None]] = {
    "seq": unit_seq,
    "nest": unit_nest,
    "branch": unit_branch,
    "carries": unit_carries,
    "views": unit_views,
    "deep": lambda e, k: deep_nest(e, k, DEEP_MAX_DEPTH),
}


def _header(e: Emitter, shape: str) -> list[str]:
    tile = e.kind == "tile"
    g = GT if tile else GTT
    # No tile.target_arch: the programs measure the passes, and their 8x8
    # boxed and 16x4 vec tiles are smaller than a3's fractal boxes and vec
    # rows (the verifier checks those only in a module that names a target).
    lines = ["module {"]
    lines.append(f"  func.func @kernel(%A: {g}, %O: {g}, %n: index, %cond: i1) -> {g} {{")
    pre = Emitter(e.kind)
    for c in range(0, 64, 8):
        pre.op(0, f"%c{c} = arith.constant {c} : index")
    pre.op(0, "%c1 = arith.constant 1 : index")
    pre.op(0, "%f0 = arith.constant 0.0 : f32")
    pre.op(0, "%fhalf = arith.constant 0.5 : f32")
    if not tile:
        pre.op(0, f"%e_h = tensor.empty() : {TT}")
        pre.op(0, f"%halves = linalg.fill ins(%fhalf : f32) outs(%e_h : {TT}) -> {TT}")
    if shape == "deep":
        if tile:
            pre.op(0, f"%x0 = tile.load %A[%c16, %c0] : {GT} -> {T}")
        else:
            pre.op(0, f"%x0 = tensor.extract_slice %A[16, 0] [8, 8] [1, 1] : {GTT} to {TT}")
    if shape == "branch":
        if tile:
            pre.op(0, f"%mat = tile.load %A[%c0, %c0] : {GT} -> {MAT}")
            pre.op(0, f"%left = tile.extract %mat[0, 0] : {MAT} -> {LEFT}")
            pre.op(0, f"%right = tile.extract %mat[0, 0] : {MAT} -> {RIGHT}")
            pre.op(0, f"%x0 = tile.load %A[%c8, %c0] : {GT} -> {T}")
            pre.op(0, f"%x1 = tile.load %A[%c16, %c0] : {GT} -> {T}")
        else:
            pre.op(0, f"%left = tensor.extract_slice %A[0, 0] [8, 8] [1, 1] : {GTT} to {TT}")
            pre.op(0, f"%right = tensor.extract_slice %A[0, 0] [8, 8] [1, 1] : {GTT} to {TT}")
            pre.op(0, f"%x0 = tensor.extract_slice %A[8, 0] [8, 8] [1, 1] : {GTT} to {TT}")
            pre.op(0, f"%x1 = tensor.extract_slice %A[16, 0] [8, 8] [1, 1] : {GTT} to {TT}")
            pre.op(0, f"%e_z = tensor.empty() : {TT}")
            pre.op(0, f"%zeros = linalg.fill ins(%f0 : f32) outs(%e_z : {TT}) -> {TT}")
            pre.op(0, f"%e_a = tensor.empty() : {TT}")
    e.ops += pre.ops
    return lines + pre.lines


def unit_ops(shape: str, depth: int = 0) -> int:
    """Ops of one unit of the tile program (a `deep` nest of `depth`)."""
    e = Emitter("tile")
    if shape == "deep":
        deep_nest(e, 0, depth or DEEP_MAX_DEPTH)
    else:
        UNITS[shape](e, 0)
    return e.ops


def units_for(shape: str, ops: int, depth: int = 0) -> int:
    return max(1, round(ops / unit_ops(shape, depth)))


def generate(
    shape: str,
    ops: int,
    kind: str = "tile",
    units: int = 0,
    depth: int = 0,
    update_aux: bool = False,
) -> Program:
    """The program of `shape` with about `ops` tile operations (or exactly
    `units` units), as a tile program or its tensor twin. `depth` sets the
    depth of the `deep` nests (default: deep_depth), `update_aux` whether
    their innermost level updates the carry all levels pass through
    (deep_nest)."""
    if shape not in UNITS:
        raise ValueError(f"unknown shape {shape!r} (one of {', '.join(SHAPES)})")
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r} (tile or tensor)")
    unit = UNITS[shape]
    if shape == "deep":
        depth = deep_depth(ops, depth)
        unit = lambda e, k: deep_nest(e, k, depth, update_aux)  # noqa: E731
        units = units or units_for(shape, ops, depth)
    units = units or units_for(shape, ops)
    e = Emitter(kind)
    head = _header(e, shape)
    for k in range(units):
        unit(e, k)
    g = GT if kind == "tile" else GTT
    e.op(0, f"return {e.out} : {g}")
    text = "\n".join(head + e.lines + ["  }", "}"]) + "\n"
    return Program(shape, kind, text, e.ops, units, e.cycles)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shape", choices=SHAPES, required=True)
    parser.add_argument(
        "--ops", type=float, default=1000, help="approximate op count of the tile program"
    )
    parser.add_argument("--kind", choices=KINDS, default="tile")
    parser.add_argument(
        "--depth",
        type=float,
        default=0,
        help="depth of the `deep` nests (default: as deep as --ops allows, "
        f"at most {DEEP_MAX_DEPTH})",
    )
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args(argv)
    program = generate(args.shape, int(args.ops), args.kind, depth=int(args.depth))
    if args.output == "-":
        sys.stdout.write(program.text)
    else:
        with open(args.output, "w") as f:
            f.write(program.text)
    print(
        f"{program.shape}/{program.kind}: {program.units} units, {program.ops} ops", file=sys.stderr
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
