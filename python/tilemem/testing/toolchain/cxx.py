"""The C++ compiler: the prelude, the patched pto-isa header, the
precompiled header (:func:`prepare_compiler`), and compiling drivers with
g++ (splitting a failing batch by the kernels its errors name)."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import time

from .driver import DriverKernel, driver_source
from .ptoas import _run_timed
from .settings import CXX_FLAGS, CXX_TIMEOUT
from .tools import ToolchainUnavailable, Tools, cache_dir

_PRELUDE = """// tilemem.testing.toolchain compile prelude (g++ -include).
// g++ 12: pto/common/type.hpp uses uint8_t without including <cstdint>.
#include <cstdint>
#include <pto/pto-inst.hpp>
"""

_PCH_FORMAT = "1"


@dataclasses.dataclass
class CompilerSetup:
    """Everything a driver compile needs: the compiler, the flags, the
    include directories (the patched one first), the prelude and, with
    ``pch``, the directory holding the precompiled prelude."""

    cxx: str
    flags: tuple[str, ...]
    include_first: str
    pto_isa: str
    prelude: str
    pch: bool
    key: str
    seconds: float = 0.0  # spent preparing (0 when the cache had it)

    def command(self, source: str, output: str | None) -> list[str]:
        """The g++ command compiling `source` to the executable `output`
        (None: ``-fsyntax-only``, templates instantiated, no code)."""
        return (
            [
                self.cxx,
                *self.flags,
                "-include",
                self.prelude,
                "-I",
                self.include_first,
                "-I",
                self.pto_isa,
            ]
            + (["-Winvalid-pch"] if self.pch else [])
            + ([source, "-o", output] if output else ["-fsyntax-only", source])
        )


def _compiler_identity(cxx: str) -> str:
    try:
        out = subprocess.run([cxx, "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError) as error:
        raise ToolchainUnavailable(f"{cxx} does not run: {error}") from error
    return os.path.realpath(shutil.which(cxx) or cxx) + "\n" + out.splitlines()[0] if out else cxx


def _tree_fingerprint(include: str) -> str:
    """A digest of every file's relative path, size and mtime under the
    pto-isa include directory (cheap: no file is read)."""
    digest = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(include):
        dirnames.sort()
        for f in sorted(filenames):
            path = os.path.join(dirpath, f)
            st = os.stat(path)
            digest.update(
                f"{os.path.relpath(path, include)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode()
            )
    return digest.hexdigest()


def _patched_treduceidx(pto_isa: str) -> str:
    path = os.path.join(pto_isa, "pto", "cpu", "TReduceIdx.hpp")
    with open(path) as f:
        text = f.read()
    return re.sub(r"static_assert\(\s*false\s*,", "static_assert(sizeof(DType) == 0,", text)


def prepare_compiler(tools: Tools, pch: bool = True) -> CompilerSetup:
    """The compile setup for `tools`, made once per key in the cache
    (``<cache>/cxx-<key>/``: ``include-first/pto/cpu/TReduceIdx.hpp``,
    ``prelude/prelude.h`` and, with `pch`, ``pch/prelude.h`` +
    ``prelude.h.gch``). The key covers the compiler (path and version), the
    flags, the pto-isa include path and its files' fingerprint, the patched
    header and the prelude. Every file is written under a temporary name and
    renamed into place, so concurrent users never see half a cache entry
    (until the .gch exists, g++ simply parses the prelude)."""
    patched = _patched_treduceidx(tools.pto_isa)
    digest = hashlib.sha256()
    for part in (
        _PCH_FORMAT,
        _compiler_identity(tools.cxx),
        " ".join(CXX_FLAGS),
        os.path.realpath(tools.pto_isa),
        _tree_fingerprint(tools.pto_isa),
        patched,
        _PRELUDE,
    ):
        digest.update(part.encode())
        digest.update(b"\0")
    key = digest.hexdigest()[:16]
    root = os.path.join(cache_dir(), f"cxx-{key}")
    started = time.perf_counter()
    built = False
    if not os.path.isfile(os.path.join(root, "prelude", "prelude.h")):
        os.makedirs(cache_dir(), exist_ok=True)
        tmp = tempfile.mkdtemp(prefix=f".cxx-{key}.", dir=cache_dir())
        try:
            os.makedirs(os.path.join(tmp, "include-first", "pto", "cpu"))
            with open(os.path.join(tmp, "include-first", "pto", "cpu", "TReduceIdx.hpp"), "w") as f:
                f.write(patched)
            os.makedirs(os.path.join(tmp, "prelude"))
            with open(os.path.join(tmp, "prelude", "prelude.h"), "w") as f:
                f.write(_PRELUDE)
            try:
                os.rename(tmp, root)
                built = True
            except OSError:
                pass  # another process made it
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    include_first = os.path.join(root, "include-first")
    prelude = os.path.join(root, "prelude", "prelude.h")
    if pch:
        # Built in place (the .gch records its header's path, which then
        # appears in diagnostics) under a temporary name, renamed when done.
        pch_dir = os.path.join(root, "pch")
        header = os.path.join(pch_dir, "prelude.h")
        gch = header + ".gch"
        if not os.path.isfile(gch):
            os.makedirs(pch_dir, exist_ok=True)
            if not os.path.isfile(header):
                tmp_header = f"{header}.{os.getpid()}.tmp"
                with open(tmp_header, "w") as f:
                    f.write(_PRELUDE)
                os.replace(tmp_header, header)
            tmp_gch = f"{gch}.{os.getpid()}.tmp"
            cmd = [
                tools.cxx,
                *CXX_FLAGS,
                "-x",
                "c++-header",
                "-I",
                include_first,
                "-I",
                tools.pto_isa,
                header,
                "-o",
                tmp_gch,
            ]
            try:
                proc = subprocess.run(cmd, capture_output=True, text=True, timeout=CXX_TIMEOUT)
                if proc.returncode != 0:
                    raise ToolchainUnavailable(
                        "cannot precompile the pto-isa prelude:\n" + proc.stderr[-4000:]
                    )
                os.replace(tmp_gch, gch)
                built = True
            finally:
                if os.path.exists(tmp_gch):
                    os.unlink(tmp_gch)
        prelude = header
    seconds = time.perf_counter() - started if built else 0.0
    return CompilerSetup(
        tools.cxx, CXX_FLAGS, include_first, tools.pto_isa, prelude, pch, key, seconds
    )


def _gxx(setup: CompilerSetup, source: str, exe: str | None, log: str):
    cmd = setup.command(source, exe)
    proc, seconds, cpu, _ = _run_timed(cmd, CXX_TIMEOUT)
    if proc is None:
        ok, err = False, f"g++ did not finish in {CXX_TIMEOUT} s"
    else:
        ok, err = proc.returncode == 0, proc.stderr
    with open(log, "w") as f:
        f.write(" ".join(cmd) + "\n" + err)
    return ok, (seconds, cpu), err, cmd


def _compile(
    setup: CompilerSetup,
    kernels: list[DriverKernel],
    directory: str,
    name: str,
    syntax_only: bool = False,
):
    """Writes the driver of `kernels` to DIRECTORY/NAME.cpp and compiles it
    (or only checks it); returns (ok, exe, (wall, cpu), stderr, command)."""
    source = os.path.join(directory, f"{name}.cpp")
    exe = None if syntax_only else os.path.join(directory, name)
    with open(source, "w") as f:
        f.write(driver_source(kernels))
    ok, times, err, cmd = _gxx(setup, source, exe, os.path.join(directory, f"{name}.log"))
    return ok, exe, times, err, cmd


_TILE_TYPE = re.compile(r"\bTile<[^<>;{}()]*>")


def _probe_tile_types(setup: CompilerSetup, cpps: dict[int, str], directory: str):
    """pto-isa checks tile shapes and layouts with static assertions in
    ``pto::Tile`` itself, which g++ reports once per type however many
    kernels use it. One front-end-only unit declares every distinct Tile
    type of `cpps` ({job: kernel C++ path}) once; returns ({job: the errors
    of its failing types}, (wall, cpu), command)."""
    types: dict[str, list[int]] = {}
    for i, path in cpps.items():
        with open(path) as f:
            for t in set(re.sub(r"\s+", " ", m) for m in _TILE_TYPE.findall(f.read())):
                types.setdefault(t, []).append(i)
    if not types:
        return {}, (0.0, 0.0), []
    order = sorted(types)
    lines = [
        "// Tile types of a batch, one declaration each (tilemem.testing.toolchain).",
        "namespace tm_probe {",
        "using namespace pto;",
    ]
    first = len(lines) + 1
    lines += [f"void t{n}() {{ {t} v; (void)v; }}" for n, t in enumerate(order)]
    lines.append("}  // namespace tm_probe")
    source = os.path.join(directory, "tile-types.cpp")
    with open(source, "w") as f:
        f.write("\n".join(lines) + "\n")
    ok, times, err, cmd = _gxx(setup, source, None, os.path.join(directory, "tile-types.log"))
    failed: dict[int, list[str]] = {}
    if ok:
        return failed, times, cmd
    for block in _error_blocks(err):
        for line in block:
            m = re.search(re.escape(source) + r":(\d+):", line)
            if m and 0 <= int(m.group(1)) - first < len(order):
                for i in types[order[int(m.group(1)) - first]]:
                    failed.setdefault(i, []).extend(block)
                break
    return failed, times, cmd


_SOURCE_EXCERPT = re.compile(r"^\s*\d*\s*\|")
_CONTEXT_LINE = re.compile(
    r"^In file included from |^\s+from |: In (instantiation|function|member function|"
    r"static member function|constructor|destructor|lambda function|substitution)"
    r"|:\s+(required|recursively required|required by substitution) from|^At global scope|"
    r": At global scope"
)


def _error_blocks(err: str) -> list[list[str]]:
    """g++'s errors, each with the context lines (include chain, "In
    instantiation of", "required from") that precede it; errors that follow
    one another without new context share it."""
    blocks: list[list[str]] = []
    context: list[str] = []
    after = False
    for line in err.splitlines():
        if _SOURCE_EXCERPT.match(line):
            continue
        if re.search(r"\b(fatal )?error: ", line):
            blocks.append(context + [line])
            after = True
        elif re.search(r"\bwarning: ", line):
            after = True
        elif _CONTEXT_LINE.search(line):
            if after:
                context, after = [], False
            context.append(line)
    return blocks


def _compile_message(err: str) -> str:
    lines = [l for l in err.splitlines() if re.search(r"\berror\b", l)]
    seen, keep = set(), []
    for l in lines:
        short = re.sub(r"^[^:]*:\d+:\d+:\s*", "", l).strip()
        if short not in seen:
            seen.add(short)
            keep.append(short)
        if len(keep) >= 6:
            break
    return "\n".join(keep) or "\n".join(err.strip().splitlines()[-5:])
