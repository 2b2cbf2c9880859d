"""Compiles one function, for one mode, into closures over a flat frame.

``_Compiler`` gives every SSA value a frame slot and a parsed type, compiles
blocks op by op through ``_HANDLERS`` (the op's name -> the method that
compiles it) and, in storage mode, keeps each value's storage *recipe*. The
methods that compile ops live beside their kind of op: tile ops
(``tile_ops``), regions and calls (``control_flow``), ``arith``
(``arith_ops``); ``_Compiler`` inherits them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import ir
from .arith_ops import ARITH_HANDLERS, _ArithOps
from .control_flow import CONTROL_FLOW_HANDLERS, _ControlFlowOps
from .errors import InterpreterError, StorageError
from .execution import _Block, _describe, _Func
from .memory import _alloc_desc, _Desc, _view_desc
from .semantics import _float_binop, _int_binop
from .tile_ops import TILE_HANDLERS, _TileOps
from .types import _parse_type, _Ty, _type_of

if TYPE_CHECKING:
    from .program import Program

_TERMINATORS = {"scf.yield", "scf.condition", "func.return", "tile.scope_yield"}


class _Compiler(_TileOps, _ControlFlowOps, _ArithOps):
    """Compiles one function for one mode into closures over a flat frame
    (a list indexed by value id)."""

    def __init__(self, program: Program, fop, mode: str, ignore_addresses: bool = False):
        self.program = program
        self.storage = mode == "storage"
        self.mode = mode
        self.ignore_addresses = ignore_addresses
        # storage mode with addresses: space -> [frame slot of its memory,
        # bytes needed (the largest addr + size * slots in the function)]
        self.spaces: dict[str, list] = {}
        self.ids: dict[Any, int] = {}
        self.types: list[_Ty] = []
        # storage mode: value id -> recipe of its descriptor (None: no storage)
        self.recipes: dict[int, Any] = {}
        self.fop = fop

    # -- values ---------------------------------------------------------------

    def define(self, value) -> int:
        vid = len(self.types)
        self.ids[value] = vid
        self.types.append(_type_of(value))
        return vid

    def use(self, value) -> int:
        try:
            return self.ids[value]
        except KeyError:
            raise InterpreterError(
                "use of a value defined outside the interpreted function"
            ) from None

    def inherit(self, to: int, frm: int) -> None:
        if self.storage and self.types[to].has_storage:
            self.recipes[to] = self.recipes.get(frm)

    # -- structure ------------------------------------------------------------

    def compile_function(self) -> _Func:
        o = self.fop.operation
        if not o.regions or not o.regions[0].blocks:
            raise InterpreterError(f"function {self.fop_name()} has no body")
        block = o.regions[0].blocks[0]
        cf = _Func()
        cf.name = self.fop_name()
        cf.arg_ids = [self.define(a) for a in block.arguments]
        cf.arg_types = [self.types[i] for i in cf.arg_ids]
        for i in cf.arg_ids:
            if self.types[i].has_storage:
                self.recipes[i] = ("ext", i)
        cf.body = self.compile_block(block)
        ft = ir.FunctionType(ir.TypeAttr(o.attributes["function_type"]).value)
        cf.result_types = [_parse_type(str(t)) for t in ft.results]
        cf.spaces = [(sid, space, nbytes) for space, (sid, nbytes) in self.spaces.items()]
        cf.n_slots = len(self.types)
        return cf

    def fop_name(self) -> str:
        return ir.StringAttr(self.fop.operation.attributes["sym_name"]).value

    def compile_block(self, block) -> _Block:
        ops = list(block.operations)
        terminator = None
        if ops and ops[-1].operation.name in _TERMINATORS:
            terminator = ops.pop().operation
        fns, kept = [], []
        for op in ops:
            o = op.operation
            try:
                fn = self.compile_op(o)
            except InterpreterError as error:
                if error.located:
                    raise
                raise type(error)(f"{_describe(o)}: {error}", located=True) from None
            if fn is not None:
                fns.append(fn)
                kept.append(o)
        term = [] if terminator is None else [self.use(v) for v in terminator.operands]
        return _Block(fns, kept, term)

    def compile_op(self, o):
        name = o.name
        handler = _HANDLERS.get(name)
        if handler is None:
            if name.startswith("arith.") and (_int_binop(name, 64) or _float_binop(name)):
                return self.op_arith_binary(o)
            raise InterpreterError(f"unsupported operation '{name}'")
        return handler(self, o)

    # -- storage helpers ------------------------------------------------------

    def dest_recipe(self, o, rty: _Ty):
        """The destination of an allocating producer as a recipe, or None."""
        attrs = o.attributes
        operands = list(o.operands)
        if "operandSegmentSizes" in attrs:
            segs = list(attrs["operandSegmentSizes"])
            n_dest, n_slot = segs[-2], segs[-1]
            if not n_dest:
                return None
            base = sum(segs[:-2])
            buf = operands[base]
            slot = operands[base + 1] if n_slot else None
        else:  # fall back to the operand types
            pos = [k for k, v in enumerate(operands) if str(v.type).startswith("!tile.buffer")]
            if not pos:
                return None
            buf = operands[pos[0]]
            slot = operands[pos[0] + 1] if pos[0] + 1 < len(operands) else None
        offset = list(attrs["window"])[0] if "window" in attrs else 0
        static_slot = attrs["static_slot"].value if "static_slot" in attrs else 0
        return (
            "alloc",
            self.use(buf),
            int(offset),
            int(static_slot),
            None if slot is None else self.use(slot),
            rty.rows,
            rty.cols,
            rty.elem,
        )

    @staticmethod
    def resolver(recipe):
        """recipe -> fn(frame) -> _Desc (None for a value without storage)."""
        if recipe is None:
            return None
        kind = recipe[0]
        if kind == "ext":
            vid = recipe[1]

            def ext(fr):
                d = fr[vid]
                if not isinstance(d, _Desc):
                    raise StorageError("storage root has not been defined")
                return d

            return ext
        if kind == "alloc":
            _, bid, off, sslot, sid, rows, cols, elem = recipe
            if sid is None:
                return lambda fr: _alloc_desc(fr[bid], off, sslot, rows, cols, elem)
            return lambda fr: _alloc_desc(fr[bid], off, fr[sid], rows, cols, elem)
        if kind == "view":
            base = _Compiler.resolver(recipe[1])
            if base is None:
                return None
            vkind, params = recipe[2], recipe[3]
            return lambda fr: _view_desc(base(fr), vkind, params)
        raise AssertionError(recipe)

    @staticmethod
    def recipe_deps(recipe) -> set:
        if recipe is None:
            return set()
        if recipe[0] == "ext":
            return {recipe[1]}
        if recipe[0] == "alloc":
            return {recipe[1]} | ({recipe[4]} if recipe[4] is not None else set())
        return _Compiler.recipe_deps(recipe[1])


#: The op's name -> the method of ``_Compiler`` that compiles it (arith
#: binary ops not named here are looked up in ``semantics``).
_HANDLERS = {**TILE_HANDLERS, **CONTROL_FLOW_HANDLERS, **ARITH_HANDLERS}
