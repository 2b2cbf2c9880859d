"""The chain's parameters: its stages, tolerances, compiler flags, time
limits and the C++ types of the element and scalar types."""

from __future__ import annotations

import numpy as np

STAGES = ("emit", "ptoas", "compile", "run", "compare")

#: element type -> (rtol, atol): |sim - ref| <= rtol * |ref| + atol * S, S
#: the output's largest finite |ref| (at least 1); integers are exact. An
#: output computed from a value narrowed to f16 gets f16's (compare.tolerance).
TOLERANCES: dict[str, tuple[float, float]] = {
    "f32": (1e-5, 1e-5),
    "f16": (1e-3, 1e-3),
}

CXX_FLAGS = ("-std=c++20", "-D__CPU_SIM", "-O1")

PTOAS_TIMEOUT = 120
CXX_TIMEOUT = 600
RUN_TIMEOUT = 120

# element type -> (C++ type in the simulator, numpy dtype of the raw bytes)
_ELEMENTS = {
    "f32": ("float", np.dtype(np.float32)),
    "f16": ("half", np.dtype(np.float16)),
    "bf16": ("bfloat16_t", np.dtype(np.uint16)),
    "i8": ("int8_t", np.dtype(np.int8)),
    "i16": ("int16_t", np.dtype(np.int16)),
    "i32": ("int32_t", np.dtype(np.int32)),
}

# scalar type -> C++ type of the kernel parameter
_SCALARS = {
    "index": "int32_t",
    "i1": "bool",
    "i8": "int8_t",
    "i16": "int16_t",
    "i32": "int32_t",
    "i64": "int64_t",
    "f16": "half",
    "bf16": "bfloat16_t",
    "f32": "float",
    "f64": "double",
}

_INT_RANGES = {
    "index": (-(2**31), 2**31 - 1),
    "i8": (-(2**7), 2**7 - 1),
    "i16": (-(2**15), 2**15 - 1),
    "i32": (-(2**31), 2**31 - 1),
    "i64": (-(2**63), 2**63 - 1),
}


def _tensor_type(type_text: str):
    """(rows, cols, element type) of a ``!tile.tensor`` spelling, else None
    (the dialect's grammar, through the interpreter's type reader)."""
    from tilemem.testing import interp

    ty = interp._parse_type(type_text)
    return (ty.rows, ty.cols, ty.elem) if ty.kind == "tensor" else None
