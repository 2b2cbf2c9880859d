"""A checker for PTO text against the ptoas syntax as documented.

    from tilemem import pto_check
    errors = pto_check.check(text, level="level2")   # [] when accepted

It implements the grammar of /work/shared/docs/pto-format.md (what ptoas
0.27 parses and rejects) for the ops tilemem emits and their documented
siblings, one rule per error message:

* op forms: ``ins(...) outs(...)`` with as many types as operands and the
  documented operand kinds (tile buffer, partition view, scalar, index);
  ``alloc_tile``, ``make_tensor_view``, ``partition_view``, ``subset``,
  ``treshape`` (pto-isa TRESHAPE: the same ``loc`` and byte size, no change
  between ``none_box`` and a boxed layout), ``barrier #pto.pipe<PIPE_..>``;
  an unknown ``pto.`` op is an error;
* ``!pto.tile_buf`` fields ``loc, dtype, rows, cols, v_row, v_col, blayout,
  slayout, fractal, pad`` in this order (``compact`` optional last), or the
  compact form, each in its value domain; a ``?`` valid extent needs the
  matching ``valid_row`` / ``valid_col`` operand;
* level2: no ``alloc_tile`` carries ``addr``; level3: every one does, with
  an ``i64`` value;
* no ``scf.for`` iter_args of tile_buf type;
* entry marking: with several functions exactly one has ``pto.entry``; the
  entry returns nothing and takes ``!pto.ptr`` and scalar arguments;
* every SSA value used is defined before, in an enclosing region, and is
  used with the type it was defined with.

The text is read one operation per line, as MLIR prints it (an operation
split over lines is joined while its brackets are open). This is what the
tests and the fuzzer use as "accepted by ptoas's syntax as documented"; it
does not model ptoas's semantic checks (shapes, element types per op).
"""

from __future__ import annotations

import re
import sys
from typing import Dict, List, Optional, Tuple

LOCS = {"vec", "mat", "left", "right", "acc", "bias", "scaling"}
DTYPES = {"f16", "bf16", "f32", "i8", "i16", "i32"}
BLAYOUTS = {"row_major", "col_major"}
SLAYOUTS = {"none_box", "row_major", "col_major"}
TILE_BUF_KEYS = ["loc", "dtype", "rows", "cols", "v_row", "v_col",
                 "blayout", "slayout", "fractal", "pad"]
SCALAR_TYPES = {"i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"}
LEVELS = ("level2", "level3")
TARGET_ARCHS = {"a3", "a5"}

# Operand kinds of the ins/outs ops: "tile" a !pto.tile_buf, "ptv" a
# !pto.partition_tensor_view, "scalar" an integer or float, "index".
_UNARY = (["tile"], ["tile"])
_BINARY = (["tile", "tile"], ["tile"])
_TILE_SCALAR = (["tile", "scalar"], ["tile"])
INS_OUTS: Dict[str, Tuple[List[str], List[str]]] = {
    "tload": (["ptv"], ["tile"]),
    "tstore": (["tile"], ["ptv"]),
    "tmov": _UNARY,
    "texpands": (["scalar"], ["tile"]),
    "textract": (["tile", "index", "index"], ["tile"]),
    "tsetval": (["index", "scalar"], ["tile"]),
    "tmatmul": _BINARY,
    "tmatmul.acc": (["tile", "tile", "tile"], ["tile"]),
    "tmatmul.bias": (["tile", "tile", "tile"], ["tile"]),
    "ttrans": _BINARY,        # src, tmp
    "trowsum": _BINARY,       # src, tmp
    "trowmax": _BINARY,
    "trowmin": _BINARY,
    "trowexpandmul": _BINARY,
    "trowexpandsub": _BINARY,
    "trowexpanddiv": _BINARY,
}
for _op in ("texp", "tabs", "tlog", "tsqrt", "trsqrt", "trecip", "trelu",
            "tneg", "tnot", "tcolsum", "tcolmax", "tcolmin"):
    INS_OUTS[_op] = _UNARY
for _op in ("tadd", "tsub", "tmul", "tdiv", "tmax", "tmin", "trem", "tand",
            "tor", "tshl", "tshr"):
    INS_OUTS[_op] = _BINARY
for _op in ("tadds", "tsubs", "tmuls", "tdivs", "tmaxs", "tmins", "trems"):
    INS_OUTS[_op] = _TILE_SCALAR
VALUE_OPS = {"alloc_tile", "make_tensor_view", "partition_view", "subset",
             "treshape"}
# Ops without results or ins/outs: pto.barrier #pto.pipe<PIPE_X>.
PIPES = {"PIPE_S", "PIPE_V", "PIPE_M", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3",
         "PIPE_FIX", "PIPE_ALL"}
DTYPE_BITS = {"f16": 16, "bf16": 16, "f32": 32, "i8": 8, "i16": 16, "i32": 32}

_NAME = r"%[A-Za-z0-9_$.\-]+"
_USE = re.compile(_NAME + r"(?:#\d+)?")
_RESULTS = re.compile(r"^((?:" + _NAME + r"(?::\d+)?)(?:\s*,\s*" + _NAME +
                      r"(?::\d+)?)*)\s*=\s*(.*)$")


def split_top(text: str, sep: str = ",") -> List[str]:
    """Splits at `sep` outside (), [], {} and <> (an arrow is no bracket)."""
    parts, depth, current = [], 0, []
    i = 0
    while i < len(text):
        c = text[i]
        if text.startswith("->", i):
            current.append("->")
            i += 2
            continue
        if c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
        if c == sep and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(c)
        i += 1
    tail = "".join(current).strip()
    if tail or parts:
        parts.append(tail)
    return parts


def _balance(text: str) -> int:
    text = text.replace("->", "")
    return sum(text.count(c) for c in "([<") - sum(text.count(c) for c in ")]>")


def _group(text: str, start: int) -> Tuple[Optional[str], int]:
    """The contents of the bracket group opening at text[start]."""
    pairs = {"(": ")", "[": "]", "<": ">", "{": "}"}
    close, depth = pairs[text[start]], 0
    i = start
    while i < len(text):
        if text.startswith("->", i):
            i += 2
            continue
        if text[i] in pairs:
            depth += 1
        elif text[i] in pairs.values():
            depth -= 1
            if depth == 0:
                return text[start + 1:i], i + 1
        i += 1
    return None, len(text)


def _norm(type_text: str) -> str:
    return re.sub(r"\s+", "", type_text)


def check_tile_buf(type_text: str) -> List[str]:
    """Errors of one `!pto.tile_buf<...>` type (empty when valid)."""
    type_text = type_text.strip()
    if not type_text.startswith("!pto.tile_buf<") or not type_text.endswith(">"):
        return [f"malformed tile_buf type {type_text}"]
    fields = split_top(type_text[len("!pto.tile_buf<"):-1])
    errors: List[str] = []
    if fields and "=" not in fields[0]:
        return _check_compact_tile_buf(fields)
    pairs = []
    for field in fields:
        if "=" not in field:
            return [f"tile_buf field {field!r} is not key=value"]
        key, value = (s.strip() for s in field.split("=", 1))
        pairs.append((key, value))
    keys = [k for k, _ in pairs]
    if keys not in (TILE_BUF_KEYS, TILE_BUF_KEYS + ["compact"]):
        return [f"tile_buf fields must be {', '.join(TILE_BUF_KEYS)}[, compact] "
                f"in this order, got {', '.join(keys)}"]
    values = dict(pairs)
    errors += _check_domains(values)
    return errors


def _check_domains(values: Dict[str, str]) -> List[str]:
    errors = []
    if "loc" in values and values["loc"] not in LOCS:
        errors.append(f"tile_buf loc={values['loc']} is not one of {sorted(LOCS)}")
    if "dtype" in values and values["dtype"] not in DTYPES:
        errors.append(f"tile_buf dtype={values['dtype']} is not one of {sorted(DTYPES)}")
    for key in ("rows", "cols"):
        if key in values and not re.fullmatch(r"[1-9]\d*", values[key]):
            errors.append(f"tile_buf {key}={values[key]} is not a positive integer")
    for key in ("v_row", "v_col"):
        if key in values and not re.fullmatch(r"\?|\d+", values[key]):
            errors.append(f"tile_buf {key}={values[key]} is neither an integer nor ?")
    if "blayout" in values and values["blayout"] not in BLAYOUTS:
        errors.append(f"tile_buf blayout={values['blayout']} is not one of {sorted(BLAYOUTS)}")
    if "slayout" in values and values["slayout"] not in SLAYOUTS:
        errors.append(f"tile_buf slayout={values['slayout']} is not one of {sorted(SLAYOUTS)}")
    if "fractal" in values and not re.fullmatch(r"\d+", values["fractal"]):
        errors.append(f"tile_buf fractal={values['fractal']} is not an integer")
    if "pad" in values and values["pad"] not in ("0", "1", "2", "3"):
        errors.append(f"tile_buf pad={values['pad']} is not in 0..3")
    if "compact" in values and values["compact"] not in ("0", "1", "2"):
        errors.append(f"tile_buf compact={values['compact']} is not in 0..2")
    return errors


def _check_compact_tile_buf(fields: List[str]) -> List[str]:
    # !pto.tile_buf<vec, 64x64xf32[, valid=..][, blayout=..]...>
    if len(fields) < 2:
        return ["compact tile_buf needs a memory space and a shape"]
    match = re.fullmatch(r"(\d+)x(\d+)x(\w+)", fields[1])
    if not match:
        return [f"compact tile_buf shape {fields[1]!r} is not RxCxT"]
    values = {"loc": fields[0], "rows": match.group(1), "cols": match.group(2),
              "dtype": match.group(3)}
    for field in fields[2:]:
        if "=" not in field:
            return [f"tile_buf field {field!r} is not key=value"]
        key, value = (s.strip() for s in field.split("=", 1))
        if key == "valid":
            extents = value.split("x")
            if len(extents) != 2:
                return [f"tile_buf valid={value} is not RxC"]
            values["v_row"], values["v_col"] = extents
        elif key in ("blayout", "slayout", "fractal", "pad", "compact"):
            values[key] = value
        else:
            return [f"unknown compact tile_buf field {key}"]
    return _check_domains(values)


def _tile_buf_fields(type_text: str) -> Dict[str, str]:
    """key -> value of a key=value tile_buf (empty for other forms)."""
    inner = type_text.strip()[len("!pto.tile_buf<"):-1]
    fields = split_top(inner)
    if not fields or "=" not in fields[0]:
        return {}
    return dict((s.strip() for s in f.split("=", 1)) for f in fields)


def _kind_error(kind: str, type_text: str) -> Optional[str]:
    t = type_text.strip()
    if kind == "tile":
        if not t.startswith("!pto.tile_buf<"):
            return f"expected a !pto.tile_buf, got {t}"
        errors = check_tile_buf(t)
        return errors[0] if errors else None
    if kind == "ptv":
        if not re.fullmatch(r"!pto\.partition_tensor_view<(\d+x)+\w+>", _norm(t)):
            return f"expected a static !pto.partition_tensor_view, got {t}"
        return None
    if kind == "scalar":
        return None if t in SCALAR_TYPES else f"expected a scalar type, got {t}"
    if kind == "index":
        return None if t == "index" else f"expected index, got {t}"
    return None


class _Checker:
    def __init__(self, text: str, level: str):
        self.text = text
        self.level = level
        self.errors: List[str] = []
        self.scopes: List[Dict[str, Optional[str]]] = [{}]
        self.functions: List[dict] = []
        self.function: Optional[dict] = None
        self.line = 0

    # -- diagnostics and values -----------------------------------------
    def error(self, message: str) -> None:
        self.errors.append(f"line {self.line}: {message}")

    def define(self, name: str, type_text: Optional[str] = None) -> None:
        self.scopes[-1][name] = _norm(type_text) if type_text else None

    def lookup(self, name: str):
        base = name.split("#")[0]
        for scope in reversed(self.scopes):
            if base in scope:
                return True, scope[base]
        return False, None

    def use(self, name: str, type_text: Optional[str] = None) -> None:
        found, known = self.lookup(name)
        if not found:
            self.error(f"use of undefined value {name}")
        elif type_text and known and "#" not in name and known != _norm(type_text):
            self.error(f"{name} is used as {type_text.strip()} but defined as {known}")

    def use_all(self, text: str) -> None:
        for name in _USE.findall(text):
            self.use(name)

    # -- lines ------------------------------------------------------------
    def logical_lines(self):
        pending, start = "", 0
        for number, raw in enumerate(self.text.splitlines(), 1):
            line = raw.split("//")[0].rstrip()
            if not line.strip():
                continue
            if not pending:
                start = number
            pending = f"{pending} {line.strip()}" if pending else line.strip()
            if _balance(pending) <= 0:
                yield start, pending
                pending = ""
        if pending:
            yield start, pending

    def run(self) -> List[str]:
        if self.level not in LEVELS:
            return [f"unknown level {self.level!r} (expected level2 or level3)"]
        for number, line in self.logical_lines():
            self.line = number
            self.statement(line)
        self.line = 0
        if len(self.scopes) != 1:
            self.error("unbalanced braces")
        self.check_entry()
        return self.errors

    def statement(self, line: str) -> None:
        # Attribute dictionaries close on their line; the braces left open
        # or closed are regions.
        structural = re.sub(r"\{[^{}]*\}", lambda m: self.attr_dict(m.group(0)), line)
        while structural.startswith("}"):
            self.close_region()
            structural = structural[1:].lstrip()
        opens = structural.endswith("{")
        if opens:
            structural = structural[:-1].rstrip()
        if structural:
            self.operation(structural, opens)
        elif opens:
            self.scopes.append({})

    def attr_dict(self, text: str) -> str:
        if "pto.target_arch" in text:
            match = re.search(r'pto\.target_arch\s*=\s*"([^"]*)"', text)
            if not match or match.group(1) not in TARGET_ARCHS:
                self.error(f"pto.target_arch must be \"a3\" or \"a5\": {text}")
        return " " + text.replace("{", "<<").replace("}", ">>") + " "

    def close_region(self) -> None:
        if len(self.scopes) == 1:
            self.error("unbalanced '}'")
            return
        self.scopes.pop()
        if self.function is not None and len(self.scopes) == self.function["depth"]:
            self.function = None

    def operation(self, text: str, opens: bool) -> None:
        if text.startswith("^"):  # block label: ^bb0(%a: t, ...):
            args, _ = _group(text, text.index("(")) if "(" in text else ("", 0)
            for arg in split_top(args or ""):
                if ":" in arg:
                    name, type_text = arg.split(":", 1)
                    self.define(name.strip(), type_text)
            if opens:
                self.scopes.append({})
            return
        results: List[str] = []
        match = _RESULTS.match(text)
        if match:
            for part in match.group(1).split(","):
                results.append(part.strip().split(":")[0])
            text = match.group(2)
        name = text.split()[0] if text.split() else ""
        rest = text[len(name):].strip()
        if name == "module":
            self.scopes.append({}) if opens else None
            return
        if name == "func.func":
            self.func(rest, opens)
            return
        if name == "scf.for":
            self.scf_for(rest, results, opens)
            return
        if name in ("scf.while", "scf.if"):
            self.use_all(rest.split("(")[0] if name == "scf.while" else rest.split("->")[0])
            if name == "scf.while" and rest.startswith("("):
                inits, _ = _group(rest, 0)
                region_args = []
                for init in split_top(inits or ""):
                    arg, _, value = init.partition("=")
                    self.use_all(value)
                    region_args.append(arg.strip())
            for result in results:
                self.define(result)
            if opens:
                self.scopes.append({})
                if name == "scf.while" and rest.startswith("("):
                    for arg in region_args:
                        self.define(arg)
            return
        if name == "func.return" or name == "return":
            self.use_all(rest)
            if self.function is not None and _USE.search(rest):
                self.function["returns_values"] = True
            return
        if name.startswith("pto."):
            self.pto(name[4:], rest, results)
            if opens:
                self.scopes.append({})
            return
        # Any other op (arith, scf.yield, scf.condition, ...): uses, then its
        # results, typed when the op ends with `: type`.
        self.use_all(rest)
        result_type = None
        if len(results) == 1:
            tail = split_top(rest, ":")
            if len(tail) > 1 and "->" not in tail[-1] and "," not in tail[-1]:
                result_type = tail[-1]
            if name in ("arith.index_cast", "arith.index_castui", "arith.extsi",
                        "arith.extui", "arith.trunci", "arith.extf", "arith.truncf",
                        "arith.sitofp", "arith.fptosi", "arith.bitcast") and " to " in rest:
                result_type = rest.rsplit(" to ", 1)[1]
        for result in results:
            self.define(result, result_type)
        if opens:
            self.scopes.append({})

    # -- functions and loops ---------------------------------------------
    def func(self, rest: str, opens: bool) -> None:
        match = re.match(r"(?:(?:private|public|nested)\s+)?@([\w.$\-]+)\s*", rest)
        if not match:
            self.error(f"malformed func.func {rest}")
            return
        entry = re.search(r"attributes\s*<<[^>]*\bpto\.entry\b", rest) is not None
        info = {"name": match.group(1), "entry": entry, "returns": False, "args": [], "returns_values": False, "line": self.line,
                "depth": len(self.scopes)}
        after = rest[match.end():]
        args_text, end = _group(after, 0) if after.startswith("(") else ("", 0)
        signature_tail = after[end:]
        info["returns"] = signature_tail.strip().startswith("->")
        self.functions.append(info)
        if opens:
            self.scopes.append({})
            self.function = info
        for arg in split_top(args_text or ""):
            if ":" not in arg:
                continue
            arg_name, type_text = arg.split(":", 1)
            type_text = re.sub(r"<<.*>>", "", type_text).strip()
            info["args"].append(type_text)
            if opens:
                self.define(arg_name.strip(), type_text)

    def scf_for(self, rest: str, results: List[str], opens: bool) -> None:
        match = re.match(r"(" + _NAME + r")\s*=\s*(.*?)\s+to\s+(.*?)\s+step\s+(\S+)(.*)$", rest)
        if not match:
            self.error(f"malformed scf.for {rest}")
            return
        iv, lb, ub, step, tail = match.groups()
        for bound in (lb, ub, step):
            self.use_all(bound)
        region_args = [(iv, "index")]
        tail = tail.strip()
        if tail.startswith("iter_args"):
            inits, end = _group(tail, tail.index("("))
            for init in split_top(inits or ""):
                arg, _, value = init.partition("=")
                self.use_all(value)
                found, known = self.lookup(value.strip())
                if known and known.startswith("!pto.tile_buf"):
                    self.error(f"scf.for iter_args carries the tile_buf {value.strip()} "
                               "(ptoas: not supported)")
                region_args.append((arg.strip(), None))
            types = tail[end:]
            if "!pto.tile_buf" in types:
                self.error("scf.for iter_args of tile_buf type (ptoas: not supported)")
        for result in results:
            self.define(result)
        if opens:
            self.scopes.append({})
            for arg, type_text in region_args:
                self.define(arg, type_text)

    # -- pto ops ----------------------------------------------------------
    def pto(self, op: str, rest: str, results: List[str]) -> None:
        if op in INS_OUTS:
            if results:
                self.error(f"pto.{op} has no results")
            self.ins_outs(op, rest)
            return
        if op == "barrier":
            if results:
                self.error("pto.barrier has no results")
            match = re.fullmatch(r"(?:#pto\.pipe)?<\s*(\w+)\s*>\s*(?:<<.*>>)?", rest)
            if not match or match.group(1) not in PIPES:
                self.error(f"pto.barrier expects #pto.pipe<PIPE_..> with a pipe in "
                           f"{sorted(PIPES)}, got {rest}")
            return
        if op not in VALUE_OPS:
            self.error(f"unknown op pto.{op}")
            return
        if len(results) != 1:
            self.error(f"pto.{op} has exactly one result")
            return
        getattr(self, "op_" + op)(rest, results[0])

    def ins_outs(self, op: str, rest: str) -> None:
        match = re.match(r"ins\s*\(", rest)
        if not match:
            self.error(f"pto.{op} expects ins(...) outs(...)")
            return
        ins, end = _group(rest, match.end() - 1)
        tail = rest[end:].strip()
        match = re.match(r"outs\s*\(", tail)
        if ins is None or not match:
            self.error(f"pto.{op} expects ins(...) outs(...)")
            return
        outs, end = _group(tail, match.end() - 1)
        trailing = re.sub(r"<<.*>>", "", tail[end:]).strip()
        if outs is None or trailing:
            self.error(f"pto.{op}: unexpected text after outs(...): {trailing}")
            return
        kinds_in, kinds_out = INS_OUTS[op]
        for part, kinds, label in ((ins, kinds_in, "ins"), (outs, kinds_out, "outs")):
            pieces = split_top(part, ":")
            if len(pieces) != 2:
                self.error(f"pto.{op} {label}(...) needs `operands : types`")
                continue
            operands = split_top(pieces[0])
            types = split_top(pieces[1])
            if len(operands) != len(types):
                self.error(f"pto.{op} {label}(...) has {len(operands)} operand(s) "
                           f"but {len(types)} type(s)")
                continue
            if len(operands) != len(kinds):
                self.error(f"pto.{op} {label}(...) takes {len(kinds)} operand(s), "
                           f"got {len(operands)}")
                continue
            for operand, type_text, kind in zip(operands, types, kinds):
                if not re.fullmatch(_NAME + r"(?:#\d+)?", operand):
                    self.error(f"pto.{op}: operand {operand!r} is not an SSA value")
                    continue
                problem = _kind_error(kind, type_text)
                if problem:
                    self.error(f"pto.{op} {label}: {problem}")
                self.use(operand, type_text)

    def op_alloc_tile(self, rest: str, result: str) -> None:
        match = re.fullmatch(r"(?:addr\s*=\s*(" + _NAME + r")\s*)?"
                             r"(?:valid_row\s*=\s*(" + _NAME + r")\s*)?"
                             r"(?:valid_col\s*=\s*(" + _NAME + r")\s*)?"
                             r"(?:<<.*>>\s*)?:\s*(.*)", rest)
        if not match:
            self.error(f"malformed pto.alloc_tile {rest}")
            return
        addr, valid_row, valid_col, type_text = match.groups()
        for problem in check_tile_buf(type_text):
            self.error(problem)
        if self.level == "level2" and addr:
            self.error("unexpected 'addr' operand: only supported when --pto-level=level3")
        if self.level == "level3" and not addr:
            self.error("level3 needs `addr` on every pto.alloc_tile")
        if addr:
            found, known = self.lookup(addr)
            self.use(addr)
            if found and known and known != "i64":
                self.error(f"alloc_tile addr {addr} has type {known}, expected i64")
        fields = _tile_buf_fields(type_text)
        for key, operand, label in (("v_row", valid_row, "valid_row"),
                                    ("v_col", valid_col, "valid_col")):
            if operand:
                self.use(operand)
            if fields.get(key) == "?" and not operand:
                self.error(f"{key}=? needs a {label} operand")
            if fields.get(key, "?") != "?" and operand:
                self.error(f"{label} operand with a static {key}")
        self.define(result, type_text)

    def op_make_tensor_view(self, rest: str, result: str) -> None:
        match = re.fullmatch(r"(" + _NAME + r")\s*,\s*shape\s*=\s*\[(.*?)\]\s*,?\s*"
                             r"strides\s*=\s*\[(.*?)\]\s*(?:<<.*>>\s*)?:\s*(.*)", rest)
        if not match:
            self.error(f"malformed pto.make_tensor_view {rest}")
            return
        ptr, shape, strides, type_text = match.groups()
        view = re.fullmatch(r"!pto\.tensor_view<((?:(?:\d+|\?)x)+)(\w+)>", _norm(type_text))
        if not view:
            self.error(f"pto.make_tensor_view result is not a !pto.tensor_view: {type_text}")
            return
        rank = view.group(1).count("x")
        found, known = self.lookup(ptr)
        self.use(ptr)
        if known and not known.startswith("!pto.ptr<"):
            self.error(f"pto.make_tensor_view source {ptr} is not a !pto.ptr")
        for label, values in (("shape", shape), ("strides", strides)):
            operands = split_top(values)
            if len(operands) != rank:
                self.error(f"pto.make_tensor_view {label} has {len(operands)} value(s) "
                           f"for rank {rank}")
            for operand in operands:
                self.use(operand)
        self.define(result, type_text)

    def op_partition_view(self, rest: str, result: str) -> None:
        match = re.fullmatch(r"(" + _NAME + r")\s*,\s*offsets\s*=\s*\[(.*?)\]\s*,\s*"
                             r"sizes\s*=\s*\[(.*?)\]\s*(?:<<.*>>\s*)?:\s*(.*?)\s*->\s*(.*)", rest)
        if not match:
            self.error(f"malformed pto.partition_view {rest}")
            return
        source, offsets, sizes, source_type, type_text = match.groups()
        self.use(source, source_type)
        part = re.fullmatch(r"!pto\.partition_tensor_view<((?:\d+x)+)(\w+)>", _norm(type_text))
        if not part:
            self.error(f"pto.partition_view result is not a static "
                       f"!pto.partition_tensor_view: {type_text}")
            return
        rank = part.group(1).count("x")
        for label, values in (("offsets", offsets), ("sizes", sizes)):
            operands = split_top(values)
            if len(operands) != rank:
                self.error(f"pto.partition_view {label} has {len(operands)} value(s) "
                           f"for rank {rank}")
            for operand in operands:
                self.use(operand)
        self.define(result, type_text)

    def op_subset(self, rest: str, result: str) -> None:
        match = re.fullmatch(r"(" + _NAME + r")\s*\[(.*?)\]\s*sizes\s*\[\s*(\d+)\s*,\s*(\d+)\s*\]"
                             r"\s*(?:<<.*>>\s*)?:\s*(.*)", rest)
        if not match:
            self.error(f"malformed pto.subset {rest}")
            return
        source, offsets, rows, cols, type_text = match.groups()
        for problem in check_tile_buf(type_text):
            self.error(problem)
        self.use(source, type_text)
        operands = split_top(offsets)
        if len(operands) != 2:
            self.error(f"pto.subset takes 2 offsets, got {len(operands)}")
        for operand in operands:
            self.use(operand)
        fields = _tile_buf_fields(type_text)
        if fields:
            fields.update(rows=rows, cols=cols, v_row=rows, v_col=cols)
            derived = "!pto.tile_buf<" + ", ".join(f"{k}={v}" for k, v in fields.items()) + ">"
            self.define(result, derived)
        else:
            self.define(result)

    def op_treshape(self, rest: str, result: str) -> None:
        match = re.fullmatch(r"(" + _NAME + r")\s*(?:<<.*>>\s*)?:\s*(.*?)\s*->\s*(.*)", rest)
        if not match:
            self.error(f"malformed pto.treshape {rest}")
            return
        source, source_type, type_text = match.groups()
        problems = check_tile_buf(source_type) + check_tile_buf(type_text)
        for problem in problems:
            self.error(problem)
        self.use(source, source_type)
        self.define(result, type_text)
        before, after = _tile_buf_fields(source_type), _tile_buf_fields(type_text)
        if problems or not before or not after:
            return

        def bits(fields):
            return int(fields["rows"]) * int(fields["cols"]) * DTYPE_BITS[fields["dtype"]]

        if before["loc"] != after["loc"]:
            self.error(f"pto.treshape changes loc {before['loc']} -> {after['loc']}")
        if bits(before) != bits(after):
            self.error(f"pto.treshape changes the byte size {bits(before) // 8} -> "
                       f"{bits(after) // 8}")
        if (before["slayout"] == "none_box") != (after["slayout"] == "none_box"):
            self.error(f"pto.treshape converts between slayout={before['slayout']} and "
                       f"slayout={after['slayout']} (boxed and none_box)")

    # -- entry ------------------------------------------------------------
    def check_entry(self) -> None:
        if not self.functions:
            self.errors.append("no func.func: nothing to run")
            return
        entries = [f for f in self.functions if f["entry"]]
        if len(self.functions) > 1 and len(entries) != 1:
            self.errors.append(f"{len(self.functions)} functions need exactly one "
                               f"`pto.entry`, found {len(entries)}")
            return
        entry = entries[0] if entries else self.functions[0]
        if entry["returns"] or entry["returns_values"]:
            self.errors.append(f"line {entry['line']}: entry @{entry['name']} must return nothing")
        for type_text in entry["args"]:
            t = type_text.strip()
            if not (re.fullmatch(r"!pto\.ptr<\w+>", _norm(t)) or t == "index"
                    or t in SCALAR_TYPES):
                self.errors.append(f"line {entry['line']}: entry argument type {t} is "
                                   "neither !pto.ptr nor a scalar")


def check(text: str, level: str) -> List[str]:
    """Errors of `text` against the documented ptoas syntax at `level`
    ("level2" or "level3"); an empty list means accepted."""
    return _Checker(text, level).run()


def main(argv=None) -> int:
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file")
    parser.add_argument("--level", default="level2", choices=LEVELS)
    args = parser.parse_args(argv)
    with open(args.file) as f:
        errors = check(f.read(), args.level)
    for error in errors:
        print(error)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
