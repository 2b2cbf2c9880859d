"""The compilers of the tile dialect's ops (a part of ``_Compiler``).

Value mode binds each result to a new ``(data, poison)`` tuple. Storage mode
writes through descriptors: an allocating producer (``producer``) computes
into its destination's window (``into``), checking the overlaps its
contract forbids; in-place ops (``store``, ``write``, ``assemble``,
``matmul_acc``) write through their operand's storage; views (``slice``,
``transpose_view``, ``reshape``) derive a descriptor and copy nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ... import contract, ir
from .errors import StorageError
from .memory import (
    _check_block,
    _Mem,
    _overlaps,
    _read,
    _Region,
    _slice_desc,
    _view_desc,
    _write,
)
from .numerics import _elem_scalar, _from_c, _to_c
from .semantics import (
    _BINARY,
    _BROADCASTS,
    _REDUCTIONS,
    _SCALAR,
    _UNARY,
    CMP_MODES,
    PAD_VALUES,
    ROUND_MODES,
    _block,
    _compare,
    _convert,
    _cvt,
    _matmul_product,
    _pack_mask,
    _pad_value,
    _replace_block,
    _unpack_mask,
)
from .types import _parse_type, _type_of


def _no_storage_error(op_text: str):
    def fn(fr, st):
        raise StorageError(
            f"result has no storage: {op_text} has no destination "
            f"(`into(...)`); storage mode needs every allocating producer "
            f"to name one (run --tile-init-memref or a planner first)"
        )

    return fn


class _TileOps:
    """The compilers of the tile ops, a part of ``_Compiler``."""

    # -- generic allocating producer -----------------------------------------

    def producer(self, o, tiles: Sequence[int], scalars: Sequence[int], kernel):
        """An allocating op computing kernel(tile_operands, scalar_operands);
        in storage mode its result must not overlap the operands its
        contract forbids (tilemem.contract)."""
        rid = self.define(o.results[0])
        rty = self.types[rid]
        tiles, scalars = tuple(tiles), tuple(scalars)
        if not self.storage:

            def fn(fr, st):
                fr[rid] = kernel([fr[i] for i in tiles], [fr[i] for i in scalars])

            return fn
        recipe = self.dest_recipe(o, rty)
        self.recipes[rid] = recipe
        if recipe is None:
            return _no_storage_error(f"'{o.name}'")
        dest = self.resolver(recipe)
        # The operands the result must not overlap: the op's contract, read
        # from its C++ traits (the tile operands come first, in order).
        rules = contract.OPS[o.name]
        forbid = tuple(
            k for k in range(len(tiles)) if rules.forbids_overlap_with(k, range(len(tiles)))
        )

        def fn(fr, st):
            ins = [_read(fr[i]) for i in tiles]
            d = dest(fr)
            for k in forbid:
                if _overlaps(d, fr[tiles[k]]):
                    raise StorageError(
                        f"result storage {d} overlaps operand #{k}'s storage "
                        f"{fr[tiles[k]]}, which this op forbids"
                    )
            data, poison = kernel(ins, [fr[i] for i in scalars])
            _write(d, data, poison)
            fr[rid] = d

        return fn

    # -- tile ops -------------------------------------------------------------

    def op_alloc(self, o):
        rid = self.define(o.results[0])
        if not self.storage:
            return None
        ty = self.types[rid]
        name = f"buffer {ty.text} allocated at {o.location}"
        if "addr" not in o.attributes or self.ignore_addresses:

            def fn(fr, st):
                fr[rid] = _Mem(name, ty.size, ty.slots)

            return fn
        # Addressed: a region of the space's memory, not re-poisoned here.
        base = ir.IntegerAttr(o.attributes["addr"]).value
        end = base + ty.size * ty.slots
        entry = self.spaces.get(ty.space)
        if entry is None:
            entry = self.spaces[ty.space] = [len(self.types), 0]
            self.types.append(_parse_type("<space memory>"))
        entry[1] = max(entry[1], end)
        sid = entry[0]
        name = f"buffer {ty.text} at {ty.space} [{base}, {end}) allocated at {o.location}"

        def fn(fr, st):
            fr[rid] = _Region(name, fr[sid], base, ty.size, ty.slots)

        return fn

    def op_if_exit_barrier(self, o):
        # Orders asynchronous producers on hardware; the interpreter runs
        # every op to completion, so there is nothing to wait for.
        for v in o.operands:
            self.use(v)
        return None

    def op_load(self, o):
        ops = list(o.operands)
        tid, iid, jid = self.use(ops[0]), self.use(ops[1]), self.use(ops[2])
        rid = self.define(o.results[0])
        rty = self.types[rid]
        R, C = rty.rows, rty.cols
        if not self.storage:

            def fn(fr, st):
                t, i, j = fr[tid], fr[iid], fr[jid]
                _check_block(t[0].shape[0], t[0].shape[1], i, j, R, C, "loaded")
                fr[rid] = _block(t, i, j, R, C)

            return fn
        recipe = self.dest_recipe(o, rty)
        self.recipes[rid] = recipe
        if recipe is None:
            return _no_storage_error("'tile.load'")
        dest = self.resolver(recipe)

        def fn(fr, st):
            src = _read(_slice_desc(fr[tid], fr[iid], fr[jid], R, C))
            d = dest(fr)
            _write(d, *src)
            fr[rid] = d

        return fn

    def op_store(self, o):
        ops = list(o.operands)
        vid_, tid = self.use(ops[0]), self.use(ops[1])
        iid, jid = self.use(ops[2]), self.use(ops[3])
        rid = self.define(o.results[0])
        vty = self.types[vid_]
        R, C = vty.rows, vty.cols
        if not self.storage:

            def fn(fr, st):
                t, i, j = fr[tid], fr[iid], fr[jid]
                _check_block(t[0].shape[0], t[0].shape[1], i, j, R, C, "stored")
                fr[rid] = _replace_block(t, fr[vid_], i, j)

            return fn
        self.inherit(rid, tid)

        def fn(fr, st):
            value = _read(fr[vid_])
            d = fr[tid]
            _write(_slice_desc(d, fr[iid], fr[jid], R, C), *value)
            fr[rid] = d

        return fn

    def op_move(self, o):
        sid = self.use(o.operands[0])
        src = self.types[sid].elem
        dst = _type_of(o.results[0]).elem
        return self.producer(o, [sid], [], lambda t, s: _convert(t[0], src, dst))

    def op_extract(self, o):
        sid = self.use(o.operands[0])
        src = self.types[sid].elem
        rty = _type_of(o.results[0])
        r, c = list(o.attributes["offsets"])
        R, C, dst = rty.rows, rty.cols, rty.elem
        sty = self.types[sid]
        _check_block(sty.rows, sty.cols, r, c, R, C, "extracted")
        return self.producer(
            o, [sid], [], lambda t, s: _convert(_block(t[0], r, c, R, C), src, dst)
        )

    def op_create(self, o):
        rid = self.define(o.results[0])
        rty = self.types[rid]
        if not self.storage:
            shape = (rty.rows, rty.cols)

            def fn(fr, st):
                fr[rid] = (np.zeros(shape, rty.dtype), np.ones(shape, bool))

            return fn
        recipe = self.dest_recipe(o, rty)
        self.recipes[rid] = recipe
        if recipe is None:
            return _no_storage_error("'tile.create'")
        dest = self.resolver(recipe)

        def fn(fr, st):
            fr[rid] = dest(fr)  # descriptor only: no data access

        return fn

    def op_binary(self, o):
        a, b = self.use(o.operands[0]), self.use(o.operands[1])
        elem = self.types[a].elem
        f = _BINARY[o.name]

        def kernel(t, s):
            return _from_c(f(_to_c(t[0][0], elem), _to_c(t[1][0], elem)), elem), t[0][1] | t[1][1]

        return self.producer(o, [a, b], [], kernel)

    def op_unary(self, o):
        a = self.use(o.operands[0])
        elem = self.types[a].elem
        f, undefined = _UNARY[o.name]

        def kernel(t, s):
            x = _to_c(t[0][0], elem)
            poison = t[0][1].copy() if undefined is None else t[0][1] | undefined(x)
            return _from_c(f(x), elem), poison

        return self.producer(o, [a], [], kernel)

    def op_scalar(self, o):
        a, x = self.use(o.operands[0]), self.use(o.operands[1])
        elem = self.types[a].elem
        f = _SCALAR[o.name]

        def kernel(t, s):
            return _from_c(f(_to_c(t[0][0], elem), _elem_scalar(s[0], elem)), elem), t[0][1].copy()

        return self.producer(o, [a], [x], kernel)

    def op_full(self, o):
        rty = _type_of(o.results[0])
        value = float(o.attributes["value"].value)
        shape, elem = (rty.rows, rty.cols), rty.elem
        fill = _from_c(np.array([value]), elem)[0]
        return self.producer(
            o, [], [], lambda t, s: (np.full(shape, fill, rty.dtype), np.zeros(shape, bool))
        )

    def op_transpose(self, o):
        a = self.use(o.operands[0])
        return self.producer(o, [a], [], lambda t, s: (t[0][0].T.copy(), t[0][1].T.copy()))

    def op_cvt(self, o):
        a = self.use(o.operands[0])
        src, dst = self.types[a].elem, _type_of(o.results[0]).elem
        # rmode: the RoundMode enum's value, absent for the default (rint).
        rmode = o.attributes["rmode"] if "rmode" in o.attributes else None
        mode = ROUND_MODES[ir.IntegerAttr(rmode).value if rmode is not None else 0]

        def kernel(t, s):
            data, undefined = _cvt(_to_c(t[0][0], src), src, dst, mode)
            return data, t[0][1] | undefined

        return self.producer(o, [a], [], kernel)

    def op_compare(self, o):
        """tile.cmp and tile.cmps: the predicate mask of the comparison."""
        a, b = self.use(o.operands[0]), self.use(o.operands[1])
        elem = self.types[a].elem
        scalar_form = o.name == "tile.cmps"
        mode = CMP_MODES[ir.IntegerAttr(o.attributes["mode"]).value]
        mask_cols = _type_of(o.results[0]).cols
        floats = elem[0] in "fb"

        def kernel(t, s):
            x = _to_c(t[0][0], elem)
            if scalar_form:
                y, poison = _elem_scalar(s[0], elem), t[0][1]
            else:
                y, poison = _to_c(t[1][0], elem), t[0][1] | t[1][1]
            bits, undefined = _compare(x, y, mode, scalar_form, floats)
            return _pack_mask(bits, undefined | poison, mask_cols)

        if scalar_form:
            return self.producer(o, [a], [b], kernel)
        return self.producer(o, [a, b], [], kernel)

    def op_sel(self, o):
        m, x, y = (self.use(v) for v in list(o.operands)[:3])
        cols = self.types[x].cols

        def kernel(t, s):
            bits, undefined = _unpack_mask(t[0], cols)
            data = np.where(bits, t[1][0], t[2][0])
            poison = undefined | np.where(bits, t[1][1], t[2][1])
            return data, poison

        return self.producer(o, [m, x, y], [], kernel)

    def op_concat(self, o):
        a, b = self.use(o.operands[0]), self.use(o.operands[1])
        return self.producer(
            o,
            [a, b],
            [],
            lambda t, s: (
                np.concatenate([t[0][0], t[1][0]], axis=1),
                np.concatenate([t[0][1], t[1][1]], axis=1),
            ),
        )

    def op_reduction(self, o):
        a = self.use(o.operands[0])
        elem = self.types[a].elem
        axis, reduce = _REDUCTIONS[o.name]
        return self.producer(
            o,
            [a],
            [],
            lambda t, s: (
                _from_c(reduce(_to_c(t[0][0], elem), axis, elem), elem),
                t[0][1].any(axis=axis, keepdims=True),
            ),
        )

    def op_broadcast(self, o):
        a, v = self.use(o.operands[0]), self.use(o.operands[1])
        elem = self.types[a].elem
        axis, f, undefined = _BROADCASTS[o.name]
        # The vector's first column (axis 1) or row (axis 0), broadcast.
        first = (slice(None), slice(0, 1)) if axis == 1 else (slice(0, 1), slice(None))

        def kernel(t, s):
            vector = _to_c(t[1][0], elem)[first]
            data = _from_c(f(_to_c(t[0][0], elem), vector), elem)
            poison = t[0][1] | t[1][1][first]
            if undefined is not None:
                poison = poison | undefined(vector)
            return data, poison

        return self.producer(o, [a, v], [], kernel)

    def op_expand(self, o):
        a = self.use(o.operands[0])
        shape = (_type_of(o.results[0]).rows, _type_of(o.results[0]).cols)
        return self.producer(
            o,
            [a],
            [],
            lambda t, s: (
                np.broadcast_to(t[0][0], shape).copy(),
                np.broadcast_to(t[0][1], shape).copy(),
            ),
        )

    def op_matmul(self, o):
        l, r = self.use(o.operands[0]), self.use(o.operands[1])
        le, re_ = self.types[l].elem, self.types[r].elem
        oe = _type_of(o.results[0]).elem

        def kernel(t, s):
            prod, poison = _matmul_product(t[0], t[1], le, re_)
            return _from_c(prod, oe), poison

        return self.producer(o, [l, r], [], kernel)

    def op_gemv(self, o):
        """Row 0 of the 16-row acc result is row 0 of the 16-row left box
        times the right tile; TGEMV reads no other left row and leaves the
        other result rows undefined."""
        l, r = self.use(o.operands[0]), self.use(o.operands[1])
        le, re_ = self.types[l].elem, self.types[r].elem
        rty = _type_of(o.results[0])
        shape = (rty.rows, rty.cols)

        def kernel(t, s):
            prod, poison = _matmul_product(tuple(part[0:1] for part in t[0]), t[1], le, re_)
            data = np.zeros(shape, rty.dtype)
            data[0:1] = _from_c(prod, rty.elem)
            undefined = np.ones(shape, bool)
            undefined[0:1] = poison
            return data, undefined

        return self.producer(o, [l, r], [], kernel)

    def op_matmul_acc(self, o):
        ops = [self.use(v) for v in o.operands]
        acc, l, r = ops[0], ops[1], ops[2]
        cond = ops[3] if len(ops) > 3 else None
        rid = self.define(o.results[0])
        ae, le, re_ = self.types[acc].elem, self.types[l].elem, self.types[r].elem

        def compute(a, lt, rt, init):
            prod, poison = _matmul_product(lt, rt, le, re_)
            if init:
                return _from_c(prod, ae), poison
            return _from_c(_to_c(a[0], ae) + prod, ae), poison | a[1]

        if not self.storage:

            def fn(fr, st):
                init = bool(fr[cond]) if cond is not None else False
                fr[rid] = compute(fr[acc], fr[l], fr[r], init)

            return fn
        self.inherit(rid, acc)

        def fn(fr, st):
            init = bool(fr[cond]) if cond is not None else False
            d = fr[acc]
            a = None if init else _read(d)
            res = compute(a, _read(fr[l]), _read(fr[r]), init)
            _write(d, *res)
            fr[rid] = d

        return fn

    def op_write(self, o):
        tid, iid, jid, xid = [self.use(v) for v in o.operands]
        rid = self.define(o.results[0])
        elem = self.types[tid].elem
        R, C = self.types[tid].rows, self.types[tid].cols

        def element(x):
            return _from_c(np.array([_elem_scalar(x, elem)]), elem).reshape(1, 1)

        if not self.storage:

            def fn(fr, st):
                i, j = fr[iid], fr[jid]
                _check_block(R, C, i, j, 1, 1, "written")
                data, poison = fr[tid][0].copy(), fr[tid][1].copy()
                data[i, j] = element(fr[xid])[0, 0]
                poison[i, j] = False
                fr[rid] = (data, poison)

            return fn
        self.inherit(rid, tid)

        def fn(fr, st):
            d = fr[tid]
            _write(_slice_desc(d, fr[iid], fr[jid], 1, 1), element(fr[xid]), np.zeros((1, 1), bool))
            fr[rid] = d

        return fn

    def op_fillpad(self, o):
        """The pad value outside the valid block, in place (a writeback)."""
        tid = self.use(o.operands[0])
        rid = self.define(o.results[0])
        ty = self.types[tid]
        rows, cols = list(o.attributes["valid"])
        pad = _pad_value(PAD_VALUES[ir.IntegerAttr(o.attributes["pad"]).value], ty.elem)
        outside = np.ones((ty.rows, ty.cols), bool)
        outside[:rows, :cols] = False
        fill = _from_c(np.array([pad]), ty.elem)[0]

        def padded(t):
            data, poison = t[0].copy(), t[1].copy()
            data[outside] = fill
            poison[outside] = False
            return data, poison

        if not self.storage:

            def fn(fr, st):
                fr[rid] = padded(fr[tid])

            return fn
        self.inherit(rid, tid)

        def fn(fr, st):
            d = fr[tid]
            _write(d, *padded(_read(d)))
            fr[rid] = d

        return fn

    def op_view(self, o):
        sid = self.use(o.operands[0])
        rid = self.define(o.results[0])
        sty, rty = self.types[sid], self.types[rid]
        if o.name == "tile.slice":
            r, c = list(o.attributes["offsets"])
            _check_block(sty.rows, sty.cols, r, c, rty.rows, rty.cols, "sliced")
            kind, params = "slice", (r, c, rty.rows, rty.cols)
        elif o.name == "tile.transpose_view":
            kind, params = "tview", None
        else:
            kind, params = "reshape", (rty.rows, rty.cols)
        if not self.storage:
            if kind == "slice":

                def fn(fr, st):
                    fr[rid] = _block(fr[sid], *params)
            elif kind == "tview":

                def fn(fr, st):
                    fr[rid] = (fr[sid][0].T.copy(), fr[sid][1].T.copy())
            else:

                def fn(fr, st):
                    fr[rid] = (fr[sid][0].reshape(params).copy(), fr[sid][1].reshape(params).copy())

            return fn
        base = self.recipes.get(sid)
        self.recipes[rid] = None if base is None else ("view", base, kind, params)

        def fn(fr, st):
            fr[rid] = _view_desc(fr[sid], kind, params)

        return fn

    def op_assemble(self, o):
        tid, sid = self.use(o.operands[0]), self.use(o.operands[1])
        rid = self.define(o.results[0])
        r, c = list(o.attributes["offsets"])
        tty, sty = self.types[tid], self.types[sid]
        _check_block(tty.rows, tty.cols, r, c, sty.rows, sty.cols, "assembled")
        if not self.storage:

            def fn(fr, st):
                fr[rid] = _replace_block(fr[tid], fr[sid], r, c)

            return fn
        self.inherit(rid, tid)
        R, C = sty.rows, sty.cols

        def fn(fr, st):
            src = _read(fr[sid])
            d = fr[tid]
            _write(_slice_desc(d, r, c, R, C), *src)
            fr[rid] = d

        return fn


TILE_HANDLERS: dict[str, Callable] = {
    "tile.alloc": _TileOps.op_alloc,
    "tile.load": _TileOps.op_load,
    "tile.store": _TileOps.op_store,
    "tile.move": _TileOps.op_move,
    "tile.extract": _TileOps.op_extract,
    "tile.create": _TileOps.op_create,
    **{name: _TileOps.op_binary for name in _BINARY},
    **{name: _TileOps.op_unary for name in _UNARY},
    **{name: _TileOps.op_scalar for name in _SCALAR},
    "tile.full": _TileOps.op_full,
    "tile.transpose": _TileOps.op_transpose,
    "tile.cvt": _TileOps.op_cvt,
    "tile.concat": _TileOps.op_concat,
    "tile.cmp": _TileOps.op_compare,
    "tile.cmps": _TileOps.op_compare,
    "tile.sel": _TileOps.op_sel,
    **{name: _TileOps.op_reduction for name in _REDUCTIONS},
    **{name: _TileOps.op_broadcast for name in _BROADCASTS},
    "tile.row_expand": _TileOps.op_expand,
    "tile.col_expand": _TileOps.op_expand,
    "tile.matmul": _TileOps.op_matmul,
    "tile.gemv": _TileOps.op_gemv,
    "tile.matmul_acc": _TileOps.op_matmul_acc,
    "tile.write": _TileOps.op_write,
    "tile.fillpad": _TileOps.op_fillpad,
    "tile.reshape": _TileOps.op_view,
    "tile.slice": _TileOps.op_view,
    "tile.transpose_view": _TileOps.op_view,
    "tile.assemble": _TileOps.op_assemble,
    "tile.if_exit_barrier": _TileOps.op_if_exit_barrier,
}
