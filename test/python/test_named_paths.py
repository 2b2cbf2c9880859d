"""Every path a comment, doc or script names in the checkout exists.

Comments and docs point readers at files ("see lib/Analysis/TileStorage.cpp",
"[buffer-ir.md](passes/buffer-ir.md)"); after a file moves, such a pointer
silently leads nowhere. This test reads every tracked text file and checks
two kinds of pointers:

- checkout paths: a token starting with one of the checkout's top-level
  directories (``include/``, ``lib/``, ``docs/``, ...), with ``{a,b}``
  alternatives expanded and ``*`` globs matched, must name a file or
  directory of the checkout;
- relative Markdown links ``[text](target)`` must name a file relative to
  the Markdown file.

A path is checked when it names a file (it has an extension) or a
directory (it ends in ``/``). Paths of other repositories are written
``owner/name:path`` (``hw-native-sys/PTOAS:docs/PTO_IR_manual.md``) or
``../shared/...``, and are not checked, nor are the build tree, generated
files and ``{name}`` format fields.
"""

from __future__ import annotations

import glob
import os
import re
import subprocess

from conftest import ROOT

TOP_DIRS = ("include", "lib", "test", "tools", "python", "docs", "bench", "scripts", "examples")
# A path token: a top-level directory, then path characters. `{a,b}` groups
# and `*` globs are expanded below.
PATH = re.compile(r"(?<![\w./:-])((?:" + "|".join(TOP_DIRS) + r")/[\w./{},*+-]*[\w*}/])")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s#]+)(?:#[^)]*)?\)")
TEXT_SUFFIXES = (".cpp", ".h", ".td", ".py", ".md", ".sh", ".txt", ".mlir", ".cfg", ".in", ".toml")
# Copies of outside reproducers and dated results are kept as written.
SKIP_PREFIXES = ("bench/results/", "test/python/repros/")


def _tracked_files() -> list[str]:
    out = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return [
        path
        for path in out.splitlines()
        if (path.endswith(TEXT_SUFFIXES) or "/" not in path and path.endswith(".md"))
        and not path.startswith(SKIP_PREFIXES)
    ]


def _expand(token: str) -> list[str]:
    """`a/{b,c}/d` -> [`a/b/d`, `a/c/d`]."""
    match = re.search(r"\{([^{}]*)\}", token)
    if not match:
        return [token]
    head, tail = token[: match.start()], token[match.end() :]
    return [path for part in match.group(1).split(",") for path in _expand(head + part + tail)]


def _names_a_file_or_directory(path: str) -> bool:
    return path.endswith("/") or "." in os.path.basename(path)


def _exists(path: str) -> bool:
    path = path.rstrip(".")
    if "*" in path:
        return bool(glob.glob(os.path.join(ROOT, path)))
    return os.path.exists(os.path.join(ROOT, path))


def _generated(path: str) -> bool:
    # TableGen output and files the build or a run writes.
    return path.endswith((".inc", ".pyc")) or "/_mlir_libs/_" in path


def test_every_named_checkout_path_exists():
    missing = []
    for name in _tracked_files():
        text = open(os.path.join(ROOT, name), encoding="utf-8", errors="replace").read()
        for lineno, line in enumerate(text.splitlines(), 1):
            for token in PATH.findall(line):
                if re.search(r"\{[^{},]*\}", token):  # a format field
                    continue
                for path in _expand(token):
                    if (
                        _names_a_file_or_directory(path)
                        and not _generated(path)
                        and not _exists(path)
                    ):
                        missing.append(f"{name}:{lineno}: {path}")
    assert not missing, "paths named but not in the checkout:\n" + "\n".join(missing)


def test_every_relative_markdown_link_exists():
    missing = []
    for name in _tracked_files():
        if not name.endswith(".md"):
            continue
        text = open(os.path.join(ROOT, name), encoding="utf-8").read()
        for lineno, line in enumerate(text.splitlines(), 1):
            for target in LINK.findall(line):
                if re.match(r"[a-z]+:", target):  # http:, mailto:
                    continue
                path = os.path.normpath(os.path.join(os.path.dirname(name), target))
                if path.startswith(".."):  # another checkout (../shared)
                    continue
                if not os.path.exists(os.path.join(ROOT, path)):
                    missing.append(f"{name}:{lineno}: {target}")
    assert not missing, "Markdown links to missing files:\n" + "\n".join(missing)
