"""The compilers of regions and calls (a part of ``_Compiler``):
``tile.scope``, ``scf.for``, ``scf.while``, ``scf.if`` and ``func.call``.

Storage mode follows the storage rules of ``tilemem/Analysis/TileStorage.h``:
a loop carry keeps its initializer's storage (the back edge copies nothing),
and an ``scf.if`` result lives where the then arm's yielded value lives,
whichever arm ran.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import InterpreterError, StorageError
from .execution import _invoke, _run_block


class _ControlFlowOps:
    """The compilers of regions and calls, a part of ``_Compiler``."""

    # -- regions --------------------------------------------------------------

    def op_scope(self, o):
        body = self.compile_block(o.regions[0].blocks[0])
        rids = [self.define(v) for v in o.results]
        for rid, y in zip(rids, body.term):
            self.inherit(rid, y)

        def fn(fr, st):
            _run_block(body, fr, st)
            for rid, y in zip(rids, body.term):
                fr[rid] = fr[y]

        return fn

    def op_for(self, o):
        ops = [self.use(v) for v in o.operands]
        lb, ub, step, inits = ops[0], ops[1], ops[2], ops[3:]
        block = o.regions[0].blocks[0]
        args = list(block.arguments)
        iv = self.define(args[0])
        carries = [self.define(a) for a in args[1:]]
        for c, i in zip(carries, inits):
            self.inherit(c, i)
        body = self.compile_block(block)
        rids = [self.define(v) for v in o.results]
        for rid, i in zip(rids, inits):
            self.inherit(rid, i)
        # storage mode: tile/tensor carries keep the init's storage; the back
        # edge copies nothing
        stored = [self.storage and self.types[c].has_storage for c in carries]
        n = len(carries)
        yields = body.term

        def fn(fr, st):
            i, hi, s = fr[lb], fr[ub], fr[step]
            if s <= 0:
                raise InterpreterError(f"scf.for step must be positive, got {s}")
            vals = [fr[x] for x in inits]
            while i < hi:
                fr[iv] = i
                for k in range(n):
                    fr[carries[k]] = vals[k]
                _run_block(body, fr, st)
                for k in range(n):
                    if not stored[k]:
                        vals[k] = fr[yields[k]]
                i += s
            for k in range(n):
                fr[rids[k]] = vals[k]

        return fn

    def op_while(self, o):
        inits = [self.use(v) for v in o.operands]
        before_blk, after_blk = o.regions[0].blocks[0], o.regions[1].blocks[0]
        bargs = [self.define(a) for a in before_blk.arguments]
        for a, i in zip(bargs, inits):
            self.inherit(a, i)
        before = self.compile_block(before_blk)
        cond, fwd = before.term[0], before.term[1:]
        aargs = [self.define(a) for a in after_blk.arguments]
        for a, f in zip(aargs, fwd):
            self.inherit(a, f)
        after = self.compile_block(after_blk)
        rids = [self.define(v) for v in o.results]
        for rid, f in zip(rids, fwd):
            self.inherit(rid, f)
        bstored = [self.storage and self.types[a].has_storage for a in bargs]
        nb = len(bargs)

        def fn(fr, st):
            vals = [fr[x] for x in inits]
            init_vals = list(vals)
            while True:
                for k in range(nb):
                    fr[bargs[k]] = init_vals[k] if bstored[k] else vals[k]
                _run_block(before, fr, st)
                forwarded = [fr[x] for x in fwd]
                if not fr[cond]:
                    for rid, v in zip(rids, forwarded):
                        fr[rid] = v
                    return
                for a, v in zip(aargs, forwarded):
                    fr[a] = v
                _run_block(after, fr, st)
                vals = [fr[x] for x in after.term]

        return fn

    def op_if(self, o):
        cond = self.use(o.operands[0])
        then_start = len(self.types)
        then = self.compile_block(o.regions[0].blocks[0])
        then_end = len(self.types)
        els = None
        if len(o.regions) > 1 and len(o.regions[1].blocks) > 0:
            els = self.compile_block(o.regions[1].blocks[0])
        rids = [self.define(v) for v in o.results]
        for rid, y in zip(rids, then.term):
            self.inherit(rid, y)
        # storage mode: the results are the then-arm yield's storage, even
        # when the else arm ran
        resolvers = []
        for k, rid in enumerate(rids):
            if not (self.storage and self.types[rid].has_storage):
                resolvers.append(None)
                continue
            recipe = self.recipes.get(rid)
            deps = self.recipe_deps(recipe)
            inner = sorted(d for d in deps if then_start <= d < then_end)
            resolvers.append(self._if_result_resolver(k, recipe, inner))

        def fn(fr, st):
            if fr[cond]:
                _run_block(then, fr, st)
                for rid, y in zip(rids, then.term):
                    fr[rid] = fr[y]
                return
            if els is None:
                return
            _run_block(els, fr, st)
            for k, (rid, y) in enumerate(zip(rids, els.term)):
                res = resolvers[k]
                fr[rid] = fr[y] if res is None else res(fr)

        return fn

    def _if_result_resolver(self, k, recipe, inner):
        if recipe is None:

            def fail(fr):
                raise StorageError(
                    f"scf.if result #{k} has no storage (the "
                    f"then-arm yields a value without storage)"
                )

            return fail
        if inner:

            def fail(fr):
                raise StorageError(
                    f"scf.if result #{k} lives where the then-arm's yielded "
                    f"value lives, which depends on values defined inside the "
                    f"then arm, but the else arm ran"
                )

            return fail
        return self.resolver(recipe)

    def op_call(self, o):
        callee = o.attributes["callee"].value
        args = [self.use(v) for v in o.operands]
        rids = [self.define(v) for v in o.results]
        for rid in rids:
            if self.storage and self.types[rid].has_storage:
                self.recipes[rid] = ("ext", rid)
        program, mode = self.program, self.mode
        ignore = self.ignore_addresses
        if callee not in program.functions:
            raise InterpreterError(f"call of unknown function @{callee}")

        def fn(fr, st):
            cf = program._compiled(callee, mode, ignore)
            results = _invoke(cf, [fr[a] for a in args], st)
            for rid, v in zip(rids, results):
                fr[rid] = v

        return fn


CONTROL_FLOW_HANDLERS: dict[str, Callable] = {
    "tile.scope": _ControlFlowOps.op_scope,
    "scf.for": _ControlFlowOps.op_for,
    "scf.while": _ControlFlowOps.op_while,
    "scf.if": _ControlFlowOps.op_if,
    "func.call": _ControlFlowOps.op_call,
}
