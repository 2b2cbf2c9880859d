"""The kernel signature: each argument of the entry function, and which
tensor argument each tensor result is an SSA version of (the pointer PTO
writes it through)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import numpy as np

from .settings import _ELEMENTS, _SCALARS, _tensor_type


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
    ``stored``: the arguments some ``tile.store`` writes; ``narrowed[k]``:
    the float type result k's computation narrows a wider float to (f16 for
    an acc -> mat f32 -> f16 ``tile.move``), None if none (see
    ``compare.tolerance``)."""

    name: str
    args: list[ArgSpec]
    results: list[int | None]
    result_types: list[str]
    stored: list[int]
    arch: str | None = None
    narrowed: list[str | None] = dataclasses.field(default_factory=list)

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


_FLOAT_BITS = {"bf16": 16, "f16": 16, "f32": 32, "f64": 64}


def _float_element(type_text: str) -> str | None:
    """The float element type of a tile, tensor or float scalar type."""
    from tilemem.testing import interp

    try:
        ty = interp._parse_type(type_text)
    except Exception:  # a type the interpreter does not read (none is a float)
        return None
    elem = ty.elem if ty.kind in ("tile", "tensor") else type_text
    return elem if elem in _FLOAT_BITS else None


def _narrowed_to(values, ir) -> str | None:
    """The narrowest float type the computation of `values` narrows a wider
    float to (an op with a float result narrower than a float operand:
    ``tile.cvt``, an acc -> mat ``tile.move``, ``arith.truncf``), or None.
    Conservative: a region op it depends on counts with every op inside."""
    narrowest = None
    seen = set()
    stack = list(values)
    while stack:
        value = stack.pop()
        arg = _as_block_argument(value, ir)
        op = _parent_op(arg.owner) if arg is not None else _as_op_result(value, ir).owner
        ops = [op.operation] if op.operation.name != "func.func" else []
        while ops:
            op = ops.pop()
            if op in seen:
                continue
            seen.add(op)
            stack.extend(op.operands)
            # The ops one level in: each brings its own when it is taken
            # (its whole subtree here would be quadratic in the depth).
            for region in op.regions:
                for block in region.blocks:
                    ops.extend(inner.operation for inner in block.operations)
            widest = max(
                (
                    _FLOAT_BITS[e]
                    for e in map(_float_element, (str(v.type) for v in op.operands))
                    if e
                ),
                default=0,
            )
            for result in op.results:
                elem = _float_element(str(result.type))
                if elem and _FLOAT_BITS[elem] < widest:
                    if narrowest is None or _FLOAT_BITS[elem] < _FLOAT_BITS[narrowest]:
                        narrowest = elem
    return narrowest


def _walk_ops(op):
    """The ops nested in `op`, each before the ops nested in it."""
    pending = [op]
    while pending:
        nested = []
        for region in pending.pop().operation.regions:
            for block in region.blocks:
                for inner in block.operations:
                    yield inner
                    nested.append(inner)
        pending.extend(reversed(nested))


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


def kernel_signature(
    kernel: str | Any, function: str | None = None, source_name: str = "<string>"
) -> KernelSignature:
    """The signature of the kernel (MLIR text or an ``ir.Module``): its
    arguments as the simulator sees them, which argument each tensor result
    is written through, and which arguments are stored into. A parse error
    names `source_name` (the file the text was read from)."""
    from tilemem import limits

    text = kernel if isinstance(kernel, str) else str(kernel)
    # _tensor_roots follows a tensor back through one frame per carry or
    # store (10,000 at most, its own guard), _walk_ops does not recurse.
    return limits.run_recursive(_kernel_signature, text, function, source_name)


def _kernel_signature(text: str, function: str | None, source_name: str) -> KernelSignature:
    from tilemem import ir, limits

    with ir.Context() as context, ir.Location.unknown():
        module = limits.parse_module(text, context, source_name)
        func = _entry_function(module, function)
        name = func.attributes["sym_name"].value
        ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
        entry = func.regions[0].blocks[0]
        arg_names = _argument_names(text, name, len(ftype.inputs))
        args = [_arg_spec(i, arg_names[i], str(t)) for i, t in enumerate(ftype.inputs)]
        result_types = [str(t) for t in ftype.results]
        memo: dict[Any, Any] = {}
        results: list[int | None] = []
        narrowed: list[str | None] = []
        ret = _terminator(entry) if len(func.regions[0].blocks) == 1 else None
        for k, rtype in enumerate(result_types):
            root = None
            through = None
            if _tensor_type(rtype) and ret is not None and _op_name(ret) == "func.return":
                roots = _tensor_roots(list(ret.operands)[k], entry, ir, memo)
                if roots is not None and len(roots) == 1:
                    root = next(iter(roots))
                through = _narrowed_to([list(ret.operands)[k]], ir)
            results.append(root)
            narrowed.append(through)
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
    return KernelSignature(name, args, results, result_types, sorted(stored), arch, narrowed)


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
