"""A numpy reference interpreter for tile programs.

A tile program is a module of ``func.func`` kernels using the ``tile``
dialect, ``arith``, ``scf`` (for / while / if), ``func.return`` and
``func.call``. The interpreter has two modes:

``value`` mode
    Pure SSA semantics; storage is ignored. A tile or tensor value is a numpy
    array of its element type plus a boolean poison mask. ``tile.store``
    returns a new tensor value, loop carries are bound to the yielded values,
    ``scf.if`` results to the executed arm's yield.

``storage`` mode
    Every ``tile.alloc`` buffer is simulated byte memory (``size * slots``
    bytes plus a per-byte poison mask, all poison initially); tensor and tile
    function arguments are memory initialised from the inputs. Every tile or
    tensor value has a *descriptor* (memory, byte offset of element (0, 0),
    shape, element strides, element type) derived from the storage rules of
    ``tilemem/Analysis/TileStorage.h`` -- never from which branch executed.
    Each op reads its operands through their descriptors at that moment and
    writes its result through its own. A correct storage assignment makes
    storage mode agree exactly with value mode; a wrong one does not.

    Addresses: a ``tile.alloc`` that carries ``addr = N`` (set by a memory
    planner, or by hand) does not get private memory. Its bytes are
    ``[N, N + size * slots)`` of one byte memory per memory space, so two
    buffers whose address ranges overlap share bytes, exactly as on the
    hardware, and a wrong plan shows up as a mismatch against value mode.
    There is one set of space memories per *function invocation*: planners
    place each function independently, so a callee's addresses say nothing
    about its caller's and a call gets its own spaces. The space memories
    are all poison at function entry; executing an addressed ``tile.alloc``
    does not re-poison its bytes (a planner may place the op before the
    buffer's lifetime starts, and the bytes may still hold a live
    neighbour's data). Allocations without ``addr`` keep private memory.
    ``run(..., ignore_addresses=True)`` gives every allocation private
    memory, i.e. checks the storage assignment without the address plan.

Public API::

    from tilemem.testing import interp
    res = interp.run(module, inputs, mode="value", function=None,
                     ignore_addresses=False)
    res.outputs, res.poison
    interp.random_inputs(module, function=None, seed=0, scalars=None)
    cmp = interp.compare(reference, candidate, inputs)
    cmp.equal, cmp.message

Arithmetic is done in float64 (integers in int64) and cast to the result's
element type after every op, identically in both modes, so a correct program
compares exactly. bf16 is stored as uint16 bit patterns (the upper half of a
float32, rounded to nearest even).

Notes and limitations:

* Functions are compiled once per mode into closures over a flat frame; an
  unsupported op anywhere in a function is an :class:`InterpreterError` at
  compile time (even in code that would not run).
* An op reads all its operands before writing its result. Instead of
  modelling in-place hazards, storage mode raises :class:`StorageError` when
  the result of a not-in-place-safe op (move, extract, transpose, recip, ...)
  overlaps its operand, or a broadcast (row_expand_mul, ...) result overlaps
  its vector.
* Every execution of a ``tile.alloc`` without ``addr`` makes fresh,
  all-poison memory (with ``addr``: see Addresses above).
* ``func.call`` passes descriptors by reference in storage mode; its results
  take the callee's returned descriptors (the C++ storage analysis gives
  call results no window).
* An ``scf.if`` result whose then-arm storage depends on values defined
  inside the then arm (its buffer, slot or a call result) is a
  :class:`StorageError` when the else arm runs.
* ``tile.reshape`` of a strided view is unsupported in storage mode.
* Float-to-integer conversions (``tile.move`` out of acc, ``arith``)
  truncate toward zero (NaN -> 0) and wrap; ``tile.cvt`` rounds with its
  mode and makes an out-of-range result poison. Integer division by zero and
  over-wide shifts raise.

The package, one module per concern: ``types`` (the type grammar, read
through the bound types), ``numerics`` (storage and compute arrays),
``memory`` (simulated bytes and storage descriptors), ``semantics`` (what
the ops compute; ``_BINARY``, ``_UNARY``, ``_SCALAR``, ``_REDUCTIONS`` and
``_BROADCASTS`` are the tables of the simple ops, so adding such an op is one entry there), ``execution`` (compiled
blocks and the step budget), ``compiler`` with ``tile_ops``,
``control_flow`` and ``arith_ops`` (one function into closures, for one
mode), ``program`` (``Program``, ``run``, ``random_inputs``) and
``comparison`` (``compare``).
"""

from __future__ import annotations

from .comparison import CompareResult, compare
from .errors import InterpreterError, StorageError
from .execution import DEFAULT_MAX_STEPS as DEFAULT_MAX_STEPS
from .program import Program, RunResult, compile, random_inputs, run

# Names other modules of tilemem and the tests read: the element table
# (test_contract.py), the type parser (testing.toolchain) and the op lists
# of the tables (testing.fuzz_gen).
from .semantics import _BINARY as _BINARY
from .semantics import BINARY_OPS as BINARY_OPS
from .semantics import CMP_MODES as CMP_MODES
from .semantics import COLUMN_BROADCASTS as COLUMN_BROADCASTS
from .semantics import COLUMN_REDUCTIONS as COLUMN_REDUCTIONS
from .semantics import ROUND_MODES as ROUND_MODES
from .semantics import ROW_BROADCASTS as ROW_BROADCASTS
from .semantics import ROW_REDUCTIONS as ROW_REDUCTIONS
from .semantics import SCALAR_OPS as SCALAR_OPS
from .semantics import UNARY_OPS as UNARY_OPS
from .types import _ELEM as _ELEM
from .types import _parse_type as _parse_type

__all__ = [
    "InterpreterError",
    "StorageError",
    "Program",
    "RunResult",
    "CompareResult",
    "compile",
    "run",
    "random_inputs",
    "compare",
]
