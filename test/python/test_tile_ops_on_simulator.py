"""Every elementwise, tile-scalar, reduction and broadcast tile op the
interpreter defines, the comparisons with the selection by their mask, the
transpose and the data movement within vec (move, concat, row_expand,
col_expand, write, fillpad), in every element type the dialect's verifier takes for
it (f32, f16, i32, i16), on inputs with the values where implementations
part ways (NaN, infinities, signed zeros, the largest finite values,
denormals; the integer limits), run through the real chain and compared
with the interpreter.

The fuzzer computes in f32 on values in [-1, 1); this is how `tile.maximum`
was found to be pto-isa's `std::max(lhs, rhs)` (with a NaN, lhs) where the
interpreter propagated the NaN. Skips, with the reason, when ptoas or
pto-isa is missing.
"""

import numpy as np
import pytest
from conftest import tools_or_skip
from tilemem.testing import interp, toolchain
from tilemem.testing.interp.semantics import (
    _BROADCASTS,
    _REDUCTIONS,
    BINARY_OPS,
    SCALAR_OPS,
    UNARY_OPS,
)

ROWS = COLS = 16
ELEMENTS = ["f32", "f16", "i32", "i16"]
#: Written over the first rows of each input, in a different order per
#: operand so that every pair of them meets somewhere.
EDGES = {
    "f32": [np.nan, np.inf, -np.inf, -0.0, 3e38, -3e38, 1e-40, 0.0, 1.0, -1.0, 2.5],
    "f16": [np.nan, np.inf, -np.inf, -0.0, 65504.0, -65504.0, 6e-8, 0.0, 1.0, -1.0, 2.5],
    "i32": [-(2**31), 2**31 - 1, -1, 0, 1 << 30, 7, -7, 46341, 65536],
    "i16": [-(2**15), 2**15 - 1, -1, 0, 1 << 14, 7, -7, 182, 256],
}


def _tile(elem, rows=ROWS, cols=COLS):
    return f"!tile.tile<{rows}x{cols}x{elem}, vec>"


def _tensor(elem, rows=ROWS, cols=COLS):
    return f"!tile.tensor<{rows}x{cols}x{elem}>"


def _kernel(name, elem, body, out_rows=ROWS, out_cols=COLS):
    """Loads %x from %A and %y from %B, runs `body` (which defines %r) and
    stores %r to %O; a tile-scalar op reads the scalar argument %s."""
    out = _tensor(elem, out_rows, out_cols)
    lines = [
        f"func.func @{name}(%A: {_tensor(elem)}, %B: {_tensor(elem)}, %O: {out}, %s: {elem}) -> {out} {{",
        "  %c0 = arith.constant 0 : index",
        f"  %x = tile.load %A[%c0, %c0] : {_tensor(elem)} -> {_tile(elem)}",
        f"  %y = tile.load %B[%c0, %c0] : {_tensor(elem)} -> {_tile(elem)}",
        *[f"  {line}" for line in body],
        f"  %O1 = tile.store %r, %O[%c0, %c0] : {_tile(elem, out_rows, out_cols)}, {out}",
        f"  return %O1 : {out}",
        "}",
    ]
    return "\n".join(lines)


def _nonzero(value, type_, elem):
    """abs(value) + 1 (NaN stays NaN): pto-isa asserts a non-zero element
    where an op divides by one."""
    one = "1.0" if elem[0] == "f" else "1"
    return [
        f"%one = arith.constant {one} : {elem}",
        f"%mag = tile.abs {value} : {type_}",
        f"%pos = tile.adds %mag, %one : {type_}, {elem}",
    ]


def _cases():
    cases = []
    for elem in ELEMENTS:
        t = _tile(elem)
        for op in BINARY_OPS:
            cases.append((f"{op}_{elem}", elem, [f"%r = tile.{op} %x, %y : {t}"], {}))
        for op in UNARY_OPS:
            if op == "recip":
                body = _nonzero("%x", t, elem) + [f"%r = tile.recip %pos : {t}"]
            else:
                body = [f"%r = tile.{op} %x : {t}"]
            cases.append((f"{op}_{elem}", elem, body, {}))
        for op in SCALAR_OPS:
            cases.append((f"{op}_{elem}", elem, [f"%r = tile.{op} %x, %s : {t}, {elem}"], {}))
        for full, (axis, _) in _REDUCTIONS.items():
            op = full.removeprefix("tile.")
            shape = (ROWS, 1) if axis == 1 else (1, COLS)
            body = [f"%r = tile.{op} %x : {t} -> {_tile(elem, *shape)}"]
            cases.append((f"{op}_{elem}", elem, body, dict(out_rows=shape[0], out_cols=shape[1])))
        for full, (axis, _, _) in _BROADCASTS.items():
            op = full.removeprefix("tile.")
            vector = _tile(elem, ROWS, 1) if axis == 1 else _tile(elem, 1, COLS)
            reduce = "row_max" if axis == 1 else "col_max"
            body = [f"%v = tile.{reduce} %y : {t} -> {vector}"]
            factors = "%v"
            if op.endswith("_div"):
                body += _nonzero("%v", vector, elem)
                factors = "%pos"
            body.append(f"%r = tile.{op} %x, {factors} : {t}, {vector}")
            cases.append((f"{op}_{elem}", elem, body, {}))
        # Comparisons (NaN is unordered) and the selection by their mask.
        # The mask of a 16-column tile: a bit per element, rows of 32 bytes.
        mask = f"!tile.tile<{ROWS}x32xi8, vec>"
        for mode in ("eq", "ne", "lt", "le", "gt", "ge"):
            compare = f"%m = tile.cmp {mode} %x, %y : {t} -> {mask}"
            select = f"%r = tile.sel %m, %x, %y : {mask}, {t}"
            cases.append((f"cmp_{mode}_{elem}", elem, [compare, select], {}))
            compare = f"%m = tile.cmps {mode} %x, %s : {t}, {elem} -> {mask}"
            select = f"%r = tile.sel %m, %y, %x : {mask}, {t}"
            cases.append((f"cmps_{mode}_{elem}", elem, [compare, select], {}))
        cases.append((f"transpose_{elem}", elem, [f"%r = tile.transpose %x : {t} -> {t}"], {}))
        # Data movement within vec, where every element type travels.
        half = _tile(elem, ROWS, COLS // 2)
        column, row = _tile(elem, ROWS, 1), _tile(elem, 1, COLS)
        movement = {
            "move": [f"%r = tile.move %x : {t} -> {t}"],
            "concat": [
                f"%a = tile.slice %x[0, 0] : {t} -> {half}",
                f"%b = tile.slice %y[0, {COLS // 2}] : {t} -> {half}",
                f"%r = tile.concat %a, %b : {half}, {half} -> {t}",
            ],
            "row_expand": [
                f"%v = tile.slice %x[0, 3] : {t} -> {column}",
                f"%r = tile.row_expand %v : {column} -> {t}",
            ],
            "col_expand": [
                f"%v = tile.slice %x[2, 0] : {t} -> {row}",
                f"%r = tile.col_expand %v : {row} -> {t}",
            ],
            "write": [
                "%five = arith.constant 5 : index",
                f"%r = tile.write %x[%five, %five], %s : {t}, {elem}",
            ],
            "fillpad": [f"%r = tile.fillpad %x valid [5, 3] pad zero : {t}"],
        }
        for op, body in movement.items():
            cases.append((f"{op}_{elem}", elem, body, {}))
    texts = []
    for name, elem, body, shape in cases:
        text = _kernel(name, elem, body, **shape)
        try:
            interp.compile(text)
        except Exception as error:
            # The dialect's verifier decides which types an op takes.
            if "must be tile of" in str(error) or "compares i32 tiles" in str(error):
                continue
            raise
        texts.append((name, elem, text))
    return texts


CASES = _cases()


def _edge_inputs(text, elem, seed):
    inputs = interp.random_inputs(text, seed=seed)
    edges = EDGES[elem]
    for index in (0, 1):
        values = np.array(inputs[index], copy=True)
        for col in range(values.shape[1]):
            for row in range(3):
                values[row, col] = edges[(col * (1 + 2 * index) + row * 5 + index) % len(edges)]
        inputs[index] = values
    scalar = edges[(seed * 5 + 2) % len(edges)]
    inputs[3] = float(scalar) if elem[0] == "f" else int(scalar)
    return inputs


def test_every_op_runs_in_f32():
    names = {name for name, _, _ in CASES}
    ops = [*BINARY_OPS, *UNARY_OPS, *SCALAR_OPS]
    ops += [op.removeprefix("tile.") for op in (*_REDUCTIONS, *_BROADCASTS)]
    ops += [f"{c}_{mode}" for c in ("cmp", "cmps") for mode in ("eq", "ne", "lt", "le", "gt", "ge")]
    assert {f"{op}_f32" for op in ops} <= names
    assert any(name.endswith("_i16") for name in names)


@pytest.fixture(scope="module")
def results():
    tools = tools_or_skip()
    jobs, keys = [], []
    with np.errstate(all="ignore"):
        for name, elem, text in CASES:
            for seed in (0, 1):
                keys.append(name)
                jobs.append(
                    toolchain.Job(
                        text,
                        memory_planner="pypto",
                        inputs=_edge_inputs(text, elem, seed),
                        name=f"{name}-{seed}",
                    )
                )
    by_name = {}
    for key, result in zip(keys, toolchain.run_batch(jobs, tools=tools)):
        by_name.setdefault(key, []).append(result)
    return by_name


@pytest.mark.parametrize("name", [name for name, _, _ in CASES])
def test_tile_op_on_simulator(results, name):
    for result in results[name]:
        assert result.ok, result.report()
