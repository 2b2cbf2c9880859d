"""Locating the tools: ptoas, pto-isa's headers and the C++ compiler.

Only the standard library: test/lit.cfg.py loads this file on its own (lit's
Python may lack numpy and the bindings) to find ptoas for ``REQUIRES: ptoas``.
"""

from __future__ import annotations

import dataclasses
import glob
import hashlib
import os
import shutil


class ToolchainUnavailable(RuntimeError):
    """ptoas, pto-isa or the C++ compiler is missing; the message says how
    to provide it."""


@dataclasses.dataclass(frozen=True)
class Tools:
    ptoas: str
    pto_isa: str  # the include directory (holds pto/pto-inst.hpp)
    cxx: str


def cache_dir() -> str:
    """``$TILEMEM_CACHE``, else ``${XDG_CACHE_HOME:-~/.cache}/tilemem``
    (the cache scripts/build-ptoas.sh and scripts/fetch-pto-isa.sh use)."""
    if os.environ.get("TILEMEM_CACHE"):
        return os.environ["TILEMEM_CACHE"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "tilemem")


def _repo_root() -> str | None:
    """The checkout this package was built from (build/python_packages is a
    tree of symlinks into python/), if it can be found."""
    here = os.path.realpath(__file__)
    for _ in range(6):
        here = os.path.dirname(here)
        if os.path.isfile(os.path.join(here, "scripts", "build-ptoas.sh")):
            return here
    return None


def _executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def _ptoas_kit_key(kit: str) -> str | None:
    """The cache key scripts/build-ptoas.sh derives from a ptoas kit."""
    files = [os.path.join(kit, "build.sh")]
    files += sorted(glob.glob(os.path.join(kit, "*.patch")))
    files += sorted(glob.glob(os.path.join(kit, "*.tar.gz")))
    digest = hashlib.sha256()
    try:
        for f in files:
            with open(f, "rb") as fh:
                digest.update(fh.read())
    except OSError:
        return None
    return digest.hexdigest()[:16]


def find_ptoas() -> str | None:
    """``$TILEMEM_PTOAS``; else the cached build of the kit beside the
    checkout (``../shared/ptoas``, or ``$TILEMEM_PTOAS_KIT``); else the most
    recent cached build. None when there is none."""
    env = os.environ.get("TILEMEM_PTOAS")
    if env:
        return env if _executable(env) else None
    cache = cache_dir()
    tail = os.path.join("build", "tools", "ptoas", "ptoas")
    root = _repo_root()
    kit = os.environ.get("TILEMEM_PTOAS_KIT") or (
        os.path.join(root, "..", "shared", "ptoas") if root else None
    )
    if kit and os.path.isfile(os.path.join(kit, "build.sh")):
        key = _ptoas_kit_key(kit)
        if key:
            tool = os.path.join(cache, f"ptoas-{key}", tail)
            if _executable(tool):
                return tool
    candidates = [p for p in glob.glob(os.path.join(cache, "ptoas-*", tail)) if _executable(p)]
    if candidates:
        return max(candidates, key=os.path.getmtime)
    return None


def _isa_include(path: str) -> str | None:
    for candidate in (os.path.join(path, "include"), path):
        if os.path.isfile(os.path.join(candidate, "pto", "pto-inst.hpp")):
            return os.path.abspath(candidate)
    return None


def find_pto_isa() -> str | None:
    """The pto-isa include directory: ``$TILEMEM_PTO_ISA`` (a checkout or
    its include directory), else the most recent extraction in the cache
    (scripts/fetch-pto-isa.sh: ``pto-isa-<hash>/include``; also a plain
    ``pto-isa/include``). None when there is none."""
    env = os.environ.get("TILEMEM_PTO_ISA")
    if env:
        return _isa_include(env)
    cache = cache_dir()
    found = [p for p in (_isa_include(d) for d in glob.glob(os.path.join(cache, "pto-isa-*"))) if p]
    if found:
        return max(found, key=lambda p: os.path.getmtime(os.path.join(p, "pto", "pto-inst.hpp")))
    return _isa_include(os.path.join(cache, "pto-isa"))


def find_tools() -> Tools:
    """The three tools, or :class:`ToolchainUnavailable` naming the missing
    one and how to get it."""
    ptoas = find_ptoas()
    if ptoas is None:
        raise ToolchainUnavailable(
            "ptoas not found: set TILEMEM_PTOAS or run scripts/build-ptoas.sh"
        )
    isa = find_pto_isa()
    if isa is None:
        raise ToolchainUnavailable(
            "pto-isa not found: set TILEMEM_PTO_ISA or run scripts/fetch-pto-isa.sh"
        )
    cxx = os.environ.get("TILEMEM_CXX") or shutil.which("g++")
    if not cxx:
        raise ToolchainUnavailable("g++ not found: install it or set TILEMEM_CXX")
    return Tools(ptoas=ptoas, pto_isa=isa, cxx=cxx)
