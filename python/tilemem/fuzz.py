"""Differential fuzzer for the storage pipeline.

    python -m tilemem.fuzz --count 20000 --seed 1

Generates random, valid tile programs (nested scf.for/scf.while/scf.if up to
depth 4, several tile and tensor carries, views, writeback and in-place ops,
reads of initializers inside and after loops, constant 0/1/N and unknown trip
counts, swaps, rotations, one tile passed as two initializers, yields through
tile.scope), runs the pipeline
``tile-init-memref, tile-materialize-semantic-aliases, tile-verify-storage``
on each, and compares the reference interpreter's storage mode on the output
with its value mode on the input (``tilemem.interp.compare``).

A program the pass rejects is counted by the reason of its diagnostic; a
program whose output computes something else is a mismatch, written to
``--failures`` together with the pipeline output.

With ``--memory-planner pypto|dsa-rp|ptoas|all``, every program the
legalization accepts also runs, per planner, the whole
``tile-memory-pipeline{memory-planner=...}``; the interpreter's storage mode
on the planned module, *with the planner's addresses applied* (buffers
whose address ranges overlap share bytes), must equal value mode on the
input. When ``tilemem.pto`` is available the planned module is also emitted
as PTO at the planner's level (level2 for ptoas, level3 otherwise) and
checked with ``tilemem.pto_check``. The summary counts each planner
separately, with its peak against the max-live lower bound.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import re
import sys
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from .options import PLANNERS

ROWS, COLS = 8, 8
TILE = "!tile.tile<8x8xf32, vec>"
ACC = "!tile.tile<8x8xf32, acc>"
MAT = "!tile.tile<8x8xf32, mat>"
LEFT = "!tile.tile<8x8xf32, left>"
RIGHT = "!tile.tile<8x8xf32, right>"
TENSOR = "!tile.tensor<32x8xf32>"
OUT_TENSOR = "!tile.tensor<8x8xf32>"
TYPES = {"vec": TILE, "acc": ACC, "tensor": TENSOR}

def pipeline(enable_buffer_ir: bool = False) -> List[str]:
    """The passes run on each program."""
    flag = "true" if enable_buffer_ir else "false"
    return [
        f"tile-select-buffer-ir-functions{{enable-buffer-ir={flag}}}",
        "tile-init-memref",
        f"tile-materialize-semantic-aliases{{enable-buffer-ir={flag}}}",
        "tile-verify-storage",
    ]


PIPELINE = pipeline(False)

# Diagnostics a correct pass may give for a program it cannot implement on
# the target; each is documented in docs/passes/materialize-semantic-aliases.md.
REJECTIONS = [
    ("no same-space copy", re.compile(r"there is no (\w+)->\1 copy")),
    ("tensor needs a copy", re.compile(r"tensors cannot be copied")),
    ("divergent phi", re.compile(r"divergent result")),
]


@dataclass
class Value:
    name: str
    kind: str  # vec | acc | tensor
    group: int  # values of one group share storage by construction
    dense: bool = False  # produced row-major (a reshape needs that)


@dataclass
class Scope:
    values: List[Value] = field(default_factory=list)
    # The current version of the output tensor, if this scope may store to it.
    tensor: Optional[Value] = None
    tensor_writable: bool = False


class ProgramGenerator:
    """Builds one random kernel as MLIR text."""

    def __init__(self, rng: random.Random, max_depth: int = 4, budget: int = 40,
                 branch_heavy: bool = False, tensor_outputs: bool = False):
        self.rng = rng
        # Cumulative probabilities of a for, a while and an if statement.
        self.nesting = (0.06, 0.09, 0.45) if branch_heavy else (0.14, 0.20, 0.30)
        # Store the returned tile into an extra tensor argument %T instead of
        # returning it (PTO kernels return nothing but global tensors); the
        # random choices, and so the program body, are the same.
        self.tensor_outputs = tensor_outputs
        self.max_depth = max_depth
        self.budget = budget
        self.lines: List[str] = []
        self.counter = 0
        self.groups = 0
        self.scopes: List[Scope] = []
        self.constants: Dict[str, str] = {}

    # -- helpers ---------------------------------------------------------
    def fresh(self, prefix: str = "v") -> str:
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def new_group(self) -> int:
        self.groups += 1
        return self.groups

    def emit(self, depth: int, text: str) -> None:
        self.lines.append("  " * (depth + 1) + text)

    def visible(self, kind: str) -> List[Value]:
        return [v for s in self.scopes for v in s.values if v.kind == kind]

    def pick(self, kind: str) -> Optional[Value]:
        values = self.visible(kind)
        if not values:
            return None
        # Prefer recent values, but reach back to outer ones (initializers).
        if self.rng.random() < 0.6:
            return values[-1 - self.rng.randrange(min(3, len(values)))]
        return self.rng.choice(values)

    def define(self, value: Value) -> Value:
        self.scopes[-1].values.append(value)
        return value

    def kill_group(self, group: int) -> None:
        """A writeback consumed this storage: older names must not be read."""
        for scope in self.scopes:
            scope.values = [v for v in scope.values if v.group != group]

    def revalidate(self, names: List[str], kinds: List[str]) -> List[str]:
        """Names chosen before a later writeback consumed their payload are
        replaced by a live value of the same kind (the program would need a
        copy of an overwritten tile otherwise)."""
        fixed = []
        for name, kind in zip(names, kinds):
            live = self.visible(kind)
            if any(v.name == name for v in live) or not live:
                fixed.append(name)
            else:
                fixed.append(live[-1].name)
        return fixed

    def current_tensor(self) -> Optional[Value]:
        for scope in reversed(self.scopes):
            if scope.tensor is not None:
                return scope.tensor
        return None

    def tensor_writable(self) -> bool:
        return bool(self.scopes) and self.scopes[-1].tensor_writable

    def const(self, value, type_: str = "index") -> str:
        key = f"{value}:{type_}"
        return self.constants[key]

    # -- statements ------------------------------------------------------
    def vec_operand(self, depth: int) -> Value:
        value = self.pick("vec")
        if value is None:
            value = self.produce_vec(depth, force_simple=True)
        return value

    def produce_vec(self, depth: int, force_simple: bool = False) -> Value:
        r = self.rng.random()
        name = self.fresh()
        tensor = self.current_tensor()
        if force_simple or r < 0.12:
            value = self.rng.choice(["0.5", "1.0", "-2.0", "3.0"])
            self.emit(depth, f"{name} = tile.full {value} : {TILE}")
        elif r < 0.28 and tensor is not None:
            row = self.const(self.rng.choice([0, 8, 16, 24]))
            self.emit(depth, f"{name} = tile.load {tensor.name}[{row}, %c0] : {TENSOR} -> {TILE}")
        elif r < 0.55:
            a, b = self.vec_operand(depth), self.vec_operand(depth)
            op = self.rng.choice(["add", "sub", "mul", "maximum"])
            self.emit(depth, f"{name} = tile.{op} {a.name}, {b.name} : {TILE}")
        elif r < 0.68:
            a = self.vec_operand(depth)
            op, scalar = self.rng.choice([("adds", "%f1"), ("muls", "%fhalf")])
            self.emit(depth, f"{name} = tile.{op} {a.name}, {scalar} : {TILE}, f32")
        elif r < 0.74:
            a = self.vec_operand(depth)
            self.emit(depth, f"{name} = tile.transpose {a.name} : {TILE} -> {TILE}")
        elif r < 0.80:
            a, b = self.vec_operand(depth), self.vec_operand(depth)
            sums = self.fresh()
            self.emit(depth, f"{sums} = tile.row_sum {b.name} : {TILE} -> !tile.tile<8x1xf32, vec>")
            self.emit(depth, f"{name} = tile.row_expand_mul {a.name}, {sums} : {TILE}, !tile.tile<8x1xf32, vec>")
        elif r < 0.90:
            # A zero-copy view that comes back to 8x8: an alias of its source.
            dense = [v for v in self.visible("vec") if v.dense]
            a = self.rng.choice(dense) if dense and self.rng.random() < 0.5 else None
            if a is not None:
                mid = self.fresh()
                self.emit(depth, f"{mid} = tile.reshape {a.name} : {TILE} -> !tile.tile<16x4xf32, vec>")
                self.emit(depth, f"{name} = tile.reshape {mid} : !tile.tile<16x4xf32, vec> -> {TILE}")
            else:
                a = self.vec_operand(depth)
                self.emit(depth, f"{name} = tile.transpose_view {a.name} : {TILE} -> {TILE}")
            return self.define(Value(name, "vec", a.group))
        else:
            a = self.vec_operand(depth)
            self.emit(depth, f"{name} = tile.move {a.name} : {TILE} -> {TILE}")
        return self.define(Value(name, "vec", self.new_group(), dense=True))

    def writeback_vec(self, depth: int) -> None:
        target = self.pick("vec")
        if target is None:
            return
        name = self.fresh()
        if self.rng.random() < 0.5:
            i, j = self.const(self.rng.randrange(ROWS)), self.const(self.rng.randrange(COLS))
            self.emit(depth, f"{name} = tile.write {target.name}[{i}, {j}], %f1 : {TILE}, f32")
        else:
            source = self.vec_operand(depth)
            if source.group == target.group:
                return
            part = self.fresh()
            row = self.rng.choice([0, 4])
            self.emit(depth, f"{part} = tile.slice {source.name}[{row}, 0] : {TILE} -> !tile.tile<4x8xf32, vec>")
            at = self.rng.choice([0, 4])
            self.emit(depth, f"{name} = tile.assemble {target.name}, {part}[{at}, 0] : {TILE}, !tile.tile<4x8xf32, vec>")
        self.kill_group(target.group)
        self.define(Value(name, "vec", target.group))

    def produce_acc(self, depth: int) -> Optional[Value]:
        tensor = self.current_tensor()
        if tensor is None:
            return None
        mat, left, right, name = self.fresh("m"), self.fresh("l"), self.fresh("r"), self.fresh()
        row = self.const(self.rng.choice([0, 8, 16, 24]))
        self.emit(depth, f"{mat} = tile.load {tensor.name}[{row}, %c0] : {TENSOR} -> {MAT}")
        self.emit(depth, f"{left} = tile.extract {mat}[0, 0] : {MAT} -> {LEFT}")
        self.emit(depth, f"{right} = tile.extract {mat}[0, 0] : {MAT} -> {RIGHT}")
        # Accumulate into an acc of this block: one from an enclosing loop
        # would be overwritten while a later iteration still needs it, which
        # has no copy on the target (kept rare: it is a rejection).
        local = [v for v in self.scopes[-1].values if v.kind == "acc"]
        acc = self.rng.choice(local) if local else None
        if acc is None and self.rng.random() < 0.1:
            acc = self.pick("acc")
        if acc is not None and self.rng.random() < 0.6:
            init = ""
            if self.rng.random() < 0.25:
                init = " init_cond %cond"
            self.emit(depth, f"{name} = tile.matmul_acc {acc.name}, {left}, {right}{init} : {ACC}, {LEFT}, {RIGHT}")
            self.kill_group(acc.group)
            return self.define(Value(name, "acc", acc.group))
        self.emit(depth, f"{name} = tile.matmul {left}, {right} : {LEFT}, {RIGHT} -> {ACC}")
        return self.define(Value(name, "acc", self.new_group()))

    def store(self, depth: int) -> None:
        tensor = self.current_tensor()
        if tensor is None or not self.tensor_writable():
            return
        source = self.pick(self.rng.choice(["vec", "vec", "acc"]))
        if source is None:
            return
        name = self.fresh("T")
        row = self.const(self.rng.choice([0, 8, 16, 24]))
        self.emit(depth, f"{name} = tile.store {source.name}, {tensor.name}[{row}, %c0] : {source_type(source)}, {TENSOR}")
        self.scopes[-1].tensor = Value(name, "tensor", tensor.group)

    def statement(self, depth: int) -> None:
        self.budget -= 1
        r = self.rng.random()
        nest = depth < self.max_depth and self.budget > 0
        p_for, p_while, p_if = self.nesting
        if nest and r < p_for:
            self.for_loop(depth)
        elif nest and r < p_while:
            self.while_loop(depth)
        elif nest and r < p_if:
            self.if_op(depth)
        elif r < 0.62:
            self.produce_vec(depth)
        elif r < 0.72:
            self.writeback_vec(depth)
        elif r < 0.82:
            self.produce_acc(depth)
        else:
            self.store(depth)

    def block(self, depth: int, count: int) -> None:
        for _ in range(count):
            self.statement(depth)

    # -- control flow ----------------------------------------------------
    def choose_carries(self) -> List[Value]:
        carries: List[Value] = []
        for _ in range(self.rng.choice([1, 1, 2, 2, 3])):
            kind = self.rng.choice(["vec", "vec", "vec", "acc"])
            value = self.pick(kind)
            if value is None:
                continue
            if value in carries and self.rng.random() < 0.7:
                continue  # sometimes the same tile initializes two carries
            carries.append(value)
        return carries

    def yields_for(self, depth: int, carries: List[Value], args: List[Value]) -> List[str]:
        """What each carry yields: a new value, another carry (swap), itself,
        or an outer value."""
        names = []
        order = list(range(len(carries)))
        if len(order) > 1 and self.rng.random() < 0.3:
            self.rng.shuffle(order)  # swaps and rotations of carries
        for index, carry in enumerate(carries):
            candidates = [v for v in self.visible(carry.kind)]
            r = self.rng.random()
            if r < 0.25 and len(order) > 1:
                other = args[order[index]]
                if other.kind == carry.kind and other in self.visible(other.kind):
                    names.append(other.name)
                    continue
            if r < 0.35 and args[index] in candidates:
                names.append(args[index].name)
                continue
            if carry.kind == "vec":
                if self.rng.random() < 0.85 or not candidates:
                    names.append(self.produce_vec(depth).name)
                else:
                    names.append(self.rng.choice(candidates).name)
            else:
                value = self.produce_acc(depth) if self.rng.random() < 0.8 else None
                if value is None:
                    value = self.pick("acc")
                names.append(value.name if value else args[index].name)
        return self.revalidate(names, [c.kind for c in carries])

    def wrap_in_scope(self, depth: int, names: List[str], types: List[str]) -> List[str]:
        if not names or self.rng.random() > 0.2:
            return names
        results = self.fresh("s")
        count = len(names)
        result_names = [f"{results}#{i}" for i in range(count)] if count > 1 else [results]
        head = f"{results}:{count}" if count > 1 else results
        # Move the last value computation into the scope by recomputing one
        # value inside it from the yielded names.
        self.emit(depth, f"{head} = tile.scope \"split_aiv\" -> {', '.join(types)} {{")
        inner = []
        for name, type_ in zip(names, types):
            if type_ == TILE and self.rng.random() < 0.5:
                fresh = self.fresh()
                self.emit(depth + 1, f"{fresh} = tile.adds {name}, %f1 : {TILE}, f32")
                inner.append(fresh)
            else:
                inner.append(name)
        self.emit(depth + 1, f"tile.scope_yield {', '.join(inner)} : {', '.join(types)}")
        self.emit(depth, "}")
        return result_names

    def trip_bounds(self):
        r = self.rng.random()
        if r < 0.2:
            return "%c0", "%c0"  # zero trips
        if r < 0.4:
            return "%c0", "%c1"  # one trip
        if r < 0.7:
            return "%c0", self.const(self.rng.choice([2, 3]))
        return "%c0", "%n"  # unknown at compile time

    def for_loop(self, depth: int) -> None:
        carries = self.choose_carries()
        tensor = self.current_tensor()
        carry_tensor = tensor is not None and self.tensor_writable() and self.rng.random() < 0.5
        lb, ub = self.trip_bounds()
        index = self.fresh("i")
        args = [Value(self.fresh("a"), c.kind, self.new_group()) for c in carries]
        inits = [c.name for c in carries]
        types = [TYPES[c.kind] for c in carries]
        tensor_arg = None
        if carry_tensor:
            tensor_arg = Value(self.fresh("Ta"), "tensor", tensor.group)
            args.append(tensor_arg)
            inits.append(tensor.name)
            types.append(TENSOR)
        results = self.fresh("f")
        head = f"{results}:{len(types)} = " if len(types) > 1 else (f"{results} = " if types else "")
        iter_args = ", ".join(f"{a.name} = {i}" for a, i in zip(args, inits))
        sig = f" iter_args({iter_args}) -> ({', '.join(types)})" if types else ""
        self.emit(depth, f"{head}scf.for {index} = {lb} to {ub} step %c1{sig} {{")
        scope = Scope(values=[a for a in args if a.kind != "tensor"])
        scope.tensor = tensor_arg if carry_tensor else (tensor if tensor is not None else None)
        scope.tensor_writable = carry_tensor
        self.scopes.append(scope)
        self.block(depth + 1, self.rng.randint(1, 4))
        yields = self.yields_for(depth + 1, carries, args)
        tile_types = [TYPES[c.kind] for c in carries]
        yields = self.wrap_in_scope(depth + 1, yields, tile_types) if yields else yields
        if carry_tensor:
            yields.append(self.scopes[-1].tensor.name)
        self.scopes.pop()
        if types:
            self.emit(depth + 1, f"scf.yield {', '.join(yields)} : {', '.join(types)}")
        self.emit(depth, "}")
        self.bind_results(results, carries, carry_tensor, tensor)

    def bind_results(self, results, carries, carried_tensor, tensor):
        count = len(carries) + (1 if carried_tensor else 0)
        names = [f"{results}#{i}" for i in range(count)] if count > 1 else [results]
        for name, carry in zip(names, carries):
            self.define(Value(name, carry.kind, self.new_group()))
        if carried_tensor:
            self.scopes[-1].tensor = Value(names[-1], "tensor", tensor.group)

    def while_loop(self, depth: int) -> None:
        carries = self.choose_carries()
        tensor = self.current_tensor()
        carry_tensor = tensor is not None and self.tensor_writable() and self.rng.random() < 0.4
        _, bound = self.trip_bounds()
        counter = self.fresh("k")
        before = [Value(self.fresh("b"), c.kind, self.new_group()) for c in carries]
        after = [Value(self.fresh("a"), c.kind, self.new_group()) for c in carries]
        inits = ["%c0"] + [c.name for c in carries]
        types = ["index"] + [TYPES[c.kind] for c in carries]
        if carry_tensor:
            inits.append(tensor.name)
            types.append(TENSOR)
            before.append(Value(self.fresh("Tb"), "tensor", tensor.group))
            after.append(Value(self.fresh("Ta"), "tensor", tensor.group))
        results = self.fresh("w")
        head = f"{results}:{len(types)}"
        params = ", ".join([f"{counter} = %c0"] + [f"{b.name} = {i}" for b, i in zip(before, inits[1:])])
        sig = ", ".join(types)
        self.emit(depth, f"{head} = scf.while ({params}) : ({sig}) -> ({sig}) {{")
        go = self.fresh("go")
        self.emit(depth + 1, f"{go} = arith.cmpi slt, {counter}, {bound} : index")
        forwarded = ", ".join([counter] + [b.name for b in before])
        self.emit(depth + 1, f"scf.condition({go}) {forwarded} : {sig}")
        self.emit(depth, "} do {")
        counter2 = self.fresh("k")
        block_args = ", ".join([f"{counter2}: index"] + [f"{a.name}: {TYPES[a.kind]}" for a in after])
        self.emit(depth, f"^bb0({block_args}):")
        scope = Scope(values=[a for a in after if a.kind != "tensor"])
        scope.tensor = after[-1] if carry_tensor else tensor
        scope.tensor_writable = carry_tensor
        self.scopes.append(scope)
        self.block(depth + 1, self.rng.randint(1, 3))
        tile_after = [a for a in after if a.kind != "tensor"]
        yields = self.yields_for(depth + 1, carries, tile_after)
        next_counter = self.fresh("k")
        self.emit(depth + 1, f"{next_counter} = arith.addi {counter2}, %c1 : index")
        all_yields = [next_counter] + yields
        if carry_tensor:
            all_yields.append(self.scopes[-1].tensor.name)
        self.scopes.pop()
        self.emit(depth + 1, f"scf.yield {', '.join(all_yields)} : {sig}")
        self.emit(depth, "}")
        names = [f"{results}#{i}" for i in range(len(types))]
        for name, carry in zip(names[1:], carries):
            self.define(Value(name, carry.kind, self.new_group()))
        if carry_tensor:
            self.scopes[-1].tensor = Value(names[-1], "tensor", tensor.group)

    def if_op(self, depth: int) -> None:
        kinds = [self.rng.choice(["vec", "vec", "acc"]) for _ in range(self.rng.choice([0, 1, 1, 2]))]
        tensor = self.current_tensor()
        carry_tensor = tensor is not None and self.tensor_writable() and self.rng.random() < 0.3
        types = [TYPES[k] for k in kinds] + ([TENSOR] if carry_tensor else [])
        cond = self.rng.choice(["%cond", "%cond", "%notcond"])
        results = self.fresh("r")
        head = ""
        if types:
            head = f"{results}:{len(types)} = " if len(types) > 1 else f"{results} = "
        sig = f" -> ({', '.join(types)})" if types else ""
        self.emit(depth, f"{head}scf.if {cond}{sig} {{")
        arm_yields = []
        for arm in range(2):
            if arm == 1:
                self.emit(depth, "} else {")
            scope = Scope()
            scope.tensor = tensor
            scope.tensor_writable = carry_tensor
            self.scopes.append(scope)
            self.block(depth + 1, self.rng.randint(0, 3))
            names = []
            for kind in kinds:
                r = self.rng.random()
                value = self.pick(kind) if r < 0.45 else None
                if value is None:
                    value = self.produce_vec(depth + 1) if kind == "vec" else self.produce_acc(depth + 1)
                if value is None:
                    value = self.pick(kind)
                if value is None:
                    # No acc reachable: give up on results for this if.
                    names = None
                    break
                names.append(value.name)
            if names is None:
                self.scopes.pop()
                self.lines = self.lines[: self._rewind_to(depth)]
                return
            names = self.revalidate(names, kinds)
            names = self.wrap_in_scope(depth + 1, names, [TYPES[k] for k in kinds])
            if carry_tensor:
                names.append(self.scopes[-1].tensor.name)
            self.scopes.pop()
            if types:
                self.emit(depth + 1, f"scf.yield {', '.join(names)} : {', '.join(types)}")
            arm_yields.append(names)
        self.emit(depth, "}")
        count = len(types)
        names = [f"{results}#{i}" for i in range(count)] if count > 1 else [results]
        for name, kind in zip(names, kinds):
            self.define(Value(name, kind, self.new_group()))
        if carry_tensor:
            self.scopes[-1].tensor = Value(names[-1], "tensor", tensor.group)

    def _rewind_to(self, depth):
        # Drop the partially emitted if: find its header line.
        prefix = "  " * (depth + 1)
        for index in range(len(self.lines) - 1, -1, -1):
            line = self.lines[index]
            if line.startswith(prefix) and not line.startswith(prefix + " ") and "scf.if" in line:
                return index
        return len(self.lines)

    # -- the kernel --------------------------------------------------------
    def generate(self) -> str:
        for value in [0, 1, 2, 3, 4, 8, 16, 24] + list(range(5, 8)):
            self.constants[f"{value}:index"] = f"%c{value}"
        outputs = f"{TENSOR}, {OUT_TENSOR}" if self.tensor_outputs else f"{TENSOR}, {TILE}"
        extra = f", %T: {OUT_TENSOR}" if self.tensor_outputs else ""
        header = [
            'module attributes {tile.target_arch = "a3"} {',
            f"  func.func @kernel(%A: {TENSOR}, %O: {TENSOR}, %n: index, %cond: i1{extra}) -> ({outputs}) {{",
        ]
        for value in sorted({int(k.split(':')[0]) for k in self.constants}):
            self.lines.append(f"    %c{value} = arith.constant {value} : index")
        self.lines.append("    %f1 = arith.constant 1.0 : f32")
        self.lines.append("    %fhalf = arith.constant 0.5 : f32")
        self.lines.append("    %true = arith.constant true")
        self.lines.append("    %notcond = arith.xori %cond, %true : i1")
        top = Scope()
        top.tensor = Value("%O", "tensor", self.new_group())
        top.tensor_writable = True
        self.scopes.append(top)
        # Loads come from %A (read-only) and %O (the output).
        self.define(Value("%seed", "vec", self.new_group()))
        self.lines.append(f"    %seed = tile.load %A[%c0, %c0] : {TENSOR} -> {TILE}")
        self.block(0, self.rng.randint(3, 7))
        self.store(0)
        out_tile = self.pick("vec") or Value("%seed", "vec", 0)
        tensor = self.current_tensor()
        if self.tensor_outputs:
            self.lines.append(f"    %Tout = tile.store {out_tile.name}, %T[%c0, %c0] : {TILE}, {OUT_TENSOR}")
            self.lines.append(f"    return {tensor.name}, %Tout : {TENSOR}, {OUT_TENSOR}")
        else:
            self.lines.append(f"    return {tensor.name}, {out_tile.name} : {TENSOR}, {TILE}")
        return "\n".join(header + self.lines + ["  }", "}"]) + "\n"


def source_type(value: Value) -> str:
    return TYPES[value.kind]


def generate(seed: int, max_depth: int = 4, branch_heavy: bool = False,
             tensor_outputs: bool = False) -> str:
    """The program of one seed (deterministic). `branch_heavy` makes scf.if
    the most frequent statement (the corpus on which Buffer IR is compared
    with the Tile path). With `tensor_outputs` the returned tile is stored
    into an extra tensor argument instead (same body), so the kernel can be
    emitted as PTO."""
    return ProgramGenerator(random.Random(seed), max_depth=max_depth,
                            branch_heavy=branch_heavy,
                            tensor_outputs=tensor_outputs).generate()


def compare_modes(seeds, max_depth: int = 4, branch_heavy: bool = False, report=None):
    """Runs every program with Buffer IR off and on; returns a summary of the
    tile.move ops each mode inserted. `report`, a writable file, receives one
    CSV line per program: seed, status and moves per mode."""
    summary = collections.Counter()
    worse = []
    if report is not None:
        report.write("seed,tile_status,tile_moves,buffer_ir_status,buffer_ir_moves\n")
    for seed in seeds:
        text = generate(seed, max_depth, branch_heavy)
        tile = run_one(text, seed, enable_buffer_ir=False)
        bir = run_one(text, seed, enable_buffer_ir=True)
        if report is not None:
            report.write(f"{seed},{tile.status},{tile.copies},{bir.status},{bir.copies}\n")
        summary["programs"] += 1
        for mode, outcome in (("tile", tile), ("buffer_ir", bir)):
            summary[f"{mode}_{outcome.status}"] += 1
        if tile.status == "ok" and bir.status == "ok":
            summary["both_ok"] += 1
            summary["tile_moves"] += tile.copies
            summary["buffer_ir_moves"] += bir.copies
            if bir.copies > tile.copies:
                worse.append(seed)
            elif bir.copies < tile.copies:
                summary["buffer_ir_fewer"] += 1
            else:
                summary["same"] += 1
    return summary, worse


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------


@dataclass
class Outcome:
    status: str  # ok | rejected | mismatch | invalid
    reason: str = ""
    copies: int = 0
    output: str = ""


def classify_rejection(message: str) -> str:
    for reason, pattern in REJECTIONS:
        if pattern.search(message):
            return reason
    for line in message.splitlines():
        if "error:" in line:
            text = line.split("error:", 1)[1]
            text = re.sub(r'"-":\d+:\d+:\s*', "", text)
            text = re.sub(r"%[\w#]+", "%_", text)
            text = re.sub(r"loc\([^)]*\)", "loc", text)
            return "other: " + text.strip()[:120]
    return "other: " + message.strip()[:120]


def run_one(text: str, seed: int, scalars=None, enable_buffer_ir: bool = False) -> Outcome:
    from . import interp, ir, passes

    with ir.Context():
        try:
            reference = ir.Module.parse(text)
        except Exception as error:  # generator bug: invalid program
            return Outcome("invalid", str(error).splitlines()[0])
        candidate = ir.Module.parse(text)
        try:
            passes.run_pipeline(candidate, [passes.FunctionPass(p) for p in pipeline(enable_buffer_ir)])
        except passes.PassError as error:
            return Outcome("rejected", classify_rejection(str(error)))
        output = str(candidate)
        copies = output.count("tile.move") - text.count("tile.move")
        for trial in range(2):
            inputs = interp.random_inputs(reference, seed=seed * 7 + trial,
                                          scalars=scalars or {2: trial * 2 + 1, 3: trial == 0})
            result = interp.compare(reference, candidate, inputs)
            if not result.equal:
                return Outcome("mismatch", result.message, copies, output)
        return Outcome("ok", copies=copies, output=output)



@dataclass
class PlannerOutcome:
    # ok | rejected (pipeline diagnostic) | mismatch | pto-refused (a
    # documented "cannot be emitted to PTO" diagnostic, docs/pto-emission.md)
    # | pto-error (emitted text the checker rejects, or an undocumented
    # emission failure)
    status: str
    reason: str = ""
    output: str = ""
    pto_checked: bool = False
    peak: int = 0  # summed over spaces (planners that assign addresses)
    lower_bound: int = 0


def _pto_modules():
    """(tilemem.pto, tilemem.pto_check), or None when emission is not built."""
    try:
        from . import pto, pto_check
    except ImportError:
        return None
    return pto, pto_check


def run_planner(text: str, seed: int, planner: str, enable_buffer_ir: bool = False,
                scalars=None, check_pto: bool = True) -> PlannerOutcome:
    """Runs `planner`'s whole memory pipeline on `text` and checks storage
    mode with addresses against value mode, then (when available) the PTO
    text at the planner's level."""
    from . import interp, ir
    from .compiler import pipeline_text, planned_stats, resolve_options
    from .passmanager import PassManager

    with ir.Context():
        reference = ir.Module.parse(text)
        candidate = ir.Module.parse(text)
        options = resolve_options(planner, enable_buffer_ir, None, candidate)
        try:
            PassManager.parse(pipeline_text(options)).run(candidate.operation)
        except Exception as error:  # MLIRError carries the diagnostics
            return PlannerOutcome("rejected", classify_rejection(str(error)))
        output = str(candidate)
        outcome = PlannerOutcome("ok", output=output)
        for function in planned_stats(candidate)["functions"].values():
            outcome.peak += sum(function["peak"].values())
            outcome.lower_bound += sum(function["lower_bound"].values())
        for trial in range(2):
            inputs = interp.random_inputs(reference, seed=seed * 7 + trial,
                                          scalars=scalars or {2: trial * 2 + 1, 3: trial == 0})
            try:
                result = interp.compare(reference, candidate, inputs)
            except interp.StorageError as error:  # e.g. a move overlapping its source
                return PlannerOutcome("mismatch", f"storage error: {error}", output)
            if not result.equal:
                return PlannerOutcome("mismatch", result.message, output)
        modules = _pto_modules() if check_pto else None
        if modules is not None:
            pto, pto_check = modules
            level = options["pto_level"]
            try:
                emitted = pto.emit(candidate, level=level)
            except pto.PTOEmitError as error:
                refused = classify_pto_refusal(str(error))
                if refused is None:
                    return PlannerOutcome("pto-error", f"emission failed: {error}", output)
                outcome.status, outcome.reason = "pto-refused", refused
                return outcome
            errors = pto_check.check(emitted, level)
            if errors:
                return PlannerOutcome("pto-error", f"pto_check ({level}): {errors[0]}",
                                      output + "\n// PTO:\n" + emitted)
            outcome.pto_checked = True
        return outcome


_PTO_REFUSAL = re.compile(r"'([\w.]+)' op cannot be emitted to PTO: ([^(\n]*)")


def classify_pto_refusal(message: str) -> Optional[str]:
    """"<op>: <why>" for a documented emission refusal, else None."""
    m = _PTO_REFUSAL.search(message)
    if m is None:
        return None
    why = re.sub(r"%[\w#]+", "%_", m.group(2)).strip().rstrip(":;,")
    return f"{m.group(1)}: {why[:80]}"


def _write_failure(directory: str, name: str, status: str, reason: str, text: str,
                   output: str) -> str:
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(f"// {status}: {reason}\n{text}")
        if output:
            f.write("\n// pipeline output:\n" + "\n".join("// " + l for l in output.splitlines()))
    return path


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tilemem.fuzz",
        description="Differential fuzzing of the storage pipeline against the reference interpreter.",
    )
    parser.add_argument("--count", type=int, default=200, help="programs to run")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--max-depth", type=int, default=4, help="control-flow nesting depth")
    parser.add_argument("--failures", default="fuzz-failures", help="directory for failing programs")
    parser.add_argument("--print", action="store_true", help="print the program of --seed and exit")
    parser.add_argument("--enable-buffer-ir", action="store_true",
                        help="select kernels for Buffer-IR legalization (default: the Tile path)")
    parser.add_argument("--branch-heavy", action="store_true",
                        help="generate programs in which scf.if is the most frequent statement")
    parser.add_argument("--compare-modes", action="store_true",
                        help="run every program with Buffer IR off and on and compare the "
                             "tile.move ops each inserts")
    parser.add_argument("--report", metavar="CSV",
                        help="with --compare-modes: write seed, status and moves per mode per program")
    parser.add_argument("--memory-planner", choices=PLANNERS + ("all",), default=None,
                        help="also run this planner's whole memory pipeline on every "
                             "accepted program and check storage mode with its addresses "
                             "(and its PTO, when tilemem.pto is built)")
    args = parser.parse_args(argv)
    planners = [] if args.memory_planner is None else (
        list(PLANNERS) if args.memory_planner == "all" else [args.memory_planner])
    planner_counts = {p: collections.Counter() for p in planners}
    planner_reasons = {p: collections.Counter() for p in planners}
    planner_peak = {p: [0, 0] for p in planners}

    if args.print:
        sys.stdout.write(generate(args.seed, args.max_depth, args.branch_heavy,
                                  tensor_outputs=args.memory_planner is not None))
        return 0
    if args.compare_modes:
        return _compare_main(args)

    counts = collections.Counter()
    reasons = collections.Counter()
    copies = []
    started = time.time()
    for seed in range(args.seed, args.seed + args.count):
        text = generate(seed, args.max_depth, args.branch_heavy, tensor_outputs=bool(planners))
        outcome = run_one(text, seed, enable_buffer_ir=args.enable_buffer_ir)
        counts[outcome.status] += 1
        if outcome.status == "rejected":
            reasons[outcome.reason] += 1
        if outcome.status == "ok":
            copies.append(outcome.copies)
        if outcome.status in ("mismatch", "invalid") or outcome.reason.startswith("other"):
            path = _write_failure(args.failures, f"seed-{seed}.mlir", outcome.status,
                                  outcome.reason, text, outcome.output)
            print(f"seed {seed}: {outcome.status}: {outcome.reason} -> {path}", file=sys.stderr)
        if outcome.status != "ok":
            continue
        for planner in planners:
            p = run_planner(text, seed, planner, enable_buffer_ir=args.enable_buffer_ir)
            planner_counts[planner][p.status] += 1
            planner_counts[planner]["pto checked"] += int(p.pto_checked)
            planner_peak[planner][0] += p.peak
            planner_peak[planner][1] += p.lower_bound
            if p.status in ("rejected", "pto-refused"):
                planner_reasons[planner][p.reason if p.status == "rejected"
                                         else "PTO refused: " + p.reason] += 1
            if p.status in ("mismatch", "pto-error") or p.reason.startswith("other"):
                path = _write_failure(args.failures, f"seed-{seed}-{planner}.mlir", p.status,
                                      p.reason, text, p.output)
                print(f"seed {seed} [{planner}]: {p.status}: {p.reason} -> {path}",
                      file=sys.stderr)

    total = args.count
    rejected = counts["rejected"]
    mode = "buffer IR" if args.enable_buffer_ir else "tile path"
    print(f"programs run:  {total}  ({time.time() - started:.1f} s, {mode})")
    print(f"accepted:      {counts['ok']}")
    print(f"mismatches:    {counts['mismatch']}")
    print(f"invalid input: {counts['invalid']}")
    print(f"rejected:      {rejected} ({100.0 * rejected / max(total, 1):.1f}%)")
    for reason, count in reasons.most_common():
        print(f"  {count:6d}  {reason}")
    if copies:
        print(f"tile.move inserted per accepted program: mean {sum(copies) / len(copies):.2f}, max {max(copies)}")
    bad = counts["mismatch"] + counts["invalid"] + sum(c for r, c in reasons.items() if r.startswith("other"))
    if planners and _pto_modules() is None:
        print("PTO: tilemem.pto is not built, emission not checked")
    for planner in planners:
        c = planner_counts[planner]
        ran = sum(c[k] for k in ("ok", "rejected", "mismatch", "pto-refused", "pto-error"))
        print(f"planner {planner}: run {ran}, ok {c['ok'] + c['pto-refused']}, "
              f"mismatches {c['mismatch']}, rejected {c['rejected']}, "
              f"PTO checked {c['pto checked']}, PTO refused {c['pto-refused']}, "
              f"PTO errors {c['pto-error']}")
        for reason, count in planner_reasons[planner].most_common():
            print(f"  {count:6d}  {reason}")
        peak, bound = planner_peak[planner]
        if bound and planner != "ptoas":
            print(f"  peak / max-live lower bound (summed): {peak} / {bound} = {peak / bound:.3f}")
        bad += c["mismatch"] + c["pto-error"] + sum(
            n for r, n in planner_reasons[planner].items() if r.startswith("other"))
    return 1 if bad else 0


def _compare_main(args) -> int:
    started = time.time()
    seeds = range(args.seed, args.seed + args.count)
    report = open(args.report, "w") if args.report else None
    try:
        summary, worse = compare_modes(seeds, args.max_depth, args.branch_heavy, report)
    finally:
        if report is not None:
            report.close()
    both = summary["both_ok"]
    corpus = "branch-heavy" if args.branch_heavy else "default"
    print(f"programs run:  {summary['programs']}  ({time.time() - started:.1f} s, {corpus} corpus)")
    for mode in ("tile", "buffer_ir"):
        print(f"{mode:10s} accepted {summary[mode + '_ok']}, rejected {summary[mode + '_rejected']}, "
              f"mismatches {summary[mode + '_mismatch']}, invalid {summary[mode + '_invalid']}")
    print(f"accepted by both: {both}")
    if both:
        print(f"tile.move per program: tile path {summary['tile_moves'] / both:.2f}, "
              f"buffer IR {summary['buffer_ir_moves'] / both:.2f}")
    print(f"buffer IR fewer moves: {summary['buffer_ir_fewer']}, same: {summary['same']}, "
          f"more: {len(worse)}" + (f" (seeds {worse[:20]})" if worse else ""))
    bad = sum(summary[f"{m}_{s}"] for m in ("tile", "buffer_ir") for s in ("mismatch", "invalid"))
    return 1 if bad or worse else 0


if __name__ == "__main__":
    sys.exit(main())
