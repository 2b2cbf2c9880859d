"""Every arith op PTO emission passes to ptoas, on the values where C++ and
MLIR part ways, run through the real chain: a kernel per op and type takes
its operands as kernel arguments (constants would be folded by ptoas with
MLIR's own folders, hiding its C++), writes each result into one element of
a tile, and the simulator's tile must equal the interpreter's.

This is how ptoas 0.27's `(a + b - 1) / b` for arith.ceildivui and its
32-bit zero-extension of index_castui to i64 were found. Skips, with the
reason, when ptoas or pto-isa is missing.
"""

import os
import re

import pytest
from conftest import ROOT, tools_or_skip
from tilemem.testing import toolchain

NAN, INF = float("nan"), float("inf")
WIDTH = {"i8": 8, "i16": 16, "i32": 32, "i64": 64}


def _limits(t):
    w = WIDTH[t]
    return -(1 << (w - 1)), (1 << (w - 1)) - 1


def _kernel(name, operand_types, values, body, out):
    """A kernel taking one argument per operand of each of `values`' cases
    (operand k of case j is `%a{j}_{k}`) and writing `%w{j}` (computed by
    `body(j)`) at element j of its tensor, row-major."""
    args = ", ".join(
        f"%a{j}_{k}: {t}" for j in range(len(values)) for k, t in enumerate(operand_types)
    )
    tile = f"!tile.tile<8x8x{out}, vec>"
    tensor = f"!tile.tensor<8x8x{out}>"
    lines = [
        f"func.func @{name}(%A: {tensor}, {args}) -> {tensor} {{",
        "  %c0 = arith.constant 0 : index",
        f"  %t0 = tile.load %A[%c0, %c0] : {tensor} -> {tile}",
    ]
    for j in range(len(values)):
        lines.append(f"  %row{j} = arith.constant {j // 8} : index")
        lines.append(f"  %col{j} = arith.constant {j % 8} : index")
        lines += [f"  {line}" for line in body(j)]
        lines.append(f"  %t{j + 1} = tile.write %t{j}[%row{j}, %col{j}], %w{j} : {tile}, {out}")
    lines.append(f"  %A1 = tile.store %t{len(values)}, %A[%c0, %c0] : {tile}, {tensor}")
    lines.append(f"  return %A1 : {tensor}\n}}")
    return "\n".join(lines)


def _scalars(values):
    flat = [v for case in values for v in (case if isinstance(case, tuple) else (case,))]
    return {1 + i: v for i, v in enumerate(flat)}


def _widen(j, value, t):
    """`%w{j}`: an integer result as the i32 the tile holds."""
    if t == "i32":
        return [f"%w{j} = arith.ori {value}, {value} : i32"]
    if WIDTH[t] < 32:
        return [f"%w{j} = arith.extsi {value} : {t} to i32"]
    # Both halves of an i64: the low one xor the high one.
    return [
        f"%k32_{j} = arith.constant 32 : i64",
        f"%high{j} = arith.shrui {value}, %k32_{j} : i64",
        f"%mixed{j} = arith.xori {value}, %high{j} : i64",
        f"%w{j} = arith.trunci %mixed{j} : i64 to i32",
    ]


def _integer_cases(op, t):
    lo, hi = _limits(t)
    w = WIDTH[t]
    if op in ("shli", "shrsi", "shrui"):
        return [(-7, 1), (lo, w - 1), (12345 % hi, 4), (-1, w - 1), (hi, 1), (-100, 3), (5, 0)]
    if op in ("addi", "subi", "muli"):
        return [(-7, 2), (hi, 1), (lo, -1), (hi, hi), (lo, lo), (-1, -1), (lo + 5, 3)]
    # No division by zero and no lo / -1: both are undefined in MLIR.
    return [
        (-7, 2), (7, -2), (-7, -2), (lo + 1, 3), (hi, -3), (lo, 7), (-1, 5),
        (hi, 2), (lo, 2), (hi, hi), (lo, lo), (lo + 1, lo),
    ]  # fmt: skip


INTEGER_OPS = [
    "addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui",
    "floordivsi", "maxsi", "maxui", "minsi", "minui", "andi", "ori", "xori", "shli", "shrsi",
    "shrui",
]  # fmt: skip
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
FLOAT_OPS = ["addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"]
CMPF = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
]  # fmt: skip
FLOAT_CASES = [
    (1.5, -2.25), (NAN, 1.0), (1.0, NAN), (-0.0, 0.0), (INF, -INF), (INF, 1.0), (-3.0, 0.0),
    (-7.5, 2.0),
]  # fmt: skip
F32_VALUES = [1.5, -2.25, NAN, -0.0, INF, -INF, 1e-40, 65504.0]
I32_VALUES = [-7, 7, -(2**31), 2**31 - 1, 0, -1, 16777217, 123456789]


def _cases():
    """(name, kernel text, scalars) for every op and type."""
    cases = []

    def add(name, types, values, body, out):
        cases.append((name, _kernel(name, types, values, body, out), _scalars(values)))

    for t in WIDTH:
        for op in INTEGER_OPS:
            add(
                f"{op}_{t}",
                [t, t],
                _integer_cases(op, t),
                lambda j, op=op, t=t: (
                    [f"%r{j} = arith.{op} %a{j}_0, %a{j}_1 : {t}"] + _widen(j, f"%r{j}", t)
                ),
                "i32",
            )
        lo, hi = _limits(t)
        compared = [(-7, 2), (7, -2), (-1, 1), (3, 3), (lo, hi), (0, -1), (-5, -4)]
        for predicate in CMPI:
            add(
                f"cmpi_{predicate}_{t}",
                [t, t],
                compared,
                lambda j, p=predicate, t=t: [
                    f"%r{j} = arith.cmpi {p}, %a{j}_0, %a{j}_1 : {t}",
                    f"%w{j} = arith.extui %r{j} : i1 to i32",
                ],
                "i32",
            )
        for op in ("mulsi_extended", "mului_extended", "addui_extended"):
            if t != "i32":
                continue
            extended = [(-7, 3), (hi, hi), (lo, 2), (-1, -1), (65536, 65536), (123456, -98765)]
            for half in (0, 1):
                result = "i32, i1" if op == "addui_extended" else "i32"
                add(
                    f"{op}_{half}",
                    ["i32", "i32"],
                    extended,
                    lambda j, op=op, half=half, result=result: [
                        f"%r{j}, %o{j} = arith.{op} %a{j}_0, %a{j}_1 : {result}",
                        f"%w{j} = arith.extui %o{j} : i1 to i32"
                        if half and op == "addui_extended"
                        else f"%w{j} = arith.ori %{'ro'[half]}{j}, %{'ro'[half]}{j} : i32",
                    ],
                    "i32",
                )
    for op in FLOAT_OPS:
        add(
            op,
            ["f32", "f32"],
            FLOAT_CASES,
            lambda j, op=op: [f"%w{j} = arith.{op} %a{j}_0, %a{j}_1 : f32"],
            "f32",
        )
    for predicate in CMPF:
        add(
            f"cmpf_{predicate}",
            ["f32", "f32"],
            FLOAT_CASES,
            lambda j, p=predicate: [
                f"%r{j} = arith.cmpf {p}, %a{j}_0, %a{j}_1 : f32",
                f"%w{j} = arith.uitofp %r{j} : i1 to f32",
            ],
            "f32",
        )
    add("negf", ["f32"], F32_VALUES, lambda j: [f"%w{j} = arith.negf %a{j}_0 : f32"], "f32")
    add(
        "truncf_extf",
        ["f32"],
        [1.5, -2.25, 1e-3, 70000.0, 1.0009765625, 3.14159, -0.0, 6e-8],
        lambda j: [
            f"%h{j} = arith.truncf %a{j}_0 : f32 to f16",
            f"%w{j} = arith.extf %h{j} : f16 to f32",
        ],
        "f32",
    )
    add(
        "fptosi",
        ["f32"],
        [-3.7, 2.9, -0.5, 100.99, -2147483520.0, 2147483520.0, 0.0, 7.0],
        lambda j: [f"%w{j} = arith.fptosi %a{j}_0 : f32 to i32"],
        "i32",
    )
    add(
        "fptoui",
        ["f32"],
        [3.7, 2.9, 0.5, 100.99, 4294967040.0, 2147483904.0, 0.0, 7.0],
        lambda j: [
            f"%i{j} = arith.fptoui %a{j}_0 : f32 to i32",
            f"%w{j} = arith.ori %i{j}, %i{j} : i32",
        ],
        "i32",
    )
    for op in ("sitofp", "uitofp"):
        add(
            op,
            ["i32"],
            I32_VALUES,
            lambda j, op=op: [f"%w{j} = arith.{op} %a{j}_0 : i32 to f32"],
            "f32",
        )
    add(
        "bitcast_i32_f32",
        ["i32"],
        [1065353216, -1082130432, 0, -(2**31), 2139095040, 1, 8388608],
        lambda j: [f"%w{j} = arith.bitcast %a{j}_0 : i32 to f32"],
        "f32",
    )
    add(
        "bitcast_f32_i32",
        ["f32"],
        [v for v in F32_VALUES if v == v],
        lambda j: [f"%w{j} = arith.bitcast %a{j}_0 : f32 to i32"],
        "i32",
    )
    for op, source, values in [
        ("extsi", "i8", [-1, -128, 127, 5, -7, 0, 100]),
        ("extui", "i8", [-1, -128, 127, 5, -7, 0, 100]),
        ("extsi", "i16", [-1, -32768, 32767, 5, -7, 0, 1000]),
        ("extui", "i16", [-1, -32768, 32767, 5, -7, 0, 1000]),
        ("trunci", "i64", [-1, 4294967297, -4294967297, 2147483648, 5, 1 << 40, -(1 << 40) - 3]),
    ]:
        add(
            f"{op}_{source}",
            [source],
            values,
            lambda j, op=op, s=source: [f"%w{j} = arith.{op} %a{j}_0 : {s} to i32"],
            "i32",
        )
    # Index casts, both ways; index values fit 32 bits (ptoas's index).
    index_values = [-3, 5, -(2**31), 2**31 - 1, 0, -1, -100]
    for op in ("index_cast", "index_castui"):
        for t in ("i64", "i32", "i16"):
            add(
                f"{op}_index_{t}",
                ["index"],
                index_values,
                lambda j, op=op, t=t: (
                    [f"%x{j} = arith.{op} %a{j}_0 : index to {t}"] + _widen(j, f"%x{j}", t)
                ),
                "i32",
            )
        for t, values in [
            ("i8", [-1, 5, -128, 127, 0, -100]),
            ("i16", [-1, 5, -32768, 32767, 0, -100]),
            ("i32", [1, 5, 0, 2**31 - 1, 3, 100]),
        ]:
            add(
                f"{op}_{t}_index",
                [t],
                values,
                lambda j, op=op, t=t: [
                    f"%x{j} = arith.{op} %a{j}_0 : {t} to index",
                    f"%w{j} = arith.index_cast %x{j} : index to i32",
                ],
                "i32",
            )
    add(
        "select",
        ["i32", "i32"],
        [(-1, 7), (0, 7), (2, 9), (3, -4), (1, 1)],
        lambda j: [
            f"%p{j} = arith.trunci %a{j}_0 : i32 to i1",
            f"%w{j} = arith.select %p{j}, %a{j}_0, %a{j}_1 : i32",
        ],
        "i32",
    )
    return cases


CASES = _cases()


def _emitted_arith_ops():
    """The arith ops ptoasLowersArith lets through, read from its source,
    spelled in lower case without underscores (`AddUIExtendedOp` is
    `adduiextended`)."""
    source = open(os.path.join(ROOT, "lib", "Target", "PTO", "PtoasLimits.cpp")).read()
    body = source[source.index("bool pto_emission::ptoasLowersArith") :]
    body = body[: body.index("}")]
    return {name.lower() for name in re.findall(r"arith::(\w+)Op\b", body)}


def test_every_emitted_arith_op_is_run():
    """Each op emission lets through (addf among them, written as a subf)
    appears in some kernel here."""
    emitted = _emitted_arith_ops()
    assert {"ceildivui", "adduiextended", "indexcastui", "addf"} <= emitted
    ran = {m.replace("_", "") for _, text, _ in CASES for m in re.findall(r"arith\.(\w+)", text)}
    missing = emitted - ran
    assert not missing, f"arith ops emission passes to ptoas that no kernel here runs: {missing}"


@pytest.fixture(scope="module")
def results():
    tools = tools_or_skip()
    jobs = [
        toolchain.Job(text, memory_planner="ptoas", scalars=scalars, name=name)
        for name, text, scalars in CASES
    ]
    return dict(zip([name for name, _, _ in CASES], toolchain.run_batch(jobs, tools=tools)))


@pytest.mark.parametrize("name", [name for name, _, _ in CASES])
def test_scalar_arith_on_simulator(results, name):
    result = results[name]
    assert result.ok, result.report()
