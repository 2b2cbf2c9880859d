"""The real toolchain in the loop: tilemem -> ptoas -> pto-isa's CPU simulator.

    from tilemem.testing import toolchain
    r = toolchain.run_chain("examples/accumulate.mlir", memory_planner="dsa-rp")
    r.ok, r.stage            # True, "compare"  (or the stage that failed)
    r.ptoas.status           # "accepted" | "rejected" | "crashed" | "timeout"
    r.outputs                # one OutputCheck per tensor argument
    print(r.report())        # one line per stage

    python -m tilemem.testing.toolchain KERNEL.mlir --memory-planner dsa-rp \\
        [--level auto|level2|level3] [--seed N] [--scalar K=V] [--keep DIR]

The chain, one stage each (``STAGES``):

``emit``
    ``tilemem.compile`` (``tile-memory-pipeline`` for the planner, then PTO
    emission at the planner's level: level3 for pypto/dsa-rp, level2 for
    ptoas); a ``level`` other than ``auto`` re-emits the planned module at
    that level with ``tilemem.pto.emit``.
``ptoas``
    ``ptoas --pto-level=L --pto-arch=A [--enable-insert-sync] K.pto -o K.cpp``.
    The outcome is classified: ``accepted`` (exit 0 and a C++ file),
    ``rejected`` (a non-zero exit; ``message`` holds its ``error:`` lines),
    ``crashed`` (killed by a signal, or an LLVM assertion / stack dump;
    ``signal`` names it) or ``timeout``.
``compile``
    A host driver generated from the kernel's signature (:func:`driver_source`)
    includes ``K.cpp``, is checked against the kernel signature ptoas wrote,
    and is compiled with ``g++ -std=c++20 -D__CPU_SIM -O1`` against pto-isa,
    with the two g++ 12 workarounds: a prelude that includes ``<cstdint>``
    first (``pto/common/type.hpp`` uses ``uint8_t`` without it), and a patched
    copy of ``pto/cpu/TReduceIdx.hpp`` (``static_assert(false)`` in a class
    template -> ``static_assert(sizeof(DType) == 0)``) on an include path
    searched before pto-isa's. The prelude (plus ``pto/pto-inst.hpp``) is
    precompiled once into a cache outside the checkout, keyed by the
    compiler's identity and version, the flags, the pto-isa path and a
    fingerprint of its files (:func:`prepare_compiler`).
    :func:`run_batch` puts several kernels in one translation unit (each
    ``K.cpp`` included inside its own namespace); a unit that fails to
    compile is split by attributing its errors to the kernels they name
    (plus a probe of every distinct ``Tile`` type, since g++ reports a
    failing instantiation once), the rest being compiled again.
``run``
    ``driver INDEX DIR SCALAR...``: every tensor argument becomes a global
    buffer read from ``DIR/argN.in`` (the seeded inputs, byte for byte the
    arrays given to the interpreter); scalars (``index`` -> ``int32_t``,
    ``i1`` -> ``bool``, ``f32`` -> ``float`` given as an exact hex float)
    come on the command line; after the call every tensor argument's final
    contents go to ``DIR/argN.out``. One process per kernel, so an assertion
    in one kernel does not hide the others; the simulated on-chip memories
    are filled with 0xff first (``Job.memory_fill``), so reading a byte no
    one wrote gives NaN / -1 rather than the simulator's zeros.
``compare``
    ``tilemem.testing.interp`` in value mode on the same inputs. Kernels return
    nothing in PTO: a tensor result is written through the pointer of the
    tensor argument it is an SSA version of (``tile.store`` results, loop
    carries and branch results traced back to the argument,
    :func:`kernel_signature`), so result k is compared with that argument's
    final contents. A tensor argument no result comes from must come back
    unchanged, unless the kernel stores into it (then it is not compared).

Tolerances (``TOLERANCES``): integers compare exactly. A float element
passes when it is bit-equal, both are NaN, or both are finite and
``|sim - ref| <= rtol * |ref| + atol * S``, where ``S`` is the largest
finite ``|ref|`` of that output (at least 1), with ``f32: rtol = atol =
1e-5`` and ``f16: rtol = atol = 1e-3``; infinities must match in sign.
The interpreter computes in float64 and rounds once per op; the simulator
computes in the element type (``std::exp`` on float, float accumulation in
TMATMUL in its own order), so results differ by a few ulps of the values
summed, which is why the absolute part scales with the output's magnitude
(a 64x64x256 f16 split-K matmul differs by up to 4.7e-6 on outputs of
magnitude ~5). A storage or translation bug (a wrong buffer, a wrong
constant) is orders of magnitude larger. ``bf16`` is not compared: with
g++ 12, pto-isa's ``bfloat16_t`` is a ``_Float16`` placeholder. Elements
that are poison in the reference (undefined in the kernel's semantics) are
not compared; they are counted in ``OutputCheck.poison``.

Tools: ``TILEMEM_PTOAS`` (the ptoas binary) and ``TILEMEM_PTO_ISA`` (a
pto-isa checkout or its include directory), else the caches
``scripts/build-ptoas.sh`` and ``scripts/fetch-pto-isa.sh`` fill
(``$TILEMEM_CACHE``, default ``${XDG_CACHE_HOME:-~/.cache}/tilemem``;
``scripts/toolchain-env.sh`` prints both variables). ``TILEMEM_CXX``
overrides ``g++``. :func:`find_tools` raises :class:`ToolchainUnavailable`
with the reason when one is missing.

Costs on a 2-core machine are in docs/pto-emission.md, "Running on the
simulator".
"""

from __future__ import annotations

import argparse
import dataclasses
import glob
import hashlib
import json
import os
import re
import resource
import shutil
import signal as _signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

__all__ = [
    "STAGES",
    "TOLERANCES",
    "KNOWN_CLASSES",
    "ToolchainUnavailable",
    "Tools",
    "find_tools",
    "find_ptoas",
    "find_pto_isa",
    "cache_dir",
    "ArgSpec",
    "KernelSignature",
    "kernel_signature",
    "DriverKernel",
    "driver_source",
    "prepare_compiler",
    "CompilerSetup",
    "run_ptoas",
    "check_with_ptoas",
    "PtoasOutcome",
    "StageOutcome",
    "OutputCheck",
    "ChainResult",
    "Job",
    "run_chain",
    "run_batch",
    "classify_failure",
    "main",
]

STAGES = ("emit", "ptoas", "compile", "run", "compare")

#: element type -> (rtol, atol): |sim - ref| <= rtol * |ref| + atol * S, S
#: the output's largest finite |ref| (at least 1); integers are exact.
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


# ===----------------------------------------------------------------------=== #
# Tools
# ===----------------------------------------------------------------------=== #


class ToolchainUnavailable(RuntimeError):
    """ptoas, pto-isa or the C++ compiler is missing; the message says how
    to provide it."""


@dataclasses.dataclass(frozen=True)
class Tools:
    ptoas: str
    pto_isa: str  # the include directory (holds pto/pto-inst.hpp)
    cxx: str


def cache_dir() -> str:
    """``$TILEMEM_CACHE``, else ``${XDG_CACHE_HOME:-~/.cache}/tilemem``
    (the cache scripts/build-ptoas.sh and scripts/fetch-pto-isa.sh use)."""
    if os.environ.get("TILEMEM_CACHE"):
        return os.environ["TILEMEM_CACHE"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "tilemem")


def _repo_root() -> str | None:
    """The checkout this package was built from (build/python_packages is a
    tree of symlinks into python/), if it can be found."""
    here = os.path.realpath(__file__)
    for _ in range(6):
        here = os.path.dirname(here)
        if os.path.isfile(os.path.join(here, "scripts", "build-ptoas.sh")):
            return here
    return None


def _executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def _ptoas_kit_key(kit: str) -> str | None:
    """The cache key scripts/build-ptoas.sh derives from a ptoas kit."""
    files = [os.path.join(kit, "build.sh")]
    files += sorted(glob.glob(os.path.join(kit, "*.patch")))
    files += sorted(glob.glob(os.path.join(kit, "*.tar.gz")))
    digest = hashlib.sha256()
    try:
        for f in files:
            with open(f, "rb") as fh:
                digest.update(fh.read())
    except OSError:
        return None
    return digest.hexdigest()[:16]


def find_ptoas() -> str | None:
    """``$TILEMEM_PTOAS``; else the cached build of the kit beside the
    checkout (``../shared/ptoas``, or ``$TILEMEM_PTOAS_KIT``); else the most
    recent cached build. None when there is none."""
    env = os.environ.get("TILEMEM_PTOAS")
    if env:
        return env if _executable(env) else None
    cache = cache_dir()
    tail = os.path.join("build", "tools", "ptoas", "ptoas")
    root = _repo_root()
    kit = os.environ.get("TILEMEM_PTOAS_KIT") or (
        os.path.join(root, "..", "shared", "ptoas") if root else None
    )
    if kit and os.path.isfile(os.path.join(kit, "build.sh")):
        key = _ptoas_kit_key(kit)
        if key:
            tool = os.path.join(cache, f"ptoas-{key}", tail)
            if _executable(tool):
                return tool
    candidates = [p for p in glob.glob(os.path.join(cache, "ptoas-*", tail)) if _executable(p)]
    if candidates:
        return max(candidates, key=os.path.getmtime)
    return None


def _isa_include(path: str) -> str | None:
    for candidate in (os.path.join(path, "include"), path):
        if os.path.isfile(os.path.join(candidate, "pto", "pto-inst.hpp")):
            return os.path.abspath(candidate)
    return None


def find_pto_isa() -> str | None:
    """The pto-isa include directory: ``$TILEMEM_PTO_ISA`` (a checkout or
    its include directory), else the most recent extraction in the cache
    (scripts/fetch-pto-isa.sh: ``pto-isa-<hash>/include``; also a plain
    ``pto-isa/include``). None when there is none."""
    env = os.environ.get("TILEMEM_PTO_ISA")
    if env:
        return _isa_include(env)
    cache = cache_dir()
    found = [p for p in (_isa_include(d) for d in glob.glob(os.path.join(cache, "pto-isa-*"))) if p]
    if found:
        return max(found, key=lambda p: os.path.getmtime(os.path.join(p, "pto", "pto-inst.hpp")))
    return _isa_include(os.path.join(cache, "pto-isa"))


def find_tools() -> Tools:
    """The three tools, or :class:`ToolchainUnavailable` naming the missing
    one and how to get it."""
    ptoas = find_ptoas()
    if ptoas is None:
        raise ToolchainUnavailable(
            "ptoas not found: set TILEMEM_PTOAS or run scripts/build-ptoas.sh"
        )
    isa = find_pto_isa()
    if isa is None:
        raise ToolchainUnavailable(
            "pto-isa not found: set TILEMEM_PTO_ISA or run scripts/fetch-pto-isa.sh"
        )
    cxx = os.environ.get("TILEMEM_CXX") or shutil.which("g++")
    if not cxx:
        raise ToolchainUnavailable("g++ not found: install it or set TILEMEM_CXX")
    return Tools(ptoas=ptoas, pto_isa=isa, cxx=cxx)


# ===----------------------------------------------------------------------=== #
# Kernel signature
# ===----------------------------------------------------------------------=== #


@dataclasses.dataclass
class ArgSpec:
    """One kernel argument. ``kind`` is ``tensor`` or ``scalar``; tensors
    have ``rows``, ``cols`` and ``elem``."""

    index: int
    name: str
    type: str
    kind: str
    ctype: str
    rows: int = 0
    cols: int = 0
    elem: str = ""

    @property
    def numel(self) -> int:
        return self.rows * self.cols

    @property
    def dtype(self) -> np.dtype:
        return _ELEMENTS[self.elem][1]

    @property
    def nbytes(self) -> int:
        return self.numel * self.dtype.itemsize

    @property
    def param(self) -> str:
        """The C++ parameter type ptoas gives it (without ``__gm__``)."""
        return f"{self.ctype}*" if self.kind == "tensor" else self.ctype


@dataclasses.dataclass
class KernelSignature:
    """``name``, ``args``; ``results[k]``: the argument index result k is
    written through (None when it cannot be traced to one argument);
    ``stored``: the arguments some ``tile.store`` writes."""

    name: str
    args: list[ArgSpec]
    results: list[int | None]
    result_types: list[str]
    stored: list[int]
    arch: str | None = None

    def describe(self) -> str:
        args = ", ".join(f"%{a.name}: {a.type}" for a in self.args)
        return f"@{self.name}({args})"


def _arg_spec(index: int, name: str, type_text: str) -> ArgSpec:
    tensor = _tensor_type(type_text)
    if tensor:
        rows, cols, elem = tensor
        if elem not in _ELEMENTS:
            raise ValueError(
                f"argument #{index} ({type_text}): element type {elem} has no simulator type"
            )
        return ArgSpec(
            index,
            name,
            type_text,
            "tensor",
            _ELEMENTS[elem][0],
            rows,
            cols,
            elem,
        )
    if type_text in _SCALARS:
        return ArgSpec(index, name, type_text, "scalar", _SCALARS[type_text])
    raise ValueError(
        f"argument #{index} has type {type_text}, which a PTO kernel "
        f"cannot take (tensors and scalars only)"
    )


def _op_name(op) -> str:
    return op.operation.name


def _parent_op(block):
    return block.owner


def _as_block_argument(value, ir):
    try:
        return ir.BlockArgument(value)
    except Exception:  # not a block argument
        return None


def _as_op_result(value, ir):
    try:
        return ir.OpResult(value)
    except Exception:
        return None


def _terminator(block):
    ops = list(block.operations)
    return ops[-1] if ops else None


def _tensor_roots(value, entry_block, ir, memo, depth=0) -> frozenset | None:
    """The function arguments a tensor SSA value is a version of (tile.store
    results, loop carries, branch and scope results), or None when some
    producer is not one of these (e.g. a call)."""
    key = value
    try:
        hash(key)
    except TypeError:
        key = None
    if key is not None and key in memo:
        return memo[key]
    if depth > 10000:
        return None
    if key is not None:
        memo[key] = None  # a cycle gives up
    roots = None
    arg = _as_block_argument(value, ir)
    if arg is not None:
        block = arg.owner
        if block == entry_block:
            roots = frozenset([arg.arg_number])
        else:
            parent = _parent_op(block)
            name = _op_name(parent)
            operands = list(parent.operation.operands)
            if name == "scf.for" and arg.arg_number >= 1:
                roots = _tensor_roots(
                    operands[3 + arg.arg_number - 1], entry_block, ir, memo, depth + 1
                )
            elif name == "scf.while":
                regions = parent.operation.regions
                if block == regions[0].blocks[0]:
                    roots = _tensor_roots(
                        operands[arg.arg_number], entry_block, ir, memo, depth + 1
                    )
                else:
                    cond = _terminator(regions[0].blocks[0])
                    roots = _tensor_roots(
                        list(cond.operands)[1 + arg.arg_number], entry_block, ir, memo, depth + 1
                    )
    else:
        res = _as_op_result(value, ir)
        if res is not None:
            op = res.owner
            name = _op_name(op)
            k = res.result_number
            operands = list(op.operation.operands)
            if name == "tile.store":
                roots = _tensor_roots(operands[1], entry_block, ir, memo, depth + 1)
            elif name == "scf.for":
                roots = _tensor_roots(operands[3 + k], entry_block, ir, memo, depth + 1)
            elif name == "scf.while":
                cond = _terminator(op.operation.regions[0].blocks[0])
                roots = _tensor_roots(list(cond.operands)[1 + k], entry_block, ir, memo, depth + 1)
            elif name in ("scf.if", "tile.scope"):
                found = set()
                for region in op.operation.regions:
                    for block in region.blocks:
                        term = _terminator(block)
                        if term is None:
                            continue
                        r = _tensor_roots(list(term.operands)[k], entry_block, ir, memo, depth + 1)
                        if r is None:
                            found = None
                            break
                        found |= r
                    if found is None:
                        break
                roots = frozenset(found) if found else None
    if key is not None:
        memo[key] = roots
    return roots


def _walk_ops(op):
    for region in op.operation.regions:
        for block in region.blocks:
            for inner in block.operations:
                yield inner
                yield from _walk_ops(inner)


def _entry_function(module, function: str | None):
    funcs = [op for op in module.body.operations if _op_name(op) == "func.func"]
    named = {op.attributes["sym_name"].value: op for op in funcs if "sym_name" in op.attributes}
    if function is not None:
        if function not in named:
            raise ValueError(f"no function @{function} in the kernel")
        return named[function]
    kernels = [
        op
        for op in funcs
        if len(op.regions[0].blocks) > 0 and "tile.orchestration" not in op.attributes
    ]
    entries = [op for op in kernels if "pto.entry" in op.attributes]
    if len(entries) == 1:
        return entries[0]
    if len(kernels) == 1:
        return kernels[0]
    raise ValueError("several kernels and no single pto.entry: name the function")


def kernel_signature(kernel: str | Any, function: str | None = None) -> KernelSignature:
    """The signature of the kernel (MLIR text or an ``ir.Module``): its
    arguments as the simulator sees them, which argument each tensor result
    is written through, and which arguments are stored into."""
    from tilemem import ir

    text = kernel if isinstance(kernel, str) else str(kernel)
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(text)
        func = _entry_function(module, function)
        name = func.attributes["sym_name"].value
        ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
        entry = func.regions[0].blocks[0]
        arg_names = _argument_names(text, name, len(ftype.inputs))
        args = [_arg_spec(i, arg_names[i], str(t)) for i, t in enumerate(ftype.inputs)]
        result_types = [str(t) for t in ftype.results]
        memo: dict[Any, Any] = {}
        results: list[int | None] = []
        ret = _terminator(entry) if len(func.regions[0].blocks) == 1 else None
        for k, rtype in enumerate(result_types):
            root = None
            if _tensor_type(rtype) and ret is not None and _op_name(ret) == "func.return":
                roots = _tensor_roots(list(ret.operands)[k], entry, ir, memo)
                if roots is not None and len(roots) == 1:
                    root = next(iter(roots))
            results.append(root)
        stored = set()
        for op in _walk_ops(func):
            if _op_name(op) == "tile.store":
                roots = _tensor_roots(list(op.operation.operands)[1], entry, ir, memo)
                if roots is None:
                    stored.update(a.index for a in args if a.kind == "tensor")
                else:
                    stored.update(roots)
        arch = None
        if "tile.target_arch" in module.operation.attributes:
            arch = ir.StringAttr(module.operation.attributes["tile.target_arch"]).value
    return KernelSignature(name, args, results, result_types, sorted(stored), arch)


def _argument_names(text: str, name: str, count: int) -> list[str]:
    """The SSA names of the arguments in the source (for messages), else
    arg0, arg1, ..."""
    m = re.search(r"func\.func\s+(?:\w+\s+)?@" + re.escape(name) + r"\s*\(", text)
    names = []
    if m:
        depth, i = 1, m.end()
        start = i
        while i < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        names = re.findall(r"%([\w$.-]+)\s*:", text[start : i - 1])
    if len(names) != count:
        names = [f"arg{k}" for k in range(count)]
    return names


# ===----------------------------------------------------------------------=== #
# The host driver
# ===----------------------------------------------------------------------=== #


@dataclasses.dataclass
class DriverKernel:
    """A kernel of a driver: the C++ file ptoas wrote (``include``, an
    #include path), its signature, the namespace it is included in and the
    simulator arch (``a3`` or ``a5``)."""

    include: str
    signature: KernelSignature
    namespace: str = "tilemem_k0"
    arch: str = "a3"


_DRIVER_HEAD = r"""// Host driver generated by tilemem.testing.toolchain: runs kernels that
// ptoas lowered to C++ on pto-isa's CPU simulator (-D__CPU_SIM).
//
//   driver KERNEL DIR [SCALAR...]
//
// KERNEL is the 0-based kernel index below. Tensor argument N is a global
// buffer read from DIR/argN.in (its raw row-major bytes) and written back to
// DIR/argN.out after the call (kernels write their results through the
// tensor pointers). SCALARs come in argument order: index and iN in decimal,
// i1 as 0 or 1, floats as C hex floats (exact). Exit status: 0 ran, 2 bad
// arguments or I/O, 3 the kernel threw.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
"""

_DRIVER_HELPERS = r"""
namespace {

void *tm_alloc(size_t bytes) {
  void *p = std::aligned_alloc(64, (bytes + 63) / 64 * 64);
  if (p != nullptr)
    std::memset(p, 0, bytes);
  else
    std::fprintf(stderr, "tilemem-driver: out of memory (%zu bytes)\n", bytes);
  return p;
}

bool tm_read(const std::string &path, void *data, size_t bytes) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    std::fprintf(stderr, "tilemem-driver: cannot open %s\n", path.c_str());
    return false;
  }
  size_t got = std::fread(data, 1, bytes, f);
  int extra = std::fgetc(f);
  std::fclose(f);
  if (got != bytes || extra != EOF) {
    std::fprintf(stderr, "tilemem-driver: %s does not hold exactly %zu bytes\n",
                 path.c_str(), bytes);
    return false;
  }
  return true;
}

bool tm_write(const std::string &path, const void *data, size_t bytes) {
  FILE *f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) {
    std::fprintf(stderr, "tilemem-driver: cannot create %s\n", path.c_str());
    return false;
  }
  size_t put = std::fwrite(data, 1, bytes, f);
  bool ok = std::fclose(f) == 0 && put == bytes;
  if (!ok)
    std::fprintf(stderr, "tilemem-driver: cannot write %s\n", path.c_str());
  return ok;
}

bool tm_int(const char *text, long long lo, long long hi, long long *out) {
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v < lo || v > hi) {
    std::fprintf(stderr, "tilemem-driver: bad integer scalar '%s' (range %lld..%lld)\n",
                 text, lo, hi);
    return false;
  }
  *out = v;
  return true;
}

// TILEMEM_SIM_FILL=B (a byte, e.g. 0xff) fills the simulated on-chip memories
// with B before the kernel runs, so a read of a byte the kernel never wrote
// gives garbage (0xff: NaN for floats, -1 for integers) instead of the
// simulator's zeros. Unset or empty: the simulator's zeroed memories.
void tm_fill_memories() {
  const char *text = std::getenv("TILEMEM_SIM_FILL");
  if (text == nullptr || *text == '\0')
    return;
  long byte = std::strtol(text, nullptr, 0) & 0xff;
#ifdef __CPU_SIM
  auto &memory = pto::NPUMemoryModel::Instance();
  const auto &sizes = memory.GetSizes();
  // Region order of NPUMemoryModel: REG, UB, L1, L0A, L0B, L0C.
  std::memset(memory.GetUBBase(), static_cast<int>(byte), sizes[1]);
  std::memset(memory.GetL1Base(), static_cast<int>(byte), sizes[2]);
  std::memset(memory.GetL0ABase(), static_cast<int>(byte), sizes[3]);
  std::memset(memory.GetL0BBase(), static_cast<int>(byte), sizes[4]);
  std::memset(memory.GetL0CBase(), static_cast<int>(byte), sizes[5]);
#else
  (void)byte;
#endif
}

bool tm_float(const char *text, double *out) {
  char *end = nullptr;
  errno = 0;
  double v = std::strtod(text, &end);
  if (end == text || *end != '\0') {
    std::fprintf(stderr, "tilemem-driver: bad float scalar '%s'\n", text);
    return false;
  }
  *out = v;
  return true;
}
"""


def _cxx_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _c_comment(text: str) -> str:
    return text.replace("*/", "* /").replace("\n", " ")


def _scalar_lines(a: ArgSpec, position: int) -> list[str]:
    var = f"a{a.index}"
    src = f"argv[{position}]"
    if a.type == "i1":
        return [
            f"  long long s{a.index};",
            f"  if (!tm_int({src}, 0, 1, &s{a.index})) return 2;",
            f"  bool {var} = s{a.index} != 0;",
        ]
    if a.type in _INT_RANGES:
        lo, hi = _INT_RANGES[a.type]
        lo_text = f"{lo}LL" if lo != -(2**63) else "INT64_MIN"
        hi_text = f"{hi}LL"
        return [
            f"  long long s{a.index};",
            f"  if (!tm_int({src}, {lo_text}, {hi_text}, &s{a.index})) return 2;",
            f"  {a.ctype} {var} = static_cast<{a.ctype}>(s{a.index});",
        ]
    return [
        f"  double s{a.index};",
        f"  if (!tm_float({src}, &s{a.index})) return 2;",
        f"  {a.ctype} {var} = static_cast<{a.ctype}>(s{a.index});",
    ]


def _run_function(k: int, dk: DriverKernel) -> str:
    sig = dk.signature
    scalars = [a for a in sig.args if a.kind == "scalar"]
    tensors = [a for a in sig.args if a.kind == "tensor"]
    label = f"@{sig.name}"
    arch = "pto::NPUArch::A5" if dk.arch == "a5" else "pto::NPUArch::A2A3"
    lines = [
        f"// {_c_comment(sig.describe())}",
        f"int tm_run_{k}(const std::string &dir, int argc, char **argv) {{",
        f"  if (argc != {len(scalars)}) {{",
        f'    std::fprintf(stderr, "tilemem-driver: {label} takes {len(scalars)} '
        f'scalar(s), got %d\\n", argc);',
        "    return 2;",
        "  }",
        "#ifdef __CPU_SIM",
        f"  pto::NPU_MEMORY_INIT({arch});",
        "#endif",
        "  tm_fill_memories();",
    ]
    for a in tensors:
        lines += [
            f"  {a.ctype} *a{a.index} = static_cast<{a.ctype} *>(tm_alloc({a.nbytes}));"
            f"  // %{_c_comment(a.name)}: {_c_comment(a.type)}",
            f'  if (a{a.index} == nullptr || !tm_read(dir + "/arg{a.index}.in", '
            f"a{a.index}, {a.nbytes})) return 2;",
        ]
    for position, a in enumerate(scalars):
        lines += _scalar_lines(a, position)
    call_args = ", ".join(f"a{a.index}" for a in sig.args)
    lines += [
        "  try {",
        f"    {dk.namespace}::{sig.name}({call_args});",
        "  } catch (const std::exception &e) {",
        f'    std::fprintf(stderr, "tilemem-driver: {label} threw: %s\\n", e.what());',
        "    return 3;",
        "  }",
    ]
    for a in tensors:
        lines.append(
            f'  if (!tm_write(dir + "/arg{a.index}.out", a{a.index}, {a.nbytes})) return 2;'
        )
    lines += [
        f'  std::printf("tilemem-driver: {label} ran\\n");',
        "  return 0;",
        "}",
    ]
    return "\n".join(lines) + "\n"


def driver_source(kernels: Sequence[DriverKernel]) -> str:
    """The C++ text of a host driver for `kernels` (each included inside its
    own namespace, so several kernels share one translation unit). The
    driver includes no pto-isa header itself: the kernel files do, and the
    compile prelude (-include) provides pto/pto-inst.hpp first."""
    namespaces = [dk.namespace for dk in kernels]
    if len(set(namespaces)) != len(namespaces):
        raise ValueError("each kernel of a driver needs its own namespace")
    parts = [_DRIVER_HEAD]
    for dk in kernels:
        parts.append(
            f"\nnamespace {dk.namespace} {{\n#include {_cxx_string(dk.include)}\n"
            f"}}  // namespace {dk.namespace}\n"
        )
    parts.append(_DRIVER_HELPERS)
    for k, dk in enumerate(kernels):
        parts.append("\n" + _run_function(k, dk))
    parts.append("\n}  // namespace\n")
    cases = "\n".join(
        f"  case {k}:\n    return tm_run_{k}(dir, argc - 3, argv + 3);" for k in range(len(kernels))
    )
    parts.append(
        "\nint main(int argc, char **argv) {\n"
        "  if (argc < 3) {\n"
        '    std::fprintf(stderr, "usage: %s KERNEL DIR [SCALAR...]\\n", argv[0]);\n'
        "    return 2;\n"
        "  }\n"
        "  long long kernel;\n"
        f"  if (!tm_int(argv[1], 0, {max(len(kernels) - 1, 0)}, &kernel)) return 2;\n"
        "  std::string dir = argv[2];\n"
        "  switch (kernel) {\n"
        f"{cases}\n"
        "  }\n"
        "  return 2;\n"
        "}\n"
    )
    return "".join(parts)


# ===----------------------------------------------------------------------=== #
# The C++ compiler: prelude, patched header, precompiled header
# ===----------------------------------------------------------------------=== #

_PRELUDE = """// tilemem.testing.toolchain compile prelude (g++ -include).
// g++ 12: pto/common/type.hpp uses uint8_t without including <cstdint>.
#include <cstdint>
#include <pto/pto-inst.hpp>
"""

_PCH_FORMAT = "1"


@dataclasses.dataclass
class CompilerSetup:
    """Everything a driver compile needs: the compiler, the flags, the
    include directories (the patched one first), the prelude and, with
    ``pch``, the directory holding the precompiled prelude."""

    cxx: str
    flags: tuple[str, ...]
    include_first: str
    pto_isa: str
    prelude: str
    pch: bool
    key: str
    seconds: float = 0.0  # spent preparing (0 when the cache had it)

    def command(self, source: str, output: str | None) -> list[str]:
        """The g++ command compiling `source` to the executable `output`
        (None: ``-fsyntax-only``, templates instantiated, no code)."""
        return (
            [
                self.cxx,
                *self.flags,
                "-include",
                self.prelude,
                "-I",
                self.include_first,
                "-I",
                self.pto_isa,
            ]
            + (["-Winvalid-pch"] if self.pch else [])
            + ([source, "-o", output] if output else ["-fsyntax-only", source])
        )


def _compiler_identity(cxx: str) -> str:
    try:
        out = subprocess.run([cxx, "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError) as error:
        raise ToolchainUnavailable(f"{cxx} does not run: {error}") from error
    return os.path.realpath(shutil.which(cxx) or cxx) + "\n" + out.splitlines()[0] if out else cxx


def _tree_fingerprint(include: str) -> str:
    """A digest of every file's relative path, size and mtime under the
    pto-isa include directory (cheap: no file is read)."""
    digest = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(include):
        dirnames.sort()
        for f in sorted(filenames):
            path = os.path.join(dirpath, f)
            st = os.stat(path)
            digest.update(
                f"{os.path.relpath(path, include)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode()
            )
    return digest.hexdigest()


def _patched_treduceidx(pto_isa: str) -> str:
    path = os.path.join(pto_isa, "pto", "cpu", "TReduceIdx.hpp")
    with open(path) as f:
        text = f.read()
    return re.sub(r"static_assert\(\s*false\s*,", "static_assert(sizeof(DType) == 0,", text)


def prepare_compiler(tools: Tools, pch: bool = True) -> CompilerSetup:
    """The compile setup for `tools`, made once per key in the cache
    (``<cache>/cxx-<key>/``: ``include-first/pto/cpu/TReduceIdx.hpp``,
    ``prelude/prelude.h`` and, with `pch`, ``pch/prelude.h`` +
    ``prelude.h.gch``). The key covers the compiler (path and version), the
    flags, the pto-isa include path and its files' fingerprint, the patched
    header and the prelude. Every file is written under a temporary name and
    renamed into place, so concurrent users never see half a cache entry
    (until the .gch exists, g++ simply parses the prelude)."""
    patched = _patched_treduceidx(tools.pto_isa)
    digest = hashlib.sha256()
    for part in (
        _PCH_FORMAT,
        _compiler_identity(tools.cxx),
        " ".join(CXX_FLAGS),
        os.path.realpath(tools.pto_isa),
        _tree_fingerprint(tools.pto_isa),
        patched,
        _PRELUDE,
    ):
        digest.update(part.encode())
        digest.update(b"\0")
    key = digest.hexdigest()[:16]
    root = os.path.join(cache_dir(), f"cxx-{key}")
    started = time.perf_counter()
    built = False
    if not os.path.isfile(os.path.join(root, "prelude", "prelude.h")):
        os.makedirs(cache_dir(), exist_ok=True)
        tmp = tempfile.mkdtemp(prefix=f".cxx-{key}.", dir=cache_dir())
        try:
            os.makedirs(os.path.join(tmp, "include-first", "pto", "cpu"))
            with open(os.path.join(tmp, "include-first", "pto", "cpu", "TReduceIdx.hpp"), "w") as f:
                f.write(patched)
            os.makedirs(os.path.join(tmp, "prelude"))
            with open(os.path.join(tmp, "prelude", "prelude.h"), "w") as f:
                f.write(_PRELUDE)
            try:
                os.rename(tmp, root)
                built = True
            except OSError:
                pass  # another process made it
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    include_first = os.path.join(root, "include-first")
    prelude = os.path.join(root, "prelude", "prelude.h")
    if pch:
        # Built in place (the .gch records its header's path, which then
        # appears in diagnostics) under a temporary name, renamed when done.
        pch_dir = os.path.join(root, "pch")
        header = os.path.join(pch_dir, "prelude.h")
        gch = header + ".gch"
        if not os.path.isfile(gch):
            os.makedirs(pch_dir, exist_ok=True)
            if not os.path.isfile(header):
                tmp_header = f"{header}.{os.getpid()}.tmp"
                with open(tmp_header, "w") as f:
                    f.write(_PRELUDE)
                os.replace(tmp_header, header)
            tmp_gch = f"{gch}.{os.getpid()}.tmp"
            cmd = [
                tools.cxx,
                *CXX_FLAGS,
                "-x",
                "c++-header",
                "-I",
                include_first,
                "-I",
                tools.pto_isa,
                header,
                "-o",
                tmp_gch,
            ]
            try:
                proc = subprocess.run(cmd, capture_output=True, text=True, timeout=CXX_TIMEOUT)
                if proc.returncode != 0:
                    raise ToolchainUnavailable(
                        "cannot precompile the pto-isa prelude:\n" + proc.stderr[-4000:]
                    )
                os.replace(tmp_gch, gch)
                built = True
            finally:
                if os.path.exists(tmp_gch):
                    os.unlink(tmp_gch)
        prelude = header
    seconds = time.perf_counter() - started if built else 0.0
    return CompilerSetup(
        tools.cxx, CXX_FLAGS, include_first, tools.pto_isa, prelude, pch, key, seconds
    )


# ===----------------------------------------------------------------------=== #
# ptoas
# ===----------------------------------------------------------------------=== #


@dataclasses.dataclass
class PtoasOutcome:
    """``status``: accepted / rejected / crashed / timeout; ``message``: the
    diagnostics (error lines, or the assertion); ``signal``: the signal name
    of a crash; ``returncode``; ``stderr``: everything ptoas printed there
    (it prints its pass dumps too); ``command``."""

    status: str
    message: str
    returncode: int | None
    signal: str | None
    stderr: str
    command: list[str]
    seconds: float


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run_timed(cmd: list[str], timeout: float, env: dict[str, str] | None = None):
    """subprocess.run with captured text output; returns (process or None on
    timeout, wall seconds, CPU seconds of the child, timeout stderr)."""
    started, cpu = time.perf_counter(), _children_cpu()
    try:
        proc = subprocess.run(
            cmd, capture_output=True, text=True, errors="replace", timeout=timeout, env=env
        )
        late = ""
    except subprocess.TimeoutExpired as error:
        proc = None
        late = error.stderr or b""
        if isinstance(late, bytes):
            late = late.decode("utf-8", "replace")
    return proc, time.perf_counter() - started, _children_cpu() - cpu, late


_CRASH_MARKERS = (
    "PLEASE submit a bug report",
    "Stack dump:",
    "Assertion `",
    "LLVM ERROR:",
    "Segmentation fault",
    "Aborted",
)


def _error_lines(text: str, limit: int = 12) -> str:
    lines = text.splitlines()
    keep = []
    for i, line in enumerate(lines):
        if re.search(r"\berror\b", line, re.IGNORECASE):
            keep.append(line.strip())
            for follow in lines[i + 1 : i + 3]:
                if "note:" in follow:
                    keep.append(follow.strip())
        if len(keep) >= limit:
            break
    return "\n".join(keep)


def _crash_message(text: str) -> str:
    for line in text.splitlines():
        if "Assertion `" in line or "LLVM ERROR:" in line:
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    for i, line in enumerate(lines):
        if line.startswith("Stack dump:"):
            return " | ".join(l.strip() for l in lines[max(0, i - 2) : i + 3])
    return " | ".join(lines[-3:])


def run_ptoas(
    ptoas: str,
    pto_path: str,
    cpp_path: str,
    level: str,
    arch: str | None,
    insert_sync: bool = True,
    timeout: float = PTOAS_TIMEOUT,
) -> PtoasOutcome:
    """Runs ptoas on `pto_path` writing `cpp_path`, and classifies the
    outcome (see :class:`PtoasOutcome`)."""
    cmd = [ptoas, f"--pto-level={level}"]
    if arch:
        cmd.append(f"--pto-arch={arch}")
    if insert_sync:
        cmd.append("--enable-insert-sync")
    cmd += [pto_path, "-o", cpp_path]
    if os.path.exists(cpp_path):
        os.unlink(cpp_path)
    proc, seconds, _, late = _run_timed(cmd, timeout)
    if proc is None:
        return PtoasOutcome(
            "timeout", f"ptoas did not finish in {timeout} s", None, None, late, cmd, seconds
        )
    err = proc.stderr + (("\n" + proc.stdout) if proc.stdout.strip() else "")
    rc = proc.returncode
    if rc < 0:
        try:
            name = _signal.Signals(-rc).name
        except ValueError:
            name = f"signal {-rc}"
        return PtoasOutcome("crashed", _crash_message(err) or name, rc, name, err, cmd, seconds)
    if rc != 0 and any(m in err for m in _CRASH_MARKERS):
        name = None
        if rc > 128:
            try:
                name = _signal.Signals(rc - 128).name
            except ValueError:
                pass
        return PtoasOutcome("crashed", _crash_message(err), rc, name or "abort", err, cmd, seconds)
    if rc != 0:
        message = _error_lines(err) or "\n".join(err.strip().splitlines()[-5:])
        return PtoasOutcome("rejected", message or f"exit status {rc}", rc, None, err, cmd, seconds)
    if not os.path.isfile(cpp_path) or os.path.getsize(cpp_path) == 0:
        return PtoasOutcome(
            "rejected", "exit status 0 but no C++ written", rc, None, err, cmd, seconds
        )
    return PtoasOutcome("accepted", "", rc, None, err, cmd, seconds)


def check_with_ptoas(
    pto_text: str,
    level: str,
    arch: str | None = None,
    ptoas: str | None = None,
    insert_sync: bool = True,
) -> PtoasOutcome:
    """What real ptoas does with `pto_text` at `level` (in a temporary
    directory): the :class:`PtoasOutcome` of :func:`run_ptoas`. `ptoas`
    defaults to :func:`find_ptoas`; :class:`ToolchainUnavailable` when there
    is none. This is tilemem's check of emitted PTO: it replaced the
    syntax checker tilemem.pto_check, which accepted every text ptoas
    rejected (docs/pto-emission.md)."""
    ptoas = ptoas or find_ptoas()
    if ptoas is None:
        raise ToolchainUnavailable(
            "ptoas not found: set TILEMEM_PTOAS or run scripts/build-ptoas.sh"
        )
    with tempfile.TemporaryDirectory(prefix="tilemem-ptoas-") as work:
        pto_path = os.path.join(work, "kernel.pto")
        with open(pto_path, "w") as f:
            f.write(pto_text)
        return run_ptoas(
            ptoas, pto_path, os.path.join(work, "kernel.cpp"), level, arch, insert_sync
        )


_CPP_KERNEL_RE = re.compile(r"__global__\s+AICORE\s+void\s+(\w+)\s*\(([^)]*)\)")


def cpp_kernel_params(cpp: str, name: str) -> list[str] | None:
    """The parameter types of kernel `name` in ptoas's C++ (qualifiers
    ``__gm__`` and parameter names dropped), or None when it is not there."""
    for m in _CPP_KERNEL_RE.finditer(cpp):
        if m.group(1) != name:
            continue
        params = []
        for p in (s.strip() for s in m.group(2).split(",")):
            if not p:
                continue
            p = re.sub(r"\b__gm__\b", "", p)
            p = re.sub(r"\s*\*\s*", "* ", p).strip()
            p = re.sub(r"\s+\w+$", "", p)  # the parameter name
            params.append(re.sub(r"\s+", "", p))
        return params
    return None


# ===----------------------------------------------------------------------=== #
# Results
# ===----------------------------------------------------------------------=== #


@dataclasses.dataclass
class StageOutcome:
    """``status``: ok / failed / skipped (a skipped stage was not needed or
    cannot be checked, e.g. bf16 outputs); ``message``; ``seconds``."""

    name: str
    status: str
    message: str = ""
    seconds: float = 0.0
    detail: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class OutputCheck:
    """One tensor argument after the run. ``result``: the function result
    compared with it (None: the argument is compared with its input, or not
    at all when ``checked`` is False, see ``note``). ``mismatches`` of
    ``total`` elements (``poison`` reference elements not compared);
    ``max_abs_error``; ``first``: (row, col, reference, simulator) of the
    first mismatch."""

    arg: int
    name: str
    type: str
    result: int | None
    checked: bool
    total: int = 0
    mismatches: int = 0
    poison: int = 0
    max_abs_error: float = 0.0
    first: tuple[int, int, Any, Any] | None = None
    note: str = ""

    def describe(self) -> str:
        what = f"%{self.name} (arg {self.arg}, {self.type[len('!tile.tensor<') : -1]})"
        if self.result is not None:
            what += f" = result {self.result}"
        elif self.checked:
            what += " unchanged"
        if not self.checked:
            return f"{what}: not compared ({self.note})"
        text = f"{what}: {self.mismatches} of {self.total} mismatch"
        if self.max_abs_error:
            text += f", max |err| {self.max_abs_error:.3g}"
        if self.first is not None:
            r, c, ref, got = self.first
            text += f", first at ({r}, {c}): reference {ref!r}, simulator {got!r}"
        if self.poison:
            text += f", {self.poison} poison element(s) not compared"
        if self.note:
            text += f" ({self.note})"
        return text


@dataclasses.dataclass
class ChainResult:
    """The outcome of one kernel through the chain. ``stage``: the stage
    that failed, or ``compare`` when every stage passed (``ok``);
    ``stages``: each attempted stage's :class:`StageOutcome`; ``ptoas``: its
    :class:`PtoasOutcome`; ``outputs``: one :class:`OutputCheck` per tensor
    argument; ``messages``; ``failure_class``: a known class
    (``KNOWN_CLASSES``) the failure matches, if any; ``files``: paths of the
    intermediate files (kept only with ``keep``)."""

    kernel: str
    planner: str
    level: str
    arch: str
    stage: str = "emit"
    ok: bool = False
    stages: dict[str, StageOutcome] = dataclasses.field(default_factory=dict)
    ptoas: PtoasOutcome | None = None
    outputs: list[OutputCheck] = dataclasses.field(default_factory=list)
    messages: list[str] = dataclasses.field(default_factory=list)
    failure_class: str | None = None
    files: dict[str, str] = dataclasses.field(default_factory=dict)
    signature: KernelSignature | None = None
    inputs: list | None = None
    kernel_text: str = dataclasses.field(default="", repr=False)
    pto_text: str = dataclasses.field(default="", repr=False)

    @property
    def mismatches(self) -> dict[str, int]:
        return {o.name: o.mismatches for o in self.outputs if o.checked}

    def _set(self, outcome: StageOutcome) -> StageOutcome:
        self.stages[outcome.name] = outcome
        self.stage = outcome.name
        return outcome

    def report(self) -> str:
        head = f"{self.kernel} [{self.planner} {self.level} {self.arch}]: "
        head += "PASS" if self.ok else f"FAIL at {self.stage}"
        if self.failure_class:
            head += f" ({self.failure_class})"
        lines = [head]
        for name in STAGES:
            s = self.stages.get(name)
            if s is None:
                continue
            status = s.status
            if name == "ptoas" and self.ptoas is not None:
                status = self.ptoas.status
                if self.ptoas.signal:
                    status += f" ({self.ptoas.signal})"
            line = f"  {name:<8} {status:<10} {s.seconds:7.3f}s"
            if s.message:
                msg = s.message.strip().splitlines()
                line += "  " + msg[0]
                lines.append(line)
                lines.extend("      " + m for m in msg[1:8])
            else:
                lines.append(line)
            if name == "compare":
                lines.extend("      " + o.describe() for o in self.outputs)
        for m in self.messages:
            lines.append("  note: " + m)
        return "\n".join(lines)

    def to_dict(self) -> dict:
        d = {
            "kernel": self.kernel,
            "planner": self.planner,
            "level": self.level,
            "arch": self.arch,
            "stage": self.stage,
            "ok": self.ok,
            "failure_class": self.failure_class,
            "messages": list(self.messages),
            "stages": {k: dataclasses.asdict(v) for k, v in self.stages.items()},
            "outputs": [dataclasses.asdict(o) for o in self.outputs],
            "files": dict(self.files),
        }
        if self.ptoas is not None:
            p = dataclasses.asdict(self.ptoas)
            p["stderr"] = p["stderr"][-4000:]
            d["ptoas"] = p
        return d


# Known failure classes (found by /work/shared/ptoas/README.md,
# /work/shared/pto-isa/README.md and this harness; docs/pto-emission.md,
# "Running on the simulator"): name -> (stage, regex over the stage's
# diagnostics, what it is). A kernel can have several; the first matching
# entry names it.
KNOWN_CLASSES: dict[str, tuple[str, str, str]] = {
    "ptoas-while-nest-crash": (
        "ptoas",
        r"cast<.*scf::YieldOp|SCFWhileToCF|YieldOp.*isa",
        "ptoas asserts in SCFWhileToCF on an scf.while nested in an scf.while",
    ),
    "transposed-view-row-major": (
        "ptoas",
        r"to use row-major layout|row_major blayout",
        "a transposed view is a col_major treshape fed to ops whose verifiers want row_major",
    ),
    "subset-before-memref": (
        "ptoas",
        r"pto\.subset source must be lowered to memref first",
        "ptoas lowers pto.subset before pto.treshape",
    ),
    "if-result-not-memref": (
        "ptoas",
        r"ins/outs are not memref yet",
        "ptoas retypes tile-typed scf.if results after the compute ops",
    ),
    "prologue-alloc-overflow": (
        "ptoas",
        r"overflow, requires \d+ bits while \d+ bits available",
        "every alloc_tile in the prologue keeps every buffer live across the loop",
    ),
    "tile-pointer-cast": (
        "compile",
        r"(invalid|cannot convert|no matching).*Tile<.*(__ubuf__|\*)"
        r"|(__ubuf__|\*)\).*Tile<|which is of non-class type .\w+\*",
        "ptoas casts a tile-typed scf.if result / block argument to a pointer",
    ),
    "transposed-view-row-major-cxx": (
        "compile",
        r"TileType of src and dst tiles must be Row Major",
        "the transposed-view class caught by pto-isa: ptoas's verifier lets a col_major "
        "source through to TADDS/TMULS, whose implementation wants row-major tiles",
    ),
    "boxed-tile-too-small": (
        "compile",
        r"Layout (rows|cols) must be divisible by inner box",
        "pto-isa rejects boxed tiles smaller than the fractal box (e.g. 8x8 f32)",
    ),
    "vec-row-not-32B": (
        "compile",
        r"Rows must be 32 bytes align",
        "pto-isa rejects row-major vec tiles whose rows are not 32-byte multiples",
    ),
    "layout-blind-handle-map": (
        "compare",
        r"",
        "level3: a transposed view of a square RxR tile has no col_major RxR alloc_tile "
        "(the PTO handle map ignores the layout), so x op transpose(x) reads x twice",
    ),
}

_SQUARE_VIEW = re.compile(
    r"tile\.transpose_view\s+%[\w#]+\s*:\s*!tile\.tile<(\d+)x(\d+)x\w+,\s*vec>"
)


def _layout_blind_handles(kernel: str, pto_text: str, level: str) -> bool:
    """A level3 emission of a square transposed view without its col_major
    handle (KNOWN_CLASSES["layout-blind-handle-map"])."""
    if level != "level3":
        return False
    for m in _SQUARE_VIEW.finditer(kernel):
        r, c = m.groups()
        if r != c:
            continue
        col = f"rows={r}, cols={r}, v_row={r}, v_col={r}, blayout=col_major"
        if not any(col in line for line in pto_text.splitlines() if "pto.alloc_tile" in line):
            return True
    return False


def classify_failure(result: ChainResult) -> str | None:
    """The first known class (``KNOWN_CLASSES``, in order) a failed
    result matches, if any: by its stage's diagnostics, and for a compare
    failure by the kernel and the PTO (layout-blind-handle-map)."""
    if result.ok:
        return None
    stage = result.stages.get(result.stage)
    if stage is None:
        return None
    text = stage.message
    if result.stage == "ptoas" and result.ptoas is not None:
        text += "\n" + result.ptoas.stderr[-20000:]
    if result.stage == "compile":
        text += "\n" + str(stage.detail.get("stderr", ""))[-50000:]
    if result.stage == "compare":
        if _layout_blind_handles(result.kernel_text, result.pto_text, result.level):
            return "layout-blind-handle-map"
        return None
    for name, (where, pattern, _) in KNOWN_CLASSES.items():
        if where == result.stage and pattern and re.search(pattern, text):
            return name
    return None


# ===----------------------------------------------------------------------=== #
# Comparison
# ===----------------------------------------------------------------------=== #


def _compare_arrays(
    ref: np.ndarray, got: np.ndarray, elem: str, poison: np.ndarray | None
) -> tuple[int, int, float, tuple | None]:
    """(mismatches, poison, max abs error, first mismatch) of `got` against
    `ref` under the element type's tolerance."""
    mask = np.zeros(ref.shape, bool) if poison is None else np.asarray(poison, bool)
    if elem in TOLERANCES:
        rtol, atol = TOLERANCES[elem]
        r = ref.astype(np.float64)
        g = got.astype(np.float64)
        with np.errstate(all="ignore"):
            same = (r == g) | (np.isnan(r) & np.isnan(g))
            finite = np.isfinite(r) & np.isfinite(g)
            ref_finite = np.isfinite(r) & ~mask
            scale = max(1.0, float(np.max(np.abs(r[ref_finite])))) if ref_finite.any() else 1.0
            err = np.where(finite, np.abs(g - r), 0.0)
            close = finite & (err <= rtol * np.abs(r) + atol * scale)
        bad = ~(same | close) & ~mask
        max_err = float(np.max(np.where(finite & ~mask, err, 0.0))) if r.size else 0.0
    else:
        bad = (ref != got) & ~mask
        with np.errstate(all="ignore"):
            diff = np.abs(ref.astype(np.int64) - got.astype(np.int64))
        max_err = float(np.max(np.where(~mask, diff, 0))) if ref.size else 0.0
    first = None
    if bad.any():
        i, j = (int(x) for x in np.argwhere(bad)[0])
        first = (i, j, ref[i, j].item(), got[i, j].item())
    return int(bad.sum()), int(mask.sum()), max_err, first


def _compare(
    result: ChainResult,
    sig: KernelSignature,
    inputs: list,
    ref_inputs: list,
    job_dir: str,
    text: str,
    mode: str = "value",
) -> StageOutcome:
    from tilemem.testing import interp

    started = time.perf_counter()
    try:
        ref = interp.run(text, ref_inputs, mode=mode, function=sig.name)
    except Exception as error:  # the interpreter cannot run the kernel
        return StageOutcome(
            "compare",
            "failed",
            f"reference interpreter failed: {error}",
            time.perf_counter() - started,
        )
    by_arg: dict[int, list[int]] = {}
    for k, a in enumerate(sig.results):
        if a is not None:
            by_arg.setdefault(a, []).append(k)
    untraced = [k for k, a in enumerate(sig.results) if a is None]
    checks: list[OutputCheck] = []
    skipped = False
    for a in sig.args:
        if a.kind != "tensor":
            continue
        path = os.path.join(job_dir, f"arg{a.index}.out")
        raw = np.fromfile(path, dtype=a.dtype) if os.path.isfile(path) else None
        if raw is None or raw.size != a.numel:
            checks.append(
                OutputCheck(
                    a.index, a.name, a.type, None, False, note="the driver wrote no complete output"
                )
            )
            continue
        got = raw.reshape(a.rows, a.cols)
        pairs: list[tuple[int | None, np.ndarray, np.ndarray | None]] = []
        note = ""
        if a.index in by_arg:
            for k in by_arg[a.index]:
                pairs.append((k, np.asarray(ref.outputs[k]), ref.poison[k]))
            if len(by_arg[a.index]) > 1:
                note = "several results are versions of this argument"
        elif a.index in sig.stored:
            checks.append(
                OutputCheck(
                    a.index, a.name, a.type, None, False, note="stored into but not returned"
                )
            )
            continue
        else:
            pairs.append((None, np.asarray(ref_inputs[a.index]).astype(a.dtype), None))
        if a.elem == "bf16":
            for k, _, _ in pairs:
                checks.append(
                    OutputCheck(
                        a.index,
                        a.name,
                        a.type,
                        k,
                        False,
                        note="bf16 is a placeholder type in pto-isa with g++ 12",
                    )
                )
            skipped = True
            continue
        for k, expected, poison in pairs:
            expected = expected.astype(a.dtype, copy=False).reshape(a.rows, a.cols)
            bad, npoison, max_err, first = _compare_arrays(expected, got, a.elem, poison)
            checks.append(
                OutputCheck(
                    a.index, a.name, a.type, k, True, a.numel, bad, npoison, max_err, first, note
                )
            )
    result.outputs = checks
    seconds = time.perf_counter() - started
    failures = [c for c in checks if c.checked and c.mismatches]
    problems = []
    if untraced:
        problems.append(
            f"result(s) {untraced} cannot be traced to one tensor argument: not compared"
        )
    missing = [c for c in checks if not c.checked and "no complete output" in c.note]
    if failures or missing:
        total = sum(c.mismatches for c in failures)
        msg = (
            f"{total} mismatching element(s) in {', '.join('%' + c.name for c in failures)}"
            if failures
            else "outputs missing"
        )
        return StageOutcome("compare", "failed", "; ".join([msg] + problems), seconds)
    if untraced:
        return StageOutcome("compare", "failed", "; ".join(problems), seconds)
    if skipped and not any(c.checked and c.result is not None for c in checks):
        return StageOutcome("compare", "skipped", "bf16 outputs cannot be checked", seconds)
    return StageOutcome("compare", "ok", "", seconds)


# ===----------------------------------------------------------------------=== #
# The chain
# ===----------------------------------------------------------------------=== #


@dataclasses.dataclass
class Job:
    """One kernel to run: ``kernel`` (MLIR text, a path or an ir.Module),
    ``memory_planner``, ``level`` (auto: the planner's), ``seed`` of the
    inputs, ``scalars`` {argument index: value}, ``function`` (default: the
    entry), ``enable_buffer_ir`` / ``arch`` (None: tilemem.compile's
    defaults), ``insert_sync`` (``--enable-insert-sync``), ``name`` (for
    reports and file names), ``memory_fill``: the byte the simulated
    on-chip memories are filled with before the kernel runs (default 0xff,
    so a read of a byte nobody wrote is a NaN or -1, not the simulator's
    0; None keeps the zeros). Testing hooks: ``pto_filter`` rewrites the
    emitted PTO before ptoas reads it; ``cpp_filter`` rewrites ptoas's
    C++ before it is compiled; ``reference_inputs`` replaces the inputs
    given to the interpreter (the simulator keeps the seeded ones).
    ``legalized``: the kernel is already storage-legalized (and, for
    level3, addressed), as the PTO goldens of test/Target/PTO are: it is
    emitted as it is with ``tilemem.pto.emit`` at ``level`` (auto: level3
    when every tile.alloc has an address; ``memory_planner`` then only
    names the job), and the interpreter's storage mode (addresses applied)
    is the reference, since the kernel's ``into`` clauses and
    ``tile.create`` read storage."""

    kernel: Any
    memory_planner: str = "pypto"
    level: str = "auto"
    seed: int = 0
    scalars: dict[int, Any] | None = None
    function: str | None = None
    enable_buffer_ir: bool | None = None
    arch: str | None = None
    insert_sync: bool = True
    name: str | None = None
    memory_fill: int | None = 0xFF
    pto_filter: Callable[[str], str] | None = None
    cpp_filter: Callable[[str], str] | None = None
    reference_inputs: list | None = None
    legalized: bool = False


def _kernel_label(job: Job, text: str) -> str:
    if job.name:
        return job.name
    if (
        isinstance(job.kernel, (str, os.PathLike))
        and "\n" not in str(job.kernel)
        and str(job.kernel).endswith(".mlir")
    ):
        return os.path.splitext(os.path.basename(str(job.kernel)))[0]
    m = re.search(r"func\.func\s+(?:\w+\s+)?@([\w$.-]+)", text)
    return m.group(1) if m else "kernel"


def _scalar_argv(a: ArgSpec, value) -> str:
    if a.type == "i1":
        return "1" if bool(value) else "0"
    if a.type in _INT_RANGES:
        return str(int(value))
    v = float(value)
    if v != v:
        return "nan"
    if v in (float("inf"), float("-inf")):
        return "inf" if v > 0 else "-inf"
    return v.hex()


def _safe(name: str) -> str:
    return re.sub(r"[^\w.-]+", "_", name)[:80] or "kernel"


def _emit(job: Job, text: str, result: ChainResult) -> str | None:
    import tilemem
    from tilemem import pto

    started = time.perf_counter()
    if job.legalized:
        try:
            from tilemem import ir

            with ir.Context(), ir.Location.unknown():
                module = ir.Module.parse(text)
                arch = (
                    module.operation.attributes["tile.target_arch"]
                    if "tile.target_arch" in module.operation.attributes
                    else None
                )
                out = pto.emit(module, level=job.level)
            result.arch = job.arch or (str(arch).strip('"') if arch is not None else "a3")
            result.level = (
                job.level
                if job.level != "auto"
                else ("level3" if "pto.alloc_tile addr = " in out else "level2")
            )
        except Exception as error:
            result._set(
                StageOutcome("emit", "failed", str(error).strip(), time.perf_counter() - started)
            )
            return None
        result._set(
            StageOutcome(
                "emit",
                "ok",
                "",
                time.perf_counter() - started,
                {"alloc_tiles": out.count("pto.alloc_tile")},
            )
        )
        return out
    try:
        compiled = tilemem.compile(
            text,
            memory_planner=job.memory_planner,
            enable_buffer_ir=job.enable_buffer_ir,
            arch=job.arch,
        )
        result.arch = compiled.options["arch"]
        level = compiled.options["pto_level"] if job.level == "auto" else job.level
        result.level = level
        out = compiled.pto
        if level != compiled.options["pto_level"]:
            with compiled.module.context:
                out = pto.emit(compiled.module, level=level)
    except Exception as error:
        result._set(
            StageOutcome("emit", "failed", str(error).strip(), time.perf_counter() - started)
        )
        return None
    result._set(
        StageOutcome(
            "emit",
            "ok",
            "",
            time.perf_counter() - started,
            {"alloc_tiles": out.count("pto.alloc_tile")},
        )
    )
    return out


def _prepare_job(job: Job, work: str, tools: Tools, index: int):
    """Emit, ptoas and the inputs of one job; returns (result, state) where
    state is None when the chain stopped."""
    from tilemem.compiler import _load_kernel

    try:
        text, _ = _load_kernel(job.kernel)
    except Exception as error:
        result = ChainResult(
            str(job.name or job.kernel)[:60], job.memory_planner, job.level, job.arch or "a3"
        )
        result._set(StageOutcome("emit", "failed", f"cannot read the kernel: {error}"))
        return result, None
    label = _kernel_label(job, text)
    result = ChainResult(label, job.memory_planner, job.level, job.arch or "a3")
    job_dir = os.path.join(work, f"{index:03d}-{_safe(label)}-{_safe(job.memory_planner)}")
    os.makedirs(job_dir, exist_ok=True)
    result.files["dir"] = job_dir
    with open(os.path.join(job_dir, "kernel.mlir"), "w") as f:
        f.write(text)
    try:
        sig = kernel_signature(text, job.function)
    except Exception as error:
        result._set(StageOutcome("emit", "failed", f"kernel signature: {error}"))
        return result, None
    result.signature = sig
    result.kernel_text = text
    pto_text = _emit(job, text, result)
    if pto_text is None:
        return result, None
    if job.pto_filter is not None:
        pto_text = job.pto_filter(pto_text)
        result.messages.append("the PTO was rewritten by pto_filter before ptoas")
    result.pto_text = pto_text
    pto_path = os.path.join(job_dir, "kernel.pto")
    cpp_path = os.path.join(job_dir, "kernel.cpp")
    with open(pto_path, "w") as f:
        f.write(pto_text)
    result.files["pto"] = pto_path
    outcome = run_ptoas(tools.ptoas, pto_path, cpp_path, result.level, result.arch, job.insert_sync)
    result.ptoas = outcome
    with open(os.path.join(job_dir, "ptoas.log"), "w") as f:
        f.write(" ".join(outcome.command) + "\n" + outcome.stderr)
    result._set(
        StageOutcome(
            "ptoas",
            "ok" if outcome.status == "accepted" else "failed",
            outcome.message,
            outcome.seconds,
            {"status": outcome.status, "signal": outcome.signal},
        )
    )
    if outcome.status != "accepted":
        return result, None
    result.files["cpp"] = cpp_path
    with open(cpp_path) as f:
        cpp = f.read()
    if job.cpp_filter is not None:
        cpp = job.cpp_filter(cpp)
        with open(cpp_path, "w") as f:
            f.write(cpp)
        result.messages.append("the C++ was rewritten by cpp_filter before compiling")
    # The kernel's C++ signature must be the one the driver assumes.
    params = cpp_kernel_params(cpp, sig.name)
    expected = [a.param for a in sig.args]
    if params is None:
        result._set(
            StageOutcome(
                "compile",
                "failed",
                f"no kernel @{sig.name} (__global__ AICORE void) in ptoas's C++",
            )
        )
        return result, None
    if params != expected:
        result._set(
            StageOutcome(
                "compile",
                "failed",
                f"ptoas's C++ signature ({', '.join(params)}) is not the "
                f"expected ({', '.join(expected)})",
            )
        )
        return result, None
    # Inputs: the same arrays go to the simulator (files) and the interpreter.
    from tilemem.testing import interp

    try:
        inputs = interp.random_inputs(text, function=sig.name, seed=job.seed, scalars=job.scalars)
    except Exception as error:
        result._set(StageOutcome("compile", "failed", f"cannot make inputs: {error}"))
        return result, None
    result.inputs = inputs
    argv = []
    for a in sig.args:
        if a.kind == "tensor":
            arr = np.ascontiguousarray(np.asarray(inputs[a.index]).astype(a.dtype, copy=False))
            arr.tofile(os.path.join(job_dir, f"arg{a.index}.in"))
        else:
            argv.append(_scalar_argv(a, inputs[a.index]))
    state = {
        "text": text,
        "sig": sig,
        "dir": job_dir,
        "cpp": cpp_path,
        "argv": argv,
        "inputs": inputs,
        "job": job,
    }
    return result, state


def _gxx(setup: CompilerSetup, source: str, exe: str | None, log: str):
    cmd = setup.command(source, exe)
    proc, seconds, cpu, _ = _run_timed(cmd, CXX_TIMEOUT)
    if proc is None:
        ok, err = False, f"g++ did not finish in {CXX_TIMEOUT} s"
    else:
        ok, err = proc.returncode == 0, proc.stderr
    with open(log, "w") as f:
        f.write(" ".join(cmd) + "\n" + err)
    return ok, (seconds, cpu), err, cmd


def _compile(
    setup: CompilerSetup,
    kernels: list[DriverKernel],
    directory: str,
    name: str,
    syntax_only: bool = False,
):
    """Writes the driver of `kernels` to DIRECTORY/NAME.cpp and compiles it
    (or only checks it); returns (ok, exe, (wall, cpu), stderr, command)."""
    source = os.path.join(directory, f"{name}.cpp")
    exe = None if syntax_only else os.path.join(directory, name)
    with open(source, "w") as f:
        f.write(driver_source(kernels))
    ok, times, err, cmd = _gxx(setup, source, exe, os.path.join(directory, f"{name}.log"))
    return ok, exe, times, err, cmd


_TILE_TYPE = re.compile(r"\bTile<[^<>;{}()]*>")


def _probe_tile_types(setup: CompilerSetup, cpps: dict[int, str], directory: str):
    """pto-isa checks tile shapes and layouts with static assertions in
    ``pto::Tile`` itself, which g++ reports once per type however many
    kernels use it. One front-end-only unit declares every distinct Tile
    type of `cpps` ({job: kernel C++ path}) once; returns ({job: the errors
    of its failing types}, (wall, cpu), command)."""
    types: dict[str, list[int]] = {}
    for i, path in cpps.items():
        with open(path) as f:
            for t in set(re.sub(r"\s+", " ", m) for m in _TILE_TYPE.findall(f.read())):
                types.setdefault(t, []).append(i)
    if not types:
        return {}, (0.0, 0.0), []
    order = sorted(types)
    lines = [
        "// Tile types of a batch, one declaration each (tilemem.testing.toolchain).",
        "namespace tm_probe {",
        "using namespace pto;",
    ]
    first = len(lines) + 1
    lines += [f"void t{n}() {{ {t} v; (void)v; }}" for n, t in enumerate(order)]
    lines.append("}  // namespace tm_probe")
    source = os.path.join(directory, "tile-types.cpp")
    with open(source, "w") as f:
        f.write("\n".join(lines) + "\n")
    ok, times, err, cmd = _gxx(setup, source, None, os.path.join(directory, "tile-types.log"))
    failed: dict[int, list[str]] = {}
    if ok:
        return failed, times, cmd
    for block in _error_blocks(err):
        for line in block:
            m = re.search(re.escape(source) + r":(\d+):", line)
            if m and 0 <= int(m.group(1)) - first < len(order):
                for i in types[order[int(m.group(1)) - first]]:
                    failed.setdefault(i, []).extend(block)
                break
    return failed, times, cmd


_SOURCE_EXCERPT = re.compile(r"^\s*\d*\s*\|")
_CONTEXT_LINE = re.compile(
    r"^In file included from |^\s+from |: In (instantiation|function|member function|"
    r"static member function|constructor|destructor|lambda function|substitution)"
    r"|:\s+(required|recursively required|required by substitution) from|^At global scope|"
    r": At global scope"
)


def _error_blocks(err: str) -> list[list[str]]:
    """g++'s errors, each with the context lines (include chain, "In
    instantiation of", "required from") that precede it; errors that follow
    one another without new context share it."""
    blocks: list[list[str]] = []
    context: list[str] = []
    after = False
    for line in err.splitlines():
        if _SOURCE_EXCERPT.match(line):
            continue
        if re.search(r"\b(fatal )?error: ", line):
            blocks.append(context + [line])
            after = True
        elif re.search(r"\bwarning: ", line):
            after = True
        elif _CONTEXT_LINE.search(line):
            if after:
                context, after = [], False
            context.append(line)
    return blocks


def _compile_message(err: str) -> str:
    lines = [l for l in err.splitlines() if re.search(r"\berror\b", l)]
    seen, keep = set(), []
    for l in lines:
        short = re.sub(r"^[^:]*:\d+:\d+:\s*", "", l).strip()
        if short not in seen:
            seen.add(short)
            keep.append(short)
        if len(keep) >= 6:
            break
    return "\n".join(keep) or "\n".join(err.strip().splitlines()[-5:])


def _run_driver(exe: str, k: int, state: dict) -> StageOutcome:
    cmd = [exe, str(k), state["dir"], *state["argv"]]
    env = dict(os.environ)
    fill = state["job"].memory_fill
    env.pop("TILEMEM_SIM_FILL", None)
    if fill is not None:
        env["TILEMEM_SIM_FILL"] = hex(fill & 0xFF)
    proc, seconds, cpu, _ = _run_timed(cmd, RUN_TIMEOUT, env)
    if proc is None:
        return StageOutcome(
            "run", "failed", f"did not finish in {RUN_TIMEOUT} s", seconds, {"command": cmd}
        )
    with open(os.path.join(state["dir"], "run.log"), "w") as f:
        f.write(" ".join(cmd) + f"\nexit {proc.returncode}\n" + proc.stdout + proc.stderr)
    detail = {"command": cmd, "returncode": proc.returncode, "cpu_seconds": cpu}
    if proc.returncode == 0:
        return StageOutcome("run", "ok", "", seconds, detail)
    if proc.returncode < 0:
        try:
            name = _signal.Signals(-proc.returncode).name
        except ValueError:
            name = f"signal {-proc.returncode}"
        tail = " | ".join(l for l in proc.stderr.strip().splitlines()[-3:])
        return StageOutcome(
            "run", "failed", f"killed by {name}" + (f": {tail}" if tail else ""), seconds, detail
        )
    return StageOutcome(
        "run",
        "failed",
        f"exit status {proc.returncode}: {proc.stderr.strip()[-2000:]}",
        seconds,
        detail,
    )


def run_batch(
    jobs: Sequence[Job],
    keep: str | None = None,
    tools: Tools | None = None,
    pch: bool = True,
    batch: bool = True,
) -> list[ChainResult]:
    """Runs every job through the chain and returns one :class:`ChainResult`
    each (in order). With `batch`, the kernels ptoas accepted are compiled
    into one driver (one g++ run; on failure each is compiled alone to find
    the culprit); otherwise one driver each. `pch`: use the precompiled
    prelude. `keep`: a directory that receives every intermediate file
    (otherwise a temporary directory is removed). Raises
    :class:`ToolchainUnavailable` when a tool is missing."""
    tools = tools or find_tools()
    setup = prepare_compiler(tools, pch=pch)
    if keep is not None:
        os.makedirs(keep, exist_ok=True)
        work = os.path.abspath(keep)
        cleanup = None
    else:
        cleanup = tempfile.TemporaryDirectory(prefix="tilemem-chain-")
        work = cleanup.name
    try:
        results: list[ChainResult] = []
        states: list[dict | None] = []
        for i, job in enumerate(jobs):
            result, state = _prepare_job(job, work, tools, i)
            results.append(result)
            states.append(state)
        ready = [i for i, s in enumerate(states) if s is not None]
        compiled: dict[int, tuple[str, int]] = {}  # job -> (exe, kernel index)

        def kernels_of(indices):
            return [
                DriverKernel(states[i]["cpp"], states[i]["sig"], f"tilemem_k{n}", results[i].arch)
                for n, i in enumerate(indices)
            ]

        def record(i, ok, times, err, cmd, size, message=""):
            seconds, cpu = times
            detail = {
                "command": cmd,
                "batch_size": size,
                "pch": pch,
                "pch_key": setup.key,
                "batch_seconds": seconds,
                "batch_cpu_seconds": cpu,
                "stderr": err[-50000:],
            }
            results[i]._set(
                StageOutcome(
                    "compile",
                    "ok" if ok else "failed",
                    message if not ok else "",
                    seconds / size,
                    detail,
                )
            )

        # A batch that fails to compile is split. A kernel an error's context
        # names (its file, or its namespace) failed, with those errors. g++
        # reports an error once per template instantiation, so kernels that
        # share a failing Tile type or op instantiation with a named one are
        # not named: the first failure also probes every distinct Tile type
        # of the batch once (_probe_tile_types), and when a round names few
        # kernels, each remaining one is checked alone by the front end
        # (about 0.4 s with the precompiled prelude) before the survivors
        # are compiled again as a batch. When nothing is named, each kernel
        # is compiled alone.
        queue = [ready] if batch and len(ready) > 1 else [[i] for i in ready]
        batches = 0
        probed = False
        checked_alone = set()
        while queue:
            group = queue.pop(0)
            if not group:
                continue
            if len(group) > 1:
                name, directory = f"driver-batch{batches}", work
                batches += 1
            else:
                name, directory = "driver", states[group[0]]["dir"]
            ok, exe, times, err, cmd = _compile(setup, kernels_of(group), directory, name)
            if ok:
                for n, i in enumerate(group):
                    record(i, True, times, err, cmd, len(group))
                    compiled[i] = (exe, n)
                    results[i].files["driver"] = exe
                continue
            if len(group) == 1:
                record(group[0], False, times, err, cmd, 1, _compile_message(err))
                continue
            blocks = _error_blocks(err)
            named: dict[int, tuple[str, tuple[float, float], list[str]]] = {}
            for n, i in enumerate(group):
                marks = (states[i]["cpp"] + ":", f"tilemem_k{n}::")
                mine = [b for b in blocks if any(m in line for line in b for m in marks)]
                if mine:
                    named[i] = ("\n".join("\n".join(b) for b in mine), times, cmd)
            if not probed:
                probed = True
                typed, ptimes, pcmd = _probe_tile_types(
                    setup, {i: states[i]["cpp"] for i in group if i not in named}, work
                )
                for i, block in typed.items():
                    named[i] = ("\n".join(block), ptimes, pcmd)
            if not named:
                queue += [[i] for i in group]
                continue
            for i, (text, t, c) in named.items():
                record(i, False, t, text, c, len(group), _compile_message(text))
                results[i].stages["compile"].detail["attributed_from_batch"] = True
            rest = [i for i in group if i not in named]
            if len(named) < max(2, len(group) // 10):
                survivors = []
                for i in rest:
                    if i in checked_alone:
                        survivors.append(i)
                        continue
                    checked_alone.add(i)
                    ok1, _, t1, err1, cmd1 = _compile(
                        setup, kernels_of([i]), states[i]["dir"], "driver-check", syntax_only=True
                    )
                    if ok1:
                        survivors.append(i)
                    else:
                        record(i, False, t1, err1, cmd1, 1, _compile_message(err1))
                rest = survivors
            queue.append(rest)
        for i, (exe, k) in compiled.items():
            state = states[i]
            outcome = _run_driver(exe, k, state)
            results[i]._set(outcome)
            if outcome.status != "ok":
                continue
            job = state["job"]
            ref_inputs = (
                job.reference_inputs if job.reference_inputs is not None else state["inputs"]
            )
            if job.reference_inputs is not None:
                results[i].messages.append(
                    "the interpreter was given other inputs (reference_inputs)"
                )
            cmp = _compare(
                results[i],
                state["sig"],
                state["inputs"],
                ref_inputs,
                state["dir"],
                state["text"],
                "storage" if job.legalized else "value",
            )
            results[i]._set(cmp)
            results[i].ok = cmp.status == "ok"
        for r in results:
            r.failure_class = classify_failure(r)
            if keep is None:
                r.files = {}
        return results
    finally:
        if cleanup is not None:
            cleanup.cleanup()


def run_chain(
    kernel,
    memory_planner: str = "pypto",
    level: str = "auto",
    seed: int = 0,
    scalars: dict[int, Any] | None = None,
    keep: str | None = None,
    tools: Tools | None = None,
    pch: bool = True,
    **options,
) -> ChainResult:
    """One kernel through the chain (see :func:`run_batch` and :class:`Job`
    for the options)."""
    job = Job(
        kernel, memory_planner=memory_planner, level=level, seed=seed, scalars=scalars, **options
    )
    return run_batch([job], keep=keep, tools=tools, pch=pch)[0]


# ===----------------------------------------------------------------------=== #
# Command line
# ===----------------------------------------------------------------------=== #


def _parse_scalar(text: str) -> tuple[int, Any]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected K=VALUE, got {text!r}")
    v: Any
    low = value.strip().lower()
    if low in ("true", "false"):
        v = low == "true"
    else:
        try:
            v = int(value, 0)
        except ValueError:
            v = float(value)
    return int(key), v


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tilemem.testing.toolchain",
        description="Run tile kernels through tilemem's PTO emission, the real ptoas and "
        "pto-isa's CPU simulator, and compare with the reference interpreter.",
    )
    parser.add_argument("kernels", nargs="+", metavar="KERNEL.mlir")
    parser.add_argument(
        "--memory-planner",
        default="pypto",
        help="pypto, dsa-rp, ptoas, a comma-separated list, or all",
    )
    parser.add_argument("--level", default="auto", choices=("auto", "level2", "level3"))
    parser.add_argument("--arch", default=None, choices=("a3", "a5"))
    parser.add_argument("--enable-buffer-ir", default=None, choices=("true", "false"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--scalar",
        type=_parse_scalar,
        action="append",
        default=[],
        metavar="K=VALUE",
        help="value of scalar argument K (0-based)",
    )
    parser.add_argument("--function", default=None)
    parser.add_argument(
        "--no-insert-sync", action="store_true", help="do not pass --enable-insert-sync to ptoas"
    )
    parser.add_argument("--no-pch", action="store_true", help="no precompiled prelude")
    parser.add_argument(
        "--no-batch", action="store_true", help="one driver (one g++ run) per kernel"
    )
    parser.add_argument(
        "--keep", default=None, metavar="DIR", help="keep every intermediate file in DIR"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    from tilemem.compiler import PLANNERS

    planners = (
        list(PLANNERS)
        if args.memory_planner == "all"
        else [p.strip() for p in args.memory_planner.split(",") if p.strip()]
    )
    buffer_ir = None if args.enable_buffer_ir is None else args.enable_buffer_ir == "true"
    jobs = [
        Job(
            k,
            memory_planner=p,
            level=args.level,
            seed=args.seed,
            scalars=dict(args.scalar) or None,
            function=args.function,
            enable_buffer_ir=buffer_ir,
            arch=args.arch,
            insert_sync=not args.no_insert_sync,
        )
        for k in args.kernels
        for p in planners
    ]
    try:
        tools = find_tools()
    except ToolchainUnavailable as error:
        print(f"toolchain: {error}", file=sys.stderr)
        return 2
    results = run_batch(
        jobs, keep=args.keep, tools=tools, pch=not args.no_pch, batch=not args.no_batch
    )
    if args.json:
        print(json.dumps([r.to_dict() for r in results], indent=2, default=str))
    else:
        print(f"# ptoas: {tools.ptoas}\n# pto-isa: {tools.pto_isa}")
        for r in results:
            print(r.report())
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
