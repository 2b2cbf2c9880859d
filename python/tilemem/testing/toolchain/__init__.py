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
constant) is orders of magnitude larger. An output whose computation
narrows a wider float to f16 (``KernelSignature.narrowed``: a ``tile.cvt``,
an acc -> mat f16 ``tile.move``) is compared at f16's tolerance, about one
f16 ulp (:func:`compare.tolerance`): a narrowing of a value near a rounding
tie goes either way when the sums before it are ordered differently, and
the later ops carry that ulp. What the simulator built with
g++ 12 cannot compute is run but not compared (the compare stage is
``skipped``, :func:`compare.unverifiable` says why): a kernel with any
``bf16`` value (pto-isa's ``bfloat16_t`` is a ``_Float16`` placeholder), and
an f16 ``tile.fillpad`` with a max or min pad (``std::numeric_limits<half>``
is left unspecialized: the pad is 0, not an infinity). Elements
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

The package, one module per concern: ``settings`` (stages, tolerances,
flags, time limits, C++ types), ``tools`` (finding ptoas, pto-isa and g++;
standard library only, so test/lit.cfg.py loads it alone), ``signature``
(:func:`kernel_signature`), ``driver`` (:func:`driver_source`), ``cxx``
(the prelude, the precompiled header, g++ runs and the splitting of a
failing batch), ``ptoas`` (:func:`run_ptoas`), ``results`` (the result
classes and ``KNOWN_CLASSES``), ``compare`` (the tolerances applied),
``chain`` (:class:`Job`, :func:`run_batch`, :func:`run_chain`) and ``cli``
(``python -m tilemem.testing.toolchain``).
"""

from __future__ import annotations

from .chain import Job, run_batch, run_chain
from .cli import main

# Names read outside this package besides the API above: ptoas's kernel
# parameters (test_toolchain.py), the float comparison (test_toolchain.py),
# the child-process CPU clock and the compiler identity
# (bench/toolchain_costs.py).
from .compare import _compare_arrays as _compare_arrays
from .compare import tolerance as tolerance
from .cxx import CompilerSetup, prepare_compiler
from .cxx import _compiler_identity as _compiler_identity
from .driver import DriverKernel, driver_source
from .ptoas import PtoasOutcome, check_with_ptoas, run_ptoas
from .ptoas import _children_cpu as _children_cpu
from .ptoas import cpp_kernel_params as cpp_kernel_params
from .results import KNOWN_CLASSES, ChainResult, OutputCheck, StageOutcome, classify_failure
from .settings import STAGES, TOLERANCES
from .signature import ArgSpec, KernelSignature, kernel_signature
from .tools import ToolchainUnavailable, Tools, cache_dir, find_pto_isa, find_ptoas, find_tools

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
