"""The exceptions of tilemem: one hierarchy, each carrying its diagnostics.

::

    tilemem.Error                 every failure tilemem reports
    +-- ParseError                the input is not a valid module (syntax or verifier)
    |   +-- NestingError          it nests deeper than tilemem.limits.MAX_NESTING_DEPTH
    +-- PassError                 a pass or pipeline failed (the module is left as it was)
    +-- CompileError              tilemem.compile failed: .stage says where
    +-- PTOEmitError              the module has no PTO form

``error.diagnostics`` is a tuple of :class:`Diagnostic` (severity, location
as ``file:line:col``, message, notes); ``str(error)`` is a headline followed
by one ``file:line:col: error: message`` line per diagnostic and note, as
the C++ tools print them. A module parsed from a file (``tilemem.compile``
of a path, ``tilemem.parse_module(text, source_name=path)``) names that
file; text names ``<string>``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

__all__ = [
    "Diagnostic",
    "Error",
    "ParseError",
    "NestingError",
    "PassError",
    "CompileError",
    "PTOEmitError",
    "diagnostics_of",
    "render_location",
]


@dataclass(frozen=True)
class Diagnostic:
    """One diagnostic: ``severity`` ("error", "warning", "note", "remark"),
    ``location`` (``file:line:col`` for file locations, MLIR's spelling
    otherwise), ``message`` and attached ``notes``."""

    severity: str
    location: str
    message: str
    notes: tuple[Diagnostic, ...] = field(default=())

    def __str__(self) -> str:
        lines = [f"{self.location}: {self.severity}: {self.message}"]
        lines += [str(note) for note in self.notes]
        return "\n".join(lines)


class Error(Exception):
    """Base of every tilemem error: a headline and the diagnostics."""

    def __init__(self, message: str, diagnostics: Iterable[Diagnostic] = ()):
        self.message = message
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        super().__init__(self.__str__())

    def __str__(self) -> str:
        rendered = [str(d) for d in self.diagnostics]
        missing = [text for text in rendered if text not in self.message]
        return "\n".join([self.message, *missing]) if missing else self.message


class ParseError(Error):
    """The text is not a valid module: a syntax error or a verifier error."""


class NestingError(ParseError, ValueError):
    """The input nests deeper than ``tilemem.limits.MAX_NESTING_DEPTH``; the
    diagnostic is ``<location>: error: nesting depth N exceeds the limit L``.
    (Also a ValueError, as it was before the hierarchy.)"""


class PassError(Error):
    """A pass or pipeline failed; the module is left as it was before."""


class CompileError(Error):
    """``tilemem.compile`` failed. ``stage`` is "load" (the file), "parse",
    "pipeline" or "emission"; ``options`` the resolved options (None before
    they are resolved)."""

    def __init__(
        self,
        message: str,
        diagnostics: Iterable[Diagnostic] = (),
        stage: str = "pipeline",
        options: dict | None = None,
    ):
        self.stage = stage
        self.options = options
        super().__init__(message, diagnostics)


class PTOEmitError(Error):
    """The module cannot be emitted as PTO; the module is never modified."""


# ===----------------------------------------------------------------------=== #
# From MLIR's diagnostics
# ===----------------------------------------------------------------------=== #

_SEVERITIES = {0: "error", 1: "warning", 2: "note", 3: "remark"}


def render_location(location) -> str:
    """``file:line:col`` for a file location (looking through names and call
    sites, the first of a fused location), MLIR's spelling otherwise."""
    for _ in range(64):  # locations nest a few levels at most
        if location.is_a_file():
            return f"{location.filename}:{location.start_line}:{location.start_col}"
        if location.is_a_name():
            location = location.child_loc
        elif location.is_a_callsite():
            location = location.callee
        elif location.is_a_fused() and location.locations:
            location = location.locations[0]
        else:
            break
    return str(location)


def _severity(value) -> str:
    name = getattr(value, "name", None)
    if isinstance(name, str):
        return name.lower()
    return _SEVERITIES.get(int(value), "error")


def _from_info(info) -> Diagnostic:
    return Diagnostic(
        _severity(info.severity),
        render_location(info.location),
        str(info.message),
        tuple(_from_info(note) for note in info.notes),
    )


def diagnostics_of(error: BaseException) -> tuple[Diagnostic, ...]:
    """The diagnostics an ``ir.MLIRError`` carries (a tilemem Error's own)."""
    if isinstance(error, Error):
        return error.diagnostics
    infos = getattr(error, "error_diagnostics", None) or ()
    return tuple(_from_info(info) for info in infos)


_LINE = re.compile(r"^(?P<location>.*?): (?P<severity>error|warning|note|remark): (?P<message>.*)$")


def parse_rendered(text: str) -> tuple[Diagnostic, ...]:
    """Diagnostics from the ``location: severity: message`` lines the C API
    renders (notes follow their diagnostic); other lines continue the
    message before them."""
    found: list[list] = []
    for line in text.splitlines():
        match = _LINE.match(line)
        if match is None:
            if found and line.strip():
                found[-1][2] += "\n" + line
            continue
        entry = [match["severity"], match["location"], match["message"], []]
        if match["severity"] == "note" and found:
            found[-1][3].append(entry)
        else:
            found.append(entry)

    def build(entry) -> Diagnostic:
        return Diagnostic(entry[0], entry[1], entry[2], tuple(build(n) for n in entry[3]))

    return tuple(build(entry) for entry in found)


def headline(diagnostics: Sequence[Diagnostic], default: str) -> str:
    """The first error's message, else `default`."""
    for diagnostic in diagnostics:
        if diagnostic.severity == "error":
            return diagnostic.message
    return default
