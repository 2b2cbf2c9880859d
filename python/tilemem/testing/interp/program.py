"""Programs, run results and the public entry points ``compile``, ``run``
and ``random_inputs``."""

from __future__ import annotations

import collections
from collections.abc import Sequence
from typing import Any

import numpy as np

from ... import ir
from ...limits import check_text_nesting, run_on_large_stack, run_recursive
from .compiler import _Compiler
from .errors import InterpreterError
from .execution import DEFAULT_MAX_STEPS, _Func, _invoke, _State
from .memory import _Desc, _Mem, _read
from .numerics import _bf16_to_f32, _f32_to_bf16, _from_c, _norm_fn, _round_fn
from .types import _parse_type, _Ty


class RunResult:
    """The outcome of one run.

    ``outputs``: the returned values -- numpy arrays (of the element dtype;
    float32 for bf16) for tiles and tensors, Python int / float / bool for
    scalars. ``poison``: one boolean mask per output (None for scalars).
    ``steps``: operations executed. ``mode``: "value" or "storage".
    """

    def __init__(self, outputs, poison, steps, mode, types):
        self.outputs: list[Any] = outputs
        self.poison: list[np.ndarray | None] = poison
        self.steps: int = steps
        self.mode: str = mode
        self.types: list[str] = types

    def __repr__(self) -> str:
        return f"RunResult(mode={self.mode!r}, outputs={self.outputs!r})"


def _output_array(data: np.ndarray, elem: str) -> np.ndarray:
    if elem == "bf16":
        return _bf16_to_f32(data).copy()
    return np.array(data, copy=True)


def _input_array(x, ty: _Ty) -> np.ndarray:
    arr = np.asarray(x)
    if arr.shape != (ty.rows, ty.cols):
        raise InterpreterError(f"input of type {ty.text} has shape {arr.shape}")
    if ty.elem == "bf16" and arr.dtype == np.uint16:
        return arr.copy()  # already bf16 bit patterns
    if arr.dtype == bool:
        arr = arr.astype(np.int64)
    return _from_c(arr, ty.elem)


class Program:
    """A module prepared for interpretation; functions are compiled lazily
    (once per mode) into closures. Reuse one Program to run many inputs."""

    def __init__(self, module: ir.Module | str):
        if isinstance(module, str):
            context = ir.Context()
            with context, ir.Location.unknown():
                # MLIR's parser recurses per level too (ir.MLIRError as before).
                check_text_nesting(module)
                module = run_on_large_stack(ir.Module.parse, module)
        self.module = module
        self.functions: dict[str, Any] = {}
        callees = set()
        for op in module.body.operations:
            if op.operation.name != "func.func":
                continue
            name = ir.StringAttr(op.operation.attributes["sym_name"]).value
            self.functions[name] = op
            callees |= set(self._callees(op.operation))
        self._cache: dict[tuple, _Func] = {}
        entries = [n for n in self.functions if n not in callees]
        self.default_function = (entries or list(self.functions) or [None])[0]

    @staticmethod
    def _callees(op):
        pending = [op]
        while pending:
            for region in pending.pop().regions:
                for block in region.blocks:
                    for inner in block.operations:
                        o = inner.operation
                        if o.name == "func.call":
                            yield o.attributes["callee"].value
                        pending.append(o)

    def _function_name(self, function: str | None) -> str:
        name = function if function is not None else self.default_function
        if name is None:
            raise InterpreterError("the module has no function")
        name = name.lstrip("@")
        if name not in self.functions:
            raise InterpreterError(f"no function @{name} in the module")
        return name

    def _compiled(self, name: str, mode: str, ignore_addresses: bool = False) -> _Func:
        key = (name, mode, ignore_addresses)
        cf = self._cache.get(key)
        if cf is None:
            with self.module.context:
                # A region op's compiler compiles its blocks, whose ops'
                # compilers compile theirs: a few frames per level.
                cf = run_recursive(
                    _Compiler(self, self.functions[name], mode, ignore_addresses).compile_function
                )
            self._cache[key] = cf
        return cf

    def argument_types(self, function: str | None = None) -> list[str]:
        """The argument types of `function` as strings."""
        op = self.functions[self._function_name(function)].operation
        ft = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
        return [str(t) for t in ft.inputs]

    def run(
        self,
        inputs: Sequence,
        mode: str = "value",
        function: str | None = None,
        max_steps: int = DEFAULT_MAX_STEPS,
        ignore_addresses: bool = False,
    ) -> RunResult:
        """Runs `function` (default: the first function no other one calls)
        on `inputs` (one per argument) in "value" or "storage" mode. In
        storage mode, allocations with ``addr`` share their space's memory
        unless `ignore_addresses`."""
        if mode not in ("value", "storage"):
            raise ValueError(f"mode must be 'value' or 'storage', not {mode!r}")
        name = self._function_name(function)
        cf = self._compiled(name, mode, bool(ignore_addresses) and mode == "storage")
        if len(inputs) != len(cf.arg_types):
            raise InterpreterError(
                f"@{name} takes {len(cf.arg_types)} argument(s), got {len(inputs)}"
            )
        args = []
        for k, (ty, x) in enumerate(zip(cf.arg_types, inputs)):
            if ty.has_storage:
                arr = _input_array(x, ty)
                if mode == "value":
                    args.append((arr, np.zeros(arr.shape, bool)))
                else:
                    mem = _Mem(
                        f"argument #{k} of @{name}",
                        arr.nbytes,
                        1,
                        np.ascontiguousarray(arr).view(np.uint8).reshape(-1).copy(),
                    )
                    args.append(_Desc(mem, 0, ty.rows, ty.cols, ty.cols, 1, ty.elem))
            elif ty.kind == "buffer":
                # The caller's buffer: memory of its own, poison on entry
                # (no input value; pass None).
                args.append(
                    _Mem(f"buffer argument #{k} of @{name}", ty.size, ty.slots)
                    if mode == "storage"
                    else None
                )
            elif ty.kind in ("int", "float"):
                if isinstance(x, np.ndarray) or isinstance(x, np.generic):
                    if np.size(x) != 1:
                        raise InterpreterError(
                            f"argument #{k} of @{name} is a {ty.text} scalar, "
                            f"got an array of shape {np.shape(x)}"
                        )
                    x = np.asarray(x).item()
                if ty.kind == "float":
                    x = float(x)
                args.append(_norm_fn(ty)(x))
            else:
                raise InterpreterError(f"unsupported argument type {ty.text}")
        st = _State(max_steps)
        with np.errstate(all="ignore"):
            # A region op's closure runs its blocks: a few frames per level.
            results = run_recursive(_invoke, cf, args, st)
            outputs, poison = [], []
            for ty, v in zip(cf.result_types, results):
                if ty.has_storage:
                    data, mask = v if mode == "value" else _read(v)
                    outputs.append(_output_array(data, ty.elem))
                    poison.append(np.array(mask, dtype=bool, copy=True))
                else:
                    if ty.kind == "int" and ty.bits == 1:
                        v = bool(v)
                    outputs.append(v)
                    poison.append(None)
        return RunResult(
            outputs, poison, max_steps - st.budget, mode, [t.text for t in cf.result_types]
        )


_TEXT_CACHE: collections.OrderedDict[str, Program] = collections.OrderedDict()


def compile(module: ir.Module | str | Program) -> Program:  # noqa: A001
    """A :class:`Program` for `module` (an ``ir.Module``, its text, or a
    Program). Text is cached; an ``ir.Module`` is compiled afresh because it
    may have been transformed in place since."""
    if isinstance(module, Program):
        return module
    if isinstance(module, str):
        program = _TEXT_CACHE.get(module)
        if program is None:
            program = Program(module)
            _TEXT_CACHE[module] = program
            while len(_TEXT_CACHE) > 32:
                _TEXT_CACHE.popitem(last=False)
        else:
            _TEXT_CACHE.move_to_end(module)
        return program
    return Program(module)


def run(
    module: ir.Module | str | Program,
    inputs: Sequence,
    mode: str = "value",
    function: str | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    ignore_addresses: bool = False,
) -> RunResult:
    """Interprets `function` of `module` on `inputs`.

    module: an ``ir.Module``, the text of one, or a :class:`Program`.
    inputs: one per argument -- numpy arrays for tiles and tensors (bf16:
    float values, or uint16 arrays taken as bit patterns), Python or numpy
    scalars otherwise. mode: "value" (SSA semantics) or "storage"
    (simulated memory). function: its name (default: the first function no
    other function calls). max_steps: operation budget; exceeding it raises
    InterpreterError. ignore_addresses: in storage mode, give allocations
    that carry ``addr`` private memory too (default: they share their memory
    space's bytes at their address). Returns a :class:`RunResult`.
    """
    return compile(module).run(
        inputs, mode=mode, function=function, max_steps=max_steps, ignore_addresses=ignore_addresses
    )


def random_inputs(
    module: ir.Module | str | Program,
    function: str | None = None,
    seed: int = 0,
    scalars: dict[int, Any] | None = None,
) -> list:
    """Deterministic inputs for the arguments of `function`.

    Floating tiles/tensors get values uniform in [-1, 1) rounded to the
    element type, integer ones small integers in [-8, 8). Scalar argument
    `k` is ``scalars[k]`` when given, otherwise a small random integer
    (index: [0, 4), iN: [-4, 4)), a random bool for i1, or a float in
    [-1, 1).
    """
    program = compile(module)
    rng = np.random.default_rng(seed)
    scalars = scalars or {}
    inputs = []
    for k, text in enumerate(program.argument_types(function)):
        ty = _parse_type(text)
        if ty.has_storage:
            shape = (ty.rows, ty.cols)
            if ty.elem[0] == "i":
                inputs.append(rng.integers(-8, 8, size=shape).astype(ty.dtype))
            elif ty.elem == "bf16":
                raw = rng.uniform(-1, 1, size=shape).astype(np.float32)
                inputs.append(_bf16_to_f32(_f32_to_bf16(raw)).copy())
            else:
                inputs.append(rng.uniform(-1, 1, size=shape).astype(ty.dtype))
        elif ty.kind == "buffer":
            inputs.append(None)  # the caller's buffer holds no input value
        elif k in scalars:
            value = scalars[k]
            if ty.kind == "int" and ty.bits == 1:
                if value not in (0, 1):
                    # The driver and the interpreter would read 2 differently.
                    raise InterpreterError(
                        f"argument #{k} is an i1: give true or false, not {value!r}"
                    )
                value = bool(value)
            inputs.append(value)
        elif ty.kind == "int" and ty.bits == 1:
            inputs.append(bool(rng.integers(0, 2)))
        elif ty.kind == "int":
            lo, hi = (0, 4) if ty.text == "index" else (-4, 4)
            inputs.append(int(rng.integers(lo, hi)))
        elif ty.kind == "float":
            inputs.append(_round_fn(ty.text)(float(rng.uniform(-1, 1))))
        else:
            raise InterpreterError(f"no random input for type {ty.text}")
    return inputs
