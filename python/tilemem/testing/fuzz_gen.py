"""The program generator of the differential fuzzer (`tilemem.fuzz`).

``generate(seed)`` builds one random, valid module of tile kernels as MLIR
text. It is written as an adversary of the storage passes, not as a sample
of the programs they were written for. Every program mixes, at random:

- control flow: ``scf.for`` / ``scf.while`` / ``scf.if`` nested up to
  ``max_depth``, with tile, acc and tensor carries; swaps, rotations, one
  tile passed as two initializers, carries yielded unchanged or from outer
  scopes; trip counts 0, 1, small constants and unknown; ``scf.if`` and
  ``scf.while`` on constant conditions; whiles whose before region
  computes and whose ``scf.condition`` forwards, per carry, another before
  argument (one value for two carries), an outer value or a value computed
  in the region (``while_forwarding``); yields through ``tile.scope``;
- caller storage: tile arguments (vec and acc) used as operands, carried,
  yielded through ifs, written in place (``tile.write``/``matmul_acc`` of an
  argument) and returned; buffer arguments written by a producer;
- user storage: ``tile.alloc`` declared by the program, pinned or not, with
  one or two slots, with or without a fixed ``addr`` (aligned, sometimes
  overlapping another user buffer, rarely misaligned), written through
  static slots and constant dynamic slots (``slot %c1``); inside loops,
  vec buffers written by one producer each, in every iteration, often in
  the slot of an induction variable modulo 2 (ping-pong buffers);
- views and views of views (``transpose_view``, ``reshape`` chains,
  row and column ``slice`` of a tile or of a view), half tiles computed on
  and assembled back, strided views used as operands;
- writebacks of values still read afterwards (copies needed) and dead
  writebacks, dead values, loops and branches with nothing live in them;
- the cube path: mat loads, ``extract``/``move`` into left and right,
  ``matmul``/``matmul_acc`` (``init_cond`` too), ``gemv`` on 16-row boxes
  (its undefined rows reinitialized), acc extracted back to mat;
- several kernels per module.

Shapes are the ones the hardware can hold (pto-isa's ``Tile``: a boxed
mat/left/right/acc tile of f32 needs rows in multiples of 16, a vec tile a
row of a multiple of 32 bytes; the module's ``tile.target_arch`` makes the
verifier check them): every tile is 16x16 f32, half tiles 8x16 and column
slices 16x8, row sums 16x1 (``Shapes``). With ``boundary``, a program's
tiles are 16x16 or 32x32 and its half tiles 1, 8, n/2 or n-1 rows.

A program may be one the passes must reject (an acc value that needs an
acc->acc copy, user storage that overlaps while live): the fuzzer's oracle
is "accepted => computes what the program means, rejected => a documented
diagnostic".

One file, over 600 lines, on purpose: the generator is one recursive grammar
(``KernelGenerator``: a statement may be a loop or a branch whose body is a
block of statements) drawing from one random stream and one scope stack, so
its productions call one another throughout; split apart, every piece would
need all the others.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from . import pressure
from .interp import (
    BINARY_OPS,
    CMP_MODES,
    COLUMN_BROADCASTS,
    COLUMN_REDUCTIONS,
    ROW_BROADCASTS,
    ROW_REDUCTIONS,
    SCALAR_OPS,
    UNARY_OPS,
)

#: The MLIR type of each scalar kind of the generator's scalar constructs.
_SCALAR_TYPES = {"f32": "f32", "idx": "index", "i1": "i1", "i32": "i32", "i64": "i64"}
#: The integer kinds, whose arithmetic wraps (MLIR's and the C++ ptoas
#: writes, through unsigned casts, alike) and is never undefined here.
_INTEGER_KINDS = ("i32", "i64")
_INTEGER_BINARY = [
    "addi",
    "subi",
    "muli",
    "andi",
    "ori",
    "xori",
    "maxsi",
    "minsi",
    "maxui",
    "minui",
]
_INTEGER_SHIFTS = ["shli", "shrsi", "shrui"]
_INTEGER_DIVISIONS = ["divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi"]
_INTEGER_PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


def _integer_constant(kind: str, value: int) -> str:
    """The prologue's constant `value` of an integer kind (%int3, %long3)."""
    return f"%{'int' if kind == 'i32' else 'long'}{value}"


#: Unary ops generated on abs(x) + 1 only: a NaN (log, sqrt, rsqrt of a
#: negative) would make every later maximum/minimum compare unordered values,
#: and pto-isa's TRECIP asserts a non-zero element (the simulator aborts).
_POSITIVE_OPERAND = frozenset({"log", "sqrt", "rsqrt", "recip"})


@dataclass(frozen=True)
class Shapes:
    """The tile shapes of one program: n x n f32 tiles (n a multiple of 16,
    the acc fractal box) and half tiles of h rows (vec rows are never
    boxed, so any h in 1..n-1). The default, 16x16 and 8x16, sits at the
    f32 boundaries of every space (acc's 16 x 16 box, mat/left's 16 x 8,
    a vec row of 32 bytes in the 16x8 column slices); `boundary` programs
    vary n and h (include/tilemem/Dialect/Tile/IR/HardwareShapes.h)."""

    n: int = 16
    h: int = 8
    #: The communication window of every tensor (distributed tensors), or
    #: None for plain ones.
    window: str | None = None

    def _tile(self, rows: int, cols: int, space: str) -> str:
        return f"!tile.tile<{rows}x{cols}xf32, {space}>"

    @property
    def tile(self) -> str:
        return self._tile(self.n, self.n, "vec")

    @property
    def half(self) -> str:
        return self._tile(self.h, self.n, "vec")

    @property
    def columns(self) -> str:
        """A column slice: 8 f32 columns, the shortest 32-byte vec row."""
        return self._tile(self.n, 8, "vec")

    @property
    def row_sums(self) -> str:
        return self._tile(self.n, 1, "vec")

    @property
    def column_sums(self) -> str:
        return self._tile(1, self.n, "vec")

    @property
    def mask(self) -> str:
        """The predicate mask of a tile: a bit per element, rows of
        align32(n / 8) bytes."""
        return f"!tile.tile<{self.n}x{-(-self.n // 256) * 32}xi8, vec>"

    @property
    def flat(self) -> str:
        return self._tile(2 * self.n, self.n // 2, "vec")

    @property
    def acc(self) -> str:
        return self._tile(self.n, self.n, "acc")

    @property
    def mat(self) -> str:
        return self._tile(self.n, self.n, "mat")

    @property
    def left(self) -> str:
        return self._tile(self.n, self.n, "left")

    @property
    def right(self) -> str:
        return self._tile(self.n, self.n, "right")

    def _tensor(self, rows: int, cols: int) -> str:
        window = f', window = "{self.window}"' if self.window else ""
        return f"!tile.tensor<{rows}x{cols}xf32{window}>"

    @property
    def tensor(self) -> str:
        return self._tensor(4 * self.n, self.n)

    @property
    def out_tensor(self) -> str:
        return self._tensor(self.n, self.n)

    @property
    def tile_bytes(self) -> int:
        return self.n * self.n * 4

    @property
    def block_rows(self) -> list[int]:
        """Row offsets of a tile-sized block of a tensor."""
        return [0, self.n, 2 * self.n, 3 * self.n]

    @property
    def half_load_rows(self) -> list[int]:
        return [0, self.h, self.n + self.h, min(3 * self.n + self.h, 4 * self.n - self.h)]

    @property
    def half_store_rows(self) -> list[int]:
        return [0, self.h, 2 * self.n + self.h]

    @property
    def half_offsets(self) -> list[int]:
        """Where a half tile sits in a tile: at the top or the bottom."""
        return [0, self.n - self.h]

    @property
    def types(self) -> dict[str, str]:
        return {"vec": self.tile, "half": self.half, "acc": self.acc, "tensor": self.tensor}

    def index_constants(self) -> list[int]:
        values = set(range(self.n + 1)) | set(self.block_rows) | set(self.half_load_rows)
        values |= set(self.half_store_rows) | set(self.half_offsets)
        values |= {b + self.h for b in self.block_rows}
        return sorted(values)


def boundary_shapes(rng: random.Random) -> Shapes:
    """Shapes at the hardware's boundaries: the smallest and a larger square
    tile, half tiles of one row, of all rows but one, and of half the rows."""
    n = rng.choice([16, 32])
    return Shapes(n, rng.choice(sorted({1, 8, n // 2, n - 1})))


DEFAULT_SHAPES = Shapes()
TILE = DEFAULT_SHAPES.tile
TENSOR = DEFAULT_SHAPES.tensor
OUT_TENSOR = DEFAULT_SHAPES.out_tensor
ACC = DEFAULT_SHAPES.acc
TYPES = DEFAULT_SHAPES.types


@dataclass(eq=False)
class Value:
    name: str
    kind: str  # vec | half | acc | tensor, or a scalar kind (_SCALAR_TYPES)
    group: int  # values of one group share storage by construction
    dense: bool = False  # produced row-major and whole (a reshape needs that)


@dataclass
class UserBuffer:
    """A buffer the program declares (or receives): producers may name it."""

    name: str
    kind: str  # vec | acc
    slots: int
    free: list[int]  # slots no producer writes yet
    slot_bytes: int  # one tile's bytes
    declaration: str = ""  # the tile.alloc line ("" for an argument)

    @property
    def type(self) -> str:
        space = "acc" if self.kind == "acc" else "vec"
        suffix = f", slots = {self.slots}" if self.slots > 1 else ""
        return f"!tile.buffer<{space}, {self.slot_bytes}{suffix}>"


@dataclass
class Scope:
    values: list[Value] = field(default_factory=list)
    # The current version of the output tensor, if this scope may store to it.
    tensor: Value | None = None
    tensor_writable: bool = False


class KernelGenerator:
    """Builds one random kernel (a func.func) as MLIR text."""

    def __init__(
        self,
        rng: random.Random,
        name: str,
        max_depth: int = 4,
        budget: int = 40,
        branch_heavy: bool = False,
        tensor_outputs: bool = False,
        entry: bool = False,
        shapes: Shapes = DEFAULT_SHAPES,
        while_forwarding: bool = True,
        scalars: random.Random | None = None,
        arch: str = "a3",
        destinations: random.Random | None = None,
        offsets: random.Random | None = None,
        clobbers: random.Random | None = None,
        pressure: bool = False,
    ):
        self.rng = rng
        # A tail of tiles beyond the capacity (testing.pressure).
        self.pressure = pressure
        # Destinations that may clobber what a user buffer holds (see
        # clobbering_destination), from a stream of their own too.
        self.crng = clobbers
        self.clobbers = 0
        # Producers inside loops that write a user buffer of their own (see
        # loop_destination) draw from a stream of their own, so the tile
        # program of a seed is the same with and without them.
        self.drng = destinations
        # Tensor rows chosen by an induction variable (see row), from a
        # stream of their own too.
        self.orng = offsets
        self.offsets = 0
        self.loop_buffers: list[UserBuffer] = []
        # The induction variables of the enclosing scf.for loops, innermost
        # last: dynamic slots alternate with them.
        self.inductions: list[str] = []
        # The target: a5 has copies a3 has not (acc -> vec, vec -> mat;
        # docs/ir.md, "Copies between spaces"), which its kernels use.
        self.arch = arch
        # The scalar constructs (see produce_scalar) draw from a stream of
        # their own, so a program with them is the program without them plus
        # scalar code: the tile program of a seed does not change.
        self.srng = scalars
        # Scalar results of loops and ifs no later op has read yet: picked
        # first more often than not, so that what a loop computes (a carry
        # lagged or swapped, in every type) reaches the tile program's
        # output instead of staying dead.
        self.unread_results: list[Value] = []
        # Some scf.while before regions compute, and their conditions
        # forward other values than the before arguments (before_region).
        self.while_forwarding = while_forwarding
        self.name = name
        self.shapes = shapes
        # The PTO entry of a module of several kernels (`pto.entry`).
        self.entry = entry
        # Cumulative probabilities of a for, a while and an if statement.
        self.nesting = (0.06, 0.09, 0.45) if branch_heavy else (0.14, 0.20, 0.30)
        self.tensor_outputs = tensor_outputs
        self.max_depth = max_depth
        self.budget = budget
        self.lines: list[str] = []
        self.counter = 0
        self.groups = 0
        self.scopes: list[Scope] = []
        self.loops = 0  # enclosing loops of the current statement
        self.user_buffers: list[UserBuffer] = []

    # -- helpers ---------------------------------------------------------
    def fresh(self, prefix: str = "v") -> str:
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def new_group(self) -> int:
        self.groups += 1
        return self.groups

    def emit(self, depth: int, text: str) -> None:
        self.lines.append("  " * (depth + 2) + text)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def scalar_chance(self, p: float) -> bool:
        return self.srng is not None and self.srng.random() < p

    def visible(self, kind: str) -> list[Value]:
        return [v for s in self.scopes for v in s.values if v.kind == kind]

    def pick(self, kind: str) -> Value | None:
        values = self.visible(kind)
        if not values:
            return None
        # Prefer recent values, but reach back to outer ones (initializers).
        if self.chance(0.6):
            return values[-1 - self.rng.randrange(min(3, len(values)))]
        return self.rng.choice(values)

    def define(self, value: Value) -> Value:
        self.scopes[-1].values.append(value)
        return value

    def kill_group(self, group: int) -> None:
        """A writeback consumed this storage: older names are not read again
        (reading them needs a copy, which acc does not have)."""
        for scope in self.scopes:
            scope.values = [v for v in scope.values if v.group != group]

    def revalidate(self, names: list[str], kinds: list[str]) -> list[str]:
        """Names chosen before a later writeback consumed their payload are
        replaced by a live value of the same kind."""
        fixed = []
        for name, kind in zip(names, kinds):
            live = self.visible(kind)
            if any(v.name == name for v in live) or not live:
                fixed.append(name)
            else:
                fixed.append(live[-1].name)
        return fixed

    def current_tensor(self) -> Value | None:
        for scope in reversed(self.scopes):
            if scope.tensor is not None:
                return scope.tensor
        return None

    def tensor_writable(self) -> bool:
        return bool(self.scopes) and self.scopes[-1].tensor_writable

    def induction_modulo(self, depth: int, name: str, modulus: int) -> None:
        """`name` = the innermost scf.for's induction variable modulo
        `modulus` (a ping-pong slot, a block of a tensor)."""
        self.emit(depth, f"{name} = arith.remui {self.inductions[-1]}, %c{modulus} : index")

    def row(self, depth: int) -> str:
        """The first row of a tile-sized block of a tensor: a constant or,
        sometimes inside an scf.for, the block of its induction variable
        modulo 4 (the row offset of real kernels' loops over a tensor)."""
        row = f"%c{self.rng.choice(self.shapes.block_rows)}"
        if self.orng is None or not self.inductions or self.orng.random() >= 0.3:
            return row
        self.offsets += 1
        block, offset = f"%ob{self.offsets}", f"%or{self.offsets}"
        self.induction_modulo(depth, block, 4)
        self.emit(depth, f"{offset} = arith.muli {block}, %c{self.shapes.n} : index")
        return offset

    def destination(self, kind: str, depth: int) -> str:
        """Sometimes a user buffer's slot for a producer of `kind`: outside
        any loop (so it is written once) one of the declared buffers, inside
        loops one of its own (loop_destination), and sometimes, with
        clobbering destinations, any (clobbering_destination). ' into(...)'
        or ''."""
        chosen = self.chosen_destination(kind, depth)
        return self.clobbering_destination(kind, depth) or chosen

    def chosen_destination(self, kind: str, depth: int) -> str:
        if self.loops:
            return self.loop_destination(kind, depth)
        if not self.chance(0.3):
            return ""
        candidates = [b for b in self.user_buffers if b.kind == kind and b.free]
        if not candidates:
            return ""
        buffer = self.rng.choice(candidates)
        slot = buffer.free.pop(self.rng.randrange(len(buffer.free)))
        if buffer.slots == 1:
            where = "" if self.chance(0.7) else " slot 0"
        elif self.chance(0.5):
            where = f" slot %c{slot}"  # a constant dynamic slot
        else:
            where = f" slot {slot}"
        return f" into({buffer.name}{where} : {buffer.type})"

    def loop_destination(self, kind: str, depth: int) -> str:
        """Sometimes, for a producer inside a loop, a user buffer that no
        other op writes: with two slots, often the slot of the innermost
        scf.for's induction variable modulo 2 (the ping-pong buffers of real
        kernels). The producer writes it in every iteration; the value it
        holds is visible in that iteration only (a yield copies it to the
        carry), so the program's storage is valid by construction."""
        # Vec only: an acc value yielded from a buffer of its own to a carry
        # would need an acc->acc copy, which the hardware has not.
        if self.drng is None or kind != "vec" or self.drng.random() >= 0.2:
            return ""
        slots = self.drng.choice([1, 2, 2])
        name = f"%ul{len(self.loop_buffers)}"
        buffer = UserBuffer(name, kind, slots, [], self.shapes.tile_bytes)
        buffer.declaration = f"{name} = tile.alloc : {buffer.type}"
        self.loop_buffers.append(buffer)
        where = ""
        if slots == 2 and self.inductions and self.drng.random() < 0.7:
            where = f" slot {name}s"
            self.induction_modulo(depth, f"{name}s", 2)
        elif slots == 2:
            where = f" slot {self.drng.choice([0, 1])}"
        return f" into({name}{where} : {buffer.type})"

    def clobbering_destination(self, kind: str, depth: int) -> str:
        """Sometimes any slot of any user buffer of `kind`, whatever it
        holds: a slot another producer wrote, whose value may still be read
        (inside a loop, in a later iteration too), the slot of a carry's
        initializer, a slot of the induction variable modulo 2. The
        program's own storage may then be invalid: the compiler must refuse
        it with a located diagnostic or compute what value mode computes.
        Drawn after the destination it replaces, from a stream of its own,
        so the tile program of a seed does not change."""
        if self.crng is None or self.crng.random() >= 0.25:
            return ""
        candidates = [b for b in self.user_buffers + self.loop_buffers if b.kind == kind]
        if not candidates:
            return ""
        buffer = self.crng.choice(candidates)
        if buffer.slots == 1:
            where = ""
        elif self.inductions and self.crng.random() < 0.5:
            self.clobbers += 1
            where = f" slot %cl{self.clobbers}"
            self.induction_modulo(depth, f"%cl{self.clobbers}", 2)
        else:
            where = f" slot {self.crng.randrange(buffer.slots)}"
        return f" into({buffer.name}{where} : {buffer.type})"

    # -- vec statements --------------------------------------------------
    def vec_operand(self, depth: int) -> Value:
        value = self.pick("vec")
        if value is None:
            value = self.produce_vec(depth, force_simple=True)
        return value

    def half_operand(self, depth: int) -> Value:
        value = self.pick("half")
        if value is None or self.chance(0.3):
            value = self.produce_half(depth)
        return value

    def produce_vec(self, depth: int, force_simple: bool = False) -> Value:
        r = self.rng.random()
        name = self.fresh()
        tensor = self.current_tensor()
        dest = self.destination("vec", depth)
        if force_simple or r < 0.10:
            value = self.rng.choice(["0.5", "1.0", "-2.0", "3.0"])
            self.emit(depth, f"{name} = tile.full {value}{dest} : {self.shapes.tile}")
        elif r < 0.24 and tensor is not None:
            self.emit(
                depth,
                f"{name} = tile.load {tensor.name}[{self.row(depth)}, %c0]{dest} : {self.shapes.tensor} -> {self.shapes.tile}",
            )
        elif r < 0.44:
            a, b = self.vec_operand(depth), self.vec_operand(depth)
            if self.chance(0.15):
                self.select(depth, name, a, b, dest)
            else:
                op = self.rng.choice(BINARY_OPS)
                self.emit(
                    depth, f"{name} = tile.{op} {a.name}, {b.name}{dest} : {self.shapes.tile}"
                )
        elif r < 0.58:
            a = self.vec_operand(depth)
            if self.chance(0.12):
                self.convert_there_and_back(depth, name, a, dest)
            elif self.chance(0.55):
                op = self.rng.choice(UNARY_OPS)
                operand = a.name
                if op in _POSITIVE_OPERAND:
                    # abs(a) + 1: no NaN, no division by zero.
                    magnitude, operand = self.fresh(), self.fresh()
                    self.emit(depth, f"{magnitude} = tile.abs {a.name} : {self.shapes.tile}")
                    self.emit(
                        depth,
                        f"{operand} = tile.adds {magnitude}, %f1 : {self.shapes.tile}, f32",
                    )
                self.emit(depth, f"{name} = tile.{op} {operand}{dest} : {self.shapes.tile}")
            else:
                op = self.rng.choice(SCALAR_OPS)
                scalar = self.scalar_operand(
                    depth, self.rng.choice(["%f1", "%fhalf"]), positive=op == "divs"
                )
                self.emit(
                    depth, f"{name} = tile.{op} {a.name}, {scalar}{dest} : {self.shapes.tile}, f32"
                )
        elif r < 0.63:
            a = self.vec_operand(depth)
            if self.chance(0.3):
                # The column halves of two tiles (strided views) side by side.
                b, n = self.vec_operand(depth), self.shapes.n
                half = self.shapes._tile(n, n // 2, "vec")
                left, right = self.fresh("w"), self.fresh("w")
                for target, source in ((left, a), (right, b)):
                    at = self.rng.choice([0, n // 2])
                    self.emit(
                        depth,
                        f"{target} = tile.slice {source.name}[0, {at}] : {self.shapes.tile} -> {half}",
                    )
                self.emit(
                    depth,
                    f"{name} = tile.concat {left}, {right}{dest} : {half}, {half} -> {self.shapes.tile}",
                )
            else:
                self.emit(
                    depth,
                    f"{name} = tile.transpose {a.name}{dest} : {self.shapes.tile} -> {self.shapes.tile}",
                )
        elif r < 0.69:
            a, b = self.vec_operand(depth), self.vec_operand(depth)
            sums = self.fresh()
            if self.chance(0.3):
                row = self.fresh()
                op = self.rng.choice(COLUMN_REDUCTIONS)
                self.emit(
                    depth,
                    f"{row} = tile.{op} {b.name} : {self.shapes.tile} -> {self.shapes.column_sums}",
                )
                pick = self.rng.random()
                if pick < 0.15:
                    self.emit(
                        depth,
                        f"{name} = tile.col_expand {row}{dest} : {self.shapes.column_sums} -> {self.shapes.tile}",
                    )
                    return self.define(Value(name, "vec", self.new_group(), dense=True))
                if pick < 0.7:
                    op = self.rng.choice(COLUMN_BROADCASTS)
                    vector = self.divisor(depth, op, row, self.shapes.column_sums)
                    self.emit(
                        depth,
                        f"{name} = tile.{op} {a.name}, {vector}{dest} : {self.shapes.tile}, {self.shapes.column_sums}",
                    )
                    return self.define(Value(name, "vec", self.new_group(), dense=True))
                # A vector transposed is a copy in storage order.
                self.emit(
                    depth,
                    f"{sums} = tile.transpose {row} : {self.shapes.column_sums} -> {self.shapes.row_sums}",
                )
            else:
                op = self.rng.choice(ROW_REDUCTIONS)
                self.emit(
                    depth,
                    f"{sums} = tile.{op} {b.name} : {self.shapes.tile} -> {self.shapes.row_sums}",
                )
            if self.chance(0.15):
                self.emit(
                    depth,
                    f"{name} = tile.row_expand {sums}{dest} : {self.shapes.row_sums} -> {self.shapes.tile}",
                )
            else:
                op = self.rng.choice(ROW_BROADCASTS)
                vector = self.divisor(depth, op, sums, self.shapes.row_sums)
                self.emit(
                    depth,
                    f"{name} = tile.{op} {a.name}, {vector}{dest} : {self.shapes.tile}, {self.shapes.row_sums}",
                )
        elif r < 0.84:
            return self.view_chain(depth, name)
        elif r < 0.90 and self.visible("half"):
            # A tile assembled from two halves: new storage, then two writes.
            base = self.fresh()
            self.emit(depth, f"{base} = tile.full 0.0{dest} : {self.shapes.tile}")
            top = self.half_operand(depth)
            mid = self.fresh()
            self.emit(
                depth,
                f"{mid} = tile.assemble {base}, {top.name}[0, 0] : {self.shapes.tile}, {self.shapes.half}",
            )
            bottom = self.half_operand(depth)
            self.emit(
                depth,
                f"{name} = tile.assemble {mid}, {bottom.name}[{self.shapes.n - self.shapes.h}, 0] : {self.shapes.tile}, {self.shapes.half}",
            )
        elif self.arch == "a5" and self.visible("acc") and self.chance(0.5):
            # A cube result read by the vector unit without global memory.
            acc = self.pick("acc")
            self.emit(
                depth,
                f"{name} = tile.move {acc.name}{dest} : {self.shapes.acc} -> {self.shapes.tile}",
            )
        else:
            a = self.vec_operand(depth)
            self.emit(
                depth,
                f"{name} = tile.move {a.name}{dest} : {self.shapes.tile} -> {self.shapes.tile}",
            )
        return self.define(Value(name, "vec", self.new_group(), dense=True))

    def select(self, depth: int, name: str, a: Value, b: Value, dest: str) -> None:
        """`name` = tile.sel of a predicate mask of `a` (tile.cmp with `b`,
        or tile.cmps with a scalar) between two tiles of the scope."""
        tile, mask = self.shapes.tile, self.shapes.mask
        bits = self.fresh("k")
        mode = self.rng.choice(CMP_MODES)
        if self.chance(0.5):
            self.emit(depth, f"{bits} = tile.cmp {mode} {a.name}, {b.name} : {tile} -> {mask}")
        else:
            scalar = self.scalar_operand(depth, self.rng.choice(["%f1", "%fhalf"]))
            self.emit(
                depth, f"{bits} = tile.cmps {mode} {a.name}, {scalar} : {tile}, f32 -> {mask}"
            )
        on_true = self.rng.choice([a, b, self.vec_operand(depth)])
        on_false = self.rng.choice([a, b, self.vec_operand(depth)])
        self.emit(
            depth,
            f"{name} = tile.sel {bits}, {on_true.name}, {on_false.name}{dest} : {mask}, {tile}",
        )

    def convert_there_and_back(self, depth: int, name: str, a: Value, dest: str) -> None:
        """`name` = tile.cvt of tile.cvt of `a`: f32 -> f16 -> f32, or
        (scaled by 32, so the rounding mode matters) f32 -> i32 or i16 in a
        random rounding mode and back. bf16 is left out: pto-isa's CPU
        simulator has no bf16 under g++ 12 (a _Float16 placeholder)."""
        tile = self.shapes.tile
        target = self.rng.choice(["f16", "i32", "i16"])
        middle = tile.replace("xf32,", f"x{target},")
        # A NaN replaced by 0 (tile.cmp eq x, x is false only there), then
        # clamped to [-32, 32]: a value the target cannot hold converts to
        # poison, and a poisoned output fails the oracle.
        ordered, zero, scrubbed = self.fresh("k"), self.fresh(), self.fresh()
        self.emit(
            depth, f"{ordered} = tile.cmp eq {a.name}, {a.name} : {tile} -> {self.shapes.mask}"
        )
        self.emit(depth, f"{zero} = tile.full 0.0 : {tile}")
        self.emit(
            depth, f"{scrubbed} = tile.sel {ordered}, {a.name}, {zero} : {self.shapes.mask}, {tile}"
        )
        high, source = self.fresh(), self.fresh()
        self.emit(depth, f"{high} = tile.mins {scrubbed}, %fscale : {tile}, f32")
        self.emit(depth, f"{source} = tile.maxs {high}, %fnscale : {tile}, f32")
        mode = ""
        if target != "f16":
            scaled = self.fresh()
            self.emit(depth, f"{scaled} = tile.muls {source}, %fscale : {tile}, f32")
            source = scaled
            mode = self.rng.choice(
                ["", " rmode round", " rmode floor", " rmode ceil", " rmode trunc"]
            )
        converted = self.fresh()
        self.emit(depth, f"{converted} = tile.cvt {source}{mode} : {tile} -> {middle}")
        self.emit(depth, f"{name} = tile.cvt {converted}{dest} : {middle} -> {tile}")

    def divisor(self, depth: int, op: str, vector: str, type_: str) -> str:
        """`vector`, or abs(vector) + 1 when `op` divides by it (pto-isa
        asserts a non-zero divisor: the simulator would abort)."""
        if not op.endswith("_div"):
            return vector
        magnitude, positive = self.fresh(), self.fresh()
        self.emit(depth, f"{magnitude} = tile.abs {vector} : {type_}")
        self.emit(depth, f"{positive} = tile.adds {magnitude}, %f1 : {type_}, f32")
        return positive

    def view_chain(self, depth: int, name: str) -> Value:
        """One to three zero-copy views that come back to a 16x16 tile: an
        alias of its source, possibly strided or transposed."""
        source = self.vec_operand(depth)
        current, dense = source.name, source.dense
        steps = self.rng.choice([1, 1, 2, 3])
        for step in range(steps):
            last = step == steps - 1
            target = name if last else self.fresh("w")
            r = self.rng.random()
            if r < 0.45 or not dense:
                self.emit(
                    depth,
                    f"{target} = tile.transpose_view {current} : {self.shapes.tile} -> {self.shapes.tile}",
                )
                dense = False
            else:
                mid = self.fresh("w")
                self.emit(
                    depth,
                    f"{mid} = tile.reshape {current} : {self.shapes.tile} -> {self.shapes.flat}",
                )
                self.emit(
                    depth,
                    f"{target} = tile.reshape {mid} : {self.shapes.flat} -> {self.shapes.tile}",
                )
            current = target
        return self.define(Value(name, "vec", source.group, dense=dense))

    def produce_half(self, depth: int) -> Value:
        """An 8x16 tile: a row slice of a tile (a view: a partial window), a
        row slice of a column slice (a view of a view), a load, or an
        elementwise op on halves."""
        name = self.fresh("h")
        r = self.rng.random()
        tensor = self.current_tensor()
        source = self.pick("vec")
        if r < 0.45 and source is not None:
            row = self.rng.choice(self.shapes.half_offsets)
            self.emit(
                depth,
                f"{name} = tile.slice {source.name}[{row}, 0] : {self.shapes.tile} -> {self.shapes.half}",
            )
            return self.define(Value(name, "half", source.group))
        if r < 0.55 and source is not None and self.shapes.h == 8:
            # A column slice (strided) of a transposed view, then a row
            # slice of that, transposed back: 8x16 again.
            cols, rows = self.fresh("w"), self.fresh("w")
            self.emit(
                depth,
                f"{cols} = tile.slice {source.name}[0, {self.rng.choice(range(0, self.shapes.n, 8))}] : {self.shapes.tile} -> {self.shapes.columns}",
            )
            self.emit(
                depth,
                f"{rows} = tile.transpose_view {cols} : {self.shapes.columns} -> {self.shapes.half}",
            )
            self.emit(
                depth,
                f"{name} = tile.slice {rows}[0, 0] : {self.shapes.half} -> {self.shapes.half}",
            )
            return self.define(Value(name, "half", source.group))
        if r < 0.75 and tensor is not None:
            self.emit(
                depth,
                f"{name} = tile.load {tensor.name}[%c{self.rng.choice(self.shapes.half_load_rows)}, %c0] : {self.shapes.tensor} -> {self.shapes.half}",
            )
        elif self.visible("half"):
            a = self.pick("half")
            b = self.pick("half")
            op = self.rng.choice(["add", "mul", "maximum"])
            self.emit(depth, f"{name} = tile.{op} {a.name}, {b.name} : {self.shapes.half}")
        else:
            self.emit(depth, f"{name} = tile.full 2.0 : {self.shapes.half}")
        return self.define(Value(name, "half", self.new_group(), dense=True))

    def writeback_vec(self, depth: int, dead: bool = False) -> None:
        """An in-place update of a tile. Usually its old version is not read
        again; sometimes it is (the pass must copy), and a dead writeback's
        result is not used at all."""
        target = self.pick("vec")
        if target is None:
            return
        name = self.fresh()
        r = self.rng.random()
        if r < 0.12 and target.dense:
            # The padding outside a random valid block of a row-major tile
            # (not a view read transposed); an infinity padded
            # in is clamped at once (a later inf - inf would be a NaN, which
            # the maximum/minimum ops do not order as pto-isa does).
            n = self.shapes.n
            rows, cols = self.rng.randint(1, n), self.rng.randint(1, n)
            pad = self.rng.choice(["zero", "max", "min"])
            self.emit(
                depth,
                f"{name} = tile.fillpad {target.name} valid [{rows}, {cols}] pad {pad} : {self.shapes.tile}",
            )
            if pad != "zero" and not dead:
                clamped = self.fresh()
                op, bound = ("mins", "%f1") if pad == "max" else ("maxs", "%fhalf")
                self.emit(depth, f"{clamped} = tile.{op} {name}, {bound} : {self.shapes.tile}, f32")
                if self.chance(0.85):
                    self.kill_group(target.group)
                self.define(Value(clamped, "vec", self.new_group(), dense=True))
                return
        elif r < 0.56:
            i, j = self.rng.randrange(self.shapes.n), self.rng.randrange(self.shapes.n)
            row, col = f"%c{i}", f"%c{j}"
            scalar = self.scalar_operand(depth, self.rng.choice(["%f1", "%fhalf"]))
            if self.scalar_chance(0.3):
                # An element chosen at run time (an index in [0, n)).
                row = self.fresh("x")
                index = self.pick_scalar("idx").name
                self.emit(depth, f"{row} = arith.remsi {index}, %c{self.shapes.n} : index")
            self.emit(
                depth,
                f"{name} = tile.write {target.name}[{row}, {col}], {scalar} : {self.shapes.tile}, f32",
            )
        else:
            part = self.half_operand(depth)
            if part.group == target.group:
                part = self.produce_half(depth)
                if part.group == target.group:
                    return
            at = self.rng.choice(self.shapes.half_offsets)
            self.emit(
                depth,
                f"{name} = tile.assemble {target.name}, {part.name}[{at}, 0] : {self.shapes.tile}, {self.shapes.half}",
            )
        if dead:
            return
        if self.chance(0.85):
            self.kill_group(target.group)
        self.define(Value(name, "vec", target.group))

    # -- cube statements ---------------------------------------------------
    def operands_for_matmul(self, depth: int):
        """A left and a right tile: loaded as mat and moved or extracted, or
        (rarely) an acc result brought back to mat first."""
        tensor = self.current_tensor()
        acc = self.pick("acc")
        mat = self.fresh("m")
        if acc is not None and self.chance(0.15):
            self.emit(
                depth,
                f"{mat} = tile.extract {acc.name}[0, 0] : {self.shapes.acc} -> {self.shapes.mat}",
            )
        elif self.arch == "a5" and self.visible("vec") and self.chance(0.3):
            # A vector result fed to the cube without global memory.
            vec = self.vec_operand(depth)
            self.emit(
                depth, f"{mat} = tile.move {vec.name} : {self.shapes.tile} -> {self.shapes.mat}"
            )
        elif tensor is not None:
            self.emit(
                depth,
                f"{mat} = tile.load {tensor.name}[{self.row(depth)}, %c0] : {self.shapes.tensor} -> {self.shapes.mat}",
            )
        else:
            return None
        left, right = self.fresh("l"), self.fresh("r")
        for target, space in ((left, self.shapes.left), (right, self.shapes.right)):
            if self.chance(0.7):
                self.emit(
                    depth, f"{target} = tile.extract {mat}[0, 0] : {self.shapes.mat} -> {space}"
                )
            else:
                self.emit(depth, f"{target} = tile.move {mat} : {self.shapes.mat} -> {space}")
        return left, right

    def produce_acc(self, depth: int) -> Value | None:
        operands = self.operands_for_matmul(depth)
        if operands is None:
            return None
        left, right = operands
        name = self.fresh()
        # Accumulate into an acc of this block: one from an enclosing loop
        # would be overwritten while a later iteration still needs it, which
        # has no copy on the target (kept rare: it is a rejection).
        local = [v for v in self.scopes[-1].values if v.kind == "acc"]
        acc = self.rng.choice(local) if local else None
        if acc is None and self.chance(0.1):
            acc = self.pick("acc")
        if acc is not None and self.chance(0.6):
            init = " init_cond %cond" if self.chance(0.25) else ""
            self.emit(
                depth,
                f"{name} = tile.matmul_acc {acc.name}, {left}, {right}{init} : {self.shapes.acc}, {self.shapes.left}, {self.shapes.right}",
            )
            if self.chance(0.95):
                self.kill_group(acc.group)
            return self.define(Value(name, "acc", acc.group))
        if self.shapes.n == 16 and self.chance(0.1):
            # TGEMV reads row 0 of a 16-row left box and defines row 0 of
            # its 16-row acc box; the outputs must be defined, so the 15
            # undefined rows are overwritten before anything reads them: a
            # matmul_acc that initializes (init_cond true) writes the whole
            # box back into the gemv's storage.
            gemv, init = self.fresh("g"), self.fresh("true")
            self.emit(
                depth,
                f"{gemv} = tile.gemv {left}, {right}{self.destination('acc', depth)} : {self.shapes.left}, {self.shapes.right} -> {self.shapes.acc}",
            )
            self.emit(depth, f"{init} = arith.constant true")
            self.emit(
                depth,
                f"{name} = tile.matmul_acc {gemv}, {left}, {right} init_cond {init} : {self.shapes.acc}, {self.shapes.left}, {self.shapes.right}",
            )
            return self.define(Value(name, "acc", self.new_group()))
        dest = self.destination("acc", depth)
        self.emit(
            depth,
            f"{name} = tile.matmul {left}, {right}{dest} : {self.shapes.left}, {self.shapes.right} -> {self.shapes.acc}",
        )
        return self.define(Value(name, "acc", self.new_group()))

    def store(self, depth: int) -> None:
        tensor = self.current_tensor()
        if tensor is None or not self.tensor_writable():
            return
        kind = self.rng.choice(["vec", "vec", "acc", "half"])
        source = self.pick(kind)
        if source is None:
            return
        name = self.fresh("T")
        if kind == "half":
            row = f"%c{self.rng.choice(self.shapes.half_store_rows)}"
        else:
            row = self.row(depth)
        self.emit(
            depth,
            f"{name} = tile.store {source.name}, {tensor.name}[{row}, %c0] : {self.shapes.types[kind]}, {self.shapes.tensor}",
        )
        self.scopes[-1].tensor = Value(name, "tensor", tensor.group)

    def dead_code(self, depth: int) -> None:
        """Values nobody uses: a producer, a writeback, a whole loop."""
        r = self.rng.random()
        if r < 0.4:
            name = self.fresh("dead")
            a = self.vec_operand(depth)
            self.emit(depth, f"{name} = tile.mul {a.name}, {a.name} : {self.shapes.tile}")
        elif r < 0.8:
            self.writeback_vec(depth, dead=True)
        else:
            saved = (list(self.scopes[-1].values), self.scopes[-1].tensor)
            self.for_loop(depth, dead=True)
            self.scopes[-1].values, self.scopes[-1].tensor = saved

    def statement(self, depth: int) -> None:
        if self.scalar_chance(0.15):
            self.produce_scalar(depth)
        self.budget -= 1
        r = self.rng.random()
        nest = depth < self.max_depth and self.budget > 0
        p_for, p_while, p_if = self.nesting
        if nest and r < p_for:
            self.for_loop(depth)
        elif nest and r < p_while:
            self.while_loop(depth)
        elif nest and r < p_if:
            self.if_op(depth)
        elif r < 0.56:
            self.produce_vec(depth)
        elif r < 0.62:
            self.produce_half(depth)
        elif r < 0.71:
            self.writeback_vec(depth)
        elif r < 0.80:
            self.produce_acc(depth)
        elif r < 0.86:
            self.dead_code(depth)
        else:
            self.store(depth)

    def block(self, depth: int, count: int) -> None:
        for _ in range(count):
            self.statement(depth)

    # -- scalar statements -------------------------------------------------
    # f32, index and i1 values computed by arith ops, carried by loops,
    # yielded by ifs, and read where the tile program reads scalars: by
    # tile-scalar ops and tile.write, as loop bounds and as conditions. Every
    # index value is >= 0 and grows by a few at most per iteration, and every
    # f32 value stays small (a carry is halved before a clamped value is
    # added to it), so nothing overflows int32_t or float32 on the device.
    def pick_scalar(self, kind: str) -> Value:
        visible = self.visible(kind)
        unread = [v for v in self.unread_results if v.kind == kind and v in visible]
        if unread and self.srng.random() < 0.6:
            value = self.srng.choice(unread)
            self.unread_results.remove(value)
            return value
        return self.srng.choice(visible)

    def produce_scalar(self, depth: int, kind: str | None = None) -> Value:
        srng = self.srng
        kind = kind or srng.choice(["f32", "f32", "idx", "i1", "i32", "i64"])
        if kind == "i1":
            name = self.scalar_condition(depth, fresh=True)
            return self.define(Value(name, "i1", self.new_group()))
        if kind in _INTEGER_KINDS:
            return self.define(Value(self.integer_scalar(depth, kind), kind, self.new_group()))
        name = self.fresh("x")
        if kind == "idx":
            a, b = self.pick_scalar("idx"), self.pick_scalar("idx")
            r = srng.random()
            if r < 0.1:
                # 0..3 from an integer, through index_castui.
                source = self.pick_scalar(srng.choice(_INTEGER_KINDS))
                t, low = self.scalar_type(source), self.fresh("x")
                three = _integer_constant(source.kind, 3)
                self.emit(depth, f"{low} = arith.andi {source.name}, {three} : {t}")
                self.emit(depth, f"{name} = arith.index_castui {low} : {t} to index")
            elif r < 0.35:
                self.emit(depth, f"{name} = arith.addi {a.name}, %c1 : index")
            elif r < 0.5:
                self.emit(depth, f"{name} = arith.remsi {a.name}, %c2 : index")
            elif r < 0.65:
                op = srng.choice(["minsi", "maxsi"])
                self.emit(depth, f"{name} = arith.{op} {a.name}, {b.name} : index")
            elif r < 0.8:
                # An int32 extreme the clamp leaves unused.
                edge = self.fresh("edge")
                op, value = srng.choice([("minsi", 2147483647), ("maxsi", -2147483648)])
                self.emit(depth, f"{edge} = arith.constant {value} : index")
                self.emit(depth, f"{name} = arith.{op} {a.name}, {edge} : index")
            else:
                # Both bounded: their sum is too.
                bounded = self.fresh("x")
                self.emit(depth, f"{bounded} = arith.minsi {b.name}, %c2 : index")
                self.emit(depth, f"{name} = arith.addi {a.name}, {bounded} : index")
            return self.define(Value(name, "idx", self.new_group()))
        a, b = self.pick_scalar("f32"), self.pick_scalar("f32")
        r = srng.random()
        if r < 0.45:
            op = srng.choice(["addf", "subf", "maximumf", "minimumf", "maxnumf", "minnumf"])
            self.emit(depth, f"{name} = arith.{op} {a.name}, {b.name} : f32")
        elif r < 0.6:
            self.emit(depth, f"{name} = arith.mulf {a.name}, %fhalf : f32")
        elif r < 0.7:
            self.emit(depth, f"{name} = arith.negf {a.name} : f32")
        elif r < 0.78:
            k, i32 = self.pick_scalar("idx"), self.fresh("x")
            self.emit(depth, f"{i32} = arith.index_cast {k.name} : index to i32")
            self.emit(depth, f"{name} = arith.sitofp {i32} : i32 to f32")
        elif r < 0.85:
            # An integer of any size, as a float clamped to [-32, 32].
            source = self.pick_scalar(srng.choice(_INTEGER_KINDS))
            wide = self.fresh("x")
            op = srng.choice(["sitofp", "uitofp"])
            self.emit(
                depth, f"{wide} = arith.{op} {source.name} : {self.scalar_type(source)} to f32"
            )
            self.clamped(depth, wide, into=name)
        else:
            cond = self.scalar_condition(depth)
            self.emit(depth, f"{name} = arith.select {cond}, {a.name}, {b.name} : f32")
        return self.define(Value(name, "f32", self.new_group()))

    def integer_scalar(self, depth: int, kind: str) -> str:
        """An i32 or i64 computed from the integers in scope: a binary op, a
        shift by 3, a division by an odd divisor in 1..7 (never zero, never
        -1), a conversion from the other width, a selection, or a cast of an
        index. Every op wraps or is exact: none is undefined."""
        srng, t = self.srng, _SCALAR_TYPES[kind]
        a, b = self.pick_scalar(kind), self.pick_scalar(kind)
        name = self.fresh("x")
        three, seven = _integer_constant(kind, 3), _integer_constant(kind, 7)
        r = srng.random()
        if r < 0.35:
            op = srng.choice(_INTEGER_BINARY)
            self.emit(depth, f"{name} = arith.{op} {a.name}, {b.name} : {t}")
        elif r < 0.45:
            op = srng.choice(_INTEGER_SHIFTS)
            self.emit(depth, f"{name} = arith.{op} {a.name}, {three} : {t}")
        elif r < 0.65:
            low, odd = self.fresh("x"), self.fresh("x")
            self.emit(depth, f"{low} = arith.andi {b.name}, {seven} : {t}")
            self.emit(depth, f"{odd} = arith.ori {low}, {_integer_constant(kind, 1)} : {t}")
            op = srng.choice(_INTEGER_DIVISIONS)
            self.emit(depth, f"{name} = arith.{op} {a.name}, {odd} : {t}")
        elif r < 0.8:
            other = "i64" if kind == "i32" else "i32"
            source = self.pick_scalar(other)
            if kind == "i32":
                self.emit(depth, f"{name} = arith.trunci {source.name} : i64 to i32")
            else:
                op = srng.choice(["extsi", "extui"])
                self.emit(depth, f"{name} = arith.{op} {source.name} : i32 to i64")
        elif r < 0.9:
            cond = self.scalar_condition(depth)
            self.emit(depth, f"{name} = arith.select {cond}, {a.name}, {b.name} : {t}")
        else:
            k = self.pick_scalar("idx")
            op = srng.choice(["index_cast", "index_castui"])
            self.emit(depth, f"{name} = arith.{op} {k.name} : index to {t}")
        return name

    def scalar_condition(self, depth: int, fresh: bool = False) -> str:
        """An i1 of the scope (unless `fresh`), or one computed from the
        scalars in scope: a comparison, or a logic op on two i1."""
        r = self.srng.random()
        if r < 0.25 and not fresh:
            return self.pick_scalar("i1").name
        name = self.fresh("p")
        if r < 0.4:
            a, b = self.pick_scalar("i1"), self.pick_scalar("i1")
            op = self.srng.choice(["andi", "ori", "xori"])
            self.emit(depth, f"{name} = arith.{op} {a.name}, {b.name} : i1")
        elif r < 0.6:
            a, b = self.pick_scalar("f32"), self.pick_scalar("f32")
            mode = self.srng.choice(["olt", "ole", "ogt", "oeq", "une"])
            self.emit(depth, f"{name} = arith.cmpf {mode}, {a.name}, {b.name} : f32")
        elif r < 0.7:
            kind = self.srng.choice(_INTEGER_KINDS)
            a, b = self.pick_scalar(kind), self.pick_scalar(kind)
            mode = self.srng.choice(_INTEGER_PREDICATES)
            self.emit(depth, f"{name} = arith.cmpi {mode}, {a.name}, {b.name} : {kind}")
        else:
            a, b = self.pick_scalar("idx"), self.pick_scalar("idx")
            mode = self.srng.choice(["slt", "sle", "eq", "ne", "sgt"])
            self.emit(depth, f"{name} = arith.cmpi {mode}, {a.name}, {b.name} : index")
        return name

    def scalar_operand(self, depth: int, default: str, positive: bool = False) -> str:
        """The f32 a tile-scalar op reads: `default` (a constant) or a
        computed scalar (at least 0.5 when the op divides by it)."""
        if not self.scalar_chance(0.5):
            return default
        value = self.pick_scalar("f32").name
        unread = [v for v in self.unread_results if v.kind != "f32" and v in self.visible(v.kind)]
        if unread and self.srng.random() < 0.7:
            # A loop's or an if's result of another kind, as a float.
            source = self.srng.choice(unread)
            self.unread_results.remove(source)
            value = self.as_float(depth, source)
        if positive:
            floor = self.fresh("x")
            self.emit(depth, f"{floor} = arith.maximumf {value}, %fhalf : f32")
            value = floor
        return value

    def unread_sum(self, depth: int) -> str:
        """The sum, as an f32, of up to four scalar results of loops and ifs
        visible here that nothing read (each in [-32, 32]), or an f32 of
        the scope when there is none."""
        unread = [v for v in self.unread_results if v in self.visible(v.kind)][:4]
        if not unread:
            return self.pick_scalar("f32").name
        total = self.as_float(depth, unread[0])
        for value in unread[1:]:
            term = self.as_float(depth, value)
            name = self.fresh("x")
            self.emit(depth, f"{name} = arith.addf {total}, {term} : f32")
            total = name
        return self.clamped(depth, total)

    def as_float(self, depth: int, value: Value) -> str:
        """A scalar of any kind as an f32 (an f32 as it is, others in
        [-32, 32])."""
        if value.kind == "f32":
            return value.name
        t, name = self.scalar_type(value), self.fresh("x")
        if value.kind == "idx":
            narrow = self.fresh("x")
            self.emit(depth, f"{narrow} = arith.index_cast {value.name} : index to i32")
            self.emit(depth, f"{name} = arith.sitofp {narrow} : i32 to f32")
            return name
        if value.kind == "i1":
            self.emit(depth, f"{name} = arith.select {value.name}, %f1, %fhalf : f32")
            return name
        self.emit(depth, f"{name} = arith.sitofp {value.name} : {t} to f32")
        return self.clamped(depth, name)

    def scalar_bound(self, depth: int, upper: str) -> str:
        """A loop's upper bound: `upper`, or a computed index of at most 3."""
        if not self.scalar_chance(0.2):
            return upper
        name = self.fresh("ub")
        self.emit(depth, f"{name} = arith.minsi {self.pick_scalar('idx').name}, %c3 : index")
        return name

    def scalar_carries(self, p: float) -> list[Value]:
        """The scalars a loop or an if carries (often none)."""
        if not self.scalar_chance(p):
            return []
        # Mostly of one kind, so that a loop can yield one carry to another's
        # position (scalar_next).
        kinds = list(_SCALAR_TYPES)
        kind = self.srng.choice(kinds)
        return [
            self.pick_scalar(kind if self.srng.random() < 0.6 else self.srng.choice(kinds))
            for _ in range(self.srng.choice([1, 1, 2, 3]))
        ]

    def scalar_next(self, depth: int, carried: Value, siblings: list[Value]) -> str:
        """What a loop yields for a scalar carry: itself, another carry of the
        loop of its kind as it was (a swap, a rotation or a lag, which the
        back edge must read before it assigns), a bounded update of it (an
        index counts up by one, an f32 is halved and a scalar of the scope
        added), or an outer scalar."""
        r = self.srng.random()
        if r < 0.15:
            return carried.name
        others = [v for v in siblings if v.kind == carried.kind and v is not carried]
        if others and r < 0.3:
            return self.srng.choice(others).name
        if carried.kind == "i1":
            if r < 0.4:
                return self.scalar_condition(depth)
            name = self.fresh("p")
            self.emit(depth, f"{name} = arith.xori {carried.name}, %true : i1")
            return name
        if carried.kind in _INTEGER_KINDS:
            t = self.scalar_type(carried)
            if r < 0.4:
                return self.pick_scalar(carried.kind).name
            name = self.fresh("x")
            op, step = self.srng.choice([("addi", 7), ("muli", 3), ("xori", 3), ("subi", 7)])
            step = _integer_constant(carried.kind, step)
            self.emit(depth, f"{name} = arith.{op} {carried.name}, {step} : {t}")
            return name
        if carried.kind == "idx":
            if r < 0.3:
                # Any index of the scope: at most a few more than a carry.
                return self.pick_scalar("idx").name
            name = self.fresh("x")
            self.emit(depth, f"{name} = arith.addi {carried.name}, %c1 : index")
            return name
        if r < 0.3:
            return self.clamped(depth, self.pick_scalar("f32").name)
        half, name = self.fresh("x"), self.fresh("x")
        self.emit(depth, f"{half} = arith.mulf {carried.name}, %fhalf : f32")
        addend = self.clamped(depth, self.pick_scalar("f32").name)
        self.emit(depth, f"{name} = arith.addf {half}, {addend} : f32")
        return name

    def clamped(self, depth: int, value: str, into: str | None = None) -> str:
        """`value` clamped to [-32, 32] (into the name `into`, or a fresh one):
        what a carry may take from a scalar that may itself grow with the
        carries it was computed from."""
        low = self.fresh("x")
        high = into or self.fresh("x")
        self.emit(depth, f"{low} = arith.minimumf {value}, %fscale : f32")
        self.emit(depth, f"{high} = arith.maximumf {low}, %fnscale : f32")
        return high

    def scalar_type(self, value: Value) -> str:
        return _SCALAR_TYPES[value.kind]

    def define_scalars(self, names: list[str], kinds: list[str]) -> list[str]:
        """Defines the scalar results that come first among `names`, one per
        kind of `kinds`; returns the names after them."""
        for name, kind in zip(names, kinds):
            self.unread_results.append(self.define(Value(name, kind, self.new_group())))
        return names[len(kinds) :]

    # -- control flow ----------------------------------------------------
    def choose_carries(self) -> list[Value]:
        carries: list[Value] = []
        for _ in range(self.rng.choice([1, 1, 2, 2, 3])):
            kind = self.rng.choice(["vec", "vec", "vec", "acc"])
            value = self.pick(kind)
            if value is None:
                continue
            if value in carries and self.chance(0.7):
                continue  # sometimes the same tile initializes two carries
            carries.append(value)
        return carries

    def yields_for(self, depth: int, carries: list[Value], args: list[Value]) -> list[str]:
        """What each carry yields: a new value, another carry (swap), itself,
        or an outer value."""
        names = []
        order = list(range(len(carries)))
        if len(order) > 1 and self.chance(0.3):
            self.rng.shuffle(order)  # swaps and rotations of carries
        for index, carry in enumerate(carries):
            candidates = self.visible(carry.kind)
            r = self.rng.random()
            if r < 0.25 and len(order) > 1:
                other = args[order[index]]
                if other.kind == carry.kind and other in candidates:
                    names.append(other.name)
                    continue
            if r < 0.35 and args[index] in candidates:
                names.append(args[index].name)
                continue
            if carry.kind == "vec":
                if self.chance(0.85) or not candidates:
                    names.append(self.produce_vec(depth).name)
                else:
                    names.append(self.rng.choice(candidates).name)
            else:
                value = self.produce_acc(depth) if self.chance(0.8) else None
                if value is None:
                    value = self.pick("acc")
                names.append(value.name if value else args[index].name)
        return self.revalidate(names, [c.kind for c in carries])

    def fold_unread_into(
        self, depth: int, yields: list[str], carries: list[Value], args: list[Value]
    ) -> list[str]:
        """Sometimes the first vec value a loop yields that is computed in its
        body (not a carry passed on, whose swaps matter more) takes the sum
        of the body's unread scalar results (0.0 without scalars: the tile
        program is the same either way), so that what nested loops and ifs
        compute reaches the output."""
        passed_on = {a.name for a in args}
        for index, (name, carry) in enumerate(zip(yields, carries)):
            if carry.kind != "vec" or name in passed_on:
                continue
            if not self.chance(0.5):
                return yields
            return yields[:index] + [self.fold_unread(depth, name)] + yields[index + 1 :]
        return yields

    def fold_unread(self, depth: int, tile: str) -> str:
        """`tile` plus the sum of the unread scalar results visible here, by
        a tile.adds (of 0.0 without scalars: the tile program of a seed is
        the same either way)."""
        folded = self.fresh()
        unread = self.unread_sum(depth) if self.srng is not None else "%fzero"
        self.emit(depth, f"{folded} = tile.adds {tile}, {unread} : {self.shapes.tile}, f32")
        return folded

    def wrap_in_scope(self, depth: int, names: list[str], types: list[str]) -> list[str]:
        if not names or self.rng.random() > 0.2:
            return names
        results = self.fresh("s")
        count = len(names)
        result_names = [f"{results}#{i}" for i in range(count)] if count > 1 else [results]
        head = f"{results}:{count}" if count > 1 else results
        self.emit(depth, f'{head} = tile.scope "split_aiv" -> {", ".join(types)} {{')
        inner = []
        for name, type_ in zip(names, types):
            if type_ == self.shapes.tile and self.chance(0.5):
                fresh = self.fresh()
                self.emit(depth + 1, f"{fresh} = tile.adds {name}, %f1 : {self.shapes.tile}, f32")
                inner.append(fresh)
            else:
                inner.append(name)
        self.emit(depth + 1, f"tile.scope_yield {', '.join(inner)} : {', '.join(types)}")
        self.emit(depth, "}")
        return result_names

    def trip_bounds(self, dead: bool = False):
        r = self.rng.random()
        if dead or r < 0.2:
            return "%c0", "%c0"  # zero trips
        if r < 0.4:
            return "%c0", "%c1"  # one trip
        if r < 0.7:
            return "%c0", f"%c{self.rng.choice([2, 3])}"
        return "%c0", "%n"  # unknown at compile time

    def for_loop(self, depth: int, dead: bool = False) -> None:
        carries = self.choose_carries()
        tensor = self.current_tensor()
        carry_tensor = tensor is not None and self.tensor_writable() and self.chance(0.5)
        lb, ub = self.trip_bounds(dead)
        if not dead:
            ub = self.scalar_bound(depth, ub)
        index = self.fresh("i")
        args = [Value(self.fresh("a"), c.kind, self.new_group()) for c in carries]
        inits = [c.name for c in carries]
        types = [self.shapes.types[c.kind] for c in carries]
        tensor_arg = None
        if carry_tensor:
            tensor_arg = Value(self.fresh("Ta"), "tensor", tensor.group)
            args.append(tensor_arg)
            inits.append(tensor.name)
            types.append(self.shapes.tensor)
        # Scalar carries come first (PTO emits such a loop as an scf.while).
        scalars = self.scalar_carries(0.2)
        scalar_args = [Value(self.fresh("xa"), v.kind, self.new_group()) for v in scalars]
        inits = [v.name for v in scalars] + inits
        types = [self.scalar_type(v) for v in scalars] + types
        results = self.fresh("f")
        head = (
            f"{results}:{len(types)} = " if len(types) > 1 else (f"{results} = " if types else "")
        )
        iter_args = ", ".join(f"{a.name} = {i}" for a, i in zip(scalar_args + args, inits))
        sig = f" iter_args({iter_args}) -> ({', '.join(types)})" if types else ""
        self.emit(depth, f"{head}scf.for {index} = {lb} to {ub} step %c1{sig} {{")
        scope = Scope(values=scalar_args + [a for a in args if a.kind != "tensor"])
        scope.tensor = tensor_arg if carry_tensor else tensor
        scope.tensor_writable = carry_tensor
        self.scopes.append(scope)
        self.loops += 1
        self.inductions.append(index)
        self.block(depth + 1, self.rng.randint(1, 4))
        yields = self.yields_for(depth + 1, carries, args)
        if not dead:
            yields = self.fold_unread_into(depth + 1, yields, carries, args)
        tile_types = [self.shapes.types[c.kind] for c in carries]
        yields = self.wrap_in_scope(depth + 1, yields, tile_types) if yields else yields
        if carry_tensor:
            yields.append(self.scopes[-1].tensor.name)
        yields = [self.scalar_next(depth + 1, a, scalar_args) for a in scalar_args] + yields
        self.loops -= 1
        self.inductions.pop()
        self.scopes.pop()
        if types:
            self.emit(depth + 1, f"scf.yield {', '.join(yields)} : {', '.join(types)}")
        self.emit(depth, "}")
        self.bind_results(results, carries, carry_tensor, tensor, scalars)

    def bind_results(self, results, carries, carried_tensor, tensor, scalars=()):
        count = len(scalars) + len(carries) + (1 if carried_tensor else 0)
        names = [f"{results}#{i}" for i in range(count)] if count > 1 else [results]
        names = self.define_scalars(names, [v.kind for v in scalars])
        for name, carry in zip(names, carries):
            self.define(Value(name, carry.kind, self.new_group()))
        if carried_tensor:
            self.scopes[-1].tensor = Value(names[-1], "tensor", tensor.group)

    def while_loop(self, depth: int) -> None:
        carries = self.choose_carries()
        tensor = self.current_tensor()
        carry_tensor = tensor is not None and self.tensor_writable() and self.chance(0.4)
        _, bound = self.trip_bounds()
        bound = self.scalar_bound(depth, bound)
        counter = self.fresh("k")
        before = [Value(self.fresh("b"), c.kind, self.new_group()) for c in carries]
        after = [Value(self.fresh("a"), c.kind, self.new_group()) for c in carries]
        # Scalar carries after the counter.
        scalars = self.scalar_carries(0.3)
        scalar_before = [Value(self.fresh("xb"), v.kind, self.new_group()) for v in scalars]
        scalar_after = [Value(self.fresh("xa"), v.kind, self.new_group()) for v in scalars]
        inits = ["%c0"] + [v.name for v in scalars] + [c.name for c in carries]
        types = (
            ["index"]
            + [self.scalar_type(v) for v in scalars]
            + [self.shapes.types[c.kind] for c in carries]
        )
        if carry_tensor:
            inits.append(tensor.name)
            types.append(self.shapes.tensor)
            before.append(Value(self.fresh("Tb"), "tensor", tensor.group))
            after.append(Value(self.fresh("Ta"), "tensor", tensor.group))
        results = self.fresh("w")
        head = f"{results}:{len(types)}"
        params = ", ".join(
            [f"{counter} = %c0"]
            + [f"{b.name} = {i}" for b, i in zip(scalar_before + before, inits[1:])]
        )
        sig = ", ".join(types)
        self.emit(depth, f"{head} = scf.while ({params}) : ({sig}) -> ({sig}) {{")
        go = self.fresh("go")
        if self.chance(0.05):
            go = "%false"  # never enters the after region
        else:
            self.emit(depth + 1, f"{go} = arith.cmpi slt, {counter}, {bound} : index")
        if scalar_before and self.scalar_chance(0.5):
            # The counter's bound and a test of the carried scalars.
            self.scopes.append(Scope(values=list(scalar_before)))
            test, both = self.scalar_condition(depth + 1), self.fresh("go")
            self.scopes.pop()
            self.emit(depth + 1, f"{both} = arith.andi {go}, {test} : i1")
            go = both
        tile_before = [b for b in before if b.kind != "tensor"]
        forwarded = [b.name for b in tile_before]
        if tile_before and self.while_forwarding and self.chance(0.3):
            forwarded = self.before_region(
                depth + 1, tile_before, before[-1] if carry_tensor else tensor
            )
        forwarded = (
            [counter]
            + [b.name for b in scalar_before]
            + forwarded
            + ([before[-1].name] if carry_tensor else [])
        )
        self.emit(depth + 1, f"scf.condition({go}) {', '.join(forwarded)} : {sig}")
        self.emit(depth, "} do {")
        counter2 = self.fresh("k")
        block_args = ", ".join(
            [f"{counter2}: index"]
            + [f"{a.name}: {self.scalar_type(a)}" for a in scalar_after]
            + [f"{a.name}: {self.shapes.types[a.kind]}" for a in after]
        )
        self.emit(depth, f"^bb0({block_args}):")
        scope = Scope(values=scalar_after + [a for a in after if a.kind != "tensor"])
        scope.tensor = after[-1] if carry_tensor else tensor
        scope.tensor_writable = carry_tensor
        self.scopes.append(scope)
        self.loops += 1
        self.block(depth + 1, self.rng.randint(1, 3))
        tile_after = [a for a in after if a.kind != "tensor"]
        yields = self.yields_for(depth + 1, carries, tile_after)
        yields = self.fold_unread_into(depth + 1, yields, carries, tile_after)
        next_counter = self.fresh("k")
        self.emit(depth + 1, f"{next_counter} = arith.addi {counter2}, %c1 : index")
        all_yields = (
            [next_counter]
            + [self.scalar_next(depth + 1, a, scalar_after) for a in scalar_after]
            + yields
        )
        if carry_tensor:
            all_yields.append(self.scopes[-1].tensor.name)
        self.loops -= 1
        self.scopes.pop()
        self.emit(depth + 1, f"scf.yield {', '.join(all_yields)} : {sig}")
        self.emit(depth, "}")
        names = [f"{results}#{i}" for i in range(len(types))]
        for name, carry in zip(self.define_scalars(names[1:], [v.kind for v in scalars]), carries):
            self.define(Value(name, carry.kind, self.new_group()))
        if carry_tensor:
            self.scopes[-1].tensor = Value(names[-1], "tensor", tensor.group)

    def before_region(self, depth: int, before: list[Value], tensor: Value | None) -> list[str]:
        """A before region that computes and a condition that forwards other
        values than its arguments: sometimes a few ops (on the before
        arguments and outer values: reads, and in-place writes of an outer
        tile whose old version is still read after the loop), then, per
        carry, its own argument (most often), another argument of its kind
        (one value forwarded for two carries), an outer value of its kind,
        or a value computed here. The region runs once per iteration and
        once more on exit, so it writes no user buffer and stores nothing."""
        saved = [list(s.values) for s in self.scopes]
        scope = Scope(values=list(before))
        scope.tensor = tensor
        self.scopes.append(scope)
        self.loops += 1
        for _ in range(self.rng.choice([0, 1, 1, 2, 3])):
            r = self.rng.random()
            if r < 0.5:
                self.produce_vec(depth)
            elif r < 0.65:
                self.produce_half(depth)
            elif r < 0.85:
                self.writeback_vec(depth)
            else:
                self.produce_acc(depth)
        local = [v for v in scope.values if v not in before]
        outer = [v for s in self.scopes[:-1] for v in s.values]
        names = []
        for arg in before:
            r = self.rng.random()
            choice = None
            if r < 0.4:
                choice = arg
            elif r < 0.6:
                twins = [b for b in before if b.kind == arg.kind and b is not arg]
                choice = self.rng.choice(twins) if twins else None
            elif r < 0.8:
                others = [v for v in outer if v.kind == arg.kind]
                choice = self.rng.choice(others) if others else None
            else:
                mine = [v for v in local if v.kind == arg.kind]
                if mine and self.chance(0.6):
                    choice = self.rng.choice(mine)
                elif arg.kind == "vec":
                    choice = self.produce_vec(depth)
                else:
                    choice = self.produce_acc(depth)
            choice = choice or arg
            live = self.visible(arg.kind)
            if choice not in live:
                # A writeback here consumed it (an acc has no copy): forward
                # what replaced it.
                choice = next((v for v in reversed(scope.values) if v in live), None) or arg
            names.append(choice.name)
        self.loops -= 1
        self.scopes.pop()
        for s, values in zip(self.scopes, saved):
            s.values = values
        return names

    def if_op(self, depth: int) -> None:
        kinds = [
            self.rng.choice(["vec", "vec", "acc", "half"])
            for _ in range(self.rng.choice([0, 1, 1, 2, 3]))
        ]
        tensor = self.current_tensor()
        carry_tensor = tensor is not None and self.tensor_writable() and self.chance(0.3)
        types = [self.shapes.types[k] for k in kinds] + (
            [self.shapes.tensor] if carry_tensor else []
        )
        cond = self.rng.choice(["%cond", "%cond", "%notcond"] * 6 + ["%true", "%false"])
        if self.scalar_chance(0.2):
            cond = self.scalar_condition(depth)
        # Scalar results come first.
        scalars = [v.kind for v in self.scalar_carries(0.2)]
        types = [_SCALAR_TYPES[k] for k in scalars] + types
        results = self.fresh("r")
        head = ""
        if types:
            head = f"{results}:{len(types)} = " if len(types) > 1 else f"{results} = "
        sig = f" -> ({', '.join(types)})" if types else ""
        start = len(self.lines)
        self.emit(depth, f"{head}scf.if {cond}{sig} {{")
        arm_names = []
        for arm in range(2):
            if arm == 1:
                self.emit(depth, "} else {")
            scope = Scope()
            scope.tensor = tensor
            scope.tensor_writable = carry_tensor
            self.scopes.append(scope)
            self.block(depth + 1, self.rng.randint(0, 3))
            scalar_names = [
                (
                    self.produce_scalar(depth + 1, kind)
                    if self.srng.random() < 0.5
                    else self.pick_scalar(kind)
                ).name
                for kind in scalars
            ]
            names = []
            for index, kind in enumerate(kinds):
                r = self.rng.random()
                value = None
                if arm == 1 and r < 0.15 and arm_names and kinds.count(kind) > 1:
                    # Swap two results of one kind between the arms.
                    others = [i for i, k in enumerate(kinds) if k == kind and i != index]
                    candidate = arm_names[0][len(scalars) + self.rng.choice(others)]
                    if any(v.name == candidate for v in self.visible(kind)):
                        names.append(candidate)
                        continue
                if r < 0.45:
                    value = self.pick(kind)
                if value is None:
                    if kind == "vec":
                        value = self.produce_vec(depth + 1)
                    elif kind == "half":
                        value = self.produce_half(depth + 1)
                    else:
                        value = self.produce_acc(depth + 1)
                if value is None:
                    value = self.pick(kind)
                if value is None:
                    # No acc reachable: give up on this if.
                    self.scopes.pop()
                    del self.lines[start:]
                    return
                names.append(value.name)
            names = self.revalidate(names, kinds)
            names = self.wrap_in_scope(depth + 1, names, [self.shapes.types[k] for k in kinds])
            if carry_tensor:
                names.append(self.scopes[-1].tensor.name)
            names = scalar_names + names
            self.scopes.pop()
            if types:
                self.emit(depth + 1, f"scf.yield {', '.join(names)} : {', '.join(types)}")
            arm_names.append(names)
        self.emit(depth, "}")
        count = len(types)
        names = [f"{results}#{i}" for i in range(count)] if count > 1 else [results]
        names = self.define_scalars(names, scalars)
        for name, kind in zip(names, kinds):
            self.define(Value(name, kind, self.new_group()))
        if carry_tensor:
            self.scopes[-1].tensor = Value(names[-1], "tensor", tensor.group)

    # -- the kernel --------------------------------------------------------
    def declare_user_buffers(self, arguments: list[str]) -> list[str]:
        """User storage: buffers the program declares (pinned or not, with
        or without addresses) and, sometimes, a buffer argument."""
        lines = []
        addresses: list[int] = []
        for _ in range(self.rng.choice([0, 0, 1, 1, 2, 3])):
            kind = "acc" if self.chance(0.2) else "vec"
            slots = self.rng.choice([1, 1, 2])
            name = self.fresh("u")
            buffer = UserBuffer(name, kind, slots, list(range(slots)), self.shapes.tile_bytes)
            attrs = ""
            r = self.rng.random()
            if r < 0.35:
                if addresses and self.chance(0.3):
                    addr = self.rng.choice(addresses) + self.rng.choice(
                        [0, self.shapes.tile_bytes // 2]
                    )
                elif self.chance(0.05):
                    addr = self.shapes.tile_bytes * self.rng.randrange(8) + 4  # misaligned
                else:
                    addr = self.shapes.tile_bytes * self.rng.randrange(8)
                addresses.append(addr)
                attrs += f" addr = {addr}"
            if self.chance(0.5):
                attrs += " pinned"
            buffer.declaration = f"{name} = tile.alloc{attrs} : {buffer.type}"
            lines.append(buffer.declaration)
            self.user_buffers.append(buffer)
        if not self.tensor_outputs and self.chance(0.15):
            buffer = UserBuffer("%U", "vec", 1, [0], self.shapes.tile_bytes)
            arguments.append(f"%U: {buffer.type}")
            self.user_buffers.append(buffer)
        return lines

    def generate(self) -> str:
        arguments = [
            f"%A: {self.shapes.tensor}",
            f"%O: {self.shapes.tensor}",
            "%n: index",
            "%cond: i1",
        ]
        top = Scope()
        top.tensor = Value("%O", "tensor", self.new_group())
        top.tensor_writable = True
        self.scopes.append(top)
        if self.srng is not None:
            for name in ("%f1", "%fhalf"):
                self.define(Value(name, "f32", self.new_group()))
            for name in ("%c0", "%c1", "%n"):
                self.define(Value(name, "idx", self.new_group()))
            for name in ("%cond", "%notcond", "%true", "%false"):
                self.define(Value(name, "i1", self.new_group()))
            # Integers known only at run time (from %n), so that ptoas cannot
            # fold what is computed from them, some near their type's limits.
            for name in ("%int3", "%intmin", "%intarg", "%intneg"):
                self.define(Value(name, "i32", self.new_group()))
            for name in ("%long7", "%longbig", "%longarg", "%longhuge"):
                self.define(Value(name, "i64", self.new_group()))
        # Caller storage: tile arguments (kernels for PTO take none).
        if self.chance(0.1 if self.tensor_outputs else 0.4):
            arguments.append(f"%X: {self.shapes.tile}")
            self.define(Value("%X", "vec", self.new_group(), dense=True))
        if self.chance(0.05 if self.tensor_outputs else 0.15):
            arguments.append(f"%Y: {self.shapes.acc}")
            self.define(Value("%Y", "acc", self.new_group()))
        if self.tensor_outputs:
            arguments.append(f"%T: {self.shapes.out_tensor}")
        declarations = self.declare_user_buffers(arguments)
        self.define(Value("%seed", "vec", self.new_group(), dense=True))
        prologue = [f"%seed = tile.load %A[%c0, %c0] : {self.shapes.tensor} -> {self.shapes.tile}"]
        self.block(0, self.rng.randint(3, 7))
        self.store(0)
        out_tile = self.pick("vec") or Value("%seed", "vec", 0)
        # The results of the top level's loops and ifs that nothing read flow
        # into the output tile, so that what the loops computed is compared.
        folded = self.fold_unread(0, out_tile.name)
        out_tile = self.define(Value(folded, "vec", self.new_group(), dense=True))
        tensor = self.current_tensor()
        body = self.lines
        self.lines = []
        if self.tensor_outputs:
            self.emit(
                0,
                f"%Tout = tile.store {out_tile.name}, %T[%c0, %c0] : {self.shapes.tile}, {self.shapes.out_tensor}",
            )
            names = [tensor.name, "%Tout"]
            types = [self.shapes.tensor, self.shapes.out_tensor]
            if self.pressure:
                lines, returned = pressure.tail(self.arch, self.fresh)
                for line in lines:
                    self.emit(0, line)
                arguments += pressure.ARGUMENTS
                names += [value for value, _ in returned]
                types += [type_ for _, type_ in returned]
            results = ", ".join(types)
            self.emit(0, f"return {', '.join(names)} : {results}")
        else:
            extra = self.pick(self.rng.choice(["vec", "acc"])) if self.chance(0.3) else None
            names, types = [tensor.name, out_tile.name], [self.shapes.tensor, self.shapes.tile]
            if extra is not None and extra is not out_tile:
                names.append(extra.name)
                types.append(self.shapes.types[extra.kind])
            self.emit(0, f"return {', '.join(names)} : {', '.join(types)}")
            results = ", ".join(types)
        epilogue = self.lines
        constants = [f"%c{v} = arith.constant {v} : index" for v in self.shapes.index_constants()]
        constants += [
            "%f1 = arith.constant 1.0 : f32",
            "%fhalf = arith.constant 0.5 : f32",
            "%fscale = arith.constant 32.0 : f32",
            "%fnscale = arith.constant -32.0 : f32",
            "%true = arith.constant true",
            "%false = arith.constant false",
            "%notcond = arith.xori %cond, %true : i1",
            "%fzero = arith.constant 0.0 : f32",
            "%int1 = arith.constant 1 : i32",
            "%int3 = arith.constant 3 : i32",
            "%int7 = arith.constant 7 : i32",
            "%intmin = arith.constant -2147483648 : i32",
            "%long1 = arith.constant 1 : i64",
            "%long3 = arith.constant 3 : i64",
            "%long7 = arith.constant 7 : i64",
            "%longbig = arith.constant 8589934595 : i64",
            "%intarg = arith.index_cast %n : index to i32",
            "%intneg = arith.subi %intmin, %intarg : i32",
            "%longarg = arith.extsi %intarg : i32 to i64",
            "%longhuge = arith.muli %longarg, %longbig : i64",
        ]
        attributes = " attributes {pto.entry}" if self.entry else ""
        head = [f"  func.func @{self.name}({', '.join(arguments)}) -> ({results}){attributes} {{"]
        pad = "    "
        declarations += [buffer.declaration for buffer in self.loop_buffers]
        text = head + [pad + line for line in declarations + constants + prologue]
        return "\n".join(text + body + epilogue + ["  }"])


def generate(
    seed: int,
    max_depth: int = 4,
    branch_heavy: bool = False,
    tensor_outputs: bool = False,
    boundary: bool = False,
    distributed: bool | None = None,
    while_forwarding: bool = True,
    scalars: bool = True,
    arch: str = "a3",
    loop_destinations: bool = True,
    dynamic_offsets: bool = True,
    clobbering_destinations: bool = False,
    pressure: bool = False,
) -> str:
    """The module of one seed (deterministic): one to three kernels.
    `branch_heavy` makes scf.if the most frequent statement. With
    `tensor_outputs` every kernel stores its tile result into an extra
    tensor argument %T and returns only tensors, takes no buffer arguments
    and rarely tile arguments (PTO kernels read and write global tensors).
    With `boundary`, the program's shapes are boundary_shapes' (else
    16x16 tiles and 8x16 halves). With `distributed` (by default every
    fourth seed, chosen without drawing from the program's random stream)
    every tensor is a distributed one, in the communication window
    "comm0": its loop carries and if results must keep the window.
    With `scalars`, the kernels also compute f32 and index scalars, carry
    them in loops and ifs, and read them in tile-scalar ops, loop bounds
    and conditions (KernelGenerator.produce_scalar); these draw from a
    stream of their own, so the tile program of a seed is the same with
    and without them. `arch` is the module's tile.target_arch; on a5 the
    kernels also move acc tiles to vec and vec tiles to mat (a3 programs
    draw nothing for these, so they do not change). With
    `loop_destinations`, some producers inside loops write user buffers of
    their own (KernelGenerator.loop_destination), drawn from a stream of
    their own: without them a seed gives the same tile program. With
    `dynamic_offsets`, some loads and stores inside scf.for loops take the
    tensor block of the induction variable (KernelGenerator.row), from a
    stream of their own as well. With `clobbering_destinations`, some
    producers write any slot of any user buffer, whatever it holds
    (KernelGenerator.clobbering_destination): programs whose own storage
    may be invalid, which must be refused or computed right. With
    `pressure` (and `tensor_outputs`), every kernel ends with a tail of
    tiles beyond the capacity of vec and the cube's spaces
    (testing.pressure), in four more tensor arguments; the rest of the
    program does not change."""
    rng = random.Random(seed)
    scalar_rng = random.Random(f"scalars/{seed}") if scalars else None
    destination_rng = random.Random(f"destinations/{seed}") if loop_destinations else None
    offset_rng = random.Random(f"offsets/{seed}") if dynamic_offsets else None
    clobber_rng = random.Random(f"clobbers/{seed}") if clobbering_destinations else None
    shapes = boundary_shapes(rng) if boundary else DEFAULT_SHAPES
    if distributed is None:
        distributed = seed % 4 == 3
    if distributed:
        shapes = replace(shapes, window="comm0")
    count = rng.choice([1] * 7 + [2] * 2 + [3])
    kernels = []
    for k in range(count):
        name = "kernel" if k == 0 else f"kernel{k}"
        kernels.append(
            KernelGenerator(
                rng,
                name,
                max_depth=max_depth,
                branch_heavy=branch_heavy,
                tensor_outputs=tensor_outputs,
                entry=tensor_outputs and count > 1 and k == 0,
                shapes=shapes,
                while_forwarding=while_forwarding,
                scalars=scalar_rng,
                arch=arch,
                destinations=destination_rng,
                offsets=offset_rng,
                clobbers=clobber_rng,
                pressure=pressure and tensor_outputs,
            ).generate()
        )
    return f'module attributes {{tile.target_arch = "{arch}"}} {{\n' + "\n".join(kernels) + "\n}\n"
