"""``python -m tilemem.testing.shape_sweep``: kernels of the shapes real
kernels have, through the real toolchain.

The fuzzer (``tilemem.fuzz``) varies control flow and storage on square
16x16 (or 32x32) tiles loaded from and stored to column 0 of their tensors.
Real kernels have rectangular tiles (64x128 scores, 16x1 row sums, a
64x128 by 128x64 product), blocks taken at any row and column of a larger
tensor (a K block of A at [m0, k0]), f16 inputs to the cube, and rows of
one element. Here every seed makes one small kernel of one of the
families below, at shapes and offsets drawn from the ones the hardware
holds (pto-isa's ``Tile``; the dialect's verifier is the filter, so a
shape the target cannot hold is never made):

- ``elementwise``: two blocks of two tensors at any offsets, one to three
  binary, unary and tile-scalar ops, the result stored at a third offset
  of a larger output tensor (whose other elements must stay as they were);
- ``rows``: a softmax-like row reduction and its broadcast back (row_max,
  row_expand_sub, exp, row_sum, row_expand_div), the Rx1 vector stored too;
- ``columns``: a column reduction and its broadcast (col_sum / col_max,
  col_expand_*), the 1xC vector stored as a row of a tensor;
- ``select``: a mask of two blocks (``tile.cmp``) or of a block and a
  scalar (``tile.cmps``) choosing between two tiles (``tile.sel``), in
  f32, f16 or i32 (eq and ne), on a3 or a5; the mask is sometimes stored,
  then from a tile of 256 columns (its 32-byte rows all bits: a narrower
  tile's mask rows end in undefined bytes, which no output may hold);
- ``transpose``: an RxC block transposed and added to a CxR block;
- ``views``: a slice of a block computed on and assembled into another;
- ``convert``: f32 to f16, i32 or i16 (in a rounding mode) and back;
- ``expand``: row_expand and col_expand of a block's row and column
  reductions;
- ``reshape``: a block reshaped to another row width, computed on;
- ``concat``: two blocks of different widths side by side;
- ``fillpad``: the padding outside a valid block of a tile;
- ``blocks``: an scf.for over the column blocks of a row of blocks,
  carrying Rx1 row sums and the output tensor, loads and stores at
  offsets computed from the induction variable;
- ``loops``: the control flow of real kernels (loops carrying
  accumulators, first-iteration branches, counted whiles, nested) over one
  rectangular tile type, its column blocks and their row and column
  vectors, each kind carried, yielded, sliced and written back
  (``_Loops``);
- ``attention``: flash attention's forward step on shapes up to real
  kernels' (``_Attention``): the key blocks in a loop (sometimes inside a
  loop over query blocks) or unrolled, a first-iteration branch, a masked
  tail block, user buffers, the units meeting through scratch tensors
  (a3) or moves (a5);
- ``gemm``: f16 or f32 blocks of A (MxK, sometimes a gemv row, M = 1,
  whose mat, left and acc tiles each fill a 16-row box) and B (KxN) through
  mat, left and right, one to four K steps accumulated by ``matmul_acc`` (unrolled,
  or an scf.for, sometimes double-buffered in user buffers), the
  acc stored to C at an offset; on a5, sometimes moved to vec and scaled
  first.

Each kernel takes and returns tensors, so it runs through the whole chain
for every planner (``tilemem.testing.corpus``: tilemem, ptoas, g++ against
pto-isa's CPU simulator, the run) and its outputs are compared with the
interpreter's value mode. Seed ``S`` gives the same kernel on every
machine; ``--seed S --count 1`` repeats it alone, ``--print`` shows it.
"""

from __future__ import annotations

import argparse
import random
import sys

#: Rows of vec tiles: single rows, odd counts, the cube's multiples of 16.
VEC_ROWS = (1, 2, 3, 5, 8, 15, 16, 17, 24, 31, 32, 48, 64)
#: Columns of vec tiles, as multiples of the 32-byte row (8 f32, 16 f16).
VEC_COLUMN_UNITS = (1, 2, 3, 4, 5, 8, 16)
#: M, N and K per step of the cube (acc and mat boxes have 16 rows).
CUBE_SIDES = (16, 32, 48, 64, 96, 128)
CUBE_DEPTHS = (16, 32, 64, 128)
#: Rows of a tile with a row vector (an Rx1 vec tile is column-major: its
#: R elements fill 32-byte columns).
VECTOR_ROWS = (8, 16, 24, 32, 48, 64)

BINARY = ("add", "sub", "mul", "maximum", "minimum")
UNARY = ("exp", "abs", "neg", "relu")
SCALAR = ("adds", "muls", "maxs", "mins")
ROW_EXPAND = ("row_expand_sub", "row_expand_mul", "row_expand_add", "row_expand_max")
COMPARE = ("lt", "le", "gt", "ge", "eq", "ne")
COL_EXPAND = ("col_expand_sub", "col_expand_mul", "col_expand_add", "col_expand_min")


def _units(elem: str) -> int:
    """Elements in 32 bytes."""
    return 32 // {"f32": 4, "i32": 4, "f16": 2, "bf16": 2, "i16": 2, "i8": 1}[elem]


def _bytes(elem: str) -> int:
    """Bytes of one element."""
    return 32 // _units(elem)


class _Kernel:
    """The lines of one kernel and the constants it needs."""

    def __init__(self, rng: random.Random, elem: str = "f32"):
        self.rng = rng
        self.elem = elem
        self.arguments: list[str] = []
        self.body: list[str] = []
        self.results: list[tuple[str, str]] = []
        self.constants: set[int] = {0}
        self.counter = 0

    def tile(self, rows: int, cols: int, space: str = "vec", elem: str | None = None) -> str:
        return f"!tile.tile<{rows}x{cols}x{elem or self.elem}, {space}>"

    def tensor(self, rows: int, cols: int, elem: str | None = None) -> str:
        return f"!tile.tensor<{rows}x{cols}x{elem or self.elem}>"

    def index(self, value: int) -> str:
        self.constants.add(value)
        return f"%c{value}"

    def fresh(self, prefix: str = "t") -> str:
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def block_tensor(self, name: str, rows: int, cols: int, units: int) -> tuple[str, int, int]:
        """An input tensor argument holding a rows x cols block at a random
        offset (rows anywhere, columns at 32-byte units); the tensor's type
        and the block's offset."""
        extra_rows = self.rng.choice([0, 0, 1, rows, 2 * rows + 3])
        extra_cols = units * self.rng.choice([0, 0, 1, 2, cols // units + 1])
        row = self.rng.randint(0, extra_rows)
        col = units * self.rng.randint(0, extra_cols // units)
        type_ = self.tensor(rows + extra_rows, cols + extra_cols)
        self.arguments.append(f"{name}: {type_}")
        return type_, row, col

    def load(self, tensor: str, rows: int, cols: int, space: str = "vec") -> str:
        units = _units(self.elem)
        type_, row, col = self.block_tensor(tensor, rows, cols, units)
        name = self.fresh("x")
        self.body.append(
            f"{name} = tile.load {tensor}[{self.index(row)}, {self.index(col)}] : "
            f"{type_} -> {self.tile(rows, cols, space)}"
        )
        return name

    def store(self, value: str, type_: str, rows: int, cols: int, elem: str | None = None) -> None:
        """Stores `value` (a tile of `type_`) at a random offset of a new
        output tensor argument, which the kernel returns."""
        elem = elem or self.elem
        units = _units(elem)
        index = len(self.results)
        out = f"%O{index}"
        extra_rows = self.rng.choice([0, 1, rows])
        extra_cols = units * self.rng.choice([0, 1, 2]) if cols % units == 0 else 0
        row = self.rng.randint(0, extra_rows)
        col = units * self.rng.randint(0, extra_cols // units)
        tensor = self.tensor(rows + extra_rows, cols + extra_cols, elem)
        self.arguments.append(f"{out}: {tensor}")
        stored = self.fresh("o")
        self.body.append(
            f"{stored} = tile.store {value}, {out}[{self.index(row)}, {self.index(col)}] : "
            f"{type_}, {tensor}"
        )
        self.results.append((stored, tensor))

    def scalar(self) -> str:
        return self.scalar_of(self.rng.choice(["0.5", "-0.25", "2.0", "1.5"]))

    def scalar_of(self, value: str) -> str:
        """An arith.constant `value` of the kernel's element type."""
        name = self.fresh("s")
        self.body.append(f"{name} = arith.constant {value} : {self.elem}")
        return name

    def elementwise(self, value: str, other: str, type_: str, count: int) -> str:
        for _ in range(count):
            name = self.fresh()
            kind = self.rng.random()
            if kind < 0.45:
                op = self.rng.choice(BINARY)
                a, b = (value, other) if self.rng.random() < 0.5 else (other, value)
                self.body.append(f"{name} = tile.{op} {a}, {b} : {type_}")
            elif kind < 0.7:
                op = self.rng.choice(UNARY)
                self.body.append(f"{name} = tile.{op} {value} : {type_}")
            else:
                op = self.rng.choice(SCALAR)
                self.body.append(
                    f"{name} = tile.{op} {value}, {self.scalar()} : {type_}, {self.elem}"
                )
            value = name
        return value

    def pressure(self, arch: str) -> None:
        """Appends the tail of tiles beyond the capacity (testing.pressure),
        with its tensor arguments and results."""
        from . import pressure

        lines, results = pressure.tail(arch, self.fresh)
        self.arguments += pressure.ARGUMENTS
        self.body += lines
        self.results += results

    def text(self, name: str, arch: str) -> str:
        results = ", ".join(t for _, t in self.results)
        head = f"  func.func @{name}({', '.join(self.arguments)}) -> ({results}) {{"
        constants = [f"%c{v} = arith.constant {v} : index" for v in sorted(self.constants)]
        returned = f"return {', '.join(v for v, _ in self.results)} : {results}"
        lines = [head] + [f"    {line}" for line in constants + self.body + [returned]] + ["  }"]
        return (
            f'module attributes {{tile.target_arch = "{arch}"}} {{\n' + "\n".join(lines) + "\n}\n"
        )


def _vec_shape(rng: random.Random, elem: str) -> tuple[int, int]:
    return rng.choice(VEC_ROWS), _units(elem) * rng.choice(VEC_COLUMN_UNITS)


def _elementwise(rng: random.Random) -> tuple[_Kernel, str]:
    k = _Kernel(rng, rng.choice(["f32", "f32", "f16"]))
    rows, cols = _vec_shape(rng, k.elem)
    type_ = k.tile(rows, cols)
    x, y = k.load("%A", rows, cols), k.load("%B", rows, cols)
    k.store(k.elementwise(x, y, type_, rng.randint(1, 3)), type_, rows, cols)
    return k, "a3"


def _rows(rng: random.Random) -> tuple[_Kernel, str]:
    k = _Kernel(rng)
    rows, cols = rng.choice(VECTOR_ROWS), 8 * rng.choice(VEC_COLUMN_UNITS)
    type_, vector = k.tile(rows, cols), k.tile(rows, 1)
    x = k.load("%A", rows, cols)
    top = k.fresh("m")
    k.body.append(f"{top} = tile.row_max {x} : {type_} -> {vector}")
    shifted = k.fresh()
    k.body.append(f"{shifted} = tile.row_expand_sub {x}, {top} : {type_}, {vector}")
    e = k.fresh("e")
    k.body.append(f"{e} = tile.exp {shifted} : {type_}")
    total = k.fresh("sum")
    k.body.append(f"{total} = tile.row_sum {e} : {type_} -> {vector}")
    p = k.fresh("p")
    k.body.append(f"{p} = tile.row_expand_div {e}, {total} : {type_}, {vector}")
    if rng.random() < 0.5:
        y = k.load("%B", rows, cols)
        q = k.fresh()
        k.body.append(f"{q} = tile.{rng.choice(ROW_EXPAND)} {y}, {top} : {type_}, {vector}")
        p = k.elementwise(p, q, type_, 1)
    k.store(p, type_, rows, cols)
    if rng.random() < 0.6:
        k.store(total, vector, rows, 1)
    return k, "a3"


def _columns(rng: random.Random) -> tuple[_Kernel, str]:
    k = _Kernel(rng)
    rows, cols = _vec_shape(rng, k.elem)
    type_, vector = k.tile(rows, cols), k.tile(1, cols)
    x = k.load("%A", rows, cols)
    reduced = k.fresh("r")
    k.body.append(
        f"{reduced} = tile.{rng.choice(['col_sum', 'col_max'])} {x} : {type_} -> {vector}"
    )
    y = k.load("%B", rows, cols)
    spread = k.fresh()
    k.body.append(f"{spread} = tile.{rng.choice(COL_EXPAND)} {y}, {reduced} : {type_}, {vector}")
    k.store(spread, type_, rows, cols)
    if rng.random() < 0.6:
        k.store(reduced, vector, 1, cols)
    return k, "a3"


def _select(rng: random.Random) -> tuple[_Kernel, str]:
    k = _Kernel(rng, rng.choice(["f32", "f32", "f16", "i32"]))
    store_mask = rng.random() < 0.4
    rows, cols = _vec_shape(rng, k.elem)
    if store_mask:
        # The bytes past C / 8 of a mask row are undefined (docs/ir.md,
        # tile.cmp), so a stored mask comes from 256 columns.
        rows, cols = rng.choice([r for r in VEC_ROWS if r <= 16]), 256
    type_ = k.tile(rows, cols)
    mask_cols = -(-cols // 8 // 32) * 32
    mask = k.tile(rows, mask_cols, elem="i8")
    x, y = k.load("%A", rows, cols), k.load("%B", rows, cols)
    # A2/A3's TCMP and TCMPS test i32 elements for equality whatever the mode.
    mode = rng.choice(("eq", "ne") if k.elem == "i32" else COMPARE)
    m = k.fresh("m")
    if rng.random() < 0.6:
        a, b = (x, y) if rng.random() < 0.8 else (x, x)
        k.body.append(f"{m} = tile.cmp {mode} {a}, {b} : {type_} -> {mask}")
    else:
        threshold = k.scalar_of("3" if k.elem == "i32" else rng.choice(["0.0", "0.5", "-1.5"]))
        k.body.append(f"{m} = tile.cmps {mode} {x}, {threshold} : {type_}, {k.elem} -> {mask}")
    on_true = x
    if k.elem != "i32" and rng.random() < 0.5:
        on_true = k.elementwise(x, y, type_, 1)
    chosen = k.fresh("r")
    k.body.append(f"{chosen} = tile.sel {m}, {on_true}, {y} : {mask}, {type_}")
    k.store(chosen, type_, rows, cols)
    if store_mask:
        k.store(m, mask, rows, mask_cols, elem="i8")
    return k, rng.choice(["a3", "a5"])


def _transpose(rng: random.Random) -> tuple[_Kernel, str]:
    k = _Kernel(rng)
    rows = 8 * rng.choice([1, 2, 3, 4, 8])
    cols = 8 * rng.choice([1, 2, 3, 4, 8])
    x = k.load("%A", rows, cols)
    flipped = k.fresh("tr")
    k.body.append(f"{flipped} = tile.transpose {x} : {k.tile(rows, cols)} -> {k.tile(cols, rows)}")
    y = k.load("%B", cols, rows)
    k.store(k.elementwise(flipped, y, k.tile(cols, rows), 1), k.tile(cols, rows), cols, rows)
    return k, "a3"


def _views(rng: random.Random) -> tuple[_Kernel, str]:
    k = _Kernel(rng)
    rows, cols = rng.choice([8, 16, 17, 32, 48]), 8 * rng.choice([2, 3, 4, 8])
    part_rows = rng.randint(1, rows)
    part_cols = 8 * rng.randint(1, cols // 8)
    at_row = rng.randint(0, rows - part_rows)
    at_col = 8 * rng.randint(0, (cols - part_cols) // 8)
    type_, part = k.tile(rows, cols), k.tile(part_rows, part_cols)
    x = k.load("%A", rows, cols)
    piece = k.fresh("v")
    k.body.append(f"{piece} = tile.slice {x}[{at_row}, {at_col}] : {type_} -> {part}")
    computed = k.elementwise(piece, piece, part, rng.randint(1, 2))
    y = k.load("%B", rows, cols)
    to_row = rng.randint(0, rows - part_rows)
    to_col = 8 * rng.randint(0, (cols - part_cols) // 8)
    whole = k.fresh("w")
    k.body.append(f"{whole} = tile.assemble {y}, {computed}[{to_row}, {to_col}] : {type_}, {part}")
    k.store(whole, type_, rows, cols)
    if rng.random() < 0.5:
        k.store(computed, part, part_rows, part_cols)
    return k, "a3"


def _blocks(rng: random.Random) -> tuple[_Kernel, str]:
    k = _Kernel(rng)
    rows, cols = rng.choice(VECTOR_ROWS), 8 * rng.choice(VEC_COLUMN_UNITS)
    steps = rng.choice([1, 2, 3, 4])
    type_, vector = k.tile(rows, cols), k.tile(rows, 1)
    # A row of blocks: the loop walks its columns, carrying the row sums
    # and the output tensor, as a norm over a wide row does.
    a_type, a_row, a_col = k.block_tensor("%A", rows, cols * steps, 8)
    out_type = k.tensor(rows + 1, cols * steps + 8)
    k.arguments.append(f"%O0: {out_type}")
    init = k.fresh("z")
    k.body.append(f"{init} = tile.full 0.0 : {vector}")
    width, start, step = k.index(cols), k.index(a_col), k.index(1)
    k.body.append(
        f"%res:2 = scf.for %j = %c0 to {k.index(steps)} step {step} "
        f"iter_args(%sums = {init}, %out = %O0) -> ({vector}, {out_type}) {{"
    )
    k.body.append(f"  %jc = arith.muli %j, {width} : index")
    k.body.append(f"  %col = arith.addi %jc, {start} : index")
    k.body.append(f"  %x = tile.load %A[{k.index(a_row)}, %col] : {a_type} -> {type_}")
    body_start = len(k.body)
    y = k.elementwise("%x", "%x", type_, rng.randint(0, 2))
    k.body[body_start:] = ["  " + line for line in k.body[body_start:]]
    k.body.append(f"  %part = tile.{rng.choice(['row_sum', 'row_max'])} {y} : {type_} -> {vector}")
    k.body.append(f"  %next = tile.add %sums, %part : {vector}")
    out_row, out_col = k.index(rng.randint(0, 1)), k.index(rng.choice([0, 8]))
    k.body.append(f"  %to = arith.addi %jc, {out_col} : index")
    k.body.append(f"  %stored = tile.store {y}, %out[{out_row}, %to] : {type_}, {out_type}")
    k.body.append(f"  scf.yield %next, %stored : {vector}, {out_type}")
    k.body.append("}")
    k.results.append(("%res#1", out_type))
    k.store("%res#0", vector, rows, 1)
    return k, "a3"


def _convert(rng: random.Random) -> tuple[_Kernel, str]:
    k = _Kernel(rng)
    # Columns of 32 bytes in every element type the tile passes through.
    rows, cols = rng.choice(VEC_ROWS), 16 * rng.choice([1, 2, 4, 8])
    type_ = k.tile(rows, cols)
    x = k.load("%A", rows, cols)
    # Inputs lie in [-1, 1): scaled by 32 the rounding mode matters, and
    # every target holds the result.
    scaled = k.fresh()
    k.body.append(f"{scaled} = tile.muls {x}, {k.scalar_of('32.0')} : {type_}, f32")
    target = rng.choice(["f16", "i32", "i16"])
    middle = k.tile(rows, cols, elem=target)
    mode = (
        "" if target == "f16" else rng.choice(["", " rmode round", " rmode floor", " rmode trunc"])
    )
    narrow = k.fresh("n")
    k.body.append(f"{narrow} = tile.cvt {scaled}{mode} : {type_} -> {middle}")
    if target == "f16" and rng.random() < 0.5:
        k.store(narrow, middle, rows, cols, "f16")
    back = k.fresh()
    k.body.append(f"{back} = tile.cvt {narrow} : {middle} -> {type_}")
    k.store(back, type_, rows, cols)
    return k, "a3"


def _expand(rng: random.Random) -> tuple[_Kernel, str]:
    k = _Kernel(rng)
    rows, cols = rng.choice(VECTOR_ROWS), 8 * rng.choice(VEC_COLUMN_UNITS)
    type_ = k.tile(rows, cols)
    x = k.load("%A", rows, cols)
    column, row = k.fresh("rs"), k.fresh("cm")
    k.body.append(
        f"{column} = tile.{rng.choice(['row_sum', 'row_max', 'row_min'])} {x} : {type_} -> {k.tile(rows, 1)}"
    )
    k.body.append(f"{row} = tile.col_max {x} : {type_} -> {k.tile(1, cols)}")
    wide, tall = k.fresh("re"), k.fresh("ce")
    k.body.append(f"{wide} = tile.row_expand {column} : {k.tile(rows, 1)} -> {type_}")
    k.body.append(f"{tall} = tile.col_expand {row} : {k.tile(1, cols)} -> {type_}")
    k.store(k.elementwise(wide, tall, type_, 1), type_, rows, cols)
    return k, "a3"


def _reshape(rng: random.Random) -> tuple[_Kernel, str]:
    k = _Kernel(rng)
    rows, cols = rng.choice([8, 16, 24, 32, 64]), 8 * rng.choice([1, 2, 4, 8])
    elements = rows * cols
    widths = [w for w in (8, 16, 32, 64, 128) if elements % w == 0 and w != cols]
    width = rng.choice(widths)
    type_, flat = k.tile(rows, cols), k.tile(elements // width, width)
    x = k.load("%A", rows, cols)
    reshaped = k.fresh("rs")
    k.body.append(f"{reshaped} = tile.reshape {x} : {type_} -> {flat}")
    computed = k.elementwise(reshaped, reshaped, flat, rng.randint(1, 2))
    if rng.random() < 0.5:
        k.store(computed, flat, elements // width, width)
    else:
        back = k.fresh("rs")
        k.body.append(f"{back} = tile.reshape {computed} : {flat} -> {type_}")
        k.store(back, type_, rows, cols)
    return k, "a3"


def _concat(rng: random.Random) -> tuple[_Kernel, str]:
    k = _Kernel(rng)
    rows = rng.choice(VEC_ROWS)
    left, right = 8 * rng.choice([1, 2, 3, 4]), 8 * rng.choice([1, 2, 3, 4])
    a, b = k.load("%A", rows, left), k.load("%B", rows, right)
    whole = k.tile(rows, left + right)
    joined = k.fresh("cat")
    k.body.append(
        f"{joined} = tile.concat {a}, {b} : {k.tile(rows, left)}, {k.tile(rows, right)} -> {whole}"
    )
    k.store(k.elementwise(joined, joined, whole, rng.randint(0, 1)), whole, rows, left + right)
    return k, "a3"


def _fillpad(rng: random.Random) -> tuple[_Kernel, str]:
    k = _Kernel(rng)
    rows, cols = _vec_shape(rng, "f32")
    type_ = k.tile(rows, cols)
    x = k.load("%A", rows, cols)
    padded = k.fresh("fp")
    valid_rows, valid_cols = rng.randint(1, rows), rng.randint(1, cols)
    k.body.append(
        f"{padded} = tile.fillpad {x} valid [{valid_rows}, {valid_cols}] pad zero : {type_}"
    )
    k.store(k.elementwise(padded, padded, type_, rng.randint(0, 1)), type_, rows, cols)
    return k, "a3"


def _gemm(rng: random.Random) -> tuple[_Kernel, str]:
    elem = rng.choice(["f16", "f16", "f32"])
    k = _Kernel(rng, elem)
    m, n = rng.choice(CUBE_SIDES), rng.choice(CUBE_SIDES)
    if rng.random() < 0.15:
        m = 1  # a gemv row: one-row mat, left and acc tiles, each a whole box
    depth = rng.choice(CUBE_DEPTHS)
    steps = rng.choice([1, 1, 2, 3, 4])
    arch = rng.choice(["a3", "a5"])
    acc = k.tile(m, n, "acc", "f32")
    a_type, a_row, a_col = k.block_tensor("%A", m, depth * steps, _units(elem))
    b_type, b_row, b_col = k.block_tensor("%B", depth * steps, n, _units(elem))
    a, b = (a_type, a_row, a_col), (b_type, b_row, b_col)
    if steps > 1 and rng.random() < 0.5:
        total = _k_loop(k, m, n, depth, steps, a, b)
    else:
        total = _k_unrolled(k, m, n, depth, steps, a, b)
    if arch == "a5" and rng.random() < 0.5:
        moved = k.fresh("v")
        vec = k.tile(m, n, "vec", "f32")
        k.body.append(f"{moved} = tile.move {total} : {acc} -> {vec}")
        scaled = k.fresh()
        k.body.append(f"{scaled} = tile.muls {moved}, %half : {vec}, f32")
        k.body.insert(0, "%half = arith.constant 0.5 : f32")
        k.store(scaled, vec, m, n, "f32")
    else:
        k.store(total, acc, m, n, "f32")
    return k, arch


def _k_unrolled(k: _Kernel, m, n, depth, steps, a, b) -> str:
    """The K steps unrolled, each block at a constant offset: a matmul,
    then matmul_acc into its result."""
    (a_type, a_row, a_col), (b_type, b_row, b_col) = a, b
    mat_a, mat_b = k.tile(m, depth, "mat"), k.tile(depth, n, "mat")
    left, right = k.tile(m, depth, "left"), k.tile(depth, n, "right")
    acc = k.tile(m, n, "acc", "f32")
    total = None
    for step in range(steps):
        ak, bk = a_col + step * depth, b_row + step * depth
        am, bm = k.fresh("am"), k.fresh("bm")
        k.body.append(f"{am} = tile.load %A[{k.index(a_row)}, {k.index(ak)}] : {a_type} -> {mat_a}")
        k.body.append(f"{bm} = tile.load %B[{k.index(bk)}, {k.index(b_col)}] : {b_type} -> {mat_b}")
        lhs, rhs = k.fresh("l"), k.fresh("r")
        k.body.append(f"{lhs} = tile.move {am} : {mat_a} -> {left}")
        k.body.append(f"{rhs} = tile.move {bm} : {mat_b} -> {right}")
        product = k.fresh("acc")
        if total is None:
            k.body.append(f"{product} = tile.matmul {lhs}, {rhs} : {left}, {right} -> {acc}")
        else:
            k.body.append(
                f"{product} = tile.matmul_acc {total}, {lhs}, {rhs} : {acc}, {left}, {right}"
            )
        total = product
    return total


def _k_loop(k: _Kernel, m, n, depth, steps, a, b) -> str:
    """The K steps as an scf.for carrying the acc (`init_cond` true on the
    first step), sometimes double-buffered in user buffers of two slots
    alternating with the step, as kernels/gemm_splitk.mlir is."""
    (a_type, a_row, a_col), (b_type, b_row, b_col) = a, b
    mat_a, mat_b = k.tile(m, depth, "mat"), k.tile(depth, n, "mat")
    left, right = k.tile(m, depth, "left"), k.tile(depth, n, "right")
    acc = k.tile(m, n, "acc", "f32")
    element = _bytes(k.elem)
    buffers = {}
    if k.rng.random() < 0.5:
        for name, space, rows, cols in (
            ("%am_b", "mat", m, depth),
            ("%bm_b", "mat", depth, n),
            ("%l_b", "left", m, depth),
            ("%r_b", "right", depth, n),
        ):
            # A one-row tile of a boxed space takes a 16-row box (docs/ir.md).
            buffer = f"!tile.buffer<{space}, {max(rows, 16) * cols * element}, slots = 2>"
            k.body.append(f"{name} = tile.alloc : {buffer}")
            buffers[name] = f" into({name} slot %slot : {buffer})"
    init = k.fresh("init")
    k.body.append(f"{init} = tile.create : {acc}")
    depth_c, two = k.index(depth), k.index(2)
    k.body.append(
        f"%sum = scf.for %k = %c0 to {k.index(steps)} step {k.index(1)} "
        f"iter_args(%acc = {init}) -> ({acc}) {{"
    )
    k.body += [
        f"  %kk = arith.muli %k, {depth_c} : index",
        f"  %ak = arith.addi %kk, {k.index(a_col)} : index",
        f"  %bk = arith.addi %kk, {k.index(b_row)} : index",
        f"  %slot = arith.remui %k, {two} : index",
        "  %first = arith.cmpi eq, %k, %c0 : index",
        f"  %a = tile.load %A[{k.index(a_row)}, %ak]{buffers.get('%am_b', '')} : {a_type} -> {mat_a}",
        f"  %b = tile.load %B[%bk, {k.index(b_col)}]{buffers.get('%bm_b', '')} : {b_type} -> {mat_b}",
        f"  %l = tile.move %a{buffers.get('%l_b', '')} : {mat_a} -> {left}",
        f"  %r = tile.move %b{buffers.get('%r_b', '')} : {mat_b} -> {right}",
        f"  %next = tile.matmul_acc %acc, %l, %r init_cond %first : {acc}, {left}, {right}",
        f"  scf.yield %next : {acc}",
        "}",
    ]
    return "%sum"


class _Loops:
    """The ``loops`` family: the control flow of real kernels (loops over
    row blocks carrying accumulators, first-iteration branches, counted
    whiles) on one rectangular tile type, its column blocks and its Rx1 row
    vectors, in every position: a column block carried by a loop or
    yielded by a branch, a carry read by a slice or assembled into,
    a loop that never runs, outer values read inside, a tensor carried and
    stored into at offsets of the induction variable."""

    KINDS = ("tile", "block", "vec", "tile_row", "block_row")

    def __init__(self, rng: random.Random):
        elem = rng.choice(["f32", "f32", "f32", "f16"])
        self.k = k = _Kernel(rng, elem)
        self.rng = rng
        units = _units(elem)
        # Rx1 vectors fill 32-byte columns: R f16 elements need R % 16 == 0.
        element = _bytes(elem)
        rows_choices = [r for r in VECTOR_ROWS if r * element % 32 == 0]
        while True:
            self.rows = rng.choice(rows_choices)
            self.cols = units * rng.choice([2, 3, 4, 8])
            if self.rows * self.cols * element <= 16384:
                break
        self.width = units * rng.randint(1, self.cols // units - 1)
        self.units = units
        self.types = {
            "tile": k.tile(self.rows, self.cols),
            "block": k.tile(self.rows, self.width),
            "vec": k.tile(self.rows, 1),
            "tile_row": k.tile(1, self.cols),
            "block_row": k.tile(1, self.width),
        }
        #: The column sums of each kind of tile.
        self.row_kind = {"tile": "tile_row", "block": "block_row"}
        # Loads read rows of A at `row + i * R`, i < 4: four row blocks.
        self.a_type = k.tensor(4 * self.rows + 1, self.cols + units)
        k.arguments.append(f"%A: {self.a_type}")
        self.loops = 0
        self.statements = 0
        # A vec buffer of two slots for loads inside loops, as a kernel
        # double-buffers its input blocks (declared when first used).
        self.ping_pong = None

    # -- helpers ------------------------------------------------------------

    def emit(self, indent: int, line: str) -> None:
        self.k.body.append("  " * indent + line)

    def pick(self, scope: dict, kind: str) -> str:
        """A value of `kind` in scope, most often one of the last defined
        (so that most values are read), sometimes any."""
        values = scope[kind]
        return self.rng.choice(values[-2:] if self.rng.random() < 0.6 else values)

    def define(self, scope: dict, kind: str, name: str) -> str:
        scope[kind].append(name)
        return name

    def block_column(self) -> int:
        """A column at which a block lies in the tile, at a 32-byte unit."""
        return self.units * self.rng.randint(0, (self.cols - self.width) // self.units)

    def row_of(self, indent: int, ivs: list) -> str:
        """A row offset of a tile in A: a constant block, or the block of
        the innermost induction variable."""
        if ivs and self.rng.random() < 0.7:
            name = self.k.fresh("row")
            self.emit(indent, f"{name} = arith.muli {ivs[-1]}, {self.k.index(self.rows)} : index")
            return name
        return self.k.index(self.rows * self.rng.randint(0, 3) + self.rng.randint(0, 1))

    # -- statements ---------------------------------------------------------

    def statement(self, indent: int, scope: dict, ivs: list, depth: int) -> None:
        self.statements += 1
        k, rng, types = self.k, self.rng, self.types
        choice = rng.random()
        if depth < 3 and self.statements < 40 and choice < 0.16:
            return self.loop(indent, scope, ivs, depth)
        if depth < 3 and self.statements < 40 and choice < 0.26:
            return self.branch(indent, scope, ivs, depth)
        if depth < 1 and self.statements < 40 and choice < 0.3:
            return self.counted_while(indent, scope, ivs, depth)
        kind = rng.choice(["tile", "tile", "block"])
        name = k.fresh()
        roll = rng.random()
        if roll < 0.05 and ivs:
            self.double_buffered_load(indent, scope, ivs, name)
        elif roll < 0.12:
            col = k.index(self.units * rng.randint(0, 1))
            self.emit(
                indent,
                f"{name} = tile.load %A[{self.row_of(indent, ivs)}, {col}] : "
                f"{self.a_type} -> {types['tile']}",
            )
            self.define(scope, "tile", name)
        elif roll < 0.34:
            op = rng.choice(BINARY)
            a, b = self.pick(scope, kind), self.pick(scope, kind)
            self.emit(indent, f"{name} = tile.{op} {a}, {b} : {types[kind]}")
            self.define(scope, kind, self.bounded(indent, name, kind) if op == "mul" else name)
        elif roll < 0.42:
            op = rng.choice(UNARY)
            self.emit(indent, f"{name} = tile.{op} {self.pick(scope, kind)} : {types[kind]}")
            self.define(scope, kind, self.bounded(indent, name, kind) if op == "exp" else name)
        elif roll < 0.46:
            self.convert(indent, scope, kind, name)
        elif roll < 0.5:
            self.column_op(indent, scope, kind, name)
        elif roll < 0.58:
            op = rng.choice(SCALAR)
            scalar = k.fresh("s")
            value = rng.choice(["0.5", "-0.25", "2.0", "1.5"])
            self.emit(indent, f"{scalar} = arith.constant {value} : {k.elem}")
            self.emit(
                indent,
                f"{name} = tile.{op} {self.pick(scope, kind)}, {scalar} : {types[kind]}, {k.elem}",
            )
            self.define(scope, kind, name)
        elif roll < 0.7:
            at = self.block_column()
            self.emit(
                indent,
                f"{name} = tile.slice {self.pick(scope, 'tile')}[0, {at}] : "
                f"{types['tile']} -> {types['block']}",
            )
            self.define(scope, "block", name)
        elif roll < 0.78:
            at = self.block_column()
            self.emit(
                indent,
                f"{name} = tile.assemble {self.pick(scope, 'tile')}, {self.pick(scope, 'block')}"
                f"[0, {at}] : {types['tile']}, {types['block']}",
            )
            self.define(scope, "tile", name)
        elif roll < 0.81:
            self.write_back(indent, scope, kind, name)
        elif roll < 0.88:
            op = rng.choice(["row_sum", "row_max", "row_min"])
            self.emit(
                indent,
                f"{name} = tile.{op} {self.pick(scope, kind)} : {types[kind]} -> {types['vec']}",
            )
            self.define(scope, "vec", name)
        elif scope["vec"]:
            op = rng.choice(ROW_EXPAND)
            self.emit(
                indent,
                f"{name} = tile.{op} {self.pick(scope, kind)}, {self.pick(scope, 'vec')} : "
                f"{types[kind]}, {types['vec']}",
            )
            self.define(scope, kind, name)
        else:
            self.emit(indent, f"{name} = tile.full 0.5 : {types['vec']}")
            self.define(scope, "vec", name)

    def double_buffered_load(self, indent: int, scope: dict, ivs: list, name: str) -> None:
        """A block loaded into the slot of the induction variable modulo 2
        of a user buffer, read at once by an op whose result is what the
        rest of the kernel sees: the next iteration's load may overwrite the
        other slot while this one is read, never this one."""
        k = self.k
        element = 4 if k.elem == "f32" else 2
        buffer = f"!tile.buffer<vec, {self.rows * self.cols * element}, slots = 2>"
        if self.ping_pong is None:
            self.ping_pong = "%ping_pong"
            k.body.insert(0, f"{self.ping_pong} = tile.alloc : {buffer}")
        slot = k.fresh("slot")
        self.emit(indent, f"{slot} = arith.remui {ivs[-1]}, {k.index(2)} : index")
        loaded = k.fresh("db")
        col = k.index(self.units * self.rng.randint(0, 1))
        self.emit(
            indent,
            f"{loaded} = tile.load %A[{self.row_of(indent, ivs)}, {col}] "
            f"into({self.ping_pong} slot {slot} : {buffer}) : "
            f"{self.a_type} -> {self.types['tile']}",
        )
        op = self.rng.choice(BINARY)
        self.emit(
            indent,
            f"{name} = tile.{op} {loaded}, {self.pick(scope, 'tile')} : {self.types['tile']}",
        )
        self.define(scope, "tile", name)

    def bounded(self, indent: int, value: str, kind: str) -> str:
        """`value` clamped to [-64, 64]: products and exponentials of
        carries grow on every iteration, and an infinity would make a later
        difference a NaN, which maximum and minimum do not order as pto-isa
        does."""
        high, low = self.k.fresh(), self.k.fresh()
        bound, negative = self.k.fresh("s"), self.k.fresh("s")
        self.emit(indent, f"{bound} = arith.constant 64.0 : {self.k.elem}")
        self.emit(indent, f"{negative} = arith.constant -64.0 : {self.k.elem}")
        type_ = self.types[kind]
        self.emit(indent, f"{high} = tile.mins {value}, {bound} : {type_}, {self.k.elem}")
        self.emit(indent, f"{low} = tile.maxs {high}, {negative} : {type_}, {self.k.elem}")
        return low

    def convert(self, indent: int, scope: dict, kind: str, name: str) -> None:
        """A bounded value converted to the other float type and back (to
        f16 only where its rows stay whole 32-byte units)."""
        other = "f16" if self.k.elem == "f32" else "f32"
        cols = self.cols if kind == "tile" else self.width
        if other == "f16" and cols % 16:
            return self.write_back(indent, scope, kind, name)
        type_ = self.types[kind]
        middle = type_.replace(f"x{self.k.elem},", f"x{other},")
        source = self.bounded(indent, self.pick(scope, kind), kind)
        converted = self.k.fresh("cv")
        self.emit(indent, f"{converted} = tile.cvt {source} : {type_} -> {middle}")
        self.emit(indent, f"{name} = tile.cvt {converted} : {middle} -> {type_}")
        self.define(scope, kind, name)

    def column_op(self, indent: int, scope: dict, kind: str, name: str) -> None:
        """A column reduction of a tile or block, or a broadcast of its
        column sums back over one."""
        row_kind = self.row_kind[kind]
        if scope[row_kind] and self.rng.random() < 0.5:
            op = self.rng.choice(COL_EXPAND)
            self.emit(
                indent,
                f"{name} = tile.{op} {self.pick(scope, kind)}, {self.pick(scope, row_kind)} : "
                f"{self.types[kind]}, {self.types[row_kind]}",
            )
            self.define(scope, kind, name)
            return
        op = self.rng.choice(["col_sum", "col_max"])
        self.emit(
            indent,
            f"{name} = tile.{op} {self.pick(scope, kind)} : "
            f"{self.types[kind]} -> {self.types[row_kind]}",
        )
        self.define(scope, row_kind, name)

    def write_back(self, indent: int, scope: dict, kind: str, name: str) -> None:
        """An op that updates its operand in place (a carry, a column block
        of a live tile): the padding outside a valid block, or one element."""
        target = self.pick(scope, kind)
        cols = self.cols if kind == "tile" else self.width
        if self.rng.random() < 0.5:
            rows, valid = self.rng.randint(1, self.rows), self.rng.randint(1, cols)
            self.emit(
                indent,
                f"{name} = tile.fillpad {target} valid [{rows}, {valid}] pad zero : "
                f"{self.types[kind]}",
            )
        else:
            scalar = self.k.fresh("s")
            self.emit(indent, f"{scalar} = arith.constant 3.0 : {self.k.elem}")
            row = self.k.index(self.rng.randrange(self.rows))
            col = self.k.index(self.rng.randrange(cols))
            self.emit(
                indent,
                f"{name} = tile.write {target}[{row}, {col}], {scalar} : "
                f"{self.types[kind]}, {self.k.elem}",
            )
        self.define(scope, kind, name)

    def body(self, indent: int, scope: dict, ivs: list, depth: int) -> None:
        for _ in range(self.rng.randint(1, 4)):
            self.statement(indent, scope, ivs, depth)

    def carried_kinds(self, scope: dict) -> list:
        kinds = [kind for kind in self.KINDS if scope[kind]]
        return [self.rng.choice(kinds) for _ in range(self.rng.randint(1, 3))]

    def inner_scope(self, scope: dict) -> dict:
        return {kind: list(values) for kind, values in scope.items()}

    def yielded(self, inner: dict, kinds: list) -> list:
        return [self.pick(inner, kind) for kind in kinds]

    def loop(self, indent: int, scope: dict, ivs: list, depth: int) -> None:
        k, rng = self.k, self.rng
        self.loops += 1
        kinds = self.carried_kinds(scope)
        inits = [self.pick(scope, kind) for kind in kinds]
        iv, results = f"%i{self.loops}", f"%for{self.loops}"
        args = [f"%a{self.loops}_{n}" for n in range(len(kinds))]
        trips = rng.choice([0, 1, 2, 2, 3, 3])
        types = [self.types[kind] for kind in kinds]
        # A tensor carried and stored into at the induction variable's rows,
        # as a kernel writing one output block per iteration does.
        out = None
        if depth == 0 and rng.random() < 0.35:
            out = self.k.fresh("out")
            tensor = k.tensor(4 * self.rows, self.cols)
            k.arguments.append(f"%O{len(k.results)}: {tensor}")
            k.results.append((f"{results}#{len(kinds)}", tensor))
            inits.append(f"%O{len(k.results) - 1}")
            args.append(out)
            types.append(tensor)
        carried = ", ".join(f"{a} = {v}" for a, v in zip(args, inits))
        self.emit(
            indent,
            f"{results}:{len(args)} = scf.for {iv} = %c0 to {k.index(trips)} step "
            f"{k.index(1)} iter_args({carried}) -> ({', '.join(types)}) {{",
        )
        inner = self.inner_scope(scope)
        for kind, arg in zip(kinds, args):
            inner[kind].append(arg)
        self.body(indent + 1, inner, ivs + [iv], depth + 1)
        values = self.yielded(inner, kinds)
        if out is not None:
            row = k.fresh("row")
            self.emit(indent + 1, f"{row} = arith.muli {iv}, {k.index(self.rows)} : index")
            stored = k.fresh("st")
            self.emit(
                indent + 1,
                f"{stored} = tile.store {self.pick(inner, 'tile')}, {out}[{row}, %c0] : "
                f"{self.types['tile']}, {types[-1]}",
            )
            values.append(stored)
        self.emit(indent + 1, f"scf.yield {', '.join(values)} : {', '.join(types)}")
        self.emit(indent, "}")
        for n, kind in enumerate(kinds):
            self.define(scope, kind, f"{results}#{n}")

    def condition(self, indent: int, ivs: list) -> str:
        name = self.k.fresh("cond")
        if ivs and self.rng.random() < 0.8:
            predicate = self.rng.choice(["eq", "ne", "ult", "uge"])
            bound = self.k.index(self.rng.choice([0, 1, 2]))
            self.emit(indent, f"{name} = arith.cmpi {predicate}, {ivs[-1]}, {bound} : index")
        else:
            self.emit(indent, f"{name} = arith.constant {self.rng.choice(['true', 'false'])}")
        return name

    def branch(self, indent: int, scope: dict, ivs: list, depth: int) -> None:
        self.loops += 1
        kinds = self.carried_kinds(scope)
        types = ", ".join(self.types[kind] for kind in kinds)
        results = f"%if{self.loops}"
        cond = self.condition(indent, ivs)
        self.emit(indent, f"{results}:{len(kinds)} = scf.if {cond} -> ({types}) {{")
        for arm in ("then", "else"):
            if arm == "else":
                self.emit(indent, "} else {")
            inner = self.inner_scope(scope)
            if self.rng.random() < 0.7:
                self.body(indent + 1, inner, ivs, depth + 1)
            self.emit(indent + 1, f"scf.yield {', '.join(self.yielded(inner, kinds))} : {types}")
        self.emit(indent, "}")
        for n, kind in enumerate(kinds):
            self.define(scope, kind, f"{results}#{n}")

    def counted_while(self, indent: int, scope: dict, ivs: list, depth: int) -> None:
        k = self.k
        self.loops += 1
        n = self.loops
        kinds = self.carried_kinds(scope)
        inits = [self.pick(scope, kind) for kind in kinds]
        types = [self.types[kind] for kind in kinds]
        all_types = ", ".join(["index"] + types)
        before = [f"%wb{n}_{m}" for m in range(len(kinds))]
        after = [f"%wa{n}_{m}" for m in range(len(kinds))]
        operands = ", ".join([f"%w{n} = %c0"] + [f"{a} = {v}" for a, v in zip(before, inits)])
        self.emit(
            indent,
            f"%while{n}:{len(kinds) + 1} = scf.while ({operands}) : ({all_types}) -> ({all_types}) {{",
        )
        more = k.fresh("more")
        limit = k.index(self.rng.choice([0, 1, 2, 3]))
        self.emit(indent + 1, f"{more} = arith.cmpi ult, %w{n}, {limit} : index")
        self.emit(
            indent + 1,
            f"scf.condition({more}) {', '.join([f'%w{n}'] + before)} : {all_types}",
        )
        arguments = ", ".join([f"%wi{n}: index"] + [f"{a}: {t}" for a, t in zip(after, types)])
        self.emit(indent, f"}} do {{\n{'  ' * indent}^bb0({arguments}):")
        inner = self.inner_scope(scope)
        for kind, arg in zip(kinds, after):
            inner[kind].append(arg)
        self.body(indent + 1, inner, ivs + [f"%wi{n}"], depth + 1)
        step = k.fresh("next")
        self.emit(indent + 1, f"{step} = arith.addi %wi{n}, {k.index(1)} : index")
        values = ", ".join([step] + self.yielded(inner, kinds))
        self.emit(indent + 1, f"scf.yield {values} : {all_types}")
        self.emit(indent, "}")
        for m, kind in enumerate(kinds):
            self.define(scope, kind, f"%while{n}#{m + 1}")


def _loops(rng: random.Random) -> tuple[_Kernel, str]:
    g = _Loops(rng)
    k = g.k
    scope = {kind: [] for kind in _Loops.KINDS}
    first = k.fresh("x")
    g.emit(0, f"{first} = tile.load %A[%c0, %c0] : {g.a_type} -> {g.types['tile']}")
    scope["tile"].append(first)
    block = k.fresh("v")
    g.emit(
        0,
        f"{block} = tile.slice {first}[0, {g.block_column()}] : "
        f"{g.types['tile']} -> {g.types['block']}",
    )
    scope["block"].append(block)
    g.body(0, scope, [], 0)
    # At least one loop (or while) in every kernel of the family.
    (g.loop if rng.random() < 0.8 else g.counted_while)(0, scope, [], 0)
    g.body(0, scope, [], 0)
    # The last value of each kind is stored, and one more at random.
    for kind, rows, cols in (
        ("tile", g.rows, g.cols),
        ("block", g.rows, g.width),
        ("vec", g.rows, 1),
        ("tile_row", 1, g.cols),
        ("block_row", 1, g.width),
    ):
        if scope[kind]:
            k.store(scope[kind][-1], g.types[kind], rows, cols)
    kind = rng.choice(["tile", "block"])
    k.store(g.pick(scope, kind), g.types[kind], g.rows, g.cols if kind == "tile" else g.width)
    return k, rng.choice(["a3", "a3", "a5"])


class _Attention:
    """The ``attention`` family: the forward step of flash attention on
    random shapes, in the forms real kernels take it. Q (MxD) against the
    keys in B blocks of BK (K^T: DxB*BK) and values (B*BK x DV), f16 or f32
    on the cube, the online softmax (running row max, row sum and
    unnormalized output) in f32 on the vector unit:

    - the key blocks as an scf.for carrying (m, l, o) or unrolled; the
      first block either starts from m = -1e30, l = 0, o = 0 or is a
      first-iteration branch (``scf.if`` on j == 0) whose other arm
      rescales, with carries that start as ``tile.create`` (never read);
    - Q loaded into left once before the loop (read inside it) or in
      every iteration, split over the head dimension into one or two
      steps (two loads, or one mat tile and ``tile.extract``);
    - K and V blocks loaded into mat, sometimes into user buffers of two
      slots alternating with the block;
    - cube and vector units meeting through scratch tensors carried by
      the loop (a3, as the sample kernels do), or by ``tile.move`` acc ->
      vec and vec -> mat (a5);
    - P converted to f16 for an f16 cube; the output divided by l,
      sometimes converted, stored at an offset, with m and l sometimes
      stored too."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.elem = elem = rng.choice(["f16", "f16", "f32"])
        self.arch = rng.choice(["a3", "a5"])
        self.k = k = _Kernel(rng, elem)
        element = _bytes(elem)
        # Shapes up to those of real kernels (128 queries, keys or value
        # columns, a head of 256), each tile at most half of its space
        # (left, right 64 KiB; acc 128 KiB; vec 192 KiB): several are live
        # at once, so the planners work near the capacity.
        while True:
            self.m = rng.choice([16, 32, 48, 64, 64, 96, 128])
            self.d = rng.choice([16, 32, 64, 128, 128, 256])
            self.steps = rng.choice([1, 2]) if self.d >= 32 else 1
            self.bk = rng.choice([16, 32, 64, 64, 128])
            self.dv = rng.choice([16, 32, 64, 64, 128])
            self.depth = depth = self.d // self.steps
            halves = (
                max(self.m * depth, depth * self.bk, self.bk * self.dv) * element <= 32768
                and self.m * max(self.bk, self.dv) * 4 <= 65536
            )
            if halves:
                break
        self.blocks = rng.choice([1, 2, 3, 4])
        # Keys missing from the last block: its scores are padded with
        # -inf (tile.fillpad), as a kernel masks a tail block.
        self.tail = rng.randint(1, self.bk - 1) if rng.random() < 0.35 else 0
        self.looped = rng.random() < 0.7
        # Query blocks (heads) in an outer loop carrying the output tensor.
        self.heads = rng.choice([1, 1, 2, 3]) if self.looped else 1
        # Whether the loops carry the scratch tensors they store into, or
        # store into the function's arguments in every iteration.
        self.carried = rng.random() < 0.75
        self.branch = self.looped and rng.random() < 0.4
        self.via_gm = self.arch == "a3" or rng.random() < 0.25
        self.indent = ""
        units = _units(elem)
        self.q = k.block_tensor("%Q", self.heads * self.m, self.d, units)
        self.q_row = k.index(self.q[1])
        self.kt = k.block_tensor("%K", self.d, self.bk * self.blocks, units)
        self.v = k.block_tensor("%V", self.bk * self.blocks, self.dv, units)
        self.vec = k.tile(self.m, 1, elem="f32")
        self.s_vec = k.tile(self.m, self.bk, elem="f32")
        self.o_vec = k.tile(self.m, self.dv, elem="f32")
        # Scratch tensors where the two units meet (a3): name -> [type, value].
        self.scratch: dict[str, list[str]] = {}
        if self.via_gm:
            for name, cols, e in (
                ("%Ss", self.bk, "f32"),
                ("%Ps", self.bk, elem),
                ("%Os", self.dv, "f32"),
            ):
                type_ = k.tensor(self.m, cols, e)
                k.arguments.append(f"{name}: {type_}")
                self.scratch[name] = [type_, name]
        # User buffers of two slots for the K and V blocks (loop only).
        self.buffers: dict[str, str] = {}
        if self.looped and rng.random() < 0.4:
            shapes = [(f"%kb{s}", self.depth, self.bk) for s in range(self.steps)]
            shapes.append(("%vb", self.bk, self.dv))
            for name, rows, cols in shapes:
                buffer = f"!tile.buffer<mat, {rows * cols * element}, slots = 2>"
                self.line(f"{name} = tile.alloc : {buffer}")
                self.buffers[name] = f" into({name} slot %slot : {buffer})"

    def line(self, text: str) -> None:
        self.k.body.append(self.indent + text)

    def offset(self, j, base: int) -> str:
        """The index of block `j` (an int, or the induction variable) of
        width BK past `base`."""
        if isinstance(j, int):
            return self.k.index(base + j * self.bk)
        name = self.k.fresh("i")
        self.line(f"{name} = arith.addi %jb, {self.k.index(base)} : index")
        return name

    def q_lefts(self) -> list[str]:
        k, m, depth = self.k, self.m, self.depth
        q_type, _, q_col = self.q
        left, mat = k.tile(m, depth, "left"), k.tile(m, depth, "mat")
        lefts = []
        if self.steps > 1 and self.rng.random() < 0.5:
            whole = k.tile(m, self.d, "mat")
            qm = k.fresh("qm")
            self.line(f"{qm} = tile.load %Q[{self.q_row}, {k.index(q_col)}] : {q_type} -> {whole}")
            for s in range(self.steps):
                ql = k.fresh("ql")
                self.line(f"{ql} = tile.extract {qm}[0, {s * depth}] : {whole} -> {left}")
                lefts.append(ql)
            return lefts
        for s in range(self.steps):
            qm, ql = k.fresh("qm"), k.fresh("ql")
            col = k.index(q_col + s * depth)
            self.line(f"{qm} = tile.load %Q[{self.q_row}, {col}] : {q_type} -> {mat}")
            self.line(f"{ql} = tile.move {qm} : {mat} -> {left}")
            lefts.append(ql)
        return lefts

    def cross(self, value: str, type_: str, target: str, scratch: str, prefix: str) -> str:
        """`value` (of `type_`) on the other unit, as a tile of `target`:
        stored into the scratch tensor `scratch` and loaded back (a3), or
        moved (a5)."""
        k = self.k
        moved = k.fresh(prefix)
        if not self.via_gm:
            self.line(f"{moved} = tile.move {value} : {type_} -> {target}")
            return moved
        tensor, current = self.scratch[scratch]
        stored = k.fresh("st")
        self.line(f"{stored} = tile.store {value}, {current}[%c0, %c0] : {type_}, {tensor}")
        self.scratch[scratch][1] = stored
        self.line(f"{moved} = tile.load {stored}[%c0, %c0] : {tensor} -> {target}")
        return moved

    def if_else(self, condition: str, results: str, types: str, then, otherwise) -> None:
        """`results = scf.if condition -> (types)`, each arm yielding what
        its function (`then`, `otherwise`) emits and returns."""
        self.line(f"{results} = scf.if {condition} -> ({types}) {{")
        for arm, emit in (("", then), ("} else {", otherwise)):
            if arm:
                self.line(arm)
            self.indent += "  "
            self.line(f"scf.yield {emit()} : {types}")
            self.indent = self.indent[:-2]
        self.line("}")

    def block(self, j, qs: list[str] | None, carries: tuple[str, str, str]) -> tuple[str, str, str]:
        """One key block: scores, the softmax update, P V; the new
        (m, l, o)."""
        k, m, bk, dv, elem = self.k, self.m, self.bk, self.dv, self.elem
        depth = self.depth
        rng = self.rng
        if qs is None:
            qs = self.q_lefts()
        kt_type, kt_row, kt_col = self.kt
        col = self.offset(j, kt_col)
        mat_k, right_k = k.tile(depth, bk, "mat"), k.tile(depth, bk, "right")
        s_acc = k.tile(m, bk, "acc", "f32")
        total = None
        for s in range(self.steps):
            km, kr, product = k.fresh("km"), k.fresh("kr"), k.fresh("sa")
            into = self.buffers.get(f"%kb{s}", "")
            self.line(
                f"{km} = tile.load %K[{k.index(kt_row + s * depth)}, {col}]{into} : {kt_type} -> {mat_k}"
            )
            self.line(f"{kr} = tile.move {km} : {mat_k} -> {right_k}")
            if total is None:
                self.line(
                    f"{product} = tile.matmul {qs[s]}, {kr} : {k.tile(m, depth, 'left')}, {right_k} -> {s_acc}"
                )
            else:
                self.line(
                    f"{product} = tile.matmul_acc {total}, {qs[s]}, {kr} : {s_acc}, {k.tile(m, depth, 'left')}, {right_k}"
                )
            total = product
        scores = self.cross(total, s_acc, self.s_vec, "%Ss", "v")
        scaled_first = rng.random() < 0.7
        if scaled_first:
            ss = k.fresh("ss")
            self.line(f"{ss} = tile.muls {scores}, %scale : {self.s_vec}, f32")
        else:
            ss = scores
        if self.tail:
            ss = self.mask(j, ss)
        m_old, l_old, o_old = carries
        bm = k.fresh("bm")
        self.line(f"{bm} = tile.row_max {ss} : {self.s_vec} -> {self.vec}")
        if self.branch:
            mn = k.fresh("mn")

            def maximum() -> str:
                x = k.fresh("mx")
                self.line(f"{x} = tile.maximum {m_old}, {bm} : {self.vec}")
                return x

            self.if_else("%first", mn, self.vec, lambda: bm, maximum)
        else:
            mn = k.fresh("mn")
            a, b = (m_old, bm) if rng.random() < 0.5 else (bm, m_old)
            self.line(f"{mn} = tile.maximum {a}, {b} : {self.vec}")
        sh, p, bs = k.fresh("sh"), k.fresh("p"), k.fresh("bs")
        self.line(f"{sh} = tile.row_expand_sub {ss}, {mn} : {self.s_vec}, {self.vec}")
        if not scaled_first:
            # exp((s - m) * scale): the max of unscaled scores is the max
            # of the scaled ones, as the scale is positive.
            raw = sh
            sh = k.fresh("sh")
            self.line(f"{sh} = tile.muls {raw}, %scale : {self.s_vec}, f32")
        self.line(f"{p} = tile.exp {sh} : {self.s_vec}")
        self.line(f"{bs} = tile.row_sum {p} : {self.s_vec} -> {self.vec}")
        # P V on the cube.
        p_cube = p
        p_vec_type = self.s_vec
        if elem == "f16":
            p_cube = k.fresh("ph")
            p_vec_type = k.tile(m, bk, elem="f16")
            self.line(f"{p_cube} = tile.cvt {p} : {self.s_vec} -> {p_vec_type}")
        mat_p, left_p = k.tile(m, bk, "mat"), k.tile(m, bk, "left")
        pm = self.cross(p_cube, p_vec_type, mat_p, "%Ps", "pm")
        pl = k.fresh("pl")
        self.line(f"{pl} = tile.move {pm} : {mat_p} -> {left_p}")
        v_type, v_row, v_col = self.v
        row = self.offset(j, v_row)
        mat_v, right_v = k.tile(bk, dv, "mat"), k.tile(bk, dv, "right")
        vm, vr, pv = k.fresh("vm"), k.fresh("vr"), k.fresh("pv")
        into = self.buffers.get("%vb", "")
        self.line(f"{vm} = tile.load %V[{row}, {k.index(v_col)}]{into} : {v_type} -> {mat_v}")
        self.line(f"{vr} = tile.move {vm} : {mat_v} -> {right_v}")
        o_acc = k.tile(m, dv, "acc", "f32")
        self.line(f"{pv} = tile.matmul {pl}, {vr} : {left_p}, {right_v} -> {o_acc}")
        pvv = self.cross(pv, o_acc, self.o_vec, "%Os", "v")
        # The running state.
        ln, on = k.fresh("ln"), k.fresh("on")
        if self.branch:
            self.if_else(
                "%first",
                f"{ln}, {on}",
                f"{self.vec}, {self.o_vec}",
                lambda: f"{bs}, {pvv}",
                lambda: ", ".join(self.rescale(m_old, mn, l_old, o_old, bs, pvv)),
            )
            return mn, ln, on
        return (mn,) + self.rescale(m_old, mn, l_old, o_old, bs, pvv)

    def mask(self, j, scores: str) -> str:
        """`scores` with the keys past the last one padded with -inf in the
        last block: in place (a writeback), in a branch on the induction
        variable whose other arm yields the scores as they are."""
        k, valid = self.k, self.bk - self.tail
        fill = f"tile.fillpad {{}} valid [{self.m}, {valid}] pad min : {self.s_vec}"
        masked = k.fresh("mk")
        if isinstance(j, int):
            if j != self.blocks - 1:
                return scores
            self.line(f"{masked} = " + fill.format(scores))
            return masked
        last = k.fresh("last")
        self.line(f"{last} = arith.cmpi eq, %j, {k.index(self.blocks - 1)} : index")

        def pad() -> str:
            padded = k.fresh("pad")
            self.line(f"{padded} = " + fill.format(scores))
            return padded

        self.if_else(last, masked, self.s_vec, pad, lambda: scores)
        return masked

    def rescale(self, m_old, mn, l_old, o_old, bs, pvv) -> tuple[str, str]:
        k = self.k
        dm, alpha, la, ln, os_, on = (k.fresh(p) for p in ("dm", "al", "la", "l", "os", "o"))
        self.line(f"{dm} = tile.sub {m_old}, {mn} : {self.vec}")
        self.line(f"{alpha} = tile.exp {dm} : {self.vec}")
        self.line(f"{la} = tile.mul {l_old}, {alpha} : {self.vec}")
        self.line(f"{ln} = tile.add {la}, {bs} : {self.vec}")
        self.line(f"{os_} = tile.row_expand_mul {o_old}, {alpha} : {self.o_vec}, {self.vec}")
        a, b = (os_, pvv) if self.rng.random() < 0.5 else (pvv, os_)
        self.line(f"{on} = tile.add {a}, {b} : {self.o_vec}")
        return ln, on


def _attention(rng: random.Random) -> tuple[_Kernel, str]:
    g = _Attention(rng)
    k = g.k
    scale = 1.0 / (g.d**0.5)
    g.line(f"%scale = arith.constant {scale:.9g} : f32")
    out_elem = "f16" if g.elem == "f16" and rng.random() < 0.5 else "f32"
    out_type = k.tile(g.m, g.dv, elem=out_elem)
    outer = list(g.scratch) if g.carried else []
    if g.heads > 1:
        # Each query block's output at its rows of one output tensor,
        # which the loop over the blocks carries (with the scratch tensors).
        o_tensor = k.tensor(g.heads * g.m + rng.choice([0, 3]), g.dv, out_elem)
        k.arguments.append(f"%O0: {o_tensor}")
        head_types = [o_tensor] + [g.scratch[name][0] for name in outer]
        inits = ["%oc = %O0"] + [f"%{name[1:]}h = {g.scratch[name][1]}" for name in outer]
        for name in outer:
            g.scratch[name][1] = f"%{name[1:]}h"
        g.line(
            f"%heads:{len(head_types)} = scf.for %h = %c0 to {k.index(g.heads)} "
            f"step {k.index(1)} iter_args({', '.join(inits)}) -> ({', '.join(head_types)}) {{"
        )
        g.indent = "  "
        g.line(f"%hm = arith.muli %h, {k.index(g.m)} : index")
        g.line(f"%qrow = arith.addi %hm, {g.q_row} : index")
        g.q_row = "%qrow"
    hoisted = rng.random() < 0.6
    qs = g.q_lefts() if hoisted else None
    m0, l0, o0 = (k.fresh(p) for p in ("m", "l", "o"))
    if g.branch:
        # Never read: the first iteration's branch defines the state.
        g.line(f"{m0} = tile.create : {g.vec}")
        g.line(f"{l0} = tile.create : {g.vec}")
        g.line(f"{o0} = tile.create : {g.o_vec}")
    else:
        g.line(f"{m0} = tile.full -1.0e30 : {g.vec}")
        g.line(f"{l0} = tile.full 0.0 : {g.vec}")
        g.line(f"{o0} = tile.full 0.0 : {g.o_vec}")
    if g.looped:
        indent = g.indent
        inits = [f"%m = {m0}", f"%l = {l0}", f"%o = {o0}"]
        types = [g.vec, g.vec, g.o_vec]
        for name in outer:
            inits.append(f"%{name[1:]}c = {g.scratch[name][1]}")
            types.append(g.scratch[name][0])
            g.scratch[name][1] = f"%{name[1:]}c"
        g.line(
            f"%r:{len(types)} = scf.for %j = %c0 to {k.index(g.blocks)} step {k.index(1)} "
            f"iter_args({', '.join(inits)}) -> ({', '.join(types)}) {{"
        )
        g.indent += "  "
        g.line(f"%jb = arith.muli %j, {k.index(g.bk)} : index")
        g.line(f"%slot = arith.remui %j, {k.index(2)} : index")
        g.line("%first = arith.cmpi eq, %j, %c0 : index")
        m, l, o = g.block("%j", qs, ("%m", "%l", "%o"))
        yielded = [m, l, o] + [g.scratch[name][1] for name in outer]
        g.line(f"scf.yield {', '.join(yielded)} : {', '.join(types)}")
        g.indent = indent
        g.line("}")
        m, l, o = "%r#0", "%r#1", "%r#2"
        for i, name in enumerate(outer):
            g.scratch[name][1] = f"%r#{3 + i}"
    else:
        m, l, o = m0, l0, o0
        for j in range(g.blocks):
            m, l, o = g.block(j, qs, (m, l, o))
    out = k.fresh("out")
    g.line(f"{out} = tile.row_expand_div {o}, {l} : {g.o_vec}, {g.vec}")
    if out_elem == "f16":
        half = k.fresh("oh")
        g.line(f"{half} = tile.cvt {out} : {g.o_vec} -> {out_type}")
        out = half
    if g.heads > 1:
        stored = k.fresh("os")
        g.line(f"{stored} = tile.store {out}, %oc[%hm, %c0] : {out_type}, {o_tensor}")
        yielded = [stored] + [g.scratch[name][1] for name in outer]
        g.line(f"scf.yield {', '.join(yielded)} : {', '.join(head_types)}")
        g.indent = ""
        g.line("}")
        k.results.append(("%heads#0", o_tensor))
        return k, g.arch
    k.store(out, out_type, g.m, g.dv, out_elem)
    if rng.random() < 0.3:
        k.store(m, g.vec, g.m, 1, "f32")
        k.store(l, g.vec, g.m, 1, "f32")
    return k, g.arch


FAMILIES = {
    "attention": _attention,
    "blocks": _blocks,
    "loops": _loops,
    "concat": _concat,
    "convert": _convert,
    "elementwise": _elementwise,
    "expand": _expand,
    "fillpad": _fillpad,
    "reshape": _reshape,
    "rows": _rows,
    "columns": _columns,
    "select": _select,
    "transpose": _transpose,
    "views": _views,
    "gemm": _gemm,
}


def generate(seed: int, family: str | None = None, pressure: bool = False) -> str:
    """The kernel of `seed` (deterministic): of `family`, or of one chosen
    by the seed; with `pressure`, the same kernel with a tail of tiles
    beyond the capacity of vec and the cube's spaces (testing.pressure)."""
    rng = random.Random(f"shapes/{seed}")
    name = family or rng.choice(sorted(FAMILIES))
    kernel, arch = FAMILIES[name](rng)
    if pressure:
        kernel.pressure(arch)
    return kernel.text(name, arch)


def programs(seed: int, count: int, family: str | None = None, pressure: bool = False):
    """The kernels of seeds seed..seed+count-1 the verifier of their target
    accepts (a shape the target cannot hold is skipped, not run), as
    corpus programs; and how many were skipped."""
    from tilemem import ir

    from . import corpus

    kept, skipped = [], 0
    for s in range(seed, seed + count):
        text = generate(s, family, pressure)
        with ir.Context():
            try:
                ir.Module.parse(text).operation.verify()
            except Exception:
                skipped += 1
                continue
        kept.append(corpus.Program(family or "shapes", s, text))
    return kept, skipped


def main(argv=None) -> int:
    from ..options import PLANNERS

    parser = argparse.ArgumentParser(
        prog="python -m tilemem.testing.shape_sweep",
        description="Kernels of the shapes real kernels have (rectangular tiles, "
        "blocks at any offset, f16 cube inputs) through the real toolchain, "
        "against the interpreter.",
    )
    parser.add_argument("--count", type=int, default=100, help="kernels to run")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--family", choices=sorted(FAMILIES), help="only kernels of this family")
    parser.add_argument(
        "--memory-planner",
        choices=PLANNERS + ("all",),
        default="all",
        help="the planners each kernel runs with (default all)",
    )
    parser.add_argument(
        "--pressure",
        action="store_true",
        help="append to each kernel tiles beyond the capacity of vec, left, right and "
        "acc, so that ptoas's PlanMemory reuses addresses (it places every tile apart "
        "otherwise)",
    )
    parser.add_argument("--print", action="store_true", help="print the kernel of --seed and exit")
    parser.add_argument(
        "--failures", default="shape-failures", help="directory for failing kernels"
    )
    args = parser.parse_args(argv)
    if args.print:
        sys.stdout.write(generate(args.seed, args.family, args.pressure))
        return 0
    from . import corpus, toolchain

    try:
        tools = toolchain.find_tools()
    except toolchain.ToolchainUnavailable as error:
        print(f"shape_sweep: {error}", file=sys.stderr)
        return 2
    planners = list(PLANNERS) if args.memory_planner == "all" else [args.memory_planner]
    kept, skipped = programs(args.seed, args.count, args.family, args.pressure)
    records = corpus.run(kept, planners, tools=tools, failures=args.failures, conditioning=True)
    print(
        f"kernels: {len(kept)} run, {skipped} skipped (a shape the target cannot hold), "
        f"seeds {args.seed}..{args.seed + args.count - 1}"
    )
    print(corpus.summary(records, planners))
    for r in records:
        if r["outcome"] != "pass":
            print(f"seed {r['seed']} [{r['planner']}]: {r['outcome']}: {r['reason']}")
    return 1 if corpus.failed(records) else 0


if __name__ == "__main__":
    sys.exit(main())
