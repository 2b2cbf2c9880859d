"""The `tilemem` command line: python -m tilemem and scripts/tilemem."""

import os
import subprocess
import sys

import tilemem
from conftest import EXAMPLES, PACKAGE_DIR, ROOT
from tilemem import compiler

ACCUMULATE = os.path.join(EXAMPLES, "accumulate.mlir")


def run(*args, wrapper=False):
    if wrapper:
        command = [os.path.join(ROOT, "scripts", "tilemem"), *args]
    else:
        command = [sys.executable, "-m", "tilemem", *args]
    env = dict(os.environ, PYTHONPATH=PACKAGE_DIR)
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT)


def test_help_lists_the_subcommands():
    proc = run("--help")
    assert proc.returncode == 0
    assert "compile" in proc.stdout and "memory-map" in proc.stdout
    proc = run("compile", "--help")
    for flag in ("--memory-planner", "--enable-buffer-ir", "--arch", "--dump-ir", "--timing", "-o"):
        assert flag in proc.stdout


def test_compile_writes_the_same_pto_as_the_driver(tmp_path):
    out = tmp_path / "out.pto"
    proc = run(
        "compile",
        ACCUMULATE,
        "--memory-planner",
        "dsa-rp",
        "--enable-buffer-ir",
        "false",
        "--arch",
        "a5",
        "-o",
        str(out),
    )
    assert proc.returncode == 0, proc.stderr
    compiler.clear_cache()
    expected = tilemem.compile(
        ACCUMULATE, memory_planner="dsa-rp", enable_buffer_ir=False, arch="a5"
    ).pto
    assert out.read_text() == expected


def test_compile_to_stdout_with_timing_dump_and_stats(tmp_path):
    proc = run(
        "compile",
        ACCUMULATE,
        "--memory-planner",
        "ptoas",
        "--timing",
        "--stats",
        "--dump-ir",
        str(tmp_path / "d"),
    )
    assert proc.returncode == 0, proc.stderr
    assert "pto.alloc_tile" in proc.stdout and "addr" not in proc.stdout
    assert "// tilemem compile: memory_planner=ptoas enable_buffer_ir=true arch=a3" in proc.stderr
    assert '"moves_inserted": 0' in proc.stderr
    assert "memory_planner=ptoas" in (tmp_path / "d" / "options.txt").read_text()


def test_compile_errors_exit_nonzero(tmp_path):
    proc = run("compile", str(tmp_path / "missing.mlir"))
    assert proc.returncode == 1 and "error" in proc.stderr
    proc = run("compile", ACCUMULATE, "--enable-buffer-ir", "maybe")
    assert proc.returncode == 2 and "expected true or false" in proc.stderr
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f() { %x = tile.bogus : i32 return }")
    proc = run("compile", str(bad))
    assert proc.returncode == 1 and "error" in proc.stderr


def test_memory_map_command(tmp_path):
    out = tmp_path / "map.png"
    proc = run(
        "memory-map",
        ACCUMULATE,
        "-o",
        str(out),
        "--memory-planner",
        "pypto",
        "--function",
        "accumulate_rows",
    )
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_size > 10_000
    assert "@accumulate_rows" in proc.stderr


def test_wrapper_script(tmp_path):
    proc = run("compile", ACCUMULATE, "--memory-planner", "pypto", wrapper=True)
    assert proc.returncode == 0, proc.stderr
    assert "pto.alloc_tile addr" in proc.stdout
